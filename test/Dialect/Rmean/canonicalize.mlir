// RUN: rmean-opt %s -canonicalize -split-input-file | FileCheck %s

// docs/ReduceMean.md §5: one function per fold / pattern of rmean.reduce_mean, and a
// @negative_... function for each case where it must not fire.

//===----------------------------------------------------------------------===//
// ConstantAxesToAttr: a constant axes operand becomes the attribute.
//===----------------------------------------------------------------------===//

// An i64 constant operand becomes the attribute; the constant goes away.
// CHECK-LABEL: func.func @constant_axes_to_attr
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3x4xf32>)
// CHECK-NOT:     arith.constant
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[X]] {axes = array<i64: 1>} : tensor<2x3x4xf32> -> tensor<2x4xf32>
// CHECK:         return %[[R]]
func.func @constant_axes_to_attr(%x: tensor<2x3x4xf32>) -> tensor<2x4xf32> {
  %a = arith.constant dense<[1]> : tensor<1xi64>
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<1xi64> -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// An si32 constant with negative, unsorted values: attribute, then normalised;
// keep_dims is carried over.
// CHECK-LABEL: func.func @constant_axes_si32_to_attr
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3x4xf32>)
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[X]] {axes = array<i64: 0, 2>, keep_dims = true} : tensor<2x3x4xf32> -> tensor<1x3x1xf32>
// CHECK:         return %[[R]]
func.func @constant_axes_si32_to_attr(%x: tensor<2x3x4xf32>) -> tensor<1x3x1xf32> {
  %a = arith.constant dense<[-1, 0]> : tensor<2xsi32>
  %r = rmean.reduce_mean %x, %a {keep_dims = true} : tensor<2x3x4xf32>, tensor<2xsi32> -> tensor<1x3x1xf32>
  return %r : tensor<1x3x1xf32>
}

// -----

// An empty constant operand with noop_with_empty_axes = false: reduce all.
// CHECK-LABEL: func.func @constant_axes_empty_reduce_all
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3xf32>)
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[X]] {axes = array<i64>, noop_with_empty_axes = false} : tensor<2x3xf32> -> tensor<f32>
// CHECK:         return %[[R]]
func.func @constant_axes_empty_reduce_all(%x: tensor<2x3xf32>) -> tensor<f32> {
  %a = arith.constant dense<> : tensor<0xi32>
  %r = rmean.reduce_mean %x, %a {noop_with_empty_axes = false} : tensor<2x3xf32>, tensor<0xi32> -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// Axes that only become constant after folding (tensor.from_elements of
// constants) still end up as the attribute.
// CHECK-LABEL: func.func @constant_axes_after_folding
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3x4xf32>)
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[X]] {axes = array<i64: 1, 2>} : tensor<2x3x4xf32> -> tensor<?xf32>
// CHECK:         return %[[R]]
func.func @constant_axes_after_folding(%x: tensor<2x3x4xf32>) -> tensor<?xf32> {
  %c2 = arith.constant 2 : i64
  %cm2 = arith.constant -2 : i64
  %a = tensor.from_elements %c2, %cm2 : tensor<2xi64>
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// Runtime axes stay an operand.
// CHECK-LABEL: func.func @negative_runtime_axes
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2x3x4xf32>, %[[A:[^:]+]]: tensor<1xi64>)
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[X]], %[[A]] : tensor<2x3x4xf32>, tensor<1xi64> -> tensor<?x?xf32>
// CHECK:         return %[[R]]
func.func @negative_runtime_axes(%x: tensor<2x3x4xf32>, %a: tensor<1xi64>) -> tensor<?x?xf32> {
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<1xi64> -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// Axes built from a runtime value stay an operand.
// CHECK-LABEL: func.func @negative_axes_from_runtime_scalar
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2x3x4xf32>, %[[I:[^:]+]]: i64)
// CHECK:         %[[A:.+]] = tensor.from_elements %[[I]] : tensor<1xi64>
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[X]], %[[A]] : tensor<2x3x4xf32>, tensor<1xi64> -> tensor<?x?xf32>
// CHECK:         return %[[R]]
func.func @negative_axes_from_runtime_scalar(%x: tensor<2x3x4xf32>, %i: i64) -> tensor<?x?xf32> {
  %a = tensor.from_elements %i : tensor<1xi64>
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<1xi64> -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

//===----------------------------------------------------------------------===//
// NormalizeAxes: attribute axes become non-negative and ascending.
//===----------------------------------------------------------------------===//

// -----

// Negative axes become non-negative.
// CHECK-LABEL: func.func @normalize_negative_axes
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3x4xf32>)
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[X]] {axes = array<i64: 1, 2>} : tensor<2x3x4xf32> -> tensor<2xf32>
// CHECK:         return %[[R]]
func.func @normalize_negative_axes(%x: tensor<2x3x4xf32>) -> tensor<2xf32> {
  %r = rmean.reduce_mean %x {axes = array<i64: -2, -1>} : tensor<2x3x4xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// Unsorted axes are sorted.
// CHECK-LABEL: func.func @normalize_unsorted_axes
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3x4xf32>)
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[X]] {axes = array<i64: 0, 2>} : tensor<2x3x4xf32> -> tensor<3xf32>
// CHECK:         return %[[R]]
func.func @normalize_unsorted_axes(%x: tensor<2x3x4xf32>) -> tensor<3xf32> {
  %r = rmean.reduce_mean %x {axes = array<i64: 2, 0>} : tensor<2x3x4xf32> -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// Mixed signs, unsorted, with keep_dims and noop_with_empty_axes kept.
// CHECK-LABEL: func.func @normalize_mixed_axes
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3x4x5xf32>)
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[X]] {axes = array<i64: 0, 1, 3>, keep_dims = true, noop_with_empty_axes = false} : tensor<2x3x4x5xf32> -> tensor<1x1x4x1xf32>
// CHECK:         return %[[R]]
func.func @normalize_mixed_axes(%x: tensor<2x3x4x5xf32>) -> tensor<1x1x4x1xf32> {
  %r = rmean.reduce_mean %x {axes = array<i64: -1, 1, -4>, keep_dims = true, noop_with_empty_axes = false} : tensor<2x3x4x5xf32> -> tensor<1x1x4x1xf32>
  return %r : tensor<1x1x4x1xf32>
}

