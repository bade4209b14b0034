// 8- and 16-bit integer rows long enough for the vector lanes, whose i64
// accumulators rmean-narrow-accumulators sums in exact i32 blocks
// (docs/ReduceMean.md §4.2): every configuration must print what the
// scalar code prints, exactly. Rows of 1000: all at the type's maximum, all
// at its minimum, a pattern of both signs (i8: c mod 256 - 128, mean
// -3.284 -> -3; i16: (4099 c) mod 65536 - 32768, -680.572 -> -680), and a
// single -1 among zeros (-0.001 -> 0); ui8 rows: 255, (37 c) mod 256
// (127.068 -> 127), 0; ui16 rows: 65535, 0.

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline=vector-size=0 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="vector-size=8 block-trips=0 num-threads=2" | %{run} | FileCheck %s

// CHECK: data =
// CHECK-NEXT: [127,  -128,  -3,  0]
// CHECK: data =
// CHECK-NEXT: [32767,  -32768,  -680,  0]
// CHECK: data =
// CHECK-NEXT: [255,  127,  0]
// CHECK: data =
// CHECK-NEXT: [65535,  0]

func.func private @printMemrefI64(tensor<*xi64>)

func.func @mean_i8(%x: tensor<4x1000xi8>) -> tensor<4xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x1000xi8> -> tensor<4xi8>
  return %0 : tensor<4xi8>
}
func.func @mean_i16(%x: tensor<4x1000xi16>) -> tensor<4xi16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<4x1000xi16> -> tensor<4xi16>
  return %0 : tensor<4xi16>
}
func.func @mean_ui8(%x: tensor<3x1000xui8>) -> tensor<3xui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<3x1000xui8> -> tensor<3xui8>
  return %0 : tensor<3xui8>
}
func.func @mean_ui16(%x: tensor<2x1000xui16>) -> tensor<2xui16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<2x1000xui16> -> tensor<2xui16>
  return %0 : tensor<2xui16>
}

