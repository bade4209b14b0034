// Proves that complex<f32> and complex<f64> means divide the real and the
// imaginary sums by the count: rows, columns (keep_dims), reduce-all, static
// and dynamic shapes, and a real part that cancels while the imaginary part
// does not. The @c32_* / @c64_* functions are compiled; the reductions on
// constants in @main are folded on the host and must print the same values.

// DEFINE: %{naive} = rmean-opt %s --rmean-cpu-pipeline=vector-size=0
// DEFINE: %{pipeline} = rmean-opt %s --rmean-cpu-pipeline
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils

// RUN: %{naive} | %{run} | FileCheck %s
// RUN: %{pipeline} | %{run} | FileCheck %s

func.func private @printMemrefC32(tensor<*xcomplex<f32>>)
func.func private @printMemrefC64(tensor<*xcomplex<f64>>)

func.func @c32_rows(%x: tensor<?x?xcomplex<f32>>) -> tensor<?xcomplex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xcomplex<f32>> -> tensor<?xcomplex<f32>>
  return %0 : tensor<?xcomplex<f32>>
}
func.func @c32_cols_keep(%x: tensor<2x3xcomplex<f32>>) -> tensor<1x3xcomplex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>, keep_dims = true} : tensor<2x3xcomplex<f32>> -> tensor<1x3xcomplex<f32>>
  return %0 : tensor<1x3xcomplex<f32>>
}
func.func @c32_all(%x: tensor<2x3xcomplex<f32>>) -> tensor<complex<f32>> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<2x3xcomplex<f32>> -> tensor<complex<f32>>
  return %0 : tensor<complex<f32>>
}
func.func @c64_rows(%x: tensor<?x?xcomplex<f64>>) -> tensor<?xcomplex<f64>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: -1>} : tensor<?x?xcomplex<f64>> -> tensor<?xcomplex<f64>>
  return %0 : tensor<?xcomplex<f64>>
}
func.func @c64_cols(%x: tensor<2x3xcomplex<f64>>) -> tensor<3xcomplex<f64>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<2x3xcomplex<f64>> -> tensor<3xcomplex<f64>>
  return %0 : tensor<3xcomplex<f64>>
}
func.func @c64_all(%x: tensor<?x?xcomplex<f64>>) -> tensor<complex<f64>> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 1>} : tensor<?x?xcomplex<f64>> -> tensor<complex<f64>>
  return %0 : tensor<complex<f64>>
}

