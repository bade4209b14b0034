//===- RmeanToLinalg.cpp - lower rmean.reduce_mean to linalg --------------===//
//
// Static axes become a reduction linalg.generic plus an elementwise division
// (both understood by upstream tiling and vectorisation). Axes known only at
// run time cannot be expressed as linalg iterator types, so they become a
// checked scalar loop nest instead.
//
//===----------------------------------------------------------------------===//

#include "rmean/Conversion/RmeanToLinalg/RmeanToLinalg.h"

#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"
#include "rmean/Dialect/Rmean/IR/RmeanExactArithmetic.h"
#include "rmean/Dialect/Rmean/IR/RmeanNumerics.h"
#include "rmean/Dialect/Rmean/IR/RmeanOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "convert-rmean-to-linalg"

namespace mlir::rmean {
#define GEN_PASS_DEF_CONVERTRMEANTOLINALGPASS
#include "rmean/Conversion/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

//===----------------------------------------------------------------------===//
// Helpers shared by the static and runtime paths
//===----------------------------------------------------------------------===//

/// A run-time check of §3.8: unless `cond` holds, the program stops with
/// `message`, whose placeholders {N} name `values[N]` (index or integer
/// values, printed as signed 64-bit).
static void emitCheck(OpBuilder &b, Location loc, Value cond,
                      const Twine &message, ValueRange values = {}) {
  SmallVector<Value> printed;
  Type i64 = b.getI64Type();
  for (Value v : values) {
    if (v.getType().isIndex())
      v = arith::IndexCastOp::create(b, loc, i64, v);
    else if (v.getType() != i64)
      v = arith::ExtSIOp::create(b, loc, i64, v);
    printed.push_back(v);
  }
  CheckOp::create(b, loc, cond, printed,
                  b.getStringAttr("rmean.reduce_mean: " + message));
}

static Value indexConst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

/// Casts `value` to `declared`, checking at run time every dimension that
/// `declared` makes static but `value` does not know (tensor.cast alone would
/// make a mismatch undefined behaviour). `sizes` are the actual sizes of
/// `value`, computed from the input: a tensor.dim of `value` itself would be
/// folded to the declared size once canonicalisation moves the cast into
/// the producer.
static Value castToDeclared(OpBuilder &b, Location loc, Value value,
                            RankedTensorType declared,
                            ArrayRef<OpFoldResult> sizes) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type == declared)
    return value;
  for (int64_t i = 0, e = declared.getRank(); i < e; ++i) {
    if (!type.isDynamicDim(i) || declared.isDynamicDim(i))
      continue;
    Value size = getValueOrCreateConstantIndexOp(b, loc, sizes[i]);
    Value ok =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, size,
                              indexConst(b, loc, declared.getDimSize(i)));
    emitCheck(b, loc, ok,
              "result dimension " + Twine(i) + " has size {0} but is " +
                  "declared with size " + Twine(declared.getDimSize(i)),
              size);
  }
  return tensor::CastOp::create(b, loc, declared, value);
}

/// One accumulator tensor of `shape` per part of the running sum, each
/// filled with that part's zero.
static SmallVector<Value> buildFilledAccumulators(OpBuilder &b, Location loc,
                                                  const MeanNumerics &numerics,
                                                  ArrayRef<int64_t> shape,
                                                  ValueRange dynSizes) {
  SmallVector<Value> accs;
  for (auto [type, zero] :
       llvm::zip_equal(numerics.accumulatorTypes, numerics.buildZero(b, loc))) {
    Value empty = tensor::EmptyOp::create(
        b, loc, RankedTensorType::get(shape, type), dynSizes);
    accs.push_back(linalg::FillOp::create(b, loc, zero, empty).getResult(0));
  }
  return accs;
}

/// The elementwise op that turns the sums (one tensor per accumulator part,
/// of `shape`) and the element count into the mean, marked as rmean's
/// finalisation.
static Value buildFinalize(OpBuilder &b, Location loc,
                           const MeanNumerics &numerics, ValueRange sums,
                           ArrayRef<int64_t> shape, ValueRange dynSizes,
                           Value count) {
  MLIRContext *ctx = b.getContext();
  int64_t rank = shape.size();
  auto meanType = RankedTensorType::get(shape, numerics.elementType);
  Value out = tensor::EmptyOp::create(b, loc, meanType, dynSizes);
  SmallVector<AffineMap> maps(1 + sums.size(),
                              AffineMap::getMultiDimIdentityMap(rank, ctx));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto mean = linalg::GenericOp::create(
      b, loc, TypeRange{meanType}, sums, out, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value m = numerics.buildMean(nb, nloc, args.drop_back(), count);
        linalg::YieldOp::create(nb, nloc, numerics.fromStorage(nb, nloc, m));
      });
  setMarker<RmeanDialect::FinalizeAttrHelper>(mean);
  return mean.getResult(0);
}

