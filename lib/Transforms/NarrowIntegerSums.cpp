//===- NarrowIntegerSums.cpp - i32 sums of 8/16-bit integers --------------===//
//
// See the pass description (Passes.td). The contract's i64 accumulator
// (docs/ReduceMean.md §4.2) is needed for long sums only; when the static
// number of elements per output bounds the sum within i32, the sum is
// exact in i32 and costs half the lanes and half the accumulator traffic
// (column sums stream their accumulator row through the cache once per
// step). rmean-narrow-accumulators' i32 blocks give loops the same lanes,
// but not the accumulator row, which lives outside the loops it sees.
//
//===----------------------------------------------------------------------===//

#include "rmean/Transforms/Passes.h"

#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANNARROWINTEGERSUMSPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

namespace {
/// An rmean sum `acc(i64) + ext(x)` of 8- or 16-bit integers into a
/// zero-filled accumulator.
struct NarrowableSum {
  linalg::GenericOp op;
  /// The extension of the element and the addition into the accumulator.
  Operation *ext, *add;
  bool isUnsigned;
};
} // namespace

/// The largest number of elements whose sum stays within i32 (signed
/// [-2^31, 2^31 - 1]) for `bits`-bit elements: 2^31 / 2^(bits - 1) signed
/// ones (the minimum bounds them), (2^31 - 1) / (2^bits - 1) unsigned ones.
static int64_t maxExactCount(unsigned bits, bool isUnsigned) {
  if (isUnsigned)
    return ((int64_t(1) << 31) - 1) / ((int64_t(1) << bits) - 1);
  return int64_t(1) << (32 - bits);
}

static std::optional<NarrowableSum> matchNarrowable(linalg::GenericOp op) {
  if (!hasMarker<RmeanDialect::ReductionAttrHelper>(op) ||
      !op.hasPureTensorSemantics() || op.getNumDpsInputs() != 1 ||
      op.getNumDpsInits() != 1 || getCPUStrategy(op))
    return std::nullopt;
  auto accType = dyn_cast<RankedTensorType>(op.getDpsInits()[0].getType());
  if (!accType || !accType.getElementType().isInteger(64))
    return std::nullopt;
  auto fill = op.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  if (!fill || !matchPattern(fill.getInputs()[0], m_Zero()))
    return std::nullopt;
  Block *body = op.getBlock();
  Value acc = body->getArgument(1);
  Operation *add = body->getTerminator()->getOperand(0).getDefiningOp();
  if (!isa_and_nonnull<arith::AddIOp>(add) ||
      !llvm::is_contained(add->getOperands(), acc) ||
      add->getOperand(0) == add->getOperand(1))
    return std::nullopt;
  Value term =
      add->getOperand(0) == acc ? add->getOperand(1) : add->getOperand(0);
  Operation *ext = term.getDefiningOp();
  if (!isa_and_nonnull<arith::ExtSIOp, arith::ExtUIOp>(ext) ||
      ext->getBlock() != body)
    return std::nullopt;
  auto source = dyn_cast<IntegerType>(ext->getOperand(0).getType());
  if (!source || source.getWidth() > 16)
    return std::nullopt;
  bool isUnsigned = isa<arith::ExtUIOp>(ext);
  // Every element of the output's sum: the static reduced extent.
  int64_t count = 1;
  for (auto [size, iterator] :
       llvm::zip_equal(op.getStaticLoopRanges(), op.getIteratorTypesArray())) {
    if (iterator != utils::IteratorType::reduction)
      continue;
    if (ShapedType::isDynamic(size))
      return std::nullopt;
    count *= size;
    if (count > maxExactCount(source.getWidth(), isUnsigned))
      return std::nullopt;
  }
  return NarrowableSum{op, ext, add, isUnsigned};
}

/// Rewrites `s` into the same sum in i32, widened to i64 by an elementwise
/// op afterwards (as the element was: the sum of unsigned elements is
/// non-negative).
static void narrow(RewriterBase &rewriter, const NarrowableSum &s) {
  linalg::GenericOp op = s.op;
  Location loc = op.getLoc();
  Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
  rewriter.setInsertionPoint(op);
  Value zero = arith::ConstantIntOp::create(rewriter, loc, i32, 0);
  auto accType = cast<RankedTensorType>(op.getDpsInits()[0].getType());
  SmallVector<Value> dynSizes;
  for (int64_t d = 0; d < accType.getRank(); ++d)
    if (accType.isDynamicDim(d))
      dynSizes.push_back(
          tensor::DimOp::create(rewriter, loc, op.getDpsInits()[0], d));
  Value empty =
      tensor::EmptyOp::create(rewriter, loc, accType.getShape(), i32, dynSizes);
  Value init = linalg::FillOp::create(rewriter, loc, zero, empty).getResult(0);
  Block *body = op.getBlock();
  auto sum = linalg::GenericOp::create(
      rewriter, loc, init.getType(), op.getDpsInputs(), ValueRange{init},
      op.getIndexingMapsArray(), op.getIteratorTypesArray(),
      [&](OpBuilder &b, Location bloc, ValueRange args) {
        IRMapping map;
        map.map(body->getArgument(0), args[0]);
        map.map(body->getArgument(1), args[1]);
        for (Operation &nested : body->without_terminator())
          if (&nested != s.ext && &nested != s.add)
            b.clone(nested, map);
        Value element = map.lookupOrDefault(s.ext->getOperand(0));
        Value wide =
            s.isUnsigned
                ? arith::ExtUIOp::create(b, bloc, i32, element).getResult()
                : arith::ExtSIOp::create(b, bloc, i32, element).getResult();
        linalg::YieldOp::create(
            b, bloc, ValueRange{arith::AddIOp::create(b, bloc, args[1], wide)});
      });
  setMarker<RmeanDialect::ReductionAttrHelper>(sum);

  // Widened to the accumulator type the rest of the lowering expects.
  int64_t rank = accType.getRank();
  AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
  Value wideEmpty =
      tensor::EmptyOp::create(rewriter, loc, accType.getShape(), i64, dynSizes);
  auto widen = linalg::GenericOp::create(
      rewriter, loc, accType, sum.getResult(0), wideEmpty,
      SmallVector<AffineMap>{identity, identity},
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &b, Location bloc, ValueRange args) {
        Value wide =
            s.isUnsigned
                ? arith::ExtUIOp::create(b, bloc, i64, args[0]).getResult()
                : arith::ExtSIOp::create(b, bloc, i64, args[0]).getResult();
        linalg::YieldOp::create(b, bloc, wide);
      });
  rewriter.replaceOp(op, widen.getResults());
}

namespace {
struct RmeanNarrowIntegerSumsPass
    : rmean::impl::RmeanNarrowIntegerSumsPassBase<RmeanNarrowIntegerSumsPass> {
  void runOnOperation() override {
    SmallVector<NarrowableSum> sums;
    getOperation().walk([&](linalg::GenericOp op) {
      if (std::optional<NarrowableSum> s = matchNarrowable(op))
        sums.push_back(*s);
    });
    IRRewriter rewriter(&getContext());
    for (const NarrowableSum &s : sums)
      narrow(rewriter, s);
  }
};
} // namespace
