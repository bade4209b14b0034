// The ShardingInterface model of rmean.reduce_mean: what sharding-propagation
// infers around it, and what shard-partition makes of it. A split reduced
// axis becomes the marked local sum of --convert-rmean-to-linalg, an
// all-reduce of the accumulators and the marked division by the global
// count; a split kept axis leaves the op local.
// RUN: rmean-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(sharding-propagation))" | FileCheck %s --check-prefix=PROP
// RUN: rmean-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(sharding-propagation,shard-partition))" | FileCheck %s

shard.grid @grid(shape = 2)

// PROP-LABEL: func.func @split_reduced_f32
// PROP: shard.shard %arg0 to
// PROP-NEXT: %[[S:.*]] = shard.sharding @grid split_axes = {{\[\[}}], [0]] : !shard.sharding
// PROP-NEXT: %[[X:.*]] = shard.shard %{{.*}} to %[[S]] annotate_for_users
// PROP: %[[M:.*]] = rmean.reduce_mean %[[X]]
// PROP: %[[R:.*]] = shard.sharding @grid split_axes = {{\[\[}}]] : !shard.sharding
// PROP: shard.shard %[[M]] to %[[R]] : tensor<8xf32>

// CHECK-LABEL: func.func @split_reduced_f32
// CHECK-SAME: (%[[ARG:.*]]: tensor<8x32xf32>) -> tensor<8xf32>
// CHECK-NOT: rmean.reduce_mean
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[ARG]] : tensor<8x32xf32>) outs(%{{.*}} : tensor<8xf64>) attrs = {rmean.reduction}
// CHECK: %[[ALL:.*]] = shard.all_reduce %[[SUM]] on @grid grid_axes = [0] : tensor<8xf64> -> tensor<8xf64>
// CHECK: %[[COUNT:.*]] = arith.constant 64 : index
// CHECK: %[[MEAN:.*]] = linalg.generic {{.*}} ins(%[[ALL]] : tensor<8xf64>) outs(%{{.*}} : tensor<8xf32>) attrs = {rmean.finalize}
// CHECK: arith.index_castui %[[COUNT]]
// CHECK: return %[[MEAN]] : tensor<8xf32>
func.func @split_reduced_f32(%x: tensor<8x64xf32>) -> tensor<8xf32> {
  %split = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<8x64xf32>
  %m = rmean.reduce_mean %xs {axes = array<i64: 1>} : tensor<8x64xf32> -> tensor<8xf32>
  return %m : tensor<8xf32>
}

// -----

shard.grid @grid(shape = 2)

// Only kept dimensions split: the op runs unchanged on each shard, and the
// result is split the same way.
// PROP-LABEL: func.func @split_kept
// PROP: rmean.reduce_mean
// PROP: %[[R:.*]] = shard.sharding @grid split_axes = {{\[\[}}0]] : !shard.sharding
// PROP: shard.shard %{{.*}} to %[[R]] : tensor<8xf32>

// CHECK-LABEL: func.func @split_kept
// CHECK-SAME: (%[[ARG:.*]]: tensor<4x64xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[M:.*]] = rmean.reduce_mean %[[ARG]] {axes = array<i64: 1>} : tensor<4x64xf32> -> tensor<4xf32>
// CHECK-NEXT: return %[[M]]
func.func @split_kept(%x: tensor<8x64xf32>) -> tensor<8xf32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<8x64xf32>
  %m = rmean.reduce_mean %xs {axes = array<i64: 1>} : tensor<8x64xf32> -> tensor<8xf32>
  return %m : tensor<8xf32>
}

// -----

shard.grid @grid(shape = 2)

// The sharding of the result decides the input's.
// PROP-LABEL: func.func @from_result
// PROP: %[[S:.*]] = shard.sharding @grid split_axes = {{\[\[}}0]] : !shard.sharding
// PROP: %[[X:.*]] = shard.shard %{{.*}} to %[[S]] annotate_for_users : tensor<8x64xf32>
// PROP: rmean.reduce_mean %[[X]]

// CHECK-LABEL: func.func @from_result
// CHECK-SAME: (%{{.*}}: tensor<4x64xf32>) -> tensor<4xf32>
// CHECK-NEXT: rmean.reduce_mean {{.*}} : tensor<4x64xf32> -> tensor<4xf32>
func.func @from_result(%x: tensor<8x64xf32>) -> tensor<8xf32> {
  %m = rmean.reduce_mean %x {axes = array<i64: 1>} : tensor<8x64xf32> -> tensor<8xf32>
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %ms = shard.shard %m to %split : tensor<8xf32>
  return %ms : tensor<8xf32>
}

