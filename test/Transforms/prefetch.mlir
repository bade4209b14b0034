// RUN: rmean-opt %s --rmean-prefetch --split-input-file | FileCheck %s
// RUN: rmean-opt %s --rmean-prefetch=distance=512 --split-input-file | FileCheck %s --check-prefix=NEAR
// RUN: rmean-opt %s --rmean-prefetch=distance=0 --split-input-file | FileCheck %s --check-prefix=OFF
// RUN: not rmean-opt %s --rmean-prefetch=distance=-1 --split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: error: rmean-prefetch: option 'distance' must be >= 0, got -1

// A row of a compensated f64 sum, read through subviews that move with the
// loop over a dense buffer: each iteration reads the 32 elements after the
// previous one's, so the prefetch address is the read's offset into the
// flattened buffer plus 8192 / 256 = 32 iterations (1024 elements), clamped
// to the buffer's last vector. Past a row's end that is the next row, which
// the loop reaches next. Each of the vector's four lines is prefetched. The
// loop reads more than the look-ahead (128 x 32 elements), so the clamp
// stays in it (see @block_hoisted_clamp).
// CHECK-LABEL: func.func @row_through_subviews
//  CHECK-SAME:     (%[[X:.+]]: memref<64x128x32xf64>
//  CHECK-NEXT:   %[[FLAT:.+]] = memref.collapse_shape %[[X]] {{\[}}[0, 1, 2]] : memref<64x128x32xf64> into memref<262144xf64>
//  CHECK-NEXT:   %[[C0:.+]] = arith.constant 0 : index
//  CHECK-NEXT:   %[[N:.+]] = memref.dim %[[FLAT]], %[[C0]]
//       CHECK:   scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args
//       CHECK:     %[[W:.+]] = memref.subview %{{.+}}[0, 0, 0] [1, 1, 32]
//  CHECK-NEXT:     %{{.+}}, %[[OFFSET:.+]], %{{.+}}, %[[STRIDE:.+]] = memref.extract_strided_metadata %[[W]]
//  CHECK-NEXT:     %[[I0:.+]] = arith.muli %{{.+}}, %[[STRIDE]] : index
//  CHECK-NEXT:     %[[AT:.+]] = arith.addi %[[OFFSET]], %[[I0]] : index
//  CHECK-NEXT:     %[[AHEAD:.+]] = arith.constant 1024 : index
//  CHECK-NEXT:     %[[LATER:.+]] = arith.addi %[[AT]], %[[AHEAD]] : index
//  CHECK-NEXT:     %[[VEC:.+]] = arith.constant 32 : index
//  CHECK-NEXT:     %[[LAST:.+]] = arith.subi %[[N]], %[[VEC]] : index
//  CHECK-NEXT:     %[[T:.+]] = arith.minui %[[LATER]], %[[LAST]] : index
//  CHECK-NEXT:     memref.prefetch %[[FLAT]][%[[T]]], read, locality<3>, data
//  CHECK-NEXT:     %[[L1:.+]] = arith.constant 8 : index
//  CHECK-NEXT:     %[[T1:.+]] = arith.addi %[[T]], %[[L1]] : index
//  CHECK-NEXT:     memref.prefetch %[[FLAT]][%[[T1]]], read, locality<3>, data
//  CHECK-NEXT:     arith.constant 16 : index
//  CHECK-NEXT:     arith.addi
//  CHECK-NEXT:     memref.prefetch %[[FLAT]]
//  CHECK-NEXT:     arith.constant 24 : index
//  CHECK-NEXT:     arith.addi
//  CHECK-NEXT:     memref.prefetch %[[FLAT]]
//   CHECK-NOT:     memref.prefetch
//       CHECK:     vector.transfer_read %[[W]]
//       CHECK:   } {rmean.accumulation_loop}
// A shorter distance is fewer iterations ahead (512 / 256 = 2: 64 elements).
// NEAR-LABEL: func.func @row_through_subviews
//       NEAR:   %[[AHEAD:.+]] = arith.constant 64 : index
//  NEAR-NEXT:   arith.addi %{{.+}}, %[[AHEAD]] : index
//       NEAR:   memref.prefetch
// OFF-LABEL: func.func @row_through_subviews
//   OFF-NOT:   memref.collapse_shape
//   OFF-NOT:   memref.prefetch
func.func @row_through_subviews(%x: memref<64x128x32xf64>, %i: index,
                                %init: vector<32xf64>) -> vector<32xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %pad = ub.poison : f64
  %r = scf.for %j = %c0 to %c128 step %c1 iter_args(%acc = %init) -> (vector<32xf64>) {
    %v = memref.subview %x[%i, %j, 0] [1, 1, 32] [1, 1, 1] : memref<64x128x32xf64> to memref<1x1x32xf64, strided<[4096, 32, 1], offset: ?>>
    %w = memref.subview %v[0, 0, 0] [1, 1, 32] [1, 1, 1] : memref<1x1x32xf64, strided<[4096, 32, 1], offset: ?>> to memref<32xf64, strided<[1], offset: ?>>
    %e = vector.transfer_read %w[%c0], %pad {in_bounds = [true]} : memref<32xf64, strided<[1], offset: ?>>, vector<32xf64>
    %s = arith.addf %acc, %e : vector<32xf64>
    scf.yield %s : vector<32xf64>
  } {rmean.accumulation_loop}
  return %r : vector<32xf64>
}

// -----

// -----

// The same row over a static buffer of 128 MiB (4096 x 4096 f64), streamed
// from memory whatever the machine: its prefetches are non-temporal
// (locality 0), so they do not install the lines in the L2. A smaller
// buffer (@negative_row_below_streamed) or one of a run-time size (@shared_flat_view,
// @direct_index) keeps the L1 hint.
// CHECK-LABEL: func.func @streamed_row
//  CHECK-SAME:     (%[[X:.+]]: memref<4096x4096xf64>
//       CHECK:   %[[FLAT:.+]] = memref.collapse_shape %[[X]]
//       CHECK:   scf.for
//       CHECK:     memref.prefetch %[[FLAT]][%{{.+}}], read, locality<0>, data
//       CHECK:     memref.prefetch %[[FLAT]][%{{.+}}], read, locality<0>, data
//       CHECK:     memref.prefetch %[[FLAT]][%{{.+}}], read, locality<0>, data
//       CHECK:     memref.prefetch %[[FLAT]][%{{.+}}], read, locality<0>, data
//   CHECK-NOT:     memref.prefetch
//       CHECK:   } {rmean.accumulation_loop}
func.func @streamed_row(%x: memref<4096x4096xf64>, %i: index,
                        %init: vector<32xf64>) -> vector<32xf64> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %pad = ub.poison : f64
  %r = scf.for %j = %c0 to %c4096 step %c32 iter_args(%acc = %init) -> (vector<32xf64>) {
    %w = memref.subview %x[%i, %j] [1, 32] [1, 1] : memref<4096x4096xf64> to memref<32xf64, strided<[1], offset: ?>>
    %e = vector.transfer_read %w[%c0], %pad {in_bounds = [true]} : memref<32xf64, strided<[1], offset: ?>>, vector<32xf64>
    %s = arith.addf %acc, %e : vector<32xf64>
    scf.yield %s : vector<32xf64>
  } {rmean.accumulation_loop}
  return %r : vector<32xf64>
}

// -----

