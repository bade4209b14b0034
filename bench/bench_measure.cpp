// Timing: every implementation is checked once, then all of one case's are
// timed together, their samples interleaved; one case runs all of them on
// the same buffers.
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

namespace {
// One implementation being timed: batches of calls that last at least ~2 ms
// (so that tiny cases are not timer-bound), the best time of one call over
// its samples, and where that best goes when timing ends.
struct Timed {
  std::function<void()> f;
  std::function<void(double)> done;
  int batch = 1, samples = 0;
  double total = 0, best = 0;
};
} // namespace

// Times `f` once (it was called once before, for its check) to size its
// batches.
static Timed makeTimed(std::function<void()> f,
                       std::function<void(double)> done) {
  Timed t;
  double t0 = now();
  f();
  t.best = std::max(now() - t0, 1e-9);
  t.batch = std::max(1, std::min(100000, int(2e-3 / t.best)));
  t.f = std::move(f);
  t.done = std::move(done);
  return t;
}

// Samples all of a case's implementations in one interleaved run: the next
// batch is always the one of the implementation with the least time sampled
// so far that still wants samples (>= minReps of them over >= minTime
// seconds, at most maxReps). Each implementation gets as many samples as
// when they were timed one after the other, but the machine's drift (on a
// shared machine the same kernel's speed moved by 1.5x between runs minutes
// apart) now falls on all of them alike, so the ratios between them hold
// where the GB/s do not.
static void timeInterleaved(std::vector<Timed> &all, const Opts &o) {
  for (;;) {
    Timed *next = nullptr;
    for (Timed &t : all) {
      bool wants = t.samples < o.maxReps &&
                   (t.samples < o.minReps || t.total < o.minTime);
      if (wants && (!next || t.total < next->total))
        next = &t;
    }
    if (!next)
      break;
    double a = now();
    for (int b = 0; b < next->batch; ++b)
      next->f();
    double d = now() - a;
    next->total += d;
    ++next->samples;
    next->best = std::min(next->best, d / next->batch);
  }
  for (Timed &t : all)
    t.done(t.best);
}

int gFailures = 0;
std::vector<std::string> gNotes;
std::vector<std::pair<std::string, std::string>> gInaccurate;

static void note(const std::string &s) { gNotes.push_back(s); }

// Checks one implementation's result and queues it for timing into `cell`.
// Peers whose results miss the tolerance are timed and marked; rmean's and
// the naive loop's (ours) count as failures.
static void checkAndQueue(const Case &c, const std::string &name, bool ours,
                          void *out, const std::vector<long double> &ref,
                          std::function<void()> f, Cell &cell,
                          std::vector<Timed> &timed) {
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
  cell.kind = k.ok              ? Cell::OK
              : ours            ? Cell::FAILED
              : k.maxRel > 1e-2 ? Cell::WRONG
                                : Cell::INACCURATE;
  double bytes = double(c.inBytes());
  timed.push_back(makeTimed(std::move(f), [&cell, bytes](double best) {
    cell.gbs = bytes / best / 1e9;
  }));
}

Row runCase(const Case &c, const Opts &o) {
  Row row;
  row.c = &c;
  Buffer in = allocBuffer(c.inBytes()), out = allocBuffer(c.outBytes());
  fillInput(c, in.get(), std::hash<std::string>()(c.id));
  std::vector<long double> ref = reference(c, in.get());
  const void *x = in.get();
  void *y = out.get();
  std::vector<Timed> timed;

  RmeanCall call = rmeanCall(c);
  // Sized first: the timed calls write into these cells.
  row.rmean.resize(kVariants.size());
  for (size_t i = 0; i < kVariants.size(); ++i)
    if (KernelFn fn = findKernel(c.kernel, kVariants[i].suffix))
      checkAndQueue(
          c, kVariants[i].label, true, y, ref, [=, &c] { call(fn, c, x, y); },
          row.rmean[i], timed);
  if (!c.staticKernel.empty()) {
    Case sc = c;
    sc.kernel = c.staticKernel;
    sc.runtimeAxes = false;
    if (KernelFn fn = findKernel(sc.kernel, kVariants[0].suffix))
      checkAndQueue(
          c, "rmean (" + sc.kernel + ")", true, y, ref,
          [=] { call(fn, sc, x, y); }, row.staticRef, timed);
  }
  OnednnPeer *peers[2] = {nullptr, nullptr};
  for (int thr : {1, 2}) {
    std::string impl, why;
    OnednnPeer *p = onednnMake(c, thr, x, y, impl, why);
    if (!p) {
      if (thr == 1)
        note("oneDNN n/a on " + c.id + ": " + why);
      continue;
    }
    peers[thr - 1] = p;
    if (thr == 1)
      row.dnnlImpl = impl;
    checkAndQueue(
        c, thr == 1 ? "oneDNN" : "oneDNN-2t", false, y, ref,
        [p] { onednnRun(p); }, thr == 1 ? row.dnnl1 : row.dnnl2, timed);
  }
  std::memset(y, 0, c.outBytes());
  if (eigenMean(c, x, y))
    checkAndQueue(
        c, "Eigen", false, y, ref, [&c, x, y] { eigenMean(c, x, y); },
        row.eigen, timed);
  checkAndQueue(
      c, "naive", true, y, ref, [&c, x, y] { runNaive(c, x, y); }, row.naive,
      timed);

  // The read loops are timed with the rest; the best of them is the ceiling.
  const char *p = static_cast<const char *>(x);
  size_t n = c.inBytes();
  for (const ReadLoop &l : readLoops()) {
    auto keep = [&row, n, name = l.name](bool two, double best) {
      Cell &cell = two ? row.ceil2 : row.ceil1;
      double g = double(n) / best / 1e9;
      if (g > cell.gbs) {
        cell = {Cell::OK, g, ""};
        (two ? row.ceil2Best : row.ceilBest) = name;
      }
    };
    gSink = l.fn(p, n);
    timed.push_back(makeTimed([p, n, fn = l.fn] { gSink = fn(p, n); },
                              [keep](double b) { keep(false, b); }));
    gSink = readTwoThreads(l, p, n);
    timed.push_back(makeTimed([p, n, &l] { gSink = readTwoThreads(l, p, n); },
                              [keep](double b) { keep(true, b); }));
  }

  timeInterleaved(timed, o);
  for (OnednnPeer *peer : peers)
    if (peer)
      onednnFree(peer);
  return row;
}

} // namespace rbench
