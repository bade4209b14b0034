//===- ShardingInterfaceImpl.h - sharding of reduce_mean --------*- C++ -*-===//
//
// The shard dialect's ShardingInterface for rmean.reduce_mean, as an
// external model: hosts that shard register it, others do not pay for the
// shard dialect.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_DIALECT_RMEAN_TRANSFORMS_SHARDINGINTERFACEIMPL_H
#define RMEAN_DIALECT_RMEAN_TRANSFORMS_SHARDINGINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;

namespace rmean {

/// Attaches `shard::ShardingInterface` to `rmean.reduce_mean`, so that
/// `sharding-propagation` and `shard-partition` handle it: a mean over a
/// sharded axis becomes a local sum, a `shard.all_reduce` of the sums and a
/// division by the global count (docs/ReduceMean.md §6.7).
void registerShardingInterfaceExternalModels(DialectRegistry &registry);

/// Declares the memory effects of `mpi.allreduce` (read the send buffer,
/// write the receive buffer), which MLIR 22 leaves unknown, so that a
/// function with the all-reduce of a partitioned mean (after
/// `convert-shard-to-mpi`) can be bufferised and deallocated.
void registerMPIMemoryEffectModels(DialectRegistry &registry);

} // namespace rmean
} // namespace mlir

#endif // RMEAN_DIALECT_RMEAN_TRANSFORMS_SHARDINGINTERFACEIMPL_H
