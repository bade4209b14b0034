// Proves that rmean.reduce_mean computes correct f32 and f64 means once
// compiled for the CPU: every axis and every pair of axes of a rank-3 tensor,
// negative axes, keep_dims, both spellings of "reduce all", the
// noop_with_empty_axes identity, sizes not divisible by the vector width,
// size-1 dimensions and dynamic shapes. The inputs of the @f32_* / @f64_*
// functions reach them through calls (never inlined), so their reductions
// are compiled code; the reductions written directly on constants in @main
// are folded on the host (by both RUN lines: the dialect conversion tries the
// op's folder before the lowering pattern), and both must print the values
// the compiled code prints.

// DEFINE: %{naive} = rmean-opt %s --rmean-cpu-pipeline=vector-size=0
// DEFINE: %{pipeline} = rmean-opt %s --rmean-cpu-pipeline
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils

// RUN: %{naive} | %{run} | FileCheck %s
// RUN: %{pipeline} | %{run} | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefF64(tensor<*xf64>)

func.func @print32(%t: tensor<*xf32>) {
  call @printMemrefF32(%t) : (tensor<*xf32>) -> ()
  return
}
func.func @print64(%t: tensor<*xf64>) {
  call @printMemrefF64(%t) : (tensor<*xf64>) -> ()
  return
}

//===----------------------------------------------------------------------===//
// f32, static rank 3: x[i][j][k] = 100*i + 10*j + k, shape 2x3x5.
//===----------------------------------------------------------------------===//

func.func @f32_axis0(%x: tensor<2x3x5xf32>) -> tensor<3x5xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<2x3x5xf32> -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
func.func @f32_axis1(%x: tensor<2x3x5xf32>) -> tensor<2x5xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<2x3x5xf32> -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}
func.func @f32_axis2(%x: tensor<2x3x5xf32>) -> tensor<2x3xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2>} : tensor<2x3x5xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @f32_axes01(%x: tensor<2x3x5xf32>) -> tensor<5xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 1>} : tensor<2x3x5xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
func.func @f32_axes02(%x: tensor<2x3x5xf32>) -> tensor<3xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2, 0>} : tensor<2x3x5xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @f32_axes12(%x: tensor<2x3x5xf32>) -> tensor<2xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 2>} : tensor<2x3x5xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
// Negative axes: -1 is axis 2, {-3, -1} is {0, 2}.
func.func @f32_neg1(%x: tensor<2x3x5xf32>) -> tensor<2x3xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: -1>} : tensor<2x3x5xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @f32_neg3_neg1(%x: tensor<2x3x5xf32>) -> tensor<3xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: -3, -1>} : tensor<2x3x5xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
// keep_dims on a middle axis and on two outer ones (one negative).
func.func @f32_keep1(%x: tensor<2x3x5xf32>) -> tensor<2x1x5xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, keep_dims = true} : tensor<2x3x5xf32> -> tensor<2x1x5xf32>
  return %0 : tensor<2x1x5xf32>
}
func.func @f32_keep0m1(%x: tensor<2x3x5xf32>) -> tensor<1x3x1xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, -1>, keep_dims = true} : tensor<2x3x5xf32> -> tensor<1x3x1xf32>
  return %0 : tensor<1x3x1xf32>
}
// Reduce all: empty axes without noop, every axis listed, with keep_dims.
func.func @f32_all_empty(%x: tensor<2x3x5xf32>) -> tensor<f32> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<2x3x5xf32> -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @f32_all_listed(%x: tensor<2x3x5xf32>) -> tensor<f32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 1, 2>} : tensor<2x3x5xf32> -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @f32_all_keep(%x: tensor<2x3x5xf32>) -> tensor<1x1x1xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false, keep_dims = true} : tensor<2x3x5xf32> -> tensor<1x1x1xf32>
  return %0 : tensor<1x1x1xf32>
}
// Empty axes with the default noop_with_empty_axes = true: the identity.
func.func @f32_noop(%x: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64>} : tensor<2x3x5xf32> -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

//===----------------------------------------------------------------------===//
// Size-1 dimensions, sizes not divisible by 8, dynamic shapes.
//===----------------------------------------------------------------------===//

