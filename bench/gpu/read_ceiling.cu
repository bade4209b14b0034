//===- read_ceiling.cu - the GPU benchmark's streaming-read ceiling -------===//
//
// The fastest plain read of the input that this GPU manages: float4 loads,
// grid-stride, UNROLL independent loads in flight per thread, each warp's
// sum stored so that the compiler keeps the loads. Several launch shapes
// are tried and the best is the ceiling, so a mean that reaches it is
// bound by memory, not by its own code.
//
//===----------------------------------------------------------------------===//

#include "gpu_peers.h"

#include <algorithm>
#include <cstdio>

namespace {

template <int Unroll>
__global__ void readFloat4(const float4 *__restrict__ in, size_t n4,
                           float *__restrict__ warpSums) {
  size_t stride = size_t(gridDim.x) * blockDim.x;
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  float acc = 0;
  for (; i + (Unroll - 1) * stride < n4; i += Unroll * stride) {
    float4 v[Unroll];
#pragma unroll
    for (int u = 0; u < Unroll; ++u)
      v[u] = __ldg(in + i + u * stride);
#pragma unroll
    for (int u = 0; u < Unroll; ++u)
      acc += (v[u].x + v[u].y) + (v[u].z + v[u].w);
  }
  for (; i < n4; i += stride) {
    float4 v = __ldg(in + i);
    acc += (v.x + v.y) + (v.z + v.w);
  }
  for (int offset = 16; offset > 0; offset /= 2)
    acc += __shfl_xor_sync(0xffffffffu, acc, offset);
  if ((threadIdx.x & 31) == 0)
    warpSums[(size_t(blockIdx.x) * blockDim.x + threadIdx.x) / 32] = acc;
}

} // namespace

extern "C" int readCeiling(const void *devIn, size_t bytes, int calls,
                           int samples, double *msPerCall, char *config,
                           size_t configLen, char *error, size_t errorLen) {
  int sms = 0, maxThreadsPerSm = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  cudaDeviceGetAttribute(&maxThreadsPerSm,
                         cudaDevAttrMaxThreadsPerMultiProcessor, 0);
  const float4 *in = static_cast<const float4 *>(devIn);
  size_t n4 = bytes / 16;
  cudaStream_t stream;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  cudaEvent_t start, end;
  cudaEventCreate(&start);
  cudaEventCreate(&end);
  float *warpSums = nullptr;
  // Room for the largest grid tried below.
  size_t maxThreads = size_t(sms) * maxThreadsPerSm * 2;
  cudaError_t e = cudaMalloc(&warpSums, sizeof(float) * (maxThreads / 32 + 1));
  double best = 1e30;
  for (int threads : {256, 1024}) {
    for (int waves : {1, 2}) {
      for (int unroll : {1, 4}) {
        if (e != cudaSuccess)
          break;
        int blocks = sms * (maxThreadsPerSm / threads) * waves;
        auto launch = [&]() {
          if (unroll == 1)
            readFloat4<1><<<blocks, threads, 0, stream>>>(in, n4, warpSums);
          else
            readFloat4<4><<<blocks, threads, 0, stream>>>(in, n4, warpSums);
        };
        launch();
        for (int s = 0; s < samples; ++s) {
          cudaEventRecord(start, stream);
          for (int c = 0; c < calls; ++c)
            launch();
          cudaEventRecord(end, stream);
          cudaEventSynchronize(end);
          float ms = 0;
          cudaEventElapsedTime(&ms, start, end);
          if (double(ms) / calls < best) {
            best = double(ms) / calls;
            std::snprintf(config, configLen,
                          "%d blocks x %d threads, %d float4 loads in flight",
                          blocks, threads, unroll);
          }
        }
        e = cudaGetLastError();
      }
    }
  }
  cudaEventDestroy(start);
  cudaEventDestroy(end);
  cudaFree(warpSums);
  cudaStreamDestroy(stream);
  if (e != cudaSuccess) {
    std::snprintf(error, errorLen, "read ceiling: %s", cudaGetErrorString(e));
    return 1;
  }
  *msPerCall = best;
  return 0;
}
