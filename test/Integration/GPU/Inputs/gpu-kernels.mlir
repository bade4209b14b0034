// The kernels of test/Integration/GPU/execution.test and no-device.test,
// compiled by scripts/rmean-gpu-aot.sh and called by gpu-driver.cpp, whose
// case table must match: name, element type, shape, axes, keep_dims.
//
// Every element type (rows of 1024, odd rows of 333, split columns, a split
// reduce-all of 65537), then every layout the strategies tell apart (a warp
// per row, a block per row, rows split over blocks, columns, split columns,
// middle axes, reduce-all, separate reduced runs), keep_dims, the identity,
// dynamic shapes, empty reductions, special values and integer limits.

// f16: rows of 1024 (a block per row, 16-byte loads where the type allows)
func.func @rows_f16(%x: tensor<256x1024xf16>) -> tensor<256xf16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<256x1024xf16> -> tensor<256xf16>
  return %0 : tensor<256xf16>
}

func.func @odd_rows_f16(%x: tensor<100x333xf16>) -> tensor<100xf16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<100x333xf16> -> tensor<100xf16>
  return %0 : tensor<100xf16>
}

func.func @cols_f16(%x: tensor<1024x96xf16>) -> tensor<96xf16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1024x96xf16> -> tensor<96xf16>
  return %0 : tensor<96xf16>
}

func.func @all_f16(%x: tensor<65537xf16>) -> tensor<f16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<65537xf16> -> tensor<f16>
  return %0 : tensor<f16>
}

func.func @rows_bf16(%x: tensor<256x1024xbf16>) -> tensor<256xbf16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<256x1024xbf16> -> tensor<256xbf16>
  return %0 : tensor<256xbf16>
}

func.func @odd_rows_bf16(%x: tensor<100x333xbf16>) -> tensor<100xbf16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<100x333xbf16> -> tensor<100xbf16>
  return %0 : tensor<100xbf16>
}

func.func @cols_bf16(%x: tensor<1024x96xbf16>) -> tensor<96xbf16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1024x96xbf16> -> tensor<96xbf16>
  return %0 : tensor<96xbf16>
}

func.func @all_bf16(%x: tensor<65537xbf16>) -> tensor<bf16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<65537xbf16> -> tensor<bf16>
  return %0 : tensor<bf16>
}

func.func @rows_f32(%x: tensor<256x1024xf32>) -> tensor<256xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<256x1024xf32> -> tensor<256xf32>
  return %0 : tensor<256xf32>
}

func.func @odd_rows_f32(%x: tensor<100x333xf32>) -> tensor<100xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<100x333xf32> -> tensor<100xf32>
  return %0 : tensor<100xf32>
}

func.func @cols_f32(%x: tensor<1024x96xf32>) -> tensor<96xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1024x96xf32> -> tensor<96xf32>
  return %0 : tensor<96xf32>
}

func.func @all_f32(%x: tensor<65537xf32>) -> tensor<f32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<65537xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

func.func @rows_f64(%x: tensor<256x1024xf64>) -> tensor<256xf64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<256x1024xf64> -> tensor<256xf64>
  return %0 : tensor<256xf64>
}

func.func @odd_rows_f64(%x: tensor<100x333xf64>) -> tensor<100xf64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<100x333xf64> -> tensor<100xf64>
  return %0 : tensor<100xf64>
}

func.func @cols_f64(%x: tensor<1024x96xf64>) -> tensor<96xf64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1024x96xf64> -> tensor<96xf64>
  return %0 : tensor<96xf64>
}

func.func @all_f64(%x: tensor<65537xf64>) -> tensor<f64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<65537xf64> -> tensor<f64>
  return %0 : tensor<f64>
}

func.func @rows_i8(%x: tensor<256x1024xi8>) -> tensor<256xi8> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<256x1024xi8> -> tensor<256xi8>
  return %0 : tensor<256xi8>
}

func.func @odd_rows_i8(%x: tensor<100x333xi8>) -> tensor<100xi8> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<100x333xi8> -> tensor<100xi8>
  return %0 : tensor<100xi8>
}

