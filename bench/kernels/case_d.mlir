// docs/ReduceMean.md §7 case D: 32x56x56x256 f32 (NHWC), axes 1,2 (spatial, channels-last: middle axes)
// Benchmark kernel, compiled ahead of time by bench/CMakeLists.txt through
// scripts/rmean-aot.sh; called from bench/bench_kernels.cpp as
// _mlir_ciface_case_d_<variant>(result descriptor*, input descriptor*).
func.func @case_d(%x: tensor<32x56x56x256xf32>) -> tensor<32x256xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 2>} : tensor<32x56x56x256xf32> -> tensor<32x256xf32>
  return %0 : tensor<32x256xf32>
}
