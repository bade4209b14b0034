// Shared definitions of the rmean benchmark. Each section names the
// translation unit that defines it.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace rbench {

// C32 is complex<f32>: its parts are the f32 elements the benchmark counts
// (Case::I holds them as an innermost kept dimension of 2).
enum class DType { F32, F16, BF16, F64, I8, I32, I64, C32 };

inline bool isInteger(DType t) {
  return t == DType::I8 || t == DType::I32 || t == DType::I64;
}

inline const char *dtypeName(DType t) {
  switch (t) {
  case DType::F32:
    return "f32";
  case DType::F16:
    return "f16";
  case DType::BF16:
    return "bf16";
  case DType::F64:
    return "f64";
  case DType::I8:
    return "i8";
  case DType::I32:
    return "i32";
  case DType::I64:
    return "i64";
  case DType::C32:
    return "complex<f32>";
  }
  return "?";
}
inline size_t dtypeSize(DType t) {
  switch (t) {
  case DType::F64:
  case DType::I64:
    return 8;
  case DType::F32:
  case DType::I32:
  case DType::C32: // per part
    return 4;
  case DType::F16:
  case DType::BF16:
    return 2;
  case DType::I8:
    return 1;
  }
  return 0;
}

// One docs/ReduceMean.md §7 case: a dense row-major input, reduced over `axes`
// (sorted, adjacent), keep_dims = false.
struct Case {
  std::string id;     // "A" .. "H", "I-f16", "I-bf16", "J-A", ...
  std::string kernel; // MLIR function name in bench/kernels/<kernel>.mlir
  DType dt = DType::F32;
  std::vector<int64_t> shape;
  std::vector<int64_t> axes;
  // The kernel takes the axes as a runtime operand (a tensor<?xi64> after
  // the input) instead of an attribute: cases M-A and M-D.
  bool runtimeAxes = false;
  // The static-shape kernel of the same shape and axes (cases M and N): run
  // on this case's input and timed with its implementations, it gives the
  // runtime-axes or dynamic-shape kernel's speed against the static one
  // under the same conditions (`rmean/static` after the table).
  std::string staticKernel;
  // Derived: the input viewed as [B][O][R][I] with R the reduced extent and
  // B a leading reduced extent separated from R by kept dimensions (batch
  // statistics; 1 otherwise). Complex inputs are viewed as their parts: I
  // includes the innermost 2 (real, imaginary), so elements, outputs and
  // bytes count parts. `shape` and `outShape` stay the complex shapes.
  int64_t B = 1, O = 1, R = 1, I = 1;
  std::vector<int64_t> outShape;

  int64_t numel() const { return B * O * R * I; }
  // Elements each output averages.
  int64_t count() const { return B * R; }
  int64_t outNumel() const { return O * I; }
  size_t inBytes() const { return size_t(numel()) * dtypeSize(dt); }
  size_t outBytes() const { return size_t(outNumel()) * dtypeSize(dt); }
  std::string shapeStr() const;
  std::string axesStr() const;
};

// Calls fn(out, in) for every input element in memory order: `in` is its
// linear index, `out` the index of the output it is averaged into.
template <typename Fn> void forEachElement(const Case &c, Fn fn) {
  for (int64_t b = 0; b < c.B; ++b)
    for (int64_t o = 0; o < c.O; ++o)
      for (int64_t r = 0; r < c.R; ++r) {
        int64_t base = ((b * c.O + o) * c.R + r) * c.I;
        for (int64_t i = 0; i < c.I; ++i)
          fn(o * c.I + i, base + i);
      }
}

