/*===- rmean/Runtime/GpuRuntime.h - CUDA host runtime -------------*- C -*-===*\
|*                                                                            *|
|* The functions that code lowered by MLIR's gpu-to-llvm and translated by    *|
|* mlir-translate calls (mgpu*), and helpers for rmean's C drivers            *|
|* (rmeanGpu*). Debian ships no libmlir_cuda_runtime, and rmean must build    *|
|* and link without a CUDA toolkit, driver or GPU: the library dlopens the    *|
|* CUDA driver (libcuda.so.1) on first use instead of linking it. Link        *|
|* RmeanGpuRuntime (or RmeanGpuRuntimeStatic); it needs neither MLIR nor      *|
|* LLVM.                                                                      *|
|*                                                                            *|
|* Errors: every function but rmeanGpuAvailable, rmeanGpuUnavailableReason,   *|
|* rmeanGpuDeviceName and rmeanGpuPeakBandwidthGBs treats a missing driver    *|
|* or device, and any failing driver call, as fatal. It prints one message    *|
|* (one line, unless it quotes the PTX JIT's log), such as                    *|
|*   rmean GPU runtime: cuModuleLoadData failed:                              *|
|*   CUDA_ERROR_NO_BINARY_FOR_GPU (no kernel image is available for           *|
|*   execution on the device)                                                 *|
|* to stderr and exits with status 70 (EX_SOFTWARE), skipping static          *|
|* destructors, which could call back into a broken driver. Generated code    *|
|* checks no results, so returning an error would only move the failure.      *|
|*                                                                            *|
|* Each function that reaches the driver first makes the primary context of   *|
|* the default device (0, or the one given to mgpuSetDefaultDevice) current   *|
|* on the calling thread, and leaves it current. All functions may be called  *|
|* from any thread.                                                           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef RMEAN_RUNTIME_GPURUNTIME_H
#define RMEAN_RUNTIME_GPURUNTIME_H

#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

/// Explicit so that the entry points stay exported when the library, or a
/// shared library linking the static variant, is built with
/// -fvisibility=hidden.
#define RMEAN_GPU_RUNTIME_EXPORT __attribute__((visibility("default")))

#ifdef __cplusplus
extern "C" {
#endif

//===----------------------------------------------------------------------===//
// MLIR's ABI (gpu-to-llvm, MLIR 22): the signatures must match the
// `declare`s in the LLVM IR that mlir-translate emits. Handles are opaque.
//===----------------------------------------------------------------------===//

/// Registers a cubin or fatbin image (gpu-module-to-binary format=bin or
/// fatbin); the driver loads it at the first mgpuModuleGetFunction, for the
/// default device of that moment. Generated code calls this from a global
/// constructor: loading there would end a program without a GPU before main
/// could report that, and would ignore mgpuSetDefaultDevice. `data` must
/// outlive the handle; `gpuBlobSize` is unused (the image has its size).
RMEAN_GPU_RUNTIME_EXPORT void *mgpuModuleLoad(void *data, size_t gpuBlobSize);

/// As mgpuModuleLoad, for NUL-terminated PTX (format=isa) that the driver
/// compiles at optimisation level `optLevel` (clamped to 0..4). A compile
/// error's message includes the JIT's log.
RMEAN_GPU_RUNTIME_EXPORT void *mgpuModuleLoadJIT(void *ptx, int optLevel);

/// Generated code calls this from a global destructor, possibly after the
/// driver has shut down, which is not an error then. A module that was never
/// loaded needs no driver. NULL is a no-op.
RMEAN_GPU_RUNTIME_EXPORT void mgpuModuleUnload(void *module);

RMEAN_GPU_RUNTIME_EXPORT void *mgpuModuleGetFunction(void *module,
                                                     const char *name);

/// `smem` bytes of dynamic shared memory; above 48 KiB the kernel is first
/// allowed to use that much (CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES).
/// A grid dimension of 0, a zero-sized problem, launches nothing.
/// `paramsCount` is unused.
RMEAN_GPU_RUNTIME_EXPORT void
mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                 intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                 int32_t smem, void *stream, void **params, void **extra,
                 size_t paramsCount);

/// A non-blocking stream: it does not synchronise with the legacy NULL stream.
RMEAN_GPU_RUNTIME_EXPORT void *mgpuStreamCreate(void);
/// NULL is a no-op.
RMEAN_GPU_RUNTIME_EXPORT void mgpuStreamDestroy(void *stream);
RMEAN_GPU_RUNTIME_EXPORT void mgpuStreamSynchronize(void *stream);
RMEAN_GPU_RUNTIME_EXPORT void mgpuStreamWaitEvent(void *stream, void *event);

/// An event without timing, which is cheaper; see rmeanGpuEventCreateTimed.
RMEAN_GPU_RUNTIME_EXPORT void *mgpuEventCreate(void);
/// NULL is a no-op.
RMEAN_GPU_RUNTIME_EXPORT void mgpuEventDestroy(void *event);
RMEAN_GPU_RUNTIME_EXPORT void mgpuEventSynchronize(void *event);
RMEAN_GPU_RUNTIME_EXPORT void mgpuEventRecord(void *event, void *stream);

/// Device memory, or managed memory that host and device can both access
/// when `isHostShared`. 0 bytes gives NULL. The allocation is not stream
/// ordered: it is usable at once.
RMEAN_GPU_RUNTIME_EXPORT void *mgpuMemAlloc(uint64_t sizeBytes, void *stream,
                                            bool isHostShared);
/// Waits for `stream` (unless NULL) first, so that work queued on it cannot
/// touch the freed memory. NULL `ptr` is a no-op.
RMEAN_GPU_RUNTIME_EXPORT void mgpuMemFree(void *ptr, void *stream);
/// Any direction (unified addressing); asynchronous on `stream`.
RMEAN_GPU_RUNTIME_EXPORT void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                                         void *stream);
/// `count` is in elements, not bytes.
RMEAN_GPU_RUNTIME_EXPORT void mgpuMemset32(void *dst, unsigned int value,
                                           size_t count, void *stream);
RMEAN_GPU_RUNTIME_EXPORT void mgpuMemset16(void *dst, unsigned short value,
                                           size_t count, void *stream);

/// Page-locks host memory. NULL or 0 bytes is a no-op (the driver rejects
/// both), so pair it with mgpuMemHostUnregister only when it registered.
RMEAN_GPU_RUNTIME_EXPORT void mgpuMemHostRegister(void *ptr,
                                                  uint64_t sizeBytes);
/// NULL is a no-op.
RMEAN_GPU_RUNTIME_EXPORT void mgpuMemHostUnregister(void *ptr);
/// `descriptor` points to a ranked memref descriptor of rank `rank`
/// ({allocated, aligned, offset, sizes[rank], strides[rank]}); the span that
/// its sizes and strides reach is registered. An empty memref is a no-op.
RMEAN_GPU_RUNTIME_EXPORT void
mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                          int64_t elementSizeBytes);
RMEAN_GPU_RUNTIME_EXPORT void
mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                            int64_t elementSizeBytes);

/// Process-wide (upstream's is per thread); each thread switches on its next
/// call. An ordinal without a device is fatal there.
RMEAN_GPU_RUNTIME_EXPORT void mgpuSetDefaultDevice(int32_t device);

//===----------------------------------------------------------------------===//
// Helpers for rmean's C drivers, tests and benchmarks.
//===----------------------------------------------------------------------===//

/// 1 when libcuda.so.1 loads, cuInit succeeds and there is at least one
/// device, else 0. Creates no context, never prints, never exits: tests call
/// it to report UNSUPPORTED.
RMEAN_GPU_RUNTIME_EXPORT int rmeanGpuAvailable(void);
/// Why rmeanGpuAvailable() is 0, e.g. "libcuda.so.1 not found (dlopen: ...)"
/// or "cuInit: CUDA_ERROR_NO_DEVICE (no CUDA-capable device is detected)";
/// "" when it is 1. Never NULL; valid for the life of the process.
RMEAN_GPU_RUNTIME_EXPORT const char *rmeanGpuUnavailableReason(void);

/// Device memory. 0 bytes gives NULL; rmeanGpuFree(NULL) is a no-op.
RMEAN_GPU_RUNTIME_EXPORT void *rmeanGpuMalloc(size_t bytes);
RMEAN_GPU_RUNTIME_EXPORT void rmeanGpuFree(void *p);
/// Synchronous, and ordered after all work submitted so far on any stream:
/// they synchronise the context first.
RMEAN_GPU_RUNTIME_EXPORT void rmeanGpuCopyToDevice(void *dst, const void *src,
                                                   size_t bytes);
RMEAN_GPU_RUNTIME_EXPORT void rmeanGpuCopyToHost(void *dst, const void *src,
                                                 size_t bytes);
/// Waits for all work on all streams of the context.
RMEAN_GPU_RUNTIME_EXPORT void rmeanGpuSynchronize(void);

/// Writes the default device's name to `buf` (NUL-terminated, truncated to
/// `len` bytes) and returns 1. Without a usable GPU, or if the driver fails,
/// returns 0 and writes "" (when `len` > 0). Never fatal.
RMEAN_GPU_RUNTIME_EXPORT int rmeanGpuDeviceName(char *buf, int len);
/// Theoretical peak DRAM bandwidth of the default device in GB/s (1e9 B/s):
/// 2 transfers per memory clock (double data rate) times the bus width.
/// 0 when the driver does not know it, or there is no usable GPU. Never
/// fatal.
RMEAN_GPU_RUNTIME_EXPORT double rmeanGpuPeakBandwidthGBs(void);

/// An event that records timestamps, for rmeanGpuEventElapsedMs. Record it
/// with mgpuEventRecord and destroy it with mgpuEventDestroy.
RMEAN_GPU_RUNTIME_EXPORT void *rmeanGpuEventCreateTimed(void);
/// Milliseconds between two recorded timed events; waits for `end` first.
RMEAN_GPU_RUNTIME_EXPORT float rmeanGpuEventElapsedMs(void *start, void *end);

#ifdef __cplusplus
} // extern "C"
#endif

#endif // RMEAN_RUNTIME_GPURUNTIME_H
