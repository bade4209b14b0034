//===- RmeanOps.h - rmean operations ----------------------------*- C++ -*-===//
//
// Declares `rmean.reduce_mean`.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_DIALECT_RMEAN_IR_RMEANOPS_H
#define RMEAN_DIALECT_RMEAN_IR_RMEANOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"

#define GET_OP_CLASSES
#include "rmean/Dialect/Rmean/IR/RmeanOps.h.inc"

#endif // RMEAN_DIALECT_RMEAN_IR_RMEANOPS_H
