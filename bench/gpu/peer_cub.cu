//===- peer_cub.cu - CUB means, the GPU benchmark's library peer ----------===//
//
// Reduce-all: cub::DeviceReduce::Sum; rows: cub::DeviceSegmentedReduce::Sum
// with computed offsets (no offset arrays to read); both accumulate in float,
// f16/bf16 converted on load. Columns and middle axes: CUB has no strided
// column reduction, so a plain kernel stands in (32 columns x 8 row lanes per
// block, the reduced extent split into chunks, double accumulators, partial
// sums added in chunk order by a second kernel). A final kernel divides.
// Temporary storage is allocated once, outside the timed calls.
//
//===----------------------------------------------------------------------===//

#include "gpu_peers.h"

#include <cub/device/device_reduce.cuh>
#include <cub/device/device_segmented_reduce.cuh>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

__device__ __forceinline__ float toFloat(float x) { return x; }
__device__ __forceinline__ float toFloat(__half x) { return __half2float(x); }
__device__ __forceinline__ float toFloat(__nv_bfloat16 x) {
  return __bfloat162float(x);
}

template <typename T> struct ToFloat {
  __device__ float operator()(T x) const { return toFloat(x); }
};

struct Scale {
  int64_t factor;
  __host__ __device__ int64_t operator()(int64_t i) const { return i * factor; }
};

__global__ void divideSums(const float *sums, float *means, int64_t n,
                           float count) {
  int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n)
    means[i] = sums[i] / count;
}

constexpr int kTile = 32, kLanes = 8;

template <typename T>
__global__ void columnPartials(const T *in, double *partials, int64_t outer,
                               int64_t reduced, int64_t inner,
                               int64_t chunkLength) {
  int64_t i = int64_t(blockIdx.x) * kTile + threadIdx.x;
  int64_t o = blockIdx.y;
  int64_t r0 = int64_t(blockIdx.z) * chunkLength;
  int64_t r1 = min(r0 + chunkLength, reduced);
  double acc = 0;
  if (i < inner)
    for (int64_t r = r0 + threadIdx.y; r < r1; r += kLanes)
      acc += toFloat(in[(o * reduced + r) * inner + i]);
  __shared__ double lanes[kLanes][kTile + 1];
  lanes[threadIdx.y][threadIdx.x] = acc;
  __syncthreads();
  if (threadIdx.y != 0 || i >= inner)
    return;
  double sum = 0;
  for (int k = 0; k < kLanes; ++k)
    sum += lanes[k][threadIdx.x];
  partials[(int64_t(blockIdx.z) * outer + o) * inner + i] = sum;
}

__global__ void columnFinish(const double *partials, float *means,
                             int64_t outputs, int64_t chunks, double count) {
  int64_t j = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (j >= outputs)
    return;
  double sum = 0;
  for (int64_t c = 0; c < chunks; ++c)
    sum += partials[c * outputs + j];
  means[j] = float(sum / count);
}

bool failed(cudaError_t e, const char *what, char *error, size_t len) {
  if (e == cudaSuccess)
    return false;
  std::snprintf(error, len, "%s: %s", what, cudaGetErrorString(e));
  return true;
}

