// The checked_div harness's values: the element sizes of the profile types, the operand
// values it feeds (special values of each type) and the checks of a quotient against the
// independent references (exact truncated division for integers; for floats an integer-only
// correctly rounded division of the bit patterns, cross-checked against MPFR).
#ifndef SONNX_FUZZ_CHECKED_DIV_VALUES_HPP
#define SONNX_FUZZ_CHECKED_DIV_VALUES_HPP

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <sonnx/div.hpp>
#include <string>
#include <type_traits>
#include <vector>

#include "fuzz_support.hpp"
#include "sonnx_verify/mpfr_oracle.hpp"
#include "sonnx_verify/soft_div_reference.hpp"

namespace sonnx::fuzz::checked_div {

// The element sizes of the 12 profile types, from the ONNX type list (0: not a profile type).
inline std::size_t element_bytes(DataType t) {
  switch (static_cast<int>(t)) {
    case 2:
    case 3:
      return 1;  // uint8 int8
    case 4:
    case 5:
    case 10:
    case 16:
      return 2;  // uint16 int16 float16 bfloat16
    case 1:
    case 6:
    case 12:
      return 4;  // float32 int32 uint32
    case 7:
    case 11:
    case 13:
      return 8;  // int64 float64 uint64
    default:
      return 0;
  }
}

// Calls f with a value of the C++ element type of the integer type t (f reads the type as decltype
// of its argument) and returns true; returns false, without calling f, for any other type. io has
// the same walk (io/src/integer_types.hpp), private to io: this harness links only the library and
// verify/, so it keeps its own.
template <typename F>
bool with_integer_type(DataType t, F&& f) {
  bool found = false;
  const auto entry = [&](DataType code, auto element) {
    if (!found && code == t) {
      found = true;
      f(element);
    }
  };
  entry(DataType::int8, std::int8_t{});
  entry(DataType::int16, std::int16_t{});
  entry(DataType::int32, std::int32_t{});
  entry(DataType::int64, std::int64_t{});
  entry(DataType::uint8, std::uint8_t{});
  entry(DataType::uint16, std::uint16_t{});
  entry(DataType::uint32, std::uint32_t{});
  entry(DataType::uint64, std::uint64_t{});
  return found;
}

// The binary format of a float type; nullopt for any other type.
inline std::optional<reference::Format> float_format(DataType t) {
  if (t == DataType::float16) return reference::binary16;
  if (t == DataType::bfloat16) return reference::bfloat16;
  if (t == DataType::float32) return reference::binary32;
  if (t == DataType::float64) return reference::binary64;
  return std::nullopt;
}

template <typename T>
T load(const unsigned char* p, std::size_t i) {
  T v;
  std::memcpy(&v, p + i * sizeof(T), sizeof(T));
  return v;
}

template <typename T>
std::optional<std::size_t> first_domain_violation(const unsigned char* a, const unsigned char* b,
                                                  std::size_t n, ErrorCode& code) {
  for (std::size_t i = 0; i < n; ++i) {
    const T x = load<T>(a, i);
    const T y = load<T>(b, i);
    if (y == 0) {
      code = ErrorCode::zero_divisor;
      return i;
    }
    if constexpr (std::is_signed_v<T>) {
      if (x == std::numeric_limits<T>::min() && y == T(-1)) {
        code = ErrorCode::quotient_overflow;
        return i;
      }
    }
  }
  return std::nullopt;
}

template <typename T>
void check_integer(const unsigned char* a, const unsigned char* b, const unsigned char* c,
                   std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const T x = load<T>(a, i);
    const T y = load<T>(b, i);
    const T want = reference::truncated_quotient(x, y);
    const T got = load<T>(c, i);
    FUZZ_REQUIRE(got == want, "I1: element " + std::to_string(i) + ": " + std::to_string(x) +
                                  " / " + std::to_string(y) + " = " + std::to_string(got) +
                                  ", expected " + std::to_string(want));
  }
}

inline const oracle::BinaryFormat& oracle_format(int width, int precision) {
  if (width == 64) return oracle::binary64;
  if (width == 32) return oracle::binary32;
  return precision == 11 ? oracle::binary16 : oracle::bfloat16;
}

