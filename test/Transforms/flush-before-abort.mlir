// RUN: rmean-opt %s --rmean-flush-before-abort --split-input-file | FileCheck %s

// fflush(NULL) goes right before each abort, and is declared once.
// CHECK-LABEL: llvm.func @fflush(!llvm.ptr) -> i32
// CHECK-LABEL: llvm.func @check
//       CHECK:   llvm.call @puts
//  CHECK-NEXT:   %[[NULL:.+]] = llvm.mlir.zero : !llvm.ptr
//  CHECK-NEXT:   llvm.call @fflush(%[[NULL]]) : (!llvm.ptr) -> i32
//  CHECK-NEXT:   llvm.call @abort()
//       CHECK:   llvm.call @fflush
//  CHECK-NEXT:   llvm.call @abort()
llvm.func @puts(!llvm.ptr) -> i32
llvm.func @abort()
llvm.func @check(%msg: !llvm.ptr, %c: i1) {
  llvm.cond_br %c, ^ok, ^fail
^fail:
  %0 = llvm.call @puts(%msg) : (!llvm.ptr) -> i32
  llvm.call @abort() : () -> ()
  llvm.unreachable
^ok:
  llvm.cond_br %c, ^done, ^fail2
^fail2:
  llvm.call @abort() : () -> ()
  llvm.unreachable
^done:
  llvm.return
}

// -----

// @negative_no_abort: nothing to flush, nothing declared.
// CHECK-LABEL: llvm.func @negative_no_abort
//   CHECK-NOT: fflush
llvm.func @negative_no_abort() {
  llvm.return
}
