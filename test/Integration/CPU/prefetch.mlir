// Software prefetch (rmean-prefetch) leaves every result as it was: the
// compensated f64 and exact i64 loops that prefetch their input give what
// the scalar code gives, with the default distance, with one line ahead
// (so that every marked loop, short ones included, prefetches), with the
// largest distance (every look-ahead past the loop's end, so each prefetch
// falls back to the current iteration), and on 2 threads. Rows of 1000
// (62 steps of 16 lanes, then a tail), columns of 1000 rows.
// f64 rows and columns: 2^60, then 998 copies of r + 1, then -2^60 (a plain
// f64 sum loses the small terms: 0, not 0.998 (r + 1)). i64 rows: all
// INT64_MAX (the sum leaves i64), and INT64_MIN / INT64_MAX alternating
// (-500 / 1000 truncates to 0). f32 columns 32 wide, 8 rows per step
// (outer-rows-per-step=8): each step prefetches the block 8 rows on, and
// with the largest distance the last row (every look-ahead clamped). f32
// rows of 768 (blocks of 8 x 32 lanes, each block's clamp computed before
// it): at the default distance and at 2048 bytes, the blocks near the end
// are clamped to the buffer's last block. Whole rows (rmean.whole_rows_loop,
// 8 rows of 49 per step) of 1.1-1.2 MB inputs, f32 and bf16: each step
// prefetches the rows a distance on, the last steps' clamped to the last
// step's rows.

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline=vector-size=0 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline=prefetch-distance=64 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline=prefetch-distance=1048576 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="prefetch-distance=64 num-threads=2" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="outer-rows-per-step=8" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="outer-rows-per-step=8 prefetch-distance=1048576" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline=prefetch-distance=2048 | %{run} | FileCheck %s
// The runs above do prefetch.
// RUN: rmean-opt %s --rmean-cpu-pipeline=prefetch-distance=64 | FileCheck %s --check-prefix=IR
// IR: llvm.intr.prefetch
// RUN: rmean-opt %s --rmean-cpu-pipeline="outer-rows-per-step=8" | FileCheck %s --check-prefix=BLOCK
// BLOCK-LABEL: llvm.func @short_columns
// BLOCK-COUNT-8: llvm.intr.prefetch
// BLOCK-LABEL: llvm.func @rows(
// RUN: rmean-opt %s --rmean-cpu-pipeline | FileCheck %s --check-prefix=WHOLE
// WHOLE-LABEL: llvm.func @pool_rows
// WHOLE-COUNT-25: llvm.intr.prefetch
// WHOLE-LABEL: llvm.func @pool_rows_bf16
// WHOLE-COUNT-13: llvm.intr.prefetch

// CHECK: data =
// CHECK-NEXT: [0.998,  1.996,  2.994]
// CHECK: data =
// CHECK-NEXT: [0.998,  1.996,  2.994]
// CHECK: data =
// CHECK-NEXT: [0.998,  1.996,  2.994]
// CHECK: data =
// CHECK-NEXT: [3,  4,  5,  6,  7]
// CHECK: data =
// CHECK-NEXT: [4,  5,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  19,  20,  21,  22,  23,  24,  25,  26,  27,  28,  29,  30,  31,  32,  33,  34,  35]
// CHECK: data =
// CHECK-NEXT: [9223372036854775807,  0]
// CHECK: data =
// CHECK-NEXT: [9223372036854775807,  0]
// CHECK: data =
// CHECK-NEXT: [3,  4,  5,  6,  7,  8,  9,  3]
// CHECK: data =
// CHECK-NEXT: [3,  4,  5,  6,  7,  8,  9,  3]
// CHECK: data =
// CHECK-NEXT: [3,  4,  5,  6,  7,  8,  9,  3]
// CHECK: data =
// CHECK-NEXT: [5,  6,  7,  8,  9,  3,  4,  5]

func.func private @printMemrefF64(tensor<*xf64>)
func.func private @printMemrefF32(tensor<*xf32>)

// Columns whose rows span less than a page per step (32 f32, two steps of 16 lanes): with 8 rows
// per step (outer-rows-per-step=8, or the host's rule on Intel AVX-512)
// each step prefetches its block 8 rows on, clamped to the last row. 1009
// rows (a prime: no fewer rows per step divide them) leave a tail row.
func.func @short_columns(%x: tensor<1009x32xf32>) -> tensor<32xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1009x32xf32> -> tensor<32xf32>
  return %0 : tensor<32xf32>
}
// Rows of blocked f32 sums, 5 x 768 f32: 3840 elements, so that the last
// blocks' look-ahead (2048 elements at the default distance) is clamped.
func.func @float_rows(%x: tensor<5x768xf32>) -> tensor<5xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<5x768xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
func.func private @printMemrefI64(tensor<*xi64>)

