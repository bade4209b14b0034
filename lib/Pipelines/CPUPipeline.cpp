//===- CPUPipeline.cpp - rmean to LLVM for the host CPU -------------------===//
//
// The CPU pipeline: canonicalise, lower rmean to linalg, bufferise across
// function boundaries, free temporaries, then lower everything to LLVM.
//
//===----------------------------------------------------------------------===//

#include "rmean/Pipelines/Pipelines.h"

#include "PipelineStages.h"

#include "rmean/Conversion/Passes.h"
#include "rmean/Dialect/Rmean/IR/RmeanDialect.h"
#include "rmean/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/TargetParser/Host.h"

using namespace mlir;
using namespace mlir::rmean;

/// rmean -> linalg on tensors; canonicalising first turns constant axes
/// into attributes and folds identities, so fewer ops reach the lowering.
static void addTensorStage(OpPassManager &pm,
                           const RmeanCPUPipelineOptions &options) {
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createConvertRmeanToLinalgPass());
  // The strategy passes find the conversion's ops by their marker
  // attributes, so they run before anything can rebuild those ops.
  // 0 means scalar loops (registerRmeanPipelines and
  // verifyRmeanCPUPipelineOptions reject negative sizes; a caller that skips
  // them gets the selection pass's range error).
  int64_t vectorSize = getRmeanCPUVectorSize(options);
  if (vectorSize != 0) {
    RmeanSelectCPUStrategyPassOptions select;
    select.vectorSize = vectorSize;
    select.cacheTile = options.cacheTile;
    select.numThreads = options.numThreads;
    select.minThreadedBytes = options.minThreadedBytes;
    select.targetVectorBits = getRmeanCPUVectorBits(options);
    select.outerRowsPerStep = getRmeanCPUOuterRowsPerStep(options);
    select.rowStreamsBytes = options.rowStreamsBytes;
    OpPassManager &func = pm.nest<func::FuncOp>();
    // Complex sums become real sums of their parts, which vectorise.
    func.addPass(createRmeanViewComplexAsRealPass());
    // Separate reduced runs become two sums of the forms selection knows.
    func.addPass(createRmeanSplitReducedRunsPass());
    // Short 8- and 16-bit integer sums in i32 lanes rather than i64.
    func.addPass(createRmeanNarrowIntegerSumsPass());
    func.addPass(createRmeanSelectCPUStrategyPass(select));
    // Casts of static shapes fold into the reductions first, so that sizes
    // known statically (e.g. empty dimensions) are tiled as such.
    func.addPass(createCanonicalizerPass());
    RmeanCPUTilePassOptions tiling;
    tiling.blockTrips = options.blockTrips;
    tiling.minThreadedBytes = options.minThreadedBytes;
    func.addPass(createRmeanCPUTilePass(tiling));
    // Peeled bounds and the slices they size fold to static tiles.
    func.addPass(createCanonicalizerPass());
    func.addPass(createRmeanCPUVectorizePass());
    func.addPass(createCanonicalizerPass());
    RmeanNarrowAccumulatorsPassOptions narrow;
    narrow.blockTrips = options.blockTrips;
    narrow.narrowF32 = options.narrowF32;
    narrow.targetVectorBits = getRmeanCPUVectorBits(options);
    func.addPass(createRmeanNarrowAccumulatorsPass(narrow));
  }
  // Elementwise arith/math on whole tensors has no bufferization; make it
  // linalg first so that user code around the reductions lowers too.
  pm.addNestedPass<func::FuncOp>(createConvertElementwiseToLinalgPass());
  pm.addPass(createCanonicalizerPass());
}

/// Tensors -> identity-layout memrefs, across function boundaries so that
/// callers see plain memrefs; then free every temporary buffer.
void mlir::rmean::detail::addBufferizeStage(OpPassManager &pm,
                                            bool stridedArguments) {
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      stridedArguments ? bufferization::LayoutMapOption::FullyDynamicLayoutMap
                       : bufferization::LayoutMapOption::IdentityLayoutMap;
  bufferize.unknownTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // A buffer allocated per iteration of an scf.for (the row sums of a step
  // of short integer rows, say) is allocated once before the loop instead;
  // deallocation then frees it after the loop. Thread chunks (scf.forall)
  // keep theirs inside: upstream hoists out of sequential loops only.
  pm.addNestedPass<func::FuncOp>(bufferization::createBufferLoopHoistingPass());
  // Returned buffers belong to the caller; everything else is freed.
  bufferization::BufferDeallocationPipelineOptions dealloc;
  bufferization::buildBufferDeallocationPipeline(pm, dealloc);
  // Ownership-based deallocation clones buffers it cannot prove owned (e.g.
  // a returned view of a reshaped temporary); lower the clones to copies.
  pm.addPass(createConvertBufferizationToMemRefPass());
}

