// rmean benchmark: SPEC §7 cases, one process.
//
// Per case it runs rmean's ahead-of-time compiled kernels (one column per
// variant: compiled with different --rmean-cpu-pipeline options), oneDNN's
// reduction primitive (reduction_mean, 1 and 2 threads), Eigen Tensor
// .mean(), a naive loop, and the streaming-read ceiling; checks every result
// against a compensated double-precision reference before timing it; and
// prints one table of GB/s (input bytes / time). numpy's numbers, measured by
// bench/numpy_bench.py in its own process, join the table with --numpy.
// It also measures how long `rmean-opt --rmean-cpu-pipeline` takes per op on
// a generated module with many reduce_means (--rmean-opt PATH).
//
// Built and run by scripts/bench.sh (see there); `rmean_bench --help`.
#include "bench_common.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <immintrin.h>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <sys/mman.h>
#include <thread>

using namespace rbench;

// ---------------------------------------------------------------------------
// rmean kernels: `_mlir_ciface_<kernel>_<variant>`, one object per kernel and
// variant, built by scripts/bench.sh. Declared weak: a variant that could not
// be compiled (e.g. rmean-opt rejects its pipeline options) is a null symbol
// and shows as n/a. To add a variant, add it to VARIANTS in scripts/bench.sh
// and to RMEAN_VARIANTS here (suffix, column label, compared-to peer column).
// ---------------------------------------------------------------------------
// clang-format off
#define RMEAN_KERNELS(X)                                                       \
  X(case_a) X(case_b) X(case_c) X(case_d) X(case_e) X(case_f) X(case_g)        \
  X(case_h) X(case_i_f16) X(case_i_bf16)
// clang-format on
#define RMEAN_VARIANTS(X, k)                                                   \
  X(k, t1, "rmean", "best-peer", 1) X(k, t2, "rmean-2t", "oneDNN-2t", 2)

#define DECL_V(k, v, label, vs, thr)                                           \
  extern "C" __attribute__((weak)) void _mlir_ciface_##k##_##v(void *, void *);
#define DECL_K(k) RMEAN_VARIANTS(DECL_V, k)
RMEAN_KERNELS(DECL_K)

using KernelFn = void (*)(void *, void *);
struct KernelEntry {
  const char *kernel, *variant;
  KernelFn fn;
};
#define ENTRY_V(k, v, label, vs, thr) {#k, #v, &_mlir_ciface_##k##_##v},
#define ENTRY_K(k) RMEAN_VARIANTS(ENTRY_V, k)
static const KernelEntry kKernels[] = {RMEAN_KERNELS(ENTRY_K)};

struct VariantInfo {
  std::string suffix, label, versus;
  int threads;
};
#define VINFO(k, v, label, vs, thr) {#v, label, vs, thr},
static const std::vector<VariantInfo> kVariants = {RMEAN_VARIANTS(VINFO, _)};

static KernelFn findKernel(const std::string &kernel,
                           const std::string &variant) {
  for (const KernelEntry &e : kKernels)
    if (kernel == e.kernel && variant == e.variant)
      return e.fn;
  return nullptr;
}

// A memref descriptor of rank <= 8: {allocated, aligned, offset, sizes[N],
// strides[N]}; every field is 8 bytes, so this matches MemRef<T, N>.
struct Desc {
  void *allocated = nullptr, *aligned = nullptr;
  int64_t offset = 0;
  int64_t v[16] = {};
};

// ---------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------
std::string Case::shapeStr() const {
  std::string s;
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? "x" : "") + std::to_string(shape[i]);
  return s + " " + dtypeName(dt);
}
std::string Case::axesStr() const {
  if (axes.size() == shape.size())
    return "all";
  std::string s;
  for (size_t i = 0; i < axes.size(); ++i)
    s += (i ? "," : "") + std::to_string(axes[i]);
  return s;
}

static Case makeCase(std::string id, std::string kernel, DType dt,
                     std::vector<int64_t> shape, std::vector<int64_t> axes) {
  Case c;
  c.id = std::move(id);
  c.kernel = std::move(kernel);
  c.dt = dt;
  c.shape = std::move(shape);
  c.axes = std::move(axes);
  int64_t lo = c.axes.front(), hi = c.axes.back();
  if (hi - lo + 1 != int64_t(c.axes.size())) {
    std::fprintf(stderr, "case %s: reduced axes must be adjacent\n",
                 c.id.c_str());
    std::exit(2);
  }
  for (int64_t i = 0; i < int64_t(c.shape.size()); ++i) {
    if (i < lo)
      c.O *= c.shape[i];
    else if (i > hi)
      c.I *= c.shape[i];
    else
      c.R *= c.shape[i];
    if (i < lo || i > hi)
      c.outShape.push_back(c.shape[i]);
  }
  return c;
}

