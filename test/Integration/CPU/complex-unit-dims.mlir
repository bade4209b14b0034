// A complex mean whose kept sizes of 1 become static only after
// canonicalisation (a static input cast to dynamic sizes, as a front end
// passing a constant through a dynamic signature does): the parts' slices
// must still drop the part dimension, not another unit dimension (found by
// the differential tester: the pipeline produced invalid IR). Element
// (k, j) of the 2x6 plane is (6k + j) - (6k + j)i, so the mean over k is
// (j + 3) - (j + 3)i.

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils
// RUN: rmean-opt %s --rmean-cpu-pipeline=vector-size=0 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline=cache-tile=5 | %{run} | FileCheck %s

// CHECK: data =
// CHECK-NEXT: {{\[}}{{\[}}[3,   4,   5,   6,   7,   8]]]
// CHECK: data =
// CHECK-NEXT: {{\[}}{{\[}}[-3,   -4,   -5,   -6,   -7,   -8]]]

func.func private @printMemrefF64(tensor<*xf64>)

func.func @main() {
  %x = tensor.generate {
  ^bb0(%a: index, %b: index, %k: index, %j: index):
    %c6 = arith.constant 6 : index
    %k6 = arith.muli %k, %c6 : index
    %n = arith.addi %k6, %j : index
    %ni = arith.index_cast %n : index to i64
    %re = arith.sitofp %ni : i64 to f64
    %im = arith.negf %re : f64
    %v = complex.create %re, %im : complex<f64>
    tensor.yield %v : complex<f64>
  } : tensor<1x1x2x6xcomplex<f64>>
  %d = tensor.cast %x : tensor<1x1x2x6xcomplex<f64>> to tensor<?x?x2x6xcomplex<f64>>
  %m = rmean.reduce_mean %d {axes = array<i64: 2>} : tensor<?x?x2x6xcomplex<f64>> -> tensor<?x1x6xcomplex<f64>>
  %s = tensor.cast %m : tensor<?x1x6xcomplex<f64>> to tensor<1x1x6xcomplex<f64>>
  %e = tensor.empty() : tensor<1x1x6xf64>
  %parts:2 = linalg.generic {indexing_maps = [affine_map<(a, b, c) -> (a, b, c)>, affine_map<(a, b, c) -> (a, b, c)>, affine_map<(a, b, c) -> (a, b, c)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<1x1x6xcomplex<f64>>) outs(%e, %e : tensor<1x1x6xf64>, tensor<1x1x6xf64>) {
  ^bb0(%v: complex<f64>, %o0: f64, %o1: f64):
    %r = complex.re %v : complex<f64>
    %i = complex.im %v : complex<f64>
    linalg.yield %r, %i : f64, f64
  } -> (tensor<1x1x6xf64>, tensor<1x1x6xf64>)
  %u0 = tensor.cast %parts#0 : tensor<1x1x6xf64> to tensor<*xf64>
  call @printMemrefF64(%u0) : (tensor<*xf64>) -> ()
  %u1 = tensor.cast %parts#1 : tensor<1x1x6xf64> to tensor<*xf64>
  call @printMemrefF64(%u1) : (tensor<*xf64>) -> ()
  return
}
