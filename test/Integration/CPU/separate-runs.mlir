// Means over reduced runs separated by kept dimensions (batch statistics of
// NCHW over (0, 2, 3), and [P, R, P, R], [R, P, R, P], three runs) are
// split into sums of one run each (rmean-split-reduced-runs) and
// vectorised; every configuration must print what the scalar code prints.
// Each input is its result plus terms that cancel exactly over the reduced
// dimensions, so the means are exact: channel c of the batch statistics is
// c, except channel 3 (a NaN in one element) and channel 4 (+Inf in one).

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline=vector-size=0 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="block-trips=0 num-threads=2" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="vector-size=4 num-threads=2" | %{run} | FileCheck %s

// Batch statistics, f32 [4, 5, 28, 28] over (0, 2, 3).
// CHECK: data =
// CHECK-NEXT: [0,  1,  2,  {{-?}}nan,  inf]
// The same in bf16 with a run-time batch of 4, [?, 5, 7, 7].
// CHECK: data =
// CHECK-NEXT: [0,  1,  2,  3,  4]
// i8 [2, 3, 4, 50] over (1, 3): +-120 alternating along the rows.
// CHECK: data =
// CHECK-NEXT: {{\[}}[0,   1,   2,   3],
// CHECK-NEXT: [3,   4,   5,   6]]
// f32 [3, 4, 5, 6] over (0, 2): 10 * p1 + p3.
// CHECK: data =
// CHECK-NEXT: {{\[}}[0,   1,   2,   3,   4,   5],
// CHECK-NEXT: [10,   11,   12,   13,   14,   15],
// CHECK-NEXT: [20,   21,   22,   23,   24,   25],
// CHECK-NEXT: [30,   31,   32,   33,   34,   35]]
// f32 [2, 3, 4, 5, 6] over (0, 2, 4): 10 * p1 + p3.
// CHECK: data =
// CHECK-NEXT: {{\[}}[0,   1,   2,   3,   4],
// CHECK-NEXT: [10,   11,   12,   13,   14],
// CHECK-NEXT: [20,   21,   22,   23,   24]]

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI64(tensor<*xi64>)

func.func @stats(%x: tensor<4x5x28x28xf32>) -> tensor<5xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2, 3>} : tensor<4x5x28x28xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
func.func @stats_bf16(%x: tensor<?x5x7x7xbf16>) -> tensor<5xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2, 3>} : tensor<?x5x7x7xbf16> -> tensor<5xbf16>
  return %0 : tensor<5xbf16>
}
func.func @prpr(%x: tensor<2x3x4x50xi8>) -> tensor<2x4xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 3>} : tensor<2x3x4x50xi8> -> tensor<2x4xi8>
  return %0 : tensor<2x4xi8>
}
func.func @rprp(%x: tensor<3x4x5x6xf32>) -> tensor<4x6xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2>} : tensor<3x4x5x6xf32> -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @three(%x: tensor<2x3x4x5x6xf32>) -> tensor<3x5xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0, 2, 4>} : tensor<2x3x4x5x6xf32> -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

