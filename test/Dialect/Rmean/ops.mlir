// RUN: rmean-opt %s | rmean-opt | FileCheck %s
// RUN: rmean-opt %s --mlir-print-op-generic | rmean-opt | FileCheck %s

// Round trip of rmean.reduce_mean: every element type of docs/ReduceMean.md §2, both axes
// sources, every attribute, dynamic / rank-0 / zero-size shapes, and the
// generic form as input.

!in2d = tensor<4x8xf32>
!in3d = tensor<2x3x4xf32>

//===----------------------------------------------------------------------===//
// Element types (row mean of a 4x8 matrix, axis 1).
//===----------------------------------------------------------------------===//

// f16.
// CHECK-LABEL: func.func @elem_f16
// CHECK-SAME:    (%[[X:.+]]: tensor<4x8xf16>)
// CHECK:         %[[R:.+]] = rmean.reduce_mean %[[X]] {axes = array<i64: 1>} : tensor<4x8xf16> -> tensor<4xf16>
// CHECK:         return %[[R]]
func.func @elem_f16(%x: tensor<4x8xf16>) -> tensor<4xf16> {
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xf16> -> tensor<4xf16>
  return %r : tensor<4xf16>
}

// bf16.
// CHECK-LABEL: func.func @elem_bf16
// CHECK-SAME:    (%[[X:.+]]: tensor<4x8xbf16>)
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64: 1>} : tensor<4x8xbf16> -> tensor<4xbf16>
func.func @elem_bf16(%x: tensor<4x8xbf16>) -> tensor<4xbf16> {
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xbf16> -> tensor<4xbf16>
  return %r : tensor<4xbf16>
}

// f32.
// CHECK-LABEL: func.func @elem_f32
// CHECK-SAME:    (%[[X:.+]]: tensor<4x8xf32>)
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64: 1>} : tensor<4x8xf32> -> tensor<4xf32>
func.func @elem_f32(%x: !in2d) -> tensor<4xf32> {
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : !in2d -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// f64.
// CHECK-LABEL: func.func @elem_f64
// CHECK-SAME:    (%[[X:.+]]: tensor<4x8xf64>)
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64: 1>} : tensor<4x8xf64> -> tensor<4xf64>
func.func @elem_f64(%x: tensor<4x8xf64>) -> tensor<4xf64> {
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xf64> -> tensor<4xf64>
  return %r : tensor<4xf64>
}

// Signless integers (signed semantics): i8, i16, i32, i64.
// CHECK-LABEL: func.func @elem_signless
// CHECK-SAME:    (%[[A:[^:]+]]: tensor<4x8xi8>, %[[B:[^:]+]]: tensor<4x8xi16>, %[[C:[^:]+]]: tensor<4x8xi32>, %[[D:[^:]+]]: tensor<4x8xi64>)
// CHECK:         rmean.reduce_mean %[[A]] {axes = array<i64: 1>} : tensor<4x8xi8> -> tensor<4xi8>
// CHECK:         rmean.reduce_mean %[[B]] {axes = array<i64: 1>} : tensor<4x8xi16> -> tensor<4xi16>
// CHECK:         rmean.reduce_mean %[[C]] {axes = array<i64: 1>} : tensor<4x8xi32> -> tensor<4xi32>
// CHECK:         rmean.reduce_mean %[[D]] {axes = array<i64: 1>} : tensor<4x8xi64> -> tensor<4xi64>
func.func @elem_signless(%a: tensor<4x8xi8>, %b: tensor<4x8xi16>,
                         %c: tensor<4x8xi32>, %d: tensor<4x8xi64>)
    -> (tensor<4xi8>, tensor<4xi16>, tensor<4xi32>, tensor<4xi64>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<4x8xi8> -> tensor<4xi8>
  %1 = rmean.reduce_mean %b {axes = array<i64: 1>} : tensor<4x8xi16> -> tensor<4xi16>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<4x8xi32> -> tensor<4xi32>
  %3 = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<4x8xi64> -> tensor<4xi64>
  return %0, %1, %2, %3 : tensor<4xi8>, tensor<4xi16>, tensor<4xi32>, tensor<4xi64>
}

