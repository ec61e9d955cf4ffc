// Independent references for the fuzz harnesses and the oracle tests: IEEE 754 division
// (round to nearest, ties to even) of bit patterns of any binary format up to 64 bits, computed
// with integer arithmetic only (no hardware floating point, no code of the library), and integer
// division truncated toward zero computed on magnitudes.
#ifndef SONNX_VERIFY_SOFT_DIV_REFERENCE_HPP
#define SONNX_VERIFY_SOFT_DIV_REFERENCE_HPP

#include <cstdint>
#include <limits>
#include <type_traits>

#include "sonnx/result_comparison.hpp"

namespace sonnx::reference {

// 128-bit unsigned integer of GCC and clang (__extension__: accepted under -Wpedantic).
__extension__ typedef unsigned __int128 uint128;

struct Format {
  int width;      // total bits
  int precision;  // significand bits including the hidden bit
  int emax;       // exponent bias
};

inline constexpr Format binary16{16, 11, 15};
inline constexpr Format bfloat16{16, 8, 127};
inline constexpr Format binary32{32, 24, 127};
inline constexpr Format binary64{64, 53, 1023};

constexpr std::uint64_t sign_bit(const Format& f) { return std::uint64_t{1} << (f.width - 1); }
constexpr std::uint64_t infinity(const Format& f) {
  return ((std::uint64_t{1} << (f.width - f.precision)) - 1) << (f.precision - 1);
}
constexpr FloatLayout layout(const Format& f) { return FloatLayout{f.width, f.precision}; }
constexpr bool is_nan(const Format& f, std::uint64_t x) { return layout(f).is_nan(x); }
constexpr bool is_quiet_nan(const Format& f, std::uint64_t x) { return layout(f).is_quiet_nan(x); }
// The F1/F2 comparison rule (docs/spec-defects.md SD-9, sonnx/result_comparison.hpp).
constexpr bool same_result(const Format& f, std::uint64_t x, std::uint64_t y) {
  return sonnx::same_result(layout(f), x, y);
}

// a / b for the bit patterns a and b of format f, correctly rounded (RNE). NaN results are the
// canonical quiet NaN (callers compare with same_result).
constexpr std::uint64_t soft_div(const Format& f, std::uint64_t a, std::uint64_t b) {
  using u64 = std::uint64_t;
  using u128 = uint128;
  const int p = f.precision;
  const u64 sbit = sign_bit(f);
  const u64 frac_mask = (u64{1} << (p - 1)) - 1;
  const u64 inf = infinity(f);
  const u64 qnan = inf | (u64{1} << (p - 2));
  const u64 sign = (a ^ b) & sbit;
  const u64 ma = a & (sbit - 1);
  const u64 mb = b & (sbit - 1);
  if (ma > inf || mb > inf) return qnan;          // NaN operand
  if (ma == inf) return mb == inf ? qnan : (sign | inf);  // inf/inf, inf/x
  if (mb == inf) return sign;                      // finite/inf = signed zero
  if (mb == 0) return ma == 0 ? qnan : (sign | inf);  // 0/0, x/0
  if (ma == 0) return sign;                        // 0/x
  const int emin_quantum = 1 - f.emax - (p - 1);   // exponent of the least subnormal
  // value = sig * 2^e with sig normalized to exactly p bits.
  const auto decode = [&](u64 m, u64& sig, int& e) {
    const u64 field = m >> (p - 1);
    sig = m & frac_mask;
    if (field == 0) {
      e = emin_quantum;
    } else {
      sig |= u64{1} << (p - 1);
      e = static_cast<int>(field) - f.emax - (p - 1);
    }
    while (sig < (u64{1} << (p - 1))) {
      sig <<= 1;
      --e;
    }
  };
  u64 sa = 0;
  u64 sb = 0;
  int ea = 0;
  int eb = 0;
  decode(ma, sa, ea);
  decode(mb, sb, eb);
  // sa / sb is in (1/2, 2): with s extra bits the integer quotient has s or s + 1 bits, at least
  // p + 3, so guard and round bits are exact and the remainder is the sticky bit.
  const int s = p + 3;
  const u128 num = static_cast<u128>(sa) << s;
  const u128 q = num / sb;
  const bool sticky = (num % sb) != 0;
  const int e = ea - eb - s;  // value = (q + sticky fraction) * 2^e
  int nbits = 0;
  for (u128 t = q; t != 0; t >>= 1) ++nbits;
  int e_ulp = e + nbits - p;
  if (e_ulp < emin_quantum) e_ulp = emin_quantum;
  const int shift = e_ulp - e;  // >= 3
  u64 mant = 0;
  if (shift <= nbits) {
    mant = static_cast<u64>(q >> shift);
    const u128 rem = q & ((static_cast<u128>(1) << shift) - 1);
    const u128 half = static_cast<u128>(1) << (shift - 1);
    if (rem > half || (rem == half && (sticky || (mant & 1U) != 0))) ++mant;
  }  // else the value is below half the least subnormal: rounds to zero
  if (mant == (u64{1} << p)) {
    mant >>= 1;
    ++e_ulp;
  }
  if (mant == 0) return sign;
  if (mant < (u64{1} << (p - 1))) return sign | mant;  // subnormal (e_ulp == emin_quantum)
  const long long field = static_cast<long long>(e_ulp) + (p - 1) + f.emax;
  if (field >= static_cast<long long>(inf >> (p - 1))) return sign | inf;  // overflow
  return sign | (static_cast<u64>(field) << (p - 1)) | (mant & frac_mask);
}

// Integer quotient truncated toward zero (I1), computed on magnitudes. Preconditions: b != 0 and
// not (signed MIN / -1).
template <typename T>
constexpr T truncated_quotient(T a, T b) {
  static_assert(std::is_integral_v<T>);
  if constexpr (std::is_signed_v<T>) {
    const auto magnitude = [](T x) -> std::uint64_t {
      return x < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(static_cast<std::int64_t>(x))
                   : static_cast<std::uint64_t>(x);
    };
    const std::uint64_t q = magnitude(a) / magnitude(b);
    const bool negative = (a < 0) != (b < 0);
    // q <= |MIN| only when b = +-1; the MIN / -1 case is excluded by the precondition.
    const std::int64_t signed_q =
        negative ? static_cast<std::int64_t>(std::uint64_t{0} - q) : static_cast<std::int64_t>(q);
    return static_cast<T>(signed_q);
  } else {
    return static_cast<T>(a / b);
  }
}

}  // namespace sonnx::reference

#endif  // SONNX_VERIFY_SOFT_DIV_REFERENCE_HPP
