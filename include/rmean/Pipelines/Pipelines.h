//===- Pipelines.h - rmean lowering pipelines -------------------*- C++ -*-===//
//
// Builders for the CPU and GPU pipelines, each with its options struct, so
// that embedding compilers can add them to their own pass managers.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_PIPELINES_PIPELINES_H
#define RMEAN_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::rmean {

/// Options of `--rmean-cpu-pipeline`.
struct RmeanCPUPipelineOptions
    : public PassPipelineOptions<RmeanCPUPipelineOptions> {
  // Strategy options (tile sizes, vector width, threads) arrive with the
  // tiled and vectorised CPU strategies.
};

/// Lowers a module mixing rmean with upstream func/arith/math/complex/tensor/
/// linalg/bufferization/memref/scf/cf ops to the LLVM dialect.
void buildRmeanCPUPipeline(OpPassManager &pm,
                           const RmeanCPUPipelineOptions &options);

/// Registers `--rmean-cpu-pipeline` (and later pipelines) with the global
/// pass registry.
void registerRmeanPipelines();

} // namespace mlir::rmean

#endif // RMEAN_PIPELINES_PIPELINES_H
