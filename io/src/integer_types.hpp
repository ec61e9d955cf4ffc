// The profile's integer element types as (DataType, C++ element type) pairs, and the call of a
// per-type template for the DataType a tensor has at run time: the golden integer cases and the
// OpenVINO floor adjustment use it instead of a switch with one case per type.
#ifndef SONNX_IO_INTEGER_TYPES_HPP
#define SONNX_IO_INTEGER_TYPES_HPP

#include <cstdint>
#include <sonnx/tensor.hpp>

namespace sonnx::io {

// One integer type: its DataType code and the C++ type of its elements.
template <DataType code, typename Element>
struct Integer {
  static constexpr DataType type = code;
  using element = Element;
};

template <typename... Integers>
struct TypeList {};

using Int8 = Integer<DataType::int8, std::int8_t>;
using Int16 = Integer<DataType::int16, std::int16_t>;
using Int32 = Integer<DataType::int32, std::int32_t>;
using Int64 = Integer<DataType::int64, std::int64_t>;
using UInt8 = Integer<DataType::uint8, std::uint8_t>;
using UInt16 = Integer<DataType::uint16, std::uint16_t>;
using UInt32 = Integer<DataType::uint32, std::uint32_t>;
using UInt64 = Integer<DataType::uint64, std::uint64_t>;
using SignedIntegers = TypeList<Int8, Int16, Int32, Int64>;
using IntegerTypes = TypeList<Int8, Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64>;

// Calls f with a value of the element type of the list's entry whose DataType is `type` (f reads
// the type as decltype of its argument) and returns true; returns false, without calling f, when
// no entry of the list is `type`.
template <typename... Integers, typename F>
bool with_integer_type(TypeList<Integers...> /*list*/, DataType type, F&& f) {
  bool found = false;
  const auto try_one = [&](auto entry) {
    using Entry = decltype(entry);
    if (!found && Entry::type == type) {
      found = true;
      f(typename Entry::element{});
    }
  };
  (try_one(Integers{}), ...);
  return found;
}

}  // namespace sonnx::io

#endif  // SONNX_IO_INTEGER_TYPES_HPP
