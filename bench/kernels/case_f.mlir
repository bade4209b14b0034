// docs/ReduceMean.md §7 case F: 16x1024x1024 f32, axis 1 (middle axis)
// Benchmark kernel, compiled ahead of time by bench/CMakeLists.txt through
// scripts/rmean-aot.sh; called from bench/bench_kernels.cpp as
// _mlir_ciface_case_f_<variant>(result descriptor*, input descriptor*).
func.func @case_f(%x: tensor<16x1024x1024xf32>) -> tensor<16x1024xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<16x1024x1024xf32> -> tensor<16x1024xf32>
  return %0 : tensor<16x1024xf32>
}
