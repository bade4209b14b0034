// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy --split-input-file | FileCheck %s
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy="vector-size=8 cache-tile=256 num-threads=3" --split-input-file | FileCheck %s --check-prefix=OPTS
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy="vector-size=1024" --split-input-file | FileCheck %s --check-prefix=BIG
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy="vector-size=8 target-vector-bits=256" --split-input-file | FileCheck %s --check-prefix=AVX2
// Options outside the attribute's range are one clear error.
// RUN: not rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy="vector-size=0" --split-input-file 2>&1 | FileCheck %s --check-prefix=BADVS
// RUN: not rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy="vector-size=1025" --split-input-file 2>&1 | FileCheck %s --check-prefix=BADVS2
// RUN: not rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy="num-threads=-2" --split-input-file 2>&1 | FileCheck %s --check-prefix=BADTH
// RUN: not rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy="cache-tile=0" --split-input-file 2>&1 | FileCheck %s --check-prefix=BADCT
// RUN: not rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy="outer-rows-per-step=65" --split-input-file 2>&1 | FileCheck %s --check-prefix=BADROWS
// RUN: not rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy="min-threaded-bytes=-5" --split-input-file 2>&1 | FileCheck %s --check-prefix=BADMINB
// BADMINB: option 'min-threaded-bytes' must be in [0, 2147483648], got -5
// RUN: not rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy="row-streams-bytes=2147483649" --split-input-file 2>&1 | FileCheck %s --check-prefix=BADSTREAMB
// BADSTREAMB: option 'row-streams-bytes' must be in [0, 2147483648], got 2147483649
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy="row-streams-bytes=0" --split-input-file | FileCheck %s --check-prefix=STREAMB0
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy="num-threads=3 min-threaded-bytes=0" --split-input-file | FileCheck %s --check-prefix=MINB0
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy="num-threads=3 min-threaded-bytes=4194304" --split-input-file | FileCheck %s --check-prefix=MINB4M
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy="num-threads=8" --split-input-file | FileCheck %s --check-prefix=THR8
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy="num-threads=2" --split-input-file | FileCheck %s --check-prefix=THR2
// BADROWS: option 'outer-rows-per-step' must be 0 (by width) or in [1, 64], got 65
// outer-rows-per-step=N gives every outer reduction N rows per step, but
// compensated sums and narrow columns (their own lane layouts).
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy="outer-rows-per-step=8" --split-input-file | FileCheck %s --check-prefix=ROWS8
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy="outer-rows-per-step=3" --split-input-file | FileCheck %s --check-prefix=ROWS3
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy="outer-rows-per-step=1" --split-input-file | FileCheck %s --check-prefix=ROWS1
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-narrow-integer-sums --rmean-select-cpu-strategy --split-input-file | FileCheck %s --check-prefix=I32
// BADVS: option 'vector-size' must be in [1, 1024], got 0
// BADVS2: option 'vector-size' must be in [1, 1024], got 1025
// BADTH: option 'num-threads' must be in [1, 4096], got -2
// BADCT: option 'cache-tile' must be in [1, 1073741824], got 0

// Row mean: the reduced dimension is last.
// CHECK-LABEL: func.func @inner
//       CHECK:   linalg.generic
//  CHECK-SAME:     rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>,
//  CHECK-SAME:     rmean.reduction
// OPTS-LABEL: func.func @inner
//       OPTS:   rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 8, cache_tile = 256>,
func.func @inner(%x: tensor<64x300xf32>) -> tensor<64xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<64x300xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// Threads: inputs of a static size below 1 MiB stay on one thread; 1 MiB
// or more, or a dynamic size, get num-threads.
// OPTS-LABEL: func.func @threads
//       OPTS:   #rmean.cpu_strategy<kind = inner, vector_size = 8, cache_tile = 256>,
//       OPTS:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 256, threads = 3>,
//       OPTS:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 256, threads = 3, masked_tail = true>,
// min-threaded-bytes moves the bound: 0 splits every non-empty input, 4 MiB
// keeps both static ones on one thread.
// MINB0-LABEL: func.func @threads
// MINB0-COUNT-3:   threads = 3
// MINB0-LABEL: func.func @threads_empty
//  MINB0-NOT:   threads =
//      MINB0:   rmean.cpu_strategy = #rmean.cpu_strategy<kind = none, vector_size = 16, cache_tile = 1024>
//  MINB0-NOT:   threads =
//      MINB0:   return
// MINB4M-LABEL: func.func @threads
//  MINB4M-NOT:   threads = 3
//      MINB4M:   threads = 3, rows_per_step = 8>>, rmean.cpu_strategy = {{.*}}threads = 3, masked_tail = true>
//  MINB4M-NOT:   threads = 3
//      MINB4M:   return
func.func @threads(%small: tensor<512x511xf32>, %big: tensor<512x512xf32>, %dyn: tensor<2x?xf16>) -> (tensor<512xf32>, tensor<512xf32>, tensor<2xf16>) {
  %0 = rmean.reduce_mean %small {axes = array<i64: 1>} : tensor<512x511xf32> -> tensor<512xf32>
  %1 = rmean.reduce_mean %big {axes = array<i64: 1>} : tensor<512x512xf32> -> tensor<512xf32>
  %2 = rmean.reduce_mean %dyn {axes = array<i64: 1>} : tensor<2x?xf16> -> tensor<2xf16>
  return %0, %1, %2 : tensor<512xf32>, tensor<512xf32>, tensor<2xf16>
}

// -----

// An empty input stays on one thread whatever the bound.
func.func @threads_empty(%x: tensor<0x600000xf32>) -> tensor<0xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<0x600000xf32> -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

// NCHW global pooling coalesces to [N*C, H*W]: inner.
// CHECK-LABEL: func.func @nchw
//       CHECK:   kind = inner,
func.func @nchw(%x: tensor<2x3x7x7xf16>) -> tensor<2x3xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>} : tensor<2x3x7x7xf16> -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// @short_rows: static rows shorter than 64, or up to 256 long and not a
// multiple of the lanes, or (512-bit targets) any up to 256, are read
// whole: lanes a power of two at least as long as the row, eight rows per
// step up to 64 lanes, then as many as fill 32 registers (512 elements at
// 512 bits, 256 below) but at least two; rows the lanes divide 256
// elements per step. Rows the lanes divide on narrower
// targets or of 8- and 16-bit integers (their i32 blocks), longer rows, dynamic lengths, and f64 or 64-bit integer sums
// (their own lanes) keep the lanes of long rows; a dynamic length reads its
// last, partial step as one masked vector (masked_tail).
// CHECK-LABEL: func.func @short_rows
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 64, cache_tile = 1024, rows_per_step = 8>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 8>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 128, cache_tile = 1024, rows_per_step = 4>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 64, cache_tile = 1024, rows_per_step = 8>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 64, cache_tile = 1024, rows_per_step = 4>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, masked_tail = true>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 256, cache_tile = 1024, rows_per_step = 2>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 256, cache_tile = 1024, rows_per_step = 2>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 128, cache_tile = 1024, rows_per_step = 2>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 256, cache_tile = 1024, rows_per_step = 2>
// OPTS-LABEL: func.func @short_rows
//       OPTS:   #rmean.cpu_strategy<kind = inner, vector_size = 64, cache_tile = 256, rows_per_step = 8>
//       OPTS:   #rmean.cpu_strategy<kind = inner, vector_size = 8, cache_tile = 256, rows_per_step = 8>
//       OPTS:   #rmean.cpu_strategy<kind = inner, vector_size = 128, cache_tile = 256, threads = 3, rows_per_step = 4>
//       OPTS:   #rmean.cpu_strategy<kind = inner, vector_size = 64, cache_tile = 256, rows_per_step = 8>
//       OPTS:   #rmean.cpu_strategy<kind = inner, vector_size = 64, cache_tile = 256, rows_per_step = 4>
// AVX2-LABEL: func.func @short_rows
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 64, cache_tile = 1024, rows_per_step = 8>
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 8, cache_tile = 1024, rows_per_step = 8>
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 128, cache_tile = 1024, rows_per_step = 2>
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 64, cache_tile = 1024, rows_per_step = 8>
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 8, cache_tile = 1024>
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, masked_tail = true>
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 8, cache_tile = 1024>
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 8, cache_tile = 1024>
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 256, cache_tile = 1024, rows_per_step = 2>
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 8, cache_tile = 1024>
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 8, cache_tile = 1024>
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 8, cache_tile = 1024>
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 8, cache_tile = 1024>
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 256, cache_tile = 1024, rows_per_step = 2>
func.func @short_rows(%a: tensor<8x49xf32>, %b: tensor<8x3xbf16>, %c: tensor<?x100xi8>,
                      %d: tensor<8x49xui32>, %e: tensor<8x64xf16>, %f: tensor<8x?xf32>,
                      %g: tensor<8x49xf64>, %h: tensor<8x49xi64>, %i: tensor<8x196xf32>,
                      %j: tensor<8x256xf32>, %k: tensor<8x128xbf16>, %l: tensor<8x257xf32>,
                      %m: tensor<8x256xi8>, %n: tensor<8x196xi8>)
    -> (tensor<8xf32>, tensor<8xbf16>, tensor<?xi8>, tensor<8xui32>, tensor<8xf16>,
        tensor<8xf32>, tensor<8xf64>, tensor<8xi64>, tensor<8xf32>, tensor<8xf32>,
        tensor<8xbf16>, tensor<8xf32>, tensor<8xi8>, tensor<8xi8>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<8x49xf32> -> tensor<8xf32>
  %1 = rmean.reduce_mean %b {axes = array<i64: 1>} : tensor<8x3xbf16> -> tensor<8xbf16>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<?x100xi8> -> tensor<?xi8>
  %3 = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<8x49xui32> -> tensor<8xui32>
  %4 = rmean.reduce_mean %e {axes = array<i64: 1>} : tensor<8x64xf16> -> tensor<8xf16>
  %5 = rmean.reduce_mean %f {axes = array<i64: 1>} : tensor<8x?xf32> -> tensor<8xf32>
  %6 = rmean.reduce_mean %g {axes = array<i64: 1>} : tensor<8x49xf64> -> tensor<8xf64>
  %7 = rmean.reduce_mean %h {axes = array<i64: 1>} : tensor<8x49xi64> -> tensor<8xi64>
  %8 = rmean.reduce_mean %i {axes = array<i64: 1>} : tensor<8x196xf32> -> tensor<8xf32>
  %9 = rmean.reduce_mean %j {axes = array<i64: 1>} : tensor<8x256xf32> -> tensor<8xf32>
  %10 = rmean.reduce_mean %k {axes = array<i64: 1>} : tensor<8x128xbf16> -> tensor<8xbf16>
  %11 = rmean.reduce_mean %l {axes = array<i64: 1>} : tensor<8x257xf32> -> tensor<8xf32>
  %12 = rmean.reduce_mean %m {axes = array<i64: 1>} : tensor<8x256xi8> -> tensor<8xi8>
  %13 = rmean.reduce_mean %n {axes = array<i64: 1>} : tensor<8x196xi8> -> tensor<8xi8>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13 : tensor<8xf32>,
      tensor<8xbf16>, tensor<?xi8>, tensor<8xui32>, tensor<8xf16>, tensor<8xf32>,
      tensor<8xf64>, tensor<8xi64>, tensor<8xf32>, tensor<8xf32>, tensor<8xbf16>,
      tensor<8xf32>, tensor<8xi8>, tensor<8xi8>
}

