// RUN: rmean-opt %s --one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s
// RUN: rmean-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s --check-prefix=ID

// The bufferisation model of rmean.view_as_real (registered by
// registerRmeanRequiredDialectsAndInterfaces): a view of the input's
// buffer, no copy and no allocation. A fully dynamic layout at the function
// boundary gives a strided view, an identity layout an identity view.

// CHECK-LABEL: func.func @view
//  CHECK-SAME:   (%[[X:.+]]: memref<4x?xcomplex<f32>, strided<[?, ?], offset: ?>>
//   CHECK-NOT:   memref.alloc
//   CHECK-NOT:   memref.copy
//       CHECK:   %[[V:.+]] = rmean.view_as_real %[[X]] : memref<4x?xcomplex<f32>, strided<[?, ?], offset: ?>> to memref<4x?x2xf32, strided<[?, ?, 1], offset: ?>>
//       CHECK:   memref.load %[[V]]
// ID-LABEL: func.func @view
//  ID-SAME:   (%[[X:.+]]: memref<4x?xcomplex<f32>>
//   ID-NOT:   memref.alloc
//   ID-NOT:   memref.copy
//       ID:   %[[V:.+]] = rmean.view_as_real %[[X]] : memref<4x?xcomplex<f32>> to memref<4x?x2xf32>
//       ID:   memref.load %[[V]]
func.func @view(%x: tensor<4x?xcomplex<f32>>, %i: index) -> f32 {
  %v = rmean.view_as_real %x : tensor<4x?xcomplex<f32>> to tensor<4x?x2xf32>
  %c1 = arith.constant 1 : index
  %e = tensor.extract %v[%i, %i, %c1] : tensor<4x?x2xf32>
  return %e : f32
}
