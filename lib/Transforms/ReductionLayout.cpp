//===- ReductionLayout.cpp - which CPU strategy fits a reduction ----------===//
//
// See ReductionLayout.h.
//
//===----------------------------------------------------------------------===//

#include "ReductionLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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

bool mlir::rmean::isWideIntegerSum(linalg::LinalgOp op, bool *isUnsigned) {
  return op.getNumDpsInputs() == 1 && op.getNumDpsInits() == 1 &&
         getElementTypeOrSelf(op.getDpsInputs()[0].getType()).isInteger(64) &&
         getElementTypeOrSelf(op.getDpsInits()[0].getType()).isInteger(128) &&
         isExtendingIntegerSum(op, isUnsigned);
}

bool mlir::rmean::isExtendingIntegerSum(linalg::LinalgOp op, bool *isUnsigned) {
  if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1)
    return false;
  Block *body = op.getBlock();
  Value element = body->getArgument(0), acc = body->getArgument(1);
  auto add =
      body->getTerminator()->getOperand(0).getDefiningOp<arith::AddIOp>();
  if (!add || (add.getLhs() != acc && add.getRhs() != acc))
    return false;
  Value term = add.getLhs() == acc ? add.getRhs() : add.getLhs();
  bool isZext = false;
  if (auto ext = term.getDefiningOp<arith::ExtSIOp>())
    term = ext.getIn();
  else if (auto ext = term.getDefiningOp<arith::ExtUIOp>())
    term = ext.getIn(), isZext = true;
  else
    return false;
  // Unsigned elements reach arith through a cast to the signless type.
  if (auto cast = term.getDefiningOp<UnrealizedConversionCastOp>();
      cast && cast->getNumOperands() == 1)
    term = cast->getOperand(0);
  if (term != element)
    return false;
  if (isUnsigned)
    *isUnsigned = isZext;
  return true;
}

CPUStrategyKind mlir::rmean::getFittingCPUStrategyKind(linalg::LinalgOp op) {
  // One accumulator of a type that vectorises (f64, i64 or the i32 of
  // rmean-narrow-integer-sums), or the sum and compensation of an f64
  // input or the i128 sum of an i64 one, which rmean-cpu-tile gives
  // accumulators of their own. Complex (two or four accumulators) stays
  // scalar.
  bool compensated = isCompensatedReduction(op);
  if (!compensated && (op.getNumDpsInits() != 1 || op.getNumDpsInputs() != 1)) {
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": several accumulators or "
                                          "inputs (complex), none\n");
    return CPUStrategyKind::None;
  }
  Type acc = getElementTypeOrSelf(op.getDpsInits()[0].getType());
  if (!acc.isF64() && !acc.isInteger(64) && !acc.isInteger(32) &&
      !isWideIntegerSum(op)) {
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

bool mlir::rmean::hasNarrowColumns(linalg::LinalgOp op, int64_t lanes) {
  int64_t columns = op.getStaticLoopRanges().back();
  return ShapedType::isStatic(columns) && columns >= 1 && 2 * columns <= lanes;
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
