// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-narrow-integer-sums --split-input-file | FileCheck %s

// An i8 column mean: 4096 elements per mean, far below 2^23, sums in i32
// and divides in i32; the i64 accumulator and its fill are gone.
// CHECK-LABEL: func.func @columns_i8
//   CHECK-NOT:   xi64>
//       CHECK:   %[[Z:.+]] = arith.constant 0 : i32
//       CHECK:   %[[F:.+]] = linalg.fill ins(%[[Z]] : i32) outs(%{{.+}} : tensor<64xi32>)
//       CHECK:   %[[S:.+]] = linalg.generic
//  CHECK-SAME:     ins(%{{.+}} : tensor<4096x64xi8>) outs(%[[F]] : tensor<64xi32>)
//  CHECK-SAME:     rmean.reduction
//       CHECK:     arith.extsi %{{.+}} : i8 to i32
//       CHECK:     arith.addi %{{.+}} : i32
//       CHECK:   linalg.generic
//  CHECK-SAME:     ins(%[[S]] : tensor<64xi32>)
//  CHECK-SAME:     rmean.finalize
//       CHECK:     arith.divsi %{{.+}} : i32
//       CHECK:     arith.trunci %{{.+}} : i32 to i8
//   CHECK-NOT:   xi64>
func.func @columns_i8(%x: tensor<4096x64xi8>) -> tensor<64xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<4096x64xi8> -> tensor<64xi8>
  return %0 : tensor<64xi8>
}

// -----

// Unsigned elements: zero-extended and divided unsigned; the casts of
// ui8 to its signless storage stay.
// CHECK-LABEL: func.func @rows_ui8
//       CHECK:   builtin.unrealized_conversion_cast %{{.+}} : ui8 to i8
//       CHECK:   arith.extui %{{.+}} : i8 to i32
//       CHECK:   arith.divui %{{.+}} : i32
//       CHECK:   builtin.unrealized_conversion_cast %{{.+}} : i8 to ui8
func.func @rows_ui8(%x: tensor<8x100xui8>) -> tensor<8xui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8x100xui8> -> tensor<8xui8>
  return %0 : tensor<8xui8>
}

// -----

// The bounds: 2^23 - 1 elements of 8 bits and 2^15 - 1 of 16 bits sum in
// i32; one more of either keeps i64. Signed and unsigned alike.
// CHECK-LABEL: func.func @bounds
//       CHECK:   ins(%{{.+}} : tensor<8388607x2xi8>) outs(%{{.+}} : tensor<2xi32>)
//       CHECK:   ins(%{{.+}} : tensor<8388608x2xi8>) outs(%{{.+}} : tensor<2xi64>)
//       CHECK:   ins(%{{.+}} : tensor<2x32767xui16>) outs(%{{.+}} : tensor<2xi32>)
//       CHECK:   ins(%{{.+}} : tensor<2x32768xi16>) outs(%{{.+}} : tensor<2xi64>)
func.func @bounds(%a: tensor<8388607x2xi8>, %b: tensor<8388608x2xi8>,
                  %c: tensor<2x32767xui16>, %d: tensor<2x32768xi16>)
    -> (tensor<2xi8>, tensor<2xi8>, tensor<2xui16>, tensor<2xi16>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 0>} : tensor<8388607x2xi8> -> tensor<2xi8>
  %1 = rmean.reduce_mean %b {axes = array<i64: 0>} : tensor<8388608x2xi8> -> tensor<2xi8>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<2x32767xui16> -> tensor<2xui16>
  %3 = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<2x32768xi16> -> tensor<2xi16>
  return %0, %1, %2, %3 : tensor<2xi8>, tensor<2xi8>, tensor<2xui16>, tensor<2xi16>
}

// -----

// Middle axes count every reduced dimension: 7 x 7 = 49 per mean.
// CHECK-LABEL: func.func @nhwc_pooling
//       CHECK:   outs(%{{.+}} : tensor<2x32xi32>)
//       CHECK:   arith.constant 49 : index
func.func @nhwc_pooling(%x: tensor<2x7x7x32xi8>) -> tensor<2x32xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 2>} : tensor<2x7x7x32xi8> -> tensor<2x32xi8>
  return %0 : tensor<2x32xi8>
}

// -----

// A run-time kept size (a dynamic batch of pooled images) leaves the count
// static (49): the i32 sums take the run-time shape of the result.
// CHECK-LABEL: func.func @dynamic_batch
//       CHECK:   %[[D:.+]] = tensor.dim %{{.+}}, %{{.+}} : tensor<?x32xi64>
//       CHECK:   tensor.empty(%[[D]]) : tensor<?x32xi32>
//       CHECK:   outs(%{{.+}} : tensor<?x32xi32>)
//       CHECK:   arith.constant 49 : index
func.func @dynamic_batch(%x: tensor<?x7x7x32xui8>) -> tensor<?x32xui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 2>} : tensor<?x7x7x32xui8> -> tensor<?x32xui8>
  return %0 : tensor<?x32xui8>
}

// -----

// Left alone: a run-time reduced size (the count is unknown), 32-bit
// elements and floats.
// CHECK-LABEL: func.func @negative
//   CHECK-NOT:   arith.constant 0 : i32
//       CHECK:   outs(%{{.+}} : tensor<8xi64>)
//   CHECK-NOT:   arith.constant 0 : i32
//       CHECK:   arith.extsi %{{.+}} : i32 to i64
//   CHECK-NOT:   arith.constant 0 : i32
//       CHECK:   arith.extf %{{.+}} : f32 to f64
//   CHECK-NOT:   arith.constant 0 : i32
func.func @negative(%a: tensor<?x8xi8>, %b: tensor<8x4xi32>,
                    %d: tensor<8x4xf32>)
    -> (tensor<8xi8>, tensor<4xi32>, tensor<4xf32>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 0>} : tensor<?x8xi8> -> tensor<8xi8>
  %1 = rmean.reduce_mean %b {axes = array<i64: 0>} : tensor<8x4xi32> -> tensor<4xi32>
  %3 = rmean.reduce_mean %d {axes = array<i64: 0>} : tensor<8x4xf32> -> tensor<4xf32>
  return %0, %1, %3 : tensor<8xi8>, tensor<4xi32>, tensor<4xf32>
}

// -----

// A reduction that is not rmean's (no marker) keeps its i64 sum.
// CHECK-LABEL: func.func @negative_user_sum
//       CHECK:   arith.extsi %{{.+}} : i8 to i64
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @negative_user_sum(%x: tensor<4x8xi8>) -> tensor<8xi64> {
  %c0 = arith.constant 0 : i64
  %e = tensor.empty() : tensor<8xi64>
  %f = linalg.fill ins(%c0 : i64) outs(%e : tensor<8xi64>) -> tensor<8xi64>
  %s = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<4x8xi8>) outs(%f : tensor<8xi64>) {
  ^bb0(%in: i8, %out: i64):
    %w = arith.extsi %in : i8 to i64
    %a = arith.addi %out, %w : i64
    linalg.yield %a : i64
  } -> tensor<8xi64>
  return %s : tensor<8xi64>
}
