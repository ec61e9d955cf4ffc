// IEEE 754 special values for every float format, bit-exact. Expected patterns follow from the
// formats' definitions and IEEE 754-2019 clause 6 (infinities, NaN) and 6.3 (sign of zero).
#include <catch2/catch.hpp>

#include <initializer_list>

#include "div_test_support.hpp"

using namespace sonnx;
using namespace sonnx::test;

namespace {
std::vector<std::uint64_t> finite_nonzero(const FloatFormat& f) {
  return {f.one, f.two, f.half, f.min_subnormal, f.max_subnormal, f.min_normal, f.max_finite};
}

// The finite non-zero magnitudes and the given other values.
std::vector<std::uint64_t> finite_nonzero_and(const FloatFormat& f,
                                              std::initializer_list<std::uint64_t> others) {
  std::vector<std::uint64_t> values = finite_nonzero(f);
  values.insert(values.end(), others);
  return values;
}
}  // namespace

TEST_CASE("x / 1 = x and x / -1 = -x for every class of x", "[F1][F2][D2]") {
  for (const FloatFormat& f : float_formats()) {
    INFO(f.name);
    for (const std::uint64_t magnitude : finite_nonzero_and(f, {0, f.infinity})) {
      for (const std::uint64_t sign : {std::uint64_t{0}, f.sign_bit}) {
        const std::uint64_t x = magnitude | sign;
        CHECK(div_bits(f, x, f.one) == x);
        CHECK(div_bits(f, x, f.one | f.sign_bit) == (x ^ f.sign_bit));
      }
    }
  }
}

TEST_CASE("0 / 0 is NaN for all four sign combinations", "[R5][D2]") {
  for (const FloatFormat& f : float_formats()) {
    INFO(f.name);
    for (const std::uint64_t sa : {std::uint64_t{0}, f.sign_bit}) {
      for (const std::uint64_t sb : {std::uint64_t{0}, f.sign_bit}) {
        CHECK(f.is_quiet_nan(div_bits(f, sa, sb)));
      }
    }
  }
}

TEST_CASE("finite non-zero / +-0 is infinity with the sign XOR of the operands", "[R5][D1]") {
  for (const FloatFormat& f : float_formats()) {
    INFO(f.name);
    for (const std::uint64_t x : finite_nonzero(f)) {
      CHECK(div_bits(f, x, 0) == f.infinity);
      CHECK(div_bits(f, x, f.sign_bit) == (f.infinity | f.sign_bit));
      CHECK(div_bits(f, x | f.sign_bit, 0) == (f.infinity | f.sign_bit));
      CHECK(div_bits(f, x | f.sign_bit, f.sign_bit) == f.infinity);
    }
  }
}

TEST_CASE("+-0 / finite non-zero is a zero with the sign XOR (-0/5 = -0, 0/-5 = -0)", "[D1]") {
  for (const FloatFormat& f : float_formats()) {
    INFO(f.name);
    for (const std::uint64_t y : finite_nonzero(f)) {
      CHECK(div_bits(f, 0, y) == 0);
      CHECK(div_bits(f, f.sign_bit, y) == f.sign_bit);
      CHECK(div_bits(f, 0, y | f.sign_bit) == f.sign_bit);
      CHECK(div_bits(f, f.sign_bit, y | f.sign_bit) == 0);
    }
  }
}

TEST_CASE("infinite operands: inf/inf NaN, inf/finite inf, finite/inf signed zero", "[D2][D1]") {
  for (const FloatFormat& f : float_formats()) {
    INFO(f.name);
    const std::uint64_t inf = f.infinity;
    const std::uint64_t neg_inf = f.infinity | f.sign_bit;
    for (const std::uint64_t a : {inf, neg_inf}) {
      for (const std::uint64_t b : {inf, neg_inf}) CHECK(f.is_quiet_nan(div_bits(f, a, b)));
    }
    for (const std::uint64_t x : finite_nonzero_and(f, {0})) {
      CHECK(div_bits(f, inf, x) == inf);
      CHECK(div_bits(f, inf, x | f.sign_bit) == neg_inf);
      CHECK(div_bits(f, neg_inf, x) == neg_inf);
      CHECK(div_bits(f, x, inf) == 0);
      CHECK(div_bits(f, x, neg_inf) == f.sign_bit);
      CHECK(div_bits(f, x | f.sign_bit, inf) == f.sign_bit);
      CHECK(div_bits(f, x | f.sign_bit, neg_inf) == 0);
    }
  }
}

