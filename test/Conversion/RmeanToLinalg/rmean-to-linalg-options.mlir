// RUN: rmean-opt %s --convert-rmean-to-linalg="allow-runtime-axes=false" --split-input-file -verify-diagnostics | FileCheck %s
// RUN: rmean-opt %s --convert-rmean-to-linalg --split-input-file | FileCheck %s --check-prefix=ALLOW
// RUN: rmean-opt %s --convert-rmean-to-linalg="runtime-axes-loop=false" --split-input-file | FileCheck %s --check-prefix=NOLOOP

// For hosts that cannot run runtime axes at all: they are refused with a
// diagnostic that says what to write instead.
func.func @runtime_axes(%x: tensor<4x8xf32>, %a: tensor<1xi64>) -> tensor<?xf32> {
  // expected-error@+1 {{'rmean.reduce_mean' op has runtime axes (an axes operand that is not a constant), which this pipeline does not lower; give the axes as an attribute or a constant}}
  %0 = rmean.reduce_mean %x, %a : tensor<4x8xf32>, tensor<1xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
// By default the same op lowers to the checked host loop.
// ALLOW-LABEL: func.func @runtime_axes
//       ALLOW:   scf.for
//       ALLOW:     rmean.check %{{.+}}, "rmean.reduce_mean: runtime axis {0} is out of range [-2, 1]"
//   ALLOW-NOT:   = rmean.reduce_mean
// Without the general loop (the GPU pipeline: it would run on the host over
// device buffers) the switch keeps its static cases and its default is a
// failed check.
// NOLOOP-LABEL: func.func @runtime_axes
//       NOLOOP:   scf.index_switch
//       NOLOOP:   case 1 {
//       NOLOOP:   default {
//   NOLOOP-NEXT:     %[[F:.+]] = arith.constant false
//   NOLOOP-NEXT:     rmean.check %[[F]], "rmean.reduce_mean: runtime axes name a set of dimensions no kernel was compiled for (16 sets are: every set up to rank 4; from rank 5, single dimensions, then runs of adjacent ones)"
//    NOLOOP-NOT:     scf.for
//       NOLOOP:     tensor.empty

// -----

// A constant axes operand is static axes: it lowers under either value of
// the option, to the same row reduction as axes = array<i64: 1>.
// CHECK-LABEL: func.func @constant_axes
//       CHECK:   linalg.generic
//  CHECK-SAME:     iterator_types = ["parallel", "reduction"]
//  CHECK-SAME:     ins(%{{.+}} : tensor<4x8xf32>)
//  CHECK-SAME:     {rmean.reduction}
//   CHECK-NOT:   = rmean.reduce_mean
//   CHECK-NOT:   rmean.check
// ALLOW-LABEL: func.func @constant_axes
//       ALLOW:   linalg.generic
//  ALLOW-SAME:     iterator_types = ["parallel", "reduction"]
func.func @constant_axes(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %a = arith.constant dense<[1]> : tensor<1xi64>
  %0 = rmean.reduce_mean %x, %a : tensor<4x8xf32>, tensor<1xi64> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Attribute axes are unaffected by the option.
// CHECK-LABEL: func.func @attribute_axes
//       CHECK:   linalg.generic
//  CHECK-SAME:     iterator_types = ["reduction", "parallel"]
//  CHECK-SAME:     {rmean.reduction}
func.func @attribute_axes(%x: tensor<?x8xf16>) -> tensor<8xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?x8xf16> -> tensor<8xf16>
  return %0 : tensor<8xf16>
}

// -----

// A #rmean.gpu_strategy written on the op lands on its reduction generic
// (after coalescing: [2, 3x4] here), not on the division, so that a
// hand-chosen or tuned mapping survives the conversion.
// CHECK-LABEL: func.func @gpu_strategy_carried
//       CHECK:   tensor.collapse_shape %{{.+}} {{\[}}[0], [1, 2]] : tensor<2x3x4xf32> into tensor<2x12xf32>
//       CHECK:   linalg.generic
//  CHECK-SAME:     iterator_types = ["parallel", "reduction"]
//  CHECK-SAME:     ins(%{{.+}} : tensor<2x12xf32>)
//  CHECK-SAME:     {rmean.gpu_strategy = #rmean.gpu_strategy<kind = inner, block_size = 64, threads_per_output = 64, items_per_thread = 4>, rmean.reduction}
//       CHECK:   linalg.generic
//  CHECK-SAME:     {rmean.finalize}
//   CHECK-NOT:   rmean.gpu_strategy
// ALLOW-LABEL: func.func @gpu_strategy_carried
//       ALLOW:   {rmean.gpu_strategy = #rmean.gpu_strategy<kind = inner, block_size = 64, threads_per_output = 64, items_per_thread = 4>, rmean.reduction}
func.func @gpu_strategy_carried(%x: tensor<2x3x4xf32>) -> tensor<2x1x1xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 2>, keep_dims = true, rmean.gpu_strategy = #rmean.gpu_strategy<kind = inner, block_size = 64, threads_per_output = 64, items_per_thread = 4>} : tensor<2x3x4xf32> -> tensor<2x1x1xf32>
  return %0 : tensor<2x1x1xf32>
}

// -----

// Uncoalescable layouts ([R, P, R]) keep the strategy too, even one the
// selection would not pick; the CPU strategy next to it is carried as well.
// CHECK-LABEL: func.func @gpu_strategy_uncoalesced
//       CHECK:   linalg.generic
//  CHECK-SAME:     iterator_types = ["reduction", "parallel", "reduction"]
//  CHECK-SAME:     {rmean.cpu_strategy = #rmean.cpu_strategy<kind = none, vector_size = 1, cache_tile = 1>, rmean.gpu_strategy = #rmean.gpu_strategy<kind = serial, block_size = 32>, rmean.reduction}
func.func @gpu_strategy_uncoalesced(%x: tensor<2x3x4xf64>) -> tensor<3xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = none, vector_size = 1, cache_tile = 1>, rmean.gpu_strategy = #rmean.gpu_strategy<kind = serial, block_size = 32>} : tensor<2x3x4xf64> -> tensor<3xf64>
  return %0 : tensor<3xf64>
}
