//===- RmeanAttrs.cpp - rmean attributes ----------------------------------===//
//
// Definitions and verifiers of the strategy attributes (RmeanAttrs.td).
//
//===----------------------------------------------------------------------===//

#include "rmean/Dialect/Rmean/IR/RmeanAttrs.h"
#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::rmean;

#include "rmean/Dialect/Rmean/IR/RmeanEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "rmean/Dialect/Rmean/IR/RmeanAttrs.cpp.inc"

/// Checks that `value` of the parameter `name` lies in [1, max].
static LogicalResult verifyRange(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef name, int64_t value, int64_t max) {
  if (value >= 1 && value <= max)
    return success();
  return emitError() << "'#rmean.cpu_strategy' expects " << name << " in [1, "
                     << max << "], got " << value;
}

LogicalResult
CPUStrategyAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        CPUStrategyKind kind, int64_t vectorSize,
                        int64_t cacheTile, int64_t threads, int64_t rowsPerStep,
                        bool rowBlocks, bool rowStreams, bool maskedTail) {
  if (failed(
          verifyRange(emitError, "vector_size", vectorSize, kMaxVectorSize)) ||
      failed(verifyRange(emitError, "cache_tile", cacheTile, kMaxCacheTile)) ||
      failed(verifyRange(emitError, "threads", threads, kMaxThreads)) ||
      failed(verifyRange(emitError, "rows_per_step", rowsPerStep,
                         kMaxRowsPerStep)))
    return failure();
  // Both factors are bounded above, so the product cannot overflow.
  if (rowsPerStep * vectorSize > kMaxStepElements)
    return emitError() << "'#rmean.cpu_strategy' expects rows_per_step * "
                          "vector_size <= "
                       << kMaxStepElements << ", got " << rowsPerStep << " * "
                       << vectorSize;
  if (rowBlocks && (kind != CPUStrategyKind::Outer || rowsPerStep < 2))
    return emitError() << "'#rmean.cpu_strategy' expects row_blocks only with "
                          "kind = outer and rows_per_step >= 2, got kind = "
                       << stringifyCPUStrategyKind(kind)
                       << ", rows_per_step = " << rowsPerStep;
  if (rowStreams && (kind != CPUStrategyKind::Inner || rowsPerStep < 2))
    return emitError() << "'#rmean.cpu_strategy' expects row_streams only "
                          "with kind = inner and rows_per_step >= 2, got "
                          "kind = "
                       << stringifyCPUStrategyKind(kind)
                       << ", rows_per_step = " << rowsPerStep;
  if (maskedTail && kind != CPUStrategyKind::Inner)
    return emitError() << "'#rmean.cpu_strategy' expects masked_tail only "
                          "with kind = inner, got kind = "
                       << stringifyCPUStrategyKind(kind);
  return success();
}

LogicalResult
CPULargeInputAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          int64_t minBytes, int64_t minRowLength,
                          int64_t minRows, CPUStrategyAttr strategy) {
  if (minBytes < 0 || minBytes > CPUStrategyAttr::kMaxMinThreadedBytes)
    return emitError() << "'#rmean.cpu_large_input' expects min_bytes in [0, "
                       << CPUStrategyAttr::kMaxMinThreadedBytes << "], got "
                       << minBytes;
  if (minRowLength < 0 || minRows < 0)
    return emitError() << "'#rmean.cpu_large_input' expects min_row_length "
                          "and min_rows >= 0, got "
                       << minRowLength << " and " << minRows;
  if (!strategy || strategy.getKind() != CPUStrategyKind::Inner)
    return emitError() << "'#rmean.cpu_large_input' expects an inner "
                          "strategy, got "
                       << strategy;
  return success();
}

