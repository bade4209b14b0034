//===- ShardingInterfaceImpl.cpp - sharding of reduce_mean ----------------===//
//
// rmean.reduce_mean is a structured op: one loop per input dimension, the
// reduced ones of kind sum. Upstream's default propagation works on that
// description. Partitioning cannot be the default one: a mean is not a
// reduction that composes (the mean of partial means is neither exact nor
// weighted correctly when shards differ in size), so a mean over a sharded
// axis becomes the local sums in rmean's accumulators, a sum of those across
// the processes, and one division by the global count. The local part is
// built by the same function as --convert-rmean-to-linalg, so the CPU
// strategies and the numerics of docs/ReduceMean.md §4 apply to it unchanged.
//
//===----------------------------------------------------------------------===//

#include "rmean/Dialect/Rmean/Transforms/ShardingInterfaceImpl.h"

#include "rmean/Conversion/RmeanToLinalg/RmeanToLinalg.h"
#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"
#include "rmean/Dialect/Rmean/IR/RmeanExactArithmetic.h"
#include "rmean/Dialect/Rmean/IR/RmeanOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::rmean;
using shard::GridAxis;
using shard::Sharding;
using shard::ShardingOption;

/// The reduced dimensions of `op` when its loops can be described statically:
/// axes given as an attribute. An axes operand leaves the op replicated,
/// even a constant one: once sharding-propagation annotates the operand it
/// is no longer visibly constant, and the answer must not change between
/// the propagation's sweeps. `canonicalize` first folds constant axes into
/// the attribute.
static std::optional<SmallVector<int64_t>>
getShardableReducedDims(Operation *op) {
  auto mean = cast<ReduceMeanOp>(op);
  if (mean.getAxesTensor() || !mean.getInputType() || !mean.getResultType())
    return std::nullopt;
  return mean.getStaticReducedDims();
}

/// The grid axes `sharding` splits dimension `dim` over (none when absent).
static ArrayRef<GridAxis> splitAxesOf(const Sharding &sharding, int64_t dim) {
  if (!sharding || dim >= static_cast<int64_t>(sharding.getSplitAxes().size()))
    return {};
  return sharding.getSplitAxes()[dim].asArrayRef();
}

/// Whether `sharding` has shards of uneven, explicit sizes.
static bool hasShardOffsets(const Sharding &sharding) {
  return sharding && (!sharding.getStaticShardedDimsOffsets().empty() ||
                      !sharding.getDynamicShardedDimsOffsets().empty());
}

/// The grid named by the first sharding that names one.
static FlatSymbolRefAttr findGrid(ArrayRef<Sharding> operandShardings,
                                  ArrayRef<Sharding> resultShardings) {
  for (ArrayRef<Sharding> shardings : {operandShardings, resultShardings})
    for (const Sharding &sharding : shardings)
      if (sharding)
        return sharding.getGridAttr();
  return nullptr;
}

static Sharding makeSharding(MLIRContext *ctx, FlatSymbolRefAttr grid,
                             SmallVector<SmallVector<GridAxis>> splitAxes) {
  shard::removeTrailingEmptySubArray(splitAxes);
  SmallVector<shard::GridAxesAttr> attrs;
  for (ArrayRef<GridAxis> axes : splitAxes)
    attrs.push_back(shard::GridAxesAttr::get(ctx, axes));
  return Sharding::get(grid, attrs);
}

//===----------------------------------------------------------------------===//
// Cross-process sums
//===----------------------------------------------------------------------===//