// -----

// @short_rows_l2: rows of exactly 64, 128 or 256 elements (the lanes) in a
// static input of at most 1 MiB read by one thread take 4096 elements per
// step, halved until the step divides the rows into at least four steps.
// 4x16x256 reaches the pass as 64x256. Several threads (MINB0) and 256-bit
// targets (AVX2) keep the default steps.
// CHECK-LABEL: func.func @short_rows_l2
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 256, cache_tile = 1024, rows_per_step = 16>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 256, cache_tile = 1024, rows_per_step = 16>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 128, cache_tile = 1024, rows_per_step = 32>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 64, cache_tile = 1024, rows_per_step = 64>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 256, cache_tile = 1024, rows_per_step = 8>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 256, cache_tile = 1024, rows_per_step = 4>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 256, cache_tile = 1024, rows_per_step = 16>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 256, cache_tile = 1024, rows_per_step = 16>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 256, cache_tile = 1024, rows_per_step = 16>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 256, cache_tile = 1024, rows_per_step = 16>
// MINB0-LABEL: func.func @short_rows_l2
//       MINB0:   #rmean.cpu_strategy<kind = inner, vector_size = 256, cache_tile = 1024, threads = 3, rows_per_step = 2>
//       MINB0:   #rmean.cpu_strategy<kind = inner, vector_size = 256, cache_tile = 1024, threads = 3, rows_per_step = 2>
// AVX2-LABEL: func.func @short_rows_l2
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 8, cache_tile = 1024>
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 8, cache_tile = 1024>
func.func @short_rows_l2(%a: tensor<256x256xf32>, %b: tensor<1024x256xf32>,
                         %d: tensor<1024x128xf32>, %e: tensor<256x64xf32>, %f: tensor<40x256xf32>,
                         %g: tensor<16x256xf32>, %i: tensor<4x16x256xf32>,
                         %k: tensor<256x256xi32>, %l: tensor<512x256xbf16>,
                         %o: tensor<2048x256xbf16>)
    -> (tensor<256xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<256xf32>, tensor<40xf32>,
        tensor<16xf32>, tensor<4x16xf32>, tensor<256xi32>, tensor<512xbf16>, tensor<2048xbf16>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<256x256xf32> -> tensor<256xf32>
  %1 = rmean.reduce_mean %b {axes = array<i64: 1>} : tensor<1024x256xf32> -> tensor<1024xf32>
  %2 = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<1024x128xf32> -> tensor<1024xf32>
  %3 = rmean.reduce_mean %e {axes = array<i64: 1>} : tensor<256x64xf32> -> tensor<256xf32>
  %4 = rmean.reduce_mean %f {axes = array<i64: 1>} : tensor<40x256xf32> -> tensor<40xf32>
  %5 = rmean.reduce_mean %g {axes = array<i64: 1>} : tensor<16x256xf32> -> tensor<16xf32>
  %6 = rmean.reduce_mean %i {axes = array<i64: 2>} : tensor<4x16x256xf32> -> tensor<4x16xf32>
  %7 = rmean.reduce_mean %k {axes = array<i64: 1>} : tensor<256x256xi32> -> tensor<256xi32>
  %8 = rmean.reduce_mean %l {axes = array<i64: 1>} : tensor<512x256xbf16> -> tensor<512xbf16>
  %9 = rmean.reduce_mean %o {axes = array<i64: 1>} : tensor<2048x256xbf16> -> tensor<2048xbf16>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<256xf32>, tensor<1024xf32>, tensor<1024xf32>,
      tensor<256xf32>, tensor<40xf32>, tensor<16xf32>, tensor<4x16xf32>, tensor<256xi32>, tensor<512xbf16>,
      tensor<2048xbf16>
}

// -----

// @negative_short_rows_l2: over 1 MiB (f32 2 MiB, bf16 one row past 1 MiB),
// two steps or fewer, padded rows, 8-bit integers (not read whole) and
// dynamic row counts keep the default steps.
// CHECK-LABEL: func.func @negative_short_rows_l2
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 256, cache_tile = 1024, rows_per_step = 2>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 256, cache_tile = 1024, rows_per_step = 2>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 256, cache_tile = 1024, rows_per_step = 2>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 256, cache_tile = 1024, rows_per_step = 2>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 256, cache_tile = 1024, rows_per_step = 2>
func.func @negative_short_rows_l2(%c: tensor<2048x256xf32>, %h: tensor<8x256xf32>,
                                  %j: tensor<256x196xf32>, %m: tensor<256x256xi8>,
                                  %n: tensor<?x256xf32>, %p: tensor<2049x256xbf16>)
    -> (tensor<2048xf32>, tensor<8xf32>, tensor<256xf32>, tensor<256xi8>, tensor<?xf32>,
        tensor<2049xbf16>) {
  %0 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<2048x256xf32> -> tensor<2048xf32>
  %1 = rmean.reduce_mean %h {axes = array<i64: 1>} : tensor<8x256xf32> -> tensor<8xf32>
  %2 = rmean.reduce_mean %j {axes = array<i64: 1>} : tensor<256x196xf32> -> tensor<256xf32>
  %3 = rmean.reduce_mean %m {axes = array<i64: 1>} : tensor<256x256xi8> -> tensor<256xi8>
  %4 = rmean.reduce_mean %n {axes = array<i64: 1>} : tensor<?x256xf32> -> tensor<?xf32>
  %5 = rmean.reduce_mean %p {axes = array<i64: 1>} : tensor<2049x256xbf16> -> tensor<2049xbf16>
  return %0, %1, %2, %3, %4, %5 : tensor<2048xf32>, tensor<8xf32>, tensor<256xf32>, tensor<256xi8>,
      tensor<?xf32>, tensor<2049xbf16>
}

// -----

