#include <sonnx_verify/golden_reference.hpp>
#include <sonnx_verify/mpfr_oracle.hpp>

#include <utility>

namespace sonnx::verify {

std::uint64_t golden_reference(DataType type, bool floored, std::uint64_t a, std::uint64_t b) {
  switch (type) {
    case DataType::float16: return oracle::div(oracle::binary16, a, b);
    case DataType::bfloat16: return oracle::div(oracle::bfloat16, a, b);
    case DataType::float32: return oracle::div(oracle::binary32, a, b);
    case DataType::float64: return oracle::div(oracle::binary64, a, b);
    default: break;
  }
  const bool is_signed = type == DataType::int8 || type == DataType::int16 ||
                         type == DataType::int32 || type == DataType::int64;
  const unsigned width = type == DataType::int8 || type == DataType::uint8     ? 8U
                         : type == DataType::int16 || type == DataType::uint16 ? 16U
                         : type == DataType::int32 || type == DataType::uint32 ? 32U
                                                                               : 64U;
  const std::uint64_t mask = width == 64U ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1U;
  if (!is_signed) return (a & mask) / (b & mask);  // floor and truncation agree on non-negatives
  // Sign and magnitude of each operand, in unsigned arithmetic (exact for every value, MIN
  // included); the quotient's magnitude fits the type (MIN / -1 excluded).
  const auto value = [&](std::uint64_t x) {
    const std::uint64_t sign = std::uint64_t{1} << (width - 1U);
    x &= mask;
    const bool negative = (x & sign) != 0U;
    const std::uint64_t magnitude = negative ? (~x + 1U) & mask : x;
    return std::pair{negative, magnitude};
  };
  const auto [na, ma] = value(a);
  const auto [nb, mb] = value(b);
  std::uint64_t q = ma / mb;
  const bool negative = na != nb;
  if (floored && negative && q * mb != ma) ++q;  // toward minus infinity
  return (negative ? ~q + 1U : q) & mask;
}

}  // namespace sonnx::verify
