// The GPU pipeline compiles a kernel for each axis set its runtime-axes
// switch lists (docs/ReduceMean.md §6.1); it has no general loop, so a mask
// outside those sets (from rank 5 up, dimensions that are not one run) ends
// the program through the failed-check path: the message on stdout and exit
// status 70, never a wrong result. The listed sets of the same function
// still run. Executed with emulate=true (the kernels on host threads).
//
// REQUIRES: libomp
// UNSUPPORTED: sanitize
// (expect_status.py requires exactly status 70, not a signal.)
// DEFINE: %{run} = env KMP_BLOCKTIME=0 stdbuf -o0 %python %S/../CPU/Inputs/expect_status.py 70 mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-gpu-pipeline="emulate=true block-size=64" | %{run} 2>&1 | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @mean(%x: tensor<2x2x2x2x3xf32>, %a: tensor<?xi64>) -> tensor<?x?xf32> {
  %0 = rmean.reduce_mean %x, %a : tensor<2x2x2x2x3xf32>, tensor<?xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @main() {
  %x = arith.constant dense<1.5> : tensor<2x2x2x2x3xf32>
  // (2, 3, 4): one run, a kernel of its own.
  %run = arith.constant dense<[2, 3, 4]> : tensor<3xi64>
  %runq = tensor.cast %run : tensor<3xi64> to tensor<?xi64>
  %m = call @mean(%x, %runq) : (tensor<2x2x2x2x3xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %u = tensor.cast %m : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  // (0, 2, 4): not a run; no kernel.
  %sep = arith.constant dense<[0, 2, 4]> : tensor<3xi64>
  %sepq = tensor.cast %sep : tensor<3xi64> to tensor<?xi64>
  %n = call @mean(%x, %sepq) : (tensor<2x2x2x2x3xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %v = tensor.cast %n : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
  return
}

// CHECK: sizes = [2, 2]
// CHECK-NEXT: {{\[}}[1.5,   1.5],
// CHECK-NEXT: [1.5,   1.5]]
// CHECK-NEXT: rmean.reduce_mean: runtime axes name a set of dimensions no kernel was compiled for (16 sets are: every set up to rank 4; from rank 5, single dimensions, then runs of adjacent ones)
// CHECK-NOT: Memref
