//===- gpu_bench.cpp - rmean's GPU means against CUB, torch and the ceiling
//===//
//
// The CPU benchmark's cases (bench/kernels/case_*.mlir: docs/ReduceMean.md
// §7 A-I) plus three of 1 GiB or more (bench/gpu/kernels/), each compiled
// ahead of time by scripts/rmean-gpu-aot.sh, in one process with their
// peers: CUB (peer_cub.cu), the streaming-read ceiling (read_ceiling.cu),
// torch.mean (torch_bench.py, run before by scripts/gpu-check.sh, whose
// numbers come in with --torch) and the device's theoretical peak.
//
// Every result is checked against a double-precision reference before
// anything is timed: rmean within docs/ReduceMean.md §4's bound (a failure
// makes the exit status 1), peers marked `*` outside it and `!` when off by
// more than 1% (then not compared with). GB/s is input bytes over the best
// time per call; rmean's calls are timed with CUDA events on the legacy
// stream around back-to-back calls, each of which includes what a caller
// pays: stream creation, the result's allocation, the launches and the
// synchronisation. Inputs that fit the L2 cache (about 50 MB) are read from
// it after the first call, by every implementation alike.
//
//===----------------------------------------------------------------------===//

#include "gpu_peers.h"
#include "rmean/Runtime/GpuRuntime.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

constexpr int kMaxRank = 4;

/// MLIR's memref descriptor, ranks 0 to kMaxRank (sizes in the first R
/// slots, strides in the next R).
struct Desc {
  void *basePtr;
  void *data;
  int64_t offset;
  int64_t sizesAndStrides[2 * kMaxRank];
};

using KernelFn = void (*)(Desc *result, Desc *input);

} // namespace

#define KERNEL(name) extern "C" void _mlir_ciface_##name(Desc *, Desc *);
KERNEL(case_a)
KERNEL(case_b)
KERNEL(case_c)
KERNEL(case_d)
KERNEL(case_e)
KERNEL(case_f)
KERNEL(case_g)
KERNEL(case_h)
KERNEL(case_i_f16)
KERNEL(case_i_bf16)
KERNEL(case_g28)
KERNEL(case_r1g)
KERNEL(case_c1g)
#undef KERNEL

