// Short rows read whole (docs/ReduceMean.md §6.2): eight rows per step,
// summed by one shuffle tree, in f32 where §4.3 allows (a step whose f32
// sums are not all finite is summed again in f64), the rows past the last
// full step by the scalar body. Every configuration must print what the
// scalar code prints: rows of 49 f32 with a NaN in the padded part of the
// tree, +Inf and -Inf, only -0.0, values whose f32 sum overflows (a finite
// mean), a single +Inf, and five scalar rows after the first step; the same
// rows with a run-time row count; the same rows in bf16; rows of 3 bf16
// (one overflowing in f32); rows of 100 f16 (128 lanes); rows of 49 i8
// (exact, truncated) and ui8.

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline=vector-size=0 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=256" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="narrow-f32=false" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="block-trips=2" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="block-trips=0 num-threads=2" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="vector-size=4 num-threads=2" | %{run} | FileCheck %s

// f32 rows of 49, static then run-time row count.
// CHECK: data =
// CHECK-NEXT: [25,  -0,  {{-?}}nan,  {{-?}}nan,  3e+38,  1.02041,  inf,  -1,  8,  9,  10,  11,  {{-?}}nan]
// CHECK: data =
// CHECK-NEXT: [25,  -0,  {{-?}}nan,  {{-?}}nan,  3e+38,  1.02041,  inf,  -1,  8,  9,  10,  11,  {{-?}}nan]
// The same rows in bf16 (rows of 49 bf16 are summed as pairs of elements
// from rows padded to 64 with -0.0; row 4's f32 sum overflows, so its step
// is summed again in f64), static then run-time row count.
// CHECK: data =
// CHECK-NEXT: [25,  -0,  {{-?}}nan,  {{-?}}nan,  3.00406e+38,  1.02344,  inf,  -1,  8,  9,  10,  11,  {{-?}}nan]
// CHECK: data =
// CHECK-NEXT: [25,  -0,  {{-?}}nan,  {{-?}}nan,  3.00406e+38,  1.02344,  inf,  -1,  8,  9,  10,  11,  {{-?}}nan]
// bf16 rows of 3 (row 4 overflows an f32 sum).
// CHECK: data =
// CHECK-NEXT: [1,  2,  3,  4,  3.00406e+38,  6,  7,  8,  9]
// f16 rows of 100.
// CHECK: data =
// CHECK-NEXT: [60000,  -0.5,  1.5,  3,  4,  5,  6,  7,  8]
// i8 and ui8 rows of 49.
// CHECK: data =
// CHECK-NEXT: [127,  -128,  0,  25,  -4,  -5,  -6,  -7,  -8,  -9]
// CHECK: data =
// CHECK-NEXT: [255,  0,  25,  3,  4,  5,  6,  7,  8,  9]

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @rows49(%x: tensor<13x49xf32>) -> tensor<13xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<13x49xf32> -> tensor<13xf32>
  return %0 : tensor<13xf32>
}
func.func @rows49_dynamic(%x: tensor<?x49xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x49xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @rows49_bf16(%x: tensor<13x49xbf16>) -> tensor<13xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<13x49xbf16> -> tensor<13xbf16>
  return %0 : tensor<13xbf16>
}
func.func @rows49_bf16_dynamic(%x: tensor<?x49xbf16>) -> tensor<?xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x49xbf16> -> tensor<?xbf16>
  return %0 : tensor<?xbf16>
}
func.func @rows3_bf16(%x: tensor<9x3xbf16>) -> tensor<9xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<9x3xbf16> -> tensor<9xbf16>
  return %0 : tensor<9xbf16>
}
func.func @rows100_f16(%x: tensor<9x100xf16>) -> tensor<9xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<9x100xf16> -> tensor<9xf16>
  return %0 : tensor<9xf16>
}
func.func @rows49_i8(%x: tensor<10x49xi8>) -> tensor<10xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<10x49xi8> -> tensor<10xi8>
  return %0 : tensor<10xi8>
}
func.func @rows49_ui8(%x: tensor<10x49xui8>) -> tensor<10xui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<10x49xui8> -> tensor<10xui8>
  return %0 : tensor<10xui8>
}

// Reinterpretations between signless and unsigned bytes (arith takes
// signless integers only).
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @i8_to_ui8(%t: tensor<10x49xi8>) -> tensor<10x49xui8> {
  %e = tensor.empty() : tensor<10x49xui8>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<10x49xi8>) outs(%e : tensor<10x49xui8>) {
  ^bb0(%a: i8, %o: ui8):
    %s = builtin.unrealized_conversion_cast %a : i8 to ui8
    linalg.yield %s : ui8
  } -> tensor<10x49xui8>
  return %r : tensor<10x49xui8>
}
func.func @ui8_to_i32(%t: tensor<10xui8>) -> tensor<?xi32> {
  %e = tensor.empty() : tensor<10xi32>
  %r = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%t : tensor<10xui8>) outs(%e : tensor<10xi32>) {
  ^bb0(%a: ui8, %o: i32):
    %s = builtin.unrealized_conversion_cast %a : ui8 to i8
    %w = arith.extui %s : i8 to i32
    linalg.yield %w : i32
  } -> tensor<10xi32>
  %d = tensor.cast %r : tensor<10xi32> to tensor<?xi32>
  return %d : tensor<?xi32>
}

