//===- CPUTile.cpp - tile rmean reductions as their strategy says ---------===//
//
// Applies the `#rmean.cpu_strategy` of each reduction rmean created with
// upstream tiling (scf::tileUsingSCF, partial-reduction tiling, forall
// distribution) and loop peeling, and marks the full tiles for
// rmean-cpu-vectorize. Only the glue is ours: which dimension gets which
// tile size, and where the partial-reduction accumulators start (-0.0, the
// IEEE additive identity, where upstream uses +0.0 and would turn a mean of
// -0.0 values into +0.0).
//
//===----------------------------------------------------------------------===//

#include "rmean/Transforms/Passes.h"

#include "OwnedOps.h"
#include "ReductionLanes.h"
#include "ReductionLayout.h"
#include "SignlessInputs.h"
#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"
#include "rmean/Dialect/Rmean/IR/RmeanNumerics.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>

#define DEBUG_TYPE "rmean-cpu-tile"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANCPUTILEPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

//===----------------------------------------------------------------------===//
// Tiling steps
//===----------------------------------------------------------------------===//

/// Upstream starts partial sums of an addition at +0.0; use -0.0 so signed
/// zeros survive.
static void useNegativeZeroInit(RewriterBase &rewriter, ArrayRef<Value> inits) {
  for (Value init : inits) {
    auto fill = init.getDefiningOp<linalg::FillOp>();
    if (!fill)
      continue;
    // Only the +0.0 of an addition: other combiners start elsewhere (1.0
    // for a product, -inf for a maximum).
    Value value = fill.getInputs()[0];
    Type type = value.getType();
    if (!isa<FloatType>(type) || !matchPattern(value, m_PosZeroFloat()))
      continue;
    rewriter.setInsertionPoint(fill);
    Value negZero = arith::ConstantOp::create(
        rewriter, fill.getLoc(), type, getAdditiveIdentity(rewriter, type));
    rewriter.modifyOpInPlace(
        fill, [&] { fill.getInputsMutable()[0].assign(negZero); });
  }
}

/// Moves the static `tensor.empty` that each row's lanes are filled into
/// (`inits`, from the partial-reduction tiling inside `rowLoop`) out of
/// that row loop, so that the rows refill one buffer. Left in the loop, it
/// bufferizes to a heap allocation and free per row wherever the lanes stay
/// in memory (the peeled lane tail of a run-time row length): 4096x4096
/// rows of a run-time size paid 4096 malloc/free pairs per call.
static void hoistLaneInits(RewriterBase &rewriter, ArrayRef<Value> inits,
                           scf::ForOp rowLoop) {
  if (!rowLoop)
    return;
  for (Value init : inits) {
    auto fill = init.getDefiningOp<linalg::FillOp>();
    if (!fill)
      continue;
    auto empty = fill.getDpsInits()[0].getDefiningOp<tensor::EmptyOp>();
    if (!empty || empty->getNumOperands() != 0 ||
        !rowLoop->isProperAncestor(empty))
      continue;
    rewriter.moveOpBefore(empty, rowLoop);
  }
}

/// Runs `fn` with the diagnostics it emits sent to the debug log: an
/// upstream transformation that refuses leaves correct code behind (scalar,
/// or not fused), so what it says is not an error of the compilation.
template <typename Fn>
static auto withQuietDiagnostics(MLIRContext *ctx, StringRef what, Fn &&fn) {
  ScopedDiagnosticHandler quiet(ctx, [&](Diagnostic &diag) {
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": " << what << ": " << diag << "\n");
    return success();
  });
  return fn();
}

/// Tiles `op` with `options` and replaces it. Fails (leaving `op` as it is)
/// on empty iteration spaces, which have nothing to tile and which upstream
/// tiling does not expect, and when the loops fold away (a single or an
/// empty tile leaves nothing to vectorise).
static FailureOr<scf::SCFTilingResult>
tileWith(RewriterBase &rewriter, TilingInterface op,
         const scf::SCFTilingOptions &options) {
  if (llvm::is_contained(cast<linalg::LinalgOp>(*op).getStaticLoopRanges(),
                         0)) {
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": empty iteration space, not "
                                          "tiled: "
                            << *op << "\n");
    return failure();
  }
  rewriter.setInsertionPoint(op);
  // A tiling upstream refuses leaves a scalar reduction, which is correct.
  FailureOr<scf::SCFTilingResult> result =
      withQuietDiagnostics(op->getContext(), "upstream tiling", [&] {
        return scf::tileUsingSCF(rewriter, op, options);
      });
  if (failed(result) || result->tiledOps.empty() || result->loops.empty()) {
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": tiling failed or left no loop: "
                            << *op << "\n");
    return failure();
  }
  rewriter.replaceOp(op, result->replacements);
  return result;
}

/// Tiles `op` with `sizes` (0 = untiled); with `partialReduction`, the
/// tiled reduced dimensions become partial sums merged after the loop.
static FailureOr<scf::SCFTilingResult> tile(RewriterBase &rewriter,
                                            TilingInterface op,
                                            ArrayRef<int64_t> sizes,
                                            bool partialReduction = false) {
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
  return tileWith(rewriter, op, options);
}

/// Splits dimension `dim` of `op` into `threads` chunks of an scf.forall
/// (later scf.parallel, then OpenMP). A reduced `dim` is split into partial
/// sums per chunk that a merge op combines in chunk order, so the result
/// does not depend on thread scheduling.
static FailureOr<TilingInterface> distribute(RewriterBase &rewriter,
                                             TilingInterface op, int64_t dim,
                                             int64_t threads, bool reduction) {
  SmallVector<OpFoldResult> counts(cast<linalg::LinalgOp>(*op).getNumLoops(),
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
  FailureOr<scf::SCFTilingResult> result = tileWith(rewriter, op, options);
  if (failed(result))
    return failure();
  // rmean-thread-chunks-to-openmp lowers exactly these loops.
  for (LoopLikeOpInterface loop : result->loops)
    if (isa<scf::ForallOp>(loop.getOperation()))
      setMarker<RmeanDialect::ThreadChunksAttrHelper>(loop);
  if (reduction)
    useNegativeZeroInit(rewriter, result->initialValues);
  return cast<TilingInterface>(result->tiledOps.front());
}

/// Splits the last iteration off `loop` so that its main part runs full,
/// static tiles; returns whether it did (then `loop` covers a multiple of
/// its step). A loop whose step divides its range is left as it is.
static bool peel(RewriterBase &rewriter, LoopLikeOpInterface loop,
                 scf::ForOp *remainderOut = nullptr) {
  auto forOp = dyn_cast_or_null<scf::ForOp>(loop.getOperation());
  if (!forOp)
    return false;
  scf::ForOp remainder;
  if (succeeded(
          scf::peelForLoopAndSimplifyBounds(rewriter, forOp, remainder))) {
    if (remainderOut)
      *remainderOut = remainder;
    return true;
  }
  LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": nothing to peel (the step "
                                        "divides the range)\n");
  return false;
}

/// Whether the tile `op` adds to its one accumulator (a lane, or a row's
/// sum) per element something computed from its input element alone
/// (through extensions): an input element of the additive identity then
/// leaves its accumulator unchanged, in any order of the additions (x +
/// -0.0 is x for every float x, signed zeros and NaN included, and -0.0 +
/// -0.0 is -0.0; x + 0 for integers). `si*`/`ui*` elements may pass
/// through their cast to the signless type (padIdentity moves it out).
static bool addsInputToLanes(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1 || op.getNumDpsInputs() != 1 ||
      !op.getIndexingMapsArray()[0].isIdentity())
    return false;
  Block &body = op.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  Operation *add = yield->getOperand(0).getDefiningOp();
  if (!isa_and_nonnull<arith::AddFOp, arith::AddIOp>(add))
    return false;
  BlockArgument in = body.getArgument(0), out = body.getArgument(1);
  Value other;
  if (add->getOperand(0) == out)
    other = add->getOperand(1);
  else if (add->getOperand(1) == out)
    other = add->getOperand(0);
  while (other && other != in) {
    Operation *def = other.getDefiningOp();
    auto cast = dyn_cast_if_present<UnrealizedConversionCastOp>(def);
    if (cast && (cast->getNumOperands() != 1 || cast->getNumResults() != 1 ||
                 !cast->getResult(0).getType().isSignlessInteger()))
      return false;
    if (!cast &&
        !isa_and_nonnull<arith::ExtFOp, arith::ExtSIOp, arith::ExtUIOp>(def))
      return false;
    other = def->getOperand(0);
  }
  return other == in && in.getType().isIntOrFloat();
}

/// The additive identity of the input elements of `op` (addsInputToLanes),
/// as a value to pad them with: -0.0 for floats, 0 for integers. A `si*`
/// or `ui*` input is first cast to its signless type (arith has no
/// constants of those), so that the pad and the tile read signless
/// elements. Null when the cast does not apply.
static Value padIdentity(RewriterBase &rewriter, linalg::GenericOp op) {
  castInputsToSignless(rewriter, op);
  Type element = getElementTypeOrSelf(op.getDpsInputs()[0].getType());
  if (!element.isSignlessIntOrFloat())
    return {};
  rewriter.setInsertionPoint(op);
  return arith::ConstantOp::create(rewriter, op.getLoc(), element,
                                   getAdditiveIdentity(rewriter, element));
}

