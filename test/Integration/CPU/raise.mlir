// Proves that a mean written as an f16 linalg sum and a division, once
// raised by rmean-raise, gets rmean's numerics: the row [2048, 1, 1, 1, 1]
// summed in f16 loses every 1 (2048 + 1 rounds back to 2048), giving
// 2048/5 = 409.5 in f16; rmean sums in a wider type and rounds once:
// 2052/5 = 410.4, 410.5 in f16.

// RUN: rmean-opt %s --pass-pipeline="builtin.module(func.func(rmean-raise), rmean-cpu-pipeline)" \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN:   | FileCheck %s --check-prefix=RAISED
// RUN: rmean-opt %s --rmean-cpu-pipeline \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN:   | FileCheck %s --check-prefix=PLAIN
// RUN: rmean-opt %s --rmean-raise | FileCheck %s --check-prefix=FORM

// FORM-LABEL: func.func @mean_f16
// FORM: rmean.reduce_mean
// RAISED: [410.5, 3]
// PLAIN: [409.5, 3]

#id = affine_map<(d0) -> (d0)>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @mean_f16(%x: tensor<2x5xf16>) -> tensor<2xf16> {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<2xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<2xf16>) -> tensor<2xf16>
  %s = linalg.reduce ins(%x : tensor<2x5xf16>) outs(%f : tensor<2xf16>) dimensions = [1]
    (%in: f16, %acc: f16) {
      %a = arith.addf %in, %acc : f16
      linalg.yield %a : f16
    }
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%s : tensor<2xf16>) outs(%e : tensor<2xf16>) {
  ^bb0(%in: f16, %out: f16):
    %c5 = arith.constant 5.0 : f16
    %d = arith.divf %in, %c5 : f16
    linalg.yield %d : f16
  } -> tensor<2xf16>
  return %m : tensor<2xf16>
}

func.func @main() {
  %x = arith.constant dense<[[2048.0, 1.0, 1.0, 1.0, 1.0], [1.0, 2.0, 3.0, 4.0, 5.0]]> : tensor<2x5xf16>
  %m = call @mean_f16(%x) : (tensor<2x5xf16>) -> tensor<2xf16>
  %e = tensor.empty() : tensor<2xf32>
  %w = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%m : tensor<2xf16>) outs(%e : tensor<2xf32>) {
  ^bb0(%in: f16, %out: f32):
    %x32 = arith.extf %in : f16 to f32
    linalg.yield %x32 : f32
  } -> tensor<2xf32>
  %u = tensor.cast %w : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
