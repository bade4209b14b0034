#!/usr/bin/env bash
# gpu-check.sh — rmean's GPU checks and benchmark, in two halves, for a GPU
# machine that has CUDA (nvcc, driver), a C++ compiler and python3 with torch
# but no LLVM/MLIR:
#
#   scripts/gpu-check.sh --prepare   # here, with the LLVM/MLIR build
#   scripts/gpu-check.sh [options]   # there, in a copy of the working tree
#
# --prepare compiles everything that needs MLIR into build/gpu-kit/ (a few
# MiB; carry it with the working tree): with scripts/rmean-gpu-aot.sh, the
# kernels of test/Integration/GPU/Inputs/gpu-kernels.mlir and the benchmark
# kernels (bench/kernels/*.mlir, bench/gpu/kernels/*.mlir) become host
# objects with embedded cubins, and manifest.txt records the commit, the
# rmean-opt and the sources they came from. Only objects travel: the
# drivers are compiled there, against that machine's C library.
#
# The default mode builds, in build/gpu-run/, the execution driver
# (test/Integration/GPU/Inputs/gpu-driver.cpp) and the runtime library
# (lib/Runtime/GpuRuntime.cpp) with the host compiler, the benchmark
# (bench/gpu/gpu_bench.cpp) and its CUB and read-ceiling peers
# (bench/gpu/*.cu) with nvcc, then runs the execution checks (every case
# must PASS), torch.mean (bench/gpu/torch_bench.py) and the benchmark, and
# prints the table. A few minutes in all. Without a usable GPU it still
# builds everything, then prints `gpu-check.sh: no GPU: <reason>` and exits 0.
#
# Options of the default mode:
#   --quick         short benchmark samples (every implementation still runs
#                   and is checked)
#   --no-bench      only the execution checks
#   --cases A,B     benchmark cases (IDs of gpu_bench --list)
#   --out DIR       also copy the logs to DIR
#   --allow-stale   run even if the kit's sources differ from the tree's
#
# Options of --prepare:
#   -p OPTS         --rmean-gpu-pipeline options (default: its own,
#                   chip=sm_90 format=bin; GPU_KIT_PIPELINE too)
#
# Environment: CXX (host compiler; default c++, g++ or clang++), NVCC
# (default nvcc on PATH or /usr/local/cuda/bin/nvcc), CUDA_ARCH (nvcc's
# -arch; default from nvidia-smi, else sm_90), PYTHON (default python3);
# for --prepare RMEAN_OPT and LLVM_BINDIR as for scripts/rmean-gpu-aot.sh.
# Exit status: 0 when every check passed (or there is no GPU), 1 when a
# check failed, 2 on bad usage or a missing tool.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
kit=$root/build/gpu-kit
run=$root/build/gpu-run
usage() { sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit "${1:-2}"; }
die() { echo "gpu-check.sh: $*" >&2; exit 2; }
# The sources the kit's objects are compiled from, relative to $root.
kit_sources() {
  echo test/Integration/GPU/Inputs/gpu-kernels.mlir
  (cd "$root" && ls bench/kernels/case_*.mlir bench/gpu/kernels/case_*.mlir)
}

