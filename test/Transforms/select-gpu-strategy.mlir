// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-gpu-strategy --split-input-file | FileCheck %s
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-gpu-strategy="block-size=64 items-per-thread=1 blocks-per-output=3" --split-input-file | FileCheck %s --check-prefix=OPTS
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-gpu-strategy="block-size=32" --split-input-file | FileCheck %s --check-prefix=WARP
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-gpu-strategy="block-size=1024 items-per-thread=16" --split-input-file | FileCheck %s --check-prefix=BIG
// Option values the attribute does not accept are an error naming the
// broken bound, not a strategy that rmean-gpu-distribute would mis-apply.
// RUN: not rmean-opt %s --convert-rmean-to-linalg --rmean-select-gpu-strategy="block-size=48" --split-input-file 2>&1 | FileCheck %s --check-prefix=BADBS
// RUN: not rmean-opt %s --convert-rmean-to-linalg --rmean-select-gpu-strategy="items-per-thread=3" --split-input-file 2>&1 | FileCheck %s --check-prefix=BADIPT
// RUN: not rmean-opt %s --convert-rmean-to-linalg --rmean-select-gpu-strategy="blocks-per-output=65537" --split-input-file 2>&1 | FileCheck %s --check-prefix=BADBPO
// BADBS: error: rmean-select-gpu-strategy: option 'block-size' must be a multiple of 32 in [32, 1024], got 48
// BADIPT: error: rmean-select-gpu-strategy: option 'items-per-thread' must be 0 (chosen) or one of 1, 2, 4, 8, 16, got 3
// BADBPO: error: rmean-select-gpu-strategy: option 'blocks-per-output' must be 0 (chosen) or in [1, 65536], got 65537

// Rows shorter than 1024 elements get a warp each; 1024 or more (or a
// dynamic length) the whole block. f32 rows whose length is a multiple of
// 4 read 4 elements (128 bits) per step; a dynamic row reads 1.
// CHECK-LABEL: func.func @inner_rows
//       CHECK:   ins(%{{.+}} : tensor<64x100xf32>)
//  CHECK-SAME:   rmean.gpu_strategy = #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 32, items_per_thread = 4>,
//  CHECK-SAME:   rmean.reduction
//       CHECK:   ins(%{{.+}} : tensor<64x1020xf32>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 32, items_per_thread = 4>
//       CHECK:   ins(%{{.+}} : tensor<64x1024xf32>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 256, items_per_thread = 4>
//       CHECK:   ins(%{{.+}} : tensor<64x4096xf32>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 256, items_per_thread = 4>
//       CHECK:   ins(%{{.+}} : tensor<64x?xf32>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 256>
// The options replace the block size (a long row still takes all of it)
// and the items per thread, and force a split.
// OPTS-LABEL: func.func @inner_rows
//       OPTS:   #rmean.gpu_strategy<kind = inner, block_size = 64, threads_per_output = 32, blocks_per_output = 3>
//       OPTS:   #rmean.gpu_strategy<kind = inner, block_size = 64, threads_per_output = 32, blocks_per_output = 3>
//       OPTS:   #rmean.gpu_strategy<kind = inner, block_size = 64, threads_per_output = 64, blocks_per_output = 3>
//       OPTS:   #rmean.gpu_strategy<kind = inner, block_size = 64, threads_per_output = 64, blocks_per_output = 3>
//       OPTS:   #rmean.gpu_strategy<kind = inner, block_size = 64, threads_per_output = 64, blocks_per_output = 3>
// A one-warp block: short and long rows alike get 32 threads.
// WARP-LABEL: func.func @inner_rows
//       WARP:   #rmean.gpu_strategy<kind = inner, block_size = 32, threads_per_output = 32, items_per_thread = 4>
//       WARP:   #rmean.gpu_strategy<kind = inner, block_size = 32, threads_per_output = 32, items_per_thread = 4>
//       WARP:   #rmean.gpu_strategy<kind = inner, block_size = 32, threads_per_output = 32, items_per_thread = 4>
//       WARP:   #rmean.gpu_strategy<kind = inner, block_size = 32, threads_per_output = 32, items_per_thread = 4>
//       WARP:   #rmean.gpu_strategy<kind = inner, block_size = 32, threads_per_output = 32>
// items-per-thread is taken as given, also on a dynamic row.
// BIG-LABEL: func.func @inner_rows
//       BIG:   #rmean.gpu_strategy<kind = inner, block_size = 1024, threads_per_output = 32, items_per_thread = 16>
//       BIG:   #rmean.gpu_strategy<kind = inner, block_size = 1024, threads_per_output = 32, items_per_thread = 16>
//       BIG:   #rmean.gpu_strategy<kind = inner, block_size = 1024, threads_per_output = 1024, items_per_thread = 16>
//       BIG:   #rmean.gpu_strategy<kind = inner, block_size = 1024, threads_per_output = 1024, items_per_thread = 16>
//       BIG:   #rmean.gpu_strategy<kind = inner, block_size = 1024, threads_per_output = 1024, items_per_thread = 16>
func.func @inner_rows(%a: tensor<64x100xf32>, %b: tensor<64x1020xf32>, %c: tensor<64x1024xf32>, %d: tensor<64x4096xf32>, %e: tensor<64x?xf32>)
    -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<64x100xf32> -> tensor<64xf32>
  %1 = rmean.reduce_mean %b {axes = array<i64: 1>} : tensor<64x1020xf32> -> tensor<64xf32>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<64x1024xf32> -> tensor<64xf32>
  %3 = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<64x4096xf32> -> tensor<64xf32>
  %4 = rmean.reduce_mean %e {axes = array<i64: 1>} : tensor<64x?xf32> -> tensor<64xf32>
  return %0, %1, %2, %3, %4 : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
}

