// The decision procedures of every integer type called by name as the façade calls them (the
// baseline object's and, where the CPU runs it, the AVX2 object's), with each kernel choice, on
// each outcome of their contracts (div_checked.h): valid (the quotients, hand computed: truncation
// toward zero), a failed check (R3, the first check), tensors of another type (C2) and an element
// outside the domain (C3, D3); on every failure C is unchanged (D7). Also the baseline blocked
// 64-bit kernels by name, and the checked API's errors on B and on C (D8) and for float16 in the
// fastest mode. Expected values come from the requirements and hand computation.
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>
#include <sonnx/div.hpp>
#include <sonnx/result_comparison.hpp>
#include <type_traits>
#include <vector>

#include "common/validation.hpp"
#include "div/fast/div_fast_paths.hpp"
#include "div/kernels/div_avx2.h"
#include "div/kernels/div_checked.h"
#include "div/kernels/div_domain.h"
#include "div/kernels/div_route_kernels.h"
#include "div_test_support.hpp"

using namespace sonnx;
using namespace sonnx::detail;
using namespace sonnx::test;

namespace {

constexpr std::int32_t kernel_choices[] = {SONNX_KERNEL_SCALAR, SONNX_KERNEL_ROUTE};

template <typename T>
using CheckedDiv = sonnx_verdict (*)(sonnx_tensor, sonnx_tensor, sonnx_tensor, const T*, const T*,
                                     T*, std::int32_t, sonnx_fault*);

template <typename T>
struct Procedure {
  const char* instruction_set;
  CheckedDiv<T> call;
};

// The procedures of T by name: the baseline object's and, where this CPU runs it, the AVX2
// object's (div_avx2.h; compiled on x86-64 only), as the façade's dispatch names them (div.cpp).
template <typename T, CheckedDiv<T> baseline, CheckedDiv<T> avx2>
std::vector<Procedure<T>> by_name() {
  std::vector<Procedure<T>> out{{baseline_instruction_set(), baseline}};
  if (avx2_fast_paths_supported()) out.push_back({kAvx2InstructionSet, avx2});
  return out;
}

#if SONNX_DIV_X86_64_FAST_PATHS
#define SONNX_BY_NAME(T, name) by_name<T, name, name##_avx2>()
#else
#define SONNX_BY_NAME(T, name) by_name<T, name, name>()
#endif

template <typename T>
sonnx_tensor view(std::int32_t type, const std::vector<std::int64_t>& shape, const T* data) {
  return {type, 0, shape.data(), shape.size(), address_of(data)};
}

// Signed: 7/2, -7/2, 7/-2, -7/-2, MAX/1, MIN/1, 0/5, 100/-3; unsigned: 7/2, 9/3, 0/5, MAX/1,
// 100/7. Quotients truncated toward zero (I1).
template <typename T>
void cases(std::vector<T>& a, std::vector<T>& b, std::vector<T>& q) {
  constexpr T max = std::numeric_limits<T>::max();
  constexpr T min = std::numeric_limits<T>::min();
  if constexpr (std::is_signed_v<T>) {
    a = {7, -7, 7, -7, max, min, 0, 100};
    b = {2, 2, -2, -2, 1, 1, 5, -3};
    q = {3, -3, -3, 3, max, min, 0, -33};
  } else {
    a = {7, 9, 0, max, 100};
    b = {2, 3, 5, 1, 7};
    q = {3, 3, 0, max, 14};
  }
}

// `procedures`: T's decision procedure as the façade names it (SONNX_BY_NAME).
template <typename T>
void check_procedures(const std::vector<Procedure<T>>& procedures) {
  const std::int32_t code = static_cast<std::int32_t>(integer_data_type<T>());
  // Another integer type of the same width for C2, and a type code outside the 12 for R3.
  const std::int32_t other = code == SONNX_TYPE_INT8 ? SONNX_TYPE_UINT8 : SONNX_TYPE_INT8;
  for (const Procedure<T>& named : procedures) {
    for (const std::int32_t kernel : kernel_choices) {
      INFO(named.instruction_set << ", kernel " << kernel);
      const CheckedDiv<T> procedure = named.call;
      std::vector<T> a, b, expected;
      cases(a, b, expected);
      const std::vector<std::int64_t> shape{static_cast<std::int64_t>(a.size())};
      std::vector<T> c(a.size(), T{42});
      sonnx_fault fault{};
      // divided: every quotient truncated toward zero
      CHECK(procedure(view(code, shape, a.data()), view(code, shape, b.data()),
                      view(code, shape, c.data()), a.data(), b.data(), c.data(), kernel,
                      &fault) == SONNX_VALID);
      CHECK(c == expected);
      CHECK(fault.count == a.size());
      // a failed check (R3: A's type is no numeric type): C unchanged
      std::vector<T> untouched(a.size(), T{42});
      c = untouched;
      CHECK(procedure(view(0, shape, a.data()), view(code, shape, b.data()),
                      view(code, shape, c.data()), a.data(), b.data(), c.data(), kernel,
                      &fault) == SONNX_NON_NUMERIC_TYPE);
      CHECK(fault.tensor == 0);
      CHECK(c == untouched);
      // tensors of another type that pass the checks: C2, C unchanged
      const std::vector<std::int64_t> half{static_cast<std::int64_t>(a.size() * sizeof(T))};
      CHECK(procedure(view(other, half, a.data()), view(other, half, b.data()),
                      view(other, half, c.data()), a.data(), b.data(), c.data(), kernel,
                      &fault) == SONNX_TYPE_MISMATCH);
      CHECK(c == untouched);
      // a zero divisor at index 2: C3 there, C unchanged
      std::vector<T> zero = b;
      zero[2] = 0;
      CHECK(procedure(view(code, shape, a.data()), view(code, shape, zero.data()),
                      view(code, shape, c.data()), a.data(), zero.data(), c.data(), kernel,
                      &fault) == SONNX_ZERO_DIVISOR);
      CHECK(fault.position == 2);
      CHECK(c == untouched);
      if constexpr (std::is_signed_v<T>) {  // MIN / -1 at index 5: D3 there
        std::vector<T> minus_one = b;
        minus_one[5] = T{-1};
        CHECK(procedure(view(code, shape, a.data()), view(code, shape, minus_one.data()),
                        view(code, shape, c.data()), a.data(), minus_one.data(), c.data(), kernel,
                        &fault) == SONNX_QUOTIENT_OVERFLOW);
        CHECK(fault.position == 5);
        CHECK(c == untouched);
      }
    }
  }
}

}  // namespace

