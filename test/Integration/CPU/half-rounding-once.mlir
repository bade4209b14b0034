// Proves that an f16 / bf16 mean is rounded once, from the exact mean to the
// element type, and that the folded and the compiled results agree. The
// inputs are chosen so that the exact mean lies just above a tie of the
// element type, by less than half an f32 ulp: rounding the mean to f32 first
// lands exactly on the tie, and the second rounding (ties-to-even) then goes
// the wrong way. The correctly rounded result is the upper neighbour.
//
//   f16:  2, 2 + 2^-9, 0, 2^-23  -> mean 1 + 2^-11 + 2^-25 -> 1 + 2^-10 (0x3C01)
//   bf16: 2, 2 + 2^-6, 0, 2^-23  -> mean 1 + 2^-8  + 2^-25 -> 1 + 2^-7  (0x3F81)
//
// A double rounding (f64 -> f32 -> f16/bf16) prints 0x3C00 / 0x3F80.

// DEFINE: %{naive} = rmean-opt %s --rmean-cpu-pipeline=vector-size=0
// DEFINE: %{pipeline} = rmean-opt %s --rmean-cpu-pipeline
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils

// RUN: %{naive} | %{run} | FileCheck %s
// RUN: %{pipeline} | %{run} | FileCheck %s

func.func private @printMemrefI32(tensor<*xi32>)

func.func @f16_rows(%x: tensor<?x?xf16>) -> tensor<?xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf16> -> tensor<?xf16>
  return %0 : tensor<?xf16>
}
func.func @bf16_rows(%x: tensor<?x?xbf16>) -> tensor<?xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xbf16> -> tensor<?xbf16>
  return %0 : tensor<?xbf16>
}
func.func @bits_f16(%t: tensor<?xf16>) {
  %b = arith.bitcast %t : tensor<?xf16> to tensor<?xi16>
  %i = arith.extui %b : tensor<?xi16> to tensor<?xi32>
  %iu = tensor.cast %i : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%iu) : (tensor<*xi32>) -> ()
  return
}
func.func @bits_bf16(%t: tensor<?xbf16>) {
  %b = arith.bitcast %t : tensor<?xbf16> to tensor<?xi16>
  %i = arith.extui %b : tensor<?xi16> to tensor<?xi32>
  %iu = tensor.cast %i : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%iu) : (tensor<*xi32>) -> ()
  return
}

func.func @main() {
  // Row 1 mirrors row 0 with the signs flipped: 0xBC01.
  %h = arith.constant dense<[[2.0, 2.001953125, 0.0, 1.1920928955078125E-7],
                             [-2.0, -2.001953125, 0.0, -1.1920928955078125E-7]]> : tensor<2x4xf16>
  %g = arith.constant dense<[[2.0, 2.015625, 0.0, 1.1920928955078125E-7],
                             [-2.0, -2.015625, 0.0, -1.1920928955078125E-7]]> : tensor<2x4xbf16>

  // Compiled (run-time shapes).
  // CHECK: data =
  // CHECK-NEXT: [15361, 48129]
  %hd = tensor.cast %h : tensor<2x4xf16> to tensor<?x?xf16>
  %hm = call @f16_rows(%hd) : (tensor<?x?xf16>) -> tensor<?xf16>
  call @bits_f16(%hm) : (tensor<?xf16>) -> ()
  // CHECK: data =
  // CHECK-NEXT: [16257, 49025]
  %gd = tensor.cast %g : tensor<2x4xbf16> to tensor<?x?xbf16>
  %gm = call @bf16_rows(%gd) : (tensor<?x?xbf16>) -> tensor<?xbf16>
  call @bits_bf16(%gm) : (tensor<?xbf16>) -> ()

  // Folded on the host (by both RUN lines: the dialect conversion tries the
  // folder before the lowering pattern).
  // CHECK: data =
  // CHECK-NEXT: [15361, 48129]
  %hf = rmean.reduce_mean %h {axes = array<i64: 1>} : tensor<2x4xf16> -> tensor<2xf16>
  %hfd = tensor.cast %hf : tensor<2xf16> to tensor<?xf16>
  call @bits_f16(%hfd) : (tensor<?xf16>) -> ()
  // CHECK: data =
  // CHECK-NEXT: [16257, 49025]
  %gf = rmean.reduce_mean %g {axes = array<i64: 1>} : tensor<2x4xbf16> -> tensor<2xbf16>
  %gfd = tensor.cast %gf : tensor<2xbf16> to tensor<?xbf16>
  call @bits_bf16(%gfd) : (tensor<?xbf16>) -> ()
  return
}
