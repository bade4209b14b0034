// RUN: rmean-opt %s --convert-rmean-to-llvm --split-input-file -verify-diagnostics | FileCheck %s

// rmean.check splits its block: the check becomes a conditional branch to
// a block that printf's the message, with {N} as %lld of value N (in the
// order the placeholders read them, a value named twice passed twice), a
// literal % doubled, {{ as {, and a newline; then abort. Code after the
// check moves to the continuation block.
// CHECK-DAG: llvm.mlir.global private constant @[[MSG:rmean_check_msg]]("rmean.reduce_mean: axes %lld and %lld, 100%% of {%lld}\0A\00")
// CHECK-DAG: llvm.func @printf(!llvm.ptr, ...) -> i32
// CHECK-DAG: llvm.func @abort()
// CHECK-LABEL: func.func @values
//  CHECK-SAME:   (%[[C:.+]]: i1, %[[A:.+]]: i64, %[[B:.+]]: i64)
//       CHECK:   llvm.cond_br %[[C]], ^[[CONT:.+]], ^[[FAIL:.+]]
//       CHECK: ^[[CONT]]:
//  CHECK-NEXT:   llvm.call @use(%[[A]])
//  CHECK-NEXT:   return
//       CHECK: ^[[FAIL]]:
//  CHECK-NEXT:   %[[ADDR:.+]] = llvm.mlir.addressof @[[MSG]] : !llvm.ptr
//  CHECK-NEXT:   %[[FMT:.+]] = llvm.getelementptr %[[ADDR]][0, 0]
//  CHECK-NEXT:   llvm.call @printf(%[[FMT]], %[[B]], %[[A]], %[[B]]) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64) -> i32
//  CHECK-NEXT:   llvm.call @abort() : () -> ()
//  CHECK-NEXT:   llvm.unreachable
llvm.func @use(i64)
func.func @values(%c: i1, %a: i64, %b: i64) {
  rmean.check %c, "rmean.reduce_mean: axes {1} and {0}, 100% of {{{1}}" (%a, %b)
  llvm.call @use(%a) : (i64) -> ()
  return
}

// -----

// Two checks in one block: each gets its own failure block and message;
// message names already taken get a suffix; printf and abort already
// declared are reused, not redeclared.
// CHECK-DAG: llvm.mlir.global private constant @rmean_check_msg("taken\00")
// CHECK-DAG: llvm.mlir.global private constant @[[FIRST:rmean_check_msg_0]]("first %lld\0A\00")
// CHECK-DAG: llvm.mlir.global private constant @[[SECOND:rmean_check_msg_1]]("second\0A\00")
// CHECK-COUNT-1: llvm.func @printf
// CHECK-COUNT-1: llvm.func @abort
// CHECK-LABEL: func.func @two_checks
//       CHECK:   llvm.cond_br %{{.+}}, ^[[NEXT:.+]], ^[[F1:[a-z0-9]+]]
//       CHECK: ^[[NEXT]]:
//  CHECK-NEXT:   llvm.cond_br %{{.+}}, ^[[END:.+]], ^[[F2:[a-z0-9]+]]
//       CHECK: ^[[END]]:
//  CHECK-NEXT:   return
//       CHECK: ^[[F1]]:
//  CHECK-NEXT:   llvm.mlir.addressof @[[FIRST]]
//       CHECK: ^[[F2]]:
//  CHECK-NEXT:   llvm.mlir.addressof @[[SECOND]]
llvm.mlir.global private constant @rmean_check_msg("taken\00") {addr_space = 0 : i32}
llvm.func @printf(!llvm.ptr, ...) -> i32
llvm.func @abort()
func.func @two_checks(%c: i1, %d: i1, %v: i64) {
  rmean.check %c, "first {0}" (%v)
  rmean.check %d, "second"
  return
}

// -----

// A printf of another signature cannot be called as printf: a diagnostic
// at the declaration and at the check, not a call with the wrong type.
// expected-error@+1 {{redefinition of function 'printf' of different type '!llvm.func<i32 (ptr, ...)>' is prohibited}}
llvm.func @printf(i32)
func.func @negative_printf_signature(%c: i1) {
  // expected-error@+1 {{failed to legalize operation 'rmean.check' that was explicitly marked illegal}}
  rmean.check %c, "x"
  return
}

// -----

// Inside scf.for (before convert-scf-to-cf) the block cannot be split.
func.func @negative_in_scf_for(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error@+1 {{'rmean.check' op must be in a block that can be split (a region of several blocks); run convert-scf-to-cf first}}
    rmean.check %c, "x"
  }
  return
}
