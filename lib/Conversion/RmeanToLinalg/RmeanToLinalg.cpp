//===- RmeanToLinalg.cpp - lower rmean.reduce_mean to linalg --------------===//
//
// Static axes become a reduction linalg.generic plus an elementwise division
// (both understood by upstream tiling and vectorisation). Axes known only at
// run time cannot be expressed as linalg iterator types, so they become a
// checked scalar loop nest instead.
//
//===----------------------------------------------------------------------===//

#include "rmean/Conversion/RmeanToLinalg/RmeanToLinalg.h"

#include "rmean/Dialect/Rmean/IR/RmeanNumerics.h"
#include "rmean/Dialect/Rmean/IR/RmeanOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::rmean {
#define GEN_PASS_DEF_CONVERTRMEANTOLINALGPASS
#include "rmean/Conversion/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

void emitCheck(OpBuilder &b, Location loc, Value cond, const Twine &message) {
  cf::AssertOp::create(b, loc, cond,
                       b.getStringAttr("rmean.reduce_mean: " + message));
}

Value indexConst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

/// Casts `value` to `declared`, checking at run time every dimension that
/// `declared` makes static but `value` does not know (tensor.cast alone would
/// make a mismatch undefined behaviour). `sizes` are the actual sizes of
/// `value`, computed from the input: a tensor.dim of `value` itself would be
/// folded to the declared size once canonicalisation moves the cast into
/// the producer.
Value castToDeclared(OpBuilder &b, Location loc, Value value,
                     RankedTensorType declared, ArrayRef<OpFoldResult> sizes) {
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
              "result dimension " + Twine(i) + " differs from the declared " +
                  "size " + Twine(declared.getDimSize(i)));
  }
  return tensor::CastOp::create(b, loc, declared, value);
}

/// Builds the mean of `input` over the static, sorted `reduced` dimensions.
/// The result drops the reduced dimensions unless `keepDims`.
Value buildStaticMean(OpBuilder &b, Location loc, const MeanNumerics &numerics,
                      Value input, ArrayRef<int64_t> reduced, bool keepDims) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  MLIRContext *ctx = b.getContext();

  SmallVector<int64_t> keptShape;
  SmallVector<Value> keptDynSizes;
  SmallVector<AffineExpr> keptExprs;
  Value count = indexConst(b, loc, 1);
  int64_t staticCount = 1;
  SmallVector<utils::IteratorType> iterators;
  for (int64_t i = 0; i < rank; ++i) {
    bool isReduced = llvm::is_contained(reduced, i);
    iterators.push_back(isReduced ? utils::IteratorType::reduction
                                  : utils::IteratorType::parallel);
    if (isReduced) {
      if (inputType.isDynamicDim(i))
        count = arith::MulIOp::create(b, loc, count,
                                      tensor::DimOp::create(b, loc, input, i));
      else
        staticCount *= inputType.getDimSize(i);
      continue;
    }
    keptShape.push_back(inputType.getDimSize(i));
    keptExprs.push_back(getAffineDimExpr(i, ctx));
    if (inputType.isDynamicDim(i))
      keptDynSizes.push_back(tensor::DimOp::create(b, loc, input, i));
  }
  count = arith::MulIOp::create(b, loc, count, indexConst(b, loc, staticCount));

  // Accumulators: one per part of the running sum, filled with its zero.
  SmallVector<Value> inits;
  SmallVector<Type> accTensorTypes;
  for (auto [type, zero] :
       llvm::zip_equal(numerics.accumulatorTypes, numerics.buildZero(b, loc))) {
    auto tensorType = RankedTensorType::get(keptShape, type);
    Value empty = tensor::EmptyOp::create(b, loc, tensorType, keptDynSizes);
    inits.push_back(linalg::FillOp::create(b, loc, zero, empty).getResult(0));
    accTensorTypes.push_back(tensorType);
  }
  AffineMap inputMap = AffineMap::getMultiDimIdentityMap(rank, ctx);
  AffineMap keptMap = AffineMap::get(rank, 0, keptExprs, ctx);
  SmallVector<AffineMap> maps(1 + inits.size(), keptMap);
  maps[0] = inputMap;
  auto sum = linalg::GenericOp::create(
      b, loc, accTensorTypes, input, inits, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value element = numerics.toStorage(nb, nloc, args[0]);
        linalg::YieldOp::create(
            nb, nloc,
            numerics.buildAccumulate(nb, nloc, element, args.drop_front()));
      });

  // Tag for the CPU/GPU strategy passes, which only touch rmean's own ops.
  sum->setAttr(kRmeanReductionAttrName, b.getUnitAttr());

  // Mean: one elementwise op over the accumulators.
  int64_t keptRank = keptShape.size();
  auto meanType = RankedTensorType::get(keptShape, numerics.elementType);
  Value out = tensor::EmptyOp::create(b, loc, meanType, keptDynSizes);
  SmallVector<AffineMap> meanMaps(
      1 + inits.size(), AffineMap::getMultiDimIdentityMap(keptRank, ctx));
  SmallVector<utils::IteratorType> meanIterators(keptRank,
                                                 utils::IteratorType::parallel);
  auto mean = linalg::GenericOp::create(
      b, loc, TypeRange{meanType}, sum.getResults(), out, meanMaps,
      meanIterators, [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value m = numerics.buildMean(nb, nloc, args.drop_back(), count);
        linalg::YieldOp::create(nb, nloc, numerics.fromStorage(nb, nloc, m));
      });
  mean->setAttr(kRmeanFinalizeAttrName, b.getUnitAttr());
  Value result = mean.getResult(0);
  if (!keepDims)
    return result;
  SmallVector<int64_t> keepShape(inputType.getShape());
  for (int64_t d : reduced)
    keepShape[d] = 1;
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(keepShape, numerics.elementType), result,
      getReducedDimsReassociation(rank, reduced));
}

