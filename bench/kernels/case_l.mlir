// docs/ReduceMean.md §7 case L: case A (4096x4096, row means) in
// complex<f32> (each part summed as f32 is). Compiled like every benchmark
// kernel (see case_a.mlir).
func.func @case_l(%x: tensor<4096x4096xcomplex<f32>>) -> tensor<4096xcomplex<f32>> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4096x4096xcomplex<f32>> -> tensor<4096xcomplex<f32>>
  return %0 : tensor<4096xcomplex<f32>>
}
