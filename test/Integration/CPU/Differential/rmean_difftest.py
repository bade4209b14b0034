#!/usr/bin/env python3
"""Random differential tester for rmean.reduce_mean on the CPU.

Generates random reduce_mean cases (rank 0-5, sizes 0-9, rarely a wide
innermost dimension of 16-512, every element type of
docs/ReduceMean.md §2, attribute / constant-operand / runtime-operand axes, negative, empty
and full axis lists, keep_dims, noop_with_empty_axes, dynamic dimensions,
constant inputs that the canonicaliser folds), compiles batches of them with
`rmean-opt --rmean-cpu-pipeline` (some with random pipeline options, threads
included when --libomp is given), runs them with `mlir-runner`, and compares
every result element with a reference computed exactly in Python:

  * integers: bit-exact, the exact mean truncated toward zero (0 when empty);
  * floats: within one ulp of the exact mean rounded to the element type
    (NaN for an empty reduction; NaN/Inf propagate like IEEE addition), or,
    where the terms cancel beyond what an f64 accumulator holds, within the
    error bound of f64 summation, (n + 2) * 2^-53 * sum(|x|) / n (rmean sums
    every float type in f64; docs/ReduceMean.md §4 only asks for f32); where sum(|x|)
    exceeds the largest f64, a partial sum may overflow as IEEE addition
    does, so +-Inf or NaN is accepted too. f16/bf16/f32 vectorised loops
    sum blocks of `block-trips` (default 8) vector iterations in f32 lanes
    (docs/ReduceMean.md §4's blocked f32 summation), so for those types a result within
    (block-trips + 2) * 2^-24 * sum(|x|) / n plus one ulp of the exact mean
    passes too;
  * complex: both parts like floats.

Each case is a deterministic function of (--seed, index): rerun one with
`--seed S --only INDEX` (add --dump to see its module). Inputs are
`arith.constant dense<"0x...">` in @main (exact bit patterns), passed to a
per-case function (dynamic cases tensor.cast them to `?` dimensions first),
so that the canonicaliser cannot fold them; in "fold" cases the constant
sits next to the op (in @main or in the case function) and the host folder
computes the result instead. Float inputs are drawn per case from an
exponent window (full precision, some negative, ±0, subnormals, values near
the largest finite, cancelling ±B pairs, rarely ±inf/NaN); integers span the
whole type range including its extremes.

Results are printed as raw bits (bitcast to integers, widened to i64) with
printMemrefI64, so no precision is lost in printing; each case first prints
[-7777, index, result dims...]. Many cases share one module and one
mlir-runner process. A batch that fails to compile or run is split until
the failing cases are isolated (a diagnostic location inside a case
function pins that case at once); each failing case gets a stand-alone
reproducer module whose header holds the commands and the failure.

Output: one `FAIL seed=S case=N [...]: ...` block per failing case with its
reproducer path, a summary of failure classes, and the line
`difftest: N passed, M failed`. Exit status: 0 when all cases pass, 1 on any
failure (or cases not run), 2 when a tool cannot be started.

Only the Python 3 standard library is used.
"""

import argparse
from fractions import Fraction
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

# --------------------------------------------------------------------------
# Element types
# --------------------------------------------------------------------------


