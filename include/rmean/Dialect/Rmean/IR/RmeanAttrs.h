//===- RmeanAttrs.h - rmean attributes --------------------------*- C++ -*-===//
//
// Declares the strategy attributes of the rmean dialect (RmeanAttrs.td).
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_DIALECT_RMEAN_IR_RMEANATTRS_H
#define RMEAN_DIALECT_RMEAN_IR_RMEANATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"

#include "rmean/Dialect/Rmean/IR/RmeanEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "rmean/Dialect/Rmean/IR/RmeanAttrs.h.inc"

#endif // RMEAN_DIALECT_RMEAN_IR_RMEANATTRS_H
