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

#include "rmean/Dialect/Rmean/IR/RmeanExactArithmetic.h"
#include "rmean/Dialect/Rmean/IR/RmeanOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "rmean-raise"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANRAISEPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

/// True when `value` equals `expected` rounded to `value`'s type, and that
/// rounding is a normal number: a count or reciprocal that overflowed to
/// inf or underflowed to 0 in a narrow type scales nothing like a mean.
static bool matchesScale(const APFloat &value, double expected) {
  APFloat want(expected);
  bool lost;
  want.convert(value.getSemantics(), APFloat::rmNearestTiesToEven, &lost);
  return want.isNormal() && value.bitwiseIsEqual(want);
}

/// True when `value` is a splat float constant equal to `expected` once
/// rounded to the constant's element type (see matchesScale).
static bool isSplatScale(Value value, double expected) {
  DenseFPElementsAttr attr;
  return matchPattern(value, m_Constant(&attr)) && attr.isSplat() &&
         matchesScale(attr.getSplatValue<APFloat>(), expected);
}

/// The product of `shape`'s sizes at `dims`, when static, non-zero and
/// within 64 bits.
static std::optional<int64_t> countOf(ShapedType shape,
                                      ArrayRef<int64_t> dims) {
  SmallVector<int64_t> sizes;
  for (int64_t d : dims)
    sizes.push_back(shape.getDimSize(d));
  std::optional<int64_t> count = getCheckedElementCount(sizes);
  if (!count || *count == 0)
    return std::nullopt;
  return count;
}

static bool isMeanElementType(Type type) {
  return isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(type);
}

/// The type a mean of `input` over `axes` would have, when it is `want`.
static bool meanTypeIs(Value input, ArrayRef<int64_t> axes, bool keepDims,
                       Type want) {
  auto inputType = dyn_cast<RankedTensorType>(input.getType());
  return inputType &&
         ReduceMeanOp::inferResultType(inputType, axes, keepDims,
                                       /*noopWithEmptyAxes=*/true) == want;
}

/// Erases `op` if nothing uses it any more, then the producers of its
/// operands among `absorbed` that became unused in turn.
static void eraseDeadChain(RewriterBase &rewriter, Operation *op,
                           ArrayRef<Operation *> absorbed) {
  if (!op || !op->use_empty() || !llvm::is_contained(absorbed, op))
    return;
  SmallVector<Operation *> producers;
  for (Value operand : op->getOperands())
    if (Operation *def = operand.getDefiningOp())
      producers.push_back(def);
  rewriter.eraseOp(op);
  for (Operation *def : producers)
    eraseDeadChain(rewriter, def, absorbed);
}

//===----------------------------------------------------------------------===//
// TOSA
//===----------------------------------------------------------------------===//

/// tosa.mul(reduce_sum chain, 1/count) -> rmean.reduce_mean keep_dims.
static LogicalResult raiseTosaMean(RewriterBase &rewriter, tosa::MulOp mul) {
  auto resultType = dyn_cast<RankedTensorType>(mul.getType());
  if (!resultType || !isMeanElementType(resultType.getElementType()) ||
      !matchPattern(mul.getShift(), m_Zero()))
    return failure();
  for (auto [sumSide, scale] : {std::pair(mul.getInput1(), mul.getInput2()),
                                std::pair(mul.getInput2(), mul.getInput1())}) {
    // Walk the chain of single-use sums back to the summed input.
    SmallVector<int64_t> axes;
    SmallVector<Operation *> sums;
    Value input = sumSide;
    while (auto sum = input.getDefiningOp<tosa::ReduceSumOp>()) {
      if (!sum->hasOneUse())
        break;
      axes.push_back(sum.getAxis());
      sums.push_back(sum);
      input = sum.getInput();
    }
    if (axes.empty())
      continue;
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    llvm::sort(axes);
    if (!inputType || llvm::adjacent_find(axes) != axes.end() ||
        !meanTypeIs(input, axes, /*keepDims=*/true, resultType))
      continue;
    std::optional<int64_t> count = countOf(inputType, axes);
    if (!count || !isSplatScale(scale, 1.0 / static_cast<double>(*count)))
      continue;
    rewriter.setInsertionPoint(mul);
    auto mean = ReduceMeanOp::create(rewriter, mul.getLoc(), input, axes,
                                     /*keepDims=*/true);
    rewriter.replaceOp(mul, mean.getResult());
    eraseDeadChain(rewriter, sums.front(), sums);
    return success();
  }
  return failure();
}

//===----------------------------------------------------------------------===//
// linalg
//===----------------------------------------------------------------------===//

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
  // splat tensor operand (read through any map: TOSA-to-linalg broadcasts
  // its 1x1 constant).
  auto scalarIs = [&](Value v, double expected) {
    if (auto arg = dyn_cast<BlockArgument>(v); arg && arg.getOwner() == &body) {
      if (arg.getArgNumber() >= generic.getNumDpsInputs())
        return false;
      return isSplatScale(generic.getDpsInputs()[arg.getArgNumber()], expected);
    }
    FloatAttr attr;
    return matchPattern(v, m_Constant(&attr)) &&
           matchesScale(attr.getValue(), expected);
  };
  // The scaled operand is read element for element.
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

