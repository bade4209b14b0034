#!/usr/bin/env bash
# rmean-aot.sh — compile an MLIR module that uses rmean ahead of time into a
# native object file:
#
#   rmean-opt --rmean-cpu-pipeline[="OPTS"] | mlir-translate --mlir-to-llvmir
#     | clang -O3 -march=native -c
#
# Usage:
#   scripts/rmean-aot.sh [-p PIPELINE_OPTIONS] [-f "CLANG FLAGS"] [-l out.ll]
#                        [-v] in.mlir out.o
#
#   -p OPTS   options of --rmean-cpu-pipeline, e.g. -p "num-threads=2"
#             (passed as --rmean-cpu-pipeline="OPTS")
#   -P NAME   the pipeline (default rmean-cpu-pipeline; scripts/rmean-gpu-aot.sh
#             passes rmean-gpu-pipeline)
#   -f FLAGS  code generation flags for clang (default: "-O3 -march=native")
#   -l FILE   also keep the LLVM IR in FILE
#   -v        print the commands
#
# Environment: RMEAN_OPT (default: build/bin/rmean-opt of this checkout),
# LLVM_BINDIR (default: `llvm-config-22 --bindir`), for mlir-translate and
# clang.
#
# Every function marked `llvm.emit_c_interface` gets a C entry point
# `_mlir_ciface_<name>`; a function returning a tensor takes the result
# descriptor first, then one descriptor pointer per tensor argument. In C++
# the descriptors are MLIR's StridedMemRefType (include
# mlir/ExecutionEngine/CRunnerUtils.h from `llvm-config-22 --includedir`):
#
#   extern "C" void _mlir_ciface_f(StridedMemRefType<float, 1> *result,
#                                  StridedMemRefType<float, 2> *input);
#
# The result buffer is malloc'ed by the callee: free(result.basePtr).
# Link with -lomp when the module was compiled with threads (num-threads).
# On CPUs without bf16 conversion instructions (AVX2), bf16 code can call
# __truncsfbf2 (LLVM widens bf16 vector selects through f32): link
# compiler-rt's builtins (`clang-22 -rtlib=compiler-rt
# -print-libgcc-file-name` names the archive) or a libgcc from GCC 13 on.
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit "${1:-2}"; }

root=$(cd "$(dirname "$0")/.." && pwd)
popts=""
cflags="-O3 -march=native"
keep_ll=""
verbose=0
pname=rmean-cpu-pipeline
while getopts "p:P:f:l:vh" opt; do
  case $opt in
    p) popts=$OPTARG ;;
    P) pname=$OPTARG ;;
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
[ -x "$opt" ] || { echo "rmean-aot.sh: $opt not found (run scripts/build.sh or set RMEAN_OPT)" >&2; exit 1; }
bindir=${LLVM_BINDIR:-$(llvm-config-22 --bindir)}
translate=$bindir/mlir-translate
clang=$bindir/clang
[ -x "$translate" ] || { echo "rmean-aot.sh: $translate not found (mlir-22-tools)" >&2; exit 1; }
[ -x "$clang" ] || { echo "rmean-aot.sh: $clang not found (clang-22)" >&2; exit 1; }

pipeline="--$pname"
[ -n "$popts" ] && pipeline="--$pname=$popts"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ll=${keep_ll:-$tmp/out.ll}

run() {
  [ "$verbose" -eq 1 ] && echo "+ $*" >&2
  "$@"
}
# Separate steps (not one pipe) so a failure names the step that failed;
# the first step's diagnostics are kept to add a hint when ptxas (the GPU
# pipeline's format=bin/fatbin) is the cause.
if ! run "$opt" "$in" "$pipeline" -o "$tmp/out.llvm.mlir" 2> "$tmp/opt.err"; then
  cat "$tmp/opt.err" >&2
  if grep -qi "ptxas\|CUDA path" "$tmp/opt.err"; then
    echo "rmean-aot.sh: hint: format=bin/fatbin run ptxas; pass -p \"toolkit=/usr/local/cuda\" or put ptxas on PATH, or use format=isa (PTX, compiled by the driver)" >&2
  fi
  echo "rmean-aot.sh: rmean-opt $pipeline failed on $in" >&2
  exit 1
fi
cat "$tmp/opt.err" >&2
run "$translate" --mlir-to-llvmir "$tmp/out.llvm.mlir" -o "$ll" ||
  { echo "rmean-aot.sh: mlir-translate failed on $in" >&2; exit 1; }
# shellcheck disable=SC2086
run "$clang" $cflags -Wno-override-module -c -x ir "$ll" -o "$out" ||
  { echo "rmean-aot.sh: clang failed on $in" >&2; exit 1; }
