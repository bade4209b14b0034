//===- Passes.td - rmean passes over upstream IR -----------*- tablegen -*-===//
//
// Passes of the rmean pipelines that work on upstream dialects only.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_TRANSFORMS_PASSES_TD
#define RMEAN_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def RmeanFlushBeforeAbortPass
    : Pass<"rmean-flush-before-abort", "::mlir::ModuleOp"> {
  let summary = "Flush C streams before every call to abort";
  let description = [{
    A failed `cf.assert` lowers to `puts(message)` followed by `abort()`.
    When stdout is a pipe or a file, the message is still in the stdio
    buffer when `abort` kills the process, so the user never sees why the
    run-time check failed. This pass inserts `fflush(NULL)` before every
    `llvm.call @abort`, declaring `fflush` when needed. Run it after the
    conversion to the LLVM dialect.

    ```mlir
    llvm.call @puts(%msg) : (!llvm.ptr) -> i32
    llvm.call @abort() : () -> ()
    // becomes
    llvm.call @puts(%msg) : (!llvm.ptr) -> i32
    %null = llvm.mlir.zero : !llvm.ptr
    llvm.call @fflush(%null) : (!llvm.ptr) -> i32
    llvm.call @abort() : () -> ()
    ```

    Test: `test/Transforms/flush-before-abort.mlir`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // RMEAN_TRANSFORMS_PASSES_TD