// Signed integers: si8, si16, si32, si64.
// CHECK-LABEL: func.func @elem_signed
// CHECK-SAME:    (%[[A:[^:]+]]: tensor<4x8xsi8>, %[[B:[^:]+]]: tensor<4x8xsi16>, %[[C:[^:]+]]: tensor<4x8xsi32>, %[[D:[^:]+]]: tensor<4x8xsi64>)
// CHECK:         rmean.reduce_mean %[[A]] {axes = array<i64: 1>} : tensor<4x8xsi8> -> tensor<4xsi8>
// CHECK:         rmean.reduce_mean %[[B]] {axes = array<i64: 1>} : tensor<4x8xsi16> -> tensor<4xsi16>
// CHECK:         rmean.reduce_mean %[[C]] {axes = array<i64: 1>} : tensor<4x8xsi32> -> tensor<4xsi32>
// CHECK:         rmean.reduce_mean %[[D]] {axes = array<i64: 1>} : tensor<4x8xsi64> -> tensor<4xsi64>
func.func @elem_signed(%a: tensor<4x8xsi8>, %b: tensor<4x8xsi16>,
                       %c: tensor<4x8xsi32>, %d: tensor<4x8xsi64>)
    -> (tensor<4xsi8>, tensor<4xsi16>, tensor<4xsi32>, tensor<4xsi64>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<4x8xsi8> -> tensor<4xsi8>
  %1 = rmean.reduce_mean %b {axes = array<i64: 1>} : tensor<4x8xsi16> -> tensor<4xsi16>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<4x8xsi32> -> tensor<4xsi32>
  %3 = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<4x8xsi64> -> tensor<4xsi64>
  return %0, %1, %2, %3 : tensor<4xsi8>, tensor<4xsi16>, tensor<4xsi32>, tensor<4xsi64>
}

// Unsigned integers: ui8, ui16, ui32, ui64.
// CHECK-LABEL: func.func @elem_unsigned
// CHECK-SAME:    (%[[A:[^:]+]]: tensor<4x8xui8>, %[[B:[^:]+]]: tensor<4x8xui16>, %[[C:[^:]+]]: tensor<4x8xui32>, %[[D:[^:]+]]: tensor<4x8xui64>)
// CHECK:         rmean.reduce_mean %[[A]] {axes = array<i64: 1>} : tensor<4x8xui8> -> tensor<4xui8>
// CHECK:         rmean.reduce_mean %[[B]] {axes = array<i64: 1>} : tensor<4x8xui16> -> tensor<4xui16>
// CHECK:         rmean.reduce_mean %[[C]] {axes = array<i64: 1>} : tensor<4x8xui32> -> tensor<4xui32>
// CHECK:         rmean.reduce_mean %[[D]] {axes = array<i64: 1>} : tensor<4x8xui64> -> tensor<4xui64>
func.func @elem_unsigned(%a: tensor<4x8xui8>, %b: tensor<4x8xui16>,
                         %c: tensor<4x8xui32>, %d: tensor<4x8xui64>)
    -> (tensor<4xui8>, tensor<4xui16>, tensor<4xui32>, tensor<4xui64>) {
  %0 = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<4x8xui8> -> tensor<4xui8>
  %1 = rmean.reduce_mean %b {axes = array<i64: 1>} : tensor<4x8xui16> -> tensor<4xui16>
  %2 = rmean.reduce_mean %c {axes = array<i64: 1>} : tensor<4x8xui32> -> tensor<4xui32>
  %3 = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<4x8xui64> -> tensor<4xui64>
  return %0, %1, %2, %3 : tensor<4xui8>, tensor<4xui16>, tensor<4xui32>, tensor<4xui64>
}

// complex<f32>.
// CHECK-LABEL: func.func @elem_complex_f32
// CHECK-SAME:    (%[[X:.+]]: tensor<4x8xcomplex<f32>>)
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64: 1>} : tensor<4x8xcomplex<f32>> -> tensor<4xcomplex<f32>>
func.func @elem_complex_f32(%x: tensor<4x8xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return %r : tensor<4xcomplex<f32>>
}

