//===- Prefetch.cpp - software prefetch in accumulation loops -------------===//
//
// See the pass description (Passes.td). Upstream has the op (memref.prefetch)
// but no pass that places it: LLVM's loop data prefetch pass is not in the
// x86 pipeline, and the hardware prefetchers only keep as many lines in
// flight as the out-of-order window reaches. Loops that do several vector
// operations per loaded vector (the compensated f64 step: seven; exact
// 64-bit integer halves: four) see too few loads in that window to keep a
// memory stream busy, so they read at half the speed of a plain sum. A
// prefetch of the line the loop reads a fixed distance ahead restores it.
// The blocked f32 loops (one addition per load) gain less but still gain
// when they read from memory (see Passes.td), except a single stream of a
// buffer of 256 MiB or more on AMD Zen 5, which the hardware prefetchers
// keep up with (kUnprefetchedSumBytes); and so do the row steps of
// column reductions whose rows are too short for the hardware stream
// prefetchers to ramp up before the loop moves to the next rows.
//
//===----------------------------------------------------------------------===//

#include "rmean/Transforms/Passes.h"

#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANPREFETCHPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

/// Bytes of one cache line: 64 on every x86 and most AArch64 cores; a
/// larger line only makes some of the prefetches redundant.
static constexpr int64_t kLineBytes = 64;

/// The span a hardware stream prefetcher tracks (a 4 KB page on x86 and
/// AArch64 cores): it only starts fetching ahead after a few accesses in
/// one.
static constexpr int64_t kPageBytes = 4096;

/// The largest input that a loop nest reading it again is taken to find in
/// the caches (L2 plus a core's share of the L3 on current x86 server
/// parts; emitHoistedLinearPrefetches measured 12 MB in and 24 MB out).
static constexpr int64_t kCachedBytes = int64_t(16) << 20;

/// The largest input that a loop reading it once is taken to find in a
/// core's L2 cache (1-2 MB on current x86 server cores), where prefetching
/// only costs instructions.
static constexpr int64_t kL2Bytes = int64_t(1) << 20;

/// The smallest input taken to stream from memory whatever the machine:
/// four times the 32 MB last-level cache of an AMD Zen 4/5 CCD (larger
/// Intel L3s are shared by many cores).
static constexpr int64_t kStreamedBytes = int64_t(128) << 20;

/// The smallest static buffer whose plain f32 sums (one vector addition per
/// loaded vector, the blocked loops of rmean-narrow-accumulators) are read
/// without prefetches: there one stream from memory runs as fast as the
/// hardware prefetchers take it, and the non-temporal prefetches only cost.
/// Measured on AMD Zen 5, one thread, the two called alternately in one
/// process: a reduce-all of 256 and 512 MB 1.10-1.17x without (bench case
/// G), 128 MB 0.92-0.94x (hence not below); 4096- and 16384-wide rows of
/// 256-512 MB 1.01-1.05x. (An AVX-512 Xeon measured the prefetched 256 MB
/// reduce-all 1.04x faster, at an earlier commit: about 4% given up there.)
static constexpr int64_t kUnprefetchedSumBytes = int64_t(256) << 20;

/// The bytes of a static memref, or nullopt when dynamic or when the count
/// overflows int64_t.
static std::optional<int64_t> getStaticBytes(MemRefType type) {
  if (!type.hasStaticShape())
    return std::nullopt;
  int64_t bytes = std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
  for (int64_t dim : type.getShape())
    if (llvm::MulOverflow(bytes, dim, bytes))
      return std::nullopt;
  return bytes;
}

/// Whether `read`, the only input stream of `loop`, feeds a plain f32 sum
/// (every loop-carried value an f32 vector) from a static buffer `root` of
/// kUnprefetchedSumBytes or more.
static bool isHugePlainF32Sum(scf::ForOp loop, vector::TransferReadOp read,
                              Value root, size_t inputReads) {
  auto type = cast<MemRefType>(root.getType());
  std::optional<int64_t> bytes = getStaticBytes(type);
  if (inputReads != 1 || !bytes || *bytes < kUnprefetchedSumBytes ||
      !type.getElementType().isF32() ||
      !read.getVectorType().getElementType().isF32() ||
      loop.getNumRegionIterArgs() == 0)
    return false;
  return llvm::all_of(loop.getRegionIterArgs(), [](Value arg) {
    auto vector = dyn_cast<VectorType>(arg.getType());
    return vector && vector.getElementType().isF32();
  });
}

/// The locality hint of a prefetch into `buffer`: non-temporal (0) for a
/// static buffer of kStreamedBytes or more, whose lines are read once per
/// call, so that they are not installed in the L2 (whose victims AMD's L3
/// takes in, doubling the traffic of a stream); the L1 (3) otherwise, where
/// a reread input can stay cached. Measured on AMD Zen 5, one thread, the
/// same kernels with either hint called alternately in one process:
/// 4096x4096 f64 rows 1.3-1.4x (as fast as no prefetch, which is 1.3x the
/// L1 hint there), a 256 MB f32 reduce-all 1.04-1.32x (1.13-1.32x at
/// bd40edf, 1.04-1.05x at e261b79; it takes none: kUnprefetchedSumBytes),
/// f64 columns 1.00-1.04x, i64 rows 1.00-1.01x;
/// below the bound it does not pay: f32 rows of 64-98 MB 0.98-1.02x, i32 rows
/// of 64 MB 0.84-0.87x, 24 MB of f32 rows (cached) 0.96x.
static int32_t getLocalityHint(Value buffer) {
  std::optional<int64_t> bytes =
      getStaticBytes(cast<MemRefType>(buffer.getType()));
  return bytes && *bytes >= kStreamedBytes ? 0 : 3;
}