/// The peeled lane tail `tail` (the last, partial step of a row of a
/// run-time length, `length mod vector_size` elements) becomes one full
/// step: its input is padded to the step with the additive identity and it
/// adds to the whole lane accumulator. rmean-cpu-vectorize reads the pad as
/// one masked vector load, so the tail costs one vector step instead of up
/// to `vector_size - 1` scalar additions, which dominate short rows of a
/// run-time length (fully dynamic 7x7 pooling: 49 elements, 17 of them in
/// the tail at 32 lanes). Tails of a static size (static rows) keep their
/// exact static tile.
static void padLaneTail(RewriterBase &rewriter, scf::ForOp tail) {
  if (getConstantIntValue(tail.getLowerBound()) &&
      getConstantIntValue(tail.getUpperBound()))
    return;
  Block *body = tail.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  for (auto [index, yielded] : llvm::enumerate(yield.getOperands())) {
    auto insert = yielded.getDefiningOp<tensor::InsertSliceOp>();
    auto op = insert ? insert.getSource().getDefiningOp<linalg::GenericOp>()
                     : linalg::GenericOp();
    BlockArgument lanes = tail.getRegionIterArgs()[index];
    if (!op || insert.getDest() != lanes || !op->hasOneUse() ||
        !addsInputToLanes(op))
      continue;
    auto slice = op.getDpsInits()[0].getDefiningOp<tensor::ExtractSliceOp>();
    auto lanesType = cast<RankedTensorType>(lanes.getType());
    if (!slice || slice.getSource() != lanes || !lanesType.hasStaticShape() ||
        !slice.hasZeroOffset() || !slice.hasUnitStride() ||
        !insert.hasZeroOffset() || !insert.hasUnitStride() ||
        slice.getMixedSizes() != insert.getMixedSizes())
      continue;
    Value identity = padIdentity(rewriter, op);
    if (!identity)
      continue;
    Value input = op.getDpsInputs()[0];
    Type element = identity.getType();
    Location loc = op.getLoc();
    tensor::PadOp pad = tensor::createPadHighOp(
        RankedTensorType::get(lanesType.getShape(), element), input, identity,
        /*nofold=*/false, loc, rewriter);
    setMarker<RmeanDialect::VectorizeAttrHelper>(pad);
    auto full = clone(rewriter, op, TypeRange{lanesType},
                      ValueRange{pad.getResult(), lanes});
    setMarker<RmeanDialect::VectorizeAttrHelper>(full);
    rewriter.replaceOp(insert, full->getResults());
    rewriter.eraseOp(op);
  }
}

/// Replaces the tile `op` (one input, read whole by a vector step) by a
/// copy whose input is padded high with the additive identity to
/// `paddedShape` (static), the pad and the copy marked for
/// rmean-cpu-vectorize, which reads the pad as one masked vector: the rows
/// of a run-time length up to the padded one. Returns the copy, or null
/// (nothing changed) when the padding would change the sums.
static linalg::GenericOp padInput(RewriterBase &rewriter, linalg::GenericOp op,
                                  ArrayRef<int64_t> paddedShape) {
  if (!addsInputToLanes(op))
    return {};
  Value identity = padIdentity(rewriter, op);
  if (!identity)
    return {};
  Value input = op.getDpsInputs()[0];
  Type element = identity.getType();
  Location loc = op.getLoc();
  tensor::PadOp pad = tensor::createPadHighOp(
      RankedTensorType::get(paddedShape, element), input, identity,
      /*nofold=*/false, loc, rewriter);
  setMarker<RmeanDialect::VectorizeAttrHelper>(pad);
  SmallVector<Value> operands = {pad.getResult()};
  llvm::append_range(operands, op.getDpsInits());
  auto padded = clone(rewriter, op, op->getResultTypes(), operands);
  setMarker<RmeanDialect::VectorizeAttrHelper>(padded);
  rewriter.replaceOp(op, padded->getResults());
  return padded;
}

/// [..., rows, length] rows of a run-time length of at most `vector_size`
/// (`rmean.cpu_short_rows`, whose test chose them): `rows_per_step` whole
/// rows per tile, as static rows that short are read, each row padded to
/// `vector_size` with the additive identity (one masked load per row), so
/// that rmean-cpu-vectorize sums the step's rows with one shared tree. The
/// row loop is peeled; leftover rows stay scalar.
static LogicalResult applyPaddedWholeRows(RewriterBase &rewriter,
                                          TilingInterface current,
                                          CPUStrategyAttr s) {
  int64_t n = cast<linalg::LinalgOp>(*current).getNumLoops();
  SmallVector<int64_t> sizes(n, 1);
  sizes[n - 2] = s.getRowsPerStep();
  sizes.back() = 0;
  FailureOr<scf::SCFTilingResult> r = tile(rewriter, current, sizes);
  if (failed(r))
    return failure();
  auto step = cast<linalg::GenericOp>(r->tiledOps.front());
  auto loop = dyn_cast<scf::ForOp>(r->loops.back().getOperation());
  if (loop)
    peel(rewriter, loop);
  sizes.back() = s.getVectorSize();
  if (!padInput(rewriter, step, sizes))
    return failure();
  // Its loop reads the rows one after the other: rmean-prefetch fetches
  // the next ones.
  if (loop)
    setMarker<RmeanDialect::WholeRowsLoopAttrHelper>(loop);
  return success();
}

/// `i1`: whether the input of `op` (dynamic sizes) holds at least
/// `minBytes` (the `min-threaded-bytes` option: smaller inputs stay on one
/// thread, since starting and joining an OpenMP team costs tens of
/// microseconds, more than reading them takes; rmean-select-cpu-strategy
/// applies the same bound to static shapes).
static Value buildIsLargeInput(RewriterBase &rewriter, linalg::LinalgOp op,
                               int64_t minBytes) {
  Location loc = op.getLoc();
  Value input = op.getDpsInputs()[0];
  auto type = cast<RankedTensorType>(input.getType());
  Type element = type.getElementType();
  int64_t parts = 1;
  if (auto complexTy = dyn_cast<ComplexType>(element)) {
    element = complexTy.getElementType();
    parts = 2;
  }
  int64_t elementBytes =
      parts * (element.isIntOrFloat()
                   ? std::max<int64_t>(1, element.getIntOrFloatBitWidth() / 8)
                   : 1);
  // Saturated at the threshold: a product of huge sizes cannot wrap.
  Value threshold = arith::ConstantIndexOp::create(rewriter, loc, minBytes);
  Value bytes = arith::ConstantIndexOp::create(rewriter, loc, elementBytes);
  for (int64_t d = 0, e = type.getRank(); d < e; ++d) {
    Value size = tensor::DimOp::create(rewriter, loc, input, d);
    Value capped = arith::MinUIOp::create(rewriter, loc, size, threshold);
    bytes = arith::MinUIOp::create(
        rewriter, loc, arith::MulIOp::create(rewriter, loc, bytes, capped),
        threshold);
  }
  return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::uge, bytes,
                               threshold);
}

/// Replaces `op` by an scf.if on `condition` whose branches each hold a
/// copy of it, and returns the copies (then, else), which the caller tiles
/// each its own way.
static std::pair<TilingInterface, TilingInterface>
versionOn(RewriterBase &rewriter, TilingInterface op, Value condition) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  auto ifOp = scf::IfOp::create(rewriter, loc, op->getResultTypes(), condition,
                                /*withElseRegion=*/true);
  auto copyInto = [&](Block *block) {
    rewriter.setInsertionPointToStart(block);
    Operation *copy = rewriter.clone(*op);
    scf::YieldOp::create(rewriter, loc, copy->getResults());
    return cast<TilingInterface>(copy);
  };
  TilingInterface thenCopy = copyInto(ifOp.thenBlock());
  TilingInterface elseCopy = copyInto(ifOp.elseBlock());
  rewriter.replaceOp(op, ifOp.getResults());
  return {thenCopy, elseCopy};
}

/// Splits the strategy's thread chunks off `op` and returns the ops the
/// rest of the strategy tiles: the chunk; `op` itself when the strategy has
/// one thread or the split does not apply. An input whose size is only
/// known at run time gets both: `op` becomes an scf.if on the input's size
/// whose large branch holds the chunked copy and whose small branch a copy
/// that stays on one thread (each then tiled and vectorised).
static SmallVector<TilingInterface> splitThreads(RewriterBase &rewriter,
                                                 TilingInterface op,
                                                 CPUStrategyAttr s, int64_t dim,
                                                 int64_t minThreadedBytes) {
  if (s.getThreads() <= 1)
    return {op};
  auto linalgOp = cast<linalg::LinalgOp>(*op);
  // A reduced dimension is split into partial sums, never shared.
  bool reduction =
      linalgOp.getIteratorTypesArray()[dim] == utils::IteratorType::reduction;
  auto inputType =
      linalgOp.getNumDpsInputs() == 1
          ? dyn_cast<RankedTensorType>(linalgOp.getDpsInputs()[0].getType())
          : RankedTensorType();
  auto split = [&](TilingInterface target) -> TilingInterface {
    FailureOr<TilingInterface> chunk =
        distribute(rewriter, target, dim, s.getThreads(), reduction);
    if (succeeded(chunk))
      return *chunk;
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": no thread split, one thread\n");
    return target;
  };
  // Every input is large enough under a bound of 0 bytes.
  if (!inputType || inputType.hasStaticShape() || minThreadedBytes == 0)
    return {split(op)};

  rewriter.setInsertionPoint(op);
  Value large = buildIsLargeInput(rewriter, linalgOp, minThreadedBytes);
  auto [threaded, single] = versionOn(rewriter, op, large);
  return {split(threaded), single};
}