TEST_CASE("NaN propagates from either operand, whatever the other is", "[D2]") {
  for (const FloatFormat& f : float_formats()) {
    INFO(f.name);
    const auto others = finite_nonzero_and(f, {0, f.infinity, f.quiet_nan});
    // Quiet and signaling NaN operands (IEEE 754-2019 6.2: the result is a quiet NaN either way).
    const std::uint64_t signaling = f.infinity | 1;
    for (const std::uint64_t nan :
         {f.quiet_nan, f.quiet_nan | f.sign_bit, signaling, signaling | f.sign_bit}) {
      for (const std::uint64_t x : others) {
        CHECK(f.is_quiet_nan(div_bits(f, nan, x)));
        CHECK(f.is_quiet_nan(div_bits(f, x, nan)));
        CHECK(f.is_quiet_nan(div_bits(f, nan, x | f.sign_bit)));
      }
    }
  }
}

TEST_CASE("overflow, underflow and subnormal rounding at the format boundaries", "[F1][F2]") {
  for (const FloatFormat& f : float_formats()) {
    INFO(f.name);
    // max / 0.5 = 2 max > max + half ulp: overflows to infinity under RNE.
    CHECK(div_bits(f, f.max_finite, f.half) == f.infinity);
    CHECK(div_bits(f, f.max_finite | f.sign_bit, f.half) == (f.infinity | f.sign_bit));
    // min normal / 2 is exactly the subnormal with only the top fraction bit set.
    CHECK(div_bits(f, f.min_normal, f.two) == (f.min_normal >> 1));
    // min subnormal / 2 is the exact tie between 0 and min subnormal: RNE picks even 0.
    CHECK(div_bits(f, f.min_subnormal, f.two) == 0);
    CHECK(div_bits(f, f.min_subnormal | f.sign_bit, f.two) == f.sign_bit);
    // 3 * min subnormal / 2 = 1.5 ulp: tie between 1 and 2 ulps, RNE picks even 2.
    CHECK(div_bits(f, 3 * f.min_subnormal, f.two) == 2 * f.min_subnormal);
    // 5 * min subnormal / 2 = 2.5 ulp: tie between 2 and 3 ulps, RNE picks even 2.
    CHECK(div_bits(f, 5 * f.min_subnormal, f.two) == 2 * f.min_subnormal);
    // max subnormal * 2 is exact (a normal); dividing back recovers the subnormal.
    CHECK(div_bits(f, f.max_subnormal, f.half) == 2 * f.max_subnormal);
    CHECK(div_bits(f, 2 * f.max_subnormal, f.two) == f.max_subnormal);
    // min subnormal / max finite is far below half the smallest subnormal: +0.
    CHECK(div_bits(f, f.min_subnormal, f.max_finite) == 0);
  }
}

TEST_CASE("correctly rounded quotients that are not exact: 1/3, 2/3, -1/3, 1/10", "[F1][F2]") {
  // Exact rational arithmetic rounded to nearest even, per format.
  struct Row { std::uint64_t one_third, two_thirds, minus_one_third, one_tenth, three, ten; };
  const Row rows[] = {
      {0x3555, 0x3955, 0xB555, 0x2E66, 0x4200, 0x4900},
      {0x3EAB, 0x3F2B, 0xBEAB, 0x3DCD, 0x4040, 0x4120},
      {0x3EAAAAAB, 0x3F2AAAAB, 0xBEAAAAAB, 0x3DCCCCCD, 0x40400000, 0x41200000},
      {0x3FD5555555555555, 0x3FE5555555555555, 0xBFD5555555555555, 0x3FB999999999999A,
       0x4008000000000000, 0x4024000000000000}};
  for (std::size_t k = 0; k < 4; ++k) {
    const FloatFormat& f = float_formats()[k];
    const Row& row = rows[k];
    INFO(f.name);
    CHECK(div_bits(f, f.one, row.three) == row.one_third);
    CHECK(div_bits(f, f.two, row.three) == row.two_thirds);
    CHECK(div_bits(f, f.one | f.sign_bit, row.three) == row.minus_one_third);
    CHECK(div_bits(f, f.one, row.ten) == row.one_tenth);
  }
}