// -----

shard.grid @grid(shape = 2)

// keep_dims: the size-1 dimension is never split, whichever axis is.
// PROP-LABEL: func.func @keep_dims_split_reduced
// PROP: rmean.reduce_mean
// PROP: %[[R:.*]] = shard.sharding @grid split_axes = {{\[\[}}]] : !shard.sharding
// PROP: shard.shard %{{.*}} to %[[R]] : tensor<8x1xf32>

// CHECK-LABEL: func.func @keep_dims_split_reduced
// CHECK-SAME: (%{{.*}}: tensor<8x32xf32>) -> tensor<8x1xf32>
// CHECK: shard.all_reduce {{.*}} : tensor<8xf64> -> tensor<8xf64>
// CHECK: arith.constant 64 : index
// CHECK: %[[MEAN:.*]] = linalg.generic {{.*}} attrs = {rmean.finalize}
// CHECK: %[[E:.*]] = tensor.expand_shape %[[MEAN]] {{\[\[}}0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
// CHECK: return %[[E]]
func.func @keep_dims_split_reduced(%x: tensor<8x64xf32>) -> tensor<8x1xf32> {
  %split = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<8x64xf32>
  %m = rmean.reduce_mean %xs {axes = array<i64: 1>, keep_dims = true} : tensor<8x64xf32> -> tensor<8x1xf32>
  return %m : tensor<8x1xf32>
}

// -----

shard.grid @grid(shape = 2)

// PROP-LABEL: func.func @keep_dims_split_kept
// PROP: rmean.reduce_mean
// PROP-NEXT: %[[R:.*]] = shard.sharding @grid split_axes = {{\[\[}}0]] : !shard.sharding
// PROP: shard.shard %{{.*}} to %[[R]] : tensor<8x1xf32>

// CHECK-LABEL: func.func @keep_dims_split_kept
// CHECK-NEXT: rmean.reduce_mean {{.*}} : tensor<4x64xf32> -> tensor<4x1xf32>
func.func @keep_dims_split_kept(%x: tensor<8x64xf32>) -> tensor<8x1xf32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<8x64xf32>
  %m = rmean.reduce_mean %xs {axes = array<i64: 1>, keep_dims = true} : tensor<8x64xf32> -> tensor<8x1xf32>
  return %m : tensor<8x1xf32>
}

// -----

shard.grid @grid2d(shape = 2x3)

// A 2-D grid, one axis on a kept and one on a reduced dimension: the sums
// are added over the reduced dimension's grid axis only; the hand-written
// strategy goes onto the local sum.
// CHECK-LABEL: func.func @grid_2d
// CHECK-SAME: (%{{.*}}: tensor<4x32xf32>) -> tensor<4xf32>
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<4xf64>) attrs = {rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 8, cache_tile = 64>, rmean.reduction}
// CHECK: shard.all_reduce %{{.*}} on @grid2d grid_axes = [1] : tensor<4xf64> -> tensor<4xf64>
// CHECK: arith.constant 96 : index
func.func @grid_2d(%x: tensor<8x96xf32>) -> tensor<8xf32> {
  %split = shard.sharding @grid2d split_axes = [[0], [1]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<8x96xf32>
  %m = rmean.reduce_mean %xs {axes = array<i64: 1>, rmean.cpu_strategy = #rmean.cpu_strategy<kind = inner, vector_size = 8, cache_tile = 64>} : tensor<8x96xf32> -> tensor<8xf32>
  %r = shard.sharding @grid2d split_axes = [[0]] : !shard.sharding
  %mr = shard.shard %m to %r : tensor<8xf32>
  return %mr : tensor<8xf32>
}

// -----

shard.grid @grid(shape = 2)

// Reduce-all over a split input: a 0-d sum crosses the processes.
// CHECK-LABEL: func.func @reduce_all
// CHECK-SAME: (%{{.*}}: tensor<8x32xf32>) -> tensor<f32>
// CHECK: tensor.collapse_shape {{.*}} into tensor<256xf32>
// CHECK: shard.all_reduce %{{.*}} on @grid grid_axes = [0] : tensor<f64> -> tensor<f64>
// CHECK: arith.constant 512 : index
func.func @reduce_all(%x: tensor<8x64xf32>) -> tensor<f32> {
  %split = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<8x64xf32>
  %m = rmean.reduce_mean %xs {axes = array<i64>, noop_with_empty_axes = false} : tensor<8x64xf32> -> tensor<f32>
  return %m : tensor<f32>
}

// -----

shard.grid @grid(shape = 2)

// Integers keep their exact i64 sums; the count is the global one.
// CHECK-LABEL: func.func @split_reduced_i32
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<16xi64>) attrs = {rmean.reduction}
// CHECK: shard.all_reduce %{{.*}} : tensor<16xi64> -> tensor<16xi64>
// CHECK: arith.constant 64 : index
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<16xi32>) attrs = {rmean.finalize}
func.func @split_reduced_i32(%x: tensor<64x16xi32>) -> tensor<16xi32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<64x16xi32>
  %m = rmean.reduce_mean %xs {axes = array<i64: 0>} : tensor<64x16xi32> -> tensor<16xi32>
  return %m : tensor<16xi32>
}