// Just below the bound (4095 x 4096 f64, 128 MiB less one row): the L1 hint.
// CHECK-LABEL: func.func @negative_row_below_streamed
//       CHECK:   memref.prefetch %{{.+}}[%{{.+}}], read, locality<3>, data
//   CHECK-NOT:   locality<0>
//       CHECK:   } {rmean.accumulation_loop}
func.func @negative_row_below_streamed(%x: memref<4095x4096xf64>, %i: index,
                              %init: vector<32xf64>) -> vector<32xf64> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %pad = ub.poison : f64
  %r = scf.for %j = %c0 to %c4096 step %c32 iter_args(%acc = %init) -> (vector<32xf64>) {
    %w = memref.subview %x[%i, %j] [1, 32] [1, 1] : memref<4095x4096xf64> to memref<32xf64, strided<[1], offset: ?>>
    %e = vector.transfer_read %w[%c0], %pad {in_bounds = [true]} : memref<32xf64, strided<[1], offset: ?>>, vector<32xf64>
    %s = arith.addf %acc, %e : vector<32xf64>
    scf.yield %s : vector<32xf64>
  } {rmean.accumulation_loop}
  return %r : vector<32xf64>
}

// -----

// @negative_huge_f32_sum: a plain f32 sum (f32 reads into an f32 vector
// accumulator) over a static buffer of 256 MiB, one stream from memory that
// the hardware prefetchers keep up with: no prefetches. One element less
// (@huge_f32_sum_below) or an f64 accumulator (@huge_f32_into_f64) keep the
// non-temporal ones.
// CHECK-LABEL: func.func @negative_huge_f32_sum
//   CHECK-NOT:   memref.prefetch
//       CHECK:   } {rmean.accumulation_loop}
// CHECK-LABEL: func.func @huge_f32_sum_below
//       CHECK:   memref.prefetch %{{.+}}[%{{.+}}], read, locality<0>, data
//       CHECK:   } {rmean.accumulation_loop}
// CHECK-LABEL: func.func @huge_f32_into_f64
//       CHECK:   memref.prefetch %{{.+}}[%{{.+}}], read, locality<0>, data
//       CHECK:   } {rmean.accumulation_loop}
func.func @negative_huge_f32_sum(%x: memref<67108864xf32>, %i: index,
                                 %init: vector<32xf32>) -> vector<32xf32> {
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %pad = ub.poison : f32
  %end = arith.addi %i, %c256 : index
  %r = scf.for %j = %i to %end step %c32 iter_args(%acc = %init) -> (vector<32xf32>) {
    %e = vector.transfer_read %x[%j], %pad {in_bounds = [true]} : memref<67108864xf32>, vector<32xf32>
    %s = arith.addf %acc, %e : vector<32xf32>
    scf.yield %s : vector<32xf32>
  } {rmean.accumulation_loop}
  return %r : vector<32xf32>
}
func.func @huge_f32_sum_below(%x: memref<67108863xf32>, %i: index,
                              %init: vector<32xf32>) -> vector<32xf32> {
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %pad = ub.poison : f32
  %end = arith.addi %i, %c256 : index
  %r = scf.for %j = %i to %end step %c32 iter_args(%acc = %init) -> (vector<32xf32>) {
    %e = vector.transfer_read %x[%j], %pad {in_bounds = [true]} : memref<67108863xf32>, vector<32xf32>
    %s = arith.addf %acc, %e : vector<32xf32>
    scf.yield %s : vector<32xf32>
  } {rmean.accumulation_loop}
  return %r : vector<32xf32>
}
func.func @huge_f32_into_f64(%x: memref<67108864xf32>, %i: index,
                             %init: vector<32xf64>) -> vector<32xf64> {
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %pad = ub.poison : f32
  %end = arith.addi %i, %c256 : index
  %r = scf.for %j = %i to %end step %c32 iter_args(%acc = %init) -> (vector<32xf64>) {
    %e = vector.transfer_read %x[%j], %pad {in_bounds = [true]} : memref<67108864xf32>, vector<32xf32>
    %w = arith.extf %e : vector<32xf32> to vector<32xf64>
    %s = arith.addf %acc, %w : vector<32xf64>
    scf.yield %s : vector<32xf64>
  } {rmean.accumulation_loop}
  return %r : vector<32xf64>
}

// -----

// The same bound for a 2-D buffer (16384 x 4096 f32, 256 MiB): none. Two
// input reads in the loop (@huge_f32_two_streams), a run-time size
// (@huge_f32_dynamic) or a loop-carried value that is not an f32 vector
// (@huge_f32_mixed_carried) keep their prefetches.
// CHECK-LABEL: func.func @negative_huge_f32_rows
//   CHECK-NOT:   memref.prefetch
//       CHECK:   } {rmean.accumulation_loop}
// CHECK-LABEL: func.func @huge_f32_two_streams
//       CHECK:   memref.prefetch %{{.+}}[%{{.+}}], read, locality<0>, data
//       CHECK:   } {rmean.accumulation_loop}
// CHECK-LABEL: func.func @huge_f32_dynamic
//       CHECK:   memref.prefetch %{{.+}}[%{{.+}}], read, locality<3>, data
//       CHECK:   } {rmean.accumulation_loop}
// CHECK-LABEL: func.func @huge_f32_mixed_carried
//       CHECK:   memref.prefetch %{{.+}}[%{{.+}}], read, locality<0>, data
//       CHECK:   } {rmean.accumulation_loop}
func.func @negative_huge_f32_rows(%x: memref<16384x4096xf32>, %i: index,
                                  %init: vector<32xf32>) -> vector<32xf32> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %pad = ub.poison : f32
  %r = scf.for %j = %c0 to %c4096 step %c32 iter_args(%acc = %init) -> (vector<32xf32>) {
    %w = memref.subview %x[%i, %j] [1, 32] [1, 1] : memref<16384x4096xf32> to memref<32xf32, strided<[1], offset: ?>>
    %e = vector.transfer_read %w[%c0], %pad {in_bounds = [true]} : memref<32xf32, strided<[1], offset: ?>>, vector<32xf32>
    %s = arith.addf %acc, %e : vector<32xf32>
    scf.yield %s : vector<32xf32>
  } {rmean.accumulation_loop}
  return %r : vector<32xf32>
}
func.func @huge_f32_two_streams(%x: memref<67108864xf32>, %i: index,
                                %init: vector<32xf32>) -> vector<32xf32> {
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %half = arith.constant 33554432 : index
  %pad = ub.poison : f32
  %end = arith.addi %i, %c256 : index
  %r = scf.for %j = %i to %end step %c32 iter_args(%acc = %init) -> (vector<32xf32>) {
    %k = arith.addi %j, %half : index
    %e = vector.transfer_read %x[%j], %pad {in_bounds = [true]} : memref<67108864xf32>, vector<32xf32>
    %f = vector.transfer_read %x[%k], %pad {in_bounds = [true]} : memref<67108864xf32>, vector<32xf32>
    %s = arith.addf %acc, %e : vector<32xf32>
    %t = arith.addf %s, %f : vector<32xf32>
    scf.yield %t : vector<32xf32>
  } {rmean.accumulation_loop}
  return %r : vector<32xf32>
}
func.func @huge_f32_dynamic(%x: memref<?xf32>, %i: index, %n: index,
                            %init: vector<32xf32>) -> vector<32xf32> {
  %c32 = arith.constant 32 : index
  %pad = ub.poison : f32
  %r = scf.for %j = %i to %n step %c32 iter_args(%acc = %init) -> (vector<32xf32>) {
    %e = vector.transfer_read %x[%j], %pad {in_bounds = [true]} : memref<?xf32>, vector<32xf32>
    %s = arith.addf %acc, %e : vector<32xf32>
    scf.yield %s : vector<32xf32>
  } {rmean.accumulation_loop}
  return %r : vector<32xf32>
}
func.func @huge_f32_mixed_carried(%x: memref<67108864xf32>, %i: index,
                                  %init: vector<32xf32>, %count: index) -> (vector<32xf32>, index) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %pad = ub.poison : f32
  %end = arith.addi %i, %c256 : index
  %r:2 = scf.for %j = %i to %end step %c32 iter_args(%acc = %init, %m = %count) -> (vector<32xf32>, index) {
    %e = vector.transfer_read %x[%j], %pad {in_bounds = [true]} : memref<67108864xf32>, vector<32xf32>
    %s = arith.addf %acc, %e : vector<32xf32>
    %m1 = arith.addi %m, %c1 : index
    scf.yield %s, %m1 : vector<32xf32>, index
  } {rmean.accumulation_loop}
  return %r#0, %r#1 : vector<32xf32>, index
}

