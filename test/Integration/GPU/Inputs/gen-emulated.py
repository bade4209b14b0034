#!/usr/bin/env python3
"""Generates emulated-cases.mlir: reduce_mean over every element type and
GPU strategy layout, with inputs built from their indices, printing every
result as the integer bits of its elements (so that two pipelines can be
compared exactly with diff).

usage: gen-emulated.py > emulated-cases.mlir
"""

# name, shape, axes, element type, keep_dims, dynamic input[, runtime axes:
# an operand holding `axes` as written, so unsorted and negative values)
CASES = [
    ("f32_short_rows", [64, 1000], [1], "f32", False, False),
    ("f32_long_rows", [8, 5000], [1], "f32", False, False),
    ("f32_odd_rows", [3, 4099], [1], "f32", False, False),
    ("f32_all_split", [40000], [0], "f32", False, False),
    ("f32_all_small", [4096], [0], "f32", False, False),
    ("f32_columns", [300, 70], [0], "f32", False, False),
    ("f32_middle", [6, 50, 7], [1], "f32", False, False),
    ("f32_nhwc_pool", [2, 7, 7, 40], [1, 2], "f32", False, False),
    ("f32_separate", [5, 6, 7], [0, 2], "f32", False, False),
    ("f32_keep", [4, 6], [1], "f32", True, False),
    ("f32_dynamic", [9, 700], [1], "f32", False, True),
    ("f32_empty", [4, 0], [1], "f32", False, False),
    ("f16_rows", [16, 300], [1], "f16", False, False),
    ("bf16_columns", [16, 64], [0], "bf16", False, False),
    ("f64_rows", [32, 257], [1], "f64", False, False),
    ("f64_columns", [100, 9], [0], "f64", False, False),
    ("i8_rows", [10, 33], [1], "i8", False, False),
    ("i32_columns", [7, 100], [0], "i32", False, False),
    ("i32_empty", [0, 5], [0], "i32", False, False),
    ("i64_rows_big", [5, 40], [1], "i64", False, False),
    ("ui8_rows", [3, 1000], [1], "ui8", False, False),
    ("ui64_all_big", [77], [0], "ui64", False, False),
    ("c32_rows", [6, 40], [1], "complex<f32>", False, False),
    ("c64_columns", [30, 5], [0], "complex<f64>", False, False),
    ("rt_f32_rows", [64, 1000], [-1], "f32", False, False, True),
    ("rt_f32_nhwc_pool", [2, 7, 7, 40], [2, 1], "f32", False, False, True),
    ("rt_f64_columns_keep", [100, 9], [0], "f64", True, False, True),
    ("rt_i32_separate", [5, 6, 7], [2, 0], "i32", False, True, True),
    ("rt_i64_all_big", [3, 50], [0, 1], "i64", False, False, True),
]

BITS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}


def ttype(shape, elt, dynamic=False):
    dims = "x".join("?" if dynamic else str(d) for d in shape)
    return f"tensor<{dims}x{elt}>" if shape else f"tensor<{elt}>"