// @mid_rows_beyond_l2: static f32 rows of 384 to 3072 elements in an input
// of at least 4 MiB (read from L3 or memory; 1024x1024 is exactly 4 MiB)
// take four rows per step at the base lanes on 512-bit targets, with
// threads too (MINB0, OPTS) as long as each thread steps at least 64 rows
// (THR8, eight threads, leaves 342 rows of 3072 one at a time); 64x128x768
// reaches the pass as 8192x768. Rows shorter than 24 vectors of the lanes
// (BIG, vector-size=1024) and 256-bit targets (AVX2) keep their choice.
// The 24 MiB of 64x128x768 on one or two threads (THR2) take the four rows
// as row streams (@row_streams).
// CHECK-LABEL: func.func @mid_rows_beyond_l2
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>
// CHECK-COUNT-3:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4>
// MINB0-LABEL: func.func @mid_rows_beyond_l2
//       MINB0:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, threads = 3, rows_per_step = 4>
// THR2-LABEL: func.func @mid_rows_beyond_l2
//       THR2:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, threads = 2, rows_per_step = 4>
//       THR2:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, threads = 2, rows_per_step = 4, row_streams = true>
// THR2-COUNT-3:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, threads = 2, rows_per_step = 4>
// OPTS-LABEL: func.func @mid_rows_beyond_l2
//       OPTS:   #rmean.cpu_strategy<kind = inner, vector_size = 8, cache_tile = 256, threads = 3, rows_per_step = 4>
// THR8-LABEL: func.func @mid_rows_beyond_l2
// THR8-COUNT-3:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, threads = 8, rows_per_step = 4>
//       THR8:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, threads = 8>
//       THR8:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, threads = 8, rows_per_step = 4>
// BIG-LABEL: func.func @mid_rows_beyond_l2
//   BIG-NOT:   rows_per_step
//       BIG:   return
// AVX2-LABEL: func.func @mid_rows_beyond_l2
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>
func.func @mid_rows_beyond_l2(%a: tensor<1366x768xf32>, %b: tensor<64x128x768xf32>,
                              %c: tensor<2731x384xf32>, %d: tensor<342x3072xf32>,
                              %e: tensor<1024x1024xf32>)
    -> (tensor<1366xf32>, tensor<64x128xf32>, tensor<2731xf32>, tensor<342xf32>, tensor<1024xf32>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<1366x768xf32> -> tensor<1366xf32>
  %1 = rmean.reduce_mean %b {axes = array<i64: 2>} : tensor<64x128x768xf32> -> tensor<64x128xf32>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<2731x384xf32> -> tensor<2731xf32>
  %3 = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<342x3072xf32> -> tensor<342xf32>
  %4 = rmean.reduce_mean %e {axes = array<i64: 1>} : tensor<1024x1024xf32> -> tensor<1024xf32>
  return %0, %1, %2, %3, %4 : tensor<1366xf32>, tensor<64x128xf32>, tensor<2731xf32>, tensor<342xf32>,
      tensor<1024xf32>
}

// -----

// @negative_mid_rows_beyond_l2: one row short of 4 MiB, rows of 383 or
// 3073, bf16, f64 and i32 elements (12 MiB of i32: below the 16 MiB of
// @row_streams), and a dynamic row count keep one row per step (twice the
// lanes; f64 its base lanes).
// CHECK-LABEL: func.func @negative_mid_rows_beyond_l2
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>
func.func @negative_mid_rows_beyond_l2(%a: tensor<1365x768xf32>, %b: tensor<2740x383xf32>,
                                       %c: tensor<342x3073xf32>, %d: tensor<8192x768xbf16>,
                                       %e: tensor<8192x768xf64>, %f: tensor<4096x768xi32>,
                                       %g: tensor<?x768xf32>)
    -> (tensor<1365xf32>, tensor<2740xf32>, tensor<342xf32>, tensor<8192xbf16>,
        tensor<8192xf64>, tensor<4096xi32>, tensor<?xf32>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<1365x768xf32> -> tensor<1365xf32>
  %1 = rmean.reduce_mean %b {axes = array<i64: 1>} : tensor<2740x383xf32> -> tensor<2740xf32>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<342x3073xf32> -> tensor<342xf32>
  %3 = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<8192x768xbf16> -> tensor<8192xbf16>
  %4 = rmean.reduce_mean %e {axes = array<i64: 1>} : tensor<8192x768xf64> -> tensor<8192xf64>
  %5 = rmean.reduce_mean %f {axes = array<i64: 1>} : tensor<4096x768xi32> -> tensor<4096xi32>
  %6 = rmean.reduce_mean %g {axes = array<i64: 1>} : tensor<?x768xf32> -> tensor<?xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<1365xf32>, tensor<2740xf32>, tensor<342xf32>,
      tensor<8192xbf16>, tensor<8192xf64>, tensor<4096xi32>, tensor<?xf32>
}

// -----

// @row_streams: static f32 inputs of at least 16 MiB (1024x4096 is exactly
// that) read by one or two threads (THR2) take their four-row steps as row
// streams: the mid-length rows of @mid_rows_beyond_l2, and rows longer than
// 3072 whose count divides into steps of four (per thread), which take four
// rows at the base lanes only then; so do i32 rows of 384 or more (on two
// threads longer than 3072: 8192x768 keeps one row per step). Three
// threads (MINB0) and 256-bit targets (AVX2) keep adjacent rows, or one row
// per step.
// CHECK-LABEL: func.func @row_streams
// CHECK-COUNT-6:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>
// THR2-LABEL: func.func @row_streams
// THR2-COUNT-5:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, threads = 2, rows_per_step = 4, row_streams = true>
//       THR2:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, threads = 2>
// MINB0-LABEL: func.func @row_streams
// MINB0-COUNT-3:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, threads = 3>
//       MINB0:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, threads = 3, rows_per_step = 4>
// MINB0-COUNT-2:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, threads = 3>
// AVX2-LABEL: func.func @row_streams
// AVX2-COUNT-3:   #rmean.cpu_strategy<kind = inner, vector_size = 8, cache_tile = 1024, rows_per_step = 4>
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 8, cache_tile = 1024, rows_per_step = 4>
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>
func.func @row_streams(%a: tensor<4096x4096xf32>, %b: tensor<1024x4096xf32>,
                       %c: tensor<256x65536xf32>, %d: tensor<8192x768xf32>,
                       %e: tensor<4096x4096xi32>, %f: tensor<8192x768xi32>)
    -> (tensor<4096xf32>, tensor<1024xf32>, tensor<256xf32>, tensor<8192xf32>,
        tensor<4096xi32>, tensor<8192xi32>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<4096x4096xf32> -> tensor<4096xf32>
  %1 = rmean.reduce_mean %b {axes = array<i64: 1>} : tensor<1024x4096xf32> -> tensor<1024xf32>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<256x65536xf32> -> tensor<256xf32>
  %3 = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<8192x768xf32> -> tensor<8192xf32>
  %4 = rmean.reduce_mean %e {axes = array<i64: 1>} : tensor<4096x4096xi32> -> tensor<4096xi32>
  %5 = rmean.reduce_mean %f {axes = array<i64: 1>} : tensor<8192x768xi32> -> tensor<8192xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<4096xf32>, tensor<1024xf32>, tensor<256xf32>, tensor<8192xf32>,
      tensor<4096xi32>, tensor<8192xi32>
}

// -----

// @negative_row_streams: four rows of 4096 short of 16 MiB, a row count that
// four does not divide, bf16, a dynamic row count, and 2052 rows (1024-row
// chunks and a last one of 4, of a run-time size to rmean-cpu-tile) keep
// one long row per step at twice the lanes; mid-length rows just under 16
// MiB in whole chunks (2048x2040), or in such chunks (2052x2048), keep four
// adjacent rows. On two threads (THR2) 2052 rows are no whole steps of four
// per thread either.
// CHECK-LABEL: func.func @negative_row_streams
// CHECK-COUNT-2:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4>
// CHECK-COUNT-3:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4>
//   CHECK-NOT:   row_streams
// With row-streams-bytes=0 (STREAMB0) the inputs short of 16 MiB stream
// too: 1020x4096, and 2048x2040 in its two chunks.
// STREAMB0-LABEL: func.func @negative_row_streams
//       STREAMB0:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>
//       STREAMB0:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>
//       STREAMB0:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>
// THR2-LABEL: func.func @negative_row_streams
// THR2-COUNT-2:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, threads = 2>
//       THR2:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, threads = 2, rows_per_step = 4>
// THR2-COUNT-3:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, threads = 2>
//       THR2:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, threads = 2, rows_per_step = 4>
//   THR2-NOT:   row_streams
func.func @negative_row_streams(%a: tensor<1020x4096xf32>, %b: tensor<4097x4096xf32>,
                                %c: tensor<2048x2040xf32>, %d: tensor<4096x4096xbf16>,
                                %e: tensor<?x4096xf32>, %f: tensor<2052x4096xf32>,
                                %g: tensor<2052x2048xf32>)
    -> (tensor<1020xf32>, tensor<4097xf32>, tensor<2048xf32>, tensor<4096xbf16>, tensor<?xf32>,
        tensor<2052xf32>, tensor<2052xf32>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<1020x4096xf32> -> tensor<1020xf32>
  %1 = rmean.reduce_mean %b {axes = array<i64: 1>} : tensor<4097x4096xf32> -> tensor<4097xf32>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<2048x2040xf32> -> tensor<2048xf32>
  %3 = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<4096x4096xbf16> -> tensor<4096xbf16>
  %4 = rmean.reduce_mean %e {axes = array<i64: 1>} : tensor<?x4096xf32> -> tensor<?xf32>
  %5 = rmean.reduce_mean %f {axes = array<i64: 1>} : tensor<2052x4096xf32> -> tensor<2052xf32>
  %6 = rmean.reduce_mean %g {axes = array<i64: 1>} : tensor<2052x2048xf32> -> tensor<2052xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<1020xf32>, tensor<4097xf32>, tensor<2048xf32>, tensor<4096xbf16>,
      tensor<?xf32>, tensor<2052xf32>, tensor<2052xf32>
}

