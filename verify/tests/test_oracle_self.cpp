// The MPFR oracle tested on its own, before it is trusted as the reference of F1/F2:
// hand-checked quotients, the subnormal double-rounding traps, agreement with hardware IEEE
// division (binary32/binary64), with an independent exact integer-arithmetic reference (all four
// formats), with the spec-level rounding of K * 2^-s, and the sign (XOR) rule the sweep relies on.
#include <catch2/catch.hpp>
#include <cstring>
#include <random>

#include "oracle_test_support.hpp"

using namespace sonnx::oracle;
using namespace sonnx::oracle_test;

namespace {

struct HandCase {
  const BinaryFormat* f;
  std::uint64_t a;
  std::uint64_t b;
  std::uint64_t expected;  // any NaN pattern stands for "NaN"
  const char* why;
};

// Expected values computed by hand from the formats' definitions (derivations in docs/oracle.md).
const HandCase hand_cases[] = {
    // binary16
    {&binary16, 0x3C00, 0x4200, 0x3555, "1/3: 1.0101010101|01.. x2^-2, next bit 0: round down"},
    {&binary16, 0x4000, 0x4200, 0x3955, "2/3: 1.0101010101|01.. x2^-1"},
    {&binary16, 0x4900, 0x4200, 0x42AB, "10/3: 1.1010101010|1010.. x2^1, round up"},
    {&binary16, 0x3C00, 0x3C00, 0x3C00, "1/1"},
    {&binary16, 0x3C00, 0x0000, 0x7C00, "1/+0 = +inf (R5)"},
    {&binary16, 0xBC00, 0x0000, 0xFC00, "-1/+0 = -inf (R5, D1)"},
    {&binary16, 0x3C00, 0x8000, 0xFC00, "1/-0 = -inf (R5, D1)"},
    {&binary16, 0x0000, 0x0000, 0x7E00, "0/0 = NaN (R5)"},
    {&binary16, 0x8000, 0x0000, 0x7E00, "-0/0 = NaN (R5)"},
    {&binary16, 0x7C00, 0x7C00, 0x7E00, "inf/inf = NaN (D2)"},
    {&binary16, 0x7E00, 0x3C00, 0x7E00, "NaN/1 = NaN (D2)"},
    {&binary16, 0x3C00, 0x7C01, 0x7E00, "1/sNaN = NaN (D2)"},
    {&binary16, 0x3C00, 0x7C00, 0x0000, "1/inf = +0 (D2)"},
    {&binary16, 0xBC00, 0x7C00, 0x8000, "-1/inf = -0 (D1, D2)"},
    {&binary16, 0x7C00, 0x8000, 0xFC00, "inf/-0 = -inf (D2)"},
    {&binary16, 0x7C00, 0xBC00, 0xFC00, "inf/-1 = -inf (D2)"},
    {&binary16, 0x8000, 0x4500, 0x8000, "-0/5 = -0 (D1)"},
    {&binary16, 0x0000, 0xC500, 0x8000, "0/-5 = -0 (D1)"},
    {&binary16, 0x7BFF, 0x3800, 0x7C00, "65504/0.5 overflows to +inf"},
    {&binary16, 0x7BFF, 0x4000, 0x77FF, "65504/2 = 32752"},
    {&binary16, 0x7BFF, 0x3BFF, 0x7C00, "maxF/(1-2^-11) = 2^16 exactly: +inf"},
    {&binary16, 0x7BFE, 0x3BFF, 0x7BFF, "(maxF-ulp)/(1-2^-11) = 2^16(1-1/2047), just below maxF"},
    {&binary16, 0x0001, 0x4000, 0x0000, "2^-24/2: tie, to even zero"},
    {&binary16, 0x8001, 0x4000, 0x8000, "-2^-24/2: tie, to even -0"},
    {&binary16, 0x0003, 0x4000, 0x0002, "1.5 quanta: tie up to 2"},
    {&binary16, 0x0005, 0x4000, 0x0002, "2.5 quanta: tie down to 2"},
    {&binary16, 0x0007, 0x4000, 0x0004, "3.5 quanta: tie up to 4"},
    {&binary16, 0x07FF, 0x4000, 0x0400, "1023.5 quanta: tie up to the min normal"},
    {&binary16, 0x07FD, 0x4000, 0x03FE, "1022.5 quanta: tie down"},
    {&binary16, 0x0001, 0x3FFF, 0x0001, "2^-24/(2-2^-10): just above half: min subnormal"},
    {&binary16, 0x0001, 0x4001, 0x0000, "2^-24/(2+2^-9): just below half: zero"},
    {&binary16, 0x0400, 0x6400, 0x0001, "2^-14/2^10 = 2^-24"},
    {&binary16, 0x0400, 0x3C01, 0x03FF, "minN/(1+2^-10) = 1023 + 1/1025 quanta"},
    {&binary16, 0x0005, 0x42AB, 0x0001,
     "5q/(1707/512) = 1.49971q; 11-bit rounding first would give 1.5q, then 2q"},
    {&binary16, 0x0009, 0x3CCD, 0x0007,
     "9q/(1229/1024) = 7.49878q; 11-bit rounding first would give 7.5q, then 8q"},
    // bfloat16
    {&bfloat16, 0x3F80, 0x4040, 0x3EAB, "1/3: 1.0101010|1010.. x2^-2, round up"},
    {&bfloat16, 0x4000, 0x4040, 0x3F2B, "2/3: round up"},
    {&bfloat16, 0x3F80, 0x0000, 0x7F80, "1/+0 = +inf"},
    {&bfloat16, 0x0000, 0x0000, 0x7FC0, "0/0 = NaN"},
    {&bfloat16, 0x7F80, 0xFF80, 0x7FC0, "inf/-inf = NaN"},
    {&bfloat16, 0x7FC0, 0x3F80, 0x7FC0, "NaN/1 = NaN"},
    {&bfloat16, 0xBF80, 0x7F80, 0x8000, "-1/inf = -0"},
    {&bfloat16, 0x8000, 0x40A0, 0x8000, "-0/5 = -0"},
    {&bfloat16, 0x7F7F, 0x3F00, 0x7F80, "maxF/0.5 = +inf"},
    {&bfloat16, 0x7F7F, 0x4000, 0x7EFF, "maxF/2"},
    {&bfloat16, 0x7F7F, 0x3F7F, 0x7F80, "maxF/(1-2^-8) = 2^128 exactly: +inf"},
    {&bfloat16, 0x7F7E, 0x3F7F, 0x7F7F, "(maxF-ulp)/(1-2^-8): just below maxF"},
    {&bfloat16, 0x0001, 0x4000, 0x0000, "min subnormal/2: tie to zero"},
    {&bfloat16, 0x0003, 0x4000, 0x0002, "1.5 quanta: tie up"},
    {&bfloat16, 0x00FF, 0x4000, 0x0080, "127.5 quanta: tie up to the min normal"},
    {&bfloat16, 0x00FD, 0x4000, 0x007E, "126.5 quanta: tie down"},
    {&bfloat16, 0x0080, 0x4300, 0x0001, "2^-126/2^7 = 2^-133"},
    // binary32
    {&binary32, 0x3F800000, 0x40400000, 0x3EAAAAAB, "1/3"},
    {&binary32, 0x40000000, 0x40400000, 0x3F2AAAAB, "2/3"},
    {&binary32, 0x3F800000, 0x41200000, 0x3DCCCCCD, "1/10"},
    {&binary32, 0x3F800000, 0x80000000, 0xFF800000, "1/-0 = -inf"},
    {&binary32, 0x80000000, 0x80000000, 0x7FC00000, "-0/-0 = NaN"},
    {&binary32, 0xFF800000, 0x7F800000, 0x7FC00000, "-inf/inf = NaN"},
    {&binary32, 0x7F7FFFFF, 0x3F000000, 0x7F800000, "FLT_MAX/0.5 = +inf"},
    {&binary32, 0x7F7FFFFF, 0x40000000, 0x7EFFFFFF, "FLT_MAX/2"},
    {&binary32, 0x00000001, 0x40000000, 0x00000000, "2^-149/2: tie to zero"},
    {&binary32, 0x00000003, 0x40000000, 0x00000002, "1.5 quanta: tie up"},
    {&binary32, 0x00FFFFFF, 0x40000000, 0x00800000, "(2^24-1)/2 quanta: tie up to min normal"},
    {&binary32, 0x00FFFFFD, 0x40000000, 0x007FFFFE, "tie down"},
    // binary64
    {&binary64, 0x3FF0000000000000, 0x4008000000000000, 0x3FD5555555555555, "1/3"},
    {&binary64, 0x4000000000000000, 0x4008000000000000, 0x3FE5555555555555, "2/3"},
    {&binary64, 0x3FF0000000000000, 0x4024000000000000, 0x3FB999999999999A, "1/10"},
    {&binary64, 0x0000000000000000, 0x0000000000000000, 0x7FF8000000000000, "0/0 = NaN"},
    {&binary64, 0xBFF0000000000000, 0x0000000000000000, 0xFFF0000000000000, "-1/+0 = -inf"},
    {&binary64, 0x7FEFFFFFFFFFFFFF, 0x3FE0000000000000, 0x7FF0000000000000, "DBL_MAX/0.5 = +inf"},
    {&binary64, 0x0000000000000001, 0x4000000000000000, 0x0000000000000000, "2^-1074/2 tie to 0"},
    {&binary64, 0x0000000000000003, 0x4000000000000000, 0x0000000000000002, "1.5 quanta: up"},
    {&binary64, 0x001FFFFFFFFFFFFF, 0x4000000000000000, 0x0010000000000000, "tie up to min normal"},
};

}  // namespace

