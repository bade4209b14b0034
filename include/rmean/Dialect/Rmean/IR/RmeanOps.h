//===- RmeanOps.h - rmean operations ----------------------------*- C++ -*-===//
//
// Declares `rmean.reduce_mean`.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_DIALECT_RMEAN_IR_RMEANOPS_H
#define RMEAN_DIALECT_RMEAN_IR_RMEANOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"

#define GET_OP_CLASSES
#include "rmean/Dialect/Rmean/IR/RmeanOps.h.inc"

namespace mlir::rmean {
/// Reassociation of a rank-`rank` shape that folds every dimension in
/// `reduced` into a kept neighbour (the kept dimension after it, or the
/// last kept one); with no kept dimension, the empty reassociation. Used
/// to drop or restore size-1 reduced dimensions with collapse/expand_shape.
SmallVector<ReassociationIndices>
getReducedDimsReassociation(int64_t rank, ArrayRef<int64_t> reduced);
} // namespace mlir::rmean

#endif // RMEAN_DIALECT_RMEAN_IR_RMEANOPS_H
