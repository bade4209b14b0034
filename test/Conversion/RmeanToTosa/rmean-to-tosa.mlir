// RUN: rmean-opt %s --convert-rmean-to-tosa --split-input-file | FileCheck %s

// Row mean: a sum over axis 1 (kept with size 1), times 1/8, reshaped to
// drop the reduced dimension.
// CHECK-LABEL: func.func @rows
//  CHECK-SAME:     (%[[X:.+]]: tensor<4x8xf32>)
//       CHECK:   %[[S:.+]] = tosa.reduce_sum %[[X]] {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
//       CHECK:   %[[R:.+]] = "tosa.const"() <{values = dense<1.250000e-01> : tensor<1x1xf32>}>
//       CHECK:   %[[Z:.+]] = "tosa.const"() <{values = dense<0> : tensor<1xi8>}>
//       CHECK:   %[[M:.+]] = tosa.mul %[[S]], %[[R]], %[[Z]] : (tensor<4x1xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<4x1xf32>
//       CHECK:   %[[SHAPE:.+]] = tosa.const_shape {values = dense<4> : tensor<1xindex>}
//       CHECK:   %[[OUT:.+]] = tosa.reshape %[[M]], %[[SHAPE]] : (tensor<4x1xf32>, !tosa.shape<1>) -> tensor<4xf32>
//       CHECK:   return %[[OUT]]
//   CHECK-NOT:   rmean.reduce_mean
func.func @rows(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// keep_dims over two axes (negative spelling): one sum per axis, no
// reshape; the reciprocal in the element type.
// CHECK-LABEL: func.func @keep_dims
//       CHECK:   tosa.reduce_sum %{{.+}} {axis = 1 : i32} : (tensor<2x3x4xf16>) -> tensor<2x1x4xf16>
//       CHECK:   tosa.reduce_sum %{{.+}} {axis = 2 : i32} : (tensor<2x1x4xf16>) -> tensor<2x1x1xf16>
//       CHECK:   "tosa.const"() <{values = dense<8.331300e-02> : tensor<1x1x1xf16>}>
//       CHECK:   %[[M:.+]] = tosa.mul {{.+}} -> tensor<2x1x1xf16>
//   CHECK-NOT:   tosa.reshape
//       CHECK:   return %[[M]]
func.func @keep_dims(%x: tensor<2x3x4xf16>) -> tensor<2x1x1xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: -1, 1>, keep_dims = true} : tensor<2x3x4xf16> -> tensor<2x1x1xf16>
  return %0 : tensor<2x1x1xf16>
}

// -----

// Reduce all of a bf16 tensor: a rank-0 result through the reshape.
// CHECK-LABEL: func.func @all_bf16
//       CHECK:   tosa.reduce_sum %{{.+}} {axis = 0 : i32}
//       CHECK:   tosa.reduce_sum %{{.+}} {axis = 1 : i32}
//       CHECK:   tosa.mul
//       CHECK:   tosa.reshape {{.+}} -> tensor<bf16>
func.func @all_bf16(%x: tensor<2x5xbf16>) -> tensor<bf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<2x5xbf16> -> tensor<bf16>
  return %0 : tensor<bf16>
}

// -----

// The identity is its input.
// CHECK-LABEL: func.func @identity
//  CHECK-SAME:     (%[[X:.+]]: tensor<4x8xf32>)
//  CHECK-NEXT:   return %[[X]]
func.func @identity(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64>} : tensor<4x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// @negative_not_tosa: f64, integers, complex, dynamic shapes, runtime
// axes, and an f16 mean of 2^26 elements (1/count underflows f16) have no
// TOSA form here; they stay rmean ops. An empty reduction (TOSA has no
// empty tensors) folds to its NaN splat.
// CHECK-LABEL: func.func @negative_not_tosa
//   CHECK-NOT:   tosa.
//   CHECK-COUNT-5:   rmean.reduce_mean
//   CHECK:   arith.constant dense<0x7FC00000> : tensor<3xf32>
//   CHECK:   rmean.reduce_mean
func.func @negative_not_tosa(%a: tensor<4x8xf64>, %b: tensor<4x8xi32>, %c: tensor<4x8xcomplex<f32>>,
                             %d: tensor<?x8xf32>, %e: tensor<4x8xf32>, %axes: tensor<1xi64>, %f: tensor<3x0xf32>,
                             %g: tensor<8192x8192xf16>)
    -> (tensor<4xf64>, tensor<4xi32>, tensor<4xcomplex<f32>>, tensor<?xf32>, tensor<?xf32>, tensor<3xf32>, tensor<f16>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<4x8xf64> -> tensor<4xf64>
  %1 = rmean.reduce_mean %b {axes = array<i64: 1>} : tensor<4x8xi32> -> tensor<4xi32>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<4x8xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %3 = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<?x8xf32> -> tensor<?xf32>
  %4 = rmean.reduce_mean %e, %axes : tensor<4x8xf32>, tensor<1xi64> -> tensor<?xf32>
  %5 = rmean.reduce_mean %f {axes = array<i64: 1>} : tensor<3x0xf32> -> tensor<3xf32>
  %6 = rmean.reduce_mean %g {axes = array<i64>, noop_with_empty_axes = false} : tensor<8192x8192xf16> -> tensor<f16>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xf64>, tensor<4xi32>, tensor<4xcomplex<f32>>, tensor<?xf32>, tensor<?xf32>, tensor<3xf32>, tensor<f16>
}
