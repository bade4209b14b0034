//===- SelectCPUStrategy.cpp - choose the CPU strategy of reductions ------===//
//
// Records, per rmean reduction, which tiling/vectorisation strategy the CPU
// pipeline applies (see the pass description). Keeping the decision in an
// attribute makes it testable on its own and overridable by hand.
//
//===----------------------------------------------------------------------===//

#include "rmean/Transforms/Passes.h"

#include "ReductionLayout.h"

#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "rmean-select-cpu-strategy"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANSELECTCPUSTRATEGYPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

/// Whether the single input of `op` has a static shape of fewer than
/// `bound` bytes (counted up to the bound only: huge static shapes would
/// overflow a plain product). Empty inputs of integer, float or complex
/// elements count as small.
static bool isStaticInputBelow(linalg::GenericOp op, int64_t bound) {
  if (op.getNumDpsInputs() != 1)
    return false;
  auto inTy = dyn_cast<ShapedType>(op.getDpsInputs()[0].getType());
  if (!inTy || !inTy.hasStaticShape())
    return false;
  Type element = inTy.getElementType();
  int64_t parts = 1;
  if (auto complexTy = dyn_cast<ComplexType>(element)) {
    element = complexTy.getElementType();
    parts = 2;
  }
  if (!element.isIntOrFloat())
    return false;
  if (llvm::is_contained(inTy.getShape(), 0))
    return true;
  int64_t bytes =
      parts * std::max<int64_t>(1, element.getIntOrFloatBitWidth() / 8);
  for (int64_t dim : inTy.getShape()) {
    if (bytes >= bound || dim >= bound)
      return false;
    bytes *= dim;
  }
  return bytes < bound;
}

/// Whether `op` sums static rows short enough to be read whole, a few rows
/// per step (shortRowsPerStep; rmean-cpu-tile reads a row no longer than
/// the lanes as one vector, rmean-cpu-vectorize sums the rows of a step
/// with one shared tree). Lanes pay a set-up, a peeled tail and a merge per
/// row. Measured against the lanes (one thread): f32 rows of 49 1.6-4x
/// faster whole, 100 1.7x, 96-112 1.0-1.2x, 144 1.18x, 196 2x (AVX2) and
/// 3x (AVX-512); i32 196 2.2x, i8 196 1.15x. Rows the lanes divide gain
/// only on 512-bit targets (Intel AVX-512: f32 64 1.4-1.6x, 128 1.28x, 256
/// 1.22x; bf16 128 and 256 1.3x; i32 256 1.03x; the same code for AVX2
/// 0.5-0.7x on 128 and 256; AMD AVX-512 0.87-0.9x on 64 and 128 at 8 rows
/// per step, before shortRowsPerStep). Rows of 3 gain nothing either way.
/// At most 256 elements: the longest row whose pairwise f32 sum stays
/// within the blocked bound (rmean-narrow-accumulators). Compensated and
/// exact 64-bit sums keep their own lanes.
static bool isShortRow(linalg::GenericOp op, int64_t lanes,
                       int64_t vectorBits) {
  int64_t length = op.getStaticLoopRanges().back();
  if (ShapedType::isDynamic(length) || isCompensatedReduction(op) ||
      isWideIntegerSum(op))
    return false;
  if (length < 64)
    return true;
  if (length > 256)
    return false;
  if (length % lanes != 0)
    return true;
  // 8- and 16-bit integers sum their lanes in i32 blocks, which whole rows
  // (an i64 tree) do not beat (256-wide i8 rows 0.59x).
  Type element = getElementTypeOrSelf(op.getDpsInputs()[0].getType());
  bool narrowInteger =
      element.isInteger() && element.getIntOrFloatBitWidth() <= 16;
  return vectorBits >= 512 && !narrowInteger;
}

/// The rows rmean-cpu-tile steps through (the last kept loop, into which
/// rmean-to-linalg merges adjacent kept dimensions; each thread takes a
/// share of them) and the row length, static or not; nullopt when the
/// loop before the row is not a kept one (a reduce-all).
static std::optional<std::pair<int64_t, int64_t>>
getSteppedRowsAndLength(linalg::GenericOp op) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  int64_t n = ranges.size();
  if (n < 2 || iterators[n - 2] != utils::IteratorType::parallel)
    return std::nullopt;
  return std::make_pair(ranges[n - 2], ranges.back());
}

/// The largest input taken to be read from a core's L2 (1-2 MB on current
/// x86 server cores; 1 MB on AMD Zen 4 and 5).
static constexpr int64_t kL2InputBytes = int64_t(1) << 20;
static constexpr int64_t kL2StepElements = 4096;
static constexpr int64_t kMinL2Steps = 4;

/// Rows per step for short rows that the lanes fit exactly (64, 128 or 256
/// elements, read whole on 512-bit targets) in a static input of at most
/// kL2InputBytes read by one thread: as many as make kL2StepElements per
/// step, halved until they divide the stepped rows into at least
/// kMinL2Steps steps; 0 (the rule of shortRowsPerStep) when that leaves
/// two or fewer. From L2 the two-row step is bound by its per-step work
/// (the merge of its lanes, the division, the finiteness test), not by the
/// reads; a wide step shares it among many rows. Measured on AMD Zen 5,
/// one thread, the same process, against two rows per step (results
/// bit-identical): f32 256-wide rows of 128 KB-1 MB 16 rows 1.4-1.85x
/// (256x256, bench case H, 1.4x), 128-wide 32 rows 1.5-1.9x, 64-wide 64
/// rows 1.15-1.5x; 256-wide i32 16 rows 1.3x, bf16 1.15x, f16 1.1x; 64x256
/// f32 (four steps of 16) 1.35x, 16x256 in 8-row steps 1.08x. From L3 it
/// does not pay (256-wide f32, 2 MB: 8 rows 1.04x, 16 rows 0.87x; 16 MB: 8
/// rows 0.91x), nor for padded rows (196 wide: 8 rows 0.72x; 49 wide: 16
/// rows 0.9x), nor as a single step or with a tail, whose rows are scalar
/// (16x256 f32 in one step of 16 rows 0.5x; 12x256 in steps of 8 0.12x):
/// hence one thread only, whose chunk is all the rows.
static int64_t l2RowsPerStep(linalg::GenericOp op, int64_t lanes,
                             int64_t vectorBits, int64_t threads) {
  auto rowsAndLength = getSteppedRowsAndLength(op);
  if (vectorBits < 512 || threads != 1 || !rowsAndLength ||
      rowsAndLength->second != lanes || lanes < 64 ||
      !isStaticInputBelow(op, kL2InputBytes + 1))
    return 0;
  int64_t rows = rowsAndLength->first;
  int64_t step =
      std::min(kL2StepElements / lanes, CPUStrategyAttr::kMaxRowsPerStep);
  while (step > 2 && (rows % step != 0 || rows / step < kMinL2Steps))
    step /= 2;
  return step > 2 ? step : 0;
}