/// The number of elements each output of a static-axes mean sums, when the
/// reduced static sizes multiply without overflow (dynamic ones count 1).
static std::optional<int64_t> staticReducedCount(RankedTensorType inputType,
                                                 ArrayRef<int64_t> reduced) {
  SmallVector<int64_t> sizes;
  for (int64_t d : reduced)
    if (!inputType.isDynamicDim(d))
      sizes.push_back(inputType.getDimSize(d));
  return getCheckedElementCount(sizes);
}

//===----------------------------------------------------------------------===//
// Static axes
//===----------------------------------------------------------------------===//

/// Builds the mean of `input` over the static, sorted `reduced` dimensions.
/// The result drops the reduced dimensions unless `keepDims`. A `strategy`
/// written by hand on the rmean op goes onto the reduction it becomes.
static Value buildStaticMean(OpBuilder &b, Location loc,
                             const MeanNumerics &numerics, Value input,
                             ArrayRef<int64_t> reduced, bool keepDims,
                             CPUStrategyAttr strategy, SumCombiner combine,
                             GPUStrategyAttr gpuStrategy) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  MLIRContext *ctx = b.getContext();

  SmallVector<int64_t> keptShape;
  SmallVector<Value> keptDynSizes;
  SmallVector<AffineExpr> keptExprs;
  Value count = indexConst(b, loc, 1);
  SmallVector<utils::IteratorType> iterators;
  for (int64_t i = 0; i < rank; ++i) {
    bool isReduced = llvm::is_contained(reduced, i);
    iterators.push_back(isReduced ? utils::IteratorType::reduction
                                  : utils::IteratorType::parallel);
    if (isReduced) {
      if (inputType.isDynamicDim(i))
        count = arith::MulIOp::create(b, loc, count,
                                      tensor::DimOp::create(b, loc, input, i));
      continue;
    }
    keptShape.push_back(inputType.getDimSize(i));
    keptExprs.push_back(getAffineDimExpr(i, ctx));
    if (inputType.isDynamicDim(i))
      keptDynSizes.push_back(tensor::DimOp::create(b, loc, input, i));
  }
  // The pass checked that the static part of the count fits.
  count = arith::MulIOp::create(
      b, loc, count,
      indexConst(b, loc, *staticReducedCount(inputType, reduced)));

  SmallVector<Value> inits =
      buildFilledAccumulators(b, loc, numerics, keptShape, keptDynSizes);
  AffineMap inputMap = AffineMap::getMultiDimIdentityMap(rank, ctx);
  AffineMap keptMap = AffineMap::get(rank, 0, keptExprs, ctx);
  SmallVector<AffineMap> maps(1 + inits.size(), keptMap);
  maps[0] = inputMap;
  auto sum = linalg::GenericOp::create(
      b, loc, ValueRange(inits).getTypes(), input, inits, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value element = numerics.toStorage(nb, nloc, args[0]);
        linalg::YieldOp::create(
            nb, nloc,
            numerics.buildAccumulate(nb, nloc, element, args.drop_front()));
      });
  // The strategy passes only touch rmean's own ops.
  setMarker<RmeanDialect::ReductionAttrHelper>(sum);
  if (strategy)
    setCPUStrategy(sum, strategy);
  if (gpuStrategy)
    setGPUStrategy(sum, gpuStrategy);

  SmallVector<Value> sums(sum.getResults());
  if (combine)
    combine(b, loc, sums, count);
  Value result =
      buildFinalize(b, loc, numerics, sums, keptShape, keptDynSizes, count);
  if (!keepDims)
    return result;
  SmallVector<int64_t> keepShape(inputType.getShape());
  for (int64_t d : reduced)
    keepShape[d] = 1;
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(keepShape, numerics.elementType), result,
      getReducedDimsReassociation(rank, reduced));
}

/// Groups adjacent reduced dimensions and adjacent kept ones of
/// `inputType`. A kept group holds at most one dynamic dimension: its
/// expand_shape back would otherwise need two dynamic sizes in one group,
/// which expand-strided-metadata in MLIR 22 crashes on (llvm-project#186830).
static SmallVector<ReassociationIndices>
groupAdjacentDims(RankedTensorType inputType, ArrayRef<int64_t> reduced) {
  auto isReduced = [&](int64_t d) { return llvm::is_contained(reduced, d); };
  SmallVector<ReassociationIndices> groups;
  bool groupHasDynamic = false;
  for (int64_t i = 0, rank = inputType.getRank(); i < rank; ++i) {
    bool dynamic = inputType.isDynamicDim(i);
    if (i == 0 || isReduced(i) != isReduced(i - 1) ||
        (!isReduced(i) && dynamic && groupHasDynamic)) {
      groups.emplace_back();
      groupHasDynamic = false;
    }
    groups.back().push_back(i);
    groupHasDynamic |= dynamic;
  }
  return groups;
}