// -----

// The block of a blocked f32 sum: 8 iterations from %j, 256 elements, less
// than the 2048 elements (8192 bytes) ahead, over a 1.5 MiB buffer. The clamp is computed once,
// before the block, for its first read (offset + 2048, at most the buffer's
// size less the block's 256 elements); in the block each target is that
// base plus the distance the read has moved (%k - %j), two lines per vector
// of 32 f32.
// CHECK-LABEL: func.func @block_hoisted_clamp
//  CHECK-SAME:     (%[[X:.+]]: memref<512x768xf32>
//  CHECK-NEXT:   %[[FLAT:.+]] = memref.collapse_shape %[[X]] {{\[}}[0, 1]] : memref<512x768xf32> into memref<393216xf32>
//  CHECK-NEXT:   %[[C0:.+]] = arith.constant 0 : index
//  CHECK-NEXT:   %[[N:.+]] = memref.dim %[[FLAT]], %[[C0]]
//       CHECK:   scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args
//  CHECK-NEXT:     %[[END:.+]] = arith.addi %[[J]]
//  CHECK-NEXT:     %{{.+}}, %[[OFFSET:.+]], %{{.+}}:2, %[[STRIDES:.+]]:2 = memref.extract_strided_metadata %[[X]]
//  CHECK-NEXT:     arith.muli %{{.+}}, %[[STRIDES]]#0 : index
//  CHECK-NEXT:     arith.addi %[[OFFSET]]
//  CHECK-NEXT:     arith.muli %[[J]], %[[STRIDES]]#1 : index
//  CHECK-NEXT:     %[[AT:.+]] = arith.addi
//  CHECK-NEXT:     %[[AHEAD:.+]] = arith.constant 2048 : index
//  CHECK-NEXT:     %[[LATER:.+]] = arith.addi %[[AT]], %[[AHEAD]] : index
//  CHECK-NEXT:     %[[SPAN:.+]] = arith.constant 256 : index
//  CHECK-NEXT:     %[[LAST:.+]] = arith.subi %[[N]], %[[SPAN]] : index
//  CHECK-NEXT:     %[[BASE:.+]] = arith.minui %[[LATER]], %[[LAST]] : index
//  CHECK-NEXT:     scf.for %[[K:.+]] = %[[J]] to %[[END]] step %{{.+}} iter_args
//  CHECK-NEXT:       %[[MOVED:.+]] = arith.subi %[[K]], %[[J]] : index
//  CHECK-NEXT:       %[[T:.+]] = arith.addi %[[BASE]], %[[MOVED]] : index
//  CHECK-NEXT:       memref.prefetch %[[FLAT]][%[[T]]], read, locality<3>, data
//  CHECK-NEXT:       %[[L1:.+]] = arith.constant 16 : index
//  CHECK-NEXT:       %[[T1:.+]] = arith.addi %[[T]], %[[L1]] : index
//  CHECK-NEXT:       memref.prefetch %[[FLAT]][%[[T1]]], read, locality<3>, data
//   CHECK-NOT:       memref.prefetch
//  CHECK-NEXT:       vector.transfer_read %[[X]][%{{.+}}, %[[K]]]
//       CHECK:     } {rmean.accumulation_loop}
//   CHECK-NOT:   arith.minui
//   CHECK-NOT:   memref.prefetch
// OFF-LABEL: func.func @block_hoisted_clamp
//   OFF-NOT:   memref.prefetch
func.func @block_hoisted_clamp(%x: memref<512x768xf32>, %i: index)
    -> vector<32xf64> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c768 = arith.constant 768 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<32xf64>
  %zero32 = arith.constant dense<-0.0> : vector<32xf32>
  %r = scf.for %j = %c0 to %c768 step %c256 iter_args(%acc = %zero) -> (vector<32xf64>) {
    %end = arith.addi %j, %c256 : index
    %b = scf.for %k = %j to %end step %c32 iter_args(%part = %zero32) -> (vector<32xf32>) {
      %e = vector.transfer_read %x[%i, %k], %pad {in_bounds = [true]} : memref<512x768xf32>, vector<32xf32>
      %s = arith.addf %part, %e : vector<32xf32>
      scf.yield %s : vector<32xf32>
    } {rmean.accumulation_loop}
    %w = arith.extf %b : vector<32xf32> to vector<32xf64>
    %t = arith.addf %acc, %w : vector<32xf64>
    scf.yield %t : vector<32xf64>
  }
  return %r : vector<32xf64>
}

// -----

// A block whose read goes through a view the body defines without the
// induction variable (%row, not hoisted out of the block) keeps the clamp
// in the loop: the base cannot be computed before the block.
// CHECK-LABEL: func.func @negative_hoist_body_view
//       CHECK:   scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args
//   CHECK-NOT:     arith.minui
//       CHECK:     scf.for %[[K:.+]] = %[[J]] to %{{.+}} step %{{.+}} iter_args
//       CHECK:       %[[T:.+]] = arith.minui
//  CHECK-NEXT:       memref.prefetch %{{.+}}[%[[T]]]
//       CHECK:     } {rmean.accumulation_loop}
func.func @negative_hoist_body_view(%x: memref<512x768xf32>, %i: index)
    -> vector<32xf64> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c768 = arith.constant 768 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<32xf64>
  %zero32 = arith.constant dense<-0.0> : vector<32xf32>
  %r = scf.for %j = %c0 to %c768 step %c256 iter_args(%acc = %zero) -> (vector<32xf64>) {
    %end = arith.addi %j, %c256 : index
    %b = scf.for %k = %j to %end step %c32 iter_args(%part = %zero32) -> (vector<32xf32>) {
      %row = memref.subview %x[%i, 0] [1, 768] [1, 1] : memref<512x768xf32> to memref<768xf32, strided<[1], offset: ?>>
      %e = vector.transfer_read %row[%k], %pad {in_bounds = [true]} : memref<768xf32, strided<[1], offset: ?>>, vector<32xf32>
      %s = arith.addf %part, %e : vector<32xf32>
      scf.yield %s : vector<32xf32>
    } {rmean.accumulation_loop}
    %w = arith.extf %b : vector<32xf32> to vector<32xf64>
    %t = arith.addf %acc, %w : vector<32xf64>
    scf.yield %t : vector<32xf64>
  }
  return %r : vector<32xf64>
}

