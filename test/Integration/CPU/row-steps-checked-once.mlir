// Outer row steps summed in f32 are tested for finite sums once per
// accumulator row, after all its steps (rmean-narrow-accumulators): a
// non-finite accumulator makes the steps run again, checked one by one.
// Every configuration must print what the scalar code prints, which needs
// the second run where a step overflows f32 next to an Inf of another step.
//
// @pool, 2x7x7x64 f32 over (1, 2): 49 rows, 7 per step. Image 1 is c + 1001
// (no special value: its accumulator row takes the unchecked run only).
// Image 0 is c + 1 except: channel 0 is +Inf in row 0 and -3e38 in rows
// 7-13 (that step's f32 sum overflows to -Inf; unchecked, Inf + -Inf would
// be NaN, but the f64 sum is +Inf), channel 1 is 3e38 in every row (each
// step overflows f32; the mean is 3e38), channel 2 has a NaN in row 48,
// channel 3 +Inf in row 5 and -Inf in row 40 (NaN), channel 4 is -0.0.
//
// @columns, a dynamic 20x40 f32 over axis 0: 8 rows per step, 4 rows and
// 8 columns left over. Column c is c + 1 except: column 0 is +Inf in row 0
// and -3e38 in rows 8-15 (+Inf), column 1 3e38 everywhere (3e38), columns
// 2 and 33 are 3e38 in rows 0-7 and -3e38 in rows 8-15 (two overflowing
// steps that cancel exactly in f64: the means are 4 * 3 / 20 = 0.6 and
// 4 * 34 / 20 = 6.8).

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline=vector-size=0 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="outer-rows-per-step=8" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="outer-rows-per-step=8 num-threads=2 min-threaded-bytes=0" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="outer-rows-per-step=8 target-vector-bits=256" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="outer-rows-per-step=4" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="outer-rows-per-step=8 block-trips=0" | %{run} | FileCheck %s
// The steps of both functions are tested once, after their loops.
// RUN: rmean-opt %s --rmean-cpu-pipeline="outer-rows-per-step=8" --mlir-disable-threading --mlir-print-ir-after=rmean-narrow-accumulators -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFER
// DEFER-LABEL: func.func @pool
//       DEFER:   math.fma
//       DEFER:   scf.if
//       DEFER:   } else {
//       DEFER:     linalg.fill
// DEFER-LABEL: func.func @columns
//       DEFER:   math.fma
//       DEFER:   scf.if
//       DEFER:   } else {
//       DEFER:     linalg.fill

// CHECK: data =
// CHECK-NEXT: [inf,   3e+38,   {{-?}}nan,   {{-?}}nan,   -0,   6,   7,   8],
// CHECK-NEXT: [1001,   1002,   1003,   1004,   1005,   1006,   1007,   1008]
// CHECK: data =
// CHECK-NEXT: [inf,  3e+38,  0.6,  4]
// CHECK: data =
// CHECK-NEXT: [33,  6.8,  35,  36]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @pool(%x: tensor<2x7x7x64xf32>) -> tensor<2x64xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 2>} : tensor<2x7x7x64xf32> -> tensor<2x64xf32>
  return %0 : tensor<2x64xf32>
}