namespace {

enum class Elem { F32, F16, BF16 };

const char *elemName(Elem e) {
  return e == Elem::F32 ? "f32" : e == Elem::F16 ? "f16" : "bf16";
}
size_t elemBytes(Elem e) { return e == Elem::F32 ? 4 : 2; }
int peerElem(Elem e) {
  return e == Elem::F32 ? kPeerF32 : e == Elem::F16 ? kPeerF16 : kPeerBF16;
}

struct BenchCase {
  const char *id;
  KernelFn fn;
  Elem elem;
  std::vector<int64_t> shape;
  std::vector<int64_t> axes; // adjacent; empty: all
  // The mean over the middle extent of [outer x reduced x inner].
  int64_t outer = 1, reduced = 1, inner = 1;
};

BenchCase makeCase(const char *id, KernelFn fn, Elem elem,
                   std::vector<int64_t> shape, std::vector<int64_t> axes) {
  BenchCase c{id, fn, elem, std::move(shape), std::move(axes)};
  int64_t rank = int64_t(c.shape.size());
  int64_t lo = c.axes.empty() ? 0 : c.axes.front();
  int64_t hi = c.axes.empty() ? rank - 1 : c.axes.back();
  for (int64_t d = 0; d < rank; ++d)
    (d < lo ? c.outer : d > hi ? c.inner : c.reduced) *= c.shape[d];
  return c;
}

std::vector<BenchCase> allCases() {
  const int64_t big = (int64_t(1) << 24) + (int64_t(1) << 20);
  return {
      makeCase("A", _mlir_ciface_case_a, Elem::F32, {4096, 4096}, {1}),
      makeCase("B", _mlir_ciface_case_b, Elem::F32, {4096, 4096}, {0}),
      makeCase("C", _mlir_ciface_case_c, Elem::F32, {32, 256, 56, 56}, {2, 3}),
      makeCase("D", _mlir_ciface_case_d, Elem::F32, {32, 56, 56, 256}, {1, 2}),
      makeCase("E", _mlir_ciface_case_e, Elem::F32, {64, 128, 768}, {2}),
      makeCase("F", _mlir_ciface_case_f, Elem::F32, {16, 1024, 1024}, {1}),
      makeCase("G", _mlir_ciface_case_g, Elem::F32, {int64_t(1) << 26}, {}),
      makeCase("H", _mlir_ciface_case_h, Elem::F32, {256, 256}, {1}),
      makeCase("I-f16", _mlir_ciface_case_i_f16, Elem::F16, {4096, 4096}, {1}),
      makeCase("I-bf16", _mlir_ciface_case_i_bf16, Elem::BF16, {4096, 4096},
               {1}),
      makeCase("G28", _mlir_ciface_case_g28, Elem::F32, {int64_t(1) << 28}, {}),
      makeCase("R1G", _mlir_ciface_case_r1g, Elem::F32, {16, big}, {1}),
      makeCase("C1G", _mlir_ciface_case_c1g, Elem::F32, {big, 16}, {0}),
  };
}

std::string shapeStr(const BenchCase &c) {
  std::string s;
  for (size_t i = 0; i < c.shape.size(); ++i)
    s += (i ? "x" : "") + std::to_string(c.shape[i]);
  return s;
}

std::string axesStr(const BenchCase &c) {
  if (c.axes.empty())
    return "all";
  std::string s;
  for (size_t i = 0; i < c.axes.size(); ++i)
    s += (i ? "," : "") + std::to_string(c.axes[i]);
  return s;
}

int64_t elements(const BenchCase &c) { return c.outer * c.reduced * c.inner; }

//===----------------------------------------------------------------------===//
// Inputs and the reference
//===----------------------------------------------------------------------===//

/// Uniform [0, 1) values that the element type holds exactly, so no
/// rounding is needed: 24, 11 or 8 random significant bits.
std::vector<char> makeInput(const BenchCase &c) {
  size_t n = size_t(elements(c));
  std::vector<char> buf(n * elemBytes(c.elem));
  uint64_t s = 0x2545f4914f6cdd1dull ^ uint64_t(std::hash<std::string>()(c.id));
  for (size_t i = 0; i < n; ++i) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17; // xorshift64
    if (c.elem == Elem::F32) {
      float f = float(s >> 40) * 0x1p-24f;
      std::memcpy(buf.data() + 4 * i, &f, 4);
    } else if (c.elem == Elem::BF16) {
      float f = float(s >> 56) * 0x1p-8f;
      uint32_t u;
      std::memcpy(&u, &f, 4);
      uint16_t h = uint16_t(u >> 16); // exact: 8 significant bits
      std::memcpy(buf.data() + 2 * i, &h, 2);
    } else {
      // k / 2048 with k < 2048: exponent and 10 explicit bits of an f16.
      uint32_t k = uint32_t(s >> 53);
      uint16_t h = 0;
      if (k != 0) {
        int e = 31 - __builtin_clz(k); // k in [2^e, 2^(e+1))
        uint32_t mant = (k << (10 - e)) & 0x3ff;
        h = uint16_t(((e - 11 + 15) << 10) | mant);
      }
      std::memcpy(buf.data() + 2 * i, &h, 2);
    }
  }
  return buf;
}

double loadValue(Elem e, const void *buf, size_t i) {
  const char *p = static_cast<const char *>(buf);
  if (e == Elem::F32) {
    float f;
    std::memcpy(&f, p + 4 * i, 4);
    return f;
  }
  uint16_t h;
  std::memcpy(&h, p + 2 * i, 2);
  if (e == Elem::BF16) {
    uint32_t u = uint32_t(h) << 16;
    float f;
    std::memcpy(&f, &u, 4);
    return f;
  }
  int exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  double v = exp == 0    ? std::ldexp(mant, -24)
             : exp == 31 ? (mant ? NAN : INFINITY)
                         : std::ldexp(mant + 1024, exp - 25);
  return (h & 0x8000) ? -v : v;
}

