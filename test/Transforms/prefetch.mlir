// RUN: rmean-opt %s --rmean-prefetch --split-input-file | FileCheck %s
// RUN: rmean-opt %s --rmean-prefetch=distance=512 --split-input-file | FileCheck %s --check-prefix=NEAR
// RUN: rmean-opt %s --rmean-prefetch=distance=0 --split-input-file | FileCheck %s --check-prefix=OFF
// RUN: not rmean-opt %s --rmean-prefetch=distance=-1 --split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: error: rmean-prefetch: option 'distance' must be >= 0, got -1

// A row of a compensated f64 sum, read through subviews that move with the
// loop: the subviews are cloned at the iteration 4096 / 256 = 16 on (or at
// the current one past the end), and each of the vector's four lines is
// prefetched.
// CHECK-LABEL: func.func @row_through_subviews
//  CHECK-SAME:     (%[[X:.+]]: memref<64x128x32xf64>
//       CHECK:   %[[C0:.+]] = arith.constant 0 : index
//       CHECK:   %[[UB:.+]] = arith.constant 128 : index
//       CHECK:   scf.for %[[J:.+]] = %{{.+}} to %[[UB]] step %{{.+}} iter_args
//       CHECK:     %[[AHEAD:.+]] = arith.constant 16 : index
//  CHECK-NEXT:     %[[LATER:.+]] = arith.addi %[[J]], %[[AHEAD]] : index
//  CHECK-NEXT:     %[[IN:.+]] = arith.cmpi slt, %[[LATER]], %[[UB]] : index
//  CHECK-NEXT:     %[[T:.+]] = arith.select %[[IN]], %[[LATER]], %[[J]] : index
//  CHECK-NEXT:     %[[V:.+]] = memref.subview %[[X]][%{{.+}}, %[[T]], 0] [1, 1, 32]
//  CHECK-NEXT:     %[[W:.+]] = memref.subview %[[V]][0, 0, 0] [1, 1, 32]
//  CHECK-NEXT:     memref.prefetch %[[W]][%[[C0]]], read, locality<3>, data
//  CHECK-NEXT:     %[[L1:.+]] = arith.constant 8 : index
//  CHECK-NEXT:     memref.prefetch %[[W]][%[[L1]]], read, locality<3>, data
//  CHECK-NEXT:     %[[L2:.+]] = arith.constant 16 : index
//  CHECK-NEXT:     memref.prefetch %[[W]][%[[L2]]], read, locality<3>, data
//  CHECK-NEXT:     %[[L3:.+]] = arith.constant 24 : index
//  CHECK-NEXT:     memref.prefetch %[[W]][%[[L3]]], read, locality<3>, data
//   CHECK-NOT:     memref.prefetch
//       CHECK:     vector.transfer_read
//       CHECK:   } {rmean.accumulation_loop}
// A shorter distance is fewer iterations ahead (512 / 256 = 2).
// NEAR-LABEL: func.func @row_through_subviews
//       NEAR:   %[[AHEAD:.+]] = arith.constant 2 : index
//  NEAR-NEXT:   arith.addi %{{.+}}, %[[AHEAD]] : index
//       NEAR:   memref.prefetch
// OFF-LABEL: func.func @row_through_subviews
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

// The induction variable indexes the read directly, with dynamic bounds
// and a step of 8: 8 x 64 iterations ahead (4096 bytes / 64 bytes per
// vector), one line per vector of 8 i64.
// CHECK-LABEL: func.func @direct_index
//  CHECK-SAME:     (%[[X:.+]]: memref<?x?xi64>, %[[I:.+]]: index, %[[UB:.+]]: index
//       CHECK:   scf.for %[[J:.+]] = %{{.+}} to %[[UB]] step %{{.+}} iter_args
//       CHECK:     %[[AHEAD:.+]] = arith.constant 512 : index
//  CHECK-NEXT:     %[[LATER:.+]] = arith.addi %[[J]], %[[AHEAD]] : index
//       CHECK:     %[[IN:.+]] = arith.cmpi slt, %[[LATER]], %[[UB]] : index
//       CHECK:     %[[T:.+]] = arith.select %[[IN]], %[[LATER]], %[[J]] : index
//  CHECK-NEXT:     memref.prefetch %[[X]][%[[I]], %[[T]]], read, locality<3>, data
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

// An unsigned loop compares its look-ahead unsigned, as it compares its
// induction variable; a vector<1x16xf32> (leading unit dimension) is one
// contiguous run.
// CHECK-LABEL: func.func @unsigned_loop
//       CHECK:   scf.for unsigned
//       CHECK:     arith.cmpi ult
//       CHECK:     memref.prefetch
func.func @unsigned_loop(%x: memref<4x?xf32>, %ub: index,
                         %init: vector<1x16xf32>) -> vector<1x16xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  %r = scf.for unsigned %j = %c0 to %ub step %c16 iter_args(%acc = %init) -> (vector<1x16xf32>) {
    %e = vector.transfer_read %x[%c0, %j], %pad {in_bounds = [true, true]} : memref<4x?xf32>, vector<1x16xf32>
    %s = arith.addf %acc, %e : vector<1x16xf32>
    scf.yield %s : vector<1x16xf32>
  } {rmean.accumulation_loop}
  return %r : vector<1x16xf32>
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

// Eight rows of a column block: the loop ends before 4096 / 128 = 32
// iterations, so a prefetch would only fetch what it reads anyway.
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
//       CHECK:   scf.for
//   CHECK-NOT:     memref.prefetch %{{.+}} : memref<16xf32, strided<[1], offset: ?>>
//       CHECK:     memref.prefetch %[[X]][
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
