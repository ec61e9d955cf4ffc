// F3: every finite result is within half an ulp of the exact real quotient,
// |C - A/B| <= u * max(|A/B|, min_normal), u = 2^-p, checked exactly with MPFR (cross-multiplied
// form, see mpfr_oracle.hpp), on the class pairs, the boundary pairs and >= 10^6 random pairs per
// format. The checker itself is shown not to be vacuous.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "oracle_test_support.hpp"

using namespace sonnx;
using namespace sonnx::oracle;
using namespace sonnx::oracle_test;

TEST_CASE("F3 checker: hand-computed error ratios", "[oracle]") {
  // f16 1/3: C = 0x3555 = 1365/4096, 1/3 - C = 1/12288; bound u*|A/B| = 2^-11/3 = 2/12288.
  CHECK(check_half_ulp(binary16, 0x3C00, 0x4200, 0x3555).error_ratio == 0.5);
  const AccuracyCheck next = check_half_ulp(binary16, 0x3C00, 0x4200, 0x3556);  // 2/12288
  CHECK(next.within_half_ulp);  // F3 is a relative bound: weaker than correct rounding
  CHECK(next.error_ratio == 1.0);
  const AccuracyCheck previous = check_half_ulp(binary16, 0x3C00, 0x4200, 0x3554);  // 4/12288
  CHECK_FALSE(previous.within_half_ulp);
  CHECK(previous.error_ratio == 2.0);
  // Subnormal results: the bound is u * min_normal = q/2 (q = min subnormal).
  CHECK(check_half_ulp(binary16, 0x0001, 0x4000, 0x0000).error_ratio == 1.0);  // tie, q/2
  CHECK(check_half_ulp(binary16, 0x0001, 0x4200, 0x0000).within_half_ulp);     // q/3 < q/2
  CHECK_FALSE(check_half_ulp(binary16, 0x0001, 0x4200, 0x0001).within_half_ulp);  // 2q/3
  // Not applicable: non-finite operand or result, zero divisor.
  CHECK_FALSE(check_half_ulp(binary16, 0x3C00, 0x0000, 0x7C00).applicable);
  CHECK_FALSE(check_half_ulp(binary16, 0x7C00, 0x3C00, 0x7C00).applicable);
  CHECK_FALSE(check_half_ulp(binary16, 0x7BFF, 0x3800, 0x7C00).applicable);
  // binary64 1/3 and its neighbours 2 ulps away.
  CHECK(check_half_ulp(binary64, 0x3FF0000000000000, 0x4008000000000000, 0x3FD5555555555555)
            .within_half_ulp);
  CHECK_FALSE(check_half_ulp(binary64, 0x3FF0000000000000, 0x4008000000000000,
                             0x3FD5555555555557)
                  .within_half_ulp);
}

namespace {

struct AccuracyStats {
  std::size_t checked = 0;
  std::size_t violations = 0;
  double max_ratio = 0.0;
};

void accumulate(const BinaryFormat& f, std::uint64_t a, std::uint64_t b, std::uint64_t c,
                AccuracyStats& stats) {
  const AccuracyCheck check = check_half_ulp(f, a, b, c);
  if (!check.applicable) return;
  ++stats.checked;
  stats.max_ratio = std::max(stats.max_ratio, check.error_ratio);
  if (!check.within_half_ulp && ++stats.violations <= 10) {
    UNSCOPED_INFO(hex(f, a) << " / " << hex(f, b) << " = " << hex(f, c) << ": error "
                            << check.error_ratio << " x u*max(|A/B|, minN)");
  }
}

void check_accuracy(DataType type, std::uint64_t salt) {
  const FloatFormat& s = support_format(type);
  const BinaryFormat& f = oracle_format(s);
  const std::size_t count = random_pair_count();
  INFO(f.name << ": " << seed_note(test_seed()));
  std::vector<std::uint64_t> a;
  std::vector<std::uint64_t> b;
  for (const NamedValue& x : operand_classes(f)) {
    for (const NamedValue& y : operand_classes(f)) {
      a.push_back(x.bits);
      b.push_back(y.bits);
    }
  }
  OperandGenerator generator(f, test_seed() ^ salt);
  for (std::size_t i = 0; i < count; ++i) {
    const auto [x, y] = generator.next();
    a.push_back(x);
    b.push_back(y);
  }
  Status status;
  const std::vector<std::uint64_t> c = sonnx::test::div_bits(s, a, b, &status);
  REQUIRE(status.ok());
  AccuracyStats stats;
  std::size_t neighbours_rejected = 0;
  std::size_t neighbours_tested = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    accumulate(f, a[i], b[i], c[i], stats);
    // Non-vacuity: inside a binade, results two ulps away are 1.5 ulp off, beyond the bound.
    const std::uint64_t fraction = c[i] & f.fraction_mask();
    if (i % 8 == 0 && f.is_finite(c[i]) && !f.is_subnormal(c[i]) && !f.is_zero(c[i]) &&
        fraction >= 2 && fraction <= f.fraction_mask() - 2 && f.is_finite(a[i]) &&
        f.is_finite(b[i]) && !f.is_zero(b[i])) {
      ++neighbours_tested;
      if (!check_half_ulp(f, a[i], b[i], c[i] + 2).within_half_ulp &&
          !check_half_ulp(f, a[i], b[i], c[i] - 2).within_half_ulp) {
        ++neighbours_rejected;
      }
    }
  }
  std::printf("F3 %s: %zu finite results checked, max |C - A/B| / (u max(|A/B|, minN)) = %.6f\n",
              f.name, stats.checked, stats.max_ratio);
  CHECK(stats.violations == 0);
  CHECK(stats.checked > a.size() / 2);
  CHECK(stats.max_ratio <= 1.0);
  CHECK(neighbours_tested > 1000);
  CHECK(neighbours_rejected == neighbours_tested);
}

}  // namespace

// One section per format, each with its own seed.
TEST_CASE("F3 half-ulp accuracy of every finite result, per floating-point type", "[F3]") {
  const auto [type, seed] = GENERATE(table<DataType, std::uint64_t>({{DataType::float16, 0xF316},
                                                                     {DataType::bfloat16, 0xF3BF},
                                                                     {DataType::float32, 0xF332},
                                                                     {DataType::float64, 0xF364}}));
  INFO(data_type_name(type));
  check_accuracy(type, seed);
}
