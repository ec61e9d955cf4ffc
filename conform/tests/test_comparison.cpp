// Bit layouts, the requirement a pair is filed under, and the comparison, on pairs whose class is
// known from the IEEE 754 encodings and two's complement by hand (docs/conformance.md, "What the
// campaign checks").
#include <catch2/catch.hpp>
#include <sonnx/conform/comparison.hpp>

using namespace sonnx;
using namespace sonnx::conform;

TEST_CASE("conform layout: the fields of each type's bit pattern", "[conform]") {
  const BitLayout f16 = bit_layout(DataType::float16);
  CHECK((f16.is_float && f16.is_signed && f16.size == 2));
  CHECK((f16.mask == 0xFFFF && f16.sign == 0x8000 && f16.exponent == 0x7C00 &&
         f16.mantissa == 0x03FF));
  const BitLayout bf16 = bit_layout(DataType::bfloat16);
  CHECK((bf16.exponent == 0x7F80 && bf16.mantissa == 0x007F));
  const BitLayout f32 = bit_layout(DataType::float32);
  CHECK((f32.exponent == 0x7F800000 && f32.mantissa == 0x007FFFFF && f32.mask == 0xFFFFFFFF));
  const BitLayout f64 = bit_layout(DataType::float64);
  CHECK((f64.exponent == 0x7FF0000000000000 && f64.mantissa == 0x000FFFFFFFFFFFFF &&
         f64.mask == ~std::uint64_t{0} && f64.size == 8));
  const BitLayout i16 = bit_layout(DataType::int16);
  CHECK((!i16.is_float && i16.is_signed && i16.sign == 0x8000 && i16.exponent == 0));
  const BitLayout u32 = bit_layout(DataType::uint32);
  CHECK((!u32.is_float && !u32.is_signed && u32.mask == 0xFFFFFFFF && u32.size == 4));
}

TEST_CASE("conform bits: load, store and hex of little-endian elements", "[conform]") {
  std::vector<unsigned char> bytes = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08};
  CHECK(load_bits(bytes, 1, 2) == 0x0403);
  CHECK(load_bits(bytes, 1, 4) == 0x08070605);
  CHECK(load_bits(bytes, 0, 8) == 0x0807060504030201);
  store_bits(bytes, 3, 2, 0xBEEF);
  CHECK((bytes[6] == 0xEF && bytes[7] == 0xBE && bytes[5] == 0x06));
  CHECK(hex(0xF5, 1) == "0xf5");
  CHECK(hex(0x1, 2) == "0x0001");
  CHECK(hex(~std::uint64_t{0}, 8) == "0xffffffffffffffff");
}

TEST_CASE("conform requirement_of: float pairs by operand class", "[conform]") {
  const BitLayout f16 = bit_layout(DataType::float16);
  CHECK(requirement_of(f16, 0x7E00, 0x3C00) == RequirementId::D2);  // NaN / 1
  CHECK(requirement_of(f16, 0x3C00, 0xFC00) == RequirementId::D2);  // 1 / -inf
  CHECK(requirement_of(f16, 0x7C00, 0x0000) == RequirementId::D2);  // inf / 0: D2 before R5
  CHECK(requirement_of(f16, 0x3C00, 0x8000) == RequirementId::R5);  // 1 / -0
  CHECK(requirement_of(f16, 0x0000, 0x0000) == RequirementId::R5);  // 0 / 0: R5 before D1
  CHECK(requirement_of(f16, 0x8000, 0x3C00) == RequirementId::D1);  // -0 / 1
  CHECK(requirement_of(f16, 0x0001, 0x3C00) == RequirementId::F2);  // subnormal / 1
  CHECK(requirement_of(f16, 0x3C00, 0x4200) == RequirementId::F2);  // 1 / 3
  const BitLayout bf16 = bit_layout(DataType::bfloat16);
  CHECK(requirement_of(bf16, 0x7F80, 0x3F80) == RequirementId::D2);
  CHECK(requirement_of(bf16, 0x3F80, 0x4040) == RequirementId::F2);
  const BitLayout f32 = bit_layout(DataType::float32);
  CHECK(requirement_of(f32, 0x3F800000, 0x40400000) == RequirementId::F1);
  CHECK(requirement_of(f32, 0x7FC00000, 0x00000000) == RequirementId::D2);
  const BitLayout f64 = bit_layout(DataType::float64);
  CHECK(requirement_of(f64, 0x8000000000000000, 0x3FF0000000000000) == RequirementId::D1);
  CHECK(requirement_of(f64, 0x0010000000000000, 0x4000000000000000) == RequirementId::F1);
}

