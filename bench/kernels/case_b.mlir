// docs/ReduceMean.md §7 case B: 4096x4096 f32, axis 0 (column means)
// Benchmark kernel, compiled ahead of time by bench/CMakeLists.txt through
// scripts/rmean-aot.sh; called from bench/bench_kernels.cpp as
// _mlir_ciface_case_b_<variant>(result descriptor*, input descriptor*).
func.func @case_b(%x: tensor<4096x4096xf32>) -> tensor<4096xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<4096x4096xf32> -> tensor<4096xf32>
  return %0 : tensor<4096xf32>
}
