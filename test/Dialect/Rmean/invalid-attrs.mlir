// RUN: rmean-opt %s -split-input-file -verify-diagnostics

// Each rule of #rmean.cpu_strategy and of the rmean.* discardable
// attributes, one per chunk.

// expected-error@+2 {{expected ::mlir::rmean::CPUStrategyKind to be one of: none, inner, outer}}
// expected-error@+1 {{failed to parse Rmean_CPUStrategyAttr parameter 'kind'}}
func.func @bad_kind() attributes {s = #rmean.cpu_strategy<kind = sideways, vector_size = 16, cache_tile = 64>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.cpu_strategy' expects vector_size in [1, 1024], got 0}}
func.func @zero_vector_size() attributes {s = #rmean.cpu_strategy<kind = inner, vector_size = 0, cache_tile = 64>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.cpu_strategy' expects vector_size in [1, 1024], got 4294967296}}
func.func @huge_vector_size() attributes {s = #rmean.cpu_strategy<kind = inner, vector_size = 4294967296, cache_tile = 64>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.cpu_strategy' expects cache_tile in [1, 1073741824], got -5}}
func.func @negative_cache_tile() attributes {s = #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = -5>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.cpu_strategy' expects threads in [1, 4096], got 0}}
func.func @zero_threads() attributes {s = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 64, threads = 0>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.cpu_strategy' expects rows_per_step in [1, 64], got 65}}
func.func @too_many_rows() attributes {s = #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 64, rows_per_step = 65>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.cpu_strategy' expects row_blocks only with kind = outer and rows_per_step >= 2, got kind = inner, rows_per_step = 8}}
func.func @row_blocks_inner() attributes {s = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 64, rows_per_step = 8, row_blocks = true>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.cpu_strategy' expects row_blocks only with kind = outer and rows_per_step >= 2, got kind = outer, rows_per_step = 1}}
func.func @row_blocks_one_row() attributes {s = #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 64, row_blocks = true>} {
  return
}


// -----

// A misspelt parameter is not silently ignored.
// expected-error@+1 {{duplicate or unknown struct parameter name: vectorsize}}
func.func @misspelt_parameter() attributes {s = #rmean.cpu_strategy<kind = inner, vectorsize = 16, cache_tile = 64>} {
  return
}

// -----

// expected-error@+1 {{struct is missing required parameter: cache_tile}}
func.func @missing_parameter() attributes {s = #rmean.cpu_strategy<kind = inner, vector_size = 16>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.cpu_strategy' expects row_streams only with kind = inner and rows_per_step >= 2, got kind = outer, rows_per_step = 8}}
func.func @row_streams_outer() attributes {s = #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 64, rows_per_step = 8, row_streams = true>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.cpu_strategy' expects row_streams only with kind = inner and rows_per_step >= 2, got kind = inner, rows_per_step = 1}}
func.func @row_streams_one_row() attributes {s = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 64, row_streams = true>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.cpu_strategy' expects masked_tail only with kind = inner, got kind = outer}}
func.func @masked_tail_outer() attributes {s = #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 64, masked_tail = true>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.cpu_large_input' expects min_bytes in [0, 2147483648], got 2147483649}}
func.func @large_input_bytes() attributes {s = #rmean.cpu_large_input<min_bytes = 2147483649, min_row_length = 0, min_rows = 0, strategy = <kind = inner, vector_size = 16, cache_tile = 64>>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.cpu_large_input' expects min_row_length and min_rows >= 0, got 0 and -1}}
func.func @large_input_rows() attributes {s = #rmean.cpu_large_input<min_bytes = 0, min_row_length = 0, min_rows = -1, strategy = <kind = inner, vector_size = 16, cache_tile = 64>>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.cpu_large_input' expects an inner strategy, got #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 64>}}
func.func @large_input_outer() attributes {s = #rmean.cpu_large_input<min_bytes = 0, min_row_length = 0, min_rows = 0, strategy = <kind = outer, vector_size = 16, cache_tile = 64>>} {
  return
}

// -----

func.func @large_input_type(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'rmean.cpu_large_input' expects a #rmean.cpu_large_input<min_bytes = B, min_row_length = L, min_rows = R, strategy = #rmean.cpu_strategy<...>>, got #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 64>}}
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_large_input = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 64>} : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The old dictionary form is rejected with what is expected instead.
func.func @dictionary_strategy(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'rmean.cpu_strategy' expects a #rmean.cpu_strategy<kind = inner|outer|none, vector_size = N, cache_tile = M[, threads = T, rows_per_step = R, row_blocks = true|false, row_streams = true|false, masked_tail = true|false]>, got {cache_tile = 64 : i64, kind = "inner", vector_size = 16 : i64}}}
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_strategy = {kind = "inner", vector_size = 16, cache_tile = 64}} : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @marker_with_value(%a: f32) -> f32 {
  // expected-error@+1 {{'rmean.reduction' is a unit attribute (a marker)}}
  %s = arith.addf %a, %a {rmean.reduction = 1 : i32} : f32
  return %s : f32
}

// -----

func.func @row_sum_with_value(%v: vector<2x4xf64>, %acc: vector<2xf64>) -> vector<2xf64> {
  // expected-error@+1 {{'rmean.row_sum' is a unit attribute (a marker)}}
  %s = vector.multi_reduction <add>, %v, %acc {rmean.row_sum = true} [1] : vector<2x4xf64> to vector<2xf64>
  return %s : vector<2xf64>
}

// -----

func.func @whole_rows_loop_with_value(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'rmean.whole_rows_loop' is a unit attribute (a marker)}}
  scf.for %i = %c0 to %n step %c1 {
  } {rmean.whole_rows_loop = 8 : i64}
  return
}

// -----

func.func @thread_chunks_with_value(%m: memref<8xf32>) {
  %c = arith.constant 1.0 : f32
  // expected-error@+1 {{'rmean.thread_chunks' is a unit attribute (a marker)}}
  scf.forall (%i) in (8) {
    memref.store %c, %m[%i] : memref<8xf32>
  } {rmean.thread_chunks = 2 : i64}
  return
}

// -----

func.func @unknown_rmean_attribute(%a: f32) -> f32 {
  // expected-error@+1 {{unknown rmean attribute 'rmean.cpu_stratgey'}}
  %s = arith.addf %a, %a {rmean.cpu_stratgey = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 64>} : f32
  return %s : f32
}

// -----

// One vector step of rows_per_step x vector_size elements stays bounded.
// expected-error@+1 {{'#rmean.cpu_strategy' expects rows_per_step * vector_size <= 8192, got 64 * 1024}}
func.func @too_big_step() attributes {s = #rmean.cpu_strategy<kind = outer, vector_size = 1024, cache_tile = 1024, rows_per_step = 64>} {
  return
}

// -----

// #rmean.gpu_strategy: each bound, one per chunk (both ends where there
// are two), so that no rule is checked only by accident of another.

// expected-error@+2 {{expected ::mlir::rmean::GPUStrategyKind to be one of: serial, inner, outer}}
// expected-error@+1 {{failed to parse Rmean_GPUStrategyAttr parameter 'kind'}}
func.func @gpu_bad_kind() attributes {s = #rmean.gpu_strategy<kind = none, block_size = 256>} {
  return
}

// -----

// expected-error@+1 {{struct is missing required parameter: block_size}}
func.func @gpu_missing_block_size() attributes {s = #rmean.gpu_strategy<kind = serial>} {
  return
}

// -----

// block_size: below one warp.
// expected-error@+1 {{'#rmean.gpu_strategy' expects block_size to be a multiple of 32 in [32, 1024], got 0}}
func.func @gpu_zero_block_size() attributes {s = #rmean.gpu_strategy<kind = serial, block_size = 0>} {
  return
}

// -----

// block_size: a multiple of 32 above CUDA's 1024 threads per block.
// expected-error@+1 {{'#rmean.gpu_strategy' expects block_size to be a multiple of 32 in [32, 1024], got 1056}}
func.func @gpu_huge_block_size() attributes {s = #rmean.gpu_strategy<kind = outer, block_size = 1056>} {
  return
}

// -----

// block_size: in range but not whole warps.
// expected-error@+1 {{'#rmean.gpu_strategy' expects block_size to be a multiple of 32 in [32, 1024], got 48}}
func.func @gpu_partial_warp_block_size() attributes {s = #rmean.gpu_strategy<kind = outer, block_size = 48>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.gpu_strategy' expects items_per_thread in {1, 2, 4, 8, 16}, got 0}}
func.func @gpu_zero_items() attributes {s = #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 32, items_per_thread = 0>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.gpu_strategy' expects items_per_thread in {1, 2, 4, 8, 16}, got 32}}
func.func @gpu_too_many_items() attributes {s = #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 32, items_per_thread = 32>} {
  return
}

// -----

// In range, but not a power of two: a step would not be one aligned load.
// expected-error@+1 {{'#rmean.gpu_strategy' expects items_per_thread in {1, 2, 4, 8, 16}, got 6}}
func.func @gpu_items_not_power_of_two() attributes {s = #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 32, items_per_thread = 6>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.gpu_strategy' expects blocks_per_output in [1, 65536], got 0}}
func.func @gpu_zero_blocks() attributes {s = #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 256, blocks_per_output = 0>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.gpu_strategy' expects blocks_per_output in [1, 65536], got 65537}}
func.func @gpu_too_many_blocks() attributes {s = #rmean.gpu_strategy<kind = outer, block_size = 256, blocks_per_output = 65537>} {
  return
}

// -----

// inner: the shuffle tree needs whole warps per output.
// expected-error@+1 {{'#rmean.gpu_strategy' expects threads_per_output of kind inner to be a multiple of 32 that divides block_size (256), got 1}}
func.func @gpu_inner_one_thread() attributes {s = #rmean.gpu_strategy<kind = inner, block_size = 256>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.gpu_strategy' expects threads_per_output of kind inner to be a multiple of 32 that divides block_size (256), got 48}}
func.func @gpu_inner_partial_warp() attributes {s = #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 48>} {
  return
}

// -----

// A multiple of 32 that does not divide the block (96 into 256).
// expected-error@+1 {{'#rmean.gpu_strategy' expects threads_per_output of kind inner to be a multiple of 32 that divides block_size (256), got 96}}
func.func @gpu_inner_not_dividing() attributes {s = #rmean.gpu_strategy<kind = inner, block_size = 256, threads_per_output = 96>} {
  return
}

// -----

// More threads per output than the block has.
// expected-error@+1 {{'#rmean.gpu_strategy' expects threads_per_output of kind inner to be a multiple of 32 that divides block_size (128), got 256}}
func.func @gpu_inner_beyond_block() attributes {s = #rmean.gpu_strategy<kind = inner, block_size = 128, threads_per_output = 256>} {
  return
}

// -----

// outer and serial: one thread per output, one element per step.
// expected-error@+1 {{'#rmean.gpu_strategy' expects threads_per_output = 1 for kind outer, got 32}}
func.func @gpu_outer_threads() attributes {s = #rmean.gpu_strategy<kind = outer, block_size = 256, threads_per_output = 32>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.gpu_strategy' expects threads_per_output = 1 for kind serial, got 2}}
func.func @gpu_serial_threads() attributes {s = #rmean.gpu_strategy<kind = serial, block_size = 256, threads_per_output = 2>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.gpu_strategy' expects items_per_thread = 1 for kind outer, got 4}}
func.func @gpu_outer_items() attributes {s = #rmean.gpu_strategy<kind = outer, block_size = 256, items_per_thread = 4>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.gpu_strategy' expects items_per_thread = 1 for kind serial, got 2}}
func.func @gpu_serial_items() attributes {s = #rmean.gpu_strategy<kind = serial, block_size = 256, items_per_thread = 2>} {
  return
}

// -----

// serial does not split: it has no partial-sum kernel.
// expected-error@+1 {{'#rmean.gpu_strategy' expects blocks_per_output = 1 for kind serial, got 2}}
func.func @gpu_serial_split() attributes {s = #rmean.gpu_strategy<kind = serial, block_size = 256, blocks_per_output = 2>} {
  return
}

// -----

// Under the name rmean.gpu_strategy only a #rmean.gpu_strategy is accepted,
// not the CPU one nor a dictionary.
func.func @gpu_strategy_wrong_attr(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'rmean.gpu_strategy' expects a #rmean.gpu_strategy<kind = inner|outer|serial, block_size = N[, threads_per_output = T, items_per_thread = I, blocks_per_output = B]>, got #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 64>}}
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.gpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 64>} : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @gpu_strategy_dictionary(%a: f32) -> f32 {
  // expected-error@+1 {{'rmean.gpu_strategy' expects a #rmean.gpu_strategy<kind = inner|outer|serial, block_size = N[, threads_per_output = T, items_per_thread = I, blocks_per_output = B]>, got {block_size = 256 : i64, kind = "inner"}}}
  %s = arith.addf %a, %a {rmean.gpu_strategy = {kind = "inner", block_size = 256}} : f32
  return %s : f32
}

// -----

func.func @short_rows_type(%x: tensor<4x?xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'rmean.cpu_short_rows' expects a #rmean.cpu_short_rows<max_row_length = L, strategy = #rmean.cpu_strategy<...>>, got #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 64>}}
  %0 = rmean.reduce_mean %x {axes = array<i64: 1>, rmean.cpu_short_rows = #rmean.cpu_strategy<kind = inner, vector_size = 16, cache_tile = 64>} : tensor<4x?xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// expected-error@+1 {{'#rmean.cpu_short_rows' expects max_row_length in [1, 1024], got 0}}
func.func @short_rows_length() attributes {s = #rmean.cpu_short_rows<max_row_length = 0, strategy = <kind = inner, vector_size = 16, cache_tile = 64>>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.cpu_short_rows' expects an inner strategy of at least max_row_length (64) lanes, got #rmean.cpu_strategy<kind = inner, vector_size = 32, cache_tile = 64, rows_per_step = 8>}}
func.func @short_rows_lanes() attributes {s = #rmean.cpu_short_rows<max_row_length = 64, strategy = <kind = inner, vector_size = 32, cache_tile = 64, rows_per_step = 8>>} {
  return
}

// -----

// expected-error@+1 {{'#rmean.cpu_short_rows' expects an inner strategy of at least max_row_length (16) lanes, got #rmean.cpu_strategy<kind = outer, vector_size = 16, cache_tile = 64, rows_per_step = 8>}}
func.func @short_rows_outer() attributes {s = #rmean.cpu_short_rows<max_row_length = 16, strategy = <kind = outer, vector_size = 16, cache_tile = 64, rows_per_step = 8>>} {
  return
}