/// The ops of `body` through which `read` depends on the induction variable
/// `iv`, in block order, or failure when one of them may touch memory or has
/// regions (cloning it for the prefetch address would not be free). Empty
/// when the read does not move with the loop (an accumulator, say) or uses
/// `iv` directly as an index.
static FailureOr<SmallVector<Operation *>>
getAddressSlice(vector::TransferReadOp read, Value iv, Block *body) {
  // Which values in the body depend on iv: a forward walk in block order
  // suffices, since the body is one block in SSA order.
  llvm::SmallPtrSet<Operation *, 16> dependent;
  auto dependsOnIV = [&](Value v) {
    if (v == iv)
      return true;
    Operation *def = v.getDefiningOp();
    return def && dependent.contains(def);
  };
  for (Operation &op : *body) {
    if (&op == read.getOperation())
      break;
    if (llvm::any_of(op.getOperands(), dependsOnIV))
      dependent.insert(&op);
  }
  // The part of that set the read uses, found backwards from its address
  // operands.
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> worklist = {read.getBase()};
  llvm::append_range(worklist, read.getIndices());
  while (!worklist.empty()) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (!def || !dependent.contains(def) || !slice.insert(def))
      continue;
    if (def->getNumRegions() != 0 || !isMemoryEffectFree(def))
      return failure();
    llvm::append_range(worklist, def->getOperands());
  }
  SmallVector<Operation *> ordered = slice.takeVector();
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ordered;
}

/// The rows `read` loads when it reads whole rows of its source's innermost
/// dimension (in bounds, unmasked, minor identity, the innermost stride 1):
/// R rows of N contiguous elements, a vector<...x1xRxN> (R = 1 for a 1-D
/// vector or one whose leading dimensions are all 1; for R >= 2 the row
/// stride must be static): {R, N bytes per row, row stride in elements}.
namespace {
struct RowBlock {
  int64_t rows, rowBytes, rowStride;
};
} // namespace

static std::optional<RowBlock> getRowBlock(vector::TransferReadOp read) {
  auto type = dyn_cast<MemRefType>(read.getBase().getType());
  VectorType vector = read.getVectorType();
  if (!type || type.getRank() == 0 || vector.getRank() == 0 || read.getMask() ||
      read.hasOutOfBoundsDim() || !read.getPermutationMap().isMinorIdentity() ||
      vector.isScalable())
    return std::nullopt;
  ArrayRef<int64_t> shape = vector.getShape();
  int64_t rows = shape.size() >= 2 ? shape[shape.size() - 2] : 1;
  if (llvm::any_of(shape.drop_back(std::min<size_t>(shape.size(), 2)),
                   [](int64_t size) { return size != 1; }))
    return std::nullopt;
  int64_t bits = type.getElementTypeBitWidth();
  if (bits % 8 != 0)
    return std::nullopt;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) || strides.back() != 1)
    return std::nullopt;
  int64_t rowStride = 0;
  if (rows > 1) {
    if (strides.size() < 2 ||
        ShapedType::isDynamic(strides[strides.size() - 2]))
      return std::nullopt;
    rowStride = strides[strides.size() - 2];
  }
  return RowBlock{rows, shape.back() * bits / 8, rowStride};
}

/// The buffer `view` is a view of, through subviews, reshapes, casts and
/// every other view-like op.
static Value getViewRoot(Value view) {
  while (auto viewLike = view.getDefiningOp<ViewLikeOpInterface>())
    view = viewLike.getViewSource();
  return view;
}

/// The buffers `body` writes (an accumulator row that the loop reads and
/// writes back stays in cache: prefetching it only costs instructions).
static llvm::SmallPtrSet<Value, 4> getWrittenRoots(Block *body) {
  llvm::SmallPtrSet<Value, 4> roots;
  for (Operation &op : *body)
    op.walk([&](Operation *nested) {
      auto effects = dyn_cast<MemoryEffectOpInterface>(nested);
      if (!effects)
        return;
      SmallVector<MemoryEffects::EffectInstance> writes;
      effects.getEffects<MemoryEffects::Write>(writes);
      for (MemoryEffects::EffectInstance &write : writes)
        if (Value value = write.getValue())
          roots.insert(getViewRoot(value));
    });
  return roots;
}

