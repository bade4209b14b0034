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

# The GPU path on the same row means: the CUDA kernels it compiles (PTX,
# checked by ptxas when the toolkit is installed), then the same kernels
# executed on host threads (emulate=true), which must print the same means.
example=examples/row_mean.mlir
echo "=== $example through --rmean-gpu-pipeline"
"$BUILD_DIR/bin/rmean-opt" "$example" --rmean-gpu-pipeline="format=isa" \
  -o "$BUILD_DIR/row_mean.gpu.mlir"
echo "kernel modules: $(grep -c 'gpu.binary @' "$BUILD_DIR/row_mean.gpu.mlir")"
ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
if [ -x "$ptxas" ]; then
  n=$(python3 scripts/extract-ptx.py "$BUILD_DIR/row_mean.gpu.mlir" \
    "$BUILD_DIR/row_mean")
  for f in "$BUILD_DIR"/row_mean.*.ptx; do
    "$ptxas" -arch=sm_90 "$f" -o /dev/null
  done
  echo "ptxas -arch=sm_90 accepted $n PTX modules"
fi
echo "--- the kernels emulated on the CPU:"
"$BUILD_DIR/bin/rmean-opt" "$example" --rmean-gpu-pipeline="emulate=true block-size=64" |
  KMP_BLOCKTIME=0 "$BIN/mlir-runner" -e main -entry-point-result=void \
    -shared-libs="$LIBS,$LIB/libomp.so" |
  grep -v '^Unranked Memref'
