//===- runtime_probe.c - what rmean's GPU runtime does without a GPU ------===//
//
// Prints whether a usable GPU is present, and why not. With the argument
// `force` it then calls an entry point that needs the GPU anyway, which on a
// machine without one must end the program with a single message on stderr
// and exit status 70, not a crash: tests run it both ways.
//
//===----------------------------------------------------------------------===//

#include "rmean/Runtime/GpuRuntime.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  int available = rmeanGpuAvailable();
  printf("available=%d\n", available);
  if (!available)
    printf("reason=%s\n", rmeanGpuUnavailableReason());
  else {
    char name[256];
    if (rmeanGpuDeviceName(name, (int)sizeof(name)))
      printf("device=%s\n", name);
    printf("peak_bandwidth_gbs=%.1f\n", rmeanGpuPeakBandwidthGBs());
  }
  if (argc > 1 && strcmp(argv[1], "force") == 0) {
    void *stream = mgpuStreamCreate();
    // Reached only with a GPU.
    mgpuStreamSynchronize(stream);
    mgpuStreamDestroy(stream);
    printf("stream=ok\n");
  }
  return 0;
}
