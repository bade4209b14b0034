// Every element type rmean.reduce_mean accepts (docs/ReduceMean.md §2)
// over every layout the GPU strategies distinguish, for
// test/Integration/GPU/ptxas.test. With the default options each type
// gives 12 kernel modules (gpu.binary ops), 168 in all:
//   row_short    8x100, axis 1: inner, a warp per row               1
//   row_long     16x4096, axis 1: inner, a block per row            1
//   column       1000x64, axis 0: outer, split in 3 chunks          2
//                (partial sums, then the kernel that adds them)
//   middle       4x10x32, axis 1: outer, not split                  1
//   all          64x1024, reduce-all: inner, split in 4 chunks      2
//   serial       4x6x8, axes 0 and 2 (two runs): serial             1
//   keep         2x3x4x5, axes 2 and 3, keep_dims: inner            1
//   dynamic      ?x?, axis 1: inner, a block per row                1
//   dynamic_all  ?x?, reduce-all: inner, split in 264 chunks        2
//   empty_rows   0x16, axis 1: no output, no kernel                 0
//   empty_row    3x0, axis 1: the mean of nothing is a constant,    0
//                copied to the device
// blocks-per-output=3 splits every inner and outer reduction (serial
// ones stay whole): 17 per type, 238 in all. The block size and items per
// thread do not change the count.

// f16

func.func @row_short_f16(%x: tensor<8x100xf16>) -> tensor<8xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8x100xf16> -> tensor<8xf16>
  return %0 : tensor<8xf16>
}

func.func @row_long_f16(%x: tensor<16x4096xf16>) -> tensor<16xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<16x4096xf16> -> tensor<16xf16>
  return %0 : tensor<16xf16>
}

func.func @column_f16(%x: tensor<1000x64xf16>) -> tensor<64xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1000x64xf16> -> tensor<64xf16>
  return %0 : tensor<64xf16>
}

func.func @middle_f16(%x: tensor<4x10x32xf16>) -> tensor<4x32xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x10x32xf16> -> tensor<4x32xf16>
  return %0 : tensor<4x32xf16>
}

func.func @all_f16(%x: tensor<64x1024xf16>) -> tensor<f16> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<64x1024xf16> -> tensor<f16>
  return %0 : tensor<f16>
}

func.func @serial_f16(%x: tensor<4x6x8xf16>) -> tensor<6xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<4x6x8xf16> -> tensor<6xf16>
  return %0 : tensor<6xf16>
}

func.func @keep_f16(%x: tensor<2x3x4x5xf16>) -> tensor<2x3x1x1xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>, keep_dims = true} : tensor<2x3x4x5xf16> -> tensor<2x3x1x1xf16>
  return %0 : tensor<2x3x1x1xf16>
}

func.func @dynamic_f16(%x: tensor<?x?xf16>) -> tensor<?xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf16> -> tensor<?xf16>
  return %0 : tensor<?xf16>
}

func.func @dynamic_all_f16(%x: tensor<?x?xf16>) -> tensor<f16> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<?x?xf16> -> tensor<f16>
  return %0 : tensor<f16>
}

func.func @empty_rows_f16(%x: tensor<0x16xf16>) -> tensor<0xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<0x16xf16> -> tensor<0xf16>
  return %0 : tensor<0xf16>
}

func.func @empty_row_f16(%x: tensor<3x0xf16>) -> tensor<3xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x0xf16> -> tensor<3xf16>
  return %0 : tensor<3xf16>
}

// bf16

func.func @row_short_bf16(%x: tensor<8x100xbf16>) -> tensor<8xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8x100xbf16> -> tensor<8xbf16>
  return %0 : tensor<8xbf16>
}

func.func @row_long_bf16(%x: tensor<16x4096xbf16>) -> tensor<16xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<16x4096xbf16> -> tensor<16xbf16>
  return %0 : tensor<16xbf16>
}

func.func @column_bf16(%x: tensor<1000x64xbf16>) -> tensor<64xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1000x64xbf16> -> tensor<64xbf16>
  return %0 : tensor<64xbf16>
}

