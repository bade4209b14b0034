// Proves the numerical bounds of docs/ReduceMean.md §4 on the compiled code, one section
// per bound, each printed as values the CHECK lines compare exactly (the
// 2^27 random values bound has its own file, numerics-random.mlir):
//   1. f32: the mean of 2^25 ones is exactly 1.0 (a sequential f32 sum
//      stalls at 2^24 and gives 0.5), for an inner, an outer and a
//      reduce-all layout;
//   2. f16 and bf16: the mean of 2^25 ones is exactly 1.0 (a sequential
//      f32 accumulator would give 0.5 here as well);
//   3. integers: sums far beyond the element type and beyond 32 bits
//      (2^25 x 127 in i8, 2^20 x INT32_MIN, 2^20 x INT64_MAX / INT64_MIN,
//      2^20 x (2^64 - 1) in ui64) give the exact mean;
//   4. NaN and +-Inf propagate as IEEE addition does.
// The inputs are built at run time from sizes passed as arguments, or reach
// the reductions through calls, so nothing is folded at compile time.

// DEFINE: %{naive} = rmean-opt %s --rmean-cpu-pipeline=vector-size=0
// DEFINE: %{pipeline} = rmean-opt %s --rmean-cpu-pipeline
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils

// RUN: %{naive} | %{run} | FileCheck %s
// RUN: %{pipeline} | %{run} | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefF64(tensor<*xf64>)
func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemrefI64(tensor<*xi64>)
func.func private @printU64(i64)
func.func private @printNewline()

//===----------------------------------------------------------------------===//
// 1. 2^25 f32 ones.
//===----------------------------------------------------------------------===//

func.func @ones_f32(%n: index) -> tensor<?xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty(%n) : tensor<?xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  return %f : tensor<?xf32>
}
// Reduce-all of a 1-D tensor.
func.func @mean_all_f32(%x: tensor<?xf32>) -> tensor<f32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?xf32> -> tensor<f32>
  return %0 : tensor<f32>
}
// Inner (contiguous) reduction of a 1 x n view.
func.func @mean_inner_f32(%x: tensor<?xf32>) -> tensor<1xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %v = tensor.expand_shape %x [[0, 1]] output_shape [1, %n] : tensor<?xf32> into tensor<1x?xf32>
  %0 = rmean.reduce_mean %v {axes = array<i64: 1>} : tensor<1x?xf32> -> tensor<1xf32>
  return %0 : tensor<1xf32>
}
// Outer (strided) reduction of an n x 1 view.
func.func @mean_outer_f32(%x: tensor<?xf32>) -> tensor<1xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %w = tensor.expand_shape %x [[0, 1]] output_shape [%n, 1] : tensor<?xf32> into tensor<?x1xf32>
  %0 = rmean.reduce_mean %w {axes = array<i64: 0>} : tensor<?x1xf32> -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

//===----------------------------------------------------------------------===//
// 2. 2^25 f16 and bf16 ones.
//===----------------------------------------------------------------------===//

func.func @ones_f16_mean(%n: index) -> tensor<f16> {
  %one = arith.constant 1.0 : f16
  %e = tensor.empty(%n) : tensor<?xf16>
  %f = linalg.fill ins(%one : f16) outs(%e : tensor<?xf16>) -> tensor<?xf16>
  %m = call @mean_all_f16(%f) : (tensor<?xf16>) -> tensor<f16>
  return %m : tensor<f16>
}
func.func @mean_all_f16(%x: tensor<?xf16>) -> tensor<f16> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<?xf16> -> tensor<f16>
  return %0 : tensor<f16>
}
func.func @ones_bf16_mean(%n: index) -> tensor<bf16> {
  %one = arith.constant 1.0 : bf16
  %e = tensor.empty(%n) : tensor<?xbf16>
  %f = linalg.fill ins(%one : bf16) outs(%e : tensor<?xbf16>) -> tensor<?xbf16>
  %m = call @mean_all_bf16(%f) : (tensor<?xbf16>) -> tensor<bf16>
  return %m : tensor<bf16>
}
func.func @mean_all_bf16(%x: tensor<?xbf16>) -> tensor<bf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: -1>} : tensor<?xbf16> -> tensor<bf16>
  return %0 : tensor<bf16>
}

