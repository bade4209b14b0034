// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-split-reduced-runs --split-input-file | FileCheck %s

// Batch statistics of NCHW, axes (0, 2, 3): coalesced to [R, P, R]. The
// innermost run becomes row sums of the collapsed [N*C, H*W] input with
// the original body, the rows' partial sums (f64) are expanded to [N, C]
// and summed as columns by the original addition. Both sums are marked;
// the division then reads the column sums.
// CHECK-LABEL: func.func @batch_stats
//  CHECK-SAME:   (%[[X:.+]]: tensor<8x64x28x28xf32>)
//       CHECK:   %[[C:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0], [1], [2, 3]]
//       CHECK:   %[[NEGZERO:.+]] = arith.constant -0.000000e+00 : f64
//       CHECK:   %[[ROWS:.+]] = tensor.collapse_shape %[[C]] {{\[}}[0, 1], [2]] : tensor<8x64x784xf32> into tensor<512x784xf32>
//       CHECK:   %[[F1:.+]] = linalg.fill ins(%[[NEGZERO]] : f64) outs(%{{.+}} : tensor<512xf64>)
//       CHECK:   %[[P:.+]] = linalg.generic
//  CHECK-SAME:       iterator_types = ["parallel", "reduction"]
//  CHECK-SAME:       ins(%[[ROWS]] : tensor<512x784xf32>) outs(%[[F1]] : tensor<512xf64>)
//  CHECK-SAME:       attrs = {rmean.reduction}
//       CHECK:     arith.extf
//       CHECK:     arith.addf
//       CHECK:   %[[E:.+]] = tensor.expand_shape %[[P]] {{\[}}[0, 1]] output_shape [8, 64] : tensor<512xf64> into tensor<8x64xf64>
//       CHECK:   %[[F2:.+]] = linalg.fill ins(%[[NEGZERO]] : f64) outs(%{{.+}} : tensor<64xf64>)
//       CHECK:   %[[S:.+]] = linalg.generic
//  CHECK-SAME:       iterator_types = ["reduction", "parallel"]
//  CHECK-SAME:       ins(%[[E]] : tensor<8x64xf64>) outs(%[[F2]] : tensor<64xf64>)
//  CHECK-SAME:       attrs = {rmean.reduction}
//  CHECK-NEXT:   ^bb0(%[[IN:.+]]: f64, %[[OUT:.+]]: f64):
//  CHECK-NEXT:     %[[SUM:.+]] = arith.addf %[[OUT]], %[[IN]] : f64
//  CHECK-NEXT:     linalg.yield %[[SUM]]
//       CHECK:   linalg.generic
//  CHECK-SAME:       ins(%[[S]] : tensor<64xf64>)
//  CHECK-SAME:       rmean.finalize
func.func @batch_stats(%x: tensor<8x64x28x28xf32>) -> tensor<64xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2, 3>} : tensor<8x64x28x28xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// [P, R, P, R] of i8 (i64 sums): row sums over the last dimension, then a
// middle-axis sum [P, R, P] of the partial sums with arith.addi.
// CHECK-LABEL: func.func @p_r_p_r
//       CHECK:   tensor.collapse_shape %{{.+}} {{\[}}[0, 1, 2], [3]] : tensor<4x5x6x7xi8> into tensor<120x7xi8>
//       CHECK:   %[[P:.+]] = linalg.generic
//  CHECK-SAME:       iterator_types = ["parallel", "reduction"]
//  CHECK-SAME:       outs(%{{.+}} : tensor<120xi64>)
//       CHECK:     arith.extsi
//       CHECK:   %[[E:.+]] = tensor.expand_shape %[[P]] {{\[}}[0, 1, 2]] output_shape [4, 5, 6] : tensor<120xi64> into tensor<4x5x6xi64>
//       CHECK:   %[[S:.+]] = linalg.generic
//  CHECK-SAME:       iterator_types = ["parallel", "reduction", "parallel"]
//  CHECK-SAME:       ins(%[[E]] : tensor<4x5x6xi64>) outs(%{{.+}} : tensor<4x6xi64>)
//  CHECK-SAME:       attrs = {rmean.reduction}
//       CHECK:     arith.addi
//   CHECK-NOT:   tensor.expand_shape
//       CHECK:   linalg.generic
//  CHECK-SAME:       ins(%[[S]] : tensor<4x6xi64>)
func.func @p_r_p_r(%x: tensor<4x5x6x7xi8>) -> tensor<4x6xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 3>} : tensor<4x5x6x7xi8> -> tensor<4x6xi8>
  return %0 : tensor<4x6xi8>
}