/// Lanes of a short row: a power of two at least its length.
static int64_t shortRowLanes(linalg::GenericOp op, int64_t base) {
  return std::max<int64_t>(base,
                           llvm::PowerOf2Ceil(op.getStaticLoopRanges().back()));
}

/// Whether `op` sums signless (signed) 8-bit elements, sign-extended: whole
/// rows of them sum in i16 (rmean-cpu-vectorize).
static bool hasSignedByteRows(linalg::GenericOp op) {
  bool isUnsigned = true;
  return getElementTypeOrSelf(op.getDpsInputs()[0].getType())
             .isSignlessInteger(8) &&
         isExtendingIntegerSum(op, &isUnsigned) && !isUnsigned;
}

/// Rows per step of signed byte rows read as `lanes` (hasSignedByteRows):
/// 1024 / lanes, at most 64, halved (down to 8) while a static count of rows
/// holds no full step.
static int64_t signedByteRowsPerStep(linalg::GenericOp op, int64_t lanes) {
  int64_t rows = std::min<int64_t>(64, 1024 / lanes);
  // The count of rows, saturated at `rows` (no overflow); 0 when dynamic.
  int64_t count = 1;
  SmallVector<int64_t> sizes = op.getStaticLoopRanges();
  for (int64_t size : ArrayRef(sizes).drop_back())
    count =
        ShapedType::isDynamic(size) || count == 0
            ? 0
            : std::min<int64_t>(count * std::min<int64_t>(size, rows), rows);
  while (count != 0 && rows > 8 && count < rows)
    rows /= 2;
  return std::max<int64_t>(rows, 8);
}

/// Rows per step of short rows read as `lanes` (a power of two). Up to 64
/// lanes, 8 rows (measured on 49-wide rows: 8 rows 1.0-1.1x faster than
/// 16, about the same as 4). Wider steps spill: 32 registers' worth of
/// elements per step (Intel AVX-512, f32: 128 lanes 4 rows 1.2x faster
/// than 8 on 100-wide rows, 256 lanes 2 rows 1.5x faster than 8 and 1.2x
/// faster than 4 on 196-wide rows; AVX2 2 rows on 100-wide rows 1.4x
/// faster than 8), but at least 2 rows, whose tree shares its shuffles.
/// Rows the base lanes divide (read whole on 512-bit targets only) take
/// 256 elements per step: 64-wide f32 rows 1.6x the lanes with 4 rows per
/// step, 1.4x with 8 (which measured 0.87-0.9x on an AMD AVX-512 core).
/// Inputs that fit in a core's L2 take more rows per step when the lanes
/// are the row (l2RowsPerStep).
static int64_t shortRowsPerStep(linalg::GenericOp op, int64_t baseLanes,
                                int64_t lanes, int64_t vectorBits,
                                int64_t threads) {
  constexpr int64_t kShortRowsPerStep = 8;
  int64_t length = op.getStaticLoopRanges().back();
  if (int64_t rows = l2RowsPerStep(op, lanes, vectorBits, threads))
    return rows;
  int64_t stepElements = std::max<int64_t>(vectorBits, 256);
  if (length >= 64 && length % baseLanes == 0)
    stepElements = 256;
  else if (lanes <= 64 && vectorBits >= 512 && hasSignedByteRows(op))
    // Signed bytes sum in i16 (rmean-cpu-vectorize): 2 KiB of those lanes
    // per step share the tree's last shuffles, the division and the store
    // among more rows. AMD Zen 5, static pooling, against 8 rows: 3x3 (16
    // lanes, 64 rows) 1.9-2.1x, 5x5 (32 lanes, 32 rows) 1.0-1.3x, 7x7 (64
    // lanes, 16 rows) 1.18x. Zero-extended bytes stay in i32 and measured
    // 0.74-1.1x, so keep 8. A static count of rows too small for one such
    // step takes fewer (down to 8), so that its rows do not all stay scalar.
    return signedByteRowsPerStep(op, lanes);
  else if (lanes <= 64)
    return kShortRowsPerStep;
  return std::clamp<int64_t>(stepElements / lanes, 2, kShortRowsPerStep);
}

/// Rows that targets with fewer than 512 vector bits (AVX2: 16 registers of
/// 256 bits) read kNarrowTargetRowsPerStep at a time, each at the base
/// lanes: four independent input streams and accumulator chains, where
/// twice the lanes of one row spill. Measured on AVX2 (4096-wide rows, one
/// thread, against 16 lanes one row per step): f32 1.3-1.4x, f16 1.28x,
/// bf16 1.1x, i32 1.5x; 768-wide f32 rows 0.75-0.8x (so not them).
static constexpr int64_t kNarrowTargetRowsPerStep = 4;

static bool isLongRowOnNarrowTarget(linalg::GenericOp op, int64_t vectorBits) {
  int64_t length = op.getStaticLoopRanges().back();
  return vectorBits < 512 && ShapedType::isStatic(length) && length >= 4096 &&
         op.getNumLoops() > 1 && !isCompensatedReduction(op) &&
         !isWideIntegerSum(op);
}

