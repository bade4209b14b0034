// Pins down how the host folder and the compiled code differ on inputs
// whose partial sums leave the accumulator's range or precision (see
// docs/Rationale.md, "Folding"): the folder sums exactly and rounds once;
// the compiled code sums in f64 (with a Neumaier term for f64 inputs), so
// a partial sum that overflows gives +inf, and a term more than 2^53 below
// a cancelling f32 pair is lost when it meets one of the pair first (the
// vector code sums the lanes of a row pairwise: elements 0 and 2 of a short
// row meet before element 1; the scalar code, vector-size=0, in element
// order; so do rows that a step of whole rows leaves over, hence eight f32
// rows below). On every other input the two agree up to the rounding of
// the sum.

// DEFINE: %{naive} = rmean-opt %s --rmean-cpu-pipeline=vector-size=0
// DEFINE: %{pipeline} = rmean-opt %s --rmean-cpu-pipeline
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils

// RUN: %{naive} | %{run} | FileCheck %s --check-prefixes=CHECK,SCALAR
// RUN: %{pipeline} | %{run} | FileCheck %s --check-prefixes=CHECK,VECTOR

// Compiled f64: overflow half-way, overflow, Neumaier keeps the 1.
// CHECK: data =
// CHECK-NEXT: [inf, inf, 0.25, 0.25]
// Folded f64: the exact means.
// CHECK-NEXT: Unranked Memref {{.*}} data =
// CHECK-NEXT: [2.5e+307, 0, 0.25, 0.25]
// Compiled f32: 2^100 + 1 is not representable in f64, 2^40 + 1 is. The
// scalar loop adds in element order (2^100 - 2^100 first, so the 1
// survives); the vector code's pairwise merge meets 2^100 + 1 first, and
// sums these short rows in f32 blocks (docs/ReduceMean.md §4.3), where
// 2^40 + 1 is not representable either.
// CHECK-NEXT: Unranked Memref {{.*}} data =
// SCALAR-NEXT: [0.333333, 0.333333, 2, 2, 2, 2, 2, 2]
// VECTOR-NEXT: [0, 0, 2, 2, 2, 2, 2, 2]
// Folded f32: exact.
// CHECK-NEXT: Unranked Memref {{.*}} data =
// CHECK-NEXT: [0.333333, 0.333333, 2, 2, 2, 2, 2, 2]

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefF64(tensor<*xf64>)

func.func @rows_f64(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf64> -> tensor<?xf64>
  return %0 : tensor<?xf64>
}
func.func @rows_f32(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @main() {
  // f64 rows: 1e308 + 1e308 overflows before -1e308 brings the sum back;
  // the same with two -1e308; 1e300 + 1 - 1e300 (1 is lost below 1e300);
  // 2^100, 1, -2^100.
  %d = arith.constant dense<[[1.0e308, 1.0e308, -1.0e308, 0.0],
                             [1.0e308, 1.0e308, -1.0e308, -1.0e308],
                             [1.0e300, 1.0, -1.0e300, 0.0],
                             [1.2676506002282294e30, 1.0, -1.2676506002282294e30, 0.0]]> : tensor<4x4xf64>
  %dd = tensor.cast %d : tensor<4x4xf64> to tensor<?x?xf64>
  %dm = call @rows_f64(%dd) : (tensor<?x?xf64>) -> tensor<?xf64>
  %dmu = tensor.cast %dm : tensor<?xf64> to tensor<*xf64>
  call @printMemrefF64(%dmu) : (tensor<*xf64>) -> ()
  %df = rmean.reduce_mean %d {axes = array<i64: 1>} : tensor<4x4xf64> -> tensor<4xf64>
  %dfu = tensor.cast %df : tensor<4xf64> to tensor<*xf64>
  call @printMemrefF64(%dfu) : (tensor<*xf64>) -> ()

  // f32 rows: 2^100, -2^100, 1 (f64 cannot hold 2^100 + 1); 2^40, -2^40,
  // 1 (it can); six rows 1, 2, 3, so that the rows of a run-time length
  // fill a step of eight whole rows (rmean.cpu_short_rows).
  %f = arith.constant dense<[[1.2676506002282294e30, -1.2676506002282294e30, 1.0],
                             [1099511627776.0, -1099511627776.0, 1.0],
                             [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0],
                             [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0]]> : tensor<8x3xf32>
  %fd = tensor.cast %f : tensor<8x3xf32> to tensor<?x?xf32>
  %fm = call @rows_f32(%fd) : (tensor<?x?xf32>) -> tensor<?xf32>
  %fmu = tensor.cast %fm : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%fmu) : (tensor<*xf32>) -> ()
  %ff = rmean.reduce_mean %f {axes = array<i64: 1>} : tensor<8x3xf32> -> tensor<8xf32>
  %ffu = tensor.cast %ff : tensor<8xf32> to tensor<*xf32>
  call @printMemrefF32(%ffu) : (tensor<*xf32>) -> ()
  return
}
