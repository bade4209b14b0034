// Eigen peer: Tensor `.mean(axes)` on a row-major TensorMap of the caller's
// buffer, single thread (DefaultDevice), as a user would write it.
#include "bench_common.h"

#include <unsupported/Eigen/CXX11/Tensor>

#include <complex>

namespace rbench {

template <typename T, int N, int K>
static void meanNK(const Case &c, const void *in, void *out) {
  Eigen::array<Eigen::Index, N> dims;
  for (int i = 0; i < N; ++i)
    dims[i] = c.shape[i];
  Eigen::array<Eigen::Index, K> red;
  for (int i = 0; i < K; ++i)
    red[i] = c.axes[i];
  Eigen::array<Eigen::Index, N - K> od;
  for (int i = 0; i < N - K; ++i)
    od[i] = c.outShape[i];
  Eigen::TensorMap<const Eigen::Tensor<const T, N, Eigen::RowMajor>> x(
      static_cast<const T *>(in), dims);
  Eigen::TensorMap<Eigen::Tensor<T, N - K, Eigen::RowMajor>> y(
      static_cast<T *>(out), od);
  y = x.mean(red);
}

template <typename T>
static bool meanT(const Case &c, const void *in, void *out) {
  int n = int(c.shape.size()), k = int(c.axes.size());
  if (n == 1 && k == 1)
    return meanNK<T, 1, 1>(c, in, out), true;
  if (n == 2 && k == 1)
    return meanNK<T, 2, 1>(c, in, out), true;
  if (n == 3 && k == 1)
    return meanNK<T, 3, 1>(c, in, out), true;
  if (n == 4 && k == 2)
    return meanNK<T, 4, 2>(c, in, out), true;
  return false;
}

bool eigenMean(const Case &c, const void *in, void *out) {
  switch (c.dt) {
  case DType::F32:
    return meanT<float>(c, in, out);
  // The 16-bit types only appear in 2-D cases: instantiate just those.
  case DType::F16:
    return c.shape.size() == 2 && c.axes.size() == 1 &&
           (meanNK<Eigen::half, 2, 1>(c, in, out), true);
  case DType::BF16:
    return c.shape.size() == 2 && c.axes.size() == 1 &&
           (meanNK<Eigen::bfloat16, 2, 1>(c, in, out), true);
  case DType::F64:
    return c.shape.size() == 2 && c.axes.size() == 1 &&
           (meanNK<double, 2, 1>(c, in, out), true);
  // Eigen sums complex<float> in complex<float>.
  case DType::C32:
    return c.shape.size() == 2 && c.axes.size() == 1 &&
           (meanNK<std::complex<float>, 2, 1>(c, in, out), true);
  // Eigen sums integers in their own type (overflowing i8 and i32 sums)
  // and rounds its own way: not a peer of an exact truncated mean.
  case DType::I8:
  case DType::I32:
  case DType::I64:
    return false;
  }
  return false;
}

std::string eigenVersion() {
  return std::to_string(EIGEN_WORLD_VERSION) + "." +
         std::to_string(EIGEN_MAJOR_VERSION) + "." +
         std::to_string(EIGEN_MINOR_VERSION);
}

} // namespace rbench