/// The constant `size`, also as the operand-less affine.apply that peeling
/// leaves for the sizes of its main loop's tiles.
static std::optional<int64_t> getStepSize(OpFoldResult size) {
  if (std::optional<int64_t> c = getConstantIntValue(size))
    return c;
  auto apply = dyn_cast_if_present<Value>(size)
                   ? cast<Value>(size).getDefiningOp<affine::AffineApplyOp>()
                   : affine::AffineApplyOp();
  if (apply && apply.getAffineMap().isSingleConstant())
    return apply.getAffineMap().getSingleConstantResult();
  return std::nullopt;
}

/// Makes the step loop `loop` of `rows` rows (bounds from 0, a step of
/// `rows` that divides them into T steps: static bounds, or the main loop
/// that peeling left, `peeled`, whose T is computed at run time) take row i
/// of each of `rows` equal parts of its range, i, i + T, i + 2T, ...,
/// rather than `rows` adjacent ones: the loop runs i over [0, T) and the
/// slices its tile reads and writes along the stepped dimension take stride
/// T (`row_streams`); the peeled rows after the last whole step stay as they
/// are.
/// Only the input streams change, `rows` of them, T rows apart: each row is
/// still summed by the same steps in the same order, so results are those
/// of adjacent rows bit for bit, except in a step that also holds a row
/// whose f32 block sums are not finite (rmean-narrow-accumulators sums such
/// a step again in f64, all its rows). Upstream tiling has no strided tiles,
/// hence this rewrite of its loop. Leaves the loop as it is (adjacent rows)
/// when its lower bound is not 0, the step does not divide its range into
/// two steps or more (known at compile time: static bounds; or by
/// construction: `peeled`), or the induction variable has uses other than
/// those slices' offsets.
static void interleaveRowStreams(RewriterBase &rewriter, scf::ForOp loop,
                                 int64_t rows, bool peeled) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  bool divides = ub ? *ub % rows == 0 && *ub / rows >= 2 : peeled;
  if (!lb || !step || *lb != 0 || *step != rows || !divides) {
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": row streams need bounds that "
                                          "the step divides into two steps "
                                          "or more: adjacent rows\n");
    return;
  }
  Value iv = loop.getInductionVar();
  // (slice, dimension) pairs whose offset is the induction variable.
  SmallVector<std::pair<OffsetSizeAndStrideOpInterface, unsigned>> slices;
  for (OpOperand &use : iv.getUses()) {
    auto slice = dyn_cast<OffsetSizeAndStrideOpInterface>(use.getOwner());
    // One use per slice: an index in two of its operands (two offsets, an
    // offset and a size) is not a row of the step.
    if (!slice ||
        !isa<tensor::ExtractSliceOp, tensor::InsertSliceOp>(use.getOwner()) ||
        llvm::count(use.getOwner()->getOperands(), iv) != 1) {
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": the row index has other uses: "
                                            "adjacent rows\n");
      return;
    }
    std::optional<unsigned> dim;
    for (auto [i, offset] : llvm::enumerate(slice.getMixedOffsets()))
      if (auto v = dyn_cast<Value>(offset); v && v == iv)
        dim = i;
    if (!dim || getStepSize(slice.getMixedSizes()[*dim]) != rows ||
        getConstantIntValue(slice.getMixedStrides()[*dim]) != 1) {
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": a slice of the rows is not "
                                            "the step's: adjacent rows\n");
      return;
    }
    slices.push_back({slice, *dim});
  }
  rewriter.setInsertionPoint(loop);
  Location loc = loop.getLoc();
  // A run-time T only ever divides the peeled main loop's bound, a
  // multiple of the step; a T of 0 or 1 runs no step or adjacent rows.
  OpFoldResult trips;
  Value tripCount;
  if (ub) {
    trips = rewriter.getIndexAttr(*ub / rows);
    tripCount = arith::ConstantIndexOp::create(rewriter, loc, *ub / rows);
  } else {
    tripCount = arith::DivUIOp::create(
        rewriter, loc, loop.getUpperBound(),
        arith::ConstantIndexOp::create(rewriter, loc, rows));
    trips = tripCount;
  }
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  rewriter.modifyOpInPlace(loop, [&] {
    loop.setUpperBound(tripCount);
    loop.setStep(one);
  });
  for (auto [slice, dim] : slices) {
    SmallVector<OpFoldResult> strides = slice.getMixedStrides();
    strides[dim] = trips;
    rewriter.setInsertionPoint(slice);
    if (auto extract = dyn_cast<tensor::ExtractSliceOp>(*slice)) {
      rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
          extract, extract.getType(), extract.getSource(),
          extract.getMixedOffsets(), extract.getMixedSizes(), strides);
      continue;
    }
    auto insert = cast<tensor::InsertSliceOp>(*slice);
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        insert, insert.getSource(), insert.getDest(), insert.getMixedOffsets(),
        insert.getMixedSizes(), strides);
  }
}

/// Whether rows of `length` elements are read whole by the "inner" strategy
/// `s` (each as one vector).
static bool isWholeRow(int64_t length, CPUStrategyAttr s) {
  return ShapedType::isStatic(length) && length <= s.getVectorSize();
}

/// The strategy of a reduction's large inputs (`rmean.cpu_large_input`) or
/// short rows (`rmean.cpu_short_rows`) and the run-time test that chooses
/// it.
struct RunTimeStrategy {
  Value condition;
  CPUStrategyAttr strategy;
};

/// A reduce-all [N] under `row_streams`: upstream's split reduction makes
/// it [parts, N / parts] (each part a contiguous `N / parts` elements, its
/// partial sum started at -0.0) followed by the sum of the parts in part
/// order, and the caller steps the parts as rows, all at once: `parts`
/// input streams a part apart, as row streams read rows. Returns the split
/// reduction; failure (nothing changed) when `parts` does not divide a
/// static N.
static FailureOr<TilingInterface>
splitReduceAllIntoStreams(RewriterBase &rewriter, TilingInterface op,
                          int64_t parts) {
  auto linalgOp = cast<linalg::LinalgOp>(*op);
  FailureOr<linalg::SplitReductionResult> r =
      linalg::splitReduction(rewriter, linalgOp, [&](linalg::LinalgOp) {
        linalg::SplitReductionOptions options;
        options.ratio = parts;
        options.index = 0;
        options.innerParallel = false;
        return options;
      });
  if (failed(r))
    return failure();
  useNegativeZeroInit(rewriter, {r->fillOp->getResult(0)});
  return cast<TilingInterface>(r->splitLinalgOp.getOperation());
}

/// [P..., R]: `rows_per_step` rows at a time, each row cut into
/// `vector_size`-wide partial sums. With `large`, two copies, each tiled by
/// its own strategy, behind an scf.if on its test: a choice of tiling, not
/// of results' meaning, so either copy computes the same mean.
static LogicalResult applyInnerAfterThreads(
    RewriterBase &rewriter, TilingInterface current, CPUStrategyAttr s,
    std::optional<RunTimeStrategy> large = std::nullopt,
    std::optional<RunTimeStrategy> shortRows = std::nullopt) {
  if (large) {
    auto [big, other] = versionOn(rewriter, current, large->condition);
    setCPUStrategy(big, large->strategy);
    LogicalResult bigApplied =
        applyInnerAfterThreads(rewriter, big, large->strategy);
    return success(succeeded(applyInnerAfterThreads(rewriter, other, s,
                                                    std::nullopt, shortRows)) &&
                   succeeded(bigApplied));
  }
  if (shortRows) {
    auto [fits, other] = versionOn(rewriter, current, shortRows->condition);
    setCPUStrategy(fits, shortRows->strategy);
    LogicalResult fitsApplied =
        applyPaddedWholeRows(rewriter, fits, shortRows->strategy);
    return success(succeeded(applyInnerAfterThreads(rewriter, other, s)) &&
                   succeeded(fitsApplied));
  }
  auto linalgOp = cast<linalg::LinalgOp>(*current);
  int64_t n = linalgOp.getNumLoops();
  int64_t length = linalgOp.getStaticLoopRanges().back();
  // Rows no longer than the lanes are read whole, each as one vector that
  // rmean-cpu-vectorize sums as a tree: splitting such a row into lanes
  // would pay a lane set-up, a peeled tail and a merge per row for one or
  // two vector adds.
  bool wholeRows = isWholeRow(length, s);
  if (n == 1 && s.getRowStreams() && !wholeRows) {
    // The parts are one step of rows, so the strategy's own streams (of
    // several steps) do not apply to them.
    FailureOr<TilingInterface> parts =
        splitReduceAllIntoStreams(rewriter, current, s.getRowsPerStep());
    if (succeeded(parts))
      return applyInnerAfterThreads(
          rewriter, *parts,
          CPUStrategyAttr::get(s.getContext(), s.getKind(), s.getVectorSize(),
                               s.getCacheTile(), s.getThreads(),
                               s.getRowsPerStep(), s.getRowBlocks(),
                               /*rowStreams=*/false, s.getMaskedTail()));
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": reduce-all not split into "
                                          "streams (parts do not divide it)\n");
  }
  scf::ForOp rowLoop;
  if (n > 1) {
    // Grouped rows: independent accumulator chains (more adds in flight)
    // and one set-up/merge per group (whole rows: `rows_per_step` rows per
    // tile). The row loop is peeled so that full groups are static;
    // leftover rows stay scalar.
    SmallVector<int64_t> rows(n, 1);
    rows[n - 2] = s.getRowsPerStep();
    rows.back() = 0;
    FailureOr<scf::SCFTilingResult> r = tile(rewriter, current, rows);
    if (failed(r))
      return failure();
    current = cast<TilingInterface>(r->tiledOps.front());
    rowLoop = dyn_cast<scf::ForOp>(r->loops.back().getOperation());
    // Peeled first, so that the streams divide the main loop's rows, also
    // a run-time count of them.
    bool peeled = peel(rewriter, r->loops.back());
    if (s.getRowStreams() && rowLoop)
      interleaveRowStreams(rewriter, rowLoop, s.getRowsPerStep(), peeled);
  } else if (wholeRows) {
    // A single row is its own tile: no longer a reduction to plan.
    removeCPUStrategy(current);
    removeMarker<RmeanDialect::ReductionAttrHelper>(current);
  }
  if (wholeRows) {
    setMarker<RmeanDialect::VectorizeAttrHelper>(current);
    // Its loop (the rows, or the chunks of one step each) reads the rows one
    // after the other: rmean-prefetch fetches the next ones.
    if (auto loop = dyn_cast<scf::ForOp>(current->getParentOp()))
      setMarker<RmeanDialect::WholeRowsLoopAttrHelper>(loop);
    return success();
  }
  SmallVector<int64_t> split(n, 0);
  split.back() = s.getVectorSize();
  FailureOr<scf::SCFTilingResult> r =
      tile(rewriter, current, split, /*partialReduction=*/true);
  if (failed(r))
    return failure();
  useNegativeZeroInit(rewriter, r->initialValues);
  hoistLaneInits(rewriter, r->initialValues, rowLoop);
  setMarker<RmeanDialect::AccumulationLoopAttrHelper>(r->loops.back());
  scf::ForOp tail;
  if (peel(rewriter, r->loops.back(), &tail) && s.getMaskedTail())
    padLaneTail(rewriter, tail);
  setMarker<RmeanDialect::VectorizeAttrHelper>(r->tiledOps.front());
  for (Operation *merge : r->mergeOps)
    setMarker<RmeanDialect::VectorizeAttrHelper>(merge);
  return success();
}

