// A host that registers only rmean's public needs
// (registerRmeanRequiredDialectsAndInterfaces plus rmean's passes and
// pipelines, see rmean-minimal-host.cpp) runs the CPU pipeline composed with
// an upstream pass inside --pass-pipeline, and the result runs. The same
// host with only the dialects a front end uses (RMEAN_HOST_BARE=1) gets a
// diagnostic naming the missing interface, not a crash.

// REQUIRES: mlir-runner, libomp
// RUN: rmean-minimal-host %s --pass-pipeline="builtin.module(canonicalize, rmean-cpu-pipeline{num-threads=2})" \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp \
// RUN:   | FileCheck %s
// RUN: env RMEAN_HOST_BARE=1 not rmean-minimal-host %s --pass-pipeline="builtin.module(rmean-cpu-pipeline)" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BARE

// (Regression: with assertions on, as in the sanitizer build, a dyn_cast to
// linalg's promised but unregistered TilingInterface aborted with "LLVM
// ERROR: checking for an interface ... that was promised"; the pass now asks
// the dialect first.)
// BARE: error: rmean-cpu-tile: linalg.generic does not implement TilingInterface (register linalg's tiling interface models)

func.func private @printMemrefF32(tensor<*xf32>)

func.func @rows(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @cols(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0],
                             [-1.0, -2.0, -3.0, -4.0, -5.0, -6.0, -7.0, -8.0, -9.0, -10.0, -11.0, -12.0, -13.0, -14.0, -15.0, -16.0, -17.0, -17.5]]> : tensor<2x18xf32>
  %d = tensor.cast %x : tensor<2x18xf32> to tensor<?x?xf32>
  // CHECK: [9.5, -9.47222]
  %r = call @rows(%d) : (tensor<?x?xf32>) -> tensor<?xf32>
  %ru = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%ru) : (tensor<*xf32>) -> ()
  // CHECK: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.25]
  %c = call @cols(%d) : (tensor<?x?xf32>) -> tensor<?xf32>
  %cu = tensor.cast %c : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%cu) : (tensor<*xf32>) -> ()
  return
}
