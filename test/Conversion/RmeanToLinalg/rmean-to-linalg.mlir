// RUN: rmean-opt %s --convert-rmean-to-linalg --split-input-file | FileCheck %s

// f32 row mean: f64 accumulator filled with -0.0, reduction generic, then an
// elementwise divide by the count and a rounding truncf.
// CHECK-DAG: #[[ID2:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.+]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @row_f32
//  CHECK-SAME:   (%[[X:.+]]: tensor<4x8xf32>)
//   CHECK-DAG:   %[[NEGZERO:.+]] = arith.constant -0.000000e+00 : f64
//       CHECK:   %[[EMPTY:.+]] = tensor.empty() : tensor<4xf64>
//       CHECK:   %[[INIT:.+]] = linalg.fill ins(%[[NEGZERO]] : f64) outs(%[[EMPTY]] : tensor<4xf64>)
//       CHECK:   %[[SUM:.+]] = linalg.generic
//  CHECK-SAME:       indexing_maps = [#[[ID2]], #[[ROW]]]
//  CHECK-SAME:       iterator_types = ["parallel", "reduction"]
//  CHECK-SAME:       ins(%[[X]] : tensor<4x8xf32>) outs(%[[INIT]] : tensor<4xf64>)
//       CHECK:     arith.extf %{{.+}} : f32 to f64
//       CHECK:     arith.addf
//       CHECK:   %[[MEAN:.+]] = linalg.generic
//  CHECK-SAME:       iterator_types = ["parallel"]
//  CHECK-SAME:       ins(%[[SUM]] : tensor<4xf64>)
//       CHECK:     arith.uitofp
//       CHECK:     arith.divf
//       CHECK:     arith.truncf %{{.+}} : f64 to f32
//       CHECK:   return %[[MEAN]]
//   CHECK-NOT: rmean.reduce_mean
func.func @row_f32(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// keep_dims on a signed integer with a dynamic reduced dimension: the two
// adjacent reduced dimensions are coalesced into one, the i64 accumulator
// counts from tensor.dim, and the division by that run-time count (guarded
// against an empty count) is the product with its f64 reciprocal, truncated
// and corrected by one remainder step, not a divsi (which x86 vectors do not
// have); then expand_shape restores rank 3.
// CHECK-LABEL: func.func @keep_i32
//  CHECK-SAME:   (%[[X:.+]]: tensor<2x?x4xi32>)
//       CHECK:   %[[COL:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0], [1, 2]] : tensor<2x?x4xi32> into tensor<2x?xi32>
//       CHECK:   %[[D1:.+]] = tensor.dim %[[COL]], %{{.+}} : tensor<2x?xi32>
//       CHECK:   arith.muli %{{.+}}, %[[D1]] : index
//       CHECK:   linalg.fill ins(%{{.+}} : i64) outs(%{{.+}} : tensor<2xi64>)
//       CHECK:   linalg.generic
//  CHECK-SAME:       iterator_types = ["parallel", "reduction"]
//  CHECK-SAME:       ins(%[[COL]] : tensor<2x?xi32>)
//       CHECK:     arith.extsi %{{.+}} : i32 to i64
//       CHECK:     arith.addi
//       CHECK:   %[[MEAN:.+]] = linalg.generic
//       CHECK:     arith.cmpi eq
//   CHECK-NOT:     arith.divsi
//       CHECK:     arith.sitofp %{{.+}} : i64 to f64
//       CHECK:     arith.divf
//       CHECK:     arith.mulf
//       CHECK:     %[[Q:.+]] = arith.fptosi %{{.+}} : f64 to i64
//       CHECK:     arith.muli %[[Q]], %{{.+}} : i64
//       CHECK:     arith.subi
//   CHECK-NOT:     arith.divsi
//       CHECK:     arith.trunci %{{.+}} : i64 to i32
//       CHECK:   %[[E:.+]] = tensor.expand_shape %[[MEAN]] {{\[}}[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xi32> into tensor<2x1x1xi32>
//       CHECK:   return %[[E]]
func.func @keep_i32(%x: tensor<2x?x4xi32>) -> tensor<2x1x1xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 2>, keep_dims = true} : tensor<2x?x4xi32> -> tensor<2x1x1xi32>
  return %0 : tensor<2x1x1xi32>
}

// -----

// NHWC pooling (axes 1, 2) coalesces to a column-style [N, H*W, C] middle
// reduction; the kept dimensions come back through expand_shape.
// CHECK-LABEL: func.func @nhwc_pool
//       CHECK:   tensor.collapse_shape %{{.+}} {{\[}}[0], [1, 2], [3]] : tensor<8x7x7x?xf32> into tensor<8x49x?xf32>
//       CHECK:   linalg.generic
//  CHECK-SAME:       iterator_types = ["parallel", "reduction", "parallel"]
//       CHECK:   linalg.generic
//   CHECK-NOT:   tensor.expand_shape
//       CHECK:   return %{{.+}} : tensor<8x?xf32>
func.func @nhwc_pool(%x: tensor<8x7x7x?xf32>) -> tensor<8x?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 2>} : tensor<8x7x7x?xf32> -> tensor<8x?xf32>
  return %0 : tensor<8x?xf32>
}