//===----------------------------------------------------------------------===//
// 3. Integer sums beyond the element type.
//===----------------------------------------------------------------------===//

func.func @fill_i8(%n: index, %v: i8) -> tensor<?xi8> {
  %e = tensor.empty(%n) : tensor<?xi8>
  %f = linalg.fill ins(%v : i8) outs(%e : tensor<?xi8>) -> tensor<?xi8>
  return %f : tensor<?xi8>
}
func.func @mean_i8(%x: tensor<?xi8>) -> tensor<i8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?xi8> -> tensor<i8>
  return %0 : tensor<i8>
}
func.func @fill_i32(%n: index, %v: i32) -> tensor<?xi32> {
  %e = tensor.empty(%n) : tensor<?xi32>
  %f = linalg.fill ins(%v : i32) outs(%e : tensor<?xi32>) -> tensor<?xi32>
  return %f : tensor<?xi32>
}
func.func @mean_i32(%x: tensor<?xi32>) -> tensor<i32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?xi32> -> tensor<i32>
  return %0 : tensor<i32>
}
func.func @fill_i64(%n: index, %v: i64) -> tensor<?xi64> {
  %e = tensor.empty(%n) : tensor<?xi64>
  %f = linalg.fill ins(%v : i64) outs(%e : tensor<?xi64>) -> tensor<?xi64>
  return %f : tensor<?xi64>
}
func.func @mean_i64(%x: tensor<?xi64>) -> tensor<i64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?xi64> -> tensor<i64>
  return %0 : tensor<i64>
}
// 2^20 values 2^64 - 1 as ui64; returns the mean's bits.
func.func @max_ui64_mean(%n: index) -> i64 {
  %e = tensor.empty(%n) : tensor<?xui64>
  %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%e : tensor<?xui64>) {
  ^bb0(%o: ui64):
    %m = arith.constant -1 : i64
    %u = builtin.unrealized_conversion_cast %m : i64 to ui64
    linalg.yield %u : ui64
  } -> tensor<?xui64>
  %r = call @mean_ui64(%t) : (tensor<?xui64>) -> tensor<ui64>
  %v = tensor.extract %r[] : tensor<ui64>
  %b = builtin.unrealized_conversion_cast %v : ui64 to i64
  return %b : i64
}
func.func @mean_ui64(%x: tensor<?xui64>) -> tensor<ui64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?xui64> -> tensor<ui64>
  return %0 : tensor<ui64>
}

//===----------------------------------------------------------------------===//
// 4. NaN and Inf.
//===----------------------------------------------------------------------===//

func.func @rows_f32(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @rows_f64(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf64> -> tensor<?xf64>
  return %0 : tensor<?xf64>
}
func.func @rows_f16(%x: tensor<?x?xf16>) -> tensor<?xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf16> -> tensor<?xf16>
  return %0 : tensor<?xf16>
}

