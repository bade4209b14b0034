// Rows of 64 to 256 elements read whole (docs/ReduceMean.md §6.2): rows
// the lanes do not divide on every target, all of them on 512-bit
// targets; 128 or 256 lanes, 4 or 2 rows per step, summed by one shuffle
// tree in f32 where §4.3 allows (a step whose f32 sums are not all finite
// is summed again in f64), the rows past the last full step by the scalar
// body. Every configuration must print what the scalar code prints: rows of
// 196 f32 (a ramp, only -0.0, a NaN in the last element, sums that
// overflow f32 to a finite mean, +Inf and -Inf, alternating 2 and 0, one
// scalar row after the steps); rows of 256 f32; rows of 128 bf16 (one
// overflowing in f32); rows of 256 i8 and of 200 i32 at their extremes
// (exact, truncated).

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline=vector-size=0 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline=target-vector-bits=512 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline=target-vector-bits=256 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 narrow-f32=false" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 block-trips=2" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 num-threads=2" | %{run} | FileCheck %s

// f32 rows of 196.
// CHECK: data =
// CHECK-NEXT: [98.5,  -0,  {{-?}}nan,  3e+38,  {{-?}}nan,  1,  6]
// f32 rows of 256.
// CHECK: data =
// CHECK-NEXT: [128.5,  3e+38,  -0,  inf,  4]
// bf16 rows of 128.
// CHECK: data =
// CHECK-NEXT: [64.5,  3.00406e+38,  2,  3,  4]
// i8 rows of 256, i32 rows of 200.
// CHECK: data =
// CHECK-NEXT: [127,  -128,  0]
// CHECK: data =
// CHECK-NEXT: [2147483647,  -2147483648,  0]

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @rows196(%x: tensor<7x196xf32>) -> tensor<7xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<7x196xf32> -> tensor<7xf32>
  return %0 : tensor<7xf32>
}
func.func @rows256(%x: tensor<5x256xf32>) -> tensor<5xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<5x256xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
func.func @rows128_bf16(%x: tensor<5x128xbf16>) -> tensor<5xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<5x128xbf16> -> tensor<5xbf16>
  return %0 : tensor<5xbf16>
}
func.func @rows256_i8(%x: tensor<3x256xi8>) -> tensor<3xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x256xi8> -> tensor<3xi8>
  return %0 : tensor<3xi8>
}
func.func @rows200_i32(%x: tensor<3x200xi32>) -> tensor<3xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x200xi32> -> tensor<3xi32>
  return %0 : tensor<3xi32>
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
  %c195 = arith.constant 195 : index
  %c255 = arith.constant 255 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %negzero = arith.constant -0.0 : f32
  %big = arith.constant 3.0e38 : f32
  %inf = arith.constant 0x7F800000 : f32
  %neginf = arith.constant 0xFF800000 : f32
  %nan = arith.constant 0x7FC00000 : f32

  // f32 rows of 196, row r column c (see the header).
  %f = tensor.generate {
  ^bb0(%r: index, %c: index):
    %ci = arith.index_cast %c : index to i32
    %cf = arith.sitofp %ci : i32 to f32
    %ri = arith.index_cast %r : index to i32
    %rf = arith.sitofp %ri : i32 to f32
    %ramp = arith.addf %cf, %one : f32
    %is_c0 = arith.cmpi eq, %c, %c0 : index
    %is_last = arith.cmpi eq, %c, %c195 : index
    %nan_last = arith.select %is_last, %nan, %one : f32
    %neg_last = arith.select %is_last, %neginf, %zero : f32
    %infs = arith.select %is_c0, %inf, %neg_last : f32
    %odd = arith.andi %ci, %c1_i32 : i32
    %even = arith.cmpi eq, %odd, %c0_i32 : i32
    %evens = arith.select %even, %two, %zero : f32
    %v = scf.index_switch %r -> f32
    case 0 { scf.yield %ramp : f32 }
    case 1 { scf.yield %negzero : f32 }
    case 2 { scf.yield %nan_last : f32 }
    case 3 { scf.yield %big : f32 }
    case 4 { scf.yield %infs : f32 }
    case 5 { scf.yield %evens : f32 }
    default { scf.yield %rf : f32 }
    tensor.yield %v : f32
  } : tensor<7x196xf32>
  %m0 = call @rows196(%f) : (tensor<7x196xf32>) -> tensor<7xf32>
  %m0d = tensor.cast %m0 : tensor<7xf32> to tensor<?xf32>
  call @print(%m0d) : (tensor<?xf32>) -> ()

  // f32 rows of 256: a ramp, 3e38, -0.0, +Inf last, then r.
  %g = tensor.generate {
  ^bb0(%r: index, %c: index):
    %ci = arith.index_cast %c : index to i32
    %cf = arith.sitofp %ci : i32 to f32
    %ri = arith.index_cast %r : index to i32
    %rf = arith.sitofp %ri : i32 to f32
    %ramp = arith.addf %cf, %one : f32
    %is_last = arith.cmpi eq, %c, %c255 : index
    %inf_last = arith.select %is_last, %inf, %one : f32
    %v = scf.index_switch %r -> f32
    case 0 { scf.yield %ramp : f32 }
    case 1 { scf.yield %big : f32 }
    case 2 { scf.yield %negzero : f32 }
    case 3 { scf.yield %inf_last : f32 }
    default { scf.yield %rf : f32 }
    tensor.yield %v : f32
  } : tensor<5x256xf32>
  %m1 = call @rows256(%g) : (tensor<5x256xf32>) -> tensor<5xf32>
  %m1d = tensor.cast %m1 : tensor<5xf32> to tensor<?xf32>
  call @print(%m1d) : (tensor<?xf32>) -> ()

  // bf16 rows of 128: the ramp 1..128 (exact in bf16), 3e38, then r.
  %b = tensor.generate {
  ^bb0(%r: index, %c: index):
    %ci = arith.index_cast %c : index to i32
    %cf = arith.sitofp %ci : i32 to f32
    %ri = arith.index_cast %r : index to i32
    %rf = arith.sitofp %ri : i32 to f32
    %ramp = arith.addf %cf, %one : f32
    %v = scf.index_switch %r -> f32
    case 0 { scf.yield %ramp : f32 }
    case 1 { scf.yield %big : f32 }
    default { scf.yield %rf : f32 }
    %vb = arith.truncf %v : f32 to bf16
    tensor.yield %vb : bf16
  } : tensor<5x128xbf16>
  %mb = call @rows128_bf16(%b) : (tensor<5x128xbf16>) -> tensor<5xbf16>
  %mbf = arith.extf %mb : tensor<5xbf16> to tensor<5xf32>
  %mbd = tensor.cast %mbf : tensor<5xf32> to tensor<?xf32>
  call @print(%mbd) : (tensor<?xf32>) -> ()

  // i8 rows of 256: 127, -128, one -1 among zeros (-1/256 truncates to 0).
  %i = tensor.generate {
  ^bb0(%r: index, %c: index):
    %max = arith.constant 127 : i8
    %min = arith.constant -128 : i8
    %z = arith.constant 0 : i8
    %minus1 = arith.constant -1 : i8
    %is_c0 = arith.cmpi eq, %c, %c0 : index
    %lone = arith.select %is_c0, %minus1, %z : i8
    %v = scf.index_switch %r -> i8
    case 0 { scf.yield %max : i8 }
    case 1 { scf.yield %min : i8 }
    default { scf.yield %lone : i8 }
    tensor.yield %v : i8
  } : tensor<3x256xi8>
  %mi = call @rows256_i8(%i) : (tensor<3x256xi8>) -> tensor<3xi8>
  %mi32 = arith.extsi %mi : tensor<3xi8> to tensor<3xi32>
  %mid = tensor.cast %mi32 : tensor<3xi32> to tensor<?xi32>
  call @print_i32(%mid) : (tensor<?xi32>) -> ()

  // i32 rows of 200: the largest, the smallest, c - 100 (sum -100, mean
  // -0.5, truncated to 0).
  %j = tensor.generate {
  ^bb0(%r: index, %c: index):
    %ci = arith.index_cast %c : index to i32
    %c100 = arith.constant 100 : i32
    %centred = arith.subi %ci, %c100 : i32
    %max = arith.constant 2147483647 : i32
    %min = arith.constant -2147483648 : i32
    %v = scf.index_switch %r -> i32
    case 0 { scf.yield %max : i32 }
    case 1 { scf.yield %min : i32 }
    default { scf.yield %centred : i32 }
    tensor.yield %v : i32
  } : tensor<3x200xi32>
  %mj = call @rows200_i32(%j) : (tensor<3x200xi32>) -> tensor<3xi32>
  %mjd = tensor.cast %mj : tensor<3xi32> to tensor<?xi32>
  call @print_i32(%mjd) : (tensor<?xi32>) -> ()
  return
}
