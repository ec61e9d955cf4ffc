// Helpers shared by the Catch2 tests: run the checked Div on owned buffers, and the IEEE
// constants of the four float formats as bit patterns (from the formats' definitions).
#ifndef SONNX_TESTS_DIV_TEST_SUPPORT_HPP
#define SONNX_TESTS_DIV_TEST_SUPPORT_HPP

#include <sonnx/div.hpp>
#include <sonnx/result_comparison.hpp>

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace sonnx::test {

// Sentinel written into C before a call, to check that failing calls leave C untouched.
template <typename T>
T sentinel() {
  T value;
  std::memset(&value, 0x5A, sizeof value);
  return value;
}

template <typename T>
struct DivResult {
  Status status;
  std::vector<T> c;
  std::vector<std::int64_t> multi_index;  // status.flat_index as a multi-index, if any
};

// C = Div(A, B) on tensors of one shape; C starts filled with the sentinel.
template <typename T>
DivResult<T> run_div(DataType type, std::vector<std::int64_t> shape, const std::vector<T>& a,
                     const std::vector<T>& b) {
  DivResult<T> result{{}, std::vector<T>(a.size(), sentinel<T>()), {}};
  result.status = div(TensorView{type, shape, a.data()}, TensorView{type, shape, b.data()},
                      MutableTensorView{type, shape, result.c.data()});
  if (result.status.flat_index) {
    result.multi_index.resize(shape.size());
    multi_index(shape, *result.status.flat_index, result.multi_index);
  }
  return result;
}

// A status's message as a std::string, for Catch2's string matchers.
inline std::string message_of(const Status& status) { return std::string(status.message()); }

template <typename To, typename From>
To bit_cast_to(From from) {
  static_assert(sizeof(To) == sizeof(From));
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}

template <typename T>
constexpr DataType integer_data_type() {
  if constexpr (std::is_same_v<T, std::int8_t>) return DataType::int8;
  if constexpr (std::is_same_v<T, std::int16_t>) return DataType::int16;
  if constexpr (std::is_same_v<T, std::int32_t>) return DataType::int32;
  if constexpr (std::is_same_v<T, std::int64_t>) return DataType::int64;
  if constexpr (std::is_same_v<T, std::uint8_t>) return DataType::uint8;
  if constexpr (std::is_same_v<T, std::uint16_t>) return DataType::uint16;
  if constexpr (std::is_same_v<T, std::uint32_t>) return DataType::uint32;
  return DataType::uint64;
}

// Integer Div through the checked API on values given as long long (test literals).
template <typename T>
DivResult<T> run_int_div(std::vector<std::int64_t> shape, const std::vector<long long>& a,
                         const std::vector<long long>& b) {
  std::vector<T> ta;
  std::vector<T> tb;
  for (const long long v : a) ta.push_back(static_cast<T>(v));
  for (const long long v : b) tb.push_back(static_cast<T>(v));
  return run_div(integer_data_type<T>(), std::move(shape), ta, tb);
}

template <typename T>
std::vector<T> values_of(const std::vector<long long>& literals) {
  std::vector<T> out;
  for (const long long v : literals) out.push_back(static_cast<T>(v));
  return out;
}

struct FloatFormat {
  const char* name;
  DataType type;
  std::uint64_t sign_bit;
  std::uint64_t infinity;
  std::uint64_t quiet_nan;
  std::uint64_t one;
  std::uint64_t two;
  std::uint64_t half;
  std::uint64_t min_subnormal;
  std::uint64_t max_subnormal;
  std::uint64_t min_normal;
  std::uint64_t max_finite;

  [[nodiscard]] bool is_nan(std::uint64_t bits) const { return float_layout(type).is_nan(bits); }
  // A NaN result must be quiet; its sign and payload are not specified (docs/spec-defects.md SD-9,
  // sonnx/result_comparison.hpp).
  [[nodiscard]] bool is_quiet_nan(std::uint64_t bits) const {
    return float_layout(type).is_quiet_nan(bits);
  }
};

inline const std::vector<FloatFormat>& float_formats() {
  static const std::vector<FloatFormat> formats = {
      {"float16", DataType::float16, 0x8000, 0x7C00, 0x7E00, 0x3C00, 0x4000, 0x3800, 0x0001,
       0x03FF, 0x0400, 0x7BFF},
      {"bfloat16", DataType::bfloat16, 0x8000, 0x7F80, 0x7FC0, 0x3F80, 0x4000, 0x3F00, 0x0001,
       0x007F, 0x0080, 0x7F7F},
      {"float32", DataType::float32, 0x80000000, 0x7F800000, 0x7FC00000, 0x3F800000, 0x40000000,
       0x3F000000, 0x00000001, 0x007FFFFF, 0x00800000, 0x7F7FFFFF},
      {"float64", DataType::float64, 0x8000000000000000, 0x7FF0000000000000,
       0x7FF8000000000000, 0x3FF0000000000000, 0x4000000000000000, 0x3FE0000000000000,
       0x0000000000000001, 0x000FFFFFFFFFFFFF, 0x0010000000000000, 0x7FEFFFFFFFFFFFFF},
  };
  return formats;
}

// Element-wise Div of bit patterns in the given float format and shape, through the checked API.
inline std::vector<std::uint64_t> div_bits_shaped(const FloatFormat& format,
                                                  const std::vector<std::int64_t>& shape,
                                                  const std::vector<std::uint64_t>& a,
                                                  const std::vector<std::uint64_t>& b,
                                                  Status* status_out = nullptr) {
  std::vector<std::uint64_t> c;
  const auto run = [&](auto tag) {
    using T = decltype(tag);
    std::vector<T> ta;
    std::vector<T> tb;
    for (std::size_t i = 0; i < a.size(); ++i) {
      if constexpr (sizeof(T) == 2) {
        ta.push_back(static_cast<T>(a[i]));
        tb.push_back(static_cast<T>(b[i]));
      } else if constexpr (sizeof(T) == 4) {
        ta.push_back(bit_cast_to<T>(static_cast<std::uint32_t>(a[i])));
        tb.push_back(bit_cast_to<T>(static_cast<std::uint32_t>(b[i])));
      } else {
        ta.push_back(bit_cast_to<T>(a[i]));
        tb.push_back(bit_cast_to<T>(b[i]));
      }
    }
    DivResult<T> result = run_div(format.type, shape, ta, tb);
    if (status_out != nullptr) *status_out = result.status;
    for (const T value : result.c) {
      if constexpr (sizeof(T) == 2) {
        c.push_back(value);
      } else if constexpr (sizeof(T) == 4) {
        c.push_back(bit_cast_to<std::uint32_t>(value));
      } else {
        c.push_back(bit_cast_to<std::uint64_t>(value));
      }
    }
  };
  switch (format.type) {
    case DataType::float16:
    case DataType::bfloat16: run(std::uint16_t{}); break;
    case DataType::float32: run(float{}); break;
    default: run(double{}); break;
  }
  return c;
}

// The same for vectors (shape [n]).
inline std::vector<std::uint64_t> div_bits(const FloatFormat& format,
                                           const std::vector<std::uint64_t>& a,
                                           const std::vector<std::uint64_t>& b,
                                           Status* status_out = nullptr) {
  return div_bits_shaped(format, {static_cast<std::int64_t>(a.size())}, a, b, status_out);
}

inline std::uint64_t div_bits(const FloatFormat& format, std::uint64_t a, std::uint64_t b) {
  return div_bits(format, std::vector<std::uint64_t>{a}, std::vector<std::uint64_t>{b}).at(0);
}

}  // namespace sonnx::test

#endif  // SONNX_TESTS_DIV_TEST_SUPPORT_HPP