/// Why the run-time choice `l` (of `rmean.cpu_large_input` or
/// `rmean.cpu_short_rows`) cannot stand in for `op`'s strategy `s`, as far
/// as both choices require, or null: `s` must be inner and `l` have its
/// threads (the thread split comes first).
static const char *whyNotRunTimeChoice(CPUStrategyAttr s, CPUStrategyAttr l) {
  if (s.getKind() != CPUStrategyKind::Inner)
    return "its rmean.cpu_strategy is not an inner one";
  if (l.getThreads() != s.getThreads())
    return "its threads differ from those of the rmean.cpu_strategy";
  return nullptr;
}

/// Warns that the run-time choice `attr` does not apply to `op`, `why`.
static void warnRunTimeChoiceDropped(linalg::GenericOp op, Attribute attr,
                                     const char *why) {
  op.emitWarning() << "rmean-cpu-tile: " << attr
                   << " does not apply to this reduction (" << why
                   << "); it keeps its rmean.cpu_strategy";
}

/// Takes `op`'s `rmean.cpu_large_input` off it and, when it applies (a row
/// reduction [rows, length] of one input tiled by the inner step, whose
/// rows are not read whole, and a strategy with the threads of `s`, which
/// are split first), builds its run-time test before `op`: the input holds
/// at least min_bytes, its rows min_row_length elements, and there are
/// min_rows of them. Else warns and returns nothing: `s` applies.
static std::optional<RunTimeStrategy> takeLargeInput(RewriterBase &rewriter,
                                                     linalg::GenericOp op,
                                                     CPUStrategyAttr s) {
  CPULargeInputAttr large = getCPULargeInput(op);
  if (!large)
    return std::nullopt;
  removeCPULargeInput(op);
  CPUStrategyAttr l = large.getStrategy();
  auto inputType =
      op.getNumDpsInputs() == 1
          ? dyn_cast<RankedTensorType>(op.getDpsInputs()[0].getType())
          : RankedTensorType();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  int64_t length = op.getStaticLoopRanges().back();
  const char *why = whyNotRunTimeChoice(s, l);
  if (!why) {
    if (!inputType || inputType.getRank() != 2 || op.getNumLoops() != 2 ||
        iterators[0] != utils::IteratorType::parallel ||
        !op.getIndexingMapsArray()[0].isIdentity())
      why = "the reduction is not one of rows [rows, length]";
    else if (isCompensatedReduction(op) || isWideIntegerSum(op))
      why = "its sums take accumulator lanes of their own";
    else if (isWholeRow(length, s) || isWholeRow(length, l))
      why = "its rows are read whole";
  }
  if (why) {
    warnRunTimeChoiceDropped(op, large, why);
    return std::nullopt;
  }
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value input = op.getDpsInputs()[0];
  auto atLeast = [&](Value size, int64_t bound) {
    return arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::uge, size,
        arith::ConstantIndexOp::create(rewriter, loc, bound));
  };
  Value bytes = buildIsLargeInput(rewriter, op, large.getMinBytes());
  Value rows = atLeast(tensor::DimOp::create(rewriter, loc, input, 0),
                       large.getMinRows());
  Value longRows = atLeast(tensor::DimOp::create(rewriter, loc, input, 1),
                           large.getMinRowLength());
  Value condition = arith::AndIOp::create(
      rewriter, loc, bytes,
      arith::AndIOp::create(rewriter, loc, rows, longRows));
  return RunTimeStrategy{condition, l};
}

/// Takes `op`'s `rmean.cpu_short_rows` off it and, when it applies (a row
/// reduction [rows, length] of one input and a run-time length, tiled by
/// the inner step, whose padding with the additive identity keeps its sums,
/// and a strategy with the threads of `s`), builds its run-time test
/// before `op`: the rows hold at most max_row_length elements. Else warns
/// and returns nothing: `s` applies.
static std::optional<RunTimeStrategy>
takeShortRows(RewriterBase &rewriter, linalg::GenericOp op, CPUStrategyAttr s) {
  CPUShortRowsAttr shortRows = getCPUShortRows(op);
  if (!shortRows)
    return std::nullopt;
  removeCPUShortRows(op);
  CPUStrategyAttr l = shortRows.getStrategy();
  auto inputType =
      op.getNumDpsInputs() == 1
          ? dyn_cast<RankedTensorType>(op.getDpsInputs()[0].getType())
          : RankedTensorType();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  const char *why = whyNotRunTimeChoice(s, l);
  if (!why) {
    if (!inputType || inputType.getRank() < 2 ||
        inputType.getRank() != op.getNumLoops() ||
        op.getNumReductionLoops() != 1 ||
        iterators.back() != utils::IteratorType::reduction)
      why = "the reduction is not one of rows [..., rows, length]";
    else if (!inputType.isDynamicDim(inputType.getRank() - 1))
      why = "its rows have a static length";
    else if (isCompensatedReduction(op) || isWideIntegerSum(op) ||
             !addsInputToLanes(op))
      why = "its sums are not additions of its elements";
  }
  if (why) {
    warnRunTimeChoiceDropped(op, shortRows, why);
    return std::nullopt;
  }
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value length = tensor::DimOp::create(rewriter, loc, op.getDpsInputs()[0],
                                       inputType.getRank() - 1);
  Value condition =
      arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ule, length,
                            arith::ConstantIndexOp::create(
                                rewriter, loc, shortRows.getMaxRowLength()));
  return RunTimeStrategy{condition, l};
}

static LogicalResult applyInner(RewriterBase &rewriter, TilingInterface op,
                                CPUStrategyAttr s, int64_t minThreadedBytes,
                                std::optional<RunTimeStrategy> large,
                                std::optional<RunTimeStrategy> shortRows) {
  // Rows split across threads; a reduce-all splits the reduction.
  for (TilingInterface part :
       splitThreads(rewriter, op, s, /*dim=*/0, minThreadedBytes))
    if (failed(applyInnerAfterThreads(rewriter, part, s, large, shortRows)))
      return failure();
  return success();
}

/// Tiles a lane reduction [..., steps, lanes] one step per tile, the steps
/// innermost (marked as the accumulation loop, so that the lanes stay in
/// registers), and marks the tile for vectorisation. A tiling upstream
/// refuses leaves the (correct) scalar reduction.
static void tileLaneSteps(RewriterBase &rewriter, linalg::GenericOp laneOp) {
  SmallVector<int64_t> sizes(laneOp.getNumLoops(), 1);
  sizes.back() = 0;
  FailureOr<scf::SCFTilingResult> r =
      tile(rewriter, cast<TilingInterface>(laneOp.getOperation()), sizes);
  if (failed(r))
    return;
  setMarker<RmeanDialect::AccumulationLoopAttrHelper>(r->loops.back());
  setMarker<RmeanDialect::VectorizeAttrHelper>(r->tiledOps.front());
}

/// Rows whose lanes applyLanesInner keeps at a time: the two lane buffers
/// (rows x lanes 64-bit values each, 16 KiB for 32 lanes) stay in the L1 or
/// L2 cache, however many rows the input has.
static constexpr int64_t kLaneChunkRows = 64;

