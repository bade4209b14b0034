//===- SplitReducedRuns.cpp - one reduced run per rmean reduction ---------===//
//
// See the pass description (Passes.td). The CPU strategies (and upstream's
// partial-reduction tiling they build on) handle one reduced dimension: a
// layout with reduced runs separated by kept ones ([R, P, R]: batch
// statistics of NCHW over (0, 2, 3)) would stay a scalar loop. Splitting off
// the innermost run gives two reductions of the canonical forms instead;
// upstream has no transformation that does this (linalg's split-reduction
// splits one dimension into two, it does not separate dimensions).
//
//===----------------------------------------------------------------------===//

#include "rmean/Transforms/Passes.h"

#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "rmean-split-reduced-runs"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANSPLITREDUCEDRUNSPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

namespace {
/// What a splittable reduction is: one input read in order, one
/// accumulator filled with `identity`, kept dimensions written in order,
/// and a body that ends by adding into the accumulator (so partial sums
/// combine by the same addition).
struct SplittableSum {
  linalg::GenericOp op;
  Value identity;
  /// The addition that yields the new accumulator.
  Operation *add;
  /// The innermost reduced run [runBegin, runEnd); another reduced
  /// dimension precedes it.
  int64_t runBegin, runEnd;
};
} // namespace

static std::optional<SplittableSum> matchSplittable(linalg::GenericOp op) {
  if (!hasMarker<RmeanDialect::ReductionAttrHelper>(op) ||
      !op.hasPureTensorSemantics() || op.getNumDpsInputs() != 1 ||
      op.getNumDpsInits() != 1 || getCPUStrategy(op))
    return std::nullopt;
  if (!op.getMatchingIndexingMap(op.getDpsInputOperand(0)).isIdentity())
    return std::nullopt;
  // Empty sums have nothing to vectorise, and a static 0 beside a dynamic
  // size in one reshape group trips memref.collapse_shape's verifier once
  // canonicalisation has folded the product to 0.
  if (llvm::is_contained(op.getStaticLoopRanges(), 0))
    return std::nullopt;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  int64_t rank = iterators.size();
  auto isReduced = [&](int64_t d) {
    return iterators[d] == utils::IteratorType::reduction;
  };
  // The output map projects onto the kept dimensions in order.
  SmallVector<AffineExpr> kept;
  for (int64_t d = 0; d < rank; ++d)
    if (!isReduced(d))
      kept.push_back(getAffineDimExpr(d, op.getContext()));
  if (op.getMatchingIndexingMap(op.getDpsInitOperand(0)) !=
      AffineMap::get(rank, 0, kept, op.getContext()))
    return std::nullopt;
  int64_t runEnd = rank;
  while (runEnd > 0 && !isReduced(runEnd - 1))
    --runEnd;
  int64_t runBegin = runEnd;
  while (runBegin > 0 && isReduced(runBegin - 1))
    --runBegin;
  if (runBegin == 0 ||
      llvm::none_of(llvm::seq<int64_t>(0, runBegin), isReduced))
    return std::nullopt; // One reduced run (or none): nothing to split.
  auto fill = op.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  if (!fill)
    return std::nullopt;
  Block *body = op.getBlock();
  // The body is cloned onto other dimensions: it must not read them.
  if (!body->getOps<linalg::IndexOp>().empty())
    return std::nullopt;
  // Partial sums combine by the body's addition only if the accumulator
  // enters the body there and nowhere else (acc + f(x)).
  Value acc = body->getArgument(1);
  Operation *add = body->getTerminator()->getOperand(0).getDefiningOp();
  if (!add || !isa<arith::AddFOp, arith::AddIOp>(add) || !acc.hasOneUse() ||
      !llvm::is_contained(add->getOperands(), acc))
    return std::nullopt;
  return SplittableSum{op, fill.getInputs()[0], add, runBegin, runEnd};
}

/// Groups of adjacent dimensions of `dims` (a sorted list) that `sameGroup`
/// joins; used to collapse runs of like dimensions.
static SmallVector<ReassociationIndices>
groupAdjacent(ArrayRef<int64_t> dims,
              function_ref<bool(int64_t, int64_t)> sameGroup) {
  SmallVector<ReassociationIndices> groups;
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (i == 0 || !sameGroup(dims[i - 1], d))
      groups.emplace_back();
    groups.back().push_back(d);
  }
  return groups;
}

/// Whether collapsing `groups` of a tensor of `type` and expanding back is
/// safe: MLIR 22's expand-strided-metadata crashes on an expand group with
/// two dynamic sizes (llvm-project#186830).
static bool atMostOneDynamicPerGroup(RankedTensorType type,
                                     ArrayRef<ReassociationIndices> groups) {
  return llvm::all_of(groups, [&](const ReassociationIndices &g) {
    return llvm::count_if(g, [&](int64_t d) { return type.isDynamicDim(d); }) <=
           1;
  });
}

