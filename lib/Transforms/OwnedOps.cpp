//===- OwnedOps.cpp - the ops an rmean pass created -----------------------===//
//
// See OwnedOps.h.
//
//===----------------------------------------------------------------------===//

#include "OwnedOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/FoldUtils.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace mlir::rmean;

SmallVector<Operation *>
OwnedOps::getOps(function_ref<bool(Operation *)> filter) const {
  SmallVector<Operation *> result;
  for (Operation *op : ops)
    if (filter(op))
      result.push_back(op);
  return result;
}

void OwnedOps::hoistConstants() {
  // The op-list greedy driver neither hoists nor deduplicates constants
  // (the region driver does, over the whole function): do it for ours, so
  // that loop-invariant indices are recognisably the same value.
  SmallVector<Operation *> constants = getOps(
      [](Operation *op) { return op->hasTrait<OpTrait::ConstantLike>(); });
  if (constants.empty())
    return;
  OperationFolder folder(constants.front()->getContext(), this);
  for (Operation *op : constants) {
    Attribute value;
    if (matchPattern(op, m_Constant(&value)))
      folder.insertKnownConstant(op, value);
  }
}

LogicalResult OwnedOps::applyPatterns(const FrozenRewritePatternSet &patterns,
                                      function_ref<bool(Operation *)> filter) {
  hoistConstants();
  SmallVector<Operation *> roots = getOps(filter);
  if (roots.empty())
    return success();
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
  config.setListener(this);
  return applyOpPatternsGreedily(roots, patterns, config);
}

void mlir::rmean::populateRmeanCleanupPatterns(RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  Dialect *dialects[] = {ctx->getOrLoadDialect<affine::AffineDialect>(),
                         ctx->getOrLoadDialect<arith::ArithDialect>(),
                         ctx->getOrLoadDialect<linalg::LinalgDialect>(),
                         ctx->getOrLoadDialect<scf::SCFDialect>(),
                         ctx->getOrLoadDialect<tensor::TensorDialect>(),
                         ctx->getOrLoadDialect<vector::VectorDialect>()};
  for (Dialect *dialect : dialects)
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : ctx->getRegisteredOperations())
    if (llvm::is_contained(dialects, &op.getDialect()))
      op.getCanonicalizationPatterns(patterns, ctx);
  linalg::populateLinalgTilingCanonicalizationPatterns(patterns);
  scf::populateSCFForLoopCanonicalizationPatterns(patterns);
}
