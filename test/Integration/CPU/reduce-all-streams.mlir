// Reduce-alls in row streams (`row_streams` on a one-dimensional reduction,
// docs/ReduceMean.md §6.2): rmean-cpu-tile splits the input into four
// quarters, sums each from -0.0 (stepped together as four rows of lanes)
// and adds the quarters' sums in order. rmean-select-cpu-strategy chooses
// it for static f32 and i32 inputs of at least 16 MiB on one thread and a
// 512-bit target, and for f32 ones on two threads (each thread's half in
// quarters); a strategy written by hand takes it on any input.
// - 4096 f32 elements (by hand), one mean per input: the ramp 1..4096; all
//   -0.0 (every quarter and the merge start at -0.0, so the sum is -0.0);
//   all 3e38 (the f32 blocks overflow, summed again in f64: a finite
//   mean); ones with a NaN in the last quarter; ones with +Inf in the
//   first; +Inf in the first quarter and -Inf in the third (NaN); ones
//   with 3e38 in the second quarter (3e38 / 4096).
// - 4096 i32 elements (by hand): all 2^31 - 1, all -2^31 (sums beyond
//   i32, exact in i64), (i mod 1000) - 500 (mean -11.09: -11, truncated).
// - 4194304 f32 elements (exactly 16 MiB, the default selection): (i mod 8)
//   / 4 (exact sums, mean 0.875) and (131 i mod 1000) / 7, whose sums round:
//   the one-stream kernel (by hand) must agree within 2^-20 relative (1).
// - 4194304 i32 elements (the default selection): i mod 8, mean 3 (3.5
//   truncated).

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline=target-vector-bits=512 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 num-threads=2" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=256" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 narrow-f32=false" | %{run} | FileCheck %s
// The selection (512-bit target, one thread) and the split it becomes:
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy=target-vector-bits=512 | FileCheck %s --check-prefix=STRATEGY
// STRATEGY-LABEL: func.func @all_streams
// STRATEGY: rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>
// STRATEGY-LABEL: func.func @all_streams_i32
// STRATEGY: rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>
// Two threads: f32 streams each thread's half, i32 keeps one stream.
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy="target-vector-bits=512 num-threads=2" | FileCheck %s --check-prefix=STRATEGY2
// STRATEGY2-LABEL: func.func @all_streams
// STRATEGY2: rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, threads = 2, rows_per_step = 4, row_streams = true>
// STRATEGY2-LABEL: func.func @all_streams_i32
// STRATEGY2-NOT: row_streams
// STRATEGY2: return
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy=target-vector-bits=512 --rmean-cpu-tile | FileCheck %s --check-prefix=TILED
// TILED-LABEL: func.func @all_streams
// TILED: tensor.expand_shape %{{.+}} output_shape [4, 1048576] : tensor<4194304xf32> into tensor<4x1048576xf32>
// TILED-LABEL: func.func @all_one
// TILED-NOT: tensor.expand_shape
// TILED-LABEL: func.func @all_streams_i32
// TILED: tensor.expand_shape %{{.+}} output_shape [4, 1048576] : tensor<4194304xi32> into tensor<4x1048576xi32>

