//===- RmeanDialect.h - rmean dialect ---------------------------*- C++ -*-===//
//
// Declares the rmean dialect class.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_DIALECT_RMEAN_IR_RMEANDIALECT_H
#define RMEAN_DIALECT_RMEAN_IR_RMEANDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dialect.h"

#include "rmean/Dialect/Rmean/IR/RmeanOpsDialect.h.inc"

#endif // RMEAN_DIALECT_RMEAN_IR_RMEANDIALECT_H