TEST_CASE("oracle: hand-checked quotients in all four formats", "[oracle]") {
  for (const HandCase& c : hand_cases) {
    const BinaryFormat& f = *c.f;
    INFO(f.name << " " << hex(f, c.a) << " / " << hex(f, c.b) << ": " << c.why);
    const std::uint64_t got = sonnx::oracle::div(f, c.a, c.b);
    INFO("oracle gives " << hex(f, got) << ", expected " << hex(f, c.expected));
    if (f.is_nan(c.expected)) {
      CHECK(f.is_nan(got));
    } else {
      CHECK(got == c.expected);
    }
    // The independent integer reference must agree on every hand case as well.
    CHECK(same_result(f, integer_reference_div(f, c.a, c.b), c.expected));
  }
}

TEST_CASE("oracle: format constants and exact pattern <-> MPFR conversions", "[oracle]") {
  CHECK(binary16.infinity() == 0x7C00);
  CHECK(binary16.quiet_nan() == 0x7E00);
  CHECK(binary16.max_finite() == 0x7BFF);
  CHECK(binary16.min_normal() == 0x0400);
  CHECK(bfloat16.infinity() == 0x7F80);
  CHECK(bfloat16.quiet_nan() == 0x7FC0);
  CHECK(binary32.infinity() == 0x7F800000);
  CHECK(binary32.quiet_nan() == 0x7FC00000);
  CHECK(binary64.infinity() == 0x7FF0000000000000);
  CHECK(binary64.max_finite() == 0x7FEFFFFFFFFFFFFF);
  mpfr_t x;
  mpfr_init2(x, 64);
  none_in_each(std::array{&binary16, &bfloat16}, [&](const BinaryFormat& f) {
    std::uint64_t failures = 0;
    for (std::uint64_t bits = 0; bits <= 0xFFFF; ++bits) {
      to_mpfr(x, f, bits);
      const std::uint64_t back = from_mpfr(f, x);
      if (f.is_nan(bits) ? !f.is_nan(back) : back != bits) ++failures;
    }
    return failures;
  });
  // Values checked by hand: 0x0001 (f16) = 2^-24, 0x7BFF = 65504, 0x0080 (bf16) = 2^-126.
  to_mpfr(x, binary16, 0x0001);
  CHECK(mpfr_cmp_d(x, 0x1p-24) == 0);
  to_mpfr(x, binary16, 0xFBFF);
  CHECK(mpfr_cmp_si(x, -65504) == 0);
  to_mpfr(x, bfloat16, 0x0080);
  CHECK(mpfr_cmp_d(x, 0x1p-126) == 0);
  to_mpfr(x, binary64, 0x0000000000000001);
  CHECK(mpfr_cmp_d(x, 0x1p-1074) == 0);
  mpfr_clear(x);
}

