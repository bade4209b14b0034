// docs/ReduceMean.md §7 case O-NCHW-bf16: case O-NCHW in bf16
// Benchmark kernel, compiled ahead of time by bench/CMakeLists.txt through
// scripts/rmean-aot.sh; called from bench/bench_kernels.cpp as
// _mlir_ciface_case_o_nchw_bf16_<variant>(result descriptor*, input descriptor*).
func.func @case_o_nchw_bf16(%x: tensor<64x2048x7x7xbf16>) -> tensor<64x2048xbf16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>} : tensor<64x2048x7x7xbf16> -> tensor<64x2048xbf16>
  return %0 : tensor<64x2048xbf16>
}
