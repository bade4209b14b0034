// Calls the entry points of test/AOT/strided-inputs.mlir on views of one
// buffer with several offsets and strides, and checks each mean against a
// reference computed here from the same view. Prints "ok <kernel> <view>"
// or "FAIL <kernel> <view>: <why>" per call, then "<n> passed, <m> failed";
// the exit status is 1 if any failed.
#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <type_traits>
#include <vector>

extern "C" {
void _mlir_ciface_rows_f32(StridedMemRefType<float, 1> *,
                           StridedMemRefType<float, 2> *);
void _mlir_ciface_cols_f64(StridedMemRefType<double, 1> *,
                           StridedMemRefType<double, 2> *);
void _mlir_ciface_rows_dyn_i32(StridedMemRefType<int32_t, 1> *,
                               StridedMemRefType<int32_t, 2> *);
void _mlir_ciface_cols_keep_f32(StridedMemRefType<float, 2> *,
                                StridedMemRefType<float, 2> *);
void _mlir_ciface_runtime_f32(StridedMemRefType<float, 1> *,
                              StridedMemRefType<float, 2> *,
                              StridedMemRefType<int64_t, 1> *);
}

namespace {

constexpr int64_t kRows = 48, kCols = 40;

struct View {
  const char *name;
  int64_t offset, strides[2];
};

// Dense, an offset, padded rows, every other element, and a transposed
// view (the 48x40 view of a 40x48 row-major array).
const View kViews[] = {{"dense", 0, {kCols, 1}},
                       {"offset", 7, {kCols, 1}},
                       {"padded", 3, {kCols + 16, 1}},
                       {"every2", 1, {4 * kCols, 2}},
                       {"transposed", 5, {1, kRows}}};

int passed = 0, failed = 0;

template <typename T> std::vector<T> makeBuffer() {
  std::vector<T> buffer(8 * kRows * kCols);
  for (size_t i = 0; i < buffer.size(); ++i) {
    int64_t v = int64_t(i * 7919 % 2001) - 1000;
    buffer[i] = std::is_integral<T>::value ? T(v) : T(double(v) * 0.25);
  }
  return buffer;
}

template <typename T>
StridedMemRefType<T, 2> describe(std::vector<T> &buffer, const View &v) {
  return {buffer.data(),
          buffer.data(),
          v.offset,
          {kRows, kCols},
          {v.strides[0], v.strides[1]}};
}

/// The mean over rows (axis 1) or columns (axis 0) of `in`: doubles for
/// floats, the truncated exact quotient for integers.
template <typename T>
std::vector<double> reference(const StridedMemRefType<T, 2> &in, int axis) {
  int64_t outputs = axis == 1 ? kRows : kCols, n = axis == 1 ? kCols : kRows;
  std::vector<double> out(outputs);
  for (int64_t o = 0; o < outputs; ++o) {
    double sum = 0;
    int64_t isum = 0;
    for (int64_t k = 0; k < n; ++k) {
      int64_t r = axis == 1 ? o : k, c = axis == 1 ? k : o;
      T v = in.data[in.offset + r * in.strides[0] + c * in.strides[1]];
      sum += double(v);
      isum += int64_t(v);
    }
    out[o] = std::is_integral<T>::value ? double(isum / n) : sum / n;
  }
  return out;
}

/// Compares the `count` elements of a result (element stride `stride`).
template <typename T>
void check(const char *kernel, const View &v, const T *data, int64_t stride,
           const std::vector<double> &ref) {
  for (size_t o = 0; o < ref.size(); ++o) {
    double got = double(data[int64_t(o) * stride]);
    // One rounding of the exact mean to T (at most half an ulp).
    double tol =
        std::is_integral<T>::value
            ? 0
            : std::numeric_limits<T>::epsilon() * (1 + std::fabs(ref[o]));
    if (!(std::fabs(got - ref[o]) <= tol)) {
      std::printf("FAIL %s %s: output %zu is %.17g, expected %.17g\n", kernel,
                  v.name, o, got, ref[o]);
      ++failed;
      return;
    }
  }
  std::printf("ok %s %s\n", kernel, v.name);
  ++passed;
}

} // namespace

int main() {
  std::vector<float> f32 = makeBuffer<float>();
  std::vector<double> f64 = makeBuffer<double>();
  std::vector<int32_t> i32 = makeBuffer<int32_t>();
  for (const View &v : kViews) {
    {
      auto in = describe(f32, v);
      StridedMemRefType<float, 1> r;
      _mlir_ciface_rows_f32(&r, &in);
      check("rows_f32", v, r.data + r.offset, r.strides[0], reference(in, 1));
      std::free(r.basePtr);
    }
    {
      auto in = describe(f64, v);
      StridedMemRefType<double, 1> r;
      _mlir_ciface_cols_f64(&r, &in);
      check("cols_f64", v, r.data + r.offset, r.strides[0], reference(in, 0));
      std::free(r.basePtr);
    }
    {
      auto in = describe(i32, v);
      StridedMemRefType<int32_t, 1> r;
      _mlir_ciface_rows_dyn_i32(&r, &in);
      check("rows_dyn_i32", v, r.data + r.offset, r.strides[0],
            reference(in, 1));
      std::free(r.basePtr);
    }
    {
      auto in = describe(f32, v);
      StridedMemRefType<float, 2> r;
      _mlir_ciface_cols_keep_f32(&r, &in);
      check("cols_keep_f32", v, r.data + r.offset, r.strides[1],
            reference(in, 0));
      std::free(r.basePtr);
    }
    {
      auto in = describe(f32, v);
      int64_t axes[1] = {-1};
      StridedMemRefType<int64_t, 1> a{axes, axes, 0, {1}, {1}};
      StridedMemRefType<float, 1> r;
      _mlir_ciface_runtime_f32(&r, &in, &a);
      check("runtime_f32", v, r.data + r.offset, r.strides[0],
            reference(in, 1));
      std::free(r.basePtr);
    }
  }
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
