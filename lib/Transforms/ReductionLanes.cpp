//===- ReductionLanes.cpp - reductions with accumulators of their own -----===//
//
// See ReductionLanes.h. Written by hand because upstream's
// partial-reduction tiling needs a combiner of one op (the compensated step
// updates two accumulators from each other) and the i128 accumulator of
// 64-bit integers has no vector form worth vectorising; the lanes built
// here are plain linalg reductions that upstream tiles and vectorises.
//
//===----------------------------------------------------------------------===//

#include "ReductionLanes.h"

#include "rmean/Dialect/Rmean/IR/RmeanNumerics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "rmean-cpu-tile"

using namespace mlir;
using namespace mlir::rmean;

LaneScheme mlir::rmean::getCompensatedLaneScheme(MLIRContext *ctx) {
  Builder b(ctx);
  Type f64 = b.getF64Type();
  LaneScheme scheme;
  // Lane sums and compensations start at -0.0 (docs/ReduceMean.md §4.4).
  scheme.types = {f64, f64};
  scheme.inits = {getAdditiveIdentity(b, f64), getAdditiveIdentity(b, f64)};
  scheme.merge = [](OpBuilder &b, Location loc, ValueRange lanes,
                    ValueRange acc) -> SmallVector<Value> {
    FailureOr<MeanNumerics> numerics = MeanNumerics::get(b.getF64Type());
    SmallVector<Value> next =
        numerics->buildAccumulate(b, loc, lanes[0], {acc[0], acc[1]});
    return {next[0], arith::AddFOp::create(b, loc, next[1], lanes[1])};
  };
  return scheme;
}

LaneScheme mlir::rmean::getSumLaneScheme(Type accumulatorType) {
  Builder b(accumulatorType.getContext());
  LaneScheme scheme;
  scheme.types = {accumulatorType};
  scheme.inits = {getAdditiveIdentity(b, accumulatorType)};
  scheme.merge = [](OpBuilder &b, Location loc, ValueRange lanes,
                    ValueRange acc) -> SmallVector<Value> {
    if (isa<FloatType>(acc[0].getType()))
      return {arith::AddFOp::create(b, loc, acc[0], lanes[0])};
    return {arith::AddIOp::create(b, loc, acc[0], lanes[0])};
  };
  return scheme;
}

LaneScheme mlir::rmean::getWideIntegerLaneScheme(MLIRContext *ctx,
                                                 bool isUnsigned) {
  Builder b(ctx);
  Type i64 = b.getI64Type();
  LaneScheme scheme;
  scheme.types = {i64, i64};
  scheme.inits = {b.getI64IntegerAttr(0), b.getI64IntegerAttr(0)};
  // Low halves are below 2^32 and high halves within [-2^31, 2^32): 2^31 - 1
  // of each fit an i64.
  scheme.maxSteps = (int64_t(1) << 31) - 1;
  scheme.accumulate = [isUnsigned](OpBuilder &b, Location loc, Value x,
                                   ValueRange lanes) -> SmallVector<Value> {
    // arith takes signless integers (ui64 elements are cast, as the
    // conversion does).
    Type type = b.getI64Type();
    if (x.getType() != type)
      x = UnrealizedConversionCastOp::create(b, loc, type, x).getResult(0);
    Value mask = arith::ConstantIntOp::create(b, loc, type, 0xFFFFFFFF);
    Value shift = arith::ConstantIntOp::create(b, loc, type, 32);
    Value low = arith::AndIOp::create(b, loc, x, mask);
    Value high = isUnsigned
                     ? arith::ShRUIOp::create(b, loc, x, shift).getResult()
                     : arith::ShRSIOp::create(b, loc, x, shift).getResult();
    return {arith::AddIOp::create(b, loc, lanes[0], low),
            arith::AddIOp::create(b, loc, lanes[1], high)};
  };
  scheme.merge = [isUnsigned](OpBuilder &b, Location loc, ValueRange lanes,
                              ValueRange acc) -> SmallVector<Value> {
    Type wide = acc[0].getType();
    Value low = arith::ExtUIOp::create(b, loc, wide, lanes[0]);
    Value high =
        isUnsigned ? arith::ExtUIOp::create(b, loc, wide, lanes[1]).getResult()
                   : arith::ExtSIOp::create(b, loc, wide, lanes[1]).getResult();
    Value shift = arith::ConstantIntOp::create(b, loc, wide, 32);
    Value highPart = arith::ShLIOp::create(b, loc, high, shift);
    Value sum = arith::AddIOp::create(b, loc, acc[0], highPart);
    return {arith::AddIOp::create(b, loc, sum, low)};
  };
  return scheme;
}

