//===- host-memory-runtime.cpp - rmeanGpu* helpers on host memory ---------===//
//
// Stands in for the runtime library when gpu-driver.cpp drives kernels
// compiled by the CPU pipeline (driver-on-cpu.test): "device" memory is host
// memory, and the result buffers those kernels malloc are freed with free.
// That checks the driver's reference and tolerances on every machine, so a
// FAIL on a GPU points at the GPU path, not at the driver.
//
//===----------------------------------------------------------------------===//

#include "rmean/Runtime/GpuRuntime.h"

#include <cstdlib>
#include <cstring>

extern "C" {
int rmeanGpuAvailable(void) { return 1; }
const char *rmeanGpuUnavailableReason(void) { return ""; }
void *rmeanGpuMalloc(size_t bytes) {
  return bytes ? std::malloc(bytes) : nullptr;
}
void rmeanGpuFree(void *p) { std::free(p); }
void rmeanGpuCopyToDevice(void *dst, const void *src, size_t bytes) {
  std::memcpy(dst, src, bytes);
}
void rmeanGpuCopyToHost(void *dst, const void *src, size_t bytes) {
  std::memcpy(dst, src, bytes);
}
int rmeanGpuDeviceName(char *buf, int len) {
  std::strncpy(buf, "host memory (CPU pipeline)", size_t(len));
  buf[len - 1] = '\0';
  return 1;
}
double rmeanGpuPeakBandwidthGBs(void) { return 0; }
}