// complex<f64>.
// CHECK-LABEL: func.func @elem_complex_f64
// CHECK-SAME:    (%[[X:.+]]: tensor<4x8xcomplex<f64>>)
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64: 1>} : tensor<4x8xcomplex<f64>> -> tensor<4xcomplex<f64>>
func.func @elem_complex_f64(%x: tensor<4x8xcomplex<f64>>) -> tensor<4xcomplex<f64>> {
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x8xcomplex<f64>> -> tensor<4xcomplex<f64>>
  return %r : tensor<4xcomplex<f64>>
}

//===----------------------------------------------------------------------===//
// Attribute axes.
//===----------------------------------------------------------------------===//

// Several axes; printed as written (normalisation is canonicalisation's job).
// CHECK-LABEL: func.func @attr_multi_axes
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3x4xf32>)
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64: 2, 0>} : tensor<2x3x4xf32> -> tensor<3xf32>
func.func @attr_multi_axes(%x: !in3d) -> tensor<3xf32> {
  %r = rmean.reduce_mean %x {axes = array<i64: 2, 0>} : !in3d -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// Negative axes, including -r and mixed signs.
// CHECK-LABEL: func.func @attr_negative_axes
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3x4xf32>)
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64: -1>} : tensor<2x3x4xf32> -> tensor<2x3xf32>
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64: -3, 1>} : tensor<2x3x4xf32> -> tensor<4xf32>
func.func @attr_negative_axes(%x: !in3d) -> (tensor<2x3xf32>, tensor<4xf32>) {
  %0 = rmean.reduce_mean %x {axes = array<i64: -1>} : !in3d -> tensor<2x3xf32>
  %1 = rmean.reduce_mean %x {axes = array<i64: -3, 1>} : !in3d -> tensor<4xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<4xf32>
}

// Every axis listed: the result is rank 0.
// CHECK-LABEL: func.func @attr_all_axes
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3x4xf32>)
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64: 0, 1, 2>} : tensor<2x3x4xf32> -> tensor<f32>
func.func @attr_all_axes(%x: !in3d) -> tensor<f32> {
  %r = rmean.reduce_mean %x {axes = array<i64: 0, 1, 2>} : !in3d -> tensor<f32>
  return %r : tensor<f32>
}

// keep_dims = true keeps reduced dims with size 1; false is the default and
// is elided.
// CHECK-LABEL: func.func @attr_keep_dims
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3x4xf32>)
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64: 0, 2>, keep_dims = true} : tensor<2x3x4xf32> -> tensor<1x3x1xf32>
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64: 1>} : tensor<2x3x4xf32> -> tensor<2x4xf32>
func.func @attr_keep_dims(%x: !in3d) -> (tensor<1x3x1xf32>, tensor<2x4xf32>) {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>, keep_dims = true} : !in3d -> tensor<1x3x1xf32>
  %1 = rmean.reduce_mean %x {axes = array<i64: 1>, keep_dims = false} : !in3d -> tensor<2x4xf32>
  return %0, %1 : tensor<1x3x1xf32>, tensor<2x4xf32>
}

// Empty axes with noop_with_empty_axes = true (the default): the identity.
// CHECK-LABEL: func.func @attr_empty_noop
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3x4xf32>)
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64>} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
func.func @attr_empty_noop(%x: !in3d) -> !in3d {
  %r = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = true} : !in3d -> !in3d
  return %r : !in3d
}

