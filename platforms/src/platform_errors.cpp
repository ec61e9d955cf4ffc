// platform_test: every error of the checked API once, C unchanged, and the tables' domain scans.
#include <cstring>
#include <string_view>

#include "platform_test.hpp"

namespace sonnx::platform {
namespace {

// Fills C with the sentinel before a call that must fail.
void fill_sentinel(Buffer& c) { std::memset(&c, sentinel, sizeof c); }

bool unchanged(Buffer& c) {
  if (planted == Fault::error_write) c.u8[0] = 0;
  for (const std::uint8_t byte : c.u8) {
    if (byte != sentinel) return false;
  }
  return true;
}

bool is_error(const Status& status, sonnx::ErrorCode code, const char* requirement) {
  const std::string_view id(requirement);
  return status.code == code && status.requirement == id &&
         status.message().substr(0, id.size()) == id;
}

void expect(const char* name, const Status& status, sonnx::ErrorCode code,
            const char* requirement) {
  record_error_case(
      name, nullptr, "default",
      is_error(status, code, requirement) && !status.flat_index.has_value() && unchanged(buffer_c));
}

void run_shape_and_buffer_errors() {
  using sonnx::ErrorCode;
  using sonnx::Layout;
  const std::int64_t s23[] = {2, 3};
  const std::int64_t s13[] = {1, 3};
  const std::int64_t s32[] = {3, 2};
  const std::int64_t negative[] = {2, -1};
  const std::int64_t huge[] = {std::int64_t{1} << 40, std::int64_t{1} << 40};
  float* a = buffer_a.f32;
  float* b = buffer_b.f32;
  float* c = buffer_c.f32;
  for (std::size_t i = 0; i < 6; ++i) {
    a[i] = 1.0F;
    b[i] = 2.0F;
  }
  const auto F = DataType::float32;
  const auto call = [&](TensorView x, TensorView y, MutableTensorView z) {
    fill_sentinel(buffer_c);
    return call_api(x, y, z, nullptr);
  };
  expect("R3: element type string",
         call({DataType::string, s23, a}, {DataType::string, s23, b}, {DataType::string, s23, c}),
         ErrorCode::non_numeric_type, "R3");
  expect("C2: float32 / float32 into float64",
         call({F, s23, a}, {F, s23, b}, {DataType::float64, s23, c}), ErrorCode::type_mismatch,
         "C2");
  expect("R2: sparse B", call({F, s23, a}, {F, s23, b, Layout::sparse}, {F, s23, c}),
         ErrorCode::sparse_tensor, "R2");
  expect("D8: negative dimension", call({F, negative, a}, {F, negative, b}, {F, negative, c}),
         ErrorCode::invalid_shape, "D8");
  expect("D8: element count beyond the address space",
         call({F, huge, a}, {F, huge, b}, {F, huge, c}), ErrorCode::size_overflow, "D8");
  // Where size_t is 32 bits wide, [2^32 + 1] must not wrap to one element (it did before the
  // check compared each dimension with the limit ahead of its conversion to size_t). Elsewhere the
  // shape is representable and the case does not apply (the buffers are 6 elements long).
  if constexpr (sizeof(std::size_t) < sizeof(std::int64_t)) {
    const std::int64_t wraps[] = {(std::int64_t{1} << 32) + 1};
    expect("D8: dimension 2^32 + 1 beyond a 32-bit size_t",
           call({F, wraps, a}, {F, wraps, b}, {F, wraps, c}), ErrorCode::size_overflow, "D8");
  }
  expect("R4: broadcastable [2,3] and [1,3]", call({F, s23, a}, {F, s13, b}, {F, s23, c}),
         ErrorCode::broadcast_forbidden, "R4");
  expect("R1: [2,3] and [3,2]", call({F, s23, a}, {F, s32, b}, {F, s23, c}),
         ErrorCode::shape_mismatch, "R1");
  expect("C1: C of shape [3,2]", call({F, s23, a}, {F, s23, b}, {F, s32, c}),
         ErrorCode::shape_mismatch, "C1");
  expect("D8: null data", call({F, s23, nullptr}, {F, s23, b}, {F, s23, c}), ErrorCode::null_data,
         "D8");
  // C starts one element into A: a partial overlap (exact aliasing would be allowed).
  fill_sentinel(buffer_a);
  const Status overlap =
      call_api({F, s23, buffer_a.f32}, {F, s23, b}, {F, s23, buffer_a.f32 + 1}, nullptr);
  record_error_case("D6: C partially overlaps A", nullptr, "default",
                    is_error(overlap, ErrorCode::partial_overlap, "D6") && unchanged(buffer_a));
}

// C3 (a zero divisor at index 2 of 4) and, for signed types, D3 (MIN / -1 at index 1 of 3), in both
// kernel modes; then the type's proved domain scan itself (the compilation this target runs), on
// the same vectors and on a vector inside the domain.
template <typename T, std::size_t (*Scan)(const T*, const T*, std::size_t)>
void run_domain_errors(const TypeInfo& type) {
  using sonnx::ErrorCode;
  T* a = slots<T>(buffer_a);
  T* b = slots<T>(buffer_b);
  const T c3_a[4] = {7, 7, 7, 7};
  const T c3_b[4] = {1, 2, 0, 3};
  const T d3_a[3] = {4, std::numeric_limits<T>::min(), 5};
  const T d3_b[3] = {2, static_cast<T>(-1), 1};
  const std::int64_t four[] = {4};
  const std::int64_t three[] = {3};
  for (const Kernels mode : {Kernels::proved, Kernels::fastest}) {
    const char* mode_name = mode == Kernels::proved ? "proved" : "fastest";
    std::memcpy(a, c3_a, sizeof c3_a);
    std::memcpy(b, c3_b, sizeof c3_b);
    fill_sentinel(buffer_c);
    const Status c3 = call_api({type.type, four, a}, {type.type, four, b},
                               {type.type, four, slots<T>(buffer_c)}, &mode);
    record_error_case(
        "C3: zero divisor at flat index 2", &type, mode_name,
        is_error(c3, ErrorCode::zero_divisor, "C3") && c3.flat_index == 2u && unchanged(buffer_c));
    if constexpr (std::is_signed_v<T>) {
      std::memcpy(a, d3_a, sizeof d3_a);
      std::memcpy(b, d3_b, sizeof d3_b);
      fill_sentinel(buffer_c);
      const Status d3 = call_api({type.type, three, a}, {type.type, three, b},
                                 {type.type, three, slots<T>(buffer_c)}, &mode);
      record_error_case("D3: MIN / -1 at flat index 1", &type, mode_name,
                        is_error(d3, ErrorCode::quotient_overflow, "D3") && d3.flat_index == 1u &&
                            unchanged(buffer_c));
    }
  }
  const T inside_b[4] = {1, 2, 5, 3};
  bool found = Scan(c3_a, c3_b, 4) == 2 && Scan(c3_a, inside_b, 4) == 4;
  if constexpr (std::is_signed_v<T>) found = found && Scan(d3_a, d3_b, 3) == 1;
  record_error_case("proved domain scan: first C3/D3 index, n inside the domain", &type, "proved",
                    found);
}

}  // namespace

void run_errors() {
  run_shape_and_buffer_errors();
  run_domain_errors<std::int8_t, sonnx_div_domain_scan_i8>(int8_info);
  run_domain_errors<std::int16_t, sonnx_div_domain_scan_i16>(int16_info);
  run_domain_errors<std::int32_t, sonnx_div_domain_scan_i32>(int32_info);
  run_domain_errors<std::int64_t, sonnx_div_domain_scan_i64>(int64_info);
  run_domain_errors<std::uint8_t, sonnx_div_domain_scan_u8>(uint8_info);
  run_domain_errors<std::uint16_t, sonnx_div_domain_scan_u16>(uint16_info);
  run_domain_errors<std::uint32_t, sonnx_div_domain_scan_u32>(uint32_info);
  run_domain_errors<std::uint64_t, sonnx_div_domain_scan_u64>(uint64_info);
}

}  // namespace sonnx::platform
