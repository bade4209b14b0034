//===- FunctionBuffers.h - buffers at function boundaries -------*- C++ -*-===//
//
// Helpers for the passes that add buffers of their own around a function's
// code (rmean-gpu-device-buffers, rmean-contiguous-arguments): whether a
// buffer reaches the caller decides whether the pass may free it.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_LIB_TRANSFORMS_FUNCTIONBUFFERS_H
#define RMEAN_LIB_TRANSFORMS_FUNCTIONBUFFERS_H

#include "mlir/IR/Value.h"

namespace mlir::rmean {

/// Whether `buffer`, or a view or cast of it, is returned by its function
/// (then the caller owns it).
bool isReturnedByItsFunction(Value buffer);

} // namespace mlir::rmean

#endif // RMEAN_LIB_TRANSFORMS_FUNCTIONBUFFERS_H