// -----

// @large_input: row means whose sizes are only known at run time keep their
// strategy (one row per step at twice the lanes) and get the row streams of
// static shapes as rmean.cpu_large_input, which rmean-cpu-tile chooses at
// run time: inputs of 16 MiB or more, rows of 384 elements or more (i32 on
// two threads: more than 3072, THR2), 64 rows per thread or more. Three
// threads (MINB0) and 256-bit targets (AVX2) get none.
// CHECK-LABEL: func.func @large_input
//       CHECK:   rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 16777216, min_row_length = 384, min_rows = 64, strategy = <kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true, masked_tail = true>>, {{.*}}rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, masked_tail = true>
//       CHECK:   rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 16777216, min_row_length = 384, min_rows = 64, strategy = <kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>
//       CHECK:   rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 16777216, min_row_length = 384, min_rows = 64, strategy = <kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true, masked_tail = true>>, {{.*}}rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, masked_tail = true>
//       CHECK:   rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 16777216, min_row_length = 384, min_rows = 64, strategy = <kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true, masked_tail = true>>, {{.*}}rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, masked_tail = true>
//       CHECK:   rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 16777216, min_row_length = 384, min_rows = 64, strategy = <kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>
// THR2-LABEL: func.func @large_input
//       THR2:   rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 16777216, min_row_length = 384, min_rows = 128, strategy = <kind = inner, vector_size = 16, cache_tile = 1024, threads = 2, rows_per_step = 4, row_streams = true, masked_tail = true>>, {{.*}}rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, threads = 2, masked_tail = true>
//       THR2:   rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 16777216, min_row_length = 384, min_rows = 128, strategy = <kind = inner, vector_size = 16, cache_tile = 1024, threads = 2, rows_per_step = 4, row_streams = true>>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, threads = 2>
//       THR2:   rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 16777216, min_row_length = 384, min_rows = 128, strategy = <kind = inner, vector_size = 16, cache_tile = 1024, threads = 2, rows_per_step = 4, row_streams = true, masked_tail = true>>, {{.*}}rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, threads = 2, masked_tail = true>
//       THR2:   rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 16777216, min_row_length = 3073, min_rows = 128, strategy = <kind = inner, vector_size = 16, cache_tile = 1024, threads = 2, rows_per_step = 4, row_streams = true, masked_tail = true>>, {{.*}}rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, threads = 2, masked_tail = true>
//       THR2:   rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 16777216, min_row_length = 384, min_rows = 128, strategy = <kind = inner, vector_size = 16, cache_tile = 1024, threads = 2, rows_per_step = 4, row_streams = true>>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, threads = 2>
// STREAMB0-LABEL: func.func @large_input
// STREAMB0-COUNT-5:   rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 0, min_row_length =
// MINB0-LABEL: func.func @large_input
//   MINB0-NOT:   rmean.cpu_large_input
//       MINB0:   return
// AVX2-LABEL: func.func @large_input
//   AVX2-NOT:   rmean.cpu_large_input
//       AVX2:   return
func.func @large_input(%a: tensor<?x?xf32>, %b: tensor<?x4096xf32>, %c: tensor<4096x?xf32>,
                       %d: tensor<?x?xi32>, %e: tensor<?x768xf32>)
    -> (tensor<?xf32>, tensor<?xf32>, tensor<4096xf32>, tensor<?xi32>, tensor<?xf32>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<?xf32>
  %1 = rmean.reduce_mean %b {axes = array<i64: 1>} : tensor<?x4096xf32> -> tensor<?xf32>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<4096x?xf32> -> tensor<4096xf32>
  %3 = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<?x?xi32> -> tensor<?xi32>
  %4 = rmean.reduce_mean %e {axes = array<i64: 1>} : tensor<?x768xf32> -> tensor<?xf32>
  return %0, %1, %2, %3, %4 : tensor<?xf32>, tensor<?xf32>, tensor<4096xf32>, tensor<?xi32>, tensor<?xf32>
}

// -----

// @negative_large_input: rows of a static length below 384, fewer than 64
// static rows, bf16 and f64 elements, static shapes (their own rule), a
// reduction that is not [rows, length] (dynamic leading kept dimensions are
// not coalesced) and a reduce-all get no rmean.cpu_large_input.
// CHECK-LABEL: func.func @negative_large_input
//   CHECK-NOT:   rmean.cpu_large_input
//       CHECK:   return
// THR2-LABEL: func.func @negative_large_input
//   THR2-NOT:   rmean.cpu_large_input
//       THR2:   return
func.func @negative_large_input(%a: tensor<?x100xf32>, %b: tensor<32x?xf32>, %c: tensor<?x?xbf16>,
                                %d: tensor<?x?xf64>, %e: tensor<4096x4096xf32>, %f: tensor<?x?x?xf32>,
                                %g: tensor<?x?xf32>)
    -> (tensor<?xf32>, tensor<32xf32>, tensor<?xbf16>, tensor<?xf64>, tensor<4096xf32>, tensor<?x?xf32>,
        tensor<f32>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<?x100xf32> -> tensor<?xf32>
  %1 = rmean.reduce_mean %b {axes = array<i64: 1>} : tensor<32x?xf32> -> tensor<32xf32>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<?x?xbf16> -> tensor<?xbf16>
  %3 = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<?x?xf64> -> tensor<?xf64>
  %4 = rmean.reduce_mean %e {axes = array<i64: 1>} : tensor<4096x4096xf32> -> tensor<4096xf32>
  %5 = rmean.reduce_mean %f {axes = array<i64: 2>} : tensor<?x?x?xf32> -> tensor<?x?xf32>
  %6 = rmean.reduce_mean %g {axes = array<i64>, noop_with_empty_axes = false} : tensor<?x?xf32> -> tensor<f32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<?xf32>, tensor<32xf32>, tensor<?xbf16>, tensor<?xf64>, tensor<4096xf32>, tensor<?x?xf32>,
      tensor<f32>
}

// -----

// @reduce_all_streams: a static f32 or i32 reduce-all of at least 16 MiB
// (4096x4096 coalesced, 67108864 elements as case G, 4194304 exactly 16
// MiB) on one thread and a 512-bit target reads its four quarters as row
// streams: four rows per step at the base lanes. On two threads (THR2) each
// thread streams the quarters of its half, f32 only (i32 keeps one stream
// per thread); more threads (THR8) and 256-bit targets (AVX2) keep one
// stream.
// CHECK-LABEL: func.func @reduce_all_streams
// CHECK-COUNT-4:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>
// THR2-LABEL: func.func @reduce_all_streams
// THR2-COUNT-3:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, threads = 2, rows_per_step = 4, row_streams = true>
//   THR2-NOT:   row_streams
//       THR2:   return
// THR8-LABEL: func.func @reduce_all_streams
//   THR8-NOT:   row_streams
//       THR8:   return
// AVX2-LABEL: func.func @reduce_all_streams
//   AVX2-NOT:   row_streams
//       AVX2:   return
func.func @reduce_all_streams(%a: tensor<4096x4096xf32>, %b: tensor<67108864xf32>,
                              %c: tensor<4194304xf32>, %d: tensor<4194304xi32>)
    -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<i32>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 0, 1>} : tensor<4096x4096xf32> -> tensor<f32>
  %1 = rmean.reduce_mean %b {axes = array<i64: 0>} : tensor<67108864xf32> -> tensor<f32>
  %2 = rmean.reduce_mean %c {axes = array<i64: 0>} : tensor<4194304xf32> -> tensor<f32>
  %3 = rmean.reduce_mean %d {axes = array<i64: 0>} : tensor<4194304xi32> -> tensor<i32>
  return %0, %1, %2, %3 : tensor<f32>, tensor<f32>, tensor<f32>, tensor<i32>
}

// -----

