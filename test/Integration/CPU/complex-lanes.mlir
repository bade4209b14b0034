// Complex means read through rmean.view_as_real (rmean-view-complex-as-real)
// and columns too narrow to fill a vector (complex parts, thin matrices),
// which rmean-cpu-tile reads as several rows per vector of lanes: rows,
// columns, middle axes and reduce-all, static and dynamic, compensated f64
// parts, exact i64 halves; every configuration must print what the scalar
// code prints. Each input is its mean plus terms that cancel exactly over
// the reduced dimension, so the means are exact.

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline=vector-size=0 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="block-trips=0 num-threads=2" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="vector-size=4 num-threads=2" | %{run} | FileCheck %s

// complex<f32> rows [5, 1001]: row i has mean (i, -i).
// CHECK: data =
// CHECK-NEXT: [(0,0),  (1,-1),  (2,-2),  (3,-3),  (4,-4)]
// complex<f64> columns [1003, 3] (compensated parts): column c (c, 10c).
// CHECK: data =
// CHECK-NEXT: [(0,0),  (1,10),  (2,20)]
// complex<f32> reduce-all of a run-time [4096]: (3, -1).
// CHECK: data =
// CHECK-NEXT: [(3,-1)]
// complex<f32> [3, 200, 4] over the middle axis, keep_dims: (p + c, p - c).
// CHECK: data =
// CHECK-NEXT: {{\[}}{{\[}}[(0,0),   (1,-1),   (2,-2),   (3,-3)]],
// CHECK-NEXT:  {{\[}}[(1,1),   (2,0),   (3,-1),   (4,-2)]],
// CHECK-NEXT:  {{\[}}[(2,2),   (3,1),   (4,0),   (5,-1)]]]
// f32 columns [1000, 3]: column c has mean c + 0.5.
// CHECK: data =
// CHECK-NEXT: [0.5,  1.5,  2.5]
// i64 columns [999, 2] near 2^62 (the sums need the exact i128 halves).
// CHECK: data =
// CHECK-NEXT: [4611686018427387904,  4611686018427387905]

func.func private @printMemrefC32(tensor<*xcomplex<f32>>)
func.func private @printMemrefC64(tensor<*xcomplex<f64>>)
func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI64(tensor<*xi64>)

func.func @c32_rows(%x: tensor<5x1001xcomplex<f32>>) -> tensor<5xcomplex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<5x1001xcomplex<f32>> -> tensor<5xcomplex<f32>>
  return %0 : tensor<5xcomplex<f32>>
}
func.func @c64_cols(%x: tensor<1003x3xcomplex<f64>>) -> tensor<3xcomplex<f64>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1003x3xcomplex<f64>> -> tensor<3xcomplex<f64>>
  return %0 : tensor<3xcomplex<f64>>
}
func.func @c32_all(%x: tensor<?xcomplex<f32>>) -> tensor<complex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?xcomplex<f32>> -> tensor<complex<f32>>
  return %0 : tensor<complex<f32>>
}
func.func @c32_middle(%x: tensor<3x200x4xcomplex<f32>>) -> tensor<3x1x4xcomplex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, keep_dims = true} : tensor<3x200x4xcomplex<f32>> -> tensor<3x1x4xcomplex<f32>>
  return %0 : tensor<3x1x4xcomplex<f32>>
}
func.func @f32_cols(%x: tensor<1000x3xf32>) -> tensor<3xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<1000x3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @i64_cols(%x: tensor<999x2xi64>) -> tensor<2xi64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<999x2xi64> -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

/// `i` as f32 and as f64.
func.func @f(%i: index) -> f32 {
  %a = arith.index_cast %i : index to i64
  %b = arith.sitofp %a : i64 to f32
  return %b : f32
}
func.func @d(%i: index) -> f64 {
  %a = arith.index_cast %i : index to i64
  %b = arith.sitofp %a : i64 to f64
  return %b : f64
}

