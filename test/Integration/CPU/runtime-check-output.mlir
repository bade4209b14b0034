// Proves that the message of a failed run-time check reaches the output
// when stdout is a pipe or a file (as under lit, CI or any log), not only on
// a terminal: a failing check must not end the process with its message
// still in the stdio buffer, and it ends it with exit status 70, not a
// signal. The program prints one line before the failing reduction, so both
// lines must show up, in order. (runtime-axes-errors.mlir covers every check
// with stdout made unbuffered.)

// DEFINE: %{run} = %python %S/Inputs/expect_status.py 70 mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils

// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} > %t.out 2> %t.err
// RUN: cat %t.out %t.err | FileCheck %s

// CHECK: sizes = [1] strides = [1] data =
// CHECK-NEXT: [42]
// CHECK: rmean.reduce_mean: runtime axis 3 is out of range [-3, 2]
// The host's crash handler never runs: the program exits, status 70.
// CHECK-NOT: PLEASE submit a bug report
// CHECK-NOT: Stack dump

func.func private @printMemrefI64(tensor<*xi64>)

func.func @mean(%x: tensor<2x3x5xf32>, %a: tensor<1xi64>) -> tensor<?x?xf32> {
  %0 = rmean.reduce_mean %x, %a : tensor<2x3x5xf32>, tensor<1xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @main() {
  %x = arith.constant dense<1.0> : tensor<2x3x5xf32>
  %a = arith.constant dense<[3]> : tensor<1xi64>
  %p = arith.constant dense<[42]> : tensor<1xi64>
  %au = tensor.cast %p : tensor<1xi64> to tensor<*xi64>
  call @printMemrefI64(%au) : (tensor<*xi64>) -> ()
  %r = call @mean(%x, %a) : (tensor<2x3x5xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  return
}