// -----

// The same block over a buffer larger than 16 MiB (8192x768 f32, 24 MiB),
// which a loop nest reads from memory: the clamp stays in the block, where
// it keeps the prefetches apart.
// CHECK-LABEL: func.func @negative_hoist_large_buffer
//       CHECK:   scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args
//   CHECK-NOT:     arith.minui
//       CHECK:     scf.for %[[K:.+]] = %[[J]] to %{{.+}} step %{{.+}} iter_args
//       CHECK:       %[[T:.+]] = arith.minui
//  CHECK-NEXT:       memref.prefetch %{{.+}}[%[[T]]]
//       CHECK:     } {rmean.accumulation_loop}
func.func @negative_hoist_large_buffer(%x: memref<8192x768xf32>, %i: index)
    -> vector<32xf64> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c768 = arith.constant 768 : index
  %pad = ub.poison : f32
  %zero = arith.constant dense<0.0> : vector<32xf64>
  %zero32 = arith.constant dense<-0.0> : vector<32xf32>
  %r = scf.for %j = %c0 to %c768 step %c256 iter_args(%acc = %zero) -> (vector<32xf64>) {
    %end = arith.addi %j, %c256 : index
    %b = scf.for %k = %j to %end step %c32 iter_args(%part = %zero32) -> (vector<32xf32>) {
      %e = vector.transfer_read %x[%i, %k], %pad {in_bounds = [true]} : memref<8192x768xf32>, vector<32xf32>
      %s = arith.addf %part, %e : vector<32xf32>
      scf.yield %s : vector<32xf32>
    } {rmean.accumulation_loop}
    %w = arith.extf %b : vector<32xf32> to vector<32xf64>
    %t = arith.addf %acc, %w : vector<32xf64>
    scf.yield %t : vector<32xf64>
  }
  return %r : vector<32xf64>
}

// -----

// The induction variable indexes the read directly (dynamic sizes, a step
// of 8 over a unit stride: a contiguous walk): 1024 elements (128 iterations
// of 64 bytes) ahead in the flattened buffer, one line per vector of 8 i64.
// CHECK-LABEL: func.func @direct_index
//  CHECK-SAME:     (%[[X:.+]]: memref<?x?xi64>, %[[I:.+]]: index, %[[UB:.+]]: index
//  CHECK-NEXT:   %[[FLAT:.+]] = memref.collapse_shape %[[X]] {{\[}}[0, 1]] : memref<?x?xi64> into memref<?xi64>
//       CHECK:   scf.for %[[J:.+]] = %{{.+}} to %[[UB]] step %{{.+}} iter_args
//  CHECK-NEXT:     %{{.+}}, %[[OFFSET:.+]], %{{.+}}:2, %[[STRIDES:.+]]:2 = memref.extract_strided_metadata %[[X]]
//  CHECK-NEXT:     arith.muli %[[I]], %[[STRIDES]]#0 : index
//  CHECK-NEXT:     arith.addi %[[OFFSET]]
//  CHECK-NEXT:     arith.muli %[[J]], %[[STRIDES]]#1 : index
//  CHECK-NEXT:     %[[AT:.+]] = arith.addi
//  CHECK-NEXT:     %[[AHEAD:.+]] = arith.constant 1024 : index
//  CHECK-NEXT:     arith.addi %[[AT]], %[[AHEAD]] : index
//       CHECK:     %[[T:.+]] = arith.minui
//  CHECK-NEXT:     memref.prefetch %[[FLAT]][%[[T]]], read, locality<3>, data : memref<?xi64>
//   CHECK-NOT:     memref.prefetch
//       CHECK:     vector.transfer_read %[[X]][%[[I]], %[[J]]]
func.func @direct_index(%x: memref<?x?xi64>, %i: index, %ub: index,
                        %init: vector<8xi64>) -> vector<8xi64> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0 : i64
  %r = scf.for %j = %c0 to %ub step %c8 iter_args(%acc = %init) -> (vector<8xi64>) {
    %e = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]} : memref<?x?xi64>, vector<8xi64>
    %s = arith.addi %acc, %e : vector<8xi64>
    scf.yield %s : vector<8xi64>
  } {rmean.accumulation_loop}
  return %r : vector<8xi64>
}

// -----

// Over a strided buffer (not one dense array) the look-ahead stays in the
// loop: the read's address at the iteration 8192 / 64 = 128 on, or at the
// current one past the loop's end. An unsigned loop compares it unsigned,
// as it compares its induction variable; a vector<1x16xf32> (leading unit
// dimension) is one contiguous run.
// CHECK-LABEL: func.func @unsigned_loop
//  CHECK-SAME:     (%[[X:.+]]: memref<4x?xf32, strided<[?, 1]>>, %[[UB:.+]]: index
//   CHECK-NOT:   memref.collapse_shape
//       CHECK:   scf.for unsigned %[[J:.+]] = %{{.+}} to %[[UB]] step %{{.+}} iter_args
//       CHECK:     %[[AHEAD:.+]] = arith.constant 2048 : index
//  CHECK-NEXT:     %[[LATER:.+]] = arith.addi %[[J]], %[[AHEAD]] : index
//  CHECK-NEXT:     %[[IN:.+]] = arith.cmpi ult, %[[LATER]], %[[UB]] : index
//  CHECK-NEXT:     %[[T:.+]] = arith.select %[[IN]], %[[LATER]], %[[J]] : index
//  CHECK-NEXT:     memref.prefetch %[[X]][%{{.+}}, %[[T]]], read, locality<3>, data
func.func @unsigned_loop(%x: memref<4x?xf32, strided<[?, 1]>>, %ub: index,
                         %init: vector<1x16xf32>) -> vector<1x16xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for unsigned %j = %c0 to %ub step %c16 iter_args(%acc = %init) -> (vector<1x16xf32>) {
    %e = vector.transfer_read %x[%c0, %j], %pad {in_bounds = [true, true]} : memref<4x?xf32, strided<[?, 1]>>, vector<1x16xf32>
    %s = arith.addf %acc, %e : vector<1x16xf32>
    scf.yield %s : vector<1x16xf32>
  } {rmean.accumulation_loop}
  return %r : vector<1x16xf32>
}

// -----

// A loop down a dense buffer's rows (a column block: each iteration reads
// 16 of a 64-wide row, 64 elements after the previous one) does not walk it
// in order: the look-ahead is the same column block 8192 / 128 = 64 rows
// on, or the current row past the loop's end; two lines per vector.
// CHECK-LABEL: func.func @column_walk
//  CHECK-SAME:     (%[[X:.+]]: memref<256x64xf64>
//   CHECK-NOT:   memref.collapse_shape
//       CHECK:   scf.for %[[J:.+]] = %{{.+}} to %[[UB:.+]] step
//       CHECK:     %[[AHEAD:.+]] = arith.constant 64 : index
//  CHECK-NEXT:     %[[LATER:.+]] = arith.addi %[[J]], %[[AHEAD]] : index
//  CHECK-NEXT:     %[[IN:.+]] = arith.cmpi slt, %[[LATER]], %[[UB]] : index
//  CHECK-NEXT:     %[[T:.+]] = arith.select %[[IN]], %[[LATER]], %[[J]] : index
//  CHECK-NEXT:     memref.prefetch %[[X]][%[[T]], %{{.+}}], read
//  CHECK-NEXT:     %[[C24:.+]] = arith.constant 24 : index
//  CHECK-NEXT:     memref.prefetch %[[X]][%[[T]], %[[C24]]], read
//   CHECK-NOT:     memref.prefetch
func.func @column_walk(%x: memref<256x64xf64>,
                       %init: vector<16xf64>) -> vector<16xf64> {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %pad = arith.constant 0.0 : f64
  %r = scf.for %j = %c0 to %c256 step %c1 iter_args(%acc = %init) -> (vector<16xf64>) {
    %e = vector.transfer_read %x[%j, %c16], %pad {in_bounds = [true]} : memref<256x64xf64>, vector<16xf64>
    %s = arith.addf %acc, %e : vector<16xf64>
    scf.yield %s : vector<16xf64>
  } {rmean.accumulation_loop}
  return %r : vector<16xf64>
}

