// The README's C++ example (rmean-pm-example.cpp): the host's canonicalize
// and rmean's CPU pipeline in the host's own PassManager, with the options
// checked first. The result runs, threaded; a bad option is one diagnostic
// naming it and its range, and nothing runs.

// REQUIRES: mlir-runner, libomp
// RUN: rmean-pm-example %s 2 \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp \
// RUN:   | FileCheck %s
// RUN: not rmean-pm-example %s 0 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not rmean-pm-example 2>&1 | FileCheck %s --check-prefix=USAGE

// BAD: error: rmean-cpu-pipeline: option 'num-threads' must be in [1, 4096], got 0
// BAD-NOT: error
// USAGE: usage: rmean-pm-example FILE [NUM_THREADS]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @rows(%x: tensor<3x1000xf32>) -> tensor<3xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x1000xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

func.func @main() {
  %x = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ij = arith.muli %i, %j : index
    %v = arith.index_cast %ij : index to i64
    %f = arith.sitofp %v : i64 to f32
    tensor.yield %f : f32
  } : tensor<3x1000xf32>
  // Row i is i * (0 .. 999): means 0, 499.5, 999.
  // CHECK: [0, 499.5, 999]
  %r = call @rows(%x) : (tensor<3x1000xf32>) -> tensor<3xf32>
  %u = tensor.cast %r : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