/// Kahan-compensated double means (the inputs are non-negative, so the
/// error is a few 2^-53 of the mean: far below any tolerance here).
std::vector<double> referenceMeans(const BenchCase &c,
                                   const std::vector<char> &in) {
  size_t outputs = size_t(c.outer * c.inner);
  std::vector<double> sum(outputs, 0), comp(outputs, 0);
  size_t i = 0;
  for (int64_t o = 0; o < c.outer; ++o)
    for (int64_t r = 0; r < c.reduced; ++r)
      for (int64_t k = 0; k < c.inner; ++k, ++i) {
        size_t j = size_t(o * c.inner + k);
        double y = loadValue(c.elem, in.data(), i) - comp[j];
        double t = sum[j] + y;
        comp[j] = (t - sum[j]) - y;
        sum[j] = t;
      }
  for (double &s : sum)
    s /= double(c.reduced);
  return sum;
}

double ulpOf(Elem e, double v) {
  int precision = e == Elem::F32 ? 24 : e == Elem::F16 ? 11 : 8;
  int minExp = e == Elem::F16 ? -14 : -126;
  int exp = minExp + 1;
  if (v != 0 && std::isfinite(v))
    std::frexp(v, &exp);
  return std::ldexp(1.0, std::max(exp - 1, minExp) - (precision - 1));
}

/// ' ' within docs/ReduceMean.md §4's bound (10 * 2^-24 of the mean of
/// magnitudes, plus one rounding to the element type), '*' outside it, '!'
/// off by more than 1%.
char checkMeans(Elem e, const std::vector<double> &ref,
                const std::vector<double> &got, std::string &detail) {
  char worst = ' ';
  for (size_t j = 0; j < ref.size(); ++j) {
    double err = std::fabs(got[j] - ref[j]);
    double tol = 10 * 0x1p-24 * std::fabs(ref[j]) +
                 ulpOf(e, std::max(std::fabs(got[j]), std::fabs(ref[j])));
    char mark = !(err <= 0.01 * std::fabs(ref[j])) ? '!'
                : err > tol                        ? '*'
                                                   : ' ';
    if (mark != ' ' && (worst == ' ' || (mark == '!' && worst == '*'))) {
      char buf[160];
      std::snprintf(buf, sizeof(buf), "output %zu: %.9g, expected %.9g", j,
                    got[j], ref[j]);
      detail = buf;
      worst = mark;
    }
  }
  return worst;
}

//===----------------------------------------------------------------------===//
// rmean
//===----------------------------------------------------------------------===//

Desc inputDesc(const BenchCase &c, void *data) {
  Desc d = {data, data, 0, {}};
  int rank = int(c.shape.size());
  int64_t stride = 1;
  for (int k = rank - 1; k >= 0; --k) {
    d.sizesAndStrides[k] = c.shape[k];
    d.sizesAndStrides[rank + k] = stride;
    stride *= c.shape[k];
  }
  return d;
}

/// One call; its result (copied to the host, as doubles) and the buffer.
std::vector<double> rmeanOnce(const BenchCase &c, void *devIn) {
  Desc in = inputDesc(c, devIn), out;
  c.fn(&out, &in);
  size_t outputs = size_t(c.outer * c.inner);
  std::vector<char> bytes(outputs * elemBytes(c.elem));
  rmeanGpuCopyToHost(bytes.data(),
                     static_cast<char *>(out.data) +
                         out.offset * int64_t(elemBytes(c.elem)),
                     bytes.size());
  rmeanGpuFree(out.basePtr);
  std::vector<double> means(outputs);
  for (size_t j = 0; j < outputs; ++j)
    means[j] = loadValue(c.elem, bytes.data(), j);
  return means;
}

/// Best time per call over `samples` samples of `calls` back-to-back calls.
double rmeanTime(const BenchCase &c, void *devIn, int calls, int samples) {
  Desc in = inputDesc(c, devIn);
  void *start = rmeanGpuEventCreateTimed(), *end = rmeanGpuEventCreateTimed();
  std::vector<void *> results(static_cast<size_t>(calls));
  double best = 1e30;
  for (int s = 0; s < samples; ++s) {
    mgpuEventRecord(start, nullptr);
    for (int k = 0; k < calls; ++k) {
      Desc out;
      c.fn(&out, &in);
      results[size_t(k)] = out.basePtr;
    }
    mgpuEventRecord(end, nullptr);
    best = std::min(best, double(rmeanGpuEventElapsedMs(start, end)) / calls);
    for (void *p : results)
      rmeanGpuFree(p);
  }
  mgpuEventDestroy(start);
  mgpuEventDestroy(end);
  return best;
}