// Empty axes with noop_with_empty_axes = false: reduce all, with and without
// keep_dims.
// CHECK-LABEL: func.func @attr_empty_reduce_all
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3x4xf32>)
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64>, noop_with_empty_axes = false} : tensor<2x3x4xf32> -> tensor<f32>
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64>, keep_dims = true, noop_with_empty_axes = false} : tensor<2x3x4xf32> -> tensor<1x1x1xf32>
func.func @attr_empty_reduce_all(%x: !in3d) -> (tensor<f32>, tensor<1x1x1xf32>) {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : !in3d -> tensor<f32>
  %1 = rmean.reduce_mean %x {axes = array<i64>, keep_dims = true, noop_with_empty_axes = false} : !in3d -> tensor<1x1x1xf32>
  return %0, %1 : tensor<f32>, tensor<1x1x1xf32>
}

//===----------------------------------------------------------------------===//
// Shapes.
//===----------------------------------------------------------------------===//

// Dynamic dimensions, reduced and kept.
// CHECK-LABEL: func.func @dynamic_dims
// CHECK-SAME:    (%[[X:.+]]: tensor<?x8x?xf32>)
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64: 2>} : tensor<?x8x?xf32> -> tensor<?x8xf32>
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64: 0>, keep_dims = true} : tensor<?x8x?xf32> -> tensor<1x8x?xf32>
func.func @dynamic_dims(%x: tensor<?x8x?xf32>) -> (tensor<?x8xf32>, tensor<1x8x?xf32>) {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2>} : tensor<?x8x?xf32> -> tensor<?x8xf32>
  %1 = rmean.reduce_mean %x {axes = array<i64: 0>, keep_dims = true} : tensor<?x8x?xf32> -> tensor<1x8x?xf32>
  return %0, %1 : tensor<?x8xf32>, tensor<1x8x?xf32>
}

// The declared result may be less static than the inferred one.
// CHECK-LABEL: func.func @result_less_static
// CHECK-SAME:    (%[[X:.+]]: tensor<4x8xf32>)
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64: 1>} : tensor<4x8xf32> -> tensor<?xf32>
func.func @result_less_static(%x: !in2d) -> tensor<?xf32> {
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : !in2d -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// The declared result may be more static than the input.
// CHECK-LABEL: func.func @result_more_static
// CHECK-SAME:    (%[[X:.+]]: tensor<?x?xf32>)
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<4xf32>
func.func @result_more_static(%x: tensor<?x?xf32>) -> tensor<4xf32> {
  %r = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// Rank-0 input: only empty axes, with either noop setting.
// CHECK-LABEL: func.func @rank0
// CHECK-SAME:    (%[[X:.+]]: tensor<f32>)
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64>} : tensor<f32> -> tensor<f32>
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64>, keep_dims = true, noop_with_empty_axes = false} : tensor<f32> -> tensor<f32>
func.func @rank0(%x: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0 = rmean.reduce_mean %x {axes = array<i64>} : tensor<f32> -> tensor<f32>
  %1 = rmean.reduce_mean %x {axes = array<i64>, keep_dims = true, noop_with_empty_axes = false} : tensor<f32> -> tensor<f32>
  return %0, %1 : tensor<f32>, tensor<f32>
}

// Zero-size dimensions, reduced and kept.
// CHECK-LABEL: func.func @zero_size
// CHECK-SAME:    (%[[X:.+]]: tensor<0x8xf32>)
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64: 0>} : tensor<0x8xf32> -> tensor<8xf32>
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64: 1>, keep_dims = true} : tensor<0x8xf32> -> tensor<0x1xf32>
func.func @zero_size(%x: tensor<0x8xf32>) -> (tensor<8xf32>, tensor<0x1xf32>) {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<0x8xf32> -> tensor<8xf32>
  %1 = rmean.reduce_mean %x {axes = array<i64: 1>, keep_dims = true} : tensor<0x8xf32> -> tensor<0x1xf32>
  return %0, %1 : tensor<8xf32>, tensor<0x1xf32>
}

//===----------------------------------------------------------------------===//
// Axes operand.
//===----------------------------------------------------------------------===//

