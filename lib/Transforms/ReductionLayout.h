//===- ReductionLayout.h - which CPU strategy fits a reduction --*- C++ -*-===//
//
// The one place that decides which vector strategy kind a reduction's
// layout admits: rmean-select-cpu-strategy records it, and rmean-cpu-tile
// refuses a (hand-written) strategy of another kind, which upstream tiling
// would otherwise apply to the wrong dimension (e.g. a thread split of a
// reduced dimension without partial sums, a data race).
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_LIB_TRANSFORMS_REDUCTIONLAYOUT_H
#define RMEAN_LIB_TRANSFORMS_REDUCTIONLAYOUT_H

#include "rmean/Dialect/Rmean/IR/RmeanAttrs.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::rmean {

/// Whether `op` sums an f64 input with a Neumaier compensation: one f64
/// input, two f64 accumulators (sum, compensation), docs/ReduceMean.md §4.2.
/// Upstream cannot vectorise or partially reduce its body (each accumulator
/// is updated from the other), so rmean-cpu-tile gives it lanes of its own.
bool isCompensatedReduction(linalg::LinalgOp op);

/// Whether the body of `op` (one input, one accumulator) is `acc +
/// extsi(x)` or `acc + extui(x)` of its element `x` (through a cast to
/// the signless type for `si*`/`ui*` elements); `isUnsigned` (if given)
/// is set when the extension is unsigned.
bool isExtendingIntegerSum(linalg::LinalgOp op, bool *isUnsigned = nullptr);

/// Whether `op` sums an i64 input exactly: one i128 accumulator updated as
/// `acc + extsi(x)` or `acc + extui(x)` (docs/ReduceMean.md §4.2). Upstream
/// vectorises i128 poorly, so rmean-cpu-tile sums i64 halves instead.
/// `isUnsigned` (if given) is set when the extension is unsigned.
bool isWideIntegerSum(linalg::LinalgOp op, bool *isUnsigned = nullptr);

/// The vector strategy kind that fits `op` (a coalesced reduction): `Inner`
/// when its only reduced dimension is the last one, `Outer` when that
/// dimension is followed by exactly one kept one, `None` for anything else
/// (several reduced runs, several inputs or accumulators other than a
/// compensated f64 sum, accumulators other than f64/i64 and the exact i128
/// sum such as complex, a permuted input, an empty iteration space).
CPUStrategyKind getFittingCPUStrategyKind(linalg::LinalgOp op);

/// Whether the kept last dimension of `op` (an "outer" reduction) is static
/// and fills at most half of `lanes`: complex parts (2 columns), or a tall,
/// thin matrix. Read `lanes` at a time, such columns would leave most lanes
/// idle; rmean-cpu-tile reads several rows per vector of lanes instead, and
/// rmean-select-cpu-strategy sizes those lanes.
bool hasNarrowColumns(linalg::LinalgOp op, int64_t lanes);

/// The GPU strategy kind that fits `op` (a coalesced reduction of one
/// identity-indexed input): `Inner` when its only reduced dimension is the
/// last one, `Outer` when its only reduced dimension is followed by kept
/// ones, `Serial` for anything else (several reduced runs, a permuted
/// input). Every accumulator type fits: the GPU kernels clone the
/// reduction's body.
GPUStrategyKind getFittingGPUStrategyKind(linalg::LinalgOp op);

} // namespace mlir::rmean

#endif // RMEAN_LIB_TRANSFORMS_REDUCTIONLAYOUT_H
