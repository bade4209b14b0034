// RUN: rmean-opt %s --rmean-exit-on-failed-check --split-input-file | FileCheck %s

// A failed rmean check (its message starts with "rmean.reduce_mean: ")
// flushes stdio and exits with status 70 instead of aborting; fflush and
// _exit are declared once. The user's own assertion in the same function
// keeps its abort.
// CHECK-DAG: llvm.func @fflush(!llvm.ptr) -> i32
// CHECK-DAG: llvm.func @_exit(i32)
// CHECK-LABEL: llvm.func @check
//       CHECK: ^bb1:
//  CHECK-NEXT:   llvm.call @puts(%{{.*}})
//  CHECK-NEXT:   %[[NULL:.+]] = llvm.mlir.zero : !llvm.ptr
//  CHECK-NEXT:   llvm.call @fflush(%[[NULL]]) : (!llvm.ptr) -> i32
//  CHECK-NEXT:   %[[STATUS:.+]] = llvm.mlir.constant(70 : i32) : i32
//  CHECK-NEXT:   llvm.call @_exit(%[[STATUS]]) : (i32) -> ()
//  CHECK-NEXT:   llvm.unreachable
//       CHECK: ^bb3:
//  CHECK-NEXT:   llvm.call @puts(%{{.*}})
//  CHECK-NEXT:   llvm.call @abort() : () -> ()
//  CHECK-NEXT:   llvm.unreachable
llvm.mlir.global private constant @assert_msg("rmean.reduce_mean: runtime axis out of range [-2, 1]\00") {addr_space = 0 : i32}
llvm.mlir.global private constant @assert_msg_0(dense<[117, 115, 101, 114, 0]> : tensor<5xi8>) {addr_space = 0 : i32} : !llvm.array<5 x i8>
llvm.func @puts(!llvm.ptr)
llvm.func @abort()
llvm.func @check(%c: i1) {
  %rmean = llvm.mlir.addressof @assert_msg : !llvm.ptr
  %user = llvm.mlir.addressof @assert_msg_0 : !llvm.ptr
  llvm.cond_br %c, ^ok, ^fail
^fail:
  llvm.call @puts(%rmean) : (!llvm.ptr) -> ()
  llvm.call @abort() : () -> ()
  llvm.unreachable
^ok:
  llvm.cond_br %c, ^done, ^fail2
^fail2:
  llvm.call @puts(%user) : (!llvm.ptr) -> ()
  llvm.call @abort() : () -> ()
  llvm.unreachable
^done:
  llvm.return
}

// -----

// The message may be reached through a GEP and stored as bytes.
// CHECK-LABEL: llvm.func @gep_bytes
//       CHECK:   llvm.call @_exit
//   CHECK-NOT:   llvm.call @abort
llvm.mlir.global private constant @msg(dense<[114, 109, 101, 97, 110, 46, 114, 101, 100, 117, 99, 101, 95, 109, 101, 97, 110, 58, 32, 120, 0]> : tensor<21xi8>) {addr_space = 0 : i32} : !llvm.array<21 x i8>
llvm.func @puts(!llvm.ptr)
llvm.func @abort()
llvm.func @gep_bytes() {
  %0 = llvm.mlir.addressof @msg : !llvm.ptr
  %1 = llvm.getelementptr %0[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<21 x i8>
  llvm.call @puts(%1) : (!llvm.ptr) -> ()
  llvm.call @abort() : () -> ()
  llvm.unreachable
}

// -----

// rmean.check's lowering prints with printf (its values as more arguments);
// identical failure blocks merged by region simplification receive their
// messages as a block argument. Every incoming message is rmean's, so the
// merged block exits.
// CHECK-LABEL: llvm.func @printf_merged
//       CHECK: ^bb3(%[[MSG:.+]]: !llvm.ptr, %[[V:.+]]: i64):
//  CHECK-NEXT:   %[[P:.+]] = llvm.getelementptr %[[MSG]][0, 0]
//  CHECK-NEXT:   llvm.call @printf(%[[P]], %[[V]])
//  CHECK-NEXT:   llvm.mlir.zero
//  CHECK-NEXT:   llvm.call @fflush
//  CHECK-NEXT:   llvm.mlir.constant(70 : i32)
//  CHECK-NEXT:   llvm.call @_exit
//   CHECK-NOT:   llvm.call @abort
llvm.mlir.global private constant @rmean_check_msg("rmean.reduce_mean: runtime axis %lld is out of range [-2, 1]\0A\00") {addr_space = 0 : i32}
llvm.mlir.global private constant @rmean_check_msg_0("rmean.reduce_mean: runtime axes keep %lld dimensions but the result rank is 1\0A\00") {addr_space = 0 : i32}
llvm.func @printf(!llvm.ptr, ...) -> i32
llvm.func @abort()
llvm.func @printf_merged(%c: i1, %d: i1, %v: i64, %w: i64) {
  %a = llvm.mlir.addressof @rmean_check_msg : !llvm.ptr
  %b = llvm.mlir.addressof @rmean_check_msg_0 : !llvm.ptr
  llvm.cond_br %c, ^next, ^fail(%a, %v : !llvm.ptr, i64)
^next:
  llvm.cond_br %d, ^done, ^fail(%b, %w : !llvm.ptr, i64)
^done:
  llvm.return
^fail(%msg: !llvm.ptr, %val: i64):
  %p = llvm.getelementptr %msg[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<62 x i8>
  %r = llvm.call @printf(%p, %val) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64) -> i32
  llvm.call @abort() : () -> ()
  llvm.unreachable
}

// -----

// A merged block that one of the user's own messages also reaches keeps its
// abort: it is not only rmean's.
// CHECK-LABEL: llvm.func @negative_merged_with_user
//   CHECK-NOT:   llvm.call @_exit
//       CHECK:   llvm.call @abort
llvm.mlir.global private constant @rmean_msg("rmean.reduce_mean: x\00") {addr_space = 0 : i32}
llvm.mlir.global private constant @user_msg("user\00") {addr_space = 0 : i32}
llvm.func @puts(!llvm.ptr)
llvm.func @abort()
llvm.func @negative_merged_with_user(%c: i1, %d: i1) {
  %a = llvm.mlir.addressof @rmean_msg : !llvm.ptr
  %b = llvm.mlir.addressof @user_msg : !llvm.ptr
  llvm.cond_br %c, ^next, ^fail(%a : !llvm.ptr)
^next:
  llvm.cond_br %d, ^done, ^fail(%b : !llvm.ptr)
^done:
  llvm.return
^fail(%msg: !llvm.ptr):
  llvm.call @puts(%msg) : (!llvm.ptr) -> ()
  llvm.call @abort() : () -> ()
  llvm.unreachable
}

// -----

// An abort that prints nothing of rmean's, or nothing at all, is the user's:
// nothing changes and nothing is declared.
// CHECK-LABEL: llvm.func @negative_bare_abort
//   CHECK-NOT: _exit
//   CHECK-NOT: fflush
//       CHECK: llvm.call @abort()
llvm.func @abort()
llvm.func @negative_bare_abort() {
  llvm.call @abort() : () -> ()
  llvm.unreachable
}
