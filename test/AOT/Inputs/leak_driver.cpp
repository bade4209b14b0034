// Calls each kernel of test/AOT/leaks.mlir 40 times on varied shapes
// (vector tails, size-1 and empty dimensions, every runtime-axes form),
// with inputs in exactly-sized heap buffers (so ASan's redzones sit right
// after them), checks each result against a double-precision mean, and
// frees every result: what is left at exit was leaked by the kernels.
// `overread` declares more elements than the buffer holds, which an
// instrumented kernel must report.
#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

template <typename T, int N> using MemRef = StridedMemRefType<T, N>;

extern "C" {
void _mlir_ciface_rows_static(MemRef<float, 1> *, MemRef<float, 2> *);
void _mlir_ciface_cols_static(MemRef<float, 1> *, MemRef<float, 2> *);
void _mlir_ciface_middle_dyn(MemRef<float, 2> *, MemRef<float, 3> *);
void _mlir_ciface_rows_dyn_f16(MemRef<_Float16, 1> *, MemRef<_Float16, 2> *);
void _mlir_ciface_all_i64(MemRef<int64_t, 0> *, MemRef<int64_t, 1> *);
void _mlir_ciface_runtime(MemRef<float, 2> *, MemRef<float, 2> *,
                          MemRef<int64_t, 1> *);
}

static int failures = 0;

template <typename T> static T *heap(size_t n) {
  // malloc(0) may return null; keep a real (empty) allocation.
  return static_cast<T *>(std::malloc(n ? n * sizeof(T) : 1));
}

template <int N>
static MemRef<float, N> describe(float *data, const int64_t (&sizes)[N]) {
  MemRef<float, N> m;
  m.basePtr = m.data = data;
  m.offset = 0;
  int64_t stride = 1;
  for (int i = N - 1; i >= 0; --i) {
    m.sizes[i] = sizes[i];
    m.strides[i] = stride;
    stride *= sizes[i];
  }
  return m;
}

static void expect(bool ok, const char *what, int call) {
  if (!ok && failures++ < 10)
    std::printf("wrong result: %s, call %d\n", what, call);
}

static bool near(double got, double want) {
  if (std::isnan(want))
    return std::isnan(got);
  return std::fabs(got - want) <= 1e-3 * (1 + std::fabs(want));
}

