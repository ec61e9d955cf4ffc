// Checks of the platform assumptions the proofs rely on (docs/assumptions.md): IEEE binary32 and
// binary64 arithmetic evaluated in its own format, round-to-nearest, subnormals neither flushed
// nor treated as zero, and no FMA contraction.
#include <catch2/catch.hpp>

#include <cfenv>
#include <cfloat>
#include <limits>

#include "div_test_support.hpp"

using namespace sonnx;
using namespace sonnx::test;

TEST_CASE("float and double are IEEE 754 binary32/binary64 evaluated in their own format",
          "[platform]") {
  STATIC_REQUIRE(std::numeric_limits<float>::is_iec559);
  STATIC_REQUIRE(std::numeric_limits<double>::is_iec559);
  STATIC_REQUIRE(FLT_EVAL_METHOD == 0);  // no x87 excess precision
#if defined(__FAST_MATH__) || defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__
  FAIL("compiled with -ffast-math or -ffinite-math-only: IEEE semantics are not guaranteed");
#endif
  CHECK(std::fegetround() == FE_TONEAREST);
}

TEST_CASE("subnormals are neither flushed to zero (FTZ) nor read as zero (DAZ)", "[F1][F2]") {
  volatile float min_subnormal = std::numeric_limits<float>::denorm_min();
  volatile float one = 1.0F;
  volatile float two = 2.0F;
  CHECK(min_subnormal / one == std::numeric_limits<float>::denorm_min());  // DAZ would give 0
  volatile float min_normal = std::numeric_limits<float>::min();
  CHECK(min_normal / two > 0.0F);  // FTZ would give 0
  // The same through the library's kernel path.
  const FloatFormat& f32 = float_formats()[2];
  CHECK(div_bits(f32, f32.min_subnormal, f32.one) == f32.min_subnormal);
  CHECK(div_bits(f32, f32.min_normal, f32.two) == 0x00400000);
}

TEST_CASE("no fused multiply-add contraction in the library's build flags", "[platform]") {
  // With x = 1 + 2^-12, x*x - (1 + 2^-11) is exactly 2^-24 when fused and 0 when the product is
  // rounded first (2^-24 is below half an ulp of 1 + 2^-11 in binary32).
  volatile float x = 1.0F + 0x1p-12F;
  volatile float c = 1.0F + 0x1p-11F;
  const float result = x * x - c;
  CHECK(result == 0.0F);
}
