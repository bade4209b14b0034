//===- CPUVectorize.cpp - vectorise the tiles rmean-cpu-tile left ---------===//
//
// Vectorises the full tiles that rmean-cpu-tile marked, with upstream's
// linalg::vectorize, then finishes the vector code of rmean's own loops:
// unit vector dimensions dropped, its multi-reductions lowered (adds across
// rows, then horizontal merges), loop-invariant accumulators hoisted into
// registers, reads of filled accumulators forwarded, horizontal float sums
// built as trees. Every clean-up runs only on the ops this pass created
// (see OwnedOps.h): vector reductions and loops of the user's keep their
// form and order.
//
//===----------------------------------------------------------------------===//

#include "rmean/Transforms/Passes.h"

#include "OwnedOps.h"
#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "rmean-cpu-vectorize"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANCPUVECTORIZEPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {

/// A vector read of a `linalg.fill` tensor is a broadcast of the fill
/// value. Upstream has no such fold; without it the partial-sum
/// accumulators of "inner" stay tied to a filled tensor that bufferizes to
/// a heap allocation per row.
struct ForwardFillToTransferRead : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    auto fill = read.getBase().getDefiningOp<linalg::FillOp>();
    if (!fill || read.getMask() || read.isMasked() ||
        read.hasOutOfBoundsDim() ||
        fill.getInputs()[0].getType() != read.getVectorType().getElementType())
      return rewriter.notifyMatchFailure(read, "not an in-bounds read of a "
                                               "fill of the same type");
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(read, read.getVectorType(),
                                                     fill.getInputs()[0]);
    return success();
  }
};

/// A vector read of a tensor that castInputsToSignless cast to its
/// signless element type reads the original tensor and casts the vector:
/// the tensor cast then has no users, and the vector cast disappears when
/// both types become LLVM's iN (as the scalar casts of the conversion do).
struct ReadThroughSignlessCast : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    auto cast = read.getBase().getDefiningOp<UnrealizedConversionCastOp>();
    if (!cast || cast->getNumOperands() != 1 || cast->getNumResults() != 1 ||
        read.getMask())
      return rewriter.notifyMatchFailure(read, "not a read of a cast tensor");
    auto source = dyn_cast<RankedTensorType>(cast->getOperand(0).getType());
    if (!source)
      return rewriter.notifyMatchFailure(read, "cast from a non-tensor");
    Location loc = read.getLoc();
    Type element = source.getElementType();
    Value padding = UnrealizedConversionCastOp::create(rewriter, loc, element,
                                                       read.getPadding())
                        .getResult(0);
    auto wideRead = vector::TransferReadOp::create(
        rewriter, loc, read.getVectorType().clone(element), cast->getOperand(0),
        read.getIndices(), read.getPermutationMapAttr(), padding,
        /*mask=*/Value(), read.getInBoundsAttr());
    rewriter.replaceOpWithNewOp<UnrealizedConversionCastOp>(
        read, read.getVectorType(), wideRead.getResult());
    return success();
  }
};

/// Sums a float vector by halves (a log2(N)-deep tree of vector adds)
/// instead of the in-order chain that a strict `vector.reduction <add>`
/// becomes: once per row, a chain of N dependent additions costs more than
/// reading a short row. The order is fixed here, so results stay
/// deterministic, and pairwise sums are the more accurate ones.
///
///   %r = vector.reduction <add>, %v, %acc : vector<8xf64> into f64
/// becomes
///   %s4 = arith.addf %v[0:4], %v[4:8] : vector<4xf64>
///   %s2 = arith.addf %s4[0:2], %s4[2:4] : vector<2xf64>
///   %r = vector.reduction <add>, %s2, %acc : vector<2xf64> into f64
struct TreeFloatReduction : OpRewritePattern<vector::ReductionOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ReductionOp op,
                                PatternRewriter &rewriter) const override {
    VectorType t = op.getSourceVectorType();
    int64_t n = t.getNumElements();
    if (op.isMasked() || op.getKind() != vector::CombiningKind::ADD ||
        !isa<FloatType>(t.getElementType()) || t.getRank() != 1 ||
        t.isScalable() || n < 4 || !llvm::isPowerOf2_64(n))
      return rewriter.notifyMatchFailure(
          op, "not an unmasked float add over a fixed power-of-two vector");
    Location loc = op.getLoc();
    Value v = op.getVector();
    for (int64_t half = n / 2; half >= 2; half /= 2) {
      Value lo = vector::ExtractStridedSliceOp::create(
          rewriter, loc, v, ArrayRef<int64_t>{0}, {half}, {1});
      Value hi = vector::ExtractStridedSliceOp::create(
          rewriter, loc, v, ArrayRef<int64_t>{half}, {half}, {1});
      v = arith::AddFOp::create(rewriter, loc, lo, hi, op.getFastmathAttr());
    }
    // Two lanes left: the strict reduction of those keeps the accumulator
    // operand's place in the order.
    rewriter.replaceOpWithNewOp<vector::ReductionOp>(
        op, op.getType(), op.getKindAttr(), v, op.getAcc(),
        op.getFastmathAttr());
    return success();
  }
};

} // namespace