func.func @cols_i8(%x: tensor<1024x96xi8>) -> tensor<96xi8> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1024x96xi8> -> tensor<96xi8>
  return %0 : tensor<96xi8>
}

func.func @all_i8(%x: tensor<65537xi8>) -> tensor<i8> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<65537xi8> -> tensor<i8>
  return %0 : tensor<i8>
}

func.func @rows_i16(%x: tensor<256x1024xi16>) -> tensor<256xi16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<256x1024xi16> -> tensor<256xi16>
  return %0 : tensor<256xi16>
}

func.func @odd_rows_i16(%x: tensor<100x333xi16>) -> tensor<100xi16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<100x333xi16> -> tensor<100xi16>
  return %0 : tensor<100xi16>
}

func.func @cols_i16(%x: tensor<1024x96xi16>) -> tensor<96xi16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1024x96xi16> -> tensor<96xi16>
  return %0 : tensor<96xi16>
}

func.func @all_i16(%x: tensor<65537xi16>) -> tensor<i16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<65537xi16> -> tensor<i16>
  return %0 : tensor<i16>
}

func.func @rows_i32(%x: tensor<256x1024xi32>) -> tensor<256xi32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<256x1024xi32> -> tensor<256xi32>
  return %0 : tensor<256xi32>
}

func.func @odd_rows_i32(%x: tensor<100x333xi32>) -> tensor<100xi32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<100x333xi32> -> tensor<100xi32>
  return %0 : tensor<100xi32>
}

func.func @cols_i32(%x: tensor<1024x96xi32>) -> tensor<96xi32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1024x96xi32> -> tensor<96xi32>
  return %0 : tensor<96xi32>
}

func.func @all_i32(%x: tensor<65537xi32>) -> tensor<i32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<65537xi32> -> tensor<i32>
  return %0 : tensor<i32>
}

func.func @rows_i64(%x: tensor<256x1024xi64>) -> tensor<256xi64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<256x1024xi64> -> tensor<256xi64>
  return %0 : tensor<256xi64>
}

func.func @odd_rows_i64(%x: tensor<100x333xi64>) -> tensor<100xi64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<100x333xi64> -> tensor<100xi64>
  return %0 : tensor<100xi64>
}

func.func @cols_i64(%x: tensor<1024x96xi64>) -> tensor<96xi64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1024x96xi64> -> tensor<96xi64>
  return %0 : tensor<96xi64>
}

func.func @all_i64(%x: tensor<65537xi64>) -> tensor<i64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<65537xi64> -> tensor<i64>
  return %0 : tensor<i64>
}

func.func @rows_ui8(%x: tensor<256x1024xui8>) -> tensor<256xui8> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<256x1024xui8> -> tensor<256xui8>
  return %0 : tensor<256xui8>
}

func.func @odd_rows_ui8(%x: tensor<100x333xui8>) -> tensor<100xui8> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<100x333xui8> -> tensor<100xui8>
  return %0 : tensor<100xui8>
}

func.func @cols_ui8(%x: tensor<1024x96xui8>) -> tensor<96xui8> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1024x96xui8> -> tensor<96xui8>
  return %0 : tensor<96xui8>
}

func.func @all_ui8(%x: tensor<65537xui8>) -> tensor<ui8> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<65537xui8> -> tensor<ui8>
  return %0 : tensor<ui8>
}

func.func @rows_ui16(%x: tensor<256x1024xui16>) -> tensor<256xui16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<256x1024xui16> -> tensor<256xui16>
  return %0 : tensor<256xui16>
}

func.func @odd_rows_ui16(%x: tensor<100x333xui16>) -> tensor<100xui16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<100x333xui16> -> tensor<100xui16>
  return %0 : tensor<100xui16>
}

func.func @cols_ui16(%x: tensor<1024x96xui16>) -> tensor<96xui16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1024x96xui16> -> tensor<96xui16>
  return %0 : tensor<96xui16>
}

func.func @all_ui16(%x: tensor<65537xui16>) -> tensor<ui16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<65537xui16> -> tensor<ui16>
  return %0 : tensor<ui16>
}

