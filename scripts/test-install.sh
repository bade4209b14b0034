#!/usr/bin/env bash
# Installs the build into a fresh temporary prefix (`cmake --install`),
# builds the consumer project of test/Consumer against it with
# find_package(Rmean CONFIG), runs the consumer (a minimal embedding host)
# on test/Embedding/minimal-host.mlir with the CPU pipeline composed in
# --pass-pipeline, executes the result with mlir-runner and checks it with
# that file's CHECK lines; runs the pass-manager example of
# test/Embedding/rmean-pm-example.cpp on pm-example.mlir; runs the C API test built against the installed
# Rmean::CAPI (test/CAPI/capi.test's CHECK lines); runs the installed
# rmean-opt. Exit status 0
# when all of it works. Used by scripts/test.sh; needs a finished build.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
BIN=$(llvm-config-22 --bindir)
LIB=$(llvm-config-22 --libdir)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$BUILD_DIR" --prefix "$work/prefix" > "$work/install.log"
cmake -G Ninja -S test/Consumer -B "$work/build" \
  -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld > "$work/configure.log" 2>&1 ||
  { cat "$work/configure.log"; exit 1; }
ninja -C "$work/build" > "$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }

input=test/Embedding/minimal-host.mlir
"$work/build/rmean-consumer" "$input" \
    --pass-pipeline="builtin.module(canonicalize, rmean-cpu-pipeline{num-threads=2})" |
  "$BIN/mlir-runner" -e main -entry-point-result=void \
    -shared-libs="$LIB/libmlir_runner_utils.so,$LIB/libmlir_c_runner_utils.so,$LIB/libomp.so" |
  "$BIN/FileCheck" "$input"
# rmean's pipeline in the host's own pass manager (the README's C++ example).
pm_input=test/Embedding/pm-example.mlir
"$work/build/rmean-consumer-pm" "$pm_input" 2 |
  "$BIN/mlir-runner" -e main -entry-point-result=void \
    -shared-libs="$LIB/libmlir_runner_utils.so,$LIB/libmlir_c_runner_utils.so,$LIB/libomp.so" |
  "$BIN/FileCheck" "$pm_input"
# The C API against the installed Rmean::CAPI.
"$work/build/rmean-consumer-capi" | "$BIN/FileCheck" test/CAPI/capi.test
# The installed driver runs from the prefix alone.
"$work/prefix/bin/rmean-opt" "$input" --rmean-cpu-pipeline > /dev/null
echo "test-install.sh: install tree, consumer projects (C++ and C API) and installed rmean-opt work"