func.func @middle_bf16(%x: tensor<4x10x32xbf16>) -> tensor<4x32xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x10x32xbf16> -> tensor<4x32xbf16>
  return %0 : tensor<4x32xbf16>
}

func.func @all_bf16(%x: tensor<64x1024xbf16>) -> tensor<bf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<64x1024xbf16> -> tensor<bf16>
  return %0 : tensor<bf16>
}

func.func @serial_bf16(%x: tensor<4x6x8xbf16>) -> tensor<6xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<4x6x8xbf16> -> tensor<6xbf16>
  return %0 : tensor<6xbf16>
}

func.func @keep_bf16(%x: tensor<2x3x4x5xbf16>) -> tensor<2x3x1x1xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>, keep_dims = true} : tensor<2x3x4x5xbf16> -> tensor<2x3x1x1xbf16>
  return %0 : tensor<2x3x1x1xbf16>
}

func.func @dynamic_bf16(%x: tensor<?x?xbf16>) -> tensor<?xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xbf16> -> tensor<?xbf16>
  return %0 : tensor<?xbf16>
}

func.func @dynamic_all_bf16(%x: tensor<?x?xbf16>) -> tensor<bf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<?x?xbf16> -> tensor<bf16>
  return %0 : tensor<bf16>
}

func.func @empty_rows_bf16(%x: tensor<0x16xbf16>) -> tensor<0xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<0x16xbf16> -> tensor<0xbf16>
  return %0 : tensor<0xbf16>
}

func.func @empty_row_bf16(%x: tensor<3x0xbf16>) -> tensor<3xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x0xbf16> -> tensor<3xbf16>
  return %0 : tensor<3xbf16>
}

// f32

func.func @row_short_f32(%x: tensor<8x100xf32>) -> tensor<8xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8x100xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

func.func @row_long_f32(%x: tensor<16x4096xf32>) -> tensor<16xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<16x4096xf32> -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

func.func @column_f32(%x: tensor<1000x64xf32>) -> tensor<64xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1000x64xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

func.func @middle_f32(%x: tensor<4x10x32xf32>) -> tensor<4x32xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x10x32xf32> -> tensor<4x32xf32>
  return %0 : tensor<4x32xf32>
}

func.func @all_f32(%x: tensor<64x1024xf32>) -> tensor<f32> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<64x1024xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

func.func @serial_f32(%x: tensor<4x6x8xf32>) -> tensor<6xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<4x6x8xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

func.func @keep_f32(%x: tensor<2x3x4x5xf32>) -> tensor<2x3x1x1xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>, keep_dims = true} : tensor<2x3x4x5xf32> -> tensor<2x3x1x1xf32>
  return %0 : tensor<2x3x1x1xf32>
}

func.func @dynamic_f32(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @dynamic_all_f32(%x: tensor<?x?xf32>) -> tensor<f32> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<?x?xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

func.func @empty_rows_f32(%x: tensor<0x16xf32>) -> tensor<0xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<0x16xf32> -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

func.func @empty_row_f32(%x: tensor<3x0xf32>) -> tensor<3xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x0xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// f64

func.func @row_short_f64(%x: tensor<8x100xf64>) -> tensor<8xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8x100xf64> -> tensor<8xf64>
  return %0 : tensor<8xf64>
}

func.func @row_long_f64(%x: tensor<16x4096xf64>) -> tensor<16xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<16x4096xf64> -> tensor<16xf64>
  return %0 : tensor<16xf64>
}

func.func @column_f64(%x: tensor<1000x64xf64>) -> tensor<64xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1000x64xf64> -> tensor<64xf64>
  return %0 : tensor<64xf64>
}

func.func @middle_f64(%x: tensor<4x10x32xf64>) -> tensor<4x32xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x10x32xf64> -> tensor<4x32xf64>
  return %0 : tensor<4x32xf64>
}

func.func @all_f64(%x: tensor<64x1024xf64>) -> tensor<f64> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<64x1024xf64> -> tensor<f64>
  return %0 : tensor<f64>
}

