// The naive loop: what one writes by hand. Walks the input in memory order
// with a row of double accumulators per kept [O] index (for a contiguous
// reduction: one scalar double sum per output). Compiled at -O3
// -march=native like the rest of the benchmark.
#include "bench_common.h"

#include <algorithm>
#include <vector>

namespace rbench {

template <typename Load, typename Store>
static void naiveT(const Case &c, Load load, Store store) {
  if (c.B > 1) { // batch statistics: a row of sums per kept [O][I] slice
    std::vector<double> acc(c.outNumel(), 0.0);
    forEachElement(c, [&](int64_t out, int64_t at) { acc[out] += load(at); });
    for (int64_t k = 0; k < c.outNumel(); ++k)
      store(k, acc[k] / double(c.count()));
    return;
  }
  if (c.I == 1) { // contiguous reduction: one scalar sum per output
    for (int64_t o = 0; o < c.O; ++o) {
      double s = 0;
      for (int64_t r = 0; r < c.R; ++r)
        s += load(o * c.R + r);
      store(o, s / double(c.R));
    }
    return;
  }
  std::vector<double> acc(c.I);
  for (int64_t o = 0; o < c.O; ++o) {
    std::fill(acc.begin(), acc.end(), 0.0);
    for (int64_t r = 0; r < c.R; ++r) {
      int64_t base = (o * c.R + r) * c.I;
      for (int64_t i = 0; i < c.I; ++i)
        acc[i] += load(base + i);
    }
    for (int64_t i = 0; i < c.I; ++i)
      store(o * c.I + i, acc[i] / double(c.R));
  }
}

// Integers: the exact sum in Acc (int64_t for i8/i32, __int128 for i64),
// divided with C++'s truncation toward zero (docs/ReduceMean.md §4.1).
template <typename T, typename Acc>
static void naiveInt(const Case &c, const void *in, void *out) {
  auto *x = static_cast<const T *>(in);
  auto *y = static_cast<T *>(out);
  // Written out (not forEachElement): the loop one writes by hand.
  std::vector<Acc> acc(c.outNumel(), Acc(0));
  for (int64_t b = 0; b < c.B; ++b)
    for (int64_t o = 0; o < c.O; ++o)
      for (int64_t r = 0; r < c.R; ++r) {
        int64_t base = ((b * c.O + o) * c.R + r) * c.I;
        for (int64_t i = 0; i < c.I; ++i)
          acc[o * c.I + i] += x[base + i];
      }
  for (int64_t k = 0; k < c.outNumel(); ++k)
    y[k] = T(acc[k] / Acc(c.count()));
}

void runNaive(const Case &c, const void *in, void *out) {
  switch (c.dt) {
  case DType::I8:
    naiveInt<int8_t, int64_t>(c, in, out);
    break;
  case DType::I32:
    naiveInt<int32_t, int64_t>(c, in, out);
    break;
  case DType::I64:
    naiveInt<int64_t, __int128>(c, in, out);
    break;
  // complex<f32>: its parts, a kept innermost dimension of 2 (Case::I), so
  // a row of two double sums per output.
  case DType::F32:
  case DType::C32: {
    auto *x = static_cast<const float *>(in);
    auto *y = static_cast<float *>(out);
    naiveT(
        c, [x](int64_t i) { return double(x[i]); },
        [y](int64_t i, double v) { y[i] = float(v); });
    break;
  }
  case DType::F16: {
    auto *x = static_cast<const _Float16 *>(in);
    auto *y = static_cast<uint16_t *>(out);
    naiveT(
        c, [x](int64_t i) { return double(x[i]); },
        [y](int64_t i, double v) { y[i] = f64ToF16(v); });
    break;
  }
  case DType::BF16: {
    auto *x = static_cast<const uint16_t *>(in);
    auto *y = static_cast<uint16_t *>(out);
    naiveT(
        c, [x](int64_t i) { return double(bf16ToF32(x[i])); },
        [y](int64_t i, double v) { y[i] = f32ToBf16(float(v)); });
    break;
  }
  case DType::F64: {
    auto *x = static_cast<const double *>(in);
    auto *y = static_cast<double *>(out);
    naiveT(
        c, [x](int64_t i) { return x[i]; },
        [y](int64_t i, double v) { y[i] = v; });
    break;
  }
  }
}

} // namespace rbench