// -----

// Already normalised axes are left alone.
// CHECK-LABEL: func.func @negative_normalized_axes
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3x4xf32>)
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[X]] {axes = array<i64: 0, 2>} : tensor<2x3x4xf32> -> tensor<3xf32>
// CHECK:         return %[[R]]
func.func @negative_normalized_axes(%x: tensor<2x3x4xf32>) -> tensor<3xf32> {
  %r = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<2x3x4xf32> -> tensor<3xf32>
  return %r : tensor<3xf32>
}

//===----------------------------------------------------------------------===//
// Identity folds.
//===----------------------------------------------------------------------===//

// -----

// Empty axes with noop_with_empty_axes: the input itself.
// CHECK-LABEL: func.func @identity_empty_axes_noop
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3xf32>)
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         return %[[X]]
func.func @identity_empty_axes_noop(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = rmean.reduce_mean %x {axes = array<i64>} : tensor<2x3xf32> -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// A statically empty runtime axes operand with noop is also the identity.
// CHECK-LABEL: func.func @identity_empty_axes_operand
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<?x3xf32>, %[[A:[^:]+]]: tensor<0xi64>)
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         return %[[X]]
func.func @identity_empty_axes_operand(%x: tensor<?x3xf32>, %a: tensor<0xi64>) -> tensor<?x3xf32> {
  %r = rmean.reduce_mean %x, %a : tensor<?x3xf32>, tensor<0xi64> -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// -----

// Empty axes without noop reduce every dimension: no identity.
// CHECK-LABEL: func.func @negative_empty_axes_reduce_all
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3xf32>)
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[X]] {axes = array<i64>, keep_dims = true, noop_with_empty_axes = false} : tensor<2x3xf32> -> tensor<1x1xf32>
// CHECK:         return %[[R]]
func.func @negative_empty_axes_reduce_all(%x: tensor<2x3xf32>) -> tensor<1x1xf32> {
  %r = rmean.reduce_mean %x {axes = array<i64>, keep_dims = true, noop_with_empty_axes = false} : tensor<2x3xf32> -> tensor<1x1xf32>
  return %r : tensor<1x1xf32>
}

// -----

// Rank-0 input: the identity, even for "reduce all" with keep_dims.
// CHECK-LABEL: func.func @identity_rank0
// CHECK-SAME:    (%[[X:.+]]: tensor<f64>)
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         return %[[X]], %[[X]]
func.func @identity_rank0(%x: tensor<f64>) -> (tensor<f64>, tensor<f64>) {
  %0 = rmean.reduce_mean %x {axes = array<i64>} : tensor<f64> -> tensor<f64>
  %1 = rmean.reduce_mean %x {axes = array<i64>, keep_dims = true, noop_with_empty_axes = false} : tensor<f64> -> tensor<f64>
  return %0, %1 : tensor<f64>, tensor<f64>
}

// -----

// keep_dims over static size-1 dims only: the input itself.
// CHECK-LABEL: func.func @identity_keep_dims_size_one
// CHECK-SAME:    (%[[X:.+]]: tensor<4x1x?x1xi16>)
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         return %[[X]]
func.func @identity_keep_dims_size_one(%x: tensor<4x1x?x1xi16>) -> tensor<4x1x?x1xi16> {
  %r = rmean.reduce_mean %x {axes = array<i64: 1, -1>, keep_dims = true} : tensor<4x1x?x1xi16> -> tensor<4x1x?x1xi16>
  return %r : tensor<4x1x?x1xi16>
}

// -----

// keep_dims reducing every dim of an all-ones shape: the input itself.
// CHECK-LABEL: func.func @identity_keep_dims_reduce_all_ones
// CHECK-SAME:    (%[[X:.+]]: tensor<1x1xcomplex<f32>>)
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         return %[[X]]
func.func @identity_keep_dims_reduce_all_ones(%x: tensor<1x1xcomplex<f32>>) -> tensor<1x1xcomplex<f32>> {
  %r = rmean.reduce_mean %x {axes = array<i64>, keep_dims = true, noop_with_empty_axes = false} : tensor<1x1xcomplex<f32>> -> tensor<1x1xcomplex<f32>>
  return %r : tensor<1x1xcomplex<f32>>
}

// -----