/// The collapsed size of each group, or nothing when a static product
/// overflows 64 bits. A group with a dynamic member stays dynamic even when
/// a static member is 0: memref.collapse_shape insists on it.
static std::optional<SmallVector<int64_t>>
collapsedShapeOf(RankedTensorType inputType,
                 ArrayRef<ReassociationIndices> groups) {
  SmallVector<int64_t> shape;
  for (const ReassociationIndices &group : groups) {
    SmallVector<int64_t> sizes;
    for (int64_t d : group)
      sizes.push_back(inputType.getDimSize(d));
    if (llvm::any_of(sizes, ShapedType::isDynamic)) {
      shape.push_back(ShapedType::kDynamic);
      continue;
    }
    std::optional<int64_t> size = getCheckedElementCount(sizes);
    if (!size)
      return std::nullopt;
    shape.push_back(*size);
  }
  return shape;
}

/// Builds the mean over static `reduced` dimensions after coalescing: runs of
/// adjacent reduced dimensions and runs of adjacent kept ones are collapsed
/// into one dimension each (free on contiguous tensors), so that every
/// layout reaches the reduction as one of a few canonical forms (row
/// [P, R], column [R, P], middle [P, R, P], all [R], ...). The result is
/// expanded back to the kept (or keep_dims) shape.
static Value buildCoalescedMean(OpBuilder &b, Location loc,
                                const MeanNumerics &numerics, Value input,
                                ArrayRef<int64_t> reduced, bool keepDims,
                                CPUStrategyAttr strategy, SumCombiner combine,
                                GPUStrategyAttr gpuStrategy = nullptr) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  auto isReduced = [&](int64_t d) { return llvm::is_contained(reduced, d); };
  SmallVector<ReassociationIndices> groups =
      groupAdjacentDims(inputType, reduced);
  std::optional<SmallVector<int64_t>> collapsedShape =
      collapsedShapeOf(inputType, groups);
  // Nothing to coalesce, or sizes no collapsed dimension can hold. Empty
  // tensors gain nothing from coalescing either, and canonicalisation would
  // fold a collapsed 0 x ? group to a static 0 that memref.collapse_shape
  // then rejects.
  if (static_cast<int64_t>(groups.size()) == rank || !collapsedShape ||
      llvm::is_contained(inputType.getShape(), 0)) {
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": not coalescing " << inputType
                            << " (nothing to merge, an empty dimension, or "
                               "a product beyond 64 bits)\n");
    return buildStaticMean(b, loc, numerics, input, reduced, keepDims, strategy,
                           combine, gpuStrategy);
  }

  Value collapsed = tensor::CollapseShapeOp::create(
      b, loc,
      RankedTensorType::get(*collapsedShape, inputType.getElementType()), input,
      groups);
  SmallVector<int64_t> collapsedReduced;
  for (auto [g, group] : llvm::enumerate(groups))
    if (isReduced(group.front()))
      collapsedReduced.push_back(g);
  Value mean =
      buildStaticMean(b, loc, numerics, collapsed, collapsedReduced,
                      /*keepDims=*/false, strategy, combine, gpuStrategy);

  // Expand: each kept group gives back its dimensions; with keep_dims the
  // size-1 reduced dimensions join the kept group before them (or the first
  // one when they lead).
  SmallVector<int64_t> finalShape;
  SmallVector<OpFoldResult> finalSizes;
  SmallVector<ReassociationIndices> expand;
  ReassociationIndices leading;
  for (int64_t i = 0; i < rank; ++i) {
    bool red = isReduced(i);
    if (red && !keepDims)
      continue;
    int64_t pos = finalShape.size();
    finalShape.push_back(red ? 1 : inputType.getDimSize(i));
    finalSizes.push_back(red ? b.getIndexAttr(1)
                             : tensor::getMixedSize(b, loc, input, i));
    bool startsGroup =
        !red && llvm::any_of(groups, [&](const ReassociationIndices &g) {
          return g.front() == i;
        });
    if (startsGroup) {
      expand.emplace_back(leading);
      leading.clear();
      expand.back().push_back(pos);
    } else if (expand.empty()) {
      leading.push_back(pos);
    } else {
      expand.back().push_back(pos);
    }
  }
  auto finalType = RankedTensorType::get(finalShape, numerics.elementType);
  if (finalType == mean.getType())
    return mean;
  return tensor::ExpandShapeOp::create(b, loc, finalType, mean, expand,
                                       finalSizes);
}

//===----------------------------------------------------------------------===//
// Runtime axes
//===----------------------------------------------------------------------===//