/// The all-reduce of a tensor of i128 sums (64-bit integer means). MPI has
/// no 128-bit integer, so each sum travels as three 42-bit limbs in i64
/// (the low two unsigned, the top one signed): a sum of at most 2^63
/// elements of magnitude at most 2^63 is below 2^126, so each limb is below
/// 2^42 in magnitude and the limb sums of up to 2^21 processes cannot
/// overflow i64. The recombination is exact.
static Value allReduceI128(OpBuilder &b, Location loc, Value sums,
                           StringRef grid, ArrayRef<GridAxis> axes) {
  constexpr int64_t kLimbBits = 42;
  auto type = cast<RankedTensorType>(sums.getType());
  Type i64 = b.getI64Type(), i128 = type.getElementType();
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, sums);
  auto limbType = RankedTensorType::get(type.getShape(), i64);
  SmallVector<AffineMap> splitMaps(
      4, AffineMap::getMultiDimIdentityMap(rank, b.getContext()));
  SmallVector<utils::IteratorType> parallel(rank,
                                            utils::IteratorType::parallel);
  SmallVector<Value> limbInits(
      3, tensor::EmptyOp::create(b, loc, sizes, i64).getResult());

  auto split = linalg::GenericOp::create(
      b, loc, SmallVector<Type>(3, limbType), sums, limbInits, splitMaps,
      parallel, [&](OpBuilder &nb, Location nl, ValueRange args) {
        auto c = [&](int64_t v) {
          return arith::ConstantOp::create(nb, nl, i128,
                                           nb.getIntegerAttr(i128, v))
              .getResult();
        };
        Value mask = c((int64_t(1) << kLimbBits) - 1);
        Value s = args[0];
        Value mid = arith::ShRSIOp::create(nb, nl, s, c(kLimbBits));
        Value top = arith::ShRSIOp::create(nb, nl, s, c(2 * kLimbBits));
        SmallVector<Value> limbs = {arith::AndIOp::create(nb, nl, s, mask),
                                    arith::AndIOp::create(nb, nl, mid, mask),
                                    top};
        for (Value &limb : limbs)
          limb = arith::TruncIOp::create(nb, nl, i64, limb);
        linalg::YieldOp::create(nb, nl, limbs);
      });

  SmallVector<Value> reduced;
  for (Value limb : split.getResults())
    reduced.push_back(shard::AllReduceOp::create(b, loc, limb, grid, axes,
                                                 shard::ReductionKind::Sum));

  Value init = tensor::EmptyOp::create(b, loc, sizes, i128);
  auto join = linalg::GenericOp::create(
      b, loc, TypeRange{type}, reduced, init, splitMaps, parallel,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        auto wide = [&](int64_t i) {
          return arith::ExtSIOp::create(nb, nl, i128, args[i]).getResult();
        };
        auto shift = [&](Value v, int64_t bits) {
          Value n = arith::ConstantOp::create(nb, nl, i128,
                                              nb.getIntegerAttr(i128, bits));
          return arith::ShLIOp::create(nb, nl, v, n).getResult();
        };
        Value s = arith::AddIOp::create(nb, nl, shift(wide(2), 2 * kLimbBits),
                                        shift(wide(1), kLimbBits));
        s = arith::AddIOp::create(nb, nl, s, wide(0));
        linalg::YieldOp::create(nb, nl, s);
      });
  return join.getResult(0);
}

static Value allReduceSums(OpBuilder &b, Location loc, Value sums,
                           StringRef grid, ArrayRef<GridAxis> axes) {
  Type element = cast<RankedTensorType>(sums.getType()).getElementType();
  if (element.isInteger(128))
    return allReduceI128(b, loc, sums, grid, axes);
  return shard::AllReduceOp::create(b, loc, sums, grid, axes,
                                    shard::ReductionKind::Sum);
}

/// The global element count of each output: the local counts of a group of
/// processes that share the kept coordinates tile the reduced range, so
/// their sum is the global count, whether the shards are even or not.
static Value allReduceCount(OpBuilder &b, Location loc, Value localCount,
                            StringRef grid, ArrayRef<GridAxis> axes) {
  Type i64 = b.getI64Type();
  Value count = arith::IndexCastOp::create(b, loc, i64, localCount);
  Value packed = tensor::FromElementsOp::create(
      b, loc, RankedTensorType::get({1}, i64), count);
  Value total = shard::AllReduceOp::create(b, loc, packed, grid, axes,
                                           shard::ReductionKind::Sum);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value global = tensor::ExtractOp::create(b, loc, total, zero);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), global);
}

//===----------------------------------------------------------------------===//
// The external model
//===----------------------------------------------------------------------===//

