// RUN: rmean-opt %s --rmean-raise --split-input-file | FileCheck %s

// TOSA: a sum over axis 1 scaled by 1/8 is a keep_dims mean; the reshape
// after it stays.
// CHECK-LABEL: func.func @tosa_rows
//  CHECK-SAME:     (%[[X:.+]]: tensor<4x8xf32>)
//   CHECK-NOT:   tosa.reduce_sum
//       CHECK:   %[[M:.+]] = rmean.reduce_mean %[[X]] {axes = array<i64: 1>, keep_dims = true} : tensor<4x8xf32> -> tensor<4x1xf32>
//   CHECK-NOT:   tosa.reduce_sum
//   CHECK-NOT:   tosa.mul
//       CHECK:   tosa.reshape %[[M]]
func.func @tosa_rows(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %s = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %r = "tosa.const"() <{values = dense<1.250000e-01> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %m = tosa.mul %s, %r, %z : (tensor<4x1xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<4x1xf32>
  %shape = tosa.const_shape {values = dense<4> : tensor<1xindex>} : () -> !tosa.shape<1>
  %o = tosa.reshape %m, %shape : (tensor<4x1xf32>, !tosa.shape<1>) -> tensor<4xf32>
  return %o : tensor<4xf32>
}

// -----

// TOSA over two axes (a chain of sums), the constant first, f16 with the
// reciprocal rounded to f16 (1/12).
// CHECK-LABEL: func.func @tosa_two_axes
//       CHECK:   rmean.reduce_mean %{{.+}} {axes = array<i64: 1, 2>, keep_dims = true} : tensor<2x3x4xf16> -> tensor<2x1x1xf16>
func.func @tosa_two_axes(%x: tensor<2x3x4xf16>) -> tensor<2x1x1xf16> {
  %a = tosa.reduce_sum %x {axis = 2 : i32} : (tensor<2x3x4xf16>) -> tensor<2x3x1xf16>
  %b = tosa.reduce_sum %a {axis = 1 : i32} : (tensor<2x3x1xf16>) -> tensor<2x1x1xf16>
  %r = "tosa.const"() <{values = dense<8.331300e-02> : tensor<1x1x1xf16>}> : () -> tensor<1x1x1xf16>
  %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %m = tosa.mul %r, %b, %z : (tensor<1x1x1xf16>, tensor<2x1x1xf16>, tensor<1xi8>) -> tensor<2x1x1xf16>
  return %m : tensor<2x1x1xf16>
}

// -----

// @negative_tosa_wrong_count: 1/4 is not the reciprocal of 8 (the count of
// the summed axis), and a partial sum (the scale counts two axes, one is
// summed) is not a mean either.
// CHECK-LABEL: func.func @negative_tosa_wrong_count
//   CHECK-NOT:   rmean.reduce_mean
//       CHECK:   tosa.mul
//       CHECK:   tosa.mul
func.func @negative_tosa_wrong_count(%x: tensor<4x8xf32>) -> (tensor<4x1xf32>, tensor<4x1xf32>) {
  %s = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %r = "tosa.const"() <{values = dense<2.500000e-01> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %m = tosa.mul %s, %r, %z : (tensor<4x1xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<4x1xf32>
  %s2 = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %r2 = "tosa.const"() <{values = dense<3.125000e-02> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %m2 = tosa.mul %s2, %r2, %z : (tensor<4x1xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<4x1xf32>
  return %m, %m2 : tensor<4x1xf32>, tensor<4x1xf32>
}

// -----

// @negative_tosa_integer_and_shared: an integer sum, and a sum that has
// another user, are left alone.
// CHECK-LABEL: func.func @negative_tosa_integer_and_shared
//   CHECK-NOT:   rmean.reduce_mean
func.func @negative_tosa_integer_and_shared(%x: tensor<4x8xi32>, %y: tensor<4x8xf32>) -> (tensor<4x1xi32>, tensor<4x1xf32>, tensor<4x1xf32>) {
  %s = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<4x8xi32>) -> tensor<4x1xi32>
  %r = "tosa.const"() <{values = dense<1> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
  %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %m = tosa.mul %s, %r, %z : (tensor<4x1xi32>, tensor<1x1xi32>, tensor<1xi8>) -> tensor<4x1xi32>
  %t = tosa.reduce_sum %y {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %e = "tosa.const"() <{values = dense<1.250000e-01> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %n = tosa.mul %t, %e, %z : (tensor<4x1xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<4x1xf32>
  return %m, %n, %t : tensor<4x1xi32>, tensor<4x1xf32>, tensor<4x1xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>

// linalg: a linalg.reduce of addf into a zero fill, divided by the count
// (8) elementwise; also the multiply-by-reciprocal spelling.
// CHECK-LABEL: func.func @linalg_div
//  CHECK-SAME:     (%[[X:.+]]: tensor<4x8xf32>)
//       CHECK:   %[[M:.+]] = rmean.reduce_mean %[[X]] {axes = array<i64: 1>} : tensor<4x8xf32> -> tensor<4xf32>
//       CHECK:   return %[[M]]
func.func @linalg_div(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.reduce ins(%x : tensor<4x8xf32>) outs(%f : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %a = arith.addf %in, %acc : f32
      linalg.yield %a : f32
    }
  %o = tensor.empty() : tensor<4xf32>
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%s : tensor<4xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c8 = arith.constant 8.0 : f32
    %d = arith.divf %in, %c8 : f32
    linalg.yield %d : f32
  } -> tensor<4xf32>
  return %m : tensor<4xf32>
}

// -----

#id2 = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @linalg_mul_reciprocal
//       CHECK:   rmean.reduce_mean %{{.+}} {axes = array<i64: 0>} : tensor<5x2x3xf64> -> tensor<2x3xf64>
func.func @linalg_mul_reciprocal(%x: tensor<5x2x3xf64>) -> tensor<2x3xf64> {
  %zero = arith.constant -0.0 : f64
  %fifth = arith.constant 0.2 : f64
  %e = tensor.empty() : tensor<2x3xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<2x3xf64>) -> tensor<2x3xf64>
  %s = linalg.reduce ins(%x : tensor<5x2x3xf64>) outs(%f : tensor<2x3xf64>) dimensions = [0]
    (%in: f64, %acc: f64) {
      %a = arith.addf %acc, %in : f64
      linalg.yield %a : f64
    }
  %m = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<2x3xf64>) outs(%e : tensor<2x3xf64>) {
  ^bb0(%in: f64, %out: f64):
    %p = arith.mulf %fifth, %in : f64
    linalg.yield %p : f64
  } -> tensor<2x3xf64>
  return %m : tensor<2x3xf64>
}

// -----

#id = affine_map<(d0) -> (d0)>

// @negative_linalg: a sum into a non-zero init, a max reduction, and a
// division by a count that is not the summed one stay as they are.
// CHECK-LABEL: func.func @negative_linalg
//   CHECK-NOT:   rmean.reduce_mean
func.func @negative_linalg(%x: tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f1 = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s1 = linalg.reduce ins(%x : tensor<4x8xf32>) outs(%f1 : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %a = arith.addf %in, %acc : f32
      linalg.yield %a : f32
    }
  %s2 = linalg.reduce ins(%x : tensor<4x8xf32>) outs(%f0 : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %a = arith.maximumf %in, %acc : f32
      linalg.yield %a : f32
    }
  %s3 = linalg.reduce ins(%x : tensor<4x8xf32>) outs(%f0 : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %a = arith.addf %in, %acc : f32
      linalg.yield %a : f32
    }
  %m1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%s1 : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c8 = arith.constant 8.0 : f32
    %d = arith.divf %in, %c8 : f32
    linalg.yield %d : f32
  } -> tensor<4xf32>
  %m2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%s2 : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c8 = arith.constant 8.0 : f32
    %d = arith.divf %in, %c8 : f32
    linalg.yield %d : f32
  } -> tensor<4xf32>
  %m3 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%s3 : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c4 = arith.constant 4.0 : f32
    %d = arith.divf %in, %c4 : f32
    linalg.yield %d : f32
  } -> tensor<4xf32>
  return %m1, %m2, %m3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

#map = affine_map<(d0, d1) -> (d0, d1)>
#bcast = affine_map<(d0, d1) -> (0, d1)>

// What TOSA-to-linalg makes of a TOSA mean: the sum is expanded back to a
// size-1 dimension and multiplied by a broadcast 1x1 constant. It becomes a
// keep_dims mean; the collapse after it stays.
// CHECK-LABEL: func.func @tosa_to_linalg_form
//       CHECK:   %[[M:.+]] = rmean.reduce_mean %{{.+}} {axes = array<i64: 1>, keep_dims = true} : tensor<4x8xf32> -> tensor<4x1xf32>
//       CHECK:   tensor.collapse_shape %[[M]]
//   CHECK-NOT:   linalg.reduce
func.func @tosa_to_linalg_form(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %cst = arith.constant dense<1.250000e-01> : tensor<1x1xf32>
  %zero = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<4xf32>
  %1 = linalg.fill ins(%zero : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.reduce ins(%x : tensor<4x8xf32>) outs(%1 : tensor<4xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %a = arith.addf %in, %init : f32
      linalg.yield %a : f32
    }
  %e = tensor.expand_shape %s [[0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
  %2 = tensor.empty() : tensor<4x1xf32>
  %m = linalg.generic {indexing_maps = [#map, #bcast, #map], iterator_types = ["parallel", "parallel"]}
      ins(%e, %cst : tensor<4x1xf32>, tensor<1x1xf32>) outs(%2 : tensor<4x1xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %p = arith.mulf %in, %in_1 : f32
    linalg.yield %p : f32
  } -> tensor<4x1xf32>
  %c = tensor.collapse_shape %m [[0, 1]] : tensor<4x1xf32> into tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>

// @negative_not_a_sum: `in + in` is no sum of the input, and an f16
// divisor that rounded to inf (65536 is beyond f16) scales nothing like a
// mean; a linalg.generic on memrefs (no result) is not looked at.
// CHECK-LABEL: func.func @negative_not_a_sum
//   CHECK-NOT:   rmean.reduce_mean
//       CHECK:   return
func.func @negative_not_a_sum(%x: tensor<4x8xf32>, %h: tensor<2x65536xf16>, %a: memref<4xf32>) -> (tensor<4xf32>, tensor<2xf16>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.reduce ins(%x : tensor<4x8xf32>) outs(%f : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %d = arith.addf %in, %in : f32
      linalg.yield %d : f32
    }
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%s : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c8 = arith.constant 8.0 : f32
    %q = arith.divf %in, %c8 : f32
    linalg.yield %q : f32
  } -> tensor<4xf32>
  %hz = arith.constant 0.0 : f16
  %he = tensor.empty() : tensor<2xf16>
  %hf = linalg.fill ins(%hz : f16) outs(%he : tensor<2xf16>) -> tensor<2xf16>
  %hs = linalg.reduce ins(%h : tensor<2x65536xf16>) outs(%hf : tensor<2xf16>) dimensions = [1]
    (%in: f16, %acc: f16) {
      %d = arith.addf %in, %acc : f16
      linalg.yield %d : f16
    }
  %hm = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%hs : tensor<2xf16>) outs(%he : tensor<2xf16>) {
  ^bb0(%in: f16, %out: f16):
    %inf = arith.constant 0x7C00 : f16
    %q = arith.divf %in, %inf : f16
    linalg.yield %q : f16
  } -> tensor<2xf16>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<4xf32>) outs(%a : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return %m, %hm : tensor<4xf32>, tensor<2xf16>
}

// -----

#id = affine_map<(d0) -> (d0)>

// User ops that are no mean come out unchanged (no folding of a product by
// 1.0, no removal of unused ops).
// CHECK-LABEL: func.func @user_code_untouched
//       CHECK:   tosa.mul
//       CHECK:   tosa.mul
//       CHECK:   linalg.generic
//   CHECK-NOT:   rmean.reduce_mean
func.func @user_code_untouched(%x: tensor<4x1xf32>, %t: tensor<4xf32>) -> tensor<4x1xf32> {
  %one = "tosa.const"() <{values = dense<1.0> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %m = tosa.mul %x, %one, %z : (tensor<4x1xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<4x1xf32>
  %unused = tosa.mul %x, %x, %z : (tensor<4x1xf32>, tensor<4x1xf32>, tensor<1xi8>) -> tensor<4x1xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t : tensor<4xf32>) outs(%t : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  return %m : tensor<4x1xf32>
}
