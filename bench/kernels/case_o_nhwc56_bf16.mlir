// docs/ReduceMean.md §7 case O-NHWC56-bf16: NHWC spatial mean of an early
// ResNet stage, 32x56x56x256 bf16 over (1, 2) (rows of 256 channels: the
// outer step's row_blocks)
// Benchmark kernel, compiled ahead of time by bench/CMakeLists.txt through
// scripts/rmean-aot.sh; called from bench/bench_kernels.cpp as
// _mlir_ciface_case_o_nhwc56_bf16_<variant>(result descriptor*, input descriptor*).
func.func @case_o_nhwc56_bf16(%x: tensor<32x56x56x256xbf16>) -> tensor<32x256xbf16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 2>} : tensor<32x56x56x256xbf16> -> tensor<32x256xbf16>
  return %0 : tensor<32x256xbf16>
}
