// Exact 64-bit means in vector lanes (docs/ReduceMean.md §4.2): each lane
// sums the low 32 bits (zero-extended) and the high 32 bits (sign- or
// zero-extended) of its elements in two i64s, merged as
// `acc + (high << 32) + low` in i128; the elements past the last full step
// are added by the scalar body. Each row (40 = 2 x 16 lanes + 8) and
// column (40 rows; 20 = 16 lanes + 4) holds one pattern whose sum leaves
// the i64 range or tests the truncation toward zero: INT64_MAX, INT64_MIN,
// both alternating (-20 / 40 -> 0), -1 with one 0 (-39 / 40 -> 0, not -1),
// 2^32 - 1 (all low bits), -2^32 (all high bits), and UINT64_MAX for ui64.
// Results must equal the scalar code's: static and run-time shapes, scalar,
// default lanes, 3 lanes on 2 threads.

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline=vector-size=0 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="vector-size=3 num-threads=2" | %{run} | FileCheck %s

// i64 rows, static then run-time shapes; then columns 0-5, the same.
// CHECK-COUNT-4: [9223372036854775807,  -9223372036854775808,  0,  0,  4294967295,  -4294967296]
// ui64 rows and columns (UINT64_MAX printed as a signed i64).
// CHECK-COUNT-2: [-1,  -1]

func.func private @printMemrefI64(tensor<*xi64>)

func.func @rows(%x: tensor<6x40xi64>) -> tensor<6xi64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<6x40xi64> -> tensor<6xi64>
  return %0 : tensor<6xi64>
}
func.func @rows_dynamic(%x: tensor<?x?xi64>) -> tensor<?xi64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xi64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}
func.func @columns(%x: tensor<40x20xi64>) -> tensor<20xi64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<40x20xi64> -> tensor<20xi64>
  return %0 : tensor<20xi64>
}
func.func @columns_dynamic(%x: tensor<?x?xi64>) -> tensor<?xi64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?x?xi64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}
func.func @rows_unsigned(%x: tensor<2x40xui64>) -> tensor<2xui64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<2x40xui64> -> tensor<2xui64>
  return %0 : tensor<2xui64>
}
func.func @columns_unsigned(%x: tensor<40x2xui64>) -> tensor<2xui64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<40x2xui64> -> tensor<2xui64>
  return %0 : tensor<2xui64>
}

// The bits of ui64 values as i64 (printMemrefI64 takes signless).
func.func @ui64_to_i64(%t: tensor<?xui64>) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %t, %c0 : tensor<?xui64>
  %e = tensor.empty(%n) : tensor<?xi64>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<?xui64>) outs(%e : tensor<?xi64>) {
  ^bb0(%a: ui64, %o: i64):
    %s = builtin.unrealized_conversion_cast %a : ui64 to i64
    linalg.yield %s : i64
  } -> tensor<?xi64>
  return %r : tensor<?xi64>
}

func.func @print(%m: tensor<?xi64>) {
  %u = tensor.cast %m : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%u) : (tensor<*xi64>) -> ()
  return
}

// The six patterns: pattern p of element i (a row's or a column's index).
func.func @pattern(%p: index, %i: index) -> i64 {
  %max = arith.constant 9223372036854775807 : i64
  %min = arith.constant -9223372036854775808 : i64
  %m1 = arith.constant -1 : i64
  %z = arith.constant 0 : i64
  %low = arith.constant 4294967295 : i64
  %high = arith.constant -4294967296 : i64
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %c17 = arith.constant 17 : index
  %odd = arith.remui %i, %c2 : index
  %isodd = arith.cmpi ne, %odd, %c0 : index
  %alt = arith.select %isodd, %min, %max : i64
  %is17 = arith.cmpi eq, %i, %c17 : index
  %minus = arith.select %is17, %z, %m1 : i64
  %v = scf.index_switch %p -> i64
  case 0 { scf.yield %max : i64 }
  case 1 { scf.yield %min : i64 }
  case 2 { scf.yield %alt : i64 }
  case 3 { scf.yield %minus : i64 }
  case 4 { scf.yield %low : i64 }
  default { scf.yield %high : i64 }
  return %v : i64
}

func.func @main() {
  %rows = tensor.generate {
  ^bb0(%r: index, %c: index):
    %v = func.call @pattern(%r, %c) : (index, index) -> i64
    tensor.yield %v : i64
  } : tensor<6x40xi64>
  %m0 = call @rows(%rows) : (tensor<6x40xi64>) -> tensor<6xi64>
  %m0d = tensor.cast %m0 : tensor<6xi64> to tensor<?xi64>
  call @print(%m0d) : (tensor<?xi64>) -> ()
  %rowsd = tensor.cast %rows : tensor<6x40xi64> to tensor<?x?xi64>
  %m1 = call @rows_dynamic(%rowsd) : (tensor<?x?xi64>) -> tensor<?xi64>
  call @print(%m1) : (tensor<?xi64>) -> ()

  // Column c < 6 holds pattern c; the others pattern 0.
  %cols = tensor.generate {
  ^bb0(%r: index, %c: index):
    %v = func.call @pattern(%c, %r) : (index, index) -> i64
    tensor.yield %v : i64
  } : tensor<40x20xi64>
  %m2 = call @columns(%cols) : (tensor<40x20xi64>) -> tensor<20xi64>
  %m2s = tensor.extract_slice %m2[0] [6] [1] : tensor<20xi64> to tensor<6xi64>
  %m2d = tensor.cast %m2s : tensor<6xi64> to tensor<?xi64>
  call @print(%m2d) : (tensor<?xi64>) -> ()
  %colsd = tensor.cast %cols : tensor<40x20xi64> to tensor<?x?xi64>
  %m3 = call @columns_dynamic(%colsd) : (tensor<?x?xi64>) -> tensor<?xi64>
  %m3s = tensor.extract_slice %m3[0] [6] [1] : tensor<?xi64> to tensor<6xi64>
  %m3d = tensor.cast %m3s : tensor<6xi64> to tensor<?xi64>
  call @print(%m3d) : (tensor<?xi64>) -> ()

  %urs = arith.constant dense<18446744073709551615> : tensor<2x40xui64>
  %m4 = call @rows_unsigned(%urs) : (tensor<2x40xui64>) -> tensor<2xui64>
  %m4d = tensor.cast %m4 : tensor<2xui64> to tensor<?xui64>
  %m4s = call @ui64_to_i64(%m4d) : (tensor<?xui64>) -> tensor<?xi64>
  call @print(%m4s) : (tensor<?xi64>) -> ()
  %ucs = arith.constant dense<18446744073709551615> : tensor<40x2xui64>
  %m5 = call @columns_unsigned(%ucs) : (tensor<40x2xui64>) -> tensor<2xui64>
  %m5d = tensor.cast %m5 : tensor<2xui64> to tensor<?xui64>
  %m5s = call @ui64_to_i64(%m5d) : (tensor<?xui64>) -> tensor<?xi64>
  call @print(%m5s) : (tensor<?xi64>) -> ()
  return
}