static void addBufferizeStage(OpPassManager &pm,
                              const RmeanCPUPipelineOptions &options) {
  mlir::rmean::detail::addBufferizeStage(pm, options.stridedInputs);
  // Strided arguments: dense ones get back the unit-stride code (one check
  // at entry), others a row-major copy; the casts fold into the accesses.
  if (options.stridedInputs) {
    pm.addNestedPass<func::FuncOp>(createRmeanContiguousArgumentsPass());
    pm.addPass(createCanonicalizerPass());
  }
  // The accumulation loops that do much work per load prefetch their input
  // (the markers survive bufferization; the transfers are on memrefs now).
  if (getRmeanCPUVectorSize(options) != 0 && options.prefetchDistance > 0) {
    RmeanPrefetchPassOptions prefetch;
    prefetch.distance = options.prefetchDistance;
    pm.addNestedPass<func::FuncOp>(createRmeanPrefetchPass(prefetch));
  }
  // Thread chunks (scf.forall, bufferized so it has no results) become
  // OpenMP parallel loops: rmean's own without a second barrier, any other
  // through upstream.
  if (options.numThreads > 1) {
    RmeanThreadChunksToOpenMPPassOptions chunks;
    chunks.numThreads = options.numThreads;
    pm.addNestedPass<func::FuncOp>(createRmeanThreadChunksToOpenMPPass(chunks));
    pm.addNestedPass<func::FuncOp>(createForallToParallelLoopPass());
    ConvertSCFToOpenMPPassOptions omp;
    omp.numThreads = options.numThreads;
    pm.addPass(createConvertSCFToOpenMPPass(omp));
  }
}

/// Loops and memrefs -> LLVM. The order matters: linalg must become loops
/// before affine is lowered; strided metadata must be expanded before the
/// memref lowering; bf16 truncations are expanded to integer ops because
/// their libcall is missing from JIT runtimes; memrefs are lowered before
/// the rest because convert-to-llvm misses memref.reshape.
void mlir::rmean::detail::addLLVMStage(OpPassManager &pm) {
  // Copies the memref lowering would turn into calls of MLIR's runtime
  // library become loops, so compiled objects link without it.
  pm.addNestedPass<func::FuncOp>(createRmeanStridedCopiesToLoopsPass());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  // Vector ops left by the strategies: masks first, then transfers to
  // loads/stores, then what remains of multi-reductions.
  pm.addNestedPass<func::FuncOp>(vector::createLowerVectorMaskPass());
  pm.addPass(createConvertVectorToSCFPass(
      VectorTransferToSCFOptions().enableFullUnroll()));
  pm.addNestedPass<func::FuncOp>(vector::createLowerVectorMultiReductionPass());
  arith::ArithExpandOpsPassOptions expand;
  expand.includeBf16 = true;
  pm.addPass(arith::createArithExpandOpsPass(expand));
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  // memref.reshape is only lowered by the dedicated memref conversion, not
  // by convert-to-llvm's interface-driven patterns; it must also run before
  // scf-to-cf when OpenMP regions are present (else alloca_scope regions
  // end up with several blocks).
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createSCFToControlFlowPass());
  // rmean's run-time checks split their blocks, so they need the CFG.
  pm.addPass(createConvertRmeanToLLVMPass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  // rmean's failed run-time checks print, flush and exit with status 70
  // instead of aborting (hosts report SIGABRT as their own crash).
  pm.addPass(createRmeanExitOnFailedCheckPass());
  pm.addPass(createCanonicalizerPass());
}

void mlir::rmean::buildRmeanCPUPipeline(
    OpPassManager &pm, const RmeanCPUPipelineOptions &options) {
  addTensorStage(pm, options);
  addBufferizeStage(pm, options);
  mlir::rmean::detail::addLLVMStage(pm);
}

/// Reports `name = value` outside [lo, hi] through `emitError`.
static LogicalResult
checkRange(StringRef name, int64_t value, int64_t lo, int64_t hi,
           function_ref<LogicalResult(const Twine &)> emitError) {
  if (value >= lo && value <= hi)
    return success();
  if (hi == std::numeric_limits<int64_t>::max())
    return emitError("rmean-cpu-pipeline: option '" + name +
                     "' must be >= " + Twine(lo) + ", got " + Twine(value));
  return emitError("rmean-cpu-pipeline: option '" + name + "' must be in [" +
                   Twine(lo) + ", " + Twine(hi) + "], got " + Twine(value));
}

int64_t mlir::rmean::getHostVectorBits() {
  llvm::StringMap<bool, llvm::MallocAllocator> features =
      llvm::sys::getHostCPUFeatures();
  if (features.lookup("avx512f"))
    return 512;
  if (features.lookup("avx"))
    return 256;
  return 128;
}

int64_t mlir::rmean::getHostOuterRowsPerStep() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  if (__builtin_cpu_is("intel") && getHostVectorBits() >= 512)
    return 8;
#endif
  return 0;
}

