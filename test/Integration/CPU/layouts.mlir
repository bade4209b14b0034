// Proves that every reduction layout gives the right means once compiled:
// reduced dimensions inner (contiguous), outer, in the middle, mixed
// (outer + inner around kept ones), leading and trailing runs of adjacent
// reduced or kept dimensions (NCHW spatial {2, 3}, NHWC spatial {1, 2}), on
// static, dynamic and mixed shapes, with and without keep_dims. Runs of
// adjacent dynamic kept dimensions matter: the lowering may merge them into
// one dimension and split them again afterwards. Every input is generated
// at run time and reaches the reduction through a call.

// DEFINE: %{naive} = rmean-opt %s --rmean-cpu-pipeline=vector-size=0
// DEFINE: %{pipeline} = rmean-opt %s --rmean-cpu-pipeline
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils

// RUN: %{naive} | %{run} | FileCheck %s
// RUN: %{pipeline} | %{run} | FileCheck %s
// Both outer-step policies, whatever the host picks by default.
// RUN: %{pipeline}="outer-rows-per-step=0" | %{run} | FileCheck %s
// RUN: %{pipeline}="outer-rows-per-step=8" | %{run} | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @print32(%t: tensor<*xf32>) {
  call @printMemrefF32(%t) : (tensor<*xf32>) -> ()
  return
}

//===----------------------------------------------------------------------===//
// Rank 3: x[i][j][k] = 100*i + 10*j + k, shape 2x3x5, fully dynamic.
//===----------------------------------------------------------------------===//

func.func @iota3d(%n0: index, %n1: index, %n2: index) -> tensor<?x?x?xf32> {
  %c100 = arith.constant 100 : index
  %c10 = arith.constant 10 : index
  %t = tensor.generate %n0, %n1, %n2 {
  ^bb0(%i: index, %j: index, %k: index):
    %vi = arith.muli %i, %c100 : index
    %vj = arith.muli %j, %c10 : index
    %s1 = arith.addi %vi, %vj : index
    %s2 = arith.addi %s1, %k : index
    %n = arith.index_cast %s2 : index to i64
    %f = arith.sitofp %n : i64 to f32
    tensor.yield %f : f32
  } : tensor<?x?x?xf32>
  return %t : tensor<?x?x?xf32>
}
// Inner: two dynamic kept dimensions before the reduced one.
func.func @r3_dyn_inner(%x: tensor<?x?x?xf32>) -> tensor<?x?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2>} : tensor<?x?x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
// Outer: two dynamic kept dimensions after the reduced one, keep_dims.
func.func @r3_dyn_outer_keep(%x: tensor<?x?x?xf32>) -> tensor<1x?x?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>, keep_dims = true} : tensor<?x?x?xf32> -> tensor<1x?x?xf32>
  return %0 : tensor<1x?x?xf32>
}
// The same two layouts with static kept sizes.
func.func @r3_static_inner(%x: tensor<2x3x5xf32>) -> tensor<2x3xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2>} : tensor<2x3x5xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @r3_static_outer_keep(%x: tensor<2x3x5xf32>) -> tensor<1x3x5xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>, keep_dims = true} : tensor<2x3x5xf32> -> tensor<1x3x5xf32>
  return %0 : tensor<1x3x5xf32>
}

//===----------------------------------------------------------------------===//
// Rank 4: x[a][b][c][d] = 1000*a + 100*b + 10*c + d, shape 2x3x4x5.
//===----------------------------------------------------------------------===//