// -----

// Leading size-1 dimensions of keep_dims join the first kept group.
// CHECK-LABEL: func.func @leading_keep
//       CHECK:   tensor.collapse_shape %{{.+}} {{\[}}[0, 1], [2, 3]] : tensor<3x4x5x6xf32> into tensor<12x30xf32>
//       CHECK:   linalg.generic
//  CHECK-SAME:       iterator_types = ["reduction", "parallel"]
//       CHECK:   tensor.expand_shape %{{.+}} {{\[}}[0, 1, 2, 3]] output_shape [1, 1, 5, 6] : tensor<30xf32> into tensor<1x1x5x6xf32>
func.func @leading_keep(%x: tensor<3x4x5x6xf32>) -> tensor<1x1x5x6xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 1>, keep_dims = true} : tensor<3x4x5x6xf32> -> tensor<1x1x5x6xf32>
  return %0 : tensor<1x1x5x6xf32>
}

// -----

// 64-bit and unsigned integers: ui64 widens with extui into i128 and divides
// with divui; the ui64 <-> i64 reinterpretation is an unrealized cast.
// CHECK-LABEL: func.func @col_ui64
//       CHECK:   linalg.generic
//       CHECK:     builtin.unrealized_conversion_cast %{{.+}} : ui64 to i64
//       CHECK:     arith.extui %{{.+}} : i64 to i128
//       CHECK:   linalg.generic
//       CHECK:     arith.divui %{{.+}} : i128
//       CHECK:     arith.trunci %{{.+}} : i128 to i64
//       CHECK:     builtin.unrealized_conversion_cast %{{.+}} : i64 to ui64
func.func @col_ui64(%x: tensor<3x5xui64>) -> tensor<5xui64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<3x5xui64> -> tensor<5xui64>
  return %0 : tensor<5xui64>
}

// -----

// "Reduce all" spelled with empty axes: the input is flattened, complex
// numbers sum both parts in f64 and divide each by the count.
// CHECK-LABEL: func.func @all_complex
//       CHECK:   tensor.collapse_shape %{{.+}} {{\[}}[0, 1]] : tensor<3x2xcomplex<f32>> into tensor<6xcomplex<f32>>
//       CHECK:   %[[S:.+]]:2 = linalg.generic
//  CHECK-SAME:       iterator_types = ["reduction"]
//       CHECK:     complex.re
//       CHECK:     complex.im
//       CHECK:   linalg.generic
//  CHECK-SAME:       ins(%[[S]]#0, %[[S]]#1 : tensor<f64>, tensor<f64>)
//       CHECK:     complex.create %{{.+}}, %{{.+}} : complex<f32>
func.func @all_complex(%x: tensor<3x2xcomplex<f32>>) -> tensor<complex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<3x2xcomplex<f32>> -> tensor<complex<f32>>
  return %0 : tensor<complex<f32>>
}

// -----

// f64 carries a Neumaier compensation term as a second accumulator; the
// error of each addition comes from a branch-free TwoSum.
// CHECK-LABEL: func.func @compensated_f64
//       CHECK:   %{{.+}}:2 = linalg.generic
//       CHECK:   ^bb0(%[[X:.+]]: f64, %[[S:.+]]: f64, %[[C:.+]]: f64):
//       CHECK:     %[[T:.+]] = arith.addf %[[S]], %[[X]] : f64
//       CHECK:     %[[XP:.+]] = arith.subf %[[T]], %[[S]] : f64
//       CHECK:     %[[SP:.+]] = arith.subf %[[T]], %[[XP]] : f64
//       CHECK:     %[[SE:.+]] = arith.subf %[[S]], %[[SP]] : f64
//       CHECK:     %[[XE:.+]] = arith.subf %[[X]], %[[XP]] : f64
//       CHECK:     %[[E:.+]] = arith.addf %[[SE]], %[[XE]] : f64
//       CHECK:     %[[C2:.+]] = arith.addf %[[C]], %[[E]] : f64
//       CHECK:     linalg.yield %[[T]], %[[C2]] : f64, f64
func.func @compensated_f64(%x: tensor<?xf64>) -> tensor<f64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?xf64> -> tensor<f64>
  return %0 : tensor<f64>
}

// -----

