// RUN: rmean-opt %s --rmean-cpu-tile --split-input-file -verify-diagnostics | FileCheck %s
// min-threaded-bytes moves the run-time bound on threads (@threads_dynamic);
// 0 takes them for every input, with no test.
// RUN: rmean-opt %s --rmean-cpu-tile="min-threaded-bytes=64" --split-input-file -verify-diagnostics | FileCheck %s --check-prefix=MINB
// RUN: rmean-opt %s --rmean-cpu-tile="min-threaded-bytes=0" --split-input-file -verify-diagnostics | FileCheck %s --check-prefix=MINB0
// RUN: not rmean-opt %s --rmean-cpu-tile="min-threaded-bytes=-1" --split-input-file 2>&1 | FileCheck %s --check-prefix=BADMINB
// BADMINB: error: rmean-cpu-tile: option 'min-threaded-bytes' must be in [0, 2147483648], got -1

// Each case starts from the linalg ops convert-rmean-to-linalg creates,
// written by hand with their markers and a #rmean.cpu_strategy.

!rows = tensor<64x100xf32>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#id1 = affine_map<(d0) -> (d0)>

// Inner: one row per step; the row is cut into 16-wide partial sums that
// start at -0.0, in a loop marked as rmean's accumulation loop whose full
// tiles (96 = 6 x 16) are static and marked for vectorisation; the 4-wide
// tail is peeled off and stays scalar; the partial sums are merged once per
// row. The division of this reduction is tiled 16-wide too. Tiles are no
// longer reductions to plan: they carry neither strategy nor marker. The
// rows refill one tensor.empty of lanes, made before the row loop (inside
// it, each row would allocate and free its lane buffer wherever the lanes
// stay in memory).
// CHECK-LABEL: func.func @inner
//   CHECK-DAG:   %[[NZ:.+]] = arith.constant -0.000000e+00 : f64
//   CHECK-DAG:   %[[C96:.+]] = arith.constant 96 : index
//   CHECK-DAG:   %[[C16:.+]] = arith.constant 16 : index
//       CHECK:   %[[LANES:.+]] = tensor.empty() : tensor<1x16xf64>
//       CHECK:   %[[SUMS:.+]] = scf.for
//   CHECK-NOT:     tensor.empty
//       CHECK:     %[[P:.+]] = linalg.fill ins(%[[NZ]] : f64) outs(%[[LANES]] : tensor<1x16xf64>)
//       CHECK:     %[[ACC:.+]] = scf.for %{{.+}} = %{{.+}} to %[[C96]] step %[[C16]] iter_args(%{{.+}} = %[[P]])
//       CHECK:       linalg.generic
//  CHECK-SAME:           ins(%{{.+}} : tensor<1x16xf32>)
//  CHECK-SAME:           attrs = {rmean.vectorize}
//       CHECK:     } {rmean.accumulation_loop}
//       CHECK:     linalg.generic
//  CHECK-SAME:         ins(%{{.+}} : tensor<1x4xf32>)
//   CHECK-NOT:         rmean.vectorize
//       CHECK:     linalg.reduce ins(%{{.+}} : tensor<1x16xf64>)
//  CHECK-SAME:         dimensions = [1]  {rmean.vectorize}
//       CHECK:   scf.for %{{.+}} step %[[C16]]
//       CHECK:     tensor.extract_slice %[[SUMS]]
//       CHECK:     linalg.generic
//  CHECK-SAME:         ins(%{{.+}} : tensor<16xf64>)
//  CHECK-SAME:         attrs = {rmean.vectorize}
//   CHECK-NOT:   rmean.cpu_strategy
//   CHECK-NOT:   rmean.reduction
func.func @inner(%x: !rows, %init: tensor<64xf64>) -> tensor<64xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : !rows) outs(%init : tensor<64xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 64>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<64xf64>
  %out = tensor.empty() : tensor<64xf32>
  %1 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%0 : tensor<64xf64>) outs(%out : tensor<64xf32>) attrs = {rmean.finalize} {
  ^bb0(%in: f64, %o: f32):
    %c = arith.constant 100.0 : f64
    %d = arith.divf %in, %c : f64
    %t = arith.truncf %d : f64 to f32
    linalg.yield %t : f32
  } -> tensor<64xf32>
  return %1 : tensor<64xf32>
}

// -----