// @reduce_all_streams_thread_parts: 4194308 f32 elements (16 MiB + 16
// bytes) are four quarters on one thread, but two threads' halves of
// 2097154 are not: THR2 keeps one stream per thread.
// CHECK-LABEL: func.func @reduce_all_streams_thread_parts
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>
// THR2-LABEL: func.func @reduce_all_streams_thread_parts
//   THR2-NOT:   row_streams
//       THR2:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, threads = 2>
//   THR2-NOT:   row_streams
//       THR2:   return
func.func @reduce_all_streams_thread_parts(%a: tensor<4194308xf32>) -> tensor<f32> {
  %0 = rmean.reduce_mean %a {axes = array<i64: 0>} : tensor<4194308xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// @negative_reduce_all_streams: one element short of 16 MiB (4194303, which
// four does not divide either), 4194300 (four divides it, still short),
// 4194305 (four does not divide it), a reduce-all of a run-time size, bf16, f64 (compensated lanes) and i64 (exact 128-bit
// lanes) keep one stream at their own lanes. With row-streams-bytes=0
// (STREAMB0) 4194300 streams.
// CHECK-LABEL: func.func @negative_reduce_all_streams
//   CHECK-NOT:   row_streams
//       CHECK:   return
// STREAMB0-LABEL: func.func @negative_reduce_all_streams
//   STREAMB0-NOT:   row_streams
//       STREAMB0:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>
//   STREAMB0-NOT:   row_streams
//       STREAMB0:   return
func.func @negative_reduce_all_streams(%a: tensor<4194303xf32>, %b: tensor<4194300xf32>,
                                       %c: tensor<4194305xf32>, %d: tensor<?x4096xf32>,
                                       %e: tensor<8388608xbf16>, %f: tensor<2097152xf64>,
                                       %g: tensor<2097152xi64>)
    -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<bf16>, tensor<f64>, tensor<i64>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 0>} : tensor<4194303xf32> -> tensor<f32>
  %1 = rmean.reduce_mean %b {axes = array<i64: 0>} : tensor<4194300xf32> -> tensor<f32>
  %2 = rmean.reduce_mean %c {axes = array<i64: 0>} : tensor<4194305xf32> -> tensor<f32>
  %3 = rmean.reduce_mean %d {axes = array<i64: 0, 1>} : tensor<?x4096xf32> -> tensor<f32>
  %4 = rmean.reduce_mean %e {axes = array<i64: 0>} : tensor<8388608xbf16> -> tensor<bf16>
  %5 = rmean.reduce_mean %f {axes = array<i64: 0>} : tensor<2097152xf64> -> tensor<f64>
  %6 = rmean.reduce_mean %g {axes = array<i64: 0>} : tensor<2097152xi64> -> tensor<i64>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<bf16>, tensor<f64>, tensor<i64>
}

// -----

// Reduce-all is an inner reduction of the flattened tensor.
// CHECK-LABEL: func.func @all
//       CHECK:   kind = inner,
func.func @all(%x: tensor<?x5xi32>) -> tensor<i32> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<?x5xi32> -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// Column mean and NHWC pooling: a kept contiguous dimension follows. Short
// f32 rows take one row per step (the default, not printed), long or
// dynamic ones eight, and so do 16-bit float rows of any width (@outer;
// at 256 bits too, see @narrow_float_columns) (outer-rows-per-step=8: 7 for
// the 49 rows of @nhwc, see @fit_rows; 100 rows keep 8). bf16 columns take
// twice the lanes (a 512-bit vector of each row, widened in pairs by
// rmean-narrow-accumulators). The selection never sets row_blocks
// (@row_blocks).
// CHECK-LABEL: func.func @outer
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024, rows_per_step = 8>,
// CHECK-LABEL: func.func @nhwc
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024>,
// CHECK-LABEL: func.func @wide
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8>,
// CHECK-LABEL: func.func @dynamic_width
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8>,
// ROWS8-LABEL: func.func @outer
//       ROWS8:   #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024, rows_per_step = 8>,
// ROWS8-LABEL: func.func @nhwc
//       ROWS8:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 7>,
// ROWS8-LABEL: func.func @wide
//       ROWS8:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8>,
// ROWS3-LABEL: func.func @outer
//       ROWS3:   #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024, rows_per_step = 3>,
// ROWS3-LABEL: func.func @wide
//       ROWS3:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 3>,
func.func @outer(%x: tensor<100x64xbf16>) -> tensor<64xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<100x64xbf16> -> tensor<64xbf16>
  return %0 : tensor<64xbf16>
}
func.func @nhwc(%x: tensor<2x7x7x32xf32>) -> tensor<2x32xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 2>} : tensor<2x7x7x32xf32> -> tensor<2x32xf32>
  return %0 : tensor<2x32xf32>
}
func.func @wide(%x: tensor<8x4096xf32>) -> tensor<4096xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<8x4096xf32> -> tensor<4096xf32>
  return %0 : tensor<4096xf32>
}
func.func @dynamic_width(%x: tensor<8x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<8x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// One row per step reads each row whole as one cache tile while its
// accumulator row takes at most 64 KB: 1536 f32 columns (f64 sums) and
// 1536 i32 columns (i64 sums) take 1536-column tiles, 1024 columns fit the
// tile anyway; with eight rows per step (2048 columns or more, or
// outer-rows-per-step=8) the tile stays 1024. With outer-rows-per-step=1,
// 8192 f32 columns (64 KB of sums) are one tile, 8200 are not.
// CHECK-LABEL: func.func @whole_rows
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1536>,
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1536>,
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024>,
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8>,
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8>,
// ROWS8-LABEL: func.func @whole_rows
//       ROWS8:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8>,
// ROWS1-LABEL: func.func @whole_rows
//       ROWS1:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1536>,
//       ROWS1:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1536>,
//       ROWS1:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024>,
//       ROWS1:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 8192>,
//       ROWS1:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024>,
func.func @whole_rows(%a: tensor<64x1536xf32>, %b: tensor<64x1536xi32>,
                      %c: tensor<64x1024xf32>, %d: tensor<8x8192xf32>,
                      %e: tensor<8x8200xf32>)
    -> (tensor<1536xf32>, tensor<1536xi32>, tensor<1024xf32>, tensor<8192xf32>, tensor<8200xf32>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 0>} : tensor<64x1536xf32> -> tensor<1536xf32>
  %1 = rmean.reduce_mean %b {axes = array<i64: 0>} : tensor<64x1536xi32> -> tensor<1536xi32>
  %2 = rmean.reduce_mean %c {axes = array<i64: 0>} : tensor<64x1024xf32> -> tensor<1024xf32>
  %3 = rmean.reduce_mean %d {axes = array<i64: 0>} : tensor<8x8192xf32> -> tensor<8192xf32>
  %4 = rmean.reduce_mean %e {axes = array<i64: 0>} : tensor<8x8200xf32> -> tensor<8200xf32>
  return %0, %1, %2, %3, %4 : tensor<1536xf32>, tensor<1536xi32>, tensor<1024xf32>, tensor<8192xf32>, tensor<8200xf32>
}

// -----

// Rows per step that do not divide a static count of reduced rows give way
// to a count down to three quarters of them that does: 49 and 196 rows
// (7x7 and 14x14 pooling) take 7; 100 rows (no divisor in 6-7), 48 rows
// (8 divides them) and a dynamic count keep 8; fewer rows than a step
// keep 8 too (5: no divisor in 6-7).
// CHECK-LABEL: func.func @fit_rows
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 7>,
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 7>,
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8>,
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8>,
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8>,
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8>,
// ROWS3-LABEL: func.func @fit_rows
//       ROWS3:   rows_per_step = 3
//       ROWS3:   rows_per_step = 3
func.func @fit_rows(%a: tensor<2x7x7x2048xf32>, %b: tensor<196x2048xf32>,
                    %c: tensor<100x2048xf32>, %d: tensor<48x2048xf32>,
                    %e: tensor<?x2048xf32>, %f: tensor<5x2048xf32>)
    -> (tensor<2x2048xf32>, tensor<2048xf32>, tensor<2048xf32>,
        tensor<2048xf32>, tensor<2048xf32>, tensor<2048xf32>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1, 2>} : tensor<2x7x7x2048xf32> -> tensor<2x2048xf32>
  %1 = rmean.reduce_mean %b {axes = array<i64: 0>} : tensor<196x2048xf32> -> tensor<2048xf32>
  %2 = rmean.reduce_mean %c {axes = array<i64: 0>} : tensor<100x2048xf32> -> tensor<2048xf32>
  %3 = rmean.reduce_mean %d {axes = array<i64: 0>} : tensor<48x2048xf32> -> tensor<2048xf32>
  %4 = rmean.reduce_mean %e {axes = array<i64: 0>} : tensor<?x2048xf32> -> tensor<2048xf32>
  %5 = rmean.reduce_mean %f {axes = array<i64: 0>} : tensor<5x2048xf32> -> tensor<2048xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x2048xf32>, tensor<2048xf32>, tensor<2048xf32>, tensor<2048xf32>, tensor<2048xf32>, tensor<2048xf32>
}

