//===- ViewComplexAsReal.cpp - complex sums as sums of parts --------------===//
//
// See the pass description (Passes.td). Upstream vectorisation has no
// complex lanes (`vector<...xcomplex<f32>>` is not a type) and no op that
// reads a complex buffer as floats, so a complex reduction would stay a
// scalar loop: through rmean.view_as_real, the same sum becomes a real
// reduction that every CPU strategy handles.
//
//===----------------------------------------------------------------------===//

#include "rmean/Transforms/Passes.h"

#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"
#include "rmean/Dialect/Rmean/IR/RmeanNumerics.h"
#include "rmean/Dialect/Rmean/IR/RmeanOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "rmean-view-complex-as-real"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANVIEWCOMPLEXASREALPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

/// The constant that `init` is filled with, if a linalg.fill made it.
static Attribute getFillConstant(Value init) {
  auto fill = init.getDefiningOp<linalg::FillOp>();
  Attribute value;
  if (!fill || !matchPattern(fill.getInputs()[0], m_Constant(&value)))
    return {};
  return value;
}

/// The accumulators' start values per part accumulator (f32 parts: the
/// sum; f64 parts: the sum and its compensation), when both parts start
/// from the same constant fills.
static std::optional<SmallVector<Attribute>>
matchPartInits(linalg::GenericOp op, size_t perPart) {
  SmallVector<Attribute> starts;
  for (size_t i = 0; i < perPart; ++i) {
    Attribute re = getFillConstant(op.getDpsInits()[i]);
    Attribute im = getFillConstant(op.getDpsInits()[perPart + i]);
    if (!re || re != im)
      return std::nullopt;
    starts.push_back(re);
  }
  return starts;
}