TEST_CASE("oracle: agrees with hardware IEEE binary32/binary64 division", "[oracle]") {
  const std::array hardware_formats{&binary32, &binary64};
  none_in_each_seeded(hardware_formats, [](const BinaryFormat& f, std::uint64_t seed) {
    OperandGenerator generator(f, seed);
    std::uint64_t mismatches = 0;
    for (int i = 0; i < 200000; ++i) {
      const auto [a, b] = generator.next();
      std::uint64_t hardware = 0;
      if (f.width == 32) {
        const auto ua = static_cast<std::uint32_t>(a);
        const auto ub = static_cast<std::uint32_t>(b);
        float fa, fb;
        std::memcpy(&fa, &ua, 4);
        std::memcpy(&fb, &ub, 4);
        const volatile float q = fa / fb;
        const float qq = q;
        std::uint32_t bits;
        std::memcpy(&bits, &qq, 4);
        hardware = bits;
      } else {
        double da, db;
        std::memcpy(&da, &a, 8);
        std::memcpy(&db, &b, 8);
        const volatile double q = da / db;
        const double qq = q;
        std::memcpy(&hardware, &qq, 8);
      }
      if (!same_result(f, sonnx::oracle::div(f, a, b), hardware)) {
        if (++mismatches <= 5) UNSCOPED_INFO(hex(f, a) << " / " << hex(f, b));
      }
    }
    return mismatches;
  });
}