/// Fills of the lane accumulators of `scheme`, shaped `sizes`.
static SmallVector<Value> buildLaneInits(RewriterBase &rewriter, Location loc,
                                         ArrayRef<OpFoldResult> sizes,
                                         const LaneScheme &scheme) {
  SmallVector<Value> inits;
  for (auto [type, init] : llvm::zip_equal(scheme.types, scheme.inits)) {
    Value value = arith::ConstantOp::create(rewriter, loc, type, init);
    Value empty = tensor::EmptyOp::create(rewriter, loc, sizes, type);
    inits.push_back(
        linalg::FillOp::create(rewriter, loc, value, empty).getResult(0));
  }
  return inits;
}

/// Sets the body of `laneOp` (arguments: one element, then the lane
/// accumulators): the scheme's, or a copy of `op`'s.
static void buildLaneBody(RewriterBase &rewriter, linalg::GenericOp op,
                          linalg::GenericOp laneOp, const LaneScheme &scheme) {
  if (!scheme.accumulate) {
    rewriter.cloneRegionBefore(op.getRegion(), laneOp.getRegion(),
                               laneOp.getRegion().end());
    return;
  }
  Location loc = op.getLoc();
  SmallVector<Type> argTypes = {
      getElementTypeOrSelf(op.getDpsInputs()[0].getType())};
  llvm::append_range(argTypes, scheme.types);
  SmallVector<Location> locs(argTypes.size(), loc);
  Block *body = rewriter.createBlock(&laneOp.getRegion(), {}, argTypes, locs);
  rewriter.setInsertionPointToStart(body);
  SmallVector<Value> next = scheme.accumulate(
      rewriter, loc, body->getArgument(0), body->getArguments().drop_front());
  linalg::YieldOp::create(rewriter, loc, next);
  rewriter.setInsertionPoint(op);
}

/// `op` with its input replaced by `input` and its accumulators by
/// `accumulators` (a copy, created before `op`).
static linalg::GenericOp cloneOn(RewriterBase &rewriter, linalg::GenericOp op,
                                 Value input, ValueRange accumulators) {
  auto rest = cast<linalg::GenericOp>(rewriter.clone(*op));
  rewriter.modifyOpInPlace(rest, [&] {
    rest.getDpsInputOperand(0)->set(input);
    for (auto [init, acc] :
         llvm::zip_equal(rest.getDpsInitsMutable(), accumulators))
      init.set(acc);
  });
  return rest;
}

static SmallVector<int64_t> staticShape(ArrayRef<OpFoldResult> mixed) {
  return llvm::map_to_vector(mixed, [](OpFoldResult size) {
    return getConstantIntValue(size).value_or(ShapedType::kDynamic);
  });
}

/// The number of steps of `lanes` elements (at most `maxSteps`) that fit
/// `length`, static when `length` is.
static OpFoldResult buildSteps(RewriterBase &rewriter, Location loc,
                               OpFoldResult length, int64_t lanes,
                               int64_t maxSteps) {
  if (std::optional<int64_t> known = getConstantIntValue(length))
    return rewriter.getIndexAttr(std::min(*known / lanes, maxSteps));
  Value steps = cast<Value>(length);
  if (lanes != 1)
    steps = arith::DivUIOp::create(
        rewriter, loc, steps,
        arith::ConstantIndexOp::create(rewriter, loc, lanes));
  if (maxSteps != std::numeric_limits<int64_t>::max())
    steps = arith::MinUIOp::create(
        rewriter, loc, steps,
        arith::ConstantIndexOp::create(rewriter, loc, maxSteps));
  return steps;
}

/// `a - b` (static when both are).
static OpFoldResult buildDifference(RewriterBase &rewriter, Location loc,
                                    OpFoldResult a, OpFoldResult b) {
  std::optional<int64_t> ka = getConstantIntValue(a),
                         kb = getConstantIntValue(b);
  if (ka && kb)
    return rewriter.getIndexAttr(*ka - *kb);
  return arith::SubIOp::create(
             rewriter, loc, getValueOrCreateConstantIndexOp(rewriter, loc, a),
             getValueOrCreateConstantIndexOp(rewriter, loc, b))
      .getResult();
}

