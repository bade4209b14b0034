# -*- Python -*-
# lit configuration of the rmean test suite.

import os
import subprocess
import shutil
import sys

import lit.formats
import lit.util
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "RMEAN"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.rmean_obj_root, "test")
# Inputs/ hold the kernels and drivers that tests compile, not tests.
config.excludes = ["CMakeLists.txt", "Inputs", "README.txt", "lit.cfg.py", "lit.site.cfg.py"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%shlibext", config.llvm_shlib_ext))
config.substitutions.append(("%llvm_lib_dir", config.llvm_lib_dir))
# For C++ drivers of AOT-compiled kernels: mlir/ExecutionEngine/CRunnerUtils.h.
config.substitutions.append(("%mlir_include_dir", config.mlir_include_dir))
config.substitutions.append(("%rmean_src_root", config.rmean_src_root))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

tool_dirs = [config.rmean_tools_dir, config.llvm_tools_dir]
# `clang` also stands for `clang++`: the substitution keeps the "++".
tools = ["rmean-opt", "rmean-minimal-host", "rmean-pm-example", "rmean-capi-test", "mlir-translate", "clang"]
llvm_config.add_tool_substitutions(
    [ToolSubst(t, unresolved="ignore") for t in tools], tool_dirs
)

# A sanitizer build (RMEAN_SANITIZE=ON, scripts/test.sh --sanitize): a
# UBSan report fails even a `not rmean-opt` line (abort, not exit 1), and
# execution tests run as AddressSanitizer programs instead of in
# mlir-runner, so that generated code is checked for out-of-bounds accesses
# and leaks (scripts/asan-runner.py).
# The differential tester's case count: the regular suite runs 520 cases;
# the sanitizer suite, where each case costs about ten times as much, 200
# (the same seed, so the first 200 cases of the regular run).
difftest_cases = 520
if getattr(config, "rmean_sanitize", False):
    config.available_features.add("sanitize")
    difftest_cases = 200
    config.environment["UBSAN_OPTIONS"] = "halt_on_error=1:abort_on_error=1:print_stacktrace=1"
    # allow_user_poisoning=0: LLVM headers compiled with ASan poison the
    # unused part of each BumpPtrAllocator slab inline, and the
    # uninstrumented libMLIR then allocates from that slab without
    # unpoisoning it; ASan's memcpy interceptor reports those accesses
    # (false use-after-poison) unless manual poisoning is off.
    config.environment["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=1:allow_user_poisoning=0"
    config.environment["RMEAN_LLVM_BINDIR"] = config.llvm_tools_dir
    config.substitutions.append(
        (r"(?<![-\w])mlir-runner(?![-\w])",
         os.path.join(config.rmean_src_root, "scripts", "asan-runner.py"))
    )
else:
    llvm_config.add_tool_substitutions(
        [ToolSubst("mlir-runner", unresolved="ignore")], tool_dirs
    )
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.rmean_tools_dir, append_path=True)

# mlir-runner and its runtime libraries: execution tests need all three.
runner = shutil.which("mlir-runner", path=config.llvm_tools_dir)
runtime_libs = [
    os.path.join(config.llvm_lib_dir, "libmlir_runner_utils" + config.llvm_shlib_ext),
    os.path.join(config.llvm_lib_dir, "libmlir_c_runner_utils" + config.llvm_shlib_ext),
]
if runner and all(os.path.exists(p) for p in runtime_libs):
    config.available_features.add("mlir-runner")
if shutil.which("valgrind"):
    config.available_features.add("valgrind")
config.substitutions.append(
    ("%rmean_aot", os.path.join(config.rmean_src_root, "scripts", "rmean-aot.sh"))
)
config.substitutions.append(
    ("%rmean_opt_path", os.path.join(config.rmean_tools_dir, "rmean-opt"))
)

# MPICH (Debian's mpich + libmpich-dev) for the sharded tests: its compiler
# wrapper, launcher and version tool (the last tells MPICH from Open MPI,
# whose ABI differs).
mpicc, mpirun = shutil.which("mpicc"), shutil.which("mpirun")
if mpicc and mpirun and shutil.which("mpichversion"):
    config.available_features.add("mpich")
config.substitutions.append(("%mpicc", mpicc or "mpicc"))
config.substitutions.append(("%mpirun", mpirun or "mpirun"))

libomp = os.path.join(config.llvm_lib_dir, "libomp" + config.llvm_shlib_ext)
if os.path.exists(libomp):
    config.available_features.add("libomp")
config.substitutions.append(("%libomp", libomp))
# compiler-rt's builtins: generic x86-64 code for bf16 may call
# __truncsfbf2, which Debian 12's libgcc lacks (README, AOT contract).
clang_rt_builtins = ""
clang = shutil.which("clang", path=config.llvm_tools_dir) or shutil.which("clang-22")
if clang:
    try:
        clang_rt_builtins = subprocess.run(
            [clang, "-rtlib=compiler-rt", "-print-libgcc-file-name"],
            capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        clang_rt_builtins = ""
if not os.path.exists(clang_rt_builtins):
    clang_rt_builtins = ""
config.substitutions.append(("%clang_rt_builtins", clang_rt_builtins))
config.substitutions.append(("%mlir_runner_utils", runtime_libs[0]))
config.substitutions.append(("%mlir_c_runner_utils", runtime_libs[1]))

# A CUDA toolkit, for the GPU pipeline's compile-only checks
# (test/Integration/GPU): the PTX rmean emits must assemble, and format=bin
# runs ptxas. The kernels call libdevice (__nv_* functions), which the
# pipeline links from <toolkit>/nvvm/libdevice, so a toolkit is a prefix with
# both bin/ptxas and that library: a ptxas found on $PATH alone may be a
# wrapper script outside any toolkit (/usr/local/bin/ptxas on some
# machines), whose parent has no libdevice. Searched in the order
# gpu-module-to-binary uses: $CUDA_HOME, $CUDA_ROOT, $CUDA_PATH, then
# /usr/local/cuda, then the toolkit of the first real ptxas binary on $PATH.
# lit does not pass those variables on to the tests, so the tests give the
# pipeline the toolkit explicitly (%cuda_toolkit).
def _cuda_toolkit():
    libdevice = os.path.join("nvvm", "libdevice", "libdevice.10.bc")
    candidates = [os.environ[v] for v in ("CUDA_HOME", "CUDA_ROOT", "CUDA_PATH")
                  if os.environ.get(v)]
    candidates.append("/usr/local/cuda")
    on_path = shutil.which("ptxas")
    if on_path:
        candidates.append(os.path.dirname(os.path.dirname(os.path.realpath(on_path))))
    for prefix in candidates:
        if (os.access(os.path.join(prefix, "bin", "ptxas"), os.X_OK)
                and os.path.isfile(os.path.join(prefix, libdevice))):
            return os.path.abspath(prefix)
    return None


cuda_toolkit = _cuda_toolkit()
if cuda_toolkit:
    config.available_features.add("ptxas")
else:
    lit_config.note("no CUDA toolkit (bin/ptxas and nvvm/libdevice): the "
                    "ptxas tests are UNSUPPORTED")
ptxas = os.path.join(cuda_toolkit, "bin", "ptxas") if cuda_toolkit else "ptxas"
config.substitutions.append(("%ptxas", ptxas))
config.substitutions.append(("%cuda_toolkit", cuda_toolkit or ""))
config.substitutions.append(
    ("%extract_ptx",
     sys.executable + " " + os.path.join(config.rmean_src_root, "scripts", "extract-ptx.py"))
)

# A usable CUDA device (driver library, cuInit and at least one device),
# for the GPU execution tests; checked through the driver API directly so
# that nothing has to be built first.
def _cuda_device_count():
    import ctypes
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return 0
    count = ctypes.c_int(0)
    if cuda.cuInit(0) != 0 or cuda.cuDeviceGetCount(ctypes.byref(count)) != 0:
        return 0
    return count.value


if _cuda_device_count() > 0:
    config.available_features.add("cuda-device")

config.substitutions.append(("%difftest_cases", str(difftest_cases)))
