// Timing: every implementation is checked once, then timed; one case runs
// all of them on the same buffers.
#include "bench_common.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace rbench {

// Keeps the read loops' sums alive.
static volatile uint64_t gSink;

double now() {
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

int gFailures = 0;
std::vector<std::string> gNotes;
std::vector<std::pair<std::string, std::string>> gInaccurate;

static void note(const std::string &s) { gNotes.push_back(s); }

// Check once, then time. Peers whose results miss the tolerance are timed
// and marked; rmean's and the naive loop's (ours) count as failures.
static Cell measure(const Case &c, const std::string &name, bool ours,
                    void *out, const std::vector<long double> &ref,
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

Row runCase(const Case &c, const Opts &o) {
  Row row;
  row.c = &c;
  Buffer in = allocBuffer(c.inBytes()), out = allocBuffer(c.outBytes());
  fillInput(c, in.get(), std::hash<std::string>()(c.id));
  std::vector<long double> ref = reference(c, in.get());
  const void *x = in.get();
  void *y = out.get();

  RmeanCall call = rmeanCall(c);
  for (const VariantInfo &v : kVariants) {
    KernelFn fn = findKernel(c.kernel, v.suffix);
    if (!fn) {
      row.rmean.push_back(Cell{});
      continue;
    }
    row.rmean.push_back(
        measure(c, v.label, true, y, ref, [&] { call(fn, c, x, y); }, o));
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
      row.eigen =
          measure(c, "Eigen", false, y, ref, [&] { eigenMean(c, x, y); }, o);
  }
  row.naive = measure(c, "naive", true, y, ref, [&] { runNaive(c, x, y); }, o);

  const char *p = static_cast<const char *>(x);
  size_t n = c.inBytes();
  for (const ReadLoop &l : readLoops()) {
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

} // namespace rbench
