//===- CPUTileAndVectorize.cpp - apply the CPU strategy of reductions -----===//
//
// Reads `rmean.cpu_strategy` (see SelectCPUStrategy.cpp) and applies it with
// upstream tiling, peeling and vectorisation. Only the glue is ours: which
// dimension gets which tile size, and where the partial-reduction
// accumulators start (-0.0, the IEEE additive identity, where upstream uses
// +0.0 and would turn a mean of -0.0 values into +0.0).
//
//===----------------------------------------------------------------------===//

#include "rmean/Conversion/RmeanToLinalg/RmeanToLinalg.h"
#include "rmean/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "llvm/ADT/ScopeExit.h"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANCPUTILEANDVECTORIZEPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

namespace {

struct Strategy {
  StringRef kind;
  int64_t vectorSize;
  int64_t cacheTile;
  int64_t threads;
  int64_t rowsPerStep;
};

/// Parses `rmean.cpu_strategy`; a malformed hand-written one is an error.
FailureOr<std::optional<Strategy>> readStrategy(Operation *op) {
  Attribute raw = op->getAttr(kRmeanCPUStrategyAttrName);
  if (!raw)
    return std::optional<Strategy>();
  auto dict = dyn_cast<DictionaryAttr>(raw);
  auto kind = dict ? dict.getAs<StringAttr>("kind") : StringAttr();
  auto vs = dict ? dict.getAs<IntegerAttr>("vector_size") : IntegerAttr();
  auto ct = dict ? dict.getAs<IntegerAttr>("cache_tile") : IntegerAttr();
  // `threads` is optional (1 when absent).
  auto th = dict ? dict.getAs<IntegerAttr>("threads") : IntegerAttr();
  int64_t threads = th ? th.getInt() : 1;
  // `rows_per_step` is optional too (1 when absent).
  auto rp = dict ? dict.getAs<IntegerAttr>("rows_per_step") : IntegerAttr();
  int64_t rows = rp ? rp.getInt() : 1;
  if (!kind || !vs || !ct || vs.getInt() < 1 || ct.getInt() < 1 ||
      threads < 1 || rows < 1 ||
      !llvm::is_contained({"inner", "outer", "none"}, kind.getValue()))
    return op->emitError("malformed '")
           << kRmeanCPUStrategyAttrName
           << "': expected {kind = \"inner\"|\"outer\"|\"none\", vector_size "
              "= N, cache_tile = M[, threads = T, rows_per_step = R]} with "
              "positive N, M, T, R";
  return std::optional<Strategy>(
      Strategy{kind.getValue(), vs.getInt(), ct.getInt(), threads, rows});
}

/// Tiles `op` with `sizes` (0 = untiled) and replaces it.
FailureOr<scf::SCFTilingResult> tile(RewriterBase &rewriter, Operation *op,
                                     ArrayRef<int64_t> sizes,
                                     bool partialReduction = false) {
  // Empty iteration spaces have nothing to tile (and upstream tiling does
  // not expect them).
  if (llvm::is_contained(cast<linalg::LinalgOp>(op).getStaticLoopRanges(), 0))
    return failure();
  scf::SCFTilingOptions options;
  options.setTileSizes(getAsIndexOpFoldResult(op->getContext(), sizes));
  if (partialReduction) {
    SmallVector<unsigned> dims;
    for (auto [i, size] : llvm::enumerate(sizes))
      if (size != 0)
        dims.push_back(i);
    options.setReductionTilingStrategy(
        ReductionTilingStrategy::PartialReductionOuterReduction);
    options.setReductionDims(dims);
  }
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> result =
      scf::tileUsingSCF(rewriter, cast<TilingInterface>(op), options);
  // Loops that fold away (a single or an empty tile) leave nothing to
  // vectorise; keep the op as it is.
  if (failed(result) || result->tiledOps.empty() || result->loops.empty())
    return failure();
  rewriter.replaceOp(op, result->replacements);
  return result;
}

void useNegativeZeroInit(RewriterBase &rewriter, ArrayRef<Value> inits);

/// Splits dimension `dim` of `op` into `threads` chunks of an scf.forall
/// (later scf.parallel, then OpenMP). A reduced `dim` is split into partial
/// sums per chunk that a merge op combines in chunk order, so the result
/// does not depend on thread scheduling.
FailureOr<Operation *> distribute(RewriterBase &rewriter, Operation *op,
                                  int64_t dim, int64_t threads,
                                  bool reduction) {
  auto linalgOp = cast<linalg::LinalgOp>(op);
  if (llvm::is_contained(linalgOp.getStaticLoopRanges(), 0))
    return failure();
  SmallVector<OpFoldResult> counts(linalgOp.getNumLoops(),
                                   rewriter.getIndexAttr(0));
  counts[dim] = rewriter.getIndexAttr(threads);
  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  options.setNumThreads(counts);
  if (reduction) {
    options.setReductionTilingStrategy(
        ReductionTilingStrategy::PartialReductionOuterParallel);
    options.setReductionDims({static_cast<unsigned>(dim)});
  }
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> result =
      scf::tileUsingSCF(rewriter, cast<TilingInterface>(op), options);
  if (failed(result) || result->tiledOps.empty() || result->loops.empty())
    return failure();
  if (reduction)
    useNegativeZeroInit(rewriter, result->initialValues);
  rewriter.replaceOp(op, result->replacements);
  return result->tiledOps.front();
}

/// Splits the last iteration off `loop` so that its main part runs full,
/// static tiles. A loop whose step divides its range is left as it is.
void peel(RewriterBase &rewriter, LoopLikeOpInterface loop) {
  auto forOp = dyn_cast_or_null<scf::ForOp>(loop.getOperation());
  if (!forOp)
    return;
  scf::ForOp remainder;
  (void)scf::peelForLoopAndSimplifyBounds(rewriter, forOp, remainder);
}

constexpr StringLiteral kVectorizeMarker = "rmean.vectorize";

/// Marks a loop whose body accumulates an rmean reduction, so that
/// rmean-narrow-accumulators touches these loops and no user loop.
void markAccumulationLoop(LoopLikeOpInterface loop) {
  if (loop)
    loop->setAttr(kRmeanAccumulationLoopAttrName,
                  UnitAttr::get(loop->getContext()));
}

/// Marks a full tile for vectorisation once canonicalisation has made its
/// shape static (peeling leaves constant sizes behind that only folding
/// turns into static types). Vectorising with explicit sizes instead would
/// need masks in the hot loop.
LogicalResult markForVectorization(Operation *op) {
  op->setAttr(kVectorizeMarker, UnitAttr::get(op->getContext()));
  return success();
}

/// Applies `patterns` plus every loaded dialect's canonicalisations.
LogicalResult canonicalize(func::FuncOp func, RewritePatternSet &&patterns) {
  MLIRContext *ctx = func.getContext();
  for (Dialect *dialect : ctx->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : ctx->getRegisteredOperations())
    op.getCanonicalizationPatterns(patterns, ctx);
  return applyPatternsGreedily(func, std::move(patterns));
}

/// Upstream starts partial sums at +0.0; use -0.0 so signed zeros survive.
void useNegativeZeroInit(RewriterBase &rewriter, ArrayRef<Value> inits) {
  for (Value init : inits) {
    auto fill = init.getDefiningOp<linalg::FillOp>();
    if (!fill)
      continue;
    auto floatTy = dyn_cast<FloatType>(fill.getInputs()[0].getType());
    if (!floatTy)
      continue;
    rewriter.setInsertionPoint(fill);
    Value negZero = arith::ConstantOp::create(
        rewriter, fill.getLoc(), floatTy,
        rewriter.getFloatAttr(
            floatTy, APFloat::getZero(floatTy.getFloatSemantics(), true)));
    rewriter.modifyOpInPlace(
        fill, [&] { fill.getInputsMutable()[0].assign(negZero); });
  }
}

/// [P..., R]: one row at a time, the row cut into vector-wide partial sums.
LogicalResult applyInner(RewriterBase &rewriter, linalg::GenericOp op,
                         const Strategy &s) {
  int64_t n = op.getNumLoops();
  Operation *current = op;
  if (s.threads > 1) {
    // Rows split across threads; a reduce-all splits the reduction.
    FailureOr<Operation *> chunk =
        distribute(rewriter, current, 0, s.threads, /*reduction=*/n == 1);
    if (succeeded(chunk))
      current = *chunk;
  }
  if (n > 1) {
    // rows_per_step rows at a time: independent accumulator chains (more
    // adds in flight) and one set-up/merge per group of rows. The row loop
    // is peeled so that full groups are static; leftover rows stay scalar.
    SmallVector<int64_t> rows(n, 1);
    rows[n - 2] = s.rowsPerStep;
    rows.back() = 0;
    FailureOr<scf::SCFTilingResult> r = tile(rewriter, current, rows);
    if (failed(r))
      return failure();
    current = r->tiledOps.front();
    peel(rewriter, r->loops.back());
  }
  SmallVector<int64_t> split(n, 0);
  split.back() = s.vectorSize;
  FailureOr<scf::SCFTilingResult> r =
      tile(rewriter, current, split, /*partialReduction=*/true);
  if (failed(r))
    return failure();
  useNegativeZeroInit(rewriter, r->initialValues);
  Operation *partial = r->tiledOps.front();
  markAccumulationLoop(r->loops.back());
  peel(rewriter, r->loops.back());
  (void)markForVectorization(partial);
  for (Operation *merge : r->mergeOps)
    (void)markForVectorization(merge);
  return success();
}

/// [P..., R, P]: cache-sized chunks of the last dimension, the reduced rows
/// streamed through them, each row chunk added vector-wide.
LogicalResult applyOuter(RewriterBase &rewriter, linalg::GenericOp op,
                         const Strategy &s) {
  int64_t n = op.getNumLoops();
  Operation *current = op;
  if (s.threads > 1) {
    // The leading kept dimension if there is one, else the contiguous one.
    FailureOr<Operation *> chunk = distribute(
        rewriter, current, n > 2 ? 0 : n - 1, s.threads, /*reduction=*/false);
    if (succeeded(chunk))
      current = *chunk;
  }
  SmallVector<int64_t> chunk(n, 1);
  chunk[n - 2] = 0;
  chunk[n - 1] = s.cacheTile;
  FailureOr<scf::SCFTilingResult> r = tile(rewriter, current, chunk);
  if (failed(r))
    return failure();
  // rows_per_step rows are added together before touching the accumulator
  // row, which cuts its loads and stores by that factor.
  SmallVector<int64_t> rowsThenLanes(n, 0);
  rowsThenLanes[n - 2] = s.rowsPerStep;
  rowsThenLanes[n - 1] = s.vectorSize;
  FailureOr<scf::SCFTilingResult> inner =
      tile(rewriter, r->tiledOps.front(), rowsThenLanes);
  if (failed(inner))
    return failure();
  Operation *tileOp = inner->tiledOps.front();
  markAccumulationLoop(inner->loops.back());
  // Lanes first (inside), then rows: the full tiles are static in both.
  peel(rewriter, inner->loops.back());
  peel(rewriter, inner->loops.front());
  return markForVectorization(tileOp);
}

/// The elementwise division: vector-wide along its last dimension.
LogicalResult applyFinalize(RewriterBase &rewriter, linalg::GenericOp op,
                            int64_t vectorSize) {
  int64_t n = op.getNumLoops();
  if (n == 0 || llvm::is_contained(op.getStaticLoopRanges(), 0))
    return success();
  SmallVector<int64_t> sizes(n, 1);
  sizes.back() = vectorSize;
  FailureOr<scf::SCFTilingResult> r = tile(rewriter, op, sizes);
  if (failed(r))
    return failure();
  Operation *tileOp = r->tiledOps.front();
  peel(rewriter, r->loops.back());
  return markForVectorization(tileOp);
}

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
      return failure();
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(read, read.getVectorType(),
                                                     fill.getInputs()[0]);
    return success();
  }
};

