//===- gpu-driver.cpp - rmean's GPU kernels against a CPU reference -------===//
//
// Calls every kernel of gpu-kernels.mlir (compiled by scripts/rmean-gpu-aot.sh)
// on device buffers and checks each result against a reference computed here:
// integers exactly (the mean truncated toward zero), floats within
// docs/ReduceMean.md §4's bound, empty reductions NaN (0 for integers). Every
// kernel runs twice and must give the same bits. One line per case,
// `PASS name` or `FAIL name: why`, then `N passed, M failed`; the exit status
// is 1 when a case failed.
//
// Without a usable GPU it prints `UNSUPPORTED: <reason>` and exits 0, so that
// the program is built and run, and the test passes, on machines without one.
// `--force` then calls a kernel anyway: the runtime must end the program with
// one message and status 70.
//
// Self-contained on purpose (no MLIR headers): scripts/gpu-check.sh builds it
// on a machine with a CUDA driver but no LLVM/MLIR.
//
//===----------------------------------------------------------------------===//

#include "rmean/Runtime/GpuRuntime.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr int kMaxRank = 4;

/// MLIR's ranked memref descriptor for any rank up to kMaxRank: the callee
/// of rank R reads and writes sizes in the first R slots and strides in the
/// next R, exactly where StridedMemRefType<T, R> has them.
struct Desc {
  void *basePtr;
  void *data;
  int64_t offset;
  int64_t sizesAndStrides[2 * kMaxRank];
};

using KernelFn = void (*)(Desc *result, Desc *input);

} // namespace

#define KERNEL(name) extern "C" void _mlir_ciface_##name(Desc *, Desc *);
KERNEL(rows_f16)
KERNEL(odd_rows_f16)
KERNEL(cols_f16)
KERNEL(all_f16)
KERNEL(rows_bf16)
KERNEL(odd_rows_bf16)
KERNEL(cols_bf16)
KERNEL(all_bf16)
KERNEL(rows_f32)
KERNEL(odd_rows_f32)
KERNEL(cols_f32)
KERNEL(all_f32)
KERNEL(rows_f64)
KERNEL(odd_rows_f64)
KERNEL(cols_f64)
KERNEL(all_f64)
KERNEL(rows_i8)
KERNEL(odd_rows_i8)
KERNEL(cols_i8)
KERNEL(all_i8)
KERNEL(rows_i16)
KERNEL(odd_rows_i16)
KERNEL(cols_i16)
KERNEL(all_i16)
KERNEL(rows_i32)
KERNEL(odd_rows_i32)
KERNEL(cols_i32)
KERNEL(all_i32)
KERNEL(rows_i64)
KERNEL(odd_rows_i64)
KERNEL(cols_i64)
KERNEL(all_i64)
KERNEL(rows_ui8)
KERNEL(odd_rows_ui8)
KERNEL(cols_ui8)
KERNEL(all_ui8)
KERNEL(rows_ui16)
KERNEL(odd_rows_ui16)
KERNEL(cols_ui16)
KERNEL(all_ui16)
KERNEL(rows_ui32)
KERNEL(odd_rows_ui32)
KERNEL(cols_ui32)
KERNEL(all_ui32)
KERNEL(rows_ui64)
KERNEL(odd_rows_ui64)
KERNEL(cols_ui64)
KERNEL(all_ui64)
KERNEL(rows_cf32)
KERNEL(odd_rows_cf32)
KERNEL(cols_cf32)
KERNEL(all_cf32)
KERNEL(rows_cf64)
KERNEL(odd_rows_cf64)
KERNEL(cols_cf64)
KERNEL(all_cf64)
KERNEL(row_short)
KERNEL(row_long)
KERNEL(row_split)
KERNEL(row_long_f16)
KERNEL(col)
KERNEL(col_split)
KERNEL(nhwc_pool)
KERNEL(nchw_pool)
KERNEL(all_1m)
KERNEL(all_16m3)
KERNEL(all_1m_bf16)
KERNEL(runs)
KERNEL(runs_i32)
KERNEL(keep_rows)
KERNEL(keep_middle)
KERNEL(keep_all)
KERNEL(identity)
KERNEL(dyn_rows)
KERNEL(dyn_cols)
KERNEL(empty_f32)
KERNEL(empty_cols_f32)
KERNEL(empty_f16)
KERNEL(empty_i32)
KERNEL(empty_ui64)
KERNEL(empty_c64)
KERNEL(empty_all_f64)
KERNEL(specials_f32)
KERNEL(limits_i64_rows)
KERNEL(limits_i64_split)
KERNEL(limits_i64_cols)
KERNEL(limits_i64_all)
KERNEL(limits_ui64_rows)
KERNEL(limits_ui64_cols)
KERNEL(limits_ui64_all)
KERNEL(limits_i32_rows)
KERNEL(limits_ui32_cols)
KERNEL(limits_i8_all)
KERNEL(signed_f32)
KERNEL(signed_f64_cols)
KERNEL(big_bf16)
KERNEL(big_f16_cols)
// Runtime axes: these take a third descriptor (the axes); see call().
KERNEL(rt_rows_f32)
KERNEL(rt_pool_f16)
KERNEL(rt_stats_f32_keep)
KERNEL(rt_cols_i64)
#undef KERNEL

