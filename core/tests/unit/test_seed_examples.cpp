// Every worked example of the source documents (seeds 000, 002, 004). The operands and expected
// results are spec/seed-examples.json's (the header sonnx_seed_examples.hpp written from it at
// build time), which the platform test asserts too: integer quotients as the seeds give them,
// float bit patterns of the correctly rounded quotients, each checked there with exact rational
// arithmetic, independently of the code under test.
#include <catch2/catch.hpp>
#include <sonnx_seed_examples.hpp>
#include <stdexcept>
#include <string_view>
#include <type_traits>

#include "div_test_support.hpp"

using namespace sonnx;
using namespace sonnx::test;
namespace seeds = sonnx::seed_examples;

#define SONNX_SIGNED_TYPES std::int8_t, std::int16_t, std::int32_t, std::int64_t
#define SONNX_INTEGER_TYPES \
  SONNX_SIGNED_TYPES, std::uint8_t, std::uint16_t, std::uint32_t, std::uint64_t

namespace {

// The integer example `id` in the type T, through the checked API.
template <typename T>
void check_integer_example(std::string_view id) {
  const seeds::IntegerExample* example = nullptr;
  for (const seeds::IntegerExample& e : seeds::integer_examples) {
    if (id == e.id) example = &e;
  }
  REQUIRE(example != nullptr);
  const seeds::IntegerExample& e = *example;
  INFO(e.name);
  REQUIRE((std::is_signed_v<T> || !e.signed_only));
  const auto r = run_int_div<T>({e.shape, e.shape + e.rank}, {e.a, e.a + e.n}, {e.b, e.b + e.n});
  REQUIRE(r.status.ok());
  CHECK(r.c == values_of<T>({e.c, e.c + e.n}));
}

// The float example `id` in each format it is given in (`formats` of them), through the checked
// API: every result bit for bit, a NaN expected result matched by any quiet NaN.
void check_float_example(std::string_view id, std::size_t formats) {
  std::size_t seen = 0;
  for (const seeds::FloatExample& e : seeds::float_examples) {
    if (id != e.id) continue;
    ++seen;
    for (const FloatFormat& f : float_formats()) {
      if (f.type != e.type) continue;
      INFO(e.name << " in " << f.name);
      const auto c =
          div_bits_shaped(f, {e.shape, e.shape + e.rank}, {e.a, e.a + e.n}, {e.b, e.b + e.n});
      REQUIRE(c.size() == e.n);
      for (std::size_t i = 0; i < e.n; ++i) {
        INFO("element " << i);
        if (f.is_quiet_nan(e.c[i])) {
          CHECK(f.is_quiet_nan(c[i]));
        } else {
          CHECK(c[i] == e.c[i]);
        }
      }
    }
  }
  CHECK(seen == formats);
}

}  // namespace

TEMPLATE_TEST_CASE("seed 002 int example 1: [6,5,-35] / [3,3,3] = [2,1,-11]", "[I1][C1]",
                   SONNX_SIGNED_TYPES) {
  check_integer_example<TestType>("002-int-1");
}

TEMPLATE_TEST_CASE("seed 002 int example 2: 3x2 quotients with the fraction discarded", "[I1][C1]",
                   SONNX_INTEGER_TYPES) {
  check_integer_example<TestType>("002-int-2");
}

TEMPLATE_TEST_CASE("seed 004 example 1: [6,9,35] / [3,3,5] = [2,3,7]", "[R1][I1]",
                   SONNX_INTEGER_TYPES) {
  check_integer_example<TestType>("004-1");
}

TEMPLATE_TEST_CASE("seed 004 example 2: 3x2 tensors", "[R1][I1][C1]", SONNX_INTEGER_TYPES) {
  check_integer_example<TestType>("004-2-int");
}

TEMPLATE_TEST_CASE("truncation toward zero: -35/3 = -11 (not the floor -12), -3/2 = -1, 3/-2 = -1",
                   "[I1]", SONNX_SIGNED_TYPES) {
  check_integer_example<TestType>("002-int-truncation");
}

TEST_CASE("seed 004 example 2 in every float format gives the exact quotients", "[R1][F1][F2]") {
  check_float_example("004-2-float", 4);  // 3/3, 4/2, 16/4, 0/1, 25/5, 24/4: all exact
}

TEST_CASE("seed 000 test_div_example: float32 [3,4] / [1,2] = [3,2]", "[F1][C1]") {
  check_float_example("000-float32", 1);
}

TEST_CASE("seed 002 float example 1 (x/0 = +inf) in every float format", "[F1][F2][R5][C1]") {
  check_float_example("002-float-1", 4);  // 1/0 = +inf; 25.5/5 = 5.1 is rounded
}

TEST_CASE("seed 002 float example 2 (0/0 = NaN, 3.25/3 rounded) in every float format",
          "[F1][F2][R5][C1]") {
  check_float_example("002-float-2", 4);
}

TEST_CASE("seed 002 real example 2: the quotients exact in binary are exact in every format",
          "[F3][C1]") {
  // 4.4/2.2 = 2, 0.5/1 = 0.5 and 24.8/4 = 6.2: dividing by a power of two, or a value by half of
  // itself, is exact, so the float result equals the rounded real quotient.
  const auto r = run_div<double>(DataType::float64, {3}, {4.4, 0.5, 24.8}, {2.2, 1.0, 4.0});
  REQUIRE(r.status.ok());
  CHECK(r.c == std::vector<double>{2.0, 0.5, 6.2});
  const auto s = run_div<float>(DataType::float32, {3}, {4.4F, 0.5F, 24.8F}, {2.2F, 1.0F, 4.0F});
  REQUIRE(s.status.ok());
  CHECK(s.c == std::vector<float>{2.0F, 0.5F, 6.2F});
}

TEST_CASE("seed 004 numpy note: [6,9,35] / [3,3,0] = [2,3,inf] in float64", "[R5][F1]") {
  check_float_example("004-numpy-note", 1);
}