/// Rejects the shardings the partition cannot honour, which would otherwise
/// give a wrong mean without a word: halos (the sums would count the halo
/// elements), static sizes that do not split evenly (MLIR rounds the shard
/// size down and drops elements), and a result split differently from the
/// input on a kept dimension (each process would hold other rows than its
/// result claims).
static LogicalResult checkShardings(ReduceMeanOp mean,
                                    ArrayRef<int64_t> reduced,
                                    const Sharding &input,
                                    const Sharding &result,
                                    SymbolTableCollection &symbolTable) {
  RankedTensorType inputType = mean.getInputType();
  if (input && (llvm::any_of(input.getStaticHaloSizes(),
                             [](int64_t h) { return h != 0; }) ||
                !input.getDynamicHaloSizes().empty()))
    return mean.emitOpError("cannot partition an input with halos (each "
                            "process would sum its halo elements too)");
  shard::GridOp grid =
      input ? shard::getGridOrNull(mean, input.getGridAttr(), symbolTable)
            : nullptr;
  for (int64_t d = 0, r = 0; d < inputType.getRank(); ++d) {
    ArrayRef<GridAxis> axes = splitAxesOf(input, d);
    if (grid && !axes.empty() && !hasShardOffsets(input) &&
        !inputType.isDynamicDim(d)) {
      int64_t shards = 1;
      for (GridAxis axis : axes) {
        int64_t size = grid.getShape()[axis];
        shards = ShapedType::isDynamic(size) || shards < 0 ? -1 : shards * size;
      }
      if (shards > 0 && inputType.getDimSize(d) % shards != 0)
        return mean.emitOpError("input dimension ")
               << d << " of size " << inputType.getDimSize(d)
               << " does not split evenly over " << shards
               << " processes (give the shard sizes with "
                  "sharded_dims_offsets)";
    }
    bool isReduced = llvm::is_contained(reduced, d);
    if (isReduced && !mean.getKeepDims())
      continue;
    ArrayRef<GridAxis> resultAxes = splitAxesOf(result, r++);
    ArrayRef<GridAxis> expected = isReduced ? ArrayRef<GridAxis>() : axes;
    if (!llvm::equal(resultAxes, expected))
      return mean.emitOpError("result dimension ")
             << r - 1 << " is split over grid axes [" << resultAxes
             << "] but the input gives it grid axes [" << expected << "]";
  }
  return success();
}

namespace {
struct ReduceMeanShardingModel
    : shard::ShardingInterface::ExternalModel<ReduceMeanShardingModel,
                                              ReduceMeanOp> {
  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *op) const {
    std::optional<SmallVector<int64_t>> reduced = getShardableReducedDims(op);
    if (!reduced)
      return {};
    int64_t rank = cast<ReduceMeanOp>(op).getInputType().getRank();
    SmallVector<utils::IteratorType> types(rank, utils::IteratorType::parallel);
    for (int64_t d : *reduced)
      types[d] = utils::IteratorType::reduction;
    return types;
  }

  SmallVector<shard::ReductionKind>
  getReductionLoopIteratorKinds(Operation *op) const {
    std::optional<SmallVector<int64_t>> reduced = getShardableReducedDims(op);
    if (!reduced)
      return {};
    return SmallVector<shard::ReductionKind>(reduced->size(),
                                             shard::ReductionKind::Sum);
  }

  /// The input is indexed by every loop; the result by the kept loops. A
  /// size-1 dimension kept by keep_dims is indexed by its reduction loop so
  /// that the map stays a projected permutation (upstream requires it);
  /// getShardingAnnotations never splits such a dimension.
  SmallVector<AffineMap> getIndexingMaps(Operation *op) const {
    std::optional<SmallVector<int64_t>> reduced = getShardableReducedDims(op);
    if (!reduced)
      return {};
    auto mean = cast<ReduceMeanOp>(op);
    MLIRContext *ctx = op->getContext();
    int64_t rank = mean.getInputType().getRank();
    SmallVector<AffineExpr> resultExprs;
    for (int64_t d = 0; d < rank; ++d)
      if (mean.getKeepDims() || !llvm::is_contained(*reduced, d))
        resultExprs.push_back(getAffineDimExpr(d, ctx));
    return {AffineMap::getMultiDimIdentityMap(rank, ctx),
            AffineMap::get(rank, 0, resultExprs, ctx)};
  }

  FailureOr<ShardingOption>
  getShardingOption(Operation *op, ArrayRef<Sharding> operandShardings,
                    ArrayRef<Sharding> resultShardings) const {
    if (getShardableReducedDims(op))
      return shard::detail::defaultGetShardingOption(op, operandShardings,
                                                     resultShardings);
    // Runtime axes: which loops reduce is unknown, so everything is
    // replicated on the grid the neighbours use.
    FlatSymbolRefAttr grid = findGrid(operandShardings, resultShardings);
    if (!grid)
      return ShardingOption::makeEmpty();
    return ShardingOption({}, grid);
  }