// keep_dims over a dynamic dim (maybe not 1): no identity.
// CHECK-LABEL: func.func @negative_keep_dims_dynamic_dim
// CHECK-SAME:    (%[[X:.+]]: tensor<4x?xf32>)
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[X]] {axes = array<i64: 1>, keep_dims = true} : tensor<4x?xf32> -> tensor<4x1xf32>
// CHECK:         return %[[R]]
func.func @negative_keep_dims_dynamic_dim(%x: tensor<4x?xf32>) -> tensor<4x1xf32> {
  %r = rmean.reduce_mean %x {axes = array<i64: 1>, keep_dims = true} : tensor<4x?xf32> -> tensor<4x1xf32>
  return %r : tensor<4x1xf32>
}

// -----

// keep_dims over a size-1 dim and a size-2 dim: no identity.
// CHECK-LABEL: func.func @negative_keep_dims_not_all_size_one
// CHECK-SAME:    (%[[X:.+]]: tensor<2x1xf32>)
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[X]] {axes = array<i64: 0, 1>, keep_dims = true} : tensor<2x1xf32> -> tensor<1x1xf32>
// CHECK:         return %[[R]]
func.func @negative_keep_dims_not_all_size_one(%x: tensor<2x1xf32>) -> tensor<1x1xf32> {
  %r = rmean.reduce_mean %x {axes = array<i64: 0, 1>, keep_dims = true} : tensor<2x1xf32> -> tensor<1x1xf32>
  return %r : tensor<1x1xf32>
}

//===----------------------------------------------------------------------===//
// IdentityToCast: an identity whose result type differs in static-ness.
//===----------------------------------------------------------------------===//

// -----

