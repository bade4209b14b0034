//===- OwnedOps.h - the ops an rmean pass created ---------------*- C++ -*-===//
//
// rmean's passes run in pipelines that embedding compilers own: they must
// not rewrite the user's IR around a reduction. Upstream's clean-up after
// tiling and vectorisation (canonicalisation, multi-reduction lowering) is
// written as greedy patterns over a whole function; OwnedOps records, as a
// rewriter listener, every op a pass creates, and applies such patterns to
// those ops only (and to the ops the patterns create in turn).
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_LIB_TRANSFORMS_OWNEDOPS_H
#define RMEAN_LIB_TRANSFORMS_OWNEDOPS_H

#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::rmean {

/// Records the ops inserted through a rewriter that has it as listener, and
/// forgets them when they are erased.
class OwnedOps : public RewriterBase::Listener {
public:
  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override {
    ops.insert(op);
  }
  void notifyOperationErased(Operation *op) override { ops.remove(op); }

  /// The owned ops that satisfy `filter`, in creation order.
  SmallVector<Operation *> getOps(function_ref<bool(Operation *)> filter =
                                      [](Operation *) { return true; }) const;

  /// Moves the owned constants to the entry block of their function and
  /// merges equal ones, as the whole-function greedy driver does.
  void hoistConstants();

  /// Hoists the owned constants, then applies `patterns` greedily to the
  /// owned ops that satisfy `filter`; the ops the patterns create are owned
  /// and rewritten too, nothing else is.
  LogicalResult applyPatterns(
      const FrozenRewritePatternSet &patterns,
      function_ref<bool(Operation *)> filter = [](Operation *) {
        return true;
      });

private:
  llvm::SetVector<Operation *> ops;
};

/// The canonicalisation patterns of the dialects rmean's CPU passes create
/// ops of (affine, arith, linalg, scf, tensor, vector), plus upstream's
/// clean-ups after tiling
/// (`linalg::populateLinalgTilingCanonicalizationPatterns`,
/// `scf::populateSCFForLoopCanonicalizationPatterns`).
void populateRmeanCleanupPatterns(RewritePatternSet &patterns);

} // namespace mlir::rmean

#endif // RMEAN_LIB_TRANSFORMS_OWNEDOPS_H
