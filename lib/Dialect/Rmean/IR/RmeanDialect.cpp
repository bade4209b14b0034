//===- RmeanDialect.cpp - rmean dialect registration ----------------------===//
//
// Registers the dialect's ops and attributes, verifies the discardable
// attributes rmean's passes put on other ops, and materialises folded
// constants.
//
//===----------------------------------------------------------------------===//

#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"
#include "rmean/Dialect/Rmean/IR/RmeanOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::rmean;

#include "rmean/Dialect/Rmean/IR/RmeanOpsDialect.cpp.inc"

void RmeanDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "rmean/Dialect/Rmean/IR/RmeanOps.cpp.inc"
      >();
  registerAttributes();
}

Operation *RmeanDialect::materializeConstant(OpBuilder &builder,
                                             Attribute value, Type type,
                                             Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

LogicalResult RmeanDialect::verifyOperationAttribute(Operation *op,
                                                     NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  auto expectUnit = [&]() -> LogicalResult {
    if (isa<UnitAttr>(attr.getValue()))
      return success();
    return op->emitError() << "'" << name << "' is a unit attribute (a marker)";
  };
  if (name == getCpuStrategyAttrHelper().getName()) {
    if (isa<CPUStrategyAttr>(attr.getValue()))
      return success();
    return op->emitError()
           << "'" << name
           << "' expects a #rmean.cpu_strategy<kind = inner|outer|none, "
              "vector_size = N, cache_tile = M[, threads = T, "
              "rows_per_step = R, row_blocks = true|false, "
              "row_streams = true|false, masked_tail = true|false]>, got "
           << attr.getValue();
  }
  if (name == getCpuLargeInputAttrHelper().getName()) {
    if (isa<CPULargeInputAttr>(attr.getValue()))
      return success();
    return op->emitError()
           << "'" << name
           << "' expects a #rmean.cpu_large_input<min_bytes = B, "
              "min_row_length = L, min_rows = R, strategy = "
              "#rmean.cpu_strategy<...>>, got "
           << attr.getValue();
  }
  if (name == getCpuShortRowsAttrHelper().getName()) {
    if (isa<CPUShortRowsAttr>(attr.getValue()))
      return success();
    return op->emitError()
           << "'" << name
           << "' expects a #rmean.cpu_short_rows<max_row_length = L, "
              "strategy = #rmean.cpu_strategy<...>>, got "
           << attr.getValue();
  }
  if (name == getGpuStrategyAttrHelper().getName()) {
    if (isa<GPUStrategyAttr>(attr.getValue()))
      return success();
    return op->emitError()
           << "'" << name
           << "' expects a #rmean.gpu_strategy<kind = inner|outer|serial, "
              "block_size = N[, threads_per_output = T, items_per_thread = "
              "I, blocks_per_output = B]>, got "
           << attr.getValue();
  }
  if (name == getReductionAttrHelper().getName() ||
      name == getFinalizeAttrHelper().getName() ||
      name == getVectorizeAttrHelper().getName() ||
      name == getAccumulationLoopAttrHelper().getName() ||
      name == getWholeRowsLoopAttrHelper().getName() ||
      name == getThreadChunksAttrHelper().getName() ||
      name == getRowSumAttrHelper().getName())
    return expectUnit();
  return op->emitError() << "unknown rmean attribute '" << name
                         << "' (expected one of rmean.cpu_strategy, "
                            "rmean.cpu_large_input, rmean.cpu_short_rows, "
                            "rmean.gpu_strategy, "
                            "rmean.reduction, "
                            "rmean.finalize, rmean.vectorize, "
                            "rmean.accumulation_loop, rmean.whole_rows_loop, "
                            "rmean.thread_chunks, rmean.row_sum)";
}
