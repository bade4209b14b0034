// 8- and 16-bit integer sums whose static element count keeps them within
// i32 add in i32 (rmean-narrow-integer-sums), also at the limits: 2^16
// elements of -32768 sum to exactly -2^31; 32768 elements of ui16 65535 to
// 2^31 - 32768; 4096 rows of i8 columns at -128 and 127, and a column whose
// mean truncates toward zero (-1 in one row: -1/4096 -> 0). Every
// configuration must give the exact means the scalar code gives.

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline=vector-size=0 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="vector-size=8 num-threads=2" | %{run} | FileCheck %s

// CHECK: data =
// CHECK-NEXT: [-32768,  32767]
// CHECK: data =
// CHECK-NEXT: [65535,  0]
// CHECK: data =
// CHECK-NEXT: [-128,  127,  0,  -127]

func.func private @printMemrefI64(tensor<*xi64>)

func.func @rows_i16(%x: tensor<2x65536xi16>) -> tensor<2xi16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<2x65536xi16> -> tensor<2xi16>
  return %0 : tensor<2xi16>
}
func.func @rows_ui16(%x: tensor<2x32768xui16>) -> tensor<2xui16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<2x32768xui16> -> tensor<2xui16>
  return %0 : tensor<2xui16>
}
func.func @columns_i8(%x: tensor<4096x4xi8>) -> tensor<4xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<4096x4xi8> -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// Reinterpretations between signless and unsigned integers (arith takes
// signless ones only), and widening for printing.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @to_ui16(%t: tensor<2x32768xi16>) -> tensor<2x32768xui16> {
  %e = tensor.empty() : tensor<2x32768xui16>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<2x32768xi16>) outs(%e : tensor<2x32768xui16>) {
  ^bb0(%a: i16, %o: ui16):
    %s = builtin.unrealized_conversion_cast %a : i16 to ui16
    linalg.yield %s : ui16
  } -> tensor<2x32768xui16>
  return %r : tensor<2x32768xui16>
}
func.func @print_ui16(%t: tensor<2xui16>) {
  %e = tensor.empty() : tensor<2xi64>
  %r = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%t : tensor<2xui16>) outs(%e : tensor<2xi64>) {
  ^bb0(%a: ui16, %o: i64):
    %s = builtin.unrealized_conversion_cast %a : ui16 to i16
    %w = arith.extui %s : i16 to i64
    linalg.yield %w : i64
  } -> tensor<2xi64>
  %u = tensor.cast %r : tensor<2xi64> to tensor<*xi64>
  call @printMemrefI64(%u) : (tensor<*xi64>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index

  %a = tensor.generate {
  ^bb0(%i: index, %j: index):
    %lo = arith.constant -32768 : i16
    %hi = arith.constant 32767 : i16
    %first = arith.cmpi eq, %i, %c0 : index
    %v = arith.select %first, %lo, %hi : i16
    tensor.yield %v : i16
  } : tensor<2x65536xi16>
  %ma = func.call @rows_i16(%a) : (tensor<2x65536xi16>) -> tensor<2xi16>
  %wa = arith.extsi %ma : tensor<2xi16> to tensor<2xi64>
  %ua = tensor.cast %wa : tensor<2xi64> to tensor<*xi64>
  func.call @printMemrefI64(%ua) : (tensor<*xi64>) -> ()

  %b = tensor.generate {
  ^bb0(%i: index, %j: index):
    %hi = arith.constant -1 : i16
    %zero = arith.constant 0 : i16
    %first = arith.cmpi eq, %i, %c0 : index
    %v = arith.select %first, %hi, %zero : i16
    tensor.yield %v : i16
  } : tensor<2x32768xi16>
  %bu = func.call @to_ui16(%b) : (tensor<2x32768xi16>) -> tensor<2x32768xui16>
  %mb = func.call @rows_ui16(%bu) : (tensor<2x32768xui16>) -> tensor<2xui16>
  func.call @print_ui16(%mb) : (tensor<2xui16>) -> ()

  // Column 0: -128; 1: 127; 2: -1 in row 7 only; 3: -127.
  %c = tensor.generate {
  ^bb0(%i: index, %j: index):
    %m128 = arith.constant -128 : i8
    %p127 = arith.constant 127 : i8
    %m1 = arith.constant -1 : i8
    %zero = arith.constant 0 : i8
    %m127 = arith.constant -127 : i8
    %is0 = arith.cmpi eq, %j, %c0 : index
    %is1 = arith.cmpi eq, %j, %c1 : index
    %is2 = arith.cmpi eq, %j, %c2 : index
    %row7 = arith.cmpi eq, %i, %c7 : index
    %c2v = arith.select %row7, %m1, %zero : i8
    %v3 = arith.select %is2, %c2v, %m127 : i8
    %v2 = arith.select %is1, %p127, %v3 : i8
    %v = arith.select %is0, %m128, %v2 : i8
    tensor.yield %v : i8
  } : tensor<4096x4xi8>
  %mc = func.call @columns_i8(%c) : (tensor<4096x4xi8>) -> tensor<4xi8>
  %wc = arith.extsi %mc : tensor<4xi8> to tensor<4xi64>
  %uc = tensor.cast %wc : tensor<4xi64> to tensor<*xi64>
  func.call @printMemrefI64(%uc) : (tensor<*xi64>) -> ()
  return
}
