#!/usr/bin/env bash
# Builds and runs the rmean benchmark (SPEC §7 cases against oneDNN, Eigen,
# numpy, a naive loop and the streaming-read ceiling; plus compile time).
#
#   scripts/bench.sh            full mode: the measurement (a few minutes)
#   scripts/bench.sh --quick    quick mode for CI: checks every implementation
#                               runs and rmean's results are right; its
#                               numbers are not measurements
#   scripts/bench.sh [--quick] [rmean_bench options...]   e.g. --cases A,B
#
# Installs what is missing (Debian 12 packages), needs build/bin/rmean-opt
# (runs scripts/build.sh when it is missing; RMEAN_OPT=path overrides),
# compiles bench/kernels/*.mlir ahead of time with scripts/rmean-aot.sh into
# build/bench/ (one object per kernel and rmean variant, rebuilt when the
# kernel, rmean-opt or the options change), builds build/bench/rmean_bench
# with clang++-22 -O3 -march=native, runs bench/numpy_bench.py, then the
# benchmark. The output is also saved in build/bench/last-run.txt.
# Exit status: non-zero when a kernel fails to compile with the default
# pipeline, or any rmean result misses its tolerance.
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

# rmean variants: SUFFIX:PIPELINE_OPTIONS. Each kernel is compiled once per
# variant into _mlir_ciface_<kernel>_<SUFFIX>; rmean_bench.cpp's
# RMEAN_VARIANTS lists the same suffixes. A variant whose options rmean-opt
# rejects is skipped and shown as n/a.
VARIANTS=("t1:" "t2:num-threads=2")

PKGS=(clang-22 mlir-22-tools llvm-22-tools libomp-22-dev libdnnl-dev
      libeigen3-dev python3-numpy)
bash scripts/install-packages.sh "${PKGS[@]}"

OPT=${RMEAN_OPT:-build/bin/rmean-opt}
if [ ! -x "$OPT" ]; then
  [ -n "${RMEAN_OPT:-}" ] && { echo "bench.sh: RMEAN_OPT=$OPT is not executable" >&2; exit 1; }
  echo "bench.sh: $OPT missing, running scripts/build.sh"
  scripts/build.sh
fi
OPT=$(cd "$(dirname "$OPT")" && pwd)/$(basename "$OPT")
export RMEAN_OPT=$OPT

OUT=build/bench
mkdir -p "$OUT/obj" "$OUT/mlir"
LLVM_LIBDIR=$(llvm-config-22 --libdir)
CXX=clang++-22
CXXFLAGS=(-std=c++17 -O3 -march=native -DNDEBUG -isystem /usr/include/eigen3 -Wall -Wno-unused-function)

# ---- AOT: kernels x variants ------------------------------------------------
kernel_objs=()
notes=()
compile_failed=0
for v in "${VARIANTS[@]}"; do
  suffix=${v%%:*} popts=${v#*:}
  stamp="$OUT/obj/variant_$suffix.opts"
  [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$popts" ] || { echo "$popts" > "$stamp"; }
  for k in bench/kernels/*.mlir; do
    name=$(basename "$k" .mlir)
    src="$OUT/mlir/${name}_$suffix.mlir" obj="$OUT/obj/${name}_$suffix.o"
    if [ -f "$obj" ] && [ "$obj" -nt "$k" ] && [ "$obj" -nt "$OPT" ] &&
       [ "$obj" -nt "$stamp" ] && [ "$obj" -nt scripts/rmean-aot.sh ]; then
      kernel_objs+=("$obj"); continue
    fi
    rm -f "$obj"
    # Give every function a variant suffix so all variants link together.
    sed -E "s/@(case_[a-z0-9_]+)/@\1_$suffix/g" "$k" > "$src"
    echo "bench.sh: rmean-aot.sh${popts:+ -p \"$popts\"} $src"
    if scripts/rmean-aot.sh ${popts:+-p "$popts"} "$src" "$obj" 2> "$OUT/aot.err"; then
      kernel_objs+=("$obj")
    elif [ -n "$popts" ] && grep -q "no such option\|Pass-Options-Parser\|unknown" "$OUT/aot.err"; then
      why=$(grep -m1 -v '^rmean-aot.sh:' "$OUT/aot.err" || true)
      echo "bench.sh: variant $suffix skipped: rmean-opt rejects \"$popts\": $why"
      notes+=(--variant-note "$suffix=rmean-opt rejects --rmean-cpu-pipeline=\"$popts\": $why")
      break
    else
      cat "$OUT/aot.err" >&2
      echo "bench.sh: FAILED to compile $k (variant $suffix)" >&2
      compile_failed=1
    fi
  done
done

# ---- the benchmark program ----------------------------------------------------
objs=()
for s in rmean_bench peer_onednn peer_eigen; do
  o="$OUT/$s.o"
  if [ ! -f "$o" ] || [ bench/$s.cpp -nt "$o" ] || [ bench/bench_common.h -nt "$o" ] ||
     [ scripts/bench.sh -nt "$o" ]; then
    echo "bench.sh: $CXX -c bench/$s.cpp"
    $CXX "${CXXFLAGS[@]}" -c "bench/$s.cpp" -o "$o"
  fi
  objs+=("$o")
done
libs=(-ldnnl -pthread)
# Kernels compiled with threads call the OpenMP runtime: link LLVM's libomp.
if [ "${#kernel_objs[@]}" -gt 0 ] &&
   nm -u "${kernel_objs[@]}" 2>/dev/null | grep -E '__kmpc_|omp_|GOMP_' > /dev/null; then
  libs+=(-L"$LLVM_LIBDIR" -lomp -Wl,-rpath,"$LLVM_LIBDIR")
fi
$CXX "${objs[@]}" "${kernel_objs[@]}" "${libs[@]}" -o "$OUT/rmean_bench"

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
set -e
[ "$compile_failed" -eq 0 ] || { echo "bench.sh: some kernels failed to compile" >&2; exit 1; }
exit "$rc"