/// Elements the address of `read` advances per iteration of `loop`, when
/// that is a constant the IR states: the induction variable enters the
/// address once, as a read index or a subview offset over a static stride,
/// and nothing else in it moves with the loop.
/// `repeating` is a value inside `loop` that takes the same values in each
/// of its iterations (the induction variable of a loop nested in it whose
/// bounds do not move with it), or null.
static std::optional<int64_t>
getElementsPerIteration(vector::TransferReadOp read, scf::ForOp loop,
                        Value repeating = {}) {
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!step)
    return std::nullopt;
  Value iv = loop.getInductionVar();
  std::optional<int64_t> advance;
  bool valid = true;
  auto invariant = [&](Value v) {
    return v == repeating || loop.isDefinedOutsideOfLoop(v);
  };
  // `indices` index a memref of `type`: each is loop-invariant, or the
  // induction variable itself over a static stride.
  auto visit = [&](ArrayRef<OpFoldResult> indices, MemRefType type) {
    SmallVector<int64_t> strides;
    int64_t offset;
    bool known = succeeded(type.getStridesAndOffset(strides, offset));
    for (auto [dim, index] : llvm::enumerate(indices)) {
      auto value = dyn_cast<Value>(index);
      if (!value || invariant(value))
        continue;
      if (value != iv || advance || !known ||
          ShapedType::isDynamic(strides[dim])) {
        valid = false;
        return;
      }
      advance = strides[dim] * *step;
    }
  };
  visit(getAsOpFoldResult(read.getIndices()),
        cast<MemRefType>(read.getBase().getType()));
  Value view = read.getBase();
  while (valid && !invariant(view)) {
    Operation *def = view.getDefiningOp();
    if (auto subview = dyn_cast_or_null<memref::SubViewOp>(def)) {
      if (!llvm::all_of(subview.getSizes(), invariant) ||
          !llvm::all_of(subview.getStrides(), invariant))
        return std::nullopt;
      visit(subview.getMixedOffsets(), subview.getSourceType());
      view = subview.getSource();
      continue;
    }
    // Reshapes and casts keep the offset, so they keep the advance.
    if (!isa_and_nonnull<memref::ExpandShapeOp, memref::CollapseShapeOp,
                         memref::CastOp>(def) ||
        !llvm::all_of(def->getOperands().drop_front(), invariant))
      return std::nullopt;
    view = def->getOperand(0);
  }
  if (!valid)
    return std::nullopt;
  return advance;
}

/// The dense buffer behind the loop-invariant part of `read`'s view chain
/// when its elements are the read's (an identity layout of the same element
/// type, so an offset into any view of it is an index into its flattened
/// form), else nothing.
static Value getDenseRoot(vector::TransferReadOp read) {
  Value root = getViewRoot(read.getBase());
  auto type = dyn_cast<MemRefType>(root.getType());
  if (!type || type.getRank() == 0 || !type.getLayout().isIdentity() ||
      type.getElementType() !=
          cast<MemRefType>(read.getBase().getType()).getElementType())
    return {};
  return root;
}

