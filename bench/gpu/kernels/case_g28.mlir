// GPU benchmark: a 2^28-element f32 reduce-all (1 GiB), large enough that
// the launch and the second (partial-sum) kernel cost little against the
// read. Compiled by scripts/gpu-check.sh --prepare with
// scripts/rmean-gpu-aot.sh; called from bench/gpu/gpu_bench.cpp.
func.func @case_g28(%x: tensor<268435456xf32>) -> tensor<f32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<268435456xf32> -> tensor<f32>
  return %0 : tensor<f32>
}