TEST_CASE("oracle: agrees with an exact integer-arithmetic reference in all four formats",
          "[oracle]") {
  none_in_each_seeded(all_formats, [](const BinaryFormat& f, std::uint64_t seed) {
    std::uint64_t mismatches = 0;
    const auto check = [&](std::uint64_t a, std::uint64_t b) {
      const std::uint64_t o = sonnx::oracle::div(f, a, b);
      const std::uint64_t r = integer_reference_div(f, a, b);
      if (!same_result(f, o, r) && ++mismatches <= 5) {
        UNSCOPED_INFO(hex(f, a) << " / " << hex(f, b) << ": oracle " << hex(f, o)
                                << ", integer reference " << hex(f, r));
      }
    };
    for (const NamedValue& a : operand_classes(f)) {
      for (const NamedValue& b : operand_classes(f)) check(a.bits, b.bits);
    }
    for_generated_pairs(f, seed ^ 0x1234, 300000, check);
    return mismatches;
  });
}

TEST_CASE("oracle: K * 2^-s rounds to nearest-even at the subnormal quantum", "[oracle]") {
  // a = K quanta (raw pattern K, K < 2^p), b = 2^s: the exact quotient is K / 2^s quanta and the
  // result, computed here by integer rounding from the definition, is a raw pattern too.
  std::mt19937_64 rng(test_seed());
  none_in_each(all_formats, [&](const BinaryFormat& f) {
    std::vector<std::uint64_t> ks;
    const std::uint64_t limit = std::uint64_t{1} << f.precision;
    if (f.precision <= 11) {
      for (std::uint64_t k = 1; k < limit; ++k) ks.push_back(k);
    } else {
      for (std::uint64_t k = 1; k < 2048; ++k) ks.push_back(k);
      for (std::uint64_t k = limit - 2048; k < limit; ++k) ks.push_back(k);
      for (int i = 0; i < 2000; ++i) ks.push_back(1 + rng() % (limit - 1));
    }
    std::uint64_t mismatches = 0;
    for (const std::uint64_t k : ks) {
      for (int s = 1; s <= f.precision + 1; ++s) {
        const std::uint64_t floor = k >> s;
        const std::uint64_t rest = k & ((std::uint64_t{1} << s) - 1);
        const std::uint64_t half = std::uint64_t{1} << (s - 1);
        const std::uint64_t expected =
            floor + ((rest > half || (rest == half && (floor & 1u) != 0)) ? 1 : 0);
        const std::uint64_t got = sonnx::oracle::div(f, k, power_of_two(f, s));
        const std::uint64_t negative = sonnx::oracle::div(f, k | f.sign_bit(), power_of_two(f, s));
        if ((got != expected || negative != (expected | f.sign_bit())) && ++mismatches <= 5) {
          UNSCOPED_INFO("K=" << k << " s=" << s << " oracle " << hex(f, got) << " expected "
                             << hex(f, expected));
        }
      }
    }
    return mismatches;
  });
}

TEST_CASE("oracle: the sign of every non-NaN quotient is the XOR of the operands' signs",
          "[oracle]") {
  // The exhaustive sweep evaluates the oracle on magnitudes and derives signed results this way.
  none_in_each_seeded(all_formats, [](const BinaryFormat& f, std::uint64_t seed) {
    std::uint64_t failures = 0;
    for_generated_pairs(f, seed ^ 0x5151, 100000, [&](std::uint64_t a, std::uint64_t b) {
      const std::uint64_t positive = sonnx::oracle::div(f, f.magnitude(a), f.magnitude(b));
      const std::uint64_t signed_result = sonnx::oracle::div(f, a, b);
      const std::uint64_t derived =
          f.is_nan(positive) ? positive : positive ^ ((a ^ b) & f.sign_bit());
      if (!same_result(f, signed_result, derived)) ++failures;
    });
    return failures;
  });
}