static std::vector<Case> allCases() {
  return {
      makeCase("A", "case_a", DType::F32, {4096, 4096}, {1}),
      makeCase("B", "case_b", DType::F32, {4096, 4096}, {0}),
      makeCase("C", "case_c", DType::F32, {32, 256, 56, 56}, {2, 3}),
      makeCase("D", "case_d", DType::F32, {32, 56, 56, 256}, {1, 2}),
      makeCase("E", "case_e", DType::F32, {64, 128, 768}, {2}),
      makeCase("F", "case_f", DType::F32, {16, 1024, 1024}, {1}),
      makeCase("G", "case_g", DType::F32, {int64_t(1) << 26}, {0}),
      makeCase("H", "case_h", DType::F32, {256, 256}, {1}),
      makeCase("I-f16", "case_i_f16", DType::F16, {4096, 4096}, {1}),
      makeCase("I-bf16", "case_i_bf16", DType::BF16, {4096, 4096}, {1}),
  };
}

// ---------------------------------------------------------------------------
// Buffers and data
// ---------------------------------------------------------------------------
struct FreeDeleter {
  void operator()(void *p) const { std::free(p); }
};
using Buffer = std::unique_ptr<void, FreeDeleter>;

static Buffer allocBuffer(size_t bytes) {
  const size_t align = size_t(2)
                       << 20; // 2 MiB: transparent huge pages where enabled
  size_t sz = (bytes + align - 1) / align * align;
  void *p = std::aligned_alloc(align, sz ? sz : align);
  if (!p) {
    std::fprintf(stderr, "out of memory (%zu bytes)\n", bytes);
    std::exit(2);
  }
#ifdef MADV_HUGEPAGE
  madvise(p, sz, MADV_HUGEPAGE);
#endif
  return Buffer(p);
}

// Uniform [0, 1) values, rounded to the element type.
static void fillInput(const Case &c, void *p, uint64_t seed) {
  uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
  int64_t n = c.numel();
  for (int64_t i = 0; i < n; ++i) {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    float f = float((s * 0x2545F4914F6CDD1Dull) >> 40) * (1.0f / 16777216.0f);
    switch (c.dt) {
    case DType::F32:
      static_cast<float *>(p)[i] = f;
      break;
    case DType::F16:
      static_cast<uint16_t *>(p)[i] = f32ToF16(f);
      break;
    case DType::BF16:
      static_cast<uint16_t *>(p)[i] = f32ToBf16(f);
      break;
    }
  }
}

// Exact-enough mean per output: Neumaier-compensated double sums.
static std::vector<double> reference(const Case &c, const void *in) {
  std::vector<double> ref(c.outNumel());
  std::vector<double> sum(c.I), comp(c.I);
  for (int64_t o = 0; o < c.O; ++o) {
    std::fill(sum.begin(), sum.end(), 0.0);
    std::fill(comp.begin(), comp.end(), 0.0);
    for (int64_t r = 0; r < c.R; ++r) {
      int64_t base = (o * c.R + r) * c.I;
      for (int64_t i = 0; i < c.I; ++i) {
        double x = loadAsDouble(c.dt, in, base + i), t = sum[i] + x;
        comp[i] += std::fabs(sum[i]) >= std::fabs(x) ? (sum[i] - t) + x
                                                     : (x - t) + sum[i];
        sum[i] = t;
      }
    }
    for (int64_t i = 0; i < c.I; ++i)
      ref[o * c.I + i] = (sum[i] + comp[i]) / double(c.R);
  }
  return ref;
}

// Tolerance: f32 relative 2^-20 (SPEC §4); f16/bf16 one unit in the last
// place of the reference (SPEC §4: f32 accumulation, one rounding).
static double tolerance(DType t, double ref) {
  if (t == DType::F32)
    return std::ldexp(std::fabs(ref), -20);
  int e;
  std::frexp(ref, &e); // |ref| = m 2^e, m in [0.5, 1)
  int mant = t == DType::F16 ? 10 : 7;
  int ex = std::max(e - 1, t == DType::F16 ? -14 : -126);
  return std::ldexp(1.0, ex - mant);
}

struct Check {
  bool ok = true;
  double worst = 0;  // max |got - ref| / tolerance
  double maxRel = 0; // max |got - ref| / |ref|
  int64_t at = -1;
  double got = 0, ref = 0;
  std::string describe() const {
    char b[160];
    std::snprintf(
        b, sizeof b,
        "max error %.3g x tolerance at output %lld (got %.9g, ref %.9g)", worst,
        (long long)at, got, ref);
    return b;
  }
};

static Check check(const Case &c, const void *out,
                   const std::vector<double> &ref) {
  Check k;
  for (int64_t i = 0; i < c.outNumel(); ++i) {
    double g = loadAsDouble(c.dt, out, i);
    double err = std::fabs(g - ref[i]) / tolerance(c.dt, ref[i]);
    if (std::isnan(g))
      err = INFINITY;
    k.maxRel = std::max(k.maxRel, std::isnan(g) ? INFINITY
                                                : std::fabs(g - ref[i]) /
                                                      std::fabs(ref[i]));
    if (!(err <= k.worst)) {
      k.worst = err;
      k.at = i;
      k.got = g;
      k.ref = ref[i];
    }
  }
  k.ok = k.worst <= 1.0;
  return k;
}

