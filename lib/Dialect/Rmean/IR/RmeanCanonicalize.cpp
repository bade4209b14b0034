//===- RmeanCanonicalize.cpp - reduce_mean folds and canonicalisation -----===//
//
// docs/ReduceMean.md §5: a constant `axes` operand becomes the attribute,
// attribute axes are normalised, identities and size-1 reductions disappear,
// and a mean of a (small) constant becomes a constant.
//
//===----------------------------------------------------------------------===//

#include "rmean/Dialect/Rmean/IR/RmeanExactArithmetic.h"
#include "rmean/Dialect/Rmean/IR/RmeanNumerics.h"
#include "rmean/Dialect/Rmean/IR/RmeanOps.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::rmean;

/// Constant folding walks every input and every result element on the host;
/// keep compile time and memory small by folding only when both counts are
/// at most this many (an empty input can still have a huge result).
static constexpr int64_t kMaxConstantFoldElements = 1 << 16;

/// True when `type` has at most kMaxConstantFoldElements elements; false
/// also when the count does not fit in int64_t (getNumElements() would
/// overflow on such shapes).
static bool isSmallEnoughToFold(RankedTensorType type) {
  std::optional<int64_t> count = getCheckedElementCount(type.getShape());
  return count && *count <= kMaxConstantFoldElements;
}

/// True when the reduction leaves every element value unchanged: no reduced
/// dimension, or only static size-1 ones.
static bool isValuePreserving(ReduceMeanOp op, ArrayRef<int64_t> reduced) {
  RankedTensorType inputType = op.getInputType();
  return llvm::all_of(reduced,
                      [&](int64_t d) { return inputType.getDimSize(d) == 1; });
}

/// True when `op`, reducing the static dims `reduced`, is the identity up to
/// the static-ness of its result type: nothing reduced, or only size-1 dims
/// kept as size 1.
static bool isIdentityReduction(ReduceMeanOp op, ArrayRef<int64_t> reduced) {
  return reduced.empty() ||
         (op.getKeepDims() && isValuePreserving(op, reduced));
}

/// The splat mean of an empty reduction (docs/ReduceMean.md §4.1): NaN for
/// floats, NaN + NaN·i for complex numbers, 0 for integers. A splat costs
/// the same for any result size, so this fold needs no size bound.
static DenseElementsAttr getEmptyMeanSplat(RankedTensorType resultType) {
  Type element = resultType.getElementType();
  if (auto floatType = dyn_cast<FloatType>(element))
    return DenseElementsAttr::get(
        resultType, APFloat::getNaN(floatType.getFloatSemantics()));
  if (auto complexType = dyn_cast<ComplexType>(element)) {
    auto part = cast<FloatType>(complexType.getElementType());
    APFloat nan = APFloat::getNaN(part.getFloatSemantics());
    return DenseElementsAttr::get(resultType, std::complex<APFloat>(nan, nan));
  }
  return DenseElementsAttr::get(
      resultType, APInt::getZero(element.getIntOrFloatBitWidth()));
}

//===----------------------------------------------------------------------===//
// Folder
//===----------------------------------------------------------------------===//

OpFoldResult ReduceMeanOp::fold(FoldAdaptor adaptor) {
  std::optional<SmallVector<int64_t>> reduced = getStaticReducedDims();
  RankedTensorType inputType = getInputType();
  RankedTensorType resultType = getResultType();
  if (!reduced || !inputType || !resultType)
    return {};

  if (isIdentityReduction(*this, *reduced) && inputType == resultType)
    return getInput();

  // A statically empty reduction has the same mean whatever the input, and
  // the splat is cheap however large the result.
  if (resultType.hasStaticShape() &&
      llvm::any_of(*reduced,
                   [&](int64_t d) { return inputType.getDimSize(d) == 0; }) &&
      isSupportedElementType(inputType.getElementType()))
    return getEmptyMeanSplat(resultType);

  auto input = dyn_cast_if_present<DenseElementsAttr>(adaptor.getInput());
  if (!input || !inputType.hasStaticShape() || !resultType.hasStaticShape() ||
      !isSmallEnoughToFold(inputType) || !isSmallEnoughToFold(resultType))
    return {};
  FailureOr<MeanNumerics> numerics =
      MeanNumerics::get(inputType.getElementType());
  if (failed(numerics))
    return {};
  FailureOr<DenseElementsAttr> folded =
      numerics->evaluate(input, *reduced, resultType);
  if (failed(folded))
    return {};
  return *folded;
}

//===----------------------------------------------------------------------===//
// Canonicalisation patterns
//===----------------------------------------------------------------------===//