namespace {
struct RmeanPrefetchPass
    : public mlir::rmean::impl::RmeanPrefetchPassBase<RmeanPrefetchPass> {
  using RmeanPrefetchPassBase::RmeanPrefetchPassBase;

  void runOnOperation() override {
    if (distance < 0) {
      getOperation().emitError()
          << "rmean-prefetch: option 'distance' must be >= 0, got "
          << int64_t(distance);
      return signalPassFailure();
    }
    if (distance == 0)
      return;
    SmallVector<scf::ForOp> loops, wholeRows;
    getOperation().walk([&](scf::ForOp loop) {
      if (hasMarker<RmeanDialect::AccumulationLoopAttrHelper>(loop))
        loops.push_back(loop);
      if (hasMarker<RmeanDialect::WholeRowsLoopAttrHelper>(loop))
        wholeRows.push_back(loop);
    });
    for (scf::ForOp loop : loops)
      prefetchLoop(loop);
    for (scf::ForOp loop : wholeRows)
      prefetchWholeRows(loop);
    flatViews.clear();
    versioned.clear();
  }

  /// One flattened view (and its element count) per dense buffer, built
  /// where the buffer is defined, shared by every loop that reads it.
  llvm::DenseMap<Value, std::pair<Value, Value>> flatViews;

  std::pair<Value, Value> getFlatView(Value root, Location loc) {
    auto [it, inserted] = flatViews.try_emplace(root);
    if (!inserted)
      return it->second;
    OpBuilder b(root.getContext());
    b.setInsertionPointAfterValue(root);
    auto type = cast<MemRefType>(root.getType());
    Value flat = root;
    if (type.getRank() != 1) {
      ReassociationIndices all =
          llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
      flat = memref::CollapseShapeOp::create(
          b, loc, root, ArrayRef<ReassociationIndices>{all});
    }
    Value size = memref::DimOp::create(b, loc, flat, 0);
    it->second = {flat, size};
    return it->second;
  }

  /// Gives each contiguous input read of `loop` the prefetches of the lines
  /// it will read `distance` bytes later, as the loop reads them: the same
  /// address computation at the induction variable `ahead` iterations on,
  /// or at the current one past the loop's end, so that every prefetched
  /// address is one the loop reads (prefetches never fault, but a view past
  /// its bounds is not a valid memref).
  void prefetchLoop(scf::ForOp loop) {
    Value iv = loop.getInductionVar();
    Block *body = loop.getBody();
    std::optional<APInt> trips = loop.getStaticTripCount();
    llvm::SmallPtrSet<Value, 4> written = getWrittenRoots(body);
    SmallVector<vector::TransferReadOp> reads;
    for (auto read : body->getOps<vector::TransferReadOp>())
      if (!written.contains(getViewRoot(read.getBase())))
        reads.push_back(read);
    for (vector::TransferReadOp read : reads) {
      std::optional<RowBlock> block = getRowBlock(read);
      if (!block || block->rowBytes <= 0)
        continue;
      if (block->rows > 1) {
        prefetchRowBlock(loop, read, *block);
        continue;
      }
      // One contiguous run of the innermost dimension.
      int64_t bytes = block->rowBytes;
      int64_t elements = read.getVectorType().getNumElements();
      int64_t ahead = std::max<int64_t>(1, llvm::divideCeil(distance, bytes));
      Value root = getDenseRoot(read);
      if (root && getElementsPerIteration(read, loop) == elements) {
        if (isHugePlainF32Sum(loop, read, root, reads.size()))
          continue;
        // A dense buffer walked in order: the line `distance` bytes on may
        // lie in the next row, which the row's own look-ahead cannot reach.
        auto type = cast<MemRefType>(root.getType());
        if (!type.hasStaticShape() ||
            type.getNumElements() > (ahead + 1) * elements)
          if (failed(emitHoistedLinearPrefetches(loop, read, root,
                                                 ahead * elements, bytes)))
            emitLinearPrefetches(read, root, ahead * elements, bytes);
        continue;
      }
      // A column block: the loop steps down rows, and its parent walks the
      // buffer in order, the block's rows side by side (compensated f64
      // columns: 8 rows, then the next 16 columns). The look-ahead is then
      // along the parent, the block's rows sharing half the distance, so
      // that rows x look-ahead stays within the L1 cache (measured on 8 rows
      // of 4096 f64 columns, same process: 512 bytes per row 1.07-1.11x no
      // prefetch; 1024 bytes 1.03x; 256 bytes 0.90x the 512).
      auto parent = dyn_cast_or_null<scf::ForOp>(loop->getParentOp());
      if (root && parent && trips &&
          llvm::all_of(
              ValueRange{loop.getLowerBound(), loop.getUpperBound(),
                         loop.getStep()},
              [&](Value v) { return parent.isDefinedOutsideOfLoop(v); }) &&
          getElementsPerIteration(read, parent, iv) == elements) {
        int64_t rows = std::max<int64_t>(1, trips->getSExtValue());
        int64_t parentAhead =
            std::max<int64_t>(1, llvm::divideCeil(distance, 2 * bytes * rows));
        auto type = cast<MemRefType>(root.getType());
        if (!type.hasStaticShape() ||
            type.getNumElements() > (parentAhead + 1) * elements)
          emitLinearPrefetches(read, root, parentAhead * elements, bytes);
        continue;
      }
      FailureOr<SmallVector<Operation *>> slice =
          getAddressSlice(read, iv, body);
      if (failed(slice) ||
          (slice->empty() && !llvm::is_contained(read.getIndices(), iv)))
        continue;
      // A loop that ends before `ahead` iterations would only prefetch what
      // it is already reading.
      if (trips && trips->getZExtValue() <= uint64_t(ahead))
        continue;
      emitPrefetches(loop, read, *slice, ahead, bytes);
    }
  }

  /// A loop of whole rows (rmean.whole_rows_loop): each iteration reads
  /// all of a static, row-major view (R rows of N, one contiguous run; a
  /// read padded past the rows' ends reads the same lines), and the next
  /// iteration the run after it. The run `distance` bytes on is prefetched
  /// line by line, clamped to the buffer's last run, as for a row read in
  /// order. The hardware prefetchers alone leave these loops well below the
  /// read speed of the caches they stream from (a step's shuffle tree
  /// between its loads): 7x7 f32 pooling from L3 (64x2048x7x7, 8 rows per
  /// step) 1.15x with 8 KB ahead, 1.2-1.3x with 12-16 KB, 0.85x with 32 KB
  /// (AMD Zen 5, same process; 1.36-1.47x while the machine's memory was
  /// slower). Static buffers that fit in L2 are left alone.
  /// The masked read of whole rows of a run-time length, padded past
  /// their ends, that `loop` (marked rmean.whole_rows_loop) makes of a
  /// dense buffer it does not write (`rmean.cpu_short_rows`), or null.
  static vector::TransferReadOp getPaddedRowsRead(scf::ForOp loop) {
    llvm::SmallPtrSet<Value, 4> written = getWrittenRoots(loop.getBody());
    for (auto read : loop.getBody()->getOps<vector::TransferReadOp>()) {
      auto view = dyn_cast<MemRefType>(read.getBase().getType());
      Value root = getDenseRoot(read);
      if (view && root && !written.contains(root) && read.getMask() &&
          view.getRank() != 0 && view.isDynamicDim(view.getRank() - 1) &&
          view.isLastDimUnitStride() &&
          llvm::all_of(
              view.getShape().drop_back(),
              [](int64_t size) { return ShapedType::isStatic(size); }) &&
          llvm::all_of(read.getIndices(), [](Value index) {
            return isConstantIntValue(index, 0);
          }))
        return read;
    }
    return {};
  }

  /// The scf.if ops that version a loop nest on its buffer's size (below):
  /// the loops they hold are done.
  llvm::SmallPtrSet<Operation *, 4> versioned;

  /// A whole-rows loop that reads R rows of a run-time length L padded past
  /// their ends (`rmean.cpu_short_rows`): its view is R consecutive runs of
  /// the dense buffer that the loop reads in order, R * L elements per
  /// iteration, a count known at run time. It prefetches the lines of the
  /// R * L elements `distance` bytes past the read's offset, as a loop of
  /// that many lines (a static count would fetch the padded 64-lane rows'
  /// worth: 32 lines per step of 3x3 rows, which read 5), each clamped to
  /// the buffer's last element; only from buffers of at least kCachedBytes.
  /// For a buffer of a run-time size, the outermost loop nest around the
  /// loop is versioned on that size, at the level where the size is known
  /// (an scf.if with a copy whose whole-rows loops prefetch and the
  /// original, which does not): the test inside the nest cost inputs in
  /// the caches 0.82-0.89x even where it skipped the prefetches (a
  /// constant false 0.98-1.03x). Fully dynamic NCHW pooling, AMD Zen 5, one
  /// thread, the two called alternately in one process, against none:
  /// see Passes.td.
  void prefetchPaddedRows(scf::ForOp loop, vector::TransferReadOp read) {
    Value root = getDenseRoot(read);
    auto rootType = cast<MemRefType>(root.getType());
    int64_t elementBytes = rootType.getElementTypeBitWidth() / 8;
    if (elementBytes <= 0)
      return;
    if (rootType.hasStaticShape()) {
      if (rootType.getNumElements() * elementBytes >= kCachedBytes)
        emitPaddedRowPrefetches(read);
      return;
    }
    Location loc = loop.getLoc();
    Value size = getFlatView(root, loc).second;
    Operation *top = loop;
    while (top && top->getBlock() != size.getParentBlock()) {
      if (versioned.contains(top))
        return;
      top = top->getParentOp();
    }
    if (!top || !top->getBlock() || !size.getParentBlock() ||
        top->isBeforeInBlock(size.getDefiningOp()))
      return;
    OpBuilder b(top);
    Value big = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::uge, size,
        arith::ConstantIndexOp::create(
            b, loc, llvm::divideCeil(kCachedBytes, elementBytes)));
    auto ifOp = scf::IfOp::create(b, loc, top->getResultTypes(), big,
                                  /*withElseRegion=*/true);
    auto atEnd = [&](Block *block) {
      if (block->mightHaveTerminator())
        b.setInsertionPoint(block->getTerminator());
      else
        b.setInsertionPointToEnd(block);
    };
    atEnd(ifOp.thenBlock());
    Operation *large = b.clone(*top);
    if (top->getNumResults() != 0)
      scf::YieldOp::create(b, loc, large->getResults());
    top->replaceAllUsesWith(ifOp.getResults());
    atEnd(ifOp.elseBlock());
    top->moveBefore(b.getInsertionBlock(), b.getInsertionPoint());
    if (top->getNumResults() != 0)
      scf::YieldOp::create(b, loc, top->getResults());
    versioned.insert(ifOp);
    SmallVector<vector::TransferReadOp> reads;
    large->walk([&](scf::ForOp nested) {
      if (hasMarker<RmeanDialect::WholeRowsLoopAttrHelper>(nested))
        if (vector::TransferReadOp padded = getPaddedRowsRead(nested))
          reads.push_back(padded);
    });
    for (vector::TransferReadOp padded : reads)
      emitPaddedRowPrefetches(padded);
  }

