// RUN: rmean-opt %s --split-input-file | rmean-opt --split-input-file | FileCheck %s
// RUN: rmean-opt %s --split-input-file --mlir-print-op-generic | rmean-opt --split-input-file | FileCheck %s

// rmean.view_as_real: round trip (custom and generic form) on tensors,
// identity memrefs (the view keeps the identity layout), strided memrefs
// (strides and offset doubled, a trailing stride of 1; dynamic ones stay
// dynamic) and memory spaces.

// CHECK-LABEL: func.func @tensors
//       CHECK:   rmean.view_as_real %{{.+}} : tensor<4x?xcomplex<f32>> to tensor<4x?x2xf32>
//       CHECK:   rmean.view_as_real %{{.+}} : tensor<complex<f64>> to tensor<2xf64>
func.func @tensors(%a: tensor<4x?xcomplex<f32>>, %b: tensor<complex<f64>>)
    -> (tensor<4x?x2xf32>, tensor<2xf64>) {
  %0 = rmean.view_as_real %a : tensor<4x?xcomplex<f32>> to tensor<4x?x2xf32>
  %1 = rmean.view_as_real %b : tensor<complex<f64>> to tensor<2xf64>
  return %0, %1 : tensor<4x?x2xf32>, tensor<2xf64>
}

// -----

// CHECK-LABEL: func.func @memrefs
//       CHECK:   rmean.view_as_real %{{.+}} : memref<?x8xcomplex<f32>> to memref<?x8x2xf32>
//       CHECK:   rmean.view_as_real %{{.+}} : memref<8xcomplex<f64>, strided<[2], offset: ?>> to memref<8x2xf64, strided<[4, 1], offset: ?>>
//       CHECK:   rmean.view_as_real %{{.+}} : memref<3x4xcomplex<f32>, strided<[?, 1], offset: 5>, 1> to memref<3x4x2xf32, strided<[?, 2, 1], offset: 10>, 1>
func.func @memrefs(%a: memref<?x8xcomplex<f32>>,
                   %b: memref<8xcomplex<f64>, strided<[2], offset: ?>>,
                   %c: memref<3x4xcomplex<f32>, strided<[?, 1], offset: 5>, 1>) {
  %0 = rmean.view_as_real %a : memref<?x8xcomplex<f32>> to memref<?x8x2xf32>
  %1 = rmean.view_as_real %b : memref<8xcomplex<f64>, strided<[2], offset: ?>> to memref<8x2xf64, strided<[4, 1], offset: ?>>
  %2 = rmean.view_as_real %c : memref<3x4xcomplex<f32>, strided<[?, 1], offset: 5>, 1> to memref<3x4x2xf32, strided<[?, 2, 1], offset: 10>, 1>
  return
}
