// Proves that integer means are exact and truncated toward zero, for signless
// (signed) i8/i16/i32/i64, for ui8..ui64 (unsigned arithmetic) and for
// si8..si64: negative means round toward zero (-7/3 -> -2, never -3), and
// sums that overflow the element type (three times the maximum, mixes of
// INT64_MAX and INT64_MIN, three times 2^64-1) still give the exact mean.
// The @mean_* functions take run-time shapes, so their reductions are
// compiled; the reductions on constants in @main are folded on the host and
// must print the same values.

// DEFINE: %{naive} = rmean-opt %s --rmean-cpu-pipeline=vector-size=0
// DEFINE: %{pipeline} = rmean-opt %s --rmean-cpu-pipeline
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils

// RUN: %{naive} | %{run} | FileCheck %s
// RUN: %{pipeline} | %{run} | FileCheck %s
// Both outer-step policies, whatever the host picks by default.
// RUN: %{pipeline}="outer-rows-per-step=0" | %{run} | FileCheck %s
// RUN: %{pipeline}="outer-rows-per-step=8" | %{run} | FileCheck %s

func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemrefI64(tensor<*xi64>)
func.func private @printU64(i64)
func.func private @printComma()
func.func private @printNewline()

#id = affine_map<(d0) -> (d0)>

//===----------------------------------------------------------------------===//
// Printing: widen to i32/i64; unsigned 64-bit values go through printU64.
//===----------------------------------------------------------------------===//

func.func @print_i8(%t: tensor<?xi8>) {
  %w = arith.extsi %t : tensor<?xi8> to tensor<?xi32>
  %u = tensor.cast %w : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}
func.func @print_i16(%t: tensor<?xi16>) {
  %w = arith.extsi %t : tensor<?xi16> to tensor<?xi32>
  %u = tensor.cast %w : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}
func.func @print_i32(%t: tensor<?xi32>) {
  %u = tensor.cast %t : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}
func.func @print_i64(%t: tensor<?xi64>) {
  %u = tensor.cast %t : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%u) : (tensor<*xi64>) -> ()
  return
}
// Prints "u64: a, b, c" on one line.
func.func @print_u64_bits(%t: tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xi64>
  scf.for %i = %c0 to %n step %c1 {
    %pos = arith.cmpi ugt, %i, %c0 : index
    scf.if %pos {
      func.call @printComma() : () -> ()
    }
    %v = tensor.extract %t[%i] : tensor<?xi64>
    func.call @printU64(%v) : (i64) -> ()
  }
  call @printNewline() : () -> ()
  return
}

// Sign-less views of the signed / unsigned tensors (arith takes only
// signless integers; the casts are reinterpretations).
func.func @ui8_to_i32(%t: tensor<?xui8>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %t, %c0 : tensor<?xui8>
  %e = tensor.empty(%n) : tensor<?xi32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t : tensor<?xui8>) outs(%e : tensor<?xi32>) {
  ^bb0(%a: ui8, %o: i32):
    %s = builtin.unrealized_conversion_cast %a : ui8 to i8
    %w = arith.extui %s : i8 to i32
    linalg.yield %w : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}
func.func @ui16_to_i32(%t: tensor<?xui16>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %t, %c0 : tensor<?xui16>
  %e = tensor.empty(%n) : tensor<?xi32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t : tensor<?xui16>) outs(%e : tensor<?xi32>) {
  ^bb0(%a: ui16, %o: i32):
    %s = builtin.unrealized_conversion_cast %a : ui16 to i16
    %w = arith.extui %s : i16 to i32
    linalg.yield %w : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}
func.func @ui32_to_i64(%t: tensor<?xui32>) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %t, %c0 : tensor<?xui32>
  %e = tensor.empty(%n) : tensor<?xi64>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t : tensor<?xui32>) outs(%e : tensor<?xi64>) {
  ^bb0(%a: ui32, %o: i64):
    %s = builtin.unrealized_conversion_cast %a : ui32 to i32
    %w = arith.extui %s : i32 to i64
    linalg.yield %w : i64
  } -> tensor<?xi64>
  return %r : tensor<?xi64>
}
func.func @ui64_to_i64(%t: tensor<?xui64>) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %t, %c0 : tensor<?xui64>
  %e = tensor.empty(%n) : tensor<?xi64>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t : tensor<?xui64>) outs(%e : tensor<?xi64>) {
  ^bb0(%a: ui64, %o: i64):
    %s = builtin.unrealized_conversion_cast %a : ui64 to i64
    linalg.yield %s : i64
  } -> tensor<?xi64>
  return %r : tensor<?xi64>
}
func.func @si8_to_i32(%t: tensor<?xsi8>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %t, %c0 : tensor<?xsi8>
  %e = tensor.empty(%n) : tensor<?xi32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t : tensor<?xsi8>) outs(%e : tensor<?xi32>) {
  ^bb0(%a: si8, %o: i32):
    %s = builtin.unrealized_conversion_cast %a : si8 to i8
    %w = arith.extsi %s : i8 to i32
    linalg.yield %w : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}
