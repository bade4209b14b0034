//===- FlushBeforeAbort.cpp - make failed run-time checks visible ---------===//
//
// Inserts fflush(NULL) before every call to abort so that the message a
// failed cf.assert printed reaches a piped or redirected stdout.
//
//===----------------------------------------------------------------------===//

#include "rmean/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANFLUSHBEFOREABORTPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;

namespace {
struct RmeanFlushBeforeAbortPass
    : rmean::impl::RmeanFlushBeforeAbortPassBase<RmeanFlushBeforeAbortPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<LLVM::CallOp> aborts;
    module.walk([&](LLVM::CallOp call) {
      if (call.getCallee() == "abort")
        aborts.push_back(call);
    });
    if (aborts.empty())
      return;
    OpBuilder b(module.getContext());
    auto ptrType = LLVM::LLVMPointerType::get(module.getContext());
    FailureOr<LLVM::LLVMFuncOp> fflush =
        LLVM::lookupOrCreateFn(b, module, "fflush", {ptrType},
                               IntegerType::get(module.getContext(), 32));
    if (failed(fflush)) {
      module.emitError("a function named 'fflush' exists with an unexpected "
                       "signature; expected i32 (ptr)");
      return signalPassFailure();
    }
    for (LLVM::CallOp call : aborts) {
      b.setInsertionPoint(call);
      Value null = LLVM::ZeroOp::create(b, call.getLoc(), ptrType);
      LLVM::CallOp::create(b, call.getLoc(), *fflush, ValueRange{null});
    }
  }
};
} // namespace