/// Builds the mean over static `reduced` dimensions after coalescing: runs of
/// adjacent reduced dimensions and runs of adjacent kept ones are collapsed
/// into one dimension each (free on contiguous tensors), so that every
/// layout reaches the reduction as one of a few canonical forms (row
/// [P, R], column [R, P], middle [P, R, P], all [R], ...). The result is
/// expanded back to the kept (or keep_dims) shape.
Value buildCoalescedMean(OpBuilder &b, Location loc,
                         const MeanNumerics &numerics, Value input,
                         ArrayRef<int64_t> reduced, bool keepDims) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  auto isReduced = [&](int64_t d) { return llvm::is_contained(reduced, d); };
  // A kept group holds at most one dynamic dimension: its expand_shape back
  // would otherwise need two dynamic sizes in one group, which
  // expand-strided-metadata in MLIR 22 crashes on (llvm-project#186830).
  SmallVector<ReassociationIndices> groups;
  bool groupHasDynamic = false;
  for (int64_t i = 0; i < rank; ++i) {
    bool dynamic = inputType.isDynamicDim(i);
    if (i == 0 || isReduced(i) != isReduced(i - 1) ||
        (!isReduced(i) && dynamic && groupHasDynamic)) {
      groups.emplace_back();
      groupHasDynamic = false;
    }
    groups.back().push_back(i);
    groupHasDynamic |= dynamic;
  }
  // Empty tensors gain nothing from coalescing, and canonicalisation would
  // fold a collapsed 0 x ? group to a static 0 that memref.collapse_shape
  // then rejects.
  if (static_cast<int64_t>(groups.size()) == rank ||
      llvm::is_contained(inputType.getShape(), 0))
    return buildStaticMean(b, loc, numerics, input, reduced, keepDims);

  // A group with a dynamic member stays dynamic even when a static member
  // is 0: memref.collapse_shape insists on it.
  SmallVector<int64_t> collapsedShape;
  for (const ReassociationIndices &group : groups) {
    int64_t size = 1;
    for (int64_t d : group)
      size = (size == ShapedType::kDynamic || inputType.isDynamicDim(d))
                 ? ShapedType::kDynamic
                 : size * inputType.getDimSize(d);
    collapsedShape.push_back(size);
  }
  Value collapsed = tensor::CollapseShapeOp::create(
      b, loc, RankedTensorType::get(collapsedShape, inputType.getElementType()),
      input, groups);
  SmallVector<int64_t> collapsedReduced;
  for (auto [g, group] : llvm::enumerate(groups))
    if (isReduced(group.front()))
      collapsedReduced.push_back(g);
  Value mean = buildStaticMean(b, loc, numerics, collapsed, collapsedReduced,
                               /*keepDims=*/false);

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