// -----

shard.grid @grid(shape = 2)

// 64-bit integers sum in i128, which MPI cannot add: three 42-bit limbs in
// i64 cross the processes and are put back together exactly.
// CHECK-LABEL: func.func @split_reduced_i64
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<8xi128>) attrs = {rmean.reduction}
// CHECK: %[[LIMBS:.*]]:3 = linalg.generic {{.*}} ins(%[[SUM]] : tensor<8xi128>) outs({{.*}} : tensor<8xi64>, tensor<8xi64>, tensor<8xi64>)
// CHECK-DAG: arith.constant 4398046511103 : i128
// CHECK-DAG: arith.constant 42 : i128
// CHECK-DAG: arith.constant 84 : i128
// CHECK: %[[A0:.*]] = shard.all_reduce %[[LIMBS]]#0 on @grid grid_axes = [0] : tensor<8xi64>
// CHECK: %[[A1:.*]] = shard.all_reduce %[[LIMBS]]#1 on @grid grid_axes = [0] : tensor<8xi64>
// CHECK: %[[A2:.*]] = shard.all_reduce %[[LIMBS]]#2 on @grid grid_axes = [0] : tensor<8xi64>
// CHECK: %[[JOIN:.*]] = linalg.generic {{.*}} ins(%[[A0]], %[[A1]], %[[A2]] : {{.*}}) outs(%{{.*}} : tensor<8xi128>)
// CHECK: arith.extsi
// CHECK: arith.shli
// CHECK: linalg.generic {{.*}} ins(%[[JOIN]] : tensor<8xi128>) outs(%{{.*}} : tensor<8xi64>) attrs = {rmean.finalize}
func.func @split_reduced_i64(%x: tensor<32x8xi64>) -> tensor<8xi64> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<32x8xi64>
  %m = rmean.reduce_mean %xs {axes = array<i64: 0>} : tensor<32x8xi64> -> tensor<8xi64>
  return %m : tensor<8xi64>
}

// -----

shard.grid @grid(shape = 2)

// complex<f32>: both f64 parts cross the processes.
// CHECK-LABEL: func.func @split_reduced_complex
// CHECK: %[[SUM:.*]]:2 = linalg.generic {{.*}} attrs = {rmean.reduction}
// CHECK: shard.all_reduce %[[SUM]]#0 {{.*}} : tensor<8xf64>
// CHECK: shard.all_reduce %[[SUM]]#1 {{.*}} : tensor<8xf64>
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<8xcomplex<f32>>) attrs = {rmean.finalize}
func.func @split_reduced_complex(%x: tensor<8x64xcomplex<f32>>) -> tensor<8xcomplex<f32>> {
  %split = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<8x64xcomplex<f32>>
  %m = rmean.reduce_mean %xs {axes = array<i64: 1>} : tensor<8x64xcomplex<f32>> -> tensor<8xcomplex<f32>>
  return %m : tensor<8xcomplex<f32>>
}

// -----

shard.grid @grid(shape = 2)

