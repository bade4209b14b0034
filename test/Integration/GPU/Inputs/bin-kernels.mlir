// Kernels for the format=bin check of test/Integration/GPU/ptxas.test:
// few, since the pipeline runs ptxas once per kernel module.

// A block per long row: one kernel.
func.func @row_long_f32(%x: tensor<16x4096xf32>) -> tensor<16xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<16x4096xf32> -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// A reduce-all split over 4 blocks: partial sums, then their sum.
func.func @all_f64(%x: tensor<64x1024xf64>) -> tensor<f64> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<64x1024xf64> -> tensor<f64>
  return %0 : tensor<f64>
}
