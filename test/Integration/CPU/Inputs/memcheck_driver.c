// Calls the runtime-axes kernel of runtime-axes-memcheck.mlir with the axes
// given on the command line, so that valgrind can watch a valid run and the
// failing run-time checks.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} M2f;
typedef struct {
  int64_t *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} M1i;

void _mlir_ciface_mean(M2f *result, M2f *input, M1i *axes);

int main(int argc, char **argv) {
  float *x = malloc(3 * 5 * sizeof(float));
  for (int i = 0; i < 15; ++i)
    x[i] = (float)i;
  M2f in = {x, x, 0, {3, 5}, {5, 1}};
  int64_t axes[8];
  int n = argc - 1 < 8 ? argc - 1 : 8;
  for (int i = 0; i < n; ++i)
    axes[i] = atoll(argv[i + 1]);
  M1i a = {axes, axes, 0, {n}, {1}};
  M2f r;
  _mlir_ciface_mean(&r, &in, &a);
  for (int64_t i = 0; i < r.sizes[0]; ++i) {
    for (int64_t j = 0; j < r.sizes[1]; ++j)
      printf(" %g", r.aligned[r.offset + i * r.strides[0] + j * r.strides[1]]);
    printf(";");
  }
  printf("\n");
  free(r.allocated);
  free(x);
  return 0;
}