// -----

// @negative_two_reduced_runs: [R, P, R] has no vector strategy.
// CHECK-LABEL: func.func @negative_two_reduced_runs
//       CHECK:   kind = none,
func.func @negative_two_reduced_runs(%x: tensor<4x5x6xf32>) -> tensor<5xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<4x5x6xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// @compensated: f64 sums with their compensation get a vector strategy
// (base lanes even on rows of 512 or more: their loop is bound by its
// loads, not by the add latency that doubling hides) and one row per
// outer step; rmean-cpu-tile gives them lanes of their own. Their columns
// get four times the cache tile when there are more of them than the tile
// holds (32 KB row segments), and the plain tile otherwise.
// CHECK-LABEL: func.func @compensated
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 4096>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 4096>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024>
// ROWS8-LABEL: func.func @compensated
//       ROWS8:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>
//       ROWS8:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 4096>
func.func @compensated(%a: tensor<8x4096xf64>, %b: tensor<4096x4096xf64>,
                       %c: tensor<64x2048xf64>, %d: tensor<64x1024xf64>)
    -> (tensor<8xf64>, tensor<4096xf64>, tensor<2048xf64>, tensor<1024xf64>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<8x4096xf64> -> tensor<8xf64>
  %1 = rmean.reduce_mean %b {axes = array<i64: 0>} : tensor<4096x4096xf64> -> tensor<4096xf64>
  %2 = rmean.reduce_mean %c {axes = array<i64: 0>} : tensor<64x2048xf64> -> tensor<2048xf64>
  %3 = rmean.reduce_mean %d {axes = array<i64: 0>} : tensor<64x1024xf64> -> tensor<1024xf64>
  return %0, %1, %2, %3 : tensor<8xf64>, tensor<4096xf64>, tensor<2048xf64>, tensor<1024xf64>
}

// -----

// @wide_integers: exact 64-bit sums (an i128 accumulator) get a vector
// strategy too; rmean-cpu-tile sums their i64 halves.
// CHECK-LABEL: func.func @wide_integers
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024>
func.func @wide_integers(%a: tensor<8x8xi64>, %b: tensor<8x8xui64>) -> (tensor<8xi64>, tensor<8xui64>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<8x8xi64> -> tensor<8xi64>
  %1 = rmean.reduce_mean %b {axes = array<i64: 0>} : tensor<8x8xui64> -> tensor<8xui64>
  return %0, %1 : tensor<8xi64>, tensor<8xui64>
}

// -----

// @narrow_integer_columns: 8- and 16-bit integer columns take a 64-byte
// line of each row per step (64 and 32 lanes at 512 bits, 32 and
// 16 at 256), when there are that many columns (or a run-time count); 40 i8
// columns keep 16 lanes, i32 columns keep 16. 8- and 16-bit elements take
// cache tiles of twice cache-tile columns when there are more (or a
// run-time count), and twice that again with the i32 accumulators of
// rmean-narrow-integer-sums (not for run-time sizes, which keep i64). 8-bit
// columns take eight rows per step at any width (the 40 of %d too), like
// 16-bit floats; wider integers only from 2048 columns.
// CHECK-LABEL: func.func @narrow_integer_columns
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 64, cache_tile = 2048, rows_per_step = 8>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 2048, rows_per_step = 8>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 64, cache_tile = 2048, rows_per_step = 8>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8>
// I32-LABEL: func.func @narrow_integer_columns
//       I32:   #rmean.cpu_strategy<kind = outer, vector_size = 64, cache_tile = 4096, rows_per_step = 8>
//       I32:   #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 4096, rows_per_step = 8>
//       I32:   #rmean.cpu_strategy<kind = outer, vector_size = 64, cache_tile = 2048, rows_per_step = 8>
//       I32:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8>
//       I32:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8>
// AVX2-LABEL: func.func @narrow_integer_columns
//       AVX2:   #rmean.cpu_strategy<kind = outer, vector_size = 32,
//       AVX2:   #rmean.cpu_strategy<kind = outer, vector_size = 16,
func.func @narrow_integer_columns(%a: tensor<64x4096xi8>, %b: tensor<64x4096xui16>,
                                  %c: tensor<?x?xi8>, %d: tensor<64x40xi8>,
                                  %e: tensor<64x4096xi32>)
    -> (tensor<4096xi8>, tensor<4096xui16>, tensor<?xi8>, tensor<40xi8>, tensor<4096xi32>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 0>} : tensor<64x4096xi8> -> tensor<4096xi8>
  %1 = rmean.reduce_mean %b {axes = array<i64: 0>} : tensor<64x4096xui16> -> tensor<4096xui16>
  %2 = rmean.reduce_mean %c {axes = array<i64: 0>} : tensor<?x?xi8> -> tensor<?xi8>
  %3 = rmean.reduce_mean %d {axes = array<i64: 0>} : tensor<64x40xi8> -> tensor<40xi8>
  %4 = rmean.reduce_mean %e {axes = array<i64: 0>} : tensor<64x4096xi32> -> tensor<4096xi32>
  return %0, %1, %2, %3, %4 : tensor<4096xi8>, tensor<4096xui16>, tensor<?xi8>, tensor<40xi8>, tensor<4096xi32>
}

// -----

// @narrow_float_columns: bf16 and f16 columns also take twice cache-tile
// columns per cache tile when there are more than cache-tile of them (and
// bf16 twice the lanes), and eight rows per step at any width, 256-bit
// code too (f32 rows narrower than 2048 keep one row per step).
// CHECK-LABEL: func.func @narrow_float_columns
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 2048, rows_per_step = 8>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 2048, rows_per_step = 8>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8>
// AVX2-LABEL: func.func @narrow_float_columns
//       AVX2:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 2048, rows_per_step = 8>
//       AVX2:   #rmean.cpu_strategy<kind = outer, vector_size = 8, cache_tile = 2048, rows_per_step = 8>
//       AVX2:   #rmean.cpu_strategy<kind = outer, vector_size = 8, cache_tile = 1024, rows_per_step = 8>
// OPTS-LABEL: func.func @narrow_float_columns
//       OPTS:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 512, threads = 3, rows_per_step = 8>
func.func @narrow_float_columns(%a: tensor<512x4096xbf16>, %b: tensor<64x1500xf16>,
                                %c: tensor<64x1024xf16>, %d: tensor<64x4096xf32>)
    -> (tensor<4096xbf16>, tensor<1500xf16>, tensor<1024xf16>, tensor<4096xf32>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 0>} : tensor<512x4096xbf16> -> tensor<4096xbf16>
  %1 = rmean.reduce_mean %b {axes = array<i64: 0>} : tensor<64x1500xf16> -> tensor<1500xf16>
  %2 = rmean.reduce_mean %c {axes = array<i64: 0>} : tensor<64x1024xf16> -> tensor<1024xf16>
  %3 = rmean.reduce_mean %d {axes = array<i64: 0>} : tensor<64x4096xf32> -> tensor<4096xf32>
  return %0, %1, %2, %3 : tensor<4096xbf16>, tensor<1500xf16>, tensor<1024xf16>, tensor<4096xf32>
}

// -----

// @negative_wide_accumulators: complex sums (two accumulators, before
// rmean-view-complex-as-real reads them as real parts) stay scalar.
// CHECK-LABEL: func.func @negative_wide_accumulators
//       CHECK:   kind = none,
func.func @negative_wide_accumulators(%b: tensor<8x8xcomplex<f32>>) -> tensor<8xcomplex<f32>> {
  %1 = rmean.reduce_mean %b {axes = array<i64: 1>} : tensor<8x8xcomplex<f32>> -> tensor<8xcomplex<f32>>
  return %1 : tensor<8xcomplex<f32>>
}

// -----

