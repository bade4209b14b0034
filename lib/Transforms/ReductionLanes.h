//===- ReductionLanes.h - reductions with accumulators of their own -*- C++
//-*-===//
//
// rmean-cpu-tile's rewrites for the two sums whose accumulator upstream
// cannot vectorise or split: the compensated f64 sum (two accumulators
// updated from each other, no single-op combiner) and the exact 64-bit
// integer sum (an i128 accumulator, which has no fast vector form). Both
// become a reduction over accumulators that vectorise (per-lane Neumaier
// pairs; i64 halves), merged into the original accumulators afterwards.
// The same lanes serve column reductions too narrow to fill a vector
// (complex parts: two columns): several rows' columns make one vector of
// lanes, each merged into its column.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_LIB_TRANSFORMS_REDUCTIONLANES_H
#define RMEAN_LIB_TRANSFORMS_REDUCTIONLANES_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <functional>
#include <limits>

namespace mlir::rmean {

/// How the accumulators of a split reduction work.
struct LaneScheme {
  /// Element type and start value of each lane accumulator.
  SmallVector<Type> types;
  SmallVector<TypedAttr> inits;
  /// The lane accumulators updated by one input element. Null: the lanes
  /// run the original reduction's body (its accumulators are the lanes').
  std::function<SmallVector<Value>(OpBuilder &, Location, Value element,
                                   ValueRange lanes)>
      accumulate;
  /// The original accumulators updated by one lane's accumulators.
  std::function<SmallVector<Value>(OpBuilder &, Location, ValueRange lanes,
                                   ValueRange accumulators)>
      merge;
  /// Most input elements one lane may take before its accumulators could
  /// overflow; the rest of the row is added by the original body.
  int64_t maxSteps = std::numeric_limits<int64_t>::max();
};

/// The scheme of a compensated f64 sum (isCompensatedReduction): each lane
/// a Neumaier sum and compensation running the reduction's own body; a
/// lane merges by the same compensated step, its compensation added.
LaneScheme getCompensatedLaneScheme(MLIRContext *ctx);

/// The scheme of a plain sum into one `accumulatorType` (f64 or i64)
/// accumulator: the lanes run the reduction's own body and merge by an
/// addition.
LaneScheme getSumLaneScheme(Type accumulatorType);

/// The scheme of an exact 64-bit integer sum (isWideIntegerSum): each lane
/// sums the low 32 bits (zero-extended) and the high 32 bits (sign- or
/// zero-extended) of its elements in two i64s, which cannot overflow in
/// 2^31 - 1 steps; a lane merges as `acc + (high << 32) + low` in i128.
/// `isUnsigned`: the elements are unsigned.
LaneScheme getWideIntegerLaneScheme(MLIRContext *ctx, bool isUnsigned);

/// Splits the row reduction `op` ([P..., R] of one input into
/// accumulators [P...]) into `lanes` lanes: the first
/// min(R / lanes, maxSteps) * lanes elements read as [P..., steps, lanes],
/// reduced into lane accumulators [P..., lanes] (an "outer" reduction: the
/// returned op), merged in lane order into the accumulators, and the rest
/// of the row added by the original body. Fails, changing nothing, on
/// another form or on static rows shorter than `lanes`.
FailureOr<linalg::GenericOp> splitRowsIntoLanes(RewriterBase &rewriter,
                                                linalg::GenericOp op,
                                                int64_t lanes,
                                                const LaneScheme &scheme);

/// Splits the column reduction `op` ([P..., R, C] into accumulators
/// [P..., C], C static and dividing `lanes`) whose columns are too few to
/// fill a vector: the first min(R / k, maxSteps) * k rows (k = lanes / C)
/// read as [P..., steps, lanes] (k rows of C columns per step: one
/// contiguous vector), reduced into lane accumulators [P..., lanes] (the
/// returned op, an "outer" reduction), merged in lane order into the
/// column of each lane (lane l into column l mod C), and the other rows
/// added by the original body. Fails, changing nothing, on another form or
/// on static R below k.
FailureOr<linalg::GenericOp>
splitNarrowColumnsIntoLanes(RewriterBase &rewriter, linalg::GenericOp op,
                            int64_t lanes, const LaneScheme &scheme);

/// Splits the column reduction `op` ([P..., R, C] into accumulators
/// [P..., C]): its first min(R, maxSteps) rows reduced into lane
/// accumulators [P..., C] (the returned op, of the same layout), merged
/// elementwise into the accumulators, the other rows added by the original
/// body. Needs a scheme with `accumulate`.
FailureOr<linalg::GenericOp> splitColumnAccumulators(RewriterBase &rewriter,
                                                     linalg::GenericOp op,
                                                     const LaneScheme &scheme);

} // namespace mlir::rmean

#endif // RMEAN_LIB_TRANSFORMS_REDUCTIONLANES_H
