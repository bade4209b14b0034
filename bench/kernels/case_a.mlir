// docs/ReduceMean.md §7 case A: 4096x4096 f32, axis 1 (row means, contiguous)
// Benchmark kernel, compiled ahead of time by bench/CMakeLists.txt through
// scripts/rmean-aot.sh; called from bench/bench_kernels.cpp as
// _mlir_ciface_case_a_<variant>(result descriptor*, input descriptor*).
func.func @case_a(%x: tensor<4096x4096xf32>) -> tensor<4096xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4096x4096xf32> -> tensor<4096xf32>
  return %0 : tensor<4096xf32>
}
