// Every error path of the checked API, with its requirement ID and message, and the shape corner
// cases (empty, rank-0, aliasing). After any error C holds its sentinel: nothing was written.
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>

#include "div/kernels/div_checked.h"
#include "div_test_support.hpp"

using namespace sonnx;
using namespace sonnx::test;

namespace {

struct Case {
  std::vector<std::int64_t> shape_a{2, 3};
  std::vector<std::int64_t> shape_b{2, 3};
  std::vector<std::int64_t> shape_c{2, 3};
  DataType type_a = DataType::float32;
  DataType type_b = DataType::float32;
  DataType type_c = DataType::float32;
  Layout layout_a = Layout::dense;
  Layout layout_b = Layout::dense;
  Layout layout_c = Layout::dense;
  std::vector<float> a = std::vector<float>(6, 1.0F);
  std::vector<float> b = std::vector<float>(6, 2.0F);
  std::vector<float> c = std::vector<float>(6, sentinel<float>());

  Status run() {
    return div(TensorView{type_a, shape_a, a.data(), layout_a},
               TensorView{type_b, shape_b, b.data(), layout_b},
               MutableTensorView{type_c, shape_c, c.data(), layout_c});
  }
  [[nodiscard]] bool c_untouched() const {
    for (const float v : c) {
      if (bit_cast_to<std::uint32_t>(v) != bit_cast_to<std::uint32_t>(sentinel<float>())) {
        return false;
      }
    }
    return true;
  }
  // Runs the case, which must fail with `code` and the requirement `id` and leave C untouched (D7).
  Status expect_rejected(ErrorCode code, const char* id) {
    const Status s = run();
    CHECK(s.code == code);
    CHECK(s.requirement == std::string(id));
    CHECK(c_untouched());
    return s;
  }
};

}  // namespace

TEST_CASE("non-numeric element types are rejected by R3 for A, B or C", "[R3][GR2][D7]") {
  for (const DataType bad :
       {DataType::string, DataType::boolean, DataType::complex64, DataType::complex128,
        DataType::undefined, static_cast<DataType>(17)}) {
    for (int which = 0; which < 3; ++which) {
      Case k;
      (which == 0 ? k.type_a : which == 1 ? k.type_b : k.type_c) = bad;
      const Status s = k.expect_rejected(ErrorCode::non_numeric_type, "R3");
      CHECK_THAT(message_of(s), Catch::Contains("R3") && Catch::Contains(data_type_name(bad)) &&
                                    Catch::Contains(std::string("tensor ") + "ABC"[which]));
    }
  }
}

TEST_CASE("different element types are rejected by C2 with no implicit conversion", "[C2][GR3]") {
  Case k;
  k.type_b = DataType::float64;
  Status s = k.expect_rejected(ErrorCode::type_mismatch, "C2");
  CHECK_THAT(message_of(s), Catch::Contains("float32, float64, float32") && Catch::Contains("GR3"));
  Case m;
  m.type_c = DataType::int32;
  CHECK(m.run().requirement == "C2");
  CHECK(m.c_untouched());
}

TEST_CASE("sparse tensors are rejected by R2", "[R2][GR1]") {
  for (int which = 0; which < 3; ++which) {
    Case k;
    (which == 0 ? k.layout_a : which == 1 ? k.layout_b : k.layout_c) = Layout::sparse;
    const Status s = k.expect_rejected(ErrorCode::sparse_tensor, "R2");
    CHECK_THAT(message_of(s), Catch::Contains("sparse") && Catch::Contains("GR1"));
  }
}

TEST_CASE("broadcastable but unequal shapes are rejected by R4", "[R4][R1]") {
  const std::vector<std::pair<std::vector<std::int64_t>, std::string>> broadcastable = {
      {{3}, "[3]"}, {{1, 3}, "[1, 3]"}, {{2, 1}, "[2, 1]"}, {{1}, "[1]"}, {{}, "[]"}};
  for (const auto& [shape_b, shape_b_text] : broadcastable) {
    Case k;
    k.shape_b = shape_b;
    const Status s = k.expect_rejected(ErrorCode::broadcast_forbidden, "R4");
    CHECK_THAT(message_of(s), Catch::Contains("broadcasting is forbidden by R4") &&
                                  Catch::Contains("[2, 3]") && Catch::Contains(shape_b_text));
  }
}

