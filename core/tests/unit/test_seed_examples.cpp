// Every worked example of the source documents (seeds 000, 002, 004), with expected values taken
// from the seeds; float bit patterns are the correctly rounded quotients computed with exact
// rational arithmetic, independently of the code under test.
#include <catch2/catch.hpp>

#include "div_test_support.hpp"

using namespace sonnx;
using namespace sonnx::test;

#define SONNX_SIGNED_TYPES std::int8_t, std::int16_t, std::int32_t, std::int64_t
#define SONNX_INTEGER_TYPES \
  SONNX_SIGNED_TYPES, std::uint8_t, std::uint16_t, std::uint32_t, std::uint64_t

TEMPLATE_TEST_CASE("seed 002 int example 1: [6,5,-35] / [3,3,3] = [2,1,-11]", "[I1][C1]",
                   SONNX_SIGNED_TYPES) {
  const auto r = run_int_div<TestType>({3}, {6, 5, -35}, {3, 3, 3});
  REQUIRE(r.status.ok());
  CHECK(r.c == values_of<TestType>({2, 1, -11}));
}

TEMPLATE_TEST_CASE("seed 002 int example 2: 3x2 quotients with the fraction discarded",
                   "[I1][C1]", SONNX_INTEGER_TYPES) {
  const auto r = run_int_div<TestType>({3, 2}, {10, 10, 21, 1, 30, 9}, {3, 2, 4, 1, 5, 4});
  REQUIRE(r.status.ok());
  CHECK(r.c == values_of<TestType>({3, 5, 5, 1, 6, 2}));
}

TEMPLATE_TEST_CASE("seed 004 example 1: [6,9,35] / [3,3,5] = [2,3,7]", "[R1][I1]",
                   SONNX_INTEGER_TYPES) {
  const auto r = run_int_div<TestType>({3}, {6, 9, 35}, {3, 3, 5});
  REQUIRE(r.status.ok());
  CHECK(r.c == values_of<TestType>({2, 3, 7}));
}

TEMPLATE_TEST_CASE("seed 004 example 2: 3x2 tensors", "[R1][I1][C1]", SONNX_INTEGER_TYPES) {
  const auto r = run_int_div<TestType>({3, 2}, {3, 4, 16, 0, 25, 24}, {3, 2, 4, 1, 5, 4});
  REQUIRE(r.status.ok());
  CHECK(r.c == values_of<TestType>({1, 2, 4, 0, 5, 6}));
}

TEMPLATE_TEST_CASE("truncation toward zero: -35/3 = -11 (not the floor -12), -3/2 = -1, 3/-2 = -1",
                   "[I1]", SONNX_SIGNED_TYPES) {
  const auto r = run_int_div<TestType>({5}, {-35, -3, 3, 35, -35}, {3, 2, -2, -3, -3});
  REQUIRE(r.status.ok());
  CHECK(r.c == values_of<TestType>({-11, -1, -1, -11, 11}));
}

TEST_CASE("seed 004 example 2 in every float format gives the exact quotients",
          "[R1][F1][F2]") {
  // 3/3, 4/2, 16/4, 0/1, 25/5, 24/4: every operand and quotient is exact in each format.
  for (const FloatFormat& f : float_formats()) {
    INFO(f.name);
    const bool f16 = f.type == DataType::float16;
    const bool bf16 = f.type == DataType::bfloat16;
    const bool f32 = f.type == DataType::float32;
    const auto pick = [&](std::uint64_t h, std::uint64_t b, std::uint64_t s, std::uint64_t d) {
      return f16 ? h : bf16 ? b : f32 ? s : d;
    };
    const std::vector<std::uint64_t> a = {
        pick(0x4200, 0x4040, 0x40400000, 0x4008000000000000),  // 3
        pick(0x4400, 0x4080, 0x40800000, 0x4010000000000000),  // 4
        pick(0x4C00, 0x4180, 0x41800000, 0x4030000000000000),  // 16
        0,                                                     // 0
        pick(0x4E40, 0x41C8, 0x41C80000, 0x4039000000000000),  // 25
        pick(0x4E00, 0x41C0, 0x41C00000, 0x4038000000000000)};  // 24
    const std::vector<std::uint64_t> b = {
        pick(0x4200, 0x4040, 0x40400000, 0x4008000000000000),  // 3
        pick(0x4000, 0x4000, 0x40000000, 0x4000000000000000),  // 2
        pick(0x4400, 0x4080, 0x40800000, 0x4010000000000000),  // 4
        f.one,                                                 // 1
        pick(0x4500, 0x40A0, 0x40A00000, 0x4014000000000000),  // 5
        pick(0x4400, 0x4080, 0x40800000, 0x4010000000000000)};  // 4
    const std::vector<std::uint64_t> expected = {
        f.one,                                                 // 1
        f.two,                                                 // 2
        pick(0x4400, 0x4080, 0x40800000, 0x4010000000000000),  // 4
        0,                                                     // 0
        pick(0x4500, 0x40A0, 0x40A00000, 0x4014000000000000),  // 5
        pick(0x4600, 0x40C0, 0x40C00000, 0x4018000000000000)};  // 6
    CHECK(div_bits(f, a, b) == expected);
  }
}

