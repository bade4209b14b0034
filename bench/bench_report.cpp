// What the benchmark prints: the run's header, the table of GB/s (with
// numpy's numbers read from bench/numpy_bench.py's file) and the notes after
// it.
#include "bench_common.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

namespace rbench {

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

void printHeader(const Opts &o) {
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
                      : "samples of >= 2 ms batches over >= 0.5 s, at least 5, "
                        "interleaved across the case's implementations");
  std::fflush(stdout);
}

// Fields: id, GB/s, ok|inaccurate|wrong|n/a.
std::map<std::string, Cell> readNumpy(const std::string &file) {
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

void printTable(const std::vector<Row> &rows, bool haveNumpy) {
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
                          : vs == "rmean"   ? r.rmean[0]
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

void printFooter(const std::vector<Row> &rows, const Opts &o) {
  std::printf(
      "\nrmean/ceil: rmean (1 thread) over the ceiling; rmean/peer: over the "
      "fastest "
      "single-thread peer (oneDNN, Eigen, naive%s) whose result is usable.\n",
      o.numpyFile.empty() ? "" : ", numpy");
  std::printf(
      "ceiling: best of the plain vector read loops over the same bytes, 1 "
      "thread "
      "(ceil-2t: 2 threads).\n"
      "n/a: not available; *: result outside the docs/ReduceMean.md §4 "
      "tolerance (f32: relative 2^-20; f64: 2^-44; f16/bf16: 1 ulp; "
      "integers: exact), still "
      "counted as a peer; !: result off by more than 1%%, not counted; FAIL: "
      "an rmean result outside the tolerance.\n");
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
  bool anyStatic = false;
  for (const Row &r : rows)
    anyStatic |= !r.c->staticKernel.empty();
  if (anyStatic) {
    std::printf("rmean/static (the default kernel over the static-shape one, "
                "run on the same input and timed with the case):");
    for (const Row &r : rows)
      if (!r.c->staticKernel.empty())
        std::printf(" %s=%s (%s %s GB/s)", r.c->id.c_str(),
                    ratio(r.rmean[0], r.staticRef).c_str(),
                    r.c->staticKernel.c_str(), fmtCell(r.staticRef).c_str());
    std::printf("\n");
  }
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
}

} // namespace rbench