func.func @rows(%x: tensor<3x1000xf64>) -> tensor<3xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x1000xf64> -> tensor<3xf64>
  return %0 : tensor<3xf64>
}
func.func @rows_dynamic(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf64> -> tensor<?xf64>
  return %0 : tensor<?xf64>
}
func.func @columns(%x: tensor<1000x3xf64>) -> tensor<3xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1000x3xf64> -> tensor<3xf64>
  return %0 : tensor<3xf64>
}
func.func @integer_rows(%x: tensor<2x1000xi64>) -> tensor<2xi64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<2x1000xi64> -> tensor<2xi64>
  return %0 : tensor<2xi64>
}
func.func @integer_rows_dynamic(%x: tensor<?x?xi64>) -> tensor<?xi64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xi64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// Element i of series s (a row's or a column's index).
func.func @float_pattern(%s: index, %i: index) -> f64 {
  %big = arith.constant 1.152921504606846976e18 : f64
  %nbig = arith.constant -1.152921504606846976e18 : f64
  %c0 = arith.constant 0 : index
  %c999 = arith.constant 999 : index
  %si = arith.index_cast %s : index to i64
  %sf = arith.sitofp %si : i64 to f64
  %one = arith.constant 1.0 : f64
  %small = arith.addf %sf, %one : f64
  %first = arith.cmpi eq, %i, %c0 : index
  %last = arith.cmpi eq, %i, %c999 : index
  %a = arith.select %last, %nbig, %small : f64
  %v = arith.select %first, %big, %a : f64
  return %v : f64
}
func.func @integer_pattern(%s: index, %i: index) -> i64 {
  %max = arith.constant 9223372036854775807 : i64
  %min = arith.constant -9223372036854775808 : i64
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %odd = arith.remui %i, %c2 : index
  %isodd = arith.cmpi ne, %odd, %c0 : index
  %alt = arith.select %isodd, %max, %min : i64
  %first = arith.cmpi eq, %s, %c0 : index
  %v = arith.select %first, %max, %alt : i64
  return %v : i64
}

func.func @print_f64(%m: tensor<?xf64>) {
  %u = tensor.cast %m : tensor<?xf64> to tensor<*xf64>
  call @printMemrefF64(%u) : (tensor<*xf64>) -> ()
  return
}
func.func @print_i64(%m: tensor<?xi64>) {
  %u = tensor.cast %m : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%u) : (tensor<*xi64>) -> ()
  return
}

