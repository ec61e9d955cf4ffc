// MPFR oracle for IEEE 754 binary division, round-to-nearest-even, for any binary interchange-like
// format given by its width, precision p and emax (binary16, bfloat16, binary32, binary64).
//
// The quotient is computed as IEEE 754-2019 clauses 4.3.1, 6.1-6.3 and 7 define it: MPFR's exponent
// range is narrowed to the format's (emin_mpfr = emin - p + 2, emax_mpfr = emax + 1, MPFR's
// significands being in [1/2, 1)), mpfr_div rounds to nearest-even with an unbounded-then-checked
// exponent (overflow gives +-inf under RNDN), and mpfr_subnormalize re-rounds results in the
// subnormal range with the ternary value, so there is no double rounding. Signed zeros and
// infinities come from MPFR's own sign rules (XOR of the operands' signs); 0/0, inf/inf and any NaN
// operand give NaN, returned as the format's canonical quiet NaN.
//
// Part of the verification library (verify/): linked by the tests and the tool, never by the
// product library.
#ifndef SONNX_VERIFY_MPFR_ORACLE_HPP
#define SONNX_VERIFY_MPFR_ORACLE_HPP

// <cstdint> before <mpfr.h>: MPFR declares its intmax_t functions (mpfr_set_uj_2exp) only then.
#include <cstdint>
#include <string>

#include <mpfr.h>

#include "sonnx/result_comparison.hpp"

namespace sonnx::oracle {

struct BinaryFormat {
  const char* name;  // "float16", "bfloat16", "float32", "float64"
  int width;         // total number of bits
  int precision;     // p, significand bits including the hidden bit
  int emax;          // IEEE emax (= exponent bias); emin = 1 - emax

  [[nodiscard]] constexpr int emin() const { return 1 - emax; }
  [[nodiscard]] constexpr int exponent_bits() const { return width - precision; }
  [[nodiscard]] constexpr std::uint64_t sign_bit() const { return std::uint64_t{1} << (width - 1); }
  [[nodiscard]] constexpr std::uint64_t fraction_mask() const {
    return (std::uint64_t{1} << (precision - 1)) - 1;
  }
  [[nodiscard]] constexpr std::uint64_t infinity() const {
    return ((std::uint64_t{1} << exponent_bits()) - 1) << (precision - 1);
  }
  [[nodiscard]] constexpr std::uint64_t quiet_nan() const {
    return infinity() | (std::uint64_t{1} << (precision - 2));
  }
  [[nodiscard]] constexpr std::uint64_t max_finite() const { return infinity() - 1; }
  [[nodiscard]] constexpr std::uint64_t min_normal() const {
    return std::uint64_t{1} << (precision - 1);
  }
  [[nodiscard]] constexpr std::uint64_t max_subnormal() const { return min_normal() - 1; }
  [[nodiscard]] constexpr std::uint64_t min_subnormal() const { return 1; }
  [[nodiscard]] constexpr std::uint64_t magnitude(std::uint64_t bits) const {
    return bits & (sign_bit() - 1);
  }
  [[nodiscard]] constexpr FloatLayout layout() const { return FloatLayout{width, precision}; }
  [[nodiscard]] constexpr bool is_nan(std::uint64_t bits) const { return layout().is_nan(bits); }
  // A quiet NaN: the top fraction bit set (IEEE 754-2019 clause 6.2.1).
  [[nodiscard]] constexpr bool is_quiet_nan(std::uint64_t bits) const {
    return layout().is_quiet_nan(bits);
  }
  [[nodiscard]] constexpr bool is_inf(std::uint64_t bits) const {
    return magnitude(bits) == infinity();
  }
  [[nodiscard]] constexpr bool is_zero(std::uint64_t bits) const { return magnitude(bits) == 0; }
  [[nodiscard]] constexpr bool is_finite(std::uint64_t bits) const {
    return magnitude(bits) < infinity();
  }
  [[nodiscard]] constexpr bool is_subnormal(std::uint64_t bits) const {
    return magnitude(bits) != 0 && magnitude(bits) < min_normal();
  }
  // Unit roundoff u = 2^-p (half an ulp of 1).
  [[nodiscard]] constexpr int unit_roundoff_log2() const { return -precision; }
};

inline constexpr BinaryFormat binary16{"float16", 16, 11, 15};
inline constexpr BinaryFormat bfloat16{"bfloat16", 16, 8, 127};
inline constexpr BinaryFormat binary32{"float32", 32, 24, 127};
inline constexpr BinaryFormat binary64{"float64", 64, 53, 1023};

// IEEE 754 quotient a / b of two bit patterns of format f, rounded to nearest, ties to even.
// Thread-safe (MPFR is built with thread-local state; the exponent range is saved and restored).
std::uint64_t div(const BinaryFormat& f, std::uint64_t a, std::uint64_t b);

// The comparison rule of F1/F2 (docs/spec-defects.md SD-9, sonnx/result_comparison.hpp).
[[nodiscard]] constexpr bool same_result(const BinaryFormat& f, std::uint64_t x, std::uint64_t y) {
  return sonnx::same_result(f.layout(), x, y);
}

// Exact value of a bit pattern into `out` (whose precision is raised to p if smaller).
void to_mpfr(mpfr_ptr out, const BinaryFormat& f, std::uint64_t bits);
// Bit pattern of a value exactly representable in f (NaN gives the canonical quiet NaN).
// Throws std::domain_error if the value is not representable.
std::uint64_t from_mpfr(const BinaryFormat& f, mpfr_srcptr value);

// F3, checked exactly: for finite a, finite non-zero b and finite c,
//   |c - a/b| <= u * max(|a/b|, min_normal)   with u = 2^-p,
// evaluated in the equivalent cross-multiplied form |c*b - a| <= u * max(|a|, min_normal*|b|)
// (|b| > 0) with every product and difference computed exactly (precision chosen so that the
// ternary values are 0, which is asserted). `applicable` is false when a, b or c is not finite or
// b is zero. `error_ratio` is |c - a/b| / (u * max(|a/b|, min_normal)) rounded to double
// (<= 1 means within half an ulp; exactly 1 only at ties).
struct AccuracyCheck {
  bool applicable = false;
  bool within_half_ulp = false;
  double error_ratio = 0.0;
};
AccuracyCheck check_half_ulp(const BinaryFormat& f, std::uint64_t a, std::uint64_t b,
                             std::uint64_t c);

// "0x3C00" with the format's width in hex digits.
std::string hex(const BinaryFormat& f, std::uint64_t bits);
// "MPFR 4.2.0" (the run-time library version).
std::string mpfr_version_string();
// "GMP 6.2.1"
std::string gmp_version_string();

}  // namespace sonnx::oracle

#endif  // SONNX_VERIFY_MPFR_ORACLE_HPP
