#include "validation.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <sonnx/tensor.hpp>

#include "kernels/sonnx_validation.h"

namespace sonnx {
namespace {
// One object, so that the message builder can tell an unknown code by the pointer.
constexpr const char* unknown_type_name = "unknown";
}  // namespace

const char* data_type_name(DataType type) noexcept {
  switch (type) {
    case DataType::float16:
      return "float16";
    case DataType::bfloat16:
      return "bfloat16";
    case DataType::float32:
      return "float32";
    case DataType::float64:
      return "float64";
    case DataType::int8:
      return "int8";
    case DataType::int16:
      return "int16";
    case DataType::int32:
      return "int32";
    case DataType::int64:
      return "int64";
    case DataType::uint8:
      return "uint8";
    case DataType::uint16:
      return "uint16";
    case DataType::uint32:
      return "uint32";
    case DataType::uint64:
      return "uint64";
    case DataType::string:
      return "string";
    case DataType::boolean:
      return "bool";
    case DataType::complex64:
      return "complex64";
    case DataType::complex128:
      return "complex128";
    case DataType::undefined:
      return "undefined";
  }
  return unknown_type_name;
}

// R3: the proved sonnx_element_bytes decides (sonnx::DataType uses the ONNX codes, like it).
std::size_t element_size(DataType type) noexcept {
  return sonnx_element_bytes(static_cast<std::int32_t>(type));
}

bool is_profile_numeric(DataType type) noexcept { return element_size(type) != 0; }

bool multi_index(std::span<const std::int64_t> shape, std::size_t flat,
                 std::span<std::int64_t> out) noexcept {
  if (out.size() < shape.size()) return false;
  for (std::size_t k = shape.size(); k-- > 0;) {
    const auto dim = static_cast<std::size_t>(shape[k]);
    out[k] = static_cast<std::int64_t>(flat % dim);
    flat /= dim;
  }
  return true;
}

namespace detail {

Failure::Failure(ErrorCode code, const char* requirement) noexcept {
  status_.code = code;
  status_.requirement = requirement;
  *this << requirement << ": ";
}

// Cut at the capacity less "..." and the NUL; the storage starts zeroed, so the text stays
// NUL-terminated.
void Failure::put(char character) noexcept {
  if (length_ < room) {
    status_.message_text[length_] = character;
    ++length_;
  } else if (length_ == room) {
    status_.message_text[room] = '.';
    status_.message_text[room + 1] = '.';
    status_.message_text[room + 2] = '.';
    ++length_;
  }
}

Failure& Failure::operator<<(const char* text) noexcept {
  for (const char* p = text; *p != '\0' && length_ <= room; ++p) put(*p);
  return *this;
}

Failure& Failure::append_unsigned(std::uint64_t value) noexcept {
  // Every 64-bit value has at most digits10 + 1 = 20 decimal digits (its maximum is below 10^20),
  // so the loop fills at most the whole array: no bound to test at run time.
  std::array<char, std::numeric_limits<std::uint64_t>::digits10 + 1> digits{};
  constexpr std::uint64_t ten_to_the_19 = 10000000000000000000ULL;
  static_assert(std::numeric_limits<std::uint64_t>::max() / ten_to_the_19 < 10,
                "a 64-bit value has at most 20 decimal digits");
  std::size_t count = 0;
  do {
    digits[count] = static_cast<char>('0' + value % 10);
    value /= 10;
    ++count;
  } while (value != 0);
  while (count > 0) put(digits[--count]);
  return *this;
}

Failure& Failure::append_signed(std::int64_t value) noexcept {
  if (value >= 0) return append_unsigned(static_cast<std::uint64_t>(value));
  put('-');
  // The magnitude in unsigned arithmetic: defined for INT64_MIN too.
  return append_unsigned(0U - static_cast<std::uint64_t>(value));
}

Failure& Failure::operator<<(DataType type) noexcept {
  const char* name = data_type_name(type);
  *this << name;
  if (name == unknown_type_name) *this << "(" << static_cast<std::int32_t>(type) << ")";
  return *this;
}

Failure& Failure::operator<<(ShapeText shape) noexcept {
  put('[');
  for (std::size_t k = 0; k < shape.shape.size(); ++k) {
    if (k != 0) *this << ", ";
    *this << shape.shape[k];
  }
  put(']');
  return *this;
}

// Each component from the left as (flat / product of the later dimensions) % dimension: no
// buffer of the rank's size is needed. The products divide the element count, so they fit.
Failure& Failure::operator<<(ElementText element) noexcept {
  status_.flat_index = element.flat;
  *this << "flat index " << element.flat << ", multi-index [";
  const std::span<const std::int64_t> shape = element.shape;
  for (std::size_t k = 0; k < shape.size(); ++k) {
    std::size_t later = 1;
    for (std::size_t j = k + 1; j < shape.size(); ++j) later *= static_cast<std::size_t>(shape[j]);
    if (k != 0) *this << ", ";
    *this << (element.flat / later) % static_cast<std::size_t>(shape[k]);
  }
  put(']');
  return *this;
}

std::uintptr_t address_of(const void* data) noexcept {
  // Deviation register: the one reinterpret_cast.
  return reinterpret_cast<std::uintptr_t>(
      data);  // NOLINT(cppcoreguidelines-pro-type-reinterpret-cast)
}

}  // namespace detail
}  // namespace sonnx