/// Builds the mean for axes read at run time. Which dimensions are reduced
/// is only known as a bit mask, which no affine indexing map can express,
/// so every element is added into the accumulator slot selected by its kept
/// indices in a scalar loop; the keep_dims-shaped result is then reshaped
/// (a no-op on the row-major data) to the declared rank.
Value buildRuntimeMean(OpBuilder &b, Location loc, const MeanNumerics &numerics,
                       ReduceMeanOp op) {
  Value input = op.getInput();
  RankedTensorType inputType = op.getInputType();
  RankedTensorType resultType = op.getResultType();
  int64_t rank = inputType.getRank();
  Type i64 = b.getI64Type();
  Type i1 = b.getI1Type();
  Value axes = op.getAxesTensor();
  auto axesType = cast<RankedTensorType>(axes.getType());
  Type axisStorage = b.getIntegerType(axesType.getElementTypeBitWidth());

  // Decode the axes into a mask, checking each value before it is used.
  Value zeroIdx = indexConst(b, loc, 0), oneIdx = indexConst(b, loc, 1);
  Value numAxes = tensor::DimOp::create(b, loc, axes, 0);
  Value rank64 = arith::ConstantIntOp::create(b, loc, i64, rank);
  Value zero64 = arith::ConstantIntOp::create(b, loc, i64, 0);
  // One mask bit per dimension; wider than 64 bits for huge ranks.
  auto maskType = b.getIntegerType(std::max<int64_t>(64, rank));
  auto maskConst = [&](OpBuilder &mb, const APInt &v) -> Value {
    return arith::ConstantOp::create(mb, loc, maskType,
                                     mb.getIntegerAttr(maskType, v));
  };
  unsigned maskWidth = maskType.getWidth();
  Value zeroMask = maskConst(b, APInt(maskWidth, 0));
  Value oneMask = maskConst(b, APInt(maskWidth, 1));
  auto loop = scf::ForOp::create(
      b, loc, zeroIdx, numAxes, oneIdx, ValueRange{zeroMask},
      [&](OpBuilder &lb, Location lloc, Value k, ValueRange iter) {
        Value axis = tensor::ExtractOp::create(lb, lloc, axes, k);
        if (axis.getType() != axisStorage)
          axis = UnrealizedConversionCastOp::create(lb, lloc, axisStorage, axis)
                     .getResult(0);
        if (axisStorage != i64)
          axis = arith::ExtSIOp::create(lb, lloc, i64, axis);
        Value negRank = arith::ConstantIntOp::create(lb, lloc, i64, -rank);
        Value inRange = arith::AndIOp::create(
            lb, lloc,
            arith::CmpIOp::create(lb, lloc, arith::CmpIPredicate::sge, axis,
                                  negRank),
            arith::CmpIOp::create(lb, lloc, arith::CmpIPredicate::slt, axis,
                                  rank64));
        emitCheck(lb, lloc, inRange,
                  "runtime axis out of range [" + Twine(-rank) + ", " +
                      Twine(rank - 1) + "]");
        Value isNeg = arith::CmpIOp::create(lb, lloc, arith::CmpIPredicate::slt,
                                            axis, zero64);
        Value dim = arith::SelectOp::create(
            lb, lloc, isNeg, arith::AddIOp::create(lb, lloc, axis, rank64),
            axis);
        if (maskType != i64)
          dim = arith::ExtUIOp::create(lb, lloc, maskType, dim);
        Value bit = arith::ShLIOp::create(lb, lloc, oneMask, dim);
        Value seen = arith::AndIOp::create(lb, lloc, iter[0], bit);
        emitCheck(lb, lloc,
                  arith::CmpIOp::create(lb, lloc, arith::CmpIPredicate::eq,
                                        seen, zeroMask),
                  "duplicate runtime axis (two axes name the same dimension)");
        scf::YieldOp::create(
            lb, lloc, ValueRange{arith::OrIOp::create(lb, lloc, iter[0], bit)});
      });
  Value mask = loop.getResult(0);
  if (!op.getNoopWithEmptyAxes()) {
    Value all = maskConst(b, APInt::getLowBitsSet(maskWidth, rank));
    Value empty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        numAxes, zeroIdx);
    mask = arith::SelectOp::create(b, loc, empty, all, mask);
  }

  // Per dimension: is it reduced, its input size, its keep_dims size.
  SmallVector<Value> reducedFlags, inSizes, outSizes;
  Value count = oneIdx, numKept = zeroIdx;
  for (int64_t i = 0; i < rank; ++i) {
    Value bit = maskConst(b, APInt::getOneBitSet(maskWidth, i));
    Value isReduced = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne,
        arith::AndIOp::create(b, loc, mask, bit), zeroMask);
    Value size = tensor::DimOp::create(b, loc, input, i);
    reducedFlags.push_back(isReduced);
    inSizes.push_back(size);
    outSizes.push_back(
        arith::SelectOp::create(b, loc, isReduced, oneIdx, size));
    count = arith::MulIOp::create(
        b, loc, count,
        arith::SelectOp::create(b, loc, isReduced, size, oneIdx));
    numKept = arith::AddIOp::create(
        b, loc, numKept,
        arith::SelectOp::create(b, loc, isReduced, zeroIdx, oneIdx));
  }
  int64_t resultRank = resultType.getRank();
  if (!op.getKeepDims())
    emitCheck(b, loc,
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, numKept,
                                    indexConst(b, loc, resultRank)),
              "runtime axes keep a number of dimensions different from the "
              "result rank " +
                  Twine(resultRank));

  // Accumulate every element into its slot.
  SmallVector<int64_t> dynShape(rank, ShapedType::kDynamic);
  SmallVector<Value> accs;
  for (auto [type, zero] :
       llvm::zip_equal(numerics.accumulatorTypes, numerics.buildZero(b, loc))) {
    Value empty = tensor::EmptyOp::create(
        b, loc, RankedTensorType::get(dynShape, type), outSizes);
    accs.push_back(linalg::FillOp::create(b, loc, zero, empty).getResult(0));
  }
  Value total = oneIdx;
  for (Value s : inSizes)
    total = arith::MulIOp::create(b, loc, total, s);
  auto accumulate = scf::ForOp::create(
      b, loc, zeroIdx, total, oneIdx, accs,
      [&](OpBuilder &lb, Location lloc, Value linear, ValueRange iter) {
        SmallVector<Value> inIdx(rank), outIdx(rank);
        Value rest = linear;
        for (int64_t i = rank - 1; i >= 0; --i) {
          inIdx[i] = arith::RemUIOp::create(lb, lloc, rest, inSizes[i]);
          rest = arith::DivUIOp::create(lb, lloc, rest, inSizes[i]);
          outIdx[i] = arith::SelectOp::create(lb, lloc, reducedFlags[i],
                                              zeroIdx, inIdx[i]);
        }
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

  auto keepType = RankedTensorType::get(dynShape, numerics.elementType);
  Value out = tensor::EmptyOp::create(b, loc, keepType, outSizes);
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineMap> maps(1 + accs.size(),
                              AffineMap::getMultiDimIdentityMap(rank, ctx));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  Value mean = linalg::GenericOp::create(
                   b, loc, TypeRange{keepType}, accumulate.getResults(), out,
                   maps, iterators,
                   [&](OpBuilder &nb, Location nloc, ValueRange args) {
                     Value m =
                         numerics.buildMean(nb, nloc, args.drop_back(), count);
                     linalg::YieldOp::create(nb, nloc,
                                             numerics.fromStorage(nb, nloc, m));
                   })
                   .getResult(0);
  if (op.getKeepDims())
    return castToDeclared(b, loc, mean, resultType,
                          getAsOpFoldResult(ValueRange(outSizes)));

  // Drop the reduced dimensions: result dimension j is the j-th kept one.
  SmallVector<Value> resultSizes;
  for (int64_t j = 0; j < resultRank; ++j) {
    Value size = zeroIdx, position = zeroIdx;
    Value jIdx = indexConst(b, loc, j);
    for (int64_t i = 0; i < rank; ++i) {
      Value kept = arith::XOrIOp::create(
          b, loc, reducedFlags[i],
          arith::ConstantOp::create(b, loc, i1, b.getBoolAttr(true)));
      Value here = arith::AndIOp::create(
          b, loc, kept,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, position,
                                jIdx));
      size = arith::SelectOp::create(b, loc, here, inSizes[i], size);
      position = arith::AddIOp::create(
          b, loc, position,
          arith::SelectOp::create(b, loc, kept, oneIdx, zeroIdx));
    }
    resultSizes.push_back(size);
  }
  auto shapeType = RankedTensorType::get({resultRank}, b.getIndexType());
  Value shape = tensor::FromElementsOp::create(b, loc, shapeType, resultSizes);
  auto reshapedType = RankedTensorType::get(
      SmallVector<int64_t>(resultRank, ShapedType::kDynamic),
      numerics.elementType);
  Value reshaped = tensor::ReshapeOp::create(b, loc, reshapedType, mean, shape);
  return castToDeclared(b, loc, reshaped, resultType,
                        getAsOpFoldResult(ValueRange(resultSizes)));
}

