// rmean's kernels: `_mlir_ciface_<kernel>_<variant>`, one object per kernel
// and variant, built by bench/CMakeLists.txt. Declared weak: a variant that
// could not be compiled (rmean-opt rejects its pipeline options) links an
// empty object, its symbols stay null and its column shows n/a. To add a
// variant, add it to RMEAN_BENCH_VARIANTS in bench/CMakeLists.txt and to
// RMEAN_VARIANTS here (suffix, column label, compared-to peer column).
#include "bench_common.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cstdio>
#include <type_traits>

// clang-format off
#define RMEAN_KERNELS(X)                                                       \
  X(case_a) X(case_b) X(case_c) X(case_d) X(case_e) X(case_f) X(case_g)        \
  X(case_h) X(case_i_f16) X(case_i_bf16) X(case_m_a) X(case_m_d)               \
  X(case_n_a) X(case_n_b) X(case_j_a) X(case_j_b) X(case_o_nchw)               \
  X(case_o_nchw_bf16) X(case_o_nhwc) X(case_o_nhwc_bf16) X(case_o_seq_bf16)    \
  X(case_o_nhwc56_bf16) X(case_o_ln) X(case_o_bn) X(case_k_a_i8)               \
  X(case_k_b_i8) X(case_k_c_i8)                                                \
  X(case_k_a_i32) X(case_k_b_i32) X(case_k_a_i64) X(case_k_b_i64) X(case_l)
// clang-format on
#define RMEAN_VARIANTS(X, k)                                                   \
  X(k, t1, "rmean", "best-peer", 1)                                            \
  X(k, t2, "rmean-2t", "oneDNN-2t", 2) X(k, pf0, "rmean-pf0", "rmean", 1)

// The kernels differ in element type and rank; their descriptors are passed
// as opaque pointers and built with the matching StridedMemRefType below.
#define DECL_V(k, v, label, vs, thr)                                           \
  extern "C" __attribute__((weak)) void _mlir_ciface_##k##_##v(void *, void *);
#define DECL_K(k) RMEAN_VARIANTS(DECL_V, k)
RMEAN_KERNELS(DECL_K)

namespace rbench {

struct KernelEntry {
  const char *kernel, *variant;
  KernelFn fn;
};
#define ENTRY_V(k, v, label, vs, thr) {#k, #v, &_mlir_ciface_##k##_##v},
#define ENTRY_K(k) RMEAN_VARIANTS(ENTRY_V, k)
static const KernelEntry kKernels[] = {RMEAN_KERNELS(ENTRY_K)};

#define VINFO(k, v, label, vs, thr) {#v, label, vs, thr},
const std::vector<VariantInfo> kVariants = {RMEAN_VARIANTS(VINFO, _)};

KernelFn findKernel(const std::string &kernel, const std::string &variant) {
  for (const KernelEntry &e : kKernels)
    if (kernel == e.kernel && variant == e.variant)
      return e.fn;
  return nullptr;
}

// The result buffer is malloc'ed by the kernel and may be strided (a view of
// a larger buffer); the caller's `out` is dense row-major.
template <typename T>
static void copyOut(DynamicMemRefType<T> r, const std::vector<int64_t> &shape,
                    T *dst) {
  bool identity = r.offset == 0;
  int64_t numel = 1;
  for (int64_t i = r.rank - 1; i >= 0; numel *= shape[i], --i)
    identity = identity && r.sizes[i] == shape[i] &&
               (r.strides[i] == numel || shape[i] == 1);
  if (identity) {
    std::memcpy(dst, r.data, size_t(numel) * sizeof(T));
    return;
  }
  for (T &v : r)
    *dst++ = v;
}

// Kernels with runtime axes (Case::runtimeAxes) take a third descriptor.
// They are declared above like the others (extern "C": only their address
// is used) and called through the three-pointer type they were compiled
// with.
using RuntimeAxesKernelFn = void (*)(void *, void *, void *);

template <typename T, int N, int M>
static void callKernel(KernelFn fn, const Case &c, const void *in, void *out) {
  StridedMemRefType<T, N> din;
  din.basePtr = din.data = static_cast<T *>(const_cast<void *>(in));
  din.offset = 0;
  int64_t stride = 1;
  for (int i = N - 1; i >= 0; --i) {
    din.sizes[i] = c.shape[i];
    din.strides[i] = stride;
    stride *= c.shape[i];
  }
  StridedMemRefType<T, M> dout;
  if (c.runtimeAxes) {
    std::vector<int64_t> axes = c.axes;
    StridedMemRefType<int64_t, 1> daxes{
        axes.data(), axes.data(), 0, {int64_t(axes.size())}, {1}};
    // Through void(*)(), the generic function pointer type: the kernel's
    // real signature takes the axes descriptor too (KernelFn is the table's
    // common type).
    reinterpret_cast<RuntimeAxesKernelFn>(reinterpret_cast<void (*)()>(fn))(
        &dout, &din, &daxes);
  } else {
    fn(&dout, &din);
  }
  copyOut(DynamicMemRefType<T>(dout), c.outShape, static_cast<T *>(out));
  std::free(dout.basePtr);
}

// Descriptors have the rank in their type: instantiate input ranks 1-4 and
// result ranks 0-3, enough for every §7 case.
template <typename T, int N> static RmeanCall forResultRank(size_t m) {
  switch (m) {
  case 0:
    return callKernel<T, N, 0>;
  case 1:
    return callKernel<T, N, 1>;
  case 2:
    return callKernel<T, N, 2>;
  case 3:
    return callKernel<T, N, 3>;
  }
  return nullptr;
}

template <typename T> static RmeanCall forRanks(size_t n, size_t m) {
  switch (n) {
  case 1:
    return forResultRank<T, 1>(m);
  case 2:
    return forResultRank<T, 2>(m);
  case 3:
    return forResultRank<T, 3>(m);
  case 4:
    return forResultRank<T, 4>(m);
  }
  return nullptr;
}

// complex<f32> as the kernels' descriptors hold it: two f32 parts.
struct ComplexF32 {
  float re, im;
};

RmeanCall rmeanCall(const Case &c) {
  // Only the element size matters to a descriptor: f16 and bf16 share
  // uint16_t storage.
  size_t n = c.shape.size(), m = c.outShape.size();
  RmeanCall call = nullptr;
  switch (c.dt) {
  case DType::F64:
    call = forRanks<double>(n, m);
    break;
  case DType::F32:
    call = forRanks<float>(n, m);
    break;
  case DType::F16:
  case DType::BF16:
    call = forRanks<uint16_t>(n, m);
    break;
  case DType::I8:
    call = forRanks<int8_t>(n, m);
    break;
  case DType::I32:
    call = forRanks<int32_t>(n, m);
    break;
  case DType::I64:
    call = forRanks<int64_t>(n, m);
    break;
  case DType::C32:
    call = forRanks<ComplexF32>(n, m);
    break;
  }
  if (!call) {
    std::fprintf(stderr, "case %s: no descriptor for rank %zu -> %zu\n",
                 c.id.c_str(), c.shape.size(), c.outShape.size());
    std::exit(2);
  }
  return call;
}

} // namespace rbench
