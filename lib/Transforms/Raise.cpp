//===- Raise.cpp - recognise means written by other front ends ------------===//
//
// Front ends without a mean op write one as a sum and a scaling by the
// element count. Raised to rmean.reduce_mean, such a mean gets rmean's
// numerics (docs/ReduceMean.md §4: wider accumulators, one rounding) and
// its CPU strategies. Two forms are recognised, each only when the scale is
// exactly the count of the summed elements:
//
//   TOSA:   tosa.reduce_sum (one per axis, chained) then tosa.mul by a
//           splat constant 1/count (shift 0)
//           -> rmean.reduce_mean {keep_dims = true}
//   linalg: linalg.reduce {arith.addf} into a linalg.fill of 0.0 (possibly
//           tensor.expand_shape'd back to size-1 dimensions, as
//           TOSA-to-linalg does), then an elementwise linalg.generic that
//           divides by count or multiplies by 1/count (a splat constant,
//           possibly broadcast)
//           -> rmean.reduce_mean (keep_dims after an expand_shape)
//
// Anything else (integer sums, partial sums of other dimensions, a count
// that does not match, sums read by other ops) is left as it is.
//
//===----------------------------------------------------------------------===//

#include "rmean/Transforms/Passes.h"

#include "rmean/Dialect/Rmean/IR/RmeanOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANRAISEPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

/// True when `value` is a splat float constant equal to `expected` once
/// `expected` is rounded to the constant's element type.
static bool isSplatFloat(Value value, double expected) {
  DenseFPElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)) || !attr.isSplat())
    return false;
  APFloat splat = attr.getSplatValue<APFloat>();
  APFloat want(expected);
  bool lost;
  want.convert(splat.getSemantics(), APFloat::rmNearestTiesToEven, &lost);
  return splat.bitwiseIsEqual(want);
}

/// The product of `shape`'s sizes at `dims`, when static and non-zero.
static std::optional<int64_t> countOf(ShapedType shape,
                                      ArrayRef<int64_t> dims) {
  int64_t count = 1;
  for (int64_t d : dims) {
    if (shape.isDynamicDim(d) || shape.getDimSize(d) == 0)
      return std::nullopt;
    count *= shape.getDimSize(d);
  }
  return count;
}

static bool isMeanElementType(Type type) {
  return isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(type);
}

namespace {

/// tosa.mul(reduce_sum chain, 1/count) -> rmean.reduce_mean keep_dims.
struct RaiseTosaMean : OpRewritePattern<tosa::MulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tosa::MulOp mul,
                                PatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(mul.getType());
    if (!resultType || !isMeanElementType(resultType.getElementType()))
      return rewriter.notifyMatchFailure(mul, "not a float tensor");
    if (!matchPattern(mul.getShift(), m_Zero()))
      return rewriter.notifyMatchFailure(mul, "shifted product");
    for (auto [sumSide, scale] :
         {std::pair(mul.getInput1(), mul.getInput2()),
          std::pair(mul.getInput2(), mul.getInput1())}) {
      // Walk the chain of single-use sums back to the summed input.
      SmallVector<int64_t> axes;
      Value input = sumSide;
      while (auto sum = input.getDefiningOp<tosa::ReduceSumOp>()) {
        if (!sum->hasOneUse())
          break;
        axes.push_back(sum.getAxis());
        input = sum.getInput();
      }
      if (axes.empty())
        continue;
      auto inputType = dyn_cast<RankedTensorType>(input.getType());
      llvm::sort(axes);
      if (!inputType || llvm::adjacent_find(axes) != axes.end())
        continue;
      std::optional<int64_t> count = countOf(inputType, axes);
      if (!count || !isSplatFloat(scale, 1.0 / static_cast<double>(*count)))
        continue;
      auto mean = ReduceMeanOp::create(rewriter, mul.getLoc(), input, axes,
                                       /*keepDims=*/true);
      if (mean.getType() != resultType)
        return rewriter.notifyMatchFailure(mul, "shape does not match");
      rewriter.replaceOp(mul, mean.getResult());
      return success();
    }
    return rewriter.notifyMatchFailure(
        mul, "not a sum scaled by the reciprocal of its count");
  }
};

