// The docs/ReduceMean.md §7 cases and their input buffers.
#include "bench_common.h"

#include <cstdio>
#include <sys/mman.h>

namespace rbench {

std::string Case::shapeStr() const {
  std::string s;
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? "x" : "") + std::to_string(shape[i]);
  return s + " " + dtypeName(dt);
}
std::string Case::axesStr() const {
  if (axes.size() == shape.size())
    return "all";
  std::string s;
  for (size_t i = 0; i < axes.size(); ++i)
    s += (i ? "," : "") + std::to_string(axes[i]);
  return s;
}

static Case makeCase(std::string id, std::string kernel, DType dt,
                     std::vector<int64_t> shape, std::vector<int64_t> axes,
                     bool runtimeAxes = false) {
  Case c;
  c.runtimeAxes = runtimeAxes;
  c.id = std::move(id);
  c.kernel = std::move(kernel);
  c.dt = dt;
  c.shape = std::move(shape);
  c.axes = std::move(axes);
  // One run of adjacent axes, optionally after a leading run from axis 0
  // ([B][O][R][I]).
  int64_t lead = 0;
  while (lead < int64_t(c.axes.size()) && c.axes[lead] == lead)
    ++lead;
  if (lead == int64_t(c.axes.size()) || c.axes[lead] == lead)
    lead = 0; // all adjacent from 0: one run
  int64_t lo = c.axes[lead], hi = c.axes.back();
  if (hi - lo + 1 != int64_t(c.axes.size()) - lead) {
    std::fprintf(stderr,
                 "case %s: reduced axes must be one adjacent run, optionally "
                 "after a run from axis 0\n",
                 c.id.c_str());
    std::exit(2);
  }
  for (int64_t i = 0; i < int64_t(c.shape.size()); ++i) {
    if (i < lead)
      c.B *= c.shape[i];
    else if (i < lo)
      c.O *= c.shape[i];
    else if (i > hi)
      c.I *= c.shape[i];
    else
      c.R *= c.shape[i];
    if ((i >= lead && i < lo) || i > hi)
      c.outShape.push_back(c.shape[i]);
  }
  if (c.dt == DType::C32)
    c.I *= 2; // the parts: a kept innermost dimension
  return c;
}

static Case withStatic(Case c, std::string staticKernel) {
  c.staticKernel = std::move(staticKernel);
  return c;
}