/// Row reductions whose accumulators upstream cannot vectorise or split
/// (compensated f64, exact 64-bit integers): `vector_size` lanes of
/// accumulators that vectorise per row (splitRowsIntoLanes), one step of
/// lanes per tile with the steps innermost, so that the lanes stay in
/// registers. Rows go in chunks of kLaneChunkRows.
static LogicalResult applyLanesInner(RewriterBase &rewriter, TilingInterface op,
                                     CPUStrategyAttr s,
                                     const LaneScheme &scheme,
                                     bool splitReducedDim,
                                     int64_t minThreadedBytes) {
  // Rows split across threads. A compensated reduce-all stays on one
  // thread: its chunks' partial sums would need upstream's
  // partial-reduction merge, which cannot express the compensated step.
  int64_t n = cast<linalg::LinalgOp>(*op).getNumLoops();
  SmallVector<TilingInterface> parts = {op};
  if (n > 1 || splitReducedDim)
    parts = splitThreads(rewriter, op, s, /*dim=*/0, minThreadedBytes);
  for (TilingInterface part : parts) {
    if (n > 1) {
      SmallVector<int64_t> chunk(n, 1);
      chunk.front() = kLaneChunkRows;
      chunk.back() = 0;
      FailureOr<scf::SCFTilingResult> r = tile(rewriter, part, chunk);
      if (succeeded(r))
        part = cast<TilingInterface>(r->tiledOps.front());
    }
    auto generic = dyn_cast<linalg::GenericOp>(part.getOperation());
    FailureOr<linalg::GenericOp> laneOp =
        generic
            ? splitRowsIntoLanes(rewriter, generic, s.getVectorSize(), scheme)
            : FailureOr<linalg::GenericOp>(failure());
    if (failed(laneOp)) {
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": rows stay scalar\n");
      continue;
    }
    tileLaneSteps(rewriter, *laneOp);
  }
  return success();
}

/// Reduced rows a compensated column step adds while its lanes' sums and
/// compensations stay in registers: both go through memory once per block
/// rather than once per row. Measured on 4096x4096 f64 columns (AVX-512):
/// 8 rows 0.78 of the read ceiling, 16 rows 0.71, 4 rows 0.39, 64 rows
/// 0.43 (more rows, more concurrent input streams), one row 0.53.
static constexpr int64_t kCompensatedBlockRows = 8;

/// A `cache_tile` chunk [P..., R, C] of a compensated f64 column reduction
/// (isCompensatedReduction): blocks of kCompensatedBlockRows reduced rows;
/// in each, `vector_size` lanes of the chunk at a time, whose sums and
/// compensations the innermost loop (one row per step, an elementwise
/// update that rmean-cpu-vectorize vectorises) keeps in registers. Each
/// column is still summed in row order, exactly as in scalar code. The
/// rows of a step cannot be added together first as for the other types:
/// the compensated step is not associative.
static LogicalResult applyCompensatedColumns(RewriterBase &rewriter,
                                             TilingInterface chunk,
                                             CPUStrategyAttr s) {
  int64_t n = cast<linalg::LinalgOp>(*chunk).getNumLoops();
  SmallVector<int64_t> blockRows(n, 0), lanes(n, 0), oneRow(n, 0);
  blockRows[n - 2] = kCompensatedBlockRows;
  lanes[n - 1] = s.getVectorSize();
  oneRow[n - 2] = 1;
  FailureOr<scf::SCFTilingResult> block = tile(rewriter, chunk, blockRows);
  if (failed(block))
    return failure();
  FailureOr<scf::SCFTilingResult> lane =
      tile(rewriter, cast<TilingInterface>(block->tiledOps.front()), lanes);
  if (failed(lane))
    return failure();
  FailureOr<scf::SCFTilingResult> row =
      tile(rewriter, cast<TilingInterface>(lane->tiledOps.front()), oneRow);
  if (failed(row))
    return failure();
  // The lanes' remainder (a copy without markers) stays scalar.
  peel(rewriter, lane->loops.back());
  setMarker<RmeanDialect::AccumulationLoopAttrHelper>(row->loops.back());
  setMarker<RmeanDialect::VectorizeAttrHelper>(row->tiledOps.front());
  return success();
}

static LogicalResult applyOuterChunk(RewriterBase &rewriter,
                                     TilingInterface chunk, CPUStrategyAttr s,
                                     bool compensated, bool wholeRows,
                                     int64_t blockTrips);

/// Whether the `width`-wide chunks of the last dimension of the outer
/// reduction `op` take whole rows that lie one after the other in memory:
/// the last dimension is static and fits in one chunk, and no slice up
/// the input's chain narrows it.
static bool hasWholeRowChunks(linalg::LinalgOp op, int64_t width) {
  if (op.getNumDpsInputs() != 1)
    return false;
  int64_t last = op.getStaticLoopRanges().back();
  if (ShapedType::isDynamic(last) || last > width)
    return false;
  Value input = op.getDpsInputs()[0];
  while (auto slice = input.getDefiningOp<tensor::ExtractSliceOp>()) {
    RankedTensorType sourceTy = slice.getSourceType();
    if (sourceTy.getRank() < 2 ||
        sourceTy.getDimSize(sourceTy.getRank() - 1) != last ||
        !slice.hasUnitStride())
      return false;
    input = slice.getSource();
  }
  return true;
}

/// The f16 or bf16 element type of `op` when it is a chunk [1..., R, C]
/// (R static, a multiple of `rows` above it; every leading dimension 1)
/// summed as `acc(f64) + extf(x)`; else null.
static FloatType getHalfFloatRowBlocks(linalg::GenericOp op, int64_t rows) {
  if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1)
    return {};
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t n = ranges.size();
  if (n < 2 || !llvm::all_of(ArrayRef(ranges).drop_back(2),
                             [](int64_t r) { return r == 1; }))
    return {};
  int64_t length = ranges[n - 2];
  // Above 2^16 rows, bf16's scaled lowest bit would fall below f32's.
  if (rows < 2 || rows > (int64_t(1) << 16) || ShapedType::isDynamic(length) ||
      length <= rows || length % rows != 0)
    return {};
  // The body: acc + extf(x), nothing else.
  Block *body = op.getBlock();
  if (body->getOperations().size() != 3)
    return {};
  auto ext = dyn_cast<arith::ExtFOp>(&body->front());
  auto add =
      dyn_cast_or_null<arith::AddFOp>(ext ? ext->getNextNode() : nullptr);
  Operation *yield = body->getTerminator();
  if (!ext || !add || ext.getIn() != body->getArgument(0) ||
      !add.getType().isF64() || yield->getOperand(0) != add.getResult() ||
      !((add.getLhs() == body->getArgument(1) && add.getRhs() == ext) ||
        (add.getRhs() == body->getArgument(1) && add.getLhs() == ext)))
    return {};
  auto source = dyn_cast<FloatType>(ext.getIn().getType());
  if (!source || !(source.isF16() || source.isBF16()))
    return {};
  return source;
}