// 6000 x 49 f32 and 11000 x 49 bf16: whole rows, 8 per step.
func.func @pool_rows(%x: tensor<6000x49xf32>) -> tensor<6000xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<6000x49xf32> -> tensor<6000xf32>
  return %0 : tensor<6000xf32>
}
func.func @pool_rows_bf16(%x: tensor<11000x49xbf16>) -> tensor<11000xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<11000x49xbf16> -> tensor<11000xbf16>
  return %0 : tensor<11000xbf16>
}
// Row r of a pool: r mod 7 + 1, plus 49 in columns 0 and 48 (the mean is
// r mod 7 + 3 only if the whole row is added).
func.func @pool_value(%r: index, %c: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %c48 = arith.constant 48 : index
  %m = arith.remui %r, %c7 : index
  %mi = arith.index_cast %m : index to i64
  %mf = arith.sitofp %mi : i64 to f32
  %one = arith.constant 1.0 : f32
  %v = arith.addf %mf, %one : f32
  %extra = arith.constant 49.0 : f32
  %ve = arith.addf %v, %extra : f32
  %is0 = arith.cmpi eq, %c, %c0 : index
  %is48 = arith.cmpi eq, %c, %c48 : index
  %marked = arith.ori %is0, %is48 : i1
  %w = arith.select %marked, %ve, %v : f32
  return %w : f32
}
// Rows [0, 8) and the last 8 rows of `m`, as f32.
func.func @print_ends(%m: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %n = tensor.dim %m, %c0 : tensor<?xf32>
  %at = arith.subi %n, %c8 : index
  %a = tensor.extract_slice %m[0] [8] [1] : tensor<?xf32> to tensor<8xf32>
  %b = tensor.extract_slice %m[%at] [8] [1] : tensor<?xf32> to tensor<8xf32>
  %au = tensor.cast %a : tensor<8xf32> to tensor<*xf32>
  %bu = tensor.cast %b : tensor<8xf32> to tensor<*xf32>
  call @printMemrefF32(%au) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%bu) : (tensor<*xf32>) -> ()
  return
}
func.func @main() {
  %rows = tensor.generate {
  ^bb0(%r: index, %c: index):
    %v = func.call @float_pattern(%r, %c) : (index, index) -> f64
    tensor.yield %v : f64
  } : tensor<3x1000xf64>
  %m0 = call @rows(%rows) : (tensor<3x1000xf64>) -> tensor<3xf64>
  %m0d = tensor.cast %m0 : tensor<3xf64> to tensor<?xf64>
  call @print_f64(%m0d) : (tensor<?xf64>) -> ()
  %rowsd = tensor.cast %rows : tensor<3x1000xf64> to tensor<?x?xf64>
  %m1 = call @rows_dynamic(%rowsd) : (tensor<?x?xf64>) -> tensor<?xf64>
  call @print_f64(%m1) : (tensor<?xf64>) -> ()
  %cols = tensor.generate {
  ^bb0(%r: index, %c: index):
    %v = func.call @float_pattern(%c, %r) : (index, index) -> f64
    tensor.yield %v : f64
  } : tensor<1000x3xf64>
  %m2 = call @columns(%cols) : (tensor<1000x3xf64>) -> tensor<3xf64>
  %m2d = tensor.cast %m2 : tensor<3xf64> to tensor<?xf64>
  call @print_f64(%m2d) : (tensor<?xf64>) -> ()

  // Row r: r + 1, plus 768 in columns 300 and 767: the mean is r + 3 only
  // if every block is added.
  %frows = tensor.generate {
  ^bb0(%r: index, %c: index):
    %c300 = arith.constant 300 : index
    %c767 = arith.constant 767 : index
    %ri = arith.index_cast %r : index to i64
    %rf = arith.sitofp %ri : i64 to f32
    %one = arith.constant 1.0 : f32
    %v = arith.addf %rf, %one : f32
    %extra = arith.constant 768.0 : f32
    %ve = arith.addf %v, %extra : f32
    %is300 = arith.cmpi eq, %c, %c300 : index
    %is767 = arith.cmpi eq, %c, %c767 : index
    %marked = arith.ori %is300, %is767 : i1
    %w = arith.select %marked, %ve, %v : f32
    tensor.yield %w : f32
  } : tensor<5x768xf32>
  %m6 = call @float_rows(%frows) : (tensor<5x768xf32>) -> tensor<5xf32>
  %m6u = tensor.cast %m6 : tensor<5xf32> to tensor<*xf32>
  call @printMemrefF32(%m6u) : (tensor<*xf32>) -> ()

  // Column c: c + 1, plus 1009 in rows 0, 500 and 1008 (the first, a
  // middle and the tail row): the mean is c + 4 only if every row is added.
  %short = tensor.generate {
  ^bb0(%r: index, %c: index):
    %c0 = arith.constant 0 : index
    %c500 = arith.constant 500 : index
    %c1000 = arith.constant 1008 : index
    %ci = arith.index_cast %c : index to i64
    %cf = arith.sitofp %ci : i64 to f32
    %one = arith.constant 1.0 : f32
    %v = arith.addf %cf, %one : f32
    %extra = arith.constant 1009.0 : f32
    %ve = arith.addf %v, %extra : f32
    %is0 = arith.cmpi eq, %r, %c0 : index
    %is500 = arith.cmpi eq, %r, %c500 : index
    %is1000 = arith.cmpi eq, %r, %c1000 : index
    %a = arith.ori %is0, %is500 : i1
    %marked = arith.ori %a, %is1000 : i1
    %w = arith.select %marked, %ve, %v : f32
    tensor.yield %w : f32
  } : tensor<1009x32xf32>
  %m5 = call @short_columns(%short) : (tensor<1009x32xf32>) -> tensor<32xf32>
  %m5u = tensor.cast %m5 : tensor<32xf32> to tensor<*xf32>
  call @printMemrefF32(%m5u) : (tensor<*xf32>) -> ()

  %ints = tensor.generate {
  ^bb0(%r: index, %c: index):
    %v = func.call @integer_pattern(%r, %c) : (index, index) -> i64
    tensor.yield %v : i64
  } : tensor<2x1000xi64>
  %m3 = call @integer_rows(%ints) : (tensor<2x1000xi64>) -> tensor<2xi64>
  %m3d = tensor.cast %m3 : tensor<2xi64> to tensor<?xi64>
  call @print_i64(%m3d) : (tensor<?xi64>) -> ()
  %intsd = tensor.cast %ints : tensor<2x1000xi64> to tensor<?x?xi64>
  %m4 = call @integer_rows_dynamic(%intsd) : (tensor<?x?xi64>) -> tensor<?xi64>
  call @print_i64(%m4) : (tensor<?xi64>) -> ()

  %pool = tensor.generate {
  ^bb0(%r: index, %c: index):
    %v = func.call @pool_value(%r, %c) : (index, index) -> f32
    tensor.yield %v : f32
  } : tensor<6000x49xf32>
  %m7 = call @pool_rows(%pool) : (tensor<6000x49xf32>) -> tensor<6000xf32>
  %m7d = tensor.cast %m7 : tensor<6000xf32> to tensor<?xf32>
  call @print_ends(%m7d) : (tensor<?xf32>) -> ()
  %poolb = tensor.generate {
  ^bb0(%r: index, %c: index):
    %v = func.call @pool_value(%r, %c) : (index, index) -> f32
    %b = arith.truncf %v : f32 to bf16
    tensor.yield %b : bf16
  } : tensor<11000x49xbf16>
  %m8 = call @pool_rows_bf16(%poolb) : (tensor<11000x49xbf16>) -> tensor<11000xbf16>
  %m8f = arith.extf %m8 : tensor<11000xbf16> to tensor<11000xf32>
  %m8d = tensor.cast %m8f : tensor<11000xf32> to tensor<?xf32>
  call @print_ends(%m8d) : (tensor<?xf32>) -> ()
  return
}
