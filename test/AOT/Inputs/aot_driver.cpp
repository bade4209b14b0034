// Calls the _mlir_ciface_ entry points of test/AOT/aot.mlir, compiled by
// scripts/rmean-aot.sh: the result descriptor comes first; the callee
// malloc's the result buffer and the caller frees it.
#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cstdio>
#include <cstdlib>

extern "C" {
void _mlir_ciface_row_mean(StridedMemRefType<float, 1> *result,
                           StridedMemRefType<float, 2> *input);
void _mlir_ciface_col_mean(StridedMemRefType<float, 1> *result,
                           StridedMemRefType<float, 2> *input);
void _mlir_ciface_all_mean_f16(StridedMemRefType<_Float16, 0> *result,
                               StridedMemRefType<_Float16, 2> *input);
void _mlir_ciface_pool_batch(StridedMemRefType<float, 2> *result,
                             StridedMemRefType<float, 4> *input);
}

static void print1(const char *name, StridedMemRefType<float, 1> &r) {
  std::printf("%s:", name);
  for (int64_t i = 0; i < r.sizes[0]; ++i)
    std::printf(" %g", r[i]);
  std::printf("\n");
  std::free(r.basePtr);
}

int main() {
  float x[8] = {1, 2, 3, 4, 5, 6, 7, 8.5f};
  StridedMemRefType<float, 2> in = {x, x, 0, {2, 4}, {4, 1}};
  StridedMemRefType<float, 1> r;
  _mlir_ciface_row_mean(&r, &in);
  print1("row_mean", r);
  _mlir_ciface_col_mean(&r, &in);
  print1("col_mean", r);

  _Float16 h[8] = {1, 2, 3, 4, 5, 6, 7, 8.5f};
  StridedMemRefType<_Float16, 2> hin = {h, h, 0, {2, 4}, {4, 1}};
  StridedMemRefType<_Float16, 0> hr;
  _mlir_ciface_all_mean_f16(&hr, &hin);
  // A rank-0 result has no sizes: read it through the rank-erased view.
  DynamicMemRefType<_Float16> mean(hr);
  std::printf("all_mean_f16: %g\n", double(*mean));
  std::free(hr.basePtr);

  // 2x16x7x7: channel c of image n holds 49 * (16n + c) + 1 .. + 49.
  static float p[1568];
  for (int i = 0; i < 1568; ++i)
    p[i] = float(i + 1);
  StridedMemRefType<float, 4> pin = {p, p, 0, {2, 16, 7, 7}, {784, 49, 7, 1}};
  StridedMemRefType<float, 2> pr;
  _mlir_ciface_pool_batch(&pr, &pin);
  std::printf("pool_batch:");
  for (int64_t n = 0; n < pr.sizes[0]; ++n)
    for (int64_t c = 0; c < pr.sizes[1]; ++c)
      std::printf(" %g",
                  pr.data[pr.offset + n * pr.strides[0] + c * pr.strides[1]]);
  std::printf("\n");
  std::free(pr.basePtr);
  std::printf("ok\n");
  return 0;
}
