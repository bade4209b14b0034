// Proves that invalid values of a run-time `axes` operand stop the program
// with a message naming the problem and the offending values, before any
// element is read: an axis
// above or below [-r, r-1] (also INT64_MIN and INT32_MIN, which must not
// wrap into range), the same axis twice (also spelled once negative), axes
// that keep a number of dimensions different from the declared result rank,
// and a result that differs from statically declared sizes. Also proves that
// a constant `axes` operand with an invalid value is a compile-time
// diagnostic, not a crash. One case per split file; the reduction is never
// inlined into @main, so its axes are only known at run time.
//
// A failed check prints its message, flushes and exits with status 70
// (rmean-exit-on-failed-check); expect_status.py requires exactly that
// status, not a signal. `stdbuf -o0` keeps the message ahead of anything
// else; runtime-check-output.mlir checks it without that help.

// DEFINE: %{compile} = rmean-opt --rmean-cpu-pipeline
// DEFINE: %{run} = stdbuf -o0 %python %S/Inputs/expect_status.py 70 mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils

// RUN: rm -rf %t && split-file %s %t
// RUN: %{compile} %t/above.mlir | %{run} 2>&1 | FileCheck %t/above.mlir
// RUN: %{compile} %t/below.mlir | %{run} 2>&1 | FileCheck %t/below.mlir
// RUN: %{compile} %t/int64-min.mlir | %{run} 2>&1 | FileCheck %t/int64-min.mlir
// RUN: %{compile} %t/int32-min.mlir | %{run} 2>&1 | FileCheck %t/int32-min.mlir
// RUN: %{compile} %t/duplicate.mlir | %{run} 2>&1 | FileCheck %t/duplicate.mlir
// RUN: %{compile} %t/duplicate-negative.mlir | %{run} 2>&1 | FileCheck %t/duplicate-negative.mlir
// RUN: %{compile} %t/duplicate-earlier.mlir | %{run} 2>&1 | FileCheck %t/duplicate-earlier.mlir
// RUN: %{compile} %t/result-rank.mlir | %{run} 2>&1 | FileCheck %t/result-rank.mlir
// RUN: %{compile} %t/empty-result-rank.mlir | %{run} 2>&1 | FileCheck %t/empty-result-rank.mlir
// RUN: %{compile} %t/declared-size.mlir | %{run} 2>&1 | FileCheck %t/declared-size.mlir
// RUN: not rmean-opt --rmean-cpu-pipeline %t/constant.mlir 2>&1 | FileCheck %t/constant.mlir
// RUN: not rmean-opt --convert-rmean-to-linalg %t/constant.mlir 2>&1 | FileCheck %t/constant.mlir

