//===- ReductionLayout.cpp - which CPU strategy fits a reduction ----------===//
//
// See ReductionLayout.h.
//
//===----------------------------------------------------------------------===//

#include "ReductionLayout.h"

#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "rmean-cpu-strategy"

using namespace mlir;
using namespace mlir::rmean;

bool mlir::rmean::isCompensatedReduction(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 2)
    return false;
  auto isF64 = [](Value v) {
    return getElementTypeOrSelf(v.getType()).isF64();
  };
  return isF64(op.getDpsInputs()[0]) && llvm::all_of(op.getDpsInits(), isF64);
}

CPUStrategyKind mlir::rmean::getFittingCPUStrategyKind(linalg::LinalgOp op) {
  // One accumulator of a type that vectorises (f64 or i64), or the sum and
  // compensation of an f64 input, which rmean-cpu-tile splits into lanes
  // itself. Complex (two or four accumulators) and i128 stay scalar.
  bool compensated = isCompensatedReduction(op);
  if (!compensated && (op.getNumDpsInits() != 1 || op.getNumDpsInputs() != 1)) {
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": several accumulators or "
                                          "inputs (complex), none\n");
    return CPUStrategyKind::None;
  }
  Type acc = getElementTypeOrSelf(op.getDpsInits()[0].getType());
  if (!acc.isF64() && !acc.isInteger(64)) {
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": accumulator " << acc
                            << " does not vectorise, none\n");
    return CPUStrategyKind::None;
  }
  // Empty iteration spaces have nothing to vectorise (and tiling folds
  // their loops away).
  if (llvm::is_contained(op.getStaticLoopRanges(), 0)) {
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": empty iteration space, none\n");
    return CPUStrategyKind::None;
  }
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  int64_t n = iterators.size();
  int64_t numReduced = llvm::count(iterators, utils::IteratorType::reduction);
  if (numReduced != 1 ||
      !op.getMatchingIndexingMap(op.getDpsInputOperand(0)).isIdentity()) {
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": several reduced runs or a "
                                          "permuted input, none\n");
    return CPUStrategyKind::None;
  }
  if (iterators[n - 1] == utils::IteratorType::reduction)
    return CPUStrategyKind::Inner;
  if (n >= 2 && iterators[n - 2] == utils::IteratorType::reduction)
    return CPUStrategyKind::Outer;
  LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": reduced dimension followed by "
                                        "several kept ones, none\n");
  return CPUStrategyKind::None;
}

GPUStrategyKind mlir::rmean::getFittingGPUStrategyKind(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() != 1 ||
      !op.getMatchingIndexingMap(op.getDpsInputOperand(0)).isIdentity())
    return GPUStrategyKind::Serial;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (llvm::count(iterators, utils::IteratorType::reduction) != 1)
    return GPUStrategyKind::Serial;
  return iterators.back() == utils::IteratorType::reduction
             ? GPUStrategyKind::Inner
             : GPUStrategyKind::Outer;
}
