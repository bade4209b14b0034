// RUN: rmean-opt %s -split-input-file -verify-diagnostics

// One verifier branch per chunk (docs/ReduceMean.md §3), plus ODS-level attribute and
// operand-count checks of the generic form. Type aliases do not cross
// -split-input-file boundaries, so types are spelled out.

//===----------------------------------------------------------------------===//
// Rule 1: exactly one axes source.
//===----------------------------------------------------------------------===//

// Both the attribute and the operand.
func.func @both_axes_sources(%x: tensor<4x8xf32>, %a: tensor<1xi64>) {
  // expected-error@+1 {{has both the 'axes' attribute and the 'axes' operand; exactly one of them must be given}}
  %r = rmean.reduce_mean %x, %a {axes = array<i64: 1>} : tensor<4x8xf32>, tensor<1xi64> -> tensor<4xf32>
  return
}

// -----

// Neither the attribute nor the operand.
func.func @no_axes_source(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{has neither the 'axes' attribute nor the 'axes' operand; exactly one of them must be given}}
  %r = rmean.reduce_mean %x : tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Rule 2: attribute axes in [-r, r-1].
//===----------------------------------------------------------------------===//

// Just above the range.
func.func @axis_too_large(%x: tensor<2x3x4xf32>) {
  // expected-error@+1 {{axis 3 is out of range [-3, 2] for an input of rank 3}}
  %r = rmean.reduce_mean %x {axes = array<i64: 3>} : tensor<2x3x4xf32> -> tensor<2x3xf32>
  return
}

// -----

// Just below the range.
func.func @axis_too_small(%x: tensor<2x3x4xf32>) {
  // expected-error@+1 {{axis -4 is out of range [-3, 2] for an input of rank 3}}
  %r = rmean.reduce_mean %x {axes = array<i64: -4>} : tensor<2x3x4xf32> -> tensor<3x4xf32>
  return
}

// -----

// INT64_MAX must not overflow the range check.
func.func @axis_int64_max(%x: tensor<2x3x4xf32>) {
  // expected-error@+1 {{axis 9223372036854775807 is out of range [-3, 2] for an input of rank 3}}
  %r = rmean.reduce_mean %x {axes = array<i64: 9223372036854775807>} : tensor<2x3x4xf32> -> tensor<2x3xf32>
  return
}

// -----

// INT64_MIN must not overflow the normalisation (a + r).
func.func @axis_int64_min(%x: tensor<2x3x4xf32>) {
  // expected-error@+1 {{axis -9223372036854775808 is out of range [-3, 2] for an input of rank 3}}
  %r = rmean.reduce_mean %x {axes = array<i64: -9223372036854775808>} : tensor<2x3x4xf32> -> tensor<3x4xf32>
  return
}

// -----

// A bad axis after a good one is still reported.
func.func @axis_out_of_range_second(%x: tensor<2x3x4xf32>) {
  // expected-error@+1 {{axis 7 is out of range [-3, 2] for an input of rank 3}}
  %r = rmean.reduce_mean %x {axes = array<i64: 0, 7>} : tensor<2x3x4xf32> -> tensor<3x4xf32>
  return
}

// -----

// Rank-0 input with non-empty attribute axes.
func.func @rank0_non_empty_axes(%x: tensor<f32>) {
  // expected-error@+1 {{axis 0 is out of range: a rank-0 input only accepts empty axes}}
  %r = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<f32> -> tensor<f32>
  return
}

// -----