// ---------------------------------------------------------------------------
// Implementations
// ---------------------------------------------------------------------------
// rmean: build the input descriptor, call, copy the (malloc'ed) result out
// following its strides, free it.
static void copyStrided(const Desc &d, int rank,
                        const std::vector<int64_t> &shape, size_t esz,
                        char *dst) {
  const char *base =
      static_cast<const char *>(d.aligned) + d.offset * int64_t(esz);
  if (rank == 0) {
    std::memcpy(dst, base, esz);
    return;
  }
  std::vector<int64_t> idx(rank, 0);
  int64_t n = 1;
  for (int64_t s : shape)
    n *= s;
  for (int64_t lin = 0; lin < n; ++lin) {
    int64_t off = 0;
    for (int i = 0; i < rank; ++i)
      off += idx[i] * d.v[rank + i];
    std::memcpy(dst + lin * esz, base + off * int64_t(esz), esz);
    for (int i = rank - 1; i >= 0; --i) {
      if (++idx[i] < shape[i])
        break;
      idx[i] = 0;
    }
  }
}

static void runRmean(KernelFn fn, const Case &c, const void *in, void *out) {
  Desc din, dout;
  int rank = int(c.shape.size());
  din.allocated = din.aligned = const_cast<void *>(in);
  int64_t stride = 1;
  for (int i = rank - 1; i >= 0; --i) {
    din.v[i] = c.shape[i];
    din.v[rank + i] = stride;
    stride *= c.shape[i];
  }
  fn(&dout, &din);
  int orank = int(c.outShape.size());
  bool identity = dout.offset == 0;
  for (int i = orank - 1, s = 1; i >= 0 && identity;
       s *= int(c.outShape[i]), --i)
    identity = dout.v[i] == c.outShape[i] &&
               (dout.v[orank + i] == s || c.outShape[i] == 1);
  if (identity)
    std::memcpy(out, dout.aligned, c.outBytes());
  else
    copyStrided(dout, orank, c.outShape, dtypeSize(c.dt),
                static_cast<char *>(out));
  std::free(dout.allocated);
}

