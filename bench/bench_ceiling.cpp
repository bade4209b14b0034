// Streaming-read ceiling: plain vector loops that read every byte once and
// do the cheapest possible work on it (integer adds into independent vector
// accumulators, so neither FP latency nor denormals limit them).
#include "bench_common.h"

#include <immintrin.h>
#include <thread>

namespace rbench {

__attribute__((noinline)) static uint64_t read256(const char *p, size_t n) {
  __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0, a4 = a0,
          a5 = a0, a6 = a0, a7 = a0;
  size_t i = 0;
  for (; i + 256 <= n; i += 256) {
    const __m256i *q = reinterpret_cast<const __m256i *>(p + i);
    a0 = _mm256_add_epi32(a0, _mm256_load_si256(q + 0));
    a1 = _mm256_add_epi32(a1, _mm256_load_si256(q + 1));
    a2 = _mm256_add_epi32(a2, _mm256_load_si256(q + 2));
    a3 = _mm256_add_epi32(a3, _mm256_load_si256(q + 3));
    a4 = _mm256_add_epi32(a4, _mm256_load_si256(q + 4));
    a5 = _mm256_add_epi32(a5, _mm256_load_si256(q + 5));
    a6 = _mm256_add_epi32(a6, _mm256_load_si256(q + 6));
    a7 = _mm256_add_epi32(a7, _mm256_load_si256(q + 7));
  }
  uint64_t t = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t v;
    std::memcpy(&v, p + i, 8);
    t += v;
  }
  __m256i s = _mm256_add_epi32(
      _mm256_add_epi32(_mm256_add_epi32(a0, a1), _mm256_add_epi32(a2, a3)),
      _mm256_add_epi32(_mm256_add_epi32(a4, a5), _mm256_add_epi32(a6, a7)));
  alignas(32) uint32_t l[8];
  _mm256_store_si256(reinterpret_cast<__m256i *>(l), s);
  for (uint32_t v : l)
    t += v;
  return t;
}

// Several streams: S interleaved sequential streams over S equal chunks.
template <int S>
__attribute__((noinline)) static uint64_t read256Streams(const char *p,
                                                         size_t n) {
  size_t chunk = n / S / 256 * 256;
  __m256i a[S][2];
  for (int s = 0; s < S; ++s)
    a[s][0] = a[s][1] = _mm256_setzero_si256();
  for (size_t i = 0; i < chunk; i += 64)
    for (int s = 0; s < S; ++s) {
      const __m256i *q = reinterpret_cast<const __m256i *>(p + s * chunk + i);
      a[s][0] = _mm256_add_epi32(a[s][0], _mm256_load_si256(q));
      a[s][1] = _mm256_add_epi32(a[s][1], _mm256_load_si256(q + 1));
    }
  uint64_t t = read256(p + S * chunk, n - S * chunk);
  for (int s = 0; s < S; ++s) {
    alignas(32) uint32_t l[8];
    _mm256_store_si256(reinterpret_cast<__m256i *>(l),
                       _mm256_add_epi32(a[s][0], a[s][1]));
    for (uint32_t v : l)
      t += v;
  }
  return t;
}

#ifdef __AVX512F__
__attribute__((noinline)) static uint64_t read512(const char *p, size_t n) {
  __m512i a0 = _mm512_setzero_si512(), a1 = a0, a2 = a0, a3 = a0, a4 = a0,
          a5 = a0, a6 = a0, a7 = a0;
  size_t i = 0;
  for (; i + 512 <= n; i += 512) {
    const __m512i *q = reinterpret_cast<const __m512i *>(p + i);
    a0 = _mm512_add_epi32(a0, _mm512_load_si512(q + 0));
    a1 = _mm512_add_epi32(a1, _mm512_load_si512(q + 1));
    a2 = _mm512_add_epi32(a2, _mm512_load_si512(q + 2));
    a3 = _mm512_add_epi32(a3, _mm512_load_si512(q + 3));
    a4 = _mm512_add_epi32(a4, _mm512_load_si512(q + 4));
    a5 = _mm512_add_epi32(a5, _mm512_load_si512(q + 5));
    a6 = _mm512_add_epi32(a6, _mm512_load_si512(q + 6));
    a7 = _mm512_add_epi32(a7, _mm512_load_si512(q + 7));
  }
  __m512i s = _mm512_add_epi32(
      _mm512_add_epi32(_mm512_add_epi32(a0, a1), _mm512_add_epi32(a2, a3)),
      _mm512_add_epi32(_mm512_add_epi32(a4, a5), _mm512_add_epi32(a6, a7)));
  return uint64_t(_mm512_reduce_add_epi32(s)) + read256(p + i, n - i);
}
#endif

const std::vector<ReadLoop> &readLoops() {
  static const std::vector<ReadLoop> loops = {
      {"avx2 1 stream", read256},
      {"avx2 4 streams", read256Streams<4>},
      {"avx2 8 streams", read256Streams<8>},
#ifdef __AVX512F__
      {"avx512 1 stream", read512},
#endif
  };
  return loops;
}

// Two threads, each one read loop over half of the buffer (a new std::thread
// per call: ~tens of microseconds, visible only on the small cases).
uint64_t readTwoThreads(const ReadLoop &l, const char *p, size_t n) {
  size_t half = n / 2 / 4096 * 4096;
  uint64_t r1 = 0;
  std::thread t([&] { r1 = l.fn(p + half, n - half); });
  uint64_t r0 = l.fn(p, half);
  t.join();
  return r0 + r1;
}

} // namespace rbench