func.func @rows_ui32(%x: tensor<256x1024xui32>) -> tensor<256xui32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<256x1024xui32> -> tensor<256xui32>
  return %0 : tensor<256xui32>
}

func.func @odd_rows_ui32(%x: tensor<100x333xui32>) -> tensor<100xui32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<100x333xui32> -> tensor<100xui32>
  return %0 : tensor<100xui32>
}

func.func @cols_ui32(%x: tensor<1024x96xui32>) -> tensor<96xui32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1024x96xui32> -> tensor<96xui32>
  return %0 : tensor<96xui32>
}

func.func @all_ui32(%x: tensor<65537xui32>) -> tensor<ui32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<65537xui32> -> tensor<ui32>
  return %0 : tensor<ui32>
}

func.func @rows_ui64(%x: tensor<256x1024xui64>) -> tensor<256xui64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<256x1024xui64> -> tensor<256xui64>
  return %0 : tensor<256xui64>
}

func.func @odd_rows_ui64(%x: tensor<100x333xui64>) -> tensor<100xui64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<100x333xui64> -> tensor<100xui64>
  return %0 : tensor<100xui64>
}

func.func @cols_ui64(%x: tensor<1024x96xui64>) -> tensor<96xui64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1024x96xui64> -> tensor<96xui64>
  return %0 : tensor<96xui64>
}

func.func @all_ui64(%x: tensor<65537xui64>) -> tensor<ui64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<65537xui64> -> tensor<ui64>
  return %0 : tensor<ui64>
}

func.func @rows_cf32(%x: tensor<256x1024xcomplex<f32>>) -> tensor<256xcomplex<f32>> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<256x1024xcomplex<f32>> -> tensor<256xcomplex<f32>>
  return %0 : tensor<256xcomplex<f32>>
}

func.func @odd_rows_cf32(%x: tensor<100x333xcomplex<f32>>) -> tensor<100xcomplex<f32>> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<100x333xcomplex<f32>> -> tensor<100xcomplex<f32>>
  return %0 : tensor<100xcomplex<f32>>
}

func.func @cols_cf32(%x: tensor<1024x96xcomplex<f32>>) -> tensor<96xcomplex<f32>> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1024x96xcomplex<f32>> -> tensor<96xcomplex<f32>>
  return %0 : tensor<96xcomplex<f32>>
}

func.func @all_cf32(%x: tensor<65537xcomplex<f32>>) -> tensor<complex<f32>> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<65537xcomplex<f32>> -> tensor<complex<f32>>
  return %0 : tensor<complex<f32>>
}

func.func @rows_cf64(%x: tensor<256x1024xcomplex<f64>>) -> tensor<256xcomplex<f64>> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<256x1024xcomplex<f64>> -> tensor<256xcomplex<f64>>
  return %0 : tensor<256xcomplex<f64>>
}

func.func @odd_rows_cf64(%x: tensor<100x333xcomplex<f64>>) -> tensor<100xcomplex<f64>> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<100x333xcomplex<f64>> -> tensor<100xcomplex<f64>>
  return %0 : tensor<100xcomplex<f64>>
}

func.func @cols_cf64(%x: tensor<1024x96xcomplex<f64>>) -> tensor<96xcomplex<f64>> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1024x96xcomplex<f64>> -> tensor<96xcomplex<f64>>
  return %0 : tensor<96xcomplex<f64>>
}

func.func @all_cf64(%x: tensor<65537xcomplex<f64>>) -> tensor<complex<f64>> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<65537xcomplex<f64>> -> tensor<complex<f64>>
  return %0 : tensor<complex<f64>>
}

// Layouts, f32.
func.func @row_short(%x: tensor<1000x100xf32>) -> tensor<1000xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<1000x100xf32> -> tensor<1000xf32>
  return %0 : tensor<1000xf32>
}

func.func @row_long(%x: tensor<64x65536xf32>) -> tensor<64xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<64x65536xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

func.func @row_split(%x: tensor<4x1048576xf32>) -> tensor<4xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x1048576xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @row_long_f16(%x: tensor<64x65536xf16>) -> tensor<64xf16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<64x65536xf16> -> tensor<64xf16>
  return %0 : tensor<64xf16>
}

