// Integer boundaries for every width: MIN, MAX, -1, 1, and the two domain errors (C3, D3).
#include <catch2/catch.hpp>
#include <limits>

#include "div_test_support.hpp"

using namespace sonnx;
using namespace sonnx::test;

TEMPLATE_TEST_CASE("signed boundaries: MIN/1, MAX/-1, MIN/MIN, MAX/MAX, MIN/MAX, 0/MIN", "[I1]",
                   std::int8_t, std::int16_t, std::int32_t, std::int64_t) {
  using L = std::numeric_limits<TestType>;
  const TestType min = L::min();
  const TestType max = L::max();
  const std::vector<TestType> a = {min, max, max, min, max, min, 0, -1, 1};
  const std::vector<TestType> b = {1, -1, 1, min, max, max, min, max, -1};
  const auto r = run_div(integer_data_type<TestType>(), {9}, a, b);
  REQUIRE(r.status.ok());
  // MIN / MAX = -(MAX + 1) / MAX = -1 - 1/MAX, truncated to -1.
  const std::vector<TestType> expected = {min, static_cast<TestType>(-max), max, 1, 1, -1, 0, 0,
                                          -1};
  CHECK(r.c == expected);
}

TEMPLATE_TEST_CASE("unsigned boundaries: MAX/1, MAX/MAX, MAX/2, 1/MAX, 0/MAX", "[I1]", std::uint8_t,
                   std::uint16_t, std::uint32_t, std::uint64_t) {
  const TestType max = std::numeric_limits<TestType>::max();
  const std::vector<TestType> a = {max, max, max, 1, 0};
  const std::vector<TestType> b = {1, max, 2, max, max};
  const auto r = run_div(integer_data_type<TestType>(), {5}, a, b);
  REQUIRE(r.status.ok());
  // MAX / 2 for an all-ones value is the value with the top bit cleared.
  const std::vector<TestType> expected = {max, 1, static_cast<TestType>(max >> 1), 0, 0};
  CHECK(r.c == expected);
}

TEMPLATE_TEST_CASE("signed MIN / -1 is a D3 domain error at its index, C is untouched", "[D3][D7]",
                   std::int8_t, std::int16_t, std::int32_t, std::int64_t) {
  const TestType min = std::numeric_limits<TestType>::min();
  const std::vector<TestType> a = {4, 6, min, min};
  const std::vector<TestType> b = {2, 3, -1, -1};
  const auto r = run_div(integer_data_type<TestType>(), {2, 2}, a, b);
  CHECK(r.status.code == ErrorCode::quotient_overflow);
  CHECK(r.status.requirement == "D3");
  CHECK(r.status.flat_index == std::size_t{2});
  CHECK(r.multi_index == std::vector<std::int64_t>{1, 0});
  CHECK_THAT(message_of(r.status), Catch::Contains("D3") && Catch::Contains("flat index 2") &&
                                       Catch::Contains("[1, 0]") && Catch::Contains("/ -1"));
  CHECK(r.c == std::vector<TestType>(4, sentinel<TestType>()));
}

TEMPLATE_TEST_CASE("a zero divisor is a C3 domain error at the first zero, C is untouched",
                   "[C3][D7]", std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t,
                   std::uint16_t, std::uint32_t, std::uint64_t) {
  const std::vector<TestType> a = {1, 2, 3, 4, 5, 6};
  for (std::size_t zero_at : {std::size_t{0}, std::size_t{3}, std::size_t{5}}) {
    std::vector<TestType> b(6, 1);
    b[zero_at] = 0;
    if (zero_at + 1 < b.size()) b.back() = 0;  // a later zero must not be the one reported
    const auto r = run_div(integer_data_type<TestType>(), {2, 3}, a, b);
    CHECK(r.status.code == ErrorCode::zero_divisor);
    CHECK(r.status.requirement == "C3");
    CHECK(r.status.flat_index == zero_at);
    CHECK(r.multi_index == std::vector<std::int64_t>{static_cast<std::int64_t>(zero_at / 3),
                                                     static_cast<std::int64_t>(zero_at % 3)});
    CHECK_THAT(message_of(r.status), Catch::Contains("C3") && Catch::Contains("division by zero"));
    CHECK(r.c == std::vector<TestType>(6, sentinel<TestType>()));
  }
}

TEMPLATE_TEST_CASE("unsigned MAX / MAX-like values never raise D3", "[D3][I1]", std::uint8_t,
                   std::uint16_t, std::uint32_t, std::uint64_t) {
  // For unsigned types the all-ones pattern is MAX, not -1: MIN(0) / MAX = 0 is fine.
  const TestType max = std::numeric_limits<TestType>::max();
  const auto r = run_div(integer_data_type<TestType>(), {1}, std::vector<TestType>{0},
                         std::vector<TestType>{max});
  REQUIRE(r.status.ok());
  CHECK(r.c[0] == 0);
}

// The int8 domain scan folds each element into a byte measure (div_domain.c); every operand pair
// is checked here against the profile's definition of the domain (C3: b != 0; D3: not -128 / -1)
// at the first lane, the last lane and a middle lane of a vector, at a block's last element and
// in the second block (1024 elements per block), in an otherwise valid tensor.
TEST_CASE("int8: every operand pair at lane and block edges, in the domain or its error",
          "[C3][D3][D7]") {
  const std::size_t n = 1100;
  const std::vector<std::int64_t> shape{static_cast<std::int64_t>(n)};
  std::vector<std::int8_t> a(n, 7), b(n, 2), c(n, 0);
  std::size_t wrong = 0;
  for (const Kernels kernels : {Kernels::fastest, Kernels::proved}) {
    for (const std::size_t at :
         {std::size_t{0}, std::size_t{31}, std::size_t{63}, std::size_t{1023}, std::size_t{1090}}) {
      for (int x = -128; x <= 127; ++x) {
        for (int y = -128; y <= 127; ++y) {
          a[at] = static_cast<std::int8_t>(x);
          b[at] = static_cast<std::int8_t>(y);
          const Status s = div({DataType::int8, shape, a.data()}, {DataType::int8, shape, b.data()},
                               {DataType::int8, shape, c.data()}, kernels);
          const char* expected = (y == 0) ? "C3" : ((x == -128) && (y == -1)) ? "D3" : "";
          const bool right =
              (expected[0] == '\0') ? s.ok() : (s.requirement == expected) && (s.flat_index == at);
          if (!right) ++wrong;
        }
      }
      a[at] = 7;
      b[at] = 2;
    }
  }
  CHECK(wrong == 0u);
}
