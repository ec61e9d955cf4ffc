// Validation building blocks shared by the checked operators (internal header).
#ifndef SONNX_COMMON_VALIDATION_HPP
#define SONNX_COMMON_VALIDATION_HPP

#include <sonnx/tensor.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace sonnx::detail {

Status failure(ErrorCode code, std::string requirement, std::string message);

// Position of the first negative dimension, if any.
std::optional<std::size_t> first_negative_dimension(std::span<const std::int64_t> shape) noexcept;

// Number of elements of a shape with no negative dimension, or nullopt when that count times
// element_bytes is not representable as a byte count (ptrdiff_t).
std::optional<std::size_t> checked_element_count(std::span<const std::int64_t> shape,
                                                 std::size_t element_bytes) noexcept;

// NumPy/ONNX multidirectional broadcasting rule: aligned from the right, each pair of dimensions
// is equal or one of them is 1.
bool broadcastable(std::span<const std::int64_t> lhs, std::span<const std::int64_t> rhs) noexcept;

// Row-major multi-index of a flat index within a shape (all dimensions positive).
std::vector<std::int64_t> multi_index(std::span<const std::int64_t> shape, std::size_t flat);

// True when [lhs, lhs+bytes) and [rhs, rhs+bytes) intersect without starting at the same address.
bool partially_overlap(const void* lhs, const void* rhs, std::size_t bytes) noexcept;

// Status naming a value-domain violation at a flat index of a tensor of the given shape.
Status element_failure(ErrorCode code, const char* requirement, const std::string& what,
                       std::span<const std::int64_t> shape, std::size_t flat);

}  // namespace sonnx::detail

#endif  // SONNX_COMMON_VALIDATION_HPP