// Reducing only a size-1 dimension (an identity fold) and a size-1 together
// with a real one.
func.func @f32_unit_only(%x: tensor<2x1x3xf32>) -> tensor<2x3xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<2x1x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @f32_unit_and_real(%x: tensor<2x1x3xf32>) -> tensor<3xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 1>} : tensor<2x1x3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// x[i][j] = 1000*i + j on a ?x? tensor (built at run time, so nothing folds).
func.func @iota2d(%m: index, %n: index) -> tensor<?x?xf32> {
  %c1000 = arith.constant 1000 : index
  %t = tensor.generate %m, %n {
  ^bb0(%i: index, %j: index):
    %a = arith.muli %i, %c1000 : index
    %b = arith.addi %a, %j : index
    %c = arith.index_cast %b : index to i64
    %f = arith.sitofp %c : i64 to f32
    tensor.yield %f : f32
  } : tensor<?x?xf32>
  return %t : tensor<?x?xf32>
}
func.func @f32_dyn_inner(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @f32_dyn_outer(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @f32_dyn_all(%x: tensor<?x?xf32>) -> tensor<f32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 1>} : tensor<?x?xf32> -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @f32_dyn_keep(%x: tensor<?x?xf32>) -> tensor<?x1xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: -1>, keep_dims = true} : tensor<?x?xf32> -> tensor<?x1xf32>
  return %0 : tensor<?x1xf32>
}
// Rank 3, every axis dynamic, and a mix of static and dynamic sizes.
func.func @f32_dyn3_axis1(%x: tensor<?x?x?xf32>) -> tensor<?x?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @f32_mixed_02(%x: tensor<2x?x5xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<2x?x5xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @f32_dyn3_all_empty(%x: tensor<?x?x?xf32>) -> tensor<f32> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<?x?x?xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

//===----------------------------------------------------------------------===//
// f64.
//===----------------------------------------------------------------------===//

func.func @f64_axis0(%x: tensor<2x3x5xf64>) -> tensor<3x5xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<2x3x5xf64> -> tensor<3x5xf64>
  return %0 : tensor<3x5xf64>
}
func.func @f64_axis1(%x: tensor<2x3x5xf64>) -> tensor<2x5xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: -2>} : tensor<2x3x5xf64> -> tensor<2x5xf64>
  return %0 : tensor<2x5xf64>
}
func.func @f64_axis2_keep(%x: tensor<2x3x5xf64>) -> tensor<2x3x1xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 2>, keep_dims = true} : tensor<2x3x5xf64> -> tensor<2x3x1xf64>
  return %0 : tensor<2x3x1xf64>
}
func.func @f64_all(%x: tensor<2x3x5xf64>) -> tensor<f64> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<2x3x5xf64> -> tensor<f64>
  return %0 : tensor<f64>
}
func.func @f64_dyn(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf64> -> tensor<?xf64>
  return %0 : tensor<?xf64>
}

