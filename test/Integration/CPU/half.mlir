// Proves that f16 and bf16 means are computed in a wider type and rounded
// once to nearest-even: exact ties go to the even neighbour (both ways),
// non-ties to the nearest value, subnormal f16 results round correctly,
// and a sum beyond the f16 range (4 x 65504) does not overflow. Results are
// printed both as f32 (extf) and as their raw bits, so one-ulp differences
// are visible. @f16_rows / @bf16_rows take run-time shapes (compiled code);
// the same reductions on constants in @main are folded on the host, and the
// two must print the same lines.

// DEFINE: %{naive} = rmean-opt %s --rmean-cpu-pipeline=vector-size=0
// DEFINE: %{pipeline} = rmean-opt %s --rmean-cpu-pipeline
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils

// RUN: %{naive} | %{run} | FileCheck %s
// RUN: %{pipeline} | %{run} | FileCheck %s
// Both outer-step policies, whatever the host picks by default.
// RUN: %{pipeline}="outer-rows-per-step=0" | %{run} | FileCheck %s
// RUN: %{pipeline}="outer-rows-per-step=8" | %{run} | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @print_f16(%t: tensor<?xf16>) {
  %f = arith.extf %t : tensor<?xf16> to tensor<?xf32>
  %fu = tensor.cast %f : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%fu) : (tensor<*xf32>) -> ()
  %b = arith.bitcast %t : tensor<?xf16> to tensor<?xi16>
  %i = arith.extui %b : tensor<?xi16> to tensor<?xi32>
  %iu = tensor.cast %i : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%iu) : (tensor<*xi32>) -> ()
  return
}
func.func @print_bf16(%t: tensor<?xbf16>) {
  %f = arith.extf %t : tensor<?xbf16> to tensor<?xf32>
  %fu = tensor.cast %f : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%fu) : (tensor<*xf32>) -> ()
  %b = arith.bitcast %t : tensor<?xbf16> to tensor<?xi16>
  %i = arith.extui %b : tensor<?xi16> to tensor<?xi32>
  %iu = tensor.cast %i : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%iu) : (tensor<*xi32>) -> ()
  return
}

func.func @f16_rows(%x: tensor<?x?xf16>) -> tensor<?xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf16> -> tensor<?xf16>
  return %0 : tensor<?xf16>
}
func.func @f16_cols_keep(%x: tensor<2x3xf16>) -> tensor<1x3xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>, keep_dims = true} : tensor<2x3xf16> -> tensor<1x3xf16>
  return %0 : tensor<1x3xf16>
}
func.func @bf16_rows(%x: tensor<?x?xbf16>) -> tensor<?xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: -1>} : tensor<?x?xbf16> -> tensor<?xbf16>
  return %0 : tensor<?xbf16>
}
func.func @bf16_all(%x: tensor<2x3xbf16>) -> tensor<bf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<2x3xbf16> -> tensor<bf16>
  return %0 : tensor<bf16>
}

