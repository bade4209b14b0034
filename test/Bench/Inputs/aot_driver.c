// Calls the _mlir_ciface_ entry points of test/Bench/aot.mlir, compiled by
// scripts/rmean-aot.sh: the result descriptor comes first; the callee
// malloc's the result buffer and the caller frees it.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} M1f;
typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} M2f;
typedef struct {
  _Float16 *allocated, *aligned;
  int64_t offset;
} M0h;
typedef struct {
  _Float16 *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} M2h;

void _mlir_ciface_row_mean(M1f *result, M2f *input);
void _mlir_ciface_col_mean(M1f *result, M2f *input);
void _mlir_ciface_all_mean_f16(M0h *result, M2h *input);

static void print1(const char *name, const M1f *r) {
  printf("%s:", name);
  for (int64_t i = 0; i < r->sizes[0]; ++i)
    printf(" %g", r->aligned[r->offset + i * r->strides[0]]);
  printf("\n");
  free(r->allocated);
}

int main(void) {
  float x[8] = {1, 2, 3, 4, 5, 6, 7, 8.5f};
  M2f in = {x, x, 0, {2, 4}, {4, 1}};
  M1f r;
  _mlir_ciface_row_mean(&r, &in);
  print1("row_mean", &r);
  _mlir_ciface_col_mean(&r, &in);
  print1("col_mean", &r);

  _Float16 h[8] = {1, 2, 3, 4, 5, 6, 7, 8.5f};
  M2h hin = {h, h, 0, {2, 4}, {4, 1}};
  M0h hr;
  _mlir_ciface_all_mean_f16(&hr, &hin);
  printf("all_mean_f16: %g\n", (double)hr.aligned[hr.offset]);
  free(hr.allocated);
  printf("ok\n");
  return 0;
}