func.func @col(%x: tensor<4096x256xf32>) -> tensor<256xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<4096x256xf32> -> tensor<256xf32>
  return %0 : tensor<256xf32>
}

func.func @col_split(%x: tensor<65536x64xf32>) -> tensor<64xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<65536x64xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

func.func @nhwc_pool(%x: tensor<8x7x7x512xf32>) -> tensor<8x512xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 2>} : tensor<8x7x7x512xf32> -> tensor<8x512xf32>
  return %0 : tensor<8x512xf32>
}

func.func @nchw_pool(%x: tensor<8x64x7x7xf32>) -> tensor<8x64xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>} : tensor<8x64x7x7xf32> -> tensor<8x64xf32>
  return %0 : tensor<8x64xf32>
}

func.func @all_1m(%x: tensor<1048576xf32>) -> tensor<f32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<1048576xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

func.func @all_16m3(%x: tensor<16777219xf32>) -> tensor<f32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<16777219xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

func.func @all_1m_bf16(%x: tensor<1048576xbf16>) -> tensor<bf16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<1048576xbf16> -> tensor<bf16>
  return %0 : tensor<bf16>
}

func.func @runs(%x: tensor<16x32x64xf32>) -> tensor<32xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<16x32x64xf32> -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

func.func @runs_i32(%x: tensor<16x32x64xi32>) -> tensor<32xi32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<16x32x64xi32> -> tensor<32xi32>
  return %0 : tensor<32xi32>
}

func.func @keep_rows(%x: tensor<64x300xf32>) -> tensor<64x1xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, keep_dims = true} : tensor<64x300xf32> -> tensor<64x1xf32>
  return %0 : tensor<64x1xf32>
}

func.func @keep_middle(%x: tensor<32x48x5xf32>) -> tensor<32x1x5xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, keep_dims = true} : tensor<32x48x5xf32> -> tensor<32x1x5xf32>
  return %0 : tensor<32x1x5xf32>
}

func.func @keep_all(%x: tensor<6x7x8xf32>) -> tensor<1x1x1xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false, keep_dims = true} : tensor<6x7x8xf32> -> tensor<1x1x1xf32>
  return %0 : tensor<1x1x1xf32>
}

func.func @identity(%x: tensor<33x17xf32>) -> tensor<33x17xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>} : tensor<33x17xf32> -> tensor<33x17xf32>
  return %0 : tensor<33x17xf32>
}

func.func @dyn_rows(%x: tensor<?x?xf32>) -> tensor<?xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @dyn_cols(%x: tensor<?x?xf32>) -> tensor<?xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// Empty reductions: NaN, 0 for integers.
func.func @empty_f32(%x: tensor<8x0xf32>) -> tensor<8xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8x0xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

func.func @empty_cols_f32(%x: tensor<0x8xf32>) -> tensor<8xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<0x8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

func.func @empty_f16(%x: tensor<5x0xf16>) -> tensor<5xf16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<5x0xf16> -> tensor<5xf16>
  return %0 : tensor<5xf16>
}

func.func @empty_i32(%x: tensor<8x0xi32>) -> tensor<8xi32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8x0xi32> -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

func.func @empty_ui64(%x: tensor<3x0x4xui64>) -> tensor<3x4xui64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x0x4xui64> -> tensor<3x4xui64>
  return %0 : tensor<3x4xui64>
}

func.func @empty_c64(%x: tensor<4x0xcomplex<f64>>) -> tensor<4xcomplex<f64>> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x0xcomplex<f64>> -> tensor<4xcomplex<f64>>
  return %0 : tensor<4xcomplex<f64>>
}

func.func @empty_all_f64(%x: tensor<0x3xf64>) -> tensor<f64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<0x3xf64> -> tensor<f64>
  return %0 : tensor<f64>
}