/// `a * b` for a constant `b` (static when `a` is).
static OpFoldResult buildProduct(RewriterBase &rewriter, Location loc,
                                 OpFoldResult a, int64_t b) {
  if (std::optional<int64_t> ka = getConstantIntValue(a))
    return rewriter.getIndexAttr(*ka * b);
  if (b == 1)
    return a;
  return arith::MulIOp::create(rewriter, loc, cast<Value>(a),
                               arith::ConstantIndexOp::create(rewriter, loc, b))
      .getResult();
}

/// splitRowsIntoLanes (`columns` = 0: [P..., R] into [P...]) and
/// splitNarrowColumnsIntoLanes (`columns` = C: [P..., R, C] into [P..., C];
/// each lane then holds one column, lane l column l mod C).
static FailureOr<linalg::GenericOp>
splitIntoLanes(RewriterBase &rewriter, linalg::GenericOp op, int64_t lanes,
               const LaneScheme &scheme, int64_t columns) {
  int64_t n = op.getNumLoops();
  Location loc = op.getLoc();
  MLIRContext *ctx = op.getContext();
  // The reduced dimension R, and what the accumulators index: every other
  // dimension, in order.
  int64_t r = columns ? n - 2 : n - 1;
  if (r < 0)
    return failure();
  AffineMap accMap = AffineMap::getMultiDimIdentityMap(n, ctx).dropResult(r);
  // A copied body must not read iteration indices.
  if (op.getNumDpsInputs() != 1 ||
      !op.getMatchingIndexingMap(op.getDpsInputOperand(0)).isIdentity() ||
      (!scheme.accumulate &&
       !op.getBody()->getOps<linalg::IndexOp>().empty()) ||
      !llvm::all_of(op.getDpsInitsMutable(), [&](OpOperand &init) {
        return op.getMatchingIndexingMap(&init) == accMap;
      })) {
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": reduction of another form, "
                                          "not split into lanes: "
                            << op << "\n");
    return failure();
  }
  Value input = op.getDpsInputs()[0];
  auto inputType = cast<RankedTensorType>(input.getType());
  // Each step takes `rowsPerStep` reduced rows: lanes / C of C columns.
  int64_t rowsPerStep = lanes;
  if (columns) {
    if (inputType.getShape().back() != columns || lanes % columns != 0)
      return failure();
    rowsPerStep = lanes / columns;
  }
  // Fewer rows than a step has nothing to vectorise.
  int64_t length = inputType.getShape()[r];
  if (ShapedType::isStatic(length) && length < rowsPerStep)
    return failure();

  rewriter.setInsertionPoint(op);
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(rewriter, loc, input);
  OpFoldResult steps =
      buildSteps(rewriter, loc, sizes[r], rowsPerStep, scheme.maxSteps);
  OpFoldResult mainLength = buildProduct(rewriter, loc, steps, rowsPerStep);
  OpFoldResult tailLength =
      buildDifference(rewriter, loc, sizes[r], mainLength);

  // The main part [P..., steps * rowsPerStep (, C)] as [P..., steps, lanes]:
  // R expanded to [steps, rowsPerStep], which the columns join.
  SmallVector<OpFoldResult> zeros(n, rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> ones(n, rewriter.getIndexAttr(1));
  SmallVector<OpFoldResult> mainSizes(sizes);
  mainSizes[r] = mainLength;
  Value main = tensor::ExtractSliceOp::create(rewriter, loc, input, zeros,
                                              mainSizes, ones);
  SmallVector<OpFoldResult> expandedSizes(sizes.begin(), sizes.begin() + r);
  expandedSizes.push_back(steps);
  expandedSizes.push_back(rewriter.getIndexAttr(rowsPerStep));
  SmallVector<ReassociationIndices> reassociation;
  for (int64_t d = 0; d < r; ++d)
    reassociation.push_back({d});
  reassociation.push_back({r, r + 1});
  if (columns) {
    expandedSizes.push_back(sizes.back());
    reassociation.push_back({r + 2});
  }
  Value expanded = tensor::ExpandShapeOp::create(
      rewriter, loc,
      RankedTensorType::get(staticShape(expandedSizes),
                            inputType.getElementType()),
      main, reassociation, expandedSizes);
  if (columns) {
    SmallVector<ReassociationIndices> joined;
    for (int64_t d = 0; d <= r; ++d)
      joined.push_back({d});
    joined.push_back({r + 1, r + 2});
    expanded = tensor::CollapseShapeOp::create(rewriter, loc, expanded, joined);
  }

  // The lanes: an outer reduction [P..., steps, lanes] -> [P..., lanes].
  SmallVector<OpFoldResult> laneSizes(sizes.begin(), sizes.begin() + r);
  laneSizes.push_back(rewriter.getIndexAttr(lanes));
  SmallVector<Value> laneInits =
      buildLaneInits(rewriter, loc, laneSizes, scheme);
  SmallVector<AffineExpr> laneExprs;
  for (int64_t d = 0; d < r; ++d)
    laneExprs.push_back(getAffineDimExpr(d, ctx));
  laneExprs.push_back(getAffineDimExpr(r + 1, ctx));
  AffineMap laneMap = AffineMap::get(r + 2, 0, laneExprs, ctx);
  SmallVector<AffineMap> laneMaps = {
      AffineMap::getMultiDimIdentityMap(r + 2, ctx)};
  laneMaps.append(laneInits.size(), laneMap);
  SmallVector<utils::IteratorType> laneIterators(r,
                                                 utils::IteratorType::parallel);
  laneIterators.push_back(utils::IteratorType::reduction);
  laneIterators.push_back(utils::IteratorType::parallel);
  auto laneOp = linalg::GenericOp::create(
      rewriter, loc, ValueRange(laneInits).getTypes(), ValueRange{expanded},
      laneInits, laneMaps, laneIterators);
  buildLaneBody(rewriter, op, laneOp, scheme);

  // The lanes merged in lane order into the accumulators of `op`: rows'
  // lanes all into the row's, columns' lanes (as [P..., rowsPerStep, C])
  // into their column's.
  SmallVector<Value> laneResults = laneOp.getResults();
  if (columns) {
    SmallVector<OpFoldResult> splitSizes(laneSizes.begin(),
                                         laneSizes.end() - 1);
    splitSizes.push_back(rewriter.getIndexAttr(rowsPerStep));
    splitSizes.push_back(rewriter.getIndexAttr(columns));
    SmallVector<ReassociationIndices> split;
    for (int64_t d = 0; d < r; ++d)
      split.push_back({d});
    split.push_back({r, r + 1});
    for (Value &lane : laneResults) {
      auto laneType = cast<RankedTensorType>(lane.getType());
      lane = tensor::ExpandShapeOp::create(
          rewriter, loc,
          RankedTensorType::get(staticShape(splitSizes),
                                laneType.getElementType()),
          lane, split, splitSizes);
    }
  }
  SmallVector<AffineMap> mergeMaps(laneInits.size(),
                                   AffineMap::getMultiDimIdentityMap(n, ctx));
  mergeMaps.append(op.getNumDpsInits(), accMap);
  SmallVector<utils::IteratorType> mergeIterators(
      n, utils::IteratorType::parallel);
  mergeIterators[r] = utils::IteratorType::reduction;
  size_t numLanes = laneInits.size();
  auto merge = linalg::GenericOp::create(
      rewriter, loc, op->getResultTypes(), laneResults, op.getDpsInits(),
      mergeMaps, mergeIterators,
      [&](OpBuilder &b, Location l, ValueRange args) {
        linalg::YieldOp::create(b, l,
                                scheme.merge(b, l, args.take_front(numLanes),
                                             args.drop_front(numLanes)));
      });

  // The rest of the rows, by the original body.
  SmallVector<Value> results = merge.getResults();
  if (!isConstantIntValue(tailLength, 0)) {
    SmallVector<OpFoldResult> tailOffsets(zeros), tailSizes(sizes);
    tailOffsets[r] = mainLength;
    tailSizes[r] = tailLength;
    Value tail = tensor::ExtractSliceOp::create(rewriter, loc, input,
                                                tailOffsets, tailSizes, ones);
    results = cloneOn(rewriter, op, tail, results).getResults();
  }
  rewriter.replaceOp(op, results);
  return laneOp;
}