// The identity needs no code at all.
// CHECK-LABEL: func.func @identity
//  CHECK-SAME:   (%[[X:.+]]: tensor<4xf16>)
//  CHECK-NEXT:   return %[[X]]
func.func @identity(%x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64>} : tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// A declared static size that the lowering only knows dynamically is
// checked at run time before the tensor.cast.
// CHECK-LABEL: func.func @declared_static
//       CHECK:   %[[SIZE:.+]] = tensor.dim
//       CHECK:   %[[OK:.+]] = arith.cmpi eq, %[[SIZE]], %c4
//       CHECK:   %[[SIZE64:.+]] = arith.index_cast %[[SIZE]] : index to i64
//       CHECK:   rmean.check %[[OK]], "rmean.reduce_mean: result dimension 0 has size {0} but is declared with size 4"(%[[SIZE64]])
//       CHECK:   tensor.cast %{{.+}} : tensor<?xf32> to tensor<4xf32>
func.func @declared_static(%x: tensor<?x3xf32>) -> tensor<4xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x3xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Runtime axes: decode and check every axis into a mask, then switch on it:
// each run of adjacent dimensions a one-axis mean of rank 3 can reduce (the
// trailing one first, then the leading, then the middle) gets the static
// lowering of that run; any other mask runs the general loop (accumulate
// element by element, divide, reshape to the declared rank).
// CHECK-LABEL: func.func @runtime_axes
// A failed check names the values: the axis out of range, both spellings
// of a dimension named twice (the earlier one found by a search that only a
// failing check runs), the number of dimensions the axes keep.
//       CHECK:   scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step
//       CHECK:     %[[RAW:.+]] = tensor.extract %{{.+}}[%[[K]]] : tensor<1xi32>
//  CHECK-NEXT:     %[[AXIS:.+]] = arith.extsi %[[RAW]] : i32 to i64
//       CHECK:     rmean.check %{{.+}}, "rmean.reduce_mean: runtime axis {0} is out of range [-3, 2]"(%[[AXIS]])
//       CHECK:     %[[DIM:.+]] = arith.select
//       CHECK:     %[[FRESH:.+]] = arith.cmpi eq
//       CHECK:     %[[EARLIER:.+]] = scf.if %[[FRESH]] -> (i64) {
//  CHECK-NEXT:       scf.yield %[[AXIS]] : i64
//  CHECK-NEXT:     } else {
//  CHECK-NEXT:       %[[FOUND:.+]] = scf.for %[[J:.+]] = %{{.+}} to %[[K]] step %{{.+}} iter_args(%[[F:.+]] = %[[AXIS]]) -> (i64) {
//  CHECK-NEXT:         %[[OTHERRAW:.+]] = tensor.extract %{{.+}}[%[[J]]]
//  CHECK-NEXT:         %[[OTHER:.+]] = arith.extsi %[[OTHERRAW]]
//       CHECK:         %[[SAME:.+]] = arith.cmpi eq, %{{.+}}, %[[DIM]] : i64
//  CHECK-NEXT:         %[[SEL:.+]] = arith.select %[[SAME]], %[[OTHER]], %[[F]] : i64
//  CHECK-NEXT:         scf.yield %[[SEL]] : i64
//       CHECK:       scf.yield %[[FOUND]] : i64
//       CHECK:     rmean.check %[[FRESH]], "rmean.reduce_mean: runtime axes {0} and {1} both name dimension {2}"(%[[EARLIER]], %[[AXIS]], %[[DIM]])
//       CHECK:   %[[KEPT:.+]] = arith.index_cast %{{.+}} : index to i64
//  CHECK-NEXT:   rmean.check %{{.+}}, "rmean.reduce_mean: runtime axes keep {0} dimensions but the result rank is 2"(%[[KEPT]])
//       CHECK:   %[[LAST:.+]] = arith.constant 4 : i64
//  CHECK-NEXT:   arith.cmpi eq, %[[MASK:.+]], %[[LAST]] : i64
//       CHECK:   %[[FIRST:.+]] = arith.constant 1 : i64
//  CHECK-NEXT:   arith.cmpi eq, %[[MASK]], %[[FIRST]] : i64
//       CHECK:   %[[MIDDLE:.+]] = arith.constant 2 : i64
//  CHECK-NEXT:   arith.cmpi eq, %[[MASK]], %[[MIDDLE]] : i64
//       CHECK:   %[[R:.+]] = scf.index_switch %{{.+}} -> tensor<?x?xf32>
//       CHECK:   case 0 {
//       CHECK:     linalg.generic
//  CHECK-SAME:         iterator_types = ["parallel", "parallel", "reduction"]
//  CHECK-SAME:         {rmean.reduction}
//       CHECK:   case 1 {
//       CHECK:     linalg.generic
//  CHECK-SAME:         iterator_types = ["reduction", "parallel", "parallel"]
//       CHECK:   case 2 {
//       CHECK:     linalg.generic
//  CHECK-SAME:         iterator_types = ["parallel", "reduction", "parallel"]
//       CHECK:   default {
//       CHECK:     scf.for
//       CHECK:       tensor.insert
//       CHECK:     linalg.generic
//       CHECK:     tensor.reshape
//       CHECK:   return %[[R]]
//   CHECK-NOT:   rmean.reduce_mean
func.func @runtime_axes(%x: tensor<?x?x?xf32>, %axes: tensor<1xi32>) -> tensor<?x?xf32> {
  %0 = rmean.reduce_mean %x, %axes : tensor<?x?x?xf32>, tensor<1xi32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// With keep_dims every axis set of a rank-3 input is a case: the single
// dimensions (2, 0, 1), the longer runs (1-2, 0-2, 0-1), then (0, 2)
// (mask 5), then the empty set (noop_with_empty_axes: the input itself).
// Each case's keep_dims result (static 1s where it reduces) is cast to the
// switch's dynamic type.
// CHECK-LABEL: func.func @runtime_axes_keep_runs
//       CHECK:   %[[C5:.+]] = arith.constant 5 : i64
//  CHECK-NEXT:   arith.cmpi eq, %{{.+}}, %[[C5]] : i64
//       CHECK:   %[[C0:.+]] = arith.constant 0 : i64
//  CHECK-NEXT:   arith.cmpi eq, %{{.+}}, %[[C0]] : i64
//       CHECK:   scf.index_switch %{{.+}} -> tensor<?x?x?xf32>
//       CHECK:   case 2 {
//       CHECK:     tensor.cast %{{.+}} : tensor<?x1x?xf32> to tensor<?x?x?xf32>
//       CHECK:   case 6 {
//       CHECK:     linalg.generic
//  CHECK-SAME:         iterator_types = ["reduction", "parallel", "reduction"]
//       CHECK:   case 7 {
//  CHECK-NEXT:     scf.yield %{{.+}} : tensor<?x?x?xf32>
//   CHECK-NOT:   case 8
//       CHECK:   default {
func.func @runtime_axes_keep_runs(%x: tensor<?x?x?xf32>, %axes: tensor<?xi64>) -> tensor<?x?x?xf32> {
  %0 = rmean.reduce_mean %x, %axes {keep_dims = true} : tensor<?x?x?xf32>, tensor<?xi64> -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

// -----

// Runtime axes with keep_dims keep the rank: no reshape, and signed axis
// tensors are reinterpreted as signless.
// CHECK-LABEL: func.func @runtime_axes_keep
//       CHECK:   builtin.unrealized_conversion_cast %{{.+}} : si64 to i64
//   CHECK-NOT:   tensor.reshape
//       CHECK:   return
func.func @runtime_axes_keep(%x: tensor<?x?xbf16>, %axes: tensor<?xsi64>) -> tensor<?x?xbf16> {
  %0 = rmean.reduce_mean %x, %axes {keep_dims = true} : tensor<?x?xbf16>, tensor<?xsi64> -> tensor<?x?xbf16>
  return %0 : tensor<?x?xbf16>
}

// -----

// Ranks above 64 get a wider mask (one bit per dimension), so "reduce all"
// and the per-dimension bits stay exact.
// CHECK-LABEL: func.func @runtime_axes_rank65
//       CHECK:   %[[ALL:.+]] = arith.constant -1 : i65
//       CHECK:   arith.select %{{.+}}, %[[ALL]], %{{.+}} : i65
func.func @runtime_axes_rank65(%x: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>, %axes: tensor<?xi64>) -> tensor<f32> {
  %0 = rmean.reduce_mean %x, %axes {noop_with_empty_axes = false} : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>, tensor<?xi64> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// Adjacent dynamic kept dimensions stay apart (expanding two dynamic sizes
// from one collapsed dimension crashes upstream expand-strided-metadata);
// dynamic reduced dimensions still merge.
// CHECK-LABEL: func.func @dynamic_kept_groups
//       CHECK:   tensor.collapse_shape %{{.+}} {{\[}}[0], [1], [2, 3]] : tensor<?x?x?x?xf32> into tensor<?x?x?xf32>
//       CHECK:   linalg.generic
//  CHECK-SAME:       iterator_types = ["parallel", "parallel", "reduction"]
//       CHECK:   tensor.expand_shape %{{.+}} {{\[}}[0], [1, 2, 3]] output_shape [%{{.+}}, %{{.+}}, 1, 1] : tensor<?x?xf32> into tensor<?x?x1x1xf32>
func.func @dynamic_kept_groups(%x: tensor<?x?x?x?xf32>) -> tensor<?x?x1x1xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: -2, -1>, keep_dims = true} : tensor<?x?x?x?xf32> -> tensor<?x?x1x1xf32>
  return %0 : tensor<?x?x1x1xf32>
}