/// The operand the elementwise `generic` scales, when its body is
/// `in / count` or `in * (1/count)` with a splat constant; else null.
static Value scaledOperand(linalg::GenericOp generic, int64_t count) {
  if (generic.getNumDpsInits() != 1 || generic.getNumReductionLoops() != 0 ||
      !generic.getMatchingIndexingMap(generic.getDpsInitOperand(0))
           .isIdentity())
    return {};
  Block &body = generic.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  Operation *op = yield.getOperand(0).getDefiningOp();
  if (!op || op->getBlock() != &body || op->getNumOperands() != 2)
    return {};
  // The scalar divisor or factor: a constant in or outside the body, or a
  // splat tensor operand.
  auto scalarIs = [&](Value v, double expected) {
    if (auto arg = dyn_cast<BlockArgument>(v); arg && arg.getOwner() == &body) {
      if (arg.getArgNumber() >= generic.getNumDpsInputs())
        return false;
      return isSplatFloat(generic.getDpsInputs()[arg.getArgNumber()], expected);
    }
    FloatAttr attr;
    if (!matchPattern(v, m_Constant(&attr)))
      return false;
    APFloat want(expected);
    bool lost;
    want.convert(attr.getValue().getSemantics(), APFloat::rmNearestTiesToEven,
                 &lost);
    return attr.getValue().bitwiseIsEqual(want);
  };
  // The scaled operand is read element for element; a splat scale may be
  // broadcast by any map (TOSA-to-linalg broadcasts its 1x1 constant).
  auto inputOf = [&](Value v) -> Value {
    auto arg = dyn_cast<BlockArgument>(v);
    if (!arg || arg.getOwner() != &body ||
        arg.getArgNumber() >= generic.getNumDpsInputs())
      return {};
    OpOperand *operand = generic.getDpsInputOperand(arg.getArgNumber());
    if (!generic.getMatchingIndexingMap(operand).isIdentity())
      return {};
    return operand->get();
  };
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  if (isa<arith::DivFOp>(op) && scalarIs(rhs, static_cast<double>(count)))
    return inputOf(lhs);
  if (isa<arith::MulFOp>(op)) {
    double recip = 1.0 / static_cast<double>(count);
    if (scalarIs(rhs, recip))
      return inputOf(lhs);
    if (scalarIs(lhs, recip))
      return inputOf(rhs);
  }
  return {};
}

/// linalg.reduce {addf} into fill(0.0), scaled elementwise by 1/count ->
/// rmean.reduce_mean.
struct RaiseLinalgMean : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp generic,
                                PatternRewriter &rewriter) const override {
    auto resultType =
        dyn_cast<RankedTensorType>(generic.getResult(0).getType());
    if (generic.getNumResults() != 1 || !resultType ||
        !isMeanElementType(resultType.getElementType()))
      return rewriter.notifyMatchFailure(generic, "not one float result");
    for (Value operand : generic.getDpsInputs()) {
      // TOSA-to-linalg re-inserts the summed dimensions with size 1.
      auto expand = operand.getDefiningOp<tensor::ExpandShapeOp>();
      Value sum = expand ? expand.getSrc() : operand;
      auto reduce = sum.getDefiningOp<linalg::ReduceOp>();
      if (!reduce || reduce.getNumDpsInputs() != 1 || !reduce->hasOneUse() ||
          (expand && !expand->hasOneUse()))
        continue;
      // The combiner adds, into a zero fill, in the result's type.
      Block &combiner = reduce.getCombiner().front();
      auto add = dyn_cast<arith::AddFOp>(
          cast<linalg::YieldOp>(combiner.getTerminator())
              .getOperand(0)
              .getDefiningOp());
      auto fill = reduce.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
      Value input = reduce.getDpsInputs()[0];
      auto inputType = dyn_cast<RankedTensorType>(input.getType());
      if (!add || combiner.getOperations().size() != 2 || !fill ||
          !matchPattern(fill.getInputs()[0], m_AnyZeroFloat()) || !inputType ||
          inputType.getElementType() != resultType.getElementType() ||
          operand.getType() != resultType)
        continue;
      SmallVector<int64_t> dims(reduce.getDimensions());
      std::optional<int64_t> count = countOf(inputType, dims);
      if (!count || scaledOperand(generic, *count) != operand)
        continue;
      // With the sizes re-inserted, the mean keeps its dimensions (the
      // type check below rejects any other expansion).
      auto mean = ReduceMeanOp::create(rewriter, generic.getLoc(), input, dims,
                                       /*keepDims=*/expand != nullptr);
      if (mean.getType() != resultType)
        return rewriter.notifyMatchFailure(generic, "shape does not match");
      rewriter.replaceOp(generic, mean.getResult());
      return success();
    }
    return rewriter.notifyMatchFailure(
        generic, "not a sum divided by its element count");
  }
};

struct RmeanRaisePass : rmean::impl::RmeanRaisePassBase<RmeanRaisePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateRmeanRaisePatterns(patterns);
    // Only the scaling ops are roots; the sums they absorb go dead and are
    // erased, nothing else is touched.
    SmallVector<Operation *> roots;
    getOperation().walk([&](Operation *op) {
      if (isa<tosa::MulOp, linalg::GenericOp>(op))
        roots.push_back(op);
    });
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    if (failed(applyOpPatternsGreedily(roots, std::move(patterns), config)))
      signalPassFailure();
  }
};

} // namespace

void mlir::rmean::populateRmeanRaisePatterns(RewritePatternSet &patterns) {
  patterns.add<RaiseTosaMean, RaiseLinalgMean>(patterns.getContext());
}