//===----------------------------------------------------------------------===//
// Pattern
//===----------------------------------------------------------------------===//

/// Rewrites one rmean.reduce_mean (see the pass description for the shape of
/// the output).
struct ReduceMeanToLinalg : OpRewritePattern<ReduceMeanOp> {
  using OpRewritePattern::OpRewritePattern;

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
    // The runtime path checks its declared sizes itself; the static sizes
    // come from the input (see castToDeclared).
    if (!reduced) {
      rewriter.replaceOp(op, buildRuntimeMean(rewriter, loc, *numerics, op));
      return success();
    }
    ReifiedRankedShapedTypeDims shapes;
    if (failed(op.reifyResultShapes(rewriter, shapes)))
      return rewriter.notifyMatchFailure(op, "cannot reify the result shape");
    Value result = op.getInput();
    if (!reduced->empty())
      result = buildCoalescedMean(rewriter, loc, *numerics, op.getInput(),
                                  *reduced, op.getKeepDims());
    rewriter.replaceOp(
        op, castToDeclared(rewriter, loc, result, resultType, shapes[0]));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

struct ConvertRmeanToLinalgPass
    : rmean::impl::ConvertRmeanToLinalgPassBase<ConvertRmeanToLinalgPass> {
  void runOnOperation() override {
    // Constant axes operands with invalid values fail here rather than in a
    // later crash: the verifier message already names the problem.
    WalkResult walk = getOperation()->walk([](ReduceMeanOp op) {
      if (!op.getAxesTensor() || op.getStaticReducedDims() ||
          !isa_and_present<arith::ConstantOp>(
              op.getAxesTensor().getDefiningOp()))
        return WalkResult::advance();
      return failed(op.verify()) ? WalkResult::interrupt()
                                 : WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();

    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    populateRmeanToLinalgConversionPatterns(patterns);
    ConversionTarget target(*ctx);
    target.addIllegalDialect<RmeanDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::rmean::populateRmeanToLinalgConversionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ReduceMeanToLinalg>(patterns.getContext());
}
