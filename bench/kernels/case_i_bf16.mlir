// docs/ReduceMean.md §7 case I (bf16): case A in bf16: 4096x4096, axis 1
// Benchmark kernel, compiled ahead of time by bench/CMakeLists.txt through
// scripts/rmean-aot.sh; called from bench/bench_kernels.cpp as
// _mlir_ciface_case_i_bf16_<variant>(result descriptor*, input descriptor*).
func.func @case_i_bf16(%x: tensor<4096x4096xbf16>) -> tensor<4096xbf16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4096x4096xbf16> -> tensor<4096xbf16>
  return %0 : tensor<4096xbf16>
}
