#!/usr/bin/env python3
"""torch_bench.py CASES [--quick] — torch.mean on the GPU benchmark's cases.

CASES is `gpu_bench --list`'s output (one `ID DTYPE SHAPE AXES` line per
case), so both programs measure the same shapes. For each case: uniform
[0, 1) input on the GPU, one torch.mean checked against a float64 mean
(docs/ReduceMean.md §4's bound: 10 * 2^-24 of the mean plus one ulp of the
element type; `*` outside it, `!` off by more than 1%), then back-to-back
calls timed with CUDA events, best of the samples. Prints `ID GBS MARK`
(MARK: ok, * or !) per case on stdout, for gpu_bench --torch; notes go to
stderr. Without torch or a GPU it prints nothing and exits 0, and the table
shows n/a.
"""
import math
import sys


def main():
    if len(sys.argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    quick = "--quick" in sys.argv[2:]
    try:
        import torch
    except ImportError as e:
        sys.stderr.write(f"torch_bench.py: no torch ({e}); torch column n/a\n")
        return 0
    if not torch.cuda.is_available():
        sys.stderr.write("torch_bench.py: torch sees no GPU; torch column n/a\n")
        return 0
    sys.stderr.write(f"torch_bench.py: torch {torch.__version__} on "
                     f"{torch.cuda.get_device_name(0)}\n")
    dtypes = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}
    precision = {"f32": 24, "f16": 11, "bf16": 8}
    samples = 2 if quick else 7
    target_ms = 2.0 if quick else 20.0
    with open(sys.argv[1]) as f:
        cases = [line.split() for line in f if line.strip()]
    for case_id, dtype, shape, axes in cases:
        dims = [int(d) for d in shape.split("x")]
        x = torch.rand(dims, device="cuda", dtype=torch.float32).to(dtypes[dtype])
        if axes == "all":
            run = lambda: torch.mean(x)  # noqa: E731
            ref = x.double().mean()
        else:
            ax = tuple(int(a) for a in axes.split(","))
            run = lambda: torch.mean(x, dim=ax)  # noqa: E731
            ref = x.double().mean(dim=ax)
        got = run().double()
        err = (got - ref).abs()
        # One ulp of the element type at |ref|, as 2^(exponent - precision + 1).
        exponent = torch.floor(torch.log2(ref.abs().clamp_min(1e-30)))
        ulp = torch.pow(2.0, exponent - (precision[dtype] - 1))
        tol = 10 * 2.0**-24 * ref.abs() + ulp
        mark = "ok"
        if bool((err > tol).any()):
            mark = "*"
        if not bool((err <= 0.01 * ref.abs()).all()):
            mark = "!"
        del ref, got, err, tol, ulp, exponent
        torch.cuda.synchronize()
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        run()
        end.record()
        end.synchronize()
        once = max(start.elapsed_time(end), 1e-4)
        calls = int(min(max(target_ms / once, 3), 2000))
        best = math.inf
        for _ in range(samples):
            start.record()
            for _ in range(calls):
                run()
            end.record()
            end.synchronize()
            best = min(best, start.elapsed_time(end) / calls)
        gbs = x.numel() * x.element_size() / (best * 1e-3) / 1e9
        print(f"{case_id} {gbs:.2f} {mark}", flush=True)
        sys.stderr.write(f"torch_bench.py: {case_id} {best * 1e3:.1f} us/call "
                         f"{gbs:.0f} GB/s {mark}\n")
        del x
        torch.cuda.empty_cache()
    return 0


if __name__ == "__main__":
    sys.exit(main())
