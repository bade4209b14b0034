/*===- rmean-c/Rmean.h - C API of the rmean dialect --------------*- C -*-===*\
|*                                                                            *|
|* The rmean dialect, its passes and pipelines, and a builder for            *|
|* rmean.reduce_mean, in the conventions of MLIR's C API (include/mlir-c/).   *|
|* Link the MLIRRmeanCAPI library with MLIR's C API (libMLIRCAPIIR) and      *|
|* libMLIR.                                                                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef RMEAN_C_RMEAN_H
#define RMEAN_C_RMEAN_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The rmean dialect, for mlirDialectHandleInsertDialect /
/// mlirDialectHandleLoadDialect.
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Rmean, rmean);

/// Adds the rmean dialect, the upstream dialects rmean's pipelines create
/// ops of, and the interface models their passes need to `registry`.
MLIR_CAPI_EXPORTED void
rmeanRegisterRequiredDialectsAndInterfaces(MlirDialectRegistry registry);

/// Registers rmean's passes and pipelines (convert-rmean-to-linalg, the CPU
/// strategy passes, rmean-cpu-pipeline) with the global registry, so that
/// mlirParsePassPipeline knows them.
MLIR_CAPI_EXPORTED void rmeanRegisterPassesAndPipelines(void);

/// Creates a detached `rmean.reduce_mean` of `input` over the `numAxes`
/// static `axes`, its result type inferred. Returns a null operation (check
/// with mlirOperationIsNull) when the input is null or not a supported ranked
/// tensor, `numAxes` is negative, `axes` is null with a positive count, or
/// the axes are invalid; a diagnostic is emitted at `location`. Loads the
/// rmean dialect into the context if it is only registered.
MLIR_CAPI_EXPORTED MlirOperation rmeanReduceMeanCreate(
    MlirLocation location, MlirValue input, const int64_t *axes,
    intptr_t numAxes, bool keepDims, bool noopWithEmptyAxes);

#ifdef __cplusplus
}
#endif

#endif // RMEAN_C_RMEAN_H
