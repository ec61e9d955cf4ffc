// The float16/bfloat16 conversions, checked against the formats' definitions over every pattern:
// widening is exact, and narrowing rounds every midpoint between neighbours to the even one and
// everything else to the nearer one (round-to-nearest-even, IEEE 754-2019 4.3.1).
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>

#include "common/kernels/sonnx_float_formats.h"
#include "div_test_support.hpp"

using namespace sonnx::test;

namespace {

struct SmallFormat {
  const char* name;
  int fraction_bits;
  int exponent_bias;
  std::uint16_t infinity;
  float (*widen)(std::uint16_t);
  std::uint16_t (*narrow)(float);

  // Value of a finite pattern from its fields: (-1)^s * significand * 2^(e - bias - fraction).
  [[nodiscard]] double value(std::uint16_t bits) const {
    const int exponent = (bits & 0x7FFF) >> fraction_bits;
    const int fraction = bits & ((1 << fraction_bits) - 1);
    const double magnitude = exponent == 0 ? std::ldexp(fraction, 1 - exponent_bias - fraction_bits)
                                           : std::ldexp(fraction + (1 << fraction_bits),
                                                        exponent - exponent_bias - fraction_bits);
    return (bits & 0x8000) != 0 ? -magnitude : magnitude;
  }
};

const SmallFormat formats[] = {
    {"float16", 10, 15, 0x7C00, sonnx_binary16_to_binary32, sonnx_binary32_to_binary16},
    {"bfloat16", 7, 127, 0x7F80, sonnx_bfloat16_to_binary32, sonnx_binary32_to_bfloat16},
};

bool is_nan16(const SmallFormat& f, std::uint16_t bits) { return (bits & 0x7FFF) > f.infinity; }

}  // namespace

TEST_CASE("widening float16/bfloat16 to binary32 is exact for every pattern", "[F2]") {
  for (const SmallFormat& f : formats) {
    INFO(f.name);
    for (std::uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
      const auto h = static_cast<std::uint16_t>(bits);
      const float wide = f.widen(h);
      if (is_nan16(f, h)) {
        REQUIRE(std::isnan(wide));
      } else if ((h & 0x7FFF) == f.infinity) {
        REQUIRE(std::isinf(wide));
        REQUIRE(std::signbit(wide) == ((h & 0x8000) != 0));
      } else {
        REQUIRE(static_cast<double>(wide) == f.value(h));
        REQUIRE(std::signbit(wide) == ((h & 0x8000) != 0));  // -0 stays -0
      }
    }
  }
}

TEST_CASE("narrowing round-trips every pattern, NaN stays NaN", "[F2][D2]") {
  for (const SmallFormat& f : formats) {
    INFO(f.name);
    for (std::uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
      const auto h = static_cast<std::uint16_t>(bits);
      const std::uint16_t back = f.narrow(f.widen(h));
      if (is_nan16(f, h)) {
        REQUIRE(is_nan16(f, back));
      } else {
        REQUIRE(back == h);
      }
    }
  }
}

TEST_CASE("narrowing rounds midpoints to even and near-midpoints to the nearer neighbour", "[F2]") {
  for (const SmallFormat& f : formats) {
    INFO(f.name);
    // Consecutive non-negative finite patterns k, k+1, including k+1 = infinity, whose "value" for
    // rounding is the next power of two (max finite + 1 ulp).
    for (std::uint32_t k = 0; k < f.infinity; ++k) {
      const auto lo = static_cast<std::uint16_t>(k);
      const auto hi = static_cast<std::uint16_t>(k + 1);
      const double hi_value = hi == f.infinity
                                  ? 2.0 * f.value(lo) - f.value(static_cast<std::uint16_t>(k - 1))
                                  : f.value(hi);
      const auto midpoint = static_cast<float>((f.value(lo) + hi_value) / 2.0);
      REQUIRE(static_cast<double>(midpoint) ==
              (f.value(lo) + hi_value) / 2.0);  // exact in binary32
      const std::uint16_t even = (k % 2 == 0) ? lo : hi;
      for (const float sign : {1.0F, -1.0F}) {
        const auto s = static_cast<std::uint16_t>(sign < 0 ? 0x8000 : 0);
        REQUIRE(f.narrow(sign * midpoint) == (even | s));
        REQUIRE(f.narrow(sign * std::nextafter(midpoint, 0.0F)) == (lo | s));
        REQUIRE(f.narrow(sign * std::nextafter(midpoint, INFINITY)) == (hi | s));
      }
    }
  }
}