//===----------------------------------------------------------------------===//
// Report
//===----------------------------------------------------------------------===//

struct Row {
  const BenchCase *c;
  double rmeanMs = 0, rmean = 0, cub = 0, torch = 0, ceiling = 0;
  char rmeanMark = ' ', cubMark = ' ';
  std::string torchMark, cubMethod, ceilingConfig;
};

std::string cell(double gbs, const std::string &mark = "") {
  if (gbs <= 0)
    return "n/a";
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.0f%s", gbs,
                mark == " " ? "" : mark.c_str());
  return buf;
}

std::string ratio(double a, double b, bool usable = true) {
  if (a <= 0 || b <= 0 || !usable)
    return "n/a";
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.2f", a / b);
  return buf;
}

/// torch_bench.py's lines: `ID GBS MARK` (MARK: ok, * or !).
std::map<std::string, std::pair<double, std::string>>
readTorch(const char *path) {
  std::map<std::string, std::pair<double, std::string>> out;
  FILE *f = std::fopen(path, "r");
  if (!f) {
    std::fprintf(stderr, "gpu_bench: cannot read torch results %s\n", path);
    return out;
  }
  char id[64], mark[8];
  double gbs;
  while (std::fscanf(f, "%63s %lf %7s", id, &gbs, mark) == 3)
    out[id] = {gbs, std::strcmp(mark, "ok") ? std::string(mark) : " "};
  std::fclose(f);
  return out;
}

void usage(const char *argv0) {
  std::fprintf(stderr,
               "usage: %s [--list] [--quick] [--cases ID,ID...] "
               "[--torch FILE]\n",
               argv0);
  std::exit(2);
}

} // namespace