func.func @serial_f64(%x: tensor<4x6x8xf64>) -> tensor<6xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<4x6x8xf64> -> tensor<6xf64>
  return %0 : tensor<6xf64>
}

func.func @keep_f64(%x: tensor<2x3x4x5xf64>) -> tensor<2x3x1x1xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>, keep_dims = true} : tensor<2x3x4x5xf64> -> tensor<2x3x1x1xf64>
  return %0 : tensor<2x3x1x1xf64>
}

func.func @dynamic_f64(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf64> -> tensor<?xf64>
  return %0 : tensor<?xf64>
}

func.func @dynamic_all_f64(%x: tensor<?x?xf64>) -> tensor<f64> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<?x?xf64> -> tensor<f64>
  return %0 : tensor<f64>
}

func.func @empty_rows_f64(%x: tensor<0x16xf64>) -> tensor<0xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<0x16xf64> -> tensor<0xf64>
  return %0 : tensor<0xf64>
}

func.func @empty_row_f64(%x: tensor<3x0xf64>) -> tensor<3xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x0xf64> -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

// i8

func.func @row_short_i8(%x: tensor<8x100xi8>) -> tensor<8xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8x100xi8> -> tensor<8xi8>
  return %0 : tensor<8xi8>
}

func.func @row_long_i8(%x: tensor<16x4096xi8>) -> tensor<16xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<16x4096xi8> -> tensor<16xi8>
  return %0 : tensor<16xi8>
}

func.func @column_i8(%x: tensor<1000x64xi8>) -> tensor<64xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1000x64xi8> -> tensor<64xi8>
  return %0 : tensor<64xi8>
}

func.func @middle_i8(%x: tensor<4x10x32xi8>) -> tensor<4x32xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x10x32xi8> -> tensor<4x32xi8>
  return %0 : tensor<4x32xi8>
}

func.func @all_i8(%x: tensor<64x1024xi8>) -> tensor<i8> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<64x1024xi8> -> tensor<i8>
  return %0 : tensor<i8>
}

func.func @serial_i8(%x: tensor<4x6x8xi8>) -> tensor<6xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<4x6x8xi8> -> tensor<6xi8>
  return %0 : tensor<6xi8>
}

func.func @keep_i8(%x: tensor<2x3x4x5xi8>) -> tensor<2x3x1x1xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>, keep_dims = true} : tensor<2x3x4x5xi8> -> tensor<2x3x1x1xi8>
  return %0 : tensor<2x3x1x1xi8>
}

func.func @dynamic_i8(%x: tensor<?x?xi8>) -> tensor<?xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xi8> -> tensor<?xi8>
  return %0 : tensor<?xi8>
}

func.func @dynamic_all_i8(%x: tensor<?x?xi8>) -> tensor<i8> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<?x?xi8> -> tensor<i8>
  return %0 : tensor<i8>
}

func.func @empty_rows_i8(%x: tensor<0x16xi8>) -> tensor<0xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<0x16xi8> -> tensor<0xi8>
  return %0 : tensor<0xi8>
}

func.func @empty_row_i8(%x: tensor<3x0xi8>) -> tensor<3xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x0xi8> -> tensor<3xi8>
  return %0 : tensor<3xi8>
}

// i16

func.func @row_short_i16(%x: tensor<8x100xi16>) -> tensor<8xi16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8x100xi16> -> tensor<8xi16>
  return %0 : tensor<8xi16>
}

func.func @row_long_i16(%x: tensor<16x4096xi16>) -> tensor<16xi16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<16x4096xi16> -> tensor<16xi16>
  return %0 : tensor<16xi16>
}

func.func @column_i16(%x: tensor<1000x64xi16>) -> tensor<64xi16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1000x64xi16> -> tensor<64xi16>
  return %0 : tensor<64xi16>
}

func.func @middle_i16(%x: tensor<4x10x32xi16>) -> tensor<4x32xi16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x10x32xi16> -> tensor<4x32xi16>
  return %0 : tensor<4x32xi16>
}

