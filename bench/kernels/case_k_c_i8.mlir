// docs/ReduceMean.md §7 case K-C-i8: case C in i8: 32x256x56x56 (NCHW), axes 2,3
// Benchmark kernel, compiled ahead of time by bench/CMakeLists.txt through
// scripts/rmean-aot.sh; called from bench/bench_kernels.cpp as
// _mlir_ciface_case_k_c_i8_<variant>(result descriptor*, input descriptor*).
func.func @case_k_c_i8(%x: tensor<32x256x56x56xi8>) -> tensor<32x256xi8> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>} : tensor<32x256x56x56xi8> -> tensor<32x256xi8>
  return %0 : tensor<32x256xi8>
}