  FailureOr<std::vector<Sharding>>
  getShardingAnnotations(Operation *op, const ShardingOption &option) const {
    MLIRContext *ctx = op->getContext();
    auto mean = cast<ReduceMeanOp>(op);
    std::optional<SmallVector<int64_t>> reduced = getShardableReducedDims(op);
    auto loopAxes = [&](int64_t loop) -> SmallVector<GridAxis> {
      if (!reduced || loop >= static_cast<int64_t>(option.shardingArray.size()))
        return {};
      return option.shardingArray[loop];
    };
    std::vector<Sharding> shardings;
    RankedTensorType inputType = mean.getInputType();
    if (!inputType)
      return failure();
    SmallVector<SmallVector<GridAxis>> split;
    for (int64_t d = 0; d < inputType.getRank(); ++d)
      split.push_back(loopAxes(d));
    shardings.push_back(makeSharding(ctx, option.grid, split));
    // Keep what the input's own annotation says beyond the split axes when
    // those agree, rather than asking for a resharding: uneven shards of
    // reduced dimensions (explicit shard sizes, which a resharding to even
    // shards would move data for, and MLIR 22 cannot; the sums cover what
    // each process holds and the count is the global one), and halos (so
    // that partition rejects them by name). Uneven kept dimensions would
    // need the same sizes on the result; those are resharded.
    FailureOr<std::pair<bool, Sharding>> given =
        shard::getSharding(op->getOpOperand(0));
    if (succeeded(given) && reduced &&
        given->second.equalSplitAxes(shardings.back()) &&
        given->second.getDynamicShardedDimsOffsets().empty() &&
        given->second.getDynamicHaloSizes().empty()) {
      bool onlyReducedSplit = llvm::all_of(
          llvm::seq<int64_t>(0, inputType.getRank()), [&](int64_t d) {
            return llvm::is_contained(*reduced, d) || loopAxes(d).empty();
          });
      shardings.back() = Sharding::get(
          option.grid, shardings.back().getSplitAxes(),
          given->second.getStaticHaloSizes(),
          onlyReducedSplit ? given->second.getStaticShardedDimsOffsets()
                           : ArrayRef<int64_t>());
    }
    // The axes operand is read whole by every process.
    if (mean.getAxesTensor())
      shardings.push_back(makeSharding(ctx, option.grid, {{}}));
    SmallVector<SmallVector<GridAxis>> resultSplit;
    if (reduced) {
      for (int64_t d = 0, e = mean.getInputType().getRank(); d < e; ++d) {
        bool isReduced = llvm::is_contained(*reduced, d);
        if (!isReduced)
          resultSplit.push_back(loopAxes(d));
        else if (mean.getKeepDims())
          resultSplit.emplace_back();
      }
    }
    // `[[]]` rather than `[]` for a replicated tensor of rank > 0: the shard
    // dialect prints the latter but does not parse it back.
    if (resultSplit.empty() && mean.getResultType() &&
        mean.getResultType().getRank() > 0)
      resultSplit.emplace_back();
    shardings.push_back(makeSharding(ctx, option.grid, resultSplit));
    return shardings;
  }

