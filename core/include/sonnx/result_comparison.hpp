// The comparison rule under which a result of Div is held against a reference (docs/spec-defects.md
// SD-9): an element matches bit for bit, except that two quiet NaNs match whatever their signs and
// payloads (IEEE 754-2019 clause 6.2.3 leaves them unspecified, and targets differ); a signaling
// NaN matches only itself (a division never returns one). Integers: bit for bit.
// The one implementation of the rule: the oracle and the reference divisions, the tests, the
// golden cases, the conformance campaign and the platform test use it. Header only, constexpr and
// dependency-free (bare-metal builds include it).
#ifndef SONNX_RESULT_COMPARISON_HPP
#define SONNX_RESULT_COMPARISON_HPP

#include <cstdint>

#include "sonnx/tensor.hpp"

namespace sonnx {

// The fields of an IEEE 754 binary format of at most 64 bits, from its width and precision
// (significand bits including the hidden bit); width 0 stands for a non-float type.
struct FloatLayout {
  int width = 0;
  int precision = 0;

  [[nodiscard]] constexpr bool is_float() const { return width != 0; }
  [[nodiscard]] constexpr std::uint64_t sign_bit() const {
    return std::uint64_t{1} << static_cast<unsigned>(width - 1);
  }
  [[nodiscard]] constexpr std::uint64_t infinity() const {
    return ((std::uint64_t{1} << static_cast<unsigned>(width - precision)) - 1U)
           << static_cast<unsigned>(precision - 1);
  }
  // The top trailing-significand bit: set in a quiet NaN (IEEE 754-2019 clause 6.2.1).
  [[nodiscard]] constexpr std::uint64_t quiet_bit() const {
    return std::uint64_t{1} << static_cast<unsigned>(precision - 2);
  }
  [[nodiscard]] constexpr bool is_nan(std::uint64_t bits) const {
    return is_float() && (bits & (sign_bit() - 1U)) > infinity();
  }
  [[nodiscard]] constexpr bool is_quiet_nan(std::uint64_t bits) const {
    return is_nan(bits) && (bits & quiet_bit()) != 0U;
  }
};

inline constexpr FloatLayout binary16_layout{16, 11};
inline constexpr FloatLayout bfloat16_layout{16, 8};
inline constexpr FloatLayout binary32_layout{32, 24};
inline constexpr FloatLayout binary64_layout{64, 53};

// The layout of an element type; width 0 for the integer types.
[[nodiscard]] constexpr FloatLayout float_layout(DataType type) {
  switch (type) {
    case DataType::float16:
      return binary16_layout;
    case DataType::bfloat16:
      return bfloat16_layout;
    case DataType::float32:
      return binary32_layout;
    case DataType::float64:
      return binary64_layout;
    default:
      return FloatLayout{};
  }
}

// SD-9: expected and actual are bit patterns of an element of the type whose layout is given.
[[nodiscard]] constexpr bool same_result(const FloatLayout& layout, std::uint64_t expected,
                                         std::uint64_t actual) {
  return expected == actual || (layout.is_quiet_nan(expected) && layout.is_quiet_nan(actual));
}

static_assert(same_result(binary16_layout, 0x7E00, 0xFE01), "two quiet NaNs match");
static_assert(!same_result(binary16_layout, 0x7E00, 0x7C01), "a signaling NaN matches itself only");
static_assert(!same_result(FloatLayout{}, 0x7E00, 0xFE01), "integers: bit for bit");

}  // namespace sonnx

#endif  // SONNX_RESULT_COMPARISON_HPP