  /// The line-by-line prefetches of prefetchPaddedRows before `read`.
  void emitPaddedRowPrefetches(vector::TransferReadOp read) {
    auto view = cast<MemRefType>(read.getBase().getType());
    int64_t rows = 1;
    for (int64_t size : view.getShape().drop_back())
      rows *= size;
    int64_t elementBytes = view.getElementTypeBitWidth() / 8;
    Location loc = read.getLoc();
    auto [flat, size] = getFlatView(getDenseRoot(read), loc);
    OpBuilder b(read);
    auto constant = [&](int64_t value) {
      return arith::ConstantIndexOp::create(b, loc, value).getResult();
    };
    int64_t lineElements = std::max<int64_t>(1, kLineBytes / elementBytes);
    Value length =
        memref::DimOp::create(b, loc, read.getBase(), view.getRank() - 1);
    Value elements = arith::MulIOp::create(b, loc, length, constant(rows));
    Value lines =
        arith::CeilDivUIOp::create(b, loc, elements, constant(lineElements));
    Value later = arith::AddIOp::create(
        b, loc, getFlatOffset(b, loc, read),
        constant(llvm::divideCeil(distance, elementBytes)));
    Value last = arith::SubIOp::create(b, loc, size, constant(1));
    int32_t locality = getLocalityHint(flat);
    auto lineLoop = scf::ForOp::create(b, loc, constant(0), lines, constant(1));
    b.setInsertionPointToStart(lineLoop.getBody());
    Value line = arith::AddIOp::create(
        b, loc, later,
        arith::MulIOp::create(b, loc, lineLoop.getInductionVar(),
                              constant(lineElements)));
    memref::PrefetchOp::create(
        b, loc, flat, ValueRange{arith::MinUIOp::create(b, loc, line, last)},
        /*isWrite=*/false, locality, /*isDataCache=*/true);
  }

