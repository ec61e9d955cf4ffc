// Shared helpers of the oracle tests: format mapping, seeds, operand generators and the exact
// integer-arithmetic reference for division (independent of MPFR, used to cross-check the oracle).
#ifndef SONNX_TESTS_ORACLE_TEST_SUPPORT_HPP
#define SONNX_TESTS_ORACLE_TEST_SUPPORT_HPP

#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "div_test_support.hpp"
#include "sonnx_verify/mpfr_oracle.hpp"
#include "sonnx_verify/soft_div_reference.hpp"

namespace sonnx::oracle_test {

using sonnx::oracle::BinaryFormat;
using sonnx::test::FloatFormat;

inline const BinaryFormat& oracle_format(const FloatFormat& f) {
  switch (f.type) {
    case DataType::float16:
      return sonnx::oracle::binary16;
    case DataType::bfloat16:
      return sonnx::oracle::bfloat16;
    case DataType::float32:
      return sonnx::oracle::binary32;
    default:
      return sonnx::oracle::binary64;
  }
}

inline const FloatFormat& support_format(DataType type) {
  for (const FloatFormat& f : sonnx::test::float_formats()) {
    if (f.type == type) return f;
  }
  return sonnx::test::float_formats().front();
}

// Seed of the random tests: SONNX_ORACLE_SEED (decimal or 0x-hex) overrides the default.
inline std::uint64_t test_seed() {
  if (const char* text = std::getenv("SONNX_ORACLE_SEED"); text != nullptr && *text != '\0') {
    return std::strtoull(text, nullptr, 0);
  }
  return 0x0DC0FFEE2026ULL;
}

// Number of random pairs per format: SONNX_ORACLE_RANDOM_PAIRS overrides the default 10^6.
inline std::size_t random_pair_count() {
  if (const char* text = std::getenv("SONNX_ORACLE_RANDOM_PAIRS");
      text != nullptr && *text != '\0') {
    return static_cast<std::size_t>(std::strtoull(text, nullptr, 0));
  }
  return 1'000'000;
}

inline std::string seed_note(std::uint64_t seed) {
  return "seed " + std::to_string(seed) +
         " (reproduce with SONNX_ORACLE_SEED=" + std::to_string(seed) + ")";
}

// Bit pattern from fields: sign (0/1), biased exponent, fraction.
inline std::uint64_t make(const BinaryFormat& f, std::uint64_t sign, std::uint64_t biased,
                          std::uint64_t fraction) {
  return (sign != 0 ? f.sign_bit() : 0) | (biased << (f.precision - 1)) | fraction;
}

// Pattern of +2^k (k within the normal range).
inline std::uint64_t power_of_two(const BinaryFormat& f, int k) {
  return make(f, 0, static_cast<std::uint64_t>(k + f.emax), 0);
}

inline std::uint64_t one(const BinaryFormat& f) { return power_of_two(f, 0); }

// The 15 operand classes of the directed tests.
struct NamedValue {
  const char* name;
  std::uint64_t bits;
};

inline std::vector<NamedValue> operand_classes(const BinaryFormat& f) {
  const std::uint64_t s = f.sign_bit();
  return {{"+0", 0},
          {"-0", s},
          {"+min_subnormal", f.min_subnormal()},
          {"-min_subnormal", s | f.min_subnormal()},
          {"+max_subnormal", f.max_subnormal()},
          {"-max_subnormal", s | f.max_subnormal()},
          {"+min_normal", f.min_normal()},
          {"-min_normal", s | f.min_normal()},
          {"+1", one(f)},
          {"-1", s | one(f)},
          {"+max_finite", f.max_finite()},
          {"-max_finite", s | f.max_finite()},
          {"+inf", f.infinity()},
          {"-inf", s | f.infinity()},
          {"qNaN", f.quiet_nan()}};
}

// Random operands: uniform patterns, plus pairs steered so that quotients land in the normal,
// subnormal, underflow and overflow regions, plus special operands.
class OperandGenerator {
 public:
  OperandGenerator(const BinaryFormat& f, std::uint64_t seed) : f_(f), rng_(seed) {}