/// Decodes the runtime axes of `op` into a bit mask of reduced dimensions
/// (an integer of max(64, rank) bits), checking each value before it is
/// used: in range, no dimension named twice. Empty axes with
/// `noop_with_empty_axes = false` select every dimension.
static Value buildAxesMask(OpBuilder &b, Location loc, ReduceMeanOp op) {
  int64_t rank = op.getInputType().getRank();
  Type i64 = b.getI64Type();
  Value axes = op.getAxesTensor();
  auto axesType = cast<RankedTensorType>(axes.getType());
  Type axisStorage = b.getIntegerType(axesType.getElementTypeBitWidth());
  Value zeroIdx = indexConst(b, loc, 0), oneIdx = indexConst(b, loc, 1);
  Value numAxes = tensor::DimOp::create(b, loc, axes, 0);
  Value rank64 = arith::ConstantIntOp::create(b, loc, i64, rank);
  Value zero64 = arith::ConstantIntOp::create(b, loc, i64, 0);
  auto maskType = b.getIntegerType(std::max<int64_t>(64, rank));
  unsigned maskWidth = maskType.getWidth();
  // Axis k, as i64.
  auto readAxis = [&](OpBuilder &rb, Location rloc, Value k) -> Value {
    Value axis = tensor::ExtractOp::create(rb, rloc, axes, k);
    if (axis.getType() != axisStorage)
      axis = UnrealizedConversionCastOp::create(rb, rloc, axisStorage, axis)
                 .getResult(0);
    if (axisStorage != i64)
      axis = arith::ExtSIOp::create(rb, rloc, i64, axis);
    return axis;
  };
  // The dimension an in-range axis names.
  auto normalise = [&](OpBuilder &rb, Location rloc, Value axis) -> Value {
    Value isNeg = arith::CmpIOp::create(rb, rloc, arith::CmpIPredicate::slt,
                                        axis, zero64);
    return arith::SelectOp::create(
        rb, rloc, isNeg, arith::AddIOp::create(rb, rloc, axis, rank64), axis);
  };
  auto maskConst = [&](OpBuilder &mb, const APInt &v) -> Value {
    return arith::ConstantOp::create(mb, loc, maskType,
                                     mb.getIntegerAttr(maskType, v));
  };
  Value zeroMask = maskConst(b, APInt(maskWidth, 0));
  Value oneMask = maskConst(b, APInt(maskWidth, 1));
  auto loop = scf::ForOp::create(
      b, loc, zeroIdx, numAxes, oneIdx, ValueRange{zeroMask},
      [&](OpBuilder &lb, Location lloc, Value k, ValueRange iter) {
        Value axis = readAxis(lb, lloc, k);
        Value negRank = arith::ConstantIntOp::create(lb, lloc, i64, -rank);
        Value inRange = arith::AndIOp::create(
            lb, lloc,
            arith::CmpIOp::create(lb, lloc, arith::CmpIPredicate::sge, axis,
                                  negRank),
            arith::CmpIOp::create(lb, lloc, arith::CmpIPredicate::slt, axis,
                                  rank64));
        emitCheck(lb, lloc, inRange,
                  "runtime axis {0} is out of range [" + Twine(-rank) + ", " +
                      Twine(rank - 1) + "]",
                  axis);
        Value dim = normalise(lb, lloc, axis);
        Value bit = arith::ShLIOp::create(
            lb, lloc, oneMask,
            maskType == i64 ? dim
                            : arith::ExtUIOp::create(lb, lloc, maskType, dim));
        Value fresh = arith::CmpIOp::create(
            lb, lloc, arith::CmpIPredicate::eq,
            arith::AndIOp::create(lb, lloc, iter[0], bit), zeroMask);
        // Name the earlier spelling of the dimension too; only a failing
        // check looks for it. It is the only earlier axis with that
        // dimension, else an earlier iteration would have failed.
        auto earlier = scf::IfOp::create(
            lb, lloc, fresh,
            [&](OpBuilder &tb, Location tloc) {
              scf::YieldOp::create(tb, tloc, axis);
            },
            [&](OpBuilder &eb, Location eloc) {
              auto search = scf::ForOp::create(
                  eb, eloc, zeroIdx, k, oneIdx, ValueRange{axis},
                  [&](OpBuilder &sb, Location sloc, Value j, ValueRange found) {
                    Value other = readAxis(sb, sloc, j);
                    Value same = arith::CmpIOp::create(
                        sb, sloc, arith::CmpIPredicate::eq,
                        normalise(sb, sloc, other), dim);
                    scf::YieldOp::create(sb, sloc,
                                         ValueRange{arith::SelectOp::create(
                                             sb, sloc, same, other, found[0])});
                  });
              scf::YieldOp::create(eb, eloc, search.getResult(0));
            });
        emitCheck(lb, lloc, fresh,
                  "runtime axes {0} and {1} both name dimension {2}",
                  {earlier.getResult(0), axis, dim});
        scf::YieldOp::create(
            lb, lloc, ValueRange{arith::OrIOp::create(lb, lloc, iter[0], bit)});
      });
  Value mask = loop.getResult(0);
  if (op.getNoopWithEmptyAxes())
    return mask;
  Value all = maskConst(b, APInt::getLowBitsSet(maskWidth, rank));
  Value empty =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, numAxes, zeroIdx);
  return arith::SelectOp::create(b, loc, empty, all, mask);
}

/// What the runtime path knows of each input dimension once the mask is
/// decoded.
struct RuntimeDims {
  /// i1 per dimension: reduced or not.
  SmallVector<Value> reduced;
  /// The input sizes, and the keep_dims sizes (1 where reduced).
  SmallVector<Value> inSizes, outSizes;
  /// Elements per output, and the number of kept dimensions.
  Value count, numKept;
};