// -----

// [R, P, R, P]: the inner run is a middle axis ([P, R, P] on [3*4, 5, 6]);
// the partial sums [3, 4, 6] are [R, P, P], collapsed to columns [3, 24]
// and expanded back to the result [4, 6].
// CHECK-LABEL: func.func @r_p_r_p
//       CHECK:   tensor.collapse_shape %{{.+}} {{\[}}[0, 1], [2], [3]] : tensor<3x4x5x6xf32> into tensor<12x5x6xf32>
//       CHECK:   %[[P:.+]] = linalg.generic
//  CHECK-SAME:       iterator_types = ["parallel", "reduction", "parallel"]
//  CHECK-SAME:       outs(%{{.+}} : tensor<12x6xf64>)
//       CHECK:   %[[E:.+]] = tensor.expand_shape %[[P]] {{\[}}[0, 1], [2]] output_shape [3, 4, 6] : tensor<12x6xf64> into tensor<3x4x6xf64>
//       CHECK:   %[[C:.+]] = tensor.collapse_shape %[[E]] {{\[}}[0], [1, 2]] : tensor<3x4x6xf64> into tensor<3x24xf64>
//       CHECK:   %[[S:.+]] = linalg.generic
//  CHECK-SAME:       iterator_types = ["reduction", "parallel"]
//  CHECK-SAME:       ins(%[[C]] : tensor<3x24xf64>) outs(%{{.+}} : tensor<24xf64>)
//       CHECK:   %[[R:.+]] = tensor.expand_shape %[[S]] {{\[}}[0, 1]] output_shape [4, 6] : tensor<24xf64> into tensor<4x6xf64>
//       CHECK:   linalg.generic
//  CHECK-SAME:       ins(%[[R]] : tensor<4x6xf64>)
//  CHECK-SAME:       rmean.finalize
func.func @r_p_r_p(%x: tensor<3x4x5x6xf32>) -> tensor<4x6xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<3x4x5x6xf32> -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// Three runs: the sum of partial sums is split again.
// CHECK-LABEL: func.func @three_runs
//       CHECK:   linalg.generic
//  CHECK-SAME:       iterator_types = ["parallel", "reduction"]
//  CHECK-SAME:       outs(%{{.+}} : tensor<120xf64>)
//       CHECK:   linalg.generic
//  CHECK-SAME:       iterator_types = ["parallel", "reduction", "parallel"]
//  CHECK-SAME:       ins(%{{.+}} : tensor<6x4x5xf64>) outs(%{{.+}} : tensor<6x5xf64>)
//       CHECK:   linalg.generic
//  CHECK-SAME:       iterator_types = ["reduction", "parallel"]
//  CHECK-SAME:       ins(%{{.+}} : tensor<2x15xf64>) outs(%{{.+}} : tensor<15xf64>)
//   CHECK-NOT:       iterator_types = ["reduction", "parallel", "reduction"
func.func @three_runs(%x: tensor<2x3x4x5x6xf32>) -> tensor<3x5xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2, 4>} : tensor<2x3x4x5x6xf32> -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// A dynamic batch: one dynamic size per reshape group, so it splits.
// CHECK-LABEL: func.func @dynamic_batch
//       CHECK:   tensor.collapse_shape %{{.+}} {{\[}}[0, 1], [2]] : tensor<?x64x49xbf16> into tensor<?x49xbf16>
//       CHECK:   tensor.expand_shape %{{.+}} {{\[}}[0, 1]] output_shape [%{{.+}}, 64] : tensor<?xf64> into tensor<?x64xf64>
//       CHECK:   iterator_types = ["reduction", "parallel"]
func.func @dynamic_batch(%x: tensor<?x64x7x7xbf16>) -> tensor<64xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2, 3>} : tensor<?x64x7x7xbf16> -> tensor<64xbf16>
  return %0 : tensor<64xbf16>
}