LogicalResult
CPUShortRowsAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         int64_t maxRowLength, CPUStrategyAttr strategy) {
  if (maxRowLength < 1 || maxRowLength > CPUStrategyAttr::kMaxVectorSize)
    return emitError() << "'#rmean.cpu_short_rows' expects max_row_length in "
                          "[1, "
                       << CPUStrategyAttr::kMaxVectorSize << "], got "
                       << maxRowLength;
  if (!strategy || strategy.getKind() != CPUStrategyKind::Inner ||
      strategy.getVectorSize() < maxRowLength)
    return emitError() << "'#rmean.cpu_short_rows' expects an inner strategy "
                          "of at least max_row_length ("
                       << maxRowLength << ") lanes, got " << strategy;
  return success();
}

LogicalResult
GPUStrategyAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        GPUStrategyKind kind, int64_t blockSize,
                        int64_t threadsPerOutput, int64_t itemsPerThread,
                        int64_t blocksPerOutput) {
  auto fail = [&]() { return emitError() << "'#rmean.gpu_strategy' expects "; };
  if (blockSize < kWarpSize || blockSize > kMaxBlockSize ||
      blockSize % kWarpSize != 0)
    return fail() << "block_size to be a multiple of " << kWarpSize << " in ["
                  << kWarpSize << ", " << kMaxBlockSize << "], got "
                  << blockSize;
  if (itemsPerThread < 1 || itemsPerThread > kMaxItemsPerThread ||
      !llvm::isPowerOf2_64(itemsPerThread))
    return fail() << "items_per_thread in {1, 2, 4, 8, 16}, got "
                  << itemsPerThread;
  if (blocksPerOutput < 1 || blocksPerOutput > kMaxBlocksPerOutput)
    return fail() << "blocks_per_output in [1, " << kMaxBlocksPerOutput
                  << "], got " << blocksPerOutput;
  if (kind == GPUStrategyKind::Inner) {
    // Whole warps per output: the shuffle tree spans exactly one warp.
    if (threadsPerOutput < kWarpSize || threadsPerOutput % kWarpSize != 0 ||
        blockSize % threadsPerOutput != 0)
      return fail() << "threads_per_output of kind inner to be a multiple "
                       "of "
                    << kWarpSize << " that divides block_size (" << blockSize
                    << "), got " << threadsPerOutput;
    return success();
  }
  if (threadsPerOutput != 1)
    return fail() << "threads_per_output = 1 for kind "
                  << stringifyGPUStrategyKind(kind) << ", got "
                  << threadsPerOutput;
  if (itemsPerThread != 1)
    return fail() << "items_per_thread = 1 for kind "
                  << stringifyGPUStrategyKind(kind) << ", got "
                  << itemsPerThread;
  if (kind == GPUStrategyKind::Serial && blocksPerOutput != 1)
    return fail() << "blocks_per_output = 1 for kind serial, got "
                  << blocksPerOutput;
  return success();
}

LogicalResult GPUStrategyAttr::checkSelectionOptions(
    int64_t blockSize, int64_t itemsPerThread, int64_t blocksPerOutput,
    function_ref<void(StringRef, StringRef, int64_t)> report) {
  if (blockSize < kWarpSize || blockSize > kMaxBlockSize ||
      blockSize % kWarpSize != 0) {
    report("block-size", "a multiple of 32 in [32, 1024]", blockSize);
    return failure();
  }
  if (itemsPerThread != 0 &&
      (itemsPerThread < 0 || itemsPerThread > kMaxItemsPerThread ||
       !llvm::isPowerOf2_64(itemsPerThread))) {
    report("items-per-thread", "0 (chosen) or one of 1, 2, 4, 8, 16",
           itemsPerThread);
    return failure();
  }
  if (blocksPerOutput < 0 || blocksPerOutput > kMaxBlocksPerOutput) {
    report("blocks-per-output", "0 (chosen) or in [1, 65536]", blocksPerOutput);
    return failure();
  }
  return success();
}

void RmeanDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "rmean/Dialect/Rmean/IR/RmeanAttrs.cpp.inc"
      >();
}