TEST_CASE("integer decision procedures of every compilation and kernel: quotients, R3, C2, C3, D3",
          "[I1][D9][R3][C2][C3][D3][D7]") {
  check_procedures(SONNX_BY_NAME(std::int8_t, sonnx_div_checked_i8));
  check_procedures(SONNX_BY_NAME(std::int16_t, sonnx_div_checked_i16));
  check_procedures(SONNX_BY_NAME(std::int32_t, sonnx_div_checked_i32));
  check_procedures(SONNX_BY_NAME(std::int64_t, sonnx_div_checked_i64));
  check_procedures(SONNX_BY_NAME(std::uint8_t, sonnx_div_checked_u8));
  check_procedures(SONNX_BY_NAME(std::uint16_t, sonnx_div_checked_u16));
  check_procedures(SONNX_BY_NAME(std::uint32_t, sonnx_div_checked_u32));
  check_procedures(SONNX_BY_NAME(std::uint64_t, sonnx_div_checked_u64));
}

namespace {

// One floating-point procedure refusing two calls: A's type code 0 (undefined) fails R3, the first
// check; all three tensors of another type (`other`, seen through `other_shape` over the same
// bytes) fail C2. C, filled with `sentinel` (no quotient of a and b), keeps its contents both times
// (D7).
template <typename T>
void check_refusals(CheckedDiv<T> procedure, std::int32_t code, std::int32_t other,
                    const std::vector<std::int64_t>& other_shape, const std::vector<T>& a,
                    const std::vector<T>& b, T sentinel, std::int32_t kernel) {
  const std::vector<std::int64_t> shape{2};
  std::vector<T> c{sentinel, sentinel};
  const std::vector<T> untouched = c;
  sonnx_fault fault{};
  CHECK(procedure(view(0, shape, a.data()), view(code, shape, b.data()),
                  view(code, shape, c.data()), a.data(), b.data(), c.data(), kernel,
                  &fault) == SONNX_NON_NUMERIC_TYPE);
  CHECK(procedure(view(other, other_shape, a.data()), view(other, other_shape, b.data()),
                  view(other, other_shape, c.data()), a.data(), b.data(), c.data(), kernel,
                  &fault) == SONNX_TYPE_MISMATCH);
  CHECK(c == untouched);
}

}  // namespace

