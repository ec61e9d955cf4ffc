// Element bit patterns of the conformance campaign: every profile type is handled as an unsigned
// pattern of its width (two's complement for integers, IEEE 754 fields for floats), which is how
// operands are generated, compared and written into findings.
#ifndef SONNX_CONFORM_BITS_HPP
#define SONNX_CONFORM_BITS_HPP

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <sonnx/io/golden.hpp>
#include <sonnx/result_comparison.hpp>
#include <sonnx/tensor.hpp>
#include <string>
#include <vector>

namespace sonnx::conform {

// The fields of a type's bit pattern.
struct BitLayout {
  bool is_float = false;
  bool is_signed = false;
  std::size_t size = 0;        // bytes per element
  std::uint64_t mask = 0;      // all bits of the element
  std::uint64_t sign = 0;      // the sign bit (the top bit, also for unsigned types)
  std::uint64_t exponent = 0;  // floats: exponent field mask
  std::uint64_t mantissa = 0;  // floats: trailing significand mask
  FloatLayout float_layout;    // floats: width and precision (SD-9's comparison)
};

BitLayout bit_layout(DataType type);

// Element `index` of a little-endian buffer of `size`-byte elements, zero-extended. Fixed-size
// copies compile to single loads (this runs for every element of the 2^32-pair sweeps).
inline std::uint64_t load_bits(const std::vector<unsigned char>& bytes, std::size_t index,
                               std::size_t size) {
  const unsigned char* p = bytes.data() + index * size;
  switch (size) {
    case 1:
      return p[0];
    case 2: {
      std::uint16_t v;
      std::memcpy(&v, p, 2);
      return v;
    }
    case 4: {
      std::uint32_t v;
      std::memcpy(&v, p, 4);
      return v;
    }
    default: {
      std::uint64_t v;
      std::memcpy(&v, p, 8);
      return v;
    }
  }
}

inline void store_bits(std::vector<unsigned char>& bytes, std::size_t index, std::size_t size,
                       std::uint64_t bits) {
  std::memcpy(bytes.data() + index * size, &bits, size);
}

// "0x" and the pattern in 2 * size hexadecimal digits (the io layer's, as in golden cases).
using io::hex;

}  // namespace sonnx::conform

#endif  // SONNX_CONFORM_BITS_HPP
