// The fuzz harnesses' references (soft_div_reference.hpp) against hand-computed bit patterns, the
// IEEE 754 special cases, and the platform's IEEE binary32/binary64 division on random operands.
// A wrong reference would make the fuzzers blind, so it is tested like the library.
#include <catch2/catch.hpp>

#include <bit>
#include <cstdint>
#include <limits>

#include "sonnx_verify/soft_div_reference.hpp"

using namespace sonnx::reference;

namespace {

bool agrees(const Format& f, std::uint64_t a, std::uint64_t b, std::uint64_t expected) {
  return same_result(f, soft_div(f, a, b), expected);
}

}  // namespace

TEST_CASE("reference: correctly rounded quotients 1/3, 2/3, 1/10 in the four formats", "[oracle]") {
  // Hand-computed RNE patterns (1/3 = 0.0101..., 1/10 = 0.000110011...).
  CHECK(soft_div(binary16, 0x3C00, 0x4200) == 0x3555);  // 1/3
  CHECK(soft_div(binary16, 0x4000, 0x4200) == 0x3955);  // 2/3
  CHECK(soft_div(binary16, 0x3C00, 0x4900) == 0x2E66);  // 1/10
  CHECK(soft_div(bfloat16, 0x3F80, 0x4040) == 0x3EAB);  // 1/3
  CHECK(soft_div(bfloat16, 0x3F80, 0x4120) == 0x3DCD);  // 1/10
  CHECK(soft_div(binary32, 0x3F800000, 0x40400000) == 0x3EAAAAAB);
  CHECK(soft_div(binary32, 0x40000000, 0x40400000) == 0x3F2AAAAB);
  CHECK(soft_div(binary32, 0x3F800000, 0x41200000) == 0x3DCCCCCD);
  CHECK(soft_div(binary64, 0x3FF0000000000000, 0x4008000000000000) == 0x3FD5555555555555);
  CHECK(soft_div(binary64, 0x4000000000000000, 0x4008000000000000) == 0x3FE5555555555555);
  CHECK(soft_div(binary64, 0x3FF0000000000000, 0x4024000000000000) == 0x3FB999999999999A);
  // Exact quotients: seed 004 example 2 values 6/3 = 2 and -35/5 = -7 in binary32.
  CHECK(soft_div(binary32, 0x40C00000, 0x40400000) == 0x40000000);
  CHECK(soft_div(binary32, 0xC20C0000, 0x40A00000) == 0xC0E00000);
}

TEST_CASE("reference: zeros, infinities and NaN", "[oracle]") {
  CHECK(is_nan(binary32, soft_div(binary32, 0, 0)));
  CHECK(is_nan(binary32, soft_div(binary32, 0x80000000, 0)));
  CHECK(soft_div(binary32, 0x3F800000, 0) == 0x7F800000);           // 1/+0 = +inf
  CHECK(soft_div(binary32, 0x3F800000, 0x80000000) == 0xFF800000);  // 1/-0 = -inf
  CHECK(soft_div(binary32, 0x80000000, 0x40A00000) == 0x80000000);  // -0/5 = -0
  CHECK(soft_div(binary32, 0, 0xC0A00000) == 0x80000000);           // 0/-5 = -0
  CHECK(is_nan(binary32, soft_div(binary32, 0x7F800000, 0xFF800000)));
  CHECK(soft_div(binary32, 0xFF800000, 0x40000000) == 0xFF800000);  // -inf/2
  CHECK(soft_div(binary32, 0x3F800000, 0xFF800000) == 0x80000000);  // 1/-inf = -0
  CHECK(is_nan(binary16, soft_div(binary16, 0x7E00, 0x3C00)));
  CHECK(is_nan(bfloat16, soft_div(bfloat16, 0x3F80, 0xFFC1)));
  CHECK(soft_div(bfloat16, 0xBF80, 0) == 0xFF80);                   // -1/0 = -inf
}

TEST_CASE("reference: overflow, subnormals and ties to even at the bottom", "[oracle]") {
  CHECK(soft_div(binary16, 0x7BFF, 0x3800) == 0x7C00);  // 65504 / 0.5 overflows
  CHECK(soft_div(binary16, 0x0001, 0x4000) == 0x0000);  // 2^-25: tie, to even zero
  CHECK(soft_div(binary16, 0x0003, 0x4000) == 0x0002);  // 1.5 * 2^-24: tie, to even 2
  CHECK(soft_div(binary16, 0x0400, 0x4000) == 0x0200);  // min normal / 2 = subnormal, exact
  CHECK(soft_div(binary16, 0x03FF, 0x3800) == 0x07FE);  // max subnormal / 0.5 = normal
  CHECK(soft_div(binary32, 0x7F7FFFFF, 0x3F000000) == 0x7F800000);
  CHECK(soft_div(binary32, 0x00000001, 0x40000000) == 0x00000000);
  CHECK(soft_div(binary32, 0x00000003, 0x40000000) == 0x00000002);
  CHECK(soft_div(binary32, 0x00800000, 0x4B000000) == 0x00000001);  // 2^-126 / 2^23 = 2^-149
  CHECK(soft_div(binary64, 0x0000000000000001, 0x4000000000000000) == 0);
  CHECK(soft_div(binary64, 0x7FEFFFFFFFFFFFFF, 0x3FE0000000000000) == 0x7FF0000000000000);
  CHECK(soft_div(bfloat16, 0x7F7F, 0x3F00) == 0x7F80);  // bfloat16 max / 0.5
  CHECK(soft_div(bfloat16, 0x0001, 0x4000) == 0x0000);
}

// The bits of the platform's IEEE quotient of two operands given by their bits.
template <typename Float, typename Bits>
Bits platform_quotient_bits(Bits x, Bits y) {
  return std::bit_cast<Bits>(std::bit_cast<Float>(x) / std::bit_cast<Float>(y));
}

TEST_CASE("reference: agrees with the platform's IEEE binary32/binary64 division", "[oracle]") {
  std::uint64_t state = 0x9E3779B97F4A7C15ULL;
  const auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t x = next();
    const std::uint64_t y = next();
    REQUIRE(agrees(binary64, x, y, platform_quotient_bits<double>(x, y)));
    const auto x32 = static_cast<std::uint32_t>(x >> 7);
    const auto y32 = static_cast<std::uint32_t>(y >> 3);
    REQUIRE(agrees(binary32, x32, y32, platform_quotient_bits<float>(x32, y32)));
  }
}

TEST_CASE("reference: integer quotients truncate toward zero", "[oracle]") {
  CHECK(truncated_quotient<std::int32_t>(-35, 3) == -11);  // seed 002: not the floor -12
  CHECK(truncated_quotient<std::int32_t>(35, -3) == -11);
  CHECK(truncated_quotient<std::int32_t>(-35, -3) == 11);
  CHECK(truncated_quotient<std::int8_t>(-128, 1) == -128);
  CHECK(truncated_quotient<std::int8_t>(-128, 2) == -64);
  CHECK(truncated_quotient<std::int8_t>(127, -1) == -127);
  CHECK(truncated_quotient<std::int64_t>(std::numeric_limits<std::int64_t>::min(), 1) ==
        std::numeric_limits<std::int64_t>::min());
  CHECK(truncated_quotient<std::int64_t>(std::numeric_limits<std::int64_t>::min(), 3) ==
        -3074457345618258602LL);
  CHECK(truncated_quotient<std::uint64_t>(~std::uint64_t{0}, 2) == 0x7FFFFFFFFFFFFFFFULL);
  CHECK(truncated_quotient<std::uint8_t>(255, 7) == 36);
}
