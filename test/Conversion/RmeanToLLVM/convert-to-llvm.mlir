// RUN: rmean-opt %s --convert-to-llvm | FileCheck %s

// Registered as the rmean dialect's ConvertToLLVMPatternInterface,
// rmean.check lowers inside upstream's convert-to-llvm with the rest of the
// function, as cf.assert does.
// CHECK: llvm.mlir.global private constant @[[MSG:rmean_check_msg]]("axis %lld\0A\00")
// CHECK-LABEL: llvm.func @check
//  CHECK-SAME:   (%[[C:.+]]: i1, %[[V:.+]]: i64)
//       CHECK:   llvm.cond_br %[[C]], ^{{.+}}, ^[[FAIL:.+]]
//       CHECK: ^[[FAIL]]:
//       CHECK:   llvm.call @printf(%{{.+}}, %[[V]])
//  CHECK-NEXT:   llvm.call @abort()
//   CHECK-NOT: rmean.check
func.func @check(%c: i1, %v: i64) {
  rmean.check %c, "axis {0}" (%v)
  return
}