func.func @main() {
  // f16, one case per row (4 values each); ulp(1.0) = 2^-10.
  //   0: 1, 1+u, 1, 1+u     -> 1 + u/2, a tie        -> 1      (0x3C00)
  //   1: 1+u, 1+2u (twice)  -> 1 + 3u/2, a tie       -> 1 + 2u (0x3C02)
  //   2: 1, 1, 1, 1+u       -> 1 + u/4               -> 1      (0x3C00)
  //   3: 1, 1+u, 1+u, 1+u   -> 1 + 3u/4              -> 1 + u  (0x3C01)
  //   4: 65504 x 4 (max)    -> 65504, the sum 262016 overflows f16 (0x7BFF)
  //   5: -1, -1-u, .5, .25  -> -0.3125 - 2^-12, exact (0xB501)
  //   6: s, s, s, 0 (s = 2^-24, the least subnormal) -> 3s/4 -> s (0x0001)
  //   7: s, s, 0, 0         -> s/2, a tie            -> +0     (0x0000)
  %h = arith.constant dense<[
    [1.0, 1.0009765625, 1.0, 1.0009765625],
    [1.0009765625, 1.001953125, 1.0009765625, 1.001953125],
    [1.0, 1.0, 1.0, 1.0009765625],
    [1.0, 1.0009765625, 1.0009765625, 1.0009765625],
    [65504.0, 65504.0, 65504.0, 65504.0],
    [-1.0, -1.0009765625, 0.5, 0.25],
    [5.9604644775390625E-8, 5.9604644775390625E-8, 5.9604644775390625E-8, 0.0],
    [5.9604644775390625E-8, 5.9604644775390625E-8, 0.0, 0.0]]> : tensor<8x4xf16>
  // CHECK: sizes = [8] strides = [1] data =
  // CHECK-NEXT: [1, 1.00195, 1, 1.00098, 65504, -0.312744, 5.96046e-08, 0]
  // CHECK: sizes = [8] strides = [1] data =
  // CHECK-NEXT: [15360, 15362, 15360, 15361, 31743, 46337, 1, 0]
  %hd = tensor.cast %h : tensor<8x4xf16> to tensor<?x?xf16>
  %hm = call @f16_rows(%hd) : (tensor<?x?xf16>) -> tensor<?xf16>
  call @print_f16(%hm) : (tensor<?xf16>) -> ()
  // The same rows, folded.
  // CHECK: sizes = [8] strides = [1] data =
  // CHECK-NEXT: [1, 1.00195, 1, 1.00098, 65504, -0.312744, 5.96046e-08, 0]
  // CHECK: sizes = [8] strides = [1] data =
  // CHECK-NEXT: [15360, 15362, 15360, 15361, 31743, 46337, 1, 0]
  %hf = rmean.reduce_mean %h {axes = array<i64: 1>} : tensor<8x4xf16> -> tensor<8xf16>
  %hfd = tensor.cast %hf : tensor<8xf16> to tensor<?xf16>
  call @print_f16(%hfd) : (tensor<?xf16>) -> ()

  // f16 column means with keep_dims: (1+4)/2, (2+5)/2, (3+6.5)/2.
  // CHECK: sizes = [3] strides = [1] data =
  // CHECK-NEXT: [2.5, 3.5, 4.75]
  // CHECK: sizes = [3] strides = [1] data =
  // CHECK-NEXT: [16640, 17152, 17600]
  %s = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.5]]> : tensor<2x3xf16>
  %sk = call @f16_cols_keep(%s) : (tensor<2x3xf16>) -> tensor<1x3xf16>
  %skc = tensor.collapse_shape %sk [[0, 1]] : tensor<1x3xf16> into tensor<3xf16>
  %skd = tensor.cast %skc : tensor<3xf16> to tensor<?xf16>
  call @print_f16(%skd) : (tensor<?xf16>) -> ()

  // bf16, one case per row; ulp(1.0) = 2^-7.
  //   0: 1, 1+u, 1, 1+u     -> 1 + u/2, a tie        -> 1      (0x3F80)
  //   1: 1+u, 1+2u (twice)  -> 1 + 3u/2, a tie       -> 1 + 2u (0x3F82)
  //   2: 1, 1, 1, 1+u       -> 1 + u/4               -> 1      (0x3F80)
  //   3: 1, 1+u, 1+u, 1+u   -> 1 + 3u/4              -> 1 + u  (0x3F81)
  //   4: 256, 1, 1, 1       -> 64.75, a tie between 64.5 and 65 -> 65 (0x4282)
  //   5: -3, -2, 0, 0       -> -1.25, exact (0xBFA0)
  %g = arith.constant dense<[
    [1.0, 1.0078125, 1.0, 1.0078125],
    [1.0078125, 1.015625, 1.0078125, 1.015625],
    [1.0, 1.0, 1.0, 1.0078125],
    [1.0, 1.0078125, 1.0078125, 1.0078125],
    [256.0, 1.0, 1.0, 1.0],
    [-3.0, -2.0, 0.0, 0.0]]> : tensor<6x4xbf16>
  // CHECK: sizes = [6] strides = [1] data =
  // CHECK-NEXT: [1, 1.01562, 1, 1.00781, 65, -1.25]
  // CHECK: sizes = [6] strides = [1] data =
  // CHECK-NEXT: [16256, 16258, 16256, 16257, 17026, 49056]
  %gd = tensor.cast %g : tensor<6x4xbf16> to tensor<?x?xbf16>
  %gm = call @bf16_rows(%gd) : (tensor<?x?xbf16>) -> tensor<?xbf16>
  call @print_bf16(%gm) : (tensor<?xbf16>) -> ()
  // CHECK: sizes = [6] strides = [1] data =
  // CHECK-NEXT: [1, 1.01562, 1, 1.00781, 65, -1.25]
  // CHECK: sizes = [6] strides = [1] data =
  // CHECK-NEXT: [16256, 16258, 16256, 16257, 17026, 49056]
  %gf = rmean.reduce_mean %g {axes = array<i64: 1>} : tensor<6x4xbf16> -> tensor<6xbf16>
  %gfd = tensor.cast %gf : tensor<6xbf16> to tensor<?xbf16>
  call @print_bf16(%gfd) : (tensor<?xbf16>) -> ()

  // bf16 reduce-all of 1..5, 6.5: 21.5 / 6 = 3.58333 -> 3.578125 (0x4065; ulp 2^-6).
  // CHECK: sizes = [1] strides = [1] data =
  // CHECK-NEXT: [3.57812]
  // CHECK: sizes = [1] strides = [1] data =
  // CHECK-NEXT: [16485]
  %t = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.5]]> : tensor<2x3xbf16>
  %ta = call @bf16_all(%t) : (tensor<2x3xbf16>) -> tensor<bf16>
  %tae = tensor.expand_shape %ta [] output_shape [1] : tensor<bf16> into tensor<1xbf16>
  %tad = tensor.cast %tae : tensor<1xbf16> to tensor<?xbf16>
  call @print_bf16(%tad) : (tensor<?xbf16>) -> ()
  return
}