// -----

// Two dynamic sizes would meet in one expand group (MLIR 22 cannot lower
// that): left as it is.
// CHECK-LABEL: func.func @negative_two_dynamic
//       CHECK:   linalg.generic
//  CHECK-SAME:       iterator_types = ["reduction", "parallel", "reduction"]
func.func @negative_two_dynamic(%x: tensor<?x?x5xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<?x?x5xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// An empty dimension: nothing to vectorise, left as it is (a static 0
// beside a dynamic size in one reshape group would not lower).
// CHECK-LABEL: func.func @negative_empty
//       CHECK:   linalg.generic
//  CHECK-SAME:       iterator_types = ["parallel", "reduction", "parallel", "reduction"]
//   CHECK-NOT:   tensor.expand_shape
func.func @negative_empty(%x: tensor<9x?x0x?xbf16>) -> tensor<9x0xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 3>} : tensor<9x?x0x?xbf16> -> tensor<9x0xbf16>
  return %0 : tensor<9x0xbf16>
}

// -----

// Compensated f64 (two accumulators), complex, a hand-written strategy and
// one reduced run are left alone.
// CHECK-LABEL: func.func @negative_others
//       CHECK:   iterator_types = ["reduction", "parallel", "reduction"]
//  CHECK-SAME:       outs(%{{.+}}, %{{.+}} : tensor<4xf64>, tensor<4xf64>)
//       CHECK:   iterator_types = ["reduction", "parallel", "reduction"]
//  CHECK-SAME:       ins(%{{.+}} : tensor<3x4x5xcomplex<f32>>)
//       CHECK:   iterator_types = ["reduction", "parallel", "reduction"]
//  CHECK-SAME:       rmean.cpu_strategy
//       CHECK:   iterator_types = ["parallel", "reduction"]
//   CHECK-NOT:   tensor.expand_shape
func.func @negative_others(%a: tensor<3x4x5xf64>, %b: tensor<3x4x5xcomplex<f32>>,
                           %c: tensor<3x4x5xf32>, %d: tensor<4x5xf32>)
    -> (tensor<4xf64>, tensor<4xcomplex<f32>>, tensor<4xf32>, tensor<4xf32>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 0, 2>} : tensor<3x4x5xf64> -> tensor<4xf64>
  %1 = rmean.reduce_mean %b {axes = array<i64: 0, 2>} : tensor<3x4x5xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %2 = rmean.reduce_mean %c {axes = array<i64: 0, 2>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = none, vector_size = 16, cache_tile = 1024>} : tensor<3x4x5xf32> -> tensor<4xf32>
  %3 = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<4x5xf32> -> tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf64>, tensor<4xcomplex<f32>>, tensor<4xf32>, tensor<4xf32>
}

// -----

// The user's own sums over separate runs are not rmean's: untouched.
// CHECK-LABEL: func.func @negative_user_sum
//       CHECK:   linalg.generic
//  CHECK-SAME:       iterator_types = ["reduction", "parallel", "reduction"]
//   CHECK-NOT:   rmean.reduction
func.func @negative_user_sum(%x: tensor<3x4x5xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1)>], iterator_types = ["reduction", "parallel", "reduction"]} ins(%x : tensor<3x4x5xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A marked body that is not acc + f(x) (the accumulator also feeds the
// term) does not combine partial results by its addition: left alone.
// CHECK-LABEL: func.func @negative_not_a_sum
//       CHECK:   linalg.generic
//  CHECK-SAME:       iterator_types = ["reduction", "parallel", "reduction"]
//   CHECK-NOT:   tensor.expand_shape
func.func @negative_not_a_sum(%x: tensor<3x4x5xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1)>], iterator_types = ["reduction", "parallel", "reduction"]} ins(%x : tensor<3x4x5xf32>) outs(%init : tensor<4xf32>) attrs = {rmean.reduction} {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %out, %in : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
