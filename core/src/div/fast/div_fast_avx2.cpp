// The float16 and bfloat16 fast paths for AVX2 + F16C, written with intrinsics (compiled with
// -mavx2 -mf16c, never -mfma). The proved integer route kernels compiled for AVX2 are the objects
// of sonnx_div_routes_avx2 (core/src/CMakeLists.txt, div_avx2.h).
// Only plain loops and intrinsics here: an inline library template instantiated in this file
// could be merged by the linker with a baseline copy and run AVX2 code on a CPU without it.
// x86-64 only: core/src/CMakeLists.txt compiles this file for x86-64 targets alone.
#include "div_fast_paths.hpp"
#if !SONNX_DIV_X86_64_FAST_PATHS
#error "div_fast_avx2.cpp is compiled for x86-64 targets only (core/src/CMakeLists.txt)"
#endif
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

// This file is x86-64 by design (selected at run time, never the only path): SIMD intrinsics are
// its purpose. NOLINTBEGIN(portability-simd-intrinsics)
#if defined(__FAST_MATH__) || (defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__)
#error "the Div fast paths must be compiled with IEEE semantics (no -ffast-math)"
#endif

namespace sonnx::detail {
namespace {

// Eight and sixteen 16-bit patterns, unaligned.
__m128i load8(const std::uint16_t* p) noexcept {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}
void store8(std::uint16_t* p, __m128i v) noexcept {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
}
__m256i load16(const std::uint16_t* p) noexcept {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}
void store16(std::uint16_t* p, __m256i v) noexcept {
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
}

// float16, eight elements: exact widening (VCVTPH2PS), one binary32 division, one rounding to
// nearest even (VCVTPS2PH). Rounding the binary32 quotient again is exact-equivalent to rounding
// the real quotient once because 24 >= 2 * 11 + 2 (the double-rounding bound for division).
// [impl->req~F2~1] [impl->req~D9~1]
void div8_float16(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* c) noexcept {
  const __m256 quotient = _mm256_div_ps(_mm256_cvtph_ps(load8(a)), _mm256_cvtph_ps(load8(b)));
  store8(c, _mm256_cvtps_ph(quotient, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
}

// Binary32 quotients to bfloat16 patterns (in the low 16 bits of each 32-bit lane): the low 16
// bits are rounded to nearest even with an integer add (a carry moves to the next binade, past the
// largest finite value to infinity), and a NaN is quieted keeping its top payload bits, as
// sonnx_binary32_to_bfloat16 does.
__m256i round_to_bfloat16(__m256 quotient) noexcept {
  const __m256i bits = _mm256_castps_si256(quotient);
  const __m256i is_nan = _mm256_castps_si256(_mm256_cmp_ps(quotient, quotient, _CMP_UNORD_Q));
  const __m256i top = _mm256_srli_epi32(bits, 16);
  const __m256i odd = _mm256_and_si256(top, _mm256_set1_epi32(1));
  const __m256i rounded = _mm256_srli_epi32(
      _mm256_add_epi32(_mm256_add_epi32(bits, _mm256_set1_epi32(0x7FFF)), odd), 16);
  const __m256i quiet_nan = _mm256_or_si256(top, _mm256_set1_epi32(0x40));
  return _mm256_blendv_epi8(rounded, quiet_nan, is_nan);
}

// bfloat16, sixteen elements: interleaving a zero below each pattern is the exact widening (the
// pattern becomes the top half of a binary32), one binary32 division per eight, one rounding.
// 24 >= 2 * 8 + 2, so the two roundings equal one. The unsigned saturating pack keeps every lane
// (all below 2^16) and undoes the unpacks' per-128-bit-half order.
// [impl->req~F2~1] [impl->req~D9~1]
void div16_bfloat16(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* c) noexcept {
  const __m256i zero = _mm256_setzero_si256();
  const __m256i x = load16(a);
  const __m256i y = load16(b);
  const auto quotient = [](__m256i dividend, __m256i divisor) {
    return _mm256_div_ps(_mm256_castsi256_ps(dividend), _mm256_castsi256_ps(divisor));
  };
  const __m256 low = quotient(_mm256_unpacklo_epi16(zero, x), _mm256_unpacklo_epi16(zero, y));
  const __m256 high = quotient(_mm256_unpackhi_epi16(zero, x), _mm256_unpackhi_epi16(zero, y));
  store16(c, _mm256_packus_epi32(round_to_bfloat16(low), round_to_bfloat16(high)));
}

// The element loop shared by both 16-bit float kernels: whole blocks of `width`, then the tail
// through the same vector code on padded copies (padding divides 0 by 1, never stored).
template <std::size_t width,
          void (*divide_block)(const std::uint16_t*, const std::uint16_t*, std::uint16_t*),
          std::uint16_t one>
void div_half_precision(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* c,
                        std::size_t n) noexcept {
  std::size_t i = 0;
  for (; i + width <= n; i += width) divide_block(a + i, b + i, c + i);
  if (i == n) return;
  std::uint16_t tail_a[width];
  std::uint16_t tail_b[width];
  for (std::size_t k = 0; k < width; ++k) {
    tail_a[k] = i + k < n ? a[i + k] : 0;
    tail_b[k] = i + k < n ? b[i + k] : one;
  }
  std::uint16_t tail_c[width];
  divide_block(tail_a, tail_b, tail_c);
  for (std::size_t k = 0; i + k < n; ++k) c[i + k] = tail_c[k];
}

}  // namespace

void div_float16_avx2(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* c,
                      std::size_t n) noexcept {
  div_half_precision<8, div8_float16, 0x3C00>(a, b, c, n);
}

void div_bfloat16_avx2(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* c,
                       std::size_t n) noexcept {
  div_half_precision<16, div16_bfloat16, 0x3F80>(a, b, c, n);
}

}  // namespace sonnx::detail
// NOLINTEND(portability-simd-intrinsics)