// -----

// A column block (compensated f64 columns): the marked loop steps down 8
// rows, its parent along the columns 16 at a time, so each row is walked
// in order by the parent. The look-ahead is along the parent, the 8 rows
// sharing half the distance: ceil(8192 / (2 x 128 x 8)) = 4 parent steps,
// 64 elements, in the flattened buffer. The rows' own loop is too short
// for a look-ahead of its own.
// CHECK-LABEL: func.func @column_block
//  CHECK-SAME:     (%[[X:.+]]: memref<64x256xf64>
//  CHECK-NEXT:   %[[FLAT:.+]] = memref.collapse_shape %[[X]]
//       CHECK:   scf.for %[[J:.+]] = %{{.+}} step %{{.+}} iter_args
//       CHECK:     scf.for %[[R:.+]] = %{{.+}} iter_args
//  CHECK-NEXT:       memref.extract_strided_metadata %[[X]]
//  CHECK-NEXT:       arith.muli %[[R]]
//  CHECK-NEXT:       arith.addi
//  CHECK-NEXT:       arith.muli %[[J]]
//  CHECK-NEXT:       %[[AT:.+]] = arith.addi
//  CHECK-NEXT:       %[[AHEAD:.+]] = arith.constant 64 : index
//  CHECK-NEXT:       arith.addi %[[AT]], %[[AHEAD]] : index
//       CHECK:       %[[T:.+]] = arith.minui
//  CHECK-NEXT:       memref.prefetch %[[FLAT]][%[[T]]]
//  CHECK-NEXT:       arith.constant 8 : index
//  CHECK-NEXT:       arith.addi %[[T]]
//  CHECK-NEXT:       memref.prefetch %[[FLAT]]
//   CHECK-NOT:       memref.prefetch
//       CHECK:     } {rmean.accumulation_loop}
func.func @column_block(%x: memref<64x256xf64>, %i: index,
                        %init: vector<16xf64>) -> vector<16xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %pad = arith.constant 0.0 : f64
  %r = scf.for %j = %c0 to %c256 step %c16 iter_args(%acc = %init) -> (vector<16xf64>) {
    %s = scf.for %k = %c0 to %c8 step %c1 iter_args(%a = %acc) -> (vector<16xf64>) {
      %e = vector.transfer_read %x[%k, %j], %pad {in_bounds = [true]} : memref<64x256xf64>, vector<16xf64>
      %t = arith.addf %a, %e : vector<16xf64>
      scf.yield %t : vector<16xf64>
    } {rmean.accumulation_loop}
    scf.yield %s : vector<16xf64>
  }
  return %r : vector<16xf64>
}

// -----

// A column block whose parent skips columns (16 read of every 32) does not
// walk its rows in order, and the rows' own loop is too short: no prefetch.
// CHECK-LABEL: func.func @negative_column_block_gaps
//   CHECK-NOT:   memref.collapse_shape
//   CHECK-NOT:   memref.prefetch
//       CHECK:   return
func.func @negative_column_block_gaps(%x: memref<64x256xf64>,
                                      %init: vector<16xf64>) -> vector<16xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %pad = arith.constant 0.0 : f64
  %r = scf.for %j = %c0 to %c256 step %c32 iter_args(%acc = %init) -> (vector<16xf64>) {
    %s = scf.for %k = %c0 to %c8 step %c1 iter_args(%a = %acc) -> (vector<16xf64>) {
      %e = vector.transfer_read %x[%k, %j], %pad {in_bounds = [true]} : memref<64x256xf64>, vector<16xf64>
      %t = arith.addf %a, %e : vector<16xf64>
      scf.yield %t : vector<16xf64>
    } {rmean.accumulation_loop}
    scf.yield %s : vector<16xf64>
  }
  return %r : vector<16xf64>
}

// -----

// Two loops over the same dense buffer share its flattened view.
// CHECK-LABEL: func.func @shared_flat_view
//       CHECK:   memref.collapse_shape
//   CHECK-NOT:   memref.collapse_shape
//       CHECK:   memref.prefetch
//       CHECK:   } {rmean.accumulation_loop}
//       CHECK:   memref.prefetch
//       CHECK:   } {rmean.accumulation_loop}
func.func @shared_flat_view(%x: memref<?x?xf64>, %ub: index,
                            %init: vector<8xf64>) -> vector<8xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f64
  %r = scf.for %j = %c0 to %ub step %c8 iter_args(%acc = %init) -> (vector<8xf64>) {
    %e = vector.transfer_read %x[%c0, %j], %pad {in_bounds = [true]} : memref<?x?xf64>, vector<8xf64>
    %s = arith.addf %acc, %e : vector<8xf64>
    scf.yield %s : vector<8xf64>
  } {rmean.accumulation_loop}
  %r2 = scf.for %j = %c0 to %ub step %c8 iter_args(%acc = %r) -> (vector<8xf64>) {
    %e = vector.transfer_read %x[%c1, %j], %pad {in_bounds = [true]} : memref<?x?xf64>, vector<8xf64>
    %s = arith.addf %acc, %e : vector<8xf64>
    scf.yield %s : vector<8xf64>
  } {rmean.accumulation_loop}
  return %r2 : vector<8xf64>
}

// -----

// Loops rmean did not mark are the user's: left alone.
// CHECK-LABEL: func.func @negative_unmarked_loop
//   CHECK-NOT:   memref.prefetch
func.func @negative_unmarked_loop(%x: memref<?xf64>, %ub: index,
                                  %init: vector<8xf64>) -> vector<8xf64> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f64
  %r = scf.for %j = %c0 to %ub step %c8 iter_args(%acc = %init) -> (vector<8xf64>) {
    %e = vector.transfer_read %x[%j], %pad {in_bounds = [true]} : memref<?xf64>, vector<8xf64>
    %s = arith.addf %acc, %e : vector<8xf64>
    scf.yield %s : vector<8xf64>
  }
  return %r : vector<8xf64>
}

// -----

// Eight rows of 16 read in order: the whole buffer (1 KiB) is closer than
// the 8192 bytes ahead, so a prefetch would only fetch what the loop reads
// anyway.
// CHECK-LABEL: func.func @negative_short_loop
//   CHECK-NOT:   memref.prefetch
func.func @negative_short_loop(%x: memref<8x16xf64>,
                               %init: vector<16xf64>) -> vector<16xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f64
  %r = scf.for %j = %c0 to %c8 step %c1 iter_args(%acc = %init) -> (vector<16xf64>) {
    %e = vector.transfer_read %x[%j, %c0], %pad {in_bounds = [true]} : memref<8x16xf64>, vector<16xf64>
    %s = arith.addf %acc, %e : vector<16xf64>
    scf.yield %s : vector<16xf64>
  } {rmean.accumulation_loop}
  return %r : vector<16xf64>
}

