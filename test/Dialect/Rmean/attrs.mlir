// RUN: rmean-opt %s | rmean-opt | FileCheck %s
// RUN: rmean-opt %s --mlir-print-op-generic | rmean-opt | FileCheck %s

// #rmean.cpu_strategy round-trips; threads and rows_per_step default to 1
// and are only printed when they differ.
// CHECK-LABEL: func.func @strategy_on_reduce_mean
//       CHECK:   rmean.reduce_mean %{{.+}} {axes = array<i64: 1>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024>}
func.func @strategy_on_reduce_mean(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 1024, threads = 1, rows_per_step = 1>} : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// row_blocks and row_streams default to false and are only printed when
// true.
// CHECK-LABEL: func.func @all_parameters
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 8, cache_tile = 256, threads = 4, rows_per_step = 8>
//       CHECK:   #rmean.cpu_strategy<kind = none, vector_size = 1, cache_tile = 1>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024, rows_per_step = 8, row_blocks = true>
//       CHECK:   #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024, rows_per_step = 2>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>
//       CHECK:   #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4>
func.func @all_parameters() attributes {
    a = #rmean.cpu_strategy<rows_per_step = 8, kind = outer, threads = 4, cache_tile = 256, vector_size = 8>,
    b = #rmean.cpu_strategy<kind = none, vector_size = 1, cache_tile = 1>,
    c = #rmean.cpu_strategy<row_blocks = true, kind = outer, vector_size = 32, cache_tile = 1024, rows_per_step = 8>,
    d = #rmean.cpu_strategy<kind = outer, vector_size = 32, cache_tile = 1024, rows_per_step = 2, row_blocks = false>,
    e = #rmean.cpu_strategy<row_streams = true, kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4>,
    f = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = false>} {
  return
}

// #rmean.cpu_large_input round-trips, its strategy printed without the
// #rmean.cpu_strategy prefix (its parameter's type says it).
// CHECK-LABEL: func.func @large_input
//       CHECK:   b = #rmean.cpu_large_input<min_bytes = 0, min_row_length = 0, min_rows = 0, strategy = <kind = inner, vector_size = 32, cache_tile = 1024, threads = 2>>
//       CHECK:   rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 16777216, min_row_length = 384, min_rows = 64, strategy = <kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>>
func.func @large_input(%x: tensor<?x?xf32>) -> tensor<?xf32> attributes {
    b = #rmean.cpu_large_input<strategy = <kind = inner, vector_size = 32, cache_tile = 1024, threads = 2>, min_rows = 0, min_bytes = 0, min_row_length = 0>} {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_large_input = #rmean.cpu_large_input<min_bytes = 16777216, min_row_length = 384, min_rows = 64, strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 1024, rows_per_step = 4, row_streams = true>>} : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// The markers are unit attributes on any op.
// CHECK-LABEL: func.func @markers
//       CHECK:   arith.addf {{.+}} {rmean.finalize, rmean.reduction, rmean.vectorize}
//       CHECK:   } {rmean.accumulation_loop}
func.func @markers(%a: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = arith.addf %a, %a {rmean.reduction, rmean.finalize, rmean.vectorize} : f32
  scf.for %i = %c0 to %n step %c1 {
  } {rmean.accumulation_loop}
  return %s : f32
}

// #rmean.gpu_strategy round-trips; threads_per_output, items_per_thread and
// blocks_per_output default to 1 and are only printed when they differ, in
// declaration order whatever order they were written in.
// CHECK-LABEL: func.func @gpu_strategy_on_reduce_mean
//       CHECK:   rmean.reduce_mean %{{.+}} {axes = array<i64: 1>, rmean.gpu_strategy = #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 32, items_per_thread = 4>}
func.func @gpu_strategy_on_reduce_mean(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.gpu_strategy = #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 32, items_per_thread = 4, blocks_per_output = 1>} : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @gpu_all_parameters
//  CHECK-SAME:   a = #rmean.gpu_strategy<kind = inner, block_size = 1024, threads_per_output = 1024, items_per_thread = 16, blocks_per_output = 65536>
//  CHECK-SAME:   b = #rmean.gpu_strategy<kind = outer, block_size = 32, blocks_per_output = 3>
//  CHECK-SAME:   c = #rmean.gpu_strategy<kind = serial, block_size = 128>
//  CHECK-SAME:   d = #rmean.gpu_strategy<kind = outer, block_size = 64>
func.func @gpu_all_parameters() attributes {
    a = #rmean.gpu_strategy<blocks_per_output = 65536, items_per_thread = 16, threads_per_output = 1024, block_size = 1024, kind = inner>,
    b = #rmean.gpu_strategy<kind = outer, block_size = 32, blocks_per_output = 3>,
    c = #rmean.gpu_strategy<kind = serial, block_size = 128, threads_per_output = 1, items_per_thread = 1, blocks_per_output = 1>,
    d = #rmean.gpu_strategy<kind = outer, block_size = 64>} {
  return
}
