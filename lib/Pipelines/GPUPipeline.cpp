//===- GPUPipeline.cpp - rmean to NVVM/PTX and host launch code -----------===//
//
// The GPU pipeline: rmean -> linalg -> strategy -> bufferised memrefs ->
// hand-built reduction kernels (rmean-gpu-distribute) and upstream mapping
// of the remaining linalg ops -> device buffers -> outlined kernels on one
// stream -> NVVM -> gpu.binary, host code -> LLVM dialect.
//
//===----------------------------------------------------------------------===//

#include "rmean/Pipelines/Pipelines.h"

#include "PipelineStages.h"

#include "rmean/Conversion/Passes.h"
#include "rmean/Dialect/Rmean/IR/RmeanAttrs.h"
#include "rmean/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace mlir::rmean;

/// The chips LLVM 22's NVPTX back end accepts, with the PTX ISA version
/// each needs at least (older ones make LLVM abort, e.g. "PTX version 7.0
/// does not support target 'sm_86'"), times ten.
static std::optional<unsigned> minimumPtx(StringRef chip) {
  return llvm::StringSwitch<std::optional<unsigned>>(chip)
      .Case("sm_50", 40)
      .Case("sm_52", 41)
      .Case("sm_53", 42)
      .Cases({"sm_60", "sm_61", "sm_62"}, 50)
      .Case("sm_70", 60)
      .Case("sm_72", 61)
      .Case("sm_75", 63)
      .Case("sm_80", 70)
      .Case("sm_86", 71)
      .Case("sm_87", 74)
      .Case("sm_89", 78)
      .Cases({"sm_90", "sm_90a"}, 80)
      .Cases({"sm_100", "sm_100a", "sm_101", "sm_101a"}, 86)
      .Cases({"sm_120", "sm_120a"}, 87)
      .Cases({"sm_100f", "sm_101f", "sm_103", "sm_103a", "sm_103f", "sm_120f",
              "sm_121", "sm_121a", "sm_121f"},
             88)
      .Default(std::nullopt);
}

static std::string defaultFeatures(StringRef chip) {
  unsigned ptx = minimumPtx(chip).value_or(80);
  return "+ptx" + std::to_string(ptx);
}

static bool isCUDAToolkit(StringRef prefix) {
  SmallString<128> ptxas(prefix), libdevice(prefix);
  llvm::sys::path::append(ptxas, "bin", "ptxas");
  llvm::sys::path::append(libdevice, "nvvm", "libdevice", "libdevice.10.bc");
  return llvm::sys::fs::can_execute(ptxas) &&
         llvm::sys::fs::is_regular_file(libdevice);
}

/// The toolkit gpu-module-to-binary runs ptxas from and links libdevice
/// from: the option, else the usual prefix when it has both (upstream looks
/// in $PATH, CUDA_ROOT and CUDA_HOME only when this is empty).
static std::string toolkitPath(const RmeanGPUPipelineOptions &options) {
  if (!options.toolkit.empty())
    return options.toolkit;
  if (!std::getenv("CUDA_ROOT") && !std::getenv("CUDA_HOME") &&
      isCUDAToolkit("/usr/local/cuda"))
    return "/usr/local/cuda";
  return "";
}

