// docs/ReduceMean.md §7 case K-B-i32: case B in i32: 4096x4096, axis 0
// Benchmark kernel, compiled ahead of time by bench/CMakeLists.txt through
// scripts/rmean-aot.sh; called from bench/bench_kernels.cpp as
// _mlir_ciface_case_k_b_i32_<variant>(result descriptor*, input descriptor*).
func.func @case_k_b_i32(%x: tensor<4096x4096xi32>) -> tensor<4096xi32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<4096x4096xi32> -> tensor<4096xi32>
  return %0 : tensor<4096xi32>
}