func.func @all_i16(%x: tensor<64x1024xi16>) -> tensor<i16> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<64x1024xi16> -> tensor<i16>
  return %0 : tensor<i16>
}

func.func @serial_i16(%x: tensor<4x6x8xi16>) -> tensor<6xi16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<4x6x8xi16> -> tensor<6xi16>
  return %0 : tensor<6xi16>
}

func.func @keep_i16(%x: tensor<2x3x4x5xi16>) -> tensor<2x3x1x1xi16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>, keep_dims = true} : tensor<2x3x4x5xi16> -> tensor<2x3x1x1xi16>
  return %0 : tensor<2x3x1x1xi16>
}

func.func @dynamic_i16(%x: tensor<?x?xi16>) -> tensor<?xi16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xi16> -> tensor<?xi16>
  return %0 : tensor<?xi16>
}

func.func @dynamic_all_i16(%x: tensor<?x?xi16>) -> tensor<i16> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<?x?xi16> -> tensor<i16>
  return %0 : tensor<i16>
}

func.func @empty_rows_i16(%x: tensor<0x16xi16>) -> tensor<0xi16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<0x16xi16> -> tensor<0xi16>
  return %0 : tensor<0xi16>
}

func.func @empty_row_i16(%x: tensor<3x0xi16>) -> tensor<3xi16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x0xi16> -> tensor<3xi16>
  return %0 : tensor<3xi16>
}

// i32

func.func @row_short_i32(%x: tensor<8x100xi32>) -> tensor<8xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8x100xi32> -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

func.func @row_long_i32(%x: tensor<16x4096xi32>) -> tensor<16xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<16x4096xi32> -> tensor<16xi32>
  return %0 : tensor<16xi32>
}

func.func @column_i32(%x: tensor<1000x64xi32>) -> tensor<64xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1000x64xi32> -> tensor<64xi32>
  return %0 : tensor<64xi32>
}

func.func @middle_i32(%x: tensor<4x10x32xi32>) -> tensor<4x32xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x10x32xi32> -> tensor<4x32xi32>
  return %0 : tensor<4x32xi32>
}

func.func @all_i32(%x: tensor<64x1024xi32>) -> tensor<i32> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<64x1024xi32> -> tensor<i32>
  return %0 : tensor<i32>
}

func.func @serial_i32(%x: tensor<4x6x8xi32>) -> tensor<6xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<4x6x8xi32> -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

func.func @keep_i32(%x: tensor<2x3x4x5xi32>) -> tensor<2x3x1x1xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>, keep_dims = true} : tensor<2x3x4x5xi32> -> tensor<2x3x1x1xi32>
  return %0 : tensor<2x3x1x1xi32>
}

func.func @dynamic_i32(%x: tensor<?x?xi32>) -> tensor<?xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xi32> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

func.func @dynamic_all_i32(%x: tensor<?x?xi32>) -> tensor<i32> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<?x?xi32> -> tensor<i32>
  return %0 : tensor<i32>
}

func.func @empty_rows_i32(%x: tensor<0x16xi32>) -> tensor<0xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<0x16xi32> -> tensor<0xi32>
  return %0 : tensor<0xi32>
}

func.func @empty_row_i32(%x: tensor<3x0xi32>) -> tensor<3xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x0xi32> -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// i64

func.func @row_short_i64(%x: tensor<8x100xi64>) -> tensor<8xi64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8x100xi64> -> tensor<8xi64>
  return %0 : tensor<8xi64>
}

func.func @row_long_i64(%x: tensor<16x4096xi64>) -> tensor<16xi64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<16x4096xi64> -> tensor<16xi64>
  return %0 : tensor<16xi64>
}

func.func @column_i64(%x: tensor<1000x64xi64>) -> tensor<64xi64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1000x64xi64> -> tensor<64xi64>
  return %0 : tensor<64xi64>
}

func.func @middle_i64(%x: tensor<4x10x32xi64>) -> tensor<4x32xi64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x10x32xi64> -> tensor<4x32xi64>
  return %0 : tensor<4x32xi64>
}