TEST_CASE("floating-point decision procedures: a failed check and tensors of another type",
          "[R3][C2][D7]") {
  const std::vector<std::int64_t> pair_shape{2};
  const std::vector<std::int64_t> word_shape{8};  // 16 bytes of two doubles seen as int16 elements
  for (const std::int32_t kernel : {SONNX_KERNEL_SCALAR, SONNX_KERNEL_NONE}) {
    const std::vector<std::uint16_t> half_a{0x3C00, 0x4000}, half_b{0x4000, 0x4000};
    check_refusals<std::uint16_t>(sonnx_div_checked_f16, SONNX_TYPE_FLOAT16, SONNX_TYPE_INT16,
                                  pair_shape, half_a, half_b, 0x1234, kernel);
    check_refusals<std::uint16_t>(sonnx_div_checked_bf16, SONNX_TYPE_BFLOAT16, SONNX_TYPE_INT16,
                                  pair_shape, half_a, half_b, 0x1234, kernel);
  }
  check_refusals<float>(sonnx_div_checked_f32, SONNX_TYPE_FLOAT32, SONNX_TYPE_INT32, pair_shape,
                        {1.0F, 2.0F}, {2.0F, 2.0F}, 9.0F, SONNX_KERNEL_SCALAR);
  check_refusals<double>(sonnx_div_checked_f64, SONNX_TYPE_FLOAT64, SONNX_TYPE_INT16, word_shape,
                         {1.0, 2.0}, {2.0, 2.0}, 9.0, SONNX_KERNEL_SCALAR);
}

TEST_CASE("the baseline blocked 64-bit kernels give truncated quotients", "[I1][D9]") {
  // Four blocks of 128 in one call: 0 and 1 below 2^31 (1 after a block below 2^31), 2 below
  // 2^53 with its first operand above 2^31, 3 with its first operand above 2^53 (integer
  // division). Every other element: -7 / 2 = -3 (7 / 2 = 3 unsigned).
  constexpr std::int64_t p53 = std::int64_t{1} << 53;
  std::vector<std::int64_t> a(500, -7), b(500, 2), c(500, 0);
  std::vector<std::int64_t> q(500, -3);
  a[256] = p53 - 1;
  b[256] = 3;
  q[256] = 3002399751580330;  // 3002399751580330.33
  a[384] = std::numeric_limits<std::int64_t>::max();
  b[384] = 2;
  q[384] = 4611686018427387903;
  sonnx_div_i64_blocked(a.data(), b.data(), c.data(), a.size());
  CHECK(c == q);
  std::vector<std::uint64_t> ua(500, 7), ub(500, 2), uc(500, 0), uq(500, 3);
  ua[256] = static_cast<std::uint64_t>(p53) - 1;
  ub[256] = 3;
  uq[256] = 3002399751580330;
  ua[384] = std::numeric_limits<std::uint64_t>::max();
  ub[384] = 1;
  uq[384] = std::numeric_limits<std::uint64_t>::max();
  sonnx_div_u64_blocked(ua.data(), ub.data(), uc.data(), ua.size());
  CHECK(uc == uq);
}

TEST_CASE("the proved domain scans give the index of the first C3 or D3 element", "[C3][D3]") {
  // The compilation this CPU runs of each scan (multiversioned: its vector width is the CPU's).
  const std::int64_t s_ok[] = {7, -7}, s_zero[] = {1, 0}, s_minus[] = {1, -1};
  const std::int64_t s_min[] = {0, std::numeric_limits<std::int64_t>::min()};
  CHECK(sonnx_div_domain_scan_i64(s_min, s_ok, 2) == 2);     // inside: n
  CHECK(sonnx_div_domain_scan_i64(s_ok, s_zero, 2) == 1);    // C3
  CHECK(sonnx_div_domain_scan_i64(s_min, s_minus, 2) == 1);  // D3: MIN / -1
  const std::uint64_t u_ok[] = {7, 1}, u_zero[] = {3, 0};
  CHECK(sonnx_div_domain_scan_u64(u_ok, u_ok, 2) == 2);
  CHECK(sonnx_div_domain_scan_u64(u_ok, u_zero, 2) == 1);  // C3
  const std::int8_t b_ok[] = {2, -2}, b_zero[] = {0, 1};
  CHECK(sonnx_div_domain_scan_i8(b_ok, b_ok, 2) == 2);
  CHECK(sonnx_div_domain_scan_i8(b_ok, b_zero, 2) == 0);
}