// -----

// items_per_thread fills 16 bytes: 8 for f16/bf16, 2 for f64 and i64, 16
// for 8-bit integers (signless and unsigned), 1 for complex (not loaded as
// a vector).
// CHECK-LABEL: func.func @element_types
//       CHECK:   ins(%{{.+}} : tensor<8x64xf16>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 32, items_per_thread = 8>
//       CHECK:   ins(%{{.+}} : tensor<8x64xbf16>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 32, items_per_thread = 8>
//       CHECK:   ins(%{{.+}} : tensor<8x64xf64>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 32, items_per_thread = 2>
//       CHECK:   ins(%{{.+}} : tensor<8x64xi64>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 32, items_per_thread = 2>
//       CHECK:   ins(%{{.+}} : tensor<8x64xi8>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 32, items_per_thread = 16>
//       CHECK:   ins(%{{.+}} : tensor<8x64xui8>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 32, items_per_thread = 16>
//       CHECK:   ins(%{{.+}} : tensor<8x64xi16>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 32, items_per_thread = 8>
//       CHECK:   ins(%{{.+}} : tensor<8x64xcomplex<f32>>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 32>
//       CHECK:   ins(%{{.+}} : tensor<8x64xcomplex<f64>>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 32>
// BIG-LABEL: func.func @element_types
//  BIG-COUNT-9:   #rmean.gpu_strategy<kind = inner, block_size = 1024, threads_per_output = 32, items_per_thread = 16>
func.func @element_types(%a: tensor<8x64xf16>, %b: tensor<8x64xbf16>, %c: tensor<8x64xf64>, %d: tensor<8x64xi64>, %e: tensor<8x64xi8>,
                         %f: tensor<8x64xui8>, %g: tensor<8x64xi16>, %h: tensor<8x64xcomplex<f32>>, %i: tensor<8x64xcomplex<f64>>)
    -> (tensor<8xf16>, tensor<8xbf16>, tensor<8xf64>, tensor<8xi64>, tensor<8xi8>, tensor<8xui8>, tensor<8xi16>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f64>>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<8x64xf16> -> tensor<8xf16>
  %1 = rmean.reduce_mean %b {axes = array<i64: 1>} : tensor<8x64xbf16> -> tensor<8xbf16>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<8x64xf64> -> tensor<8xf64>
  %3 = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<8x64xi64> -> tensor<8xi64>
  %4 = rmean.reduce_mean %e {axes = array<i64: 1>} : tensor<8x64xi8> -> tensor<8xi8>
  %5 = rmean.reduce_mean %f {axes = array<i64: 1>} : tensor<8x64xui8> -> tensor<8xui8>
  %6 = rmean.reduce_mean %g {axes = array<i64: 1>} : tensor<8x64xi16> -> tensor<8xi16>
  %7 = rmean.reduce_mean %h {axes = array<i64: 1>} : tensor<8x64xcomplex<f32>> -> tensor<8xcomplex<f32>>
  %8 = rmean.reduce_mean %i {axes = array<i64: 1>} : tensor<8x64xcomplex<f64>> -> tensor<8xcomplex<f64>>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<8xf16>, tensor<8xbf16>, tensor<8xf64>, tensor<8xi64>, tensor<8xi8>, tensor<8xui8>, tensor<8xi16>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f64>>
}