// A dynamic reduced size: the local counts are added too (shards may
// differ in size).
// CHECK-LABEL: func.func @split_reduced_dynamic
// CHECK-SAME: (%[[ARG:.*]]: tensor<8x?xf32>)
// CHECK: %[[DIM:.*]] = tensor.dim %[[ARG]]
// CHECK: shard.all_reduce %{{.*}} : tensor<8xf64> -> tensor<8xf64>
// CHECK: %[[LOCAL:.*]] = tensor.from_elements %{{.*}} : tensor<1xi64>
// CHECK: %[[GLOBAL:.*]] = shard.all_reduce %[[LOCAL]] on @grid grid_axes = [0] : tensor<1xi64> -> tensor<1xi64>
// CHECK: tensor.extract %[[GLOBAL]]
// CHECK: attrs = {rmean.finalize}
func.func @split_reduced_dynamic(%x: tensor<8x?xf32>) -> tensor<8xf32> {
  %split = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<8x?xf32>
  %m = rmean.reduce_mean %xs {axes = array<i64: 1>} : tensor<8x?xf32> -> tensor<8xf32>
  return %m : tensor<8xf32>
}

// -----

shard.grid @grid(shape = 2)

// Runtime axes: which dimensions reduce is unknown, so the op runs
// replicated and a split input is gathered first.
// PROP-LABEL: func.func @runtime_axes
// PROP: shard.shard %arg0 to
// PROP-NEXT: %[[REP:.*]] = shard.sharding @grid split_axes = {{\[\[}}]] : !shard.sharding
// PROP-NEXT: shard.shard %{{.*}} to %[[REP]] annotate_for_users : tensor<8x64xf32>

// CHECK-LABEL: func.func @runtime_axes
// CHECK-SAME: (%[[ARG:.*]]: tensor<8x32xf32>, %[[AXES:.*]]: tensor<1xi64>)
// CHECK: %[[FULL:.*]] = shard.all_gather %[[ARG]] on @grid grid_axes = [0] gather_axis = 1 : tensor<8x32xf32> -> tensor<8x64xf32>
// CHECK: rmean.reduce_mean %{{.*}}, %[[AXES]] : tensor<8x64xf32>, tensor<1xi64> -> tensor<?xf32>
func.func @runtime_axes(%x: tensor<8x64xf32>, %axes: tensor<1xi64>) -> tensor<?xf32> {
  %split = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<8x64xf32>
  %m = rmean.reduce_mean %xs, %axes : tensor<8x64xf32>, tensor<1xi64> -> tensor<?xf32>
  return %m : tensor<?xf32>
}

// -----

shard.grid @grid(shape = 2)

// The identity (empty axes) is elementwise: it stays local on any split.
// CHECK-LABEL: func.func @identity
// CHECK-NEXT: rmean.reduce_mean %{{.*}} {axes = array<i64>} : tensor<8x32xf32> -> tensor<8x32xf32>
func.func @identity(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %split = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<8x64xf32>
  %m = rmean.reduce_mean %xs {axes = array<i64>} : tensor<8x64xf32> -> tensor<8x64xf32>
  %ms = shard.shard %m to %split : tensor<8x64xf32>
  return %ms : tensor<8x64xf32>
}

// -----

shard.grid @grid(shape = 2)

// Uneven shards of the reduced dimension (3 and 7 columns): the annotation
// keeps the explicit shard sizes instead of asking for a resharding, each
// process sums what it holds, and the count is the global 10.
// PROP-LABEL: func.func @uneven_reduced
// PROP: rmean.reduce_mean
// PROP-SAME: tensor<8x10xf32> -> tensor<8xf32>
// PROP-NOT: shard.all_to_all

// CHECK-LABEL: func.func @uneven_reduced
// CHECK-SAME: (%{{.*}}: tensor<8x?xf32>) -> tensor<8xf32>
// CHECK: shard.all_reduce %{{.*}} : tensor<8xf64> -> tensor<8xf64>
// CHECK: arith.constant 10 : index
// CHECK: attrs = {rmean.finalize}
func.func @uneven_reduced(%x: tensor<8x10xf32>) -> tensor<8xf32> {
  %s = shard.sharding @grid split_axes = [[], [0]] sharded_dims_offsets = [0, 3, 10] : !shard.sharding
  %xs = shard.shard %x to %s : tensor<8x10xf32>
  %m = rmean.reduce_mean %xs {axes = array<i64: 1>} : tensor<8x10xf32> -> tensor<8xf32>
  return %m : tensor<8xf32>
}
