// Column means over rows of 2048 or more take 8 reduced rows per step
// (docs/ReduceMean.md §6.2); the rows left after the last full step (one
// of 9 here, as one of NHWC pooling's 49) are vectorised too, when their
// count is static. Every configuration must print what the scalar code
// prints, for columns whose critical value is in the leftover row: a NaN
// (column 5), +Inf (6), a value whose f32 step sum overflows (7, 3e38 in
// every row: a finite mean), -0.0 in every row (8), and the column index
// in rows 0-7 with 9 times it in row 8 (column c: 17c/9; printed for c = 0,
// 9, 2047, the last).

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline=vector-size=0 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="block-trips=0 num-threads=2" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="outer-rows-per-step=3" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="outer-rows-per-step=0" | %{run} | FileCheck %s

// CHECK: data =
// CHECK-NEXT: [{{-?}}nan,  inf,  3e+38,  -0,  0,  17,  3866.56]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @columns(%x: tensor<9x2048xf32>) -> tensor<2048xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<9x2048xf32> -> tensor<2048xf32>
  return %0 : tensor<2048xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c2047 = arith.constant 2047 : index
  %nan = arith.constant 0x7FC00000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %big = arith.constant 3.0e38 : f32
  %negzero = arith.constant -0.0 : f32
  %nine = arith.constant 9.0 : f32
  %one = arith.constant 1.0 : f32
  %x = tensor.generate {
  ^bb0(%r: index, %c: index):
    %ci = arith.index_cast %c : index to i32
    %cf = arith.sitofp %ci : i32 to f32
    %last = arith.cmpi eq, %r, %c8 : index
    %scale = arith.select %last, %nine, %one : f32
    %plain = arith.mulf %cf, %scale : f32
    %nan_last = arith.select %last, %nan, %one : f32
    %inf_last = arith.select %last, %inf, %one : f32
    %v = scf.index_switch %c -> f32
    case 5 { scf.yield %nan_last : f32 }
    case 6 { scf.yield %inf_last : f32 }
    case 7 { scf.yield %big : f32 }
    case 8 { scf.yield %negzero : f32 }
    default { scf.yield %plain : f32 }
    tensor.yield %v : f32
  } : tensor<9x2048xf32>
  %m = call @columns(%x) : (tensor<9x2048xf32>) -> tensor<2048xf32>
  %a = tensor.extract %m[%c5] : tensor<2048xf32>
  %b = tensor.extract %m[%c6] : tensor<2048xf32>
  %c = tensor.extract %m[%c7] : tensor<2048xf32>
  %d = tensor.extract %m[%c8] : tensor<2048xf32>
  %e = tensor.extract %m[%c0] : tensor<2048xf32>
  %f = tensor.extract %m[%c9] : tensor<2048xf32>
  %g = tensor.extract %m[%c2047] : tensor<2048xf32>
  %v = tensor.from_elements %a, %b, %c, %d, %e, %f, %g : tensor<7xf32>
  %u = tensor.cast %v : tensor<7xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