func.func @all_i64(%x: tensor<64x1024xi64>) -> tensor<i64> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<64x1024xi64> -> tensor<i64>
  return %0 : tensor<i64>
}

func.func @serial_i64(%x: tensor<4x6x8xi64>) -> tensor<6xi64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<4x6x8xi64> -> tensor<6xi64>
  return %0 : tensor<6xi64>
}

func.func @keep_i64(%x: tensor<2x3x4x5xi64>) -> tensor<2x3x1x1xi64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>, keep_dims = true} : tensor<2x3x4x5xi64> -> tensor<2x3x1x1xi64>
  return %0 : tensor<2x3x1x1xi64>
}

func.func @dynamic_i64(%x: tensor<?x?xi64>) -> tensor<?xi64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xi64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

func.func @dynamic_all_i64(%x: tensor<?x?xi64>) -> tensor<i64> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<?x?xi64> -> tensor<i64>
  return %0 : tensor<i64>
}

func.func @empty_rows_i64(%x: tensor<0x16xi64>) -> tensor<0xi64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<0x16xi64> -> tensor<0xi64>
  return %0 : tensor<0xi64>
}

func.func @empty_row_i64(%x: tensor<3x0xi64>) -> tensor<3xi64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x0xi64> -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// ui8

func.func @row_short_ui8(%x: tensor<8x100xui8>) -> tensor<8xui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8x100xui8> -> tensor<8xui8>
  return %0 : tensor<8xui8>
}

func.func @row_long_ui8(%x: tensor<16x4096xui8>) -> tensor<16xui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<16x4096xui8> -> tensor<16xui8>
  return %0 : tensor<16xui8>
}

func.func @column_ui8(%x: tensor<1000x64xui8>) -> tensor<64xui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1000x64xui8> -> tensor<64xui8>
  return %0 : tensor<64xui8>
}

func.func @middle_ui8(%x: tensor<4x10x32xui8>) -> tensor<4x32xui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x10x32xui8> -> tensor<4x32xui8>
  return %0 : tensor<4x32xui8>
}

func.func @all_ui8(%x: tensor<64x1024xui8>) -> tensor<ui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<64x1024xui8> -> tensor<ui8>
  return %0 : tensor<ui8>
}

func.func @serial_ui8(%x: tensor<4x6x8xui8>) -> tensor<6xui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<4x6x8xui8> -> tensor<6xui8>
  return %0 : tensor<6xui8>
}

func.func @keep_ui8(%x: tensor<2x3x4x5xui8>) -> tensor<2x3x1x1xui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>, keep_dims = true} : tensor<2x3x4x5xui8> -> tensor<2x3x1x1xui8>
  return %0 : tensor<2x3x1x1xui8>
}

func.func @dynamic_ui8(%x: tensor<?x?xui8>) -> tensor<?xui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xui8> -> tensor<?xui8>
  return %0 : tensor<?xui8>
}

func.func @dynamic_all_ui8(%x: tensor<?x?xui8>) -> tensor<ui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<?x?xui8> -> tensor<ui8>
  return %0 : tensor<ui8>
}

func.func @empty_rows_ui8(%x: tensor<0x16xui8>) -> tensor<0xui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<0x16xui8> -> tensor<0xui8>
  return %0 : tensor<0xui8>
}

func.func @empty_row_ui8(%x: tensor<3x0xui8>) -> tensor<3xui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x0xui8> -> tensor<3xui8>
  return %0 : tensor<3xui8>
}

// ui32

func.func @row_short_ui32(%x: tensor<8x100xui32>) -> tensor<8xui32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8x100xui32> -> tensor<8xui32>
  return %0 : tensor<8xui32>
}

func.func @row_long_ui32(%x: tensor<16x4096xui32>) -> tensor<16xui32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<16x4096xui32> -> tensor<16xui32>
  return %0 : tensor<16xui32>
}

func.func @column_ui32(%x: tensor<1000x64xui32>) -> tensor<64xui32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1000x64xui32> -> tensor<64xui32>
  return %0 : tensor<64xui32>
}

