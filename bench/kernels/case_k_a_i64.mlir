// docs/ReduceMean.md §7 case K-A-i64: case A in i64: 4096x4096, axis 1
// Benchmark kernel, compiled ahead of time by bench/CMakeLists.txt through
// scripts/rmean-aot.sh; called from bench/bench_kernels.cpp as
// _mlir_ciface_case_k_a_i64_<variant>(result descriptor*, input descriptor*).
func.func @case_k_a_i64(%x: tensor<4096x4096xi64>) -> tensor<4096xi64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4096x4096xi64> -> tensor<4096xi64>
  return %0 : tensor<4096xi64>
}
