// Element bit layouts (bits.hpp).
#include <sonnx/conform/bits.hpp>

namespace sonnx::conform {

BitLayout bit_layout(DataType type) {
  BitLayout l;
  l.size = element_size(type);
  l.mask = l.size == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * l.size)) - 1;
  l.sign = std::uint64_t{1} << (8 * l.size - 1);
  // The exponent field of each floating-point format; 0 for the integer types.
  struct ExponentField {
    DataType type;
    std::uint64_t mask;
  };
  static constexpr ExponentField exponent_fields[] = {{DataType::float16, 0x7C00},
                                                      {DataType::bfloat16, 0x7F80},
                                                      {DataType::float32, 0x7F800000},
                                                      {DataType::float64, 0x7FF0000000000000}};
  for (const ExponentField& field : exponent_fields) {
    if (field.type == type) l.exponent = field.mask;
  }
  l.is_float = l.exponent != 0;
  l.float_layout = sonnx::float_layout(type);
  l.mantissa = l.is_float ? (l.sign - 1) & ~l.exponent : 0;
  l.is_signed = l.is_float || type == DataType::int8 || type == DataType::int16 ||
                type == DataType::int32 || type == DataType::int64;
  return l;
}

}  // namespace sonnx::conform
