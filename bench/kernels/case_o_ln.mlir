// docs/ReduceMean.md §7 case O-LN: LayerNorm-style row mean, 8192x768 f32, axis 1
// Benchmark kernel, compiled ahead of time by bench/CMakeLists.txt through
// scripts/rmean-aot.sh; called from bench/bench_kernels.cpp as
// _mlir_ciface_case_o_ln_<variant>(result descriptor*, input descriptor*).
func.func @case_o_ln(%x: tensor<8192x768xf32>) -> tensor<8192xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8192x768xf32> -> tensor<8192xf32>
  return %0 : tensor<8192xf32>
}
