//===- RmeanToLinalg.h - rmean to linalg conversion -------------*- C++ -*-===//
//
// Patterns and pass that lower rmean.reduce_mean to linalg on tensors.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_CONVERSION_RMEANTOLINALG_RMEANTOLINALG_H
#define RMEAN_CONVERSION_RMEANTOLINALG_RMEANTOLINALG_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;

namespace rmean {

#define GEN_PASS_DECL_CONVERTRMEANTOLINALGPASS
#include "rmean/Conversion/Passes.h.inc"

/// Adds the pattern that rewrites `rmean.reduce_mean` into a linalg
/// reduction, an elementwise division and, for keep_dims, an expand_shape
/// (static axes), or into checked loops (runtime axes).
void populateRmeanToLinalgConversionPatterns(RewritePatternSet &patterns);

} // namespace rmean
} // namespace mlir

#endif // RMEAN_CONVERSION_RMEANTOLINALG_RMEANTOLINALG_H