void mlir::rmean::buildRmeanGPUPipeline(
    OpPassManager &pm, const RmeanGPUPipelineOptions &options) {
  // Tensors: rmean -> linalg, strategies. Runtime axes get the static
  // kernels of the axis sets the conversion lists; their general loop would
  // run on the host over device memory, so other sets fail a run-time check
  // instead (the axes themselves are read from a host copy:
  // rmean-gpu-device-buffers).
  pm.addPass(createCanonicalizerPass());
  ConvertRmeanToLinalgPassOptions toLinalg;
  toLinalg.runtimeAxesLoop = false;
  pm.addPass(createConvertRmeanToLinalgPass(toLinalg));
  RmeanSelectGPUStrategyPassOptions select;
  select.blockSize = options.blockSize;
  select.itemsPerThread = options.itemsPerThread;
  select.blocksPerOutput = options.blocksPerOutput;
  pm.addNestedPass<func::FuncOp>(createRmeanSelectGPUStrategyPass(select));
  pm.addNestedPass<func::FuncOp>(createConvertElementwiseToLinalgPass());
  pm.addPass(createCanonicalizerPass());

  // Buffers: identity layouts at function boundaries (a caller passes
  // plain device buffers), deallocation of temporaries, rmean's kernels.
  mlir::rmean::detail::addBufferizeStage(pm);
  // After deallocation: the kernels' gpu.barrier has no memory-effect
  // model the deallocation pipeline accepts. The pass frees its own
  // partial-sum buffers.
  pm.addNestedPass<func::FuncOp>(createRmeanGPUDistributePass());

  // The user's own linalg ops around the means (elementwise, fills,
  // copies) run as upstream-mapped parallel loops: 256 threads per block
  // along their innermost loop.
  OpPassManager &func = pm.nest<func::FuncOp>();
  func.addPass(createConvertLinalgToParallelLoopsPass());
  func.addPass(createParallelLoopTilingPass({256}, /*noMinMaxBounds=*/true));
  func.addPass(createGpuMapParallelLoopsPass());
  func.addPass(createConvertParallelLoopToGpuPass());

  // Testing without a GPU: the same kernels on host threads.
  if (options.emulate) {
    pm.addPass(createRmeanGPUEmulateOnCPUPass());
    mlir::rmean::detail::addLLVMStage(pm);
    return;
  }

  // Every host buffer lives on the device; kernels are outlined and every
  // GPU operation of a function is chained on one stream.
  pm.addPass(createRmeanGPUDeviceBuffersPass());
  // Constants and index arithmetic hoisted out of the launches by earlier
  // folding go back in, rather than becoming kernel parameters.
  pm.addNestedPass<func::FuncOp>(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createGpuKernelOutliningPass());
  pm.addNestedPass<func::FuncOp>(createGpuAsyncRegionPass());

  // gpu-lower-to-nvvm-pipeline, spelt out so that the target options reach
  // nvvm-attach-target and gpu-module-to-binary.
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertRmeanToLLVMPass());
  pm.addPass(createConvertNVVMToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.features = options.features.empty() ? defaultFeatures(options.chip)
                                             : std::string(options.features);
  target.optLevel = 3;
  pm.addPass(createGpuNVVMAttachTarget(target));
  pm.addPass(createLowerAffinePass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createConvertGpuOpsToNVVMOps());
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createGpuToLLVMConversionPass());
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = options.format;
  binary.toolkitPath = toolkitPath(options);
  pm.addPass(createGpuModuleToBinaryPass(binary));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createRmeanExitOnFailedCheckPass());
}

LogicalResult mlir::rmean::verifyRmeanGPUPipelineOptions(
    const RmeanGPUPipelineOptions &options,
    function_ref<LogicalResult(const Twine &)> emitError) {
  auto bad = [&](StringRef name, const Twine &expected, const Twine &got) {
    return emitError("rmean-gpu-pipeline: option '" + name + "' must be " +
                     expected + ", got " + got);
  };
  if (!minimumPtx(options.chip))
    return bad("chip",
               "a chip LLVM's NVPTX back end knows (sm_50 ... sm_90, sm_90a, "
               "sm_100[a|f], sm_101[a|f], sm_103[a|f], sm_120[a|f], "
               "sm_121[a|f])",
               options.chip);
  // An explicit PTX version below the chip's minimum aborts LLVM.
  StringRef features = options.features;
  unsigned ptx = 0;
  if (features.consume_front("+ptx") && !features.getAsInteger(10, ptx) &&
      ptx < *minimumPtx(options.chip))
    return bad("features",
               "+ptx" + Twine(*minimumPtx(options.chip)) + " or later for " +
                   options.chip,
               options.features);
  // The kernels call libdevice, which the serializer links from the
  // toolkit; without it ptxas fails much later on an unresolved __nv_*
  // function, so a prefix such as /usr/local (ptxas wrappers in bin/, no
  // nvvm/) is refused here, where the message can name the option.
  if (!options.toolkit.empty() && !isCUDAToolkit(options.toolkit))
    return bad("toolkit",
               "a CUDA prefix with bin/ptxas and "
               "nvvm/libdevice/libdevice.10.bc",
               options.toolkit);
  if (!llvm::is_contained({"isa", "bin", "fatbin"}, options.format))
    return bad("format", "one of isa, bin, fatbin", options.format);
  LogicalResult ranges = success();
  if (failed(GPUStrategyAttr::checkSelectionOptions(
          options.blockSize, options.itemsPerThread, options.blocksPerOutput,
          [&](StringRef name, StringRef range, int64_t value) {
            ranges = bad(name, range, Twine(value));
          })))
    return ranges;
  return success();
}
