// SPEC §7 case G: 2^26 f32, reduce all (rank-0 result)
// Benchmark kernel, compiled ahead of time by scripts/bench.sh through
// scripts/rmean-aot.sh; called from bench/rmean_bench.cpp as
// _mlir_ciface_case_g_<variant>(result descriptor*, input descriptor*).
func.func @case_g(%x: tensor<67108864xf32>) -> tensor<f32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<67108864xf32> -> tensor<f32>
  return %0 : tensor<f32>
}