TEST_CASE("conform requirement_of: integer pairs, domain errors only where the profile says",
          "[conform]") {
  const BitLayout i8 = bit_layout(DataType::int8);
  CHECK(requirement_of(i8, 0x07, 0x00) == RequirementId::C3);  // 7 / 0
  CHECK(requirement_of(i8, 0x80, 0xFF) == RequirementId::D3);  // -128 / -1
  CHECK(requirement_of(i8, 0x80, 0x01) == RequirementId::I1);  // -128 / 1
  CHECK(requirement_of(i8, 0xFF, 0xFF) == RequirementId::I1);  // -1 / -1
  const BitLayout u8 = bit_layout(DataType::uint8);
  CHECK(requirement_of(u8, 0x80, 0xFF) == RequirementId::I1);  // 128 / 255: no D3 unsigned
  CHECK(requirement_of(u8, 0x07, 0x00) == RequirementId::C3);
  const BitLayout i64 = bit_layout(DataType::int64);
  CHECK(requirement_of(i64, 0x8000000000000000, 0xFFFFFFFFFFFFFFFF) == RequirementId::D3);
  CHECK(is_domain_error(RequirementId::C3));
  CHECK(is_domain_error(RequirementId::D3));
  CHECK_FALSE(is_domain_error(RequirementId::I1));
}

TEST_CASE("conform same_result: bit for bit, two quiet NaNs match (SD-9)", "[conform]") {
  const BitLayout f16 = bit_layout(DataType::float16);
  CHECK(same_result(f16, 0x7E00, 0xFE01));        // quiet NaNs of other signs and payloads
  CHECK_FALSE(same_result(f16, 0x7E00, 0x7C01));  // quiet against signaling NaN
  CHECK_FALSE(same_result(f16, 0x7C01, 0x7C02));  // two signaling NaNs: only bit for bit
  CHECK(same_result(f16, 0x7C01, 0x7C01));
  CHECK_FALSE(same_result(f16, 0x7E00, 0x7C00));  // NaN against infinity
  CHECK_FALSE(same_result(f16, 0x0000, 0x8000));  // +0 against -0
  CHECK(same_result(f16, 0x3555, 0x3555));
  const BitLayout bf16 = bit_layout(DataType::bfloat16);
  CHECK(same_result(bf16, 0x7FC0, 0xFFC1));
  CHECK_FALSE(same_result(bf16, 0x7FC0, 0x7F81));
  const BitLayout f32 = bit_layout(DataType::float32);
  CHECK(same_result(f32, 0x7FC00000, 0xFFC00001));
  CHECK_FALSE(same_result(f32, 0x7FC00000, 0x7F800001));
  const BitLayout f64 = bit_layout(DataType::float64);
  CHECK(same_result(f64, 0x7FF8000000000000, 0xFFF8000000000001));
  CHECK_FALSE(same_result(f64, 0x7FF8000000000000, 0x7FF0000000000001));
  const BitLayout i16 = bit_layout(DataType::int16);
  CHECK_FALSE(same_result(i16, 0x7E00, 0x7E01));  // integers have no NaN
  CHECK_FALSE(same_result(bit_layout(DataType::int8), 0xF5, 0xF4));
}
