// docs/ReduceMean.md §7 case O-SEQ-bf16: sequence mean, 32x512x768 bf16, axis 1
// Benchmark kernel, compiled ahead of time by bench/CMakeLists.txt through
// scripts/rmean-aot.sh; called from bench/bench_kernels.cpp as
// _mlir_ciface_case_o_seq_bf16_<variant>(result descriptor*, input descriptor*).
func.func @case_o_seq_bf16(%x: tensor<32x512x768xbf16>) -> tensor<32x768xbf16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<32x512x768xbf16> -> tensor<32x768xbf16>
  return %0 : tensor<32x768xbf16>
}
