// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy --canonicalize --rmean-cpu-tile --canonicalize --rmean-cpu-vectorize --canonicalize --split-input-file -verify-diagnostics | FileCheck %s

// The strategy passes in the order rmean-cpu-pipeline runs them (select,
// tile, vectorise, with the canonicalisations between), from rmean ops to
// vector code: what each strategy becomes end to end.

// Inner: one row at a time; the row is cut into 16-lane partial sums
// starting at -0.0, kept in a vector register across the loop (the read of
// the filled accumulator tile is forwarded as a constant); the 8-wide tail
// stays a scalar linalg op; one horizontal reduction per row, by halves.
// CHECK-LABEL: func.func @inner
//   CHECK-DAG:   %[[NEGZERO:.+]] = arith.constant -0.000000e+00 : f64
//   CHECK-DAG:   %[[NEGZEROS:.+]] = arith.constant dense<-0.000000e+00> : vector<16xf64>
//   CHECK-DAG:   %[[C256:.+]] = arith.constant 256 : index
//       CHECK:   scf.for %[[ROW:.+]] =
//       CHECK:     %[[ACC:.+]] = scf.for %{{.+}} = %{{.+}} to %[[C256]] step %{{.+}} iter_args(%[[V:.+]] = %[[NEGZEROS]]) -> (vector<16xf64>)
//       CHECK:       %[[X:.+]] = vector.transfer_read {{.+}} : tensor<1x16xf32>, vector<16xf32>
//       CHECK:       %[[W:.+]] = arith.extf %[[X]] : vector<16xf32> to vector<16xf64>
//       CHECK:       arith.addf %[[V]], %[[W]] : vector<16xf64>
//       CHECK:     linalg.generic
//  CHECK-SAME:         ins(%{{.+}} : tensor<1x8xf32>)
//       CHECK:     %[[LO:.+]] = vector.extract_strided_slice %{{.+}} {offsets = [0], sizes = [8], strides = [1]} : vector<16xf64> to vector<8xf64>
//       CHECK:     %[[HI:.+]] = vector.extract_strided_slice %{{.+}} {offsets = [8], sizes = [8], strides = [1]} : vector<16xf64> to vector<8xf64>
//       CHECK:     arith.addf %[[LO]], %[[HI]] : vector<8xf64>
//       CHECK:     arith.addf %{{.+}} : vector<4xf64>
//       CHECK:     arith.addf %{{.+}} : vector<2xf64>
//       CHECK:     vector.reduction <add>, %{{.+}} : vector<2xf64> into f64
// The division is vectorised too: the sums times the reciprocal of the
// count, corrected by one fma remainder step, the product kept where it is
// not finite or tiny (the same bits as the division).
//       CHECK:   scf.for
//       CHECK:     %[[S:.+]] = vector.transfer_read {{.+}} : tensor<16xf64>, vector<16xf64>
//       CHECK:     %[[Q:.+]] = arith.mulf %[[S]], %[[R:.+]] : vector<16xf64>
//       CHECK:     %[[NQ:.+]] = arith.negf %[[Q]] : vector<16xf64>
//       CHECK:     %[[E:.+]] = math.fma %[[NQ]], %{{.+}}, %[[S]] : vector<16xf64>
//       CHECK:     %[[C:.+]] = math.fma %[[E]], %[[R]], %[[Q]] : vector<16xf64>
//       CHECK:     %[[OK:.+]] = arith.andi
//       CHECK:     %[[M:.+]] = arith.select %[[OK]], %[[C]], %[[Q]] : vector<16xi1>, vector<16xf64>
//       CHECK:     arith.truncf %[[M]] : vector<16xf64> to vector<16xf32>
//   CHECK-NOT:   vector.multi_reduction
func.func @inner(%x: tensor<64x264xf32>) -> tensor<64xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<64x264xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// @negative_reciprocal: f64 means keep the division (no narrower rounding
// follows it), and so does a 256-lane finalize (256x256 bf16 rows read
// whole, divided after the last step, whose sequence would spill).
// CHECK-LABEL: func.func @negative_reciprocal
//   CHECK-NOT:   math.fma
//       CHECK:   arith.divf %{{.+}} : vector<16xf64>
//   CHECK-NOT:   math.fma
//       CHECK:   arith.divf %{{.+}} : vector<256xf64>
//   CHECK-NOT:   math.fma
//       CHECK:   return
func.func @negative_reciprocal(%x: tensor<64x264xf64>, %y: tensor<256x256xbf16>) -> (tensor<64xf64>, tensor<256xbf16>) {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<64x264xf64> -> tensor<64xf64>
  %1 = rmean.reduce_mean %y {axes = array<i64: 1>} : tensor<256x256xbf16> -> tensor<256xbf16>
  return %0, %1 : tensor<64xf64>, tensor<256xbf16>
}

// -----