static bool isTrivial(ArrayRef<ReassociationIndices> groups) {
  return llvm::all_of(
      groups, [](const ReassociationIndices &g) { return g.size() == 1; });
}

/// `value` collapsed by `groups` (the type upstream infers); itself when
/// every group is a single dimension.
static Value collapse(RewriterBase &rewriter, Location loc, Value value,
                      ArrayRef<ReassociationIndices> groups) {
  if (isTrivial(groups))
    return value;
  return tensor::CollapseShapeOp::create(rewriter, loc, value, groups);
}

/// `value` expanded to `to` (of `sizes`) by `groups`; itself when every
/// group is a single dimension.
static Value expand(RewriterBase &rewriter, Location loc, Value value,
                    RankedTensorType to, ArrayRef<ReassociationIndices> groups,
                    ArrayRef<OpFoldResult> sizes) {
  if (isTrivial(groups))
    return value;
  return tensor::ExpandShapeOp::create(rewriter, loc, to, value, groups, sizes);
}

/// A marked sum of `input` over the dimensions `reduced` says are reduced,
/// into a fresh accumulator filled with `identity`, whose body is built by
/// `buildBody` (element, accumulator -> new accumulator).
static linalg::GenericOp
buildSum(RewriterBase &rewriter, Location loc, Value input,
         ArrayRef<bool> reduced, Value identity,
         function_ref<Value(OpBuilder &, Location, Value, Value)> buildBody) {
  MLIRContext *ctx = rewriter.getContext();
  auto type = cast<RankedTensorType>(input.getType());
  int64_t rank = type.getRank();
  SmallVector<utils::IteratorType> iterators;
  SmallVector<AffineExpr> keptExprs;
  SmallVector<int64_t> keptShape;
  SmallVector<Value> keptDyn;
  for (int64_t d = 0; d < rank; ++d) {
    iterators.push_back(reduced[d] ? utils::IteratorType::reduction
                                   : utils::IteratorType::parallel);
    if (reduced[d])
      continue;
    keptExprs.push_back(getAffineDimExpr(d, ctx));
    keptShape.push_back(type.getDimSize(d));
    if (type.isDynamicDim(d))
      keptDyn.push_back(tensor::DimOp::create(rewriter, loc, input, d));
  }
  Value empty = tensor::EmptyOp::create(rewriter, loc, keptShape,
                                        identity.getType(), keptDyn);
  Value init =
      linalg::FillOp::create(rewriter, loc, identity, empty).getResult(0);
  SmallVector<AffineMap> maps = {AffineMap::getMultiDimIdentityMap(rank, ctx),
                                 AffineMap::get(rank, 0, keptExprs, ctx)};
  auto sum = linalg::GenericOp::create(
      rewriter, loc, init.getType(), input, init, maps, iterators,
      [&](OpBuilder &b, Location bloc, ValueRange args) {
        linalg::YieldOp::create(b, bloc, buildBody(b, bloc, args[0], args[1]));
      });
  setMarker<RmeanDialect::ReductionAttrHelper>(sum);
  return sum;
}