/// Rewrites `op`, a marked complex reduction, as a reduction of the parts
/// view; fails (changing nothing) on another form.
static LogicalResult viewAsReal(RewriterBase &rewriter, linalg::GenericOp op) {
  if (!hasMarker<RmeanDialect::ReductionAttrHelper>(op) ||
      !op.hasPureTensorSemantics() || op.getNumDpsInputs() != 1 ||
      getCPUStrategy(op))
    return failure();
  Value input = op.getDpsInputs()[0];
  auto inputType = dyn_cast<RankedTensorType>(input.getType());
  if (!inputType || !isa<ComplexType>(inputType.getElementType()) ||
      !op.getMatchingIndexingMap(op.getDpsInputOperand(0)).isIdentity())
    return failure();
  FailureOr<MeanNumerics> complexNumerics =
      MeanNumerics::get(inputType.getElementType());
  Type partType =
      cast<ComplexType>(inputType.getElementType()).getElementType();
  FailureOr<MeanNumerics> partNumerics = MeanNumerics::get(partType);
  if (failed(complexNumerics) || failed(partNumerics) ||
      int64_t(complexNumerics->accumulatorTypes.size()) != op.getNumDpsInits())
    return failure();
  // Empty sums have nothing to vectorise; the scalar loop gives their NaN.
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (llvm::is_contained(ranges, 0) || op.getNumReductionLoops() == 0)
    return failure();
  // Every accumulator indexed by the kept dimensions in order.
  MLIRContext *ctx = op.getContext();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  int64_t n = iterators.size();
  SmallVector<AffineExpr> kept;
  for (int64_t d = 0; d < n; ++d)
    if (iterators[d] == utils::IteratorType::parallel)
      kept.push_back(getAffineDimExpr(d, ctx));
  AffineMap keptMap = AffineMap::get(n, 0, kept, ctx);
  if (!llvm::all_of(op.getDpsInitsMutable(), [&](OpOperand &init) {
        return op.getMatchingIndexingMap(&init) == keptMap;
      }))
    return failure();
  size_t perPart = partNumerics->accumulatorTypes.size();
  std::optional<SmallVector<Attribute>> starts = matchPartInits(op, perPart);
  if (!starts)
    return failure();

  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value parts = ViewAsRealOp::create(rewriter, loc, input);
  // A kept last dimension and the parts are one contiguous kept run
  // (columns of complex become columns of twice as many reals); after a
  // reduced one, the parts are a kept dimension of their own.
  bool mergeLast = iterators.back() == utils::IteratorType::parallel;
  // With merged parts, each accumulator's last dimension expands back to
  // [kept last, 2].
  SmallVector<ReassociationIndices> accGroups;
  Value reals = parts;
  AffineMap accMap = keptMap;
  if (mergeLast) {
    for (int64_t i = 0, e = kept.size(); i < e; ++i)
      accGroups.push_back({i});
    SmallVector<ReassociationIndices> groups;
    for (int64_t d = 0; d < n - 1; ++d)
      groups.push_back({d});
    groups.push_back({n - 1, n});
    reals = tensor::CollapseShapeOp::create(rewriter, loc, parts, groups);
    accGroups.back().push_back(kept.size());
  } else {
    iterators.push_back(utils::IteratorType::parallel);
    kept.push_back(getAffineDimExpr(n, ctx));
    accMap = AffineMap::get(n + 1, 0, kept, ctx);
  }
  // The accumulators: the kept sizes of the real input.
  SmallVector<OpFoldResult> accSizes;
  for (auto [d, iterator] : llvm::enumerate(iterators))
    if (iterator == utils::IteratorType::parallel)
      accSizes.push_back(tensor::getMixedSize(rewriter, loc, reals, d));

  SmallVector<Value> inits;
  for (auto [type, start] :
       llvm::zip_equal(partNumerics->accumulatorTypes, *starts)) {
    Value value =
        arith::ConstantOp::create(rewriter, loc, cast<TypedAttr>(start));
    Value empty = tensor::EmptyOp::create(rewriter, loc, accSizes, type);
    inits.push_back(
        linalg::FillOp::create(rewriter, loc, value, empty).getResult(0));
  }
  int64_t loops = iterators.size();
  SmallVector<AffineMap> maps = {AffineMap::getMultiDimIdentityMap(loops, ctx)};
  maps.append(inits.size(), accMap);
  auto sum = linalg::GenericOp::create(
      rewriter, loc, ValueRange(inits).getTypes(), ValueRange{reals}, inits,
      maps, iterators, [&](OpBuilder &b, Location l, ValueRange args) {
        linalg::YieldOp::create(
            b, l,
            partNumerics->buildAccumulate(b, l, args[0], args.drop_front()));
      });
  setMarker<RmeanDialect::ReductionAttrHelper>(sum);

  // The original accumulators, part by part: each sum accumulator as
  // [kept..., 2], then its slice at index 0 (real) or 1 (imaginary).
  auto resultType = cast<RankedTensorType>(op.getResult(0).getType());
  SmallVector<int64_t> pairShape(resultType.getShape());
  pairShape.push_back(2);
  SmallVector<OpFoldResult> pairSizes;
  for (int64_t d = 0; d < resultType.getRank(); ++d)
    pairSizes.push_back(
        tensor::getMixedSize(rewriter, loc, op.getDpsInits()[0], d));
  SmallVector<OpFoldResult> sliceSizes(pairSizes);
  sliceSizes.push_back(rewriter.getIndexAttr(1));
  pairSizes.push_back(rewriter.getIndexAttr(2));
  SmallVector<OpFoldResult> ones(pairSizes.size(), rewriter.getIndexAttr(1));
  // The slice keeps its part dimension (of size 1), which a collapse then
  // drops: a rank-reducing slice would leave the dropped dimension to be
  // inferred, and once canonicalisation makes kept sizes of 1 static, it
  // infers another unit dimension than the part's.
  SmallVector<int64_t> sliceShape(resultType.getShape());
  sliceShape.push_back(1);
  auto sliceType =
      RankedTensorType::get(sliceShape, resultType.getElementType());
  SmallVector<ReassociationIndices> dropPart;
  for (int64_t d = 0; d < resultType.getRank(); ++d)
    dropPart.push_back({d});
  if (!dropPart.empty())
    dropPart.back().push_back(resultType.getRank());
  SmallVector<Value> replacements(op.getNumResults());
  for (auto [i, acc] : llvm::enumerate(sum.getResults())) {
    Value pair = acc;
    if (mergeLast)
      pair = tensor::ExpandShapeOp::create(
          rewriter, loc,
          RankedTensorType::get(pairShape, resultType.getElementType()), acc,
          accGroups, pairSizes);
    for (int64_t part = 0; part < 2; ++part) {
      SmallVector<OpFoldResult> offsets(pairSizes.size(),
                                        rewriter.getIndexAttr(0));
      offsets.back() = rewriter.getIndexAttr(part);
      Value slice = tensor::ExtractSliceOp::create(
          rewriter, loc, sliceType, pair, offsets, sliceSizes, ones);
      replacements[part * perPart + i] = tensor::CollapseShapeOp::create(
          rewriter, loc, resultType, slice, dropPart);
    }
  }
  rewriter.replaceOp(op, replacements);
  return success();
}

namespace {
struct RmeanViewComplexAsRealPass
    : rmean::impl::RmeanViewComplexAsRealPassBase<RmeanViewComplexAsRealPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> ops;
    getOperation().walk([&](linalg::GenericOp op) { ops.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp op : ops)
      if (failed(viewAsReal(rewriter, op)))
        LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": not a complex rmean sum "
                                              "of the expected form: "
                                << op << "\n");
  }
};
} // namespace