func.func @main() {
  // Rows: ((1+2i) + (3+4i) + (5-6i))/3 = 3 + 0i;
  //       ((0.5-1i) + (1.5+1i) + (1+2i))/3 = 1 + 0.666667i.
  // Columns: (1+2i + 0.5-1i)/2 = 0.75+0.5i, (3+4i + 1.5+1i)/2 = 2.25+2.5i,
  //          (5-6i + 1+2i)/2 = 3-2i.
  // All: (9+0i + 3+2i)/6 = 2 + 0.333333i.
  %a = arith.constant dense<[[(1.0, 2.0), (3.0, 4.0), (5.0, -6.0)],
                             [(0.5, -1.0), (1.5, 1.0), (1.0, 2.0)]]> : tensor<2x3xcomplex<f32>>

  // CHECK: rank = 1 offset = 0 sizes = [2] strides = [1] data =
  // CHECK-NEXT: [(3,0), (1,0.666667)]
  %ad = tensor.cast %a : tensor<2x3xcomplex<f32>> to tensor<?x?xcomplex<f32>>
  %r = call @c32_rows(%ad) : (tensor<?x?xcomplex<f32>>) -> tensor<?xcomplex<f32>>
  %ru = tensor.cast %r : tensor<?xcomplex<f32>> to tensor<*xcomplex<f32>>
  call @printMemrefC32(%ru) : (tensor<*xcomplex<f32>>) -> ()

  // CHECK: rank = 2 offset = 0 sizes = [1, 3] strides = [3, 1] data =
  // CHECK-NEXT: {{\[\[}}(0.75,0.5), (2.25,2.5), (3,-2)]]
  %k = call @c32_cols_keep(%a) : (tensor<2x3xcomplex<f32>>) -> tensor<1x3xcomplex<f32>>
  %ku = tensor.cast %k : tensor<1x3xcomplex<f32>> to tensor<*xcomplex<f32>>
  call @printMemrefC32(%ku) : (tensor<*xcomplex<f32>>) -> ()

  // CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
  // CHECK-NEXT: [(2,0.333333)]
  %all = call @c32_all(%a) : (tensor<2x3xcomplex<f32>>) -> tensor<complex<f32>>
  %allu = tensor.cast %all : tensor<complex<f32>> to tensor<*xcomplex<f32>>
  call @printMemrefC32(%allu) : (tensor<*xcomplex<f32>>) -> ()

  // The row means again, folded.
  // CHECK: rank = 1 offset = 0 sizes = [2] strides = [1] data =
  // CHECK-NEXT: [(3,0), (1,0.666667)]
  %rf = rmean.reduce_mean %a {axes = array<i64: 1>} : tensor<2x3xcomplex<f32>> -> tensor<2xcomplex<f32>>
  %rfu = tensor.cast %rf : tensor<2xcomplex<f32>> to tensor<*xcomplex<f32>>
  call @printMemrefC32(%rfu) : (tensor<*xcomplex<f32>>) -> ()

  // complex<f64>: rows (-1+2i, 2-2i, 5+3i)/3 = 2 + 1i and
  // (0.1+0.2i, 0.2+0.1i, 0.3+0.3i)/3 = 0.2 + 0.2i; columns
  // (-1+2i + 0.1+0.2i)/2 = -0.45+1.1i, (2-2i + 0.2+0.1i)/2 = 1.1-0.95i,
  // (5+3i + 0.3+0.3i)/2 = 2.65+1.65i; all (6+3i + 0.6+0.6i)/6 = 1.1+0.6i.
  %b = arith.constant dense<[[(-1.0, 2.0), (2.0, -2.0), (5.0, 3.0)],
                             [(0.1, 0.2), (0.2, 0.1), (0.3, 0.3)]]> : tensor<2x3xcomplex<f64>>
  %bd = tensor.cast %b : tensor<2x3xcomplex<f64>> to tensor<?x?xcomplex<f64>>

  // CHECK: rank = 1 offset = 0 sizes = [2] strides = [1] data =
  // CHECK-NEXT: [(2,1), (0.2,0.2)]
  %br = call @c64_rows(%bd) : (tensor<?x?xcomplex<f64>>) -> tensor<?xcomplex<f64>>
  %bru = tensor.cast %br : tensor<?xcomplex<f64>> to tensor<*xcomplex<f64>>
  call @printMemrefC64(%bru) : (tensor<*xcomplex<f64>>) -> ()

  // CHECK: rank = 1 offset = 0 sizes = [3] strides = [1] data =
  // CHECK-NEXT: [(-0.45,1.1), (1.1,-0.95), (2.65,1.65)]
  %bc = call @c64_cols(%b) : (tensor<2x3xcomplex<f64>>) -> tensor<3xcomplex<f64>>
  %bcu = tensor.cast %bc : tensor<3xcomplex<f64>> to tensor<*xcomplex<f64>>
  call @printMemrefC64(%bcu) : (tensor<*xcomplex<f64>>) -> ()

  // CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
  // CHECK-NEXT: [(1.1,0.6)]
  %ba = call @c64_all(%bd) : (tensor<?x?xcomplex<f64>>) -> tensor<complex<f64>>
  %bau = tensor.cast %ba : tensor<complex<f64>> to tensor<*xcomplex<f64>>
  call @printMemrefC64(%bau) : (tensor<*xcomplex<f64>>) -> ()

  // Folded.
  // CHECK: rank = 1 offset = 0 sizes = [3] strides = [1] data =
  // CHECK-NEXT: [(-0.45,1.1), (1.1,-0.95), (2.65,1.65)]
  %bf = rmean.reduce_mean %b {axes = array<i64: 0>} : tensor<2x3xcomplex<f64>> -> tensor<3xcomplex<f64>>
  %bfu = tensor.cast %bf : tensor<3xcomplex<f64>> to tensor<*xcomplex<f64>>
  call @printMemrefC64(%bfu) : (tensor<*xcomplex<f64>>) -> ()
  return
}