template <typename Bits>
void check_float_bits(const reference::Format& f, const unsigned char* a, const unsigned char* b,
                      const unsigned char* c, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t x = load<Bits>(a, i);
    const std::uint64_t y = load<Bits>(b, i);
    const std::uint64_t got = load<Bits>(c, i);
    const std::uint64_t want = reference::soft_div(f, x, y);
    const std::string where = "width " + std::to_string(f.width) + " element " + std::to_string(i) +
                              ": bits " + std::to_string(x) + " / " + std::to_string(y);
    const std::uint64_t mpfr = oracle::div(oracle_format(f.width, f.precision), x, y);
    FUZZ_REQUIRE(reference::same_result(f, mpfr, want),
                 "harness reference disagrees with MPFR at " + where + ": soft " +
                     std::to_string(want) + ", MPFR " + std::to_string(mpfr));
    if constexpr (sizeof(Bits) == 4) {
      // binary64 has 53 >= 2 * 24 + 2 bits: one double division rounded to float is exact RNE.
      float fx = 0.0F;
      float fy = 0.0F;
      const auto ux = static_cast<std::uint32_t>(x);
      const auto uy = static_cast<std::uint32_t>(y);
      std::memcpy(&fx, &ux, 4);
      std::memcpy(&fy, &uy, 4);
      const auto wide = static_cast<float>(static_cast<double>(fx) / static_cast<double>(fy));
      std::uint32_t wide_bits;
      std::memcpy(&wide_bits, &wide, 4);
      FUZZ_REQUIRE(reference::same_result(f, wide_bits, want),
                   "harness reference disagrees with the double computation at " + where);
    }
    FUZZ_REQUIRE(reference::same_result(f, got, want), (f.width <= 16 ? "F2: " : "F1: ") + where +
                                                           " gave bits " + std::to_string(got) +
                                                           ", expected " + std::to_string(want));
  }
}

// The float quotients of format f, their bit patterns read in the unsigned type of its width.
inline void check_float(const reference::Format& f, const unsigned char* a, const unsigned char* b,
                        const unsigned char* c, std::size_t n) {
  if (f.width == 16) {
    check_float_bits<std::uint16_t>(f, a, b, c, n);
  } else if (f.width == 32) {
    check_float_bits<std::uint32_t>(f, a, b, c, n);
  } else if (f.width == 64) {
    check_float_bits<std::uint64_t>(f, a, b, c, n);
  } else {
    FUZZ_REQUIRE(false, "no float check for a format of width " + std::to_string(f.width));
  }
}

// Special values of each type, so that short inputs reach zeros, MIN/-1, infinities, NaN,
// subnormals and the overflow/underflow boundaries.
inline std::uint64_t special(DataType t, std::uint8_t selector, Input& in) {
  const std::size_t esize = element_bytes(t);
  const std::optional<reference::Format> format = float_format(t);
  if (!format) {
    const unsigned bits = static_cast<unsigned>(esize * 8);
    const std::uint64_t mask = bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
    const std::uint64_t top = std::uint64_t{1} << (bits - 1);
    const std::uint64_t table[] = {0,
                                   1,
                                   mask /* -1 or MAX */,
                                   top /* MIN or 2^(n-1) */,
                                   top - 1,
                                   2,
                                   mask - 1 /* -2 */,
                                   3,
                                   top + 1,
                                   7,
                                   mask - 6};
    const std::size_t k = selector % 12U;
    return k < std::size(table) ? table[k] : (in.bytes_le(esize) & mask);
  }
  const reference::Format f = *format;
  const int p = f.precision;
  const std::uint64_t sign = reference::sign_bit(f);
  const std::uint64_t inf = reference::infinity(f);
  const std::uint64_t one = static_cast<std::uint64_t>(f.emax) << (p - 1);
  const std::uint64_t min_normal = std::uint64_t{1} << (p - 1);
  const std::uint64_t table[] = {0,
                                 sign,
                                 inf,
                                 inf | (min_normal >> 1),
                                 1,
                                 min_normal - 1,
                                 min_normal,
                                 inf - 1,
                                 one,
                                 one + 1,
                                 one + min_normal /* 2 */,
                                 one + min_normal + (min_normal >> 1) /* 3 */};
  const std::size_t k = selector % 16U;
  const std::uint64_t neg = (selector & 0x80U) != 0 ? sign : 0;
  if (k < std::size(table)) return table[k] | neg;
  const std::uint64_t mask = esize == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (esize * 8)) - 1;
  return in.bytes_le(esize) & mask;
}

inline void fill(std::vector<unsigned char>& buffer, DataType t, bool specials, Input& in) {
  const std::size_t esize = element_bytes(t);
  if (esize == 0) {
    for (auto& byte : buffer) byte = in.byte();
    return;
  }
  for (std::size_t i = 0; i + esize <= buffer.size(); i += esize) {
    std::uint64_t v = 0;
    if (in.remaining() == 0) {
      v = 0x0101010101010101ULL * ((i / esize) % 251 + 3);  // never zero, deterministic
    } else if (specials) {
      v = special(t, in.byte(), in);
    } else {
      v = in.bytes_le(esize);
    }
    std::memcpy(buffer.data() + i, &v, esize);  // little-endian host
  }
}

}  // namespace sonnx::fuzz::checked_div

#endif  // SONNX_FUZZ_CHECKED_DIV_VALUES_HPP