// Runtime axes: i32, i64, si32, si64, static length.
// CHECK-LABEL: func.func @operand_types
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2x3x4xf32>, %[[A:[^:]+]]: tensor<1xi32>, %[[B:[^:]+]]: tensor<1xi64>, %[[C:[^:]+]]: tensor<2xsi32>, %[[D:[^:]+]]: tensor<2xsi64>)
// CHECK:         rmean.reduce_mean %[[X]], %[[A]] : tensor<2x3x4xf32>, tensor<1xi32> -> tensor<?x?xf32>
// CHECK:         rmean.reduce_mean %[[X]], %[[B]] : tensor<2x3x4xf32>, tensor<1xi64> -> tensor<?x?xf32>
// CHECK:         rmean.reduce_mean %[[X]], %[[C]] : tensor<2x3x4xf32>, tensor<2xsi32> -> tensor<?xf32>
// CHECK:         rmean.reduce_mean %[[X]], %[[D]] : tensor<2x3x4xf32>, tensor<2xsi64> -> tensor<?xf32>
func.func @operand_types(%x: !in3d, %a: tensor<1xi32>, %b: tensor<1xi64>,
                         %c: tensor<2xsi32>, %d: tensor<2xsi64>)
    -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %0 = rmean.reduce_mean %x, %a : !in3d, tensor<1xi32> -> tensor<?x?xf32>
  %1 = rmean.reduce_mean %x, %b : !in3d, tensor<1xi64> -> tensor<?x?xf32>
  %2 = rmean.reduce_mean %x, %c : !in3d, tensor<2xsi32> -> tensor<?xf32>
  %3 = rmean.reduce_mean %x, %d : !in3d, tensor<2xsi64> -> tensor<?xf32>
  return %0, %1, %2, %3 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>
}

// Runtime axes of dynamic length: the result rank is anything up to r.
// CHECK-LABEL: func.func @operand_dynamic_length
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2x3x4xf32>, %[[A:[^:]+]]: tensor<?xi64>)
// CHECK:         rmean.reduce_mean %[[X]], %[[A]] : tensor<2x3x4xf32>, tensor<?xi64> -> tensor<?xf32>
// CHECK:         rmean.reduce_mean %[[X]], %[[A]] {noop_with_empty_axes = false} : tensor<2x3x4xf32>, tensor<?xi64> -> tensor<f32>
func.func @operand_dynamic_length(%x: !in3d, %a: tensor<?xi64>) -> (tensor<?xf32>, tensor<f32>) {
  %0 = rmean.reduce_mean %x, %a : !in3d, tensor<?xi64> -> tensor<?xf32>
  %1 = rmean.reduce_mean %x, %a {noop_with_empty_axes = false} : !in3d, tensor<?xi64> -> tensor<f32>
  return %0, %1 : tensor<?xf32>, tensor<f32>
}

// Runtime axes with keep_dims: each dim is `?`, 1 or its input size.
// CHECK-LABEL: func.func @operand_keep_dims
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2x3x4xf32>, %[[A:[^:]+]]: tensor<1xi64>, %[[B:[^:]+]]: tensor<?xi32>)
// CHECK:         rmean.reduce_mean %[[X]], %[[A]] {keep_dims = true} : tensor<2x3x4xf32>, tensor<1xi64> -> tensor<?x3x1xf32>
// CHECK:         rmean.reduce_mean %[[X]], %[[B]] {keep_dims = true} : tensor<2x3x4xf32>, tensor<?xi32> -> tensor<?x?x?xf32>
func.func @operand_keep_dims(%x: !in3d, %a: tensor<1xi64>, %b: tensor<?xi32>)
    -> (tensor<?x3x1xf32>, tensor<?x?x?xf32>) {
  %0 = rmean.reduce_mean %x, %a {keep_dims = true} : !in3d, tensor<1xi64> -> tensor<?x3x1xf32>
  %1 = rmean.reduce_mean %x, %b {keep_dims = true} : !in3d, tensor<?xi32> -> tensor<?x?x?xf32>
  return %0, %1 : tensor<?x3x1xf32>, tensor<?x?x?xf32>
}