static RuntimeDims buildRuntimeDims(OpBuilder &b, Location loc, Value input,
                                    Value mask) {
  auto maskType = cast<IntegerType>(mask.getType());
  unsigned maskWidth = maskType.getWidth();
  Value zeroIdx = indexConst(b, loc, 0), oneIdx = indexConst(b, loc, 1);
  Value zeroMask = arith::ConstantOp::create(
      b, loc, maskType, b.getIntegerAttr(maskType, APInt(maskWidth, 0)));
  RuntimeDims dims;
  dims.count = oneIdx;
  dims.numKept = zeroIdx;
  for (int64_t i = 0, rank = cast<RankedTensorType>(input.getType()).getRank();
       i < rank; ++i) {
    Value bit = arith::ConstantOp::create(
        b, loc, maskType,
        b.getIntegerAttr(maskType, APInt::getOneBitSet(maskWidth, i)));
    Value isReduced = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne,
        arith::AndIOp::create(b, loc, mask, bit), zeroMask);
    Value size = tensor::DimOp::create(b, loc, input, i);
    dims.reduced.push_back(isReduced);
    dims.inSizes.push_back(size);
    dims.outSizes.push_back(
        arith::SelectOp::create(b, loc, isReduced, oneIdx, size));
    dims.count = arith::MulIOp::create(
        b, loc, dims.count,
        arith::SelectOp::create(b, loc, isReduced, size, oneIdx));
    dims.numKept = arith::AddIOp::create(
        b, loc, dims.numKept,
        arith::SelectOp::create(b, loc, isReduced, zeroIdx, oneIdx));
  }
  return dims;
}

/// Adds every element of `input` into the accumulator slot its kept
/// indices select, in one loop over the linear index. Which dimensions are
/// reduced is only known as a mask, which no affine indexing map (so no
/// linalg op) can express.
static SmallVector<Value> buildRuntimeSums(OpBuilder &b, Location loc,
                                           const MeanNumerics &numerics,
                                           Value input,
                                           const RuntimeDims &dims) {
  int64_t rank = dims.inSizes.size();
  SmallVector<int64_t> dynShape(rank, ShapedType::kDynamic);
  SmallVector<Value> accs =
      buildFilledAccumulators(b, loc, numerics, dynShape, dims.outSizes);
  Value zeroIdx = indexConst(b, loc, 0), oneIdx = indexConst(b, loc, 1);
  Value total = oneIdx;
  for (Value s : dims.inSizes)
    total = arith::MulIOp::create(b, loc, total, s);
  auto accumulate = scf::ForOp::create(
      b, loc, zeroIdx, total, oneIdx, accs,
      [&](OpBuilder &lb, Location lloc, Value linear, ValueRange iter) {
        ValueRange inIdx = affine::AffineDelinearizeIndexOp::create(
                               lb, lloc, linear, dims.inSizes)
                               .getResults();
        SmallVector<Value> outIdx;
        for (auto [reduced, idx] : llvm::zip_equal(dims.reduced, inIdx))
          outIdx.push_back(
              arith::SelectOp::create(lb, lloc, reduced, zeroIdx, idx));
        Value element = numerics.toStorage(
            lb, lloc, tensor::ExtractOp::create(lb, lloc, input, inIdx));
        SmallVector<Value> current;
        for (Value acc : iter)
          current.push_back(tensor::ExtractOp::create(lb, lloc, acc, outIdx));
        SmallVector<Value> next =
            numerics.buildAccumulate(lb, lloc, element, current);
        SmallVector<Value> updated;
        for (auto [value, acc] : llvm::zip_equal(next, iter))
          updated.push_back(
              tensor::InsertOp::create(lb, lloc, value, acc, outIdx));
        scf::YieldOp::create(lb, lloc, updated);
      });
  return accumulate.getResults();
}

/// The sizes of the declared result: with keep_dims, the keep_dims sizes;
/// without, result dimension j is the j-th kept input dimension.
static SmallVector<Value> buildRuntimeResultSizes(OpBuilder &b, Location loc,
                                                  const RuntimeDims &dims,
                                                  int64_t resultRank,
                                                  bool keepDims) {
  if (keepDims)
    return dims.outSizes;
  int64_t rank = dims.inSizes.size();
  Value zeroIdx = indexConst(b, loc, 0), oneIdx = indexConst(b, loc, 1);
  Value trueValue =
      arith::ConstantOp::create(b, loc, b.getI1Type(), b.getBoolAttr(true));
  SmallVector<Value> resultSizes;
  for (int64_t j = 0; j < resultRank; ++j) {
    Value size = zeroIdx, position = zeroIdx;
    Value jIdx = indexConst(b, loc, j);
    for (int64_t i = 0; i < rank; ++i) {
      Value kept = arith::XOrIOp::create(b, loc, dims.reduced[i], trueValue);
      Value here = arith::AndIOp::create(
          b, loc, kept,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, position,
                                jIdx));
      size = arith::SelectOp::create(b, loc, here, dims.inSizes[i], size);
      position = arith::AddIOp::create(
          b, loc, position,
          arith::SelectOp::create(b, loc, kept, oneIdx, zeroIdx));
    }
    resultSizes.push_back(size);
  }
  return resultSizes;
}