// Naive loop: what one writes by hand. Walks the input in memory order with a
// row of double accumulators per kept [O] index (for a contiguous reduction:
// one scalar double sum per output). Compiled at -O3 -march=native.
template <typename Load, typename Store>
static void naiveT(const Case &c, Load load, Store store) {
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

static void runNaive(const Case &c, const void *in, void *out) {
  switch (c.dt) {
  case DType::F32: {
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
  }
}

// Streaming-read ceiling: plain vector loops that read every byte once and
// do the cheapest possible work on it (integer adds into independent vector
// accumulators, so neither FP latency nor denormals limit them).
static volatile uint64_t gSink;

__attribute__((noinline)) static uint64_t read256(const char *p, size_t n) {
  __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0, a4 = a0,
          a5 = a0, a6 = a0, a7 = a0;
  size_t i = 0;
  for (; i + 256 <= n; i += 256) {
    const __m256i *q = reinterpret_cast<const __m256i *>(p + i);
    a0 = _mm256_add_epi32(a0, _mm256_load_si256(q + 0));
    a1 = _mm256_add_epi32(a1, _mm256_load_si256(q + 1));
    a2 = _mm256_add_epi32(a2, _mm256_load_si256(q + 2));
    a3 = _mm256_add_epi32(a3, _mm256_load_si256(q + 3));
    a4 = _mm256_add_epi32(a4, _mm256_load_si256(q + 4));
    a5 = _mm256_add_epi32(a5, _mm256_load_si256(q + 5));
    a6 = _mm256_add_epi32(a6, _mm256_load_si256(q + 6));
    a7 = _mm256_add_epi32(a7, _mm256_load_si256(q + 7));
  }
  uint64_t t = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t v;
    std::memcpy(&v, p + i, 8);
    t += v;
  }
  __m256i s = _mm256_add_epi32(
      _mm256_add_epi32(_mm256_add_epi32(a0, a1), _mm256_add_epi32(a2, a3)),
      _mm256_add_epi32(_mm256_add_epi32(a4, a5), _mm256_add_epi32(a6, a7)));
  alignas(32) uint32_t l[8];
  _mm256_store_si256(reinterpret_cast<__m256i *>(l), s);
  for (uint32_t v : l)
    t += v;
  return t;
}

// Several streams: S interleaved sequential streams over S equal chunks.
template <int S>
__attribute__((noinline)) static uint64_t read256Streams(const char *p,
                                                         size_t n) {
  size_t chunk = n / S / 256 * 256;
  __m256i a[S][2];
  for (int s = 0; s < S; ++s)
    a[s][0] = a[s][1] = _mm256_setzero_si256();
  for (size_t i = 0; i < chunk; i += 64)
    for (int s = 0; s < S; ++s) {
      const __m256i *q = reinterpret_cast<const __m256i *>(p + s * chunk + i);
      a[s][0] = _mm256_add_epi32(a[s][0], _mm256_load_si256(q));
      a[s][1] = _mm256_add_epi32(a[s][1], _mm256_load_si256(q + 1));
    }
  uint64_t t = read256(p + S * chunk, n - S * chunk);
  for (int s = 0; s < S; ++s) {
    alignas(32) uint32_t l[8];
    _mm256_store_si256(reinterpret_cast<__m256i *>(l),
                       _mm256_add_epi32(a[s][0], a[s][1]));
    for (uint32_t v : l)
      t += v;
  }
  return t;
}

#ifdef __AVX512F__
__attribute__((noinline)) static uint64_t read512(const char *p, size_t n) {
  __m512i a0 = _mm512_setzero_si512(), a1 = a0, a2 = a0, a3 = a0, a4 = a0,
          a5 = a0, a6 = a0, a7 = a0;
  size_t i = 0;
  for (; i + 512 <= n; i += 512) {
    const __m512i *q = reinterpret_cast<const __m512i *>(p + i);
    a0 = _mm512_add_epi32(a0, _mm512_load_si512(q + 0));
    a1 = _mm512_add_epi32(a1, _mm512_load_si512(q + 1));
    a2 = _mm512_add_epi32(a2, _mm512_load_si512(q + 2));
    a3 = _mm512_add_epi32(a3, _mm512_load_si512(q + 3));
    a4 = _mm512_add_epi32(a4, _mm512_load_si512(q + 4));
    a5 = _mm512_add_epi32(a5, _mm512_load_si512(q + 5));
    a6 = _mm512_add_epi32(a6, _mm512_load_si512(q + 6));
    a7 = _mm512_add_epi32(a7, _mm512_load_si512(q + 7));
  }
  __m512i s = _mm512_add_epi32(
      _mm512_add_epi32(_mm512_add_epi32(a0, a1), _mm512_add_epi32(a2, a3)),
      _mm512_add_epi32(_mm512_add_epi32(a4, a5), _mm512_add_epi32(a6, a7)));
  return uint64_t(_mm512_reduce_add_epi32(s)) + read256(p + i, n - i);
}
#endif

struct ReadLoop {
  const char *name;
  uint64_t (*fn)(const char *, size_t);
};
static const ReadLoop kReadLoops[] = {
    {"avx2 1 stream", read256},
    {"avx2 4 streams", read256Streams<4>},
    {"avx2 8 streams", read256Streams<8>},
#ifdef __AVX512F__
    {"avx512 1 stream", read512},
#endif
};

// Two threads, each one read loop over half of the buffer (a new std::thread
// per call: ~tens of microseconds, visible only on the small cases).
static uint64_t readTwoThreads(const ReadLoop &l, const char *p, size_t n) {
  size_t half = n / 2 / 4096 * 4096;
  uint64_t r1 = 0;
  std::thread t([&] { r1 = l.fn(p + half, n - half); });
  uint64_t r0 = l.fn(p, half);
  t.join();
  return r0 + r1;
}

// ---------------------------------------------------------------------------
// Timing
// ---------------------------------------------------------------------------
struct Opts {
  bool quick = false;
  int minReps = 5, maxReps = 1000;
  double minTime = 0.5; // seconds of samples per implementation
  std::vector<std::string> only;
  std::string numpyFile, rmeanOpt, workDir = ".", label;
  std::map<std::string, std::string> variantNotes;
  int compileOps = 200;
  bool compileAot = true;
};

static double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Best time of one call, over samples of batches of calls (a batch lasts at
// least ~2 ms, so tiny cases are not timer-bound). `f` was called once before.
static double timeBest(const std::function<void()> &f, const Opts &o) {
  double t0 = now();
  f();
  double one = std::max(now() - t0, 1e-9);
  int batch = std::max(1, std::min(100000, int(2e-3 / one)));
  double best = one, start = now();
  for (int n = 0; n < o.maxReps; ++n) {
    if (n >= o.minReps && now() - start >= o.minTime)
      break;
    double a = now();
    for (int b = 0; b < batch; ++b)
      f();
    best = std::min(best, (now() - a) / batch);
  }
  return best;
}

// ---------------------------------------------------------------------------
// One case
// ---------------------------------------------------------------------------
struct Cell {
  // INACCURATE: a peer outside the SPEC §4 tolerance (still a peer);
  // WRONG: a peer off by more than 1% somewhere (not a usable mean).
  enum Kind { NA, OK, INACCURATE, WRONG, FAILED } kind = NA;
  double gbs = 0;
  std::string note;
};

struct Row {
  const Case *c;
  std::vector<Cell> rmean; // per variant
  Cell dnnl1, dnnl2, eigen, naive, numpy, ceil1, ceil2;
  std::string dnnlImpl, ceilBest, ceil2Best;
};

static int gFailures = 0;
static std::vector<std::string> gNotes;
// Peers outside the tolerance: implementation -> "case worst-ratio" entries.
static std::vector<std::pair<std::string, std::string>> gInaccurate;

static void note(const std::string &s) { gNotes.push_back(s); }

// Check once, then time. Peers whose results miss the tolerance are timed
// and marked; rmean's and the naive loop's (ours) count as failures.
static Cell measure(const Case &c, const std::string &name, bool ours,
                    void *out, const std::vector<double> &ref,
                    const std::function<void()> &f, const Opts &o) {
  Cell cell;
  std::memset(out, 0xff, c.outBytes()); // NaN pattern: unwritten outputs fail
  f();
  Check k = check(c, out, ref);
  if (!k.ok) {
    cell.note = name + " on " + c.id + ": " + k.describe();
    if (ours) {
      ++gFailures;
      std::fprintf(stderr, "FAIL %s\n", cell.note.c_str());
      note("FAIL " + cell.note);
    } else {
      char b[64];
      std::snprintf(b, sizeof b, "%s %.3g%s", c.id.c_str(), k.worst,
                    k.maxRel > 1e-2 ? "!" : "");
      gInaccurate.push_back({name, b});
    }
  }
  double t = timeBest(f, o);
  cell.gbs = double(c.inBytes()) / t / 1e9;
  cell.kind = k.ok              ? Cell::OK
              : ours            ? Cell::FAILED
              : k.maxRel > 1e-2 ? Cell::WRONG
                                : Cell::INACCURATE;
  return cell;
}

static Row runCase(const Case &c, const Opts &o) {
  Row row;
  row.c = &c;
  Buffer in = allocBuffer(c.inBytes()), out = allocBuffer(c.outBytes());
  fillInput(c, in.get(), std::hash<std::string>()(c.id));
  std::vector<double> ref = reference(c, in.get());
  const void *x = in.get();
  void *y = out.get();

  for (const VariantInfo &v : kVariants) {
    KernelFn fn = findKernel(c.kernel, v.suffix);
    if (!fn) {
      row.rmean.push_back(Cell{});
      continue;
    }
    row.rmean.push_back(measure(
        c, v.label, true, y, ref, [&] { runRmean(fn, c, x, y); }, o));
  }
  for (int thr : {1, 2}) {
    std::string impl, why;
    OnednnPeer *p = onednnMake(c, thr, x, y, impl, why);
    Cell &cell = thr == 1 ? row.dnnl1 : row.dnnl2;
    if (!p) {
      if (thr == 1)
        note("oneDNN n/a on " + c.id + ": " + why);
      continue;
    }
    if (thr == 1)
      row.dnnlImpl = impl;
    cell = measure(
        c, thr == 1 ? "oneDNN" : "oneDNN-2t", false, y, ref,
        [&] { onednnRun(p); }, o);
    onednnFree(p);
  }
  {
    std::memset(y, 0, c.outBytes());
    if (eigenMean(c, x, y))
      row.eigen = measure(
          c, "Eigen", false, y, ref, [&] { eigenMean(c, x, y); }, o);
  }
  row.naive = measure(
      c, "naive", true, y, ref, [&] { runNaive(c, x, y); }, o);

  const char *p = static_cast<const char *>(x);
  size_t n = c.inBytes();
  for (const ReadLoop &l : kReadLoops) {
    double t = timeBest([&] { gSink = l.fn(p, n); }, o);
    double g = double(n) / t / 1e9;
    if (g > row.ceil1.gbs) {
      row.ceil1 = {Cell::OK, g, ""};
      row.ceilBest = l.name;
    }
    t = timeBest([&] { gSink = readTwoThreads(l, p, n); }, o);
    g = double(n) / t / 1e9;
    if (g > row.ceil2.gbs) {
      row.ceil2 = {Cell::OK, g, ""};
      row.ceil2Best = l.name;
    }
  }
  return row;
}

// ---------------------------------------------------------------------------
// numpy results (bench/numpy_bench.py --tsv FILE): id, GB/s, ok|inaccurate|n/a
// ---------------------------------------------------------------------------
static std::map<std::string, Cell> readNumpy(const std::string &file) {
  std::map<std::string, Cell> m;
  std::ifstream f(file);
  std::string line;
  while (std::getline(f, line)) {
    std::istringstream ls(line);
    std::string id, status;
    double g = 0;
    if (!(ls >> id >> g >> status) || id == "#")
      continue;
    Cell c;
    c.gbs = g;
    c.kind = status == "ok"           ? Cell::OK
             : status == "inaccurate" ? Cell::INACCURATE
             : status == "wrong"      ? Cell::WRONG
                                      : Cell::NA;
    m[id] = c;
  }
  return m;
}

// ---------------------------------------------------------------------------
// Table
// ---------------------------------------------------------------------------
static std::string fmtCell(const Cell &c) {
  char b[32];
  switch (c.kind) {
  case Cell::NA:
    return "n/a";
  case Cell::FAILED:
    std::snprintf(b, sizeof b, "FAIL");
    return b;
  case Cell::INACCURATE:
    std::snprintf(b, sizeof b, "%.2f*", c.gbs);
    return b;
  case Cell::WRONG:
    std::snprintf(b, sizeof b, "%.2f!", c.gbs);
    return b;
  case Cell::OK:
    std::snprintf(b, sizeof b, "%.2f", c.gbs);
    return b;
  }
  return "?";
}

static bool usable(const Cell &c) {
  return c.kind == Cell::OK || c.kind == Cell::INACCURATE;
}

static std::string ratio(const Cell &a, const Cell &b) {
  if (a.kind != Cell::OK || !usable(b) || b.gbs <= 0)
    return "n/a";
  char s[32];
  std::snprintf(s, sizeof s, "%.2f", a.gbs / b.gbs);
  return s;
}

static void printTable(const std::vector<Row> &rows, bool haveNumpy) {
  std::vector<std::string> head = {"case", "shape", "axes", "MB"};
  for (const VariantInfo &v : kVariants)
    head.push_back(v.label);
  for (const char *h : {"oneDNN", "oneDNN-2t", "Eigen", "naive"})
    head.push_back(h);
  if (haveNumpy)
    head.push_back("numpy");
  head.push_back("ceiling");
  head.push_back("ceil-2t");
  head.push_back("rmean/ceil");
  head.push_back("rmean/peer");
  for (size_t i = 1; i < kVariants.size(); ++i)
    head.push_back(kVariants[i].label + "/" + kVariants[i].versus);

  std::vector<std::vector<std::string>> cells;
  for (const Row &r : rows) {
    std::vector<std::string> line = {r.c->id, r.c->shapeStr(), r.c->axesStr()};
    char mb[32];
    std::snprintf(mb, sizeof mb, "%.1f", double(r.c->inBytes()) / (1 << 20));
    line.push_back(mb);
    for (const Cell &c : r.rmean)
      line.push_back(fmtCell(c));
    for (const Cell *c : {&r.dnnl1, &r.dnnl2, &r.eigen, &r.naive})
      line.push_back(fmtCell(*c));
    if (haveNumpy)
      line.push_back(fmtCell(r.numpy));
    line.push_back(fmtCell(r.ceil1));
    line.push_back(fmtCell(r.ceil2));
    line.push_back(ratio(r.rmean[0], r.ceil1));
    // Fastest single-thread peer with a usable result.
    Cell best;
    std::string bestName;
    std::vector<std::pair<const char *, const Cell *>> peers = {
        {"oneDNN", &r.dnnl1}, {"Eigen", &r.eigen}, {"naive", &r.naive}};
    if (haveNumpy)
      peers.push_back({"numpy", &r.numpy});
    for (auto &[name, c] : peers)
      if (usable(*c) && c->gbs > best.gbs) {
        best = *c;
        bestName = name;
      }
    std::string rp = ratio(r.rmean[0], best);
    line.push_back(rp == "n/a" ? rp : rp + " (" + bestName + ")");
    for (size_t i = 1; i < kVariants.size(); ++i) {
      const std::string &vs = kVariants[i].versus;
      const Cell &other = vs == "oneDNN-2t" ? r.dnnl2
                          : vs == "ceil-2t" ? r.ceil2
                                            : best;
      line.push_back(ratio(r.rmean[i], other));
    }
    cells.push_back(line);
  }
  // Markdown table with aligned columns.
  std::vector<size_t> w(head.size());
  for (size_t j = 0; j < head.size(); ++j) {
    w[j] = head[j].size();
    for (auto &l : cells)
      w[j] = std::max(w[j], l[j].size());
  }
  auto printLine = [&](const std::vector<std::string> &l) {
    std::printf("|");
    for (size_t j = 0; j < l.size(); ++j)
      std::printf(j < 4 ? " %-*s |" : " %*s |", int(w[j]), l[j].c_str());
    std::printf("\n");
  };
  printLine(head);
  std::printf("|");
  for (size_t j = 0; j < head.size(); ++j)
    std::printf("%s%s|", std::string(w[j] + 1, '-').c_str(), j < 4 ? "-" : ":");
  std::printf("\n");
  for (auto &l : cells)
    printLine(l);
}

// ---------------------------------------------------------------------------
// Compile time: a generated module with many reduce_means.
// ---------------------------------------------------------------------------
static std::string genModule(int nOps, uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto pick = [&](int n) { return int(rng() % uint64_t(n)); };
  const char *types[] = {"f32",  "f32", "f32", "f32", "f16",
                         "bf16", "f64", "i32", "i8",  "ui16"};
  const int64_t dimsPool[] = {3,   7,   8,   16,  17,   32,   56,  64,
                              100, 128, 256, 768, 1000, 1024, 4096};
  std::ostringstream m;
  m << "// Generated by rmean_bench: " << nOps
    << " reduce_means of varied shapes,\n"
    << "// layouts (inner, outer, middle, mixed, all), element types, "
       "keep_dims\n"
    << "// and dynamic dimensions, one per function.\n";
  for (int k = 0; k < nOps; ++k) {
    int rank = 1 + pick(4);
    std::string ty = types[pick(10)];
    std::vector<std::string> dims(rank);
    for (int i = 0; i < rank; ++i)
      dims[i] = pick(100) < 15 ? "?" : std::to_string(dimsPool[pick(15)]);
    std::vector<bool> red(rank);
    bool any = false;
    bool all = pick(10) == 0;
    for (int i = 0; i < rank; ++i)
      any |= (red[i] = all || pick(2) == 1);
    if (!any)
      red[pick(rank)] = true;
    bool keep = pick(10) < 3;
    std::string axes;
    for (int i = 0; i < rank; ++i)
      if (red[i]) {
        int a = pick(5) == 0 ? i - rank : i; // sometimes spelled negative
        axes += (axes.empty() ? "" : ", ") + std::to_string(a);
      }
    auto tensor = [&](const std::vector<std::string> &d) {
      std::string s = "tensor<";
      for (auto &x : d)
        s += x + "x";
      return s + ty + ">";
    };
    std::vector<std::string> od;
    for (int i = 0; i < rank; ++i)
      if (!red[i])
        od.push_back(dims[i]);
      else if (keep)
        od.push_back("1");
    std::string ti = tensor(dims), to = tensor(od);
    m << "func.func @m" << k << "(%x: " << ti << ") -> " << to
      << " attributes {llvm.emit_c_interface} {\n"
      << "  %0 = rmean.reduce_mean %x {axes = array<i64: " << axes << ">"
      << (keep ? ", keep_dims = true" : "") << "} : " << ti << " -> " << to
      << "\n"
      << "  return %0 : " << to << "\n}\n";
  }
  return m.str();
}

static double timeCommand(const std::string &cmd, int reps, bool &ok) {
  double best = INFINITY;
  ok = true;
  for (int i = 0; i < reps; ++i) {
    double t0 = now();
    int rc = std::system(cmd.c_str());
    double t = now() - t0;
    if (rc != 0) {
      ok = false;
      return t;
    }
    best = std::min(best, t);
  }
  return best;
}

static void compileTime(const Opts &o) {
  std::string big = o.workDir + "/compile_time.mlir",
              one = o.workDir + "/compile_time_1.mlir";
  std::ofstream(big) << genModule(o.compileOps, 42);
  std::ofstream(one) << genModule(1, 42);
  std::string err = o.workDir + "/compile_time.err";
  auto cmd = [&](const std::string &f) {
    return "'" + o.rmeanOpt + "' --rmean-cpu-pipeline '" + f +
           "' -o /dev/null 2>'" + err + "'";
  };
  int reps = o.quick ? 1 : 3;
  bool ok1, okN;
  double t1 = timeCommand(cmd(one), reps, ok1);
  double tN = ok1 ? timeCommand(cmd(big), reps, okN) : 0;
  std::printf("\nCompile time (rmean-opt --rmean-cpu-pipeline, best of %d, "
              "wall clock):\n",
              reps);
  if (!ok1 || !okN) {
    ++gFailures;
    std::printf("  FAILED on %s (see %s)\n", ok1 ? big.c_str() : one.c_str(),
                err.c_str());
    std::fprintf(stderr, "FAIL compile-time module: rmean-opt failed, see %s\n",
                 err.c_str());
    return;
  }
  std::printf(
      "  %d ops: %.3f s = %.2f ms/op; marginal %.2f ms/op over a 1-op module "
      "(%.0f ms, mostly start-up)\n",
      o.compileOps, tN, 1e3 * tN / o.compileOps,
      1e3 * (tN - t1) / (o.compileOps - 1), 1e3 * t1);
  if (o.compileAot) {
    std::string bindir = "$(llvm-config-22 --bindir)";
    std::string aot = "'" + o.rmeanOpt + "' --rmean-cpu-pipeline '" + big +
                      "' 2>'" + err + "' | " + bindir +
                      "/mlir-translate --mlir-to-llvmir 2>>'" + err + "' | " +
                      bindir +
                      "/clang -O3 -march=native -Wno-override-module -c -x ir "
                      "- -o /dev/null 2>>'" +
                      err + "'";
    bool ok;
    double t = timeCommand("bash -o pipefail -c \"" + aot + "\"", 1, ok);
    if (ok)
      std::printf("  whole AOT path (rmean-opt | mlir-translate | clang -O3), "
                  "%d ops: %.2f s = %.1f ms/op\n",
                  o.compileOps, t, 1e3 * t / o.compileOps);
    else
      std::printf("  whole AOT path failed (see %s)\n", err.c_str());
  }
  std::printf("  module: %s\n", big.c_str());
}

// ---------------------------------------------------------------------------
// main
// ---------------------------------------------------------------------------
static std::string cpuModel() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("model name", 0) == 0)
      return line.substr(line.find(':') + 2);
  return "?";
}

