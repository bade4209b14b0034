//===- RmeanToLinalg.h - rmean to linalg conversion -------------*- C++ -*-===//
//
// Patterns and pass that lower rmean.reduce_mean to linalg on tensors.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_CONVERSION_RMEANTOLINALG_RMEANTOLINALG_H
#define RMEAN_CONVERSION_RMEANTOLINALG_RMEANTOLINALG_H

#include "rmean/Dialect/Rmean/IR/RmeanAttrs.h"

#include "mlir/IR/Builders.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;

namespace rmean {

#define GEN_PASS_DECL_CONVERTRMEANTOLINALGPASS
#include "rmean/Conversion/Passes.h.inc"

/// Adds the pattern that rewrites `rmean.reduce_mean` into a linalg
/// reduction, an elementwise division and, for keep_dims, an expand_shape
/// (static axes), or, for runtime axes, into checks and a switch between the
/// static lowerings of the axis sets it lists and, with `runtimeAxesLoop`,
/// a general loop for the other sets (without it, those sets fail a
/// run-time check: the GPU pipeline, which has no kernel for the loop).
void populateRmeanToLinalgConversionPatterns(RewritePatternSet &patterns,
                                             bool runtimeAxesLoop = true);

/// Runs between the marked reduction and the division of a mean built by
/// buildStaticReduceMean: may replace the sums (one tensor per accumulator
/// part of MeanNumerics, shaped as the kept dimensions, possibly collapsed)
/// and the element count (an `index`) with values of the same types.
/// The sharding model uses it to add the sums of all processes.
using SumCombiner = function_ref<void(
    OpBuilder &b, Location loc, SmallVectorImpl<Value> &sums, Value &count)>;

/// Builds the linalg form `--convert-rmean-to-linalg` gives a mean of
/// `input` over the static, sorted, non-empty `reduced` dimensions (marked
/// reduction, optional `combine`, marked finalisation, reshapes), with
/// `strategy` (may be null) on the reduction. Fails for an element type
/// reduce_mean does not accept or a reduced count beyond 64 bits.
FailureOr<Value> buildStaticReduceMean(OpBuilder &b, Location loc, Value input,
                                       ArrayRef<int64_t> reduced, bool keepDims,
                                       CPUStrategyAttr strategy,
                                       SumCombiner combine = nullptr);

} // namespace rmean
} // namespace mlir

#endif // RMEAN_CONVERSION_RMEANTOLINALG_RMEANTOLINALG_H
