//===- Pipelines.h - rmean lowering pipelines -------------------*- C++ -*-===//
//
// Builders for the CPU and GPU pipelines, each with its options struct, so
// that embedding compilers can add them to their own pass managers.
//
//===----------------------------------------------------------------------===//

#ifndef RMEAN_PIPELINES_PIPELINES_H
#define RMEAN_PIPELINES_PIPELINES_H

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::rmean {

/// Options of `--rmean-cpu-pipeline`.
struct RmeanCPUPipelineOptions
    : public PassPipelineOptions<RmeanCPUPipelineOptions> {
  PassOptions::Option<int64_t> vectorSize{
      *this, "vector-size",
      llvm::cl::desc("Accumulator lanes per vector tile of the CPU strategies "
                     "(0 disables tiling and vectorisation; not given: 16 "
                     "per 512 bits of target-vector-bits)"),
      llvm::cl::init(16)};
  PassOptions::Option<int64_t> targetVectorBits{
      *this, "target-vector-bits",
      llvm::cl::desc("Width in bits of the target's vector registers, which "
                     "sizes the default vector-size: 512 (AVX-512), 256 "
                     "(AVX2), 128, ...; 0 (default): the host's"),
      llvm::cl::init(0)};
  PassOptions::Option<int64_t> cacheTile{
      *this, "cache-tile",
      llvm::cl::desc("Kept elements per cache tile of outer/middle-axis "
                     "reductions"),
      llvm::cl::init(1024)};
  PassOptions::Option<int64_t> numThreads{
      *this, "num-threads",
      llvm::cl::desc("Threads per reduction (OpenMP through scf.forall -> "
                     "scf.parallel -> omp; programs then need libomp)"),
      llvm::cl::init(1)};
  PassOptions::Option<int64_t> minThreadedBytes{
      *this, "min-threaded-bytes",
      llvm::cl::desc("Inputs smaller than this (bytes; statically known or "
                     "tested at run time) stay on one thread under "
                     "num-threads (0: every non-empty input is split)"),
      llvm::cl::init(int64_t(1) << 20)};
  PassOptions::Option<int64_t> rowStreamsBytes{
      *this, "row-streams-bytes",
      llvm::cl::desc("Inputs of at least this many bytes (statically known, "
                     "or tested at run time for row means of a run-time "
                     "size) take qualifying four-row steps as row streams, "
                     "and static f32/i32 reduce-alls their four quarters, "
                     "at 512 vector bits and above (0: every such input)"),
      llvm::cl::init(int64_t(16) << 20)};
  PassOptions::Option<int64_t> blockTrips{
      *this, "block-trips",
      llvm::cl::desc(
          "Vector iterations summed in f32 before each f64 "
          "addition in vectorised f16/bf16/f32 reductions (blocked "
          "summation, docs/ReduceMean.md §4; 0 keeps every addition in f64)"),
      llvm::cl::init(8)};
  PassOptions::Option<bool> narrowF32{
      *this, "narrow-f32",
      llvm::cl::desc("Use the blocked f32 accumulation for f32 inputs too "
                     "(false: f32 inputs summed in f64, within one ulp)"),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> outerRowsPerStep{
      *this, "outer-rows-per-step",
      llvm::cl::desc("Rows each column/middle-axis (outer) step adds before "
                     "its accumulator update: -1 (default) the host's (8 on "
                     "Intel cores with AVX-512, else as 0), 0 8 on rows of "
                     "2048 or more (or f16/bf16 and 8-bit integer ones) and 1 "
                     "below, 1-64 that many (or down to "
                     "3/4 of it when that divides a static count of reduced "
                     "rows and it does not)"),
      llvm::cl::init(-1)};
  PassOptions::Option<int64_t> prefetchDistance{
      *this, "prefetch-distance",
      llvm::cl::desc("Bytes ahead that the compensated f64, blocked f32, "
                     "exact 64-bit integer loops and column steps over short "
                     "rows prefetch their input (rmean-prefetch; 0: no "
                     "software prefetch)"),
      llvm::cl::init(8192)};
  PassOptions::Option<bool> stridedInputs{
      *this, "strided-inputs",
      llvm::cl::desc("Honour the strides and offset of every memref "
                     "descriptor a caller passes (false: arguments must be "
                     "dense row-major, see docs/ReduceMean.md §6.2)"),
      llvm::cl::init(false)};
};

/// The widest vector registers of the host CPU, in bits: 512 with
/// AVX-512F, 256 with AVX, 128 otherwise (what `target-vector-bits=0`
/// means).
int64_t getHostVectorBits();

/// What `outer-rows-per-step=-1` means on this host: 8 on Intel cores with
/// AVX-512 (measured there: 256- to 1024-wide columns 1.04-1.77x faster
/// than one row per step, and free of the run-to-run swings of one row),
/// else 0 (the width rule; AMD cores measured 0.6-0.9x with eight f32 rows
/// of 1024 or fewer, and 2-3x with eight f16/bf16 rows, which the width
/// rule gives them).
int64_t getHostOuterRowsPerStep();

/// `outer-rows-per-step` of `options`, the host's when -1.
int64_t getRmeanCPUOuterRowsPerStep(const RmeanCPUPipelineOptions &options);

/// `target-vector-bits` of `options`, the host's when 0.
int64_t getRmeanCPUVectorBits(const RmeanCPUPipelineOptions &options);

/// The lanes the CPU strategies use under `options`: `vector-size` when it
/// was given, else 16 per 512 bits of `target-vector-bits` (the host's when
/// 0). Accumulators of 16 f64 lanes fill 4 of AVX2's 16 registers and 2 of
/// AVX-512's 32: sized for 512 bits on AVX2, row sums spill (measured on
/// AVX2: f32 rows 0.7x, complex rows 0.75x, bf16 NHWC pooling 0.4x of
/// the 256-bit size).
int64_t getRmeanCPUVectorSize(const RmeanCPUPipelineOptions &options);

/// Checks every option of `options` against its allowed range
/// (vector-size 0-1024, cache-tile 1-2^30, num-threads 1-4096,
/// min-threaded-bytes 0-2^31, row-streams-bytes 0-2^31, block-trips >= 0,
/// prefetch-distance 0-2^20,
/// outer-rows-per-step -1-64, target-vector-bits 0 or a power of two 64-4096)
/// and reports the first bad one, naming it and the range, through `emitError`.
/// `--rmean-cpu-pipeline` runs it before building the pipeline; call it before
/// buildRmeanCPUPipeline with options of your own.
LogicalResult verifyRmeanCPUPipelineOptions(
    const RmeanCPUPipelineOptions &options,
    function_ref<LogicalResult(const Twine &)> emitError);

/// Lowers a module mixing rmean with upstream func/arith/math/complex/tensor/
/// linalg/bufferization/memref/scf/cf ops to the LLVM dialect. `pm` must be
/// anchored on builtin.module (the pipeline nests its function passes
/// itself, and bufferises and converts whole modules).
void buildRmeanCPUPipeline(OpPassManager &pm,
                           const RmeanCPUPipelineOptions &options);

/// Options of `--rmean-gpu-pipeline`.
struct RmeanGPUPipelineOptions
    : public PassPipelineOptions<RmeanGPUPipelineOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("Target GPU architecture (sm_XY)"),
      llvm::cl::init("sm_90")};
  PassOptions::Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features (empty: the PTX version the chip needs, "
                     "e.g. +ptx80 for sm_90)"),
      llvm::cl::init("")};
  PassOptions::Option<std::string> format{
      *this, "format",
      llvm::cl::desc("What gpu.binary holds: isa (PTX, JIT-compiled by the "
                     "driver at load), bin (cubin, needs ptxas), fatbin "
                     "(cubin and PTX, needs ptxas and fatbinary)"),
      llvm::cl::init("bin")};
  PassOptions::Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("CUDA prefix with bin/ptxas and nvvm/libdevice "
                     "(empty: /usr/local/cuda, or upstream's search when "
                     "CUDA_ROOT or CUDA_HOME is set)"),
      llvm::cl::init("")};
  PassOptions::Option<int64_t> blockSize{
      *this, "block-size",
      llvm::cl::desc("Threads per block of the reduction kernels"),
      llvm::cl::init(256)};
  PassOptions::Option<int64_t> itemsPerThread{
      *this, "items-per-thread",
      llvm::cl::desc("Consecutive elements per thread and step of row "
                     "reductions (0: chosen per reduction)"),
      llvm::cl::init(0)};
  PassOptions::Option<int64_t> blocksPerOutput{
      *this, "blocks-per-output",
      llvm::cl::desc("Blocks sharing one output, partial sums added by a "
                     "second kernel (0: chosen per reduction)"),
      llvm::cl::init(0)};
  PassOptions::Option<bool> emulate{
      *this, "emulate",
      llvm::cl::desc("Instead of NVVM code, run the same kernels on host "
                     "OpenMP threads (one per GPU thread; for testing "
                     "without a GPU; programs then need libomp)"),
      llvm::cl::init(false)};
};