// -----

// A row length that is not a multiple of the items is halved down to one
// that divides it, so that every row start stays aligned: i8 rows of 100
// read 4 (16 and 8 do not divide 100), f32 rows of 102 read 2, of 101 read
// 1 (not printed), f16 rows of 100 read 4.
// CHECK-LABEL: func.func @row_not_divisible
//       CHECK:   ins(%{{.+}} : tensor<8x100xi8>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 32, items_per_thread = 4>
//       CHECK:   ins(%{{.+}} : tensor<8x102xf32>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 32, items_per_thread = 2>
//       CHECK:   ins(%{{.+}} : tensor<8x101xf32>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 32>
//       CHECK:   ins(%{{.+}} : tensor<8x100xf16>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 32, items_per_thread = 4>
func.func @row_not_divisible(%a: tensor<8x100xi8>, %b: tensor<8x102xf32>, %c: tensor<8x101xf32>, %d: tensor<8x100xf16>)
    -> (tensor<8xi8>, tensor<8xf32>, tensor<8xf32>, tensor<8xf16>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<8x100xi8> -> tensor<8xi8>
  %1 = rmean.reduce_mean %b {axes = array<i64: 1>} : tensor<8x102xf32> -> tensor<8xf32>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<8x101xf32> -> tensor<8xf32>
  %3 = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<8x100xf16> -> tensor<8xf16>
  return %0, %1, %2, %3 : tensor<8xi8>, tensor<8xf32>, tensor<8xf32>, tensor<8xf16>
}

// -----

// Few long rows: 4 rows fill 4 of the 264 blocks wanted, so each row is
// split over min(ceil(264 / 4), 1048576 / 16384) = 64 blocks. Rows under
// 2 x 16384 elements are not split however few they are (64x4096: 1), nor
// are rows of an unknown count.
// CHECK-LABEL: func.func @inner_split
//       CHECK:   ins(%{{.+}} : tensor<4x1048576xf32>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 256, items_per_thread = 4, blocks_per_output = 64>
//       CHECK:   ins(%{{.+}} : tensor<4x32768xf32>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 256, items_per_thread = 4, blocks_per_output = 2>
//       CHECK:   ins(%{{.+}} : tensor<4x32764xf32>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 256, items_per_thread = 4>
//       CHECK:   ins(%{{.+}} : tensor<?x1048576xf32>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 256, items_per_thread = 4>
//       CHECK:   ins(%{{.+}} : tensor<264x1048576xf32>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 256, items_per_thread = 4>
//       CHECK:   ins(%{{.+}} : tensor<263x1048576xf32>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 256, items_per_thread = 4, blocks_per_output = 2>
// With 32-thread blocks a block still takes one long row: the same split.
// WARP-LABEL: func.func @inner_split
//       WARP:   #rmean.gpu_strategy<kind = inner, block_size = 32, threads_per_output = 32, items_per_thread = 4, blocks_per_output = 64>
func.func @inner_split(%a: tensor<4x1048576xf32>, %b: tensor<4x32768xf32>, %c: tensor<4x32764xf32>, %d: tensor<?x1048576xf32>,
                       %e: tensor<264x1048576xf32>, %f: tensor<263x1048576xf32>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<?xf32>, tensor<264xf32>, tensor<263xf32>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<4x1048576xf32> -> tensor<4xf32>
  %1 = rmean.reduce_mean %b {axes = array<i64: 1>} : tensor<4x32768xf32> -> tensor<4xf32>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<4x32764xf32> -> tensor<4xf32>
  %3 = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<?x1048576xf32> -> tensor<?xf32>
  %4 = rmean.reduce_mean %e {axes = array<i64: 1>} : tensor<264x1048576xf32> -> tensor<264xf32>
  %5 = rmean.reduce_mean %f {axes = array<i64: 1>} : tensor<263x1048576xf32> -> tensor<263xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<?xf32>, tensor<264xf32>, tensor<263xf32>
}

