#!/usr/bin/env bash
# Installs what is missing (Debian 12 packages), then configures and builds
# rmean into build/ (tools in build/bin/). Safe to run again: each step is
# skipped when already done. Environment: BUILD_DIR (default build),
# BUILD_TYPE (Release), JOBS (2), TARGETS (all), CMAKE_EXTRA (more cmake
# arguments for a new build directory, e.g. -DRMEAN_SANITIZE=ON).
set -euo pipefail
cd "$(dirname "$0")/.."

PKGS=(libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools clang-22
      libclang-rt-22-dev lld-22 libomp-22-dev cmake ninja-build ccache
      python3 zlib1g-dev libzstd-dev libedit-dev libcurl4-openssl-dev valgrind
      libgtest-dev)

bash scripts/install-packages.sh "${PKGS[@]}"

PREFIX=$(llvm-config-22 --prefix)
BUILD_DIR=${BUILD_DIR:-build}
JOBS=${JOBS:-2}
LAUNCHER=()
command -v ccache >/dev/null && LAUNCHER=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)

if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" \
    -DCMAKE_BUILD_TYPE=${BUILD_TYPE:-Release} \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld \
    -DMLIR_DIR="$PREFIX/lib/cmake/mlir" \
    -DLLVM_DIR="$PREFIX/lib/cmake/llvm" \
    -DLLVM_EXTERNAL_LIT="$PREFIX/bin/lit" \
    "${LAUNCHER[@]}" ${CMAKE_EXTRA:-}
fi
ninja -C "$BUILD_DIR" -j "$JOBS" ${TARGETS:-all}