// The result is more static than the input.
// CHECK-LABEL: func.func @identity_cast_more_static
// CHECK-SAME:    (%[[X:.+]]: tensor<?x8xf32>)
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = tensor.cast %[[X]] : tensor<?x8xf32> to tensor<4x8xf32>
// CHECK:         return %[[C]]
func.func @identity_cast_more_static(%x: tensor<?x8xf32>) -> tensor<4x8xf32> {
  %r = rmean.reduce_mean %x {axes = array<i64>} : tensor<?x8xf32> -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// The result is less static than the input.
// CHECK-LABEL: func.func @identity_cast_less_static
// CHECK-SAME:    (%[[X:.+]]: tensor<4x8xf32>)
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = tensor.cast %[[X]] : tensor<4x8xf32> to tensor<?x8xf32>
// CHECK:         return %[[C]]
func.func @identity_cast_less_static(%x: tensor<4x8xf32>) -> tensor<?x8xf32> {
  %r = rmean.reduce_mean %x {axes = array<i64>} : tensor<4x8xf32> -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

// -----

// keep_dims over a size-1 dim with a more static result.
// CHECK-LABEL: func.func @identity_cast_keep_dims
// CHECK-SAME:    (%[[X:.+]]: tensor<?x1xf32>)
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = tensor.cast %[[X]] : tensor<?x1xf32> to tensor<4x1xf32>
// CHECK:         return %[[C]]
func.func @identity_cast_keep_dims(%x: tensor<?x1xf32>) -> tensor<4x1xf32> {
  %r = rmean.reduce_mean %x {axes = array<i64: 1>, keep_dims = true} : tensor<?x1xf32> -> tensor<4x1xf32>
  return %r : tensor<4x1xf32>
}

// -----

// A real reduction with a more static result is not a cast.
// CHECK-LABEL: func.func @negative_identity_cast_real_reduction
// CHECK-SAME:    (%[[X:.+]]: tensor<?x?xf32>)
// CHECK-NOT:     tensor.cast
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[X]] {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<4xf32>
// CHECK:         return %[[R]]
func.func @negative_identity_cast_real_reduction(%x: tensor<?x?xf32>) -> tensor<4xf32> {
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

//===----------------------------------------------------------------------===//
// SizeOneReductionToCollapse: size-1 dims without keep_dims are dropped.
//===----------------------------------------------------------------------===//

// -----

// A middle size-1 dim joins the kept dim after it.
// CHECK-LABEL: func.func @collapse_middle
// CHECK-SAME:    (%[[X:.+]]: tensor<4x1x8xf32>)
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0], [1, 2]] : tensor<4x1x8xf32> into tensor<4x8xf32>
// CHECK:         return %[[C]]
func.func @collapse_middle(%x: tensor<4x1x8xf32>) -> tensor<4x8xf32> {
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x1x8xf32> -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// A trailing size-1 dim joins the last kept dim; dynamic kept dims are fine.
// CHECK-LABEL: func.func @collapse_trailing
// CHECK-SAME:    (%[[X:.+]]: tensor<?x1xi8>)
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<?x1xi8> into tensor<?xi8>
// CHECK:         return %[[C]]
func.func @collapse_trailing(%x: tensor<?x1xi8>) -> tensor<?xi8> {
  %r = rmean.reduce_mean %x {axes = array<i64: -1>} : tensor<?x1xi8> -> tensor<?xi8>
  return %r : tensor<?xi8>
}

// -----

// Several size-1 dims, via a constant axes operand.
// CHECK-LABEL: func.func @collapse_from_constant_operand
// CHECK-SAME:    (%[[X:.+]]: tensor<1x3x1x1x5xf32>)
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2, 3, 4]] : tensor<1x3x1x1x5xf32> into tensor<3x5xf32>
// CHECK:         return %[[C]]
func.func @collapse_from_constant_operand(%x: tensor<1x3x1x1x5xf32>) -> tensor<3x5xf32> {
  %a = arith.constant dense<[3, 0, -3]> : tensor<3xi64>
  %r = rmean.reduce_mean %x, %a : tensor<1x3x1x1x5xf32>, tensor<3xi64> -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// Every dim reduced: a rank-0 collapse.
// CHECK-LABEL: func.func @collapse_to_rank0
// CHECK-SAME:    (%[[X:.+]]: tensor<1x1xf32>)
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = tensor.collapse_shape %[[X]] [] : tensor<1x1xf32> into tensor<f32>
// CHECK:         return %[[C]]
func.func @collapse_to_rank0(%x: tensor<1x1xf32>) -> tensor<f32> {
  %r = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<1x1xf32> -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// A less static result type gets a tensor.cast after the collapse.
// CHECK-LABEL: func.func @collapse_then_cast
// CHECK-SAME:    (%[[X:.+]]: tensor<4x1xf32>)
// CHECK:         %[[C:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<4x1xf32> into tensor<4xf32>
// CHECK:         %[[D:.+]] = tensor.cast %[[C]] : tensor<4xf32> to tensor<?xf32>
// CHECK:         return %[[D]]
func.func @collapse_then_cast(%x: tensor<4x1xf32>) -> tensor<?xf32> {
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x1xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// A dynamic reduced dim may not be 1: no collapse.
// CHECK-LABEL: func.func @negative_collapse_dynamic_dim
// CHECK-SAME:    (%[[X:.+]]: tensor<4x?xf32>)
// CHECK-NOT:     tensor.collapse_shape
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[X]] {axes = array<i64: 1>} : tensor<4x?xf32> -> tensor<4xf32>
// CHECK:         return %[[R]]
func.func @negative_collapse_dynamic_dim(%x: tensor<4x?xf32>) -> tensor<4xf32> {
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x?xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// One size-1 dim and one size-3 dim reduced: no collapse.
// CHECK-LABEL: func.func @negative_collapse_mixed_sizes
// CHECK-SAME:    (%[[X:.+]]: tensor<1x3x4xf32>)
// CHECK-NOT:     tensor.collapse_shape
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[X]] {axes = array<i64: 0, 1>} : tensor<1x3x4xf32> -> tensor<4xf32>
// CHECK:         return %[[R]]
func.func @negative_collapse_mixed_sizes(%x: tensor<1x3x4xf32>) -> tensor<4xf32> {
  %r = rmean.reduce_mean %x {axes = array<i64: 0, 1>} : tensor<1x3x4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// Runtime axes: which dims are reduced is unknown, no collapse.
// CHECK-LABEL: func.func @negative_collapse_runtime_axes
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<1x1xf32>, %[[A:[^:]+]]: tensor<1xi32>)
// CHECK-NOT:     tensor.collapse_shape
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[X]], %[[A]] : tensor<1x1xf32>, tensor<1xi32> -> tensor<1xf32>
// CHECK:         return %[[R]]
func.func @negative_collapse_runtime_axes(%x: tensor<1x1xf32>, %a: tensor<1xi32>) -> tensor<1xf32> {
  %r = rmean.reduce_mean %x, %a : tensor<1x1xf32>, tensor<1xi32> -> tensor<1xf32>
  return %r : tensor<1xf32>
}

//===----------------------------------------------------------------------===//
// Constant folding (docs/ReduceMean.md §4 numerics on the host).
//===----------------------------------------------------------------------===//

// -----

// f32 row means.
// CHECK-LABEL: func.func @fold_f32_rows
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<[1.500000e+00, 4.000000e+00]> : tensor<2xf32>
// CHECK:         return %[[C]]
func.func @fold_f32_rows() -> tensor<2xf32> {
  %c = arith.constant dense<[[1.0, 2.0], [3.0, 5.0]]> : tensor<2x2xf32>
  %r = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<2x2xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// f32 column means with keep_dims.
// CHECK-LABEL: func.func @fold_f32_columns_keep_dims
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<{{\[}}[2.000000e+00, 3.500000e+00]]> : tensor<1x2xf32>
// CHECK:         return %[[C]]
func.func @fold_f32_columns_keep_dims() -> tensor<1x2xf32> {
  %c = arith.constant dense<[[1.0, 2.0], [3.0, 5.0]]> : tensor<2x2xf32>
  %r = rmean.reduce_mean %c {axes = array<i64: 0>, keep_dims = true} : tensor<2x2xf32> -> tensor<1x2xf32>
  return %r : tensor<1x2xf32>
}

// -----

// f32 reduce all (empty axes, no noop) to rank 0: (1+2+3+4+5+6)/6.
// CHECK-LABEL: func.func @fold_f32_reduce_all
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<3.500000e+00> : tensor<f32>
// CHECK:         return %[[C]]
func.func @fold_f32_reduce_all() -> tensor<f32> {
  %c = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %r = rmean.reduce_mean %c {axes = array<i64>, noop_with_empty_axes = false} : tensor<2x3xf32> -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// f32 middle axis of a rank-3 constant.
// CHECK-LABEL: func.func @fold_f32_middle_axis
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<{{\[}}[2.000000e+00, 3.000000e+00], [6.000000e+00, 7.000000e+00]]> : tensor<2x2xf32>
// CHECK:         return %[[C]]
func.func @fold_f32_middle_axis() -> tensor<2x2xf32> {
  %c = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]]> : tensor<2x2x2xf32>
  %r = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<2x2x2xf32> -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

// f32 near the top of the range: no overflow (the sum is wider).
// CHECK-LABEL: func.func @fold_f32_no_overflow
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<3.40282347E+38> : tensor<1xf32>
// CHECK:         return %[[C]]
func.func @fold_f32_no_overflow() -> tensor<1xf32> {
  %c = arith.constant dense<[3.40282347e+38, 3.40282347e+38]> : tensor<2xf32>
  %r = rmean.reduce_mean %c {axes = array<i64: 0>, keep_dims = true} : tensor<2xf32> -> tensor<1xf32>
  return %r : tensor<1xf32>
}

// -----

// f32 subnormal mean: 1.5 * 2^-149 rounds to even, i.e. 2 * 2^-149.
// CHECK-LABEL: func.func @fold_f32_subnormal_ties_to_even
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<2.802600e-45> : tensor<1xf32>
// CHECK:         return %[[C]]
func.func @fold_f32_subnormal_ties_to_even() -> tensor<1xf32> {
  %c = arith.constant dense<[4.20389539e-45, 0.0]> : tensor<2xf32>
  %r = rmean.reduce_mean %c {axes = array<i64: 0>, keep_dims = true} : tensor<2xf32> -> tensor<1xf32>
  return %r : tensor<1xf32>
}

// -----

// f32 NaN and infinities propagate as IEEE addition does.
// CHECK-LABEL: func.func @fold_f32_nan_inf
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<[0x7FC00000, 0x7F800000, 0x7FC00000, 0xFF800000]> : tensor<4xf32>
// CHECK:         return %[[C]]
func.func @fold_f32_nan_inf() -> tensor<4xf32> {
  %c = arith.constant dense<[[0x7FC00000, 1.0], [0x7F800000, 1.0], [0x7F800000, 0xFF800000], [0xFF800000, 5.0]]> : tensor<4x2xf32>
  %r = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<4x2xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// f32 signed zeros: -0 + -0 is -0 in IEEE addition, so the mean of -0s is -0;
// a +0 anywhere gives +0.
// CHECK-LABEL: func.func @fold_f32_signed_zero
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<[-0.000000e+00, 0.000000e+00]> : tensor<2xf32>
// CHECK:         return %[[C]]
func.func @fold_f32_signed_zero() -> tensor<2xf32> {
  %c = arith.constant dense<[[-0.0, -0.0], [-0.0, 0.0]]> : tensor<2x2xf32>
  %r = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<2x2xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// f16: 5/3 rounds to nearest f16 (1707 * 2^-10).
// CHECK-LABEL: func.func @fold_f16
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<1.666990e+00> : tensor<1xf16>
// CHECK:         return %[[C]]
func.func @fold_f16() -> tensor<1xf16> {
  %c = arith.constant dense<[1.0, 2.0, 2.0]> : tensor<3xf16>
  %r = rmean.reduce_mean %c {axes = array<i64: 0>, keep_dims = true} : tensor<3xf16> -> tensor<1xf16>
  return %r : tensor<1xf16>
}

// -----

// f16: the largest f16 values do not overflow the sum.
// CHECK-LABEL: func.func @fold_f16_no_overflow
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<6.550400e+04> : tensor<f16>
// CHECK:         return %[[C]]
func.func @fold_f16_no_overflow() -> tensor<f16> {
  %c = arith.constant dense<[65504.0, 65504.0]> : tensor<2xf16>
  %r = rmean.reduce_mean %c {axes = array<i64: 0>} : tensor<2xf16> -> tensor<f16>
  return %r : tensor<f16>
}

// -----

// bf16: 5/3 rounds to nearest bf16 (213 * 2^-7).
// CHECK-LABEL: func.func @fold_bf16
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<1.664060e+00> : tensor<1xbf16>
// CHECK:         return %[[C]]
func.func @fold_bf16() -> tensor<1xbf16> {
  %c = arith.constant dense<[1.0, 2.0, 2.0]> : tensor<3xbf16>
  %r = rmean.reduce_mean %c {axes = array<i64: 0>, keep_dims = true} : tensor<3xbf16> -> tensor<1xbf16>
  return %r : tensor<1xbf16>
}

// -----

// f64: (0.1 + 0.2) / 2 is an exact tie between two doubles; it rounds to even.
// CHECK-LABEL: func.func @fold_f64
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<0.15000000000000002> : tensor<1xf64>
// CHECK:         return %[[C]]
func.func @fold_f64() -> tensor<1xf64> {
  %c = arith.constant dense<[0.1, 0.2]> : tensor<2xf64>
  %r = rmean.reduce_mean %c {axes = array<i64: 0>, keep_dims = true} : tensor<2xf64> -> tensor<1xf64>
  return %r : tensor<1xf64>
}

// -----

// i32: the mean truncates toward zero (-3.5 -> -3, 3.5 -> 3, -1.5 -> -1).
// CHECK-LABEL: func.func @fold_i32_truncates_toward_zero
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<[-3, 3, -1]> : tensor<3xi32>
// CHECK:         return %[[C]]
func.func @fold_i32_truncates_toward_zero() -> tensor<3xi32> {
  %c = arith.constant dense<[[-7, 0], [7, 0], [-1, -2]]> : tensor<3x2xi32>
  %r = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<3x2xi32> -> tensor<3xi32>
  return %r : tensor<3xi32>
}

// -----

// i8: the sum (300) does not wrap in the element type.
// CHECK-LABEL: func.func @fold_i8_no_overflow
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<100> : tensor<1xi8>
// CHECK:         return %[[C]]
func.func @fold_i8_no_overflow() -> tensor<1xi8> {
  %c = arith.constant dense<[100, 100, 100]> : tensor<3xi8>
  %r = rmean.reduce_mean %c {axes = array<i64: 0>, keep_dims = true} : tensor<3xi8> -> tensor<1xi8>
  return %r : tensor<1xi8>
}

// -----

// si8: signed, truncated toward zero.
// CHECK-LABEL: func.func @fold_si8
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<-3> : tensor<1xsi8>
// CHECK:         return %[[C]]
func.func @fold_si8() -> tensor<1xsi8> {
  %c = arith.constant dense<[-7, 0]> : tensor<2xsi8>
  %r = rmean.reduce_mean %c {axes = array<i64: 0>, keep_dims = true} : tensor<2xsi8> -> tensor<1xsi8>
  return %r : tensor<1xsi8>
}

// -----

// ui8: unsigned arithmetic, (200 + 100) / 2 = 150.
// CHECK-LABEL: func.func @fold_ui8
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<150> : tensor<1xui8>
// CHECK:         return %[[C]]
func.func @fold_ui8() -> tensor<1xui8> {
  %c = arith.constant dense<[200, 100]> : tensor<2xui8>
  %r = rmean.reduce_mean %c {axes = array<i64: 0>, keep_dims = true} : tensor<2xui8> -> tensor<1xui8>
  return %r : tensor<1xui8>
}

// -----

// The same bits as signless i8 are signed: (-56 + 100) / 2 = 22.
// CHECK-LABEL: func.func @fold_i8_same_bits_as_ui8
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<22> : tensor<1xi8>
// CHECK:         return %[[C]]
func.func @fold_i8_same_bits_as_ui8() -> tensor<1xi8> {
  %c = arith.constant dense<[-56, 100]> : tensor<2xi8>
  %r = rmean.reduce_mean %c {axes = array<i64: 0>, keep_dims = true} : tensor<2xi8> -> tensor<1xi8>
  return %r : tensor<1xi8>
}

// -----

// i64 near INT64_MAX: the sum needs more than 64 bits; (3 * MAX - 2) / 3.
// CHECK-LABEL: func.func @fold_i64_near_max
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<9223372036854775806> : tensor<1xi64>
// CHECK:         return %[[C]]
func.func @fold_i64_near_max() -> tensor<1xi64> {
  %c = arith.constant dense<[9223372036854775807, 9223372036854775807, 9223372036854775805]> : tensor<3xi64>
  %r = rmean.reduce_mean %c {axes = array<i64: 0>, keep_dims = true} : tensor<3xi64> -> tensor<1xi64>
  return %r : tensor<1xi64>
}

// -----

// i64 near INT64_MIN: (2 * MIN - 1) / 3, truncated toward zero.
// CHECK-LABEL: func.func @fold_i64_near_min
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<-6148914691236517205> : tensor<1xi64>
// CHECK:         return %[[C]]
func.func @fold_i64_near_min() -> tensor<1xi64> {
  %c = arith.constant dense<[-9223372036854775808, -9223372036854775808, -1]> : tensor<3xi64>
  %r = rmean.reduce_mean %c {axes = array<i64: 0>, keep_dims = true} : tensor<3xi64> -> tensor<1xi64>
  return %r : tensor<1xi64>
}

// -----

// ui64 near UINT64_MAX: unsigned 128-bit sum.
// CHECK-LABEL: func.func @fold_ui64_near_max
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<18446744073709551614> : tensor<1xui64>
// CHECK:         return %[[C]]
func.func @fold_ui64_near_max() -> tensor<1xui64> {
  %c = arith.constant dense<[18446744073709551615, 18446744073709551613]> : tensor<2xui64>
  %r = rmean.reduce_mean %c {axes = array<i64: 0>, keep_dims = true} : tensor<2xui64> -> tensor<1xui64>
  return %r : tensor<1xui64>
}

// -----

// complex<f32>: both parts divided by the count.
// CHECK-LABEL: func.func @fold_complex_f32
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<(1.500000e+00,-1.000000e+00)> : tensor<1xcomplex<f32>>
// CHECK:         return %[[C]]
func.func @fold_complex_f32() -> tensor<1xcomplex<f32>> {
  %c = arith.constant dense<[(1.0, 2.0), (2.0, -4.0)]> : tensor<2xcomplex<f32>>
  %r = rmean.reduce_mean %c {axes = array<i64: 0>, keep_dims = true} : tensor<2xcomplex<f32>> -> tensor<1xcomplex<f32>>
  return %r : tensor<1xcomplex<f32>>
}

// -----

// complex<f64> column means.
// CHECK-LABEL: func.func @fold_complex_f64
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<[(2.000000e+00,3.000000e+00), (5.000000e-01,-5.000000e-01)]> : tensor<2xcomplex<f64>>
// CHECK:         return %[[C]]
func.func @fold_complex_f64() -> tensor<2xcomplex<f64>> {
  %c = arith.constant dense<[[(1.0, 2.0), (1.0, 0.0)], [(3.0, 4.0), (0.0, -1.0)]]> : tensor<2x2xcomplex<f64>>
  %r = rmean.reduce_mean %c {axes = array<i64: 0>} : tensor<2x2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  return %r : tensor<2xcomplex<f64>>
}

// -----

// Empty reduction (reduced dim of size 0): NaN for floats, 0 for integers,
// NaN + NaN i for complex numbers.
// CHECK-LABEL: func.func @fold_empty_reduction
// CHECK-NOT:     rmean.reduce_mean
// CHECK-DAG:     %[[F:.+]] = arith.constant dense<0x7FC00000> : tensor<3xf32>
// CHECK-DAG:     %[[I:.+]] = arith.constant dense<0> : tensor<3xi32>
// CHECK-DAG:     %[[Z:.+]] = arith.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<3xcomplex<f64>>
// CHECK:         return %[[F]], %[[I]], %[[Z]]
func.func @fold_empty_reduction() -> (tensor<3xf32>, tensor<3xi32>, tensor<3xcomplex<f64>>) {
  %f = arith.constant dense<> : tensor<0x3xf32>
  %i = arith.constant dense<> : tensor<0x3xi32>
  %z = arith.constant dense<> : tensor<0x3xcomplex<f64>>
  %0 = rmean.reduce_mean %f {axes = array<i64: 0>} : tensor<0x3xf32> -> tensor<3xf32>
  %1 = rmean.reduce_mean %i {axes = array<i64: 0>} : tensor<0x3xi32> -> tensor<3xi32>
  %2 = rmean.reduce_mean %z {axes = array<i64: 0>} : tensor<0x3xcomplex<f64>> -> tensor<3xcomplex<f64>>
  return %0, %1, %2 : tensor<3xf32>, tensor<3xi32>, tensor<3xcomplex<f64>>
}

// -----

// Reducing a non-empty dim of an empty tensor gives an empty constant.
// CHECK-LABEL: func.func @fold_empty_result
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<> : tensor<0xf32>
// CHECK:         return %[[C]]
func.func @fold_empty_result() -> tensor<0xf32> {
  %c = arith.constant dense<> : tensor<0x3xf32>
  %r = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<0x3xf32> -> tensor<0xf32>
  return %r : tensor<0xf32>
}

// -----

// A splat input at the folding bound (256 x 256 = 65536 elements) folds.
// CHECK-LABEL: func.func @fold_splat_at_bound
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<2.500000e-01> : tensor<256xf32>
// CHECK:         return %[[C]]
func.func @fold_splat_at_bound() -> tensor<256xf32> {
  %c = arith.constant dense<0.25> : tensor<256x256xf32>
  %r = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<256x256xf32> -> tensor<256xf32>
  return %r : tensor<256xf32>
}

// -----

// A constant above the bound (300 x 300 = 90000 elements) is not folded.
// CHECK-LABEL: func.func @negative_fold_above_bound
// CHECK:         %[[C:.+]] = arith.constant dense<1.000000e+00> : tensor<300x300xf32>
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[C]] {axes = array<i64: 1>} : tensor<300x300xf32> -> tensor<300xf32>
// CHECK:         return %[[R]]
func.func @negative_fold_above_bound() -> tensor<300xf32> {
  %c = arith.constant dense<1.0> : tensor<300x300xf32>
  %r = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<300x300xf32> -> tensor<300xf32>
  return %r : tensor<300xf32>
}

// -----

// A constant input with runtime axes is not folded.
// CHECK-LABEL: func.func @negative_fold_runtime_axes
// CHECK-SAME:    (%[[A:.+]]: tensor<1xi64>)
// CHECK:         %[[C:.+]] = arith.constant dense<{{.+}}> : tensor<2x2xf32>
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[C]], %[[A]] : tensor<2x2xf32>, tensor<1xi64> -> tensor<2xf32>
// CHECK:         return %[[R]]
func.func @negative_fold_runtime_axes(%a: tensor<1xi64>) -> tensor<2xf32> {
  %c = arith.constant dense<[[1.0, 2.0], [3.0, 5.0]]> : tensor<2x2xf32>
  %r = rmean.reduce_mean %c, %a : tensor<2x2xf32>, tensor<1xi64> -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// A splat constant whose element count (4294967297 * 4294967295 = 2^64 - 1)
// overflows int64 is far above the folding bound: not folded, no crash.
// CHECK-LABEL: func.func @negative_fold_element_count_overflow
// CHECK:         %[[C:.+]] = arith.constant dense<1.000000e+00> : tensor<4294967297x4294967295xf32>
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[C]] {axes = array<i64: 1>} : tensor<4294967297x4294967295xf32> -> tensor<4294967297xf32>
// CHECK:         return %[[R]]
func.func @negative_fold_element_count_overflow() -> tensor<4294967297xf32> {
  %c = arith.constant dense<1.0> : tensor<4294967297x4294967295xf32>
  %r = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<4294967297x4294967295xf32> -> tensor<4294967297xf32>
  return %r : tensor<4294967297xf32>
}

// -----

// An empty reduction whose result (65536 x 65536 NaNs) is far above the
// folding bound folds to a splat, which costs nothing to build.
// CHECK-LABEL: func.func @fold_empty_reduction_huge_result
// CHECK:         %[[C:.+]] = arith.constant dense<0x7FC00000> : tensor<65536x65536xf32>
// CHECK:         return %[[C]]
func.func @fold_empty_reduction_huge_result() -> tensor<65536x65536xf32> {
  %c = arith.constant dense<> : tensor<0x65536x65536xf32>
  %r = rmean.reduce_mean %c {axes = array<i64: 0>} : tensor<0x65536x65536xf32> -> tensor<65536x65536xf32>
  return %r : tensor<65536x65536xf32>
}

// -----

// Also when the result count (2^64) does not fit in int64: a splat, no
// element is materialised.
// CHECK-LABEL: func.func @fold_empty_reduction_result_count_overflow
// CHECK:         %[[C:.+]] = arith.constant dense<0x7FC00000> : tensor<4294967296x4294967296xf32>
// CHECK:         return %[[C]]
func.func @fold_empty_reduction_result_count_overflow() -> tensor<4294967296x4294967296xf32> {
  %c = arith.constant dense<> : tensor<0x4294967296x4294967296xf32>
  %r = rmean.reduce_mean %c {axes = array<i64: 0>} : tensor<0x4294967296x4294967296xf32> -> tensor<4294967296x4294967296xf32>
  return %r : tensor<4294967296x4294967296xf32>
}

// -----

// A splat whose element count (2^64) overflows int64: not folded, no crash.
// CHECK-LABEL: func.func @negative_fold_input_count_overflow
// CHECK:         %[[C:.+]] = arith.constant dense<1.000000e+00> : tensor<4294967296x4294967296xf32>
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[C]] {axes = array<i64: 1>} : tensor<4294967296x4294967296xf32> -> tensor<4294967296xf32>
// CHECK:         return %[[R]]
func.func @negative_fold_input_count_overflow() -> tensor<4294967296xf32> {
  %c = arith.constant dense<1.0> : tensor<4294967296x4294967296xf32>
  %r = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<4294967296x4294967296xf32> -> tensor<4294967296xf32>
  return %r : tensor<4294967296xf32>
}

// -----

// The bound is on element counts, not sizes: an empty input with huge sizes
// reduced to one element folds to NaN.
// CHECK-LABEL: func.func @fold_empty_input_huge_sizes
// CHECK-NOT:     rmean.reduce_mean
// CHECK:         %[[C:.+]] = arith.constant dense<0x7FC00000> : tensor<f32>
// CHECK:         return %[[C]]
func.func @fold_empty_input_huge_sizes() -> tensor<f32> {
  %c = arith.constant dense<> : tensor<4294967296x0x4294967296xf32>
  %r = rmean.reduce_mean %c {axes = array<i64: 0, 1, 2>} : tensor<4294967296x0x4294967296xf32> -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// A strategy written by hand on the op survives the constant-axes rewrite.
// (Regression: the pattern read the attributes of the op it had just
// replaced, a heap use-after-free that the ASan build of
// `scripts/test.sh --sanitize` reports on this case.)
// CHECK-LABEL: func.func @constant_axes_keep_strategy
//       CHECK:   rmean.reduce_mean %{{.+}} {axes = array<i64: 1>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 8, cache_tile = 64>}
func.func @constant_axes_keep_strategy(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %a = arith.constant dense<[1]> : tensor<1xi64>
  %0 = rmean.reduce_mean %x, %a {rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 8, cache_tile = 64>} : tensor<4x8xf32>, tensor<1xi64> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// An empty reduction of a non-constant input folds too: its mean does not
// depend on the values. Integers (also unsigned) give 0, complex NaN + NaN i.
// CHECK-LABEL: func.func @fold_empty_reduction_of_argument
// CHECK-NOT:     rmean.reduce_mean
// CHECK-DAG:     %[[F:.+]] = arith.constant dense<0x7FC0> : tensor<1x5xbf16>
// CHECK-DAG:     %[[U:.+]] = arith.constant dense<0> : tensor<5xui8>
// CHECK-DAG:     %[[Z:.+]] = arith.constant dense<(0x7FC00000,0x7FC00000)> : tensor<5xcomplex<f32>>
// CHECK:         return %[[F]], %[[U]], %[[Z]]
func.func @fold_empty_reduction_of_argument(%f: tensor<0x5xbf16>, %u: tensor<5x0xui8>, %z: tensor<0x5xcomplex<f32>>) -> (tensor<1x5xbf16>, tensor<5xui8>, tensor<5xcomplex<f32>>) {
  %0 = rmean.reduce_mean %f {axes = array<i64: 0>, keep_dims = true} : tensor<0x5xbf16> -> tensor<1x5xbf16>
  %1 = rmean.reduce_mean %u {axes = array<i64: 1>} : tensor<5x0xui8> -> tensor<5xui8>
  %2 = rmean.reduce_mean %z {axes = array<i64: 0>} : tensor<0x5xcomplex<f32>> -> tensor<5xcomplex<f32>>
  return %0, %1, %2 : tensor<1x5xbf16>, tensor<5xui8>, tensor<5xcomplex<f32>>
}

// -----

// A dynamic result shape, or a dynamic reduced size, is not folded.
// CHECK-LABEL: func.func @negative_fold_empty_dynamic
// CHECK-COUNT-2: rmean.reduce_mean
func.func @negative_fold_empty_dynamic(%x: tensor<0x?xf32>, %y: tensor<?x5xf32>) -> (tensor<?xf32>, tensor<5xf32>) {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<0x?xf32> -> tensor<?xf32>
  %1 = rmean.reduce_mean %y {axes = array<i64: 0>} : tensor<?x5xf32> -> tensor<5xf32>
  return %0, %1 : tensor<?xf32>, tensor<5xf32>
}