template <typename T>
int run(int64_t outer, int64_t reduced, int64_t inner, const void *devIn,
        float *hostMeans, int calls, int samples, double *msPerCall,
        const char **method, char *error, size_t errorLen) {
  const T *in = static_cast<const T *>(devIn);
  int64_t outputs = outer * inner;
  cudaStream_t stream;
  if (failed(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking),
             "cudaStreamCreate", error, errorLen))
    return 1;
  float *sums = nullptr, *means = nullptr;
  void *temp = nullptr;
  size_t tempBytes = 0;
  double *partials = nullptr;
  int64_t chunks = 1, chunkLength = reduced;
  dim3 grid, block(kTile, kLanes);
  auto values = thrust::make_transform_iterator(in, ToFloat<T>());
  auto begins = thrust::make_transform_iterator(
      thrust::make_counting_iterator<int64_t>(0), Scale{reduced});
  auto ends = thrust::make_transform_iterator(
      thrust::make_counting_iterator<int64_t>(1), Scale{reduced});
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);

  cudaError_t e = cudaMalloc(&sums, sizeof(float) * outputs);
  if (e == cudaSuccess)
    e = cudaMalloc(&means, sizeof(float) * outputs);
  if (inner == 1 && outer == 1) {
    *method = "cub::DeviceReduce::Sum";
    if (e == cudaSuccess)
      e = cub::DeviceReduce::Sum(nullptr, tempBytes, values, sums, reduced,
                                 stream);
  } else if (inner == 1) {
    *method = "cub::DeviceSegmentedReduce::Sum";
    if (e == cudaSuccess)
      e = cub::DeviceSegmentedReduce::Sum(nullptr, tempBytes, values, sums,
                                          outer, begins, ends, stream);
  } else {
    *method = "CUDA kernel (columns)";
    // Enough blocks to fill the GPU several times, chunks of >= 64 rows.
    int64_t tiles = (inner + kTile - 1) / kTile;
    chunks = std::max<int64_t>(
        1,
        std::min<int64_t>({(16LL * sms + tiles * outer - 1) / (tiles * outer),
                           reduced / 64, 65535}));
    chunkLength = (reduced + chunks - 1) / chunks;
    grid = dim3(unsigned(tiles), unsigned(outer), unsigned(chunks));
    if (e == cudaSuccess)
      e = cudaMalloc(&partials, sizeof(double) * outputs * chunks);
  }
  if (e == cudaSuccess && tempBytes)
    e = cudaMalloc(&temp, tempBytes);
  if (failed(e, "allocation", error, errorLen))
    return 1;

  auto launch = [&]() {
    if (inner == 1 && outer == 1)
      cub::DeviceReduce::Sum(temp, tempBytes, values, sums, reduced, stream);
    else if (inner == 1)
      cub::DeviceSegmentedReduce::Sum(temp, tempBytes, values, sums, outer,
                                      begins, ends, stream);
    if (inner == 1) {
      divideSums<<<unsigned((outputs + 255) / 256), 256, 0, stream>>>(
          sums, means, outputs, float(reduced));
      return;
    }
    columnPartials<T><<<grid, block, 0, stream>>>(in, partials, outer, reduced,
                                                  inner, chunkLength);
    columnFinish<<<unsigned((outputs + 255) / 256), 256, 0, stream>>>(
        partials, means, outputs, chunks, double(reduced));
  };

  launch();
  if (failed(cudaStreamSynchronize(stream), "first call", error, errorLen))
    return 1;
  cudaMemcpy(hostMeans, means, sizeof(float) * outputs, cudaMemcpyDeviceToHost);
  cudaEvent_t start, end;
  cudaEventCreate(&start);
  cudaEventCreate(&end);
  double best = 1e30;
  for (int s = 0; s < samples; ++s) {
    cudaEventRecord(start, stream);
    for (int c = 0; c < calls; ++c)
      launch();
    cudaEventRecord(end, stream);
    cudaEventSynchronize(end);
    float ms = 0;
    cudaEventElapsedTime(&ms, start, end);
    best = std::min(best, double(ms) / calls);
  }
  e = cudaGetLastError();
  cudaEventDestroy(start);
  cudaEventDestroy(end);
  cudaFree(temp);
  cudaFree(partials);
  cudaFree(sums);
  cudaFree(means);
  cudaStreamDestroy(stream);
  *msPerCall = best;
  return failed(e, "timed calls", error, errorLen) ? 1 : 0;
}

} // namespace

extern "C" int peerCubMean(int elem, int64_t outer, int64_t reduced,
                           int64_t inner, const void *devIn, float *hostMeans,
                           int calls, int samples, double *msPerCall,
                           const char **method, char *error, size_t errorLen) {
  switch (elem) {
  case kPeerF32:
    return run<float>(outer, reduced, inner, devIn, hostMeans, calls, samples,
                      msPerCall, method, error, errorLen);
  case kPeerF16:
    return run<__half>(outer, reduced, inner, devIn, hostMeans, calls, samples,
                       msPerCall, method, error, errorLen);
  case kPeerBF16:
    return run<__nv_bfloat16>(outer, reduced, inner, devIn, hostMeans, calls,
                              samples, msPerCall, method, error, errorLen);
  }
  std::snprintf(error, errorLen, "unknown element type %d", elem);
  return 1;
}
