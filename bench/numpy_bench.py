#!/usr/bin/python3
"""numpy peer of the rmean benchmark: np.mean on the docs/ReduceMean.md §7 cases.

Same shapes, axes and data distribution (uniform [0, 1), rounded to the
element type) as bench/bench_cases.cpp; every result is checked against a
float64 mean with the same tolerances (f32 and each part of complex64: relative
2^-20; f64: 2^-44; f16: one unit in the last place) before it is timed. Prints a small table; --tsv FILE also
writes `id GB/s status` lines that rmean_bench --numpy FILE reads into its
table. numpy has no bfloat16: case I-bf16 is n/a.

Usage: /usr/bin/python3 bench/numpy_bench.py [--quick] [--tsv FILE] [--cases A,B]
(Debian's python3-numpy; a pyenv python3 on PATH may lack numpy.)
"""
import argparse
import math
import sys
import time

import numpy as np

CASES = [
    ("A", np.float32, (4096, 4096), (1,)),
    ("B", np.float32, (4096, 4096), (0,)),
    ("C", np.float32, (32, 256, 56, 56), (2, 3)),
    ("D", np.float32, (32, 56, 56, 256), (1, 2)),
    ("E", np.float32, (64, 128, 768), (2,)),
    ("F", np.float32, (16, 1024, 1024), (1,)),
    ("G", np.float32, (1 << 26,), (0,)),
    ("H", np.float32, (256, 256), (1,)),
    ("I-f16", np.float16, (4096, 4096), (1,)),
    ("I-bf16", None, (4096, 4096), (1,)),
    # A and D with runtime axes (np.mean always takes them at run time).
    ("M-A", np.float32, (4096, 4096), (1,)),
    ("M-D", np.float32, (32, 56, 56, 256), (1, 2)),
    # A and B with dynamic shapes (numpy's are always dynamic).
    ("N-A", np.float32, (4096, 4096), (1,)),
    ("N-B", np.float32, (4096, 4096), (0,)),
    ("J-A", np.float64, (4096, 4096), (1,)),
    ("J-B", np.float64, (4096, 4096), (0,)),
    ("O-NCHW", np.float32, (64, 2048, 7, 7), (2, 3)),
    ("O-NCHW-bf16", None, (64, 2048, 7, 7), (2, 3)),
    ("O-NHWC", np.float32, (64, 7, 7, 2048), (1, 2)),
    ("O-NHWC-bf16", None, (64, 7, 7, 2048), (1, 2)),
    ("O-SEQ-bf16", None, (32, 512, 768), (1,)),
    ("O-NHWC56-bf16", None, (32, 56, 56, 256), (1, 2)),
    ("O-LN", np.float32, (8192, 768), (1,)),
    ("O-BN", np.float32, (32, 256, 56, 56), (0, 2, 3)),
    # Integers: np.mean gives float64; truncated toward zero, it is checked
    # against the exact integer mean.
    ("K-A-i8", np.int8, (4096, 4096), (1,)),
    ("K-B-i8", np.int8, (4096, 4096), (0,)),
    ("K-C-i8", np.int8, (32, 256, 56, 56), (2, 3)),
    ("K-A-i32", np.int32, (4096, 4096), (1,)),
    ("K-B-i32", np.int32, (4096, 4096), (0,)),
    ("K-A-i64", np.int64, (4096, 4096), (1,)),
    ("K-B-i64", np.int64, (4096, 4096), (0,)),
    # A in complex64 (checked per part, as float32).
    ("L", np.complex64, (4096, 4096), (1,)),
]


def exact_int_mean(x, axes):
    """The exact mean truncated toward zero, as Python ints: i64 sums are
    split into 32-bit halves so that numpy's int64 sums cannot overflow."""
    count = math.prod(x.shape[a] for a in axes)
    x = x.astype(np.int64)
    low = (x & 0xFFFFFFFF).sum(axis=axes)
    high = (x >> 32).sum(axis=axes)
    out = np.empty(low.shape, dtype=object)
    for idx in np.ndindex(low.shape):
        s = (int(high[idx]) << 32) + int(low[idx])
        q = abs(s) // count
        out[idx] = q if s >= 0 else -q
    return out


def tolerance(dtype, ref):
    ref = np.abs(ref)
    if dtype == np.float32:
        return np.ldexp(ref, -20)
    if dtype == np.float64:
        return np.ldexp(ref, -44)
    # f16: one ulp of the reference (normal range; subnormal floor)
    _, e = np.frexp(ref)
    return np.ldexp(1.0, np.maximum(e - 1, -14) - 10)