func.func @main() {
  %c4096 = arith.constant 4096 : index
  %c500 = arith.constant 500 : index
  %c501 = arith.constant 501 : index
  %c2 = arith.constant 2 : index
  %half = arith.constant 0.5 : f32
  %ten = arith.constant 10.0 : f64
  %three = arith.constant 3.0 : f32
  %mid = arith.constant 2047.5 : f32
  %minus1 = arith.constant -1.0 : f32

  // Rows: (i + (j - 500), -i + 2 (j - 500)).
  %rows = tensor.generate {
  ^bb0(%i: index, %j: index):
    %fi = func.call @f(%i) : (index) -> f32
    %fj = func.call @f(%j) : (index) -> f32
    %f500 = func.call @f(%c500) : (index) -> f32
    %t = arith.subf %fj, %f500 : f32
    %re = arith.addf %fi, %t : f32
    %t2 = arith.addf %t, %t : f32
    %ni = arith.negf %fi : f32
    %im = arith.addf %ni, %t2 : f32
    %z = complex.create %re, %im : complex<f32>
    tensor.yield %z : complex<f32>
  } : tensor<5x1001xcomplex<f32>>
  %r = func.call @c32_rows(%rows) : (tensor<5x1001xcomplex<f32>>) -> tensor<5xcomplex<f32>>
  %r_u = tensor.cast %r : tensor<5xcomplex<f32>> to tensor<*xcomplex<f32>>
  func.call @printMemrefC32(%r_u) : (tensor<*xcomplex<f32>>) -> ()

  // Columns: (c + (r - 501), 10 c - (r - 501)).
  %cols = tensor.generate {
  ^bb0(%i: index, %j: index):
    %di = func.call @d(%i) : (index) -> f64
    %dj = func.call @d(%j) : (index) -> f64
    %d501 = func.call @d(%c501) : (index) -> f64
    %t = arith.subf %di, %d501 : f64
    %re = arith.addf %dj, %t : f64
    %tj = arith.mulf %dj, %ten : f64
    %im = arith.subf %tj, %t : f64
    %z = complex.create %re, %im : complex<f64>
    tensor.yield %z : complex<f64>
  } : tensor<1003x3xcomplex<f64>>
  %c = func.call @c64_cols(%cols) : (tensor<1003x3xcomplex<f64>>) -> tensor<3xcomplex<f64>>
  %c_u = tensor.cast %c : tensor<3xcomplex<f64>> to tensor<*xcomplex<f64>>
  func.call @printMemrefC64(%c_u) : (tensor<*xcomplex<f64>>) -> ()

  // Reduce-all: (3 + (j - 2047.5), -1).
  %all = tensor.generate %c4096 {
  ^bb0(%j: index):
    %fj = func.call @f(%j) : (index) -> f32
    %t = arith.subf %fj, %mid : f32
    %re = arith.addf %three, %t : f32
    %z = complex.create %re, %minus1 : complex<f32>
    tensor.yield %z : complex<f32>
  } : tensor<?xcomplex<f32>>
  %a = func.call @c32_all(%all) : (tensor<?xcomplex<f32>>) -> tensor<complex<f32>>
  %a_u = tensor.cast %a : tensor<complex<f32>> to tensor<*xcomplex<f32>>
  func.call @printMemrefC32(%a_u) : (tensor<*xcomplex<f32>>) -> ()

  // Middle axis: (p + c + (r - 99.5), p - c - (r - 99.5)).
  %middle = tensor.generate {
  ^bb0(%p: index, %rr: index, %cc: index):
    %fp = func.call @f(%p) : (index) -> f32
    %fr = func.call @f(%rr) : (index) -> f32
    %fc = func.call @f(%cc) : (index) -> f32
    %c99 = arith.constant 99.5 : f32
    %t = arith.subf %fr, %c99 : f32
    %s = arith.addf %fp, %fc : f32
    %re = arith.addf %s, %t : f32
    %d = arith.subf %fp, %fc : f32
    %im = arith.subf %d, %t : f32
    %z = complex.create %re, %im : complex<f32>
    tensor.yield %z : complex<f32>
  } : tensor<3x200x4xcomplex<f32>>
  %m = func.call @c32_middle(%middle) : (tensor<3x200x4xcomplex<f32>>) -> tensor<3x1x4xcomplex<f32>>
  %m_u = tensor.cast %m : tensor<3x1x4xcomplex<f32>> to tensor<*xcomplex<f32>>
  func.call @printMemrefC32(%m_u) : (tensor<*xcomplex<f32>>) -> ()

  // f32 columns: c + 0.5 + (r - 499.5).
  %fcols = tensor.generate {
  ^bb0(%i: index, %j: index):
    %fi = func.call @f(%i) : (index) -> f32
    %fj = func.call @f(%j) : (index) -> f32
    %c4995 = arith.constant 499.5 : f32
    %t = arith.subf %fi, %c4995 : f32
    %cj = arith.addf %fj, %half : f32
    %v = arith.addf %cj, %t : f32
    tensor.yield %v : f32
  } : tensor<1000x3xf32>
  %fc = func.call @f32_cols(%fcols) : (tensor<1000x3xf32>) -> tensor<3xf32>
  %fc_u = tensor.cast %fc : tensor<3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%fc_u) : (tensor<*xf32>) -> ()

  // i64 columns: 2^62 + c + 1000 (r - 499).
  %icols = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %ij = arith.index_cast %j : index to i64
    %base = arith.constant 4611686018427387904 : i64
    %k499 = arith.constant 499 : i64
    %k1000 = arith.constant 1000 : i64
    %t = arith.subi %ii, %k499 : i64
    %t2 = arith.muli %t, %k1000 : i64
    %b = arith.addi %base, %ij : i64
    %v = arith.addi %b, %t2 : i64
    tensor.yield %v : i64
  } : tensor<999x2xi64>
  %ic = func.call @i64_cols(%icols) : (tensor<999x2xi64>) -> tensor<2xi64>
  %ic_u = tensor.cast %ic : tensor<2xi64> to tensor<*xi64>
  func.call @printMemrefI64(%ic_u) : (tensor<*xi64>) -> ()
  return
}