func.func @middle_ui32(%x: tensor<4x10x32xui32>) -> tensor<4x32xui32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x10x32xui32> -> tensor<4x32xui32>
  return %0 : tensor<4x32xui32>
}

func.func @all_ui32(%x: tensor<64x1024xui32>) -> tensor<ui32> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<64x1024xui32> -> tensor<ui32>
  return %0 : tensor<ui32>
}

func.func @serial_ui32(%x: tensor<4x6x8xui32>) -> tensor<6xui32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<4x6x8xui32> -> tensor<6xui32>
  return %0 : tensor<6xui32>
}

func.func @keep_ui32(%x: tensor<2x3x4x5xui32>) -> tensor<2x3x1x1xui32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>, keep_dims = true} : tensor<2x3x4x5xui32> -> tensor<2x3x1x1xui32>
  return %0 : tensor<2x3x1x1xui32>
}

func.func @dynamic_ui32(%x: tensor<?x?xui32>) -> tensor<?xui32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xui32> -> tensor<?xui32>
  return %0 : tensor<?xui32>
}

func.func @dynamic_all_ui32(%x: tensor<?x?xui32>) -> tensor<ui32> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<?x?xui32> -> tensor<ui32>
  return %0 : tensor<ui32>
}

func.func @empty_rows_ui32(%x: tensor<0x16xui32>) -> tensor<0xui32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<0x16xui32> -> tensor<0xui32>
  return %0 : tensor<0xui32>
}

func.func @empty_row_ui32(%x: tensor<3x0xui32>) -> tensor<3xui32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x0xui32> -> tensor<3xui32>
  return %0 : tensor<3xui32>
}

// ui64

func.func @row_short_ui64(%x: tensor<8x100xui64>) -> tensor<8xui64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8x100xui64> -> tensor<8xui64>
  return %0 : tensor<8xui64>
}

func.func @row_long_ui64(%x: tensor<16x4096xui64>) -> tensor<16xui64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<16x4096xui64> -> tensor<16xui64>
  return %0 : tensor<16xui64>
}

func.func @column_ui64(%x: tensor<1000x64xui64>) -> tensor<64xui64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1000x64xui64> -> tensor<64xui64>
  return %0 : tensor<64xui64>
}

func.func @middle_ui64(%x: tensor<4x10x32xui64>) -> tensor<4x32xui64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x10x32xui64> -> tensor<4x32xui64>
  return %0 : tensor<4x32xui64>
}

func.func @all_ui64(%x: tensor<64x1024xui64>) -> tensor<ui64> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<64x1024xui64> -> tensor<ui64>
  return %0 : tensor<ui64>
}

func.func @serial_ui64(%x: tensor<4x6x8xui64>) -> tensor<6xui64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<4x6x8xui64> -> tensor<6xui64>
  return %0 : tensor<6xui64>
}

func.func @keep_ui64(%x: tensor<2x3x4x5xui64>) -> tensor<2x3x1x1xui64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>, keep_dims = true} : tensor<2x3x4x5xui64> -> tensor<2x3x1x1xui64>
  return %0 : tensor<2x3x1x1xui64>
}

func.func @dynamic_ui64(%x: tensor<?x?xui64>) -> tensor<?xui64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xui64> -> tensor<?xui64>
  return %0 : tensor<?xui64>
}

func.func @dynamic_all_ui64(%x: tensor<?x?xui64>) -> tensor<ui64> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<?x?xui64> -> tensor<ui64>
  return %0 : tensor<ui64>
}

func.func @empty_rows_ui64(%x: tensor<0x16xui64>) -> tensor<0xui64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<0x16xui64> -> tensor<0xui64>
  return %0 : tensor<0xui64>
}

func.func @empty_row_ui64(%x: tensor<3x0xui64>) -> tensor<3xui64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x0xui64> -> tensor<3xui64>
  return %0 : tensor<3xui64>
}

// si32