!cols = tensor<?x40xf32>
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// Outer: the kept dimension in 32-wide cache tiles; in each, 4 reduced rows
// and 16 lanes per step. Lanes, then rows, are peeled: the 4x16 tile is
// marked for vectorisation, and so is its copy over the leftover rows
// (here of a run-time count, a dynamic tile that rmean-cpu-vectorize
// leaves scalar); the leftover lanes are not.
// CHECK-LABEL: func.func @outer
//   CHECK-DAG:   %[[C4:.+]] = arith.constant 4 : index
//   CHECK-DAG:   %[[C16:.+]] = arith.constant 16 : index
//   CHECK-DAG:   %[[C32:.+]] = arith.constant 32 : index
//       CHECK:   scf.for %{{.+}} step %[[C32]]
//       CHECK:     scf.for %{{.+}} step %[[C4]]
//       CHECK:       scf.for %{{.+}} step %[[C16]]
//       CHECK:         linalg.generic
//  CHECK-SAME:             ins(%{{.+}} : tensor<4x16xf32>) outs(%{{.+}} : tensor<16xf64>) attrs = {rmean.vectorize}
//       CHECK:       } {rmean.accumulation_loop}
//       CHECK:       scf.for
//       CHECK:         linalg.generic
//  CHECK-SAME:             ins(%{{.+}} : tensor<4x?xf32>)
//   CHECK-NOT:             rmean.vectorize
//       CHECK:     scf.for %{{.+}} step %[[C4]]
//       CHECK:         linalg.generic
//  CHECK-SAME:             ins(%{{.+}} : tensor<?x16xf32>) outs(%{{.+}} : tensor<16xf64>) attrs = {rmean.vectorize}
//       CHECK:         linalg.generic
//  CHECK-SAME:             ins(%{{.+}} : tensor<?x?xf32>)
//   CHECK-NOT:   rmean.vectorize
//       CHECK:   return
func.func @outer(%x: !cols, %init: tensor<40xf64>) -> tensor<40xf64> {
  %0 = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : !cols) outs(%init : tensor<40xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 32, rows_per_step = 4>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<40xf64>
  return %0 : tensor<40xf64>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// @outer_leftover_row: 49 reduced rows, 8 per step: the 49th row is a
// static 1x16 tile, marked for vectorisation like the full steps (NHWC
// pooling's 7x7 rows).
// CHECK-LABEL: func.func @outer_leftover_row
//       CHECK:   scf.for %{{.+}} step %c8
//       CHECK:       linalg.generic
//  CHECK-SAME:           ins(%{{.+}} : tensor<8x16xf32>) outs(%{{.+}} : tensor<16xf64>) attrs = {rmean.vectorize}
//       CHECK:       linalg.generic
//  CHECK-SAME:           ins(%{{.+}} : tensor<1x16xf32>) outs(%{{.+}} : tensor<16xf64>) attrs = {rmean.vectorize}
func.func @outer_leftover_row(%x: tensor<49x32xf32>, %init: tensor<32xf64>) -> tensor<32xf64> {
  %0 = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<49x32xf32>) outs(%init : tensor<32xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 32, rows_per_step = 8>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<32xf64>
  return %0 : tensor<32xf64>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// A compensated f64 sum (sum and Neumaier compensation, updated from each
// other) in 16 lanes: rows in chunks of 64; in each chunk the first 96 of
// 100 elements read as 6 steps of 16 lanes, each lane a Neumaier sum from
// -0.0 (the original body on [rows, steps, lanes], one step per tile in the
// accumulation loop, marked for vectorisation); the lanes merged in order
// into the row's sum (compensated) and compensation (added); the last 4
// elements by the original body, scalar.
// CHECK-LABEL: func.func @compensated_inner
//  CHECK-SAME:     (%[[X:.+]]: tensor<100x100xf64>, %[[S:.+]]: tensor<100xf64>, %[[C:.+]]: tensor<100xf64>)
//   CHECK-DAG:   %[[NZ:.+]] = arith.constant -0.000000e+00 : f64
//   CHECK-DAG:   %[[C64:.+]] = arith.constant 64 : index
//       CHECK:   scf.for %{{.+}} step %[[C64]]
//       CHECK:     %[[CHUNK:.+]] = tensor.extract_slice %[[X]]
//       CHECK:     %[[MAIN:.+]] = tensor.extract_slice %[[CHUNK]][0, 0] [%{{.+}}, 96] [1, 1]
//       CHECK:     %[[LANES:.+]] = tensor.expand_shape %[[MAIN]] {{\[}}[0], [1, 2]] output_shape [%{{.+}}, 6, 16]
//       CHECK:     %[[LS:.+]] = linalg.fill ins(%[[NZ]] : f64) outs(%{{.+}} : tensor<?x16xf64>)
//       CHECK:     %[[LC:.+]] = linalg.fill ins(%[[NZ]] : f64) outs(%{{.+}} : tensor<?x16xf64>)
//       CHECK:     %[[STEPS:.+]]:2 = scf.for
//       CHECK:       scf.for
//       CHECK:         linalg.generic {{.+}} iterator_types = ["parallel", "reduction", "parallel"]
//  CHECK-SAME:             ins(%{{.+}} : tensor<1x1x16xf64>) outs(%{{.+}}, %{{.+}} : tensor<1x16xf64>, tensor<1x16xf64>) attrs = {rmean.vectorize}
//       CHECK:           math.absf
//       CHECK:       } {rmean.accumulation_loop}
//       CHECK:     %[[MERGED:.+]]:2 = linalg.generic {{.+}} iterator_types = ["parallel", "reduction"]
//  CHECK-SAME:         ins(%[[STEPS]]#0, %[[STEPS]]#1 : tensor<?x16xf64>, tensor<?x16xf64>)
//       CHECK:     ^bb0(%[[LSUM:.+]]: f64, %[[LCOMP:.+]]: f64, %[[SUM:.+]]: f64, %[[COMP:.+]]: f64):
//       CHECK:       %[[T:.+]] = arith.addf %[[SUM]], %[[LSUM]] : f64
//       CHECK:       arith.subf %[[T]], %[[SUM]]
//       CHECK:       %[[C1:.+]] = arith.addf %[[COMP]], %{{.+}} : f64
//       CHECK:       %[[C2:.+]] = arith.addf %[[C1]], %[[LCOMP]] : f64
//       CHECK:       linalg.yield %[[T]], %[[C2]]
//       CHECK:     %[[TAIL:.+]] = tensor.extract_slice %[[CHUNK]][0, 96] [%{{.+}}, 4] [1, 1]
//       CHECK:     linalg.generic
//  CHECK-SAME:         ins(%[[TAIL]] : tensor<?x4xf64>) outs(%[[MERGED]]#0, %[[MERGED]]#1 : tensor<?xf64>, tensor<?xf64>) {
//   CHECK-NOT:   rmean.reduction
//       CHECK:   return
func.func @compensated_inner(%x: tensor<100x100xf64>, %s: tensor<100xf64>, %c: tensor<100xf64>)
    -> (tensor<100xf64>, tensor<100xf64>) {
  %0:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<100x100xf64>) outs(%s, %c : tensor<100xf64>, tensor<100xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>} {
  ^bb0(%in: f64, %sum: f64, %comp: f64):
    %t = arith.addf %sum, %in : f64
    %as = math.absf %sum : f64
    %ax = math.absf %in : f64
    %ge = arith.cmpf oge, %as, %ax : f64
    %big = arith.select %ge, %sum, %in : f64
    %small = arith.select %ge, %in, %sum : f64
    %d = arith.subf %big, %t : f64
    %e = arith.addf %d, %small : f64
    %c2 = arith.addf %comp, %e : f64
    linalg.yield %t, %c2 : f64, f64
  } -> (tensor<100xf64>, tensor<100xf64>)
  return %0#0, %0#1 : tensor<100xf64>, tensor<100xf64>
}

// -----

#all = affine_map<(d0) -> (d0)>
#none = affine_map<(d0) -> ()>

// A dynamic length: the lane steps and the tail are computed at run time
// (the tail is empty when 16 divides the length); a reduce-all stays on one
// thread (partial sums per thread would need a compensated merge that
// upstream's partial-reduction tiling cannot build).
// CHECK-LABEL: func.func @compensated_dynamic_all
//  CHECK-SAME:     (%[[X:.+]]: tensor<?xf64>
//   CHECK-DAG:   %[[C16:.+]] = arith.constant 16 : index
//   CHECK-NOT:   scf.forall
//       CHECK:   %[[N:.+]] = tensor.dim %[[X]]
//       CHECK:   %[[STEPS:.+]] = arith.divui %[[N]], %[[C16]]
//       CHECK:   %[[MAIN:.+]] = arith.muli %[[STEPS]], %[[C16]]
//       CHECK:   %[[TAIL:.+]] = arith.subi %[[N]], %[[MAIN]]
//       CHECK:   tensor.expand_shape %{{.+}} {{\[}}[0, 1]] output_shape [%[[STEPS]], 16]
//       CHECK:   scf.for
//       CHECK:     linalg.generic {{.+}} iterator_types = ["reduction", "parallel"]
//  CHECK-SAME:         attrs = {rmean.vectorize}
//       CHECK:   } {rmean.accumulation_loop}
//       CHECK:   tensor.extract_slice %[[X]][%[[MAIN]]] [%[[TAIL]]] [1]
//       CHECK:   return
func.func @compensated_dynamic_all(%x: tensor<?xf64>, %s: tensor<f64>, %c: tensor<f64>)
    -> (tensor<f64>, tensor<f64>) {
  %0:2 = linalg.generic {indexing_maps = [#all, #none, #none], iterator_types = ["reduction"]}
      ins(%x : tensor<?xf64>) outs(%s, %c : tensor<f64>, tensor<f64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, threads = 2>} {
  ^bb0(%in: f64, %sum: f64, %comp: f64):
    %t = arith.addf %sum, %in : f64
    %as = math.absf %sum : f64
    %ax = math.absf %in : f64
    %ge = arith.cmpf oge, %as, %ax : f64
    %big = arith.select %ge, %sum, %in : f64
    %small = arith.select %ge, %in, %sum : f64
    %d = arith.subf %big, %t : f64
    %e = arith.addf %d, %small : f64
    %c2 = arith.addf %comp, %e : f64
    linalg.yield %t, %c2 : f64, f64
  } -> (tensor<f64>, tensor<f64>)
  return %0#0, %0#1 : tensor<f64>, tensor<f64>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// @negative_compensated_short_rows: rows shorter than the lanes (8 < 16)
// have no step of lanes to vectorise: the compensated reduction stays
// scalar (in chunks of rows), with no lane split and no vector marker.
// CHECK-LABEL: func.func @negative_compensated_short_rows
//   CHECK-NOT:   tensor.expand_shape
//   CHECK-NOT:   rmean.vectorize
//       CHECK:   linalg.generic
//  CHECK-SAME:       ins(%{{.+}} : tensor<?x8xf64>)
//   CHECK-NOT:   rmean.vectorize
//       CHECK:   return
func.func @negative_compensated_short_rows(%x: tensor<100x8xf64>, %s: tensor<100xf64>, %c: tensor<100xf64>)
    -> (tensor<100xf64>, tensor<100xf64>) {
  %0:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<100x8xf64>) outs(%s, %c : tensor<100xf64>, tensor<100xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>} {
  ^bb0(%in: f64, %sum: f64, %comp: f64):
    %t = arith.addf %sum, %in : f64
    %xp = arith.subf %t, %sum : f64
    %sp = arith.subf %t, %xp : f64
    %se = arith.subf %sum, %sp : f64
    %xe = arith.subf %in, %xp : f64
    %e = arith.addf %se, %xe : f64
    %c2 = arith.addf %comp, %e : f64
    linalg.yield %t, %c2 : f64, f64
  } -> (tensor<100xf64>, tensor<100xf64>)
  return %0#0, %0#1 : tensor<100xf64>, tensor<100xf64>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// Outer: a compensated sum goes through blocks of 8 reduced rows; in each,
// 16 lanes at a time, whose sums and compensations the innermost loop (one
// row per step whatever rows_per_step says, marked as the accumulation
// loop) updates elementwise: its 1 x 16 tile is marked for vectorisation.
// The lanes' remainder (40 = 2 x 16 + 8) is peeled and stays scalar.
// CHECK-LABEL: func.func @compensated_outer
//   CHECK-DAG:   %[[C1:.+]] = arith.constant 1 : index
//   CHECK-DAG:   %[[C8:.+]] = arith.constant 8 : index
//   CHECK-DAG:   %[[C16:.+]] = arith.constant 16 : index
//       CHECK:   scf.for %{{.+}} step %[[C8]]
//       CHECK:     scf.for %{{.+}} step %[[C16]]
//       CHECK:       scf.for %{{.+}} step %[[C1]]
//       CHECK:         linalg.generic
//  CHECK-SAME:             ins(%{{.+}} : tensor<1x16xf64>) outs(%{{.+}}, %{{.+}} : tensor<16xf64>, tensor<16xf64>) attrs = {rmean.vectorize}
//       CHECK:       } {rmean.accumulation_loop}
//       CHECK:     scf.for %{{.+}} step %[[C1]]
//       CHECK:       linalg.generic
//  CHECK-SAME:           ins(%{{.+}} : tensor<1x8xf64>)
//   CHECK-NOT:             rmean.vectorize
func.func @compensated_outer(%x: tensor<50x40xf64>, %s: tensor<40xf64>, %c: tensor<40xf64>)
    -> (tensor<40xf64>, tensor<40xf64>) {
  %0:2 = linalg.generic {indexing_maps = [#id, #col, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<50x40xf64>) outs(%s, %c : tensor<40xf64>, tensor<40xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 4>} {
  ^bb0(%in: f64, %sum: f64, %comp: f64):
    %t = arith.addf %sum, %in : f64
    %as = math.absf %sum : f64
    %ax = math.absf %in : f64
    %ge = arith.cmpf oge, %as, %ax : f64
    %big = arith.select %ge, %sum, %in : f64
    %small = arith.select %ge, %in, %sum : f64
    %d = arith.subf %big, %t : f64
    %e = arith.addf %d, %small : f64
    %c2 = arith.addf %comp, %e : f64
    linalg.yield %t, %c2 : f64, f64
  } -> (tensor<40xf64>, tensor<40xf64>)
  return %0#0, %0#1 : tensor<40xf64>, tensor<40xf64>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// An exact i64 row sum (i128 accumulator) in 16 lanes of i64 halves: the
// low 32 bits (andi) and the high 32 bits (shrsi: signed elements) of each
// element summed per lane for 6 steps of 16 (at most 2^31 - 1 steps, which
// cannot overflow), merged into the i128 accumulator as acc + (high << 32)
// + low, the last 4 elements added by the original body.
// CHECK-LABEL: func.func @wide_integer_rows
//       CHECK:   tensor.expand_shape %{{.+}} {{\[}}[0], [1, 2]] output_shape [%{{.+}}, 6, 16]
//       CHECK:   scf.for
//       CHECK:     linalg.generic {{.+}} iterator_types = ["parallel", "reduction", "parallel"]
//  CHECK-SAME:         ins(%{{.+}} : tensor<1x1x16xi64>) outs(%{{.+}}, %{{.+}} : tensor<1x16xi64>, tensor<1x16xi64>) attrs = {rmean.vectorize}
//       CHECK:       arith.andi
//       CHECK:       arith.shrsi
//       CHECK:   } {rmean.accumulation_loop}
//       CHECK:   linalg.generic {{.+}} iterator_types = ["parallel", "reduction"]
//       CHECK:     arith.extui %{{.+}} : i64 to i128
//       CHECK:     arith.extsi %{{.+}} : i64 to i128
//       CHECK:     arith.shli
//       CHECK:   linalg.generic
//  CHECK-SAME:       ins(%{{.+}} : tensor<?x4xi64>) outs(%{{.+}} : tensor<?xi128>) {
func.func @wide_integer_rows(%x: tensor<100x100xi64>, %acc: tensor<100xi128>) -> tensor<100xi128> {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<100x100xi64>) outs(%acc : tensor<100xi128>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>} {
  ^bb0(%in: i64, %a: i128):
    %e = arith.extsi %in : i64 to i128
    %s = arith.addi %a, %e : i128
    linalg.yield %s : i128
  } -> tensor<100xi128>
  return %0 : tensor<100xi128>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// Exact ui64 columns: i64 halves per column (shrui: unsigned elements) for
// the outer strategy as other types get it, merged elementwise into the
// i128 accumulators (both halves zero-extended).
// CHECK-LABEL: func.func @wide_integer_columns
//       CHECK:   scf.for
//       CHECK:     scf.for
//       CHECK:       linalg.generic
//  CHECK-SAME:           ins(%{{.+}} : tensor<4x16xi64>) outs(%{{.+}}, %{{.+}} : tensor<16xi64>, tensor<16xi64>) attrs = {rmean.vectorize}
//       CHECK:         arith.shrui
//       CHECK:     } {rmean.accumulation_loop}
//       CHECK:   linalg.generic {{.+}} iterator_types = ["parallel"]
//       CHECK:     arith.extui %{{.+}} : i64 to i128
//       CHECK:     arith.extui %{{.+}} : i64 to i128
func.func @wide_integer_columns(%x: tensor<64x40xi64>, %acc: tensor<40xi128>) -> tensor<40xi128> {
  %0 = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<64x40xi64>) outs(%acc : tensor<40xi128>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 4>} {
  ^bb0(%in: i64, %a: i128):
    %e = arith.extui %in : i64 to i128
    %s = arith.addi %a, %e : i128
    linalg.yield %s : i128
  } -> tensor<40xi128>
  return %0 : tensor<40xi128>
}

// -----

#all = affine_map<(d0) -> (d0)>
#none = affine_map<(d0) -> ()>

// threads = 2 on a reduce-all: the reduction is split into per-thread
// partial sums (from -0.0) of an scf.forall, merged in a fixed order. The
// forall is marked for rmean-thread-chunks-to-openmp.
// CHECK-LABEL: func.func @threads_all
//       CHECK:   %[[NZ:.+]] = arith.constant -0.000000e+00 : f64
//       CHECK:   %[[P:.+]] = linalg.fill ins(%[[NZ]] : f64) outs(%{{.+}} : tensor<2xf64>)
//       CHECK:   scf.forall (%{{.+}}) in (2) shared_outs(%{{.+}} = %[[P]])
//       CHECK:     scf.for
//       CHECK:     } {rmean.accumulation_loop}
//       CHECK:   } {rmean.thread_chunks}
//       CHECK:   linalg.reduce
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

#all = affine_map<(d0) -> (d0)>
#none = affine_map<(d0) -> ()>

// An input whose size is only known at run time: the threads are taken
// only when it holds at least 1 MiB (the byte count saturates there, so it
// cannot wrap); below, a single-threaded copy of the same strategy runs.
// CHECK-LABEL: func.func @threads_dynamic
//  CHECK-SAME:     (%[[X:.+]]: tensor<?xf32>
//   CHECK-DAG:   %[[MIB:.+]] = arith.constant 1048576 : index
//   CHECK-DAG:   %[[FOUR:.+]] = arith.constant 4 : index
//       CHECK:   %[[N:.+]] = tensor.dim %[[X]]
//       CHECK:   %[[CAP:.+]] = arith.minui %[[N]], %[[MIB]]
//       CHECK:   %[[PROD:.+]] = arith.muli %[[CAP]], %[[FOUR]]
//       CHECK:   %[[BYTES:.+]] = arith.minui %[[PROD]], %[[MIB]]
//       CHECK:   %[[LARGE:.+]] = arith.cmpi uge, %[[BYTES]], %[[MIB]]
//       CHECK:   scf.if %[[LARGE]] -> (tensor<f64>) {
//       CHECK:     scf.forall (%{{.+}}) in (2)
//       CHECK:   } else {
//   CHECK-NOT:     scf.forall
//       CHECK:     scf.for
//       CHECK:     } {rmean.accumulation_loop}
//       CHECK:   }
// MINB-LABEL: func.func @threads_dynamic
//   MINB-DAG:   %[[B64:.+]] = arith.constant 64 : index
//       MINB:   %[[LARGE:.+]] = arith.cmpi uge, %{{.+}}, %[[B64]]
//       MINB:   scf.if %[[LARGE]] -> (tensor<f64>) {
//       MINB:     scf.forall (%{{.+}}) in (2)
// MINB0-LABEL: func.func @threads_dynamic
//   MINB0-NOT:   scf.if
//       MINB0:   scf.forall (%{{.+}}) in (2)
//   MINB0-NOT:   scf.if
//       MINB0:   return
func.func @threads_dynamic(%x: tensor<?xf32>, %init: tensor<f64>) -> tensor<f64> {
  %0 = linalg.generic {indexing_maps = [#all, #none], iterator_types = ["reduction"]}
      ins(%x : tensor<?xf32>) outs(%init : tensor<f64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 64, threads = 2>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %0 : tensor<f64>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// Exact i64 columns of a run-time row count on threads: both copies of the
// size test take the i64 halves (the halves are built after the split has
// replaced the reduction; found by the differential tester, which read the
// erased op).
// CHECK-LABEL: func.func @threads_dynamic_wide_columns
//       CHECK:   scf.if %{{.+}} -> (tensor<64xi128>) {
//       CHECK:     scf.forall (%{{.+}}) in (2)
//       CHECK:       scf.for {{.+}} -> (tensor<32xi64>, tensor<32xi64>) {
//       CHECK:   } else {
//       CHECK:     scf.for {{.+}} -> (tensor<64xi64>, tensor<64xi64>) {
//       CHECK:   return
func.func @threads_dynamic_wide_columns(%x: tensor<?x64xi64>, %init: tensor<64xi128>) -> tensor<64xi128> {
  %0 = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<?x64xi64>) outs(%init : tensor<64xi128>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 64, threads = 2>} {
  ^bb0(%in: i64, %acc: i128):
    %e = arith.extsi %in : i64 to i128
    %s = arith.addi %acc, %e : i128
    linalg.yield %s : i128
  } -> tensor<64xi128>
  return %0 : tensor<64xi128>
}

// -----

!rows = tensor<64x100xf32>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// @negative_not_rmeans: a strategy on an op without the rmean.reduction
// marker (not rmean's), a reduction of kind none, and a reduction without a
// strategy are all left as they are.
// CHECK-LABEL: func.func @negative_not_rmeans
//   CHECK-NOT:   scf.for
//       CHECK:   linalg.generic {{.+}} attrs = {rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 64>}
//       CHECK:   linalg.generic {{.+}} attrs = {rmean.cpu_strategy = #rmean.cpu_strategy<kind = none, vector_size = 16, cache_tile = 64>, rmean.reduction}
//       CHECK:   linalg.generic {{.+}} attrs = {rmean.reduction}
//   CHECK-NOT:   scf.for
func.func @negative_not_rmeans(%x: !rows, %init: tensor<64xf64>) -> (tensor<64xf64>, tensor<64xf64>, tensor<64xf64>) {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : !rows) outs(%init : tensor<64xf64>)
      attrs = {rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 64>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<64xf64>
  %1 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : !rows) outs(%init : tensor<64xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = none, vector_size = 16, cache_tile = 64>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<64xf64>
  %2 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : !rows) outs(%init : tensor<64xf64>) attrs = {rmean.reduction} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<64xf64>
  return %0, %1, %2 : tensor<64xf64>, tensor<64xf64>, tensor<64xf64>
}

// -----

!rows = tensor<64x100xf32>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#map = affine_map<(d0) -> (d0 + 0)>

// User IR around an rmean reduction comes out exactly as it went in:
// foldable arithmetic, an affine.apply that canonicalisation would fold,
// a user loop and a user reduction are not rewritten (the pass's own
// constants go to the top of the function).
// CHECK-LABEL: func.func @user_code_untouched
//  CHECK-SAME:     (%[[X:.+]]: tensor<64x100xf32>, %[[INIT:.+]]: tensor<64xf64>, %[[N:.+]]: index)
//       CHECK:   %[[C2:.+]] = arith.constant 2 : index
//  CHECK-NEXT:   %[[SUM:.+]] = arith.addi %[[C1:.+]], %[[C2]] : index
//  CHECK-NEXT:   %[[A:.+]] = affine.apply #{{.+}}(%[[N]])
//  CHECK-NEXT:   %[[USER:.+]] = linalg.generic
//  CHECK-SAME:       ins(%[[X]] : tensor<64x100xf32>) outs(%[[INIT]] : tensor<64xf64>) {
//       CHECK:   %[[LOOP:.+]] = scf.for %{{.+}} = %[[C1]] to %[[A]] step %[[SUM]] iter_args(%{{.+}} = %[[USER]])
//       CHECK:     arith.muli %[[C2]], %[[C2]] : index
//       CHECK:   scf.for
//       CHECK:   } {rmean.accumulation_loop}
//       CHECK:   return %[[SUM]], %[[LOOP]]
func.func @user_code_untouched(%x: !rows, %init: tensor<64xf64>, %n: index) -> (index, tensor<64xf64>, tensor<64xf64>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %sum = arith.addi %c1, %c2 : index
  %a = affine.apply #map(%n)
  %user = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : !rows) outs(%init : tensor<64xf64>) {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<64xf64>
  %loop = scf.for %i = %c1 to %a step %sum iter_args(%t = %user) -> (tensor<64xf64>) {
    %unused = arith.muli %c2, %c2 : index
    scf.yield %t : tensor<64xf64>
  }
  %ours = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : !rows) outs(%init : tensor<64xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 64>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<64xf64>
  return %sum, %loop, %ours : index, tensor<64xf64>, tensor<64xf64>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#all = affine_map<(d0) -> (d0)>
#none = affine_map<(d0) -> ()>
#s = affine_map<() -> ()>

// @negative_kind_mismatch: a hand-written strategy whose kind does not fit
// the layout is refused with a warning, and the reduction stays scalar:
// "inner" on a column reduction, "outer" (with threads, which would split
// the reduced dimension without partial sums) on a reduce-all, and a
// strategy on a 0-d op.
// CHECK-LABEL: func.func @negative_kind_mismatch
//   CHECK-NOT:   scf.for
//   CHECK-NOT:   scf.forall
//       CHECK:   return
func.func @negative_kind_mismatch(%x: tensor<100x40xf32>, %y: tensor<1000xf32>, %z: tensor<f32>,
                                  %i2: tensor<40xf64>, %i0: tensor<f64>) -> (tensor<40xf64>, tensor<f64>, tensor<f64>) {
  // expected-warning@+1 {{rmean-cpu-tile: #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 32, rows_per_step = 4> does not fit this reduction (its reduced dimension is followed by a kept one: outer); it stays scalar}}
  %0 = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<100x40xf32>) outs(%i2 : tensor<40xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 32, rows_per_step = 4>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<40xf64>
  // expected-warning@+1 {{(its reduced dimension is the last one: inner); it stays scalar}}
  %1 = linalg.generic {indexing_maps = [#all, #none], iterator_types = ["reduction"]}
      ins(%y : tensor<1000xf32>) outs(%i0 : tensor<f64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 8, cache_tile = 8, threads = 4>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  // expected-warning@+1 {{(no vector strategy does); it stays scalar}}
  %2 = linalg.generic {indexing_maps = [#s, #s], iterator_types = []}
      ins(%z : tensor<f32>) outs(%i0 : tensor<f64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 64, threads = 4>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %0, %1, %2 : tensor<40xf64>, tensor<f64>, tensor<f64>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#id1 = affine_map<(d0) -> (d0)>

// @negative_nested: a marked reduction inside another linalg op's body is
// not rmean's shape and is skipped (tiling the outer op would erase it).
// CHECK-LABEL: func.func @negative_nested
//       CHECK:   linalg.generic
//       CHECK:     linalg.generic {{.+}} rmean.reduction
func.func @negative_nested(%x: tensor<64x100xf32>, %init: tensor<64xf64>, %v: tensor<64xf64>) -> tensor<64xf32> {
  %out = tensor.empty() : tensor<64xf32>
  %1 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%v : tensor<64xf64>) outs(%out : tensor<64xf32>) {
  ^bb0(%in: f64, %o: f32):
    %inner = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<64x100xf32>) outs(%init : tensor<64xf64>)
        attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 64>} {
    ^bb0(%in2: f32, %acc2: f64):
      %e2 = arith.extf %in2 : f32 to f64
      %s2 = arith.addf %acc2, %e2 : f64
      linalg.yield %s2 : f64
    } -> tensor<64xf64>
    %c0 = arith.constant 0 : index
    %w = tensor.extract %inner[%c0] : tensor<64xf64>
    %d = arith.divf %in, %w : f64
    %t = arith.truncf %d : f64 to f32
    linalg.yield %t : f32
  } -> tensor<64xf32>
  return %1 : tensor<64xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// Only the +0.0 start of an addition becomes -0.0: the partial products
// of a (hand-marked) product reduction start at 1.0.
// CHECK-LABEL: func.func @product_start
//       CHECK:   %[[ONE:.+]] = arith.constant 1.000000e+00 : f64
//       CHECK:   linalg.fill ins(%[[ONE]] : f64) outs(%{{.+}} : tensor<1x16xf64>)
func.func @product_start(%x: tensor<4x64xf64>, %init: tensor<4xf64>) -> tensor<4xf64> {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x64xf64>) outs(%init : tensor<4xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 64>} {
  ^bb0(%in: f64, %acc: f64):
    %s = arith.mulf %acc, %in : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// @short_rows: rows no longer than the lanes are not split into lanes:
// rows_per_step whole rows per tile (static: 8x49), marked for
// vectorisation; the row loop is peeled, and the last rows (a run-time
// count here) stay scalar. The loop of full steps reads its rows one after
// the other: marked rmean.whole_rows_loop (for rmean-prefetch), the peeled
// one not. A 1-D reduce-all of such a row is marked as it is.
// CHECK-LABEL: func.func @short_rows
//       CHECK:   scf.for %{{.+}} step %c8
//       CHECK:     linalg.generic
//  CHECK-SAME:         ins(%{{.+}} : tensor<8x49xf32>)
//  CHECK-SAME:         attrs = {rmean.vectorize}
//       CHECK:   } {rmean.whole_rows_loop}
//       CHECK:   scf.for
//       CHECK:     linalg.generic
//  CHECK-SAME:         ins(%{{.+}} : tensor<?x49xf32>)
//   CHECK-NOT:         rmean.vectorize
//   CHECK-NOT:   rmean.whole_rows_loop
//       CHECK:   linalg.generic
//  CHECK-SAME:       ins(%{{.+}} : tensor<49xf32>)
//  CHECK-SAME:       attrs = {rmean.vectorize}
//   CHECK-NOT:   tensor<8x64xf64>
//   CHECK-NOT:   rmean.cpu_strategy
#sid = affine_map<(d0, d1) -> (d0, d1)>
#srow = affine_map<(d0, d1) -> (d0)>
#sall = affine_map<(d0) -> (d0)>
#sout = affine_map<(d0) -> ()>
func.func @short_rows(%x: tensor<?x49xf32>, %init: tensor<?xf64>, %y: tensor<49xf32>, %init0: tensor<f64>) -> (tensor<?xf64>, tensor<f64>) {
  %0 = linalg.generic {indexing_maps = [#sid, #srow], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x49xf32>) outs(%init : tensor<?xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 64, cache_tile = 64, rows_per_step = 8>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  %1 = linalg.generic {indexing_maps = [#sall, #sout], iterator_types = ["reduction"]}
      ins(%y : tensor<49xf32>) outs(%init0 : tensor<f64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 64, cache_tile = 64>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %0, %1 : tensor<?xf64>, tensor<f64>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#pc = affine_map<(d0, d1, d2) -> (d0, d2)>

// Narrow columns (2: the parts of complex<f32>, 2 x 2 <= 16 lanes): each
// step reads 8 rows of the 2 columns as one 16-wide vector of lanes
// ([6, 96, 2] read as [6, 12, 16]), one step per tile with the steps
// innermost (the lanes stay in registers); lane l is merged into column
// l mod 2 in lane order, and the 4 leftover rows are added by the original
// body, scalar.
// CHECK-DAG: #[[ID3:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[PC:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @narrow_columns
//  CHECK-SAME:   (%[[X:.+]]: tensor<6x100x2xf32>, %[[INIT:.+]]: tensor<6x2xf64>)
//   CHECK-DAG:   %[[NZ:.+]] = arith.constant -0.000000e+00 : f64
//   CHECK-DAG:   %[[C12:.+]] = arith.constant 12 : index
//       CHECK:   %[[MAIN:.+]] = tensor.extract_slice %[[X]][0, 0, 0] [6, 96, 2] [1, 1, 1]
//       CHECK:   %[[E:.+]] = tensor.expand_shape %[[MAIN]] {{\[}}[0], [1, 2], [3]] output_shape [6, 12, 8, 2]
//       CHECK:   %[[L:.+]] = tensor.collapse_shape %[[E]] {{\[}}[0], [1], [2, 3]] : tensor<6x12x8x2xf32> into tensor<6x12x16xf32>
//       CHECK:   %[[LF:.+]] = linalg.fill ins(%[[NZ]] : f64) outs(%{{.+}} : tensor<6x16xf64>)
//       CHECK:   %[[LANES:.+]] = scf.for
//       CHECK:     scf.for %{{.+}} to %[[C12]]
//       CHECK:       tensor.extract_slice %[[L]]{{.+}} to tensor<1x1x16xf32>
//       CHECK:       linalg.generic
//  CHECK-SAME:           ins(%{{.+}} : tensor<1x1x16xf32>) outs(%{{.+}} : tensor<1x16xf64>) attrs =  {rmean.vectorize}
//       CHECK:     } {rmean.accumulation_loop}
//       CHECK:   %[[BYCOL:.+]] = tensor.expand_shape %[[LANES]] {{\[}}[0], [1, 2]] output_shape [6, 8, 2] : tensor<6x16xf64> into tensor<6x8x2xf64>
//       CHECK:   %[[MERGED:.+]] = linalg.generic {indexing_maps = [#[[ID3]], #[[PC]]], iterator_types = ["parallel", "reduction", "parallel"]}
//  CHECK-SAME:       ins(%[[BYCOL]] : tensor<6x8x2xf64>) outs(%[[INIT]] : tensor<6x2xf64>)
//       CHECK:     arith.addf
//       CHECK:   %[[TAIL:.+]] = tensor.extract_slice %[[X]][0, 96, 0] [6, 4, 2] [1, 1, 1]
//       CHECK:   linalg.generic
//  CHECK-SAME:       ins(%[[TAIL]] : tensor<6x4x2xf32>) outs(%[[MERGED]] : tensor<6x2xf64>)
//   CHECK-NOT:   rmean.vectorize
//       CHECK:   return
func.func @narrow_columns(%x: tensor<6x100x2xf32>, %init: tensor<6x2xf64>) -> tensor<6x2xf64> {
  %0 = linalg.generic {indexing_maps = [#id3, #pc], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<6x100x2xf32>) outs(%init : tensor<6x2xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<6x2xf64>
  return %0 : tensor<6x2xf64>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// Three narrow columns without a leading kept dimension, on two threads:
// the rows are split into per-thread partial sums (from -0.0) of an
// scf.forall; in each chunk 5 rows of 3 columns make 15 lanes.
// CHECK-LABEL: func.func @narrow_columns_threads
//       CHECK:   scf.forall (%{{.+}}) in (2)
//       CHECK:     tensor.collapse_shape %{{.+}} {{\[}}[0], [1, 2]] : tensor<409x5x3xf32> into tensor<409x15xf32>
//       CHECK:     scf.for
//       CHECK:       linalg.generic
//  CHECK-SAME:           ins(%{{.+}} : tensor<1x15xf32>) outs(%{{.+}} : tensor<15xf64>) attrs =  {rmean.vectorize}
//       CHECK:     } {rmean.accumulation_loop}
//       CHECK:     tensor.expand_shape %{{.+}} {{\[}}[0, 1]] output_shape [5, 3] : tensor<15xf64> into tensor<5x3xf64>
//       CHECK:   linalg.reduce
func.func @narrow_columns_threads(%x: tensor<4096x3xf32>, %init: tensor<3xf64>) -> tensor<3xf64> {
  %0 = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<4096x3xf32>) outs(%init : tensor<3xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, threads = 2>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// Compensated f64 narrow columns (complex<f64> parts): the lanes run the
// compensated step (a sum and a compensation per lane) and merge into
// their column by the same step, compensations added. The threads stay
// one: upstream's partial-reduction merge cannot express that step.
// CHECK-LABEL: func.func @narrow_compensated
//   CHECK-NOT:   scf.forall
//       CHECK:   tensor.collapse_shape %{{.+}} : tensor<125x8x2xf64> into tensor<125x16xf64>
//       CHECK:   scf.for
//       CHECK:     linalg.generic
//  CHECK-SAME:         ins(%{{.+}} : tensor<1x16xf64>) outs(%{{.+}}, %{{.+}} : tensor<16xf64>, tensor<16xf64>) attrs =  {rmean.vectorize}
//       CHECK:   } {rmean.accumulation_loop}
//       CHECK:   linalg.generic
//  CHECK-SAME:       ins(%{{.+}}, %{{.+}} : tensor<8x2xf64>, tensor<8x2xf64>)
//       CHECK:     arith.subf
//       CHECK:   return
func.func @narrow_compensated(%x: tensor<1000x2xf64>, %s0: tensor<2xf64>, %c0: tensor<2xf64>) -> (tensor<2xf64>, tensor<2xf64>) {
  %0:2 = linalg.generic {indexing_maps = [#id, #col, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<1000x2xf64>) outs(%s0, %c0 : tensor<2xf64>, tensor<2xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, threads = 2>} {
  ^bb0(%in: f64, %s: f64, %c: f64):
    %t = arith.addf %s, %in : f64
    %xp = arith.subf %t, %s : f64
    %sp = arith.subf %t, %xp : f64
    %se = arith.subf %s, %sp : f64
    %xe = arith.subf %in, %xp : f64
    %e = arith.addf %se, %xe : f64
    %c2 = arith.addf %c, %e : f64
    linalg.yield %t, %c2 : f64, f64
  } -> (tensor<2xf64>, tensor<2xf64>)
  return %0#0, %0#1 : tensor<2xf64>, tensor<2xf64>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// Fewer rows (4) than a step of lanes takes (8 rows of 2): nothing to
// vectorise, the reduction stays as it is.
// CHECK-LABEL: func.func @negative_narrow_few_rows
//   CHECK-NOT:   tensor.collapse_shape
//   CHECK-NOT:   rmean.vectorize
//       CHECK:   linalg.generic
//  CHECK-SAME:       ins(%{{.+}} : tensor<4x2xf32>)
func.func @negative_narrow_few_rows(%x: tensor<4x2xf32>, %init: tensor<2xf64>) -> tensor<2xf64> {
  %0 = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<4x2xf32>) outs(%init : tensor<2xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// An outer reduction and its division: the division is tiled in the
// reduction's chunks (1 x 32 of the kept dimensions) and the reduction and
// the fill of its accumulator are fused into each chunk, so the chunk sums
// into an accumulator of its own size (a 1x32 empty tensor, not a slice of
// the 4x64 one) and divides it before the next chunk; the rows and lanes
// of the chunk, and the division's lanes, are tiled as without the fusion.
// CHECK-LABEL: func.func @outer_fused_division
//  CHECK-SAME:     (%[[X:.+]]: tensor<4x49x64xf32>)
//   CHECK-DAG:   %[[C8:.+]] = arith.constant 8 : index
//   CHECK-DAG:   %[[C16:.+]] = arith.constant 16 : index
//   CHECK-DAG:   %[[C32:.+]] = arith.constant 32 : index
//   CHECK-DAG:   %[[NEG0:.+]] = arith.constant -0.000000e+00 : f64
//       CHECK:   %[[OUT:.+]] = tensor.empty() : tensor<4x64xf32>
//       CHECK:   scf.for %[[I:.+]] = %{{.+}} iter_args(%[[R:.+]] = %[[OUT]])
//       CHECK:     scf.for %[[J:.+]] = %{{.+}} step %[[C32]] iter_args(%[[R2:.+]] = %[[R]])
//       CHECK:       %[[XS:.+]] = tensor.extract_slice %[[X]][%[[I]], 0, %[[J]]] [1, 49, 32]
//       CHECK:       %[[ACC:.+]] = tensor.empty() : tensor<1x32xf64>
//       CHECK:       %[[FILL:.+]] = linalg.fill ins(%[[NEG0]] : f64) outs(%[[ACC]] : tensor<1x32xf64>)
//       CHECK:       %[[SUM:.+]] = scf.for %{{.+}} step %[[C8]] iter_args(%{{.+}} = %[[FILL]])
//       CHECK:         scf.for %{{.+}} step %[[C16]]
//       CHECK:           linalg.generic
//  CHECK-SAME:               ins(%{{.+}} : tensor<1x8x16xf32>) outs(%{{.+}} : tensor<1x16xf64>) attrs = {rmean.vectorize}
//       CHECK:         } {rmean.accumulation_loop}
//       CHECK:       %[[SUM49:.+]] = scf.for %{{.+}} step %[[C16]] iter_args(%{{.+}} = %[[SUM]])
//       CHECK:         linalg.generic
//  CHECK-SAME:             ins(%{{.+}} : tensor<1x1x16xf32>) outs(%{{.+}} : tensor<1x16xf64>) attrs = {rmean.vectorize}
//       CHECK:       } {rmean.accumulation_loop}
//       CHECK:       %[[RS:.+]] = tensor.extract_slice %[[R2]][%[[I]], %[[J]]] [1, 32]
//       CHECK:       %[[MEAN:.+]] = scf.for %{{.+}} step %[[C16]] iter_args(%{{.+}} = %[[RS]])
//       CHECK:         tensor.extract_slice %[[SUM49]]
//       CHECK:         linalg.generic
//  CHECK-SAME:             ins(%{{.+}} : tensor<1x16xf64>) outs(%{{.+}} : tensor<1x16xf32>) attrs = {rmean.vectorize}
//       CHECK:       tensor.insert_slice %[[MEAN]] into %[[R2]][%[[I]], %[[J]]] [1, 32]
//   CHECK-NOT:   linalg.generic
//   CHECK-NOT:   rmean.reduction
//       CHECK:   return
func.func @outer_fused_division(%x: tensor<4x49x64xf32>) -> tensor<4x64xf32> {
  %cst = arith.constant -0.000000e+00 : f64
  %n = arith.constant 49.0 : f64
  %e = tensor.empty() : tensor<4x64xf64>
  %init = linalg.fill ins(%cst : f64) outs(%e : tensor<4x64xf64>) -> tensor<4x64xf64>
  %sum = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<4x49x64xf32>) outs(%init : tensor<4x64xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 32, rows_per_step = 8>} {
  ^bb0(%in: f32, %acc: f64):
    %0 = arith.extf %in : f32 to f64
    %1 = arith.addf %acc, %0 : f64
    linalg.yield %1 : f64
  } -> tensor<4x64xf64>
  %o = tensor.empty() : tensor<4x64xf32>
  %mean = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<4x64xf64>) outs(%o : tensor<4x64xf32>) attrs = {rmean.finalize} {
  ^bb0(%in: f64, %out: f32):
    %0 = arith.divf %in, %n : f64
    %1 = arith.truncf %0 : f64 to f32
    linalg.yield %1 : f32
  } -> tensor<4x64xf32>
  return %mean : tensor<4x64xf32>
}

// -----

#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// Not fused: a strategy with two threads (the thread split tiles the
// reduction alone), and a sum the function also returns (the division is
// not its only use). Both keep an accumulator of the output's size, filled
// before the loops and divided after them.
// CHECK-LABEL: func.func @negative_fused_division
//       CHECK:   linalg.fill ins(%{{.+}} : f64) outs(%{{.+}} : tensor<4x64xf64>)
//       CHECK:   scf.forall
//       CHECK:   linalg.fill ins(%{{.+}} : f64) outs(%{{.+}} : tensor<4x64xf64>)
//   CHECK-NOT:   tensor.empty() : tensor<1x32xf64>
//       CHECK:   return
func.func @negative_fused_division(%x: tensor<4x49x64xf32>) -> (tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf64>) {
  %cst = arith.constant -0.000000e+00 : f64
  %n = arith.constant 49.0 : f64
  %e = tensor.empty() : tensor<4x64xf64>
  %init = linalg.fill ins(%cst : f64) outs(%e : tensor<4x64xf64>) -> tensor<4x64xf64>
  %sum = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<4x49x64xf32>) outs(%init : tensor<4x64xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 32, threads = 2, rows_per_step = 8>} {
  ^bb0(%in: f32, %acc: f64):
    %0 = arith.extf %in : f32 to f64
    %1 = arith.addf %acc, %0 : f64
    linalg.yield %1 : f64
  } -> tensor<4x64xf64>
  %o = tensor.empty() : tensor<4x64xf32>
  %mean = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%sum : tensor<4x64xf64>) outs(%o : tensor<4x64xf32>) attrs = {rmean.finalize} {
  ^bb0(%in: f64, %out: f32):
    %0 = arith.divf %in, %n : f64
    %1 = arith.truncf %0 : f64 to f32
    linalg.yield %1 : f32
  } -> tensor<4x64xf32>
  %init2 = linalg.fill ins(%cst : f64) outs(%e : tensor<4x64xf64>) -> tensor<4x64xf64>
  %sum2 = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<4x49x64xf32>) outs(%init2 : tensor<4x64xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 32, rows_per_step = 8>} {
  ^bb0(%in: f32, %acc: f64):
    %0 = arith.extf %in : f32 to f64
    %1 = arith.addf %acc, %0 : f64
    linalg.yield %1 : f64
  } -> tensor<4x64xf64>
  %mean2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%sum2 : tensor<4x64xf64>) outs(%o : tensor<4x64xf32>) attrs = {rmean.finalize} {
  ^bb0(%in: f64, %out: f32):
    %0 = arith.divf %in, %n : f64
    %1 = arith.truncf %0 : f64 to f32
    linalg.yield %1 : f32
  } -> tensor<4x64xf32>
  return %mean, %mean2, %sum2 : tensor<4x64xf32>, tensor<4x64xf32>, tensor<4x64xf64>
}

// -----

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0) -> (d0)>

// Whole rows (NCHW pooling: 49-element rows, 8 per step) of an f32 mean:
// each chunk is one step, which sums its 8 rows into a fresh 8-element
// accumulator and divides it at once; the division is one tile. The last,
// partial chunk (2045 = 255 * 8 + 5 rows) is peeled and stays scalar.
// CHECK-LABEL: func.func @inner_step_division
//  CHECK-SAME:     (%[[X:.+]]: tensor<2045x49xf32>)
//   CHECK-DAG:   %[[C8:.+]] = arith.constant 8 : index
//   CHECK-DAG:   %[[C2040:.+]] = arith.constant 2040 : index
//       CHECK:   %[[MAIN:.+]] = scf.for %[[I:.+]] = %{{.+}} to %[[C2040]] step %[[C8]] iter_args(%[[R:.+]] = %{{.+}})
//       CHECK:     tensor.extract_slice %[[X]][%[[I]], 0] [8, 49]
//       CHECK:     %[[ACC:.+]] = tensor.empty() : tensor<8xf64>
//       CHECK:     %[[FILL:.+]] = linalg.fill ins(%{{.+}} : f64) outs(%[[ACC]] : tensor<8xf64>)
//       CHECK:     %[[SUM:.+]] = linalg.generic
//  CHECK-SAME:         ins(%{{.+}} : tensor<8x49xf32>) outs(%[[FILL]] : tensor<8xf64>) attrs = {rmean.vectorize}
//       CHECK:     linalg.generic
//  CHECK-SAME:         ins(%[[SUM]] : tensor<8xf64>) outs(%{{.+}} : tensor<8xf32>) attrs = {rmean.vectorize}
//       CHECK:     tensor.insert_slice %{{.+}} into %[[R]][%[[I]]] [8]
//       CHECK:   } {rmean.whole_rows_loop}
//       CHECK:   linalg.generic
//  CHECK-SAME:       ins(%{{.+}} : tensor<5x49xf32>) outs(%{{.+}} : tensor<5xf64>) {
//       CHECK:   linalg.generic
//  CHECK-SAME:       ins(%{{.+}} : tensor<5xf64>) outs(%{{.+}} : tensor<5xf32>) {
//       CHECK:   tensor.insert_slice %{{.+}} into %[[MAIN]][2040] [5]
//   CHECK-NOT:   linalg.generic
//       CHECK:   return
func.func @inner_step_division(%x: tensor<2045x49xf32>) -> tensor<2045xf32> {
  %cst = arith.constant -0.000000e+00 : f64
  %n = arith.constant 49.0 : f64
  %e = tensor.empty() : tensor<2045xf64>
  %init = linalg.fill ins(%cst : f64) outs(%e : tensor<2045xf64>) -> tensor<2045xf64>
  %sum = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<2045x49xf32>) outs(%init : tensor<2045xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 64, cache_tile = 1024, rows_per_step = 8>} {
  ^bb0(%in: f32, %acc: f64):
    %0 = arith.extf %in : f32 to f64
    %1 = arith.addf %acc, %0 : f64
    linalg.yield %1 : f64
  } -> tensor<2045xf64>
  %o = tensor.empty() : tensor<2045xf32>
  %mean = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%sum : tensor<2045xf64>) outs(%o : tensor<2045xf32>) attrs = {rmean.finalize} {
  ^bb0(%in: f64, %out: f32):
    %0 = arith.divf %in, %n : f64
    %1 = arith.truncf %0 : f64 to f32
    linalg.yield %1 : f32
  } -> tensor<2045xf32>
  return %mean : tensor<2045xf32>
}

// -----

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0) -> (d0)>

// An inner reduction and its division go in chunks of 1024 rows the same
// way; so do whole rows (49 elements, 8 per step) of an f16 or bf16 mean,
// whose rounding to the narrow type is too long a sequence to follow each
// step: each chunk fills, sums and divides an accumulator of 1024 f64.
// CHECK-LABEL: func.func @inner_fused_division
//  CHECK-SAME:     (%[[X:.+]]: tensor<2048x49xbf16>)
//   CHECK-DAG:   %[[C8:.+]] = arith.constant 8 : index
//   CHECK-DAG:   %[[C64:.+]] = arith.constant 64 : index
//   CHECK-DAG:   %[[C1024:.+]] = arith.constant 1024 : index
//       CHECK:   scf.for %[[I:.+]] = %{{.+}} step %[[C1024]] iter_args(%[[R:.+]] = %{{.+}})
//       CHECK:     tensor.extract_slice %[[X]][%[[I]], 0] [1024, 49]
//       CHECK:     %[[ACC:.+]] = tensor.empty() : tensor<1024xf64>
//       CHECK:     %[[FILL:.+]] = linalg.fill ins(%{{.+}} : f64) outs(%[[ACC]] : tensor<1024xf64>)
//       CHECK:     %[[SUM:.+]] = scf.for %{{.+}} step %[[C8]] iter_args(%{{.+}} = %[[FILL]])
//       CHECK:       linalg.generic
//  CHECK-SAME:           ins(%{{.+}} : tensor<8x49xbf16>) outs(%{{.+}} : tensor<8xf64>) attrs = {rmean.vectorize}
//       CHECK:     } {rmean.whole_rows_loop}
//       CHECK:     scf.for %{{.+}} step %[[C64]]
//       CHECK:       tensor.extract_slice %[[SUM]]
//       CHECK:       linalg.generic
//  CHECK-SAME:           ins(%{{.+}} : tensor<64xf64>) outs(%{{.+}} : tensor<64xf32>) attrs = {rmean.vectorize}
//       CHECK:     tensor.insert_slice %{{.+}} into %[[R]][%[[I]]] [1024]
//   CHECK-NOT:   linalg.generic
//       CHECK:   return
func.func @inner_fused_division(%x: tensor<2048x49xbf16>) -> tensor<2048xf32> {
  %cst = arith.constant -0.000000e+00 : f64
  %n = arith.constant 49.0 : f64
  %e = tensor.empty() : tensor<2048xf64>
  %init = linalg.fill ins(%cst : f64) outs(%e : tensor<2048xf64>) -> tensor<2048xf64>
  %sum = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<2048x49xbf16>) outs(%init : tensor<2048xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 64, cache_tile = 1024, rows_per_step = 8>} {
  ^bb0(%in: bf16, %acc: f64):
    %0 = arith.extf %in : bf16 to f64
    %1 = arith.addf %acc, %0 : f64
    linalg.yield %1 : f64
  } -> tensor<2048xf64>
  %o = tensor.empty() : tensor<2048xf32>
  %mean = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%sum : tensor<2048xf64>) outs(%o : tensor<2048xf32>) attrs = {rmean.finalize} {
  ^bb0(%in: f64, %out: f32):
    %0 = arith.divf %in, %n : f64
    %1 = arith.truncf %0 : f64 to f32
    linalg.yield %1 : f32
  } -> tensor<2048xf32>
  return %mean : tensor<2048xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// row_blocks: blocks of 8 whole rows, read one row after the other into an
// f32 row of partial sums (one row for all blocks, made before their loop,
// filled with -0.0 per block), added to the f64 row once per block. bf16
// is scaled by 2^-3 as it is widened and each block by 2^3 as it is added
// (exact: no block can overflow f32); f16 is not scaled.
// CHECK-LABEL: func.func @row_blocks
//   CHECK-DAG:   %[[EIGHT:.+]] = arith.constant 8.000000e+00 : f64
//   CHECK-DAG:   %[[EIGHTH:.+]] = arith.constant 1.250000e-01 : f32
//   CHECK-DAG:   %[[NEGZERO:.+]] = arith.constant -0.000000e+00 : f32
//   CHECK-DAG:   %[[C1:.+]] = arith.constant 1 : index
//   CHECK-DAG:   %[[C8:.+]] = arith.constant 8 : index
//   CHECK-DAG:   %[[C32:.+]] = arith.constant 32 : index
//       CHECK:   %[[PARTIAL:.+]] = tensor.empty() : tensor<64xf32>
//       CHECK:   scf.for %{{.+}} step %[[C8]] iter_args(%[[ACC:.+]] = %{{.+}}) -> (tensor<64xf64>)
//       CHECK:     %[[FILLED:.+]] = scf.for %{{.+}} step %[[C32]] iter_args(%{{.+}} = %[[PARTIAL]])
//       CHECK:       linalg.fill {rmean.vectorize} ins(%[[NEGZERO]] : f32)
//       CHECK:     %[[SUMS:.+]] = scf.for %{{.+}} step %[[C1]] iter_args(%{{.+}} = %[[FILLED]])
//       CHECK:       scf.for %{{.+}} step %[[C32]]
//       CHECK:         linalg.generic
//  CHECK-SAME:             ins(%{{.+}} : tensor<1x32xbf16>) outs(%{{.+}} : tensor<32xf32>) attrs = {rmean.vectorize}
//       CHECK:           arith.extf %{{.+}} : bf16 to f32
//       CHECK:           arith.mulf %{{.+}}, %[[EIGHTH]] fastmath<contract> : f32
//       CHECK:           arith.addf
//       CHECK:     scf.for %{{.+}} step %[[C32]] iter_args(%{{.+}} = %[[ACC]])
//       CHECK:       tensor.extract_slice %[[SUMS]]
//       CHECK:       linalg.generic
//  CHECK-SAME:           ins(%{{.+}} : tensor<32xf32>) outs(%{{.+}} : tensor<32xf64>) attrs = {rmean.vectorize}
//       CHECK:         arith.mulf %{{.+}}, %[[EIGHT]] fastmath<contract> : f64
//   CHECK-NOT:   rmean.accumulation_loop
//       CHECK:   return
func.func @row_blocks(%x: tensor<16x64xbf16>, %init: tensor<64xf64>) -> tensor<64xf64> {
  %0 = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<16x64xbf16>) outs(%init : tensor<64xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024, rows_per_step = 8, row_blocks = true>} {
  ^bb0(%in: bf16, %acc: f64):
    %e = arith.extf %in : bf16 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<64xf64>
  return %0 : tensor<64xf64>
}

// CHECK-LABEL: func.func @row_blocks_f16
//   CHECK-NOT:   arith.mulf
//       CHECK:   arith.extf %{{.+}} : f16 to f32
//   CHECK-NOT:   arith.mulf
//       CHECK:   return
func.func @row_blocks_f16(%x: tensor<16x64xf16>, %init: tensor<64xf64>) -> tensor<64xf64> {
  %0 = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<16x64xf16>) outs(%init : tensor<64xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024, rows_per_step = 8, row_blocks = true>} {
  ^bb0(%in: f16, %acc: f64):
    %e = arith.extf %in : f16 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<64xf64>
  return %0 : tensor<64xf64>
}

// row_blocks where the blocks cannot apply: 12 rows (not a multiple of 8),
// f32 elements, chunks narrower than the rows (cache_tile 32): the
// interleaved step of @outer.
// CHECK-LABEL: func.func @negative_row_blocks
//   CHECK-NOT:   tensor.empty() : tensor<64xf32>
//       CHECK:   linalg.generic {{.*}}ins(%{{.+}} : tensor<8x32xbf16>) outs(%{{.+}} : tensor<32xf64>) attrs = {rmean.vectorize}
//       CHECK:   linalg.generic {{.*}}ins(%{{.+}} : tensor<4x32xbf16>) outs(%{{.+}} : tensor<32xf64>) attrs = {rmean.vectorize}
//       CHECK:   linalg.generic {{.*}}ins(%{{.+}} : tensor<8x32xf32>) outs(%{{.+}} : tensor<32xf64>) attrs = {rmean.vectorize}
//       CHECK:   linalg.generic {{.*}}ins(%{{.+}} : tensor<8x32xbf16>) outs(%{{.+}} : tensor<32xf64>) attrs = {rmean.vectorize}
//       CHECK:   return
func.func @negative_row_blocks(%x: tensor<12x64xbf16>, %y: tensor<16x64xf32>, %z: tensor<16x64xbf16>, %init: tensor<64xf64>) -> (tensor<64xf64>, tensor<64xf64>, tensor<64xf64>) {
  %0 = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<12x64xbf16>) outs(%init : tensor<64xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024, rows_per_step = 8, row_blocks = true>} {
  ^bb0(%in: bf16, %acc: f64):
    %e = arith.extf %in : bf16 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<64xf64>
  %1 = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%y : tensor<16x64xf32>) outs(%init : tensor<64xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024, rows_per_step = 8, row_blocks = true>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<64xf64>
  %2 = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%z : tensor<16x64xbf16>) outs(%init : tensor<64xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 32, rows_per_step = 8, row_blocks = true>} {
  ^bb0(%in: bf16, %acc: f64):
    %e = arith.extf %in : bf16 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<64xf64>
  return %0, %1, %2 : tensor<64xf64>, tensor<64xf64>, tensor<64xf64>
}

// -----

// row_streams: a step takes row i of each of the four quarters of the rows
// (i, i + 16, i + 32, i + 48 of 64), so the row loop runs 16 steps of one
// and its slices of the input and of the sums take stride 16.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @row_streams
//   CHECK-DAG:   %[[C1:.+]] = arith.constant 1 : index
//   CHECK-DAG:   %[[C16:.+]] = arith.constant 16 : index
//       CHECK:   scf.for %[[I:.+]] = %{{.+}} to %[[C16]] step %[[C1]] iter_args(%[[SUMS:.+]] = %{{.+}})
//       CHECK:     tensor.extract_slice %{{.+}}[%[[I]], 0] [4, 128] [16, 1] : tensor<64x128xf32> to tensor<4x128xf32>
//       CHECK:     tensor.extract_slice %[[SUMS]][%[[I]]] [4] [16] : tensor<64xf64> to tensor<4xf64>
//       CHECK:     } {rmean.accumulation_loop}
//       CHECK:     tensor.insert_slice %{{.+}} into %[[SUMS]][%[[I]]] [4] [16] : tensor<4xf64> into tensor<64xf64>
func.func @row_streams(%x: tensor<64x128xf32>, %init: tensor<64xf64>) -> tensor<64xf64> {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x128xf32>) outs(%init : tensor<64xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<64xf64>
  return %0 : tensor<64xf64>
}

// -----

// row_streams on rows that four does not divide (66), or whose count is
// only known at run time: the main loop that peeling leaves (64 rows, or a
// run-time multiple of four) takes the streams, T = 16 or its rows / 4
// computed at run time; the peeled rest stays as it is.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @row_streams_peeled
//       CHECK:   scf.for %{{.+}} = %c0 to %c16 step %c1
//       CHECK:     tensor.extract_slice %{{.+}} [4, 128] [16, 1] : tensor<66x128xf32> to tensor<4x128xf32>
//       CHECK:   tensor.extract_slice %{{.+}}[64, 0] [2, 128] [1, 1] : tensor<66x128xf32> to tensor<2x128xf32>
//       CHECK:   %[[MAIN:.+]] = affine.apply
//       CHECK:   %[[T:.+]] = arith.divui %[[MAIN]], %c4
//       CHECK:   scf.for %{{.+}} = %c0 to %[[T]] step %c1
//       CHECK:     tensor.extract_slice %{{.+}} [4, 128] [%[[T]], 1] : tensor<?x128xf32> to tensor<4x128xf32>
//       CHECK:   scf.for %{{.+}} = %[[MAIN]] to %{{.+}} step %c4
//       CHECK:   return
func.func @row_streams_peeled(%x: tensor<66x128xf32>, %init: tensor<66xf64>, %y: tensor<?x128xf32>, %yinit: tensor<?xf64>) -> (tensor<66xf64>, tensor<?xf64>) {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<66x128xf32>) outs(%init : tensor<66xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<66xf64>
  %1 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<?x128xf32>) outs(%yinit : tensor<?xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %0, %1 : tensor<66xf64>, tensor<?xf64>
}

// -----

// row_streams on a loop of one whole step (6 rows: 4, then 2 peeled)
// leaves adjacent rows: one stream per step is what there is.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @negative_row_streams
//       CHECK:   tensor.extract_slice %{{.+}} [4, 128] [1, 1] : tensor<6x128xf32> to tensor<4x128xf32>
//   CHECK-NOT:   [16, 1]
//       CHECK:   return
func.func @negative_row_streams(%x: tensor<6x128xf32>, %init: tensor<6xf64>) -> tensor<6xf64> {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<6x128xf32>) outs(%init : tensor<6xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<6xf64>
  return %0 : tensor<6xf64>
}

// -----

// row_streams with threads: each thread's chunk of rows (64 of 128) takes
// its own streams, 16 rows apart.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @row_streams_threads
//       CHECK:   scf.forall
//       CHECK:     tensor.extract_slice %{{.+}} [4, 128] [16, 1] : tensor<64x128xf32> to tensor<4x128xf32>
func.func @row_streams_threads(%x: tensor<128x128xf32>, %init: tensor<128xf64>) -> tensor<128xf64> {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<128x128xf32>) outs(%init : tensor<128xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, threads = 2, rows_per_step = 4, row_streams = true>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<128xf64>
  return %0 : tensor<128xf64>
}

// -----

// rmean.cpu_large_input: the reduction is tiled both ways behind an scf.if
// on its run-time test (bytes, row count, row length), the large copy by
// its strategy (row streams), the other by rmean.cpu_strategy; the
// attribute is consumed. With threads, inside each thread's chunk.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @large_input
//   CHECK-NOT:   rmean.cpu_large_input
//       CHECK:   %[[BYTES:.+]] = arith.cmpi uge, %{{.+}}, %c16777216
//       CHECK:   %[[ROWS:.+]] = tensor.dim %{{.+}}, %c0
//       CHECK:   %[[MANY:.+]] = arith.cmpi uge, %[[ROWS]], %c64
//       CHECK:   %[[LONG:.+]] = arith.cmpi uge, %{{.+}}, %c384
//       CHECK:   %[[BOTH:.+]] = arith.andi %[[MANY]], %[[LONG]]
//       CHECK:   %[[LARGE:.+]] = arith.andi %[[BYTES]], %[[BOTH]]
//       CHECK:   scf.if %[[LARGE]]
//       CHECK:     tensor.extract_slice %{{.+}} [4, %{{.+}}] [%{{.+}}, 1] : tensor<?x?xf32> to tensor<4x?xf32>
//       CHECK:     tensor.extract_slice %{{.+}} [4, 16] [1, 1]
//       CHECK:   } else {
//   CHECK-NOT:     [%{{.+}}, 1] : tensor<?x?xf32> to tensor<4x?xf32>
//       CHECK:     tensor.extract_slice %{{.+}} [1, 32] [1, 1]
//       CHECK:   scf.forall
//       CHECK:     scf.if %{{.+}}
//       CHECK:       tensor.extract_slice %{{.+}} [4, %{{.+}}] [%{{.+}}, 1] : tensor<?x?xf32> to tensor<4x?xf32>
//       CHECK:     } else {
//       CHECK:       tensor.extract_slice %{{.+}} [1, 32] [1, 1]
//   CHECK-NOT:   rmean.cpu_large_input
func.func @large_input(%x: tensor<?x?xf32>, %init: tensor<?xf64>) -> (tensor<?xf64>, tensor<?xf64>) {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>,
               rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 16777216, min_row_length = 384, min_rows = 64, strategy = <kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  %1 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, threads = 2>,
               rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 16777216, min_row_length = 384, min_rows = 128, strategy = <kind = inner, vector_size = 16, cache_tile = 1024, threads = 2, rows_per_step = 4, row_streams = true>>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %0, %1 : tensor<?xf64>, tensor<?xf64>
}

// -----

// rmean.cpu_large_input that does not apply (its threads differ, an outer
// rmean.cpu_strategy, rows read whole, no [rows, length] layout) is dropped with a warning; the op's own strategy applies.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @negative_large_input
//   CHECK-NOT:   rmean.cpu_large_input
//   CHECK-NOT:   to tensor<4x
//       CHECK:   return
func.func @negative_large_input(%x: tensor<?x?xf32>, %init: tensor<?xf64>, %c: tensor<?xf64>,
                                %w: tensor<?x8xf32>, %t: tensor<?x?x?xf32>, %tinit: tensor<?x?xf64>)
    -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?x?xf64>) {
  // expected-warning@+1 {{rmean-cpu-tile: #rmean.cpu_large_input<min_bytes = 0, min_row_length = 0, min_rows = 0, strategy = <kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>> does not apply to this reduction (its threads differ from those of the rmean.cpu_strategy); it keeps its rmean.cpu_strategy}}
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, threads = 2>,
               rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 0, min_row_length = 0, min_rows = 0, strategy = <kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  // expected-warning@+1 {{(its rmean.cpu_strategy is not an inner one); it keeps its rmean.cpu_strategy}}
  %1 = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%c : tensor<?xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024>,
               rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 0, min_row_length = 0, min_rows = 0, strategy = <kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  // expected-warning@+1 {{(its rows are read whole); it keeps its rmean.cpu_strategy}}
  %2 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%w : tensor<?x8xf32>) outs(%init : tensor<?xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>,
               rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 0, min_row_length = 0, min_rows = 0, strategy = <kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  // expected-warning@+1 {{(the reduction is not one of rows [rows, length]); it keeps its rmean.cpu_strategy}}
  %4 = linalg.generic {indexing_maps = [#id3, #row3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%t : tensor<?x?x?xf32>) outs(%tinit : tensor<?x?xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>,
               rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 0, min_row_length = 0, min_rows = 0, strategy = <kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64>
  return %0, %1, %2, %2, %4 : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?x?xf64>
}

// -----

// row_streams on a reduce-all [4096]: upstream's split reduction reads it as
// four quarters [4, 1024], each summed from -0.0 (f32 into f64; i32 into
// i64 from 0), stepped together as four rows of lanes, then the quarters'
// sums are added in order into the reduction's own init.
// CHECK-LABEL: func.func @reduce_all_streams
//   CHECK-DAG:   %[[NZ:.+]] = arith.constant -0.000000e+00 : f64
//       CHECK:   %[[X:.+]] = tensor.expand_shape %{{.+}} {{\[}}[0, 1]] output_shape [4, 1024] : tensor<4096xf32> into tensor<4x1024xf32>
//       CHECK:   %[[PARTS:.+]] = linalg.fill ins(%[[NZ]] : f64) outs(%{{.+}} : tensor<4xf64>)
//       CHECK:   scf.for
//       CHECK:     tensor.extract_slice %[[X]][0, %{{.+}}] [4, 16] [1, 1] : tensor<4x1024xf32> to tensor<4x16xf32>
//       CHECK:   } {rmean.accumulation_loop}
//       CHECK:   %[[SUMS:.+]] = linalg.reduce ins(%{{.+}} : tensor<4x16xf64>) outs(%[[PARTS]] : tensor<4xf64>) dimensions = [1]  {rmean.vectorize}
//       CHECK:   linalg.generic {{.+}} iterator_types = ["reduction"]} ins(%[[SUMS]] : tensor<4xf64>) outs(%arg1 : tensor<f64>)
//       CHECK:   tensor.expand_shape %{{.+}} {{\[}}[0, 1]] output_shape [4, 1024] : tensor<4096xi32> into tensor<4x1024xi32>
//       CHECK:   linalg.reduce ins(%{{.+}} : tensor<4x16xi64>) outs(%{{.+}} : tensor<4xi64>)
//       CHECK:   linalg.generic {{.+}} ins(%{{.+}} : tensor<4xi64>) outs(%arg3 : tensor<i64>)
#all = affine_map<(d0) -> (d0)>
#none = affine_map<(d0) -> ()>
func.func @reduce_all_streams(%x: tensor<4096xf32>, %init: tensor<f64>, %y: tensor<4096xi32>, %yinit: tensor<i64>) -> (tensor<f64>, tensor<i64>) {
  %0 = linalg.generic {indexing_maps = [#all, #none], iterator_types = ["reduction"]}
      ins(%x : tensor<4096xf32>) outs(%init : tensor<f64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  %1 = linalg.generic {indexing_maps = [#all, #none], iterator_types = ["reduction"]}
      ins(%y : tensor<4096xi32>) outs(%yinit : tensor<i64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>} {
  ^bb0(%in: i32, %acc: i64):
    %e = arith.extsi %in : i32 to i64
    %s = arith.addi %acc, %e : i64
    linalg.yield %s : i64
  } -> tensor<i64>
  return %0, %1 : tensor<f64>, tensor<i64>
}

// -----

// row_streams on a reduce-all that four does not divide (4098), or of a
// run-time size: one stream of lanes, as without them.
// CHECK-LABEL: func.func @negative_reduce_all_streams
//   CHECK-NOT:   tensor.expand_shape
//       CHECK:   return
#all = affine_map<(d0) -> (d0)>
#none = affine_map<(d0) -> ()>
func.func @negative_reduce_all_streams(%x: tensor<4098xf32>, %init: tensor<f64>, %y: tensor<?xf32>) -> (tensor<f64>, tensor<f64>) {
  %0 = linalg.generic {indexing_maps = [#all, #none], iterator_types = ["reduction"]}
      ins(%x : tensor<4098xf32>) outs(%init : tensor<f64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  %1 = linalg.generic {indexing_maps = [#all, #none], iterator_types = ["reduction"]}
      ins(%y : tensor<?xf32>) outs(%init : tensor<f64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %0, %1 : tensor<f64>, tensor<f64>
}

// -----

// row_streams on a reduce-all with threads: each thread's chunk (4096 of
// 8192) is read as its own four quarters.
// CHECK-LABEL: func.func @reduce_all_streams_threads
//       CHECK:   scf.forall
//       CHECK:     tensor.extract_slice %{{.+}}[%{{.+}}] [4096] [1] : tensor<8192xf32> to tensor<4096xf32>
//       CHECK:     tensor.expand_shape %{{.+}} {{\[}}[0, 1]] output_shape [4, 1024] : tensor<4096xf32> into tensor<4x1024xf32>
//       CHECK:     tensor.extract_slice %{{.+}}[0, %{{.+}}] [4, 16] [1, 1] : tensor<4x1024xf32> to tensor<4x16xf32>
//       CHECK:   } {rmean.thread_chunks}
#all = affine_map<(d0) -> (d0)>
#none = affine_map<(d0) -> ()>
func.func @reduce_all_streams_threads(%x: tensor<8192xf32>, %init: tensor<f64>) -> tensor<f64> {
  %0 = linalg.generic {indexing_maps = [#all, #none], iterator_types = ["reduction"]}
      ins(%x : tensor<8192xf32>) outs(%init : tensor<f64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, threads = 2, rows_per_step = 4, row_streams = true>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %0 : tensor<f64>
}

// -----

// masked_tail: the peeled last step of a run-time row length (fewer than 16
// elements) becomes a full step: its input padded to 16 with -0.0, the
// additive identity (0 for integers), added to all 16 lanes, pad and step
// marked for rmean-cpu-vectorize (a masked read). Static rows (4095) keep
// their exact static tail, and without masked_tail the run-time tail is the
// sliced scalar step.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @masked_tail
//   CHECK-DAG:   %[[NZ:.+]] = arith.constant -0.000000e+00 : f32
//       CHECK:   } {rmean.accumulation_loop}
//       CHECK:   scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step %c16 iter_args(%[[LANES:.+]] = %{{.+}}) -> (tensor<1x16xf64>)
//       CHECK:     %[[N:.+]] = affine.apply
//       CHECK:     %[[TAIL:.+]] = tensor.extract_slice %{{.+}}[0, %[[J]]] [1, %[[N]]] [1, 1] : tensor<1x?xf32> to tensor<1x?xf32>
//       CHECK:     %[[PAD:.+]] = tensor.pad %[[TAIL]] low[0, 0] high[0, %{{.+}}]
//       CHECK:       tensor.yield %[[NZ]] : f32
//       CHECK:     } {rmean.vectorize} : tensor<1x?xf32> to tensor<1x16xf32>
//       CHECK:     %[[STEP:.+]] = linalg.generic {{.+}} ins(%[[PAD]] : tensor<1x16xf32>) outs(%[[LANES]] : tensor<1x16xf64>) attrs =  {rmean.vectorize}
//       CHECK:     scf.yield %[[STEP]] : tensor<1x16xf64>
//       CHECK:   } {rmean.accumulation_loop}
//       CHECK:   linalg.reduce
// CHECK-LABEL: func.func @masked_tail_i32
//       CHECK:   tensor.pad
//       CHECK:     tensor.yield %c0_i32 : i32
// CHECK-LABEL: func.func @negative_masked_tail
//   CHECK-NOT:   tensor.pad
//       CHECK:   tensor.extract_slice %{{.+}}[0, 0] [1, 15] [1, 1] : tensor<1x16xf64> to tensor<1x15xf64>
//   CHECK-NOT:   tensor.pad
//       CHECK:   tensor.extract_slice %{{.+}}[0, 0] [1, %{{.+}}] [1, 1] : tensor<1x16xf64> to tensor<1x?xf64>
//   CHECK-NOT:   tensor.pad
//       CHECK:   return
func.func @masked_tail(%x: tensor<8x?xf32>, %init: tensor<8xf64>) -> tensor<8xf64> {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x?xf32>) outs(%init : tensor<8xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, masked_tail = true>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<8xf64>
  return %0 : tensor<8xf64>
}
func.func @masked_tail_i32(%x: tensor<8x?xi32>, %init: tensor<8xi64>) -> tensor<8xi64> {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x?xi32>) outs(%init : tensor<8xi64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, masked_tail = true>} {
  ^bb0(%in: i32, %acc: i64):
    %e = arith.extsi %in : i32 to i64
    %s = arith.addi %acc, %e : i64
    linalg.yield %s : i64
  } -> tensor<8xi64>
  return %0 : tensor<8xi64>
}
func.func @negative_masked_tail(%x: tensor<8x4095xf32>, %init: tensor<8xf64>, %y: tensor<8x?xf32>) -> (tensor<8xf64>, tensor<8xf64>) {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x4095xf32>) outs(%init : tensor<8xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, masked_tail = true>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<8xf64>
  %1 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<8x?xf32>) outs(%init : tensor<8xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<8xf64>
  return %0, %1 : tensor<8xf64>, tensor<8xf64>
}

// -----

// rmean.cpu_short_rows on rows of a run-time length: an scf.if on the
// length (at most 64) whose branch takes eight whole rows per step, each
// padded with -0.0 to 64 lanes (pad and step marked for
// rmean-cpu-vectorize, the step loop marked rmean.whole_rows_loop), the
// leftover rows peeled; the other branch keeps the op's strategy (32
// lanes). The attribute is consumed.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @short_rows_dynamic
//   CHECK-DAG:   %[[NZ:.+]] = arith.constant -0.000000e+00 : f32
//   CHECK-DAG:   %[[C64:.+]] = arith.constant 64 : index
//       CHECK:   %[[LEN:.+]] = tensor.dim %{{.+}}, %c1 : tensor<?x?xf32>
//       CHECK:   %[[SHORT:.+]] = arith.cmpi ule, %[[LEN]], %[[C64]] : index
//       CHECK:   scf.if %[[SHORT]]
//       CHECK:     scf.for %{{.+}} step %c8
//       CHECK:       %[[ROWS:.+]] = tensor.extract_slice {{.+}} : tensor<?x?xf32> to tensor<8x?xf32>
//       CHECK:       %[[PAD:.+]] = tensor.pad %[[ROWS]] low[0, 0] high[0, %{{.+}}]
//       CHECK:         tensor.yield %[[NZ]] : f32
//       CHECK:       } {rmean.vectorize} : tensor<8x?xf32> to tensor<8x64xf32>
//       CHECK:       linalg.generic {{.+}} ins(%[[PAD]] : tensor<8x64xf32>) {{.+}} attrs =  {rmean.vectorize}
//       CHECK:     } {rmean.whole_rows_loop}
//       CHECK:   } else {
//       CHECK:     tensor.empty() : tensor<1x32xf64>
//       CHECK:   }
//   CHECK-NOT:   rmean.cpu_short_rows
//       CHECK:   return
func.func @short_rows_dynamic(%x: tensor<?x?xf32>, %init: tensor<?xf64>) -> tensor<?xf64> {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>,
               rmean.cpu_short_rows = #rmean.cpu_short_rows<max_row_length = 64, strategy = <kind = inner, vector_size = 64, cache_tile = 1024, rows_per_step = 8>>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %0 : tensor<?xf64>
}

// -----

// Unsigned rows take both run-time choices too: the input is cast to its
// signless type first (arith has no constant of ui8 to pad with), then
// padded with 0, the body reading signless elements; the masked tail of
// the other branch likewise.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @short_rows_unsigned
//       CHECK:   scf.if
//       CHECK:     tensor.extract_slice {{.+}} : tensor<?x?xui8> to tensor<8x?xui8>
//       CHECK:     %[[CAST:.+]] = builtin.unrealized_conversion_cast %{{.+}} : tensor<?x?xui8> to tensor<?x?xi8>
//       CHECK:     %[[PAD:.+]] = tensor.pad %[[CAST]]
//       CHECK:       tensor.yield %c0_i8 : i8
//       CHECK:     } {rmean.vectorize} : tensor<?x?xi8> to tensor<8x64xi8>
//       CHECK:     linalg.generic {{.+}} ins(%[[PAD]] : tensor<8x64xi8>)
//       CHECK:     ^bb0(%[[IN:.+]]: i8, %{{.+}}: i64):
//       CHECK:       arith.extui %[[IN]] : i8 to i64
//       CHECK:   } else {
//       CHECK:     builtin.unrealized_conversion_cast %{{.+}} : tensor<1x?xui8> to tensor<1x?xi8>
//       CHECK:     tensor.pad
//       CHECK:       tensor.yield %c0_i8 : i8
//       CHECK:     } {rmean.vectorize} : tensor<1x?xi8> to tensor<1x32xi8>
//       CHECK:   }
//       CHECK:   return
func.func @short_rows_unsigned(%x: tensor<?x?xui8>, %init: tensor<?xi64>) -> tensor<?xi64> {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xui8>) outs(%init : tensor<?xi64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, masked_tail = true>,
               rmean.cpu_short_rows = #rmean.cpu_short_rows<max_row_length = 64, strategy = <kind = inner, vector_size = 64, cache_tile = 1024, rows_per_step = 8>>} {
  ^bb0(%in: ui8, %acc: i64):
    %c = builtin.unrealized_conversion_cast %in : ui8 to i8
    %e = arith.extui %c : i8 to i64
    %s = arith.addi %acc, %e : i64
    linalg.yield %s : i64
  } -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// -----

// rmean.cpu_short_rows that does not apply (rows of a static length, a
// strategy with other threads, a product) warns and leaves the op's own
// strategy.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @negative_short_rows
//   CHECK-NOT:   tensor.pad
//   CHECK-NOT:   rmean.cpu_short_rows
//       CHECK:   return
func.func @negative_short_rows(%x: tensor<8x49xf32>, %init: tensor<8xf64>, %y: tensor<8x?xf32>) -> (tensor<8xf64>, tensor<8xf64>, tensor<8xf64>) {
  // expected-warning@+1 {{rmean-cpu-tile: #rmean.cpu_short_rows<max_row_length = 64, strategy = <kind = inner, vector_size = 64, cache_tile = 1024, rows_per_step = 8>> does not apply to this reduction (its rows have a static length); it keeps its rmean.cpu_strategy}}
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x49xf32>) outs(%init : tensor<8xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>,
               rmean.cpu_short_rows = #rmean.cpu_short_rows<max_row_length = 64, strategy = <kind = inner, vector_size = 64, cache_tile = 1024, rows_per_step = 8>>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<8xf64>
  // expected-warning@+1 {{does not apply to this reduction (its threads differ from those of the rmean.cpu_strategy)}}
  %1 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<8x?xf32>) outs(%init : tensor<8xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>,
               rmean.cpu_short_rows = #rmean.cpu_short_rows<max_row_length = 64, strategy = <kind = inner, vector_size = 64, cache_tile = 1024, threads = 2, rows_per_step = 8>>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<8xf64>
  // expected-warning@+1 {{does not apply to this reduction (its sums are not additions of its elements)}}
  %2 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<8x?xf32>) outs(%init : tensor<8xf64>)
      attrs = {rmean.reduction, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>,
               rmean.cpu_short_rows = #rmean.cpu_short_rows<max_row_length = 64, strategy = <kind = inner, vector_size = 64, cache_tile = 1024, rows_per_step = 8>>} {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.mulf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<8xf64>
  return %0, %1, %2 : tensor<8xf64>, tensor<8xf64>, tensor<8xf64>
}