/// The general runtime-axes mean: every element summed into its slot by
/// one scalar loop, divided, then reshaped (a no-op on the row-major data)
/// to the declared rank.
static Value buildRuntimeLoopMean(OpBuilder &b, Location loc,
                                  const MeanNumerics &numerics, Value input,
                                  const RuntimeDims &dims,
                                  ArrayRef<Value> resultSizes,
                                  RankedTensorType uniformType, bool keepDims) {
  SmallVector<Value> sums = buildRuntimeSums(b, loc, numerics, input, dims);
  SmallVector<int64_t> dynShape(dims.inSizes.size(), ShapedType::kDynamic);
  Value mean = buildFinalize(b, loc, numerics, sums, dynShape, dims.outSizes,
                             dims.count);
  if (keepDims)
    return mean;
  auto shapeType =
      RankedTensorType::get({uniformType.getRank()}, b.getIndexType());
  Value shape = tensor::FromElementsOp::create(b, loc, shapeType, resultSizes);
  return tensor::ReshapeOp::create(b, loc, uniformType, mean, shape);
}

/// At most this many axis sets get a static-axes copy of the mean in a
/// runtime-axes lowering: each copy is a whole strategy-selected,
/// vectorised reduction, so the code grows with the count.
static constexpr size_t kMaxRuntimeAxesCases = 16;

/// The sets of reduced dimensions (sorted) that a runtime-axes mean handles
/// with the static path's code, most common first: runs of adjacent
/// dimensions, single ones first, then trailing runs (pooling over the last
/// dims, reduce-all), leading ones (column means) and middle ones; then,
/// for ranks up to 4, every other set (batch statistics over (0, 2, 3)),
/// fewest dimensions first; then the empty set (noop_with_empty_axes). Without
/// keep_dims only sets of the size the result rank implies can pass the
/// rank check. Sets whose static sizes overflow the 64-bit count are left
/// to the general path.
static SmallVector<SmallVector<int64_t>>
getRuntimeAxesCases(RankedTensorType inputType, RankedTensorType resultType,
                    bool keepDims) {
  int64_t rank = inputType.getRank();
  SmallVector<SmallVector<int64_t>> cases;
  auto consider = [&](SmallVector<int64_t> reduced) {
    if (cases.size() >= kMaxRuntimeAxesCases)
      return;
    if (!keepDims &&
        static_cast<int64_t>(reduced.size()) != rank - resultType.getRank())
      return;
    if (reduced.empty() || staticReducedCount(inputType, reduced))
      cases.push_back(std::move(reduced));
  };
  auto run = [](int64_t first, int64_t last) {
    return llvm::to_vector(llvm::seq<int64_t>(first, last));
  };
  // Single dimensions (the last, the first, then the middle ones), then
  // longer trailing, leading and middle runs: for rank 6 with keep_dims the
  // first 15 are every single axis and every trailing and leading run.
  if (rank > 0)
    consider({rank - 1});
  if (rank > 1)
    consider({0});
  for (int64_t d = 1; d + 1 < rank; ++d)
    consider({d});
  for (int64_t first = rank - 2; first >= 0; --first)
    consider(run(first, rank));
  for (int64_t last = 2; last < rank; ++last)
    consider(run(0, last));
  for (int64_t first = 1; first < rank; ++first)
    for (int64_t last = first + 2; last < rank; ++last)
      consider(run(first, last));
  if (rank <= 4) {
    for (int64_t count = 2; count < rank; ++count) {
      for (unsigned bits = 1; bits < (1u << rank); ++bits) {
        // Runs (contiguous set bits) are in already.
        unsigned low = bits & -bits;
        if (llvm::popcount(bits) != count || ((bits + low) & bits) == 0)
          continue;
        SmallVector<int64_t> reduced;
        for (int64_t d = 0; d < rank; ++d)
          if (bits & (1u << d))
            reduced.push_back(d);
        consider(std::move(reduced));
      }
    }
  }
  consider({});
  return cases;
}

