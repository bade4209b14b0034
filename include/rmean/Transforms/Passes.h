//===- Passes.h - rmean passes over upstream IR -----------------*- C++ -*-===//
//
// Declares the rmean passes that work on upstream dialects (the ops rmean
// created and marked; see RmeanDialect.td for the markers), and the pattern
// sets they are built from.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_TRANSFORMS_PASSES_H
#define RMEAN_TRANSFORMS_PASSES_H

#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;

namespace rmean {

#define GEN_PASS_DECL
#include "rmean/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "rmean/Transforms/Passes.h.inc"

/// Adds the pattern that sums a float `vector.reduction <add>` over a fixed
/// vector of 3 or more lanes by halves (a tree of vector adds; a length
/// that is not a power of two is padded with -0.0) before the strict
/// reduction of the last two lanes. It applies to every such reduction it
/// is given: rmean-cpu-vectorize gives it only its own.
void populateRmeanTreeReductionPatterns(RewritePatternSet &patterns);

/// Adds the patterns that lower a `vector.multi_reduction <add>` over the
/// last dimension: G rows at once (G a power of two) by a tree of shuffles
/// shared between the rows, any other the way upstream's InnerReduction
/// lowering does (a `vector.reduction` per row, which
/// populateRmeanTreeReductionPatterns then sums as a tree). Like that
/// function it applies to every reduction it is given.
void populateRmeanRowSumPatterns(RewritePatternSet &patterns);

/// Adds the patterns of rmean-raise: a TOSA or linalg sum scaled by the
/// reciprocal of its element count becomes rmean.reduce_mean.
void populateRmeanRaisePatterns(RewritePatternSet &patterns);

/// Adds the pattern that turns an in-bounds `vector.transfer_read` of a
/// `linalg.fill` result into a broadcast of the fill value.
void populateRmeanForwardFillPatterns(RewritePatternSet &patterns);

} // namespace rmean
} // namespace mlir

#endif // RMEAN_TRANSFORMS_PASSES_H