static std::string loadAvg() {
  std::ifstream f("/proc/loadavg");
  std::string a, b, c;
  f >> a >> b >> c;
  return a + " " + b + " " + c;
}

static void usage() {
  std::printf(
      "usage: rmean_bench [--quick] [--cases A,B,...] [--numpy FILE] "
      "[--rmean-opt PATH]\n"
      "                   [--compile-ops N] [--no-compile-aot] [--work-dir "
      "DIR]\n"
      "                   [--min-time S] [--variant-note SUFFIX=TEXT] [--label "
      "TEXT]\n"
      "  --quick        1 check + 2 timed samples per implementation, 40-op "
      "compile module\n"
      "  --numpy FILE   numpy results written by bench/numpy_bench.py --tsv "
      "FILE\n"
      "  --rmean-opt P  measure compile time with P (skipped without it)\n"
      "Exit status 1 when an rmean result (or the naive loop) misses its "
      "tolerance or\n"
      "rmean-opt fails on the compile-time module.\n");
}

int main(int argc, char **argv) {
  Opts o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) {
        usage();
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--quick") {
      o.quick = true;
      o.minReps = 2;
      o.minTime = 0;
      o.compileOps = 40;
    } else if (a == "--cases") {
      std::string s = next(), t;
      std::istringstream ss(s);
      while (std::getline(ss, t, ','))
        o.only.push_back(t);
    } else if (a == "--numpy")
      o.numpyFile = next();
    else if (a == "--rmean-opt")
      o.rmeanOpt = next();
    else if (a == "--compile-ops")
      o.compileOps = std::max(2, std::atoi(next().c_str()));
    else if (a == "--no-compile-aot")
      o.compileAot = false;
    else if (a == "--work-dir")
      o.workDir = next();
    else if (a == "--min-time")
      o.minTime = std::atof(next().c_str());
    else if (a == "--label")
      o.label = next();
    else if (a == "--variant-note") {
      std::string s = next();
      size_t eq = s.find('=');
      o.variantNotes[s.substr(0, eq)] =
          eq == std::string::npos ? "" : s.substr(eq + 1);
    } else if (a == "-h" || a == "--help") {
      usage();
      return 0;
    } else {
      usage();
      return 2;
    }
  }
  if (o.quick)
    o.compileAot = false;

  const char *wait = std::getenv("OMP_WAIT_POLICY");
  std::printf("rmean benchmark%s%s, %s\n", o.label.empty() ? "" : ": ",
              o.label.c_str(),
              o.quick ? "QUICK mode (checks that everything runs and is right; "
                        "its numbers are "
                        "not measurements)"
                      : "full mode");
  std::printf("CPU: %s, %u hardware threads; read loops: avx2%s\n",
              cpuModel().c_str(), std::thread::hardware_concurrency(),
#ifdef __AVX512F__
              ", avx512"
#else
              ""
#endif
  );
  std::printf("oneDNN %s; Eigen %s; OMP_WAIT_POLICY=%s; load average %s\n",
              onednnVersion().c_str(), eigenVersion().c_str(),
              wait ? wait : "(unset)", loadAvg().c_str());
  std::printf("GB/s = input bytes / best time per call (%s)\n\n",
              o.quick ? "2 samples"
                      : "samples of >= 2 ms batches over >= 0.5 s, at least 5");
  std::fflush(stdout);

  std::map<std::string, Cell> numpy;
  if (!o.numpyFile.empty())
    numpy = readNumpy(o.numpyFile);

  std::vector<Case> cases = allCases();
  std::vector<Row> rows;
  for (const Case &c : cases) {
    if (!o.only.empty() &&
        std::find(o.only.begin(), o.only.end(), c.id) == o.only.end())
      continue;
    std::fprintf(stderr, "case %s ...\n", c.id.c_str());
    rows.push_back(runCase(c, o));
    if (numpy.count(c.id))
      rows.back().numpy = numpy[c.id];
  }
  printTable(rows, !o.numpyFile.empty());

  std::printf(
      "\nrmean/ceil: rmean (1 thread) over the ceiling; rmean/peer: over the "
      "fastest "
      "single-thread peer (oneDNN, Eigen, naive%s) whose result is usable.\n",
      o.numpyFile.empty() ? "" : ", numpy");
  std::printf(
      "ceiling: best of the plain vector read loops over the same bytes, 1 "
      "thread "
      "(ceil-2t: 2 threads).\n"
      "n/a: not available; *: result outside the SPEC §4 tolerance (f32: "
      "relative "
      "2^-20; f16/bf16: 1 ulp), still counted as a peer; !: result off by more "
      "than "
      "1%%, not counted; FAIL: an rmean result outside the tolerance.\n");
  for (const VariantInfo &v : kVariants) {
    bool any = false;
    for (const Row &r : rows)
      any |= findKernel(r.c->kernel, v.suffix) != nullptr;
    if (!any) {
      auto it = o.variantNotes.find(v.suffix);
      std::printf("%s: n/a (%s)\n", v.label.c_str(),
                  it != o.variantNotes.end() ? it->second.c_str()
                                             : "kernels not linked");
    }
  }
  std::printf("oneDNN implementations:");
  for (const Row &r : rows)
    std::printf(" %s=%s", r.c->id.c_str(),
                r.dnnlImpl.empty() ? "n/a" : r.dnnlImpl.c_str());
  std::printf("\nceiling loops (1t / 2t):");
  for (const Row &r : rows)
    std::printf(" %s=%s/%s", r.c->id.c_str(), r.ceilBest.c_str(),
                r.ceil2Best.c_str());
  std::printf("\n");
  if (!gInaccurate.empty()) {
    std::printf("peers outside the tolerance (case max-error/tolerance, !: off "
                "by > 1%%):\n");
    std::vector<std::string> impls;
    for (auto &e : gInaccurate)
      if (std::find(impls.begin(), impls.end(), e.first) == impls.end())
        impls.push_back(e.first);
    for (const std::string &impl : impls) {
      std::printf("  %s:", impl.c_str());
      for (auto &[who, what] : gInaccurate)
        if (who == impl)
          std::printf(" %s", what.c_str());
      std::printf("\n");
    }
  }
  for (const std::string &n : gNotes)
    std::printf("%s\n", n.c_str());

  std::printf("load average at the end: %s (a shared machine: compare ratios, "
              "not absolute "
              "numbers)\n",
              loadAvg().c_str());
  if (!o.rmeanOpt.empty())
    compileTime(o);

  if (gFailures)
    std::printf("\n%d correctness failure(s)\n", gFailures);
  else
    std::printf("\nall rmean results within tolerance\n");
  return gFailures ? 1 : 0;
}