// Narrow columns (at most half the lanes: 2 x 8 <= 16) are read as several
// rows per vector of lanes; long reductions (rows x columns >= 512, or a
// run-time count) get twice the lanes, as long rows do. Compensated and
// exact 64-bit sums keep 16 (two accumulators per lane), and 9 columns are
// not narrow.
// CHECK-LABEL: func.func @narrow_columns
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024>
// OPTS-LABEL: func.func @narrow_columns
//       OPTS:   #rmean.cpu_strategy<kind = outer, vector_size = 8, cache_tile = 256>
//       OPTS:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 256, threads = 3>
// ROWS8-LABEL: func.func @narrow_columns
//       ROWS8:   #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024>
//       ROWS8:   #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024>
//       ROWS8:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024>
func.func @narrow_columns(%a: tensor<1000x8xf32>, %b: tensor<?x2xbf16>,
                          %c: tensor<100x4xf32>, %d: tensor<1000x2xf64>,
                          %e: tensor<1000x2xi64>, %f: tensor<1000x9xf32>)
    -> (tensor<8xf32>, tensor<2xbf16>, tensor<4xf32>, tensor<2xf64>,
        tensor<2xi64>, tensor<9xf32>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 0>} : tensor<1000x8xf32> -> tensor<8xf32>
  %1 = rmean.reduce_mean %b {axes = array<i64: 0>} : tensor<?x2xbf16> -> tensor<2xbf16>
  %2 = rmean.reduce_mean %c {axes = array<i64: 0>} : tensor<100x4xf32> -> tensor<4xf32>
  %3 = rmean.reduce_mean %d {axes = array<i64: 0>} : tensor<1000x2xf64> -> tensor<2xf64>
  %4 = rmean.reduce_mean %e {axes = array<i64: 0>} : tensor<1000x2xi64> -> tensor<2xi64>
  %5 = rmean.reduce_mean %f {axes = array<i64: 0>} : tensor<1000x9xf32> -> tensor<9xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<8xf32>, tensor<2xbf16>, tensor<4xf32>, tensor<2xf64>, tensor<2xi64>, tensor<9xf32>
}

// -----

// Below 512 vector bits (AVX2), static rows of 4096 or more take four rows
// per step at the base lanes instead of twice the lanes; shorter, dynamic,
// compensated and exact 64-bit rows keep the usual choice.
// AVX2-LABEL: func.func @narrow_target_rows
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 8, cache_tile = 1024, rows_per_step = 4>
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>
// CHECK-LABEL: func.func @narrow_target_rows
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>
func.func @narrow_target_rows(%a: tensor<8x4096xf32>, %b: tensor<8x768xf32>,
                              %c: tensor<8x?xf32>, %d: tensor<8x4096xf64>)
    -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf64>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<8x4096xf32> -> tensor<8xf32>
  %1 = rmean.reduce_mean %b {axes = array<i64: 1>} : tensor<8x768xf32> -> tensor<8xf32>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<8x?xf32> -> tensor<8xf32>
  %3 = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<8x4096xf64> -> tensor<8xf64>
  return %0, %1, %2, %3 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf64>
}

// -----