func.func @main() {
  %x = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0, 4.0], [10.0, 11.0, 12.0, 13.0, 14.0], [20.0, 21.0, 22.0, 23.0, 24.0]],
                             [[100.0, 101.0, 102.0, 103.0, 104.0], [110.0, 111.0, 112.0, 113.0, 114.0], [120.0, 121.0, 122.0, 123.0, 124.0]]]> : tensor<2x3x5xf32>

  // CHECK: rank = 2 offset = 0 sizes = [3, 5] strides = [5, 1] data =
  // CHECK-NEXT: [50, 51, 52, 53, 54],
  // CHECK-NEXT: [60, 61, 62, 63, 64],
  // CHECK-NEXT: [70, 71, 72, 73, 74]]
  %a0 = call @f32_axis0(%x) : (tensor<2x3x5xf32>) -> tensor<3x5xf32>
  %a0u = tensor.cast %a0 : tensor<3x5xf32> to tensor<*xf32>
  call @print32(%a0u) : (tensor<*xf32>) -> ()

  // CHECK: rank = 2 offset = 0 sizes = [2, 5] strides = [5, 1] data =
  // CHECK-NEXT: [10, 11, 12, 13, 14],
  // CHECK-NEXT: [110, 111, 112, 113, 114]]
  %a1 = call @f32_axis1(%x) : (tensor<2x3x5xf32>) -> tensor<2x5xf32>
  %a1u = tensor.cast %a1 : tensor<2x5xf32> to tensor<*xf32>
  call @print32(%a1u) : (tensor<*xf32>) -> ()

  // CHECK: rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT: [2, 12, 22],
  // CHECK-NEXT: [102, 112, 122]]
  %a2 = call @f32_axis2(%x) : (tensor<2x3x5xf32>) -> tensor<2x3xf32>
  %a2u = tensor.cast %a2 : tensor<2x3xf32> to tensor<*xf32>
  call @print32(%a2u) : (tensor<*xf32>) -> ()

  // CHECK: rank = 1 offset = 0 sizes = [5] strides = [1] data =
  // CHECK-NEXT: [60, 61, 62, 63, 64]
  %a01 = call @f32_axes01(%x) : (tensor<2x3x5xf32>) -> tensor<5xf32>
  %a01u = tensor.cast %a01 : tensor<5xf32> to tensor<*xf32>
  call @print32(%a01u) : (tensor<*xf32>) -> ()

  // CHECK: rank = 1 offset = 0 sizes = [3] strides = [1] data =
  // CHECK-NEXT: [52, 62, 72]
  %a02 = call @f32_axes02(%x) : (tensor<2x3x5xf32>) -> tensor<3xf32>
  %a02u = tensor.cast %a02 : tensor<3xf32> to tensor<*xf32>
  call @print32(%a02u) : (tensor<*xf32>) -> ()

  // CHECK: rank = 1 offset = 0 sizes = [2] strides = [1] data =
  // CHECK-NEXT: [12, 112]
  %a12 = call @f32_axes12(%x) : (tensor<2x3x5xf32>) -> tensor<2xf32>
  %a12u = tensor.cast %a12 : tensor<2xf32> to tensor<*xf32>
  call @print32(%a12u) : (tensor<*xf32>) -> ()

  // CHECK: rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT: [2, 12, 22],
  // CHECK-NEXT: [102, 112, 122]]
  %n1 = call @f32_neg1(%x) : (tensor<2x3x5xf32>) -> tensor<2x3xf32>
  %n1u = tensor.cast %n1 : tensor<2x3xf32> to tensor<*xf32>
  call @print32(%n1u) : (tensor<*xf32>) -> ()

  // CHECK: rank = 1 offset = 0 sizes = [3] strides = [1] data =
  // CHECK-NEXT: [52, 62, 72]
  %n31 = call @f32_neg3_neg1(%x) : (tensor<2x3x5xf32>) -> tensor<3xf32>
  %n31u = tensor.cast %n31 : tensor<3xf32> to tensor<*xf32>
  call @print32(%n31u) : (tensor<*xf32>) -> ()

  // CHECK: rank = 3 offset = 0 sizes = [2, 1, 5] strides = [5, 5, 1] data =
  // CHECK-NEXT: {{\[\[\[}}10, 11, 12, 13, 14]],
  // CHECK-NEXT: {{\[\[}}110, 111, 112, 113, 114]]]
  %k1 = call @f32_keep1(%x) : (tensor<2x3x5xf32>) -> tensor<2x1x5xf32>
  %k1u = tensor.cast %k1 : tensor<2x1x5xf32> to tensor<*xf32>
  call @print32(%k1u) : (tensor<*xf32>) -> ()

  // CHECK: rank = 3 offset = 0 sizes = [1, 3, 1] strides = [3, 1, 1] data =
  // CHECK-NEXT: {{\[\[\[}}52],
  // CHECK-NEXT: [62],
  // CHECK-NEXT: [72]]]
  %k0m1 = call @f32_keep0m1(%x) : (tensor<2x3x5xf32>) -> tensor<1x3x1xf32>
  %k0m1u = tensor.cast %k0m1 : tensor<1x3x1xf32> to tensor<*xf32>
  call @print32(%k0m1u) : (tensor<*xf32>) -> ()

  // CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
  // CHECK-NEXT: [62]
  %ae = call @f32_all_empty(%x) : (tensor<2x3x5xf32>) -> tensor<f32>
  %aeu = tensor.cast %ae : tensor<f32> to tensor<*xf32>
  call @print32(%aeu) : (tensor<*xf32>) -> ()

  // CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
  // CHECK-NEXT: [62]
  %al = call @f32_all_listed(%x) : (tensor<2x3x5xf32>) -> tensor<f32>
  %alu = tensor.cast %al : tensor<f32> to tensor<*xf32>
  call @print32(%alu) : (tensor<*xf32>) -> ()

  // CHECK: rank = 3 offset = 0 sizes = [1, 1, 1] strides = [1, 1, 1] data =
  // CHECK-NEXT: {{\[\[\[}}62]]]
  %ak = call @f32_all_keep(%x) : (tensor<2x3x5xf32>) -> tensor<1x1x1xf32>
  %aku = tensor.cast %ak : tensor<1x1x1xf32> to tensor<*xf32>
  call @print32(%aku) : (tensor<*xf32>) -> ()

  // CHECK: rank = 3 offset = 0 sizes = [2, 3, 5] strides = [15, 5, 1] data =
  // CHECK-NEXT: {{\[\[\[}}0, 1, 2, 3, 4],
  // CHECK-NEXT: [10, 11, 12, 13, 14],
  // CHECK-NEXT: [20, 21, 22, 23, 24]],
  // CHECK-NEXT: {{\[\[}}100, 101, 102, 103, 104],
  // CHECK-NEXT: [110, 111, 112, 113, 114],
  // CHECK-NEXT: [120, 121, 122, 123, 124]]]
  %id = call @f32_noop(%x) : (tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %idu = tensor.cast %id : tensor<2x3x5xf32> to tensor<*xf32>
  call @print32(%idu) : (tensor<*xf32>) -> ()

  // Folded (constant input): fractional means.
  // CHECK: rank = 1 offset = 0 sizes = [2] strides = [1] data =
  // CHECK-NEXT: [2.33333, -0.5]
  %fc = arith.constant dense<[[1.0, 2.0, 4.0], [-3.0, 0.5, 1.0]]> : tensor<2x3xf32>
  %ff = rmean.reduce_mean %fc {axes = array<i64: 1>} : tensor<2x3xf32> -> tensor<2xf32>
  %ffu = tensor.cast %ff : tensor<2xf32> to tensor<*xf32>
  call @print32(%ffu) : (tensor<*xf32>) -> ()

  // Folded on the rank-3 constant: axes {0, 2}, and reduce-all.
  // CHECK: rank = 1 offset = 0 sizes = [3] strides = [1] data =
  // CHECK-NEXT: [52, 62, 72]
  %fx = rmean.reduce_mean %x {axes = array<i64: 0, -1>} : tensor<2x3x5xf32> -> tensor<3xf32>
  %fxu = tensor.cast %fx : tensor<3xf32> to tensor<*xf32>
  call @print32(%fxu) : (tensor<*xf32>) -> ()
  // CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
  // CHECK-NEXT: [62]
  %fa = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<2x3x5xf32> -> tensor<f32>
  %fau = tensor.cast %fa : tensor<f32> to tensor<*xf32>
  call @print32(%fau) : (tensor<*xf32>) -> ()

  // Size-1 dimensions: [[[1, 2, 3]], [[5, 7, 12]]] : 2x1x3.
  %u = arith.constant dense<[[[1.0, 2.0, 3.0]], [[5.0, 7.0, 12.0]]]> : tensor<2x1x3xf32>
  // CHECK: rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT: [1, 2, 3],
  // CHECK-NEXT: [5, 7, 12]]
  %u1 = call @f32_unit_only(%u) : (tensor<2x1x3xf32>) -> tensor<2x3xf32>
  %u1u = tensor.cast %u1 : tensor<2x3xf32> to tensor<*xf32>
  call @print32(%u1u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 1 offset = 0 sizes = [3] strides = [1] data =
  // CHECK-NEXT: [3, 4.5, 7.5]
  %u2 = call @f32_unit_and_real(%u) : (tensor<2x1x3xf32>) -> tensor<3xf32>
  %u2u = tensor.cast %u2 : tensor<3xf32> to tensor<*xf32>
  call @print32(%u2u) : (tensor<*xf32>) -> ()

  // 3x1001 (1001 = 125*8 + 1): row means 500, 1500, 2500.
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c1001 = arith.constant 1001 : index
  %big = call @iota2d(%c3, %c1001) : (index, index) -> tensor<?x?xf32>
  // CHECK: rank = 1 offset = 0 sizes = [3] strides = [1] data =
  // CHECK-NEXT: [500, 1500, 2500]
  %bi = call @f32_dyn_inner(%big) : (tensor<?x?xf32>) -> tensor<?xf32>
  %biu = tensor.cast %bi : tensor<?xf32> to tensor<*xf32>
  call @print32(%biu) : (tensor<*xf32>) -> ()
  // The mean of everything, and the row means again through keep_dims.
  // CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
  // CHECK-NEXT: [1500]
  %ba = call @f32_dyn_all(%big) : (tensor<?x?xf32>) -> tensor<f32>
  %bau = tensor.cast %ba : tensor<f32> to tensor<*xf32>
  call @print32(%bau) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [3, 1] strides = [1, 1] data =
  // CHECK-NEXT: [500],
  // CHECK-NEXT: [1500],
  // CHECK-NEXT: [2500]]
  %bk = call @f32_dyn_keep(%big) : (tensor<?x?xf32>) -> tensor<?x1xf32>
  %bku = tensor.cast %bk : tensor<?x1xf32> to tensor<*xf32>
  call @print32(%bku) : (tensor<*xf32>) -> ()

  // 13x11 (neither divisible by 8): column means 6000 + j.
  %c11 = arith.constant 11 : index
  %c13 = arith.constant 13 : index
  %odd = call @iota2d(%c13, %c11) : (index, index) -> tensor<?x?xf32>
  // CHECK: rank = 1 offset = 0 sizes = [11] strides = [1] data =
  // CHECK-NEXT: [6000, 6001, 6002, 6003, 6004, 6005, 6006, 6007, 6008, 6009, 6010]
  %bo = call @f32_dyn_outer(%odd) : (tensor<?x?xf32>) -> tensor<?xf32>
  %bou = tensor.cast %bo : tensor<?xf32> to tensor<*xf32>
  call @print32(%bou) : (tensor<*xf32>) -> ()

  // A dynamic size-1 reduced dimension: 3x1, row means are the input.
  // CHECK: rank = 1 offset = 0 sizes = [3] strides = [1] data =
  // CHECK-NEXT: [0, 1000, 2000]
  %col = call @iota2d(%c3, %c1) : (index, index) -> tensor<?x?xf32>
  %bc = call @f32_dyn_inner(%col) : (tensor<?x?xf32>) -> tensor<?xf32>
  %bcu = tensor.cast %bc : tensor<?xf32> to tensor<*xf32>
  call @print32(%bcu) : (tensor<*xf32>) -> ()

  // The rank-3 input seen as fully dynamic, and as 2x?x5.
  %xd = tensor.cast %x : tensor<2x3x5xf32> to tensor<?x?x?xf32>
  // CHECK: rank = 2 offset = 0 sizes = [2, 5] strides = [5, 1] data =
  // CHECK-NEXT: [10, 11, 12, 13, 14],
  // CHECK-NEXT: [110, 111, 112, 113, 114]]
  %d1 = call @f32_dyn3_axis1(%xd) : (tensor<?x?x?xf32>) -> tensor<?x?xf32>
  %d1u = tensor.cast %d1 : tensor<?x?xf32> to tensor<*xf32>
  call @print32(%d1u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 1 offset = 0 sizes = [3] strides = [1] data =
  // CHECK-NEXT: [52, 62, 72]
  %xm = tensor.cast %x : tensor<2x3x5xf32> to tensor<2x?x5xf32>
  %m02 = call @f32_mixed_02(%xm) : (tensor<2x?x5xf32>) -> tensor<?xf32>
  %m02u = tensor.cast %m02 : tensor<?xf32> to tensor<*xf32>
  call @print32(%m02u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
  // CHECK-NEXT: [62]
  %dae = call @f32_dyn3_all_empty(%xd) : (tensor<?x?x?xf32>) -> tensor<f32>
  %daeu = tensor.cast %dae : tensor<f32> to tensor<*xf32>
  call @print32(%daeu) : (tensor<*xf32>) -> ()

  // f64: the same rank-3 input plus 0.25 on every element, so that every
  // mean ends in .25, and a fraction that f32 could not hold.
  %y = arith.constant dense<[[[0.25, 1.25, 2.25, 3.25, 4.25], [10.25, 11.25, 12.25, 13.25, 14.25], [20.25, 21.25, 22.25, 23.25, 24.25]],
                             [[100.25, 101.25, 102.25, 103.25, 104.25], [110.25, 111.25, 112.25, 113.25, 114.25], [120.25, 121.25, 122.25, 123.25, 124.25]]]> : tensor<2x3x5xf64>
  // CHECK: rank = 2 offset = 0 sizes = [3, 5] strides = [5, 1] data =
  // CHECK-NEXT: [50.25, 51.25, 52.25, 53.25, 54.25],
  // CHECK-NEXT: [60.25, 61.25, 62.25, 63.25, 64.25],
  // CHECK-NEXT: [70.25, 71.25, 72.25, 73.25, 74.25]]
  %b0 = call @f64_axis0(%y) : (tensor<2x3x5xf64>) -> tensor<3x5xf64>
  %b0u = tensor.cast %b0 : tensor<3x5xf64> to tensor<*xf64>
  call @print64(%b0u) : (tensor<*xf64>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [2, 5] strides = [5, 1] data =
  // CHECK-NEXT: [10.25, 11.25, 12.25, 13.25, 14.25],
  // CHECK-NEXT: [110.25, 111.25, 112.25, 113.25, 114.25]]
  %b1 = call @f64_axis1(%y) : (tensor<2x3x5xf64>) -> tensor<2x5xf64>
  %b1u = tensor.cast %b1 : tensor<2x5xf64> to tensor<*xf64>
  call @print64(%b1u) : (tensor<*xf64>) -> ()
  // CHECK: rank = 3 offset = 0 sizes = [2, 3, 1] strides = [3, 1, 1] data =
  // CHECK-NEXT: {{\[\[\[}}2.25],
  // CHECK-NEXT: [12.25],
  // CHECK-NEXT: [22.25]],
  // CHECK-NEXT: {{\[\[}}102.25],
  // CHECK-NEXT: [112.25],
  // CHECK-NEXT: [122.25]]]
  %b2 = call @f64_axis2_keep(%y) : (tensor<2x3x5xf64>) -> tensor<2x3x1xf64>
  %b2u = tensor.cast %b2 : tensor<2x3x1xf64> to tensor<*xf64>
  call @print64(%b2u) : (tensor<*xf64>) -> ()
  // CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
  // CHECK-NEXT: [62.25]
  %ball = call @f64_all(%y) : (tensor<2x3x5xf64>) -> tensor<f64>
  %ballu = tensor.cast %ball : tensor<f64> to tensor<*xf64>
  call @print64(%ballu) : (tensor<*xf64>) -> ()

  // f64 keeps what f32 would lose: mean(1, 1 + 2^-40, 1) - 1 is 1365 ulps
  // of 1.0 in f64 (0 in f32); mean(0.1, 0.2, 0.4) - 0.2 = 0.0333...
  // CHECK: rank = 1 offset = 0 sizes = [2] strides = [1] data =
  // CHECK-NEXT: [3.03091e-13, 0.0333333]
  %z = arith.constant dense<[[1.0, 1.0000000000009094947017729282379150390625, 1.0], [0.1, 0.2, 0.4]]> : tensor<2x3xf64>
  %zd = tensor.cast %z : tensor<2x3xf64> to tensor<?x?xf64>
  %zm = call @f64_dyn(%zd) : (tensor<?x?xf64>) -> tensor<?xf64>
  %off = arith.constant dense<[1.0, 0.2]> : tensor<2xf64>
  %zs = tensor.cast %zm : tensor<?xf64> to tensor<2xf64>
  %zr = arith.subf %zs, %off : tensor<2xf64>
  %zmu = tensor.cast %zr : tensor<2xf64> to tensor<*xf64>
  call @print64(%zmu) : (tensor<*xf64>) -> ()
  return
}
