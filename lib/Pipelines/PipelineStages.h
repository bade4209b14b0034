//===- PipelineStages.h - stages the rmean pipelines share ------*- C++ -*-===//
//
// Internal to lib/Pipelines: the host lowering is the same for the CPU
// pipeline and for the GPU pipeline's CPU emulation.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_LIB_PIPELINES_PIPELINESTAGES_H
#define RMEAN_LIB_PIPELINES_PIPELINESTAGES_H

#include "mlir/Pass/PassManager.h"

namespace mlir::rmean::detail {

/// One-shot bufferization across function boundaries (identity layouts, or
/// fully dynamic ones with `stridedArguments`), ownership-based
/// deallocation of temporaries, clones lowered to copies.
void addBufferizeStage(OpPassManager &pm, bool stridedArguments = false);

/// Loops, vectors, memrefs and OpenMP regions -> LLVM dialect for the host.
void addLLVMStage(OpPassManager &pm);

} // namespace mlir::rmean::detail

#endif // RMEAN_LIB_PIPELINES_PIPELINESTAGES_H
