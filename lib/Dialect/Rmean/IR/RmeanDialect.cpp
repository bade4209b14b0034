//===- RmeanDialect.cpp - rmean dialect registration ----------------------===//
//
// Registers the dialect's ops and materialises folded constants.
//
//===----------------------------------------------------------------------===//

#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"
#include "rmean/Dialect/Rmean/IR/RmeanOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::rmean;

#include "rmean/Dialect/Rmean/IR/RmeanOpsDialect.cpp.inc"

void RmeanDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "rmean/Dialect/Rmean/IR/RmeanOps.cpp.inc"
      >();
}

Operation *RmeanDialect::materializeConstant(OpBuilder &builder,
                                             Attribute value, Type type,
                                             Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}