// -----

// Reads that do not move with the loop (here one of accumulator-like
// data), strided innermost dimensions, masked or possibly out-of-bounds
// reads and multi-row vectors are not contiguous runs the loop streams
// through: none gets a prefetch.
// CHECK-LABEL: func.func @negative_reads
//   CHECK-NOT:   memref.prefetch
func.func @negative_reads(%x: memref<?x?xf64>, %y: memref<?xf64, strided<[2]>>,
                          %ub: index, %m: vector<8xi1>,
                          %init: vector<8xf64>) -> vector<8xf64> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f64
  %r = scf.for %j = %c0 to %ub step %c8 iter_args(%acc = %init) -> (vector<8xf64>) {
    %a = vector.transfer_read %x[%c0, %c0], %pad {in_bounds = [true]} : memref<?x?xf64>, vector<8xf64>
    %b = vector.transfer_read %y[%j], %pad {in_bounds = [true]} : memref<?xf64, strided<[2]>>, vector<8xf64>
    %c = vector.transfer_read %x[%c0, %j], %pad, %m {in_bounds = [true]} : memref<?x?xf64>, vector<8xf64>
    %d = vector.transfer_read %x[%c0, %j], %pad : memref<?x?xf64>, vector<8xf64>
    %e = vector.transfer_read %x[%j, %c0], %pad {in_bounds = [true, true]} : memref<?x?xf64>, vector<2x4xf64>
    %e1 = vector.shape_cast %e : vector<2x4xf64> to vector<8xf64>
    %s0 = arith.addf %acc, %a : vector<8xf64>
    %s1 = arith.addf %s0, %b : vector<8xf64>
    %s2 = arith.addf %s1, %c : vector<8xf64>
    %s3 = arith.addf %s2, %d : vector<8xf64>
    %s4 = arith.addf %s3, %e1 : vector<8xf64>
    scf.yield %s4 : vector<8xf64>
  } {rmean.accumulation_loop}
  return %r : vector<8xf64>
}

// -----

// An address computed from memory (a loaded index) is not cloned: the
// prefetch would add a load of its own.
// CHECK-LABEL: func.func @negative_loaded_index
//   CHECK-NOT:   memref.prefetch
func.func @negative_loaded_index(%x: memref<?xf64>, %idx: memref<?xindex>,
                                 %ub: index,
                                 %init: vector<8xf64>) -> vector<8xf64> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f64
  %r = scf.for %j = %c0 to %ub step %c8 iter_args(%acc = %init) -> (vector<8xf64>) {
    %k = memref.load %idx[%j] : memref<?xindex>
    %e = vector.transfer_read %x[%k], %pad {in_bounds = [true]} : memref<?xf64>, vector<8xf64>
    %s = arith.addf %acc, %e : vector<8xf64>
    scf.yield %s : vector<8xf64>
  } {rmean.accumulation_loop}
  return %r : vector<8xf64>
}

// -----

// An accumulator row the loop reads and writes back (a view of the same
// buffer) stays in cache: only the input, which the loop never writes, is
// prefetched.
// CHECK-LABEL: func.func @accumulator_row
//  CHECK-SAME:     (%[[X:.+]]: memref<8x8192xf32>, %[[ACC:.+]]: memref<8192xf32>
//  CHECK-NEXT:   %[[FLAT:.+]] = memref.collapse_shape %[[X]]
//   CHECK-NOT:   memref.collapse_shape
//       CHECK:   scf.for
//   CHECK-NOT:     memref.prefetch %{{.+}} : memref<16xf32, strided<[1], offset: ?>>
//       CHECK:     memref.prefetch %[[FLAT]][
//   CHECK-NOT:     memref.prefetch
//       CHECK:   } {rmean.accumulation_loop}
func.func @accumulator_row(%x: memref<8x8192xf32>, %acc: memref<8192xf32>, %r: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c8192 = arith.constant 8192 : index
  %pad = arith.constant 0.0 : f32
  scf.for %j = %c0 to %c8192 step %c16 {
    %a = memref.subview %acc[%j] [16] [1] : memref<8192xf32> to memref<16xf32, strided<[1], offset: ?>>
    %s = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
    %e = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true]} : memref<8x8192xf32>, vector<16xf32>
    %t = arith.addf %s, %e : vector<16xf32>
    vector.transfer_write %t, %a[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, strided<[1], offset: ?>>
  } {rmean.accumulation_loop}
  return
}

// -----

// 0-d reads (vector-size=1 leaves some) have no innermost dimension to run
// along: no prefetch, and no crash (found by the differential tester).
// CHECK-LABEL: func.func @negative_zero_d
//   CHECK-NOT:   memref.prefetch
func.func @negative_zero_d(%x: memref<?xf64>, %ub: index, %init: vector<f64>) -> vector<f64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant 0.0 : f64
  %r = scf.for %j = %c0 to %ub step %c1 iter_args(%acc = %init) -> (vector<f64>) {
    %v = memref.subview %x[%j] [1] [1] : memref<?xf64> to memref<f64, strided<[], offset: ?>>
    %e = vector.transfer_read %v[], %pad : memref<f64, strided<[], offset: ?>>, vector<f64>
    %s = arith.addf %acc, %e : vector<f64>
    scf.yield %s : vector<f64>
  } {rmean.accumulation_loop}
  return %r : vector<f64>
}

// -----

