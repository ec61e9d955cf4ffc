// Conformance on ONNX's own backend node tests (libonnx-testdata, seed 000): the library
// reproduces output_0.pb bit for bit from input_0.pb and input_1.pb; the broadcast case is
// rejected citing R4; check-model accepts the three same-shape models and rejects test_div_bcast.
#include <catch2/catch.hpp>

#include <sonnx/io/model_check.hpp>
#include <sonnx/io/semantics.hpp>
#include <sonnx/io/tensor_io.hpp>

#include "io_test_support.hpp"

using namespace sonnx;
using namespace sonnx::test;

namespace {

}  // namespace

TEST_CASE("ONNX test_div, test_div_example, test_div_uint8: output_0.pb reproduced bit for bit",
          "[T1][F1][I1][R1][C1]") {
  for (const std::string name : {"test_div", "test_div_example", "test_div_uint8"}) {
    INFO(name);
    const auto dir = node_case(name) / "test_data_set_0";
    const io::OwnedTensor a = load_tensor(dir / "input_0.pb");
    const io::OwnedTensor b = load_tensor(dir / "input_1.pb");
    const io::OwnedTensor expected = load_tensor(dir / "output_0.pb");
    const io::DivideResult c = io::divide(a, b, io::Semantics::sonnx);
    INFO(c.status.message());
    REQUIRE(c.status.ok());
    CHECK(c.c.type == expected.type);
    CHECK(c.c.shape == expected.shape);
    CHECK(c.c.bytes == expected.bytes);
    // The file we would write is the file ONNX wrote (same fields, same name, raw_data).
    std::string encoded;
    REQUIRE(io::encode_tensor_proto(c.c, "z", io::ProtoEncoding::raw_data, encoded).ok());
    CHECK(bytes_of(encoded) == read_bytes(dir / "output_0.pb"));
  }
}

TEST_CASE("ONNX test_div_example holds the seed 000 values [3, 4] / [1, 2] = [3, 2]", "[T1][F1]") {
  const auto dir = node_case("test_div_example") / "test_data_set_0";
  CHECK(values_in<float>(load_tensor(dir / "input_0.pb")) == std::vector<float>{3.0F, 4.0F});
  CHECK(values_in<float>(load_tensor(dir / "input_1.pb")) == std::vector<float>{1.0F, 2.0F});
  CHECK(values_in<float>(load_tensor(dir / "output_0.pb")) == std::vector<float>{3.0F, 2.0F});
}

TEST_CASE("ONNX test_div_bcast ([3,4,5] / [5]) is rejected citing R4, nothing written",
          "[T1][R4][D7]") {
  const auto dir = node_case("test_div_bcast") / "test_data_set_0";
  const io::OwnedTensor a = load_tensor(dir / "input_0.pb");
  const io::OwnedTensor b = load_tensor(dir / "input_1.pb");
  CHECK(a.shape == std::vector<std::int64_t>{3, 4, 5});
  CHECK(b.shape == std::vector<std::int64_t>{5});
  const io::DivideResult c = io::divide(a, b, io::Semantics::sonnx);
  CHECK_FALSE(c.status.ok());
  CHECK(c.status.requirement == "R4");
  CHECK(c.status.message().find("R4") != std::string_view::npos);
  CHECK(c.c.bytes.empty());
}

TEST_CASE("check-model on ONNX's four Div models: three inside, test_div_bcast outside (R4)",
          "[T3][R4][R1][GR4]") {
  for (const std::string name : {"test_div", "test_div_example", "test_div_uint8"}) {
    INFO(name);
    const io::ModelReport report = io::check_model_file(node_case(name) / "model.onnx");
    INFO(report.status.message);
    REQUIRE(report.status.ok());
    REQUIRE(report.nodes.size() == 1);
    CHECK(report.opset == 14);
    CHECK(report.nodes[0].div_version == 14);
    CHECK(report.nodes[0].verdict == io::Verdict::inside);
    CHECK(report.all_inside());
  }
  const io::ModelReport bcast = io::check_model_file(node_case("test_div_bcast") / "model.onnx");
  REQUIRE(bcast.status.ok());
  REQUIRE(bcast.nodes.size() == 1);
  CHECK(bcast.nodes[0].verdict == io::Verdict::outside);
  REQUIRE(bcast.nodes[0].findings.size() == 1);
  CHECK(bcast.nodes[0].findings[0].requirement == "R4");
  CHECK_FALSE(bcast.all_inside());
  const std::string line = io::format_node_line(bcast.nodes[0]);
  CHECK(line.find("OUTSIDE [R4]") != std::string::npos);
  CHECK(line.find("[3, 4, 5]") != std::string::npos);
}
