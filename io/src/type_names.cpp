// Profile type names, the inverse of sonnx::data_type_name plus ONNX's own spellings.
#include <sonnx/io/tensor_io.hpp>

namespace sonnx::io {

std::optional<DataType> parse_type_name(std::string_view name) noexcept {
  struct Entry {
    std::string_view name;
    DataType type;
  };
  static constexpr Entry entries[] = {
      {"float16", DataType::float16}, {"bfloat16", DataType::bfloat16},
      {"float", DataType::float32},   {"float32", DataType::float32},
      {"double", DataType::float64},  {"float64", DataType::float64},
      {"int8", DataType::int8},       {"int16", DataType::int16},
      {"int32", DataType::int32},     {"int64", DataType::int64},
      {"uint8", DataType::uint8},     {"uint16", DataType::uint16},
      {"uint32", DataType::uint32},   {"uint64", DataType::uint64},
  };
  for (const Entry& e : entries) {
    if (e.name == name) return e.type;
  }
  return std::nullopt;
}

}  // namespace sonnx::io
