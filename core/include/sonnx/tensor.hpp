// Non-owning tensor views and the validation status shared by every SONNX operator.
#ifndef SONNX_TENSOR_HPP
#define SONNX_TENSOR_HPP

// The public headers need C++20 (std::span): below it they stop here with one clear error rather
// than a cascade about std::span. MSVC reports the standard in _MSVC_LANG. The CMake target
// sonnx::sonnx_div asks for C++20 itself (compile feature cxx_std_20).
#if (defined(_MSVC_LANG) && _MSVC_LANG < 202002L) || \
    (!defined(_MSVC_LANG) && __cplusplus < 202002L)
#error "sonnx-div needs C++20: compile with -std=c++20 (GCC, Clang) or /std:c++20 (MSVC)"
#else
// Defined when the headers' content is compiled (div.hpp tests it).
#define SONNX_CXX20_OR_LATER

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace sonnx {

// Element types, numbered as ONNX TensorProto.DataType so that file readers map codes one to one.
// Codes outside the 12 numeric profile types exist so that R3 violations can be represented.
// The comment of each profile type names the C++ type of one element of a buffer of that type
// (TensorView::data points to such elements): float16 and bfloat16 have no C++ type, so their
// buffers hold the 16-bit patterns as std::uint16_t (sign bit 15; bfloat16 is the upper half of a
// binary32 pattern), converted by the caller.
enum class DataType : std::int32_t {
  undefined = 0,
  float32 = 1,  // float (IEEE 754 binary32)
  uint8 = 2,    // std::uint8_t
  int8 = 3,     // std::int8_t
  uint16 = 4,   // std::uint16_t
  int16 = 5,    // std::int16_t
  int32 = 6,    // std::int32_t
  int64 = 7,    // std::int64_t
  string = 8,
  boolean = 9,
  float16 = 10,  // std::uint16_t: the IEEE 754 binary16 bit pattern
  float64 = 11,  // double (IEEE 754 binary64)
  uint32 = 12,   // std::uint32_t
  uint64 = 13,   // std::uint64_t
  complex64 = 14,
  complex128 = 15,
  bfloat16 = 16,  // std::uint16_t: the bfloat16 bit pattern
};

// R2/GR1: the profile accepts dense tensors only; sparse is representable so it can be rejected.
enum class Layout : std::uint8_t { dense, sparse };

// Name of a data type as ONNX spells it ("float16", "int32", ...); "unknown" for a code outside
// the enumeration. Static text: the pointer stays valid for the life of the program.
const char* data_type_name(DataType type) noexcept;
// Size in bytes of one element of a numeric profile type; 0 for any other type.
std::size_t element_size(DataType type) noexcept;
// True for the 12 numeric element types of the SONNX profile (R3).
bool is_profile_numeric(DataType type) noexcept;

// A tensor the caller owns: `data` points to the product of `shape`'s dimensions elements of the
// C++ type `type` names (see DataType: std::uint16_t bit patterns for float16 and bfloat16), in
// row-major (C) order, suitably aligned for that type. Rank 0 (an empty shape) is one element.
struct TensorView {
  DataType type = DataType::undefined;
  std::span<const std::int64_t> shape;
  const void* data = nullptr;
  Layout layout = Layout::dense;
};

struct MutableTensorView {
  DataType type = DataType::undefined;
  std::span<const std::int64_t> shape;
  void* data = nullptr;
  Layout layout = Layout::dense;
};

enum class ErrorCode : std::uint8_t {
  ok = 0,
  non_numeric_type,     // R3
  type_mismatch,        // C2 / GR3
  sparse_tensor,        // R2 / GR1
  invalid_shape,        // D8: negative dimension
  size_overflow,        // D8: element or byte count not representable
  broadcast_forbidden,  // R4
  shape_mismatch,       // R1 (A vs B) or C1 (C vs A and B)
  null_data,            // D8
  partial_overlap,      // D6
  zero_divisor,         // C3
  quotient_overflow,    // D3: signed MIN / -1
};

// Outcome of a checked operation. On error nothing has been written to the output.
// No allocation: the requirement ID is static text and the message lives in fixed-size storage
// (a longer message is cut and ends in "..."; the ID and the first offending index come first).
struct Status {
  // Capacity of the message storage, terminating NUL included.
  static constexpr std::size_t message_capacity = 256;

  ErrorCode code = ErrorCode::ok;
  std::string_view requirement;           // requirement ID violated, static text ("" when ok)
  std::optional<std::size_t> flat_index;  // first offending element, for value-domain errors
  // The message as NUL-terminated text; read it through message().
  std::array<char, message_capacity> message_text{};

  [[nodiscard]] bool ok() const noexcept { return code == ErrorCode::ok; }
  // Human-readable, starts with the ID and names the offending index or shape ("" when ok).
  [[nodiscard]] std::string_view message() const noexcept { return message_text.data(); }
};

// Row-major multi-index of element `flat` of a tensor of `shape` (every dimension positive, flat
// below the element count), written to out[0, rank). False, with nothing written, when out is
// shorter than the rank.
bool multi_index(std::span<const std::int64_t> shape, std::size_t flat,
                 std::span<std::int64_t> out) noexcept;

}  // namespace sonnx

#endif  // C++20
#endif  // SONNX_TENSOR_HPP