// Rank-0 input with a negative axis.
func.func @rank0_negative_axis(%x: tensor<f32>) {
  // expected-error@+1 {{axis -1 is out of range: a rank-0 input only accepts empty axes}}
  %r = rmean.reduce_mean %x {axes = array<i64: -1>} : tensor<f32> -> tensor<f32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Rule 3: unique axes after normalisation.
//===----------------------------------------------------------------------===//

// The same dimension spelled twice the same way.
func.func @duplicate_axis_same_spelling(%x: tensor<2x3x4xf32>) {
  // expected-error@+1 {{axes 2 and 2 both name dimension 2; axes must be unique after normalisation}}
  %r = rmean.reduce_mean %x {axes = array<i64: 2, 2>} : tensor<2x3x4xf32> -> tensor<2x3xf32>
  return
}

// -----

// The same dimension spelled as 1 and -2 on rank 3.
func.func @duplicate_axis_two_spellings(%x: tensor<2x3x4xf32>) {
  // expected-error@+1 {{axes 1 and -2 both name dimension 1; axes must be unique after normalisation}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1, -2>} : tensor<2x3x4xf32> -> tensor<2x4xf32>
  return
}

// -----

// Negative spelling first: the message keeps the order of appearance.
func.func @duplicate_axis_negative_first(%x: tensor<2x3x4xf32>) {
  // expected-error@+1 {{axes -3 and 0 both name dimension 0; axes must be unique after normalisation}}
  %r = rmean.reduce_mean %x {axes = array<i64: -3, 2, 0>} : tensor<2x3x4xf32> -> tensor<3xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Rule 4: the axes operand.
//===----------------------------------------------------------------------===//

// A 2-D axes operand.
func.func @axes_operand_2d(%x: tensor<2x3x4xf32>, %a: tensor<1x1xi64>) {
  // expected-error@+1 {{'axes' operand must be a 1-D tensor of i32 or i64 (signless or signed), got 'tensor<1x1xi64>'}}
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<1x1xi64> -> tensor<?x?xf32>
  return
}

// -----

// A rank-0 axes operand.
func.func @axes_operand_0d(%x: tensor<2x3x4xf32>, %a: tensor<i64>) {
  // expected-error@+1 {{'axes' operand must be a 1-D tensor of i32 or i64 (signless or signed), got 'tensor<i64>'}}
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<i64> -> tensor<?x?xf32>
  return
}

// -----

// f32 axes.
func.func @axes_operand_f32(%x: tensor<2x3x4xf32>, %a: tensor<1xf32>) {
  // expected-error@+1 {{'axes' operand must be a 1-D tensor of i32 or i64 (signless or signed), got 'tensor<1xf32>'}}
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<1xf32> -> tensor<?x?xf32>
  return
}

// -----

// i16 axes.
func.func @axes_operand_i16(%x: tensor<2x3x4xf32>, %a: tensor<1xi16>) {
  // expected-error@+1 {{'axes' operand must be a 1-D tensor of i32 or i64 (signless or signed), got 'tensor<1xi16>'}}
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<1xi16> -> tensor<?x?xf32>
  return
}

// -----

// ui32 axes (unsigned is rejected).
func.func @axes_operand_ui32(%x: tensor<2x3x4xf32>, %a: tensor<1xui32>) {
  // expected-error@+1 {{'axes' operand must be a 1-D tensor of i32 or i64 (signless or signed), got 'tensor<1xui32>'}}
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<1xui32> -> tensor<?x?xf32>
  return
}

// -----

// index axes.
func.func @axes_operand_index(%x: tensor<2x3x4xf32>, %a: tensor<1xindex>) {
  // expected-error@+1 {{'axes' operand must be a 1-D tensor of i32 or i64 (signless or signed), got 'tensor<1xindex>'}}
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<1xindex> -> tensor<?x?xf32>
  return
}

// -----

// A memref axes operand.
func.func @axes_operand_memref(%x: tensor<2x3x4xf32>, %a: memref<1xi64>) {
  // expected-error@+1 {{'axes' operand must be a 1-D tensor of i32 or i64 (signless or signed), got 'memref<1xi64>'}}
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, memref<1xi64> -> tensor<?x?xf32>
  return
}

// -----

// An unranked axes operand.
func.func @axes_operand_unranked(%x: tensor<2x3x4xf32>, %a: tensor<*xi64>) {
  // expected-error@+1 {{'axes' operand must be a 1-D tensor of i32 or i64 (signless or signed), got 'tensor<*xi64>'}}
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<*xi64> -> tensor<?x?xf32>
  return
}

// -----

// A scalar (non-tensor) axes operand.
func.func @axes_operand_scalar(%x: tensor<2x3x4xf32>, %a: i64) {
  // expected-error@+1 {{'axes' operand must be a 1-D tensor of i32 or i64 (signless or signed), got 'i64'}}
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, i64 -> tensor<?x?xf32>
  return
}

// -----

// More axes than dimensions.
func.func @axes_operand_too_long(%x: tensor<2x3x4xf32>, %a: tensor<4xi64>) {
  // expected-error@+1 {{'axes' operand has 4 elements but the input has rank 3; at most 3 axes can be given}}
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<4xi64> -> tensor<f32>
  return
}

// -----

// Rank-0 input with a non-empty static axes operand.
func.func @axes_operand_rank0(%x: tensor<f32>, %a: tensor<1xi32>) {
  // expected-error@+1 {{'axes' operand has 1 elements but the input has rank 0; at most 0 axes can be given}}
  %r = rmean.reduce_mean %x, %a : tensor<f32>, tensor<1xi32> -> tensor<f32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Rule 7: constant axes operands get the attribute's diagnostics.
//===----------------------------------------------------------------------===//

// Constant axis out of range.
func.func @constant_axes_out_of_range(%x: tensor<2x3x4xf32>) {
  %a = arith.constant dense<[5]> : tensor<1xi64>
  // expected-error@+1 {{axis 5 is out of range [-3, 2] for an input of rank 3}}
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<1xi64> -> tensor<?x?xf32>
  return
}

// -----

// Constant i32 axis below the range (sign-extended, not zero-extended).
func.func @constant_axes_i32_negative(%x: tensor<2x3x4xf32>) {
  %a = arith.constant dense<[-2147483648]> : tensor<1xi32>
  // expected-error@+1 {{axis -2147483648 is out of range [-3, 2] for an input of rank 3}}
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<1xi32> -> tensor<?x?xf32>
  return
}

// -----

// Constant axes naming one dimension twice.
func.func @constant_axes_duplicate(%x: tensor<2x3x4xf32>) {
  %a = arith.constant dense<[0, -3]> : tensor<2xi32>
  // expected-error@+1 {{axes 0 and -3 both name dimension 0; axes must be unique after normalisation}}
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<2xi32> -> tensor<?xf32>
  return
}

// -----

// A splat constant repeats its value.
func.func @constant_axes_splat(%x: tensor<2x3x4xf32>) {
  %a = arith.constant dense<1> : tensor<2xi64>
  // expected-error@+1 {{axes 1 and 1 both name dimension 1; axes must be unique after normalisation}}
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<?xf32>
  return
}

// -----

// Valid constant axes, but the result contradicts them.
func.func @constant_axes_wrong_result(%x: tensor<2x3x4xf32>) {
  %a = arith.constant dense<[1]> : tensor<1xi64>
  // expected-error@+1 {{result dimension 1 has size 3 but the inferred size is 4}}
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<1xi64> -> tensor<2x3xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Rule 5: element types.
//===----------------------------------------------------------------------===//

// i1.
func.func @elem_i1(%x: tensor<4x8xi1>) {
  // expected-error@+1 {{input element type 'i1' is not supported; expected f16, bf16, f32, f64, i8/i16/i32/i64}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xi1> -> tensor<4xi1>
  return
}

// -----

// i4.
func.func @elem_i4(%x: tensor<4x8xi4>) {
  // expected-error@+1 {{input element type 'i4' is not supported}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xi4> -> tensor<4xi4>
  return
}

// -----

// i128.
func.func @elem_i128(%x: tensor<4x8xi128>) {
  // expected-error@+1 {{input element type 'i128' is not supported}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xi128> -> tensor<4xi128>
  return
}

// -----

// index.
func.func @elem_index(%x: tensor<4x8xindex>) {
  // expected-error@+1 {{input element type 'index' is not supported}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xindex> -> tensor<4xindex>
  return
}

// -----

// f8E4M3FN.
func.func @elem_f8(%x: tensor<4x8xf8E4M3FN>) {
  // expected-error@+1 {{input element type 'f8E4M3FN' is not supported}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xf8E4M3FN> -> tensor<4xf8E4M3FN>
  return
}

// -----

// f80.
func.func @elem_f80(%x: tensor<4x8xf80>) {
  // expected-error@+1 {{input element type 'f80' is not supported}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xf80> -> tensor<4xf80>
  return
}

// -----

// f128.
func.func @elem_f128(%x: tensor<4x8xf128>) {
  // expected-error@+1 {{input element type 'f128' is not supported}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xf128> -> tensor<4xf128>
  return
}

// -----

// tf32.
func.func @elem_tf32(%x: tensor<4x8xtf32>) {
  // expected-error@+1 {{input element type 'tf32' is not supported}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xtf32> -> tensor<4xtf32>
  return
}

// -----

// complex<f16>.
func.func @elem_complex_f16(%x: tensor<4x8xcomplex<f16>>) {
  // expected-error@+1 {{input element type 'complex<f16>' is not supported}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xcomplex<f16>> -> tensor<4xcomplex<f16>>
  return
}

// -----

// complex<i32>.
func.func @elem_complex_i32(%x: tensor<4x8xcomplex<i32>>) {
  // expected-error@+1 {{input element type 'complex<i32>' is not supported}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xcomplex<i32>> -> tensor<4xcomplex<i32>>
  return
}

// -----

// vector elements.
func.func @elem_vector(%x: tensor<4x8xvector<4xf32>>) {
  // expected-error@+1 {{input element type 'vector<4xf32>' is not supported}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xvector<4xf32>> -> tensor<4xvector<4xf32>>
  return
}

// -----

// Unranked tensor input.
func.func @input_unranked(%x: tensor<*xf32>) {
  // expected-error@+1 {{input must be a ranked tensor, got 'tensor<*xf32>'}}
  %r = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<*xf32> -> tensor<*xf32>
  return
}

// -----

// memref input.
func.func @input_memref(%x: memref<4x8xf32>) {
  // expected-error@+1 {{input must be a ranked tensor, got 'memref<4x8xf32>'}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : memref<4x8xf32> -> memref<4xf32>
  return
}

// -----

// vector input.
func.func @input_vector(%x: vector<4x8xf32>) {
  // expected-error@+1 {{input must be a ranked tensor, got 'vector<4x8xf32>'}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : vector<4x8xf32> -> vector<4xf32>
  return
}

// -----

// Unranked tensor result.
func.func @result_unranked(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{result must be a ranked tensor, got 'tensor<*xf32>'}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xf32> -> tensor<*xf32>
  return
}

// -----

// memref result.
func.func @result_memref(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{result must be a ranked tensor, got 'memref<4xf32>'}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xf32> -> memref<4xf32>
  return
}

// -----

// Result element type differs from the input's.
func.func @result_element_type(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{result element type 'f16' must equal the input element type 'f32'}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xf32> -> tensor<4xf16>
  return
}

// -----

// Signedness counts: si32 is not i32.
func.func @result_signedness(%x: tensor<4x8xi32>) {
  // expected-error@+1 {{result element type 'si32' must equal the input element type 'i32'}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xi32> -> tensor<4xsi32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Rule 6: result type against the inferred one (static axes).
//===----------------------------------------------------------------------===//

// Result rank too high (keep_dims forgotten in the type).
func.func @result_rank_static(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{result rank 2 does not match the inferred rank 1 (inferred result type 'tensor<4xf32>')}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xf32> -> tensor<4x1xf32>
  return
}

// -----

// keep_dims demands the input rank.
func.func @result_rank_keep_dims(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{result rank 1 does not match the inferred rank 2 (inferred result type 'tensor<4x1xf32>')}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>, keep_dims = true} : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

// Empty axes with noop_with_empty_axes = false reduce all: rank 0.
func.func @result_rank_reduce_all(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{result rank 2 does not match the inferred rank 0 (inferred result type 'tensor<f32>')}}
  %r = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

// Wrong static result dimension.
func.func @result_dim_static(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{result dimension 0 has size 8 but the inferred size is 4 (inferred result type 'tensor<4xf32>')}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xf32> -> tensor<8xf32>
  return
}

// -----

// keep_dims: the reduced dimension must have size 1.
func.func @result_dim_keep_dims(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{result dimension 1 has size 8 but the inferred size is 1 (inferred result type 'tensor<4x1xf32>')}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>, keep_dims = true} : tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

// The identity must keep the input's static sizes.
func.func @result_dim_identity(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{result dimension 1 has size 9 but the inferred size is 8 (inferred result type 'tensor<4x8xf32>')}}
  %r = rmean.reduce_mean %x {axes = array<i64>} : tensor<4x8xf32> -> tensor<4x9xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Rule 6: result type with runtime axes.
//===----------------------------------------------------------------------===//

// Without keep_dims, the rank is r - len(axes).
func.func @runtime_result_rank(%x: tensor<2x3x4xf32>, %a: tensor<2xi64>) {
  // expected-error@+1 {{result rank 2 does not match the inferred rank 1 (input rank 3 minus 2 runtime axes)}}
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<?x?xf32>
  return
}

// -----

// With keep_dims, the rank is r.
func.func @runtime_result_rank_keep_dims(%x: tensor<2x3x4xf32>, %a: tensor<1xi64>) {
  // expected-error@+1 {{result rank 2 must equal the input rank 3 with keep_dims}}
  %r = rmean.reduce_mean %x, %a {keep_dims = true} : tensor<2x3x4xf32>, tensor<1xi64> -> tensor<?x?xf32>
  return
}

// -----

// Dynamic length: the rank can not exceed r.
func.func @runtime_result_rank_dynamic_length(%x: tensor<2x3x4xf32>, %a: tensor<?xi64>) {
  // expected-error@+1 {{result rank 4 exceeds the input rank 3}}
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<?xi64> -> tensor<?x?x?x?xf32>
  return
}

// -----

// keep_dims: a dimension is 1 or its input size, nothing else.
func.func @runtime_result_dim_keep_dims(%x: tensor<2x3x4xf32>, %a: tensor<1xi64>) {
  // expected-error@+1 {{result dimension 2 has size 2 but can only be 1 or 4 (it is reduced or kept depending on runtime axes)}}
  %r = rmean.reduce_mean %x, %a {keep_dims = true} : tensor<2x3x4xf32>, tensor<1xi64> -> tensor<?x?x2xf32>
  return
}

// -----

// Without keep_dims: a static dimension must come from some input dimension.
func.func @runtime_result_dim(%x: tensor<2x3x4xf32>, %a: tensor<1xi64>) {
  // expected-error@+1 {{result dimension 0 has size 4 but no input dimension it can come from has that size}}
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<1xi64> -> tensor<4x?xf32>
  return
}

// -----

// Without keep_dims: dimension j comes from input dims j..j+removed only.
func.func @runtime_result_dim_order(%x: tensor<2x3x4xf32>, %a: tensor<1xi64>) {
  // expected-error@+1 {{result dimension 1 has size 2 but no input dimension it can come from has that size}}
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<1xi64> -> tensor<?x2xf32>
  return
}

// -----

// A statically empty operand with noop is the identity: same shape.
func.func @runtime_empty_operand_identity(%x: tensor<2x3x4xf32>, %a: tensor<0xi64>) {
  // expected-error@+1 {{result rank 2 does not match the inferred rank 3 (inferred result type 'tensor<2x3x4xf32>')}}
  %r = rmean.reduce_mean %x, %a : tensor<2x3x4xf32>, tensor<0xi64> -> tensor<2x3xf32>
  return
}

// -----

// A statically empty operand without noop reduces all.
func.func @runtime_empty_operand_reduce_all(%x: tensor<2x3x4xf32>, %a: tensor<0xi64>) {
  // expected-error@+1 {{result dimension 0 has size 2 but the inferred size is 1 (inferred result type 'tensor<1x1x1xf32>')}}
  %r = rmean.reduce_mean %x, %a {keep_dims = true, noop_with_empty_axes = false} : tensor<2x3x4xf32>, tensor<0xi64> -> tensor<2x3x4xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// ODS: attribute kinds.
//===----------------------------------------------------------------------===//

// axes as an ArrayAttr instead of a dense i64 array.
func.func @attr_axes_array_attr(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{attribute 'axes' failed to satisfy constraint: i64 dense array attribute}}
  %r = rmean.reduce_mean %x {axes = [1]} : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

// axes as an i32 dense array.
func.func @attr_axes_i32_array(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{attribute 'axes' failed to satisfy constraint: i64 dense array attribute}}
  %r = rmean.reduce_mean %x {axes = array<i32: 1>} : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

// axes as a DenseElementsAttr.
func.func @attr_axes_dense_elements(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{attribute 'axes' failed to satisfy constraint: i64 dense array attribute}}
  %r = rmean.reduce_mean %x {axes = dense<1> : tensor<1xi64>} : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

// keep_dims as an integer.
func.func @attr_keep_dims_integer(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{attribute 'keep_dims' failed to satisfy constraint: bool attribute}}
  %r = rmean.reduce_mean %x {axes = array<i64: 1>, keep_dims = 1 : i64} : tensor<4x8xf32> -> tensor<4x1xf32>
  return
}

// -----

// noop_with_empty_axes as a string.
func.func @attr_noop_string(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{attribute 'noop_with_empty_axes' failed to satisfy constraint: bool attribute}}
  %r = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = "no"} : tensor<4x8xf32> -> tensor<f32>
  return
}

// -----

// Generic form, properties: axes as an ArrayAttr.
func.func @generic_props_axes_array_attr(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{Invalid attribute `axes` in property conversion: [1]}}
  %r = "rmean.reduce_mean"(%x) <{axes = [1]}> : (tensor<4x8xf32>) -> tensor<4xf32>
  return
}

// -----

// Generic form, properties: keep_dims as an integer.
func.func @generic_props_keep_dims_integer(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{Invalid attribute `keep_dims` in property conversion: 1 : i64}}
  %r = "rmean.reduce_mean"(%x) <{axes = array<i64: 1>, keep_dims = 1 : i64}> : (tensor<4x8xf32>) -> tensor<4xf32>
  return
}

// -----

// Generic form, attribute dictionary: axes as an ArrayAttr.
func.func @generic_dict_axes_array_attr(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{attribute 'axes' failed to satisfy constraint: i64 dense array attribute}}
  %r = "rmean.reduce_mean"(%x) {axes = [1]} : (tensor<4x8xf32>) -> tensor<4xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// ODS: operand and result counts (generic form).
//===----------------------------------------------------------------------===//

// No operand.
func.func @generic_no_operand() {
  // expected-error@+1 {{expected 1 or more operands, but found 0}}
  %r = "rmean.reduce_mean"() <{axes = array<i64>}> : () -> tensor<f32>
  return
}

// -----

// Three operands.
func.func @generic_three_operands(%x: tensor<4x8xf32>, %a: tensor<1xi64>) {
  // expected-error@+1 {{operand group starting at #1 requires 0 or 1 element, but found 2}}
  %r = "rmean.reduce_mean"(%x, %a, %a) : (tensor<4x8xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return
}

// -----

// Two results.
func.func @generic_two_results(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{requires one result}}
  %r:2 = "rmean.reduce_mean"(%x) <{axes = array<i64: 1>}> : (tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

// No result.
func.func @generic_no_result(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{requires one result}}
  "rmean.reduce_mean"(%x) <{axes = array<i64: 1>}> : (tensor<4x8xf32>) -> ()
  return
}