// @negative_empty: an empty iteration space is left alone. (With a static
// result the mean folds to NaN in the conversion; a dynamic kept size keeps
// the reduction.)
// CHECK-LABEL: func.func @negative_empty
//       CHECK:   kind = none,
func.func @negative_empty(%x: tensor<?x0xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x0xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A strategy set by hand is kept; ops without the rmean marker are ignored.
// CHECK-LABEL: func.func @override
//       CHECK:   rmean.cpu_strategy = #rmean.cpu_strategy<kind = none, vector_size = 4, cache_tile = 64>
//       CHECK:   linalg.generic
//   CHECK-NOT:   rmean.cpu_strategy
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @override(%x: tensor<4x8xf32>, %init: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%init : tensor<4xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = none, vector_size = 4, cache_tile = 64>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  %1 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%init : tensor<4xf64>) {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  return %0, %1 : tensor<4xf64>, tensor<4xf64>
}

// -----

// Long (512 or more, or dynamic) inner rows get twice the lanes.
// CHECK-LABEL: func.func @long_rows
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>,
// CHECK-LABEL: func.func @rows_512
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>,
// CHECK-LABEL: func.func @rows_511
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>,
// CHECK-LABEL: func.func @dynamic_rows
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, masked_tail = true>,
// OPTS-LABEL: func.func @long_rows
//       OPTS:   vector_size = 16,
func.func @long_rows(%x: tensor<4x4096xf32>) -> tensor<4xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x4096xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @rows_512(%x: tensor<4x512xf32>) -> tensor<4xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x512xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @rows_511(%x: tensor<4x511xf32>) -> tensor<4xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x511xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @dynamic_rows(%x: tensor<4x?xf16>) -> tensor<4xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x?xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// A hand-marked reduction with a scalar input: no strategy, and the thread
// rule does not look at its (shapeless) input.
// CHECK-LABEL: func.func @scalar_input
//       CHECK:   kind = none,
// OPTS-LABEL: func.func @scalar_input
//       OPTS:   #rmean.cpu_strategy<kind = none, vector_size = 8, cache_tile = 256, threads = 3>,
#sc = affine_map<(d0) -> ()>
#id1 = affine_map<(d0) -> (d0)>
func.func @scalar_input(%s: f32, %init: tensor<4xf64>) -> tensor<4xf64> {
  %0 = linalg.generic {indexing_maps = [#sc, #id1], iterator_types = ["parallel"]}
      ins(%s : f32) outs(%init : tensor<4xf64>) attrs = {rmean.reduction} {
  ^bb0(%in: f32, %out: f64):
    %e = arith.extf %in : f32 to f64
    linalg.yield %e : f64
  } -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// A strategy written on the rmean op reaches its reduction through the
// conversion and is kept (even where the selection would choose otherwise).
// CHECK-LABEL: func.func @override_on_reduce_mean
//       CHECK:   linalg.generic
//  CHECK-SAME:     rmean.cpu_strategy = #rmean.cpu_strategy<kind = none, vector_size = 4, cache_tile = 64>
//  CHECK-SAME:     rmean.reduction
func.func @override_on_reduce_mean(%x: tensor<64x100xf32>) -> tensor<64xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = none, vector_size = 4, cache_tile = 64>} : tensor<64x100xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// Huge lane counts are clamped to the attribute's bound when doubled.
// BIG-LABEL: func.func @clamped
//       BIG:   #rmean.cpu_strategy<kind = inner, vector_size = 1024, cache_tile = 1024>
func.func @clamped(%x: tensor<4x8192xf32>) -> tensor<4xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8192xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The selection never reads whole f16/bf16 rows one after the other
// (row_blocks, slower than the interleaved step on AMD Zen 5 at every
// width): narrow rows whose f32 partial row would fit in the vector
// registers take the interleaved step as wider rows do; so do 256-bit
// targets (eight rows per step there too). Strategies written by hand keep
// it (cpu-tile.mlir, Integration/CPU/half-columns.mlir).
// CHECK-LABEL: func.func @row_blocks
//   CHECK-NOT:   row_blocks
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024, rows_per_step = 8>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024, rows_per_step = 8>,
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 2048, rows_per_step = 8>,
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024>,
// ROWS8-LABEL: func.func @row_blocks
//   ROWS8-NOT:   row_blocks
//       ROWS8:   #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024, rows_per_step = 8>,
//       ROWS8:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8>,
//       ROWS8:   #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024, rows_per_step = 8>,
//       ROWS8:   #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 2048, rows_per_step = 8>,
//       ROWS8:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8>,
// AVX2-LABEL: func.func @row_blocks
//   AVX2-NOT:   row_blocks
//       AVX2:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8>
//       AVX2:   #rmean.cpu_strategy<kind = outer, vector_size = 8, cache_tile = 1024, rows_per_step = 8>
//   AVX2-NOT:   row_blocks
//       AVX2:   return
func.func @row_blocks(%a: tensor<2x16x512xbf16>, %b: tensor<4x4x256xf16>,
                      %c: tensor<2x16x768xbf16>, %d: tensor<16x?xbf16>,
                      %e: tensor<16x256xf32>)
    -> (tensor<2x512xbf16>, tensor<256xf16>, tensor<2x768xbf16>,
        tensor<?xbf16>, tensor<256xf32>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<2x16x512xbf16> -> tensor<2x512xbf16>
  %1 = rmean.reduce_mean %b {axes = array<i64: 0, 1>} : tensor<4x4x256xf16> -> tensor<256xf16>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<2x16x768xbf16> -> tensor<2x768xbf16>
  %3 = rmean.reduce_mean %d {axes = array<i64: 0>} : tensor<16x?xbf16> -> tensor<?xbf16>
  %4 = rmean.reduce_mean %e {axes = array<i64: 0>} : tensor<16x256xf32> -> tensor<256xf32>
  return %0, %1, %2, %3, %4 : tensor<2x512xbf16>, tensor<256xf16>, tensor<2x768xbf16>, tensor<?xbf16>, tensor<256xf32>
}

// -----

// @byte_nhwc: 7x7 NHWC pooling of 8-bit integers (any signedness) steps 7
// rows at a time, on 256-bit targets too; a 16-bit one keeps one row.
// CHECK-LABEL: func.func @byte_nhwc
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 64, cache_tile = 1024, rows_per_step = 7>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 64, cache_tile = 1024, rows_per_step = 7>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024>
// AVX2-LABEL: func.func @byte_nhwc
//       AVX2:   #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024, rows_per_step = 7>
//       AVX2:   #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024, rows_per_step = 7>
//       AVX2:   #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024>
func.func @byte_nhwc(%a: tensor<4x7x7x256xi8>, %b: tensor<4x7x7x256xui8>, %c: tensor<4x7x7x256xsi16>)
    -> (tensor<4x256xi8>, tensor<4x256xui8>, tensor<4x256xsi16>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1, 2>} : tensor<4x7x7x256xi8> -> tensor<4x256xi8>
  %1 = rmean.reduce_mean %b {axes = array<i64: 1, 2>} : tensor<4x7x7x256xui8> -> tensor<4x256xui8>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1, 2>} : tensor<4x7x7x256xsi16> -> tensor<4x256xsi16>
  return %0, %1, %2 : tensor<4x256xi8>, tensor<4x256xui8>, tensor<4x256xsi16>
}

// -----

// masked_tail: rows of a run-time length read their last, partial step as
// one masked vector where the target has masked loads of the element type
// (512 bits; 256 bits for 32- and 64-bit elements, AVX2). Static lengths,
// compensated f64 and exact i64 sums (lanes of their own) and columns keep
// their tails.
// CHECK-LABEL: func.func @masked_tail
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, masked_tail = true>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, masked_tail = true>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, masked_tail = true>
//   CHECK-NOT:   masked_tail
//       CHECK:   return
// AVX2-LABEL: func.func @masked_tail
//       AVX2:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, masked_tail = true>
//   AVX2-NOT:   masked_tail
//       AVX2:   return
func.func @masked_tail(%f32: tensor<?x?xf32>, %bf16: tensor<8x?xbf16>, %i8: tensor<?x?xi8>,
                       %static: tensor<8x4095xf32>, %f64: tensor<8x?xf64>, %i64: tensor<8x?xi64>,
                       %cols: tensor<?x?xf32>)
    -> (tensor<?xf32>, tensor<8xbf16>, tensor<?xi8>, tensor<8xf32>, tensor<8xf64>, tensor<8xi64>, tensor<?xf32>) {
  %0 = rmean.reduce_mean %f32 {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<?xf32>
  %1 = rmean.reduce_mean %bf16 {axes = array<i64: 1>} : tensor<8x?xbf16> -> tensor<8xbf16>
  %2 = rmean.reduce_mean %i8 {axes = array<i64: 1>} : tensor<?x?xi8> -> tensor<?xi8>
  %3 = rmean.reduce_mean %static {axes = array<i64: 1>} : tensor<8x4095xf32> -> tensor<8xf32>
  %4 = rmean.reduce_mean %f64 {axes = array<i64: 1>} : tensor<8x?xf64> -> tensor<8xf64>
  %5 = rmean.reduce_mean %i64 {axes = array<i64: 1>} : tensor<8x?xi64> -> tensor<8xi64>
  %6 = rmean.reduce_mean %cols {axes = array<i64: 0>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<?xf32>, tensor<8xbf16>, tensor<?xi8>, tensor<8xf32>, tensor<8xf64>, tensor<8xi64>, tensor<?xf32>
}

// -----

// Float and 8- or 16-bit integer rows of a run-time length also get
// rmean.cpu_short_rows on 512-bit targets: rows of at most 64 elements,
// chosen at run time, are read whole, eight per step, each as one masked
// vector of 64 lanes. Not for static lengths, 32- and 64-bit integers,
// f64 (compensated), columns, or 256-bit targets (AVX2).
// CHECK-LABEL: func.func @short_rows_dynamic
//       CHECK:   rmean.cpu_short_rows = #rmean.cpu_short_rows<max_row_length = 64, strategy = <kind = inner, vector_size = 64, cache_tile = 1024, rows_per_step = 8>>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, masked_tail = true>
//       CHECK:   rmean.cpu_short_rows = #rmean.cpu_short_rows<max_row_length = 64, strategy = <kind = inner, vector_size = 64, cache_tile = 1024, rows_per_step = 8>>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, masked_tail = true>
//       CHECK:   rmean.cpu_short_rows = #rmean.cpu_short_rows<max_row_length = 64, strategy = <kind = inner, vector_size = 64, cache_tile = 1024, rows_per_step = 8>>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, masked_tail = true>
//       CHECK:   rmean.cpu_short_rows = #rmean.cpu_short_rows<max_row_length = 64, strategy = <kind = inner, vector_size = 64, cache_tile = 1024, rows_per_step = 8>>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, masked_tail = true>
//   CHECK-NOT:   rmean.cpu_short_rows
//       CHECK:   return
// THR2-LABEL: func.func @short_rows_dynamic
//       THR2:   rmean.cpu_short_rows = #rmean.cpu_short_rows<max_row_length = 64, strategy = <kind = inner, vector_size = 64, cache_tile = 1024, threads = 2, rows_per_step = 8>>
// AVX2-LABEL: func.func @short_rows_dynamic
//   AVX2-NOT:   rmean.cpu_short_rows
//       AVX2:   return
func.func @short_rows_dynamic(%f32: tensor<?x?x?x?xf32>, %bf16: tensor<8x?xbf16>, %i8: tensor<?x?x?x?xi8>,
                              %u16: tensor<8x?xui16>, %i32: tensor<8x?xi32>,
                              %static: tensor<8x49xf32>, %f64: tensor<8x?xf64>, %cols: tensor<?x?xf32>)
    -> (tensor<?x?xf32>, tensor<8xbf16>, tensor<?x?xi8>, tensor<8xui16>, tensor<8xi32>, tensor<8xf32>, tensor<8xf64>, tensor<?xf32>) {
  %0 = rmean.reduce_mean %f32 {axes = array<i64: 2, 3>} : tensor<?x?x?x?xf32> -> tensor<?x?xf32>
  %1 = rmean.reduce_mean %bf16 {axes = array<i64: 1>} : tensor<8x?xbf16> -> tensor<8xbf16>
  %2 = rmean.reduce_mean %i8 {axes = array<i64: 2, 3>} : tensor<?x?x?x?xi8> -> tensor<?x?xi8>
  %3 = rmean.reduce_mean %u16 {axes = array<i64: 1>} : tensor<8x?xui16> -> tensor<8xui16>
  %4 = rmean.reduce_mean %i32 {axes = array<i64: 1>} : tensor<8x?xi32> -> tensor<8xi32>
  %5 = rmean.reduce_mean %static {axes = array<i64: 1>} : tensor<8x49xf32> -> tensor<8xf32>
  %6 = rmean.reduce_mean %f64 {axes = array<i64: 1>} : tensor<8x?xf64> -> tensor<8xf64>
  %7 = rmean.reduce_mean %cols {axes = array<i64: 0>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<?x?xf32>, tensor<8xbf16>, tensor<?x?xi8>, tensor<8xui16>, tensor<8xi32>, tensor<8xf32>, tensor<8xf64>, tensor<?xf32>
}

// -----

// Static short rows of signed bytes (summed in i16 by rmean-cpu-vectorize)
// take 2 KiB of those lanes per step on 512-bit targets: 64 rows of 9 (16
// lanes), 16 rows of 49 (64 lanes); fewer (down to 8) where the rows hold
// no such step: 32 of 40 rows, 8 of 4. Unsigned bytes and i16 keep 8 rows,
// as do 256-bit targets.
// CHECK-LABEL: func.func @signed_byte_rows
//       CHECK:   rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 64>
//       CHECK:   rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 64, cache_tile = 1024, rows_per_step = 16>
//       CHECK:   rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 8>
//       CHECK:   rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 8>
//       CHECK:   rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 32>
//       CHECK:   rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 8>
// AVX2-LABEL: func.func @signed_byte_rows
//   AVX2-NOT:   rows_per_step = 64
//   AVX2-NOT:   rows_per_step = 16
//       AVX2:   return
func.func @signed_byte_rows(%a: tensor<4096x9xi8>, %b: tensor<4096x49xi8>, %c: tensor<4096x9xui8>, %d: tensor<4096x9xi16>,
                            %e: tensor<40x9xi8>, %f: tensor<4x9xi8>)
    -> (tensor<4096xi8>, tensor<4096xi8>, tensor<4096xui8>, tensor<4096xi16>, tensor<40xi8>, tensor<4xi8>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<4096x9xi8> -> tensor<4096xi8>
  %1 = rmean.reduce_mean %b {axes = array<i64: 1>} : tensor<4096x49xi8> -> tensor<4096xi8>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<4096x9xui8> -> tensor<4096xui8>
  %3 = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<4096x9xi16> -> tensor<4096xi16>
  %4 = rmean.reduce_mean %e {axes = array<i64: 1>} : tensor<40x9xi8> -> tensor<40xi8>
  %5 = rmean.reduce_mean %f {axes = array<i64: 1>} : tensor<4x9xi8> -> tensor<4xi8>
  return %0, %1, %2, %3, %4, %5 : tensor<4096xi8>, tensor<4096xi8>, tensor<4096xui8>, tensor<4096xi16>, tensor<40xi8>, tensor<4xi8>
}
