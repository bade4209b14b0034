// Proves that the TOSA form of a mean (convert-rmean-to-tosa, then
// upstream's TOSA-to-linalg lowering) computes what rmean's own lowering
// computes, for f32 and f16 row, column, keep_dims and reduce-all means on
// inputs whose sums are exact in the element type (TOSA sums in it).

// DEFINE: %{tosa} = rmean-opt %s --pass-pipeline="builtin.module(convert-rmean-to-tosa, func.func(tosa-to-linalg-named, tosa-to-linalg, tosa-to-arith, tosa-to-tensor), rmean-cpu-pipeline)"
// DEFINE: %{rmean} = rmean-opt %s --rmean-cpu-pipeline
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils

// RUN: %{tosa} | %{run} | FileCheck %s
// RUN: %{rmean} | %{run} | FileCheck %s
// The TOSA run really goes through TOSA.
// RUN: rmean-opt %s --convert-rmean-to-tosa | FileCheck %s --check-prefix=FORM
// FORM-COUNT-4: tosa.reduce_sum
// FORM-NOT: rmean.reduce_mean

func.func private @printMemrefF32(tensor<*xf32>)

func.func @rows(%x: tensor<3x4xf32>) -> tensor<3xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x4xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @cols_keep(%x: tensor<3x4xf32>) -> tensor<1x4xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>, keep_dims = true} : tensor<3x4xf32> -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}
func.func @all_f16(%x: tensor<2x4xf16>) -> tensor<f16> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<2x4xf16> -> tensor<f16>
  return %0 : tensor<f16>
}

func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0, 6.0], [-4.0, 0.5, 8.0, 7.5], [0.25, 0.25, 0.25, 0.25]]> : tensor<3x4xf32>
  %r = call @rows(%x) : (tensor<3x4xf32>) -> tensor<3xf32>
  %ru = tensor.cast %r : tensor<3xf32> to tensor<*xf32>
  // CHECK: [3, 3, 0.25]
  call @printMemrefF32(%ru) : (tensor<*xf32>) -> ()
  %c = call @cols_keep(%x) : (tensor<3x4xf32>) -> tensor<1x4xf32>
  %cu = tensor.cast %c : tensor<1x4xf32> to tensor<*xf32>
  // CHECK: {{\[}}[-0.916667, 0.916667, 3.75, 4.58333]]
  call @printMemrefF32(%cu) : (tensor<*xf32>) -> ()
  %h = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xf16>
  %a = call @all_f16(%h) : (tensor<2x4xf16>) -> tensor<f16>
  %e = tensor.empty() : tensor<f32>
  %a32 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
      ins(%a : tensor<f16>) outs(%e : tensor<f32>) {
  ^bb0(%in: f16, %o: f32):
    %w = arith.extf %in : f16 to f32
    linalg.yield %w : f32
  } -> tensor<f32>
  %au = tensor.cast %a32 : tensor<f32> to tensor<*xf32>
  // CHECK: [4.5]
  call @printMemrefF32(%au) : (tensor<*xf32>) -> ()
  return
}