func.func @iota4d(%n0: index, %n1: index, %n2: index, %n3: index) -> tensor<?x?x?x?xf32> {
  %c1000 = arith.constant 1000 : index
  %c100 = arith.constant 100 : index
  %c10 = arith.constant 10 : index
  %t = tensor.generate %n0, %n1, %n2, %n3 {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    %va = arith.muli %a, %c1000 : index
    %vb = arith.muli %b, %c100 : index
    %vc = arith.muli %c, %c10 : index
    %s1 = arith.addi %va, %vb : index
    %s2 = arith.addi %s1, %vc : index
    %s3 = arith.addi %s2, %d : index
    %i = arith.index_cast %s3 : index to i64
    %f = arith.sitofp %i : i64 to f32
    tensor.yield %f : f32
  } : tensor<?x?x?x?xf32>
  return %t : tensor<?x?x?x?xf32>
}
func.func @r4_nchw(%x: tensor<2x3x4x5xf32>) -> tensor<2x3xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 3>} : tensor<2x3x4x5xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @r4_nhwc(%x: tensor<2x3x4x5xf32>) -> tensor<2x5xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 2>} : tensor<2x3x4x5xf32> -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}
func.func @r4_leading_keep(%x: tensor<2x3x4x5xf32>) -> tensor<1x1x4x5xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 1>, keep_dims = true} : tensor<2x3x4x5xf32> -> tensor<1x1x4x5xf32>
  return %0 : tensor<1x1x4x5xf32>
}
func.func @r4_outer_inner(%x: tensor<2x?x4x5xf32>) -> tensor<?x4xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 3>} : tensor<2x?x4x5xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
func.func @r4_dyn_nchw_keep(%x: tensor<?x?x?x?xf32>) -> tensor<?x?x1x1xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: -2, -1>, keep_dims = true} : tensor<?x?x?x?xf32> -> tensor<?x?x1x1xf32>
  return %0 : tensor<?x?x1x1xf32>
}
func.func @r4_dyn_last(%x: tensor<?x?x?x?xf32>) -> tensor<?x?x?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 3>} : tensor<?x?x?x?xf32> -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}
func.func @r4_dyn_middle_keep(%x: tensor<?x?x?x?xf32>) -> tensor<?x1x1x?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 2>, keep_dims = true} : tensor<?x?x?x?xf32> -> tensor<?x1x1x?xf32>
  return %0 : tensor<?x1x1x?xf32>
}
func.func @r4_three(%x: tensor<?x?x?x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2, 3>} : tensor<?x?x?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %p = call @iota3d(%c2, %c3, %c5) : (index, index, index) -> tensor<?x?x?xf32>
  %ps = tensor.cast %p : tensor<?x?x?xf32> to tensor<2x3x5xf32>

  // Rank 3, inner {2}, static then dynamic: 100i + 10j + 2.
  // CHECK: rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT: [2, 12, 22],
  // CHECK-NEXT: [102, 112, 122]]
  // CHECK: rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT: [2, 12, 22],
  // CHECK-NEXT: [102, 112, 122]]
  %p1 = call @r3_static_inner(%ps) : (tensor<2x3x5xf32>) -> tensor<2x3xf32>
  %p1u = tensor.cast %p1 : tensor<2x3xf32> to tensor<*xf32>
  call @print32(%p1u) : (tensor<*xf32>) -> ()
  %p2 = call @r3_dyn_inner(%p) : (tensor<?x?x?xf32>) -> tensor<?x?xf32>
  %p2u = tensor.cast %p2 : tensor<?x?xf32> to tensor<*xf32>
  call @print32(%p2u) : (tensor<*xf32>) -> ()

  // Rank 3, outer {0} with keep_dims, static then dynamic: 50 + 10j + k.
  // CHECK: rank = 3 offset = 0 sizes = [1, 3, 5] strides = [15, 5, 1] data =
  // CHECK-NEXT: {{\[\[\[}}50, 51, 52, 53, 54],
  // CHECK-NEXT: [60, 61, 62, 63, 64],
  // CHECK-NEXT: [70, 71, 72, 73, 74]]]
  // CHECK: rank = 3 offset = 0 sizes = [1, 3, 5] strides = [15, 5, 1] data =
  // CHECK-NEXT: {{\[\[\[}}50, 51, 52, 53, 54],
  // CHECK-NEXT: [60, 61, 62, 63, 64],
  // CHECK-NEXT: [70, 71, 72, 73, 74]]]
  %p3 = call @r3_static_outer_keep(%ps) : (tensor<2x3x5xf32>) -> tensor<1x3x5xf32>
  %p3u = tensor.cast %p3 : tensor<1x3x5xf32> to tensor<*xf32>
  call @print32(%p3u) : (tensor<*xf32>) -> ()
  %p4 = call @r3_dyn_outer_keep(%p) : (tensor<?x?x?xf32>) -> tensor<1x?x?xf32>
  %p4u = tensor.cast %p4 : tensor<1x?x?xf32> to tensor<*xf32>
  call @print32(%p4u) : (tensor<*xf32>) -> ()

  // Rank 4. NCHW spatial {2, 3}: 1000a + 100b + 17.
  %q = call @iota4d(%c2, %c3, %c4, %c5) : (index, index, index, index) -> tensor<?x?x?x?xf32>
  %qs = tensor.cast %q : tensor<?x?x?x?xf32> to tensor<2x3x4x5xf32>
  // CHECK: rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT: [17, 117, 217],
  // CHECK-NEXT: [1017, 1117, 1217]]
  %q1 = call @r4_nchw(%qs) : (tensor<2x3x4x5xf32>) -> tensor<2x3xf32>
  %q1u = tensor.cast %q1 : tensor<2x3xf32> to tensor<*xf32>
  call @print32(%q1u) : (tensor<*xf32>) -> ()
  // NHWC spatial {1, 2}: 1000a + 115 + d.
  // CHECK: rank = 2 offset = 0 sizes = [2, 5] strides = [5, 1] data =
  // CHECK-NEXT: [115, 116, 117, 118, 119],
  // CHECK-NEXT: [1115, 1116, 1117, 1118, 1119]]
  %q2 = call @r4_nhwc(%qs) : (tensor<2x3x4x5xf32>) -> tensor<2x5xf32>
  %q2u = tensor.cast %q2 : tensor<2x5xf32> to tensor<*xf32>
  call @print32(%q2u) : (tensor<*xf32>) -> ()
  // Leading {0, 1} with keep_dims: 600 + 10c + d.
  // CHECK: rank = 4 offset = 0 sizes = [1, 1, 4, 5] strides = [20, 20, 5, 1] data =
  // CHECK-NEXT: {{\[\[\[\[}}600, 601, 602, 603, 604],
  // CHECK-NEXT: [610, 611, 612, 613, 614],
  // CHECK-NEXT: [620, 621, 622, 623, 624],
  // CHECK-NEXT: [630, 631, 632, 633, 634]]]]
  %q3 = call @r4_leading_keep(%qs) : (tensor<2x3x4x5xf32>) -> tensor<1x1x4x5xf32>
  %q3u = tensor.cast %q3 : tensor<1x1x4x5xf32> to tensor<*xf32>
  call @print32(%q3u) : (tensor<*xf32>) -> ()
  // Outer and inner {0, 3} around two kept ones: 502 + 100b + 10c.
  // CHECK: rank = 2 offset = 0 sizes = [3, 4] strides = [4, 1] data =
  // CHECK-NEXT: [502, 512, 522, 532],
  // CHECK-NEXT: [602, 612, 622, 632],
  // CHECK-NEXT: [702, 712, 722, 732]]
  %qm = tensor.cast %q : tensor<?x?x?x?xf32> to tensor<2x?x4x5xf32>
  %q4 = call @r4_outer_inner(%qm) : (tensor<2x?x4x5xf32>) -> tensor<?x4xf32>
  %q4u = tensor.cast %q4 : tensor<?x4xf32> to tensor<*xf32>
  call @print32(%q4u) : (tensor<*xf32>) -> ()
  // Dynamic NCHW spatial with keep_dims.
  // CHECK: rank = 4 offset = 0 sizes = [2, 3, 1, 1] strides = [3, 1, 1, 1] data =
  // CHECK-NEXT: {{\[\[\[\[}}17]],
  // CHECK-NEXT: {{\[\[}}117]],
  // CHECK-NEXT: {{\[\[}}217]]],
  // CHECK-NEXT: {{\[\[\[}}1017]],
  // CHECK-NEXT: {{\[\[}}1117]],
  // CHECK-NEXT: {{\[\[}}1217]]]]
  %q5 = call @r4_dyn_nchw_keep(%q) : (tensor<?x?x?x?xf32>) -> tensor<?x?x1x1xf32>
  %q5u = tensor.cast %q5 : tensor<?x?x1x1xf32> to tensor<*xf32>
  call @print32(%q5u) : (tensor<*xf32>) -> ()
  // Dynamic, only the last dimension: three kept dynamic dimensions
  // around it: 1000a + 100b + 10c + 2.
  // CHECK: rank = 3 offset = 0 sizes = [2, 3, 4] strides = [12, 4, 1] data =
  // CHECK-NEXT: {{\[\[\[}}2, 12, 22, 32],
  // CHECK-NEXT: [102, 112, 122, 132],
  // CHECK-NEXT: [202, 212, 222, 232]],
  // CHECK-NEXT: {{\[\[}}1002, 1012, 1022, 1032],
  // CHECK-NEXT: [1102, 1112, 1122, 1132],
  // CHECK-NEXT: [1202, 1212, 1222, 1232]]]
  %q6 = call @r4_dyn_last(%q) : (tensor<?x?x?x?xf32>) -> tensor<?x?x?xf32>
  %q6u = tensor.cast %q6 : tensor<?x?x?xf32> to tensor<*xf32>
  call @print32(%q6u) : (tensor<*xf32>) -> ()
  // Dynamic middle {1, 2} with keep_dims: 1000a + 115 + d.
  // CHECK: rank = 4 offset = 0 sizes = [2, 1, 1, 5] strides = [5, 5, 5, 1] data =
  // CHECK-NEXT: {{\[\[\[\[}}115, 116, 117, 118, 119]]],
  // CHECK-NEXT: {{\[\[\[}}1115, 1116, 1117, 1118, 1119]]]]
  %q7 = call @r4_dyn_middle_keep(%q) : (tensor<?x?x?x?xf32>) -> tensor<?x1x1x?xf32>
  %q7u = tensor.cast %q7 : tensor<?x1x1x?xf32> to tensor<*xf32>
  call @print32(%q7u) : (tensor<*xf32>) -> ()
  // {0, 2, 3}: 517 + 100b.
  // CHECK: rank = 1 offset = 0 sizes = [3] strides = [1] data =
  // CHECK-NEXT: [517, 617, 717]
  %q8 = call @r4_three(%q) : (tensor<?x?x?x?xf32>) -> tensor<?xf32>
  %q8u = tensor.cast %q8 : tensor<?xf32> to tensor<*xf32>
  call @print32(%q8u) : (tensor<*xf32>) -> ()

  return
}