/// True when `reduce` adds its input element into its accumulator, and
/// nothing else.
static bool isPlainSum(linalg::ReduceOp reduce) {
  Block &combiner = reduce.getCombiner().front();
  if (combiner.getOperations().size() != 2 || combiner.getNumArguments() != 2)
    return false;
  auto add = dyn_cast_if_present<arith::AddFOp>(
      cast<linalg::YieldOp>(combiner.getTerminator())
          .getOperand(0)
          .getDefiningOp());
  if (!add)
    return false;
  Value in = combiner.getArgument(0), acc = combiner.getArgument(1);
  return (add.getLhs() == in && add.getRhs() == acc) ||
         (add.getLhs() == acc && add.getRhs() == in);
}

/// linalg.reduce {addf} into fill(0.0) [expand_shape], scaled elementwise
/// by 1/count -> rmean.reduce_mean (keep_dims after an expand_shape).
static LogicalResult raiseLinalgMean(RewriterBase &rewriter,
                                     linalg::GenericOp generic) {
  if (generic.getNumResults() != 1)
    return failure();
  auto resultType = dyn_cast<RankedTensorType>(generic.getResult(0).getType());
  if (!resultType || !isMeanElementType(resultType.getElementType()))
    return failure();
  for (Value operand : generic.getDpsInputs()) {
    // TOSA-to-linalg re-inserts the summed dimensions with size 1.
    auto expand = operand.getDefiningOp<tensor::ExpandShapeOp>();
    Value sum = expand ? expand.getSrc() : operand;
    auto reduce = sum.getDefiningOp<linalg::ReduceOp>();
    if (!reduce || reduce.getNumDpsInputs() != 1 || !reduce->hasOneUse() ||
        (expand && !expand->hasOneUse()) || !isPlainSum(reduce))
      continue;
    auto fill = reduce.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
    Value input = reduce.getDpsInputs()[0];
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!fill || !matchPattern(fill.getInputs()[0], m_AnyZeroFloat()) ||
        !inputType ||
        inputType.getElementType() != resultType.getElementType() ||
        operand.getType() != resultType)
      continue;
    SmallVector<int64_t> dims(reduce.getDimensions());
    bool keepDims = expand != nullptr;
    // The expansion must put the size-1 dimensions where keep_dims does.
    if (!meanTypeIs(input, dims, keepDims, resultType))
      continue;
    std::optional<int64_t> count = countOf(inputType, dims);
    if (!count || scaledOperand(generic, *count) != operand)
      continue;
    rewriter.setInsertionPoint(generic);
    auto mean =
        ReduceMeanOp::create(rewriter, generic.getLoc(), input, dims, keepDims);
    rewriter.replaceOp(generic, mean.getResult());
    SmallVector<Operation *> absorbed = {reduce, fill};
    if (expand)
      absorbed.push_back(expand);
    eraseDeadChain(rewriter, absorbed.back(), absorbed);
    return success();
  }
  return failure();
}

//===----------------------------------------------------------------------===//
// Patterns and pass
//===----------------------------------------------------------------------===//

namespace {
struct RaiseTosaMean : OpRewritePattern<tosa::MulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tosa::MulOp mul,
                                PatternRewriter &rewriter) const override {
    return raiseTosaMean(rewriter, mul);
  }
};

struct RaiseLinalgMean : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp generic,
                                PatternRewriter &rewriter) const override {
    return raiseLinalgMean(rewriter, generic);
  }
};

struct RmeanRaisePass : rmean::impl::RmeanRaisePassBase<RmeanRaisePass> {
  void runOnOperation() override {
    // One attempt per candidate, without a greedy driver: its folding and
    // dead-code removal would rewrite user ops that are no mean.
    SmallVector<Operation *> roots;
    getOperation().walk([&](Operation *op) {
      if (isa<tosa::MulOp, linalg::GenericOp>(op))
        roots.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *root : roots) {
      auto mul = dyn_cast<tosa::MulOp>(root);
      LogicalResult raised =
          mul ? raiseTosaMean(rewriter, mul)
              : raiseLinalgMean(rewriter, cast<linalg::GenericOp>(root));
      if (failed(raised))
        LLVM_DEBUG(llvm::dbgs()
                   << DEBUG_TYPE ": not a mean: " << root->getName() << "\n");
    }
  }
};
} // namespace

void mlir::rmean::populateRmeanRaisePatterns(RewritePatternSet &patterns) {
  patterns.add<RaiseTosaMean, RaiseLinalgMean>(patterns.getContext());
}
