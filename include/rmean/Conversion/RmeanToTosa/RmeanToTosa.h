//===- RmeanToTosa.h - rmean to TOSA conversion -----------------*- C++ -*-===//
//
// Pattern and pass that express rmean.reduce_mean in TOSA, for front ends
// whose pipelines consume TOSA.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_CONVERSION_RMEANTOTOSA_RMEANTOTOSA_H
#define RMEAN_CONVERSION_RMEANTOTOSA_RMEANTOTOSA_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;

namespace rmean {

#define GEN_PASS_DECL_CONVERTRMEANTOTOSAPASS
#include "rmean/Conversion/Passes.h.inc"

/// Adds the pattern that rewrites an `rmean.reduce_mean` of a statically
/// shaped f16, bf16 or f32 tensor with static axes into one
/// `tosa.reduce_sum` per reduced axis, a `tosa.mul` by the reciprocal of the
/// element count and, without keep_dims, a `tosa.reshape`.
void populateRmeanToTosaConversionPatterns(RewritePatternSet &patterns);

} // namespace rmean
} // namespace mlir

#endif // RMEAN_CONVERSION_RMEANTOTOSA_RMEANTOTOSA_H
