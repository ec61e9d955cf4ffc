// Checked-API edge cases completing the bad-input catalogue at library level, chosen from the
// coverage report (docs/reliability.md §3): size overflow found at each stage of the count (inside
// the dimension product, in the byte count, above PTRDIFF_MAX), broadcasting with the 1 on either
// side, and partial overlap of C before or after an input. Expected outcomes from the
// requirements (D8, R4/R1, D6), computed by hand.
#include <catch2/catch.hpp>
#include <cstdint>
#include <sonnx/div.hpp>
#include <vector>

using namespace sonnx;

namespace {

Status div_shapes(DataType type, std::vector<std::int64_t> a, std::vector<std::int64_t> b,
                  std::vector<std::int64_t> c) {
  return sonnx::div(TensorView{type, a, nullptr}, TensorView{type, b, nullptr},
                    MutableTensorView{type, c, nullptr});
}

}  // namespace

TEST_CASE(
    "bad input: size overflow detected inside the product, in the byte count, and above "
    "PTRDIFF_MAX",
    "[bad-input][D8]") {
  const std::int64_t p61 = std::int64_t{1} << 61;
  const std::int64_t p62 = std::int64_t{1} << 62;
  // 2^62 * 2^62 overflows 64 bits at the second dimension; the third is then not multiplied.
  const Status product = div_shapes(DataType::float32, {p62, p62, 3}, {p62, p62, 3}, {p62, p62, 3});
  CHECK(product.code == ErrorCode::size_overflow);
  CHECK(product.requirement == "D8");
  // 2^62 float64 elements: the count fits, 2^65 bytes do not.
  const Status bytes = div_shapes(DataType::float64, {p62}, {p62}, {p62});
  CHECK(bytes.code == ErrorCode::size_overflow);
  CHECK(bytes.requirement == "D8");
  // 2^61 float32 elements = 2^63 bytes: fits in size_t, exceeds PTRDIFF_MAX = 2^63 - 1.
  const Status ptrdiff = div_shapes(DataType::float32, {p61}, {p61}, {p61});
  CHECK(ptrdiff.code == ErrorCode::size_overflow);
  CHECK(ptrdiff.requirement == "D8");
  // 2^61 uint8 elements = 2^61 bytes is representable: the next check (D8 null data) fires.
  const Status fits = div_shapes(DataType::uint8, {p61}, {p61}, {p61});
  CHECK(fits.code == ErrorCode::null_data);
  CHECK(fits.requirement == "D8");
  // An overflowing prefix followed by a zero dimension is an empty tensor (D4): no error.
  CHECK(div_shapes(DataType::float32, {p62, p62, 0}, {p62, p62, 0}, {p62, p62, 0}).ok());
}

TEST_CASE("bad input: broadcastable shapes with the 1 in A or in B are refused by R4, others by R1",
          "[bad-input][R4][R1]") {
  const Status one_in_a = div_shapes(DataType::int32, {1, 3}, {2, 3}, {2, 3});
  CHECK(one_in_a.code == ErrorCode::broadcast_forbidden);
  CHECK(one_in_a.requirement == "R4");
  const Status one_in_b = div_shapes(DataType::int32, {2, 3}, {2, 1}, {2, 3});
  CHECK(one_in_b.code == ErrorCode::broadcast_forbidden);
  CHECK(one_in_b.requirement == "R4");
  const Status neither = div_shapes(DataType::int32, {2, 3}, {3, 3}, {2, 3});
  CHECK(neither.code == ErrorCode::shape_mismatch);
  CHECK(neither.requirement == "R1");
  const Status rank = div_shapes(DataType::int32, {4, 2, 3}, {2, 3}, {4, 2, 3});
  CHECK(rank.code == ErrorCode::broadcast_forbidden);
  CHECK(rank.requirement == "R4");
}

TEST_CASE(
    "bad input: C partially overlapping A from below or from above is refused by D6, "
    "adjacent buffers are fine",
    "[bad-input][D6][D7]") {
  std::vector<std::int32_t> buffer = {10, 20, 30, 40, 50, 60};
  std::vector<std::int32_t> b = {1, 2, 5};
  const std::vector<std::int64_t> shape = {3};
  const auto run = [&](std::int32_t* a, std::int32_t* c) {
    return sonnx::div(TensorView{DataType::int32, shape, a},
                      TensorView{DataType::int32, shape, b.data()},
                      MutableTensorView{DataType::int32, shape, c});
  };
  const std::vector<std::int32_t> original = buffer;
  // C starts one element after A (C inside A) and one element before A (A inside C).
  const Status after = run(buffer.data(), buffer.data() + 1);
  CHECK(after.code == ErrorCode::partial_overlap);
  CHECK(after.requirement == "D6");
  const Status before = run(buffer.data() + 1, buffer.data());
  CHECK(before.code == ErrorCode::partial_overlap);
  CHECK(before.requirement == "D6");
  CHECK(buffer == original);  // D7: nothing written
  // Adjacent, non-overlapping: C = buffer[3..5], A = buffer[0..2], in both orders.
  REQUIRE(run(buffer.data(), buffer.data() + 3).ok());
  CHECK(std::vector<std::int32_t>(buffer.begin() + 3, buffer.end()) ==
        std::vector<std::int32_t>{10, 10, 6});  // 10/1, 20/2, 30/5
  buffer = original;
  REQUIRE(run(buffer.data() + 3, buffer.data()).ok());
  CHECK(std::vector<std::int32_t>(buffer.begin(), buffer.begin() + 3) ==
        std::vector<std::int32_t>{40, 25, 12});  // 40/1, 50/2, 60/5
}
