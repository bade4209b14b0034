// Short rows the lanes fit exactly, in a static input of at most 1 MiB
// (docs/ReduceMean.md §6.2): many rows per step (4096 elements' worth,
// at least four steps), summed by one shuffle tree in f32 where §4.3
// allows (a step whose f32 sums are not all finite is summed again in
// f64). Every result must be the one the two-row step gives (a strategy
// written by hand): the count of differing rows is printed (0), then some
// rows. f32 rows of 256 (16 rows per step): a ramp, a sum that overflows
// f32 to a finite mean, -0.0, +Inf and a NaN, spread over the four steps
// (+Inf and the NaN share the last one; two threads keep two rows); i32
// rows of 64 (64 rows per step) at their extremes; bf16 rows of 128 (32
// rows per step).

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline=target-vector-bits=512 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline=target-vector-bits=256 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 narrow-f32=false" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 num-threads=2 min-threaded-bytes=0" | %{run} | FileCheck %s
// The selection itself (512-bit target):
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy | FileCheck %s --check-prefix=STRATEGY
// STRATEGY: vector_size = 256, cache_tile = 1024, rows_per_step = 16>
// STRATEGY: vector_size = 256, cache_tile = 1024, rows_per_step = 2>
// STRATEGY: vector_size = 64, cache_tile = 1024, rows_per_step = 64>
// STRATEGY: vector_size = 64, cache_tile = 1024, rows_per_step = 2>
// STRATEGY: vector_size = 128, cache_tile = 1024, rows_per_step = 32>
// STRATEGY: vector_size = 128, cache_tile = 1024, rows_per_step = 2>

// f32 rows of 256: rows differing from the two-row step, then rows 0, 17,
// 33, 50, 63 and 5.
// CHECK: data =
// CHECK-NEXT: [0]
// CHECK: data =
// CHECK-NEXT: [128.5,  3e+38,  -0,  inf,  {{-?}}nan,  5]
// i32 rows of 64: differing rows, then rows 0, 1, 2, 255.
// CHECK: data =
// CHECK-NEXT: [0]
// CHECK: data =
// CHECK-NEXT: [2147483647,  -2147483648,  0,  255]
// bf16 rows of 128: differing rows, then rows 0, 9, 127.
// CHECK: data =
// CHECK-NEXT: [0]
// CHECK: data =
// CHECK-NEXT: [64.5,  3.00406e+38,  127]

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @f32_wide(%x: tensor<64x256xf32>) -> tensor<64xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<64x256xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}
func.func @f32_two(%x: tensor<64x256xf32>) -> tensor<64xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 256, cache_tile = 1024, rows_per_step = 2>} : tensor<64x256xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}
func.func @i32_wide(%x: tensor<256x64xi32>) -> tensor<256xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<256x64xi32> -> tensor<256xi32>
  return %0 : tensor<256xi32>
}
func.func @i32_two(%x: tensor<256x64xi32>) -> tensor<256xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 64, cache_tile = 1024, rows_per_step = 2>} : tensor<256x64xi32> -> tensor<256xi32>
  return %0 : tensor<256xi32>
}
func.func @bf16_wide(%x: tensor<128x128xbf16>) -> tensor<128xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<128x128xbf16> -> tensor<128xbf16>
  return %0 : tensor<128xbf16>
}
func.func @bf16_two(%x: tensor<128x128xbf16>) -> tensor<128xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 128, cache_tile = 1024, rows_per_step = 2>} : tensor<128x128xbf16> -> tensor<128xbf16>
  return %0 : tensor<128xbf16>
}