/// f32 rows of kMidRowMin to kMidRowMax elements in a static input of at
/// least kMidRowInputBytes (read from L3 or memory) on 512-bit targets take
/// kNarrowTargetRowsPerStep rows per step at the base lanes, as long rows
/// do on AVX2: four input streams and accumulator chains where one row at
/// twice the lanes (with a software prefetch per line) keeps too few lines
/// in flight. Measured on AMD Zen 5 (one thread, the two called alternately
/// in one process, results bit-identical): 24 MB of rows 384-3072 wide
/// 1.06-1.29x, 1024 wide 0.90-1.16x (8192x768, the LayerNorm shape of cases E
/// and O-LN, 1.11-1.23x), but 640 wide 0.77-0.91x; 4-6 MB 0.97-1.2x
/// (768 1.17x); 64 MB 0.97-1.2x; two threads on 24 MB 1.04-1.2x. Not from L2 or
/// its edge (0.75-2 MB: 768 wide 0.9x, 1536 0.74x, 384 1.29x; 3 MB 768 1.0x,
/// 1024 0.89x), nor 4096-wide rows (64 MB 0.97x), which take four rows per
/// step only as row streams (isLongRowBeyondL3). The rows after each chunk's
/// last full step (a thread's, a 1024-row chunk's) are summed one element at
/// a time, so each thread must step at least
/// kMidRowMinRows rows (a static input of 4 MiB has at least 342); and a row
/// must be at least kMidRowMinSteps vectors of the lanes, not a few wide ones
/// (the `vector-size` option).
static constexpr int64_t kMidRowMin = 384;
static constexpr int64_t kMidRowMax = 3072;
static constexpr int64_t kMidRowInputBytes = int64_t(4) << 20;
static constexpr int64_t kMidRowMinRows = 64;
static constexpr int64_t kMidRowMinSteps = 24;

static bool isMidRowBeyondL2(linalg::GenericOp op, int64_t lanes,
                             int64_t vectorBits, int64_t threads) {
  auto rowsAndLength = getSteppedRowsAndLength(op);
  auto inTy = dyn_cast<ShapedType>(op.getDpsInputs()[0].getType());
  if (vectorBits < 512 || !rowsAndLength || !inTy || !inTy.hasStaticShape() ||
      !inTy.getElementType().isF32())
    return false;
  auto [rows, length] = *rowsAndLength;
  return length >= kMidRowMin && length <= kMidRowMax &&
         length >= kMidRowMinSteps * lanes &&
         rows >= kMidRowMinRows * std::max<int64_t>(threads, 1) &&
         !isStaticInputBelow(op, kMidRowInputBytes);
}

/// Static f32 (and i32, isLongRowBeyondL3) inputs of at least
/// `row-streams-bytes` (16 MiB by default: beyond a core's share of L3,
/// read from memory)
/// whose rows one thread steps four at a time (isMidRowBeyondL2,
/// isLongRowBeyondL3) take each step's rows from
/// four equal parts of a chunk's rows (`row_streams`): four input streams a
/// quarter of the chunk apart, where four adjacent rows are one stream to
/// the hardware prefetchers. A plain read of memory measured 1.15-1.25x
/// faster as four interleaved streams than as one on AMD Zen 5, and so did
/// the row means (one thread, called alternately in one process, against
/// the default before it, results bit-identical): 4096x4096 1.18-1.21x,
/// 2048x8192 1.19x, 8192x2048 1.20x, 2048x3072 1.15x, 16384x1024 1.15x,
/// 4096x1536 1.10x, 8192x768 1.11x (against four adjacent rows), 256x65536
/// 1.11x; 16 MB (1024x4096) 1.05x; 8 MB (512x4096) 1.0x, hence the bound.
/// Two threads each stream their half of the rows (f32 against the
/// two-thread default, same process: 4096x4096 1.13-1.20x, 8192x3136
/// 1.08-1.13x, 8192x768 1.05-1.26x, 2048x2048 1.08x, on a day when one
/// thread gained nothing from streams), when the rows divide
/// into whole steps per thread (hasStreamableChunks). More threads are not
/// measured (each already adds a stream), nor are Intel cores.
static constexpr int64_t kRowStreamsMaxThreads = 2;

/// Whether rmean-cpu-tile's chunks of `op`'s stepped rows have a static
/// size that steps of kNarrowTargetRowsPerStep divide: on one thread all
/// the rows in one chunk, or a multiple of the chunks; on several, each
/// thread's share of the rows (any other count leaves chunks of a run-time
/// size, which take adjacent rows).
static bool hasStreamableChunks(linalg::GenericOp op, int64_t threads) {
  auto rowsAndLength = getSteppedRowsAndLength(op);
  if (!rowsAndLength)
    return false;
  int64_t rows = rowsAndLength->first, chunk = CPUStrategyAttr::kInnerChunkRows;
  if (ShapedType::isDynamic(rows) || rows % kNarrowTargetRowsPerStep != 0)
    return false;
  // Threads split the first loop, and the split has no 1024-row chunks
  // (those carry the division on one thread only).
  if (threads > 1)
    return op.getNumLoops() == 2 &&
           rows % (threads * kNarrowTargetRowsPerStep) == 0;
  // Fewer rows than a chunk are one chunk only when no kept dimension
  // precedes them (rmean-to-linalg coalesces static ones away); else each
  // chunk is a slice of a run-time size.
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  bool oneChunk =
      rows <= chunk && llvm::all_of(ArrayRef<int64_t>(ranges).drop_back(2),
                                    [](int64_t r) { return r == 1; });
  return oneChunk || rows % chunk == 0;
}