func.func @columns(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// c + 1 + 1000 n, with image 0's special channels.
func.func @pool_value(%n: index, %r: index, %c: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c13 = arith.constant 13 : index
  %c40 = arith.constant 40 : index
  %c48 = arith.constant 48 : index
  %c1000 = arith.constant 1000 : index
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %big = arith.constant 3.0e38 : f32
  %nbig = arith.constant -3.0e38 : f32
  %nzero = arith.constant -0.0 : f32
  %nk = arith.muli %n, %c1000 : index
  %base = arith.addi %c, %nk : index
  %base1 = arith.addi %base, %c1 : index
  %bi = arith.index_cast %base1 : index to i64
  %v = arith.sitofp %bi : i64 to f32
  %n0 = arith.cmpi eq, %n, %c0 : index
  %ch0 = arith.cmpi eq, %c, %c0 : index
  %ch1 = arith.cmpi eq, %c, %c1 : index
  %ch2 = arith.cmpi eq, %c, %c2 : index
  %ch3 = arith.cmpi eq, %c, %c3 : index
  %ch4 = arith.cmpi eq, %c, %c4 : index
  %r0 = arith.cmpi eq, %r, %c0 : index
  %r5 = arith.cmpi eq, %r, %c5 : index
  %r40 = arith.cmpi eq, %r, %c40 : index
  %r48 = arith.cmpi eq, %r, %c48 : index
  %ge7 = arith.cmpi sge, %r, %c7 : index
  %le13 = arith.cmpi sle, %r, %c13 : index
  %step1 = arith.andi %ge7, %le13 : i1
  // Channel 0.
  %a0 = arith.select %step1, %nbig, %v : f32
  %a1 = arith.select %r0, %inf, %a0 : f32
  %s0 = arith.select %ch0, %a1, %v : f32
  // Channel 1.
  %s1 = arith.select %ch1, %big, %s0 : f32
  // Channel 2.
  %b0 = arith.select %r48, %nan, %v : f32
  %s2 = arith.select %ch2, %b0, %s1 : f32
  // Channel 3.
  %d0 = arith.select %r5, %inf, %v : f32
  %d1 = arith.select %r40, %ninf, %d0 : f32
  %s3 = arith.select %ch3, %d1, %s2 : f32
  // Channel 4.
  %s4 = arith.select %ch4, %nzero, %s3 : f32
  %res = arith.select %n0, %s4, %v : f32
  return %res : f32
}

// c + 1, with the special columns.
func.func @column_value(%r: index, %c: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c15 = arith.constant 15 : index
  %c33 = arith.constant 33 : index
  %inf = arith.constant 0x7F800000 : f32
  %big = arith.constant 3.0e38 : f32
  %nbig = arith.constant -3.0e38 : f32
  %c1i = arith.addi %c, %c1 : index
  %ci = arith.index_cast %c1i : index to i64
  %v = arith.sitofp %ci : i64 to f32
  %r0 = arith.cmpi eq, %r, %c0 : index
  %le7 = arith.cmpi sle, %r, %c7 : index
  %ge8 = arith.cmpi sge, %r, %c8 : index
  %le15 = arith.cmpi sle, %r, %c15 : index
  %step1 = arith.andi %ge8, %le15 : i1
  %ch0 = arith.cmpi eq, %c, %c0 : index
  %ch1 = arith.cmpi eq, %c, %c1 : index
  %ch2 = arith.cmpi eq, %c, %c2 : index
  %ch33 = arith.cmpi eq, %c, %c33 : index
  // Column 0.
  %a0 = arith.select %step1, %nbig, %v : f32
  %a1 = arith.select %r0, %inf, %a0 : f32
  %s0 = arith.select %ch0, %a1, %v : f32
  // Column 1.
  %s1 = arith.select %ch1, %big, %s0 : f32
  // Columns 2 and 33.
  %b0 = arith.select %step1, %nbig, %v : f32
  %b1 = arith.select %le7, %big, %b0 : f32
  %cancel = arith.ori %ch2, %ch33 : i1
  %s2 = arith.select %cancel, %b1, %s1 : f32
  return %s2 : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %c20 = arith.constant 20 : index
  %c40 = arith.constant 40 : index
  %x = tensor.generate {
  ^bb0(%n: index, %h: index, %w: index, %c: index):
    %h7 = arith.muli %h, %c7 : index
    %r = arith.addi %h7, %w : index
    %v = func.call @pool_value(%n, %r, %c) : (index, index, index) -> f32
    tensor.yield %v : f32
  } : tensor<2x7x7x64xf32>
  %m = call @pool(%x) : (tensor<2x7x7x64xf32>) -> tensor<2x64xf32>
  %lo = tensor.extract_slice %m[0, 0] [2, 8] [1, 1] : tensor<2x64xf32> to tensor<2x8xf32>
  %lou = tensor.cast %lo : tensor<2x8xf32> to tensor<*xf32>
  call @printMemrefF32(%lou) : (tensor<*xf32>) -> ()

  %y = tensor.generate %c20, %c40 {
  ^bb0(%r: index, %c: index):
    %v = func.call @column_value(%r, %c) : (index, index) -> f32
    tensor.yield %v : f32
  } : tensor<?x?xf32>
  %k = call @columns(%y) : (tensor<?x?xf32>) -> tensor<?xf32>
  %k0 = tensor.extract_slice %k[0] [4] [1] : tensor<?xf32> to tensor<4xf32>
  %k1 = tensor.extract_slice %k[32] [4] [1] : tensor<?xf32> to tensor<4xf32>
  %k0u = tensor.cast %k0 : tensor<4xf32> to tensor<*xf32>
  %k1u = tensor.cast %k1 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%k0u) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%k1u) : (tensor<*xf32>) -> ()
  return
}