// Signed zeros, NaN, Inf (rows: all -0, mixed zeros, NaN, +Inf, +Inf and -Inf, x and -x).
func.func @specials_f32(%x: tensor<6x8xf32>) -> tensor<6xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<6x8xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// Near the integer limits: sums far outside 64 bits.
func.func @limits_i64_rows(%x: tensor<16x4096xi64>) -> tensor<16xi64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<16x4096xi64> -> tensor<16xi64>
  return %0 : tensor<16xi64>
}

func.func @limits_i64_split(%x: tensor<4x262144xi64>) -> tensor<4xi64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x262144xi64> -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

func.func @limits_i64_cols(%x: tensor<65536x16xi64>) -> tensor<16xi64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<65536x16xi64> -> tensor<16xi64>
  return %0 : tensor<16xi64>
}

func.func @limits_i64_all(%x: tensor<1048576xi64>) -> tensor<i64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<1048576xi64> -> tensor<i64>
  return %0 : tensor<i64>
}

func.func @limits_ui64_rows(%x: tensor<16x4096xui64>) -> tensor<16xui64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<16x4096xui64> -> tensor<16xui64>
  return %0 : tensor<16xui64>
}

func.func @limits_ui64_cols(%x: tensor<65536x16xui64>) -> tensor<16xui64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<65536x16xui64> -> tensor<16xui64>
  return %0 : tensor<16xui64>
}

func.func @limits_ui64_all(%x: tensor<1048576xui64>) -> tensor<ui64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<1048576xui64> -> tensor<ui64>
  return %0 : tensor<ui64>
}

func.func @limits_i32_rows(%x: tensor<16x4096xi32>) -> tensor<16xi32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<16x4096xi32> -> tensor<16xi32>
  return %0 : tensor<16xi32>
}

func.func @limits_ui32_cols(%x: tensor<65536x16xui32>) -> tensor<16xui32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<65536x16xui32> -> tensor<16xui32>
  return %0 : tensor<16xui32>
}

func.func @limits_i8_all(%x: tensor<1048576xi8>) -> tensor<i8> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<1048576xi8> -> tensor<i8>
  return %0 : tensor<i8>
}

// Mixed signs (cancellation) and larger magnitudes.
func.func @signed_f32(%x: tensor<512x2048xf32>) -> tensor<512xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<512x2048xf32> -> tensor<512xf32>
  return %0 : tensor<512xf32>
}

func.func @signed_f64_cols(%x: tensor<8192x40xf64>) -> tensor<40xf64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<8192x40xf64> -> tensor<40xf64>
  return %0 : tensor<40xf64>
}

func.func @big_bf16(%x: tensor<64x4096xbf16>) -> tensor<64xbf16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<64x4096xbf16> -> tensor<64xbf16>
  return %0 : tensor<64xbf16>
}

func.func @big_f16_cols(%x: tensor<4096x64xf16>) -> tensor<64xf16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<4096x64xf16> -> tensor<64xf16>
  return %0 : tensor<64xf16>
}

// Runtime axes (a tensor<?xi64> operand in device memory, after the input):
// the host copies and decodes them, then launches the kernel of the set
// they name. The driver passes the axes its table lists (negative,
// unsorted), and calls each entry point with a third descriptor.
func.func @rt_rows_f32(%x: tensor<256x1024xf32>, %a: tensor<?xi64>) -> tensor<?xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x, %a : tensor<256x1024xf32>, tensor<?xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @rt_pool_f16(%x: tensor<4x8x8x32xf16>, %a: tensor<?xi64>) -> tensor<?x?xf16> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x, %a : tensor<4x8x8x32xf16>, tensor<?xi64> -> tensor<?x?xf16>
  return %0 : tensor<?x?xf16>
}

func.func @rt_stats_f32_keep(%x: tensor<8x16x5x5xf32>, %a: tensor<?xi64>) -> tensor<?x?x?x?xf32> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x, %a {keep_dims = true} : tensor<8x16x5x5xf32>, tensor<?xi64> -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}

func.func @rt_cols_i64(%x: tensor<1000x24xi64>, %a: tensor<?xi64>) -> tensor<?xi64> attributes {llvm.emit_c_interface} {
  %0 = rmean.reduce_mean %x, %a : tensor<1000x24xi64>, tensor<?xi64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}