// Reinterpretations between signless and unsigned integers (arith takes
// signless ones only), and widening for printing.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @to_ui8(%t: tensor<3x1000xi8>) -> tensor<3x1000xui8> {
  %e = tensor.empty() : tensor<3x1000xui8>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<3x1000xi8>) outs(%e : tensor<3x1000xui8>) {
  ^bb0(%a: i8, %o: ui8):
    %s = builtin.unrealized_conversion_cast %a : i8 to ui8
    linalg.yield %s : ui8
  } -> tensor<3x1000xui8>
  return %r : tensor<3x1000xui8>
}
func.func @to_ui16(%t: tensor<2x1000xi16>) -> tensor<2x1000xui16> {
  %e = tensor.empty() : tensor<2x1000xui16>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<2x1000xi16>) outs(%e : tensor<2x1000xui16>) {
  ^bb0(%a: i16, %o: ui16):
    %s = builtin.unrealized_conversion_cast %a : i16 to ui16
    linalg.yield %s : ui16
  } -> tensor<2x1000xui16>
  return %r : tensor<2x1000xui16>
}
func.func @print_ui8(%t: tensor<3xui8>) {
  %e = tensor.empty() : tensor<3xi64>
  %r = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%t : tensor<3xui8>) outs(%e : tensor<3xi64>) {
  ^bb0(%a: ui8, %o: i64):
    %s = builtin.unrealized_conversion_cast %a : ui8 to i8
    %w = arith.extui %s : i8 to i64
    linalg.yield %w : i64
  } -> tensor<3xi64>
  %u = tensor.cast %r : tensor<3xi64> to tensor<*xi64>
  call @printMemrefI64(%u) : (tensor<*xi64>) -> ()
  return
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
  // i8 rows.
  %x8 = tensor.generate {
  ^bb0(%r: index, %c: index):
    %ci = arith.index_cast %c : index to i32
    %c256 = arith.constant 256 : i32
    %c128 = arith.constant 128 : i32
    %m = arith.remui %ci, %c256 : i32
    %p32 = arith.subi %m, %c128 : i32
    %pattern = arith.trunci %p32 : i32 to i8
    %max = arith.constant 127 : i8
    %min = arith.constant -128 : i8
    %z = arith.constant 0 : i8
    %m1 = arith.constant -1 : i8
    %is_c0 = arith.cmpi eq, %c, %c0 : index
    %lone = arith.select %is_c0, %m1, %z : i8
    %v = scf.index_switch %r -> i8
    case 0 { scf.yield %max : i8 }
    case 1 { scf.yield %min : i8 }
    case 2 { scf.yield %pattern : i8 }
    default { scf.yield %lone : i8 }
    tensor.yield %v : i8
  } : tensor<4x1000xi8>
  %m8 = call @mean_i8(%x8) : (tensor<4x1000xi8>) -> tensor<4xi8>
  %w8 = arith.extsi %m8 : tensor<4xi8> to tensor<4xi64>
  %u8 = tensor.cast %w8 : tensor<4xi64> to tensor<*xi64>
  call @printMemrefI64(%u8) : (tensor<*xi64>) -> ()

  // i16 rows.
  %x16 = tensor.generate {
  ^bb0(%r: index, %c: index):
    %ci = arith.index_cast %c : index to i32
    %k = arith.constant 4099 : i32
    %c65536 = arith.constant 65536 : i32
    %c32768 = arith.constant 32768 : i32
    %p = arith.muli %ci, %k : i32
    %m = arith.remui %p, %c65536 : i32
    %p32 = arith.subi %m, %c32768 : i32
    %pattern = arith.trunci %p32 : i32 to i16
    %max = arith.constant 32767 : i16
    %min = arith.constant -32768 : i16
    %z = arith.constant 0 : i16
    %m1 = arith.constant -1 : i16
    %is_c0 = arith.cmpi eq, %c, %c0 : index
    %lone = arith.select %is_c0, %m1, %z : i16
    %v = scf.index_switch %r -> i16
    case 0 { scf.yield %max : i16 }
    case 1 { scf.yield %min : i16 }
    case 2 { scf.yield %pattern : i16 }
    default { scf.yield %lone : i16 }
    tensor.yield %v : i16
  } : tensor<4x1000xi16>
  %m16 = call @mean_i16(%x16) : (tensor<4x1000xi16>) -> tensor<4xi16>
  %w16 = arith.extsi %m16 : tensor<4xi16> to tensor<4xi64>
  %u16 = tensor.cast %w16 : tensor<4xi64> to tensor<*xi64>
  call @printMemrefI64(%u16) : (tensor<*xi64>) -> ()

  // ui8 rows (as bits: -1 is 255).
  %y8 = tensor.generate {
  ^bb0(%r: index, %c: index):
    %ci = arith.index_cast %c : index to i32
    %k = arith.constant 37 : i32
    %p = arith.muli %ci, %k : i32
    %pattern = arith.trunci %p : i32 to i8
    %all = arith.constant -1 : i8
    %z = arith.constant 0 : i8
    %v = scf.index_switch %r -> i8
    case 0 { scf.yield %all : i8 }
    case 1 { scf.yield %pattern : i8 }
    default { scf.yield %z : i8 }
    tensor.yield %v : i8
  } : tensor<3x1000xi8>
  %yu8 = call @to_ui8(%y8) : (tensor<3x1000xi8>) -> tensor<3x1000xui8>
  %mu8 = call @mean_ui8(%yu8) : (tensor<3x1000xui8>) -> tensor<3xui8>
  call @print_ui8(%mu8) : (tensor<3xui8>) -> ()

  // ui16 rows.
  %y16 = tensor.generate {
  ^bb0(%r: index, %c: index):
    %all = arith.constant -1 : i16
    %z = arith.constant 0 : i16
    %is_r0 = arith.cmpi eq, %r, %c0 : index
    %v = arith.select %is_r0, %all, %z : i16
    tensor.yield %v : i16
  } : tensor<2x1000xi16>
  %yu16 = call @to_ui16(%y16) : (tensor<2x1000xi16>) -> tensor<2x1000xui16>
  %mu16 = call @mean_ui16(%yu16) : (tensor<2x1000xui16>) -> tensor<2xui16>
  call @print_ui16(%mu16) : (tensor<2xui16>) -> ()
  return
}
