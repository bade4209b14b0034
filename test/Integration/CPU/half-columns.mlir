// Columns of f16 and bf16 narrower than 2048 take eight rows per step
// (docs/ReduceMean.md §6.2), summed in f32 before each f64 update; the
// `_rows` copies carry a hand-written `row_blocks` strategy (rows read one
// after the other into a row of f32 partial sums), which the selection no
// longer chooses. Every configuration must print what the scalar code
// prints, each result twice:
// bf16 50x64 (six steps of 8 and two leftover rows), column c is c + 1
// plus 50 in rows 0 and 49 (mean c + 3), with a NaN in column 5's last row
// and +Inf in column 6's row 3; f16 24x96 (three steps), column c is
// c + 1 plus 24 in rows 0 and 23. Printed as f32: columns 0-7 and 60-63
// (bf16), 0-3 and 92-95 (f16).

// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp
// RUN: rmean-opt %s --rmean-cpu-pipeline=vector-size=0 | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 outer-rows-per-step=0" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 outer-rows-per-step=0 num-threads=2" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=256 outer-rows-per-step=0" | %{run} | FileCheck %s
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=512 outer-rows-per-step=0" --mlir-print-ir-after=rmean-select-cpu-strategy -o /dev/null 2>&1 | FileCheck %s --check-prefix=STRATEGY
// STRATEGY-COUNT-2: #rmean.cpu_strategy<kind = outer, {{.*}}rows_per_step = 8>
// STRATEGY-COUNT-2: #rmean.cpu_strategy<kind = outer, {{.*}}rows_per_step = 8, row_blocks = true>
// RUN: rmean-opt %s --rmean-cpu-pipeline="target-vector-bits=256" --mlir-print-ir-after=rmean-select-cpu-strategy -o /dev/null 2>&1 | FileCheck %s --check-prefix=STRATEGY256
// STRATEGY256-COUNT-2: #rmean.cpu_strategy<kind = outer, {{.*}}rows_per_step = 8>

// CHECK: data =
// CHECK-NEXT: [3,  4,  5,  6,  7,  nan,  inf,  10]
// CHECK: data =
// CHECK-NEXT: [63,  64,  65,  66]
// CHECK: data =
// CHECK-NEXT: [3,  4,  5,  6,  7,  nan,  inf,  10]
// CHECK: data =
// CHECK-NEXT: [63,  64,  65,  66]
// CHECK: data =
// CHECK-NEXT: [3,  4,  5,  6]
// CHECK: data =
// CHECK-NEXT: [95,  96,  97,  98]
// CHECK: data =
// CHECK-NEXT: [3,  4,  5,  6]
// CHECK: data =
// CHECK-NEXT: [95,  96,  97,  98]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @bf16_columns(%x: tensor<50x64xbf16>) -> tensor<64xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<50x64xbf16> -> tensor<64xbf16>
  return %0 : tensor<64xbf16>
}
func.func @f16_columns(%x: tensor<24x96xf16>) -> tensor<96xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>} : tensor<24x96xf16> -> tensor<96xf16>
  return %0 : tensor<96xf16>
}
func.func @bf16_columns_rows(%x: tensor<50x64xbf16>) -> tensor<64xbf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024, rows_per_step = 8, row_blocks = true>} : tensor<50x64xbf16> -> tensor<64xbf16>
  return %0 : tensor<64xbf16>
}
func.func @f16_columns_rows(%x: tensor<24x96xf16>) -> tensor<96xf16> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 0>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 1024, rows_per_step = 8, row_blocks = true>} : tensor<24x96xf16> -> tensor<96xf16>
  return %0 : tensor<96xf16>
}

