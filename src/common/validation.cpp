#include <sonnx/tensor.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>

#include "validation.hpp"

namespace sonnx {

std::string data_type_name(DataType type) {
  switch (type) {
    case DataType::float16: return "float16";
    case DataType::bfloat16: return "bfloat16";
    case DataType::float32: return "float32";
    case DataType::float64: return "float64";
    case DataType::int8: return "int8";
    case DataType::int16: return "int16";
    case DataType::int32: return "int32";
    case DataType::int64: return "int64";
    case DataType::uint8: return "uint8";
    case DataType::uint16: return "uint16";
    case DataType::uint32: return "uint32";
    case DataType::uint64: return "uint64";
    case DataType::string: return "string";
    case DataType::boolean: return "bool";
    case DataType::complex64: return "complex64";
    case DataType::complex128: return "complex128";
    case DataType::undefined: return "undefined";
  }
  return "unknown(" + std::to_string(static_cast<std::int32_t>(type)) + ")";
}

std::optional<std::size_t> element_size(DataType type) noexcept {
  switch (type) {
    case DataType::int8:
    case DataType::uint8: return 1;
    case DataType::float16:
    case DataType::bfloat16:
    case DataType::int16:
    case DataType::uint16: return 2;
    case DataType::float32:
    case DataType::int32:
    case DataType::uint32: return 4;
    case DataType::float64:
    case DataType::int64:
    case DataType::uint64: return 8;
    case DataType::undefined:
    case DataType::string:
    case DataType::boolean:
    case DataType::complex64:
    case DataType::complex128: return std::nullopt;
  }
  return std::nullopt;
}

bool is_profile_numeric(DataType type) noexcept { return element_size(type).has_value(); }

std::string shape_to_string(std::span<const std::int64_t> shape) {
  std::string text = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i != 0) text += ", ";
    text += std::to_string(shape[i]);
  }
  return text + "]";
}

namespace detail {

Status failure(ErrorCode code, std::string requirement, std::string message) {
  Status status;
  status.code = code;
  status.message = requirement + ": " + message;
  status.requirement = std::move(requirement);
  return status;
}

std::optional<std::size_t> first_negative_dimension(std::span<const std::int64_t> shape) noexcept {
  for (std::size_t k = 0; k < shape.size(); ++k) {
    if (shape[k] < 0) return k;
  }
  return std::nullopt;
}

// An empty shape (rank 0) has one element; a zero dimension makes an empty tensor.
// [impl->req~D5~1] [impl->req~D4~1]
std::optional<std::size_t> checked_element_count(std::span<const std::int64_t> shape,
                                                 std::size_t element_bytes) noexcept {
  constexpr auto max_bytes = static_cast<std::size_t>(std::numeric_limits<std::ptrdiff_t>::max());
  std::size_t count = 1;
  bool overflow = false;
  for (const std::int64_t dim : shape) {
    // A zero dimension anywhere makes the tensor empty, even after an overflowing prefix.
    if (dim == 0) return 0;
    overflow = overflow || __builtin_mul_overflow(count, static_cast<std::size_t>(dim), &count);
  }
  std::size_t bytes = 0;
  if (overflow || __builtin_mul_overflow(count, element_bytes, &bytes) || bytes > max_bytes) {
    return std::nullopt;
  }
  return count;
}

bool broadcastable(std::span<const std::int64_t> lhs, std::span<const std::int64_t> rhs) noexcept {
  const std::size_t common = lhs.size() < rhs.size() ? lhs.size() : rhs.size();
  for (std::size_t k = 1; k <= common; ++k) {
    const std::int64_t l = lhs[lhs.size() - k];
    const std::int64_t r = rhs[rhs.size() - k];
    if (l != r && l != 1 && r != 1) return false;
  }
  return true;
}

std::vector<std::int64_t> multi_index(std::span<const std::int64_t> shape, std::size_t flat) {
  std::vector<std::int64_t> index(shape.size(), 0);
  for (std::size_t k = shape.size(); k-- > 0;) {
    const auto dim = static_cast<std::size_t>(shape[k]);
    index[k] = static_cast<std::int64_t>(flat % dim);
    flat /= dim;
  }
  return index;
}

bool partially_overlap(const void* lhs, const void* rhs, std::size_t bytes) noexcept {
  const auto l = reinterpret_cast<std::uintptr_t>(lhs);
  const auto r = reinterpret_cast<std::uintptr_t>(rhs);
  // Same start: exact aliasing (D6 allows it). Otherwise the ranges meet when the distance
  // between the starts is below the length; for bytes == 0 no distance is, so empty ranges
  // never overlap.
  if (l == r) return false;
  return l < r ? r - l < bytes : l - r < bytes;
}

Status element_failure(ErrorCode code, const char* requirement, const std::string& what,
                       std::span<const std::int64_t> shape, std::size_t flat) {
  Status status = failure(code, requirement,
                          what + " at flat index " + std::to_string(flat) + ", multi-index " +
                              shape_to_string(multi_index(shape, flat)));
  status.flat_index = flat;
  status.multi_index = multi_index(shape, flat);
  return status;
}

}  // namespace detail
}  // namespace sonnx
