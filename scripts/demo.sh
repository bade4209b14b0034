#!/usr/bin/env bash
# Installs what is missing, builds rmean, then runs the main job on
# examples/: each example is lowered with --rmean-cpu-pipeline and run with
# mlir-runner, printing the means it computes.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh

BUILD_DIR=${BUILD_DIR:-build}
BIN=$(llvm-config-22 --bindir)
LIB=$(llvm-config-22 --libdir)
LIBS="$LIB/libmlir_runner_utils.so,$LIB/libmlir_c_runner_utils.so"
for example in examples/*.mlir; do
  echo "=== $example"
  sed -n 's|^// \{0,1\}||p' "$example" | sed -n '1,/^$/p' | head -n 5
  "$BUILD_DIR/bin/rmean-opt" "$example" --rmean-cpu-pipeline |
    "$BIN/mlir-runner" -e main -entry-point-result=void -shared-libs="$LIBS" |
    grep -v '^Unranked Memref'
done