  void prefetchWholeRows(scf::ForOp loop) {
    if (vector::TransferReadOp padded = getPaddedRowsRead(loop)) {
      prefetchPaddedRows(loop, padded);
      return;
    }
    llvm::SmallPtrSet<Value, 4> written = getWrittenRoots(loop.getBody());
    for (auto read : loop.getBody()->getOps<vector::TransferReadOp>()) {
      auto view = dyn_cast<MemRefType>(read.getBase().getType());
      Value root = getDenseRoot(read);
      if (!view || !root || written.contains(root) || read.getMask() ||
          !view.hasStaticShape() || view.getRank() == 0 ||
          !view.isLastDimUnitStride() ||
          !llvm::all_of(read.getIndices(), [](Value index) {
            return isConstantIntValue(index, 0);
          }))
        continue;
      // Row-major: the view is one contiguous run.
      SmallVector<int64_t> strides;
      int64_t offset;
      if (failed(view.getStridesAndOffset(strides, offset)) ||
          strides != computeStrides(view.getShape()))
        continue;
      int64_t elements = view.getNumElements();
      int64_t elementBytes = view.getElementTypeBitWidth() / 8;
      if (elements <= 0 || elementBytes <= 0 ||
          getElementsPerIteration(read, loop) != elements)
        continue;
      int64_t bytes = elements * elementBytes;
      int64_t ahead = std::max<int64_t>(1, llvm::divideCeil(distance, bytes));
      // From L2 the loop reads as fast without (256x256 f32 rows 0.94x,
      // 2048 rows of 49 f32 0.96x with).
      auto type = cast<MemRefType>(root.getType());
      if (type.hasStaticShape() &&
          (type.getNumElements() <= (ahead + 1) * elements ||
           type.getNumElements() * elementBytes <= kL2Bytes))
        continue;
      emitLinearPrefetches(read, root, ahead * elements, bytes, elements);
    }
  }

  /// A row step of the "outer" strategy: `loop` walks the columns of R
  /// rows (each iteration a vector<R x N> block of them), its parent the
  /// rows, R at a time, in order. Each row is its own stream, and the next
  /// rows are the next R rows at the parent's next iteration, which a
  /// look-ahead along `loop` (its columns) cannot reach: the lines of the
  /// same block `k` parent iterations on are prefetched, k the fewest
  /// whose reads span `distance` bytes (one, unless a parent iteration
  /// reads less), each row's index clamped to the buffer's last row of N.
  /// Measured in a C model of 32x56x56x256 spatial means (8 rows of 1 KB
  /// per step, from memory): 8 and 16 KB ahead 1.24-1.30x none, 32 KB
  /// 1.04-1.11x.
  void prefetchRowBlock(scf::ForOp loop, vector::TransferReadOp read,
                        RowBlock block) {
    Value root = getDenseRoot(read);
    auto parent = dyn_cast_or_null<scf::ForOp>(loop->getParentOp());
    std::optional<APInt> trips = loop.getStaticTripCount();
    if (!root || !parent || !trips || trips->isZero() ||
        !llvm::all_of(
            ValueRange{loop.getLowerBound(), loop.getUpperBound(),
                       loop.getStep()},
            [&](Value v) { return parent.isDefinedOutsideOfLoop(v); }))
      return;
    std::optional<int64_t> advance =
        getElementsPerIteration(read, parent, loop.getInductionVar());
    if (!advance || *advance <= 0)
      return;
    // Rows of a page or more per step are streams the hardware prefetchers
    // follow; prefetching them too only costs (measured: 4096x4096 f32 and
    // i64 columns, 4 KB per row and step, 0.90-0.98x; NHWC 7x7 pooling, 8
    // KB, 0.87-0.92x; 8-bit columns 0.87x).
    int64_t rowSpan = trips->getSExtValue() * block.rowBytes;
    if (rowSpan >= kPageBytes)
      return;
    int64_t perParent = rowSpan * block.rows;
    int64_t k = std::max<int64_t>(1, llvm::divideCeil(distance, perParent));
    int64_t ahead;
    if (llvm::MulOverflow(k, *advance, ahead))
      return;
    auto type = cast<MemRefType>(root.getType());
    int64_t elementBytes = type.getElementTypeBitWidth() / 8;
    int64_t rowElements = block.rowBytes / elementBytes;
    // A buffer that ends before the next block: nothing ahead to fetch.
    if (type.hasStaticShape() && type.getNumElements() <= ahead + rowElements)
      return;
    Location loc = read.getLoc();
    auto [flat, size] = getFlatView(root, loc);
    OpBuilder b(read);
    Value offset = getFlatOffset(b, loc, read);
    Value last = arith::SubIOp::create(
        b, loc, size, arith::ConstantIndexOp::create(b, loc, rowElements));
    for (int64_t row = 0; row < block.rows; ++row) {
      Value later =
          arith::AddIOp::create(b, loc, offset,
                                arith::ConstantIndexOp::create(
                                    b, loc, ahead + row * block.rowStride));
      Value target = arith::MinUIOp::create(b, loc, later, last);
      emitLines(b, loc, flat, target, block.rowBytes, elementBytes);
    }
  }

  /// The offset of `read`'s first element in its flattened dense root: its
  /// view's offset plus its indices times its strides.
  static Value getFlatOffset(OpBuilder &b, Location loc,
                             vector::TransferReadOp read) {
    return getFlatOffset(b, loc, read.getBase(), read.getIndices());
  }

