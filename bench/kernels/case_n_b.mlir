// docs/ReduceMean.md §7 case N-B: case B (4096x4096 f32, column means) on
// tensor<?x?xf32>: the sizes come from the descriptor at run time. Compiled
// like every benchmark kernel (see case_a.mlir).
func.func @case_n_b(%x: tensor<?x?xf32>) -> tensor<?xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
