// docs/ReduceMean.md §7 case M-D: case D (32x56x56x256 f32, NHWC pooling over
// H and W) with the axes read at run time. Compiled like every benchmark
// kernel (see case_a.mlir); called as _mlir_ciface_case_m_d_<variant>(result*,
// input*, axes*), the axes descriptor holding {1, 2}.
func.func @case_m_d(%x: tensor<32x56x56x256xf32>, %axes: tensor<?xi64>) -> tensor<32x256xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x, %axes : tensor<32x56x56x256xf32>, tensor<?xi64> -> tensor<32x256xf32>
  return %0 : tensor<32x256xf32>
}