// Short rows: eight whole rows per step, read as one vector<8x49>. Their
// sum, widened to f64, is left marked for rmean-narrow-accumulators (which
// may sum it in f32); integer rows are summed here, by one shuffle tree
// shared between the eight rows, with no per-row horizontal reduction.
// Each step divides its eight sums itself: no accumulator tensor.
// CHECK-LABEL: func.func @short_rows
//   CHECK-NOT:   tensor<{{[0-9]+}}xf64>
//       CHECK:   scf.for %{{.+}} step %c8
//       CHECK:     %[[X:.+]] = vector.transfer_read {{.+}} : tensor<8x49xf32>, vector<8x49xf32>
//       CHECK:     %[[W:.+]] = arith.extf %[[X]] : vector<8x49xf32> to vector<8x49xf64>
//       CHECK:     vector.multi_reduction <add>, %[[W]], %{{.+}} {rmean.row_sum} [1] : vector<8x49xf64> to vector<8xf64>
//       CHECK:     arith.truncf %{{.+}} : vector<8xf64> to vector<8xf32>
//       CHECK:     vector.transfer_write %{{.+}} : vector<8xf32>, tensor<8xf32>
//   CHECK-NOT:   tensor<{{[0-9]+}}xf64>
//       CHECK:   scf.for %{{.+}} step %c8
//       CHECK:     %[[I:.+]] = vector.transfer_read {{.+}} : tensor<8x49xi32>, vector<8x49xi32>
//       CHECK:     arith.extsi %[[I]] : vector<8x49xi32> to vector<8x49xi64>
//       CHECK:     vector.shuffle
//   CHECK-NOT:     vector.reduction
//       CHECK:     arith.addi %{{.+}} : vector<8xi64>
//       CHECK:     vector.transfer_write
func.func @short_rows(%x: tensor<64x49xf32>, %y: tensor<64x49xi32>) -> (tensor<64xf32>, tensor<64xi32>) {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<64x49xf32> -> tensor<64xf32>
  %1 = rmean.reduce_mean %y {axes = array<i64: 1>} : tensor<64x49xi32> -> tensor<64xi32>
  return %0, %1 : tensor<64xf32>, tensor<64xi32>
}

// -----

// Outer: the reduced rows stream through the kept dimension, eight rows and
// 16 lanes at a time: the rows are summed into the accumulator row with
// plain vector adds (no horizontal reduction); leftover rows and lanes are
// peeled off.
// CHECK-LABEL: func.func @outer
//       CHECK:   scf.for %{{.+}} step %c8
//       CHECK:     scf.for
//       CHECK:       vector.transfer_read {{.+}} : tensor<8x16xf16>, vector<8x16xf16>
//       CHECK:       arith.extf %{{.+}} : vector<8x16xf16> to vector<8x16xf64>
//       CHECK:       vector.extract %{{.+}}[7] : vector<16xf64> from vector<8x16xf64>
//       CHECK:       arith.addf %{{.+}} : vector<16xf64>
//       CHECK:       vector.transfer_write
//   CHECK-NOT:   vector.reduction
func.func @outer(%x: tensor<?x2056xf16>) -> tensor<2056xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?x2056xf16> -> tensor<2056xf16>
  return %0 : tensor<2056xf16>
}

// -----

// Outer on short rows: one row per step.
// CHECK-LABEL: func.func @outer_short
//       CHECK:   scf.for %{{.+}} step %c1
//       CHECK:     scf.for
//       CHECK:       vector.transfer_read {{.+}} : tensor<1x16xf32>, vector<16xf32>
//       CHECK:       arith.addf %{{.+}} : vector<16xf64>
func.func @outer_short(%x: tensor<?x40xf32>) -> tensor<40xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?x40xf32> -> tensor<40xf32>
  return %0 : tensor<40xf32>
}

// -----

// Integers vectorise with i64 lanes.
// CHECK-LABEL: func.func @inner_i8
//       CHECK:   arith.extsi %{{.+}} : vector<16xi8> to vector<16xi64>
//       CHECK:   vector.reduction <add>, %{{.+}} : vector<16xi64> into i64
func.func @inner_i8(%x: tensor<8x320xi8>) -> tensor<8xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8x320xi8> -> tensor<8xi8>
  return %0 : tensor<8xi8>
}

// -----