namespace {

/// Replaces a constant `axes` operand with the `axes` attribute:
///   %a = arith.constant dense<[1]> : tensor<1xi64>
///   rmean.reduce_mean %x, %a : ... -> rmean.reduce_mean %x {axes = [1]}
/// Invalid constant values are left to the verifier, which reports them.
struct ConstantAxesToAttr : OpRewritePattern<ReduceMeanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceMeanOp op,
                                PatternRewriter &rewriter) const override {
    DenseIntElementsAttr values;
    if (!op.getAxesTensor() ||
        !matchPattern(op.getAxesTensor(), m_Constant(&values)))
      return rewriter.notifyMatchFailure(op, "axes operand is not constant");
    SmallVector<int64_t> axes = llvm::to_vector(
        llvm::map_range(values.getValues<APInt>(),
                        [](const APInt &v) { return v.getSExtValue(); }));
    RankedTensorType inputType = op.getInputType();
    if (!inputType ||
        !ReduceMeanOp::inferResultType(inputType, axes, op.getKeepDims(),
                                       op.getNoopWithEmptyAxes()))
      return rewriter.notifyMatchFailure(op, "invalid constant axes");
    // A strategy written on the op by hand survives the rewrite (read
    // before the replacement erases `op`).
    DictionaryAttr discardable = op->getDiscardableAttrDictionary();
    auto folded = rewriter.replaceOpWithNewOp<ReduceMeanOp>(
        op, op.getType(), op.getInput(), /*axes_tensor=*/Value(),
        rewriter.getDenseI64ArrayAttr(axes), op.getKeepDims(),
        op.getNoopWithEmptyAxes());
    folded->setDiscardableAttrs(discardable);
    return success();
  }
};

/// Rewrites attribute axes to their normal form: non-negative, ascending.
struct NormalizeAxes : OpRewritePattern<ReduceMeanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceMeanOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<ArrayRef<int64_t>> axes = op.getAxes();
    RankedTensorType inputType = op.getInputType();
    if (!axes || !inputType)
      return failure();
    int64_t rank = inputType.getRank();
    SmallVector<int64_t> normal;
    for (int64_t a : *axes) {
      if (a < -rank || a >= rank)
        return rewriter.notifyMatchFailure(op, "axis out of range");
      normal.push_back(a < 0 ? a + rank : a);
    }
    llvm::sort(normal);
    if (llvm::equal(normal, *axes))
      return rewriter.notifyMatchFailure(op, "axes already normalised");
    rewriter.modifyOpInPlace(op, [&] { op.setAxes(normal); });
    return success();
  }
};

/// An identity reduce_mean whose result type only differs from the input in
/// which dimensions are static becomes a `tensor.cast`.
struct IdentityToCast : OpRewritePattern<ReduceMeanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceMeanOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<SmallVector<int64_t>> reduced = op.getStaticReducedDims();
    if (!reduced || !op.getInputType() || !op.getResultType())
      return failure();
    if (!isIdentityReduction(op, *reduced) ||
        op.getInputType() == op.getResultType())
      return rewriter.notifyMatchFailure(op, "not an identity needing a cast");
    rewriter.replaceOpWithNewOp<tensor::CastOp>(op, op.getResultType(),
                                                op.getInput());
    return success();
  }
};

/// Reducing only static size-1 dimensions without keep_dims drops them:
///   rmean.reduce_mean %x {axes = [1]} : tensor<4x1x8xf32> -> tensor<4x8xf32>
/// becomes a tensor.collapse_shape [[0, 1], [2]].
struct SizeOneReductionToCollapse : OpRewritePattern<ReduceMeanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceMeanOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<SmallVector<int64_t>> reduced = op.getStaticReducedDims();
    RankedTensorType inputType = op.getInputType();
    if (!reduced || reduced->empty() || op.getKeepDims() || !inputType ||
        !op.getResultType() || !isValuePreserving(op, *reduced))
      return rewriter.notifyMatchFailure(op, "not a size-1 reduction");
    int64_t rank = inputType.getRank();
    SmallVector<ReassociationIndices> groups =
        getReducedDimsReassociation(rank, *reduced);
    SmallVector<int64_t> shape;
    for (int64_t i = 0; i < rank; ++i)
      if (!llvm::is_contained(*reduced, i))
        shape.push_back(inputType.getDimSize(i));
    auto collapsedType =
        RankedTensorType::get(shape, inputType.getElementType());
    Value collapsed = tensor::CollapseShapeOp::create(
        rewriter, op.getLoc(), collapsedType, op.getInput(), groups);
    if (collapsedType != op.getResultType())
      collapsed = tensor::CastOp::create(rewriter, op.getLoc(),
                                         op.getResultType(), collapsed);
    rewriter.replaceOp(op, collapsed);
    return success();
  }
};

} // namespace

void ReduceMeanOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<ConstantAxesToAttr, NormalizeAxes, IdentityToCast,
              SizeOneReductionToCollapse>(context);
}