prepare() {
  local popts=${GPU_KIT_PIPELINE:-}
  while [ $# -gt 0 ]; do
    case $1 in
      -p) popts=$2; shift 2 ;;
      -h|--help) usage 0 ;;
      *) usage ;;
    esac
  done
  local opt=${RMEAN_OPT:-$root/build/bin/rmean-opt}
  [ -x "$opt" ] || die "--prepare needs rmean-opt ($opt; run scripts/build.sh or set RMEAN_OPT)"
  local start=$SECONDS
  rm -rf "$kit"
  mkdir -p "$kit/bench"
  local aot=("$root/scripts/rmean-gpu-aot.sh")
  [ -n "$popts" ] && aot+=(-p "$popts")
  echo "gpu-check.sh: compiling the execution kernels"
  RMEAN_OPT=$opt "${aot[@]}" "$root/test/Integration/GPU/Inputs/gpu-kernels.mlir" "$kit/gpu-kernels.o"
  local f pids=()
  for f in "$root"/bench/kernels/case_*.mlir "$root"/bench/gpu/kernels/case_*.mlir; do
    RMEAN_OPT=$opt "${aot[@]}" "$f" "$kit/bench/$(basename "${f%.mlir}").o" &
    pids+=($!)
    # Two at a time: ptxas and rmean-opt are single-threaded.
    if [ ${#pids[@]} -ge 2 ]; then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
  done
  for f in "${pids[@]}"; do wait "$f"; done
  echo "gpu-check.sh: compiled the benchmark kernels"
  {
    echo "rmean gpu-kit (scripts/gpu-check.sh --prepare)"
    echo "created: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "commit: $(cd "$root" && git rev-parse --short HEAD 2>/dev/null || echo unknown)$(cd "$root" && [ -n "$(git status --porcelain 2>/dev/null)" ] && echo ' (with uncommitted changes)')"
    echo "rmean-opt: $(sha256sum "$opt" | cut -c1-16)"
    echo "pipeline: --rmean-gpu-pipeline${popts:+=$popts}"
    echo "sources:"
    (cd "$root" && kit_sources | xargs sha256sum)
  } > "$kit/manifest.txt"
  echo "gpu-check.sh: kit ready in $((SECONDS - start)) s: $(du -sh "$kit" | cut -f1) in build/gpu-kit ($(find "$kit" -name '*.o' | wc -l) objects)"
}

# Fails unless the kit was built from the tree's current kernel sources.
check_kit() {
  [ -f "$kit/manifest.txt" ] ||
    die "no build/gpu-kit/manifest.txt: run scripts/gpu-check.sh --prepare where LLVM/MLIR are, and carry build/gpu-kit"
  local stale
  stale=$(cd "$root" && sed -n '/^sources:/,$p' "$kit/manifest.txt" | tail -n +2 | sha256sum --check --quiet 2>/dev/null | sed -n 's/: FAILED.*//p' || true)
  if [ -n "$stale" ]; then
    [ "$allow_stale" -eq 1 ] || die "build/gpu-kit is stale (changed since --prepare: $(echo $stale)); run --prepare again, or pass --allow-stale"
    echo "gpu-check.sh: warning: build/gpu-kit is stale: $(echo $stale)"
  fi
}

find_tools() {
  if [ -z "${CXX:-}" ]; then
    for c in c++ g++ clang++; do
      if command -v "$c" >/dev/null; then CXX=$c; break; fi
    done
  fi
  [ -n "${CXX:-}" ] || die "no C++ compiler (set CXX)"
  NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
  [ -x "$NVCC" ] || NVCC=""
  if [ -z "${CUDA_ARCH:-}" ]; then
    local cap
    cap=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d ' .' || true)
    CUDA_ARCH=sm_${cap:-90}
  fi
  PYTHON=${PYTHON:-python3}
}