/// Checks the options of `--rmean-gpu-pipeline` (a chip LLVM knows, a PTX
/// version it accepts, format isa|bin|fatbin, a toolkit prefix with ptxas
/// and libdevice, the ranges of #rmean.gpu_strategy) and reports the first
/// bad one through `emitError`.
LogicalResult verifyRmeanGPUPipelineOptions(
    const RmeanGPUPipelineOptions &options,
    function_ref<LogicalResult(const Twine &)> emitError);

/// Lowers a module mixing rmean with upstream func/arith/math/tensor/linalg
/// ops to host LLVM dialect that launches CUDA kernels, plus a `gpu.binary`
/// with their code. Function arguments and results are device buffers; the
/// host code calls the `mgpu*` functions of the project's runtime library
/// (include/rmean/Runtime/GpuRuntime.h). `pm` must be anchored on
/// builtin.module.
void buildRmeanGPUPipeline(OpPassManager &pm,
                           const RmeanGPUPipelineOptions &options);

/// Registers `--rmean-cpu-pipeline` and `--rmean-gpu-pipeline` with the
/// global pass registry.
void registerRmeanPipelines();

/// Adds to `registry` everything the rmean pipelines need besides their
/// passes: the rmean dialect, the upstream dialects the pipelines create
/// ops of, and the external interface models their upstream passes use
/// (tiling, subsets, value bounds, bufferisation and deallocation,
/// conversion to LLVM, translation to LLVM IR). A host that registers only
/// this (and rmean's passes and pipelines) can run `--rmean-cpu-pipeline`.
void registerRmeanRequiredDialectsAndInterfaces(DialectRegistry &registry);

} // namespace mlir::rmean

#endif // RMEAN_PIPELINES_PIPELINES_H
