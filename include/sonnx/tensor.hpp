// Non-owning tensor views and the validation status shared by every SONNX operator.
#ifndef SONNX_TENSOR_HPP
#define SONNX_TENSOR_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sonnx {

// Element types, numbered as ONNX TensorProto.DataType so that file readers map codes one to one.
// Codes outside the 12 numeric profile types exist so that R3 violations can be represented.
enum class DataType : std::int32_t {
  undefined = 0,
  float32 = 1,
  uint8 = 2,
  int8 = 3,
  uint16 = 4,
  int16 = 5,
  int32 = 6,
  int64 = 7,
  string = 8,
  boolean = 9,
  float16 = 10,
  float64 = 11,
  uint32 = 12,
  uint64 = 13,
  complex64 = 14,
  complex128 = 15,
  bfloat16 = 16,
};

// R2/GR1: the profile accepts dense tensors only; sparse is representable so it can be rejected.
enum class Layout : std::uint8_t { dense, sparse };

// Name of a data type as ONNX spells it ("float16", "int32", ...); "unknown(<code>)" otherwise.
std::string data_type_name(DataType type);
// Size in bytes of one element of a numeric profile type; nullopt for any other type.
std::optional<std::size_t> element_size(DataType type) noexcept;
// True for the 12 numeric element types of the SONNX profile (R3).
bool is_profile_numeric(DataType type) noexcept;

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
struct Status {
  ErrorCode code = ErrorCode::ok;
  std::string requirement;  // requirement ID violated ("" when ok)
  std::string message;      // human-readable, names the ID and the offending index or shape
  std::optional<std::size_t> flat_index;  // first offending element, for value-domain errors
  std::vector<std::int64_t> multi_index;  // the same element as a row-major multi-index

  [[nodiscard]] bool ok() const noexcept { return code == ErrorCode::ok; }
};

// "[3, 4, 5]"
std::string shape_to_string(std::span<const std::int64_t> shape);

}  // namespace sonnx

#endif  // SONNX_TENSOR_HPP
