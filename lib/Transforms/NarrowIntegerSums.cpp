//===- NarrowIntegerSums.cpp - short 8/16-bit sums in i32 -----------------===//
//
// See the pass description (Passes.td). The accumulator type is part of
// the reduction's linalg form, which no upstream transformation changes;
// the rewrite is ours. It rebuilds the sum and its division through
// MeanNumerics (getNarrowIntegerSums), so both keep the arithmetic of
// docs/ReduceMean.md §4 in one place.
//
//===----------------------------------------------------------------------===//

#include "rmean/Transforms/Passes.h"

#include "ReductionLayout.h"

#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"
#include "rmean/Dialect/Rmean/IR/RmeanNumerics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "rmean-narrow-integer-sums"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANNARROWINTEGERSUMSPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

/// Rewrites `op` (a marked reduction) and the finalisation that reads it
/// with an i32 accumulator; fails, changing nothing, on any other form.
static LogicalResult narrow(RewriterBase &rewriter, linalg::GenericOp op) {
  if (!hasMarker<RmeanDialect::ReductionAttrHelper>(op) ||
      !op.hasPureTensorSemantics() || op.getNumDpsInputs() != 1 ||
      op.getNumDpsInits() != 1 || op.getNumReductionLoops() == 0)
    return failure();
  FailureOr<MeanNumerics> wide =
      MeanNumerics::get(getElementTypeOrSelf(op.getDpsInputs()[0].getType()));
  bool isUnsigned = false;
  if (failed(wide) || wide->accumulatorTypes.size() != 1 ||
      !wide->accumulatorTypes[0].isInteger(64) ||
      !isExtendingIntegerSum(op, &isUnsigned) ||
      isUnsigned != (wide->kind == MeanNumerics::Kind::UnsignedInt))
    return failure();
  // Every mean sums the product of the reduced sizes, all static; kept
  // sizes may be run-time ones (a dynamic batch of pooled images).
  int64_t count = 1;
  for (auto [size, iterator] :
       llvm::zip_equal(op.getStaticLoopRanges(), op.getIteratorTypesArray())) {
    if (iterator != utils::IteratorType::reduction)
      continue;
    if (ShapedType::isDynamic(size) || size == 0 ||
        llvm::MulOverflow(count, size, count))
      return failure();
  }
  FailureOr<MeanNumerics> numerics =
      MeanNumerics::getNarrowIntegerSums(wide->elementType, count);
  if (failed(numerics))
    return failure();
  // The accumulator starts from 0 and only the division reads the sum.
  Value init = op.getDpsInits()[0];
  auto fill = init.getDefiningOp<linalg::FillOp>();
  if (!fill || !matchPattern(fill.getInputs()[0], m_Zero()))
    return failure();
  Value sum = op.getResult(0);
  if (!sum.hasOneUse())
    return failure();
  auto finalize = dyn_cast<linalg::GenericOp>(*sum.getUsers().begin());
  if (!finalize || !hasMarker<RmeanDialect::FinalizeAttrHelper>(finalize) ||
      finalize.getNumDpsInputs() != 1 || finalize.getNumDpsInits() != 1 ||
      finalize.getDpsInputs()[0] != sum || !finalize.hasPureTensorSemantics())
    return failure();

  Location loc = op.getLoc();
  Type acc = numerics->accumulatorTypes[0];
  rewriter.setInsertionPoint(op);
  auto accType = cast<RankedTensorType>(init.getType()).clone(acc);
  Value zero = numerics->buildZero(rewriter, loc).front();
  Value empty = tensor::EmptyOp::create(
      rewriter, loc, tensor::getMixedSizes(rewriter, loc, init), acc);
  Value zeros = linalg::FillOp::create(rewriter, loc, zero, empty).getResult(0);
  auto narrowSum = linalg::GenericOp::create(
      rewriter, loc, TypeRange{accType}, op.getDpsInputs(), ValueRange{zeros},
      op.getIndexingMapsArray(), op.getIteratorTypesArray(),
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value x = numerics->toStorage(b, l, args[0]);
        linalg::YieldOp::create(
            b, l, numerics->buildAccumulate(b, l, x, args.drop_front()));
      });
  // The marker and any strategy written on the reduction.
  narrowSum->setDiscardableAttrs(op->getDiscardableAttrDictionary());

  rewriter.setInsertionPoint(finalize);
  Value countValue = arith::ConstantIndexOp::create(rewriter, loc, count);
  auto mean = linalg::GenericOp::create(
      rewriter, finalize.getLoc(), finalize.getResultTypes(),
      ValueRange{narrowSum.getResult(0)}, finalize.getDpsInits(),
      finalize.getIndexingMapsArray(), finalize.getIteratorTypesArray(),
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value m = numerics->buildMean(b, l, args.drop_back(), countValue);
        linalg::YieldOp::create(b, l, numerics->fromStorage(b, l, m));
      });
  mean->setDiscardableAttrs(finalize->getDiscardableAttrDictionary());
  rewriter.replaceOp(finalize, mean.getResults());
  rewriter.eraseOp(op);
  // The i64 accumulator was rmean's own (the conversion made it for this
  // sum); leave no dead fill of it behind.
  if (fill->use_empty()) {
    Value out = fill.getOutputs()[0];
    rewriter.eraseOp(fill);
    if (Operation *def = out.getDefiningOp();
        def && isa<tensor::EmptyOp>(def) && def->use_empty())
      rewriter.eraseOp(def);
  }
  return success();
}

namespace {
struct RmeanNarrowIntegerSumsPass
    : rmean::impl::RmeanNarrowIntegerSumsPassBase<RmeanNarrowIntegerSumsPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> ops;
    getOperation().walk([&](linalg::GenericOp op) {
      if (hasMarker<RmeanDialect::ReductionAttrHelper>(op))
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp op : ops)
      if (failed(narrow(rewriter, op)))
        LLVM_DEBUG(llvm::dbgs()
                   << DEBUG_TYPE ": keeps its accumulator: " << op << "\n");
  }
};
} // namespace