FailureOr<linalg::GenericOp>
mlir::rmean::splitRowsIntoLanes(RewriterBase &rewriter, linalg::GenericOp op,
                                int64_t lanes, const LaneScheme &scheme) {
  return splitIntoLanes(rewriter, op, lanes, scheme, /*columns=*/0);
}

FailureOr<linalg::GenericOp>
mlir::rmean::splitNarrowColumnsIntoLanes(RewriterBase &rewriter,
                                         linalg::GenericOp op, int64_t lanes,
                                         const LaneScheme &scheme) {
  int64_t columns = op.getStaticLoopRanges().back();
  if (ShapedType::isDynamic(columns) || columns < 1)
    return failure();
  return splitIntoLanes(rewriter, op, lanes, scheme, columns);
}

FailureOr<linalg::GenericOp> mlir::rmean::splitColumnAccumulators(
    RewriterBase &rewriter, linalg::GenericOp op, const LaneScheme &scheme) {
  int64_t n = op.getNumLoops();
  Location loc = op.getLoc();
  MLIRContext *ctx = op.getContext();
  // [P..., R, C] into [P..., C]: identity input, accumulators without R.
  AffineMap keptMap =
      AffineMap::getMultiDimIdentityMap(n, ctx).dropResult(n - 2);
  if (!scheme.accumulate || n < 2 || op.getNumDpsInputs() != 1 ||
      !op.getMatchingIndexingMap(op.getDpsInputOperand(0)).isIdentity() ||
      !llvm::all_of(
          op.getDpsInitsMutable(),
          [&](OpOperand &init) {
            return op.getMatchingIndexingMap(&init) == keptMap;
          })) {
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": column reduction of another "
                                          "form, accumulators not split: "
                            << op << "\n");
    return failure();
  }
  Value input = op.getDpsInputs()[0];
  rewriter.setInsertionPoint(op);
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(rewriter, loc, input);
  OpFoldResult rows =
      buildSteps(rewriter, loc, sizes[n - 2], 1, scheme.maxSteps);
  OpFoldResult restRows = buildDifference(rewriter, loc, sizes[n - 2], rows);

  SmallVector<OpFoldResult> zeros(n, rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> ones(n, rewriter.getIndexAttr(1));
  SmallVector<OpFoldResult> mainSizes(sizes);
  mainSizes[n - 2] = rows;
  Value main = tensor::ExtractSliceOp::create(rewriter, loc, input, zeros,
                                              mainSizes, ones);
  SmallVector<OpFoldResult> keptSizes(sizes);
  keptSizes.erase(keptSizes.begin() + (n - 2));
  SmallVector<Value> laneInits =
      buildLaneInits(rewriter, loc, keptSizes, scheme);
  SmallVector<AffineMap> laneMaps = {AffineMap::getMultiDimIdentityMap(n, ctx)};
  laneMaps.append(laneInits.size(), keptMap);
  auto laneOp = linalg::GenericOp::create(
      rewriter, loc, ValueRange(laneInits).getTypes(), ValueRange{main},
      laneInits, laneMaps, op.getIteratorTypesArray());
  buildLaneBody(rewriter, op, laneOp, scheme);

  size_t numLanes = laneInits.size();
  SmallVector<AffineMap> mergeMaps(
      numLanes + op.getNumDpsInits(),
      AffineMap::getMultiDimIdentityMap(n - 1, ctx));
  auto merge = linalg::GenericOp::create(
      rewriter, loc, op->getResultTypes(), laneOp.getResults(),
      op.getDpsInits(), mergeMaps,
      SmallVector<utils::IteratorType>(n - 1, utils::IteratorType::parallel),
      [&](OpBuilder &b, Location l, ValueRange args) {
        linalg::YieldOp::create(b, l,
                                scheme.merge(b, l, args.take_front(numLanes),
                                             args.drop_front(numLanes)));
      });

  SmallVector<Value> results = merge.getResults();
  if (!isConstantIntValue(restRows, 0)) {
    SmallVector<OpFoldResult> restOffsets(zeros), restSizes(sizes);
    restOffsets[n - 2] = rows;
    restSizes[n - 2] = restRows;
    Value rest = tensor::ExtractSliceOp::create(rewriter, loc, input,
                                                restOffsets, restSizes, ones);
    results = cloneOn(rewriter, op, rest, results).getResults();
  }
  rewriter.replaceOp(op, results);
  return laneOp;
}
