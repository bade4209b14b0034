// Shared definitions of the rmean benchmark (bench/rmean_bench.cpp and the
// peer translation units).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace rbench {

enum class DType { F32, F16, BF16 };

inline const char *dtypeName(DType t) {
  switch (t) {
  case DType::F32:
    return "f32";
  case DType::F16:
    return "f16";
  case DType::BF16:
    return "bf16";
  }
  return "?";
}
inline size_t dtypeSize(DType t) { return t == DType::F32 ? 4 : 2; }

// One SPEC §7 case: a dense row-major input, reduced over `axes` (sorted,
// adjacent), keep_dims = false.
struct Case {
  std::string id;     // "A" .. "H", "I-f16", "I-bf16"
  std::string kernel; // MLIR function name in bench/kernels/<kernel>.mlir
  DType dt = DType::F32;
  std::vector<int64_t> shape;
  std::vector<int64_t> axes;
  // Derived: the input viewed as [O][R][I] with R the reduced extent.
  int64_t O = 1, R = 1, I = 1;
  std::vector<int64_t> outShape;

  int64_t numel() const { return O * R * I; }
  int64_t outNumel() const { return O * I; }
  size_t inBytes() const { return size_t(numel()) * dtypeSize(dt); }
  size_t outBytes() const { return size_t(outNumel()) * dtypeSize(dt); }
  std::string shapeStr() const;
  std::string axesStr() const;
};

// ---- 16-bit floating point helpers (storage is uint16_t) -----------------
inline float bitsToF32(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
inline uint32_t f32ToBits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

inline float bf16ToF32(uint16_t h) { return bitsToF32(uint32_t(h) << 16); }
inline uint16_t f32ToBf16(float f) { // round to nearest even (NaN kept quiet)
  uint32_t b = f32ToBits(f);
  if ((b & 0x7fffffffu) > 0x7f800000u)
    return uint16_t((b >> 16) | 0x40);
  b += 0x7fffu + ((b >> 16) & 1u);
  return uint16_t(b >> 16);
}
inline float f16ToF32(uint16_t h) {
  _Float16 v;
  std::memcpy(&v, &h, 2);
  return float(v);
}
inline uint16_t f32ToF16(float f) {
  _Float16 v = (_Float16)f;
  uint16_t h;
  std::memcpy(&h, &v, 2);
  return h;
}
inline uint16_t f64ToF16(double d) { // one correct rounding
  _Float16 v = (_Float16)d;
  uint16_t h;
  std::memcpy(&h, &v, 2);
  return h;
}
inline double loadAsDouble(DType t, const void *p, int64_t i) {
  switch (t) {
  case DType::F32:
    return static_cast<const float *>(p)[i];
  case DType::F16:
    return f16ToF32(static_cast<const uint16_t *>(p)[i]);
  case DType::BF16:
    return bf16ToF32(static_cast<const uint16_t *>(p)[i]);
  }
  return 0;
}

// ---- peers implemented in their own translation units --------------------
// Eigen Tensor `.mean()` (bench/peer_eigen.cpp). Returns false when the
// case's rank / axes / type is not instantiated.
bool eigenMean(const Case &c, const void *in, void *out);
std::string eigenVersion();

// oneDNN `reduction` primitive with algorithm::reduction_mean
// (bench/peer_onednn.cpp). make() returns nullptr and fills `why` when the
// primitive cannot be created (e.g. unsupported data type); `impl` receives
// oneDNN's implementation name.
struct OnednnPeer;
OnednnPeer *onednnMake(const Case &c, int threads, const void *in, void *out,
                       std::string &impl, std::string &why);
void onednnRun(OnednnPeer *p);
void onednnFree(OnednnPeer *p);
std::string onednnVersion();

} // namespace rbench
