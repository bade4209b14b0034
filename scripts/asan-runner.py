#!/usr/bin/env python3
"""A stand-in for mlir-runner that runs the module as an AddressSanitizer
program: translate the LLVM dialect module to LLVM IR, mark every function
it defines `sanitize_address` (clang instruments nothing in an .ll file
without it), compile it with `clang -fsanitize=address`, link the runtime
libraries of -shared-libs, run the entry point, and pass on its exit status
or signal. Out-of-bounds accesses in generated code (vector tails, peeled
loops, threaded chunks, runtime-axes loops) and leaks (LeakSanitizer at
exit) then fail the test that ran it.

`scripts/test.sh --sanitize` runs the lit suite with this in place of
mlir-runner (test/lit.cfg.py, when the build has RMEAN_SANITIZE=ON).

Usage (mlir-runner's options that rmean's tests use):
  asan-runner.py [-e ENTRY] [-entry-point-result=void]
                 [-shared-libs=LIB,LIB...] [FILE]   (stdin without FILE)
"""

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile


def main():
    entry, libs, source = "main", [], None
    args = sys.argv[1:]
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-e", "--e"):
            entry = args[i + 1]
            i += 2
            continue
        m = re.match(r"^--?shared-libs=(.*)$", a)
        if m:
            libs += [lib for lib in m.group(1).split(",") if lib]
        elif re.match(r"^--?entry-point-result=void$", a):
            pass
        elif a.startswith("-"):
            sys.stderr.write(f"asan-runner.py: unsupported option {a}\n")
            return 2
        else:
            source = a
        i += 1

    bindir = os.environ.get("RMEAN_LLVM_BINDIR") or os.path.dirname(
        shutil.which("mlir-translate") or "/usr/lib/llvm-22/bin/mlir-translate"
    )
    with tempfile.TemporaryDirectory() as tmp:
        mlir = os.path.join(tmp, "in.mlir")
        if source:
            shutil.copy(source, mlir)
        else:
            with open(mlir, "wb") as f:
                f.write(sys.stdin.buffer.read())
        ll = os.path.join(tmp, "in.ll")
        if subprocess.call([os.path.join(bindir, "mlir-translate"),
                            "--mlir-to-llvmir", mlir, "-o", ll]) != 0:
            sys.stderr.write("asan-runner.py: mlir-translate failed\n")
            return 1
        with open(ll) as f:
            text = f.read()
        # Inline function attributes combine with attribute groups.
        text = re.sub(r"^(define [^\n]*?)\s*\{$", r"\1 sanitize_address {",
                      text, flags=re.M)
        text = re.sub(r"@" + re.escape(entry) + r"\(", "@rmean_asan_entry(",
                      text)
        with open(ll, "w") as f:
            f.write(text)
        stub = os.path.join(tmp, "stub.c")
        with open(stub, "w") as f:
            f.write("void rmean_asan_entry(void);\n"
                    "int main(void) { rmean_asan_entry(); return 0; }\n")
        exe = os.path.join(tmp, "prog")
        link = []
        # Generated code may call the f16/bf16 conversion helpers
        # (__truncsfbf2, ...) that mlir-runner gets through its runtime
        # libraries' dependency on libmlir_float16_utils.
        float16 = os.path.join(os.path.dirname(bindir), "lib",
                               "libmlir_float16_utils.so")
        for lib in libs + ([float16] if os.path.exists(float16) else []):
            link += [lib, "-Wl,-rpath," + os.path.dirname(os.path.abspath(lib))]
        cmd = [os.path.join(bindir, "clang"), "-fsanitize=address", "-g",
               "-O1", "-Wno-override-module", stub, ll, "-o", exe] + link + [
                   "-lm"]
        if subprocess.call(cmd) != 0:
            sys.stderr.write("asan-runner.py: clang failed\n")
            return 1
        sys.stdout.flush()
        proc = subprocess.run([exe])
    if proc.returncode < 0:
        # Die of the same signal, so `not --crash` sees a crash.
        sig = -proc.returncode
        signal.signal(sig, signal.SIG_DFL)
        os.kill(os.getpid(), sig)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