//--- above.mlir
// Axis 3 on a rank-3 input.
// CHECK: rmean.reduce_mean: runtime axis 3 is out of range [-3, 2]
// CHECK-NOT: data =
func.func private @printMemrefF32(tensor<*xf32>)
func.func @mean(%x: tensor<2x3x5xf32>, %a: tensor<1xi64>) -> tensor<?x?xf32> {
  %0 = rmean.reduce_mean %x, %a : tensor<2x3x5xf32>, tensor<1xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @main() {
  %x = arith.constant dense<1.0> : tensor<2x3x5xf32>
  %a = arith.constant dense<[3]> : tensor<1xi64>
  %r = call @mean(%x, %a) : (tensor<2x3x5xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  %u = tensor.cast %r : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

//--- below.mlir
// Axis -4 on a rank-3 input, after a valid one (i32 axes).
// CHECK: rmean.reduce_mean: runtime axis -4 is out of range [-3, 2]
// CHECK-NOT: data =
func.func private @printMemrefF32(tensor<*xf32>)
func.func @mean(%x: tensor<2x3x5xf32>, %a: tensor<2xi32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x, %a : tensor<2x3x5xf32>, tensor<2xi32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @main() {
  %x = arith.constant dense<1.0> : tensor<2x3x5xf32>
  %a = arith.constant dense<[0, -4]> : tensor<2xi32>
  %r = call @mean(%x, %a) : (tensor<2x3x5xf32>, tensor<2xi32>) -> tensor<?xf32>
  %u = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

//--- int64-min.mlir
// INT64_MIN: adding the rank must not bring it into range.
// CHECK: rmean.reduce_mean: runtime axis -9223372036854775808 is out of range [-3, 2]
// CHECK-NOT: data =
func.func private @printMemrefF32(tensor<*xf32>)
func.func @mean(%x: tensor<2x3x5xf32>, %a: tensor<?xi64>) -> tensor<?x?x?xf32> {
  %0 = rmean.reduce_mean %x, %a {keep_dims = true} : tensor<2x3x5xf32>, tensor<?xi64> -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}
func.func @main() {
  %x = arith.constant dense<1.0> : tensor<2x3x5xf32>
  %a = arith.constant dense<[-9223372036854775808]> : tensor<1xi64>
  %ad = tensor.cast %a : tensor<1xi64> to tensor<?xi64>
  %r = call @mean(%x, %ad) : (tensor<2x3x5xf32>, tensor<?xi64>) -> tensor<?x?x?xf32>
  %u = tensor.cast %r : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

//--- int32-min.mlir
// INT32_MIN in si32 axes.
// CHECK: rmean.reduce_mean: runtime axis -2147483648 is out of range [-3, 2]
// CHECK-NOT: data =
func.func private @printMemrefF32(tensor<*xf32>)
func.func @mean(%x: tensor<2x3x5xf32>, %a: tensor<1xsi32>) -> tensor<?x?xf32> {
  %0 = rmean.reduce_mean %x, %a : tensor<2x3x5xf32>, tensor<1xsi32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @main() {
  %x = arith.constant dense<1.0> : tensor<2x3x5xf32>
  %a = arith.constant dense<[-2147483648]> : tensor<1xsi32>
  %r = call @mean(%x, %a) : (tensor<2x3x5xf32>, tensor<1xsi32>) -> tensor<?x?xf32>
  %u = tensor.cast %r : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

//--- duplicate.mlir
// Axes [1, 1].
// CHECK: rmean.reduce_mean: runtime axes 1 and 1 both name dimension 1
// CHECK-NOT: data =
func.func private @printMemrefF32(tensor<*xf32>)
func.func @mean(%x: tensor<2x3x5xf32>, %a: tensor<2xi64>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x, %a : tensor<2x3x5xf32>, tensor<2xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @main() {
  %x = arith.constant dense<1.0> : tensor<2x3x5xf32>
  %a = arith.constant dense<[1, 1]> : tensor<2xi64>
  %r = call @mean(%x, %a) : (tensor<2x3x5xf32>, tensor<2xi64>) -> tensor<?xf32>
  %u = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

//--- duplicate-negative.mlir
// Axes [1, -2] on rank 3: the same dimension spelled twice.
// CHECK: rmean.reduce_mean: runtime axes 1 and -2 both name dimension 1
// CHECK-NOT: data =
func.func private @printMemrefF32(tensor<*xf32>)
func.func @mean(%x: tensor<2x3x5xf32>, %a: tensor<?xi32>) -> tensor<?x?x?xf32> {
  %0 = rmean.reduce_mean %x, %a {keep_dims = true} : tensor<2x3x5xf32>, tensor<?xi32> -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}
func.func @main() {
  %x = arith.constant dense<1.0> : tensor<2x3x5xf32>
  %a = arith.constant dense<[1, -2]> : tensor<2xi32>
  %ad = tensor.cast %a : tensor<2xi32> to tensor<?xi32>
  %r = call @mean(%x, %ad) : (tensor<2x3x5xf32>, tensor<?xi32>) -> tensor<?x?x?xf32>
  %u = tensor.cast %r : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

//--- duplicate-earlier.mlir
// Axes [-1, 0, 3] on rank 4 (i32): the message names the first spelling of
// dimension 3, not the axis just before the repeat.
// CHECK: rmean.reduce_mean: runtime axes -1 and 3 both name dimension 3
// CHECK-NOT: data =
func.func private @printMemrefF32(tensor<*xf32>)
func.func @mean(%x: tensor<2x3x5x2xf32>, %a: tensor<?xi32>) -> tensor<?x?x?x?xf32> {
  %0 = rmean.reduce_mean %x, %a {keep_dims = true} : tensor<2x3x5x2xf32>, tensor<?xi32> -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}
func.func @main() {
  %x = arith.constant dense<1.0> : tensor<2x3x5x2xf32>
  %a = arith.constant dense<[-1, 0, 3]> : tensor<3xi32>
  %ad = tensor.cast %a : tensor<3xi32> to tensor<?xi32>
  %r = call @mean(%x, %ad) : (tensor<2x3x5x2xf32>, tensor<?xi32>) -> tensor<?x?x?x?xf32>
  %u = tensor.cast %r : tensor<?x?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

//--- result-rank.mlir
// Dynamic-length axes [0] keep two dimensions; the result has rank 1.
// CHECK: rmean.reduce_mean: runtime axes keep 2 dimensions but the result rank is 1
// CHECK-NOT: data =
func.func private @printMemrefF32(tensor<*xf32>)
func.func @mean(%x: tensor<2x3x5xf32>, %a: tensor<?xi64>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x, %a : tensor<2x3x5xf32>, tensor<?xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @main() {
  %x = arith.constant dense<1.0> : tensor<2x3x5xf32>
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %ad = tensor.cast %a : tensor<1xi64> to tensor<?xi64>
  %r = call @mean(%x, %ad) : (tensor<2x3x5xf32>, tensor<?xi64>) -> tensor<?xf32>
  %u = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

//--- empty-result-rank.mlir
// Empty dynamic-length axes with noop_with_empty_axes (the identity, rank 3)
// into a rank-1 result.
// CHECK: rmean.reduce_mean: runtime axes keep 3 dimensions but the result rank is 1
// CHECK-NOT: data =
func.func private @printMemrefF32(tensor<*xf32>)
func.func @mean(%x: tensor<2x3x5xf32>, %a: tensor<?xi64>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x, %a : tensor<2x3x5xf32>, tensor<?xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @main() {
  %x = arith.constant dense<1.0> : tensor<2x3x5xf32>
  %a = arith.constant dense<> : tensor<0xi64>
  %ad = tensor.cast %a : tensor<0xi64> to tensor<?xi64>
  %r = call @mean(%x, %ad) : (tensor<2x3x5xf32>, tensor<?xi64>) -> tensor<?xf32>
  %u = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

//--- declared-size.mlir
// keep_dims into tensor<1x3x1xf32>, but axes [1] give 2x1x5.
// CHECK: rmean.reduce_mean: result dimension 0 has size 2 but is declared with size 1
// CHECK-NOT: data =
func.func private @printMemrefF32(tensor<*xf32>)
func.func @mean(%x: tensor<2x3x5xf32>, %a: tensor<?xi64>) -> tensor<1x3x1xf32> {
  %0 = rmean.reduce_mean %x, %a {keep_dims = true} : tensor<2x3x5xf32>, tensor<?xi64> -> tensor<1x3x1xf32>
  return %0 : tensor<1x3x1xf32>
}
func.func @main() {
  %x = arith.constant dense<1.0> : tensor<2x3x5xf32>
  %a = arith.constant dense<[1]> : tensor<1xi64>
  %ad = tensor.cast %a : tensor<1xi64> to tensor<?xi64>
  %r = call @mean(%x, %ad) : (tensor<2x3x5xf32>, tensor<?xi64>) -> tensor<1x3x1xf32>
  %u = tensor.cast %r : tensor<1x3x1xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

//--- constant.mlir
// A constant axes operand with an out-of-range value: the verifier's
// diagnostic at compile time.
// CHECK: error: 'rmean.reduce_mean' op axis 5 is out of range [-2, 1] for an input of rank 2
func.func @mean(%x: tensor<2x3xf32>) -> tensor<?xf32> {
  %a = arith.constant dense<[5]> : tensor<1xi64>
  %0 = rmean.reduce_mean %x, %a : tensor<2x3xf32>, tensor<1xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