func.func @si16_to_i32(%t: tensor<?xsi16>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %t, %c0 : tensor<?xsi16>
  %e = tensor.empty(%n) : tensor<?xi32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t : tensor<?xsi16>) outs(%e : tensor<?xi32>) {
  ^bb0(%a: si16, %o: i32):
    %s = builtin.unrealized_conversion_cast %a : si16 to i16
    %w = arith.extsi %s : i16 to i32
    linalg.yield %w : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}
func.func @si32_to_i32(%t: tensor<?xsi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %t, %c0 : tensor<?xsi32>
  %e = tensor.empty(%n) : tensor<?xi32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t : tensor<?xsi32>) outs(%e : tensor<?xi32>) {
  ^bb0(%a: si32, %o: i32):
    %s = builtin.unrealized_conversion_cast %a : si32 to i32
    linalg.yield %s : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}
func.func @si64_to_i64(%t: tensor<?xsi64>) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %t, %c0 : tensor<?xsi64>
  %e = tensor.empty(%n) : tensor<?xi64>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t : tensor<?xsi64>) outs(%e : tensor<?xi64>) {
  ^bb0(%a: si64, %o: i64):
    %s = builtin.unrealized_conversion_cast %a : si64 to i64
    linalg.yield %s : i64
  } -> tensor<?xi64>
  return %r : tensor<?xi64>
}

//===----------------------------------------------------------------------===//
// Row means (axis 1) on run-time shapes.
//===----------------------------------------------------------------------===//

func.func @mean_i8(%x: tensor<?x?xi8>) -> tensor<?xi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xi8> -> tensor<?xi8>
  return %0 : tensor<?xi8>
}
func.func @mean_i16(%x: tensor<?x?xi16>) -> tensor<?xi16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xi16> -> tensor<?xi16>
  return %0 : tensor<?xi16>
}
func.func @mean_i32(%x: tensor<?x?xi32>) -> tensor<?xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xi32> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
func.func @mean_i64(%x: tensor<?x?xi64>) -> tensor<?xi64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xi64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}
func.func @mean_ui8(%x: tensor<?x?xui8>) -> tensor<?xui8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xui8> -> tensor<?xui8>
  return %0 : tensor<?xui8>
}
func.func @mean_ui16(%x: tensor<?x?xui16>) -> tensor<?xui16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xui16> -> tensor<?xui16>
  return %0 : tensor<?xui16>
}
func.func @mean_ui32(%x: tensor<?x?xui32>) -> tensor<?xui32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xui32> -> tensor<?xui32>
  return %0 : tensor<?xui32>
}
func.func @mean_ui64(%x: tensor<?x?xui64>) -> tensor<?xui64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xui64> -> tensor<?xui64>
  return %0 : tensor<?xui64>
}
func.func @mean_si8(%x: tensor<?x?xsi8>) -> tensor<?xsi8> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xsi8> -> tensor<?xsi8>
  return %0 : tensor<?xsi8>
}
func.func @mean_si16(%x: tensor<?x?xsi16>) -> tensor<?xsi16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xsi16> -> tensor<?xsi16>
  return %0 : tensor<?xsi16>
}
func.func @mean_si32(%x: tensor<?x?xsi32>) -> tensor<?xsi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xsi32> -> tensor<?xsi32>
  return %0 : tensor<?xsi32>
}
func.func @mean_si64(%x: tensor<?x?xsi64>) -> tensor<?xsi64> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xsi64> -> tensor<?xsi64>
  return %0 : tensor<?xsi64>
}
// Static shapes, a column reduction with keep_dims, and reduce-all.
func.func @mean_i32_cols_keep(%x: tensor<3x4xi32>) -> tensor<1x4xi32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>, keep_dims = true} : tensor<3x4xi32> -> tensor<1x4xi32>
  return %0 : tensor<1x4xi32>
}
func.func @mean_i64_all(%x: tensor<3x4xi64>) -> tensor<i64> {
  %0 = rmean.reduce_mean %x {axes = array<i64>, noop_with_empty_axes = false} : tensor<3x4xi64> -> tensor<i64>
  return %0 : tensor<i64>
}

