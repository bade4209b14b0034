// rmean benchmark: docs/ReduceMean.md §7 cases, one process.
//
// Per case it runs rmean's ahead-of-time compiled kernels (one column per
// variant: compiled with different --rmean-cpu-pipeline options), oneDNN's
// reduction primitive (reduction_mean, 1 and 2 threads), Eigen Tensor
// .mean(), a naive loop, and the streaming-read ceiling; checks every result
// against a compensated double-precision reference, then times them all
// with their samples interleaved; and prints one table of GB/s (input bytes
// / time). numpy's numbers, measured by
// bench/numpy_bench.py in its own process, join the table with --numpy.
// It also measures how long `rmean-opt --rmean-cpu-pipeline` takes per op on
// a generated module with many reduce_means (--rmean-opt PATH).
//
// Built by bench/CMakeLists.txt (-DRMEAN_BUILD_BENCH=ON) and run by
// scripts/bench.sh (see there); `rmean_bench --help`. bench_common.h says
// which file does what.
#include "bench_common.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>

using namespace rbench;

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

  printHeader(o);

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

  printFooter(rows, o);
  if (!o.rmeanOpt.empty())
    compileTime(o);

  if (gFailures)
    std::printf("\n%d correctness failure(s)\n", gFailures);
  else
    std::printf("\nall rmean results within tolerance\n");
  return gFailures ? 1 : 0;
}