/// `i` as f32.
func.func @f(%i: index) -> f32 {
  %a = arith.index_cast %i : index to i64
  %b = arith.sitofp %a : i64 to f32
  return %b : f32
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c9 = arith.constant 9 : index
  %ten = arith.constant 10.0 : f32
  %half = arith.constant 0.5 : f32
  %quarter = arith.constant 0.25 : f32
  %h1 = arith.constant 1.5 : f32
  %h2 = arith.constant 2.5 : f32
  %h13 = arith.constant 13.5 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %inf = arith.constant 0x7F800000 : f32

  // c + (n - 1.5) + (h - 13.5) / 4 + (w - 13.5) / 4, a NaN at (2, 3, 9, 9)
  // and +Inf at (n, 4, 5, 7) for every n.
  %x = tensor.generate {
  ^bb0(%n: index, %c: index, %h: index, %w: index):
    %fn = func.call @f(%n) : (index) -> f32
    %fc = func.call @f(%c) : (index) -> f32
    %fh = func.call @f(%h) : (index) -> f32
    %fw = func.call @f(%w) : (index) -> f32
    %dn = arith.subf %fn, %h1 : f32
    %dh = arith.subf %fh, %h13 : f32
    %dw = arith.subf %fw, %h13 : f32
    %qh = arith.mulf %dh, %quarter : f32
    %qw = arith.mulf %dw, %quarter : f32
    %s0 = arith.addf %fc, %dn : f32
    %s1 = arith.addf %s0, %qh : f32
    %s2 = arith.addf %s1, %qw : f32
    %isn = arith.cmpi eq, %n, %c2 : index
    %isc = arith.cmpi eq, %c, %c3 : index
    %ish = arith.cmpi eq, %h, %c9 : index
    %isw = arith.cmpi eq, %w, %c9 : index
    %a0 = arith.andi %isn, %isc : i1
    %a1 = arith.andi %ish, %isw : i1
    %isnan = arith.andi %a0, %a1 : i1
    %s3 = arith.select %isnan, %nan, %s2 : f32
    %ic4 = arith.cmpi eq, %c, %c4 : index
    %ih5 = arith.cmpi eq, %h, %c5 : index
    %iw7 = arith.cmpi eq, %w, %c7 : index
    %b0 = arith.andi %ic4, %ih5 : i1
    %b1 = arith.andi %b0, %iw7 : i1
    %s4 = arith.select %b1, %inf, %s3 : f32
    tensor.yield %s4 : f32
  } : tensor<4x5x28x28xf32>
  %m0 = func.call @stats(%x) : (tensor<4x5x28x28xf32>) -> tensor<5xf32>
  %u0 = tensor.cast %m0 : tensor<5xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()

  // c + (n - 1.5) + (h - 3) / 4, in bf16, with a run-time batch.
  %xb = tensor.generate %c4 {
  ^bb0(%n: index, %c: index, %h: index, %w: index):
    %fn = func.call @f(%n) : (index) -> f32
    %fc = func.call @f(%c) : (index) -> f32
    %fh = func.call @f(%h) : (index) -> f32
    %dn = arith.subf %fn, %h1 : f32
    %three = arith.constant 3.0 : f32
    %dh = arith.subf %fh, %three : f32
    %qh = arith.mulf %dh, %quarter : f32
    %s0 = arith.addf %fc, %dn : f32
    %s1 = arith.addf %s0, %qh : f32
    %b = arith.truncf %s1 : f32 to bf16
    tensor.yield %b : bf16
  } : tensor<?x5x7x7xbf16>
  %mb = func.call @stats_bf16(%xb) : (tensor<?x5x7x7xbf16>) -> tensor<5xbf16>
  %mbf = arith.extf %mb : tensor<5xbf16> to tensor<5xf32>
  %ub = tensor.cast %mbf : tensor<5xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()

  // 3 a + c + (d even ? 120 : -120).
  %xi = tensor.generate {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    %a3 = arith.muli %a, %c3 : index
    %v = arith.addi %a3, %c : index
    %par = arith.remui %d, %c2 : index
    %c0 = arith.constant 0 : index
    %even = arith.cmpi eq, %par, %c0 : index
    %p = arith.constant 120 : index
    %m = arith.constant -120 : index
    %t = arith.select %even, %p, %m : index
    %s = arith.addi %v, %t : index
    %i = arith.index_cast %s : index to i8
    tensor.yield %i : i8
  } : tensor<2x3x4x50xi8>
  %mi = func.call @prpr(%xi) : (tensor<2x3x4x50xi8>) -> tensor<2x4xi8>
  %mi64 = arith.extsi %mi : tensor<2x4xi8> to tensor<2x4xi64>
  %ui = tensor.cast %mi64 : tensor<2x4xi64> to tensor<*xi64>
  func.call @printMemrefI64(%ui) : (tensor<*xi64>) -> ()

  // 10 p1 + p3 + (r0 - 1) + (r2 - 2) / 2.
  %xm = tensor.generate {
  ^bb0(%r0: index, %p1: index, %r2: index, %p3: index):
    %f0 = func.call @f(%r0) : (index) -> f32
    %f1 = func.call @f(%p1) : (index) -> f32
    %f2 = func.call @f(%r2) : (index) -> f32
    %f3 = func.call @f(%p3) : (index) -> f32
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %k = arith.mulf %f1, %ten : f32
    %v = arith.addf %k, %f3 : f32
    %d0 = arith.subf %f0, %one : f32
    %d2 = arith.subf %f2, %two : f32
    %q2 = arith.mulf %d2, %half : f32
    %s0 = arith.addf %v, %d0 : f32
    %s1 = arith.addf %s0, %q2 : f32
    tensor.yield %s1 : f32
  } : tensor<3x4x5x6xf32>
  %mm = func.call @rprp(%xm) : (tensor<3x4x5x6xf32>) -> tensor<4x6xf32>
  %um = tensor.cast %mm : tensor<4x6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%um) : (tensor<*xf32>) -> ()

  // 10 p1 + p3 + (r0 - 0.5) + (r2 - 1.5) + (r4 - 2.5).
  %xt = tensor.generate {
  ^bb0(%r0: index, %p1: index, %r2: index, %p3: index, %r4: index):
    %f0 = func.call @f(%r0) : (index) -> f32
    %f1 = func.call @f(%p1) : (index) -> f32
    %f2 = func.call @f(%r2) : (index) -> f32
    %f3 = func.call @f(%p3) : (index) -> f32
    %f4 = func.call @f(%r4) : (index) -> f32
    %k = arith.mulf %f1, %ten : f32
    %v = arith.addf %k, %f3 : f32
    %d0 = arith.subf %f0, %half : f32
    %d2 = arith.subf %f2, %h1 : f32
    %d4 = arith.subf %f4, %h2 : f32
    %s0 = arith.addf %v, %d0 : f32
    %s1 = arith.addf %s0, %d2 : f32
    %s2 = arith.addf %s1, %d4 : f32
    tensor.yield %s2 : f32
  } : tensor<2x3x4x5x6xf32>
  %mt = func.call @three(%xt) : (tensor<2x3x4x5x6xf32>) -> tensor<3x5xf32>
  %ut = tensor.cast %mt : tensor<3x5xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ut) : (tensor<*xf32>) -> ()
  return
}
