// Proves the empty-reduction rules: reducing a dimension of size 0 gives NaN
// for f16/bf16/f32/f64, NaN+NaN*i for complex and 0 for every integer type
// (with and without keep_dims, one reduced dimension or all of them, static
// and dynamic shapes, static and run-time axes), and a size-0 dimension that
// is kept gives an empty result. The sign of a NaN is not specified, hence
// the {{-?nan}} patterns. The @* functions are compiled; the reductions on
// constants in @main are folded on the host and must agree.

// DEFINE: %{naive} = rmean-opt %s --rmean-cpu-pipeline=vector-size=0
// DEFINE: %{pipeline} = rmean-opt %s --rmean-cpu-pipeline
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils

// RUN: %{naive} | %{run} | FileCheck %s
// RUN: %{pipeline} | %{run} | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefF64(tensor<*xf64>)
func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemrefI64(tensor<*xi64>)
func.func private @printMemrefC32(tensor<*xcomplex<f32>>)
func.func private @printMemrefC64(tensor<*xcomplex<f64>>)
func.func private @printI64(i64)
func.func private @printNewline()

// printMemref* reads the first element even of an empty memref, so empty
// results are checked through their size: prints "<size>".
func.func @print_size(%t: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %n64 = arith.index_cast %n : index to i64
  call @printI64(%n64) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @f32_rows(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @f32_cols(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @f32_rows_keep(%x: tensor<?x?xf32>) -> tensor<?x1xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, keep_dims = true} : tensor<?x?xf32> -> tensor<?x1xf32>
  return %0 : tensor<?x1xf32>
}
func.func @f32_all(%x: tensor<?x?xf32>) -> tensor<f32> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<?x?xf32> -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @f32_static(%x: tensor<2x0xf32>) -> tensor<2xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<2x0xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @f32_static_kept(%x: tensor<0x4xf32>) -> tensor<0xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<0x4xf32> -> tensor<0xf32>
  return %0 : tensor<0xf32>
}
func.func @f64_rows(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf64> -> tensor<?xf64>
  return %0 : tensor<?xf64>
}
func.func @f16_rows(%x: tensor<?x?xf16>) -> tensor<?xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf16> -> tensor<?xf16>
  return %0 : tensor<?xf16>
}
func.func @bf16_rows(%x: tensor<?x?xbf16>) -> tensor<?xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xbf16> -> tensor<?xbf16>
  return %0 : tensor<?xbf16>
}
func.func @c32_rows(%x: tensor<?x?xcomplex<f32>>) -> tensor<?xcomplex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xcomplex<f32>> -> tensor<?xcomplex<f32>>
  return %0 : tensor<?xcomplex<f32>>
}
func.func @c64_all(%x: tensor<?xcomplex<f64>>) -> tensor<complex<f64>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?xcomplex<f64>> -> tensor<complex<f64>>
  return %0 : tensor<complex<f64>>
}
func.func @i8_rows(%x: tensor<?x?xi8>) -> tensor<?xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xi8> -> tensor<?xi8>
  return %0 : tensor<?xi8>
}
func.func @i32_rows(%x: tensor<?x?xi32>) -> tensor<?xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xi32> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
func.func @i64_all_keep(%x: tensor<?x?xi64>) -> tensor<1x1xi64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 1>, keep_dims = true} : tensor<?x?xi64> -> tensor<1x1xi64>
  return %0 : tensor<1x1xi64>
}
func.func @ui64_rows(%x: tensor<?x?xui64>) -> tensor<?xui64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xui64> -> tensor<?xui64>
  return %0 : tensor<?xui64>
}
// Rank 3, two adjacent reduced dimensions, one of them empty.
func.func @f32_rank3_static(%x: tensor<2x0x3xf32>) -> tensor<2xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 2>} : tensor<2x0x3xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
// Run-time axes over an empty dimension.
func.func @f32_runtime(%x: tensor<?x?xf32>, %a: tensor<?xi64>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x, %a : tensor<?x?xf32>, tensor<?xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @i32_runtime(%x: tensor<?x?xi32>, %a: tensor<1xi32>) -> tensor<?xi32> {
  %0 = rmean.reduce_mean %x, %a : tensor<?x?xi32>, tensor<1xi32> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
func.func @ui64_to_i64(%t: tensor<?xui64>) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %t, %c0 : tensor<?xui64>
  %e = tensor.empty(%n) : tensor<?xi64>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%t : tensor<?xui64>) outs(%e : tensor<?xi64>) {
  ^bb0(%a: ui64, %o: i64):
    %s = builtin.unrealized_conversion_cast %a : ui64 to i64
    linalg.yield %s : i64
  } -> tensor<?xi64>
  return %r : tensor<?xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index

  // f32 3x0, reduce the empty dimension: NaN per row.
  // CHECK: sizes = [3] strides = [1] data =
  // CHECK-NEXT: [{{-?nan}}, {{-?nan}}, {{-?nan}}]
  %e30 = tensor.empty(%c3, %c0) : tensor<?x?xf32>
  %r30 = call @f32_rows(%e30) : (tensor<?x?xf32>) -> tensor<?xf32>
  %r30u = tensor.cast %r30 : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%r30u) : (tensor<*xf32>) -> ()
  // The same, with keep_dims.
  // CHECK: sizes = [3, 1] strides = [1, 1] data =
  // CHECK-NEXT: {{\[\[}}{{-?nan}}],
  // CHECK-NEXT: [{{-?nan}}],
  // CHECK-NEXT: [{{-?nan}}]]
  %k30 = call @f32_rows_keep(%e30) : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %k30u = tensor.cast %k30 : tensor<?x1xf32> to tensor<*xf32>
  call @printMemrefF32(%k30u) : (tensor<*xf32>) -> ()
  // f32 0x3, reduce the empty dimension (the outer one): NaN per column.
  // CHECK: sizes = [3] strides = [1] data =
  // CHECK-NEXT: [{{-?nan}}, {{-?nan}}, {{-?nan}}]
  %e03 = tensor.empty(%c0, %c3) : tensor<?x?xf32>
  %c03 = call @f32_cols(%e03) : (tensor<?x?xf32>) -> tensor<?xf32>
  %c03u = tensor.cast %c03 : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%c03u) : (tensor<*xf32>) -> ()
  // f32 0x3, reduce the non-empty dimension: an empty result.
  // CHECK-NEXT: {{^}}0{{$}}
  %r03 = call @f32_rows(%e03) : (tensor<?x?xf32>) -> tensor<?xf32>
  call @print_size(%r03) : (tensor<?xf32>) -> ()
  // f32 reduce-all of 0x3 and of 3x0.
  // CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
  // CHECK-NEXT: [{{-?nan}}]
  // CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
  // CHECK-NEXT: [{{-?nan}}]
  %a03 = call @f32_all(%e03) : (tensor<?x?xf32>) -> tensor<f32>
  %a03u = tensor.cast %a03 : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%a03u) : (tensor<*xf32>) -> ()
  %a30 = call @f32_all(%e30) : (tensor<?x?xf32>) -> tensor<f32>
  %a30u = tensor.cast %a30 : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%a30u) : (tensor<*xf32>) -> ()

  // Static shapes: 2x0 reduced over the empty dimension, and 0x4 over the
  // full one, compiled and then folded.
  // CHECK: sizes = [2] strides = [1] data =
  // CHECK-NEXT: [{{-?nan}}, {{-?nan}}]
  // CHECK-NEXT: {{^}}0{{$}}
  // CHECK-NEXT: sizes = [2] strides = [1] data =
  // CHECK-NEXT: [{{-?nan}}, {{-?nan}}]
  // CHECK-NEXT: {{^}}0{{$}}
  %s20 = arith.constant dense<> : tensor<2x0xf32>
  %s04 = arith.constant dense<> : tensor<0x4xf32>
  %m20 = call @f32_static(%s20) : (tensor<2x0xf32>) -> tensor<2xf32>
  %m20u = tensor.cast %m20 : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%m20u) : (tensor<*xf32>) -> ()
  %m04 = call @f32_static_kept(%s04) : (tensor<0x4xf32>) -> tensor<0xf32>
  %m04d = tensor.cast %m04 : tensor<0xf32> to tensor<?xf32>
  call @print_size(%m04d) : (tensor<?xf32>) -> ()
  %f20 = rmean.reduce_mean %s20 {axes = array<i64: 1>} : tensor<2x0xf32> -> tensor<2xf32>
  %f20u = tensor.cast %f20 : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%f20u) : (tensor<*xf32>) -> ()
  %f04 = rmean.reduce_mean %s04 {axes = array<i64: 1>} : tensor<0x4xf32> -> tensor<0xf32>
  %f04d = tensor.cast %f04 : tensor<0xf32> to tensor<?xf32>
  call @print_size(%f04d) : (tensor<?xf32>) -> ()

  // f64, f16, bf16 (printed through f32): NaN.
  // CHECK: sizes = [3] strides = [1] data =
  // CHECK-NEXT: [{{-?nan}}, {{-?nan}}, {{-?nan}}]
  %d30 = tensor.empty(%c3, %c0) : tensor<?x?xf64>
  %md = call @f64_rows(%d30) : (tensor<?x?xf64>) -> tensor<?xf64>
  %mdu = tensor.cast %md : tensor<?xf64> to tensor<*xf64>
  call @printMemrefF64(%mdu) : (tensor<*xf64>) -> ()
  // CHECK: sizes = [3] strides = [1] data =
  // CHECK-NEXT: [{{-?nan}}, {{-?nan}}, {{-?nan}}]
  %h30 = tensor.empty(%c3, %c0) : tensor<?x?xf16>
  %mh = call @f16_rows(%h30) : (tensor<?x?xf16>) -> tensor<?xf16>
  %mhf = arith.extf %mh : tensor<?xf16> to tensor<?xf32>
  %mhu = tensor.cast %mhf : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%mhu) : (tensor<*xf32>) -> ()
  // CHECK: sizes = [3] strides = [1] data =
  // CHECK-NEXT: [{{-?nan}}, {{-?nan}}, {{-?nan}}]
  %b30 = tensor.empty(%c3, %c0) : tensor<?x?xbf16>
  %mb = call @bf16_rows(%b30) : (tensor<?x?xbf16>) -> tensor<?xbf16>
  %mbf = arith.extf %mb : tensor<?xbf16> to tensor<?xf32>
  %mbu = tensor.cast %mbf : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%mbu) : (tensor<*xf32>) -> ()

  // Complex: NaN + NaN i.
  // CHECK: sizes = [3] strides = [1] data =
  // CHECK-NEXT: [({{-?nan}},{{-?nan}}), ({{-?nan}},{{-?nan}}), ({{-?nan}},{{-?nan}})]
  %z30 = tensor.empty(%c3, %c0) : tensor<?x?xcomplex<f32>>
  %mz = call @c32_rows(%z30) : (tensor<?x?xcomplex<f32>>) -> tensor<?xcomplex<f32>>
  %mzu = tensor.cast %mz : tensor<?xcomplex<f32>> to tensor<*xcomplex<f32>>
  call @printMemrefC32(%mzu) : (tensor<*xcomplex<f32>>) -> ()
  // CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
  // CHECK-NEXT: [({{-?nan}},{{-?nan}})]
  %z0 = tensor.empty(%c0) : tensor<?xcomplex<f64>>
  %mz0 = call @c64_all(%z0) : (tensor<?xcomplex<f64>>) -> tensor<complex<f64>>
  %mz0u = tensor.cast %mz0 : tensor<complex<f64>> to tensor<*xcomplex<f64>>
  call @printMemrefC64(%mz0u) : (tensor<*xcomplex<f64>>) -> ()

  // Integers: 0.
  // CHECK: sizes = [3] strides = [1] data =
  // CHECK-NEXT: [0, 0, 0]
  %i8e = tensor.empty(%c3, %c0) : tensor<?x?xi8>
  %mi8 = call @i8_rows(%i8e) : (tensor<?x?xi8>) -> tensor<?xi8>
  %mi8w = arith.extsi %mi8 : tensor<?xi8> to tensor<?xi32>
  %mi8u = tensor.cast %mi8w : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%mi8u) : (tensor<*xi32>) -> ()
  // CHECK: sizes = [3] strides = [1] data =
  // CHECK-NEXT: [0, 0, 0]
  %i32e = tensor.empty(%c3, %c0) : tensor<?x?xi32>
  %mi32 = call @i32_rows(%i32e) : (tensor<?x?xi32>) -> tensor<?xi32>
  %mi32u = tensor.cast %mi32 : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%mi32u) : (tensor<*xi32>) -> ()
  // CHECK: sizes = [1, 1] strides = [1, 1] data =
  // CHECK-NEXT: {{\[\[}}0]]
  %i64e = tensor.empty(%c0, %c3) : tensor<?x?xi64>
  %mi64 = call @i64_all_keep(%i64e) : (tensor<?x?xi64>) -> tensor<1x1xi64>
  %mi64u = tensor.cast %mi64 : tensor<1x1xi64> to tensor<*xi64>
  call @printMemrefI64(%mi64u) : (tensor<*xi64>) -> ()
  // CHECK: sizes = [3] strides = [1] data =
  // CHECK-NEXT: [0, 0, 0]
  %u64e = tensor.empty(%c3, %c0) : tensor<?x?xui64>
  %mu64 = call @ui64_rows(%u64e) : (tensor<?x?xui64>) -> tensor<?xui64>
  %mu64w = call @ui64_to_i64(%mu64) : (tensor<?xui64>) -> tensor<?xi64>
  %mu64u = tensor.cast %mu64w : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%mu64u) : (tensor<*xi64>) -> ()
  // Folded integer case.
  // CHECK: sizes = [2] strides = [1] data =
  // CHECK-NEXT: [0, 0]
  %ic = arith.constant dense<> : tensor<2x0xi32>
  %if = rmean.reduce_mean %ic {axes = array<i64: 1>} : tensor<2x0xi32> -> tensor<2xi32>
  %ifu = tensor.cast %if : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%ifu) : (tensor<*xi32>) -> ()
  // Rank 3 {1, 2} over 2x0x3, and run-time axes over the empty dimension
  // of a 3x0 tensor (f32: [-1], i32: [1]).
  // CHECK: sizes = [2] strides = [1] data =
  // CHECK-NEXT: [{{-?nan}}, {{-?nan}}]
  // CHECK: sizes = [3] strides = [1] data =
  // CHECK-NEXT: [{{-?nan}}, {{-?nan}}, {{-?nan}}]
  // CHECK: sizes = [3] strides = [1] data =
  // CHECK-NEXT: [0, 0, 0]
  %s203 = arith.constant dense<> : tensor<2x0x3xf32>
  %m203 = call @f32_rank3_static(%s203) : (tensor<2x0x3xf32>) -> tensor<2xf32>
  %m203u = tensor.cast %m203 : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%m203u) : (tensor<*xf32>) -> ()
  %ax = arith.constant dense<[-1]> : tensor<1xi64>
  %axd = tensor.cast %ax : tensor<1xi64> to tensor<?xi64>
  %mr = call @f32_runtime(%e30, %axd) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?xf32>
  %mru = tensor.cast %mr : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%mru) : (tensor<*xf32>) -> ()
  %ai = arith.constant dense<[1]> : tensor<1xi32>
  %mri = call @i32_runtime(%i32e, %ai) : (tensor<?x?xi32>, tensor<1xi32>) -> tensor<?xi32>
  %mriu = tensor.cast %mri : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%mriu) : (tensor<*xi32>) -> ()
  return
}
