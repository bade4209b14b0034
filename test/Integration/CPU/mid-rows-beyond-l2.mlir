// Static f32 rows of 384 to 3072 elements in an input of at least 4 MiB
// (docs/ReduceMean.md §6.2, `target-vector-bits`): four rows per step at
// the base lanes on 512-bit targets. Every result must be the one the
// one-row step gives (a strategy written by hand; the data keep every
// partial sum exact, so the two orders agree to the bit): the count of
// differing rows is printed (0), then some rows. 1366 rows of 768: the
// last chunk of rows (342 after 1024) leaves two after its last full step,
// two threads three each (683 rows), summed one element at a time. Row 0 the ramp 1..768, 17 all 3e38
// (the f32 block sums overflow, a finite mean), 33 all -0.0, 50 ones with
// +Inf last, 63 ones with a NaN first, 1365 (a leftover row) all -3e38,
// row r otherwise r + (c mod 8) / 4 (mean r + 0.875).

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline=target-vector-bits=512 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline=target-vector-bits=256 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 num-threads=2" | %{run} | FileCheck %s
// The selection itself (512-bit target):
// RUN: rmean-opt %s --convert-rmean-to-linalg --rmean-select-cpu-strategy | FileCheck %s --check-prefix=STRATEGY
// STRATEGY: vector_size = 16, cache_tile = 1024, rows_per_step = 4>
// STRATEGY: vector_size = 32, cache_tile = 1024>

// CHECK: data =
// CHECK-NEXT: [0]
// CHECK: data =
// CHECK-NEXT: [384.5,  3e+38,  -0,  inf,  {{-?}}nan,  -3e+38,  5.875,  1364.88]

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @four(%x: tensor<1366x768xf32>) -> tensor<1366xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<1366x768xf32> -> tensor<1366xf32>
  return %0 : tensor<1366xf32>
}
func.func @one(%x: tensor<1366x768xf32>) -> tensor<1366xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>} : tensor<1366x768xf32> -> tensor<1366xf32>
  return %0 : tensor<1366xf32>
}

// Rows whose bits differ, NaNs of any sign or payload counted as equal.
func.func @differing(%a: tensor<?xf32>, %b: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %count = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i32 {
    %x = tensor.extract %a[%i] : tensor<?xf32>
    %y = tensor.extract %b[%i] : tensor<?xf32>
    %xb = arith.bitcast %x : f32 to i32
    %yb = arith.bitcast %y : f32 to i32
    %ne = arith.cmpi ne, %xb, %yb : i32
    %xn = arith.cmpf uno, %x, %x : f32
    %yn = arith.cmpf uno, %y, %y : f32
    %both = arith.andi %xn, %yn : i1
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
  %c5 = arith.constant 5 : index
  %c17 = arith.constant 17 : index
  %c33 = arith.constant 33 : index
  %c50 = arith.constant 50 : index
  %c63 = arith.constant 63 : index
  %c767 = arith.constant 767 : index
  %c1364 = arith.constant 1364 : index
  %c1365 = arith.constant 1365 : index
  %one = arith.constant 1.0 : f32
  %quarter = arith.constant 0.25 : f32
  %negzero = arith.constant -0.0 : f32
  %big = arith.constant 3.0e38 : f32
  %negbig = arith.constant -3.0e38 : f32
  %inf = arith.constant 0x7F800000 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %x = tensor.generate {
  ^bb0(%r: index, %c: index):
    %ci = arith.index_cast %c : index to i32
    %cf = arith.sitofp %ci : i32 to f32
    %ri = arith.index_cast %r : index to i32
    %rf = arith.sitofp %ri : i32 to f32
    %ramp = arith.addf %cf, %one : f32
    %c8 = arith.constant 8 : index
    %cm8 = arith.remui %c, %c8 : index
    %cmi = arith.index_cast %cm8 : index to i32
    %cmf = arith.sitofp %cmi : i32 to f32
    %frac = arith.mulf %cmf, %quarter : f32
    %plain = arith.addf %rf, %frac : f32
    %is_last = arith.cmpi eq, %c, %c767 : index
    %is_first = arith.cmpi eq, %c, %c0 : index
    %inf_last = arith.select %is_last, %inf, %one : f32
    %nan_first = arith.select %is_first, %nan, %one : f32
    %v = scf.index_switch %r -> f32
    case 0 { scf.yield %ramp : f32 }
    case 17 { scf.yield %big : f32 }
    case 33 { scf.yield %negzero : f32 }
    case 50 { scf.yield %inf_last : f32 }
    case 63 { scf.yield %nan_first : f32 }
    case 1365 { scf.yield %negbig : f32 }
    default { scf.yield %plain : f32 }
    tensor.yield %v : f32
  } : tensor<1366x768xf32>
  %a = call @four(%x) : (tensor<1366x768xf32>) -> tensor<1366xf32>
  %b = call @one(%x) : (tensor<1366x768xf32>) -> tensor<1366xf32>
  %ad = tensor.cast %a : tensor<1366xf32> to tensor<?xf32>
  %bd = tensor.cast %b : tensor<1366xf32> to tensor<?xf32>
  call @differing(%ad, %bd) : (tensor<?xf32>, tensor<?xf32>) -> ()
  %r0 = tensor.extract %a[%c0] : tensor<1366xf32>
  %r17 = tensor.extract %a[%c17] : tensor<1366xf32>
  %r33 = tensor.extract %a[%c33] : tensor<1366xf32>
  %r50 = tensor.extract %a[%c50] : tensor<1366xf32>
  %r63 = tensor.extract %a[%c63] : tensor<1366xf32>
  %r1365 = tensor.extract %a[%c1365] : tensor<1366xf32>
  %r5 = tensor.extract %a[%c5] : tensor<1366xf32>
  %r1364 = tensor.extract %a[%c1364] : tensor<1366xf32>
  %s = tensor.from_elements %r0, %r17, %r33, %r50, %r63, %r1365, %r5, %r1364 : tensor<8xf32>
  %su = tensor.cast %s : tensor<8xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  return
}