run_mode() {
  local quick="" bench=1 cases="" out=""
  allow_stale=0
  while [ $# -gt 0 ]; do
    case $1 in
      --quick) quick=--quick; shift ;;
      --no-bench) bench=0; shift ;;
      --cases) cases=$2; shift 2 ;;
      --out) out=$2; shift 2 ;;
      --allow-stale) allow_stale=1; shift ;;
      -h|--help) usage 0 ;;
      *) usage ;;
    esac
  done
  local start=$SECONDS
  check_kit
  find_tools
  mkdir -p "$run"
  echo "gpu-check.sh: kit: $(sed -n 's/^commit: //p' "$kit/manifest.txt"), $(sed -n 's/^pipeline: //p' "$kit/manifest.txt")"
  echo "gpu-check.sh: building with $CXX${NVCC:+ and $NVCC -arch=$CUDA_ARCH}"
  local cxxflags=(-O2 -std=c++17 -I"$root/include" -I"$root/bench/gpu")
  "$CXX" "${cxxflags[@]}" -c "$root/lib/Runtime/GpuRuntime.cpp" -o "$run/GpuRuntime.o" &
  local p1=$!
  "$CXX" "${cxxflags[@]}" -c "$root/test/Integration/GPU/Inputs/gpu-driver.cpp" -o "$run/gpu-driver.o" &
  local p2=$!
  local p3="" p4="" p5=""
  if [ -n "$NVCC" ]; then
    "$CXX" "${cxxflags[@]}" -c "$root/bench/gpu/gpu_bench.cpp" -o "$run/gpu_bench.o" & p3=$!
    "$NVCC" -O3 -std=c++17 -arch="$CUDA_ARCH" -ccbin "$CXX" -I"$root/bench/gpu" -c "$root/bench/gpu/peer_cub.cu" -o "$run/peer_cub.o" & p4=$!
    "$NVCC" -O3 -std=c++17 -arch="$CUDA_ARCH" -ccbin "$CXX" -I"$root/bench/gpu" -c "$root/bench/gpu/read_ceiling.cu" -o "$run/read_ceiling.o" & p5=$!
  fi
  local p
  for p in $p1 $p2 $p3 $p4 $p5; do wait "$p" || die "a compile step failed (above)"; done
  "$CXX" "$run/gpu-driver.o" "$run/GpuRuntime.o" "$kit/gpu-kernels.o" -o "$run/gpu-driver" -ldl -lpthread ||
    die "linking the execution driver failed"
  if [ -n "$NVCC" ]; then
    "$NVCC" -arch="$CUDA_ARCH" -ccbin "$CXX" "$run/gpu_bench.o" "$run/peer_cub.o" "$run/read_ceiling.o" \
      "$run/GpuRuntime.o" "$kit"/bench/*.o -o "$run/gpu_bench" -ldl -lpthread ||
      die "linking the benchmark failed"
  else
    echo "gpu-check.sh: no nvcc: the benchmark is not built"
    bench=0
  fi
  echo "gpu-check.sh: built in $((SECONDS - start)) s"

  local status=0
  set +e
  "$run/gpu-driver" -v > "$run/execution.txt" 2>&1
  local driver_status=$?
  set -e
  if grep -q '^UNSUPPORTED: ' "$run/execution.txt"; then
    echo "gpu-check.sh: no GPU: $(sed -n 's/^UNSUPPORTED: //p' "$run/execution.txt")"
    [ -n "$out" ] && mkdir -p "$out" && cp "$run/execution.txt" "$out/"
    return 0
  fi
  grep -v '^  ' "$run/execution.txt" || true
  if [ $driver_status -ne 0 ]; then
    echo "gpu-check.sh: execution checks FAILED (status $driver_status; details with -v in build/gpu-run/execution.txt)"
    status=1
  else
    echo "gpu-check.sh: execution checks passed"
  fi

  if [ $bench -eq 1 ]; then
    local sel=()
    [ -n "$cases" ] && sel=(--cases "$cases")
    "$run/gpu_bench" --list ${sel[@]+"${sel[@]}"} > "$run/cases.txt"
    echo "gpu-check.sh: torch.mean ($PYTHON bench/gpu/torch_bench.py)"
    "$PYTHON" "$root/bench/gpu/torch_bench.py" "$run/cases.txt" $quick > "$run/torch.txt" ||
      echo "gpu-check.sh: torch_bench.py failed; torch column n/a"
    echo "gpu-check.sh: benchmark"
    set +e
    "$run/gpu_bench" $quick --torch "$run/torch.txt" ${sel[@]+"${sel[@]}"} 2>&1 | tee "$run/bench.txt"
    local bench_status=${PIPESTATUS[0]}
    set -e
    if [ "$bench_status" -ne 0 ]; then
      echo "gpu-check.sh: benchmark FAILED (status $bench_status)"
      status=1
    fi
  fi
  if [ -n "$out" ]; then
    mkdir -p "$out"
    cp "$run"/*.txt "$out/"
  fi
  echo "gpu-check.sh: done in $((SECONDS - start)) s, $([ $status -eq 0 ] && echo 'all checks passed' || echo 'FAILED')"
  return $status
}

if [ "${1:-}" = "--prepare" ]; then
  shift
  prepare "$@"
else
  run_mode "$@"
fi
