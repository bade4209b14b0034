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

// The old dictionary form is rejected with what is expected instead.
func.func @dictionary_strategy(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'rmean.cpu_strategy' expects a #rmean.cpu_strategy<kind = inner|outer|none, vector_size = N, cache_tile = M[, threads = T, rows_per_step = R]>, got {cache_tile = 64 : i64, kind = "inner", vector_size = 16 : i64}}}
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
