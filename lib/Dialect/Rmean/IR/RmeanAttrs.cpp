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
                        int64_t cacheTile, int64_t threads,
                        int64_t rowsPerStep) {
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
  return success();
}

void RmeanDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "rmean/Dialect/Rmean/IR/RmeanAttrs.cpp.inc"
      >();
}