void mlir::rmean::populateRmeanTreeReductionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<TreeFloatReduction>(patterns.getContext());
}

void mlir::rmean::populateRmeanForwardFillPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ForwardFillToTransferRead>(patterns.getContext());
}

/// Unsigned (or signed) integer elements reach arith through a cast to the
/// signless type in the body (`builtin.unrealized_conversion_cast %in :
/// ui32 to i32`, as the conversion writes it), which linalg::vectorize does
/// not take. Moves that cast to the tile's input tensor, so that the body
/// starts from signless elements; ReadThroughSignlessCast then moves it
/// onto the vectors read. Inputs with other uses keep their form.
static void castInputsToSignless(RewriterBase &rewriter, linalg::GenericOp op) {
  for (OpOperand *input : op.getDpsInputOperands()) {
    auto type = dyn_cast<RankedTensorType>(input->get().getType());
    auto element =
        type ? dyn_cast<IntegerType>(type.getElementType()) : IntegerType();
    if (!element || element.isSignless())
      continue;
    Type signless = IntegerType::get(op.getContext(), element.getWidth());
    BlockArgument arg = op.getMatchingBlockArgument(input);
    SmallVector<UnrealizedConversionCastOp> casts;
    bool onlyCasts = llvm::all_of(arg.getUsers(), [&](Operation *user) {
      auto cast = dyn_cast<UnrealizedConversionCastOp>(user);
      if (!cast || cast->getNumOperands() != 1 || cast->getNumResults() != 1 ||
          cast->getResult(0).getType() != signless)
        return false;
      casts.push_back(cast);
      return true;
    });
    if (!onlyCasts || casts.empty())
      continue;
    rewriter.setInsertionPoint(op);
    Value castInput =
        UnrealizedConversionCastOp::create(rewriter, op.getLoc(),
                                           type.clone(signless), input->get())
            .getResult(0);
    rewriter.modifyOpInPlace(op, [&] {
      input->set(castInput);
      arg.setType(signless);
    });
    for (UnrealizedConversionCastOp cast : casts)
      rewriter.replaceOp(cast, arg);
  }
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

/// A tile whose reduced dimensions each have one iteration updates its
/// accumulators elementwise: it is rewritten without those (and its other
/// unit) dimensions, as a parallel op. linalg::vectorize then takes bodies
/// it cannot match as a reduction combiner, such as the compensated f64
/// step of rmean-cpu-tile's lanes, whose two accumulators are updated from
/// each other. Ops that vectorise as they are keep their form.
static linalg::LinalgOp asElementwiseUpdate(RewriterBase &rewriter,
                                            linalg::LinalgOp op) {
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic || succeeded(linalg::vectorizeOpPrecondition(op)))
    return op;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (auto [range, iterator] :
       llvm::zip_equal(ranges, op.getIteratorTypesArray()))
    if (iterator == utils::IteratorType::reduction && range != 1)
      return op;
  linalg::ControlDropUnitDims control;
  control.rankReductionStrategy =
      linalg::ControlDropUnitDims::RankReductionStrategy::ExtractInsertSlice;
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::DropUnitDimsResult> dropped =
      linalg::dropUnitDims(rewriter, generic, control);
  if (failed(dropped)) {
    LLVM_DEBUG(llvm::dbgs()
               << DEBUG_TYPE ": unit dimensions not dropped: " << op << "\n");
    return op;
  }
  rewriter.replaceOp(op, dropped->replacements);
  return cast<linalg::LinalgOp>(dropped->resultOp.getOperation());
}

/// Reductions over leading vector dimensions only (the rows of an "outer"
/// step): plain elementwise adds.
static bool reducesLeadingDimsOnly(Operation *op) {
  auto red = dyn_cast<vector::MultiDimReductionOp>(op);
  return red && !red.isReducedDim(red.getSourceVectorType().getRank() - 1);
}

