// Calls the runtime-axes kernel of runtime-axes-memcheck.mlir with the axes
// given on the command line, so that valgrind can watch a valid run and the
// failing run-time checks.
#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cstdio>
#include <cstdlib>

extern "C" void _mlir_ciface_mean(StridedMemRefType<float, 2> *result,
                                  StridedMemRefType<float, 2> *input,
                                  StridedMemRefType<int64_t, 1> *axes);

int main(int argc, char **argv) {
  // Heap, not stack: valgrind checks the bounds of heap blocks.
  float *x = static_cast<float *>(std::malloc(3 * 5 * sizeof(float)));
  for (int i = 0; i < 15; ++i)
    x[i] = float(i);
  StridedMemRefType<float, 2> in = {x, x, 0, {3, 5}, {5, 1}};
  int64_t axes[8];
  int n = argc - 1 < 8 ? argc - 1 : 8;
  for (int i = 0; i < n; ++i)
    axes[i] = std::atoll(argv[i + 1]);
  StridedMemRefType<int64_t, 1> a = {axes, axes, 0, {n}, {1}};
  StridedMemRefType<float, 2> r;
  _mlir_ciface_mean(&r, &in, &a);
  for (int64_t i = 0; i < r.sizes[0]; ++i) {
    for (int64_t j = 0; j < r.sizes[1]; ++j)
      std::printf(" %g", r[i][j]);
    std::printf(";");
  }
  std::printf("\n");
  std::free(r.basePtr);
  std::free(x);
  return 0;
}
