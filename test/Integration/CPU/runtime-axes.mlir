// Proves that an `axes` operand read at run time selects the reduced
// dimensions: i32, i64 and si64 element types, static and dynamic lengths,
// negative and unsorted values, with and without keep_dims (also into a
// result type with static sizes), empty axes under both
// noop_with_empty_axes settings (identity / reduce all), dynamic input
// shapes, an input of rank 66 (beyond a 64-bit mask), and the same numerics
// as static axes for integers, f16 and complex. Every axes tensor reaches the reduction as a function argument,
// so nothing is known at compile time. Input x[i][j][k] = 100*i + 10*j + k,
// shape 2x3x5, as in float.mlir.

// DEFINE: %{naive} = rmean-opt %s --rmean-cpu-pipeline=vector-size=0
// DEFINE: %{pipeline} = rmean-opt %s --rmean-cpu-pipeline
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils

// RUN: %{naive} | %{run} | FileCheck %s
// RUN: %{pipeline} | %{run} | FileCheck %s

// Rank 66 (more dimensions than a 64-bit mask has bits): 1 x ... x 1 x 3.
!in66 = tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x3xf32>
!out66 = tensor<?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?x?xf32>

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemrefC32(tensor<*xcomplex<f32>>)

// Static length 1, no keep_dims: the result has rank 2, sizes unknown.
func.func @len1_i64(%x: tensor<2x3x5xf32>, %a: tensor<1xi64>) -> tensor<?x?xf32> {
  %0 = rmean.reduce_mean %x, %a : tensor<2x3x5xf32>, tensor<1xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @len1_i32(%x: tensor<2x3x5xf32>, %a: tensor<1xi32>) -> tensor<?x?xf32> {
  %0 = rmean.reduce_mean %x, %a : tensor<2x3x5xf32>, tensor<1xi32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
// Static length 2, si64.
func.func @len2_si64(%x: tensor<2x3x5xf32>, %a: tensor<2xsi64>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x, %a : tensor<2x3x5xf32>, tensor<2xsi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
// Dynamic length, keep_dims, into fully dynamic and into static sizes.
func.func @dyn_keep(%x: tensor<2x3x5xf32>, %a: tensor<?xi64>) -> tensor<?x?x?xf32> {
  %0 = rmean.reduce_mean %x, %a {keep_dims = true} : tensor<2x3x5xf32>, tensor<?xi64> -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}
func.func @dyn_keep_static(%x: tensor<2x3x5xf32>, %a: tensor<?xi32>) -> tensor<1x3x1xf32> {
  %0 = rmean.reduce_mean %x, %a {keep_dims = true} : tensor<2x3x5xf32>, tensor<?xi32> -> tensor<1x3x1xf32>
  return %0 : tensor<1x3x1xf32>
}
// Dynamic length, no keep_dims: the result rank is checked at run time.
func.func @dyn_rank1(%x: tensor<2x3x5xf32>, %a: tensor<?xi64>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x, %a : tensor<2x3x5xf32>, tensor<?xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @dyn_rank3(%x: tensor<2x3x5xf32>, %a: tensor<?xi64>) -> tensor<?x?x?xf32> {
  %0 = rmean.reduce_mean %x, %a : tensor<2x3x5xf32>, tensor<?xi64> -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}
func.func @dyn_rank0_all(%x: tensor<2x3x5xf32>, %a: tensor<?xi64>) -> tensor<f32> {
  %0 = rmean.reduce_mean %x, %a {noop_with_empty_axes = false} : tensor<2x3x5xf32>, tensor<?xi64> -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @dyn_keep_all(%x: tensor<2x3x5xf32>, %a: tensor<?xi32>) -> tensor<?x?x?xf32> {
  %0 = rmean.reduce_mean %x, %a {noop_with_empty_axes = false, keep_dims = true} : tensor<2x3x5xf32>, tensor<?xi32> -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}
// Static length 0 under both settings.
func.func @len0_noop(%x: tensor<2x3x5xf32>, %a: tensor<0xi64>) -> tensor<2x3x5xf32> {
  %0 = rmean.reduce_mean %x, %a : tensor<2x3x5xf32>, tensor<0xi64> -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}
func.func @len0_all(%x: tensor<2x3x5xf32>, %a: tensor<0xi64>) -> tensor<f32> {
  %0 = rmean.reduce_mean %x, %a {noop_with_empty_axes = false} : tensor<2x3x5xf32>, tensor<0xi64> -> tensor<f32>
  return %0 : tensor<f32>
}
// Dynamic input shape.
func.func @dyn_input(%x: tensor<?x?x?xf32>, %a: tensor<?xi64>) -> tensor<?x?xf32> {
  %0 = rmean.reduce_mean %x, %a : tensor<?x?x?xf32>, tensor<?xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
// Other element types.
func.func @i32_rows(%x: tensor<?x?xi32>, %a: tensor<1xi64>) -> tensor<?xi32> {
  %0 = rmean.reduce_mean %x, %a : tensor<?x?xi32>, tensor<1xi64> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
func.func @f16_rows(%x: tensor<2x4xf16>, %a: tensor<1xi32>) -> tensor<?xf16> {
  %0 = rmean.reduce_mean %x, %a : tensor<2x4xf16>, tensor<1xi32> -> tensor<?xf16>
  return %0 : tensor<?xf16>
}
func.func @c32_cols(%x: tensor<2x2xcomplex<f32>>, %a: tensor<1xi64>) -> tensor<?xcomplex<f32>> {
  %0 = rmean.reduce_mean %x, %a : tensor<2x2xcomplex<f32>>, tensor<1xi64> -> tensor<?xcomplex<f32>>
  return %0 : tensor<?xcomplex<f32>>
}

// Rank above 64, keep_dims.
func.func @rank66_keep(%x: !in66, %a: tensor<?xi64>) -> !out66 {
  %0 = rmean.reduce_mean %x, %a {keep_dims = true} : !in66, tensor<?xi64> -> !out66
  return %0 : !out66
}

func.func @print2(%t: tensor<?x?xf32>) {
  %u = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func @print3(%t: tensor<?x?x?xf32>) {
  %u = tensor.cast %t : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %x = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0, 4.0], [10.0, 11.0, 12.0, 13.0, 14.0], [20.0, 21.0, 22.0, 23.0, 24.0]],
                             [[100.0, 101.0, 102.0, 103.0, 104.0], [110.0, 111.0, 112.0, 113.0, 114.0], [120.0, 121.0, 122.0, 123.0, 124.0]]]> : tensor<2x3x5xf32>

  // i64 axes [1].
  // CHECK: rank = 2 offset = 0 sizes = [2, 5] strides = [5, 1] data =
  // CHECK-NEXT: [10, 11, 12, 13, 14],
  // CHECK-NEXT: [110, 111, 112, 113, 114]]
  %a1 = arith.constant dense<[1]> : tensor<1xi64>
  %r1 = call @len1_i64(%x, %a1) : (tensor<2x3x5xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  call @print2(%r1) : (tensor<?x?xf32>) -> ()
  // i64 axes [0].
  // CHECK: rank = 2 offset = 0 sizes = [3, 5] strides = [5, 1] data =
  // CHECK-NEXT: [50, 51, 52, 53, 54],
  // CHECK-NEXT: [60, 61, 62, 63, 64],
  // CHECK-NEXT: [70, 71, 72, 73, 74]]
  %a0 = arith.constant dense<[0]> : tensor<1xi64>
  %r0 = call @len1_i64(%x, %a0) : (tensor<2x3x5xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  call @print2(%r0) : (tensor<?x?xf32>) -> ()
  // i32 axes [-1].
  // CHECK: rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT: [2, 12, 22],
  // CHECK-NEXT: [102, 112, 122]]
  %am1 = arith.constant dense<[-1]> : tensor<1xi32>
  %rm1 = call @len1_i32(%x, %am1) : (tensor<2x3x5xf32>, tensor<1xi32>) -> tensor<?x?xf32>
  call @print2(%rm1) : (tensor<?x?xf32>) -> ()
  // i32 axes [-3].
  // CHECK: rank = 2 offset = 0 sizes = [3, 5] strides = [5, 1] data =
  // CHECK-NEXT: [50, 51, 52, 53, 54],
  // CHECK-NEXT: [60, 61, 62, 63, 64],
  // CHECK-NEXT: [70, 71, 72, 73, 74]]
  %am3 = arith.constant dense<[-3]> : tensor<1xi32>
  %rm3 = call @len1_i32(%x, %am3) : (tensor<2x3x5xf32>, tensor<1xi32>) -> tensor<?x?xf32>
  call @print2(%rm3) : (tensor<?x?xf32>) -> ()

  // si64 axes [2, 0] (unsorted).
  // CHECK: rank = 1 offset = 0 sizes = [3] strides = [1] data =
  // CHECK-NEXT: [52, 62, 72]
  %a20 = arith.constant dense<[2, 0]> : tensor<2xsi64>
  %r20 = call @len2_si64(%x, %a20) : (tensor<2x3x5xf32>, tensor<2xsi64>) -> tensor<?xf32>
  %r20u = tensor.cast %r20 : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%r20u) : (tensor<*xf32>) -> ()
  // si64 axes [-1, -2].
  // CHECK: rank = 1 offset = 0 sizes = [2] strides = [1] data =
  // CHECK-NEXT: [12, 112]
  %a12 = arith.constant dense<[-1, -2]> : tensor<2xsi64>
  %r12 = call @len2_si64(%x, %a12) : (tensor<2x3x5xf32>, tensor<2xsi64>) -> tensor<?xf32>
  %r12u = tensor.cast %r12 : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%r12u) : (tensor<*xf32>) -> ()

  // Dynamic length with keep_dims: [2, -3] -> 1x3x1; [1] -> 2x1x5.
  // CHECK: rank = 3 offset = 0 sizes = [1, 3, 1] strides = [3, 1, 1] data =
  // CHECK-NEXT: {{\[\[\[}}52],
  // CHECK-NEXT: [62],
  // CHECK-NEXT: [72]]]
  %k20 = arith.constant dense<[2, -3]> : tensor<2xi64>
  %k20d = tensor.cast %k20 : tensor<2xi64> to tensor<?xi64>
  %rk20 = call @dyn_keep(%x, %k20d) : (tensor<2x3x5xf32>, tensor<?xi64>) -> tensor<?x?x?xf32>
  call @print3(%rk20) : (tensor<?x?x?xf32>) -> ()
  // CHECK: rank = 3 offset = 0 sizes = [2, 1, 5] strides = [5, 5, 1] data =
  // CHECK-NEXT: {{\[\[\[}}10, 11, 12, 13, 14]],
  // CHECK-NEXT: {{\[\[}}110, 111, 112, 113, 114]]]
  %k1d = tensor.cast %a1 : tensor<1xi64> to tensor<?xi64>
  %rk1 = call @dyn_keep(%x, %k1d) : (tensor<2x3x5xf32>, tensor<?xi64>) -> tensor<?x?x?xf32>
  call @print3(%rk1) : (tensor<?x?x?xf32>) -> ()
  // Into tensor<1x3x1xf32>, i32 axes [0, 2].
  // CHECK: rank = 3 offset = 0 sizes = [1, 3, 1] strides = [3, 1, 1] data =
  // CHECK-NEXT: {{\[\[\[}}52],
  // CHECK-NEXT: [62],
  // CHECK-NEXT: [72]]]
  %k02 = arith.constant dense<[0, 2]> : tensor<2xi32>
  %k02d = tensor.cast %k02 : tensor<2xi32> to tensor<?xi32>
  %rk02 = call @dyn_keep_static(%x, %k02d) : (tensor<2x3x5xf32>, tensor<?xi32>) -> tensor<1x3x1xf32>
  %rk02u = tensor.cast %rk02 : tensor<1x3x1xf32> to tensor<*xf32>
  call @printMemrefF32(%rk02u) : (tensor<*xf32>) -> ()

  // Dynamic length, no keep_dims: [-3, -1] into rank 1.
  // CHECK: rank = 1 offset = 0 sizes = [3] strides = [1] data =
  // CHECK-NEXT: [52, 62, 72]
  %n31 = arith.constant dense<[-3, -1]> : tensor<2xi64>
  %n31d = tensor.cast %n31 : tensor<2xi64> to tensor<?xi64>
  %rn31 = call @dyn_rank1(%x, %n31d) : (tensor<2x3x5xf32>, tensor<?xi64>) -> tensor<?xf32>
  %rn31u = tensor.cast %rn31 : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%rn31u) : (tensor<*xf32>) -> ()

  // Empty run-time axes (dynamic length 0).
  %e = arith.constant dense<> : tensor<0xi64>
  %ed = tensor.cast %e : tensor<0xi64> to tensor<?xi64>
  // noop_with_empty_axes = true: the identity.
  // CHECK: rank = 3 offset = 0 sizes = [2, 3, 5] strides = [15, 5, 1] data =
  // CHECK-NEXT: {{\[\[\[}}0, 1, 2, 3, 4],
  // CHECK-NEXT: [10, 11, 12, 13, 14],
  // CHECK-NEXT: [20, 21, 22, 23, 24]],
  // CHECK-NEXT: {{\[\[}}100, 101, 102, 103, 104],
  // CHECK-NEXT: [110, 111, 112, 113, 114],
  // CHECK-NEXT: [120, 121, 122, 123, 124]]]
  %re = call @dyn_rank3(%x, %ed) : (tensor<2x3x5xf32>, tensor<?xi64>) -> tensor<?x?x?xf32>
  call @print3(%re) : (tensor<?x?x?xf32>) -> ()
  // noop_with_empty_axes = false: reduce all, rank 0.
  // CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
  // CHECK-NEXT: [62]
  %ra = call @dyn_rank0_all(%x, %ed) : (tensor<2x3x5xf32>, tensor<?xi64>) -> tensor<f32>
  %rau = tensor.cast %ra : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%rau) : (tensor<*xf32>) -> ()
  // noop_with_empty_axes = false, keep_dims: 1x1x1 (i32 axes).
  // CHECK: rank = 3 offset = 0 sizes = [1, 1, 1] strides = [1, 1, 1] data =
  // CHECK-NEXT: {{\[\[\[}}62]]]
  %e32 = arith.constant dense<> : tensor<0xi32>
  %e32d = tensor.cast %e32 : tensor<0xi32> to tensor<?xi32>
  %rka = call @dyn_keep_all(%x, %e32d) : (tensor<2x3x5xf32>, tensor<?xi32>) -> tensor<?x?x?xf32>
  call @print3(%rka) : (tensor<?x?x?xf32>) -> ()
  // The same flag, non-empty axes [1]: only axis 1 is reduced.
  // CHECK: rank = 3 offset = 0 sizes = [2, 1, 5] strides = [5, 5, 1] data =
  // CHECK-NEXT: {{\[\[\[}}10, 11, 12, 13, 14]],
  // CHECK-NEXT: {{\[\[}}110, 111, 112, 113, 114]]]
  %o1 = arith.constant dense<[1]> : tensor<1xi32>
  %o1d = tensor.cast %o1 : tensor<1xi32> to tensor<?xi32>
  %rko = call @dyn_keep_all(%x, %o1d) : (tensor<2x3x5xf32>, tensor<?xi32>) -> tensor<?x?x?xf32>
  call @print3(%rko) : (tensor<?x?x?xf32>) -> ()
  // Static length 0: the identity and reduce all.
  // CHECK: rank = 3 offset = 0 sizes = [2, 3, 5] strides = [15, 5, 1] data =
  // CHECK-NEXT: {{\[\[\[}}0, 1, 2, 3, 4],
  // CHECK-NEXT: [10, 11, 12, 13, 14],
  // CHECK-NEXT: [20, 21, 22, 23, 24]],
  // CHECK-NEXT: {{\[\[}}100, 101, 102, 103, 104],
  // CHECK-NEXT: [110, 111, 112, 113, 114],
  // CHECK-NEXT: [120, 121, 122, 123, 124]]]
  %rn = call @len0_noop(%x, %e) : (tensor<2x3x5xf32>, tensor<0xi64>) -> tensor<2x3x5xf32>
  %rnu = tensor.cast %rn : tensor<2x3x5xf32> to tensor<*xf32>
  call @printMemrefF32(%rnu) : (tensor<*xf32>) -> ()
  // CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
  // CHECK-NEXT: [62]
  %rl = call @len0_all(%x, %e) : (tensor<2x3x5xf32>, tensor<0xi64>) -> tensor<f32>
  %rlu = tensor.cast %rl : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%rlu) : (tensor<*xf32>) -> ()

  // Dynamic input shape, axes [1]: 2x5.
  // CHECK: rank = 2 offset = 0 sizes = [2, 5] strides = [5, 1] data =
  // CHECK-NEXT: [10, 11, 12, 13, 14],
  // CHECK-NEXT: [110, 111, 112, 113, 114]]
  %xd = tensor.cast %x : tensor<2x3x5xf32> to tensor<?x?x?xf32>
  %rd = call @dyn_input(%xd, %k1d) : (tensor<?x?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  call @print2(%rd) : (tensor<?x?xf32>) -> ()

  // i32 rows through a run-time axis: -7/3 -> -2, (2 INT32_MAX + 1)/3.
  // CHECK: rank = 1 offset = 0 sizes = [2] strides = [1] data =
  // CHECK-NEXT: [-2, 1431655765]
  %ii = arith.constant dense<[[-7, 0, 0], [2147483647, 2147483647, 1]]> : tensor<2x3xi32>
  %iid = tensor.cast %ii : tensor<2x3xi32> to tensor<?x?xi32>
  %ri = call @i32_rows(%iid, %a1) : (tensor<?x?xi32>, tensor<1xi64>) -> tensor<?xi32>
  %riu = tensor.cast %ri : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%riu) : (tensor<*xi32>) -> ()

  // f16 rows through a run-time axis: the two ties of half.mlir, as bits
  // (0x3C00, 0x3C02).
  // CHECK: rank = 1 offset = 0 sizes = [2] strides = [1] data =
  // CHECK-NEXT: [15360, 15362]
  %h = arith.constant dense<[[1.0, 1.0009765625, 1.0, 1.0009765625],
                             [1.0009765625, 1.001953125, 1.0009765625, 1.001953125]]> : tensor<2x4xf16>
  %hr = call @f16_rows(%h, %am1) : (tensor<2x4xf16>, tensor<1xi32>) -> tensor<?xf16>
  %hb = arith.bitcast %hr : tensor<?xf16> to tensor<?xi16>
  %hw = arith.extui %hb : tensor<?xi16> to tensor<?xi32>
  %hu = tensor.cast %hw : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%hu) : (tensor<*xi32>) -> ()

  // complex<f32> columns: ((1+2i) + (3-4i))/2 = 2-1i, ((0.5+0i) + (0+1i))/2.
  // CHECK: rank = 1 offset = 0 sizes = [2] strides = [1] data =
  // CHECK-NEXT: [(2,-1), (0.25,0.5)]
  %z = arith.constant dense<[[(1.0, 2.0), (0.5, 0.0)], [(3.0, -4.0), (0.0, 1.0)]]> : tensor<2x2xcomplex<f32>>
  %zr = call @c32_cols(%z, %a0) : (tensor<2x2xcomplex<f32>>, tensor<1xi64>) -> tensor<?xcomplex<f32>>
  %zu = tensor.cast %zr : tensor<?xcomplex<f32>> to tensor<*xcomplex<f32>>
  call @printMemrefC32(%zu) : (tensor<*xcomplex<f32>>) -> ()

  // Rank 66: axes [65, -66] (the last and the first dimension) of
  // [1, 2, 6] -> 3; axes [0] (a size-1 dimension) keeps the row.
  // CHECK: rank = 1 offset = 0 sizes = [1] strides = [1] data =
  // CHECK-NEXT: [3]
  // CHECK: rank = 1 offset = 0 sizes = [3] strides = [1] data =
  // CHECK-NEXT: [1, 2, 6]
  %v = arith.constant dense<[1.0, 2.0, 6.0]> : tensor<3xf32>
  %ve = tensor.expand_shape %v [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65]] output_shape [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3] : tensor<3xf32> into !in66
  %w1 = arith.constant dense<[65, -66]> : tensor<2xi64>
  %w1d = tensor.cast %w1 : tensor<2xi64> to tensor<?xi64>
  %q1 = call @rank66_keep(%ve, %w1d) : (!in66, tensor<?xi64>) -> !out66
  %q1c = tensor.collapse_shape %q1 [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65]] : !out66 into tensor<?xf32>
  %q1u = tensor.cast %q1c : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%q1u) : (tensor<*xf32>) -> ()
  %w2d = tensor.cast %a0 : tensor<1xi64> to tensor<?xi64>
  %q2 = call @rank66_keep(%ve, %w2d) : (!in66, tensor<?xi64>) -> !out66
  %q2c = tensor.collapse_shape %q2 [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65]] : !out66 into tensor<?xf32>
  %q2u = tensor.cast %q2c : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%q2u) : (tensor<*xf32>) -> ()
  return
}