func.func @print(%t: tensor<?xf32>, %at: index, %n: index) {
  %s = tensor.extract_slice %t[%at] [%n] [1] : tensor<?xf32> to tensor<?xf32>
  %u = tensor.cast %s : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Column c: c + 1, plus `extra` in rows 0 and `last`.
func.func @value(%r: index, %c: index, %last: index, %extra: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %ci = arith.index_cast %c : index to i64
  %cf = arith.sitofp %ci : i64 to f32
  %one = arith.constant 1.0 : f32
  %v = arith.addf %cf, %one : f32
  %ve = arith.addf %v, %extra : f32
  %first = arith.cmpi eq, %r, %c0 : index
  %end = arith.cmpi eq, %r, %last : index
  %marked = arith.ori %first, %end : i1
  %w = arith.select %marked, %ve, %v : f32
  return %w : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %c23 = arith.constant 23 : index
  %c49 = arith.constant 49 : index
  %c60 = arith.constant 60 : index
  %c92 = arith.constant 92 : index
  %f24 = arith.constant 24.0 : f32
  %f50 = arith.constant 50.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %b = tensor.generate {
  ^bb0(%r: index, %c: index):
    %v = func.call @value(%r, %c, %c49, %f50) : (index, index, index, f32) -> f32
    %is5 = arith.cmpi eq, %c, %c5 : index
    %last = arith.cmpi eq, %r, %c49 : index
    %isnan = arith.andi %is5, %last : i1
    %is6 = arith.cmpi eq, %c, %c6 : index
    %row3 = arith.cmpi eq, %r, %c3 : index
    %isinf = arith.andi %is6, %row3 : i1
    %w = arith.select %isnan, %nan, %v : f32
    %x = arith.select %isinf, %inf, %w : f32
    %t = arith.truncf %x : f32 to bf16
    tensor.yield %t : bf16
  } : tensor<50x64xbf16>
  %mb = call @bf16_columns(%b) : (tensor<50x64xbf16>) -> tensor<64xbf16>
  %mbf = arith.extf %mb : tensor<64xbf16> to tensor<64xf32>
  %mbd = tensor.cast %mbf : tensor<64xf32> to tensor<?xf32>
  call @print(%mbd, %c0, %c8) : (tensor<?xf32>, index, index) -> ()
  call @print(%mbd, %c60, %c4) : (tensor<?xf32>, index, index) -> ()
  %mb2 = call @bf16_columns_rows(%b) : (tensor<50x64xbf16>) -> tensor<64xbf16>
  %mb2f = arith.extf %mb2 : tensor<64xbf16> to tensor<64xf32>
  %mb2d = tensor.cast %mb2f : tensor<64xf32> to tensor<?xf32>
  call @print(%mb2d, %c0, %c8) : (tensor<?xf32>, index, index) -> ()
  call @print(%mb2d, %c60, %c4) : (tensor<?xf32>, index, index) -> ()
  %h = tensor.generate {
  ^bb0(%r: index, %c: index):
    %v = func.call @value(%r, %c, %c23, %f24) : (index, index, index, f32) -> f32
    %t = arith.truncf %v : f32 to f16
    tensor.yield %t : f16
  } : tensor<24x96xf16>
  %mh = call @f16_columns(%h) : (tensor<24x96xf16>) -> tensor<96xf16>
  %mhf = arith.extf %mh : tensor<96xf16> to tensor<96xf32>
  %mhd = tensor.cast %mhf : tensor<96xf32> to tensor<?xf32>
  call @print(%mhd, %c0, %c4) : (tensor<?xf32>, index, index) -> ()
  call @print(%mhd, %c92, %c4) : (tensor<?xf32>, index, index) -> ()
  %mh2 = call @f16_columns_rows(%h) : (tensor<24x96xf16>) -> tensor<96xf16>
  %mh2f = arith.extf %mh2 : tensor<96xf16> to tensor<96xf32>
  %mh2d = tensor.cast %mh2f : tensor<96xf32> to tensor<?xf32>
  call @print(%mh2d, %c0, %c4) : (tensor<?xf32>, index, index) -> ()
  call @print(%mh2d, %c92, %c4) : (tensor<?xf32>, index, index) -> ()
  return
}