/// f32 rows longer than kMidRowMax, and i32 rows of at least kMidRowMin
/// elements on one thread or longer than kMidRowMax on two (both at least
/// kMidRowMinSteps vectors of the lanes), in a
/// static input of at least `row-streams-bytes`, on 512-bit targets and
/// at most kRowStreamsMaxThreads threads, each stepping at least
/// kMidRowMinRows rows, whose chunks divide
/// into steps of kNarrowTargetRowsPerStep (hasStreamableChunks): four rows
/// per step at the base lanes, in row streams (above). Four adjacent rows
/// measured no faster than one row at twice the lanes (f32 4096x4096 0.97x;
/// i32 8192x768 0.82x, 4096x4096 1.0x), so the streams must apply. i32 rows
/// in streams, against the default before (same process): 4096x4096 1.26x,
/// 2048x8192 1.24x, 8192x768 1.08x. f16 and bf16 rows, bound by their
/// conversion, gain nothing (4096x4096 bf16 0.97x, f16 0.68x).
static bool isLongRowBeyondL3(linalg::GenericOp op, int64_t lanes,
                              int64_t vectorBits, int64_t threads,
                              int64_t streamsBytes) {
  auto rowsAndLength = getSteppedRowsAndLength(op);
  auto inTy = dyn_cast<ShapedType>(op.getDpsInputs()[0].getType());
  if (vectorBits < 512 || threads > kRowStreamsMaxThreads || !rowsAndLength ||
      !inTy || !inTy.hasStaticShape())
    return false;
  Type element = inTy.getElementType();
  int64_t minLength;
  // i32 rows of mid length on two threads gained nothing (8192x768
  // 0.93-0.96x, 2048x2048 0.98-1.0x; 2048x8192 1.11-1.17x, 4096x4096
  // 1.12-1.15x).
  if (element.isF32())
    minLength = kMidRowMax + 1;
  else if (element.isInteger(32))
    minLength = threads > 1 ? kMidRowMax + 1 : kMidRowMin;
  else
    return false;
  auto [rows, length] = *rowsAndLength;
  return length >= minLength && length >= kMidRowMinSteps * lanes &&
         rows >= kMidRowMinRows * std::max<int64_t>(threads, 1) &&
         hasStreamableChunks(op, threads) &&
         !isStaticInputBelow(op, streamsBytes);
}

/// A reduce-all (one loop) of static f32 or i32 elements in an input of
/// at least `row-streams-bytes`, on a 512-bit target, whose length each
/// thread's chunk divides into kNarrowTargetRowsPerStep parts of at least
/// kMidRowMinSteps vectors of the lanes: read as row streams, one per part
/// (rmean-cpu-tile splits each chunk into that many partial sums, summed in
/// part order), four rows of one step at the base lanes. Measured on AMD
/// Zen 5 (the same process, against the default of one stream at twice the
/// lanes), one thread: f32 64M elements (case G) 1.14x, 16M 1.15-1.23x, 4M
/// (16 MB, partly from L3) 1.04-1.14x; i32 16M 1.35x. Two threads, each
/// streaming its half: f32 64M 1.06-1.09x, 16M 1.10-1.13x, 4M 1.04-1.21x;
/// i32 16M 0.98-1.08x, hence f32 only there. The parts' sums meet in f64
/// (or i64), as the threads' partial sums of a reduce-all do.
static bool isReduceAllBeyondL3(linalg::GenericOp op, int64_t lanes,
                                int64_t vectorBits, int64_t threads,
                                int64_t streamsBytes) {
  auto inTy = dyn_cast<ShapedType>(op.getDpsInputs()[0].getType());
  // f32 and i32 sums are plain ones (f64, i64), never the compensated or
  // exact 64-bit lanes.
  if (vectorBits < 512 || threads > kRowStreamsMaxThreads ||
      op.getNumLoops() != 1 || op.getNumReductionLoops() != 1 || !inTy ||
      !inTy.hasStaticShape())
    return false;
  Type element = inTy.getElementType();
  if (!element.isF32() && !(element.isInteger(32) && threads == 1))
    return false;
  int64_t length = op.getStaticLoopRanges().front();
  int64_t parts = kNarrowTargetRowsPerStep * std::max<int64_t>(threads, 1);
  return length % parts == 0 && length / parts >= kMidRowMinSteps * lanes &&
         !isStaticInputBelow(op, streamsBytes);
}

/// Whether the last, partial step of an "inner" row whose length is only
/// known at run time is one masked vector (`masked_tail`): on targets with
/// masked loads of the element type (512-bit ones; 256-bit ones for 32-
/// and 64-bit elements), where the masked load is one instruction. The
/// element-by-element tail it replaces costs up to `vector_size - 1`
/// dependent additions per row: fully dynamic 7x7 pooling (`?x?x?x?` over
/// (2, 3), rows of 49 of 64x2048 images), AMD Zen 5, one thread, the two
/// called alternately in one process: f32 1.31x, f16 1.40x, bf16 1.65x, i32
/// 1.84x, i8 2.38x; 4096x4095 f32 rows 1.03x. Elsewhere LLVM splits the
/// masked load into one branch per lane: bf16 in 256-bit code 0.37x.
/// Compensated and exact 64-bit sums take lanes of their own (no tail).
static bool wantsMaskedTail(linalg::GenericOp op, CPUStrategyKind kind,
                            int64_t vectorBits) {
  if (kind != CPUStrategyKind::Inner || op.getNumDpsInputs() != 1 ||
      ShapedType::isStatic(op.getStaticLoopRanges().back()) ||
      isCompensatedReduction(op) || isWideIntegerSum(op))
    return false;
  Type element = getElementTypeOrSelf(op.getDpsInputs()[0].getType());
  if (auto complexType = dyn_cast<ComplexType>(element))
    element = complexType.getElementType();
  if (!element.isIntOrFloat())
    return false;
  return vectorBits >= 512 ||
         (vectorBits >= 256 && element.getIntOrFloatBitWidth() >= 32);
}

/// Rows of a run-time length up to which `rmean.cpu_short_rows` reads them
/// whole: the longest that static rows are read whole at eight rows per
/// step (shortRowsPerStep), 7x7 pooling's 49 among them.
static constexpr int64_t kShortRowsMaxLength = 64;

/// Elements whose rows rmean.cpu_short_rows reads faster (shortRowsStep).
static bool isShortRowsElement(Type element) {
  return isa<FloatType>(element) ||
         (element.isInteger() && element.getIntOrFloatBitWidth() <= 16);
}