/// The outer chunk of getHalfFloatRowBlocks under `row_blocks`, summed in
/// blocks of `rows` rows read one whole row after the other: each block
/// adds its rows into a row of f32 partial sums (from -0.0), which one f64
/// addition per column then adds to the accumulator row. The default step
/// (applyOuterChunk) reads its rows `vector_size` lanes at a time, `rows`
/// interleaved input streams; here the input is one stream, and a partial
/// row narrow enough for the vector registers stays there across the block
/// (its tile loops are static and short, so LLVM unrolls them and keeps the
/// row's values in registers). Only a strategy written by hand asks for it:
/// rmean-select-cpu-strategy measured the interleaved step faster on Zen 5.
/// The arithmetic is that of rmean-narrow-accumulators' f32 row step, in
/// row order. No upstream transformation changes an accumulator's
/// precision per block, hence the two generics built here; their tiling
/// and vectorisation are upstream's.
///
/// bf16 rows are scaled by 2^-k with 2^k >= `rows` as they are widened, and
/// each block's sums by 2^k as they are added in f64: exact both ways (a
/// bf16 value's lowest bit is at least 2^-133, so even scaled it is an f32
/// number, subnormal or not), and `rows` terms of at most bf16's largest
/// magnitude over 2^k add up to no more than that magnitude, which f32
/// holds: no block can overflow, so unlike rmean-narrow-accumulators'
/// blocks these need no finite test and no f64 fallback. f16's largest
/// value (65504) cannot overflow f32 in 2^16 rows unscaled. The rounding is
/// that of an f32 sum of `rows` terms, (rows - 1) * 2^-24 of their
/// magnitudes, as for a block of `block-trips` >= rows - 1 iterations
/// (docs/ReduceMean.md §4.3), and inputs that are NaN or infinite give the
/// f64 sum's special values.
static LogicalResult applyHalfFloatRowBlocks(RewriterBase &rewriter,
                                             linalg::GenericOp chunk,
                                             CPUStrategyAttr s,
                                             FloatType source) {
  int64_t n = chunk.getNumLoops();
  int64_t rows = s.getRowsPerStep();
  SmallVector<int64_t> blockSizes(n, 0);
  blockSizes[n - 2] = rows;
  // One row of partial sums for all blocks, made before their loop: an
  // empty tensor inside it would be a fresh allocation per block.
  rewriter.setInsertionPoint(chunk);
  Type f32 = rewriter.getF32Type(), f64 = rewriter.getF64Type();
  Value empty = tensor::EmptyOp::create(
      rewriter, chunk.getLoc(),
      tensor::getMixedSizes(rewriter, chunk.getLoc(), chunk.getDpsInits()[0]),
      f32);
  FailureOr<scf::SCFTilingResult> blocks =
      tile(rewriter, cast<TilingInterface>(chunk.getOperation()), blockSizes);
  // Left as it was (the empty tensor unused): the interleaved step follows.
  if (failed(blocks))
    return failure();
  auto block = cast<linalg::GenericOp>(blocks->tiledOps.front());
  Location loc = block.getLoc();
  rewriter.setInsertionPoint(block);
  Value acc = block.getDpsInits()[0];
  auto accTy = cast<RankedTensorType>(acc.getType());
  auto partialTy = accTy.clone(f32);
  int64_t shift = source.isBF16() ? llvm::Log2_64_Ceil(rows) : 0;
  auto contract = arith::FastMathFlagsAttr::get(rewriter.getContext(),
                                                arith::FastMathFlags::contract);
  // A multiplication by a power of two (exact) that LLVM may fuse with the
  // addition: fused or not, the same bits.
  auto scaled = [&](OpBuilder &b, Location loc, Value v, int64_t exponent) {
    if (exponent == 0)
      return v;
    Type t = v.getType();
    Value factor = arith::ConstantOp::create(
        b, loc, t, b.getFloatAttr(t, std::ldexp(1.0, exponent)));
    return arith::MulFOp::create(b, loc, v, factor, contract).getResult();
  };
  Value negZero = arith::ConstantOp::create(rewriter, loc, f32,
                                            getAdditiveIdentity(rewriter, f32));
  auto fill = linalg::FillOp::create(rewriter, loc, negZero, empty);
  auto partial = linalg::GenericOp::create(
      rewriter, loc, TypeRange{partialTy}, block.getDpsInputs(),
      ValueRange{fill.getResult(0)}, block.getIndexingMapsArray(),
      block.getIteratorTypesArray(),
      [&](OpBuilder &b, Location loc, ValueRange args) {
        Value x = arith::ExtFOp::create(b, loc, f32, args[0]);
        Value sum = arith::AddFOp::create(b, loc, args[1],
                                          scaled(b, loc, x, -shift), contract);
        linalg::YieldOp::create(b, loc, sum);
      });
  SmallVector<AffineMap> foldMaps(
      2, rewriter.getMultiDimIdentityMap(accTy.getRank()));
  SmallVector<utils::IteratorType> foldIterators(accTy.getRank(),
                                                 utils::IteratorType::parallel);
  auto update = linalg::GenericOp::create(
      rewriter, loc, TypeRange{accTy}, ValueRange{partial.getResult(0)},
      ValueRange{acc}, foldMaps, foldIterators,
      [&](OpBuilder &b, Location loc, ValueRange args) {
        Value x = arith::ExtFOp::create(b, loc, f64, args[0]);
        Value sum = arith::AddFOp::create(b, loc, args[1],
                                          scaled(b, loc, x, shift), contract);
        linalg::YieldOp::create(b, loc, sum);
      });
  rewriter.replaceOp(block, update.getResults());

  // Lanes innermost: the partial sums take one row after the other, each
  // row `vector_size` lanes at a time; the fill and the update go along
  // the row the same way.
  auto lanesOf = [&](TilingInterface op, int64_t rank, bool perRow) {
    SmallVector<int64_t> sizes(rank, 0);
    if (perRow)
      sizes[rank - 2] = 1;
    sizes[rank - 1] = s.getVectorSize();
    FailureOr<scf::SCFTilingResult> r = tile(rewriter, op, sizes);
    if (failed(r))
      return;
    setMarker<RmeanDialect::VectorizeAttrHelper>(r->tiledOps.front());
    peel(rewriter, r->loops.back());
  };
  lanesOf(cast<TilingInterface>(fill.getOperation()), accTy.getRank(), false);
  lanesOf(cast<TilingInterface>(partial.getOperation()), n, true);
  lanesOf(cast<TilingInterface>(update.getOperation()), accTy.getRank(), false);
  return success();
}

/// [P..., R, P]: `cache_tile`-wide chunks of the last dimension, the
/// reduced rows streamed through them `rows_per_step` rows and
/// `vector_size` lanes at a time.
static LogicalResult applyOuterAfterThreads(RewriterBase &rewriter,
                                            TilingInterface current,
                                            CPUStrategyAttr s,
                                            int64_t blockTrips) {
  int64_t n = cast<linalg::LinalgOp>(*current).getNumLoops();
  // Asked before tiling, which erases `current`.
  bool compensated = isCompensatedReduction(cast<linalg::LinalgOp>(*current));
  bool wholeRows =
      hasWholeRowChunks(cast<linalg::LinalgOp>(*current), s.getCacheTile());
  SmallVector<int64_t> chunk(n, 1);
  chunk[n - 2] = 0;
  chunk[n - 1] = s.getCacheTile();
  FailureOr<scf::SCFTilingResult> r = tile(rewriter, current, chunk);
  if (failed(r))
    return failure();
  return applyOuterChunk(rewriter, cast<TilingInterface>(r->tiledOps.front()),
                         s, compensated, wholeRows, blockTrips);
}

/// One `cache_tile` chunk [P..., R, C] of an outer reduction (all leading
/// kept dimensions 1).
static LogicalResult applyOuterChunk(RewriterBase &rewriter,
                                     TilingInterface chunk, CPUStrategyAttr s,
                                     bool compensated, bool wholeRows,
                                     int64_t blockTrips) {
  if (compensated)
    return applyCompensatedColumns(rewriter, chunk, s);
  if (auto generic = dyn_cast<linalg::GenericOp>(chunk.getOperation());
      generic && s.getRowBlocks() && wholeRows &&
      s.getRowsPerStep() - 1 <= blockTrips)
    if (FloatType source = getHalfFloatRowBlocks(generic, s.getRowsPerStep());
        source &&
        succeeded(applyHalfFloatRowBlocks(rewriter, generic, s, source)))
      return success();
  int64_t n = cast<linalg::LinalgOp>(*chunk).getNumLoops();
  // Rows added together before touching the accumulator row cut its loads
  // and stores by that factor.
  SmallVector<int64_t> rowsThenLanes(n, 0);
  rowsThenLanes[n - 2] = s.getRowsPerStep();
  rowsThenLanes[n - 1] = s.getVectorSize();
  FailureOr<scf::SCFTilingResult> inner = tile(rewriter, chunk, rowsThenLanes);
  if (failed(inner))
    return failure();
  setMarker<RmeanDialect::AccumulationLoopAttrHelper>(inner->loops.back());
  // Lanes first (inside), then rows: the full tiles are static in both.
  // The tile is marked before the rows are peeled, so that the leftover
  // rows of a static count (one of NHWC pooling's 49 rows, 8 per step) are
  // vectorised too; a run-time count leaves a dynamic tile, which stays
  // scalar.
  peel(rewriter, inner->loops.back());
  setMarker<RmeanDialect::VectorizeAttrHelper>(inner->tiledOps.front());
  peel(rewriter, inner->loops.front());
  return success();
}

/// [P..., R, C] with narrow columns: one vector of lanes holds
/// `vector_size` / C rows of the C columns (splitNarrowColumnsIntoLanes),
/// so that each step reads one contiguous vector rather than C elements,
/// and the lanes keep the sum's own accumulator form (a plain, compensated
/// or i64-halves sum). As for the lanes of applyLanesInner, one step of
/// lanes per tile with the steps innermost keeps the lanes in registers.
/// Threads take the leading kept dimension, or, without one, chunks of the
/// reduced rows as partial sums (not for the compensated step, which
/// upstream's partial-reduction merge cannot express). Leading kept rows go
/// in chunks of kLaneChunkRows, whose lane buffers stay in cache.
static LogicalResult applyNarrowColumns(RewriterBase &rewriter,
                                        TilingInterface op, CPUStrategyAttr s,
                                        int64_t minThreadedBytes) {
  auto linalgOp = cast<linalg::LinalgOp>(*op);
  int64_t n = linalgOp.getNumLoops();
  int64_t columns = linalgOp.getStaticLoopRanges().back();
  int64_t lanes = s.getVectorSize() / columns * columns;
  bool compensated = isCompensatedReduction(linalgOp);
  bool isUnsigned = false;
  MLIRContext *ctx = op->getContext();
  LaneScheme scheme = compensated ? getCompensatedLaneScheme(ctx)
                      : isWideIntegerSum(linalgOp, &isUnsigned)
                          ? getWideIntegerLaneScheme(ctx, isUnsigned)
                          : getSumLaneScheme(getElementTypeOrSelf(
                                linalgOp.getDpsInits()[0].getType()));
  SmallVector<TilingInterface> parts = {op};
  if (n > 2 || !compensated)
    parts = splitThreads(rewriter, op, s, /*dim=*/0, minThreadedBytes);
  for (TilingInterface part : parts) {
    if (n > 2) {
      SmallVector<int64_t> chunk(n, 1);
      chunk.front() = kLaneChunkRows;
      chunk[n - 2] = chunk[n - 1] = 0;
      FailureOr<scf::SCFTilingResult> r = tile(rewriter, part, chunk);
      if (succeeded(r))
        part = cast<TilingInterface>(r->tiledOps.front());
    }
    auto generic = dyn_cast<linalg::GenericOp>(part.getOperation());
    FailureOr<linalg::GenericOp> laneOp =
        generic ? splitNarrowColumnsIntoLanes(rewriter, generic, lanes, scheme)
                : FailureOr<linalg::GenericOp>(failure());
    if (failed(laneOp)) {
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": narrow columns stay scalar\n");
      continue;
    }
    tileLaneSteps(rewriter, *laneOp);
  }
  return success();
}