// CHECK: data =
// CHECK-NEXT: [2048.5,  -0,  3e+38,  {{-?}}nan,  inf,  {{-?}}nan,  7.32422e+34]
// CHECK: data =
// CHECK-NEXT: [2147483647,  -2147483648,  -11]
// CHECK: data =
// CHECK-NEXT: [0.875,  0.875]
// CHECK: data =
// CHECK-NEXT: [1]
// CHECK: data =
// CHECK-NEXT: [3]

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @small_streams(%x: tensor<4096xf32>) -> f32 {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>} : tensor<4096xf32> -> tensor<f32>
  %m = tensor.extract %0[] : tensor<f32>
  return %m : f32
}
func.func @small_streams_i32(%x: tensor<4096xi32>) -> i32 {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>} : tensor<4096xi32> -> tensor<i32>
  %m = tensor.extract %0[] : tensor<i32>
  return %m : i32
}
func.func @all_streams(%x: tensor<4194304xf32>) -> f32 {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<4194304xf32> -> tensor<f32>
  %m = tensor.extract %0[] : tensor<f32>
  return %m : f32
}
func.func @all_one(%x: tensor<4194304xf32>) -> f32 {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>} : tensor<4194304xf32> -> tensor<f32>
  %m = tensor.extract %0[] : tensor<f32>
  return %m : f32
}
func.func @all_streams_i32(%x: tensor<4194304xi32>) -> i32 {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<4194304xi32> -> tensor<i32>
  %m = tensor.extract %0[] : tensor<i32>
  return %m : i32
}

// 4096 elements: `fill` everywhere but at `at` (< 0: nowhere), which holds
// `special`, and at `at2`, which holds `special2`.
func.func @small(%fill: f32, %at: index, %special: f32, %at2: index, %special2: f32) -> tensor<4096xf32> {
  %x = tensor.generate {
  ^bb0(%i: index):
    %is = arith.cmpi eq, %i, %at : index
    %is2 = arith.cmpi eq, %i, %at2 : index
    %v1 = arith.select %is, %special, %fill : f32
    %v = arith.select %is2, %special2, %v1 : f32
    tensor.yield %v : f32
  } : tensor<4096xf32>
  return %x : tensor<4096xf32>
}

