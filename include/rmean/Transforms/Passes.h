//===- Passes.h - rmean passes over upstream IR -----------------*- C++ -*-===//
//
// Declares the rmean passes that work on upstream dialects only.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_TRANSFORMS_PASSES_H
#define RMEAN_TRANSFORMS_PASSES_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::rmean {

#define GEN_PASS_DECL
#include "rmean/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "rmean/Transforms/Passes.h.inc"

} // namespace mlir::rmean

#endif // RMEAN_TRANSFORMS_PASSES_H
