// What the campaign compares and under which requirement it files a case (docs/conformance.md,
// "What the campaign checks"). Inline: both run for every element of the 2^32-pair sweeps.
#ifndef SONNX_CONFORM_COMPARISON_HPP
#define SONNX_CONFORM_COMPARISON_HPP

#include <array>
#include <cstdint>
#include <sonnx/conform/bits.hpp>
#include <sonnx/requirement_id.hpp>
#include <sonnx/result_comparison.hpp>

namespace sonnx::conform {

inline bool is_nan(const BitLayout& l, std::uint64_t x) {
  return (x & l.exponent) == l.exponent && (x & l.mantissa) != 0;
}

// The requirement an operand pair is filed under. Floats: a NaN or infinite operand -> D2, a zero
// divisor -> R5, a zero dividend -> D1, otherwise the rounding requirement (F1 for float32/64, F2
// for float16/bfloat16). Integers: a zero divisor -> C3, signed MIN / -1 -> D3, otherwise I1.
inline RequirementId requirement_of(const BitLayout& l, std::uint64_t a, std::uint64_t b) {
  if (l.is_float) {
    if ((a & l.exponent) == l.exponent || (b & l.exponent) == l.exponent) return RequirementId::D2;
    if ((b & ~l.sign) == 0) return RequirementId::R5;
    if ((a & ~l.sign) == 0) return RequirementId::D1;
    return l.size <= 2 ? RequirementId::F2 : RequirementId::F1;
  }
  if (b == 0) return RequirementId::C3;
  if (l.is_signed && a == l.sign && b == l.mask) return RequirementId::D3;
  return RequirementId::I1;
}

// The requirements requirement_of can answer, in the order of the report's results rows.
inline constexpr std::array<RequirementId, 8> filed_requirements = {
    RequirementId::F1, RequirementId::F2, RequirementId::D1, RequirementId::D2,
    RequirementId::R5, RequirementId::I1, RequirementId::C3, RequirementId::D3};

// The integer domain requirements: the profile's answer is an error, not a value.
inline bool is_domain_error(RequirementId r) {
  return r == RequirementId::C3 || r == RequirementId::D3;
}

// The comparison rule of docs/spec-defects.md SD-9 (sonnx/result_comparison.hpp).
inline bool same_result(const BitLayout& l, std::uint64_t expected, std::uint64_t actual) {
  return sonnx::same_result(l.float_layout, expected, actual);
}

}  // namespace sonnx::conform

#endif  // SONNX_CONFORM_COMPARISON_HPP