func.func @main() {
  %none = arith.constant -1 : index
  %c100 = arith.constant 100 : index
  %c1500 = arith.constant 1500 : index
  %c3000 = arith.constant 3000 : index
  %c3500 = arith.constant 3500 : index
  %one = arith.constant 1.0 : f32
  %nzero = arith.constant -0.0 : f32
  %big = arith.constant 3.0e38 : f32
  %zero = arith.constant 0.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32

  %ramp = tensor.generate {
  ^bb0(%i: index):
    %i1 = arith.index_cast %i : index to i32
    %f = arith.sitofp %i1 : i32 to f32
    %v = arith.addf %f, %one : f32
    tensor.yield %v : f32
  } : tensor<4096xf32>
  %m0 = call @small_streams(%ramp) : (tensor<4096xf32>) -> f32
  %x1 = call @small(%nzero, %none, %nzero, %none, %nzero) : (f32, index, f32, index, f32) -> tensor<4096xf32>
  %m1 = call @small_streams(%x1) : (tensor<4096xf32>) -> f32
  %x2 = call @small(%big, %none, %big, %none, %big) : (f32, index, f32, index, f32) -> tensor<4096xf32>
  %m2 = call @small_streams(%x2) : (tensor<4096xf32>) -> f32
  %x3 = call @small(%one, %c3500, %nan, %none, %one) : (f32, index, f32, index, f32) -> tensor<4096xf32>
  %m3 = call @small_streams(%x3) : (tensor<4096xf32>) -> f32
  %x4 = call @small(%one, %c100, %inf, %none, %one) : (f32, index, f32, index, f32) -> tensor<4096xf32>
  %m4 = call @small_streams(%x4) : (tensor<4096xf32>) -> f32
  %x5 = call @small(%one, %c100, %inf, %c3000, %ninf) : (f32, index, f32, index, f32) -> tensor<4096xf32>
  %m5 = call @small_streams(%x5) : (tensor<4096xf32>) -> f32
  %x6 = call @small(%zero, %c1500, %big, %none, %zero) : (f32, index, f32, index, f32) -> tensor<4096xf32>
  %m6 = call @small_streams(%x6) : (tensor<4096xf32>) -> f32
  %ms = tensor.from_elements %m0, %m1, %m2, %m3, %m4, %m5, %m6 : tensor<7xf32>
  %msu = tensor.cast %ms : tensor<7xf32> to tensor<*xf32>
  call @printMemrefF32(%msu) : (tensor<*xf32>) -> ()

  %imax = arith.constant 2147483647 : i32
  %imin = arith.constant -2147483648 : i32
  %c1000 = arith.constant 1000 : index
  %c500 = arith.constant 500 : i32
  %y0 = tensor.splat %imax : tensor<4096xi32>
  %n0 = call @small_streams_i32(%y0) : (tensor<4096xi32>) -> i32
  %y1 = tensor.splat %imin : tensor<4096xi32>
  %n1 = call @small_streams_i32(%y1) : (tensor<4096xi32>) -> i32
  %y2 = tensor.generate {
  ^bb0(%i: index):
    %r = arith.remui %i, %c1000 : index
    %r1 = arith.index_cast %r : index to i32
    %v = arith.subi %r1, %c500 : i32
    tensor.yield %v : i32
  } : tensor<4096xi32>
  %n2 = call @small_streams_i32(%y2) : (tensor<4096xi32>) -> i32
  %ns = tensor.from_elements %n0, %n1, %n2 : tensor<3xi32>
  %nsu = tensor.cast %ns : tensor<3xi32> to tensor<*xi32>
  call @printMemrefI32(%nsu) : (tensor<*xi32>) -> ()

  %c8 = arith.constant 8 : index
  %quarter = arith.constant 0.25 : f32
  %exact = tensor.generate {
  ^bb0(%i: index):
    %r = arith.remui %i, %c8 : index
    %r1 = arith.index_cast %r : index to i32
    %f = arith.sitofp %r1 : i32 to f32
    %v = arith.mulf %f, %quarter : f32
    tensor.yield %v : f32
  } : tensor<4194304xf32>
  %e0 = call @all_streams(%exact) : (tensor<4194304xf32>) -> f32
  %e1 = call @all_one(%exact) : (tensor<4194304xf32>) -> f32
  %es = tensor.from_elements %e0, %e1 : tensor<2xf32>
  %esu = tensor.cast %es : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%esu) : (tensor<*xf32>) -> ()

  %c131 = arith.constant 131 : index
  %seven = arith.constant 7.0 : f32
  %rounding = tensor.generate {
  ^bb0(%i: index):
    %p = arith.muli %i, %c131 : index
    %r = arith.remui %p, %c1000 : index
    %r1 = arith.index_cast %r : index to i32
    %f = arith.sitofp %r1 : i32 to f32
    %v = arith.divf %f, %seven : f32
    tensor.yield %v : f32
  } : tensor<4194304xf32>
  %r0 = call @all_streams(%rounding) : (tensor<4194304xf32>) -> f32
  %r1 = call @all_one(%rounding) : (tensor<4194304xf32>) -> f32
  %d = arith.subf %r0, %r1 : f32
  %ad = math.absf %d : f32
  %tol = arith.constant 9.5367431640625e-07 : f32
  %bound = arith.mulf %r1, %tol : f32
  %ok = arith.cmpf ole, %ad, %bound : f32
  %oki = arith.extui %ok : i1 to i32
  %okt = tensor.from_elements %oki : tensor<1xi32>
  %oku = tensor.cast %okt : tensor<1xi32> to tensor<*xi32>
  call @printMemrefI32(%oku) : (tensor<*xi32>) -> ()

  %ints = tensor.generate {
  ^bb0(%i: index):
    %r = arith.remui %i, %c8 : index
    %v = arith.index_cast %r : index to i32
    tensor.yield %v : i32
  } : tensor<4194304xi32>
  %k = call @all_streams_i32(%ints) : (tensor<4194304xi32>) -> i32
  %kt = tensor.from_elements %k : tensor<1xi32>
  %ku = tensor.cast %kt : tensor<1xi32> to tensor<*xi32>
  call @printMemrefI32(%ku) : (tensor<*xi32>) -> ()
  return
}