/// The whole-row step of float and 8- or 16-bit integer rows whose length
/// is only known at run time
/// (`rmean.cpu_short_rows`, chosen by rmean-cpu-tile when the rows hold
/// at most kShortRowsMaxLength elements): eight rows per step, each read as
/// one masked vector of kShortRowsMaxLength lanes and summed with one
/// shared tree (in f32 blocks, rmean-narrow-accumulators), as static rows
/// that short are read, on 512-bit targets. Split into lanes, such rows
/// pay a lane set-up, a masked tail and a merge per row. Fully dynamic
/// pooling on AMD Zen 5, one thread, the two called alternately in one
/// process, against the lanes with masked tails: 7x7 f32 1.4x, f16 1.5x,
/// bf16 3.1x, 3x3 f32 5.6x (against scalar tails), 8x8 f32 2.6x; two
/// threads 7x7 f32 1.3x. 8- and 16-bit integer rows sum in i16 or i32
/// (rmean-cpu-vectorize narrows the rows' i64 sums, which a row of 64
/// lanes cannot leave): fully dynamic pooling against masked tails (both
/// dividing without an integer division, docs/ReduceMean.md §4.2): 7x7 i8
/// and ui8 4.2x, i16 and ui16 2.4-2.5x, 3x3 i8 3.8x, 8x8 i8 2.5x. Not
/// taken: 256-bit code (AVX2, 7x7 f32 0.5x: the 64-lane step spills 16
/// registers) and 32- and 64-bit integers (i32 rows, summed in i64 lanes,
/// 0.7x).
static CPUShortRowsAttr shortRowsStep(linalg::GenericOp op,
                                      CPUStrategyAttr strategy,
                                      int64_t vectorBits) {
  if (vectorBits < 512 || !strategy.getMaskedTail() ||
      op.getNumReductionLoops() != 1 ||
      op.getIteratorTypesArray().back() != utils::IteratorType::reduction ||
      op.getNumLoops() < 2 ||
      !isShortRowsElement(getElementTypeOrSelf(op.getDpsInputs()[0].getType())))
    return {};
  MLIRContext *ctx = op.getContext();
  auto step = CPUStrategyAttr::get(
      ctx, CPUStrategyKind::Inner, kShortRowsMaxLength, strategy.getCacheTile(),
      strategy.getThreads(),
      std::min<int64_t>(8, CPUStrategyAttr::kMaxStepElements /
                               kShortRowsMaxLength),
      /*rowBlocks=*/false, /*rowStreams=*/false, /*maskedTail=*/false);
  return CPUShortRowsAttr::get(ctx, kShortRowsMaxLength, step);
}

/// Whether the "inner" step of `rows` rows takes them as row streams.
static bool wantsRowStreams(linalg::GenericOp op, CPUStrategyKind kind,
                            int64_t rows, int64_t lanes, int64_t vectorBits,
                            int64_t threads, int64_t streamsBytes) {
  if (kind != CPUStrategyKind::Inner || rows != kNarrowTargetRowsPerStep)
    return false;
  if (isReduceAllBeyondL3(op, lanes, vectorBits, threads, streamsBytes))
    return true;
  if (threads > kRowStreamsMaxThreads || !hasStreamableChunks(op, threads))
    return false;
  return isLongRowBeyondL3(op, lanes, vectorBits, threads, streamsBytes) ||
         (isMidRowBeyondL2(op, lanes, vectorBits, threads) &&
          !isStaticInputBelow(op, streamsBytes));
}

/// The row streams of a row reduction whose sizes are only known at run
/// time (`rmean.cpu_large_input`, chosen by rmean-cpu-tile at run time): the
/// step of four rows at the base lanes in streams, for the inputs on which
/// static shapes take it (an input of at least `row-streams-bytes`, rows
/// of kMidRowMin or more elements, or of more than kMidRowMax for i32 rows
/// on two threads, and at least kMidRowMinSteps vectors of the lanes; at
/// least kMidRowMinRows rows per thread), on 512-bit targets and one or two
/// threads; any rows count, since rmean-cpu-tile streams the rows of a
/// chunk's whole steps. Static shapes choose at compile time (above).
/// Measured against the dynamic-shape default (one row per step at twice
/// the lanes), same process, AMD Zen 5: see wantsRowStreams's figures for
/// the static kernels, which the dynamic ones match.
static CPULargeInputAttr largeInputStreams(linalg::GenericOp op,
                                           CPUStrategyAttr strategy,
                                           int64_t lanes, int64_t vectorBits,
                                           int64_t streamsBytes) {
  auto inTy = dyn_cast<ShapedType>(op.getDpsInputs()[0].getType());
  int64_t threads = strategy.getThreads();
  if (strategy.getKind() != CPUStrategyKind::Inner || vectorBits < 512 ||
      threads > kRowStreamsMaxThreads || !inTy || inTy.hasStaticShape() ||
      op.getNumLoops() != 2 || !getSteppedRowsAndLength(op) ||
      isCompensatedReduction(op) || isWideIntegerSum(op) ||
      strategy.getRowsPerStep() != 1)
    return {};
  Type element = inTy.getElementType();
  int64_t minLength;
  if (element.isF32())
    minLength = kMidRowMin;
  else if (element.isInteger(32))
    minLength = threads > 1 ? kMidRowMax + 1 : kMidRowMin;
  else
    return {};
  minLength = std::max(minLength, kMidRowMinSteps * lanes);
  auto [rows, length] = *getSteppedRowsAndLength(op);
  int64_t minRows = kMidRowMinRows * threads;
  if ((ShapedType::isStatic(length) && length < minLength) ||
      (ShapedType::isStatic(rows) && rows < minRows))
    return {};
  MLIRContext *ctx = op.getContext();
  auto streams = CPUStrategyAttr::get(
      ctx, CPUStrategyKind::Inner, lanes, strategy.getCacheTile(), threads,
      kNarrowTargetRowsPerStep, /*rowBlocks=*/false, /*rowStreams=*/true,
      strategy.getMaskedTail());
  return CPULargeInputAttr::get(ctx, streamsBytes, minLength, minRows, streams);
}