// Runtime axes without keep_dims: a static result dim must match some input
// dim it can come from.
// CHECK-LABEL: func.func @operand_static_result_dims
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2x3x4xf32>, %[[A:[^:]+]]: tensor<1xi64>)
// CHECK:         rmean.reduce_mean %[[X]], %[[A]] : tensor<2x3x4xf32>, tensor<1xi64> -> tensor<2x4xf32>
func.func @operand_static_result_dims(%x: !in3d, %a: tensor<1xi64>) -> tensor<2x4xf32> {
  %r = rmean.reduce_mean %x, %a : !in3d, tensor<1xi64> -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// A statically empty axes operand behaves like empty attribute axes.
// CHECK-LABEL: func.func @operand_empty
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2x3x4xf32>, %[[A:[^:]+]]: tensor<0xi64>)
// CHECK:         rmean.reduce_mean %[[X]], %[[A]] : tensor<2x3x4xf32>, tensor<0xi64> -> tensor<2x3x4xf32>
// CHECK:         rmean.reduce_mean %[[X]], %[[A]] {noop_with_empty_axes = false} : tensor<2x3x4xf32>, tensor<0xi64> -> tensor<f32>
func.func @operand_empty(%x: !in3d, %a: tensor<0xi64>) -> (!in3d, tensor<f32>) {
  %0 = rmean.reduce_mean %x, %a : !in3d, tensor<0xi64> -> !in3d
  %1 = rmean.reduce_mean %x, %a {noop_with_empty_axes = false} : !in3d, tensor<0xi64> -> tensor<f32>
  return %0, %1 : !in3d, tensor<f32>
}

// A constant axes operand (kept as an operand until canonicalisation).
// CHECK-LABEL: func.func @operand_constant
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2x3x4xf32>)
// CHECK:         %[[AX:.+]] = arith.constant dense<[-1, 0]> : tensor<2xi32>
// CHECK:         rmean.reduce_mean %[[X]], %[[AX]] : tensor<2x3x4xf32>, tensor<2xi32> -> tensor<3xf32>
func.func @operand_constant(%x: !in3d) -> tensor<3xf32> {
  %a = arith.constant dense<[-1, 0]> : tensor<2xi32>
  %r = rmean.reduce_mean %x, %a : !in3d, tensor<2xi32> -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// Rank-0 input with a runtime axes operand of dynamic length.
// CHECK-LABEL: func.func @operand_rank0
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<f32>, %[[A:[^:]+]]: tensor<?xi64>)
// CHECK:         rmean.reduce_mean %[[X]], %[[A]] : tensor<f32>, tensor<?xi64> -> tensor<f32>
func.func @operand_rank0(%x: tensor<f32>, %a: tensor<?xi64>) -> tensor<f32> {
  %r = rmean.reduce_mean %x, %a : tensor<f32>, tensor<?xi64> -> tensor<f32>
  return %r : tensor<f32>
}

//===----------------------------------------------------------------------===//
// Generic form as input (properties and attribute dictionary).
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @generic_input
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<4x8xf32>, %[[A:[^:]+]]: tensor<1xi64>)
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64: 1>} : tensor<4x8xf32> -> tensor<4xf32>
// CHECK:         rmean.reduce_mean %[[X]] {axes = array<i64: -2>, keep_dims = true} : tensor<4x8xf32> -> tensor<1x8xf32>
// CHECK:         rmean.reduce_mean %[[X]], %[[A]] {noop_with_empty_axes = false} : tensor<4x8xf32>, tensor<1xi64> -> tensor<?xf32>
func.func @generic_input(%x: !in2d, %a: tensor<1xi64>)
    -> (tensor<4xf32>, tensor<1x8xf32>, tensor<?xf32>) {
  %0 = "rmean.reduce_mean"(%x) <{axes = array<i64: 1>}> : (!in2d) -> tensor<4xf32>
  %1 = "rmean.reduce_mean"(%x) {axes = array<i64: -2>, keep_dims = true} : (!in2d) -> tensor<1x8xf32>
  %2 = "rmean.reduce_mean"(%x, %a) <{noop_with_empty_axes = false}> : (!in2d, tensor<1xi64>) -> tensor<?xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<1x8xf32>, tensor<?xf32>
}