/// Builds the mean for axes read at run time. The axes are decoded and
/// checked into a mask, and an scf.index_switch on it selects, for the sets
/// getRuntimeAxesCases lists (every set for ranks up to 4), a copy of the
/// static-axes lowering of that set, so it gets the same strategies,
/// vectorisation, threads and results as axes given as an attribute. Any
/// other mask runs the general loop. The result is cast to the declared
/// type under §3.8's checks.
static Value buildRuntimeMean(OpBuilder &b, Location loc,
                              const MeanNumerics &numerics, ReduceMeanOp op,
                              bool runtimeAxesLoop) {
  Value input = op.getInput();
  RankedTensorType inputType = op.getInputType();
  RankedTensorType resultType = op.getResultType();
  bool keepDims = op.getKeepDims();
  Value mask = buildAxesMask(b, loc, op);
  RuntimeDims dims = buildRuntimeDims(b, loc, input, mask);
  int64_t resultRank = resultType.getRank();
  if (!keepDims)
    emitCheck(b, loc,
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                    dims.numKept,
                                    indexConst(b, loc, resultRank)),
              "runtime axes keep {0} dimensions but the result rank is " +
                  Twine(resultRank),
              dims.numKept);
  SmallVector<Value> resultSizes =
      buildRuntimeResultSizes(b, loc, dims, resultRank, keepDims);
  auto uniformType = RankedTensorType::get(
      SmallVector<int64_t>(resultRank, ShapedType::kDynamic),
      resultType.getElementType());
  auto declared = [&](Value mean) {
    return castToDeclared(b, loc, mean, resultType,
                          getAsOpFoldResult(ValueRange(resultSizes)));
  };

  // The other sets: the general loop, or (without it) a failed check and a
  // result nothing reads.
  auto buildOtherSets = [&](OpBuilder &rb) -> Value {
    if (runtimeAxesLoop)
      return buildRuntimeLoopMean(rb, loc, numerics, input, dims, resultSizes,
                                  uniformType, keepDims);
    Value never = arith::ConstantOp::create(rb, loc, rb.getI1Type(),
                                            rb.getBoolAttr(false));
    emitCheck(rb, loc, never,
              "runtime axes name a set of dimensions no kernel was "
              "compiled for (16 sets are: every set up to rank 4; from rank "
              "5, single dimensions, then runs of adjacent ones)");
    return tensor::EmptyOp::create(rb, loc, uniformType.getShape(),
                                   uniformType.getElementType(), resultSizes);
  };
  SmallVector<SmallVector<int64_t>> cases =
      getRuntimeAxesCases(inputType, resultType, keepDims);
  if (cases.empty())
    return declared(buildOtherSets(b));

  // The case number: the index of the set equal to the mask, else
  // cases.size() (the default region, the loop).
  auto maskType = cast<IntegerType>(mask.getType());
  Value caseIndex = indexConst(b, loc, cases.size());
  SmallVector<int64_t> caseValues;
  for (auto [i, reduced] : llvm::enumerate(cases)) {
    APInt bits(maskType.getWidth(), 0);
    for (int64_t d : reduced)
      bits.setBit(d);
    Value caseMask = arith::ConstantOp::create(
        b, loc, maskType, b.getIntegerAttr(maskType, bits));
    Value match =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, mask, caseMask);
    caseIndex = arith::SelectOp::create(b, loc, match, indexConst(b, loc, i),
                                        caseIndex);
    caseValues.push_back(i);
  }
  auto switchOp = scf::IndexSwitchOp::create(
      b, loc, TypeRange{uniformType}, caseIndex, caseValues, cases.size());
  auto yieldUniform = [&](OpBuilder &rb, Value mean) {
    if (mean.getType() != uniformType)
      mean = tensor::CastOp::create(rb, loc, uniformType, mean);
    scf::YieldOp::create(rb, loc, mean);
  };
  {
    OpBuilder::InsertionGuard guard(b);
    for (auto [region, reduced] :
         llvm::zip_equal(switchOp.getCaseRegions(), cases)) {
      b.createBlock(&region);
      // No reduced dimension (noop_with_empty_axes): the mean of one
      // element is that element, as on the static path.
      yieldUniform(b, reduced.empty()
                          ? input
                          : buildCoalescedMean(b, loc, numerics, input, reduced,
                                               keepDims,
                                               /*strategy=*/nullptr,
                                               /*combine=*/nullptr));
    }
    b.createBlock(&switchOp.getDefaultRegion());
    yieldUniform(b, buildOtherSets(b));
  }
  return declared(switchOp.getResult(0));
}

//===----------------------------------------------------------------------===//
// Pattern
//===----------------------------------------------------------------------===//

namespace {

/// Rewrites one rmean.reduce_mean (see the pass description for the shape of
/// the output).
struct ReduceMeanToLinalg : OpRewritePattern<ReduceMeanOp> {
  ReduceMeanToLinalg(MLIRContext *ctx, bool runtimeAxesLoop)
      : OpRewritePattern(ctx), runtimeAxesLoop(runtimeAxesLoop) {}

