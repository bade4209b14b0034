//===- ThreadChunksToOpenMP.cpp - rmean's thread loops to OpenMP ----------===//
//
// See the pass description (Passes.td). Written here rather than left to
// upstream `scf-forall-to-parallel` + `convert-scf-to-openmp` because those
// drop the loop's attributes and always give the worksharing loop its own
// closing barrier, which the end of the parallel region repeats.
//
//===----------------------------------------------------------------------===//

#include "rmean/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::rmean {
#define GEN_PASS_DEF_RMEANTHREADCHUNKSTOOPENMPPASS
#include "rmean/Transforms/Passes.h.inc"
} // namespace mlir::rmean

using namespace mlir;
using namespace mlir::rmean;

/// Whether `forall` is one of rmean's thread loops in its bufferized form:
/// no results, nothing left to insert in parallel.
static bool isLowerableThreadLoop(scf::ForallOp forall) {
  return hasMarker<RmeanDialect::ThreadChunksAttrHelper>(forall) &&
         forall.getNumResults() == 0 &&
         forall.getTerminator().getYieldingOps().empty();
}

static void lowerThreadLoop(RewriterBase &rewriter, scf::ForallOp forall,
                            int64_t numThreads) {
  Location loc = forall.getLoc();
  rewriter.setInsertionPoint(forall);
  SmallVector<Value> lbs = forall.getLowerBound(rewriter);
  SmallVector<Value> ubs = forall.getUpperBound(rewriter);
  SmallVector<Value> steps = forall.getStep(rewriter);
  Value threads = arith::ConstantIntOp::create(rewriter, loc, numThreads, 32);

  auto parallel = omp::ParallelOp::create(rewriter, loc);
  parallel.getNumThreadsMutable().assign(threads);
  rewriter.createBlock(&parallel.getRegion());
  auto wsloop = omp::WsloopOp::create(rewriter, loc);
  // The region's closing barrier follows at once: the loop needs none.
  wsloop.setNowait(true);
  omp::TerminatorOp::create(rewriter, loc);

  rewriter.createBlock(&wsloop.getRegion());
  auto nest = omp::LoopNestOp::create(rewriter, loc, lbs.size(), lbs, ubs,
                                      steps, /*loop_inclusive=*/false,
                                      /*tile_sizes=*/nullptr);
  SmallVector<Type> ivTypes(lbs.size(), rewriter.getIndexType());
  SmallVector<Location> ivLocs(lbs.size(), loc);
  Block *nestBody =
      rewriter.createBlock(&nest.getRegion(), {}, ivTypes, ivLocs);
  // An alloca in a chunk is freed with the chunk, as convert-scf-to-openmp
  // does for scf.parallel bodies.
  auto scope = memref::AllocaScopeOp::create(rewriter, loc, TypeRange{});
  omp::YieldOp::create(rewriter, loc, ValueRange{});

  Block *scopeBody = rewriter.createBlock(&scope.getBodyRegion());
  Block *body = forall.getBody();
  rewriter.eraseOp(forall.getTerminator());
  rewriter.inlineBlockBefore(body, scopeBody, scopeBody->end(),
                             nestBody->getArguments());
  rewriter.setInsertionPointToEnd(scopeBody);
  memref::AllocaScopeReturnOp::create(rewriter, loc, ValueRange{});
  rewriter.eraseOp(forall);
}

namespace {
struct RmeanThreadChunksToOpenMPPass
    : public mlir::rmean::impl::RmeanThreadChunksToOpenMPPassBase<
          RmeanThreadChunksToOpenMPPass> {
  using Base::Base;

  void runOnOperation() override {
    if (numThreads < 1 || numThreads > CPUStrategyAttr::kMaxThreads) {
      emitError(getOperation().getLoc())
          << "rmean-thread-chunks-to-openmp: num-threads must be in [1, "
          << CPUStrategyAttr::kMaxThreads << "], got "
          << static_cast<int64_t>(numThreads);
      return signalPassFailure();
    }
    SmallVector<scf::ForallOp> loops;
    getOperation().walk([&](scf::ForallOp forall) {
      if (isLowerableThreadLoop(forall))
        loops.push_back(forall);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ForallOp forall : loops)
      lowerThreadLoop(rewriter, forall, numThreads);
  }
};
} // namespace