std::vector<Case> allCases() {
  return {
      makeCase("A", "case_a", DType::F32, {4096, 4096}, {1}),
      makeCase("B", "case_b", DType::F32, {4096, 4096}, {0}),
      makeCase("C", "case_c", DType::F32, {32, 256, 56, 56}, {2, 3}),
      makeCase("D", "case_d", DType::F32, {32, 56, 56, 256}, {1, 2}),
      makeCase("E", "case_e", DType::F32, {64, 128, 768}, {2}),
      makeCase("F", "case_f", DType::F32, {16, 1024, 1024}, {1}),
      makeCase("G", "case_g", DType::F32, {int64_t(1) << 26}, {0}),
      makeCase("H", "case_h", DType::F32, {256, 256}, {1}),
      makeCase("I-f16", "case_i_f16", DType::F16, {4096, 4096}, {1}),
      makeCase("I-bf16", "case_i_bf16", DType::BF16, {4096, 4096}, {1}),
      // A and D with the axes read at run time: compare with A and D.
      withStatic(makeCase("M-A", "case_m_a", DType::F32, {4096, 4096}, {1},
                          /*runtimeAxes=*/true),
                 "case_a"),
      withStatic(makeCase("M-D", "case_m_d", DType::F32, {32, 56, 56, 256},
                          {1, 2}, /*runtimeAxes=*/true),
                 "case_d"),
      // A and B on tensor<?x?xf32> (sizes read from the descriptor).
      withStatic(makeCase("N-A", "case_n_a", DType::F32, {4096, 4096}, {1}),
                 "case_a"),
      withStatic(makeCase("N-B", "case_n_b", DType::F32, {4096, 4096}, {0}),
                 "case_b"),
      // A and B in f64 (compensated sums).
      makeCase("J-A", "case_j_a", DType::F64, {4096, 4096}, {1}),
      makeCase("J-B", "case_j_b", DType::F64, {4096, 4096}, {0}),
      // Shapes of real models: ResNet's global average pooling (NCHW rows
      // of 49; NHWC 49 rows of 2048), a transformer's sequence mean and
      // LayerNorm's row mean.
      makeCase("O-NCHW", "case_o_nchw", DType::F32, {64, 2048, 7, 7}, {2, 3}),
      makeCase("O-NCHW-bf16", "case_o_nchw_bf16", DType::BF16, {64, 2048, 7, 7},
               {2, 3}),
      makeCase("O-NHWC", "case_o_nhwc", DType::F32, {64, 7, 7, 2048}, {1, 2}),
      makeCase("O-NHWC-bf16", "case_o_nhwc_bf16", DType::BF16, {64, 7, 7, 2048},
               {1, 2}),
      makeCase("O-SEQ-bf16", "case_o_seq_bf16", DType::BF16, {32, 512, 768},
               {1}),
      // An early ResNet stage's NHWC spatial mean: rows of 256 channels.
      makeCase("O-NHWC56-bf16", "case_o_nhwc56_bf16", DType::BF16,
               {32, 56, 56, 256}, {1, 2}),
      makeCase("O-LN", "case_o_ln", DType::F32, {8192, 768}, {1}),
      // Batch-norm statistics: C's NCHW tensor over (0, 2, 3), reduced runs
      // separated by the channels.
      makeCase("O-BN", "case_o_bn", DType::F32, {32, 256, 56, 56}, {0, 2, 3}),
      // Integers (exact means truncated toward zero): A and B in i8, i32 and
      // i64, C in i8.
      makeCase("K-A-i8", "case_k_a_i8", DType::I8, {4096, 4096}, {1}),
      makeCase("K-B-i8", "case_k_b_i8", DType::I8, {4096, 4096}, {0}),
      makeCase("K-C-i8", "case_k_c_i8", DType::I8, {32, 256, 56, 56}, {2, 3}),
      makeCase("K-A-i32", "case_k_a_i32", DType::I32, {4096, 4096}, {1}),
      makeCase("K-B-i32", "case_k_b_i32", DType::I32, {4096, 4096}, {0}),
      makeCase("K-A-i64", "case_k_a_i64", DType::I64, {4096, 4096}, {1}),
      makeCase("K-B-i64", "case_k_b_i64", DType::I64, {4096, 4096}, {0}),
      // A in complex<f32>: both parts' sums.
      makeCase("L", "case_l", DType::C32, {4096, 4096}, {1}),
  };
}

Buffer allocBuffer(size_t bytes) {
  const size_t align = size_t(2)
                       << 20; // 2 MiB: transparent huge pages where enabled
  size_t sz = (bytes + align - 1) / align * align;
  void *p = std::aligned_alloc(align, sz ? sz : align);
  if (!p) {
    std::fprintf(stderr, "out of memory (%zu bytes)\n", bytes);
    std::exit(2);
  }
#ifdef MADV_HUGEPAGE
  madvise(p, sz, MADV_HUGEPAGE);
#endif
  return Buffer(p);
}

void fillInput(const Case &c, void *p, uint64_t seed) {
  uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
  int64_t n = c.numel();
  for (int64_t i = 0; i < n; ++i) {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    float f = float((s * 0x2545F4914F6CDD1Dull) >> 40) * (1.0f / 16777216.0f);
    switch (c.dt) {
    case DType::F32:
    case DType::C32: // each part
      static_cast<float *>(p)[i] = f;
      break;
    case DType::F16:
      static_cast<uint16_t *>(p)[i] = f32ToF16(f);
      break;
    case DType::BF16:
      static_cast<uint16_t *>(p)[i] = f32ToBf16(f);
      break;
    case DType::F64: // all 53 bits random
      static_cast<double *>(p)[i] =
          double((s * 0x2545F4914F6CDD1Dull) >> 11) * 0x1p-53;
      break;
    // Integers over their whole range: i64 sums leave the i64 range.
    case DType::I8:
      static_cast<int8_t *>(p)[i] = int8_t((s * 0x2545F4914F6CDD1Dull) >> 56);
      break;
    case DType::I32:
      static_cast<int32_t *>(p)[i] = int32_t((s * 0x2545F4914F6CDD1Dull) >> 32);
      break;
    case DType::I64:
      static_cast<int64_t *>(p)[i] = int64_t(s * 0x2545F4914F6CDD1Dull);
      break;
    }
  }
}

} // namespace rbench