// A row step of the outer strategy: the marked loop walks 256 columns of 8
// rows (16 iterations of vector<8x16xf32>, 1 KB of each row), its parent
// the rows, 8 at a time. Each row's line of the block one parent iteration
// on (8 KB of reads: ceil(8192 / 8192) = 1, 8 rows x 256 = 2048 elements
// later) is prefetched, row j at + j * 256, each clamped to the last row
// (262144 - 16).
// CHECK-LABEL: func.func @row_block
//  CHECK-SAME:     (%[[X:.+]]: memref<1024x256xf32>
//  CHECK-NEXT:   %[[FLAT:.+]] = memref.collapse_shape %[[X]] {{\[}}[0, 1]] : memref<1024x256xf32> into memref<262144xf32>
//       CHECK:   %[[N:.+]] = memref.dim %[[FLAT]]
//       CHECK:   scf.for %[[R:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
//       CHECK:     scf.for %[[C:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
//       CHECK:       %[[B:.+]] = memref.subview %{{.+}}[%[[R]], %[[C]]] [8, 16] [1, 1]
//       CHECK:       memref.extract_strided_metadata %[[B]]
//  CHECK-NEXT:       arith.muli
//  CHECK-NEXT:       arith.addi
//  CHECK-NEXT:       arith.muli
//  CHECK-NEXT:       %[[AT:.+]] = arith.addi
//  CHECK-NEXT:       %[[ROW:.+]] = arith.constant 16 : index
//  CHECK-NEXT:       %[[LAST:.+]] = arith.subi %[[N]], %[[ROW]] : index
//  CHECK-NEXT:       %[[A0:.+]] = arith.constant 2048 : index
//  CHECK-NEXT:       %[[L0:.+]] = arith.addi %[[AT]], %[[A0]] : index
//  CHECK-NEXT:       %[[T0:.+]] = arith.minui %[[L0]], %[[LAST]] : index
//  CHECK-NEXT:       memref.prefetch %[[FLAT]][%[[T0]]], read, locality<3>, data
//  CHECK-NEXT:       %[[A1:.+]] = arith.constant 2304 : index
//  CHECK-NEXT:       %[[L1:.+]] = arith.addi %[[AT]], %[[A1]] : index
//  CHECK-NEXT:       %[[T1:.+]] = arith.minui %[[L1]], %[[LAST]] : index
//  CHECK-NEXT:       memref.prefetch %[[FLAT]][%[[T1]]], read, locality<3>, data
// CHECK-COUNT-6:     memref.prefetch %[[FLAT]]
//   CHECK-NOT:       memref.prefetch
//       CHECK:       vector.transfer_read %[[B]]
//       CHECK:     } {rmean.accumulation_loop}
// A 512-byte distance is still one parent iteration.
// NEAR-LABEL: func.func @row_block
//       NEAR:   arith.constant 2048 : index
// NEAR-COUNT-8:   memref.prefetch
// OFF-LABEL: func.func @row_block
//   OFF-NOT:   memref.prefetch
func.func @row_block(%x: memref<1024x256xf32>, %acc: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %pad = ub.poison : f32
  scf.for %r = %c0 to %c1024 step %c8 {
    scf.for %c = %c0 to %c256 step %c16 {
      %b = memref.subview %x[%r, %c] [8, 16] [1, 1] : memref<1024x256xf32> to memref<8x16xf32, strided<[256, 1], offset: ?>>
      %a = memref.subview %acc[%c] [16] [1] : memref<256xf32> to memref<16xf32, strided<[1], offset: ?>>
      %v = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x16xf32, strided<[256, 1], offset: ?>>, vector<8x16xf32>
      %old = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
      %s = vector.multi_reduction <add>, %v, %old [0] : vector<8x16xf32> to vector<16xf32>
      vector.transfer_write %s, %a[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, strided<[1], offset: ?>>
    } {rmean.accumulation_loop}
  }
  return
}

// -----

// Rows of a page or more per step (256 iterations of 64 bytes: 16 KB of
// each row) are streams the hardware prefetchers follow: no prefetch.
// CHECK-LABEL: func.func @negative_row_block_long_rows
//   CHECK-NOT:   memref.prefetch
//       CHECK:   return
func.func @negative_row_block_long_rows(%x: memref<64x4096xf32>, %acc: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c4096 = arith.constant 4096 : index
  %pad = ub.poison : f32
  scf.for %r = %c0 to %c64 step %c8 {
    scf.for %c = %c0 to %c4096 step %c16 {
      %b = memref.subview %x[%r, %c] [8, 16] [1, 1] : memref<64x4096xf32> to memref<8x16xf32, strided<[4096, 1], offset: ?>>
      %a = memref.subview %acc[%c] [16] [1] : memref<4096xf32> to memref<16xf32, strided<[1], offset: ?>>
      %v = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x16xf32, strided<[4096, 1], offset: ?>>, vector<8x16xf32>
      %old = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
      %s = vector.multi_reduction <add>, %v, %old [0] : vector<8x16xf32> to vector<16xf32>
      vector.transfer_write %s, %a[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, strided<[1], offset: ?>>
    } {rmean.accumulation_loop}
  }
  return
}

// -----

// A row block whose parent does not move it (the same 8 rows each time)
// has nothing ahead: no prefetch.
// CHECK-LABEL: func.func @negative_row_block_fixed_rows
//   CHECK-NOT:   memref.prefetch
//       CHECK:   return
func.func @negative_row_block_fixed_rows(%x: memref<1024x256xf32>, %acc: memref<256xf32>, %r: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %pad = ub.poison : f32
  scf.for %t = %c0 to %c4 step %c1 {
    scf.for %c = %c0 to %c256 step %c16 {
      %b = memref.subview %x[%r, %c] [8, 16] [1, 1] : memref<1024x256xf32> to memref<8x16xf32, strided<[256, 1], offset: ?>>
      %a = memref.subview %acc[%c] [16] [1] : memref<256xf32> to memref<16xf32, strided<[1], offset: ?>>
      %v = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x16xf32, strided<[256, 1], offset: ?>>, vector<8x16xf32>
      %old = vector.transfer_read %a[%c0], %pad {in_bounds = [true]} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
      %s = vector.multi_reduction <add>, %v, %old [0] : vector<8x16xf32> to vector<16xf32>
      vector.transfer_write %s, %a[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, strided<[1], offset: ?>>
    } {rmean.accumulation_loop}
  }
  return
}

// -----

// A loop of whole rows (rmean.whole_rows_loop): each iteration reads 8
// rows of 49 f32 that lie one after the other (1568 bytes), the next
// iteration the next 8. The run ceil(8192 / 1568) = 6 iterations on (2352
// elements) is prefetched line by line (25 lines), clamped to the
// buffer's last run (392 elements). The 16384 bf16 rows read padded to 64 lanes
// (past each row's end, in bounds of the buffer) are the same run of 8 x
// 49 elements: 784 bytes, 11 iterations ahead, 13 lines. Left alone: a
// buffer of at most 1 MiB (2048 x 49 f32, read from L2 as fast without),
// and the same loop unmarked.
// CHECK-LABEL: func.func @whole_rows
//  CHECK-SAME:     (%[[X:.+]]: memref<8192x49xf32>, %[[B:.+]]: memref<16384x49xbf16>, %[[S:.+]]: memref<2048x49xf32>
//   CHECK-DAG:   %[[FLAT:.+]] = memref.collapse_shape %[[X]] {{\[}}[0, 1]] : memref<8192x49xf32> into memref<401408xf32>
//   CHECK-DAG:   %[[FLATB:.+]] = memref.collapse_shape %[[B]] {{\[}}[0, 1]] : memref<16384x49xbf16> into memref<802816xbf16>
//       CHECK:   scf.for
//       CHECK:     %[[AHEAD:.+]] = arith.constant 2352 : index
//  CHECK-NEXT:     %[[LATER:.+]] = arith.addi %{{.+}}, %[[AHEAD]] : index
//  CHECK-NEXT:     %[[SPAN:.+]] = arith.constant 392 : index
//  CHECK-NEXT:     %[[LAST:.+]] = arith.subi %{{.+}}, %[[SPAN]] : index
//  CHECK-NEXT:     %[[T:.+]] = arith.minui %[[LATER]], %[[LAST]] : index
//  CHECK-NEXT:     memref.prefetch %[[FLAT]][%[[T]]], read, locality<3>, data
// CHECK-COUNT-24:  memref.prefetch %[[FLAT]]
//   CHECK-NOT:     memref.prefetch
//       CHECK:     vector.transfer_read
//       CHECK:   } {rmean.whole_rows_loop}
//       CHECK:   scf.for
//       CHECK:     arith.constant 4312 : index
// CHECK-COUNT-13:  memref.prefetch %[[FLATB]]
//   CHECK-NOT:     memref.prefetch
//       CHECK:     vector.transfer_read
//       CHECK:   } {rmean.whole_rows_loop}
//   CHECK-NOT:   memref.prefetch
//       CHECK:   return
// OFF-LABEL: func.func @whole_rows
//   OFF-NOT:   memref.prefetch
func.func @whole_rows(%x: memref<8192x49xf32>, %b: memref<16384x49xbf16>, %s: memref<2048x49xf32>, %out: memref<8192xf32>, %outb: memref<16384xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c2048 = arith.constant 2048 : index
  %c8192 = arith.constant 8192 : index
  %c16384 = arith.constant 16384 : index
  %pad = ub.poison : f32
  %padb = ub.poison : bf16
  %z = arith.constant dense<0.0> : vector<8xf32>
  scf.for %i = %c0 to %c8192 step %c8 {
    %v = memref.subview %x[%i, 0] [8, 49] [1, 1] : memref<8192x49xf32> to memref<8x49xf32, strided<[49, 1], offset: ?>>
    %r = vector.transfer_read %v[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x49xf32, strided<[49, 1], offset: ?>>, vector<8x49xf32>
    %m = vector.multi_reduction <add>, %r, %z [1] : vector<8x49xf32> to vector<8xf32>
    vector.transfer_write %m, %out[%i] {in_bounds = [true]} : vector<8xf32>, memref<8192xf32>
  } {rmean.whole_rows_loop}
  scf.for %i = %c0 to %c16384 step %c8 {
    %v = memref.subview %b[%i, 0] [8, 49] [1, 1] : memref<16384x49xbf16> to memref<8x49xbf16, strided<[49, 1], offset: ?>>
    %r = vector.transfer_read %v[%c0, %c0], %padb {in_bounds = [true, false]} : memref<8x49xbf16, strided<[49, 1], offset: ?>>, vector<8x64xbf16>
    %e = arith.extf %r : vector<8x64xbf16> to vector<8x64xf32>
    %m = vector.multi_reduction <add>, %e, %z [1] : vector<8x64xf32> to vector<8xf32>
    vector.transfer_write %m, %outb[%i] {in_bounds = [true]} : vector<8xf32>, memref<16384xf32>
  } {rmean.whole_rows_loop}
  scf.for %i = %c0 to %c2048 step %c8 {
    %v = memref.subview %s[%i, 0] [8, 49] [1, 1] : memref<2048x49xf32> to memref<8x49xf32, strided<[49, 1], offset: ?>>
    %r = vector.transfer_read %v[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x49xf32, strided<[49, 1], offset: ?>>, vector<8x49xf32>
    %m = vector.multi_reduction <add>, %r, %z [1] : vector<8x49xf32> to vector<8xf32>
    vector.transfer_write %m, %out[%i] {in_bounds = [true]} : vector<8xf32>, memref<8192xf32>
  } {rmean.whole_rows_loop}
  scf.for %i = %c0 to %c8192 step %c8 {
    %v = memref.subview %x[%i, 0] [8, 49] [1, 1] : memref<8192x49xf32> to memref<8x49xf32, strided<[49, 1], offset: ?>>
    %r = vector.transfer_read %v[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x49xf32, strided<[49, 1], offset: ?>>, vector<8x49xf32>
    %m = vector.multi_reduction <add>, %r, %z [1] : vector<8x49xf32> to vector<8xf32>
    vector.transfer_write %m, %out[%i] {in_bounds = [true]} : vector<8xf32>, memref<8192xf32>
  }
  return
}

// -----

// A loop of whole rows of a run-time length read padded past their ends
// (rmean.cpu_short_rows: 8 rows, a masked read of 64 lanes each): the loop
// nest is versioned on the buffer's size, once, where the size is known
// (at least 16 MiB: 4194304 f32), and only the copy for large buffers
// prefetches, per iteration a loop over the lines of the 8 x L elements
// read, ceil(8 L / 16), from the read's offset plus 2048 elements (8 KB),
// each clamped to the buffer's last element. A static buffer below 16 MiB
// gets none.
// CHECK-LABEL: func.func @padded_rows
//  CHECK-SAME:     (%[[X:.+]]: memref<?x?xf32>, %{{.+}}: memref<?xf32>, %[[S:.+]]: memref<1024x49xf32>
//       CHECK:   %[[FLAT:.+]] = memref.collapse_shape %[[X]] {{\[}}[0, 1]] : memref<?x?xf32> into memref<?xf32>
//       CHECK:   %[[SIZE:.+]] = memref.dim %[[FLAT]], %c0
//       CHECK:   %[[BOUND:.+]] = arith.constant 4194304 : index
//       CHECK:   %[[BIG:.+]] = arith.cmpi uge, %[[SIZE]], %[[BOUND]] : index
//       CHECK:   scf.if %[[BIG]] {
//       CHECK:     scf.for
//       CHECK:       %[[L:.+]] = memref.dim %{{.+}}, %c1{{.*}} : memref<8x?xf32, strided<[?, 1], offset: ?>>
//       CHECK:       %[[N:.+]] = arith.muli %[[L]], %c8{{.*}} : index
//       CHECK:       %[[LINES:.+]] = arith.ceildivui %[[N]], %c16{{.*}} : index
//       CHECK:       arith.constant 2048 : index
//       CHECK:       scf.for %[[J:.+]] = %{{.+}} to %[[LINES]] step
//       CHECK:         %[[T:.+]] = arith.minui
//       CHECK:         memref.prefetch %[[FLAT]][%[[T]]], read, locality<3>, data
//       CHECK:       vector.transfer_read
//       CHECK:     } {rmean.whole_rows_loop}
//       CHECK:   } else {
//   CHECK-NOT:     memref.prefetch
//       CHECK:     } {rmean.whole_rows_loop}
//       CHECK:   }
//   CHECK-NOT:   memref.prefetch
//       CHECK:   return
func.func @padded_rows(%x: memref<?x?xf32>, %out: memref<?xf32>, %s: memref<1024x49xf32>, %outs: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c1024 = arith.constant 1024 : index
  %pad = arith.constant -0.0 : f32
  %z = arith.constant dense<0.0> : vector<8xf32>
  %rows = memref.dim %x, %c0 : memref<?x?xf32>
  %len = memref.dim %x, %c1 : memref<?x?xf32>
  %mask = vector.create_mask %c8, %len : vector<8x64xi1>
  scf.for %i = %c0 to %rows step %c8 {
    %v = memref.subview %x[%i, 0] [8, %len] [1, 1] : memref<?x?xf32> to memref<8x?xf32, strided<[?, 1], offset: ?>>
    %r = vector.transfer_read %v[%c0, %c0], %pad, %mask {in_bounds = [true, true]} : memref<8x?xf32, strided<[?, 1], offset: ?>>, vector<8x64xf32>
    %m = vector.multi_reduction <add>, %r, %z [1] : vector<8x64xf32> to vector<8xf32>
    vector.transfer_write %m, %out[%i] {in_bounds = [true]} : vector<8xf32>, memref<?xf32>
  } {rmean.whole_rows_loop}
  %c49 = arith.constant 49 : index
  %smask = vector.create_mask %c8, %c49 : vector<8x64xi1>
  scf.for %i = %c0 to %c1024 step %c8 {
    %v = memref.subview %s[%i, 0] [8, %c49] [1, 1] : memref<1024x49xf32> to memref<8x?xf32, strided<[49, 1], offset: ?>>
    %r = vector.transfer_read %v[%c0, %c0], %pad, %smask {in_bounds = [true, true]} : memref<8x?xf32, strided<[49, 1], offset: ?>>, vector<8x64xf32>
    %m = vector.multi_reduction <add>, %r, %z [1] : vector<8x64xf32> to vector<8xf32>
    vector.transfer_write %m, %outs[%i] {in_bounds = [true]} : vector<8xf32>, memref<1024xf32>
  } {rmean.whole_rows_loop}
  return
}