namespace {

enum class Elem {
  F16,
  BF16,
  F32,
  F64,
  I8,
  I16,
  I32,
  I64,
  U8,
  U16,
  U32,
  U64,
  C32,
  C64
};
/// What is reduced: the listed axes, all of them (empty axes with
/// noop_with_empty_axes = false), nothing (the identity), or the listed
/// axes (possibly negative) passed at run time in a device buffer.
enum class Reduce { Listed, All, None, Runtime };
/// Input data. Default: uniform [0, 1) for floats, the whole range for
/// integers. Signed: [-1000, 1000) + 10, so that sums cancel. Big: near the
/// type's largest finite value (a sum overflows f32 for bf16, f16 for f16).
/// Ones: 1.0, whose mean must be exactly 1. Limits: integers within a few
/// steps of their extremes. Specials: per row, signed zeros, NaN, infinities,
/// cancelling pairs.
enum class Gen { Default, Signed, Big, Ones, Limits, Specials };

struct Case {
  const char *name;
  KernelFn fn;
  Elem elem;
  std::vector<int64_t> shape;
  std::vector<int64_t> axes;
  Reduce mode;
  bool keepDims;
  Gen gen;
};

/// Must agree with gpu-kernels.mlir (the shapes of dynamic kernels are the
/// sizes they are called with).
const std::vector<Case> &cases() {
  static const std::vector<Case> table = {
      // clang-format off
      {"rows_f16", _mlir_ciface_rows_f16, Elem::F16, {256, 1024}, {1}, Reduce::Listed, false, Gen::Default},
      {"odd_rows_f16", _mlir_ciface_odd_rows_f16, Elem::F16, {100, 333}, {1}, Reduce::Listed, false, Gen::Default},
      {"cols_f16", _mlir_ciface_cols_f16, Elem::F16, {1024, 96}, {0}, Reduce::Listed, false, Gen::Default},
      {"all_f16", _mlir_ciface_all_f16, Elem::F16, {65537}, {}, Reduce::All, false, Gen::Default},
      {"rows_bf16", _mlir_ciface_rows_bf16, Elem::BF16, {256, 1024}, {1}, Reduce::Listed, false, Gen::Default},
      {"odd_rows_bf16", _mlir_ciface_odd_rows_bf16, Elem::BF16, {100, 333}, {1}, Reduce::Listed, false, Gen::Default},
      {"cols_bf16", _mlir_ciface_cols_bf16, Elem::BF16, {1024, 96}, {0}, Reduce::Listed, false, Gen::Default},
      {"all_bf16", _mlir_ciface_all_bf16, Elem::BF16, {65537}, {}, Reduce::All, false, Gen::Default},
      {"rows_f32", _mlir_ciface_rows_f32, Elem::F32, {256, 1024}, {1}, Reduce::Listed, false, Gen::Default},
      {"odd_rows_f32", _mlir_ciface_odd_rows_f32, Elem::F32, {100, 333}, {1}, Reduce::Listed, false, Gen::Default},
      {"cols_f32", _mlir_ciface_cols_f32, Elem::F32, {1024, 96}, {0}, Reduce::Listed, false, Gen::Default},
      {"all_f32", _mlir_ciface_all_f32, Elem::F32, {65537}, {}, Reduce::All, false, Gen::Default},
      {"rows_f64", _mlir_ciface_rows_f64, Elem::F64, {256, 1024}, {1}, Reduce::Listed, false, Gen::Default},
      {"odd_rows_f64", _mlir_ciface_odd_rows_f64, Elem::F64, {100, 333}, {1}, Reduce::Listed, false, Gen::Default},
      {"cols_f64", _mlir_ciface_cols_f64, Elem::F64, {1024, 96}, {0}, Reduce::Listed, false, Gen::Default},
      {"all_f64", _mlir_ciface_all_f64, Elem::F64, {65537}, {}, Reduce::All, false, Gen::Default},
      {"rows_i8", _mlir_ciface_rows_i8, Elem::I8, {256, 1024}, {1}, Reduce::Listed, false, Gen::Default},
      {"odd_rows_i8", _mlir_ciface_odd_rows_i8, Elem::I8, {100, 333}, {1}, Reduce::Listed, false, Gen::Default},
      {"cols_i8", _mlir_ciface_cols_i8, Elem::I8, {1024, 96}, {0}, Reduce::Listed, false, Gen::Default},
      {"all_i8", _mlir_ciface_all_i8, Elem::I8, {65537}, {}, Reduce::All, false, Gen::Default},
      {"rows_i16", _mlir_ciface_rows_i16, Elem::I16, {256, 1024}, {1}, Reduce::Listed, false, Gen::Default},
      {"odd_rows_i16", _mlir_ciface_odd_rows_i16, Elem::I16, {100, 333}, {1}, Reduce::Listed, false, Gen::Default},
      {"cols_i16", _mlir_ciface_cols_i16, Elem::I16, {1024, 96}, {0}, Reduce::Listed, false, Gen::Default},
      {"all_i16", _mlir_ciface_all_i16, Elem::I16, {65537}, {}, Reduce::All, false, Gen::Default},
      {"rows_i32", _mlir_ciface_rows_i32, Elem::I32, {256, 1024}, {1}, Reduce::Listed, false, Gen::Default},
      {"odd_rows_i32", _mlir_ciface_odd_rows_i32, Elem::I32, {100, 333}, {1}, Reduce::Listed, false, Gen::Default},
      {"cols_i32", _mlir_ciface_cols_i32, Elem::I32, {1024, 96}, {0}, Reduce::Listed, false, Gen::Default},
      {"all_i32", _mlir_ciface_all_i32, Elem::I32, {65537}, {}, Reduce::All, false, Gen::Default},
      {"rows_i64", _mlir_ciface_rows_i64, Elem::I64, {256, 1024}, {1}, Reduce::Listed, false, Gen::Default},
      {"odd_rows_i64", _mlir_ciface_odd_rows_i64, Elem::I64, {100, 333}, {1}, Reduce::Listed, false, Gen::Default},
      {"cols_i64", _mlir_ciface_cols_i64, Elem::I64, {1024, 96}, {0}, Reduce::Listed, false, Gen::Default},
      {"all_i64", _mlir_ciface_all_i64, Elem::I64, {65537}, {}, Reduce::All, false, Gen::Default},
      {"rows_ui8", _mlir_ciface_rows_ui8, Elem::U8, {256, 1024}, {1}, Reduce::Listed, false, Gen::Default},
      {"odd_rows_ui8", _mlir_ciface_odd_rows_ui8, Elem::U8, {100, 333}, {1}, Reduce::Listed, false, Gen::Default},
      {"cols_ui8", _mlir_ciface_cols_ui8, Elem::U8, {1024, 96}, {0}, Reduce::Listed, false, Gen::Default},
      {"all_ui8", _mlir_ciface_all_ui8, Elem::U8, {65537}, {}, Reduce::All, false, Gen::Default},
      {"rows_ui16", _mlir_ciface_rows_ui16, Elem::U16, {256, 1024}, {1}, Reduce::Listed, false, Gen::Default},
      {"odd_rows_ui16", _mlir_ciface_odd_rows_ui16, Elem::U16, {100, 333}, {1}, Reduce::Listed, false, Gen::Default},
      {"cols_ui16", _mlir_ciface_cols_ui16, Elem::U16, {1024, 96}, {0}, Reduce::Listed, false, Gen::Default},
      {"all_ui16", _mlir_ciface_all_ui16, Elem::U16, {65537}, {}, Reduce::All, false, Gen::Default},
      {"rows_ui32", _mlir_ciface_rows_ui32, Elem::U32, {256, 1024}, {1}, Reduce::Listed, false, Gen::Default},
      {"odd_rows_ui32", _mlir_ciface_odd_rows_ui32, Elem::U32, {100, 333}, {1}, Reduce::Listed, false, Gen::Default},
      {"cols_ui32", _mlir_ciface_cols_ui32, Elem::U32, {1024, 96}, {0}, Reduce::Listed, false, Gen::Default},
      {"all_ui32", _mlir_ciface_all_ui32, Elem::U32, {65537}, {}, Reduce::All, false, Gen::Default},
      {"rows_ui64", _mlir_ciface_rows_ui64, Elem::U64, {256, 1024}, {1}, Reduce::Listed, false, Gen::Default},
      {"odd_rows_ui64", _mlir_ciface_odd_rows_ui64, Elem::U64, {100, 333}, {1}, Reduce::Listed, false, Gen::Default},
      {"cols_ui64", _mlir_ciface_cols_ui64, Elem::U64, {1024, 96}, {0}, Reduce::Listed, false, Gen::Default},
      {"all_ui64", _mlir_ciface_all_ui64, Elem::U64, {65537}, {}, Reduce::All, false, Gen::Default},
      {"rows_cf32", _mlir_ciface_rows_cf32, Elem::C32, {256, 1024}, {1}, Reduce::Listed, false, Gen::Default},
      {"odd_rows_cf32", _mlir_ciface_odd_rows_cf32, Elem::C32, {100, 333}, {1}, Reduce::Listed, false, Gen::Default},
      {"cols_cf32", _mlir_ciface_cols_cf32, Elem::C32, {1024, 96}, {0}, Reduce::Listed, false, Gen::Default},
      {"all_cf32", _mlir_ciface_all_cf32, Elem::C32, {65537}, {}, Reduce::All, false, Gen::Default},
      {"rows_cf64", _mlir_ciface_rows_cf64, Elem::C64, {256, 1024}, {1}, Reduce::Listed, false, Gen::Default},
      {"odd_rows_cf64", _mlir_ciface_odd_rows_cf64, Elem::C64, {100, 333}, {1}, Reduce::Listed, false, Gen::Default},
      {"cols_cf64", _mlir_ciface_cols_cf64, Elem::C64, {1024, 96}, {0}, Reduce::Listed, false, Gen::Default},
      {"all_cf64", _mlir_ciface_all_cf64, Elem::C64, {65537}, {}, Reduce::All, false, Gen::Default},
      {"row_short", _mlir_ciface_row_short, Elem::F32, {1000, 100}, {1}, Reduce::Listed, false, Gen::Default},
      {"row_long", _mlir_ciface_row_long, Elem::F32, {64, 65536}, {1}, Reduce::Listed, false, Gen::Default},
      {"row_split", _mlir_ciface_row_split, Elem::F32, {4, 1048576}, {1}, Reduce::Listed, false, Gen::Default},
      {"row_long_f16", _mlir_ciface_row_long_f16, Elem::F16, {64, 65536}, {1}, Reduce::Listed, false, Gen::Default},
      {"col", _mlir_ciface_col, Elem::F32, {4096, 256}, {0}, Reduce::Listed, false, Gen::Default},
      {"col_split", _mlir_ciface_col_split, Elem::F32, {65536, 64}, {0}, Reduce::Listed, false, Gen::Default},
      {"nhwc_pool", _mlir_ciface_nhwc_pool, Elem::F32, {8, 7, 7, 512}, {1, 2}, Reduce::Listed, false, Gen::Default},
      {"nchw_pool", _mlir_ciface_nchw_pool, Elem::F32, {8, 64, 7, 7}, {2, 3}, Reduce::Listed, false, Gen::Default},
      {"all_1m", _mlir_ciface_all_1m, Elem::F32, {1048576}, {}, Reduce::All, false, Gen::Default},
      {"all_16m3", _mlir_ciface_all_16m3, Elem::F32, {16777219}, {}, Reduce::All, false, Gen::Default},
      {"all_16m3_ones", _mlir_ciface_all_16m3, Elem::F32, {16777219}, {}, Reduce::All, false, Gen::Ones},
      {"all_1m_bf16", _mlir_ciface_all_1m_bf16, Elem::BF16, {1048576}, {}, Reduce::All, false, Gen::Default},
      {"runs", _mlir_ciface_runs, Elem::F32, {16, 32, 64}, {0, 2}, Reduce::Listed, false, Gen::Default},
      {"runs_i32", _mlir_ciface_runs_i32, Elem::I32, {16, 32, 64}, {0, 2}, Reduce::Listed, false, Gen::Default},
      {"keep_rows", _mlir_ciface_keep_rows, Elem::F32, {64, 300}, {1}, Reduce::Listed, true, Gen::Default},
      {"keep_middle", _mlir_ciface_keep_middle, Elem::F32, {32, 48, 5}, {1}, Reduce::Listed, true, Gen::Default},
      {"keep_all", _mlir_ciface_keep_all, Elem::F32, {6, 7, 8}, {}, Reduce::All, true, Gen::Default},
      {"identity", _mlir_ciface_identity, Elem::F32, {33, 17}, {}, Reduce::None, false, Gen::Default},
      {"dyn_rows_37x1001", _mlir_ciface_dyn_rows, Elem::F32, {37, 1001}, {1}, Reduce::Listed, false, Gen::Default},
      {"dyn_rows_3x100000", _mlir_ciface_dyn_rows, Elem::F32, {3, 100000}, {1}, Reduce::Listed, false, Gen::Default},
      {"dyn_rows_5x0", _mlir_ciface_dyn_rows, Elem::F32, {5, 0}, {1}, Reduce::Listed, false, Gen::Default},
      {"dyn_rows_0x9", _mlir_ciface_dyn_rows, Elem::F32, {0, 9}, {1}, Reduce::Listed, false, Gen::Default},
      {"dyn_cols_1000x3", _mlir_ciface_dyn_cols, Elem::F32, {1000, 3}, {0}, Reduce::Listed, false, Gen::Default},
      {"dyn_cols_70000x33", _mlir_ciface_dyn_cols, Elem::F32, {70000, 33}, {0}, Reduce::Listed, false, Gen::Default},
      {"dyn_cols_0x7", _mlir_ciface_dyn_cols, Elem::F32, {0, 7}, {0}, Reduce::Listed, false, Gen::Default},
      {"empty_f32", _mlir_ciface_empty_f32, Elem::F32, {8, 0}, {1}, Reduce::Listed, false, Gen::Default},
      {"empty_cols_f32", _mlir_ciface_empty_cols_f32, Elem::F32, {0, 8}, {0}, Reduce::Listed, false, Gen::Default},
      {"empty_f16", _mlir_ciface_empty_f16, Elem::F16, {5, 0}, {1}, Reduce::Listed, false, Gen::Default},
      {"empty_i32", _mlir_ciface_empty_i32, Elem::I32, {8, 0}, {1}, Reduce::Listed, false, Gen::Default},
      {"empty_ui64", _mlir_ciface_empty_ui64, Elem::U64, {3, 0, 4}, {1}, Reduce::Listed, false, Gen::Default},
      {"empty_c64", _mlir_ciface_empty_c64, Elem::C64, {4, 0}, {1}, Reduce::Listed, false, Gen::Default},
      {"empty_all_f64", _mlir_ciface_empty_all_f64, Elem::F64, {0, 3}, {}, Reduce::All, false, Gen::Default},
      {"specials_f32", _mlir_ciface_specials_f32, Elem::F32, {6, 8}, {1}, Reduce::Listed, false, Gen::Specials},
      {"limits_i64_rows", _mlir_ciface_limits_i64_rows, Elem::I64, {16, 4096}, {1}, Reduce::Listed, false, Gen::Limits},
      {"limits_i64_split", _mlir_ciface_limits_i64_split, Elem::I64, {4, 262144}, {1}, Reduce::Listed, false, Gen::Limits},
      {"limits_i64_cols", _mlir_ciface_limits_i64_cols, Elem::I64, {65536, 16}, {0}, Reduce::Listed, false, Gen::Limits},
      {"limits_i64_all", _mlir_ciface_limits_i64_all, Elem::I64, {1048576}, {}, Reduce::All, false, Gen::Limits},
      {"limits_ui64_rows", _mlir_ciface_limits_ui64_rows, Elem::U64, {16, 4096}, {1}, Reduce::Listed, false, Gen::Limits},
      {"limits_ui64_cols", _mlir_ciface_limits_ui64_cols, Elem::U64, {65536, 16}, {0}, Reduce::Listed, false, Gen::Limits},
      {"limits_ui64_all", _mlir_ciface_limits_ui64_all, Elem::U64, {1048576}, {}, Reduce::All, false, Gen::Limits},
      {"limits_i32_rows", _mlir_ciface_limits_i32_rows, Elem::I32, {16, 4096}, {1}, Reduce::Listed, false, Gen::Limits},
      {"limits_ui32_cols", _mlir_ciface_limits_ui32_cols, Elem::U32, {65536, 16}, {0}, Reduce::Listed, false, Gen::Limits},
      {"limits_i8_all", _mlir_ciface_limits_i8_all, Elem::I8, {1048576}, {}, Reduce::All, false, Gen::Limits},
      {"signed_f32", _mlir_ciface_signed_f32, Elem::F32, {512, 2048}, {1}, Reduce::Listed, false, Gen::Signed},
      {"signed_f64_cols", _mlir_ciface_signed_f64_cols, Elem::F64, {8192, 40}, {0}, Reduce::Listed, false, Gen::Signed},
      {"big_bf16", _mlir_ciface_big_bf16, Elem::BF16, {64, 4096}, {1}, Reduce::Listed, false, Gen::Big},
      {"big_f16_cols", _mlir_ciface_big_f16_cols, Elem::F16, {4096, 64}, {0}, Reduce::Listed, false, Gen::Big},
      {"rt_rows_f32", _mlir_ciface_rt_rows_f32, Elem::F32, {256, 1024}, {-1}, Reduce::Runtime, false, Gen::Signed},
      {"rt_pool_f16", _mlir_ciface_rt_pool_f16, Elem::F16, {4, 8, 8, 32}, {2, -3}, Reduce::Runtime, false, Gen::Default},
      {"rt_stats_f32_keep", _mlir_ciface_rt_stats_f32_keep, Elem::F32, {8, 16, 5, 5}, {3, 0, 2}, Reduce::Runtime, true, Gen::Signed},
      {"rt_cols_i64", _mlir_ciface_rt_cols_i64, Elem::I64, {1000, 24}, {0}, Reduce::Runtime, false, Gen::Limits},
      // clang-format on
  };
  return table;
}

struct ElemInfo {
  const char *name;
  size_t bytes;
  bool isFloat, isComplex, isUnsigned;
  int bits; // of an integer, or of a float part
  // Float format: significant bits and smallest normal exponent.
  int precision, minExp;
};

ElemInfo info(Elem e) {
  switch (e) {
  case Elem::F16:
    return {"f16", 2, true, false, false, 16, 11, -14};
  case Elem::BF16:
    return {"bf16", 2, true, false, false, 16, 8, -126};
  case Elem::F32:
    return {"f32", 4, true, false, false, 32, 24, -126};
  case Elem::F64:
    return {"f64", 8, true, false, false, 64, 53, -1022};
  case Elem::C32:
    return {"complex<f32>", 8, true, true, false, 32, 24, -126};
  case Elem::C64:
    return {"complex<f64>", 16, true, true, false, 64, 53, -1022};
  case Elem::I8:
    return {"i8", 1, false, false, false, 8, 0, 0};
  case Elem::I16:
    return {"i16", 2, false, false, false, 16, 0, 0};
  case Elem::I32:
    return {"i32", 4, false, false, false, 32, 0, 0};
  case Elem::I64:
    return {"i64", 8, false, false, false, 64, 0, 0};
  case Elem::U8:
    return {"ui8", 1, false, false, true, 8, 0, 0};
  case Elem::U16:
    return {"ui16", 2, false, false, true, 16, 0, 0};
  case Elem::U32:
    return {"ui32", 4, false, false, true, 32, 0, 0};
  case Elem::U64:
    return {"ui64", 8, false, false, true, 64, 0, 0};
  }
  std::abort();
}

//===----------------------------------------------------------------------===//
// Float formats, without relying on the host compiler's _Float16/bf16
//===----------------------------------------------------------------------===//

/// `v` rounded to nearest-even with `precision` significant bits and normal
/// exponents down to `minExp` (below that, the fixed step of subnormals).
double roundTo(double v, int precision, int minExp) {
  if (v == 0 || !std::isfinite(v))
    return v;
  int e;
  std::frexp(v, &e); // |v| in [2^(e-1), 2^e)
  int lsb = std::max(e - 1, minExp) - (precision - 1);
  return std::ldexp(std::nearbyint(std::ldexp(v, -lsb)), lsb);
}

/// The spacing of the format's values at magnitude |v|.
double ulpOf(double v, int precision, int minExp) {
  int e = minExp + 1;
  if (v != 0 && std::isfinite(v))
    std::frexp(v, &e);
  return std::ldexp(1.0, std::max(e - 1, minExp) - (precision - 1));
}

/// Bits of an f16 value; `v` must be representable (roundTo first).
uint16_t f16Bits(double v) {
  uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  double a = std::fabs(v);
  if (std::isnan(v))
    return 0x7e00;
  if (a > 65504)
    return sign | 0x7c00;
  if (a < std::ldexp(1.0, -14))
    return sign | uint16_t(std::ldexp(a, 24));
  int e;
  std::frexp(a, &e);
  uint16_t mant = uint16_t(std::ldexp(a, 11 - e) - 1024);
  return sign | uint16_t((e - 1 + 15) << 10) | mant;
}

double f16Value(uint16_t h) {
  double sign = (h & 0x8000) ? -1 : 1;
  int exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  if (exp == 0)
    return sign * std::ldexp(mant, -24);
  if (exp == 31)
    return mant ? NAN : sign * INFINITY;
  return sign * std::ldexp(mant + 1024, exp - 25);
}

uint16_t bf16Bits(double v) {
  float f = float(v); // exact: bf16 values are floats
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return uint16_t(u >> 16);
}

double bf16Value(uint16_t h) {
  uint32_t u = uint32_t(h) << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

/// Float part `part` of element `i` of a float or complex buffer.
double loadFloat(Elem e, const void *buf, size_t i, int part) {
  const char *p = static_cast<const char *>(buf);
  switch (e) {
  case Elem::F16:
  case Elem::BF16: {
    uint16_t h;
    std::memcpy(&h, p + 2 * i, 2);
    return e == Elem::F16 ? f16Value(h) : bf16Value(h);
  }
  case Elem::F32:
  case Elem::C32: {
    float f;
    std::memcpy(&f, p + (e == Elem::C32 ? 8 * i + 4 * part : 4 * i), 4);
    return f;
  }
  case Elem::F64:
  case Elem::C64: {
    double d;
    std::memcpy(&d, p + (e == Elem::C64 ? 16 * i + 8 * part : 8 * i), 8);
    return d;
  }
  default:
    std::abort();
  }
}

/// Stores `v` rounded to the element type (its `part` for complex types).
void storeFloat(Elem e, void *buf, size_t i, int part, double v) {
  ElemInfo in = info(e);
  char *p = static_cast<char *>(buf);
  v = roundTo(v, in.precision, in.minExp);
  switch (e) {
  case Elem::F16:
  case Elem::BF16: {
    uint16_t h = e == Elem::F16 ? f16Bits(v) : bf16Bits(v);
    std::memcpy(p + 2 * i, &h, 2);
    return;
  }
  case Elem::F32:
  case Elem::C32: {
    float f = float(v);
    std::memcpy(p + (e == Elem::C32 ? 8 * i + 4 * part : 4 * i), &f, 4);
    return;
  }
  case Elem::F64:
  case Elem::C64:
    std::memcpy(p + (e == Elem::C64 ? 16 * i + 8 * part : 8 * i), &v, 8);
    return;
  default:
    std::abort();
  }
}

/// Integer element `i`, sign- or zero-extended as the type says.
__int128 loadInt(Elem e, const void *buf, size_t i) {
  ElemInfo in = info(e);
  uint64_t u = 0;
  std::memcpy(&u, static_cast<const char *>(buf) + in.bytes * i, in.bytes);
  if (in.isUnsigned || in.bits == 64)
    return in.isUnsigned ? __int128(u) : __int128(int64_t(u));
  int shift = 64 - in.bits;
  return __int128(int64_t(u << shift) >> shift);
}

void storeInt(Elem e, void *buf, size_t i, uint64_t bits) {
  ElemInfo in = info(e);
  std::memcpy(static_cast<char *>(buf) + in.bytes * i, &bits, in.bytes);
}

std::string intStr(__int128 v) {
  bool neg = v < 0;
  unsigned __int128 u = neg ? -(unsigned __int128)v : (unsigned __int128)v;
  std::string s;
  do {
    s.insert(s.begin(), char('0' + int(u % 10)));
    u /= 10;
  } while (u != 0);
  return neg ? "-" + s : s;
}

//===----------------------------------------------------------------------===//
// Inputs
//===----------------------------------------------------------------------===//

struct Rng {
  uint64_t state;
  explicit Rng(const char *seed) : state(1469598103934665603ull) {
    for (const char *c = seed; *c; ++c)
      state = (state ^ uint8_t(*c)) * 1099511628211ull;
  }
  uint64_t next() { // splitmix64
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  double unit() { return double(next() >> 11) * 0x1p-53; }
};

int64_t product(const std::vector<int64_t> &v) {
  int64_t p = 1;
  for (int64_t d : v)
    p *= d;
  return p;
}

std::vector<char> makeInput(const Case &c) {
  ElemInfo in = info(c.elem);
  size_t n = size_t(product(c.shape));
  std::vector<char> buf(n * in.bytes);
  Rng rng(c.name);
  int64_t rowLen = c.shape.empty() ? 1 : c.shape.back();
  for (size_t i = 0; i < n; ++i) {
    if (!in.isFloat) {
      uint64_t r = rng.next();
      if (c.gen != Gen::Limits) {
        storeInt(c.elem, buf.data(), i, r);
        continue;
      }
      // First half of the buffer near the largest value, then a quarter
      // near the smallest, then anything: rows of each, and columns that
      // mix them.
      uint64_t step = r % (in.bits == 8 ? 4 : 1000);
      uint64_t top = in.isUnsigned
                         ? (in.bits == 64 ? ~0ull : (1ull << in.bits) - 1)
                         : (1ull << (in.bits - 1)) - 1;
      uint64_t bottom = in.isUnsigned ? 0 : ~top; // -2^(bits-1), sign-extended
      uint64_t v = i < n / 2 ? top - step : i < 3 * n / 4 ? bottom + step : r;
      storeInt(c.elem, buf.data(), i, v);
      continue;
    }
    for (int part = 0; part < (in.isComplex ? 2 : 1); ++part) {
      double u = rng.unit(), v = u;
      switch (c.gen) {
      case Gen::Signed:
        v = (2 * u - 1) * 1000 + 10;
        break;
      case Gen::Big:
        v = u * (c.elem == Elem::F16 ? 65504.0 : 3.0e38);
        break;
      case Gen::Ones:
        v = 1;
        break;
      case Gen::Specials: {
        int64_t row = int64_t(i) / rowLen, col = int64_t(i) % rowLen;
        double x = u + 0.5;
        switch (row % 6) {
        case 0:
          v = -0.0;
          break;
        case 1:
          v = col % 2 ? 0.0 : -0.0;
          break;
        case 2:
          v = col == 3 ? NAN : x;
          break;
        case 3:
          v = col == 5 ? INFINITY : x;
          break;
        case 4:
          v = col == 1 ? INFINITY : col == 6 ? -INFINITY : x;
          break;
        default: {
          // x, -x pairs: the exact sum is 0, which must come out +0.
          Rng pair(c.name);
          for (int64_t k = 0; k <= col / 2; ++k)
            x = pair.unit() + 0.5;
          v = col % 2 ? -x : x;
        }
        }
        break;
      }
      default:
        break;
      }
      storeFloat(c.elem, buf.data(), i, part, v);
    }
  }
  return buf;
}

//===----------------------------------------------------------------------===//
// Reference
//===----------------------------------------------------------------------===//

/// Per output: a compensated long double sum (whose error is far below any
/// tolerance used here), the sum of magnitudes for the bound, and what IEEE
/// addition does with special values.
struct FloatAcc {
  long double sum = -0.0L, comp = 0.0L, mag = 0.0L;
  bool nan = false, posInf = false, negInf = false;
  void add(double x) {
    if (std::isnan(x)) {
      nan = true;
      return;
    }
    if (std::isinf(x)) {
      (x > 0 ? posInf : negInf) = true;
      return;
    }
    long double t = sum + x;
    if (std::fabs(sum) >= std::fabs(x))
      comp += (sum - t) + x;
    else
      comp += (x - t) + sum;
    sum = t;
    mag += std::fabs(x);
  }
};

struct Expected {
  std::vector<int64_t> outShape;
  int64_t count = 0;            // elements per output
  std::vector<FloatAcc> floats; // per output and part
  std::vector<__int128> ints;
};

Expected reference(const Case &c, const std::vector<char> &input) {
  ElemInfo in = info(c.elem);
  int rank = int(c.shape.size());
  std::vector<bool> reduced(rank, c.mode == Reduce::All);
  for (int64_t a : c.axes)
    reduced[a < 0 ? a + rank : a] = true;
  Expected ex;
  std::vector<int64_t> outStride(rank, 0);
  int64_t outputs = 1;
  ex.count = 1;
  for (int d = rank - 1; d >= 0; --d) {
    if (reduced[d]) {
      ex.count *= c.shape[d];
      continue;
    }
    outStride[d] = outputs;
    outputs *= c.shape[d];
  }
  for (int d = 0; d < rank; ++d)
    if (!reduced[d] || c.keepDims)
      ex.outShape.push_back(reduced[d] ? 1 : c.shape[d]);
  int parts = in.isComplex ? 2 : 1;
  if (in.isFloat)
    ex.floats.assign(size_t(outputs) * parts, FloatAcc());
  else
    ex.ints.assign(size_t(outputs), 0);
  int64_t n = product(c.shape);
  std::vector<int64_t> idx(rank, 0);
  int64_t out = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (in.isFloat) {
      for (int p = 0; p < parts; ++p)
        ex.floats[size_t(out) * parts + p].add(
            loadFloat(c.elem, input.data(), i, p));
    } else {
      ex.ints[size_t(out)] += loadInt(c.elem, input.data(), i);
    }
    for (int d = rank - 1; d >= 0; --d) { // next row-major index
      out += outStride[d];
      if (++idx[d] < c.shape[d])
        break;
      out -= outStride[d] * idx[d];
      idx[d] = 0;
    }
  }
  return ex;
}

//===----------------------------------------------------------------------===//
// Running and checking one case
//===----------------------------------------------------------------------===//

struct Result {
  std::vector<int64_t> sizes, strides;
  int64_t offset = 0;
  std::vector<char> bytes;
  void *data = nullptr;
  std::string error;
};

/// A row-major descriptor of `c`'s input at `data`.
Desc inputDesc(const Case &c, void *data) {
  Desc input = {data, data, 0, {}};
  int rank = int(c.shape.size());
  int64_t stride = 1;
  for (int d = rank - 1; d >= 0; --d) {
    input.sizesAndStrides[d] = c.shape[d];
    input.sizesAndStrides[rank + d] = stride;
    stride *= c.shape[d];
  }
  return input;
}

Result call(const Case &c, void *devInput, size_t outRank) {
  Desc input = inputDesc(c, devInput);
  Desc result;
  std::memset(&result, 0xff, sizeof(result));
  if (c.mode == Reduce::Runtime) {
    // The axes live in device memory, like every buffer the caller passes.
    size_t bytes = c.axes.size() * sizeof(int64_t);
    void *axes = rmeanGpuMalloc(bytes);
    rmeanGpuCopyToDevice(axes, c.axes.data(), bytes);
    Desc axesDesc = {axes, axes, 0, {int64_t(c.axes.size()), 1}};
    // Declared with two descriptors like the others (extern "C": only the
    // address is used); compiled with three.
    reinterpret_cast<void (*)(Desc *, Desc *, Desc *)>(c.fn)(&result, &input,
                                                             &axesDesc);
    rmeanGpuFree(axes);
  } else {
    c.fn(&result, &input);
  }
  Result r;
  r.data = result.data;
  r.offset = result.offset;
  for (size_t d = 0; d < outRank; ++d) {
    r.sizes.push_back(result.sizesAndStrides[d]);
    r.strides.push_back(result.sizesAndStrides[outRank + d]);
  }
  int64_t n = product(r.sizes);
  size_t bytes = size_t(n) * info(c.elem).bytes;
  if (n < 0 || n > (int64_t(1) << 32))
    r.error = "result descriptor has sizes " + std::to_string(n);
  else if (bytes != 0) {
    r.bytes.resize(bytes);
    rmeanGpuCopyToHost(r.bytes.data(),
                       static_cast<char *>(result.data) +
                           r.offset * int64_t(info(c.elem).bytes),
                       bytes);
  }
  rmeanGpuFree(result.basePtr);
  return r;
}

std::string shapeStr(const std::vector<int64_t> &s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i)
    out += (i ? "x" : "") + std::to_string(s[i]);
  return out.empty() ? "scalar" : out;
}

/// Empty when `r` is the mean `ex` describes; else what is wrong. `worst`
/// gets the largest error as a fraction of its tolerance.
std::string compare(const Case &c, const Expected &ex, const Result &r,
                    const std::vector<char> &input, double &worst) {
  ElemInfo in = info(c.elem);
  if (!r.error.empty())
    return r.error;
  if (r.sizes != ex.outShape)
    return "result shape " + shapeStr(r.sizes) + ", expected " +
           shapeStr(ex.outShape);
  int64_t stride = 1;
  for (int d = int(r.sizes.size()) - 1; d >= 0; --d) {
    if (r.sizes[d] > 1 && r.strides[d] != stride)
      return "result strides are not row-major";
    stride *= r.sizes[d];
  }
  int64_t outputs = product(ex.outShape);
  char buf[512];
  if (c.mode == Reduce::None) {
    if (r.bytes != input)
      return "the identity changed the data";
    return "";
  }
  for (int64_t o = 0; o < outputs; ++o) {
    if (!in.isFloat) {
      __int128 want = ex.count == 0 ? 0 : ex.ints[size_t(o)] / ex.count;
      __int128 got = loadInt(c.elem, r.bytes.data(), size_t(o));
      if (got != want)
        return "output " + std::to_string(o) + ": got " + intStr(got) +
               ", expected " + intStr(want) + " (sum " +
               intStr(ex.ints[size_t(o)]) + " / " + std::to_string(ex.count) +
               ")";
      continue;
    }
    for (int p = 0; p < (in.isComplex ? 2 : 1); ++p) {
      const FloatAcc &a = ex.floats[size_t(o) * (in.isComplex ? 2 : 1) + p];
      double got = loadFloat(c.elem, r.bytes.data(), size_t(o), p);
      const char *part = in.isComplex ? (p ? " (imaginary)" : " (real)") : "";
      bool wantNan = ex.count == 0 || a.nan || (a.posInf && a.negInf);
      if (wantNan || a.posInf || a.negInf) {
        double want = wantNan ? NAN : a.posInf ? INFINITY : -INFINITY;
        if (wantNan ? !std::isnan(got) : got != want) {
          std::snprintf(buf, sizeof(buf), "output %lld%s: got %g, expected %g",
                        (long long)o, part, got, want);
          return buf;
        }
        continue;
      }
      long double exact = (a.comp != 0 ? a.sum + a.comp : a.sum) / ex.count;
      double meanAbs = double(a.mag / ex.count);
      double err = double(std::fabs((long double)got - exact));
      // §4: f16/bf16/f32 sums within 10 * 2^-24 of the sum of magnitudes,
      // f64 sums within (n + 2) * 2^-53 of it; then one rounding.
      double sumBound = in.precision == 53
                            ? double(ex.count + 2) * 0x1p-53 * meanAbs
                            : 10 * 0x1p-24 * meanAbs;
      double tol = c.gen == Gen::Ones
                       ? 0
                       : sumBound + ulpOf(std::max(std::fabs(got),
                                                   std::fabs(double(exact))),
                                          in.precision, in.minExp);
      if (!std::isfinite(got) || err > tol) {
        std::snprintf(buf, sizeof(buf),
                      "output %lld%s: got %.17g, expected %.17Lg (error %.3g, "
                      "tolerance %.3g)",
                      (long long)o, part, got, exact, err, tol);
        return buf;
      }
      if (tol > 0)
        worst = std::max(worst, err / tol);
      if (exact == 0 && got == 0 &&
          std::signbit(got) != std::signbit(double(exact))) {
        std::snprintf(buf, sizeof(buf), "output %lld%s: got %g, expected %g",
                      (long long)o, part, got, double(exact));
        return buf;
      }
    }
  }
  return "";
}

std::string runCase(const Case &c, double &worst) {
  std::vector<char> input = makeInput(c);
  Expected ex = reference(c, input);
  void *dev = rmeanGpuMalloc(input.size());
  if (!input.empty())
    rmeanGpuCopyToDevice(dev, input.data(), input.size());
  Result first = call(c, dev, ex.outShape.size());
  Result second = call(c, dev, ex.outShape.size());
  rmeanGpuFree(dev);
  if (c.mode == Reduce::None && first.data == dev)
    return "the identity returned its input buffer";
  std::string why = compare(c, ex, first, input, worst);
  if (why.empty() && first.bytes != second.bytes)
    why = "a second run gave different bits";
  return why;
}

/// Without a GPU: the first kernel on host buffers. Generated code calls the
/// runtime before touching them, and the runtime must end the program.
int forceWithoutGpu() {
  const Case &c = cases().front();
  std::vector<char> input = makeInput(c);
  Desc in = inputDesc(c, input.data());
  Desc result;
  std::printf("calling %s without a GPU\n", c.name);
  std::fflush(stdout);
  c.fn(&result, &in);
  std::printf("%s returned without a GPU\n", c.name);
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  bool force = false, verbose = false;
  const char *only = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--force"))
      force = true;
    else if (!std::strcmp(argv[i], "-v"))
      verbose = true;
    else if (!std::strcmp(argv[i], "--only") && i + 1 < argc)
      only = argv[++i];
    else {
      std::fprintf(stderr, "usage: %s [--force] [-v] [--only SUBSTRING]\n",
                   argv[0]);
      return 2;
    }
  }
  if (!rmeanGpuAvailable()) {
    std::printf("UNSUPPORTED: %s\n", rmeanGpuUnavailableReason());
    if (force)
      return forceWithoutGpu();
    return 0;
  }
  char name[256];
  rmeanGpuDeviceName(name, sizeof(name));
  std::printf("device: %s, peak %.0f GB/s\n", name, rmeanGpuPeakBandwidthGBs());
  int passed = 0, failed = 0;
  for (const Case &c : cases()) {
    if (only && !std::strstr(c.name, only))
      continue;
    double worst = 0;
    std::string why = runCase(c, worst);
    if (why.empty()) {
      ++passed;
      std::printf("PASS %s\n", c.name);
      if (verbose)
        std::printf("  %s %s: largest error %.3g of the tolerance\n",
                    info(c.elem).name, shapeStr(c.shape).c_str(), worst);
    } else {
      ++failed;
      std::printf("FAIL %s: %s\n", c.name, why.c_str());
    }
    std::fflush(stdout);
  }
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
