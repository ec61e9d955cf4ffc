// Directed tests of the library's float Div through the checked API sonnx::div, against the MPFR
// oracle and, for the boundary cases, against results derived by hand from IEEE 754 (every
// expectation is independent of the library's output).
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "oracle_test_support.hpp"

using namespace sonnx;
using namespace sonnx::oracle;
using namespace sonnx::oracle_test;
using sonnx::test::div_bits;

namespace {

struct Boundary {
  std::string name;
  std::uint64_t a;
  std::uint64_t b;
  std::uint64_t expected;  // for positive operands; signed variants use the XOR rule
};

// Quotients at the edges of the format, with expectations derived from the definitions
// (P = 2^(p-1) quanta is the min normal, q = min subnormal; derivations in docs/oracle.md).
std::vector<Boundary> boundaries(const BinaryFormat& f) {
  const int p = f.precision;
  const std::uint64_t P = f.min_normal();  // raw pattern of the min normal = P quanta
  const std::uint64_t maxf = f.max_finite();
  const std::uint64_t inf = f.infinity();
  const std::uint64_t one_ = one(f);
  const std::uint64_t pred_one = one_ - 1;  // 1 - 2^-p
  const std::uint64_t succ_one = one_ + 1;  // 1 + 2^(1-p)
  const std::uint64_t two = power_of_two(f, 1);
  const std::uint64_t pred_two = two - 1;  // 2 - 2^(1-p)
  const std::uint64_t succ_two = two + 1;  // 2 + 2^(2-p)
  const std::uint64_t half = power_of_two(f, -1);
  const std::uint64_t one_and_half = one_ | (std::uint64_t{1} << (p - 2));
  const std::uint64_t three = make(f, 0, static_cast<std::uint64_t>(f.emax + 1),
                                   std::uint64_t{1} << (p - 2));
  return {
      // overflow threshold 2^(emax+1) (1 - 2^-(p+1)); no quotient of two p-bit values lies in
      // (maxF, 2^(emax+1)), so the threshold itself is never hit: these are its neighbours.
      {"maxF / 1 = maxF exactly", maxf, one_, maxf},
      {"maxF / 0.5 = 2 maxF: overflow", maxf, half, inf},
      {"2^emax / 0.5 = 2^(emax+1) exactly: overflow", power_of_two(f, f.emax), half, inf},
      {"maxF / (1 - 2^-p) = 2^(emax+1) exactly: overflow", maxf, pred_one, inf},
      {"maxF / (1 - 2^(1-p)) > 2^(emax+1): overflow", maxf, pred_one - 1, inf},
      {"(maxF - ulp) / (1 - 2^-p) = maxF - tiny: rounds up to maxF", maxf - 1, pred_one, maxf},
      {"maxF / 2", maxf, two, maxf - (std::uint64_t{1} << (p - 1))},
      // subnormal / normal boundary
      {"minN / 1 = minN", P, one_, P},
      {"maxsub / 1 = maxsub", P - 1, one_, P - 1},
      {"minN / 2 = P/2 quanta exactly", P, two, P / 2},
      {"(2P - 1) q / 2 = (P - 1/2) q: tie, up to minN (even)", 2 * P - 1, two, P},
      {"(2P - 3) q / 2 = (P - 3/2) q: tie, down to P - 2 (even)", 2 * P - 3, two, P - 2},
      {"(2P - 1) q / (2 - 2^(1-p)) = P q = minN exactly", 2 * P - 1, pred_two, P},
      {"minN / (1 + 2^(1-p)) = (P - 1 + 1/(P+1)) q: maxsub", P, succ_one, P - 1},
      {"maxsub / (1 - 2^-p) = (P - 1/2 - 1/(2(2P-1))) q: just below the tie, maxsub", P - 1,
       pred_one, P - 1},
      // smallest subnormal
      {"minsub / 1 = minsub", 1, one_, 1},
      {"minN / 2^(p-1) = minsub exactly", P, power_of_two(f, p - 1), 1},
      {"minsub / 2: tie, to even zero", 1, two, 0},
      {"minsub / (2 - 2^(1-p)): just above half: minsub", 1, pred_two, 1},
      {"minsub / (2 + 2^(2-p)): just below half: zero", 1, succ_two, 0},
      {"3 minsub / 2 = 1.5 q: tie, up to 2q", 3, two, 2},
      {"5 minsub / 2 = 2.5 q: tie, down to 2q", 5, two, 2},
      {"7 minsub / 2 = 3.5 q: tie, up to 4q", 7, two, 4},
      {"minsub / 1.5 = 0.667 q: minsub", 1, one_and_half, 1},
      {"minsub / 3 = 0.333 q: zero", 1, three, 0},
      {"2 minsub / 3 = 0.667 q: minsub", 2, three, 1},
      {"minsub / maxF: zero", 1, maxf, 0},
      {"minsub / minsub = 1", 1, 1, one_},
  };
}

}  // namespace