func.func @main() {
  %c0 = arith.constant 0 : index

  // 1. 2^25 ones: reduce-all, inner (1 x 2^25), outer (2^25 x 1).
  // CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
  // CHECK-NEXT: [1]
  // CHECK-NEXT: rank = 1 offset = 0 sizes = [1] strides = [1] data =
  // CHECK-NEXT: [1]
  // CHECK-NEXT: rank = 1 offset = 0 sizes = [1] strides = [1] data =
  // CHECK-NEXT: [1]
  %n25 = arith.constant 33554432 : index
  %ones = call @ones_f32(%n25) : (index) -> tensor<?xf32>
  %m1 = call @mean_all_f32(%ones) : (tensor<?xf32>) -> tensor<f32>
  %m1u = tensor.cast %m1 : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%m1u) : (tensor<*xf32>) -> ()
  %m2 = call @mean_inner_f32(%ones) : (tensor<?xf32>) -> tensor<1xf32>
  %m2u = tensor.cast %m2 : tensor<1xf32> to tensor<*xf32>
  call @printMemrefF32(%m2u) : (tensor<*xf32>) -> ()
  %m4 = call @mean_outer_f32(%ones) : (tensor<?xf32>) -> tensor<1xf32>
  %m4u = tensor.cast %m4 : tensor<1xf32> to tensor<*xf32>
  call @printMemrefF32(%m4u) : (tensor<*xf32>) -> ()

  // 2. 2^25 ones in f16 and bf16, printed through f32.
  // CHECK: rank = 1 offset = 0 sizes = [2] strides = [1] data =
  // CHECK-NEXT: [1, 1]
  %h = call @ones_f16_mean(%n25) : (index) -> tensor<f16>
  %hv = tensor.extract %h[] : tensor<f16>
  %hf = arith.extf %hv : f16 to f32
  %b = call @ones_bf16_mean(%n25) : (index) -> tensor<bf16>
  %bv = tensor.extract %b[] : tensor<bf16>
  %bf = arith.extf %bv : bf16 to f32
  %hb = tensor.from_elements %hf, %bf : tensor<2xf32>
  %hbu = tensor.cast %hb : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%hbu) : (tensor<*xf32>) -> ()

  // 3. Integers: 2^25 x 127 in i8 (a 32-bit sum wraps to a negative),
  // 2^20 x INT32_MIN (a 52-bit sum), 2^20 x INT64_MAX and 2^20 x INT64_MIN
  // (84-bit sums), 2^20 x (2^64 - 1) in ui64.
  // CHECK: rank = 1 offset = 0 sizes = [4] strides = [1] data =
  // CHECK-NEXT: [127, -2147483648, 9223372036854775807, -9223372036854775808]
  // CHECK-NEXT: 18446744073709551615
  %n20 = arith.constant 1048576 : index
  %c127 = arith.constant 127 : i8
  %t8 = call @fill_i8(%n25, %c127) : (index, i8) -> tensor<?xi8>
  %m8 = call @mean_i8(%t8) : (tensor<?xi8>) -> tensor<i8>
  %m8v = tensor.extract %m8[] : tensor<i8>
  %m8w = arith.extsi %m8v : i8 to i64
  %i32min = arith.constant -2147483648 : i32
  %t32 = call @fill_i32(%n20, %i32min) : (index, i32) -> tensor<?xi32>
  %m32 = call @mean_i32(%t32) : (tensor<?xi32>) -> tensor<i32>
  %m32v = tensor.extract %m32[] : tensor<i32>
  %m32w = arith.extsi %m32v : i32 to i64
  %imax = arith.constant 9223372036854775807 : i64
  %imin = arith.constant -9223372036854775808 : i64
  %tmax = call @fill_i64(%n20, %imax) : (index, i64) -> tensor<?xi64>
  %mmax = call @mean_i64(%tmax) : (tensor<?xi64>) -> tensor<i64>
  %mmaxv = tensor.extract %mmax[] : tensor<i64>
  %tmin = call @fill_i64(%n20, %imin) : (index, i64) -> tensor<?xi64>
  %mmin = call @mean_i64(%tmin) : (tensor<?xi64>) -> tensor<i64>
  %mminv = tensor.extract %mmin[] : tensor<i64>
  %ints = tensor.from_elements %m8w, %m32w, %mmaxv, %mminv : tensor<4xi64>
  %intsu = tensor.cast %ints : tensor<4xi64> to tensor<*xi64>
  call @printMemrefI64(%intsu) : (tensor<*xi64>) -> ()
  %mu = call @max_ui64_mean(%n20) : (index) -> i64
  call @printU64(%mu) : (i64) -> ()
  call @printNewline() : () -> ()

  // 4. NaN / Inf, one case per row:
  //   Inf + -Inf -> NaN; NaN first; NaN last; +Inf only with finite values
  //   -> +Inf; -Inf -> -Inf; Inf and NaN -> NaN; +Inf twice -> +Inf.
  // The sign of a NaN is not specified.
  // CHECK: rank = 1 offset = 0 sizes = [7] strides = [1] data =
  // CHECK-NEXT: [{{-?nan}}, {{-?nan}}, {{-?nan}}, inf, -inf, {{-?nan}}, inf]
  // CHECK-NEXT: rank = 1 offset = 0 sizes = [7] strides = [1] data =
  // CHECK-NEXT: [{{-?nan}}, {{-?nan}}, {{-?nan}}, inf, -inf, {{-?nan}}, inf]
  // CHECK-NEXT: rank = 1 offset = 0 sizes = [7] strides = [1] data =
  // CHECK-NEXT: [{{-?nan}}, {{-?nan}}, {{-?nan}}, inf, -inf, {{-?nan}}, inf]
  %s32 = arith.constant dense<[[0x7F800000, 0xFF800000, 1.0, 1.0],
                               [0x7FC00000, 1.0, 2.0, 3.0],
                               [1.0, 2.0, 3.0, 0x7FC00000],
                               [1.0, 0x7F800000, 2.0, 3.0],
                               [0xFF800000, 1.0, 2.0, 3.0],
                               [0x7F800000, 0x7FC00000, 1.0, 1.0],
                               [0x7F800000, 0x7F800000, 1.0, 1.0]]> : tensor<7x4xf32>
  %s32d = tensor.cast %s32 : tensor<7x4xf32> to tensor<?x?xf32>
  %n32 = call @rows_f32(%s32d) : (tensor<?x?xf32>) -> tensor<?xf32>
  %n32u = tensor.cast %n32 : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%n32u) : (tensor<*xf32>) -> ()
  %s64 = arith.constant dense<[[0x7FF0000000000000, 0xFFF0000000000000, 1.0, 1.0],
                               [0x7FF8000000000000, 1.0, 2.0, 3.0],
                               [1.0, 2.0, 3.0, 0x7FF8000000000000],
                               [1.0, 0x7FF0000000000000, 2.0, 3.0],
                               [0xFFF0000000000000, 1.0, 2.0, 3.0],
                               [0x7FF0000000000000, 0x7FF8000000000000, 1.0, 1.0],
                               [0x7FF0000000000000, 0x7FF0000000000000, 1.0, 1.0]]> : tensor<7x4xf64>
  %s64d = tensor.cast %s64 : tensor<7x4xf64> to tensor<?x?xf64>
  %n64 = call @rows_f64(%s64d) : (tensor<?x?xf64>) -> tensor<?xf64>
  %n64u = tensor.cast %n64 : tensor<?xf64> to tensor<*xf64>
  call @printMemrefF64(%n64u) : (tensor<*xf64>) -> ()
  %s16 = arith.constant dense<[[0x7C00, 0xFC00, 1.0, 1.0],
                               [0x7E00, 1.0, 2.0, 3.0],
                               [1.0, 2.0, 3.0, 0x7E00],
                               [1.0, 0x7C00, 2.0, 3.0],
                               [0xFC00, 1.0, 2.0, 3.0],
                               [0x7C00, 0x7E00, 1.0, 1.0],
                               [0x7C00, 0x7C00, 1.0, 1.0]]> : tensor<7x4xf16>
  %s16d = tensor.cast %s16 : tensor<7x4xf16> to tensor<?x?xf16>
  %n16 = call @rows_f16(%s16d) : (tensor<?x?xf16>) -> tensor<?xf16>
  %n16f = arith.extf %n16 : tensor<?xf16> to tensor<?xf32>
  %n16u = tensor.cast %n16f : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%n16u) : (tensor<*xf32>) -> ()
  return
}
