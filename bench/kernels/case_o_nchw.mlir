// docs/ReduceMean.md §7 case O-NCHW: ResNet global average pooling, 64x2048x7x7 f32 (NCHW), axes 2,3 (rows of 49)
// Benchmark kernel, compiled ahead of time by bench/CMakeLists.txt through
// scripts/rmean-aot.sh; called from bench/bench_kernels.cpp as
// _mlir_ciface_case_o_nchw_<variant>(result descriptor*, input descriptor*).
func.func @case_o_nchw(%x: tensor<64x2048x7x7xf32>) -> tensor<64x2048xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>} : tensor<64x2048x7x7xf32> -> tensor<64x2048xf32>
  return %0 : tensor<64x2048xf32>
}