// @negative_none: strategy "none" leaves the reduction untouched.
// CHECK-LABEL: func.func @negative_none
//   CHECK-NOT:   vector.
//       CHECK:   linalg.generic
//  CHECK-SAME:     iterator_types = ["reduction", "parallel", "reduction"]
func.func @negative_none(%x: tensor<4x5x6xf32>) -> tensor<5xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<4x5x6xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// threads = 2: rows are split into one scf.forall chunk per thread.
// CHECK-LABEL: func.func @threads_rows
//       CHECK:   scf.forall (%{{.+}}) in (2)
//       CHECK:     scf.for
//       CHECK:       vector.reduction <add>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row2 = affine_map<(d0, d1) -> (d0)>
func.func @threads_rows(%x: tensor<64x64xf32>, %init: tensor<64xf64>) -> tensor<64xf64> {
  %0 = linalg.generic {indexing_maps = [#id2, #row2], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x64xf32>) outs(%init : tensor<64xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 64, threads = 2>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<64xf64>
  return %0 : tensor<64xf64>
}

// -----

// threads = 2 on a reduce-all: per-thread partial sums (starting at -0.0)
// combined in a fixed order by one linalg.reduce.
// CHECK-LABEL: func.func @threads_all
//       CHECK:   %[[NZ:.+]] = arith.constant -0.000000e+00 : f64
//       CHECK:   %[[P:.+]] = linalg.fill ins(%[[NZ]] : f64) outs(%{{.+}} : tensor<2xf64>)
//       CHECK:   scf.forall (%{{.+}}) in (2) shared_outs(%{{.+}} = %[[P]])
//       CHECK:   linalg.reduce
#all = affine_map<(d0) -> (d0)>
#none = affine_map<(d0) -> ()>
func.func @threads_all(%x: tensor<1000xf32>, %init: tensor<f64>) -> tensor<f64> {
  %0 = linalg.generic {indexing_maps = [#all, #none], iterator_types = ["reduction"]}
      ins(%x : tensor<1000xf32>) outs(%init : tensor<f64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 64, threads = 2>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %0 : tensor<f64>
}

// -----

// A hand-set rows_per_step on an inner reduction groups rows: four
// independent accumulator rows per step, merged by one shuffle tree.
// CHECK-LABEL: func.func @inner_four_rows
//       CHECK:   scf.for %{{.+}} step %c4
//       CHECK:     scf.for
//       CHECK:       arith.addf %{{.+}} : vector<4x16xf64>
//       CHECK:     vector.shuffle
//   CHECK-NOT:     vector.reduction
//       CHECK:     arith.addf %{{.+}} : vector<4xf64>
#id4 = affine_map<(d0, d1) -> (d0, d1)>
#row4 = affine_map<(d0, d1) -> (d0)>
func.func @inner_four_rows(%x: tensor<64x64xf32>, %init: tensor<64xf64>) -> tensor<64xf64> {
  %0 = linalg.generic {indexing_maps = [#id4, #row4], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x64xf32>) outs(%init : tensor<64xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 64, rows_per_step = 4>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<64xf64>
  return %0 : tensor<64xf64>
}

// -----

// User code is left in its order: a strict float vector.reduction that was
// there before the pass is not turned into a tree.
// CHECK-LABEL: func.func @user_reduction
//  CHECK-NEXT:   %[[R:.+]] = vector.reduction <add>, %{{.+}} : vector<16xf32> into f32
//   CHECK-NOT:   rmean.
//  CHECK-NEXT:   return %[[R]]
func.func @user_reduction(%v: vector<16xf32>) -> f32 {
  %r = vector.reduction <add>, %v : vector<16xf32> into f32
  return %r : f32
}

// A user's division of f64 vectors rounded to f32 keeps its division.
// CHECK-LABEL: func.func @negative_user_division
//       CHECK:   %[[Q:.+]] = arith.divf %{{.+}}, %{{.+}} : vector<16xf64>
//  CHECK-NEXT:   %[[T:.+]] = arith.truncf %[[Q]] : vector<16xf64> to vector<16xf32>
//  CHECK-NEXT:   return %[[T]]
func.func @negative_user_division(%v: vector<16xf64>, %n: f64) -> vector<16xf32> {
  %b = vector.broadcast %n : f64 to vector<16xf64>
  %q = arith.divf %v, %b : vector<16xf64>
  %t = arith.truncf %q : vector<16xf64> to vector<16xf32>
  return %t : vector<16xf32>
}

// A user's multi-reduction is not lowered here (the pipeline's later
// lowering keeps its order), and a masked read of a filled tensor keeps
// its mask (masked-off lanes take the padding, not the fill value).
// CHECK-LABEL: func.func @user_multi_reduction
//       CHECK:   vector.multi_reduction <add>, %{{.+}}, %{{.+}} [0] : vector<16xf32> to f32
//   CHECK-NOT:   vector.extract_strided_slice
//   CHECK-NOT:   rmean.
// CHECK-LABEL: func.func @masked_fill_read
//       CHECK:   vector.mask %{{.+}} { vector.transfer_read
func.func @user_multi_reduction(%v: vector<16xf32>, %acc: f32) -> f32 {
  %r = vector.multi_reduction <add>, %v, %acc [0] : vector<16xf32> to f32
  return %r : f32
}
func.func @masked_fill_read(%m: vector<4xi1>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %pad = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %v = vector.mask %m { vector.transfer_read %f[%c0], %pad {in_bounds = [true]} : tensor<4xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  return %v : vector<4xf32>
}
