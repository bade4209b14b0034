// GPU benchmark: 17825792 (2^24 + 2^20) rows of 16 f32, axis 0: 1.06 GiB,
// 16 column means, so the reduced dimension is split over blocks.
func.func @case_c1g(%x: tensor<17825792x16xf32>) -> tensor<16xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<17825792x16xf32> -> tensor<16xf32>
  return %0 : tensor<16xf32>
}
