//===- RmeanToLLVM.h - rmean's memref-level ops to LLVM ---------*- C++ -*-===//
//
// Lowers the run-time checks and complex parts views that rmean's other
// lowerings leave behind, as
// a pass, as patterns for a host's own conversion, and as the rmean
// dialect's ConvertToLLVMPatternInterface for `convert-to-llvm`.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_CONVERSION_RMEANTOLLVM_RMEANTOLLVM_H
#define RMEAN_CONVERSION_RMEANTOLLVM_RMEANTOLLVM_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class DialectRegistry;
class LLVMTypeConverter;
class RewritePatternSet;

namespace rmean {

#define GEN_PASS_DECL_CONVERTRMEANTOLLVMPASS
#include "rmean/Conversion/Passes.h.inc"

/// Adds the patterns that turn `rmean.check` into a branch to a block that
/// calls `printf` with the message (placeholders become `%lld`) and then
/// `abort()`, and the memref form of `rmean.view_as_real` into a memref
/// descriptor over the same data. The check must be in a block of a CFG
/// region (after `convert-scf-to-cf`), as for `cf.assert`.
void populateRmeanToLLVMConversionPatterns(
    const LLVMTypeConverter &typeConverter, RewritePatternSet &patterns);

/// Attaches ConvertToLLVMPatternInterface to the rmean dialect, so that
/// `convert-to-llvm` lowers `rmean.check` and `rmean.view_as_real` too.
void registerConvertRmeanToLLVMInterface(DialectRegistry &registry);

} // namespace rmean
} // namespace mlir

#endif // RMEAN_CONVERSION_RMEANTOLLVM_RMEANTOLLVM_H
