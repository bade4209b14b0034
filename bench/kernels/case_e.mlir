// docs/ReduceMean.md §7 case E: 64x128x768 f32, axis 2 (contiguous, cache-resident ~25 MB)
// Benchmark kernel, compiled ahead of time by bench/CMakeLists.txt through
// scripts/rmean-aot.sh; called from bench/bench_kernels.cpp as
// _mlir_ciface_case_e_<variant>(result descriptor*, input descriptor*).
func.func @case_e(%x: tensor<64x128x768xf32>) -> tensor<64x128xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2>} : tensor<64x128x768xf32> -> tensor<64x128xf32>
  return %0 : tensor<64x128xf32>
}
