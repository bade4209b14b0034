//===- SelectCPUStrategy.cpp - choose the CPU strategy of reductions ------===//
//
// Records, per rmean reduction, which tiling/vectorisation strategy the CPU
// pipeline applies (see the pass description). Keeping the decision in an
// attribute makes it testable on its own and overridable by hand.
//
//===----------------------------------------------------------------------===//

#include "rmean/Conversion/RmeanToLinalg/RmeanToLinalg.h"
#include "rmean/Transforms/Passes.h"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANSELECTCPUSTRATEGYPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

/// Returns "inner", "outer" or "none" for a coalesced reduction.
static StringRef classify(linalg::GenericOp op) {
  // One accumulator of a type that vectorises: f64 or i64. Compensated f64
  // (two outputs), complex (two or four) and i128 stay scalar.
  if (op.getNumDpsInits() != 1 || op.getNumDpsInputs() != 1)
    return "none";
  Type acc = getElementTypeOrSelf(op.getDpsInits()[0].getType());
  if (!acc.isF64() && !acc.isInteger(64))
    return "none";
  // Empty iteration spaces have nothing to vectorise (and tiling folds
  // their loops away).
  if (llvm::is_contained(op.getStaticLoopRanges(), 0))
    return "none";
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  int64_t n = iterators.size();
  int64_t numReduced = llvm::count(iterators, utils::IteratorType::reduction);
  if (numReduced != 1 ||
      !op.getMatchingIndexingMap(op.getDpsInputOperand(0)).isIdentity())
    return "none";
  if (iterators[n - 1] == utils::IteratorType::reduction)
    return "inner";
  if (n >= 2 && iterators[n - 2] == utils::IteratorType::reduction)
    return "outer";
  return "none";
}

namespace {
struct RmeanSelectCPUStrategyPass
    : rmean::impl::RmeanSelectCPUStrategyPassBase<RmeanSelectCPUStrategyPass> {
  using Base::Base;
  void runOnOperation() override {
    if (vectorSize < 1 || cacheTile < 1 || numThreads < 1) {
      getOperation().emitError("rmean-select-cpu-strategy: vector-size, "
                               "cache-tile and num-threads must be positive");
      return signalPassFailure();
    }
    Builder b(&getContext());
    getOperation().walk([&](linalg::GenericOp op) {
      if (!op->hasAttr(kRmeanReductionAttrName) ||
          op->hasAttr(kRmeanCPUStrategyAttrName))
        return;
      NamedAttribute entries[] = {
          b.getNamedAttr("kind", b.getStringAttr(classify(op))),
          b.getNamedAttr("vector_size", b.getI64IntegerAttr(vectorSize)),
          b.getNamedAttr("cache_tile",
                         b.getI64IntegerAttr(std::max(cacheTile, vectorSize))),
          b.getNamedAttr("threads", b.getI64IntegerAttr(numThreads))};
      op->setAttr(kRmeanCPUStrategyAttrName, b.getDictionaryAttr(entries));
    });
  }
};
} // namespace