TEST_CASE("seed 000 test_div_example: float32 [3,4] / [1,2] = [3,2]", "[F1][C1]") {
  const auto r = run_div<float>(DataType::float32, {2}, {3.0F, 4.0F}, {1.0F, 2.0F});
  REQUIRE(r.status.ok());
  CHECK(r.c == std::vector<float>{3.0F, 2.0F});
}

TEST_CASE("seed 002 float example 1 (x/0 = +inf) in every float format", "[F1][F2][R5][C1]") {
  // A = [3, 4.5, 16, 1, 25.5, 24.25], B = [3, 2, 4, 0, 5, 4] (3x2); 25.5/5 = 5.1 is rounded.
  struct Row { std::uint64_t a[6], b[6], c[6]; };
  const Row rows[] = {
      {{0x4200, 0x4480, 0x4C00, 0x3C00, 0x4E60, 0x4E10},
       {0x4200, 0x4000, 0x4400, 0x0000, 0x4500, 0x4400},
       {0x3C00, 0x4080, 0x4400, 0x7C00, 0x451A, 0x4610}},
      {{0x4040, 0x4090, 0x4180, 0x3F80, 0x41CC, 0x41C2},
       {0x4040, 0x4000, 0x4080, 0x0000, 0x40A0, 0x4080},
       {0x3F80, 0x4010, 0x4080, 0x7F80, 0x40A3, 0x40C2}},
      {{0x40400000, 0x40900000, 0x41800000, 0x3F800000, 0x41CC0000, 0x41C20000},
       {0x40400000, 0x40000000, 0x40800000, 0x00000000, 0x40A00000, 0x40800000},
       {0x3F800000, 0x40100000, 0x40800000, 0x7F800000, 0x40A33333, 0x40C20000}},
      {{0x4008000000000000, 0x4012000000000000, 0x4030000000000000, 0x3FF0000000000000,
        0x4039800000000000, 0x4038400000000000},
       {0x4008000000000000, 0x4000000000000000, 0x4010000000000000, 0x0000000000000000,
        0x4014000000000000, 0x4010000000000000},
       {0x3FF0000000000000, 0x4002000000000000, 0x4010000000000000, 0x7FF0000000000000,
        0x4014666666666666, 0x4018400000000000}}};
  for (std::size_t k = 0; k < 4; ++k) {
    const FloatFormat& f = float_formats()[k];
    INFO(f.name);
    const Row& row = rows[k];
    CHECK(div_bits(f, {row.a, row.a + 6}, {row.b, row.b + 6}) ==
          std::vector<std::uint64_t>(row.c, row.c + 6));
  }
}

TEST_CASE("seed 002 float example 2 (0/0 = NaN, 3.25/3 rounded) in every float format",
          "[F1][F2][R5][C1]") {
  struct Row { std::uint64_t a[3], b[3], c[2]; };
  // A = [3.25, 0, 24.25], B = [3, 0, 4]: C = [round(3.25/3), NaN, 6.0625].
  const Row rows[] = {
      {{0x4280, 0x0000, 0x4E10}, {0x4200, 0x0000, 0x4400}, {0x3C55, 0x4610}},
      {{0x4050, 0x0000, 0x41C2}, {0x4040, 0x0000, 0x4080}, {0x3F8B, 0x40C2}},
      {{0x40500000, 0x0, 0x41C20000}, {0x40400000, 0x0, 0x40800000}, {0x3F8AAAAB, 0x40C20000}},
      {{0x400A000000000000, 0x0, 0x4038400000000000},
       {0x4008000000000000, 0x0, 0x4010000000000000},
       {0x3FF1555555555555, 0x4018400000000000}}};
  for (std::size_t k = 0; k < 4; ++k) {
    const FloatFormat& f = float_formats()[k];
    INFO(f.name);
    const Row& row = rows[k];
    const auto c = div_bits(f, {row.a, row.a + 3}, {row.b, row.b + 3});
    CHECK(c[0] == row.c[0]);
    CHECK(f.is_quiet_nan(c[1]));
    CHECK(c[2] == row.c[1]);
  }
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
  const auto r = run_div<double>(DataType::float64, {1, 3}, {6, 9, 35}, {3, 3, 0});
  REQUIRE(r.status.ok());
  CHECK(r.c[0] == 2.0);
  CHECK(r.c[1] == 3.0);
  CHECK(bit_cast_to<std::uint64_t>(r.c[2]) == 0x7FF0000000000000ULL);
}