TEST_CASE("every pair of the 15 operand classes matches the oracle, all four formats",
          "[F1][F2][R5][D1][D2]") {
  for (const FloatFormat& s : sonnx::test::float_formats()) {
    const BinaryFormat& f = oracle_format(s);
    INFO(f.name);
    std::vector<std::uint64_t> a;
    std::vector<std::uint64_t> b;
    const auto classes = operand_classes(f);
    for (const NamedValue& x : classes) {
      for (const NamedValue& y : classes) {
        a.push_back(x.bits);
        b.push_back(y.bits);
      }
    }
    Status status;
    const std::vector<std::uint64_t> c = div_bits(s, a, b, &status);
    REQUIRE(status.ok());
    REQUIRE(c.size() == a.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      const std::uint64_t expected = sonnx::oracle::div(f, a[i], b[i]);
      INFO(classes[i / classes.size()].name << " / " << classes[i % classes.size()].name << ": "
                                            << hex(f, a[i]) << " / " << hex(f, b[i]) << " gave "
                                            << hex(f, c[i]) << ", oracle " << hex(f, expected));
      CHECK(same_result(f, c[i], expected));
    }
  }
}

TEST_CASE("quotients at the overflow threshold, the subnormal boundary and the smallest "
          "subnormal, with exact ties both ways",
          "[F1][F2][D1]") {
  for (const FloatFormat& s : sonnx::test::float_formats()) {
    const BinaryFormat& f = oracle_format(s);
    INFO(f.name);
    for (const Boundary& c : boundaries(f)) {
      for (int signs = 0; signs < 4; ++signs) {
        const std::uint64_t a = c.a | ((signs & 1) != 0 ? f.sign_bit() : 0);
        const std::uint64_t b = c.b | ((signs & 2) != 0 ? f.sign_bit() : 0);
        const std::uint64_t expected = c.expected ^ ((a ^ b) & f.sign_bit());
        const std::uint64_t got = div_bits(s, a, b);
        INFO(c.name << ": " << hex(f, a) << " / " << hex(f, b) << " gave " << hex(f, got)
                    << ", expected " << hex(f, expected));
        CHECK(got == expected);
        CHECK(sonnx::oracle::div(f, a, b) == expected);  // the oracle agrees with the derivation
      }
    }
  }
}

TEST_CASE("K quanta / 2^s rounds to nearest-even in the subnormal range (all ties)", "[F1][F2]") {
  // a = K quanta (raw pattern K < 2^p), b = 2^s: expected = RNE(K / 2^s) quanta, by integer
  // arithmetic from the definition. Every odd and even K for the 16-bit formats, a sample else.
  std::mt19937_64 rng(test_seed());
  for (const FloatFormat& s : sonnx::test::float_formats()) {
    const BinaryFormat& f = oracle_format(s);
    INFO(f.name << ", " << seed_note(test_seed()));
    const std::uint64_t limit = std::uint64_t{1} << f.precision;
    std::vector<std::uint64_t> a;
    std::vector<std::uint64_t> b;
    std::vector<std::uint64_t> expected;
    const auto add = [&](std::uint64_t k) {
      for (int shift = 1; shift <= f.precision + 1; ++shift) {
        const std::uint64_t floor = k >> shift;
        const std::uint64_t rest = k & ((std::uint64_t{1} << shift) - 1);
        const std::uint64_t half = std::uint64_t{1} << (shift - 1);
        a.push_back(k);
        b.push_back(power_of_two(f, shift));
        expected.push_back(floor + ((rest > half || (rest == half && (floor & 1u) != 0)) ? 1 : 0));
      }
    };
    if (f.precision <= 11) {
      for (std::uint64_t k = 1; k < limit; ++k) add(k);
    } else {
      for (std::uint64_t k = 1; k < 1024; ++k) add(k);
      for (std::uint64_t k = limit - 1024; k < limit; ++k) add(k);
      for (int i = 0; i < 1000; ++i) add(1 + rng() % (limit - 1));
    }
    const std::vector<std::uint64_t> c = div_bits(s, a, b);
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < c.size(); ++i) {
      if (c[i] != expected[i] && ++mismatches <= 5) {
        UNSCOPED_INFO(hex(f, a[i]) << " / " << hex(f, b[i]) << " gave " << hex(f, c[i])
                                   << ", expected " << hex(f, expected[i]));
      }
    }
    CHECK(mismatches == 0);
    CHECK(c.size() == a.size());
  }
}
