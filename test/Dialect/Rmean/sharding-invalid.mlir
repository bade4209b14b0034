// Shardings the partition of rmean.reduce_mean cannot honour are diagnosed
// by name instead of giving a wrong mean.
// RUN: rmean-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(func.func(sharding-propagation,shard-partition))"

shard.grid @grid(shape = 2)

// Halos: each process would sum its halo elements too.
func.func @halo(%x: tensor<8x10xf32>) -> tensor<8xf32> {
  %s = shard.sharding @grid split_axes = [[], [0]] halo_sizes = [1, 1] : !shard.sharding
  %xs = shard.shard %x to %s : tensor<8x10xf32>
  // expected-error @below {{cannot partition an input with halos (each process would sum its halo elements too)}}
  %m = rmean.reduce_mean %xs {axes = array<i64: 1>} : tensor<8x10xf32> -> tensor<8xf32>
  return %m : tensor<8xf32>
}

// -----

shard.grid @grid(shape = 2)

// A static size that does not split evenly: MLIR would round the shard size
// down and drop elements.
func.func @uneven(%x: tensor<8x7xf32>) -> tensor<8xf32> {
  %s = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %xs = shard.shard %x to %s : tensor<8x7xf32>
  // expected-error @below {{input dimension 1 of size 7 does not split evenly over 2 processes (give the shard sizes with sharded_dims_offsets)}}
  %m = rmean.reduce_mean %xs {axes = array<i64: 1>} : tensor<8x7xf32> -> tensor<8xf32>
  return %m : tensor<8xf32>
}

// -----

shard.grid @grid(shape = 2x2)

// Input and result annotated with different grid axes on a kept dimension:
// the rows a process holds are not the rows its result would claim.
func.func @result_axes_differ(%x: tensor<8x64xf32>) -> tensor<8xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<8x64xf32>
  // expected-error @below {{result dimension 0 is split over grid axes [1] but the input gives it grid axes [0]}}
  %m = rmean.reduce_mean %xs {axes = array<i64: 1>} : tensor<8x64xf32> -> tensor<8xf32>
  %r = shard.sharding @grid split_axes = [[1]] : !shard.sharding
  %mr = shard.shard %m to %r : tensor<8xf32>
  return %mr : tensor<8xf32>
}

// -----

shard.grid @grid(shape = 2)

// A split result of a mean whose input is replicated.
func.func @result_split_input_whole(%x: tensor<?x64xf32>) -> tensor<?xf32> {
  %s = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<?x64xf32>
  // expected-error @below {{result dimension 0 is split over grid axes [0] but the input gives it grid axes []}}
  %m = rmean.reduce_mean %xs {axes = array<i64: 1>} : tensor<?x64xf32> -> tensor<?xf32>
  %r = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %mr = shard.shard %m to %r : tensor<?xf32>
  return %mr : tensor<?xf32>
}
