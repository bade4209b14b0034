//===- SignlessInputs.h - signless element types for upstream ---*- C++ -*-===//
//
// Signed and unsigned integer elements (si*, ui*) are builtin types that
// arith does not take; the conversion reaches arith through a cast in the
// reduction's body. Upstream vectorisation and padding need signless
// elements at the op's boundary instead: rmean-cpu-tile (which pads rows
// with the additive identity) and rmean-cpu-vectorize share this rewrite.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_LIB_TRANSFORMS_SIGNLESSINPUTS_H
#define RMEAN_LIB_TRANSFORMS_SIGNLESSINPUTS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::rmean {

/// Unsigned (or signed) integer elements reach arith through a cast to the
/// signless type in the body (`builtin.unrealized_conversion_cast %in :
/// ui32 to i32`, as the conversion writes it), which linalg::vectorize does
/// not take. Moves that cast to the tile's input tensor, so that the body
/// starts from signless elements; rmean-cpu-vectorize then moves it onto
/// the vectors read (ReadThroughSignlessCast). Inputs with other uses keep
/// their form.
void castInputsToSignless(RewriterBase &rewriter, linalg::GenericOp op);

} // namespace mlir::rmean

#endif // RMEAN_LIB_TRANSFORMS_SIGNLESSINPUTS_H