func.func @print(%m: tensor<?xf32>) {
  %u = tensor.cast %m : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func @print_i32(%m: tensor<?xi32>) {
  %u = tensor.cast %m : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %c12 = arith.constant 12 : index
  %c47 = arith.constant 47 : index
  %c48 = arith.constant 48 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %negone = arith.constant -1.0 : f32
  %negzero = arith.constant -0.0 : f32
  %big = arith.constant 3.0e38 : f32
  %inf = arith.constant 0x7F800000 : f32
  %neginf = arith.constant 0xFF800000 : f32
  %nan = arith.constant 0x7FC00000 : f32

  // Row r, column c of the f32 rows (see the header).
  %f = tensor.generate {
  ^bb0(%r: index, %c: index):
    %ci = arith.index_cast %c : index to i32
    %cf = arith.sitofp %ci : i32 to f32
    %ri = arith.index_cast %r : index to i32
    %rf = arith.sitofp %ri : i32 to f32
    %ramp = arith.addf %cf, %one : f32
    %is_c0 = arith.cmpi eq, %c, %c0 : index
    %is_c10 = arith.cmpi eq, %c, %c10 : index
    %is_c47 = arith.cmpi eq, %c, %c47 : index
    %is_c48 = arith.cmpi eq, %c, %c48 : index
    %nan_last = arith.select %is_c48, %nan, %one : f32
    %neg_at_47 = arith.select %is_c47, %neginf, %zero : f32
    %infs = arith.select %is_c0, %inf, %neg_at_47 : f32
    %c_low = arith.index_cast %c : index to i64
    %one_i = arith.constant 1 : i64
    %odd_i = arith.andi %c_low, %one_i : i64
    %zero_i = arith.constant 0 : i64
    %even = arith.cmpi eq, %odd_i, %zero_i : i64
    %evens = arith.select %even, %two, %zero : f32
    %one_inf = arith.select %is_c10, %inf, %one : f32
    %nan_first = arith.select %is_c0, %nan, %rf : f32
    %v = scf.index_switch %r -> f32
    case 0 { scf.yield %ramp : f32 }
    case 1 { scf.yield %negzero : f32 }
    case 2 { scf.yield %nan_last : f32 }
    case 3 { scf.yield %infs : f32 }
    case 4 { scf.yield %big : f32 }
    case 5 { scf.yield %evens : f32 }
    case 6 { scf.yield %one_inf : f32 }
    case 7 { scf.yield %negone : f32 }
    case 12 { scf.yield %nan_first : f32 }
    default { scf.yield %rf : f32 }
    tensor.yield %v : f32
  } : tensor<13x49xf32>
  %m0 = call @rows49(%f) : (tensor<13x49xf32>) -> tensor<13xf32>
  %m0d = tensor.cast %m0 : tensor<13xf32> to tensor<?xf32>
  call @print(%m0d) : (tensor<?xf32>) -> ()
  %fd = tensor.cast %f : tensor<13x49xf32> to tensor<?x49xf32>
  %m1 = call @rows49_dynamic(%fd) : (tensor<?x49xf32>) -> tensor<?xf32>
  call @print(%m1) : (tensor<?xf32>) -> ()

  // The f32 rows in bf16 (every value is exact in bf16 but 3e38).
  %fb = arith.truncf %f : tensor<13x49xf32> to tensor<13x49xbf16>
  %m2 = call @rows49_bf16(%fb) : (tensor<13x49xbf16>) -> tensor<13xbf16>
  %m2f = arith.extf %m2 : tensor<13xbf16> to tensor<13xf32>
  %m2d = tensor.cast %m2f : tensor<13xf32> to tensor<?xf32>
  call @print(%m2d) : (tensor<?xf32>) -> ()
  %fbd = tensor.cast %fb : tensor<13x49xbf16> to tensor<?x49xbf16>
  %m3 = call @rows49_bf16_dynamic(%fbd) : (tensor<?x49xbf16>) -> tensor<?xbf16>
  %m3f = arith.extf %m3 : tensor<?xbf16> to tensor<?xf32>
  call @print(%m3f) : (tensor<?xf32>) -> ()

  // bf16 rows [r, r+1, r+2] (mean r+1); row 4 three times 3e38.
  %b = tensor.generate {
  ^bb0(%r: index, %c: index):
    %s = arith.addi %r, %c : index
    %si = arith.index_cast %s : index to i32
    %sf = arith.sitofp %si : i32 to f32
    %is_r4 = arith.cmpi eq, %r, %c4 : index
    %v = arith.select %is_r4, %big, %sf : f32
    %vb = arith.truncf %v : f32 to bf16
    tensor.yield %vb : bf16
  } : tensor<9x3xbf16>
  %mb = call @rows3_bf16(%b) : (tensor<9x3xbf16>) -> tensor<9xbf16>
  %mbf = arith.extf %mb : tensor<9xbf16> to tensor<9xf32>
  %mbd = tensor.cast %mbf : tensor<9xf32> to tensor<?xf32>
  call @print(%mbd) : (tensor<?xf32>) -> ()

  // f16 rows of 100: 60000 (an f16 sum would overflow), -0.5 and 1.5
  // alternating by halves, then the row index.
  %h = tensor.generate {
  ^bb0(%r: index, %c: index):
    %ri = arith.index_cast %r : index to i32
    %rf = arith.sitofp %ri : i32 to f32
    %lots = arith.constant 60000.0 : f32
    %negh = arith.constant -0.5 : f32
    %c50 = arith.constant 50 : index
    %first = arith.cmpi ult, %c, %c50 : index
    %threeh = arith.constant 3.5 : f32
    %negq = arith.constant -0.5 : f32
    %row2 = arith.select %first, %threeh, %negq : f32
    %v = scf.index_switch %r -> f32
    case 0 { scf.yield %lots : f32 }
    case 1 { scf.yield %negh : f32 }
    case 2 { scf.yield %row2 : f32 }
    default { scf.yield %rf : f32 }
    %vh = arith.truncf %v : f32 to f16
    tensor.yield %vh : f16
  } : tensor<9x100xf16>
  %mh = call @rows100_f16(%h) : (tensor<9x100xf16>) -> tensor<9xf16>
  %mhf = arith.extf %mh : tensor<9xf16> to tensor<9xf32>
  %mhd = tensor.cast %mhf : tensor<9xf32> to tensor<?xf32>
  call @print(%mhd) : (tensor<?xf32>) -> ()

  // i8 rows: 127, -128, one -1 among zeros (-1/49 truncates to 0), the
  // ramp 1..49 (25), then -r.
  %i = tensor.generate {
  ^bb0(%r: index, %c: index):
    %ri = arith.index_cast %r : index to i8
    %negr = arith.subi %ri, %ri : i8
    %neg = arith.subi %negr, %ri : i8
    %ci = arith.index_cast %c : index to i8
    %c1i = arith.constant 1 : i8
    %ramp = arith.addi %ci, %c1i : i8
    %max = arith.constant 127 : i8
    %min = arith.constant -128 : i8
    %z = arith.constant 0 : i8
    %minus1 = arith.constant -1 : i8
    %is_c0 = arith.cmpi eq, %c, %c0 : index
    %lone = arith.select %is_c0, %minus1, %z : i8
    %v = scf.index_switch %r -> i8
    case 0 { scf.yield %max : i8 }
    case 1 { scf.yield %min : i8 }
    case 2 { scf.yield %lone : i8 }
    case 3 { scf.yield %ramp : i8 }
    default { scf.yield %neg : i8 }
    tensor.yield %v : i8
  } : tensor<10x49xi8>
  %mi = call @rows49_i8(%i) : (tensor<10x49xi8>) -> tensor<10xi8>
  %mi32 = arith.extsi %mi : tensor<10xi8> to tensor<10xi32>
  %mid = tensor.cast %mi32 : tensor<10xi32> to tensor<?xi32>
  call @print_i32(%mid) : (tensor<?xi32>) -> ()

  // ui8 rows: 255, 0, the ramp 1..49 (25), then r; as bits, i8 -1 is 255.
  %u = tensor.generate {
  ^bb0(%r: index, %c: index):
    %ri = arith.index_cast %r : index to i8
    %ci = arith.index_cast %c : index to i8
    %c1i = arith.constant 1 : i8
    %ramp = arith.addi %ci, %c1i : i8
    %all = arith.constant -1 : i8
    %z = arith.constant 0 : i8
    %v = scf.index_switch %r -> i8
    case 0 { scf.yield %all : i8 }
    case 1 { scf.yield %z : i8 }
    case 2 { scf.yield %ramp : i8 }
    default { scf.yield %ri : i8 }
    tensor.yield %v : i8
  } : tensor<10x49xi8>
  %ub = call @i8_to_ui8(%u) : (tensor<10x49xi8>) -> tensor<10x49xui8>
  %mu = call @rows49_ui8(%ub) : (tensor<10x49xui8>) -> tensor<10xui8>
  %mu32 = call @ui8_to_i32(%mu) : (tensor<10xui8>) -> tensor<?xi32>
  call @print_i32(%mu32) : (tensor<?xi32>) -> ()
  return
}