class FloatFmt:
    """An IEEE-754 binary format: `p` significand bits (with the hidden
    one), `ebits` exponent bits."""

    def __init__(self, name, p, ebits):
        self.name = name
        self.p = p
        self.ebits = ebits
        self.width = p + ebits
        self.bias = (1 << (ebits - 1)) - 1
        self.emax_field = (1 << ebits) - 1  # all ones: inf / nan
        self.mant_mask = (1 << (p - 1)) - 1
        self.sign_bit = 1 << (self.width - 1)
        self.mag_mask = self.sign_bit - 1
        self.inf_bits = self.emax_field << (p - 1)
        self.qnan_bits = self.inf_bits | (1 << (p - 2))

    def classify(self, bits):
        mag = bits & self.mag_mask
        if mag > self.inf_bits:
            return "nan"
        if mag == self.inf_bits:
            return "-inf" if bits & self.sign_bit else "+inf"
        return "fin"

    def scaled(self, bits):
        """A finite value as a signed integer in units of the smallest
        subnormal, 2^(1 - bias - (p - 1))."""
        e = (bits >> (self.p - 1)) & self.emax_field
        m = bits & self.mant_mask
        mag = m if e == 0 else (m | (1 << (self.p - 1))) << (e - 1)
        return -mag if bits & self.sign_bit else mag

    def round_scaled(self, num, den):
        """Bits of num/den units (num may be negative, den > 0) rounded to
        nearest, ties to even."""
        neg = num < 0
        num = -num if neg else num
        if num == 0:
            return 0
        # t = floor(log2(num / den))
        t = num.bit_length() - den.bit_length()
        if t >= 0:
            if num < (den << t):
                t -= 1
        elif (num << -t) < den:
            t -= 1
        s = max(0, t - (self.p - 1))
        d = den << s
        q, r = divmod(num, d)
        if 2 * r > d or (2 * r == d and (q & 1)):
            q += 1
        bits = (s << (self.p - 1)) + q
        if bits >= self.inf_bits:
            bits = self.inf_bits
        return bits | (self.sign_bit if neg else 0)

    def ordered(self, bits):
        mag = bits & self.mag_mask
        return -mag if bits & self.sign_bit else mag

    def describe(self, bits):
        c = self.classify(bits)
        if c != "fin":
            return "%s(0x%0*x)" % (c, (self.width + 3) // 4, bits)
        val = float(Fraction(self.scaled(bits),
                             1 << (self.bias + self.p - 2)))
        return "%r(0x%0*x)" % (val, (self.width + 3) // 4, bits)


F16 = FloatFmt("f16", 11, 5)
BF16 = FloatFmt("bf16", 8, 8)
F32 = FloatFmt("f32", 24, 8)
F64 = FloatFmt("f64", 53, 11)
FMTS = {"f16": F16, "bf16": BF16, "f32": F32, "f64": F64}


class ElemType:
    def __init__(self, name):
        self.name = name
        if name in FMTS:
            self.kind = "float"
            self.fmt = FMTS[name]
            self.bits = self.fmt.width
        elif name.startswith("complex<"):
            self.kind = "complex"
            self.fmt = FMTS[name[len("complex<"):-1]]
            self.bits = 2 * self.fmt.width
        else:
            self.kind = "int"
            self.fmt = None
            self.unsigned = name.startswith("ui")
            self.bits = int(name.lstrip("suix"))
            self.signless = name.startswith("i")

    @property
    def nbytes(self):
        return self.bits // 8


ELEM_TYPES = [
    "f16", "bf16", "f32", "f64",
    "i8", "i16", "i32", "i64",
    "si8", "si16", "si32", "si64",
    "ui8", "ui16", "ui32", "ui64",
    "complex<f32>", "complex<f64>",
]
ETYPES = {n: ElemType(n) for n in ELEM_TYPES}
AXES_TYPES = ["i32", "i64", "si32", "si64"]

# --------------------------------------------------------------------------
# Cases
# --------------------------------------------------------------------------


def tensor_type(shape, elem):
    dims = "".join("%sx" % ("?" if d is None else d) for d in shape)
    return "tensor<%s%s>" % (dims, elem)


class Case:
    """One reduce_mean: its input, axes and types, and every choice that
    shapes the IR. `raw` holds the input element bit patterns (pairs for
    complex)."""

    def describe(self):
        parts = [
            "idx=%d" % self.index,
            self.etype.name,
            "shape=%s" % (list(self.shape),),
            "axes=%s" % (self.axes,),
            "src=%s" % self.axes_src,
        ]
        if self.axes_src != "attr":
            parts.append("axes_type=%s" % self.axes_decl)
        parts.append("keep_dims=%s" % self.keep_dims_txt)
        parts.append("noop=%s" % self.noop_txt)
        if any(d is None for d in self.in_decl):
            parts.append("in=%s" % tensor_type(self.in_decl, self.etype.name))
        parts.append("out=%s" % tensor_type(self.out_decl, self.etype.name))
        if self.fold:
            parts.append("const-input(fold)")
        if self.generic_form:
            parts.append("generic-form")
        parts.append("in-%s" % self.place)
        if self.popts:
            parts.append("pipeline-options='%s'" % self.popts)
        parts.append("values=%s" % self.value_mode)
        return " ".join(parts)


# The innermost sizes of the rare wide shapes: vector multiples and their
# neighbours (LayerNorm's and pooling's channel counts, scaled down), so
# that the strategies for kept or reduced runs of whole vectors (outer row
# steps, row blocks of f16/bf16, cache tiles, narrow-column lanes, inner
# rows with a tail) are exercised, not only the sizes 0-9 of the common
# cases.
WIDE_INNER = [16, 24, 31, 32, 33, 48, 64, 65, 96, 100, 128, 255, 256, 512]
# 64 and 67 rows: enough for the four-row steps of long rows (row streams,
# with and without a tail of rows).
WIDE_OUTER = [1, 2, 3, 4, 7, 8, 9, 16, 17, 24, 32, 49, 64, 67]


def pick_shape(rng, max_elements, big_fraction, wide_fraction=0.0):
    rank = rng.choices(range(6), weights=[1, 2, 3, 3, 2, 2])[0]
    if rng.random() < wide_fraction:
        # A rare wide case: rank 2-4, a wide innermost dimension, the
        # others from model-like row counts (up to 4x --max-elements).
        rank = rng.choice([2, 2, 3, 3, 4])
        inner = rng.choice(WIDE_INNER)
        while True:
            shape = [rng.choice(WIDE_OUTER) for _ in range(rank - 1)]
            n = inner
            for d in shape:
                n *= d
            if n <= 4 * max_elements:
                return shape + [inner]
    if rng.random() < big_fraction:
        # A rare big case: rank 4-5, most sizes 7-9 (up to 9^5 elements),
        # so that long reductions and every tiling remainder are exercised.
        rank = rng.choice([4, 5])
        return [rng.choice([1, 7, 8, 9, 9]) for _ in range(rank)]
    sizes = list(range(10))
    weights = [0.5, 1.6] + [1.0] * 8
    while True:
        shape = [rng.choices(sizes, weights=weights)[0] for _ in range(rank)]
        n = 1
        for d in shape:
            n *= d
        if n <= max_elements:
            return shape


def gen_float_bits(rng, fmt, n, mode, sign_p, special_p, window, center):
    """n bit patterns of `fmt`."""
    out = []
    top = fmt.emax_field - 1  # largest finite exponent field
    for _ in range(n):
        r = rng.random()
        if r < special_p:
            s = rng.random()
            if s < 0.35:
                b = rng.choice([0, fmt.sign_bit])
            elif s < 0.7:
                b = fmt.inf_bits | rng.choice([0, fmt.sign_bit])
            else:
                # quiet NaN, sometimes negative or with another payload
                b = fmt.qnan_bits | rng.choice([0, fmt.sign_bit])
                if rng.random() < 0.3:
                    b |= rng.randrange(1, 1 << (fmt.p - 2))
            out.append(b)
            continue
        if r < special_p + 0.02:
            out.append(rng.choice([0, fmt.sign_bit]))
            continue
        if mode == "simple":
            # small integers and halves/quarters: exact, cancelling sums
            v = rng.randint(-16, 16) if sign_p else rng.randint(0, 16)
            den = rng.choice([1, 1, 2, 4])
            out.append(fmt.round_scaled(v << (fmt.bias + fmt.p - 2), den))
            continue
        if mode == "tiny":
            e = rng.randint(0, min(top, window + 1))
        elif mode == "huge":
            e = rng.randint(max(1, top - window), top)
        else:
            e = rng.randint(max(1, center - window), min(top, center))
        m = rng.getrandbits(fmt.p - 1)
        sign = fmt.sign_bit if rng.random() < sign_p else 0
        out.append(sign | (e << (fmt.p - 1)) | m)
    return out


def gen_float_params(rng, fmt):
    mode = rng.choices(["window", "simple", "tiny", "huge", "cancel"],
                       weights=[66, 14, 8, 8, 4])[0]
    sign_p = rng.choice([0.0, 0.0, 0.25, 0.5, 1.0])
    special_p = 0.0 if rng.random() < 0.85 else rng.choice([0.02, 0.1, 0.3])
    window = rng.randint(0, 12)
    spread = min(fmt.bias - 1, 24)
    center = fmt.bias + rng.randint(-spread, spread)
    return mode, sign_p, special_p, window, center


def add_cancelling_pairs(rng, fmt, bits, groups, center):
    """In every reduction group of 3+ elements, overwrites some pairs of
    elements with +B and -B, B far above the other values (one B per group,
    a single level of cancellation, which a compensated sum handles): the
    exact sum cancels them, a plain floating-point running sum loses the
    small values under them."""
    top = fmt.emax_field - 1
    for pos in groups:
        if len(pos) < 3:
            continue
        m = rng.randint(1, len(pos) // 3)
        chosen = rng.sample(pos, 2 * m)
        # At most 40 binades above: a compensated f64 sum (what rmean uses
        # for f64) stays within one ulp; further apart, even it does not.
        e = min(top, center + rng.randint(8, 40))
        b = (e << (fmt.p - 1)) | rng.getrandbits(fmt.p - 1)
        for k in range(m):
            bits[chosen[2 * k]] = b
            bits[chosen[2 * k + 1]] = b | fmt.sign_bit


def gen_int_values(rng, et, n):
    if et.unsigned:
        lo, hi = 0, (1 << et.bits) - 1
    else:
        lo, hi = -(1 << (et.bits - 1)), (1 << (et.bits - 1)) - 1
    mode = rng.choice(["full", "extreme", "small", "mixed", "max", "min"])
    out = []
    for _ in range(n):
        m = mode if mode != "mixed" else rng.choice(["full", "extreme",
                                                     "small"])
        if m == "full":
            v = rng.randint(lo, hi)
        elif m == "extreme":
            v = rng.choice([lo, hi, lo + 1, hi - 1, 0, 1, -1, hi // 2])
        elif m == "small":
            v = rng.randint(-10, 10)
        elif m == "max":
            v = hi - rng.randint(0, 3)
        else:
            v = lo + rng.randint(0, 3)
        out.append(min(hi, max(lo, v)))
    return mode, out


# Pipeline options varied per case (only those rmean-opt --help lists), with
# small values so that the sizes 0-9 hit every tiling remainder.
OPTION_CHOICES = {
    "vector-size": [0, 1, 2, 3, 4, 8, 16],
    "cache-tile": [1, 2, 3, 5, 8, 64],
    "block-trips": [0, 1, 2, 3, 8],
    "narrow-f32": [0, 1],
    # Rows per outer step (0: by width), and software prefetch distances
    # (64: one line ahead, so that every marked loop prefetches).
    "outer-rows-per-step": [0, 1, 2, 3, 8],
    "prefetch-distance": [0, 64, 4096],
    # Fully dynamic layouts at function boundaries, reread as row-major by
    # rmean-contiguous-arguments (the runner passes dense buffers).
    "strided-inputs": [0, 1],
    # The strategies chosen for AVX2 and 128-bit targets (default vector
    # sizes, rows per step, row-block register budgets), which run on any
    # x86 host.
    "target-vector-bits": [128, 256, 512],
    # Reductions split across OpenMP threads (partial sums merged, or the
    # kept dimension shared); only with --libomp. The cases' inputs are far
    # below the default 1 MiB bound on threaded inputs: a bound of 0 or 64
    # bytes makes them run threaded (chunks of one or no row included).
    "num-threads": [1, 2, 3],
    "min-threaded-bytes": [0, 64, 1048576],
    # Row streams (four-row steps taking rows far apart, chosen at run time
    # for dynamic shapes) from any size: the cases are far below 16 MiB.
    "row-streams-bytes": [0, 64, 16777216],
}

# Default `block-trips` of --rmean-cpu-pipeline.
DEFAULT_BLOCK_TRIPS = 8


def block_trips(popts):
    """The block-trips in force for a case's pipeline options."""
    m = re.search(r"block-trips=(\d+)", popts or "")
    return int(m.group(1)) if m else DEFAULT_BLOCK_TRIPS


def pick_pipeline_options(seed, index, fraction, available):
    """The options of case `index`: a stream of its own, so that the case
    itself does not depend on which options exist."""
    rng = random.Random((seed * 1000003 + index) * 7 + 3)
    if not available or rng.random() >= fraction:
        return ""
    opts = []
    for name in sorted(available):
        if rng.random() < 0.75:
            opts.append("%s=%d" % (name, rng.choice(OPTION_CHOICES[name])))
    return " ".join(opts)


def make_case(seed, index, max_elements, big_fraction=0.02,
              wide_fraction=0.0):
    rng = random.Random(seed * 1000003 + index)
    c = Case()
    c.seed, c.index = seed, index
    c.popts = ""
    c.etype = et = ETYPES[rng.choice(ELEM_TYPES)]
    c.shape = shape = pick_shape(rng, max_elements, big_fraction,
                                 wide_fraction)
    r = len(shape)
    n = 1
    for d in shape:
        n *= d

    # Input values.
    cparams = []
    if et.kind == "int":
        c.value_mode, c.values = gen_int_values(rng, et, n)
    elif et.kind == "float":
        p = gen_float_params(rng, et.fmt)
        cparams = [p]
        c.value_mode = "%s/sign%.2f/spec%.2f/w%d" % (p[0], p[1], p[2], p[3])
        c.values = gen_float_bits(rng, et.fmt, n, *p)
    else:
        p = gen_float_params(rng, et.fmt)
        q = gen_float_params(rng, et.fmt)
        cparams = [p, q]
        c.value_mode = "re:%s/im:%s" % (p[0], q[0])
        re_ = gen_float_bits(rng, et.fmt, n, *p)
        im_ = gen_float_bits(rng, et.fmt, n, *q)
        c.values = list(zip(re_, im_))

    c.has_specials = any(prm[2] > 0 for prm in cparams)

    # Axes.
    kind = rng.choices(["empty", "all", "subset"], weights=[12, 15, 73])[0]
    if r == 0:
        kind = "empty"
    if kind == "empty":
        dims = []
    elif kind == "all":
        dims = list(range(r))
    else:
        k = rng.randint(1, r)
        dims = rng.sample(range(r), k)
    rng.shuffle(dims)
    c.axes = [d - r if rng.random() < 0.4 else d for d in dims]

    # "cancel" value mode: cancelling pairs inside each reduction group
    # (which needs the reduced dimensions, known only now).
    if et.kind != "int" and "cancel" in c.value_mode:
        red_ = sorted(a % r for a in c.axes) if c.axes else list(range(r))
        groups = {}
        for i, o in enumerate(output_map(shape, red_)):
            groups.setdefault(o, []).append(i)
        groups = list(groups.values())
        if et.kind == "float":
            add_cancelling_pairs(rng, et.fmt, c.values, groups, cparams[0][4])
        else:
            parts = [list(v) for v in zip(*c.values)] if c.values else [[], []]
            for part, prm in zip(parts, cparams):
                if prm[0] == "cancel":
                    add_cancelling_pairs(rng, et.fmt, part, groups, prm[4])
            c.values = list(zip(*parts))

    # Attributes (sometimes left to their defaults).
    kd = rng.choice([None, False, True, True])
    noop = rng.choice([None, True, False, False])
    c.keep_dims = bool(kd)
    c.noop = True if noop is None else noop
    c.keep_dims_txt = "default" if kd is None else str(kd).lower()
    c.noop_txt = "default" if noop is None else str(noop).lower()
    c.generic_form = rng.random() < 0.15

    # Where the axes come from; whether the input is a constant the
    # canonicaliser can fold.
    c.fold = rng.random() < 0.15
    if c.fold:
        c.axes_src = rng.choice(["attr", "attr", "const"])
    else:
        c.axes_src = rng.choices(["attr", "const", "runtime"],
                                 weights=[45, 20, 35])[0]
    # Where the op lives: in @main next to its constant input (fold cases),
    # in a function returning the result, or in a function returning the
    # result's bits (so no raw result crosses a function boundary).
    if c.fold:
        c.place = rng.choice(["main", "main", "callee", "callee-bits"])
    else:
        c.place = rng.choices(["callee", "callee-bits"], weights=[70, 30])[0]
    c.axes_elem = rng.choice(AXES_TYPES)
    if c.axes_src == "runtime" and rng.random() < 0.4:
        c.axes_decl = tensor_type([None], c.axes_elem)
    else:
        c.axes_decl = tensor_type([len(c.axes)], c.axes_elem)
    c.axes_static_len = not c.axes_decl.startswith("tensor<?")

    # Reduced dimensions and the true result shape.
    if c.axes:
        red = sorted(a % r for a in c.axes)
    else:
        red = [] if c.noop else list(range(r))
    c.reduced = red
    out_true = []
    for i, d in enumerate(shape):
        if i not in red:
            out_true.append(d)
        elif c.keep_dims:
            out_true.append(1)
    c.out_true = out_true

    # Declared input type: dynamic dimensions for "dynamic" cases.
    dynamic = r > 0 and rng.random() < 0.35
    c.in_decl = [None if dynamic and rng.random() < 0.6 else d
                 for d in shape]
    if dynamic and all(d is not None for d in c.in_decl):
        c.in_decl[rng.randrange(r)] = None

    # Declared result type: the inferred type, with some dynamic dimensions
    # made static (their true size), which the lowering must check.
    runtime_shape = (c.axes_src == "runtime" and
                     not (c.axes_static_len and not c.axes))
    if runtime_shape:
        c.out_decl = [d if rng.random() < 0.3 else None for d in out_true]
    else:
        inferred = []
        for i, d in enumerate(c.in_decl):
            if i not in red:
                inferred.append(d)
            elif c.keep_dims:
                inferred.append(1)
        c.out_decl = [t if (d is None and rng.random() < 0.3) else d
                      for d, t in zip(inferred, out_true)]
    return c


def case_tags(c):
    """Classes a case belongs to (for --exclude)."""
    tags = {c.etype.name, "axes-" + c.axes_src, "in-" + c.place}
    if c.place == "callee":
        tags.add("returns-result")
    if c.fold:
        tags.add("fold")
    if any(d is None for d in c.in_decl):
        tags.add("dynamic")
    if not c.reduced:
        tags.add("identity")
    elif all(c.shape[d] == 1 for d in c.reduced):
        tags.add("size1")
    if any(c.shape[d] == 0 for d in c.reduced):
        tags.add("empty-reduction")
    if len(c.shape) == 0:
        tags.add("rank0")
    if any(d > 9 for d in c.shape):
        tags.add("wide")
    if c.generic_form:
        tags.add("generic-form")
    if c.popts:
        tags.add("pipeline-options")
    if c.axes_src == "runtime" and not (c.axes_static_len and not c.axes):
        tags.add("runtime-keep" if c.keep_dims else "runtime-nokeep")
    if c.keep_dims:
        tags.add("keep-dims")
    if "huge" in c.value_mode:
        tags.add("huge")
    if "cancel" in c.value_mode:
        tags.add("cancel")
    if c.has_specials:
        tags.add("specials")
    return tags


# --------------------------------------------------------------------------
# Reference
# --------------------------------------------------------------------------


def output_map(shape, reduced):
    """For each input element (row-major), the flat index of its output
    element."""
    outidx = [0]
    for d, size in enumerate(shape):
        if d in reduced:
            outidx = [o for o in outidx for _ in range(size)]
        else:
            outidx = [o * size + j for o in outidx for j in range(size)]
    return outidx


def reduce_float(fmt, bits_list, outidx, nout, count):
    sums = [0] * nout
    abs_sums = [0] * nout
    nan = [False] * nout
    pinf = [False] * nout
    ninf = [False] * nout
    for o, b in zip(outidx, bits_list):
        c = fmt.classify(b)
        if c == "fin":
            v = fmt.scaled(b)
            sums[o] += v
            abs_sums[o] += abs(v)
        elif c == "nan":
            nan[o] = True
        elif c == "+inf":
            pinf[o] = True
        else:
            ninf[o] = True
    res = []
    for o in range(nout):
        if count == 0 or nan[o] or (pinf[o] and ninf[o]):
            res.append(("nan", None))
        elif pinf[o]:
            res.append(("bits", fmt.inf_bits, (sums[o], abs_sums[o], count)))
        elif ninf[o]:
            res.append(("bits", fmt.inf_bits | fmt.sign_bit,
                        (sums[o], abs_sums[o], count)))
        else:
            res.append(("fin", fmt.round_scaled(sums[o], count),
                        (sums[o], abs_sums[o], count)))
    return res


F64_MAX_BITS = 0x7FEFFFFFFFFFFFFF


def within_f64_summation_bound(fmt, got_bits, exact):
    """True when `got_bits` is within the error bound of summing the terms in
    f64 (see the module docstring), or is the +-Inf/NaN of an f64 partial sum
    that overflowed."""
    total, abs_total, count = exact
    if fmt.classify(got_bits) != "fin":
        # Only f64 partial sums can overflow: other types sum far below it.
        return fmt.width == 64 and abs_total > fmt.scaled(F64_MAX_BITS)
    err = abs(fmt.scaled(got_bits) * count - total)
    return err * (1 << 53) <= (count + 2) * abs_total


def within_f32_block_bound(fmt, got_bits, exact, trips):
    """True when `got_bits` is within the bound of blocked f32 summation
    (blocks of `trips` additions per lane, combined in f64) plus one ulp of
    the result for its final rounding (see the module docstring)."""
    total, abs_total, count = exact
    if fmt.width > 32 or fmt.classify(got_bits) != "fin" or count == 0:
        return False
    e = (got_bits >> (fmt.p - 1)) & fmt.emax_field
    ulp = 1 << max(e - 1, 0)
    # Both sides in units of the smallest subnormal (times 2^24).
    err = abs(fmt.scaled(got_bits) * count - total)
    return err * (1 << 24) <= (trips + 2) * abs_total + \
        (ulp * count << 24)


def reference(c):
    """Expected outputs: a list of streams (one, or two for complex), each a
    list of per-element expectations."""
    outidx = output_map(c.shape, c.reduced)
    nout = 1
    for d in c.out_true:
        nout *= d
    count = 1
    for d in c.reduced:
        count *= c.shape[d]
    et = c.etype
    if et.kind == "int":
        sums = [0] * nout
        for o, v in zip(outidx, c.values):
            sums[o] += v
        res = []
        for s in sums:
            if count == 0:
                res.append(0)
            else:
                q = abs(s) // count
                res.append(-q if s < 0 else q)
        return [res]
    if et.kind == "float":
        return [reduce_float(et.fmt, c.values, outidx, nout, count)]
    re_ = [v[0] for v in c.values]
    im_ = [v[1] for v in c.values]
    return [reduce_float(et.fmt, re_, outidx, nout, count),
            reduce_float(et.fmt, im_, outidx, nout, count)]


def compare(c, expected, got):
    """Returns None, or a message naming the first few bad elements."""
    et = c.etype
    bad = []
    for stream, (exp, vals) in enumerate(zip(expected, got)):
        if len(exp) != len(vals):
            return "stream %d: %d elements, expected %d" % (
                stream, len(vals), len(exp))
        part = "" if len(expected) == 1 else ("re" if stream == 0 else "im")
        for i, (e, v) in enumerate(zip(exp, vals)):
            if et.kind == "int":
                if et.unsigned:
                    v &= (1 << et.bits) - 1
                if v != e:
                    bad.append("[%d] got %d expected %d" % (i, v, e))
                continue
            fmt = et.fmt
            v &= (1 << fmt.width) - 1
            kind, eb = e[0], e[1]
            cls = fmt.classify(v)
            ok = True
            if kind == "nan":
                ok = cls == "nan"
                want = "nan"
            elif kind == "bits":
                # An input Inf meeting a partial sum that overflowed the
                # other way gives NaN, as IEEE addition does.
                ok = v == eb or (cls == "nan" and
                                 within_f64_summation_bound(fmt, v, e[2]))
                want = fmt.describe(eb)
            else:
                ok = (cls == "fin" and
                      abs(fmt.ordered(v) - fmt.ordered(eb)) <= 1) or \
                    within_f64_summation_bound(fmt, v, e[2]) or \
                    within_f32_block_bound(fmt, v, e[2],
                                           block_trips(c.popts))
                want = fmt.describe(eb) + \
                    " +-1ulp (or the f64/blocked-f32 summation bound)"
            if not ok:
                bad.append("%s[%d] got %s expected %s" % (
                    part, i, fmt.describe(v), want))
    if not bad:
        return None
    more = "" if len(bad) <= 4 else " (+%d more)" % (len(bad) - 4)
    return "; ".join(bad[:4]) + more


# --------------------------------------------------------------------------
# MLIR emission
# --------------------------------------------------------------------------


def hex_dense(c):
    et = c.etype
    if not c.values:
        return "dense<>"
    parts = []
    if et.kind == "int":
        mask = (1 << et.bits) - 1
        for v in c.values:
            parts.append((v & mask).to_bytes(et.nbytes, "little"))
    elif et.kind == "float":
        nb = et.nbytes
        for b in c.values:
            parts.append(b.to_bytes(nb, "little"))
    else:
        nb = et.fmt.width // 8
        for re_, im_ in c.values:
            parts.append(re_.to_bytes(nb, "little"))
            parts.append(im_.to_bytes(nb, "little"))
    return 'dense<"0x%s">' % b"".join(parts).hex().upper()


def axes_dense(c):
    if not c.axes:
        return "dense<>"
    return "dense<[%s]>" % ", ".join(str(a) for a in c.axes)


def op_text(c, x, a, in_ty, ax_ty, out_ty):
    attrs = []
    if c.axes_src == "attr":
        attrs.append("axes = array<i64%s>" % (
            (": " + ", ".join(str(v) for v in c.axes)) if c.axes else ""))
    if c.keep_dims_txt != "default":
        attrs.append("keep_dims = %s" % c.keep_dims_txt)
    if c.noop_txt != "default":
        attrs.append("noop_with_empty_axes = %s" % c.noop_txt)
    attr = ("{%s}" % ", ".join(attrs)) if attrs else ""
    if c.generic_form:
        operands = x if a is None else "%s, %s" % (x, a)
        types = in_ty if a is None else "%s, %s" % (in_ty, ax_ty)
        prop = (" <%s>" % attr) if attr else ""
        return '"rmean.reduce_mean"(%s)%s : (%s) -> %s' % (
            operands, prop, types, out_ty)
    if a is None:
        return "rmean.reduce_mean %s %s : %s -> %s" % (x, attr, in_ty, out_ty)
    return "rmean.reduce_mean %s, %s %s : %s, %s -> %s" % (
        x, a, attr, in_ty, ax_ty, out_ty)


def to_bits_body(et, v, lines):
    """Scalar ops inside the printing linalg.generic: `v` of type `et` to
    i64 values (one per stream)."""
    def fbits(val, fmt):
        if fmt.width == 64:
            lines.append("    %s_b64 = arith.bitcast %s : f64 to i64" % (val, val))
            return "%s_b64" % val
        lines.append("    %s_bi = arith.bitcast %s : %s to i%d" % (
            val, val, fmt.name, fmt.width))
        lines.append("    %s_b64 = arith.extui %s_bi : i%d to i64" % (
            val, val, fmt.width))
        return "%s_b64" % val

    if et.kind == "float":
        return [fbits(v, et.fmt)]
    if et.kind == "complex":
        lines.append("    %s_re = complex.re %s : %s" % (v, v, et.name))
        lines.append("    %s_im = complex.im %s : %s" % (v, v, et.name))
        return [fbits(v + "_re", et.fmt), fbits(v + "_im", et.fmt)]
    s = v
    if not et.signless:
        lines.append("    %s_sl = builtin.unrealized_conversion_cast %s : %s to i%d"
                     % (v, v, et.name, et.bits))
        s = v + "_sl"
    if et.bits == 64:
        return [s]
    op = "arith.extui" if et.unsigned else "arith.extsi"
    lines.append("    %s_w = %s %s : i%d to i64" % (v, op, s, et.bits))
    return [v + "_w"]


def emit_print(lines, name, rank_shape, stem=None):
    """Prints tensor `name` (i64, shape rank_shape with None = dynamic) as a
    flat memref; new SSA names start with `stem`."""
    stem = stem or name
    r = len(rank_shape)
    if r > 1 and 0 in rank_shape:
        # No elements. (Collapsing a static 0 with dynamic dimensions makes
        # the bufferised memref.collapse_shape invalid upstream.)
        flat = "%s_flat" % stem
        lines.append("  %s = arith.constant dense<> : tensor<0xi64>" % flat)
        fty = "tensor<0xi64>"
    elif r == 0:
        flat = "%s_flat" % stem
        lines.append("  %s = tensor.expand_shape %s [] output_shape [1] : "
                     "tensor<i64> into tensor<1xi64>" % (flat, name))
        fty = "tensor<1xi64>"
    elif r == 1:
        flat = name
        fty = tensor_type(rank_shape, "i64")
    else:
        flat = "%s_flat" % stem
        tot = 1
        for d in rank_shape:
            if d is None:
                tot = None
                break
            tot *= d
        fty = tensor_type([tot], "i64")
        lines.append("  %s = tensor.collapse_shape %s [[%s]] : %s into %s" % (
            flat, name, ", ".join(str(i) for i in range(r)),
            tensor_type(rank_shape, "i64"), fty))
    mty = "memref" + fty[len("tensor"):]
    lines.append("  %s_m = bufferization.to_buffer %s : %s to %s" % (
        stem, flat, fty, mty))
    lines.append("  %s_u = memref.cast %s_m : %s to memref<*xi64>" % (
        stem, stem, mty))
    lines.append("  call @printMemrefI64(%s_u) : (memref<*xi64>) -> ()" % stem)


MARKER = -7777


def emit_bits(lines, p, res, c):
    """linalg.generic turning result `res` (type c.out_decl) into i64 bit
    tensors; returns their names (one, or two for complex)."""
    et = c.etype.name
    out_decl = tensor_type(c.out_decl, et)
    r = len(c.out_decl)
    dyn = []
    for i in range(r):
        if c.out_decl[i] is None:
            lines.append("  %s_bd%d = tensor.dim %s, %%idx%d : %s" % (
                p, i, res, i, out_decl))
            dyn.append("%s_bd%d" % (p, i))
    nstreams = 2 if c.etype.kind == "complex" else 1
    bits_ty = tensor_type(c.out_decl, "i64")
    outs = []
    for s in range(nstreams):
        lines.append("  %s_e%d = tensor.empty(%s) : %s" % (
            p, s, ", ".join(dyn), bits_ty))
        outs.append("%s_e%d" % (p, s))
    dims = ", ".join("d%d" % i for i in range(r))
    amap = "affine_map<(%s) -> (%s)>" % (dims, dims)
    maps = ", ".join([amap] * (1 + nstreams))
    iters = ", ".join(['"parallel"'] * r)
    results = ", ".join([bits_ty] * nstreams)
    lines.append("  %s_b:%d = linalg.generic {indexing_maps = [%s], "
                 "iterator_types = [%s]} ins(%s : %s) outs(%s : %s) {"
                 % (p, nstreams, maps, iters, res, out_decl,
                    ", ".join(outs), results))
    lines.append("  ^bb0(%%v: %s%s):" % (
        et, "".join(", %%o%d: i64" % s for s in range(nstreams))))
    vals = to_bits_body(c.etype, "%v", lines)
    lines.append("    linalg.yield %s : %s" % (
        ", ".join(vals), ", ".join(["i64"] * nstreams)))
    lines.append("  } -> (%s)" % results)
    return ["%s_b#%d" % (p, s) for s in range(nstreams)]


def emit_module(cases):
    lines = ["// rmean differential test module (%d case%s)" % (
        len(cases), "" if len(cases) == 1 else "s")]
    for c in cases:
        lines.append("// case %s" % c.describe())
    lines.append("module {")
    lines.append("func.func private @printMemrefI64(memref<*xi64>)")
    idx = ["  %%idx%d = arith.constant %d : index" % (k, k) for k in range(6)]
    main = ["func.func @main() {"] + idx
    for c in cases:
        et = c.etype.name
        in_static = tensor_type(c.shape, et)
        in_decl = tensor_type(c.in_decl, et)
        out_decl = tensor_type(c.out_decl, et)
        nstreams = 2 if c.etype.kind == "complex" else 1
        bits_ty = tensor_type(c.out_decl, "i64")
        fn = "@case%d" % c.index
        p = "%%k%d" % c.index
        # The op, its input and constant axes: in @main (fold cases only),
        # else in a function of its own.
        in_main = c.place == "main"
        body = main if in_main else []
        q = p if in_main else "%"
        args, call_args, call_tys = [], [], []
        def constant_input(lines, name):
            """Appends `name`0 = the input constant (cast to the declared
            type as `name` when they differ); returns the value's name."""
            lines.append("  %s0 = arith.constant %s : %s" % (
                name, hex_dense(c), in_static))
            if in_decl == in_static:
                return name + "0"
            lines.append("  %s = tensor.cast %s0 : %s to %s" % (
                name, name, in_static, in_decl))
            return name

        if c.fold:
            x = constant_input(body, "%sx" % q)
        else:
            xv = constant_input(main, "%s_x" % p)
            call_args.append(xv)
            call_tys.append(in_decl)
            args.append("%%x: %s" % in_decl)
            x = "%x"
        a = None
        if c.axes_src == "const":
            body.append("  %sa = arith.constant %s : %s" % (
                q, axes_dense(c), c.axes_decl))
            a = "%sa" % q
        elif c.axes_src == "runtime":
            ax_static = tensor_type([len(c.axes)], c.axes_elem)
            main.append("  %s_a0 = arith.constant %s : %s" % (
                p, axes_dense(c), ax_static))
            av = "%s_a0" % p
            if ax_static != c.axes_decl:
                main.append("  %s_a = tensor.cast %s : %s to %s" % (
                    p, av, ax_static, c.axes_decl))
                av = "%s_a" % p
            call_args.append(av)
            call_tys.append(c.axes_decl)
            args.append("%%a: %s" % c.axes_decl)
            a = "%a"
        body.append("  %sr = %s" % (q, op_text(c, x, a, in_decl, c.axes_decl,
                                             out_decl)))
        if in_main:
            bits = emit_bits(main, p, "%sr" % p, c)
        elif c.place == "callee":
            body.append("  return %%r : %s" % out_decl)
            lines.append("func.func %s(%s) -> %s {" % (
                fn, ", ".join(args), out_decl))
            lines.extend(body)
            lines.append("}")
            main.append("  %s_r = call %s(%s) : (%s) -> %s" % (
                p, fn, ", ".join(call_args), ", ".join(call_tys), out_decl))
            bits = emit_bits(main, p, "%s_r" % p, c)
        else:  # "callee-bits": the callee returns the bit tensors
            body = idx + body
            cb = emit_bits(body, "%c", "%r", c)
            rtys = ", ".join([bits_ty] * nstreams)
            body.append("  return %s : %s" % (", ".join(cb), rtys))
            lines.append("func.func %s(%s) -> (%s) {" % (
                fn, ", ".join(args), rtys))
            lines.extend(body)
            lines.append("}")
            main.append("  %s_rb:%d = call %s(%s) : (%s) -> (%s)" % (
                p, nstreams, fn, ", ".join(call_args), ", ".join(call_tys),
                rtys))
            bits = ["%s_rb#%d" % (p, s) for s in range(nstreams)]
        # Marker: [MARKER, case index, result dims...].
        r = len(c.out_decl)
        elems = []
        main.append("  %s_mk0 = arith.constant %d : i64" % (p, MARKER))
        main.append("  %s_mk1 = arith.constant %d : i64" % (p, c.index))
        elems += ["%s_mk0" % p, "%s_mk1" % p]
        for i in range(r):
            main.append("  %s_d%d = tensor.dim %s, %%idx%d : %s" % (
                p, i, bits[0], i, bits_ty))
            main.append("  %s_di%d = arith.index_cast %s_d%d : index to i64"
                        % (p, i, p, i))
            elems.append("%s_di%d" % (p, i))
        main.append("  %s_mk = tensor.from_elements %s : tensor<%dxi64>" % (
            p, ", ".join(elems), len(elems)))
        emit_print(main, "%s_mk" % p, [len(elems)])
        for s in range(nstreams):
            emit_print(main, bits[s], c.out_decl, "%s_bs%d" % (p, s))
    main.append("  return")
    main.append("}")
    lines.extend(main)
    lines.append("}")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------

PRINT_RE = re.compile(
    r"sizes = \[(\d*)\] strides = \[\d*\] data = \s*\n\[([^\]]*)\]")


def parse_prints(text):
    out = []
    for m in PRINT_RE.finditer(text):
        n = int(m.group(1))
        vals = [int(v) for v in m.group(2).replace("\n", " ").split(",")
                if v.strip()] if n else []
        if len(vals) != n:
            raise ValueError("memref print with %d values, sizes = [%d]"
                             % (len(vals), n))
        out.append(vals)
    return out


class ToolError(Exception):
    pass


def run_tool(cmd, timeout):
    try:
        return subprocess.run(cmd, capture_output=True, text=True,
                              timeout=timeout)
    except OSError as e:
        raise ToolError("cannot run %s: %s" % (cmd[0], e))


class Runner:
    def __init__(self, args, workdir):
        self.args = args
        self.workdir = workdir
        self.counter = 0
        self.lock = threading.Lock()

    def fresh(self, stem):
        with self.lock:
            self.counter += 1
            return os.path.join(self.workdir, "%s-%d" % (stem, self.counter))

    def commands(self, src, ll, popts=""):
        a = self.args
        pipeline = "--rmean-cpu-pipeline" + ("=" + popts if popts else "")
        compile_cmd = [a.rmean_opt, pipeline, src, "-o", ll]
        run_cmd = [a.mlir_runner, "-e", "main", "-entry-point-result=void",
                   "-shared-libs=" + a.shared_libs, ll]
        return compile_cmd, run_cmd

    def blame(self, message, cases):
        """The case whose function holds the first location in `message`,
        if any (lets a batch failure be pinned without bisection)."""
        m = re.search(r'loc\("([^"]+)":(\d+):\d+\)|(\S+\.mlir):(\d+):\d+',
                      message)
        if not m:
            return None
        path = m.group(1) or m.group(3)
        line = int(m.group(2) or m.group(4))
        try:
            with open(path) as f:
                text = f.read().splitlines()[:line]
        except OSError:
            return None
        func = re.compile(r"(?:func\.func|llvm\.func) @(\w+)\(")
        for l in reversed(text):
            fm = func.search(l)
            if fm:
                name = fm.group(1)
                if name.startswith("case") and name[4:].isdigit():
                    idx = int(name[4:])
                    if any(c.index == idx for c in cases):
                        return idx
                return None
        return None

    def compile_and_run(self, cases):
        """Returns ("ok", prints) or (stage, message)."""
        stem = self.fresh("batch")
        src, ll = stem + ".mlir", stem + ".ll.mlir"
        with open(src, "w") as f:
            f.write(emit_module(cases))
        compile_cmd, run_cmd = self.commands(src, ll, cases[0].popts)
        try:
            p = run_tool(compile_cmd, self.args.timeout)
        except subprocess.TimeoutExpired:
            return "compile", "rmean-opt timed out after %ds" % self.args.timeout
        if p.returncode != 0:
            return "compile", "rmean-opt exit %d: %s" % (
                p.returncode, tail(p.stderr))
        try:
            p = run_tool(run_cmd, self.args.timeout)
        except subprocess.TimeoutExpired:
            return "run", "mlir-runner timed out after %ds" % self.args.timeout
        if p.returncode != 0:
            return "run", "mlir-runner exit %d: %s" % (
                p.returncode, tail(p.stderr + p.stdout))
        try:
            prints = parse_prints(p.stdout)
        except ValueError as e:
            return "output", str(e)
        if not self.args.keep_files:
            for f in (src, ll):
                try:
                    os.unlink(f)
                except OSError:
                    pass
        return "ok", prints


def tail(text, n=600):
    text = text.strip()
    lines = [l for l in text.splitlines() if l.strip()]
    text = "\n".join(lines[:6])
    return text if len(text) <= n else text[:n] + "..."


def split_outputs(cases, prints):
    """Assigns printed memrefs to cases; returns {index: (dims, streams)}
    or raises ValueError."""
    out = {}
    pos = 0
    for c in cases:
        nstreams = 2 if c.etype.kind == "complex" else 1
        if pos + 1 + nstreams > len(prints):
            raise ValueError("output ends before case %d" % c.index)
        mk = prints[pos]
        if len(mk) < 2 or mk[0] != MARKER or mk[1] != c.index:
            raise ValueError("bad marker for case %d: %s" % (c.index, mk[:8]))
        out[c.index] = (mk[2:], prints[pos + 1:pos + 1 + nstreams])
        pos += 1 + nstreams
    if pos != len(prints):
        raise ValueError("%d unexpected memref prints" % (len(prints) - pos))
    return out


def check_case(c, dims, streams):
    if list(dims) != list(c.out_true):
        return "result shape %s, expected %s" % (dims, c.out_true)
    return compare(c, reference(c), streams)


def evaluate(runner, cases):
    """Returns {index: None (pass) or (stage, message)}."""
    status, payload = runner.compile_and_run(cases)
    if status == "ok":
        try:
            outs = split_outputs(cases, payload)
        except ValueError as e:
            status, payload = "output", str(e)
        else:
            res = {}
            for c in cases:
                dims, streams = outs[c.index]
                msg = check_case(c, dims, streams)
                res[c.index] = None if msg is None else ("value", msg)
            return res
    if len(cases) == 1:
        return {cases[0].index: (status, payload)}
    blamed = runner.blame(payload, cases) if status != "output" else None
    if blamed is not None:
        res = evaluate(runner, [c for c in cases if c.index == blamed])
        res.update(evaluate(runner, [c for c in cases if c.index != blamed]))
        return res
    half = len(cases) // 2
    res = evaluate(runner, cases[:half])
    res.update(evaluate(runner, cases[half:]))
    return res


def signature(c, stage, msg):
    """A coarse class of a failure, to group the report."""
    if stage == "value":
        inf = " (got inf)" if re.search(r"got [+-]inf", msg) else ""
        return "value mismatch, %s%s" % (c.etype.name, inf)
    first = msg.splitlines()[0] if msg else ""
    first = re.sub(r"loc\([^)]*\)|/\S+:\d+:\d+|0x[0-9a-f]+", "", first)
    first = re.sub(r"\d+", "N", first)
    return "%s: %s" % (stage, first.strip()[:160])


def write_repro(runner, c, failure, repro_dir):
    os.makedirs(repro_dir, exist_ok=True)
    path = os.path.join(repro_dir, "seed%d-case%d.mlir" % (c.seed, c.index))
    src = emit_module([c])
    compile_cmd, run_cmd = runner.commands(path, "%t.ll.mlir", c.popts)
    hdr = [
        "// Reproducer: rmean differential test seed %d case %d" % (c.seed, c.index),
        "// Failure (%s): %s" % (failure[0], failure[1].replace("\n", "\n//   ")),
        "// Re-run: %s %s --seed %d --only %d --max-elements %d "
        "--big-fraction %g --wide-fraction %g --vary-options %g "
        "--rmean-opt %s --mlir-runner %s --shared-libs %s"
        % (sys.executable, os.path.abspath(__file__), c.seed, c.index,
           runner.args.max_elements, runner.args.big_fraction,
           runner.args.wide_fraction, runner.args.vary_options,
           runner.args.rmean_opt, runner.args.mlir_runner,
           runner.args.shared_libs),
        "// Compile: %s" % " ".join(
            "'%s'" % a if " " in a else a for a in compile_cmd).replace(
                "%t.ll.mlir", "/tmp/out.ll.mlir"),
        "// Run:     %s" % " ".join(run_cmd).replace("%t.ll.mlir", "/tmp/out.ll.mlir"),
        "// The output prints, per case, [%d, case, result dims...] then the raw" % MARKER,
        "// bits of each result element widened to i64 (complex: re, then im).",
    ]
    if failure[0] == "value":
        try:
            exp = reference(c)
            shown = []
            for s in exp:
                shown.append(", ".join(
                    str(e) if not isinstance(e, tuple) else
                    ("nan" if e[0] == "nan" else str(e[1])) for e in s[:16]))
            hdr.append("// Expected bits (first 16 per stream; nan = any NaN): "
                       + " | ".join(shown))
        except Exception:  # pragma: no cover - diagnostics only
            pass
    with open(path, "w") as f:
        f.write("\n".join(hdr) + "\n" + src)
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1,
                    help="seed of the case stream (case N of a seed is "
                         "always the same case)")
    ap.add_argument("--cases", type=int, default=500,
                    help="number of cases to run")
    ap.add_argument("--batch", type=int, default=32,
                    help="cases per compiled module / mlir-runner run")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                    help="batches compiled and run in parallel")
    here = os.path.dirname(os.path.abspath(__file__))
    built = os.path.join(here, "..", "..", "..", "..", "build", "bin",
                         "rmean-opt")
    ap.add_argument("--rmean-opt", default=built if os.path.exists(built)
                    else "rmean-opt")
    ap.add_argument("--mlir-runner",
                    default=shutil.which("mlir-runner") or
                    "/usr/lib/llvm-22/bin/mlir-runner")
    ap.add_argument("--shared-libs", default=",".join([
        "/usr/lib/llvm-22/lib/libmlir_runner_utils.so",
        "/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so"]),
        help="comma-separated runtime libraries for mlir-runner")
    ap.add_argument("--libomp",
                    help="the OpenMP runtime (libomp.so), added to "
                         "--shared-libs so that cases compiled with "
                         "num-threads can run; without it, or when the file "
                         "does not exist, num-threads is not varied")
    ap.add_argument("--keep-going", action="store_true",
                    help="run every case even after a failure (default: "
                         "stop scheduling batches after the first failure)")
    ap.add_argument("--max-elements", type=int, default=12000,
                    help="resample shapes with more input elements")
    ap.add_argument("--big-fraction", type=float, default=0.02,
                    help="fraction of cases with big shapes (up to 9^5 "
                         "elements, beyond --max-elements)")
    ap.add_argument("--wide-fraction", type=float, default=0.06,
                    help="fraction of cases with a wide innermost dimension "
                         "(16-512, up to 4x --max-elements elements)")
    ap.add_argument("--vary-options", type=float, default=0.3,
                    metavar="FRACTION",
                    help="fraction of cases compiled with random pipeline "
                         "options (vector-size, cache-tile, where rmean-opt "
                         "has them); 0 = the default pipeline only")
    ap.add_argument("--timeout", type=int, default=300,
                    help="seconds per rmean-opt / mlir-runner call")
    ap.add_argument("--work-dir", help="where modules go (default: temp dir)")
    ap.add_argument("--repro-dir",
                    help="where reproducers go (default: WORK_DIR/repros)")
    ap.add_argument("--keep-files", action="store_true",
                    help="keep passing batch modules too")
    ap.add_argument("--only", type=int, action="append", default=[],
                    metavar="INDEX", help="run only these case indices")
    ap.add_argument("--exclude", action="append", default=[], metavar="TAG",
                    help="skip cases with this tag, or with all tags of "
                         "TAG1+TAG2 (temporary, for exploring past a known "
                         "bug). Tags: the element type (f32, ui8, "
                         "complex<f64>, ...), axes-attr, axes-const, "
                         "axes-runtime, runtime-keep, runtime-nokeep, "
                         "in-main, in-callee, in-callee-bits, "
                         "returns-result, fold, dynamic, identity, size1, "
                         "empty-reduction, rank0, keep-dims, generic-form, "
                         "pipeline-options, specials, huge, cancel, wide")
    ap.add_argument("--dump", action="store_true",
                    help="print the module of the selected cases and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    for tool in ("rmean_opt", "mlir_runner"):
        path = getattr(args, tool)
        found = shutil.which(path)
        if found is None:
            print("difftest: error: %s not found" % path)
            return 2
        setattr(args, tool, os.path.abspath(found))

    workdir = args.work_dir or tempfile.mkdtemp(prefix="rmean-difftest-")
    os.makedirs(workdir, exist_ok=True)
    repro_dir = args.repro_dir or os.path.join(workdir, "repros")

    available = set()
    if args.vary_options > 0:
        try:
            help_text = run_tool([args.rmean_opt, "--help"], args.timeout).stdout
        except (ToolError, subprocess.TimeoutExpired) as e:
            print("difftest: error: %s" % e)
            return 2
        m = re.search(r"--rmean-cpu-pipeline\b.*?\n((?:\s{8,}--.*\n)*)",
                      help_text)
        if m:
            available = {n for n in OPTION_CHOICES
                         if re.search(r"--%s\b" % re.escape(n), m.group(1))}
    if args.libomp and os.path.exists(args.libomp):
        args.shared_libs += "," + os.path.abspath(args.libomp)
    else:
        available -= {"num-threads", "min-threaded-bytes"}

    def new_case(i):
        c = make_case(args.seed, i, args.max_elements, args.big_fraction,
                      args.wide_fraction)
        c.popts = pick_pipeline_options(args.seed, i, args.vary_options,
                                        available)
        return c

    # Choose the cases: indices 0, 1, ... skipping excluded tags.
    cases = []
    if args.only:
        cases = [new_case(i) for i in args.only]
    else:
        i = 0
        excl = [set(e.split("+")) for e in args.exclude]
        while len(cases) < args.cases:
            c = new_case(i)
            i += 1
            if excl and any(e <= case_tags(c) for e in excl):
                continue
            cases.append(c)
    if args.dump:
        sys.stdout.write(emit_module(cases))
        return 0

    runner = Runner(args, workdir)
    # Cases compiled with the same pipeline options share modules.
    buckets = {}
    for c in cases:
        buckets.setdefault(c.popts, []).append(c)
    batches = []
    for group in buckets.values():
        batches += [group[k:k + args.batch]
                    for k in range(0, len(group), args.batch)]
    batches.sort(key=lambda b: b[0].index)
    results = {}
    stop = threading.Event()
    t0 = time.time()

    def work(batch):
        if stop.is_set():
            return {}
        res = evaluate(runner, batch)
        if any(v is not None for v in res.values()) and not args.keep_going:
            stop.set()
        if args.verbose:
            nf = sum(v is not None for v in res.values())
            print("difftest: batch from case %d: %d/%d failed (%.0fs)" % (
                batch[0].index, nf, len(batch), time.time() - t0),
                file=sys.stderr, flush=True)
        return res

    try:
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            for res in pool.map(work, batches):
                results.update(res)
    except ToolError as e:
        stop.set()
        print("difftest: error: %s" % e)
        return 2

    by_index = {c.index: c for c in cases}
    failed = sorted(i for i, v in results.items() if v is not None)
    passed = sum(1 for v in results.values() if v is None)
    not_run = len(cases) - len(results)
    for i in failed:
        c = by_index[i]
        stage, msg = results[i]
        path = write_repro(runner, c, (stage, msg), repro_dir)
        lines = msg.splitlines() or [""]
        print("FAIL seed=%d case=%d %s: %s [%s] repro: %s" % (
            args.seed, i, stage, lines[0][:300], c.describe(), path))
        for l in lines[1:]:
            print("    " + l)
        print("    tags: %s" % ",".join(sorted(case_tags(c))))
    if failed:
        groups = {}
        for i in failed:
            groups.setdefault(signature(by_index[i], *results[i]), []).append(i)
        print("difftest: failure classes:")
        for sig, idxs in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            print("  %4d x %s  (cases %s%s)" % (
                len(idxs), sig, ", ".join(map(str, idxs[:8])),
                ", ..." if len(idxs) > 8 else ""))
    line = "difftest: %d passed, %d failed" % (passed, len(failed))
    if not_run:
        line += " (%d not run: stopped after the first failure; use " \
                "--keep-going)" % not_run
    print(line + "  [seed %d, %.1fs]" % (args.seed, time.time() - t0))
    sys.stdout.flush()
    return 1 if failed or not_run else 0


if __name__ == "__main__":
    sys.exit(main())