  LogicalResult addShardingAnnotations(Operation *op, OpBuilder &b,
                                       const ShardingOption &option) const {
    FailureOr<std::vector<Sharding>> shardings =
        getShardingAnnotations(op, option);
    if (failed(shardings))
      return failure();
    unsigned numOperands = op->getNumOperands();
    shard::maybeInsertTargetShardingAnnotation((*shardings)[numOperands],
                                               op->getResult(0), b);
    for (OpOperand &operand : op->getOpOperands()) {
      OpBuilder::InsertionGuard guard(b);
      shard::maybeInsertSourceShardingAnnotation(
          (*shardings)[operand.getOperandNumber()], operand, b);
    }
    return success();
  }

  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<Sharding> operandShardings,
                          ArrayRef<Sharding> resultShardings,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbolTable,
                          OpBuilder &builder) const {
    auto mean = cast<ReduceMeanOp>(op);
    if (!partitionedOperands[0])
      return op->emitOpError("cannot get its input in the requested sharding "
                             "(shard-partition could not reshard it)");
    std::optional<SmallVector<int64_t>> reduced = getShardableReducedDims(op);
    if (!reduced) {
      for (ArrayRef<Sharding> shardings : {operandShardings, resultShardings})
        for (const Sharding &sharding : shardings)
          if (sharding && !shard::isFullReplication(sharding))
            return op->emitOpError("with runtime axes must be replicated, but "
                                   "an operand or the result is split");
      shard::partitionFullyReplicatedOperation(
          *op, partitionedOperands, operandShardings, resultShardings,
          partitionMap, symbolTable, builder);
      return success();
    }

    if (failed(checkShardings(mean, *reduced, operandShardings[0],
                              resultShardings[0], symbolTable)))
      return failure();
    SmallVector<utils::IteratorType> loopTypes = getLoopIteratorTypes(op);
    SmallVector<AffineMap> maps = getIndexingMaps(op);
    shard::ShardingArray assignment =
        shard::getGridAxisAssignmentForLoopIterators(
            operandShardings, resultShardings, loopTypes, maps);
    if (!shard::isAtLeastOneReductionIteratorSharded(loopTypes, assignment)) {
      // Every process holds whole reduced ranges: the op runs as is on its
      // shard.
      shard::partitionTriviallyShardableOperation(
          *op, partitionedOperands, operandShardings, resultShardings,
          partitionMap, symbolTable, builder);
      return success();
    }

    FlatSymbolRefAttr gridAttr = findGrid(operandShardings, resultShardings);
    shard::GridOp grid = shard::getGridOrNull(op, gridAttr, symbolTable);
    if (!grid)
      return op->emitOpError("names a grid that does not exist");
    SmallVector<GridAxis> axes =
        shard::getReductionGridAxes(loopTypes, assignment);
    Location loc = op->getLoc();

    // The global count is a constant when the unsharded reduced sizes are
    // static (the common case, and what lets the division fold).
    RankedTensorType globalType = mean.getInputType();
    SmallVector<int64_t> reducedSizes;
    for (int64_t d : *reduced)
      reducedSizes.push_back(globalType.getDimSize(d));
    std::optional<int64_t> staticCount;
    if (llvm::none_of(reducedSizes, ShapedType::isDynamic)) {
      staticCount = getCheckedElementCount(reducedSizes);
      if (!staticCount)
        return op->emitOpError("reduces more elements per output than a "
                               "64-bit count holds");
    }

    StringRef gridName = grid.getSymName();
    auto combine = [&](OpBuilder &b, Location l, SmallVectorImpl<Value> &sums,
                       Value &count) {
      for (Value &sum : sums)
        sum = allReduceSums(b, l, sum, gridName, axes);
      count = staticCount ? arith::ConstantIndexOp::create(b, l, *staticCount)
                          : allReduceCount(b, l, count, gridName, axes);
    };
    FailureOr<Value> result =
        buildStaticReduceMean(builder, loc, partitionedOperands[0], *reduced,
                              mean.getKeepDims(), getCPUStrategy(op), combine);
    if (failed(result))
      return op->emitOpError("cannot build the partitioned mean of ")
             << partitionedOperands[0].getType();

    auto expected = cast<RankedTensorType>(
        shard::shardType(mean.getResultType(), grid, resultShardings[0]));
    if (result->getType() != expected) {
      if (!tensor::CastOp::areCastCompatible(result->getType(), expected))
        return op->emitOpError("partitioned result ")
               << result->getType() << " does not match the sharded type "
               << expected;
      *result = tensor::CastOp::create(builder, loc, expected, *result);
    }
    partitionMap.map(op->getResult(0), *result);
    return success();
  }
};
} // namespace

namespace {
/// MLIR 22 declares mpi.allreduce without memory effects, and
/// ownership-based deallocation (in every bufferisation pipeline, rmean's
/// included) rejects an op whose effects it cannot see. The op reads its
/// send buffer and writes its receive buffer (which may be the same one),
/// nothing else.
struct AllReduceMemoryEffects
    : MemoryEffectOpInterface::ExternalModel<AllReduceMemoryEffects,
                                             mpi::AllReduceOp> {
  void
  getEffects(Operation *op,
             SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
                 &effects) const {
    auto allReduce = cast<mpi::AllReduceOp>(op);
    effects.emplace_back(MemoryEffects::Read::get(),
                         &allReduce.getSendbufMutable());
    effects.emplace_back(MemoryEffects::Read::get(),
                         &allReduce.getRecvbufMutable());
    effects.emplace_back(MemoryEffects::Write::get(),
                         &allReduce.getRecvbufMutable());
  }
};
} // namespace

void mlir::rmean::registerMPIMemoryEffectModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, mpi::MPIDialect *) {
    mpi::AllReduceOp::attachInterface<AllReduceMemoryEffects>(*ctx);
  });
}

void mlir::rmean::registerShardingInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, RmeanDialect *) {
    // The partitioned form is made of these dialects' ops.
    ctx->loadDialect<arith::ArithDialect, linalg::LinalgDialect,
                     shard::ShardDialect, tensor::TensorDialect>();
    ReduceMeanOp::attachInterface<ReduceMeanShardingModel>(*ctx);
  });
}