// -----

// Reduce-all is an inner reduction of the flattened tensor with one
// output: a static 1 Mi elements splits into 1048576 / 16384 = 64 chunks,
// a dynamic size (assumed large) into 264.
// CHECK-LABEL: func.func @reduce_all_static
//       CHECK:   ins(%{{.+}} : tensor<1048576xf32>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 256, items_per_thread = 4, blocks_per_output = 64>
// CHECK-LABEL: func.func @reduce_all_dynamic
//       CHECK:   ins(%{{.+}} : tensor<?xf32>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 256, blocks_per_output = 264>
// CHECK-LABEL: func.func @reduce_all_small
//       CHECK:   ins(%{{.+}} : tensor<60xi32>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 32, items_per_thread = 4>
// OPTS-LABEL: func.func @reduce_all_dynamic
//       OPTS:   #rmean.gpu_strategy<kind = inner, block_size = 64, threads_per_output = 64, blocks_per_output = 3>
func.func @reduce_all_static(%x: tensor<1024x1024xf32>) -> tensor<f32> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<1024x1024xf32> -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @reduce_all_dynamic(%x: tensor<?x?xf32>) -> tensor<f32> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<?x?xf32> -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @reduce_all_small(%x: tensor<3x4x5xi32>) -> tensor<f32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 1, 2>} : tensor<3x4x5xi32> -> tensor<i32>
  %1 = arith.sitofp %0 : tensor<i32> to tensor<f32>
  return %1 : tensor<f32>
}

// -----

// Column means: a thread per output. 64 outputs fill one block of 256, so
// 65536 rows split into min(264, 65536 / 256) = 256 chunks; 262144
// outputs fill 1024 blocks and are not split; 511 rows are too few to
// split (fewer than two chunks of 256); a dynamic reduced extent is not
// split.
// CHECK-LABEL: func.func @outer
//       CHECK:   ins(%{{.+}} : tensor<65536x64xf32>)
//  CHECK-SAME:   rmean.gpu_strategy = #rmean.gpu_strategy<kind = outer, block_size = 256, blocks_per_output = 256>,
//       CHECK:   ins(%{{.+}} : tensor<1024x262144xf32>)
//  CHECK-SAME:   rmean.gpu_strategy = #rmean.gpu_strategy<kind = outer, block_size = 256>,
//       CHECK:   ins(%{{.+}} : tensor<511x64xf32>)
//  CHECK-SAME:   rmean.gpu_strategy = #rmean.gpu_strategy<kind = outer, block_size = 256>,
//       CHECK:   ins(%{{.+}} : tensor<512x64xf32>)
//  CHECK-SAME:   rmean.gpu_strategy = #rmean.gpu_strategy<kind = outer, block_size = 256, blocks_per_output = 2>,
//       CHECK:   ins(%{{.+}} : tensor<?x64xf32>)
//  CHECK-SAME:   rmean.gpu_strategy = #rmean.gpu_strategy<kind = outer, block_size = 256>,
// items-per-thread applies to row reductions only; the forced split does
// apply.
// OPTS-LABEL: func.func @outer
//  OPTS-COUNT-5:   #rmean.gpu_strategy<kind = outer, block_size = 64, blocks_per_output = 3>
// With 32-thread blocks 64 outputs fill 2 blocks: ceil(264 / 2) = 132.
// WARP-LABEL: func.func @outer
//       WARP:   #rmean.gpu_strategy<kind = outer, block_size = 32, blocks_per_output = 132>
// BIG-LABEL: func.func @outer
//       BIG:   #rmean.gpu_strategy<kind = outer, block_size = 1024, blocks_per_output = 256>
//       BIG:   #rmean.gpu_strategy<kind = outer, block_size = 1024, blocks_per_output = 2>
func.func @outer(%a: tensor<65536x64xf32>, %b: tensor<1024x262144xf32>, %c: tensor<511x64xf32>, %d: tensor<512x64xf32>, %e: tensor<?x64xf32>)
    -> (tensor<64xf32>, tensor<262144xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 0>} : tensor<65536x64xf32> -> tensor<64xf32>
  %1 = rmean.reduce_mean %b {axes = array<i64: 0>} : tensor<1024x262144xf32> -> tensor<262144xf32>
  %2 = rmean.reduce_mean %c {axes = array<i64: 0>} : tensor<511x64xf32> -> tensor<64xf32>
  %3 = rmean.reduce_mean %d {axes = array<i64: 0>} : tensor<512x64xf32> -> tensor<64xf32>
  %4 = rmean.reduce_mean %e {axes = array<i64: 0>} : tensor<?x64xf32> -> tensor<64xf32>
  return %0, %1, %2, %3, %4 : tensor<64xf32>, tensor<262144xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
}

