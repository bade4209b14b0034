//===- Passes.h - rmean passes over upstream IR -----------------*- C++ -*-===//
//
// Declares the rmean passes that work on upstream dialects only.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_TRANSFORMS_PASSES_H
#define RMEAN_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::rmean {

/// Name of the dictionary attribute recording the CPU strategy of a
/// reduction: `kind` ("inner", "outer", "none"), `vector_size`,
/// `cache_tile`.
constexpr llvm::StringLiteral kRmeanCPUStrategyAttrName = "rmean.cpu_strategy";

/// Unit attribute on the scf.for loops that accumulate an rmean reduction
/// (set by rmean-cpu-tile-and-vectorize, read by rmean-narrow-accumulators).
constexpr llvm::StringLiteral kRmeanAccumulationLoopAttrName =
    "rmean.accumulation_loop";

#define GEN_PASS_DECL
#include "rmean/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "rmean/Transforms/Passes.h.inc"

} // namespace mlir::rmean

#endif // RMEAN_TRANSFORMS_PASSES_H
