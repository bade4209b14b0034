// RUN: rmean-opt %s --convert-rmean-to-llvm --split-input-file | FileCheck %s
// RUN: rmean-opt %s --convert-to-llvm --split-input-file | FileCheck %s --check-prefix=CONV

// The memref form of rmean.view_as_real becomes a descriptor over the same
// allocated and aligned pointers, its offset and strides doubled (counted
// in parts), its sizes kept, and a trailing size 2 of stride 1. The
// dialect's ConvertToLLVMPatternInterface gives convert-to-llvm the same.

// CHECK-LABEL: func.func @strided
//       CHECK:   %[[IN:.+]] = builtin.unrealized_conversion_cast %{{.+}} : memref<?x8xcomplex<f32>, strided<[?, 1], offset: ?>> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
//       CHECK:   %[[P:.+]] = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
//       CHECK:   %[[ALLOC:.+]] = llvm.extractvalue %[[IN]][0]
//       CHECK:   %[[D0:.+]] = llvm.insertvalue %[[ALLOC]], %[[P]][0]
//       CHECK:   %[[ALIGN:.+]] = llvm.extractvalue %[[IN]][1]
//       CHECK:   %[[D1:.+]] = llvm.insertvalue %[[ALIGN]], %[[D0]][1]
//       CHECK:   %[[TWO:.+]] = llvm.mlir.constant(2 : index) : i64
//       CHECK:   %[[OFF:.+]] = llvm.extractvalue %[[IN]][2]
//       CHECK:   %[[OFF2:.+]] = llvm.mul %[[OFF]], %[[TWO]] : i64
//       CHECK:   %[[D2:.+]] = llvm.insertvalue %[[OFF2]], %[[D1]][2]
//       CHECK:   %[[SZ0:.+]] = llvm.extractvalue %[[IN]][3, 0]
//       CHECK:   %[[D3:.+]] = llvm.insertvalue %[[SZ0]], %[[D2]][3, 0]
//       CHECK:   %[[ST0:.+]] = llvm.extractvalue %[[IN]][4, 0]
//       CHECK:   %[[ST02:.+]] = llvm.mul %[[ST0]], %[[TWO]] : i64
//       CHECK:   %[[D4:.+]] = llvm.insertvalue %[[ST02]], %[[D3]][4, 0]
//       CHECK:   %[[SZ1:.+]] = llvm.extractvalue %[[IN]][3, 1]
//       CHECK:   %[[D5:.+]] = llvm.insertvalue %[[SZ1]], %[[D4]][3, 1]
//       CHECK:   %[[ST1:.+]] = llvm.extractvalue %[[IN]][4, 1]
//       CHECK:   %[[ST12:.+]] = llvm.mul %[[ST1]], %[[TWO]] : i64
//       CHECK:   %[[D6:.+]] = llvm.insertvalue %[[ST12]], %[[D5]][4, 1]
//       CHECK:   %[[SIZE2:.+]] = llvm.mlir.constant(2 : index) : i64
//       CHECK:   %[[D7:.+]] = llvm.insertvalue %[[SIZE2]], %[[D6]][3, 2]
//       CHECK:   %[[ONE:.+]] = llvm.mlir.constant(1 : index) : i64
//       CHECK:   %[[D8:.+]] = llvm.insertvalue %[[ONE]], %[[D7]][4, 2]
//       CHECK:   builtin.unrealized_conversion_cast %[[D8]] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> to memref<?x8x2xf32, strided<[?, 2, 1], offset: ?>>
//   CHECK-NOT:   rmean.view_as_real
// CONV-LABEL: llvm.func @strided
//   CONV-NOT:   rmean.view_as_real
//       CONV:   llvm.mul
//       CONV:   llvm.return
func.func @strided(%x: memref<?x8xcomplex<f32>, strided<[?, 1], offset: ?>>) -> memref<?x8x2xf32, strided<[?, 2, 1], offset: ?>> {
  %0 = rmean.view_as_real %x : memref<?x8xcomplex<f32>, strided<[?, 1], offset: ?>> to memref<?x8x2xf32, strided<[?, 2, 1], offset: ?>>
  return %0 : memref<?x8x2xf32, strided<[?, 2, 1], offset: ?>>
}

// -----

// A 0-d complex memref gives a 1-d view of its two parts.
// CHECK-LABEL: func.func @scalar
//       CHECK:   llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
//       CHECK:   llvm.mul
//       CHECK:   llvm.insertvalue %{{.+}}, %{{.+}}[3, 0]
//       CHECK:   llvm.insertvalue %{{.+}}, %{{.+}}[4, 0]
//   CHECK-NOT:   rmean.view_as_real
func.func @scalar(%x: memref<complex<f64>>) -> memref<2xf64> {
  %0 = rmean.view_as_real %x : memref<complex<f64>> to memref<2xf64>
  return %0 : memref<2xf64>
}

// -----

// The tensor form is for bufferisation: left as it is.
// CHECK-LABEL: func.func @tensor
//       CHECK:   rmean.view_as_real %{{.+}} : tensor<4xcomplex<f32>> to tensor<4x2xf32>
func.func @tensor(%x: tensor<4xcomplex<f32>>) -> tensor<4x2xf32> {
  %0 = rmean.view_as_real %x : tensor<4xcomplex<f32>> to tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}