int main(int argc, char **argv) {
  bool overread = argc > 1 && std::strcmp(argv[1], "overread") == 0;
  if (overread) {
    // 3 x 5 x 1 declared, 12 elements allocated.
    float *x = heap<float>(12);
    for (int i = 0; i < 12; ++i)
      x[i] = 1;
    MemRef<float, 3> in = describe<3>(x, {3, 5, 1});
    MemRef<float, 2> r;
    _mlir_ciface_middle_dyn(&r, &in);
    std::free(r.basePtr);
    std::free(x);
    return 0;
  }

  for (int call = 0; call < 40; ++call) {
    int64_t a = call % 7, b = 1 + call % 13, c = 1 + (call * 5) % 37;
    // rows_static / cols_static: fixed shapes.
    {
      float *x = heap<float>(64 * 1000);
      for (int64_t i = 0; i < 64 * 1000; ++i)
        x[i] = float((i + call) % 11);
      MemRef<float, 2> in = describe<2>(x, {64, 1000});
      MemRef<float, 1> r;
      _mlir_ciface_rows_static(&r, &in);
      double want = 0;
      for (int64_t j = 0; j < 1000; ++j)
        want += x[j];
      expect(near(r.data[0], want / 1000), "rows_static", call);
      std::free(r.basePtr);
      std::free(x);
    }
    {
      float *x = heap<float>(1000 * 61);
      for (int64_t i = 0; i < 1000 * 61; ++i)
        x[i] = float((i * 3 + call) % 7);
      MemRef<float, 2> in = describe<2>(x, {1000, 61});
      MemRef<float, 1> r;
      _mlir_ciface_cols_static(&r, &in);
      double want = 0;
      for (int64_t i = 0; i < 1000; ++i)
        want += x[i * 61 + 60];
      expect(near(r.data[60], want / 1000), "cols_static", call);
      std::free(r.basePtr);
      std::free(x);
    }
    // middle_dyn: a x b x c over axis 1 (a may be 0).
    {
      float *x = heap<float>(a * b * c);
      for (int64_t i = 0; i < a * b * c; ++i)
        x[i] = float(i % 5);
      MemRef<float, 3> in = describe<3>(x, {a, b, c});
      MemRef<float, 2> r;
      _mlir_ciface_middle_dyn(&r, &in);
      expect(r.sizes[0] == a && r.sizes[1] == c, "middle_dyn sizes", call);
      if (a > 0) {
        double want = 0;
        for (int64_t j = 0; j < b; ++j)
          want += x[j * c + c - 1];
        expect(near(r.data[c - 1], want / b), "middle_dyn", call);
      }
      std::free(r.basePtr);
      std::free(x);
    }
    // rows_dyn_f16: b x (c * 3) (tails of every length).
    {
      int64_t cols = c * 3;
      _Float16 *x = heap<_Float16>(b * cols);
      for (int64_t i = 0; i < b * cols; ++i)
        x[i] = _Float16(i % 4);
      MemRef<_Float16, 2> in;
      in.basePtr = in.data = x;
      in.offset = 0;
      in.sizes[0] = b, in.sizes[1] = cols;
      in.strides[0] = cols, in.strides[1] = 1;
      MemRef<_Float16, 1> r;
      _mlir_ciface_rows_dyn_f16(&r, &in);
      double want = 0;
      for (int64_t j = 0; j < cols; ++j)
        want += double(x[j]);
      expect(near(double(r.data[0]), want / cols), "rows_dyn_f16", call);
      std::free(r.basePtr);
      std::free(x);
    }
    // all_i64: a * c elements (empty when a == 0: mean 0).
    {
      int64_t n = a * c;
      int64_t *x = heap<int64_t>(n);
      __int128 sum = 0;
      for (int64_t i = 0; i < n; ++i)
        sum += x[i] = (i % 2 ? INT64_MAX : INT64_MIN + 1) - i;
      MemRef<int64_t, 1> in;
      in.basePtr = in.data = x;
      in.offset = 0, in.sizes[0] = n, in.strides[0] = 1;
      MemRef<int64_t, 0> r;
      _mlir_ciface_all_i64(&r, &in);
      expect(*r.data == (n ? int64_t(sum / n) : 0), "all_i64", call);
      std::free(r.basePtr);
      std::free(x);
    }
    // runtime: b x c, axes [], [0], [1], [-1, 0], [0, 1] in turn.
    {
      float *x = heap<float>(b * c);
      for (int64_t i = 0; i < b * c; ++i)
        x[i] = float(i % 9);
      MemRef<float, 2> in = describe<2>(x, {b, c});
      static const int64_t forms[5][2] = {
          {0, 0}, {0, 0}, {1, 0}, {-1, 0}, {0, 1}};
      static const int64_t counts[5] = {0, 1, 1, 2, 2};
      int form = call % 5;
      int64_t *axes = heap<int64_t>(counts[form]);
      for (int64_t i = 0; i < counts[form]; ++i)
        axes[i] = forms[form][i];
      MemRef<int64_t, 1> ax;
      ax.basePtr = ax.data = axes;
      ax.offset = 0, ax.sizes[0] = counts[form], ax.strides[0] = 1;
      MemRef<float, 2> r;
      _mlir_ciface_runtime(&r, &in, &ax);
      expect(r.sizes[0] >= 1 && r.sizes[1] >= 1, "runtime sizes", call);
      std::free(r.basePtr);
      std::free(axes);
      std::free(x);
    }
  }
  if (failures)
    return 1;
  std::printf("6 kernels x 40 calls: no out-of-bounds access\n");
  return 0;
}
