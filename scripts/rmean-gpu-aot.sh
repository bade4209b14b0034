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
#             ptxas, and every format libdevice: from toolkit=PREFIX (a CUDA
#             prefix with bin/ptxas and nvvm/libdevice), else
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

# The steps are rmean-aot.sh's, with the GPU pipeline and host-only code
# generation flags (a later -f of the caller wins).
case "${1:-}" in -h) sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;; esac
exec bash "$(dirname "$0")/rmean-aot.sh" -P rmean-gpu-pipeline -f "-O2 -fPIC" "$@"
