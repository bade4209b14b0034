//===- RmeanToTosa.cpp - express rmean.reduce_mean in TOSA ----------------===//
//
// TOSA has no mean: a mean is a sum per reduced axis (`tosa.reduce_sum`
// keeps the axis with size 1) times the reciprocal of the element count,
// reshaped when the reduced dimensions go away. TOSA sums in the element
// type (docs/ReduceMean.md §6.5 states what that gives up against §4), so
// this lowering is for interoperation with TOSA pipelines, not rmean's
// reference numerics; types and forms TOSA cannot express (f64, integers,
// complex, dynamic shapes, empty tensors, runtime axes, counts whose
// reciprocal underflows the element type) are left as rmean ops.
//
//===----------------------------------------------------------------------===//

#include "rmean/Conversion/RmeanToTosa/RmeanToTosa.h"

#include "rmean/Dialect/Rmean/IR/RmeanExactArithmetic.h"
#include "rmean/Dialect/Rmean/IR/RmeanOps.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/Tosa/Utils/ConversionUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "convert-rmean-to-tosa"

namespace mlir::rmean {
#define GEN_PASS_DEF_CONVERTRMEANTOTOSAPASS
#include "rmean/Conversion/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

namespace {

/// rmean.reduce_mean (static f16/bf16/f32, static axes) ->
///   tosa.reduce_sum per reduced axis, tosa.mul by 1/count[, tosa.reshape].
struct ReduceMeanToTosa : OpRewritePattern<ReduceMeanOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReduceMeanOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType inputType = op.getInputType();
    RankedTensorType resultType = op.getResultType();
    if (!inputType || !resultType || !inputType.hasStaticShape() ||
        !resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "not statically shaped");
    // TOSA tensors have no empty dimensions.
    if (llvm::is_contained(inputType.getShape(), 0))
      return rewriter.notifyMatchFailure(op, "empty tensor");
    Type element = inputType.getElementType();
    if (!element.isF32() && !element.isF16() && !element.isBF16())
      return rewriter.notifyMatchFailure(
          op, "TOSA has no f64, and no exact integer or complex mean");
    std::optional<SmallVector<int64_t>> reduced = op.getStaticReducedDims();
    if (!reduced)
      return rewriter.notifyMatchFailure(op, "axes known only at run time");
    if (inputType.getRank() == 0 || reduced->empty()) {
      if (inputType != resultType)
        return rewriter.notifyMatchFailure(op, "identity changes the type");
      rewriter.replaceOp(op, op.getInput());
      return success();
    }

    SmallVector<int64_t> reducedSizes;
    for (int64_t axis : *reduced)
      reducedSizes.push_back(inputType.getDimSize(axis));
    std::optional<int64_t> count = getCheckedElementCount(reducedSizes);
    if (!count)
      return rewriter.notifyMatchFailure(op, "count beyond 64 bits");
    // The scale is 1/count in the element type; when that underflows (more
    // than 2^24 f16 elements) the product would be 0, not a mean.
    APFloat reciprocal(1.0 / static_cast<double>(*count));
    bool lost;
    reciprocal.convert(cast<FloatType>(element).getFloatSemantics(),
                       APFloat::rmNearestTiesToEven, &lost);
    if (!reciprocal.isNormal())
      return rewriter.notifyMatchFailure(
          op, "1/count is not a normal number of the element type");

    Location loc = op.getLoc();
    Value sum = op.getInput();
    for (int64_t axis : *reduced)
      sum = tosa::ReduceSumOp::create(rewriter, loc, sum,
                                      rewriter.getI32IntegerAttr(axis));
    auto keptType = cast<RankedTensorType>(sum.getType());
    auto scalarShape = RankedTensorType::get(
        SmallVector<int64_t>(keptType.getRank(), 1), element);
    Value scale = tosa::ConstOp::create(
        rewriter, loc, scalarShape,
        DenseElementsAttr::get(scalarShape,
                               rewriter.getFloatAttr(element, reciprocal)));
    auto shiftType = RankedTensorType::get({1}, rewriter.getI8Type());
    Value shift = tosa::ConstOp::create(
        rewriter, loc, shiftType,
        DenseElementsAttr::get(shiftType, rewriter.getI8IntegerAttr(0)));
    Value mean =
        tosa::MulOp::create(rewriter, loc, keptType, sum, scale, shift);
    if (keptType != resultType)
      mean = tosa::ReshapeOp::create(
          rewriter, loc, resultType, mean,
          tosa::getTosaConstShape(rewriter, loc, resultType.getShape()));
    rewriter.replaceOp(op, mean);
    return success();
  }
};

struct ConvertRmeanToTosaPass
    : rmean::impl::ConvertRmeanToTosaPassBase<ConvertRmeanToTosaPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateRmeanToTosaConversionPatterns(patterns);
    // Only rmean ops are roots; what TOSA cannot express stays an rmean op
    // for convert-rmean-to-linalg.
    SmallVector<Operation *> ops;
    getOperation()->walk([&](ReduceMeanOp op) { ops.push_back(op); });
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    if (failed(applyOpPatternsGreedily(ops, std::move(patterns), config)))
      signalPassFailure();
  }
};

} // namespace

void mlir::rmean::populateRmeanToTosaConversionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ReduceMeanToTosa>(patterns.getContext());
}
