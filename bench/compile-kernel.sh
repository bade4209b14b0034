#!/usr/bin/env bash
# Compiles one benchmark kernel for one rmean variant; run by
# bench/CMakeLists.txt:
#
#   compile-kernel.sh RMEAN_OPT KERNEL.mlir SUFFIX PIPELINE_OPTIONS OUT.o
#
# Appends _SUFFIX to the kernel's function names, so that every variant links
# into one program, then runs scripts/rmean-aot.sh. When rmean-opt rejects
# the variant's pipeline options, OUT.o is an empty object instead (the
# benchmark declares its kernels weak and shows the variant as n/a) and
# OUT.note says why (SUFFIX=REASON, as rmean_bench --variant-note takes it);
# scripts/bench.sh passes it on. Any other failure
# fails the build.
set -euo pipefail
[ $# -eq 5 ] || { echo "usage: $0 RMEAN_OPT KERNEL.mlir SUFFIX OPTIONS OUT.o" >&2; exit 2; }
opt=$1 kernel=$2 suffix=$3 popts=$4 obj=$5
root=$(cd "$(dirname "$0")/.." && pwd)
base=${obj%.o}
src=$base.mlir err=$base.err note=$base.note
mkdir -p "$(dirname "$obj")"
rm -f "$obj" "$note"
sed -E "s/@(case_[a-z0-9_]+)/@\1_$suffix/g" "$kernel" > "$src"
if RMEAN_OPT=$opt "$root/scripts/rmean-aot.sh" ${popts:+-p "$popts"} "$src" "$obj" 2> "$err"; then
  exit 0
fi
if [ -n "$popts" ] && grep -q "no such option\|Pass-Options-Parser\|unknown" "$err"; then
  why=$(grep -m1 -v '^rmean-aot.sh:' "$err" || true)
  echo "compile-kernel.sh: variant $suffix skipped: rmean-opt rejects \"$popts\": $why"
  echo "$suffix=rmean-opt rejects --rmean-cpu-pipeline=\"$popts\": $why" > "$note"
  bindir=${LLVM_BINDIR:-$(llvm-config-22 --bindir)}
  "$bindir/clang" -c -x c /dev/null -o "$obj"
  exit 0
fi
cat "$err" >&2
echo "compile-kernel.sh: FAILED to compile $kernel (variant $suffix)" >&2
exit 1
