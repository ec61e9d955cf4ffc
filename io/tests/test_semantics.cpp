// Tool-layer semantics (T5): openvino-pythondiv floors integer quotients (seed 003 m_pythondiv),
// the default sonnx truncates them (I1); validation is the checked library's in both modes.
#include <catch2/catch.hpp>
#include <sonnx/io/semantics.hpp>

#include "div_test_support.hpp"
#include "io_test_support.hpp"

using namespace sonnx;
using namespace sonnx::test;

namespace {

template <typename T>
io::DivideResult run(io::Semantics s, const std::vector<long long>& a,
                     const std::vector<long long>& b) {
  std::vector<T> ta;
  std::vector<T> tb;
  for (const auto v : a) ta.push_back(static_cast<T>(v));
  for (const auto v : b) tb.push_back(static_cast<T>(v));
  const std::int64_t n = static_cast<std::int64_t>(a.size());
  return io::divide(tensor_of(integer_data_type<T>(), {n}, ta),
                    tensor_of(integer_data_type<T>(), {n}, tb), s);
}

template <typename T>
std::vector<long long> as_ll(const io::OwnedTensor& t) {
  std::vector<long long> out;
  for (const T v : values_in<T>(t)) out.push_back(static_cast<long long>(v));
  return out;
}

}  // namespace

TEST_CASE("semantics names: sonnx is the profile, openvino-pythondiv is not", "[T5]") {
  CHECK(io::parse_semantics("sonnx") == io::Semantics::sonnx);
  CHECK(io::parse_semantics("openvino-pythondiv") == io::Semantics::openvino_pythondiv);
  CHECK_FALSE(io::parse_semantics("floor").has_value());
  CHECK(io::is_profile(io::Semantics::sonnx));
  CHECK_FALSE(io::is_profile(io::Semantics::openvino_pythondiv));
}

TEMPLATE_TEST_CASE("openvino-pythondiv floors: -35/3 = -12, 35/-3 = -12, -35/-3 = 11", "[T5][I1]",
                   std::int8_t, std::int16_t, std::int32_t, std::int64_t) {
  const std::vector<long long> a = {-35, 35, -35, 35, -7, 7, -6, 0, -1, 1};
  const std::vector<long long> b = {3, -3, -3, 3, 2, -2, 3, -5, 2, -2};
  const auto floor = run<TestType>(io::Semantics::openvino_pythondiv, a, b);
  REQUIRE(floor.status.ok());
  CHECK(as_ll<TestType>(floor.c) ==
        std::vector<long long>{-12, -12, 11, 11, -4, -4, -2, 0, -1, -1});
  // The profile default truncates (I1): -35/3 = -11.
  const auto trunc = run<TestType>(io::Semantics::sonnx, a, b);
  REQUIRE(trunc.status.ok());
  CHECK(as_ll<TestType>(trunc.c) == std::vector<long long>{-11, -11, 11, 11, -3, -3, -2, 0, 0, 0});
}

TEMPLATE_TEST_CASE("openvino-pythondiv at the signed boundaries", "[T5][D3]", std::int8_t,
                   std::int16_t, std::int32_t, std::int64_t) {
  constexpr long long max = std::numeric_limits<TestType>::max();
  constexpr long long min = std::numeric_limits<TestType>::min();
  const auto r = run<TestType>(io::Semantics::openvino_pythondiv, {min, min, max, min + 1, 1},
                               {1, 3, -1, -1, min});
  REQUIRE(r.status.ok());
  // floor(MIN/3) = -(2^(n-1)/3) - 1 since 2^(n-1) is not a multiple of 3; floor(1/MIN) = -1.
  CHECK(as_ll<TestType>(r.c) == std::vector<long long>{min, min / 3 - 1, -max, max, -1});
  // MIN / -1 is still the D3 error, zero divisors still C3: floor mode changes no validation.
  const auto d3 = run<TestType>(io::Semantics::openvino_pythondiv, {1, min}, {1, -1});
  CHECK(d3.status.requirement == "D3");
  CHECK(d3.status.flat_index == std::optional<std::size_t>{1});
  CHECK(d3.c.bytes.empty());
  const auto c3 = run<TestType>(io::Semantics::openvino_pythondiv, {-35, 1}, {3, 0});
  CHECK(c3.status.requirement == "C3");
}

TEMPLATE_TEST_CASE("openvino-pythondiv leaves unsigned quotients as they are", "[T5][I1]",
                   std::uint8_t, std::uint16_t, std::uint32_t, std::uint64_t) {
  const auto r = run<TestType>(io::Semantics::openvino_pythondiv, {35, 7, 200}, {3, 2, 201});
  REQUIRE(r.status.ok());
  CHECK(as_ll<TestType>(r.c) == std::vector<long long>{11, 3, 0});
}

TEST_CASE("openvino-pythondiv leaves float division IEEE (m_pythondiv is integer-only)",
          "[T5][F1]") {
  const auto a = tensor_of<float>(DataType::float32, {3}, {-35.0F, 1.0F, -7.0F});
  const auto b = tensor_of<float>(DataType::float32, {3}, {3.0F, 3.0F, 2.0F});
  const auto r = io::divide(a, b, io::Semantics::openvino_pythondiv);
  REQUIRE(r.status.ok());
  const auto s = io::divide(a, b, io::Semantics::sonnx);
  CHECK(r.c.bytes == s.c.bytes);
  CHECK(values_in<float>(r.c)[2] == -3.5F);
}

TEST_CASE("divide reports the library's errors with their requirement IDs",
          "[T1][R4][R1][C2][D7]") {
  const auto a = tensor_of<float>(DataType::float32, {2, 2}, {1, 2, 3, 4});
  CHECK(io::divide(a, tensor_of<float>(DataType::float32, {2}, {1, 2}), io::Semantics::sonnx)
            .status.requirement == "R4");
  CHECK(io::divide(a, tensor_of<float>(DataType::float32, {3}, {1, 2, 3}), io::Semantics::sonnx)
            .status.requirement == "R1");
  CHECK(io::divide(a, tensor_of<double>(DataType::float64, {2, 2}, {1, 2, 3, 4}),
                   io::Semantics::sonnx)
            .status.requirement == "C2");
}
