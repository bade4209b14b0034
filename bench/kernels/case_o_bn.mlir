// docs/ReduceMean.md §7 case O-BN: batch-norm statistics, 32x256x56x56 f32 (NCHW, case C's tensor), axes 0,2,3 (reduced runs separated by the channels)
// Benchmark kernel, compiled ahead of time by bench/CMakeLists.txt through
// scripts/rmean-aot.sh; called from bench/bench_kernels.cpp as
// _mlir_ciface_case_o_bn_<variant>(result descriptor*, input descriptor*).
func.func @case_o_bn(%x: tensor<32x256x56x56xf32>) -> tensor<256xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2, 3>} : tensor<32x256x56x56xf32> -> tensor<256xf32>
  return %0 : tensor<256xf32>
}