/// `rows` per outer step, or a few fewer (down to three quarters of them)
/// when that divides the static count of reduced rows and `rows` does not:
/// the rows left after the last whole step are added one at a time, each a
/// pass over the accumulator row. 7x7 NHWC pooling (49 rows of 2048
/// channels, AMD Zen 5, one thread, the two called alternately in one
/// process): 7 rows per step 1.03x 8 in f32, 1.05-1.08x in bf16.
static int64_t fitRowsToReduction(linalg::GenericOp op, int64_t rows) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (ranges.size() < 2 ||
      iterators[ranges.size() - 2] != utils::IteratorType::reduction)
    return rows;
  int64_t extent = ranges[ranges.size() - 2];
  if (ShapedType::isDynamic(extent) || extent <= 0 || extent % rows == 0)
    return rows;
  for (int64_t fewer = rows - 1; 4 * fewer >= 3 * rows; --fewer)
    if (extent % fewer == 0)
      return fewer;
  return rows;
}

/// Whether `op` sums f16 or bf16 elements. One row per step widens each
/// vector to f32 and adds it to the f64 accumulator row; eight add in f32
/// first (rmean-narrow-accumulators), one f64 update per eight rows. That
/// is the faster step at any width and vector size (AMD Zen 5, one thread,
/// the two called alternately in one process, 8 rows against 1: bf16
/// columns 64-1024 wide 2.0-3.3x, 32x512x768 bf16 sequence means 1.5-1.8x,
/// 512-wide f16 2.5x; 256-bit code, 7x7 and 56x56 NHWC pooling of 64 and
/// 256 channels: bf16 1.7-2.1x, f16 2.1-2.3x). f32 rows narrower than 2048
/// stay at one row per step (512 bits: 256 and 768 wide 0.78-0.86x with 8).
static bool isHalfFloatSum(linalg::GenericOp op) {
  Type element = getElementTypeOrSelf(op.getDpsInputs()[0].getType());
  return element.isF16() || element.isBF16();
}

/// Whether `op` sums 8-bit integers (signless, signed or unsigned): a step
/// of several rows adds them in 16-bit lanes before one update of the wide
/// accumulator row, which pays at any width (AMD Zen 5, one thread, the two
/// called alternately in one process, 7 or 8 rows against 1: 7x7 and 56x56
/// NHWC pooling of 64, 256 and 768 channels 1.09-3.2x at 512 bits, 1.6-3.5x
/// in 256-bit code). 16- to 64-bit integers gain on some widths and lose on
/// others (0.71-1.6x), so they keep the width rule.
static bool isByteSum(linalg::GenericOp op) {
  return getElementTypeOrSelf(op.getDpsInputs()[0].getType()).isInteger(8);
}

/// Rows an "outer" step adds before updating the accumulator row. Summing
/// eight rows first (in f32 with rmean-narrow-accumulators) cuts the
/// accumulator traffic, which pays on long rows (measured on 4096-wide
/// columns: 4 rows 1.1-1.3x faster than 1, 8 rows 1.07-1.3x faster than 4,
/// 16 rows no faster); on f32 rows of 1024 or fewer the interleaved input
/// streams measured slower than one (0.6-0.9x) on AMD cores, but not on
/// Intel ones (16-bit floats: see isHalfFloatSum), hence `outerRows` (0:
/// this width rule; else that many rows for every outer reduction but
/// compensated sums and narrow columns, which keep their own lane layouts).
static int64_t rowsPerStep(linalg::GenericOp op, CPUStrategyKind kind,
                           int64_t lanes, int64_t vectorBits, int64_t outerRows,
                           int64_t threads, int64_t streamsBytes) {
  if (kind == CPUStrategyKind::Inner && isShortRow(op, lanes, vectorBits))
    return shortRowsPerStep(op, lanes, shortRowLanes(op, lanes), vectorBits,
                            threads);
  if (kind == CPUStrategyKind::Inner &&
      (isLongRowOnNarrowTarget(op, vectorBits) ||
       isMidRowBeyondL2(op, lanes, vectorBits, threads) ||
       isLongRowBeyondL3(op, lanes, vectorBits, threads, streamsBytes) ||
       isReduceAllBeyondL3(op, lanes, vectorBits, threads, streamsBytes)))
    return kNarrowTargetRowsPerStep;
  // Other inner rows are processed one at a time: grouping four adjacent
  // rows (supported, see rmean-cpu-tile) measured no faster there (4096
  // wide, or read from L2); as row streams they do (isLongRowBeyondL3).
  // Compensated sums take one row per step (their tile must be an
  // elementwise update to vectorise, see rmean-cpu-tile).
  if (kind != CPUStrategyKind::Outer || isCompensatedReduction(op))
    return 1;
  if (outerRows != 0 && !hasNarrowColumns(op, lanes))
    return fitRowsToReduction(op, outerRows);
  int64_t width = op.getStaticLoopRanges().back();
  if (ShapedType::isDynamic(width) || width >= 2048 ||
      ((isHalfFloatSum(op) || isByteSum(op)) && !hasNarrowColumns(op, lanes)))
    return fitRowsToReduction(op, 8);
  return 1;
}

