//===- SelectGPUStrategy.cpp - choose the GPU strategy of reductions ------===//
//
// Records, per rmean reduction, how rmean-gpu-distribute maps it to blocks
// and threads (see the pass description). The decision is an attribute so
// that it is testable on its own and overridable by hand or by a tuner.
//
//===----------------------------------------------------------------------===//

#include "rmean/Transforms/Passes.h"

#include "ReductionLayout.h"

#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANSELECTGPUSTRATEGYPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

/// Blocks that keep an H100/H200-class GPU (132 SMs) busy: two per SM. A
/// fixed number, not the device's, so that the chunking (and therefore the
/// result's bits) does not depend on the GPU a program runs on.
static constexpr int64_t kTargetBlocks = 264;
/// Fewest elements a chunk of a split row (inner) gets: below that the
/// partial-sum pass costs more than the parallelism it gains.
static constexpr int64_t kMinInnerChunk = 16384;
/// Fewest reduced rows a chunk of a split column (outer) gets.
static constexpr int64_t kMinOuterChunk = 256;
/// Rows shorter than this get a warp each rather than a block.
static constexpr int64_t kWarpRowLimit = 1024;

static int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

/// Bytes of one input element, or 0 when it cannot be loaded as part of a
/// vector (complex).
static int64_t vectorElementBytes(Type element) {
  if (!element.isIntOrFloat())
    return 0;
  return std::max<int64_t>(1, element.getIntOrFloatBitWidth() / 8);
}

namespace {
struct RmeanSelectGPUStrategyPass
    : rmean::impl::RmeanSelectGPUStrategyPassBase<RmeanSelectGPUStrategyPass> {
  using Base::Base;

  GPUStrategyAttr choose(linalg::GenericOp op) {
    GPUStrategyKind kind = getFittingGPUStrategyKind(op);
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    // Outputs (the kept extents), when all are static.
    std::optional<int64_t> outputs = 1;
    for (auto [size, it] : llvm::zip(ranges, iterators)) {
      if (it != utils::IteratorType::parallel)
        continue;
      if (ShapedType::isDynamic(size) || !outputs ||
          *outputs > (int64_t(1) << 40))
        outputs = std::nullopt;
      else
        outputs = *outputs * size;
    }
    int64_t threads = 1, items = 1, blocks = 1;
    if (kind == GPUStrategyKind::Inner) {
      int64_t row = ranges.back();
      threads = ShapedType::isStatic(row) && row < kWarpRowLimit
                    ? GPUStrategyAttr::kWarpSize
                    : blockSize;
      Type element = getElementTypeOrSelf(op.getDpsInputs()[0].getType());
      int64_t bytes = vectorElementBytes(element);
      // A 128-bit load needs rows whose length keeps every row start as
      // aligned as the (cuMemAlloc'ed, 256-byte aligned) base.
      if (itemsPerThread != 0) {
        items = itemsPerThread;
      } else if (bytes != 0 && ShapedType::isStatic(row)) {
        items =
            std::min<int64_t>(16 / bytes, GPUStrategyAttr::kMaxItemsPerThread);
        while (items > 1 && row % items != 0)
          items /= 2;
      }
      if (blocksPerOutput != 0) {
        blocks = blocksPerOutput;
      } else if (outputs && ShapedType::isStatic(row)) {
        int64_t rowsPerBlock = blockSize / threads;
        int64_t used = ceilDiv(*outputs, rowsPerBlock);
        if (used < kTargetBlocks && row >= 2 * kMinInnerChunk)
          blocks = std::clamp<int64_t>(
              std::min(ceilDiv(kTargetBlocks, std::max<int64_t>(used, 1)),
                       row / kMinInnerChunk),
              1, GPUStrategyAttr::kMaxBlocksPerOutput);
      } else if (outputs && *outputs == 1) {
        // A reduce-all of unknown size: assume it is large.
        blocks = kTargetBlocks;
      }
    } else if (kind == GPUStrategyKind::Outer) {
      if (blocksPerOutput != 0) {
        blocks = blocksPerOutput;
      } else {
        int64_t reduced = 1;
        for (auto [size, it] : llvm::zip(ranges, iterators))
          if (it == utils::IteratorType::reduction)
            reduced = size;
        // A thread per (output, chunk): enough chunks that the threads
        // fill kTargetBlocks blocks, each chunk at least kMinOuterChunk
        // rows.
        int64_t targetThreads = kTargetBlocks * blockSize;
        if (outputs && *outputs > 0 && *outputs < targetThreads &&
            ShapedType::isStatic(reduced) && reduced >= 2 * kMinOuterChunk)
          blocks =
              std::clamp<int64_t>(std::min(ceilDiv(targetThreads, *outputs),
                                           reduced / kMinOuterChunk),
                                  1, GPUStrategyAttr::kMaxBlocksPerOutput);
      }
    }
    auto emitError = [&]() {
      return op.emitError("rmean-select-gpu-strategy: ");
    };
    if (failed(GPUStrategyAttr::verifyInvariants(emitError, kind, blockSize,
                                                 threads, items, blocks)))
      return nullptr;
    return GPUStrategyAttr::get(op.getContext(), kind, blockSize, threads,
                                items, blocks);
  }

  void runOnOperation() override {
    // The options alone, once per function (a kind-specific mismatch is
    // reported per reduction by choose()).
    if (failed(GPUStrategyAttr::checkSelectionOptions(
            blockSize, itemsPerThread, blocksPerOutput,
            [&](StringRef name, StringRef range, int64_t value) {
              getOperation().emitError()
                  << "rmean-select-gpu-strategy: option '" << name
                  << "' must be " << range << ", got " << value;
            })))
      return signalPassFailure();
    WalkResult walk = getOperation().walk([&](linalg::GenericOp op) {
      if (!hasMarker<RmeanDialect::ReductionAttrHelper>(op) ||
          getGPUStrategy(op))
        return WalkResult::advance();
      GPUStrategyAttr strategy = choose(op);
      if (!strategy)
        return WalkResult::interrupt();
      setGPUStrategy(op, strategy);
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
