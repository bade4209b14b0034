//===- FunctionBuffers.cpp - buffers at function boundaries ---------------===//

#include "FunctionBuffers.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

bool mlir::rmean::isReturnedByItsFunction(Value buffer) {
  SmallVector<Value> work{buffer};
  while (!work.empty()) {
    Value cur = work.pop_back_val();
    for (Operation *user : cur.getUsers()) {
      if (isa<func::ReturnOp>(user))
        return true;
      // Views and casts (memref.cast is view-like too).
      if (isa<ViewLikeOpInterface>(user))
        llvm::append_range(work, user->getResults());
    }
  }
  return false;
}