/// Lanes of an "inner" strategy. Each accumulator register takes one add
/// per iteration, so with `base` (16) f64 lanes a long f32 row is bound by
/// the add latency rather than by memory; rows of static length >= 512, or
/// dynamic, get twice the lanes (measured: 4096-wide f32 rows 0.8x -> 0.9x
/// of the read ceiling, 768-wide 1.0-1.35x, 512-wide 1.05x). Shorter rows
/// keep `base`: their per-row merge grows with the lanes (measured the
/// same or slower on 256-wide rows split into lanes). Short rows (isShortRow)
/// get a power of two at least their length, so that each is read whole. Four
/// times the lanes measured 0.65x on 4096-wide f16 rows and 0.86x on 3136-wide
/// f32 rows. Rows read several per step (isLongRowOnNarrowTarget,
/// isMidRowBeyondL2, isLongRowBeyondL3, and the quarters of
/// isReduceAllBeyondL3) keep `base`: the rows are the independent chains.
static int64_t innerLanes(linalg::GenericOp op, int64_t base,
                          int64_t vectorBits, int64_t threads,
                          int64_t streamsBytes) {
  int64_t length = op.getStaticLoopRanges().back();
  if (isShortRow(op, base, vectorBits))
    return shortRowLanes(op, base);
  if (isLongRowOnNarrowTarget(op, vectorBits) ||
      isMidRowBeyondL2(op, base, vectorBits, threads) ||
      isLongRowBeyondL3(op, base, vectorBits, threads, streamsBytes) ||
      isReduceAllBeyondL3(op, base, vectorBits, threads, streamsBytes))
    return base;
  // A compensated step is seven operations on each vector, so its rows are
  // bound by the loads, not by the add latency that the doubling hides;
  // twice the lanes only double the per-row merge of the lanes (measured:
  // 4096- and 1024-wide f64 rows 1.07-1.10x faster with base lanes).
  if (isCompensatedReduction(op))
    return base;
  if (ShapedType::isStatic(length) && length < 512)
    return base;
  return std::min(base * 2, CPUStrategyAttr::kMaxVectorSize);
}

/// Lanes of an "outer" strategy. Columns that fill at most half of `base`
/// lanes (complex parts: 2) are read as several rows per vector
/// (rmean-cpu-tile), one accumulator register per `base` lanes: long
/// reductions get twice the lanes, two independent add chains, as long
/// "inner" rows do. Compensated and exact 64-bit sums keep `base` (their
/// lanes hold two accumulators each).
static int64_t outerLanes(linalg::GenericOp op, int64_t base) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t columns = ranges.back(), rows = ranges[ranges.size() - 2];
  // 8- and 16-bit integers: a step reads a 64-byte line of each row (its
  // rows summed exactly in i16 or i32 by rmean-narrow-accumulators) rather
  // than 16 or 32 bytes. Measured on 4096x4096 i8 columns (Intel AVX-512,
  // same process, with i16 row sums): 64 lanes 1.12x 16 lanes.
  Type element = getElementTypeOrSelf(op.getDpsInputs()[0].getType());
  if (element.isInteger() && element.getIntOrFloatBitWidth() <= 16 &&
      !isWideIntegerSum(op)) {
    int64_t wide = std::min(
        base * 32 / int64_t(std::max(8u, element.getIntOrFloatBitWidth())),
        CPUStrategyAttr::kMaxVectorSize);
    if (ShapedType::isDynamic(columns) || columns >= wide)
      return wide;
  }
  // bf16: twice the lanes, a 512-bit vector of each row per step on
  // AVX-512, whose rows rmean-narrow-accumulators widens two elements at a
  // time (NHWC 64x7x7x2048 bf16 pooling 1.11x from L3, 1.2-1.29x from L2;
  // 64 lanes no faster). On AVX2 the 16 lanes measured as fast as 8.
  if (element.isBF16() &&
      (ShapedType::isDynamic(columns) || columns >= 2 * base))
    return std::min(base * 2, CPUStrategyAttr::kMaxVectorSize);
  if (!hasNarrowColumns(op, base) || isCompensatedReduction(op) ||
      isWideIntegerSum(op))
    return base;
  if (ShapedType::isStatic(rows) && rows * columns < 512)
    return base;
  return std::min(base * 2, CPUStrategyAttr::kMaxVectorSize);
}

/// Threads for a reduction: inputs of a statically known size below
/// `minBytes` (1 MiB by default) stay on one thread, and so do empty ones.
/// Starting and joining an OpenMP team costs tens of microseconds, more
/// than reading such an input takes (measured: a 256x256 f32 mean, 1.7 us
/// on one thread, took 50 us on two).
static int64_t threadsFor(linalg::GenericOp op, int64_t numThreads,
                          int64_t minBytes) {
  if (numThreads <= 1 || op.getNumDpsInputs() != 1)
    return numThreads;
  auto inTy = dyn_cast<ShapedType>(op.getDpsInputs()[0].getType());
  if (inTy && inTy.hasStaticShape() && llvm::is_contained(inTy.getShape(), 0))
    return 1;
  return isStaticInputBelow(op, minBytes) ? 1 : numThreads;
}

/// Kept elements per cache tile: `cacheTile` (at least `lanes`), twice that
/// for outer reductions of 8- and 16-bit elements over more columns (or a
/// run-time count), whose tile rows are otherwise 1 or 2 KB of each input
/// row (measured on 4096x4096 columns, Intel AVX-512, one thread: i8 and
/// bf16 1.10x with 2048 columns, 4096 no faster; i32 1.01x; 49-row NHWC
/// bf16 pooling 1.00x). Compensated f64 columns get four times as many:
/// each input vector costs seven vector operations there, and 8 KB row
/// segments kept the loop 10-20% below 32 KB ones (4096x4096 1.19x,
/// 2048x8192 1.14x, 8192x2048 with 2048 columns 1.14x; the 64 KB sum and
/// compensation slices stay in L2); i64 halves gained 1.04x, too little to
/// leave the default.
///
/// One row per step (`rows` 1) reads each input row whole as one tile when
/// its accumulator row takes at most kWholeRowAccumulatorBytes: a tile
/// narrower than the row turns one sequential stream into row segments a
/// row's length apart, which the hardware prefetchers follow badly, while
/// the accumulator row stays in L1 or L2 either way. Measured on AMD Zen 5
/// (one thread, the two called alternately in one process, one row per
/// step, whole rows against 1024-column tiles): f32 columns 1152-4096 wide
/// 1.5-2.0x (from the cache and from memory), 8192 wide 1.1-1.3x, 16384
/// and 65536 no faster; 1536-wide i32 1.6-1.9x; 8192-wide compensated f64
/// against 4096-column tiles 1.02-1.05x. (Two equal tiles of 768 columns
/// measured 0.5x a whole 1536-column row.)
static constexpr int64_t kWholeRowAccumulatorBytes = 64 * 1024;