  std::pair<std::uint64_t, std::uint64_t> next() {
    const std::uint64_t kind = rng_() % 20;
    std::uint64_t a = random_bits();
    std::uint64_t b = random_bits();
    const int exponent_range = 2 * f_.emax;  // biased exponents 1 .. 2*emax
    if (kind < 5) {
      // uniform bit patterns
    } else if (kind < 10) {
      // normal-range quotients: exponents close to each other
      const int ea = 1 + static_cast<int>(rng_() % static_cast<std::uint64_t>(exponent_range));
      a = finite(ea);
      b = finite(clamp_exponent(ea + static_cast<int>(rng_() % 7) - 3));
    } else if (kind < 15) {
      // quotients near and inside the subnormal range: e_a - e_b ~ emin - (0 .. p + 2)
      const int shift = -static_cast<int>(rng_() % static_cast<std::uint64_t>(f_.precision + 4));
      const int eb = 1 + static_cast<int>(rng_() % static_cast<std::uint64_t>(exponent_range));
      const int target = eb + f_.emin() + shift;  // biased exponent of a
      if (target >= 1) {
        a = finite(target);
      } else {
        a = subnormal_or_min(target);
      }
      b = finite(eb);
    } else if (kind < 18) {
      // quotients near the overflow threshold: e_a - e_b ~ emax + (-1 .. 1)
      const int eb = 1 + static_cast<int>(rng_() % static_cast<std::uint64_t>(f_.emax));
      const int ea = clamp_exponent(eb + f_.emax + static_cast<int>(rng_() % 3) - 1);
      a = finite(ea);
      b = finite(eb);
    } else {
      const auto classes = operand_classes(f_);
      a = classes[rng_() % classes.size()].bits;
      if ((rng_() & 1u) != 0) std::swap(a, b);
    }
    if ((rng_() & 1u) != 0) a ^= f_.sign_bit();
    if ((rng_() & 1u) != 0) b ^= f_.sign_bit();
    return {a, b};
  }

 private:
  std::uint64_t random_bits() {
    const std::uint64_t mask =
        f_.width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << f_.width) - 1;
    return rng_() & mask;
  }
  int clamp_exponent(int e) const { return e < 1 ? 1 : (e > 2 * f_.emax ? 2 * f_.emax : e); }
  std::uint64_t finite(int biased) {
    return make(f_, 0, static_cast<std::uint64_t>(clamp_exponent(biased)),
                rng_() & f_.fraction_mask());
  }
  // A biased exponent below 1 means a subnormal: keep the significand bits that remain.
  std::uint64_t subnormal_or_min(int biased) {
    const int drop = 1 - biased;  // how many binades below the smallest normal
    std::uint64_t significand = (rng_() & f_.fraction_mask()) | f_.min_normal();
    significand = drop < 64 ? significand >> drop : 0;
    return significand == 0 ? f_.min_subnormal() : significand;
  }

  const BinaryFormat& f_;
  std::mt19937_64 rng_;
};

// Calls check(a, b) on the first `count` operand pairs of the generator of `f` seeded with `seed`.
template <typename Check>
void for_generated_pairs(const BinaryFormat& f, std::uint64_t seed, int count, Check check) {
  OperandGenerator generator(f, seed);
  for (int i = 0; i < count; ++i) {
    const auto [a, b] = generator.next();
    check(a, b);
  }
}

inline constexpr std::array<const BinaryFormat*, 4> all_formats = {
    &oracle::binary16, &oracle::bfloat16, &oracle::binary32, &oracle::binary64};

// Counts failures in each of `formats` (count(format), under INFO of the format's name): none may
// be found in any format.
template <typename Formats, typename Count>
void none_in_each(const Formats& formats, Count count) {
  for (const BinaryFormat* f : formats) {
    INFO(f->name);
    CHECK(count(*f) == 0);
  }
}

// none_in_each on operands drawn from the tests' seed: count(format, seed), under INFO of the seed.
template <typename Formats, typename Count>
void none_in_each_seeded(const Formats& formats, Count count) {
  const std::uint64_t seed = test_seed();
  INFO(seed_note(seed));
  none_in_each(formats, [&](const BinaryFormat& f) { return count(f, seed); });
}

// The MPFR-independent reference: the integer-only soft division of the verification library.
inline std::uint64_t integer_reference_div(const BinaryFormat& f, std::uint64_t a,
                                           std::uint64_t b) {
  return sonnx::reference::soft_div({f.width, f.precision, f.emax}, a, b);
}

}  // namespace sonnx::oracle_test

#endif  // SONNX_TESTS_ORACLE_TEST_SUPPORT_HPP
