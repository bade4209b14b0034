// 7x7 NHWC pooling over 2048 channels: the 49 reduced rows take 7 per step
// (8 would leave a single row after six steps; docs/ReduceMean.md §6.2).
// Every configuration must print what the scalar code prints: channel c of
// image n is c + 1 + 1000 n, plus 49 in rows 0 and 48 (the first and the
// last step's last row), so the mean is c + 3 + 1000 n only if every row
// of every step is added. Printed: channels 0-3 and 2044-2047.

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline=vector-size=0 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="outer-rows-per-step=8" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="outer-rows-per-step=8 num-threads=2" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="outer-rows-per-step=8 block-trips=0" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="outer-rows-per-step=8" --mlir-print-ir-after=rmean-select-cpu-strategy -o /dev/null 2>&1 | FileCheck %s --check-prefix=STRATEGY
// STRATEGY: #rmean.cpu_strategy<kind = outer, {{.*}}rows_per_step = 7>

// CHECK: data =
// CHECK-NEXT: [3,   4,   5,   6],
// CHECK-NEXT: [1003,   1004,   1005,   1006]
// CHECK: data =
// CHECK-NEXT: [2047,   2048,   2049,   2050],
// CHECK-NEXT: [3047,   3048,   3049,   3050]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @pool(%x: tensor<2x7x7x2048xf32>) -> tensor<2x2048xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1, 2>} : tensor<2x7x7x2048xf32> -> tensor<2x2048xf32>
  return %0 : tensor<2x2048xf32>
}

func.func @main() {
  %x = tensor.generate {
  ^bb0(%n: index, %h: index, %w: index, %c: index):
    %c0 = arith.constant 0 : index
    %c6 = arith.constant 6 : index
    %c1000 = arith.constant 1000 : index
    %nk = arith.muli %n, %c1000 : index
    %base = arith.addi %c, %nk : index
    %bi = arith.index_cast %base : index to i64
    %bf = arith.sitofp %bi : i64 to f32
    %one = arith.constant 1.0 : f32
    %v = arith.addf %bf, %one : f32
    %extra = arith.constant 49.0 : f32
    %ve = arith.addf %v, %extra : f32
    %h0 = arith.cmpi eq, %h, %c0 : index
    %w0 = arith.cmpi eq, %w, %c0 : index
    %h6 = arith.cmpi eq, %h, %c6 : index
    %w6 = arith.cmpi eq, %w, %c6 : index
    %first = arith.andi %h0, %w0 : i1
    %last = arith.andi %h6, %w6 : i1
    %marked = arith.ori %first, %last : i1
    %r = arith.select %marked, %ve, %v : f32
    tensor.yield %r : f32
  } : tensor<2x7x7x2048xf32>
  %m = call @pool(%x) : (tensor<2x7x7x2048xf32>) -> tensor<2x2048xf32>
  %lo = tensor.extract_slice %m[0, 0] [2, 4] [1, 1] : tensor<2x2048xf32> to tensor<2x4xf32>
  %hi = tensor.extract_slice %m[0, 2044] [2, 4] [1, 1] : tensor<2x2048xf32> to tensor<2x4xf32>
  %lou = tensor.cast %lo : tensor<2x4xf32> to tensor<*xf32>
  %hiu = tensor.cast %hi : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%lou) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%hiu) : (tensor<*xf32>) -> ()
  return
}