func.func @row_short_si32(%x: tensor<8x100xsi32>) -> tensor<8xsi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8x100xsi32> -> tensor<8xsi32>
  return %0 : tensor<8xsi32>
}

func.func @row_long_si32(%x: tensor<16x4096xsi32>) -> tensor<16xsi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<16x4096xsi32> -> tensor<16xsi32>
  return %0 : tensor<16xsi32>
}

func.func @column_si32(%x: tensor<1000x64xsi32>) -> tensor<64xsi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1000x64xsi32> -> tensor<64xsi32>
  return %0 : tensor<64xsi32>
}

func.func @middle_si32(%x: tensor<4x10x32xsi32>) -> tensor<4x32xsi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x10x32xsi32> -> tensor<4x32xsi32>
  return %0 : tensor<4x32xsi32>
}

func.func @all_si32(%x: tensor<64x1024xsi32>) -> tensor<si32> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<64x1024xsi32> -> tensor<si32>
  return %0 : tensor<si32>
}

func.func @serial_si32(%x: tensor<4x6x8xsi32>) -> tensor<6xsi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<4x6x8xsi32> -> tensor<6xsi32>
  return %0 : tensor<6xsi32>
}

func.func @keep_si32(%x: tensor<2x3x4x5xsi32>) -> tensor<2x3x1x1xsi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>, keep_dims = true} : tensor<2x3x4x5xsi32> -> tensor<2x3x1x1xsi32>
  return %0 : tensor<2x3x1x1xsi32>
}

func.func @dynamic_si32(%x: tensor<?x?xsi32>) -> tensor<?xsi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xsi32> -> tensor<?xsi32>
  return %0 : tensor<?xsi32>
}

func.func @dynamic_all_si32(%x: tensor<?x?xsi32>) -> tensor<si32> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<?x?xsi32> -> tensor<si32>
  return %0 : tensor<si32>
}

func.func @empty_rows_si32(%x: tensor<0x16xsi32>) -> tensor<0xsi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<0x16xsi32> -> tensor<0xsi32>
  return %0 : tensor<0xsi32>
}

func.func @empty_row_si32(%x: tensor<3x0xsi32>) -> tensor<3xsi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x0xsi32> -> tensor<3xsi32>
  return %0 : tensor<3xsi32>
}

// complex<f32>

func.func @row_short_cf32(%x: tensor<8x100xcomplex<f32>>) -> tensor<8xcomplex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8x100xcomplex<f32>> -> tensor<8xcomplex<f32>>
  return %0 : tensor<8xcomplex<f32>>
}

func.func @row_long_cf32(%x: tensor<16x4096xcomplex<f32>>) -> tensor<16xcomplex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<16x4096xcomplex<f32>> -> tensor<16xcomplex<f32>>
  return %0 : tensor<16xcomplex<f32>>
}

func.func @column_cf32(%x: tensor<1000x64xcomplex<f32>>) -> tensor<64xcomplex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1000x64xcomplex<f32>> -> tensor<64xcomplex<f32>>
  return %0 : tensor<64xcomplex<f32>>
}

func.func @middle_cf32(%x: tensor<4x10x32xcomplex<f32>>) -> tensor<4x32xcomplex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x10x32xcomplex<f32>> -> tensor<4x32xcomplex<f32>>
  return %0 : tensor<4x32xcomplex<f32>>
}

func.func @all_cf32(%x: tensor<64x1024xcomplex<f32>>) -> tensor<complex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<64x1024xcomplex<f32>> -> tensor<complex<f32>>
  return %0 : tensor<complex<f32>>
}

func.func @serial_cf32(%x: tensor<4x6x8xcomplex<f32>>) -> tensor<6xcomplex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<4x6x8xcomplex<f32>> -> tensor<6xcomplex<f32>>
  return %0 : tensor<6xcomplex<f32>>
}

func.func @keep_cf32(%x: tensor<2x3x4x5xcomplex<f32>>) -> tensor<2x3x1x1xcomplex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>, keep_dims = true} : tensor<2x3x4x5xcomplex<f32>> -> tensor<2x3x1x1xcomplex<f32>>
  return %0 : tensor<2x3x1x1xcomplex<f32>>
}

