// docs/ReduceMean.md §7 case H: 256x256 f32, axis 1 (cache-resident rows)
// Benchmark kernel, compiled ahead of time by bench/CMakeLists.txt through
// scripts/rmean-aot.sh; called from bench/bench_kernels.cpp as
// _mlir_ciface_case_h_<variant>(result descriptor*, input descriptor*).
func.func @case_h(%x: tensor<256x256xf32>) -> tensor<256xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<256x256xf32> -> tensor<256xf32>
  return %0 : tensor<256xf32>
}