// Rows whose bits differ, NaNs of any sign or payload counted as equal.
func.func @differing(%a: tensor<?xi32>, %b: tensor<?xi32>, %nan_a: tensor<?xi1>, %nan_b: tensor<?xi1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %n = tensor.dim %a, %c0 : tensor<?xi32>
  %count = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i32 {
    %x = tensor.extract %a[%i] : tensor<?xi32>
    %y = tensor.extract %b[%i] : tensor<?xi32>
    %p = tensor.extract %nan_a[%i] : tensor<?xi1>
    %q = tensor.extract %nan_b[%i] : tensor<?xi1>
    %ne = arith.cmpi ne, %x, %y : i32
    %both = arith.andi %p, %q : i1
    %true = arith.constant true
    %nb = arith.xori %both, %true : i1
    %diff = arith.andi %ne, %nb : i1
    %inc = arith.extui %diff : i1 to i32
    %next = arith.addi %acc, %inc : i32
    scf.yield %next : i32
  }
  %t = tensor.from_elements %count : tensor<1xi32>
  %u = tensor.cast %t : tensor<1xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c9 = arith.constant 9 : index
  %c17 = arith.constant 17 : index
  %c33 = arith.constant 33 : index
  %c50 = arith.constant 50 : index
  %c63 = arith.constant 63 : index
  %c127 = arith.constant 127 : index
  %c255 = arith.constant 255 : index
  %one = arith.constant 1.0 : f32
  %negzero = arith.constant -0.0 : f32
  %big = arith.constant 3.0e38 : f32
  %inf = arith.constant 0x7F800000 : f32
  %nan = arith.constant 0x7FC00000 : f32

  // f32 rows of 256: row 0 the ramp 1..256, 17 all 3e38, 33 all -0.0, 50
  // ones with +Inf last, 63 ones with a NaN first, row r otherwise r.
  %f = tensor.generate {
  ^bb0(%r: index, %c: index):
    %ci = arith.index_cast %c : index to i32
    %cf = arith.sitofp %ci : i32 to f32
    %ri = arith.index_cast %r : index to i32
    %rf = arith.sitofp %ri : i32 to f32
    %ramp = arith.addf %cf, %one : f32
    %is_last = arith.cmpi eq, %c, %c255 : index
    %is_first = arith.cmpi eq, %c, %c0 : index
    %inf_last = arith.select %is_last, %inf, %one : f32
    %nan_first = arith.select %is_first, %nan, %one : f32
    %v = scf.index_switch %r -> f32
    case 0 { scf.yield %ramp : f32 }
    case 17 { scf.yield %big : f32 }
    case 33 { scf.yield %negzero : f32 }
    case 50 { scf.yield %inf_last : f32 }
    case 63 { scf.yield %nan_first : f32 }
    default { scf.yield %rf : f32 }
    tensor.yield %v : f32
  } : tensor<64x256xf32>
  %fw = call @f32_wide(%f) : (tensor<64x256xf32>) -> tensor<64xf32>
  %ft = call @f32_two(%f) : (tensor<64x256xf32>) -> tensor<64xf32>
  %fwb = arith.bitcast %fw : tensor<64xf32> to tensor<64xi32>
  %ftb = arith.bitcast %ft : tensor<64xf32> to tensor<64xi32>
  %fwn = arith.cmpf uno, %fw, %fw : tensor<64xf32>
  %ftn = arith.cmpf uno, %ft, %ft : tensor<64xf32>
  %fwbd = tensor.cast %fwb : tensor<64xi32> to tensor<?xi32>
  %ftbd = tensor.cast %ftb : tensor<64xi32> to tensor<?xi32>
  %fwnd = tensor.cast %fwn : tensor<64xi1> to tensor<?xi1>
  %ftnd = tensor.cast %ftn : tensor<64xi1> to tensor<?xi1>
  call @differing(%fwbd, %ftbd, %fwnd, %ftnd) : (tensor<?xi32>, tensor<?xi32>, tensor<?xi1>, tensor<?xi1>) -> ()
  %f0 = tensor.extract %fw[%c0] : tensor<64xf32>
  %f17 = tensor.extract %fw[%c17] : tensor<64xf32>
  %f33 = tensor.extract %fw[%c33] : tensor<64xf32>
  %f50 = tensor.extract %fw[%c50] : tensor<64xf32>
  %f63 = tensor.extract %fw[%c63] : tensor<64xf32>
  %f5 = tensor.extract %fw[%c5] : tensor<64xf32>
  %fs = tensor.from_elements %f0, %f17, %f33, %f50, %f63, %f5 : tensor<6xf32>
  %fsu = tensor.cast %fs : tensor<6xf32> to tensor<*xf32>
  call @printMemrefF32(%fsu) : (tensor<*xf32>) -> ()

  // i32 rows of 64: row 0 the largest, 1 the smallest, 2 c - 32 (mean
  // -0.5, truncated to 0), row r otherwise r.
  %i = tensor.generate {
  ^bb0(%r: index, %c: index):
    %ci = arith.index_cast %c : index to i32
    %ri = arith.index_cast %r : index to i32
    %c32 = arith.constant 32 : i32
    %centred = arith.subi %ci, %c32 : i32
    %max = arith.constant 2147483647 : i32
    %min = arith.constant -2147483648 : i32
    %v = scf.index_switch %r -> i32
    case 0 { scf.yield %max : i32 }
    case 1 { scf.yield %min : i32 }
    case 2 { scf.yield %centred : i32 }
    default { scf.yield %ri : i32 }
    tensor.yield %v : i32
  } : tensor<256x64xi32>
  %iw = call @i32_wide(%i) : (tensor<256x64xi32>) -> tensor<256xi32>
  %it = call @i32_two(%i) : (tensor<256x64xi32>) -> tensor<256xi32>
  %no = arith.constant dense<false> : tensor<256xi1>
  %iwd = tensor.cast %iw : tensor<256xi32> to tensor<?xi32>
  %itd = tensor.cast %it : tensor<256xi32> to tensor<?xi32>
  %nod = tensor.cast %no : tensor<256xi1> to tensor<?xi1>
  call @differing(%iwd, %itd, %nod, %nod) : (tensor<?xi32>, tensor<?xi32>, tensor<?xi1>, tensor<?xi1>) -> ()
  %i0 = tensor.extract %iw[%c0] : tensor<256xi32>
  %i1 = tensor.extract %iw[%c1] : tensor<256xi32>
  %i2 = tensor.extract %iw[%c2] : tensor<256xi32>
  %i255 = tensor.extract %iw[%c255] : tensor<256xi32>
  %is = tensor.from_elements %i0, %i1, %i2, %i255 : tensor<4xi32>
  %isu = tensor.cast %is : tensor<4xi32> to tensor<*xi32>
  call @printMemrefI32(%isu) : (tensor<*xi32>) -> ()

  // bf16 rows of 128: row 0 the ramp 1..128 (exact in bf16), 9 all 3e38
  // (its f32 sum overflows), row r otherwise r.
  %b = tensor.generate {
  ^bb0(%r: index, %c: index):
    %ci = arith.index_cast %c : index to i32
    %cf = arith.sitofp %ci : i32 to f32
    %ri = arith.index_cast %r : index to i32
    %rf = arith.sitofp %ri : i32 to f32
    %ramp = arith.addf %cf, %one : f32
    %v = scf.index_switch %r -> f32
    case 0 { scf.yield %ramp : f32 }
    case 9 { scf.yield %big : f32 }
    default { scf.yield %rf : f32 }
    %vb = arith.truncf %v : f32 to bf16
    tensor.yield %vb : bf16
  } : tensor<128x128xbf16>
  %bw = call @bf16_wide(%b) : (tensor<128x128xbf16>) -> tensor<128xbf16>
  %bt = call @bf16_two(%b) : (tensor<128x128xbf16>) -> tensor<128xbf16>
  %bwb = arith.bitcast %bw : tensor<128xbf16> to tensor<128xi16>
  %btb = arith.bitcast %bt : tensor<128xbf16> to tensor<128xi16>
  %bwi = arith.extui %bwb : tensor<128xi16> to tensor<128xi32>
  %bti = arith.extui %btb : tensor<128xi16> to tensor<128xi32>
  %nob = arith.constant dense<false> : tensor<128xi1>
  %bwid = tensor.cast %bwi : tensor<128xi32> to tensor<?xi32>
  %btid = tensor.cast %bti : tensor<128xi32> to tensor<?xi32>
  %nobd = tensor.cast %nob : tensor<128xi1> to tensor<?xi1>
  call @differing(%bwid, %btid, %nobd, %nobd) : (tensor<?xi32>, tensor<?xi32>, tensor<?xi1>, tensor<?xi1>) -> ()
  %bf = arith.extf %bw : tensor<128xbf16> to tensor<128xf32>
  %b0 = tensor.extract %bf[%c0] : tensor<128xf32>
  %b9 = tensor.extract %bf[%c9] : tensor<128xf32>
  %b127 = tensor.extract %bf[%c127] : tensor<128xf32>
  %bs = tensor.from_elements %b0, %b9, %b127 : tensor<3xf32>
  %bsu = tensor.cast %bs : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%bsu) : (tensor<*xf32>) -> ()
  return
}
