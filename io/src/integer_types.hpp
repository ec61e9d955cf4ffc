// The profile's eight integer element types, listed once, and the call of a per-type template for
// the DataType a tensor has at run time: in place of a switch with one case per type in each
// caller (the readers, the golden cases, the OpenVINO semantics).
#ifndef SONNX_IO_INTEGER_TYPES_HPP
#define SONNX_IO_INTEGER_TYPES_HPP

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <sonnx/tensor.hpp>
#include <type_traits>

namespace sonnx::io {

// The DataType of a C++ integer element type: ONNX names them by signedness and width.
template <typename T>
constexpr DataType integer_data_type() noexcept {
  static_assert(std::is_integral_v<T> && sizeof(T) <= 8U, "an integer of 1, 2, 4 or 8 bytes");
  constexpr std::array<DataType, 4> by_width_signed{DataType::int8, DataType::int16,
                                                    DataType::int32, DataType::int64};
  constexpr std::array<DataType, 4> by_width_unsigned{DataType::uint8, DataType::uint16,
                                                      DataType::uint32, DataType::uint64};
  constexpr std::size_t width = std::bit_width(sizeof(T)) - 1U;  // 1, 2, 4, 8 bytes: 0 to 3
  return std::is_signed_v<T> ? by_width_signed[width] : by_width_unsigned[width];
}

template <typename... Ts>
struct TypeList {};
using SignedIntegers = TypeList<std::int8_t, std::int16_t, std::int32_t, std::int64_t>;
using IntegerTypes = TypeList<std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t,
                              std::uint16_t, std::uint32_t, std::uint64_t>;

// Calls f(T{}) for the T of the list whose DataType is `type` (f reads the element type as
// decltype of its argument); false, and f not called, when no type of the list is `type`.
template <typename... Ts, typename F>
bool with_integer_type(TypeList<Ts...> /*list*/, DataType type, F&& f) {
  return ((integer_data_type<Ts>() == type && (f(Ts{}), true)) || ...);
}

}  // namespace sonnx::io

#endif  // SONNX_IO_INTEGER_TYPES_HPP