def best_time(f, quick, min_time=0.5, min_reps=5):
    t0 = time.perf_counter()
    f()
    one = max(time.perf_counter() - t0, 1e-9)
    batch = max(1, min(100000, int(2e-3 / one)))
    best = one
    reps = 2 if quick else min_reps
    start = time.perf_counter()
    n = 0
    while n < (reps if quick else 1000):
        if n >= reps and (quick or time.perf_counter() - start >= min_time):
            break
        a = time.perf_counter()
        for _ in range(batch):
            f()
        best = min(best, (time.perf_counter() - a) / batch)
        n += 1
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--tsv")
    ap.add_argument("--cases")
    args, _ = ap.parse_known_args()  # ignores rmean_bench's other options
    only = set(args.cases.split(",")) if args.cases else None

    rng = np.random.default_rng(1234)
    rows, lines, bad = [], [], 0

    def record(cid, shape, axes, mb, x, status, note):
        """Times np.mean on `x` and adds its row; `status` is the check's."""
        nonlocal bad
        bad += status != "ok"
        t = best_time(lambda: np.mean(x, axis=axes), args.quick)
        gbs = x.nbytes / t / 1e9
        mark = {"ok": "", "inaccurate": "*", "wrong": "!"}[status]
        rows.append((cid, shape, axes, mb, f"{gbs:.2f}{mark}", note))
        lines.append(f"{cid}\t{gbs:.4f}\t{status}")

    for cid, dtype, shape, axes in CASES:
        if only and cid not in only:
            continue
        size = 2 if dtype is None or dtype == np.float16 else np.dtype(dtype).itemsize
        mb = math.prod(shape) * size / 2**20
        if dtype is None:
            rows.append((cid, shape, axes, mb, "n/a", "no bfloat16 dtype in numpy"))
            lines.append(f"{cid}\t0\tn/a")
            continue
        if dtype in (np.int8, np.int32, np.int64):
            info = np.iinfo(dtype)
            x = rng.integers(info.min, info.max, size=shape, dtype=dtype,
                             endpoint=True)
            exact = exact_int_mean(x, axes)
            got = np.mean(x, axis=axes)
            trunc = np.trunc(got)
            diff = np.array([abs(int(t) - int(e)) if np.isfinite(t) else math.inf
                             for t, e in zip(trunc.ravel(), exact.ravel())])
            mag = np.array([max(abs(int(e)), 1) for e in exact.ravel()], dtype=np.float64)
            worst = float(diff.max())
            rel = float((diff / mag).max())
            status = "ok" if worst == 0 else "inaccurate" if rel <= 1e-2 else "wrong"
            note = "" if status == "ok" else f"off by up to {worst:.0f} (truncated float64 mean)"
            record(cid, shape, axes, mb, x, status, note)
            del x, got
            continue
        if dtype == np.complex64:
            x = np.empty(shape, dtype=np.complex64)
            x.real = rng.random(shape, dtype=np.float32)
            x.imag = rng.random(shape, dtype=np.float32)
            ref = x.mean(axis=axes, dtype=np.complex128)
            got = np.mean(x, axis=axes)
            assert got.dtype == dtype
            worst, rel = 0.0, 0.0
            for part in (np.real, np.imag):
                g, r = part(got).astype(np.float64), part(ref)
                worst = max(worst, float(np.max(np.abs(g - r) / tolerance(np.float32, r))))
                rel = max(rel, float(np.max(np.abs(g - r) / np.abs(r))))
            status = "ok" if worst <= 1.0 else "inaccurate" if rel <= 1e-2 else "wrong"
            note = "" if status == "ok" else f"max error {worst:.3g} x tolerance"
            record(cid, shape, axes, mb, x, status, note)
            del x, ref, got
            continue
        if dtype == np.float64:
            x = rng.random(shape, dtype=np.float64)
            # A compensated f64 reference: the mean of exact f32 halves.
            hi = x.astype(np.float32).astype(np.float64)
            ref = (hi.mean(axis=axes, dtype=np.float64) +
                   (x - hi).mean(axis=axes, dtype=np.float64))
        else:
            x = rng.random(shape, dtype=np.float32)
            if dtype != np.float32:
                x = x.astype(dtype)
            ref = x.mean(axis=axes, dtype=np.float64)
        got = np.mean(x, axis=axes)
        assert got.dtype == dtype
        err = np.abs(got.astype(np.float64) - ref) / tolerance(dtype, ref)
        worst = float(np.max(err))
        rel = float(np.max(np.abs(got.astype(np.float64) - ref) / np.abs(ref)))
        status = "ok" if worst <= 1.0 else "inaccurate" if rel <= 1e-2 else "wrong"
        note = "" if status == "ok" else f"max error {worst:.3g} x tolerance"
        record(cid, shape, axes, mb, x, status, note)
        del x, ref, got

    print(f"numpy {np.__version__} np.mean (1 thread; GB/s = input bytes / best time)"
          + (" [quick mode: not a measurement]" if args.quick else ""))
    print("| case | shape | axes | MB | numpy GB/s | note |")
    print("|---|---|---|---:|---:|---|")
    for cid, shape, axes, mb, g, note in rows:
        s = "x".join(map(str, shape))
        a = ",".join(map(str, axes)) if len(axes) < len(shape) else "all"
        print(f"| {cid} | {s} | {a} | {mb:.1f} | {g} | {note} |")
    if bad:
        print("*: result outside the docs/ReduceMean.md §4 tolerance; !: off by more than 1%")
    if args.tsv:
        with open(args.tsv, "w") as f:
            f.write("# id\tGB/s\tstatus (numpy_bench.py)\n" + "\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