namespace {
struct RmeanCPUVectorizePass
    : rmean::impl::RmeanCPUVectorizePassBase<RmeanCPUVectorizePass> {
  LogicalResult initialize(MLIRContext *ctx) override {
    // Unit dimensions go first: multi-reductions over a unit dimension (the
    // streamed row of "outer") then fold to plain vector adds, and only
    // the true horizontal merges of "inner" are left to lower.
    RewritePatternSet shapes(ctx);
    shapes.add<ReadThroughSignlessCast>(ctx);
    vector::populateCastAwayVectorLeadingOneDimPatterns(shapes);
    vector::populateVectorTransferPermutationMapLoweringPatterns(shapes);
    populateRmeanCleanupPatterns(shapes);
    unitDims = std::move(shapes);

    RewritePatternSet parallel(ctx);
    vector::populateVectorMultiReductionLoweringPatterns(
        parallel, vector::VectorMultiReductionLowering::InnerParallel);
    lowerAcrossRows = std::move(parallel);
    RewritePatternSet horizontal(ctx);
    vector::populateVectorMultiReductionLoweringPatterns(
        horizontal, vector::VectorMultiReductionLowering::InnerReduction);
    lowerHorizontal = std::move(horizontal);

    RewritePatternSet plain(ctx);
    populateRmeanCleanupPatterns(plain);
    cleanup = std::move(plain);

    RewritePatternSet finish(ctx);
    populateRmeanForwardFillPatterns(finish);
    populateRmeanTreeReductionPatterns(finish);
    populateRmeanCleanupPatterns(finish);
    finishing = std::move(finish);
    return success();
  }

  void runOnOperation() override {
    OwnedOps owned;
    IRRewriter rewriter(&getContext(), &owned);
    SmallVector<linalg::LinalgOp> marked;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (hasMarker<RmeanDialect::VectorizeAttrHelper>(op))
        marked.push_back(op);
    });
    for (linalg::LinalgOp op : marked) {
      removeMarker<RmeanDialect::VectorizeAttrHelper>(op);
      if (!op.hasDynamicShape()) {
        if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation()))
          castInputsToSignless(rewriter, generic);
        op = asElementwiseUpdate(rewriter, op);
      }
      if (op.hasDynamicShape()) {
        // Peeled remainders: their shapes are only known at run time and
        // masks in the hot loop cost more than the scalar remainder.
        LLVM_DEBUG(llvm::dbgs()
                   << DEBUG_TYPE ": dynamic tile stays scalar: " << op << "\n");
        continue;
      }
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::VectorizationResult> result =
          linalg::vectorize(rewriter, op);
      if (failed(result)) {
        LLVM_DEBUG(llvm::dbgs()
                   << DEBUG_TYPE ": linalg::vectorize failed: " << op << "\n");
        continue;
      }
      rewriter.replaceOp(op, result->replacements);
    }

    auto all = [](Operation *) { return true; };
    auto isMultiReduction = [](Operation *op) {
      return isa<vector::MultiDimReductionOp>(op);
    };
    if (failed(owned.applyPatterns(unitDims, all)) ||
        failed(owned.applyPatterns(lowerAcrossRows, reducesLeadingDimsOnly)) ||
        failed(owned.applyPatterns(lowerHorizontal, isMultiReduction)) ||
        failed(owned.applyPatterns(cleanup, all)))
      return signalPassFailure();

    // Keep the accumulators of rmean's accumulation loops in registers
    // (the clean-up above hoisted and merged the index constants, so reads
    // and writes of one subset use the same, loop-invariant values).
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (hasMarker<RmeanDialect::AccumulationLoopAttrHelper>(loop))
        loops.push_back(loop);
    });
    // Hoisting moves and creates ops through the rewriter, so what it
    // hoists stays owned; the rest of the loop is not this pass's.
    for (scf::ForOp loop : loops)
      hoistLoopInvariantSubsets(rewriter, loop);
    // Hoisting leaves the accumulators as loop-carried vectors read once
    // from their (filled) tensors: forward the fill values.
    if (failed(owned.applyPatterns(finishing, all)))
      return signalPassFailure();
  }

  FrozenRewritePatternSet unitDims, lowerAcrossRows, lowerHorizontal, cleanup,
      finishing;
};
} // namespace
