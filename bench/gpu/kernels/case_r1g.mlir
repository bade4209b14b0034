// GPU benchmark: 16 rows of 17825792 (2^24 + 2^20) f32, axis 1: 1.06 GiB,
// few outputs, so each row is split over blocks.
func.func @case_r1g(%x: tensor<16x17825792xf32>) -> tensor<16xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<16x17825792xf32> -> tensor<16xf32>
  return %0 : tensor<16xf32>
}
