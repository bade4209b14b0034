#!/usr/bin/env bash
# rmean-gpu-aot.sh — compile an MLIR module that uses rmean ahead of time into
# a host object file that launches CUDA kernels (their cubin is embedded):
#
#   rmean-opt --rmean-gpu-pipeline[="OPTS"] | mlir-translate --mlir-to-llvmir
#     | clang -O2 -fPIC -c
#
# Usage:
#   scripts/rmean-gpu-aot.sh [-p PIPELINE_OPTIONS] [-f "CLANG FLAGS"]
#                            [-l out.ll] [-v] in.mlir out.o
#
#   -p OPTS   options of --rmean-gpu-pipeline, e.g. -p "chip=sm_90 format=bin"
#             (passed as --rmean-gpu-pipeline="OPTS"; default: the
#             pipeline's, chip=sm_90 format=bin). format=bin and fatbin need
#             ptxas: from toolkit=PREFIX, else $PATH, CUDA_ROOT, CUDA_HOME,
#             /usr/local/cuda.
#   -f FLAGS  code generation flags for clang (default: "-O2 -fPIC"; the host
#             code only sets up launches, so no -march: the object may be
#             linked on another machine)
#   -l FILE   also keep the LLVM IR in FILE
#   -v        print the commands
#
# Environment: RMEAN_OPT (default: build/bin/rmean-opt of this checkout),
# LLVM_BINDIR (default: `llvm-config-22 --bindir`), for mlir-translate and
# clang.
#
# Calling convention. Every function marked `llvm.emit_c_interface` gets a C
# entry point `_mlir_ciface_<name>`, as with scripts/rmean-aot.sh: a function
# returning a tensor takes a pointer to the result descriptor first (the
# callee fills it), then one descriptor pointer per tensor argument. A rank-N
# descriptor is {T *basePtr; T *data; int64_t offset; int64_t sizes[N];
# int64_t strides[N];} (MLIR's StridedMemRefType; rank 0 stops after
# offset):
#
#   extern "C" void _mlir_ciface_f(StridedMemRefType<float, 1> *result,
#                                  StridedMemRefType<float, 2> *input);
#
# Unlike the CPU path, every pointer is GPU memory:
#   - inputs: device buffers (rmeanGpuMalloc + rmeanGpuCopyToDevice), row
#     major: offset 0 and identity strides (the code does not read them);
#     dynamic sizes are read from `sizes`; only read;
#   - the result: a device buffer the callee allocated (also for an
#     identity mean, which copies); copy it out with rmeanGpuCopyToHost and
#     free result.basePtr with rmeanGpuFree, never free();
#   - the call returns when its kernels have finished (it synchronises its
#     own stream), so the result can be read at once.
# The kernels' module is loaded at the first launch, not at program start,
# so a program can test rmeanGpuAvailable() in main and report that there is
# no GPU. Link the object with the runtime library (lib/Runtime/GpuRuntime.cpp,
# header include/rmean/Runtime/GpuRuntime.h; it needs no MLIR and no CUDA
# toolkit: `c++ -Iinclude lib/Runtime/GpuRuntime.cpp ... -ldl -lpthread`).
# Runtime failures (no driver, no device, no kernel image for the GPU) print
# one line to stderr and exit with status 70.
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit "${1:-2}"; }

root=$(cd "$(dirname "$0")/.." && pwd)
popts=""
cflags="-O2 -fPIC"
keep_ll=""
verbose=0
while getopts "p:f:l:vh" opt; do
  case $opt in
    p) popts=$OPTARG ;;
    f) cflags=$OPTARG ;;
    l) keep_ll=$OPTARG ;;
    v) verbose=1 ;;
    h) usage 0 ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || usage
in=$1 out=$2

opt=${RMEAN_OPT:-$root/build/bin/rmean-opt}
[ -x "$opt" ] || { echo "rmean-gpu-aot.sh: $opt not found (run scripts/build.sh or set RMEAN_OPT)" >&2; exit 1; }
bindir=${LLVM_BINDIR:-$(llvm-config-22 --bindir)}
translate=$bindir/mlir-translate
clang=$bindir/clang
[ -x "$translate" ] || { echo "rmean-gpu-aot.sh: $translate not found (mlir-22-tools)" >&2; exit 1; }
[ -x "$clang" ] || { echo "rmean-gpu-aot.sh: $clang not found (clang-22)" >&2; exit 1; }

pipeline="--rmean-gpu-pipeline"
[ -n "$popts" ] && pipeline="--rmean-gpu-pipeline=$popts"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ll=${keep_ll:-$tmp/out.ll}

run() {
  [ "$verbose" -eq 1 ] && echo "+ $*" >&2
  "$@"
}
# Separate steps (not one pipe) so a failure names the step that failed; the
# first step's diagnostics are kept to add a hint when ptxas is the cause.
if ! run "$opt" "$in" "$pipeline" -o "$tmp/out.llvm.mlir" 2> "$tmp/opt.err"; then
  cat "$tmp/opt.err" >&2
  if grep -qi "ptxas\|CUDA path" "$tmp/opt.err"; then
    echo "rmean-gpu-aot.sh: hint: format=bin/fatbin run ptxas; pass -p \"toolkit=/usr/local/cuda\" or put ptxas on PATH, or use format=isa (PTX, compiled by the driver)" >&2
  fi
  echo "rmean-gpu-aot.sh: rmean-opt $pipeline failed on $in" >&2
  exit 1
fi
cat "$tmp/opt.err" >&2
run "$translate" --mlir-to-llvmir "$tmp/out.llvm.mlir" -o "$ll" ||
  { echo "rmean-gpu-aot.sh: mlir-translate failed on $in" >&2; exit 1; }
# shellcheck disable=SC2086
run "$clang" $cflags -Wno-override-module -c -x ir "$ll" -o "$out" ||
  { echo "rmean-gpu-aot.sh: clang failed on $in" >&2; exit 1; }