int64_t mlir::rmean::getRmeanCPUOuterRowsPerStep(
    const RmeanCPUPipelineOptions &options) {
  return options.outerRowsPerStep == -1 ? getHostOuterRowsPerStep()
                                        : int64_t(options.outerRowsPerStep);
}

int64_t
mlir::rmean::getRmeanCPUVectorBits(const RmeanCPUPipelineOptions &options) {
  return options.targetVectorBits == 0 ? getHostVectorBits()
                                       : int64_t(options.targetVectorBits);
}

int64_t
mlir::rmean::getRmeanCPUVectorSize(const RmeanCPUPipelineOptions &options) {
  if (options.vectorSize.hasValue())
    return options.vectorSize;
  return std::max<int64_t>(1, 16 * getRmeanCPUVectorBits(options) / 512);
}

/// 0 (the host) or a power of two from 64 to 4096.
static LogicalResult
checkVectorBits(int64_t bits,
                function_ref<LogicalResult(const Twine &)> emitError) {
  if (bits == 0 || (bits >= 64 && bits <= 4096 && llvm::isPowerOf2_64(bits)))
    return success();
  return emitError("rmean-cpu-pipeline: option 'target-vector-bits' must be "
                   "0 (the host) or a power of two in [64, 4096], got " +
                   Twine(bits));
}

LogicalResult mlir::rmean::verifyRmeanCPUPipelineOptions(
    const RmeanCPUPipelineOptions &options,
    function_ref<LogicalResult(const Twine &)> emitError) {
  // The ranges of #rmean.cpu_strategy, which the selection writes; 0 lanes
  // means scalar loops, 0 block trips f64 additions only.
  return success(
      succeeded(checkRange("vector-size", options.vectorSize, 0,
                           CPUStrategyAttr::kMaxVectorSize, emitError)) &&
      succeeded(checkRange("cache-tile", options.cacheTile, 1,
                           CPUStrategyAttr::kMaxCacheTile, emitError)) &&
      succeeded(checkRange("num-threads", options.numThreads, 1,
                           CPUStrategyAttr::kMaxThreads, emitError)) &&
      succeeded(checkRange("min-threaded-bytes", options.minThreadedBytes, 0,
                           CPUStrategyAttr::kMaxMinThreadedBytes, emitError)) &&
      succeeded(checkRange("row-streams-bytes", options.rowStreamsBytes, 0,
                           CPUStrategyAttr::kMaxMinThreadedBytes, emitError)) &&
      succeeded(checkRange("block-trips", options.blockTrips, 0,
                           std::numeric_limits<int64_t>::max(), emitError)) &&
      succeeded(checkRange("prefetch-distance", options.prefetchDistance, 0,
                           int64_t(1) << 20, emitError)) &&
      succeeded(checkRange("outer-rows-per-step", options.outerRowsPerStep, -1,
                           CPUStrategyAttr::kMaxRowsPerStep, emitError)) &&
      succeeded(checkVectorBits(options.targetVectorBits, emitError)));
}

void mlir::rmean::registerRmeanPipelines() {
  // PassPipelineRegistration cannot reject parsed values; this registration
  // checks them once, before anything runs.
  registerPassPipeline(
      "rmean-cpu-pipeline",
      "Lower rmean (and the upstream ops around it) to the LLVM dialect for "
      "the host CPU",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> emitError) {
        // The pipeline adds module passes (bufferisation, conversion to
        // LLVM); nested under another anchor, adding them would be a fatal
        // error inside the pass manager rather than a diagnostic.
        std::optional<StringRef> anchor = pm.getOpName();
        if (anchor != ModuleOp::getOperationName())
          return emitError(
              "rmean-cpu-pipeline runs on 'builtin.module' (it bufferizes "
              "and converts whole modules); it cannot nest under '" +
              (anchor ? *anchor : StringRef("any")) + "'");
        RmeanCPUPipelineOptions options;
        if (failed(options.parseFromString(text)) ||
            failed(verifyRmeanCPUPipelineOptions(options, emitError)))
          return failure();
        buildRmeanCPUPipeline(pm, options);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optHandler) {
        optHandler(RmeanCPUPipelineOptions());
      });
  registerPassPipeline(
      "rmean-gpu-pipeline",
      "Lower rmean (and the upstream ops around it) to CUDA kernels in a "
      "gpu.binary and host LLVM dialect that launches them",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> emitError) {
        std::optional<StringRef> anchor = pm.getOpName();
        if (anchor != ModuleOp::getOperationName())
          return emitError(
              "rmean-gpu-pipeline runs on 'builtin.module' (it bufferizes, "
              "outlines kernels and converts whole modules); it cannot nest "
              "under '" +
              (anchor ? *anchor : StringRef("any")) + "'");
        RmeanGPUPipelineOptions options;
        if (failed(options.parseFromString(text)) ||
            failed(verifyRmeanGPUPipelineOptions(options, emitError)))
          return failure();
        buildRmeanGPUPipeline(pm, options);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optHandler) {
        optHandler(RmeanGPUPipelineOptions());
      });
}