static int64_t cacheTileFor(linalg::GenericOp op, CPUStrategyKind kind,
                            int64_t cacheTile, int64_t lanes, int64_t rows) {
  int64_t tile = std::max(cacheTile, lanes);
  Type element = getElementTypeOrSelf(op.getDpsInputs()[0].getType());
  int64_t columns = op.getStaticLoopRanges().back();
  if (kind != CPUStrategyKind::Outer ||
      !(ShapedType::isDynamic(columns) || columns > tile))
    return tile;
  Type accumulator = getElementTypeOrSelf(op.getDpsInits()[0].getType());
  int64_t scale = 1;
  if (isCompensatedReduction(op))
    scale = 4;
  else if (element.isIntOrFloat() && element.getIntOrFloatBitWidth() <= 16)
    scale = 2;
  // i32 accumulators (rmean-narrow-integer-sums) take half the bytes per
  // column: twice the columns again keep the same accumulator slice (4096
  // i8 columns: 1.12x over 2048; i16 1.05x).
  if (accumulator.isInteger(32))
    scale *= 2;
  tile = std::min(scale * tile, CPUStrategyAttr::kMaxCacheTile);
  if (rows == 1 && ShapedType::isStatic(columns) && columns > tile &&
      accumulator.isIntOrFloat() &&
      columns * int64_t(accumulator.getIntOrFloatBitWidth() / 8) <=
          kWholeRowAccumulatorBytes)
    return columns;
  return tile;
}

/// Checks one pass option against the range the strategy attribute
/// accepts.
static LogicalResult checkOption(Operation *op, StringRef name, int64_t value,
                                 int64_t max) {
  if (value >= 1 && value <= max)
    return success();
  return op->emitError() << "rmean-select-cpu-strategy: option '" << name
                         << "' must be in [1, " << max << "], got " << value;
}

namespace {
struct RmeanSelectCPUStrategyPass
    : rmean::impl::RmeanSelectCPUStrategyPassBase<RmeanSelectCPUStrategyPass> {
  using Base::Base;
  void runOnOperation() override {
    Operation *func = getOperation();
    if (failed(checkOption(func, "vector-size", vectorSize,
                           CPUStrategyAttr::kMaxVectorSize)) ||
        failed(checkOption(func, "cache-tile", cacheTile,
                           CPUStrategyAttr::kMaxCacheTile)) ||
        failed(checkOption(func, "num-threads", numThreads,
                           CPUStrategyAttr::kMaxThreads)))
      return signalPassFailure();
    // Up to 2^31, so that a byte count below the bound times a size below
    // it cannot overflow (rmean-cpu-tile's run-time test multiplies so).
    auto checkBytes = [&](StringRef name, int64_t value) {
      if (value >= 0 && value <= CPUStrategyAttr::kMaxMinThreadedBytes)
        return success();
      func->emitError() << "rmean-select-cpu-strategy: option '" << name
                        << "' must be in [0, "
                        << CPUStrategyAttr::kMaxMinThreadedBytes << "], got "
                        << value;
      return failure();
    };
    if (failed(checkBytes("min-threaded-bytes", minThreadedBytes)) ||
        failed(checkBytes("row-streams-bytes", rowStreamsBytes)))
      return signalPassFailure();
    if (outerRowsPerStep < 0 ||
        outerRowsPerStep > CPUStrategyAttr::kMaxRowsPerStep) {
      func->emitError() << "rmean-select-cpu-strategy: option "
                           "'outer-rows-per-step' must be 0 (by width) or in "
                           "[1, "
                        << CPUStrategyAttr::kMaxRowsPerStep << "], got "
                        << int64_t(outerRowsPerStep);
      return signalPassFailure();
    }
    MLIRContext *ctx = &getContext();
    getOperation().walk([&](linalg::GenericOp op) {
      if (!hasMarker<RmeanDialect::ReductionAttrHelper>(op))
        return;
      if (getCPUStrategy(op)) {
        LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": keeps the strategy written "
                                              "on "
                                << op << "\n");
        return;
      }
      CPUStrategyKind kind = getFittingCPUStrategyKind(op);
      int64_t threads = threadsFor(op, numThreads, minThreadedBytes);
      int64_t lanes = kind == CPUStrategyKind::Inner
                          ? innerLanes(op, vectorSize, targetVectorBits,
                                       threads, rowStreamsBytes)
                      : kind == CPUStrategyKind::Outer
                          ? outerLanes(op, vectorSize)
                          : vectorSize;
      // Wide lanes take fewer rows per step, within the attribute's bound.
      int64_t rows =
          std::min(rowsPerStep(op, kind, vectorSize, targetVectorBits,
                               outerRowsPerStep, threads, rowStreamsBytes),
                   CPUStrategyAttr::kMaxStepElements / lanes);
      int64_t tile = cacheTileFor(op, kind, cacheTile, vectorSize, rows);
      auto strategy = CPUStrategyAttr::get(
          ctx, kind, lanes, tile, threads, rows,
          // `row_blocks` (whole f16/bf16 rows one after the other into a
          // row of f32 partial sums kept in registers) measured faster than
          // the interleaved step on AMD Zen 4 before the interleaved bf16
          // step widened two elements per 32-bit word; on Zen 5 it is slower
          // at every width (one thread, same process, the same rows per
          // step: bf16 64-512 channels of 7x7 and 56x56 NHWC pooling
          // 1.3-2.5x faster without it; f16 0.95-1.5x, 1.5x at 512 channels
          // where the partial row spills), so only a strategy written by
          // hand takes it.
          /*rowBlocks=*/false,
          wantsRowStreams(op, kind, rows, vectorSize, targetVectorBits, threads,
                          rowStreamsBytes),
          wantsMaskedTail(op, kind, targetVectorBits));
      setCPUStrategy(op, strategy);
      if (CPULargeInputAttr large = largeInputStreams(
              op, strategy, vectorSize, targetVectorBits, rowStreamsBytes))
        setCPULargeInput(op, large);
      if (CPUShortRowsAttr shortRows =
              shortRowsStep(op, strategy, targetVectorBits))
        setCPUShortRows(op, shortRows);
    });
  }
};
} // namespace
