/*===- gpu_peers.h - the GPU benchmark's peers, built with nvcc ----*- C
-*-===*\
|*                                                                            *|
|* peer_cub.cu and read_ceiling.cu are compiled by nvcc on the GPU machine;   *|
|* gpu_bench.cpp, compiled by the host compiler, calls them through this C    *|
|* interface so that it needs neither CUDA headers nor nvcc. Inputs are       *|
|* device pointers allocated by rmeanGpuMalloc (the primary context, which    *|
|* the CUDA runtime shares).                                                  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef RMEAN_BENCH_GPU_PEERS_H
#define RMEAN_BENCH_GPU_PEERS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { kPeerF32 = 0, kPeerF16 = 1, kPeerBF16 = 2 };

/// Means over the middle extent of a row-major [outer x reduced x inner]
/// array at `devIn`, written as floats to `hostMeans` (outer * inner). CUB's
/// DeviceReduce::Sum for a reduce-all, DeviceSegmentedReduce::Sum for rows
/// (inner == 1), a plain CUDA kernel for columns (no CUB primitive reduces
/// strided columns without a transpose); then a kernel divides by the
/// count. Times `calls` back-to-back calls per sample on one stream with
/// CUDA events; `*msPerCall` is the best sample. `*method` names what ran.
/// Returns 0, or 1 with a message in `error`.
int peerCubMean(int elem, int64_t outer, int64_t reduced, int64_t inner,
                const void *devIn, float *hostMeans, int calls, int samples,
                double *msPerCall, const char **method, char *error,
                size_t errorLen);

/// The read ceiling: the best time per call to read `bytes` (a multiple of
/// 16) at `devIn` with float4 loads, grid-stride, summed per warp so the
/// loads stay, over a few launch shapes. `config` gets the best one.
/// Returns 0, or 1 with a message in `error`.
int readCeiling(const void *devIn, size_t bytes, int calls, int samples,
                double *msPerCall, char *config, size_t configLen, char *error,
                size_t errorLen);

#ifdef __cplusplus
} // extern "C"
#endif

#endif // RMEAN_BENCH_GPU_PEERS_H
