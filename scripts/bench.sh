#!/usr/bin/env bash
# Builds and runs the rmean benchmark (docs/ReduceMean.md §7 cases against
# oneDNN, Eigen, numpy, a naive loop and the streaming-read ceiling; plus
# compile time).
#
#   scripts/bench.sh            full mode: the measurement (a few minutes)
#   scripts/bench.sh --quick    quick mode for CI: checks every implementation
#                               runs and rmean's results are right; its
#                               numbers are not measurements
#   scripts/bench.sh [--quick] [rmean_bench options...]   e.g. --cases A,B
#
# Installs what is missing (Debian 12 packages), configures build/ with
# -DRMEAN_BUILD_BENCH=ON (through scripts/build.sh when build/ is not
# configured yet), builds the rmean_bench target (bench/CMakeLists.txt:
# bench/kernels/*.mlir compiled ahead of time once per rmean variant, then
# the program, clang++ -O3 -march=native), runs bench/numpy_bench.py, then the
# benchmark. The output is also saved in build/bench/last-run.txt.
# Exit status: non-zero when the build fails (a kernel that does not compile,
# except for a variant whose pipeline options rmean-opt rejects: that one is
# shown as n/a), or any rmean result misses its tolerance.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)

quick=()
args=()
for a in "$@"; do
  case $a in
    --quick) quick=(--quick) ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    *) args+=("$a") ;;
  esac
done

PKGS=(clang-22 mlir-22-tools llvm-22-tools libomp-22-dev libdnnl-dev
      libeigen3-dev python3-numpy)
bash scripts/install-packages.sh "${PKGS[@]}"

# ---- build ------------------------------------------------------------------
# scripts/build.sh configures build/ (and installs the build's packages) when
# it is not configured yet; the bench option is set here either way, since
# build.sh only configures once.
BUILD=build
if [ ! -f "$BUILD/build.ninja" ]; then
  echo "bench.sh: $BUILD/ not configured, running scripts/build.sh"
  BUILD_DIR=$BUILD TARGETS=rmean-opt bash scripts/build.sh
fi
if ! grep -q '^RMEAN_BUILD_BENCH:BOOL=ON$' "$BUILD/CMakeCache.txt"; then
  cmake -DRMEAN_BUILD_BENCH=ON "$BUILD"
fi
ninja -C "$BUILD" -j "${JOBS:-2}" rmean_bench

OUT=$BUILD/bench
OPT=$(pwd)/$BUILD/bin/rmean-opt
# A variant whose pipeline options rmean-opt rejects was linked as empty
# objects; bench/compile-kernel.sh left SUFFIX=REASON next to each, one note
# per variant is enough.
notes=()
declare -A noted=()
for f in "$OUT"/kernels/*.note; do
  [ -f "$f" ] || continue
  note=$(cat "$f")
  [ -n "${noted[${note%%=*}]:-}" ] && continue
  noted[${note%%=*}]=1
  notes+=(--variant-note "$note")
done

# ---- numpy ------------------------------------------------------------------
numpy=()
if /usr/bin/python3 -c "import numpy" 2>/dev/null; then
  echo "bench.sh: numpy" >&2
  /usr/bin/python3 bench/numpy_bench.py "${quick[@]}" --tsv "$OUT/numpy.tsv" \
    ${args[@]+"${args[@]}"} > "$OUT/numpy.txt" 2>&1 || { cat "$OUT/numpy.txt"; exit 1; }
  numpy=(--numpy "$OUT/numpy.tsv")
else
  echo "bench.sh: /usr/bin/python3 has no numpy: numpy column skipped" >&2
fi

# ---- run --------------------------------------------------------------------
# Passive OpenMP waiting: oneDNN's (libgomp) and rmean's (libomp) worker
# threads must not spin on the 2 cores while the other side is measured.
export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive}
label="rmean $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet 2>/dev/null || echo '+dirty'), $(date -u +%Y-%m-%dT%H:%MZ)"
set +e
{
  "$OUT/rmean_bench" "${quick[@]}" "${numpy[@]}" --rmean-opt "$OPT" --work-dir "$OUT" \
    --label "$label" ${notes[@]+"${notes[@]}"} ${args[@]+"${args[@]}"}
  rc=$?
  if [ "${#numpy[@]}" -gt 0 ]; then echo; cat "$OUT/numpy.txt"; fi
  echo
  echo "bench.sh: $( [ ${#quick[@]} -gt 0 ] && echo quick || echo full ) mode took $(( $(date +%s) - start )) s"
  exit $rc
} 2>&1 | tee "$OUT/last-run.txt"
rc=${PIPESTATUS[0]}
exit "$rc"