def value_body(elt, rank, big):
    """Body of a linalg.generic computing element values from indices."""
    lines = []
    idx = [f"%i{d}" for d in range(rank)]
    for d in range(rank):
        lines.append(f"    %i{d} = linalg.index {d} : index")
    mults = [31, 17, 7, 3][:rank]
    acc = None
    for d, m in enumerate(mults):
        lines.append(f"    %m{d} = arith.constant {m} : index")
        lines.append(f"    %p{d} = arith.muli {idx[d]}, %m{d} : index")
        if acc is None:
            acc = f"%p{d}"
        else:
            lines.append(f"    %s{d} = arith.addi {acc}, %p{d} : index")
            acc = f"%s{d}"
    lines.append("    %c23 = arith.constant 23 : index")
    lines.append(f"    %r = arith.remui {acc}, %c23 : index")
    lines.append("    %ri = arith.index_cast %r : index to i64")
    lines.append("    %c11 = arith.constant 11 : i64")
    lines.append("    %v = arith.subi %ri, %c11 : i64")
    if elt in BITS or elt.startswith("complex"):
        part = elt[8:-1] if elt.startswith("complex") else elt
        # Multiples of 1/8: every sum is exact in f64.
        lines.append(f"    %vf = arith.sitofp %v : i64 to {part}")
        lines.append(f"    %eighth = arith.constant 0.125 : {part}")
        lines.append(f"    %x = arith.mulf %vf, %eighth : {part}")
        if elt.startswith("complex"):
            lines.append(f"    %y = arith.negf %x : {part}")
            lines.append(f"    %z = complex.create %x, %y : {elt}")
            return lines, "%z"
        return lines, "%x"
    if elt in ("i64", "ui64") and big:
        # Near the top of the range: the sum needs more than 64 bits.
        top = "9223372036854775807" if elt == "i64" else "-1"
        lines.append(f"    %top = arith.constant {top} : i64")
        lines.append("    %a = math.absi %v : i64")
        lines.append("    %x = arith.subi %top, %a : i64")
        if elt == "ui64":
            lines.append("    %u = builtin.unrealized_conversion_cast %x : i64 to ui64")
            return lines, "%u"
        return lines, "%x"
    if elt.startswith("ui"):
        w = int(elt[2:])
        lines.append("    %c255 = arith.constant 200 : i64")
        lines.append("    %a = arith.addi %v, %c255 : i64")
        lines.append(f"    %t = arith.trunci %a : i64 to i{w}")
        lines.append(f"    %u = builtin.unrealized_conversion_cast %t : i{w} to {elt}")
        return lines, "%u"
    w = int(elt[1:])
    if w == 64:
        return lines, "%v"
    lines.append(f"    %t = arith.trunci %v : i64 to {elt}")
    return lines, "%t"


def bits_of(elt):
    """Ops turning a scalar %e of `elt` into i64 bits %b."""
    if elt in BITS:
        w = BITS[elt]
        out = [f"    %i = arith.bitcast %e : {elt} to i{w}"]
        out.append("    %b = arith.extui %i : i" + str(w) + " to i64" if w < 64
                   else "    %b = arith.addi %i, %zero : i64")
        return out
    if elt.startswith("ui"):
        w = int(elt[2:])
        out = [f"    %s = builtin.unrealized_conversion_cast %e : {elt} to i{w}"]
        out.append(f"    %b = arith.extui %s : i{w} to i64" if w < 64
                   else "    %b = arith.addi %s, %zero : i64")
        return out
    w = int(elt[1:])
    return [f"    %b = arith.extsi %e : {elt} to i64" if w < 64
            else "    %b = arith.addi %e, %zero : i64"]


