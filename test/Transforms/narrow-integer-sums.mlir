// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-narrow-integer-sums --split-input-file | FileCheck %s

// Column sums of i8 over 4096 rows: every sum is within i32 (4096 * 128 <=
// 2^31), so the sum adds in i32 lanes (into an i32 accumulator row) and is
// widened once, as the elements were, for the division.
// CHECK-LABEL: func.func @columns_i8
//       CHECK:   %[[Z:.+]] = arith.constant 0 : i32
//       CHECK:   %[[F:.+]] = linalg.fill ins(%[[Z]] : i32) outs(%{{.+}} : tensor<4096xi32>)
//       CHECK:   %[[S:.+]] = linalg.generic
//  CHECK-SAME:       iterator_types = ["reduction", "parallel"]
//  CHECK-SAME:       ins(%{{.+}} : tensor<4096x4096xi8>) outs(%[[F]] : tensor<4096xi32>)
//  CHECK-SAME:       attrs = {rmean.reduction}
//  CHECK-NEXT:   ^bb0(%[[IN:.+]]: i8, %[[OUT:.+]]: i32):
//  CHECK-NEXT:     %[[E:.+]] = arith.extsi %[[IN]] : i8 to i32
//  CHECK-NEXT:     %[[A:.+]] = arith.addi %[[OUT]], %[[E]] : i32
//  CHECK-NEXT:     linalg.yield %[[A]] : i32
//       CHECK:   %[[W:.+]] = linalg.generic
//  CHECK-SAME:       iterator_types = ["parallel"]
//  CHECK-SAME:       ins(%[[S]] : tensor<4096xi32>) outs(%{{.+}} : tensor<4096xi64>)
//   CHECK-NOT:       rmean.reduction
//       CHECK:     arith.extsi %{{.+}} : i32 to i64
//       CHECK:   linalg.generic
//  CHECK-SAME:       ins(%[[W]] : tensor<4096xi64>)
//  CHECK-SAME:       rmean.finalize
func.func @columns_i8(%x: tensor<4096x4096xi8>) -> tensor<4096xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<4096x4096xi8> -> tensor<4096xi8>
  return %0 : tensor<4096xi8>
}

// -----

// Unsigned elements (cast to signless, then zero-extended) with a dynamic
// kept dimension: extui to i32, and extui to i64 (the sum is not negative).
// CHECK-LABEL: func.func @rows_ui16
//       CHECK:   linalg.generic
//  CHECK-SAME:       outs(%{{.+}} : tensor<?xi32>)
//       CHECK:     builtin.unrealized_conversion_cast %{{.+}} : ui16 to i16
//       CHECK:     arith.extui %{{.+}} : i16 to i32
//       CHECK:     arith.addi %{{.+}} : i32
//       CHECK:   linalg.generic
//  CHECK-SAME:       outs(%{{.+}} : tensor<?xi64>)
//       CHECK:     arith.extui %{{.+}} : i32 to i64
func.func @rows_ui16(%x: tensor<?x32767xui16>) -> tensor<?xui16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x32767xui16> -> tensor<?xui16>
  return %0 : tensor<?xui16>
}

// -----

// The limits: 2^24 i8 elements fit (2^24 * -128 = -2^31), one more does
// not; (2^31 - 1) / 255 ui8 elements fit, one more does not.
// CHECK-LABEL: func.func @limits
//       CHECK:   outs(%{{.+}} : tensor<1xi32>) attrs = {rmean.reduction}
//       CHECK:   outs(%{{.+}} : tensor<1xi64>) attrs = {rmean.reduction}
//       CHECK:   outs(%{{.+}} : tensor<1xi32>) attrs = {rmean.reduction}
//       CHECK:   outs(%{{.+}} : tensor<1xi64>) attrs = {rmean.reduction}
func.func @limits(%a: tensor<1x16777216xi8>, %b: tensor<1x16777217xi8>,
                  %c: tensor<1x8421504xui8>, %d: tensor<1x8421505xui8>)
    -> (tensor<1xi8>, tensor<1xi8>, tensor<1xui8>, tensor<1xui8>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<1x16777216xi8> -> tensor<1xi8>
  %1 = rmean.reduce_mean %b {axes = array<i64: 1>} : tensor<1x16777217xi8> -> tensor<1xi8>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<1x8421504xui8> -> tensor<1xui8>
  %3 = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<1x8421505xui8> -> tensor<1xui8>
  return %0, %1, %2, %3 : tensor<1xi8>, tensor<1xi8>, tensor<1xui8>, tensor<1xui8>
}

// -----

// Left alone: a dynamic reduced size, 32-bit elements, floats, and a
// hand-written strategy.
// CHECK-LABEL: func.func @negative_others
//   CHECK-NOT:   tensor<{{[0-9?x]+}}xi32>)
//       CHECK:   outs(%{{.+}} : tensor<4xi64>)
//       CHECK:   outs(%{{.+}} : tensor<4xi64>)
//       CHECK:   outs(%{{.+}} : tensor<4xf64>)
//       CHECK:   outs(%{{.+}} : tensor<4xi64>) attrs = {rmean.cpu_strategy
func.func @negative_others(%a: tensor<4x?xi8>, %b: tensor<4x8xi32>, %c: tensor<4x8xf32>, %d: tensor<4x8xi8>)
    -> (tensor<4xi8>, tensor<4xi32>, tensor<4xf32>, tensor<4xi8>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<4x?xi8> -> tensor<4xi8>
  %1 = rmean.reduce_mean %b {axes = array<i64: 1>} : tensor<4x8xi32> -> tensor<4xi32>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<4x8xf32> -> tensor<4xf32>
  %3 = rmean.reduce_mean %d {axes = array<i64: 1>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = none, vector_size = 16, cache_tile = 1024>} : tensor<4x8xi8> -> tensor<4xi8>
  return %0, %1, %2, %3 : tensor<4xi8>, tensor<4xi32>, tensor<4xf32>, tensor<4xi8>
}

// -----

// The user's own i8 sums into i64 are not rmean's.
// CHECK-LABEL: func.func @negative_user_sum
//       CHECK:   outs(%{{.+}} : tensor<4xi64>)
//   CHECK-NOT:   i32
func.func @negative_user_sum(%x: tensor<4x8xi8>, %init: tensor<4xi64>) -> tensor<4xi64> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x8xi8>) outs(%init : tensor<4xi64>) {
  ^bb0(%in: i8, %out: i64):
    %e = arith.extsi %in : i8 to i64
    %s = arith.addi %out, %e : i64
    linalg.yield %s : i64
  } -> tensor<4xi64>
  return %0 : tensor<4xi64>
}
