// docs/ReduceMean.md §7 case J-B: case B (4096x4096, column means) in f64 (a
// compensated sum). Compiled like every benchmark kernel (see case_a.mlir).
func.func @case_j_b(%x: tensor<4096x4096xf64>) -> tensor<4096xf64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<4096x4096xf64> -> tensor<4096xf64>
  return %0 : tensor<4096xf64>
}
