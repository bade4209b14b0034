// docs/ReduceMean.md §7 case O-NHWC: ResNet global average pooling, 64x7x7x2048 f32 (NHWC), axes 1,2 (49 rows of 2048)
// Benchmark kernel, compiled ahead of time by bench/CMakeLists.txt through
// scripts/rmean-aot.sh; called from bench/bench_kernels.cpp as
// _mlir_ciface_case_o_nhwc_<variant>(result descriptor*, input descriptor*).
func.func @case_o_nhwc(%x: tensor<64x7x7x2048xf32>) -> tensor<64x2048xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 2>} : tensor<64x7x7x2048xf32> -> tensor<64x2048xf32>
  return %0 : tensor<64x2048xf32>
}