  /// The offset of element `indices` of `view` in its flattened dense root.
  static Value getFlatOffset(OpBuilder &b, Location loc, Value view,
                             ValueRange indices) {
    auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, view);
    Value offset = metadata.getOffset();
    for (auto [index, stride] : llvm::zip_equal(indices, metadata.getStrides()))
      offset = arith::AddIOp::create(
          b, loc, offset, arith::MulIOp::create(b, loc, index, stride));
    return offset;
  }

  /// One prefetch per 64-byte line of the `bytes` from `target` in `flat`.
  static void emitLines(OpBuilder &b, Location loc, Value flat, Value target,
                        int64_t bytes, int64_t elementBytes) {
    int64_t lineElements = std::max<int64_t>(1, kLineBytes / elementBytes);
    int32_t locality = getLocalityHint(flat);
    for (int64_t line = 0; line * kLineBytes < bytes; ++line) {
      Value index = target;
      if (line != 0)
        index = arith::AddIOp::create(
            b, loc, target,
            arith::ConstantIndexOp::create(b, loc, line * lineElements));
      memref::PrefetchOp::create(b, loc, flat, index, /*isWrite=*/false,
                                 locality, /*isDataCache=*/true);
    }
  }

  /// Prefetches the lines of the elements `ahead` elements past the ones
  /// `read` loads, as offsets into the flattened `root`: the read's offset
  /// (its view's offset and strides applied to its indices) plus `ahead`,
  /// clamped so that the last line prefetched is inside the buffer (the
  /// read's `span` elements from the target, its vector's by default).
  void emitLinearPrefetches(vector::TransferReadOp read, Value root,
                            int64_t ahead, int64_t bytes,
                            std::optional<int64_t> span = std::nullopt) {
    Location loc = read.getLoc();
    auto [flat, size] = getFlatView(root, loc);
    OpBuilder b(read);
    Value offset = getFlatOffset(b, loc, read);
    int64_t elements = span ? *span : read.getVectorType().getNumElements();
    Value later = arith::AddIOp::create(
        b, loc, offset, arith::ConstantIndexOp::create(b, loc, ahead));
    Value last = arith::SubIOp::create(
        b, loc, size, arith::ConstantIndexOp::create(b, loc, elements));
    Value target = arith::MinUIOp::create(b, loc, later, last);
    emitLines(b, loc, flat, target, bytes,
              cast<MemRefType>(flat.getType()).getElementTypeBitWidth() / 8);
  }

  /// emitLinearPrefetches for a read that advances by its own `elements`
  /// each iteration of `loop`, a loop of a static trip count T: the clamp
  /// moves out of the loop, to the prefetch of its first iteration,
  /// min(first + ahead, size - T * elements), so that the T prefetches
  /// from there on stay inside the buffer; in the loop each target is that
  /// base plus the distance the read has moved, which folds into the
  /// prefetch's address once LLVM unrolls the loop. The clamp in the loop
  /// costs four scalar instructions next to each read's two prefetches and
  /// two vector loads, which shows where the input comes from a cache; from
  /// memory the prefetches that the clamp kept apart do better (LLVM
  /// schedules the hoisted ones of a block together). Measured on AMD Zen
  /// 5, one thread, the two forms called alternately in one process, rows
  /// of 768 f32: 0.75 MB 1.09-1.24x, 3 MB 1.03-1.06x, 12 MB 1.05-1.07x;
  /// 24 MB 0.95-0.98x, 4096x4096 0.93-0.97x. Hence only static buffers of
  /// at most kCachedBytes. Fails, leaving the IR as it was, for larger or
  /// dynamic buffers, when the read's address uses a value of the body that
  /// does not follow from the induction variable alone, or when the trip
  /// count is not static.
  LogicalResult emitHoistedLinearPrefetches(scf::ForOp loop,
                                            vector::TransferReadOp read,
                                            Value root, int64_t ahead,
                                            int64_t bytes) {
    auto type = cast<MemRefType>(root.getType());
    int64_t rootBytes;
    if (!type.hasStaticShape() ||
        llvm::MulOverflow(type.getNumElements(),
                          int64_t(type.getElementTypeBitWidth() / 8),
                          rootBytes) ||
        rootBytes > kCachedBytes)
      return failure();
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    std::optional<int64_t> trips = getTripCount(loop);
    if (!step || *step <= 0 || !trips || *trips <= 0 ||
        !loop.isDefinedOutsideOfLoop(loop.getLowerBound()))
      return failure();
    Value iv = loop.getInductionVar();
    FailureOr<SmallVector<Operation *>> slice =
        getAddressSlice(read, iv, loop.getBody());
    if (failed(slice))
      return failure();
    llvm::SmallPtrSet<Operation *, 8> inSlice(slice->begin(), slice->end());
    auto available = [&](Value v) {
      return v == iv || loop.isDefinedOutsideOfLoop(v) ||
             inSlice.contains(v.getDefiningOp());
    };
    for (Operation *op : *slice)
      if (!llvm::all_of(op->getOperands(), available))
        return failure();
    if (!available(read.getBase()) ||
        !llvm::all_of(read.getIndices(), available))
      return failure();
    int64_t elements = read.getVectorType().getNumElements();
    int64_t span;
    // Past size - span - ahead, the hoisted clamp pulls every target of the
    // loop back, not only the last ones: for a loop that spans no more than
    // the look-ahead that is the buffer's last `ahead` elements, as before.
    if (llvm::MulOverflow(*trips, elements, span) || span > ahead)
      return failure();
    Location loc = read.getLoc();
    auto [flat, size] = getFlatView(root, loc);
    OpBuilder b(loop);
    IRMapping mapping;
    mapping.map(iv, loop.getLowerBound());
    for (Operation *op : *slice)
      b.clone(*op, mapping);
    SmallVector<Value> indices = llvm::map_to_vector(
        read.getIndices(), [&](Value v) { return mapping.lookupOrDefault(v); });
    Value first =
        getFlatOffset(b, loc, mapping.lookupOrDefault(read.getBase()), indices);
    Value later = arith::AddIOp::create(
        b, loc, first, arith::ConstantIndexOp::create(b, loc, ahead));
    // The reads are in bounds, so first + span <= size: no wrap-around.
    Value lastFirst = arith::SubIOp::create(
        b, loc, size, arith::ConstantIndexOp::create(b, loc, span));
    Value base = arith::MinUIOp::create(b, loc, later, lastFirst);
    b.setInsertionPoint(read);
    Value moved = arith::SubIOp::create(b, loc, iv, loop.getLowerBound());
    if (elements % *step == 0) {
      if (elements != *step)
        moved = arith::MulIOp::create(
            b, loc, moved,
            arith::ConstantIndexOp::create(b, loc, elements / *step));
    } else {
      moved = arith::MulIOp::create(
          b, loc,
          arith::DivUIOp::create(b, loc, moved,
                                 arith::ConstantIndexOp::create(b, loc, *step)),
          arith::ConstantIndexOp::create(b, loc, elements));
    }
    Value target = arith::AddIOp::create(b, loc, base, moved);
    emitLines(b, loc, flat, target, bytes,
              cast<MemRefType>(flat.getType()).getElementTypeBitWidth() / 8);
    return success();
  }

  /// The trip count of `loop` when its bounds are constants or its upper
  /// bound is its lower bound plus a constant (the blocks of a blocked
  /// loop: `scf.for %j = %i to %i + 256 step 32`). Upstream's
  /// scf.for trip count only takes such an addition when it is nsw/nuw,
  /// which the blocks' bound (in bounds by construction) does not carry.
  static std::optional<int64_t> getTripCount(scf::ForOp loop) {
    auto staticDifference = [](Value lb, Value ub,
                               bool) -> std::optional<llvm::APSInt> {
      auto add = ub.getDefiningOp<arith::AddIOp>();
      if (!add || (add.getLhs() != lb && add.getRhs() != lb))
        return std::nullopt;
      std::optional<int64_t> extent =
          getConstantIntValue(add.getLhs() == lb ? add.getRhs() : add.getLhs());
      if (!extent)
        return std::nullopt;
      return llvm::APSInt(llvm::APInt(64, *extent, /*isSigned=*/true),
                          /*isUnsigned=*/false);
    };
    std::optional<APInt> trips = constantTripCount(
        loop.getLowerBound(), loop.getUpperBound(), loop.getStep(),
        /*isSigned=*/!loop.getUnsignedCmp(), staticDifference);
    if (!trips || trips->getActiveBits() > 62)
      return std::nullopt;
    return trips->getSExtValue();
  }

  void emitPrefetches(scf::ForOp loop, vector::TransferReadOp read,
                      ArrayRef<Operation *> slice, int64_t ahead,
                      int64_t bytes) {
    OpBuilder b(read);
    Location loc = read.getLoc();
    Value iv = loop.getInductionVar();
    Value distanceIV;
    if (std::optional<int64_t> step = getConstantIntValue(loop.getStep()))
      distanceIV = arith::ConstantIndexOp::create(b, loc, *step * ahead);
    else
      distanceIV =
          arith::MulIOp::create(b, loc, loop.getStep(),
                                arith::ConstantIndexOp::create(b, loc, ahead));
    Value later = arith::AddIOp::create(b, loc, iv, distanceIV);
    Value inLoop =
        arith::CmpIOp::create(b, loc,
                              loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                                    : arith::CmpIPredicate::slt,
                              later, loop.getUpperBound());
    Value target = arith::SelectOp::create(b, loc, inLoop, later, iv);
    IRMapping mapping;
    mapping.map(iv, target);
    for (Operation *op : slice)
      b.clone(*op, mapping);
    Value base = mapping.lookupOrDefault(read.getBase());
    SmallVector<Value> indices = llvm::map_to_vector(
        read.getIndices(), [&](Value v) { return mapping.lookupOrDefault(v); });
    int64_t elementBytes =
        cast<MemRefType>(base.getType()).getElementTypeBitWidth() / 8;
    int64_t lineElements = std::max<int64_t>(1, kLineBytes / elementBytes);
    Value last = indices.back();
    for (int64_t line = 0; line * kLineBytes < bytes; ++line) {
      int64_t offset = line * lineElements;
      if (line == 0)
        indices.back() = last;
      else if (std::optional<int64_t> start = getConstantIntValue(last))
        indices.back() =
            arith::ConstantIndexOp::create(b, loc, *start + offset);
      else
        indices.back() = arith::AddIOp::create(
            b, loc, last, arith::ConstantIndexOp::create(b, loc, offset));
      memref::PrefetchOp::create(b, loc, base, indices, /*isWrite=*/false,
                                 /*localityHint=*/3, /*isDataCache=*/true);
    }
  }
};
} // namespace