def main():
    out = ["// Generated by Inputs/gen-emulated.py: do not edit by hand.",
           "func.func private @printMemrefI64(tensor<*xi64>)", ""]
    calls = []
    for name, shape, spelt, elt, keep, dyn, *runtime in CASES:
        runtime = bool(runtime and runtime[0])
        rank = len(shape)
        axes = sorted(a % rank for a in spelt)
        big = "big" in name
        rshape = [1 if d in axes else s for d, s in enumerate(shape)
                  if keep or d not in axes]
        in_t = ttype(shape, elt, dyn)
        res_t = ttype(rshape, elt, (dyn or runtime) and rshape != [])
        keep_attr = ", keep_dims = true" if keep else ""
        axes_s = ", ".join(map(str, spelt))
        if runtime:
            out.append(f"func.func @{name}(%x: {in_t}, %a: tensor<?xi64>) -> {res_t} {{")
            attrs = " {keep_dims = true}" if keep else ""
            out.append(f"  %0 = rmean.reduce_mean %x, %a{attrs}"
                       f" : {in_t}, tensor<?xi64> -> {res_t}")
        else:
            out.append(f"func.func @{name}(%x: {in_t}) -> {res_t} {{")
            out.append(f"  %0 = rmean.reduce_mean %x {{axes = array<i64: {axes_s}>{keep_attr}}}"
                       f" : {in_t} -> {res_t}")
        out.append(f"  return %0 : {res_t}")
        out.append("}")
        out.append("")
        # Input builder, result printer.
        st = ttype(shape, elt)
        maps = ", ".join([f"affine_map<({', '.join(f'd{d}' for d in range(rank))}) -> "
                          f"({', '.join(f'd{d}' for d in range(rank))})>"])
        iters = ", ".join(['"parallel"'] * rank)
        body, val = value_body(elt, rank, big)
        c = [f"  %e_{name} = tensor.empty() : {st}",
             f"  %in_{name} = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{iters}]}}"
             f" outs(%e_{name} : {st}) {{",
             f"  ^bb0(%o: {elt}):"]
        c += ["  " + l for l in body]
        c.append(f"      linalg.yield {val} : {elt}")
        c.append(f"  }} -> {st}")
        arg = f"%in_{name}"
        if dyn:
            c.append(f"  %d_{name} = tensor.cast %in_{name} : {st} to {in_t}")
            arg = f"%d_{name}"
        if runtime:
            n = len(spelt)
            c.append(f"  %ac_{name} = arith.constant dense<[{axes_s}]> : tensor<{n}xi64>")
            c.append(f"  %a_{name} = tensor.cast %ac_{name} : tensor<{n}xi64> to tensor<?xi64>")
            c.append(f"  %r_{name} = func.call @{name}({arg}, %a_{name}) : "
                     f"({in_t}, tensor<?xi64>) -> {res_t}")
        else:
            c.append(f"  %r_{name} = func.call @{name}({arg}) : ({in_t}) -> {res_t}")
        parts = [("", elt)]
        if elt.startswith("complex"):
            p = elt[8:-1]
            parts = [("re", p), ("im", p)]
        for part, pt in parts:
            rr = len(rshape)
            rt = res_t
            src = f"%r_{name}"
            ot_shape = "x".join(["?"] * rr) if rr else ""
            ot = f"tensor<{ot_shape}xi64>" if rr else "tensor<i64>"
            dims = []
            for d in range(rr):
                c.append(f"  %cd{d}_{name}{part} = arith.constant {d} : index")
                c.append(f"  %dd{d}_{name}{part} = tensor.dim {src}, %cd{d}_{name}{part} : {rt}")
                dims.append(f"%dd{d}_{name}{part}")
            c.append(f"  %o_{name}{part} = tensor.empty({', '.join(dims)}) : {ot}")
            rmap = (f"affine_map<({', '.join(f'd{d}' for d in range(rr))}) -> "
                    f"({', '.join(f'd{d}' for d in range(rr))})>")
            riters = ", ".join(['"parallel"'] * rr)
            c.append(f"  %b_{name}{part} = linalg.generic {{indexing_maps = [{rmap}, {rmap}], "
                     f"iterator_types = [{riters}]}} ins({src} : {rt}) outs(%o_{name}{part} : {ot}) {{")
            c.append(f"  ^bb0(%v: {elt}, %w: i64):")
            c.append("    %zero = arith.constant 0 : i64")
            if part:
                c.append(f"    %e = complex.{part} %v : {elt}")
            else:
                c.append(f"    %e = arith.addf %v, %v : {elt}" if False else f"    %e = builtin.unrealized_conversion_cast %v : {elt} to {elt}")
            c += ["  " + l for l in bits_of(pt)]
            c.append("      linalg.yield %b : i64")
            c.append(f"  }} -> {ot}")
            c.append(f"  %u_{name}{part} = tensor.cast %b_{name}{part} : {ot} to tensor<*xi64>")
            c.append(f"  call @printMemrefI64(%u_{name}{part}) : (tensor<*xi64>) -> ()")
        calls += c
    out.append("func.func @main() {")
    out += calls
    out.append("  return")
    out.append("}")
    print("\n".join(out))


if __name__ == "__main__":
    main()
