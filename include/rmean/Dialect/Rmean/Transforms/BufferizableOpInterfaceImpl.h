//===- BufferizableOpInterfaceImpl.h - bufferising rmean ops ----*- C++ -*-===//
//
// One-shot bufferisation of rmean.view_as_real, as an external model (as
// upstream dialects do): hosts that bufferise register it, others do not
// link the bufferization dialect for it.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_DIALECT_RMEAN_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define RMEAN_DIALECT_RMEAN_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;

namespace rmean {

/// Attaches `bufferization::BufferizableOpInterface` to the tensor form of
/// `rmean.view_as_real`: it bufferises to the memref form over its input's
/// buffer (an alias: no copy, no read, no write).
void registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry);

} // namespace rmean
} // namespace mlir

#endif // RMEAN_DIALECT_RMEAN_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