static LogicalResult applyOuter(RewriterBase &rewriter, TilingInterface op,
                                CPUStrategyAttr s, int64_t blockTrips,
                                int64_t minThreadedBytes) {
  if (hasNarrowColumns(cast<linalg::LinalgOp>(*op), s.getVectorSize()))
    return applyNarrowColumns(rewriter, op, s, minThreadedBytes);
  int64_t n = cast<linalg::LinalgOp>(*op).getNumLoops();
  bool isUnsigned = false;
  bool wide = isWideIntegerSum(cast<linalg::LinalgOp>(*op), &isUnsigned);
  // The leading kept dimension if there is one, else the contiguous one.
  for (TilingInterface part :
       splitThreads(rewriter, op, s, n > 2 ? 0 : n - 1, minThreadedBytes)) {
    // Exact 64-bit sums: i64 halves per column, which vectorise as the
    // other types do (an i128 accumulator has no useful vector form).
    if (wide) {
      auto generic = dyn_cast<linalg::GenericOp>(part.getOperation());
      FailureOr<linalg::GenericOp> halves =
          generic
              ? splitColumnAccumulators(
                    rewriter, generic,
                    getWideIntegerLaneScheme(rewriter.getContext(), isUnsigned))
              : FailureOr<linalg::GenericOp>(failure());
      if (failed(halves))
        continue; // correct, scalar
      part = cast<TilingInterface>(halves->getOperation());
    }
    if (failed(applyOuterAfterThreads(rewriter, part, s, blockTrips)))
      return failure();
  }
  return success();
}

/// The elementwise division: `vectorSize` wide along its last dimension.
static LogicalResult applyFinalize(RewriterBase &rewriter, TilingInterface op,
                                   int64_t vectorSize) {
  int64_t n = cast<linalg::LinalgOp>(*op).getNumLoops();
  if (n == 0) {
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": 0-d division, nothing to tile\n");
    return success();
  }
  SmallVector<int64_t> sizes(n, 1);
  sizes.back() = vectorSize;
  FailureOr<scf::SCFTilingResult> r = tile(rewriter, op, sizes);
  if (failed(r))
    return failure();
  peel(rewriter, r->loops.back());
  setMarker<RmeanDialect::VectorizeAttrHelper>(r->tiledOps.front());
  return success();
}

/// The division that consumes `reduction`'s result, when that is its only
/// use.
static linalg::GenericOp getFinalizeConsumer(linalg::LinalgOp reduction) {
  if (reduction->getNumResults() != 1 || !reduction->getResult(0).hasOneUse())
    return {};
  auto user =
      dyn_cast<linalg::GenericOp>(*reduction->getResult(0).getUsers().begin());
  if (!user || !hasMarker<RmeanDialect::FinalizeAttrHelper>(user) ||
      !user.hasPureTensorSemantics())
    return {};
  return user;
}

/// Rows of an "inner" reduction per chunk that carries its division
/// (fuseChunksWithFinalize), unless hasStepChunks.
static constexpr int64_t kInnerChunkRows = CPUStrategyAttr::kInnerChunkRows;

/// Whether the chunks of the "inner" reduction `op` that carry its division
/// are one step of whole rows (applyInnerAfterThreads reads each row as one
/// vector), so that each step divides its sums as soon as it has them, in
/// registers: a chunk of kInnerChunkRows rows fills an f64 accumulator,
/// writes the sums to it and reads them back for the division, a fifth of
/// the time on 7x7 pooling (rows of 49: f32 1.17-1.27x, i32 1.2-1.27x
/// faster per step, on Zen 4). Not for f16 and bf16 means, whose rounding
/// to the narrow type is a long sequence: in a step's chain its latency is
/// not hidden (0.83-0.89x), unlike in a loop of divisions alone.
static bool hasStepChunks(linalg::LinalgOp op, CPUStrategyAttr s) {
  Type element = getElementTypeOrSelf(op.getDpsInputs()[0].getType());
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  // Fewer rows than a step along the last kept dimension would leave only
  // the peeled, scalar part.
  int64_t rows = ranges.size() >= 2 ? ranges[ranges.size() - 2] : 1;
  return isWholeRow(ranges.back(), s) &&
         (ShapedType::isDynamic(rows) || rows >= s.getRowsPerStep()) &&
         !isa<Float16Type, BFloat16Type>(element);
}

/// The kept elements per chunk of `op` along its last kept dimension when
/// its chunks can carry their division: one thread (a thread split tiles
/// the reduction alone), a single plain accumulator (not the compensated
/// pair, not 64-bit halves or lanes), the layouts applyOuterAfterThreads
/// and applyInnerAfterThreads tile (not narrow columns), and more than one
/// chunk. Else nothing.
static std::optional<int64_t> getFusedChunkSize(linalg::LinalgOp op,
                                                CPUStrategyAttr s) {
  if (s.getThreads() != 1 || op->getNumResults() != 1 || isWideIntegerSum(op) ||
      isCompensatedReduction(op))
    return std::nullopt;
  bool outer = s.getKind() == CPUStrategyKind::Outer;
  if (outer && hasNarrowColumns(op, s.getVectorSize()))
    return std::nullopt;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t n = ranges.size();
  if (n < 2 || llvm::is_contained(ranges, 0))
    return std::nullopt;
  // The kept dimensions: [P..., R, C] or [P..., R].
  ArrayRef<int64_t> kept(ranges);
  kept = outer ? kept.drop_back(2) : kept.drop_back(1);
  int64_t last = outer ? ranges.back() : kept.back();
  if (!outer)
    kept = kept.drop_back();
  int64_t chunk = outer ? s.getCacheTile() : kInnerChunkRows;
  if (!outer && hasStepChunks(op, s))
    chunk = s.getRowsPerStep();
  bool oneChunk = llvm::all_of(kept, [](int64_t r) { return r == 1; }) &&
                  ShapedType::isStatic(last) && last <= chunk;
  if (oneChunk)
    return std::nullopt;
  return chunk;
}

/// Tiles `finalize` (the division of `reduction`) in chunks of the kept
/// dimensions (1 x ... x `chunk`: an "outer" strategy's cache tiles, or
/// kInnerChunkRows rows of an "inner" one) and fuses the reduction and the
/// fill of its accumulator into each chunk
/// (scf::tileConsumerAndFuseProducersUsingSCF). Each chunk then sums into an
/// accumulator of its own size and divides it while it is in the L1 cache:
/// an accumulator of the output's size (f64, twice an f32 output) would be
/// written, read back per chunk and read again for the division, which for
/// wide outputs (NHWC pooling: 64x2048) is a tenth of the input's traffic.
/// Returns the tiled reduction and the tiled division.
static FailureOr<std::pair<TilingInterface, TilingInterface>>
fuseChunksWithFinalize(RewriterBase &rewriter, linalg::GenericOp reduction,
                       linalg::GenericOp finalize, int64_t chunk) {
  int64_t k = finalize.getNumLoops();
  if (k == 0)
    return failure();
  SmallVector<int64_t> sizes(k, 1);
  sizes.back() = chunk;
  scf::SCFTilingOptions tiling;
  tiling.setTileSizes(getAsIndexOpFoldResult(rewriter.getContext(), sizes));
  scf::SCFTileAndFuseOptions options;
  options.setTilingOptions(tiling);
  // Only rmean's own ops join the chunk: the reduction and the fill of its
  // accumulator, never a producer of the user's input.
  Operation *fill = reduction.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  options.setFusionControlFn(
      [&](tensor::ExtractSliceOp, OpResult producer,
          bool) -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        Operation *owner = producer.getOwner();
        if (owner == reduction.getOperation() || (fill && owner == fill))
          return scf::SCFTileAndFuseOptions::ControlFnResult{};
        return std::nullopt;
      });
  rewriter.setInsertionPoint(finalize);
  // A fusion upstream refuses leaves the two tiled separately.
  FailureOr<scf::SCFTileAndFuseResult> result = withQuietDiagnostics(
      finalize->getContext(), "upstream tile and fuse", [&] {
        return scf::tileConsumerAndFuseProducersUsingSCF(
            rewriter, cast<TilingInterface>(finalize.getOperation()), options);
      });
  if (failed(result) || result->loops.empty())
    return failure();
  TilingInterface tiledReduction, tiledFinalize;
  for (Operation *op : result->tiledAndFusedOps) {
    if (hasMarker<RmeanDialect::ReductionAttrHelper>(op))
      tiledReduction = dyn_cast<TilingInterface>(op);
    else if (hasMarker<RmeanDialect::FinalizeAttrHelper>(op))
      tiledFinalize = dyn_cast<TilingInterface>(op);
  }
  if (!tiledReduction || !tiledFinalize)
    return failure();
  Value replacement = result->replacements.lookup(finalize->getResult(0));
  if (!replacement)
    return failure();
  rewriter.replaceAllUsesWith(finalize->getResult(0), replacement);
  // Fusion leaves the slices it fused along behind, unused. Dynamic sizes
  // of the tiles may still ask the originals for their dimensions
  // (tensor.dim, which the canonicalizer folds to the inits'): originals
  // still used go with them.
  for (Operation *op :
       {finalize.getOperation(), reduction.getOperation(), fill}) {
    if (!op)
      continue;
    for (Operation *user : llvm::make_early_inc_range(op->getUsers()))
      if (isa<tensor::ExtractSliceOp>(user) && user->use_empty())
        rewriter.eraseOp(user);
    if (op->use_empty())
      rewriter.eraseOp(op);
  }
  return std::make_pair(tiledReduction, tiledFinalize);
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

