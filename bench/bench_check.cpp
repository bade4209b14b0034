// Every implementation's first result is checked against a compensated
// double-precision mean before it is timed.
#include "bench_common.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace rbench {

// Exact integer means, truncated toward zero (docs/ReduceMean.md §4.1): the
// sums of these sizes fit __int128.
static std::vector<long double> integerReference(const Case &c,
                                                 const void *in) {
  std::vector<long double> ref(c.outNumel());
  std::vector<__int128> sum(c.outNumel(), 0);
  forEachElement(
      c, [&](int64_t out, int64_t at) { sum[out] += loadAsInt(c.dt, in, at); });
  for (int64_t k = 0; k < c.outNumel(); ++k)
    ref[k] = (long double)int64_t(sum[k] / c.count());
  return ref;
}

std::vector<long double> reference(const Case &c, const void *in) {
  if (isInteger(c.dt))
    return integerReference(c, in);
  std::vector<long double> ref(c.outNumel());
  std::vector<double> sum(c.outNumel(), 0.0), comp(c.outNumel(), 0.0);
  forEachElement(c, [&](int64_t out, int64_t at) {
    double &s = sum[out];
    double x = loadAsDouble(c.dt, in, at), t = s + x;
    comp[out] += std::fabs(s) >= std::fabs(x) ? (s - t) + x : (x - t) + s;
    s = t;
  });
  for (int64_t k = 0; k < c.outNumel(); ++k)
    ref[k] = (sum[k] + comp[k]) / double(c.count());
  return ref;
}

// Tolerance: f32 relative 2^-20 (docs/ReduceMean.md §4); f64 2^-44; f16/bf16
// one unit in the last place of the reference (docs/ReduceMean.md §4: f32
// accumulation, one rounding).
static double tolerance(DType t, double ref) {
  if (t == DType::F32 || t == DType::C32) // complex: per part
    return std::ldexp(std::fabs(ref), -20);
  // f64: a compensated sum is within a few ulps; 2^-44 relative also admits
  // plain pairwise or blocked double sums of these sizes.
  if (t == DType::F64)
    return std::ldexp(std::fabs(ref), -44);
  int e;
  std::frexp(ref, &e); // |ref| = m 2^e, m in [0.5, 1)
  int mant = t == DType::F16 ? 10 : 7;
  int ex = std::max(e - 1, t == DType::F16 ? -14 : -126);
  return std::ldexp(1.0, ex - mant);
}

std::string Check::describe() const {
  char b[160];
  if (exact) {
    std::snprintf(b, sizeof b,
                  "off by %.0f at output %lld (got %.0f, ref %.0f)", worst,
                  (long long)at, got, ref);
    return b;
  }
  std::snprintf(
      b, sizeof b,
      "max error %.3g x tolerance at output %lld (got %.9g, ref %.9g)", worst,
      (long long)at, got, ref);
  return b;
}

Check check(const Case &c, const void *out,
            const std::vector<long double> &ref) {
  Check k;
  k.exact = isInteger(c.dt);
  if (k.exact) {
    // Exact: any difference is an error (worst = the largest |difference|,
    // maxRel relative to the reference).
    for (int64_t i = 0; i < c.outNumel(); ++i) {
      long double g = loadAsInt(c.dt, out, i), d = g - ref[i];
      if (d < 0)
        d = -d;
      if (d != 0 && double(d) > k.worst) {
        k.worst = double(d);
        k.at = i;
        k.got = double(g);
        k.ref = double(ref[i]);
      }
      if (d != 0)
        k.maxRel = std::max(k.maxRel,
                            ref[i] == 0 ? INFINITY : double(d / fabsl(ref[i])));
    }
    k.ok = k.worst == 0;
    return k;
  }
  for (int64_t i = 0; i < c.outNumel(); ++i) {
    double g = loadAsDouble(c.dt, out, i);
    double r = double(ref[i]);
    double err = std::fabs(g - r) / tolerance(c.dt, r);
    if (std::isnan(g))
      err = INFINITY;
    k.maxRel = std::max(
        k.maxRel, std::isnan(g) ? INFINITY : std::fabs(g - r) / std::fabs(r));
    if (!(err <= k.worst)) {
      k.worst = err;
      k.at = i;
      k.got = g;
      k.ref = r;
    }
  }
  k.ok = k.worst <= 1.0;
  return k;
}

} // namespace rbench