TEST_CASE("seed 000 test_div_bcast shapes [3,4,5] / [5] are rejected by R4", "[R4]") {
  Case k;
  k.shape_a = k.shape_c = {3, 4, 5};
  k.shape_b = {5};
  k.a.assign(60, 1.0F);
  k.c.assign(60, sentinel<float>());
  const Status s = k.run();
  CHECK(s.requirement == "R4");
  CHECK(k.c_untouched());
}

TEST_CASE("non-broadcastable unequal shapes of A and B are rejected by R1", "[R1][C1]") {
  Case k;
  k.shape_b = {3, 2};  // same element count, different shape
  const Status s = k.expect_rejected(ErrorCode::shape_mismatch, "R1");
  CHECK_THAT(message_of(s), Catch::Contains("[2, 3]") && Catch::Contains("[3, 2]"));
}

TEST_CASE("C with a shape other than A's and B's is rejected by C1", "[C1]") {
  const std::vector<std::pair<std::vector<std::int64_t>, std::string>> shapes = {
      {{6}, "[6]"}, {{3, 2}, "[3, 2]"}, {{2, 3, 1}, "[2, 3, 1]"}};
  for (const auto& [shape_c, shape_c_text] : shapes) {
    Case k;
    k.shape_c = shape_c;
    const Status s = k.expect_rejected(ErrorCode::shape_mismatch, "C1");
    CHECK_THAT(message_of(s), Catch::Contains("C has shape " + shape_c_text));
  }
}

TEST_CASE("negative dimensions and unrepresentable sizes are rejected by D8", "[D8]") {
  Case negative;
  negative.shape_a = negative.shape_b = negative.shape_c = {2, -3};
  Status s = negative.run();
  CHECK(s.code == ErrorCode::invalid_shape);
  CHECK(s.requirement == "D8");
  CHECK_THAT(message_of(s), Catch::Contains("negative dimension at axis 1"));
  CHECK(negative.c_untouched());

  Case negative_after_zero;
  negative_after_zero.shape_a = negative_after_zero.shape_b = negative_after_zero.shape_c = {0, -1};
  CHECK(negative_after_zero.run().code == ErrorCode::invalid_shape);

  const std::int64_t big = std::numeric_limits<std::int64_t>::max();
  Case overflow;
  overflow.shape_a = overflow.shape_b = overflow.shape_c = {big, 4};
  s = overflow.run();
  CHECK(s.code == ErrorCode::size_overflow);
  CHECK(s.requirement == "D8");
  CHECK(overflow.c_untouched());

  // 2^61 elements of 4 bytes: on a 64-bit target the count fits, the byte count does not; on a
  // 32-bit one the dimension itself does not fit a size_t (proved under Frama-C's x86_32 model).
  Case bytes;
  bytes.shape_a = bytes.shape_b = bytes.shape_c = {std::int64_t{1} << 61};
  CHECK(bytes.run().code == ErrorCode::size_overflow);
}

TEST_CASE("null data with a non-zero size is rejected by D8, empty tensors may be null",
          "[D8][D4]") {
  for (int which = 0; which < 3; ++which) {
    std::vector<float> a(6, 1.0F);
    std::vector<float> c(6, sentinel<float>());
    const std::vector<std::int64_t> shape{2, 3};
    const Status s =
        div(TensorView{DataType::float32, shape, which == 0 ? nullptr : a.data()},
            TensorView{DataType::float32, shape, which == 1 ? nullptr : a.data()},
            MutableTensorView{DataType::float32, shape, which == 2 ? nullptr : c.data()});
    CHECK(s.code == ErrorCode::null_data);
    CHECK(s.requirement == "D8");
    CHECK_THAT(message_of(s), Catch::Contains(std::string("tensor ") + "ABC"[which]));
  }
  const std::vector<std::int64_t> empty{0, 3};
  CHECK(div(TensorView{DataType::int32, empty, nullptr},
            TensorView{DataType::int32, empty, nullptr},
            MutableTensorView{DataType::int32, empty, nullptr})
            .ok());
}