/// The strategy of the reduction that `finalize` divides, when it is one of
/// rmean's reductions with a vector strategy.
static CPUStrategyAttr producerStrategy(linalg::GenericOp finalize) {
  for (Value input : finalize.getDpsInputs()) {
    auto producer = input.getDefiningOp<linalg::GenericOp>();
    if (!producer || !hasMarker<RmeanDialect::ReductionAttrHelper>(producer))
      continue;
    CPUStrategyAttr s = getCPUStrategy(producer);
    if (s && s.getKind() != CPUStrategyKind::None)
      return s;
  }
  return {};
}

namespace {
struct RmeanCPUTilePass : rmean::impl::RmeanCPUTilePassBase<RmeanCPUTilePass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *ctx) override {
    RewritePatternSet patterns(ctx);
    populateRmeanCleanupPatterns(patterns);
    // A chunk's accumulator is a slice of an empty tensor: an empty tensor
    // of the chunk's size, which bufferizes to a buffer of that size.
    tensor::populateFoldTensorEmptyPatterns(patterns);
    cleanup = std::move(patterns);
    return success();
  }

  void runOnOperation() override {
    // Up to 2^31: the run-time test multiplies a byte count and a size, both
    // capped at the bound, in 64 bits.
    if (minThreadedBytes < 0 ||
        minThreadedBytes > CPUStrategyAttr::kMaxMinThreadedBytes) {
      getOperation()->emitError()
          << "rmean-cpu-tile: option 'min-threaded-bytes' must be in [0, "
          << CPUStrategyAttr::kMaxMinThreadedBytes << "], got "
          << int64_t(minThreadedBytes);
      return signalPassFailure();
    }
    // Collected first: tiling replaces the ops it visits.
    SmallVector<std::pair<TilingInterface, CPUStrategyAttr>> reductions;
    SmallVector<std::pair<TilingInterface, int64_t>> finalizers;
    bool missingInterface = false;
    getOperation().walk([&](linalg::GenericOp op) {
      bool isReduction = hasMarker<RmeanDialect::ReductionAttrHelper>(op);
      bool isFinalize = hasMarker<RmeanDialect::FinalizeAttrHelper>(op);
      if (!isReduction && !isFinalize)
        return;
      // Tiling an enclosing op would erase this one under our feet; rmean
      // never nests its ops.
      if (op->getParentOfType<linalg::LinalgOp>()) {
        LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": nested in a linalg op, "
                                              "skipped: "
                                << op << "\n");
        return;
      }
      // linalg promises TilingInterface; while the promise is unresolved
      // (its models not registered), builds with assertions abort inside
      // dyn_cast, so ask the dialect first.
      bool promisedOnly = op->getDialect()->hasPromisedInterface(
          op->getName().getTypeID(), TilingInterface::getInterfaceID());
      auto tileable =
          promisedOnly ? nullptr : dyn_cast<TilingInterface>(op.getOperation());
      if (!tileable) {
        op.emitError("rmean-cpu-tile: linalg.generic does not implement "
                     "TilingInterface (register linalg's tiling interface "
                     "models)");
        missingInterface = true;
        return;
      }
      if (!op.hasPureTensorSemantics()) {
        LLVM_DEBUG(llvm::dbgs()
                   << DEBUG_TYPE ": not on tensors, skipped: " << op << "\n");
        return;
      }
      if (isFinalize) {
        // Divisions whose reduction's chunks carry them go with it (below).
        if (auto producer =
                op.getDpsInputs()[0].getDefiningOp<linalg::GenericOp>())
          if (CPUStrategyAttr s = getCPUStrategy(producer);
              s && hasMarker<RmeanDialect::ReductionAttrHelper>(producer) &&
              getFinalizeConsumer(producer) == op &&
              getFusedChunkSize(producer, s) &&
              getFittingCPUStrategyKind(producer) == s.getKind())
            return;
        if (CPUStrategyAttr s = producerStrategy(op))
          finalizers.emplace_back(tileable, s.getVectorSize());
        else
          LLVM_DEBUG(llvm::dbgs()
                     << DEBUG_TYPE ": division of a reduction without a "
                                   "vector strategy stays scalar: "
                     << op << "\n");
        return;
      }
      CPUStrategyAttr s = getCPUStrategy(op);
      if (!s || s.getKind() == CPUStrategyKind::None) {
        LLVM_DEBUG(llvm::dbgs()
                   << DEBUG_TYPE ": no vector strategy: " << op << "\n");
        return;
      }
      // A hand-written strategy may not fit: applied to the wrong
      // dimension it would tile a reduced dimension as a parallel one.
      CPUStrategyKind fits = getFittingCPUStrategyKind(op);
      if (fits != s.getKind()) {
        op.emitWarning() << "rmean-cpu-tile: " << s
                         << " does not fit this reduction ("
                         << (fits == CPUStrategyKind::None
                                 ? "no vector strategy does"
                             : fits == CPUStrategyKind::Inner
                                 ? "its reduced dimension is the last "
                                   "one: inner"
                                 : "its reduced dimension is followed "
                                   "by a kept one: outer")
                         << "); it stays scalar";
        return;
      }
      reductions.emplace_back(tileable, s);
    });
    if (missingInterface)
      return signalPassFailure();

    OwnedOps owned;
    IRRewriter rewriter(&getContext(), &owned);
    // A strategy that upstream cannot apply leaves a (still correct) scalar
    // reduction behind rather than failing the compilation.
    for (auto [op, s] : finalizers)
      if (failed(applyFinalize(rewriter, op, s)))
        LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": division not tiled\n");
    for (auto [op, s] : reductions) {
      auto linalgOp = cast<linalg::LinalgOp>(*op);
      bool isUnsigned = false;
      LogicalResult applied = success();
      linalg::GenericOp finalize;
      std::optional<int64_t> chunk = getFusedChunkSize(linalgOp, s);
      if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
          generic && chunk)
        finalize = getFinalizeConsumer(generic);
      bool outer = s.getKind() == CPUStrategyKind::Outer;
      // Asked before fusion, which erases `op`.
      bool wholeRows = outer && chunk && hasWholeRowChunks(linalgOp, *chunk);
      bool stepChunks = !outer && chunk && hasStepChunks(linalgOp, s);
      std::optional<RunTimeStrategy> large, shortRows;
      if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation())) {
        large = takeLargeInput(rewriter, generic, s);
        shortRows = takeShortRows(rewriter, generic, s);
      }
      if (finalize) {
        FailureOr<std::pair<TilingInterface, TilingInterface>> fused =
            fuseChunksWithFinalize(rewriter,
                                   cast<linalg::GenericOp>(op.getOperation()),
                                   finalize, *chunk);
        TilingInterface division =
            succeeded(fused) ? fused->second
                             : cast<TilingInterface>(finalize.getOperation());
        if (succeeded(fused) && stepChunks) {
          // One step of whole rows per chunk, the division one tile: the
          // last, partial chunk peeled, so that the others are static
          // (vectorised); its sum stays scalar.
          if (auto loop = fused->first->getParentOfType<scf::ForOp>()) {
            peel(rewriter, loop);
            setMarker<RmeanDialect::WholeRowsLoopAttrHelper>(loop);
          }
          setMarker<RmeanDialect::VectorizeAttrHelper>(division);
        } else if (failed(
                       applyFinalize(rewriter, division, s.getVectorSize()))) {
          LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": division not tiled\n");
        }
        if (failed(fused)) {
          // Left as they were: tiled separately.
          LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": chunks not fused with "
                                                "the division\n");
          applied =
              outer ? applyOuter(rewriter, op, s, blockTrips, minThreadedBytes)
                    : applyInner(rewriter, op, s, minThreadedBytes, large,
                                 shortRows);
        } else {
          applied = outer ? applyOuterChunk(rewriter, fused->first, s,
                                            /*compensated=*/false, wholeRows,
                                            blockTrips)
                          : applyInnerAfterThreads(rewriter, fused->first, s,
                                                   large, shortRows);
        }
      } else if (outer)
        applied = applyOuter(rewriter, op, s, blockTrips, minThreadedBytes);
      else if (isCompensatedReduction(linalgOp))
        applied = applyLanesInner(rewriter, op, s,
                                  getCompensatedLaneScheme(&getContext()),
                                  /*splitReducedDim=*/false, minThreadedBytes);
      else if (isWideIntegerSum(linalgOp, &isUnsigned))
        applied =
            applyLanesInner(rewriter, op, s,
                            getWideIntegerLaneScheme(&getContext(), isUnsigned),
                            /*splitReducedDim=*/true, minThreadedBytes);
      else
        applied =
            applyInner(rewriter, op, s, minThreadedBytes, large, shortRows);
      if (failed(applied))
        LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": " << s
                                << " could not be applied; the reduction "
                                   "stays scalar\n");
    }
    // Tiles (and peeled remainders) are copies of the reduction they came
    // from; they are not reductions to plan or tile again.
    for (Operation *op : owned.getOps(
             [](Operation *op) { return isa<linalg::LinalgOp>(op); })) {
      removeCPUStrategy(op);
      removeMarker<RmeanDialect::ReductionAttrHelper>(op);
      removeMarker<RmeanDialect::FinalizeAttrHelper>(op);
    }
    // Fold the peeled bounds into the tiles, so that full tiles get static
    // shapes (what rmean-cpu-vectorize vectorises).
    if (failed(owned.applyPatterns(cleanup)))
      return signalPassFailure();
  }

  FrozenRewritePatternSet cleanup;
};
} // namespace