  LogicalResult matchAndRewrite(ReduceMeanOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType inputType = op.getInputType();
    RankedTensorType resultType = op.getResultType();
    if (!inputType || !resultType)
      return rewriter.notifyMatchFailure(op, "operands are not ranked");
    FailureOr<MeanNumerics> numerics =
        MeanNumerics::get(inputType.getElementType());
    if (failed(numerics))
      return rewriter.notifyMatchFailure(op, "unsupported element type");
    Location loc = op.getLoc();

    std::optional<SmallVector<int64_t>> reduced = op.getStaticReducedDims();
    if (!reduced && !op.getAxesTensor())
      return rewriter.notifyMatchFailure(op, "invalid static axes");
    CPUStrategyAttr strategy = getCPUStrategy(op);
    // The runtime path checks its declared sizes itself; the static sizes
    // come from the input (see castToDeclared).
    if (!reduced) {
      LLVM_DEBUG(if (strategy) llvm::dbgs() << DEBUG_TYPE
                 ": runtime axes select their reduction at "
                 "run time; " << strategy << " does not apply\n");
      rewriter.replaceOp(
          op, buildRuntimeMean(rewriter, loc, *numerics, op, runtimeAxesLoop));
      return success();
    }
    if (!staticReducedCount(inputType, *reduced))
      return rewriter.notifyMatchFailure(op, "reduced count overflows");
    ReifiedRankedShapedTypeDims shapes;
    if (failed(op.reifyResultShapes(rewriter, shapes)))
      return rewriter.notifyMatchFailure(op, "cannot reify the result shape");
    Value result = op.getInput();
    if (!reduced->empty())
      result = buildCoalescedMean(rewriter, loc, *numerics, op.getInput(),
                                  *reduced, op.getKeepDims(), strategy,
                                  /*combine=*/nullptr, getGPUStrategy(op));
    rewriter.replaceOp(
        op, castToDeclared(rewriter, loc, result, resultType, shapes[0]));
    return success();
  }

private:
  bool runtimeAxesLoop;
};

} // namespace

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

/// Rejects, with a diagnostic, what the pattern cannot lower and no
/// verifier catches: constant axes operands with invalid values (the
/// verifier's message names the problem) and static reduced sizes whose
/// product (the element count) does not fit in 64 bits.
static LogicalResult checkLowerable(ReduceMeanOp op) {
  if (op.getAxesTensor() && !op.getStaticReducedDims() &&
      isa_and_present<arith::ConstantOp>(op.getAxesTensor().getDefiningOp()))
    return op.verify();
  std::optional<SmallVector<int64_t>> reduced = op.getStaticReducedDims();
  RankedTensorType inputType = op.getInputType();
  if (reduced && inputType && !staticReducedCount(inputType, *reduced))
    return op.emitOpError("reduces more elements per output than a 64-bit "
                          "count holds");
  return success();
}

namespace {
struct ConvertRmeanToLinalgPass
    : rmean::impl::ConvertRmeanToLinalgPassBase<ConvertRmeanToLinalgPass> {
  using Base::Base;
  void runOnOperation() override {
    WalkResult walk = getOperation()->walk([&](ReduceMeanOp op) {
      if (failed(checkLowerable(op)))
        return WalkResult::interrupt();
      // A host that asked for static axes only (the GPU pipeline: the
      // checked loop of runtime axes would run on the host over device
      // memory) gets a diagnostic rather than code that cannot run.
      if (!allowRuntimeAxes && !op.getStaticReducedDims()) {
        op.emitOpError("has runtime axes (an axes operand that is not a "
                       "constant), which this pipeline does not lower; give "
                       "the axes as an attribute or a constant");
        return WalkResult::interrupt();
      }
      // Without the loop (device pipelines) the host decodes the axes from
      // a copy of the caller's buffer: only a function argument has one
      // (an axes tensor computed in the function lives in device memory),
      // and some axis set must be compilable.
      if (!runtimeAxesLoop && !op.getStaticReducedDims()) {
        auto arg = dyn_cast<BlockArgument>(op.getAxesTensor());
        auto func = op->getParentOfType<FunctionOpInterface>();
        if (!arg || !func ||
            arg.getOwner() != &func.getFunctionBody().front()) {
          op.emitOpError("has runtime axes that are not an argument of the "
                         "function, which this pipeline does not lower (its "
                         "host code reads only arguments); pass the axes as "
                         "a function argument, an attribute or a constant");
          return WalkResult::interrupt();
        }
        if (op.getInputType() && op.getResultType() &&
            getRuntimeAxesCases(op.getInputType(), op.getResultType(),
                                op.getKeepDims())
                .empty()) {
          op.emitOpError("has runtime axes, but no axis set of its input "
                         "reduces a number of elements a 64-bit count holds");
          return WalkResult::interrupt();
        }
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();

    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    populateRmeanToLinalgConversionPatterns(patterns, runtimeAxesLoop);
    ConversionTarget target(*ctx);
    target.addIllegalOp<ReduceMeanOp>();
    // The lowering's own run-time checks stay until convert-rmean-to-llvm.
    target.addLegalOp<CheckOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

FailureOr<Value> mlir::rmean::buildStaticReduceMean(
    OpBuilder &b, Location loc, Value input, ArrayRef<int64_t> reduced,
    bool keepDims, CPUStrategyAttr strategy, SumCombiner combine) {
  auto inputType = dyn_cast<RankedTensorType>(input.getType());
  if (!inputType || reduced.empty() || !staticReducedCount(inputType, reduced))
    return failure();
  FailureOr<MeanNumerics> numerics =
      MeanNumerics::get(inputType.getElementType());
  if (failed(numerics))
    return failure();
  return buildCoalescedMean(b, loc, *numerics, input, reduced, keepDims,
                            strategy, combine);
}

void mlir::rmean::populateRmeanToLinalgConversionPatterns(
    RewritePatternSet &patterns, bool runtimeAxesLoop) {
  patterns.add<ReduceMeanToLinalg>(patterns.getContext(), runtimeAxesLoop);
}