/// Marks the reductions that were in the function before this pass: they
/// are the user's; their order stays strict, and the pass does not lower
/// them (the pipeline's later multi-reduction lowering keeps the order).
constexpr StringLiteral kKeepOrderMarker = "rmean.keep_order";

/// Sums a float vector by halves (a log2(N)-deep tree of vector adds)
/// instead of the in-order chain that a strict `vector.reduction <add>`
/// becomes: once per row, a chain of N dependent additions costs more than
/// reading a short row. The order is fixed here, so results stay
/// deterministic, and pairwise sums are the more accurate ones.
struct TreeFloatReduction : OpRewritePattern<vector::ReductionOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ReductionOp op,
                                PatternRewriter &rewriter) const override {
    VectorType t = op.getSourceVectorType();
    int64_t n = t.getNumElements();
    if (op->hasAttr(kKeepOrderMarker) || op.isMasked() ||
        op.getKind() != vector::CombiningKind::ADD ||
        !isa<FloatType>(t.getElementType()) || t.getRank() != 1 ||
        t.isScalable() || n < 4 || !llvm::isPowerOf2_64(n))
      return failure();
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

struct RmeanCPUTileAndVectorizePass
    : rmean::impl::RmeanCPUTileAndVectorizePassBase<
          RmeanCPUTileAndVectorizePass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *ctx = &getContext();
    IRRewriter rewriter(ctx);

    func.walk([&](Operation *op) {
      if (isa<vector::ReductionOp, vector::MultiDimReductionOp>(op))
        op->setAttr(kKeepOrderMarker, UnitAttr::get(ctx));
    });
    // Whatever happens below, no marker stays behind.
    llvm::scope_exit unmark([&] {
      func.walk([&](Operation *op) { op->removeAttr(kKeepOrderMarker); });
    });

    // Fold casts of static shapes into the ops first, so that sizes known
    // statically (e.g. empty dimensions) are seen as such.
    if (failed(canonicalize(func, RewritePatternSet(ctx))))
      return signalPassFailure();

    SmallVector<std::pair<linalg::GenericOp, Strategy>> reductions;
    SmallVector<linalg::GenericOp> finalizers;
    int64_t finalizeWidth = 0;
    bool malformed = false;
    func.walk([&](linalg::GenericOp op) {
      FailureOr<std::optional<Strategy>> s = readStrategy(op);
      if (failed(s)) {
        malformed = true;
        return;
      }
      if (op->hasAttr(kRmeanReductionAttrName) && *s && (*s)->kind != "none") {
        reductions.emplace_back(op, **s);
        finalizeWidth = std::max(finalizeWidth, (*s)->vectorSize);
      }
      if (op->hasAttr(kRmeanFinalizeAttrName) && op.hasPureTensorSemantics())
        finalizers.push_back(op);
    });
    if (malformed)
      return signalPassFailure();
    // A strategy that upstream cannot apply leaves a (still correct) scalar
    // reduction behind rather than failing the compilation.
    for (auto [op, s] : reductions) {
      if (s.kind == "inner")
        (void)applyInner(rewriter, op, s);
      else
        (void)applyOuter(rewriter, op, s);
    }
    if (finalizeWidth > 0)
      for (linalg::GenericOp op : finalizers)
        (void)applyFinalize(rewriter, op, finalizeWidth);

    // Make the full tiles static, then vectorise them; the peeled
    // remainders (dynamic) stay scalar.
    if (failed(canonicalize(func, RewritePatternSet(ctx))))
      return signalPassFailure();
    SmallVector<linalg::LinalgOp> marked;
    func.walk([&](linalg::LinalgOp op) {
      if (op->hasAttr(kVectorizeMarker))
        marked.push_back(op);
    });
    for (linalg::LinalgOp op : marked) {
      op->removeAttr(kVectorizeMarker);
      if (op.hasDynamicShape())
        continue;
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::VectorizationResult> result =
          linalg::vectorize(rewriter, op);
      if (succeeded(result))
        rewriter.replaceOp(op, result->replacements);
    }

    // Drop unit dimensions first: multi-reductions over a unit dimension
    // (the streamed row of "outer") then fold to plain vector adds, and
    // only the true horizontal merges of "inner" are left to lower.
    RewritePatternSet patterns(ctx);
    vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
    vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
    if (failed(canonicalize(func, std::move(patterns))))
      return signalPassFailure();
    // Lowers this pass's own multi-reductions (not the user's) that
    // `select` accepts.
    auto lowerOwn =
        [&](vector::VectorMultiReductionLowering kind,
            function_ref<bool(vector::MultiDimReductionOp)> select) {
          SmallVector<Operation *> ops;
          func.walk([&](vector::MultiDimReductionOp op) {
            if (!op->hasAttr(kKeepOrderMarker) && select(op))
              ops.push_back(op);
          });
          if (ops.empty())
            return success();
          RewritePatternSet lowering(ctx);
          vector::populateVectorMultiReductionLoweringPatterns(lowering, kind);
          return applyOpPatternsGreedily(ops, std::move(lowering));
        };
    // Reductions over leading vector dimensions (the rows of an "outer"
    // step) are plain elementwise adds: lower them as such; then the
    // horizontal merges.
    if (failed(lowerOwn(vector::VectorMultiReductionLowering::InnerParallel,
                        [](vector::MultiDimReductionOp op) {
                          return !op.isReducedDim(
                              op.getSourceVectorType().getRank() - 1);
                        })) ||
        failed(lowerOwn(vector::VectorMultiReductionLowering::InnerReduction,
                        [](vector::MultiDimReductionOp) { return true; })))
      return signalPassFailure();
    if (failed(canonicalize(func, RewritePatternSet(ctx))))
      return signalPassFailure();

    // Keep the accumulators of the innermost loops in registers.
    func.walk([&](scf::ForOp loop) {
      (void)hoistLoopInvariantSubsets(rewriter, loop);
    });
    // Hoisting leaves the accumulators as loop-carried vectors read once
    // from their (filled) tensors: forward the fill values.
    RewritePatternSet forwarding(ctx);
    forwarding.add<ForwardFillToTransferRead, TreeFloatReduction>(ctx);
    if (failed(canonicalize(func, std::move(forwarding))))
      return signalPassFailure();
  }
};
} // namespace
