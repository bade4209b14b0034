// docs/ReduceMean.md §7 case G: 2^26 f32, reduce all (rank-0 result)
// Benchmark kernel, compiled ahead of time by bench/CMakeLists.txt through
// scripts/rmean-aot.sh; called from bench/bench_kernels.cpp as
// _mlir_ciface_case_g_<variant>(result descriptor*, input descriptor*).
func.func @case_g(%x: tensor<67108864xf32>) -> tensor<f32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<67108864xf32> -> tensor<f32>
  return %0 : tensor<f32>
}