TEST_CASE("empty tensors succeed and write nothing, for every shape with a zero dimension",
          "[D4][C1]") {
  for (const auto& shape : std::vector<std::vector<std::int64_t>>{{0}, {3, 0}, {0, 5, 2}}) {
    std::vector<std::int32_t> a{7};
    std::vector<std::int32_t> b{0};  // a zero divisor outside the empty tensor is never read
    std::vector<std::int32_t> c{sentinel<std::int32_t>()};
    const Status s = div(TensorView{DataType::int32, shape, a.data()},
                         TensorView{DataType::int32, shape, b.data()},
                         MutableTensorView{DataType::int32, shape, c.data()});
    CHECK(s.ok());
    CHECK(c[0] == sentinel<std::int32_t>());
  }
}

TEST_CASE("rank-0 tensors hold one element", "[D5][C1]") {
  const auto r = run_int_div<std::int16_t>({}, {-35}, {3});
  REQUIRE(r.status.ok());
  CHECK(r.c == std::vector<std::int16_t>{-11});
  const auto z = run_int_div<std::int16_t>({}, {1}, {0});
  CHECK(z.status.requirement == "C3");
  CHECK(z.status.flat_index == std::size_t{0});
  CHECK(z.multi_index.empty());
  CHECK(z.c == std::vector<std::int16_t>{sentinel<std::int16_t>()});
  // A rank-0 tensor and a [1] tensor are broadcastable but not the same shape.
  std::vector<float> x{1.0F};
  const std::vector<std::int64_t> scalar{};
  const std::vector<std::int64_t> one{1};
  CHECK(div(TensorView{DataType::float32, scalar, x.data()},
            TensorView{DataType::float32, one, x.data()},
            MutableTensorView{DataType::float32, scalar, x.data()})
            .requirement == "R4");
}

TEST_CASE("exact aliasing is in-place division: C may be A, B, or both", "[D6]") {
  const std::vector<std::int64_t> shape{4};
  std::vector<std::int32_t> a{-35, 7, 9, 100};
  std::vector<std::int32_t> b{3, 2, -4, 10};
  const auto divide = [&shape](std::int32_t* x, std::int32_t* y, std::int32_t* z) {
    return div(TensorView{DataType::int32, shape, x}, TensorView{DataType::int32, shape, y},
               MutableTensorView{DataType::int32, shape, z});
  };
  SECTION("C is A") {
    REQUIRE(divide(a.data(), b.data(), a.data()).ok());
    CHECK(a == std::vector<std::int32_t>{-11, 3, -2, 10});
  }
  SECTION("C is B") {
    REQUIRE(divide(a.data(), b.data(), b.data()).ok());
    CHECK(b == std::vector<std::int32_t>{-11, 3, -2, 10});
  }
  SECTION("A, B and C are one buffer: x / x = 1") {
    REQUIRE(divide(a.data(), a.data(), a.data()).ok());
    CHECK(a == std::vector<std::int32_t>{1, 1, 1, 1});
  }
}

TEST_CASE("partial overlap of C with A or B is rejected by D6", "[D6][D7]") {
  std::vector<std::int32_t> buffer{10, 20, 30, 40, 50};
  std::vector<std::int32_t> other{1, 2, 3, 4};
  const std::vector<std::int64_t> shape{4};
  const auto before = buffer;
  Status s = div(TensorView{DataType::int32, shape, buffer.data()},
                 TensorView{DataType::int32, shape, other.data()},
                 MutableTensorView{DataType::int32, shape, buffer.data() + 1});
  CHECK(s.code == ErrorCode::partial_overlap);
  CHECK(s.requirement == "D6");
  CHECK_THAT(message_of(s), Catch::Contains("partially overlaps A"));
  s = div(TensorView{DataType::int32, shape, other.data()},
          TensorView{DataType::int32, shape, buffer.data() + 1},
          MutableTensorView{DataType::int32, shape, buffer.data()});
  CHECK(s.requirement == "D6");
  CHECK_THAT(message_of(s), Catch::Contains("partially overlaps B"));
  CHECK(buffer == before);
}

TEST_CASE("the first violation in check order is the one reported", "[D7][R3][C2]") {
  Case k;
  k.type_a = DataType::string;  // R3 comes before C2 and before the shape checks
  k.shape_b = {9};
  CHECK(k.run().requirement == "R3");
  Case m;
  m.type_b = DataType::int8;  // C2 comes before the shape checks
  m.shape_b = {9};
  CHECK(m.run().requirement == "C2");
}

