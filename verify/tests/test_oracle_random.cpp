// Seeded random pairs (>= 10^6 per format) through the checked API, each against the MPFR oracle.
// The seed is printed on failure; SONNX_ORACLE_SEED and SONNX_ORACLE_RANDOM_PAIRS override it.
#include <catch2/catch.hpp>

#include <vector>

#include "oracle_test_support.hpp"

using namespace sonnx;
using namespace sonnx::oracle;
using namespace sonnx::oracle_test;

namespace {

void check_random_pairs(DataType type, std::uint64_t seed_salt) {
  const FloatFormat& s = support_format(type);
  const BinaryFormat& f = oracle_format(s);
  const std::uint64_t seed = test_seed() ^ seed_salt;
  const std::size_t count = random_pair_count();
  INFO(f.name << ": " << count << " pairs, " << seed_note(test_seed()));
  OperandGenerator generator(f, seed);
  std::vector<std::uint64_t> a(count);
  std::vector<std::uint64_t> b(count);
  for (std::size_t i = 0; i < count; ++i) std::tie(a[i], b[i]) = generator.next();
  Status status;
  const std::vector<std::uint64_t> c = sonnx::test::div_bits(s, a, b, &status);
  REQUIRE(status.ok());
  REQUIRE(c.size() == count);
  std::size_t mismatches = 0;
  std::size_t subnormal_results = 0;
  std::size_t overflows = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint64_t expected = sonnx::oracle::div(f, a[i], b[i]);
    if (f.is_subnormal(expected)) ++subnormal_results;
    if (f.is_inf(expected) && f.is_finite(a[i]) && !f.is_zero(b[i])) ++overflows;
    if (!same_result(f, c[i], expected) && ++mismatches <= 10) {
      UNSCOPED_INFO(hex(f, a[i]) << " / " << hex(f, b[i]) << " gave " << hex(f, c[i])
                                 << ", oracle " << hex(f, expected));
    }
  }
  CHECK(mismatches == 0);
  // The generator must really reach the interesting regions.
  CHECK(subnormal_results > count / 50);
  CHECK(overflows > count / 200);
}

}  // namespace

TEST_CASE("random pairs match the oracle: float16", "[F2][R5][D1][D2]") {
  check_random_pairs(DataType::float16, 0x16);
}

TEST_CASE("random pairs match the oracle: bfloat16", "[F2][R5][D1][D2]") {
  check_random_pairs(DataType::bfloat16, 0xBF16);
}

TEST_CASE("random pairs match the oracle: float32", "[F1][R5][D1][D2]") {
  check_random_pairs(DataType::float32, 0x32);
}

TEST_CASE("random pairs match the oracle: float64", "[F1][R5][D1][D2]") {
  check_random_pairs(DataType::float64, 0x64);
}