func.func @dynamic_cf32(%x: tensor<?x?xcomplex<f32>>) -> tensor<?xcomplex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xcomplex<f32>> -> tensor<?xcomplex<f32>>
  return %0 : tensor<?xcomplex<f32>>
}

func.func @dynamic_all_cf32(%x: tensor<?x?xcomplex<f32>>) -> tensor<complex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<?x?xcomplex<f32>> -> tensor<complex<f32>>
  return %0 : tensor<complex<f32>>
}

func.func @empty_rows_cf32(%x: tensor<0x16xcomplex<f32>>) -> tensor<0xcomplex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<0x16xcomplex<f32>> -> tensor<0xcomplex<f32>>
  return %0 : tensor<0xcomplex<f32>>
}

func.func @empty_row_cf32(%x: tensor<3x0xcomplex<f32>>) -> tensor<3xcomplex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x0xcomplex<f32>> -> tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}

// complex<f64>

func.func @row_short_cf64(%x: tensor<8x100xcomplex<f64>>) -> tensor<8xcomplex<f64>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8x100xcomplex<f64>> -> tensor<8xcomplex<f64>>
  return %0 : tensor<8xcomplex<f64>>
}

func.func @row_long_cf64(%x: tensor<16x4096xcomplex<f64>>) -> tensor<16xcomplex<f64>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<16x4096xcomplex<f64>> -> tensor<16xcomplex<f64>>
  return %0 : tensor<16xcomplex<f64>>
}

func.func @column_cf64(%x: tensor<1000x64xcomplex<f64>>) -> tensor<64xcomplex<f64>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1000x64xcomplex<f64>> -> tensor<64xcomplex<f64>>
  return %0 : tensor<64xcomplex<f64>>
}

func.func @middle_cf64(%x: tensor<4x10x32xcomplex<f64>>) -> tensor<4x32xcomplex<f64>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x10x32xcomplex<f64>> -> tensor<4x32xcomplex<f64>>
  return %0 : tensor<4x32xcomplex<f64>>
}

func.func @all_cf64(%x: tensor<64x1024xcomplex<f64>>) -> tensor<complex<f64>> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<64x1024xcomplex<f64>> -> tensor<complex<f64>>
  return %0 : tensor<complex<f64>>
}

func.func @serial_cf64(%x: tensor<4x6x8xcomplex<f64>>) -> tensor<6xcomplex<f64>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<4x6x8xcomplex<f64>> -> tensor<6xcomplex<f64>>
  return %0 : tensor<6xcomplex<f64>>
}

func.func @keep_cf64(%x: tensor<2x3x4x5xcomplex<f64>>) -> tensor<2x3x1x1xcomplex<f64>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>, keep_dims = true} : tensor<2x3x4x5xcomplex<f64>> -> tensor<2x3x1x1xcomplex<f64>>
  return %0 : tensor<2x3x1x1xcomplex<f64>>
}

func.func @dynamic_cf64(%x: tensor<?x?xcomplex<f64>>) -> tensor<?xcomplex<f64>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xcomplex<f64>> -> tensor<?xcomplex<f64>>
  return %0 : tensor<?xcomplex<f64>>
}

func.func @dynamic_all_cf64(%x: tensor<?x?xcomplex<f64>>) -> tensor<complex<f64>> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<?x?xcomplex<f64>> -> tensor<complex<f64>>
  return %0 : tensor<complex<f64>>
}

func.func @empty_rows_cf64(%x: tensor<0x16xcomplex<f64>>) -> tensor<0xcomplex<f64>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<0x16xcomplex<f64>> -> tensor<0xcomplex<f64>>
  return %0 : tensor<0xcomplex<f64>>
}

func.func @empty_row_cf64(%x: tensor<3x0xcomplex<f64>>) -> tensor<3xcomplex<f64>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x0xcomplex<f64>> -> tensor<3xcomplex<f64>>
  return %0 : tensor<3xcomplex<f64>>
}