// -----

// A middle axis (and NHWC pooling, whose H and W coalesce) is outer: the
// kept dimensions around it are outputs, 8 x 16 = 128 of them in one
// block, so 4096 rows split into 4096 / 256 = 16 chunks.
// CHECK-LABEL: func.func @middle
//       CHECK:   iterator_types = ["parallel", "reduction", "parallel"]
//  CHECK-SAME:   ins(%{{.+}} : tensor<8x4096x16xf32>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = outer, block_size = 256, blocks_per_output = 16>
//       CHECK:   iterator_types = ["parallel", "reduction", "parallel"]
//  CHECK-SAME:   ins(%{{.+}} : tensor<2x49x32xf16>)
//  CHECK-SAME:   #rmean.gpu_strategy<kind = outer, block_size = 256>
func.func @middle(%x: tensor<8x4096x16xf32>, %y: tensor<2x7x7x32xf16>) -> (tensor<8x16xf32>, tensor<2x32xf16>) {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8x4096x16xf32> -> tensor<8x16xf32>
  %1 = rmean.reduce_mean %y {axes = array<i64: 1, 2>} : tensor<2x7x7x32xf16> -> tensor<2x32xf16>
  return %0, %1 : tensor<8x16xf32>, tensor<2x32xf16>
}

// -----

// Two separate reduced runs ([R, P, R]: axes 0 and 2 of a 3-D input) do
// not coalesce into one: serial, one thread per output, never split (not
// even when the option asks for it).
// CHECK-LABEL: func.func @serial
//       CHECK:   iterator_types = ["reduction", "parallel", "reduction"]
//  CHECK-SAME:   #rmean.gpu_strategy<kind = serial, block_size = 256>,
// OPTS-LABEL: func.func @serial
//       OPTS:   #rmean.gpu_strategy<kind = serial, block_size = 64>,
// BIG-LABEL: func.func @serial
//       BIG:   #rmean.gpu_strategy<kind = serial, block_size = 1024>,
func.func @serial(%x: tensor<32x3x1024xf32>) -> tensor<3xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<32x3x1024xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// A strategy written by hand on rmean.reduce_mean reaches its reduction
// through the conversion and is kept, even where the selection (and the
// options) would choose otherwise.
// CHECK-LABEL: func.func @hand_written
//       CHECK:   linalg.generic
//  CHECK-SAME:     {rmean.gpu_strategy = #rmean.gpu_strategy<kind = serial, block_size = 128>, rmean.reduction}
//   CHECK-NOT:   rmean.gpu_strategy
// OPTS-LABEL: func.func @hand_written
//       OPTS:     {rmean.gpu_strategy = #rmean.gpu_strategy<kind = serial, block_size = 128>, rmean.reduction}
// BIG-LABEL: func.func @hand_written
//       BIG:     {rmean.gpu_strategy = #rmean.gpu_strategy<kind = serial, block_size = 128>, rmean.reduction}
func.func @hand_written(%x: tensor<64x4096xf32>) -> tensor<64xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.gpu_strategy = #rmean.gpu_strategy<kind = serial, block_size = 128>} : tensor<64x4096xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// A strategy on a hand-written reduction is kept; a generic without the
// rmean.reduction marker gets none.
// CHECK-LABEL: func.func @hand_written_generic
//       CHECK:   linalg.generic
//  CHECK-SAME:     rmean.gpu_strategy = #rmean.gpu_strategy<kind = inner, block_size = 64, threads_per_output = 64, items_per_thread = 2, blocks_per_output = 7>
//       CHECK:   linalg.generic
//   CHECK-NOT:   rmean.gpu_strategy
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @hand_written_generic(%x: tensor<4x8xf32>, %init: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%init : tensor<4xf64>)
      attrs = {rmean.reduction, rmean.gpu_strategy = #rmean.gpu_strategy<kind = inner, block_size = 64, threads_per_output = 64, items_per_thread = 2, blocks_per_output = 7>} {
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