TEST_CASE("nothing is defaulted: a default-constructed view has no type and is rejected",
          "[GR2][GR4][R3]") {
  std::vector<float> buffer(1, 1.0F);
  const std::vector<std::int64_t> shape{1};
  TensorView a;  // type not given
  a.shape = shape;
  a.data = buffer.data();
  TensorView b{DataType::float32, shape, buffer.data()};
  MutableTensorView c{DataType::float32, shape, buffer.data()};
  const Status s = div(a, b, c);
  CHECK(s.requirement == "R3");
  CHECK_THAT(message_of(s), Catch::Contains("undefined"));
  CHECK(buffer[0] == 1.0F);
}

// The message lives in fixed storage inside the Status (no allocation): a longer one is cut, but
// the ID and the first offending index come first and survive the cut.
TEST_CASE("a message longer than its storage is cut after the ID and the start of the shapes",
          "[R1]") {
  Case k;
  k.shape_a = k.shape_c = std::vector<std::int64_t>(60, 1234567);
  k.shape_a[0] = k.shape_c[0] = 0;  // an empty tensor: no byte count can overflow (D8)
  k.shape_b = std::vector<std::int64_t>(60, 7654321);
  k.shape_b[0] = 0;
  const Status s = k.run();
  CHECK(s.requirement == "R1");
  CHECK(s.message().size() == Status::message_capacity - 1);
  CHECK_THAT(message_of(s),
             Catch::StartsWith("R1: A has shape [0, 1234567, 1234567, ") && Catch::EndsWith("..."));
  CHECK(k.c_untouched());
}

TEST_CASE("a cut C3 message still names the first offending index", "[C3][D7]") {
  const std::vector<std::int64_t> shape(100, 1);  // rank 100: the multi-index alone is 300 chars
  const std::vector<std::int32_t> a{7};
  const std::vector<std::int32_t> b{0};
  std::vector<std::int32_t> c{-5};
  const Status s = div(TensorView{DataType::int32, shape, a.data()},
                       TensorView{DataType::int32, shape, b.data()},
                       MutableTensorView{DataType::int32, shape, c.data()});
  CHECK(s.requirement == "C3");
  CHECK(s.flat_index == std::size_t{0});
  CHECK_THAT(message_of(s), Catch::StartsWith("C3: integer division by zero (B[i] = 0) at flat "
                                              "index 0, multi-index [0, 0, 0, ") &&
                                Catch::EndsWith("..."));
  CHECK(c[0] == -5);
}

TEST_CASE("decision procedures answer C2 for another type's tensors", "[C2][D7]") {
  // The façade picks the proved procedure by A's type; a procedure of another element type (same
  // element size here) given int16 tensors answers C2 and writes nothing, and the int16 one
  // divides.
  const std::int64_t shape[] = {2};
  std::uint16_t a[2] = {6, 9};
  std::uint16_t b[2] = {3, 3};
  std::uint16_t c[2] = {0xBEEF, 0xBEEF};
  const auto tensor = [&](const void* data) {
    return sonnx_tensor{SONNX_TYPE_INT16, 0, shape, 1, reinterpret_cast<std::uintptr_t>(data)};
  };
  sonnx_fault fault{};
  CHECK(sonnx_div_checked_u16(tensor(a), tensor(b), tensor(c), a, b, c, SONNX_KERNEL_ROUTE,
                              &fault) == SONNX_TYPE_MISMATCH);
  CHECK(sonnx_div_checked_f16(tensor(a), tensor(b), tensor(c), a, b, c, SONNX_KERNEL_SCALAR,
                              &fault) == SONNX_TYPE_MISMATCH);
  CHECK(sonnx_div_checked_bf16(tensor(a), tensor(b), tensor(c), a, b, c, SONNX_KERNEL_SCALAR,
                               &fault) == SONNX_TYPE_MISMATCH);
  CHECK(c[0] == 0xBEEF);
  CHECK(c[1] == 0xBEEF);
  const std::int16_t sa[2] = {6, 9};
  const std::int16_t sb[2] = {3, 3};
  std::int16_t sc[2] = {0, 0};
  CHECK(sonnx_div_checked_i16(tensor(sa), tensor(sb), tensor(sc), sa, sb, sc, SONNX_KERNEL_ROUTE,
                              &fault) == SONNX_VALID);
  CHECK(sc[0] == 2);
  CHECK(sc[1] == 3);
  CHECK(fault.count == 2);
}