int main(int argc, char **argv) {
  bool list = false, quick = false;
  const char *torchFile = nullptr;
  std::vector<std::string> only;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--list"))
      list = true;
    else if (!std::strcmp(argv[i], "--quick"))
      quick = true;
    else if (!std::strcmp(argv[i], "--torch") && i + 1 < argc)
      torchFile = argv[++i];
    else if (!std::strcmp(argv[i], "--cases") && i + 1 < argc) {
      std::stringstream ss(argv[++i]);
      for (std::string id; std::getline(ss, id, ',');)
        only.push_back(id);
    } else
      usage(argv[0]);
  }
  std::vector<BenchCase> cases;
  for (BenchCase &c : allCases())
    if (only.empty() || std::count(only.begin(), only.end(), c.id))
      cases.push_back(c);
  if (list) {
    // For torch_bench.py: the same cases, one per line.
    for (const BenchCase &c : cases)
      std::printf("%s %s %s %s\n", c.id, elemName(c.elem), shapeStr(c).c_str(),
                  axesStr(c).c_str());
    return 0;
  }
  if (!rmeanGpuAvailable()) {
    std::printf("gpu_bench: no GPU: %s\n", rmeanGpuUnavailableReason());
    return 0;
  }
  auto torch = torchFile
                   ? readTorch(torchFile)
                   : std::map<std::string, std::pair<double, std::string>>();
  char device[256];
  rmeanGpuDeviceName(device, sizeof(device));
  double peak = rmeanGpuPeakBandwidthGBs();
  std::printf("device: %s, theoretical peak %.0f GB/s\n", device, peak);
  // Samples of at least `target` ms each; the best per call counts.
  int samples = quick ? 2 : 7;
  double targetMs = quick ? 2 : 20;

  std::vector<Row> rows;
  int failures = 0;
  for (const BenchCase &c : cases) {
    Row row;
    row.c = &c;
    std::vector<char> input = makeInput(c);
    std::vector<double> ref = referenceMeans(c, input);
    double gb = double(input.size()) * 1e-9;
    void *dev = rmeanGpuMalloc(input.size());
    rmeanGpuCopyToDevice(dev, input.data(), input.size());

    std::string detail;
    row.rmeanMark = checkMeans(c.elem, ref, rmeanOnce(c, dev), detail);
    if (row.rmeanMark != ' ') {
      ++failures;
      std::printf("FAIL %s: rmean's mean is wrong: %s\n", c.id, detail.c_str());
    }
    double once = rmeanTime(c, dev, 1, 1);
    int calls = int(std::clamp(targetMs / std::max(once, 1e-4), 3.0, 2000.0));
    row.rmeanMs = rmeanTime(c, dev, calls, samples);
    row.rmean = gb / (row.rmeanMs * 1e-3);

    std::vector<float> cubMeans(ref.size());
    double ms = 0;
    const char *method = "";
    char error[256] = "";
    int peerCalls = int(std::clamp(targetMs / row.rmeanMs, 3.0, 2000.0));
    if (peerCubMean(peerElem(c.elem), c.outer, c.reduced, c.inner, dev,
                    cubMeans.data(), peerCalls, samples, &ms, &method, error,
                    sizeof(error)) == 0) {
      row.cub = gb / (ms * 1e-3);
      row.cubMethod = method;
      std::vector<double> got(cubMeans.begin(), cubMeans.end());
      std::string cubDetail;
      row.cubMark = checkMeans(Elem::F32, ref, got, cubDetail);
    } else {
      std::printf("note %s: CUB failed: %s\n", c.id, error);
    }
    char config[128] = "";
    if (readCeiling(dev, input.size(), peerCalls, samples, &ms, config,
                    sizeof(config), error, sizeof(error)) == 0) {
      row.ceiling = gb / (ms * 1e-3);
      row.ceilingConfig = config;
    } else {
      std::printf("note %s: %s\n", c.id, error);
    }
    auto t = torch.find(c.id);
    if (t != torch.end()) {
      row.torch = t->second.first;
      row.torchMark = t->second.second;
    }
    rmeanGpuFree(dev);
    rows.push_back(row);
    std::printf("measured %s: rmean %.1f us/call (%d calls x %d samples)\n",
                c.id, row.rmeanMs * 1e3, calls, samples);
    std::fflush(stdout);
  }

  std::printf("\n| case | shape | axes | rmean us | rmean GB/s | CUB | torch | "
              "ceiling | rmean/ceiling | rmean/CUB | rmean/torch |\n"
              "|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (const Row &r : rows) {
    char us[32];
    std::snprintf(us, sizeof(us), "%.1f", r.rmeanMs * 1e3);
    std::string shape = shapeStr(*r.c) + " " + elemName(r.c->elem);
    std::printf("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
                r.c->id, shape.c_str(), axesStr(*r.c).c_str(), us,
                cell(r.rmean, std::string(1, r.rmeanMark)).c_str(),
                cell(r.cub, std::string(1, r.cubMark)).c_str(),
                cell(r.torch, r.torchMark).c_str(), cell(r.ceiling).c_str(),
                ratio(r.rmean, r.ceiling).c_str(),
                ratio(r.rmean, r.cub, r.cubMark != '!').c_str(),
                ratio(r.rmean, r.torch, r.torchMark != "!").c_str());
  }
  std::printf("\nGB/s of input read, best of %d samples; theoretical peak "
              "%.0f GB/s. `*`: outside docs/ReduceMean.md §4's bound, `!`: "
              "off by more than 1%% (not compared with).\n",
              samples, peak);
  std::printf("rmean: per call, including its stream, result allocation and "
              "synchronisation. CUB: ");
  for (const Row &r : rows)
    std::printf("%s %s; ", r.c->id, r.cubMethod.c_str());
  std::printf("\nceiling: ");
  for (const Row &r : rows)
    std::printf("%s %s; ", r.c->id, r.ceilingConfig.c_str());
  std::printf("\n%s\n", torchFile ? "torch: torch.mean, CUDA events "
                                    "(bench/gpu/torch_bench.py)"
                                  : "torch: not run (no --torch file)");
  if (failures)
    std::printf("gpu_bench: %d case(s) FAILED the check\n", failures);
  return failures ? 1 : 0;
}
