// docs/ReduceMean.md §7 case C: 32x256x56x56 f32 (NCHW), axes 2,3 (spatial, contiguous)
// Benchmark kernel, compiled ahead of time by bench/CMakeLists.txt through
// scripts/rmean-aot.sh; called from bench/bench_kernels.cpp as
// _mlir_ciface_case_c_<variant>(result descriptor*, input descriptor*).
func.func @case_c(%x: tensor<32x256x56x56xf32>) -> tensor<32x256xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>} : tensor<32x256x56x56xf32> -> tensor<32x256xf32>
  return %0 : tensor<32x256xf32>
}