// ---- 16-bit floating point helpers (storage is uint16_t) -----------------
inline float bitsToF32(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
inline uint32_t f32ToBits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

inline float bf16ToF32(uint16_t h) { return bitsToF32(uint32_t(h) << 16); }
inline uint16_t f32ToBf16(float f) { // round to nearest even (NaN kept quiet)
  uint32_t b = f32ToBits(f);
  if ((b & 0x7fffffffu) > 0x7f800000u)
    return uint16_t((b >> 16) | 0x40);
  b += 0x7fffu + ((b >> 16) & 1u);
  return uint16_t(b >> 16);
}
inline float f16ToF32(uint16_t h) {
  _Float16 v;
  std::memcpy(&v, &h, 2);
  return float(v);
}
inline uint16_t f32ToF16(float f) {
  _Float16 v = (_Float16)f;
  uint16_t h;
  std::memcpy(&h, &v, 2);
  return h;
}
inline uint16_t f64ToF16(double d) { // one correct rounding
  _Float16 v = (_Float16)d;
  uint16_t h;
  std::memcpy(&h, &v, 2);
  return h;
}
inline double loadAsDouble(DType t, const void *p, int64_t i) {
  switch (t) {
  case DType::F32:
  case DType::C32:
    return static_cast<const float *>(p)[i];
  case DType::F16:
    return f16ToF32(static_cast<const uint16_t *>(p)[i]);
  case DType::BF16:
    return bf16ToF32(static_cast<const uint16_t *>(p)[i]);
  case DType::F64:
    return static_cast<const double *>(p)[i];
  case DType::I8:
    return static_cast<const int8_t *>(p)[i];
  case DType::I32:
    return static_cast<const int32_t *>(p)[i];
  case DType::I64:
    return double(static_cast<const int64_t *>(p)[i]);
  }
  return 0;
}
inline int64_t loadAsInt(DType t, const void *p, int64_t i) {
  switch (t) {
  case DType::I8:
    return static_cast<const int8_t *>(p)[i];
  case DType::I32:
    return static_cast<const int32_t *>(p)[i];
  case DType::I64:
    return static_cast<const int64_t *>(p)[i];
  default:
    return 0;
  }
}

// ---- peers implemented in their own translation units --------------------
// Eigen Tensor `.mean()` (bench/peer_eigen.cpp). Returns false when the
// case's rank / axes / type is not instantiated.
bool eigenMean(const Case &c, const void *in, void *out);
std::string eigenVersion();

// oneDNN `reduction` primitive with algorithm::reduction_mean
// (bench/peer_onednn.cpp). make() returns nullptr and fills `why` when the
// primitive cannot be created (e.g. unsupported data type); `impl` receives
// oneDNN's implementation name.
struct OnednnPeer;
OnednnPeer *onednnMake(const Case &c, int threads, const void *in, void *out,
                       std::string &impl, std::string &why);
void onednnRun(OnednnPeer *p);
void onednnFree(OnednnPeer *p);
std::string onednnVersion();

// ---- bench_cases.cpp: the case table, buffers, inputs --------------------
std::vector<Case> allCases();

struct FreeDeleter {
  void operator()(void *p) const { std::free(p); }
};
using Buffer = std::unique_ptr<void, FreeDeleter>;

// 2 MiB aligned, transparent huge pages where enabled; exits when out of
// memory.
Buffer allocBuffer(size_t bytes);
// Uniform [0, 1) values, rounded to the element type.
void fillInput(const Case &c, void *p, uint64_t seed);

// ---- bench_kernels.cpp: rmean's AOT kernels, one per case and variant ----
struct VariantInfo {
  std::string suffix, label, versus;
  int threads;
};
extern const std::vector<VariantInfo> kVariants;

using KernelFn = void (*)(void *, void *);
// nullptr when the variant's object has no such kernel (it shows as n/a).
KernelFn findKernel(const std::string &kernel, const std::string &variant);
// Calls `fn` on the dense input `in` and copies its result into the dense
// `out`; chosen once per case so the timed call does no dispatch.
using RmeanCall = void (*)(KernelFn fn, const Case &c, const void *in,
                           void *out);
RmeanCall rmeanCall(const Case &c);

// ---- bench_check.cpp: reference and tolerance ----------------------------
// Exact-enough mean per output: Neumaier-compensated double sums; for
// integers the exact mean truncated toward zero (long double holds every
// int64 exactly).
std::vector<long double> reference(const Case &c, const void *in);

struct Check {
  bool ok = true;
  double worst = 0;  // max |got - ref| / tolerance
  double maxRel = 0; // max |got - ref| / |ref|
  int64_t at = -1;
  double got = 0, ref = 0;
  bool exact = false; // integers: worst is the largest absolute difference
  std::string describe() const;
};
Check check(const Case &c, const void *out,
            const std::vector<long double> &ref);

// ---- bench_naive.cpp: the hand-written loop ------------------------------
void runNaive(const Case &c, const void *in, void *out);

// ---- bench_ceiling.cpp: streaming-read loops -----------------------------
struct ReadLoop {
  const char *name;
  uint64_t (*fn)(const char *, size_t);
};
const std::vector<ReadLoop> &readLoops();
// Two threads, each running `l` over half of the buffer.
uint64_t readTwoThreads(const ReadLoop &l, const char *p, size_t n);

// ---- bench_measure.cpp: timing, checking, one case -----------------------
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

struct Cell {
  // INACCURATE: a peer outside the docs/ReduceMean.md §4 tolerance (still a
  // peer); WRONG: a peer off by more than 1% somewhere (not a usable mean).
  enum Kind { NA, OK, INACCURATE, WRONG, FAILED } kind = NA;
  double gbs = 0;
  std::string note;
};

struct Row {
  const Case *c;
  std::vector<Cell> rmean; // per variant
  Cell dnnl1, dnnl2, eigen, naive, numpy, ceil1, ceil2;
  Cell staticRef; // Case::staticKernel, the default variant
  std::string dnnlImpl, ceilBest, ceil2Best;
};

// What the run found, printed after the table; gFailures decides the exit
// status.
extern int gFailures;
extern std::vector<std::string> gNotes;
// Peers outside the tolerance: implementation -> "case worst-ratio" entries.
extern std::vector<std::pair<std::string, std::string>> gInaccurate;

double now();
Row runCase(const Case &c, const Opts &o);

// ---- bench_report.cpp: numpy results, the table and what follows it ------
// numpy results (bench/numpy_bench.py --tsv FILE), by case id.
std::map<std::string, Cell> readNumpy(const std::string &file);
void printHeader(const Opts &o);
void printTable(const std::vector<Row> &rows, bool haveNumpy);
void printFooter(const std::vector<Row> &rows, const Opts &o);

// ---- bench_compile_time.cpp ----------------------------------------------
// rmean-opt --rmean-cpu-pipeline on a generated module with many
// reduce_means.
void compileTime(const Opts &o);

} // namespace rbench