TEST_CASE("a negative dimension in B or in C is a D8 error naming that tensor", "[D8][D7]") {
  const std::vector<std::int64_t> good{2}, bad{-1};
  const std::vector<float> a{1.0F, 2.0F}, b{1.0F, 1.0F};
  std::vector<float> c{5.0F, 5.0F};
  const Status on_b =
      sonnx::div({DataType::float32, good, a.data()}, {DataType::float32, bad, b.data()},
                 {DataType::float32, good, c.data()});
  CHECK(on_b.requirement == "D8");
  CHECK(message_of(on_b).find("tensor B") != std::string::npos);
  const Status on_c =
      sonnx::div({DataType::float32, good, a.data()}, {DataType::float32, good, b.data()},
                 {DataType::float32, bad, c.data()});
  CHECK(on_c.requirement == "D8");
  CHECK(message_of(on_c).find("tensor C") != std::string::npos);
  CHECK(c == std::vector<float>{5.0F, 5.0F});
}

TEST_CASE("float16 and bfloat16 errors in the fastest mode leave C unchanged", "[R1][D7]") {
  const std::vector<std::int64_t> two{2}, three{3};
  const std::vector<std::uint16_t> a{0x3C00, 0x4000}, b{0x4000, 0x4000, 0x4000};
  std::vector<std::uint16_t> c{0x1234, 0x1234};
  for (const DataType type : {DataType::float16, DataType::bfloat16}) {
    const Status s = sonnx::div({type, two, a.data()}, {type, three, b.data()},
                                {type, two, c.data()}, Kernels::fastest);
    CHECK(s.requirement == "R1");
    CHECK(c == std::vector<std::uint16_t>{0x1234, 0x1234});
  }
}

TEST_CASE("the multi-index of an error needs an output as long as the rank", "[D7]") {
  const std::vector<std::int64_t> shape{2, 3};
  std::vector<std::int64_t> out(1, -1);
  CHECK_FALSE(multi_index(shape, 4, out));  // nothing written
  CHECK(out == std::vector<std::int64_t>{-1});
  out.assign(2, -1);
  CHECK(multi_index(shape, 4, out));  // element 4 of a 2x3 tensor: row 1, column 1
  CHECK(out == std::vector<std::int64_t>{1, 1});
}

TEST_CASE("a quiet NaN expected matches a quiet NaN only (SD-9)", "[D2]") {
  CHECK(same_result(binary16_layout, 0x7E00, 0xFE01));        // two quiet NaNs
  CHECK_FALSE(same_result(binary16_layout, 0x7E00, 0x3C00));  // a quiet NaN against 1.0
  CHECK_FALSE(same_result(binary16_layout, 0x3C00, 0x7E00));  // 1.0 against a quiet NaN
  CHECK(same_result(binary32_layout, 0x3F800000, 0x3F800000));
}

TEST_CASE("A and B broadcastable with the 1 in A or in B are R4, otherwise R1", "[R4][R1][D7]") {
  const std::vector<float> a(6, 1.0F), b(6, 2.0F);
  std::vector<float> c(6, 5.0F);
  const std::vector<std::int64_t> full{2, 3}, ones_last{2, 1}, other{2, 2};
  // {2,1} against {2,3}: the 1 in A, then in B (ONNX multidirectional broadcasting)
  CHECK(sonnx::div({DataType::float32, ones_last, a.data()}, {DataType::float32, full, b.data()},
                   {DataType::float32, full, c.data()})
            .requirement == "R4");
  CHECK(sonnx::div({DataType::float32, full, a.data()}, {DataType::float32, ones_last, b.data()},
                   {DataType::float32, full, c.data()})
            .requirement == "R4");
  // {2,2} against {2,3}: neither dimension is 1, not broadcastable
  CHECK(sonnx::div({DataType::float32, other, a.data()}, {DataType::float32, full, b.data()},
                   {DataType::float32, full, c.data()})
            .requirement == "R1");
  CHECK(c == std::vector<float>(6, 5.0F));
}
