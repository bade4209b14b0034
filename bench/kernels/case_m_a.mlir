// docs/ReduceMean.md §7 case M-A: case A (4096x4096 f32, row means) with the
// axes read at run time. Compiled like every benchmark kernel (see
// case_a.mlir); called as _mlir_ciface_case_m_a_<variant>(result*, input*,
// axes*), the axes descriptor holding {1}.
func.func @case_m_a(%x: tensor<4096x4096xf32>, %axes: tensor<?xi64>) -> tensor<4096xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x, %axes : tensor<4096x4096xf32>, tensor<?xi64> -> tensor<4096xf32>
  return %0 : tensor<4096xf32>
}