/// Splits `s` into a sum over its innermost reduced run (the partial sums
/// keep every other dimension; adjacent kept ones collapsed so that the
/// sum has one of the canonical forms [P, R] or [P, R, P]) and a sum of the
/// partial sums over the remaining reduced dimensions (adjacent like
/// dimensions collapsed). Returns the second, which may still have
/// separate runs, or failure when the reshapes would not be safe.
static FailureOr<linalg::GenericOp> split(RewriterBase &rewriter,
                                          const SplittableSum &s) {
  linalg::GenericOp op = s.op;
  Location loc = op.getLoc();
  Value input = op.getDpsInputs()[0];
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();

  // Stage 1 on [before, run, after], each collapsed to one dimension.
  SmallVector<ReassociationIndices> groups1;
  groups1.emplace_back(llvm::to_vector(llvm::seq<int64_t>(0, s.runBegin)));
  groups1.emplace_back(
      llvm::to_vector(llvm::seq<int64_t>(s.runBegin, s.runEnd)));
  if (s.runEnd < rank)
    groups1.emplace_back(llvm::to_vector(llvm::seq<int64_t>(s.runEnd, rank)));

  // Stage 2 on the partial sums, laid out as the dimensions before the run
  // and after it: adjacent dimensions of one kind collapse (the last ones
  // before the run are kept, and so join those after it).
  SmallVector<int64_t> rest;
  for (int64_t d = 0; d < rank; ++d)
    if (d < s.runBegin || d >= s.runEnd)
      rest.push_back(d);
  SmallVector<ReassociationIndices> restGroups = groupAdjacent(
      rest, [&](int64_t a, int64_t b) { return iterators[a] == iterators[b]; });
  // The same groups as positions in the partial sums.
  SmallVector<ReassociationIndices> groups2;
  int64_t pos = 0;
  for (const ReassociationIndices &g : restGroups) {
    groups2.emplace_back();
    for (size_t i = 0; i < g.size(); ++i)
      groups2.back().push_back(pos++);
  }
  SmallVector<int64_t> restShape;
  for (int64_t d : rest)
    restShape.push_back(inputType.getDimSize(d));
  auto restType = RankedTensorType::get(restShape, s.identity.getType());
  // The partial sums come out collapsed as groups1 minus the run and are
  // expanded to `rest` before stage 2 collapses them its way.
  SmallVector<ReassociationIndices> partialGroups;
  partialGroups.push_back(groups1[0]);
  if (s.runEnd < rank) {
    ReassociationIndices after;
    for (int64_t i = s.runBegin; i < s.runBegin + (rank - s.runEnd); ++i)
      after.push_back(i);
    partialGroups.push_back(after);
  }
  SmallVector<bool> reduced2;
  for (const ReassociationIndices &g : restGroups)
    reduced2.push_back(iterators[g.front()] == utils::IteratorType::reduction);
  // Stage 2's kept groups, as positions in the original result.
  SmallVector<ReassociationIndices> keptGroups;
  int64_t next = 0;
  for (auto [g, red] : llvm::zip_equal(restGroups, reduced2)) {
    if (red)
      continue;
    keptGroups.emplace_back();
    for (size_t i = 0; i < g.size(); ++i)
      keptGroups.back().push_back(next++);
  }
  auto resultType = cast<RankedTensorType>(op.getResult(0).getType());
  if (!atMostOneDynamicPerGroup(inputType, groups1) ||
      !atMostOneDynamicPerGroup(restType, partialGroups) ||
      !atMostOneDynamicPerGroup(restType, groups2) ||
      !atMostOneDynamicPerGroup(resultType, keptGroups))
    return failure();

  rewriter.setInsertionPoint(op);
  // Stage 1: the original body, on the collapsed input.
  Value collapsed = collapse(rewriter, loc, input, groups1);
  SmallVector<bool> reduced1(groups1.size(), false);
  reduced1[1] = true;
  Block *body = op.getBlock();
  linalg::GenericOp partial =
      buildSum(rewriter, loc, collapsed, reduced1, s.identity,
               [&](OpBuilder &b, Location, Value element, Value acc) -> Value {
                 IRMapping map;
                 map.map(body->getArgument(0), element);
                 map.map(body->getArgument(1), acc);
                 for (Operation &nested : body->without_terminator())
                   b.clone(nested, map);
                 return map.lookup(body->getTerminator()->getOperand(0));
               });

  // The partial sums as `rest`, then collapsed for stage 2.
  SmallVector<OpFoldResult> restSizes;
  for (int64_t d : rest)
    restSizes.push_back(tensor::getMixedSize(rewriter, loc, input, d));
  Value expanded = expand(rewriter, loc, partial.getResult(0), restType,
                          partialGroups, restSizes);
  Value stage2Input = collapse(rewriter, loc, expanded, groups2);

  // Stage 2: partial sums added as the original body adds, into a fresh
  // accumulator of the kept dimensions (in order, some collapsed).
  Operation *add = s.add;
  linalg::GenericOp total =
      buildSum(rewriter, loc, stage2Input, reduced2, s.identity,
               [&](OpBuilder &b, Location, Value element, Value acc) -> Value {
                 Operation *combined = b.clone(*add);
                 combined->setOperands({acc, element});
                 return combined->getResult(0);
               });

  // Back to the original result's shape: each kept group of stage 2
  // expands to the kept dimensions it collapsed.
  SmallVector<OpFoldResult> keptSizes;
  for (auto [g, red] : llvm::zip_equal(restGroups, reduced2))
    if (!red)
      for (int64_t d : g)
        keptSizes.push_back(tensor::getMixedSize(rewriter, loc, input, d));
  Value result = expand(rewriter, loc, total.getResult(0), resultType,
                        keptGroups, keptSizes);
  rewriter.replaceOp(op, result);
  return total;
}

namespace {
struct RmeanSplitReducedRunsPass
    : rmean::impl::RmeanSplitReducedRunsPassBase<RmeanSplitReducedRunsPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> worklist;
    getOperation().walk([&](linalg::GenericOp op) { worklist.push_back(op); });
    IRRewriter rewriter(&getContext());
    // A sum of partial sums may still have separate runs: split it again.
    while (!worklist.empty()) {
      std::optional<SplittableSum> s = matchSplittable(worklist.pop_back_val());
      if (!s)
        continue;
      FailureOr<linalg::GenericOp> rest = split(rewriter, *s);
      if (failed(rest)) {
        LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": a reshape would need two "
                                              "dynamic sizes in one group, "
                                              "left scalar\n");
        continue;
      }
      worklist.push_back(*rest);
    }
  }
};
} // namespace