func.func @main() {
  // i8: 5/3 -> 1, -5/3 -> -1, -7/3 -> -2, 3 x 127, 3 x -128,
  //     (-128 - 128 - 127)/3 = -127.67 -> -127, (-128 + 127 + 0)/3 -> 0.
  // CHECK: data =
  // CHECK-NEXT: [1, -1, -2, 127, -128, -127, 0]
  %i8 = arith.constant dense<[[5, 0, 0], [-5, 0, 0], [-7, 0, 0], [127, 127, 127],
                              [-128, -128, -128], [-128, -128, -127], [-128, 127, 0]]> : tensor<7x3xi8>
  %i8d = tensor.cast %i8 : tensor<7x3xi8> to tensor<?x?xi8>
  %m8 = call @mean_i8(%i8d) : (tensor<?x?xi8>) -> tensor<?xi8>
  call @print_i8(%m8) : (tensor<?xi8>) -> ()

  // i16: 3 x 32767, (-32768 - 32768 - 32767)/3 -> -32767, -2/3 -> 0,
  //      -19/3 -> -6.
  // CHECK: data =
  // CHECK-NEXT: [32767, -32767, 0, -6]
  %i16 = arith.constant dense<[[32767, 32767, 32767], [-32768, -32768, -32767],
                               [-1, -1, 0], [-10, -10, 1]]> : tensor<4x3xi16>
  %i16d = tensor.cast %i16 : tensor<4x3xi16> to tensor<?x?xi16>
  %m16 = call @mean_i16(%i16d) : (tensor<?x?xi16>) -> tensor<?xi16>
  call @print_i16(%m16) : (tensor<?xi16>) -> ()

  // i32: 3 x INT32_MAX, 3 x INT32_MIN, -7/3 -> -2,
  //      (2 INT32_MAX + INT32_MIN)/3 = 2147483646/3 = 715827882.
  // CHECK: data =
  // CHECK-NEXT: [2147483647, -2147483648, -2, 715827882]
  %i32 = arith.constant dense<[[2147483647, 2147483647, 2147483647],
                               [-2147483648, -2147483648, -2147483648],
                               [-7, 0, 0], [2147483647, 2147483647, -2147483648]]> : tensor<4x3xi32>
  %i32d = tensor.cast %i32 : tensor<4x3xi32> to tensor<?x?xi32>
  %m32 = call @mean_i32(%i32d) : (tensor<?x?xi32>) -> tensor<?xi32>
  call @print_i32(%m32) : (tensor<?xi32>) -> ()

  // i64: 3 x INT64_MAX, 3 x INT64_MIN, -7/3 -> -2,
  //      (2 INT64_MAX + INT64_MIN)/3 = (2^63 - 2)/3 = 3074457345618258602,
  //      (2 INT64_MIN + INT64_MAX)/3 = (-2^63 - 1)/3 = -3074457345618258603.
  // CHECK: data =
  // CHECK-NEXT: [9223372036854775807, -9223372036854775808, -2, 3074457345618258602, -3074457345618258603]
  %i64 = arith.constant dense<[[9223372036854775807, 9223372036854775807, 9223372036854775807],
                               [-9223372036854775808, -9223372036854775808, -9223372036854775808],
                               [-7, 0, 0],
                               [9223372036854775807, 9223372036854775807, -9223372036854775808],
                               [-9223372036854775808, -9223372036854775808, 9223372036854775807]]> : tensor<5x3xi64>
  %i64d = tensor.cast %i64 : tensor<5x3xi64> to tensor<?x?xi64>
  %m64 = call @mean_i64(%i64d) : (tensor<?x?xi64>) -> tensor<?xi64>
  call @print_i64(%m64) : (tensor<?xi64>) -> ()
  // The same i64 rows, folded.
  // CHECK: data =
  // CHECK-NEXT: [9223372036854775807, -9223372036854775808, -2, 3074457345618258602, -3074457345618258603]
  %f64 = rmean.reduce_mean %i64 {axes = array<i64: 1>} : tensor<5x3xi64> -> tensor<5xi64>
  %f64d = tensor.cast %f64 : tensor<5xi64> to tensor<?xi64>
  call @print_i64(%f64d) : (tensor<?xi64>) -> ()

  // ui8: 555/3 = 185, 3 x 255, 1/3 -> 0, 764/3 -> 254.
  // CHECK: data =
  // CHECK-NEXT: [185, 255, 0, 254]
  %u8 = arith.constant dense<[[200, 100, 255], [255, 255, 255], [1, 0, 0], [254, 255, 255]]> : tensor<4x3xui8>
  %u8d = tensor.cast %u8 : tensor<4x3xui8> to tensor<?x?xui8>
  %mu8 = call @mean_ui8(%u8d) : (tensor<?x?xui8>) -> tensor<?xui8>
  %mu8w = call @ui8_to_i32(%mu8) : (tensor<?xui8>) -> tensor<?xi32>
  call @print_i32(%mu8w) : (tensor<?xi32>) -> ()

  // ui16: 3 x 65535, 131069/3 -> 43689.
  // CHECK: data =
  // CHECK-NEXT: [65535, 43689]
  %u16 = arith.constant dense<[[65535, 65535, 65535], [65535, 65534, 0]]> : tensor<2x3xui16>
  %u16d = tensor.cast %u16 : tensor<2x3xui16> to tensor<?x?xui16>
  %mu16 = call @mean_ui16(%u16d) : (tensor<?x?xui16>) -> tensor<?xui16>
  %mu16w = call @ui16_to_i32(%mu16) : (tensor<?xui16>) -> tensor<?xi32>
  call @print_i32(%mu16w) : (tensor<?xi32>) -> ()

  // ui32: 3 x 4294967295, 8589934591/3 -> 2863311530.
  // CHECK: data =
  // CHECK-NEXT: [4294967295, 2863311530]
  %u32 = arith.constant dense<[[4294967295, 4294967295, 4294967295], [4294967295, 4294967295, 1]]> : tensor<2x3xui32>
  %u32d = tensor.cast %u32 : tensor<2x3xui32> to tensor<?x?xui32>
  %mu32 = call @mean_ui32(%u32d) : (tensor<?x?xui32>) -> tensor<?xui32>
  %mu32w = call @ui32_to_i64(%mu32) : (tensor<?xui32>) -> tensor<?xi64>
  call @print_i64(%mu32w) : (tensor<?xi64>) -> ()

  // ui64: 3 x (2^64 - 1), (2 (2^64 - 1) + 2)/3 = 2^65/3 -> 12297829382473034410,
  //       (2^63 + 2^63 + 1)/3 = 6148914691236517205.
  // CHECK: 18446744073709551615, 12297829382473034410, 6148914691236517205
  // CHECK-NEXT: 18446744073709551615, 12297829382473034410, 6148914691236517205
  %u64 = arith.constant dense<[[18446744073709551615, 18446744073709551615, 18446744073709551615],
                               [18446744073709551615, 18446744073709551615, 2],
                               [9223372036854775808, 9223372036854775808, 1]]> : tensor<3x3xui64>
  %u64d = tensor.cast %u64 : tensor<3x3xui64> to tensor<?x?xui64>
  %mu64 = call @mean_ui64(%u64d) : (tensor<?x?xui64>) -> tensor<?xui64>
  %mu64w = call @ui64_to_i64(%mu64) : (tensor<?xui64>) -> tensor<?xi64>
  call @print_u64_bits(%mu64w) : (tensor<?xi64>) -> ()
  // The same ui64 rows, folded.
  %fu64 = rmean.reduce_mean %u64 {axes = array<i64: 1>} : tensor<3x3xui64> -> tensor<3xui64>
  %fu64d = tensor.cast %fu64 : tensor<3xui64> to tensor<?xui64>
  %fu64w = call @ui64_to_i64(%fu64d) : (tensor<?xui64>) -> tensor<?xi64>
  call @print_u64_bits(%fu64w) : (tensor<?xi64>) -> ()

  // si8 / si16 / si32 / si64: signed arithmetic, truncation toward zero.
  // CHECK: data =
  // CHECK-NEXT: [-2, 127, -127]
  %s8 = arith.constant dense<[[-7, 0, 0], [127, 127, 127], [-128, -128, -127]]> : tensor<3x3xsi8>
  %s8d = tensor.cast %s8 : tensor<3x3xsi8> to tensor<?x?xsi8>
  %ms8 = call @mean_si8(%s8d) : (tensor<?x?xsi8>) -> tensor<?xsi8>
  %ms8w = call @si8_to_i32(%ms8) : (tensor<?xsi8>) -> tensor<?xi32>
  call @print_i32(%ms8w) : (tensor<?xi32>) -> ()
  // CHECK: data =
  // CHECK-NEXT: [-6, 32767, -32767]
  %s16 = arith.constant dense<[[-10, -10, 1], [32767, 32767, 32767], [-32768, -32768, -32767]]> : tensor<3x3xsi16>
  %s16d = tensor.cast %s16 : tensor<3x3xsi16> to tensor<?x?xsi16>
  %ms16 = call @mean_si16(%s16d) : (tensor<?x?xsi16>) -> tensor<?xsi16>
  %ms16w = call @si16_to_i32(%ms16) : (tensor<?xsi16>) -> tensor<?xi32>
  call @print_i32(%ms16w) : (tensor<?xi32>) -> ()
  // CHECK: data =
  // CHECK-NEXT: [-2, 715827882, -2147483648]
  %s32 = arith.constant dense<[[-7, 0, 0], [2147483647, 2147483647, -2147483648],
                               [-2147483648, -2147483648, -2147483648]]> : tensor<3x3xsi32>
  %s32d = tensor.cast %s32 : tensor<3x3xsi32> to tensor<?x?xsi32>
  %ms32 = call @mean_si32(%s32d) : (tensor<?x?xsi32>) -> tensor<?xsi32>
  %ms32w = call @si32_to_i32(%ms32) : (tensor<?xsi32>) -> tensor<?xi32>
  call @print_i32(%ms32w) : (tensor<?xi32>) -> ()
  // CHECK: data =
  // CHECK-NEXT: [-2, 3074457345618258602, -3074457345618258603]
  %s64 = arith.constant dense<[[-7, 0, 0],
                               [9223372036854775807, 9223372036854775807, -9223372036854775808],
                               [-9223372036854775808, -9223372036854775808, 9223372036854775807]]> : tensor<3x3xsi64>
  %s64d = tensor.cast %s64 : tensor<3x3xsi64> to tensor<?x?xsi64>
  %ms64 = call @mean_si64(%s64d) : (tensor<?x?xsi64>) -> tensor<?xsi64>
  %ms64w = call @si64_to_i64(%ms64) : (tensor<?xsi64>) -> tensor<?xi64>
  call @print_i64(%ms64w) : (tensor<?xi64>) -> ()

  // Static column means with keep_dims: (1+2+4)/3 -> 2, (-1-2-4)/3 -> -2,
  // (10+0+0)/3 -> 3, (-10+0+0)/3 -> -3.
  // CHECK: sizes = [1, 4] strides = [4, 1] data =
  // CHECK-NEXT: {{\[\[}}2, -2, 3, -3]]
  %c = arith.constant dense<[[1, -1, 10, -10], [2, -2, 0, 0], [4, -4, 0, 0]]> : tensor<3x4xi32>
  %ck = call @mean_i32_cols_keep(%c) : (tensor<3x4xi32>) -> tensor<1x4xi32>
  %cku = tensor.cast %ck : tensor<1x4xi32> to tensor<*xi32>
  call @printMemrefI32(%cku) : (tensor<*xi32>) -> ()

  // i64 reduce-all of 12 values summing to -13 + 4 INT64_MAX - 4 INT64_MAX:
  // -13/12 -> -1.
  // CHECK: rank = 0 offset = 0 sizes = [] strides = [] data =
  // CHECK-NEXT: [-1]
  %a = arith.constant dense<[[9223372036854775807, 9223372036854775807, 9223372036854775807, 9223372036854775807],
                             [-9223372036854775807, -9223372036854775807, -9223372036854775807, -9223372036854775807],
                             [-13, 0, 0, 0]]> : tensor<3x4xi64>
  %am = call @mean_i64_all(%a) : (tensor<3x4xi64>) -> tensor<i64>
  %amu = tensor.cast %am : tensor<i64> to tensor<*xi64>
  call @printMemrefI64(%amu) : (tensor<*xi64>) -> ()
  return
}
