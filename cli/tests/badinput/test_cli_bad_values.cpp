// Bad-input catalogue, part 2: well-formed files whose shapes, types or values violate the
// profile, given to the real `sonnx-div run`: exit code 1, the requirement ID, the first
// offending index (flat and multi-index, from hand computation), no output, inputs unchanged. Also
// the boundary cases that are NOT errors (empty tensors, float division by zero).
#include <limits>
#include <nlohmann/json.hpp>

#include "badinput_support.hpp"

using namespace sonnx::badinput;

namespace {

// Runs `run --json` and checks the error object against the expected ID and index.
void expect_value_error(const Scratch& s, const std::string& ext, const std::string& id,
                        std::size_t flat, const std::vector<std::int64_t>& multi,
                        const std::vector<std::string>& extra = {}) {
  expect_run_rejected(s, "a" + ext, "b" + ext, "c" + ext, exit_violation, id);
  std::vector<std::string> args = {"run", (s / ("a" + ext)).string(), (s / ("b" + ext)).string(),
                                   "-o",  (s / ("c" + ext)).string(), "--json"};
  args.insert(args.end(), extra.begin(), extra.end());
  const CliResult r = run_cli(s, args);
  INFO("stdout: " << r.out);
  CHECK(r.exit_code == exit_violation);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("status") == "error");
  CHECK(j.at("requirement") == id);
  CHECK(j.at("flat_index") == flat);
  CHECK(j.at("multi_index") == multi);
  CHECK(j.at("message").get<std::string>().find(id + ": ") != std::string::npos);
  CHECK_FALSE(fs::exists(s / ("c" + ext)));
}

template <typename T>
void write_pair_npy(const Scratch& s, const std::string& descr, const std::string& shape,
                    const std::vector<T>& a, const std::vector<T>& b) {
  write_file(s / "a.npy", npy(descr, shape, le(a)));
  write_file(s / "b.npy", npy(descr, shape, le(b)));
}

template <typename T>
void write_pair_pb(const Scratch& s, int type, const std::vector<std::int64_t>& dims,
                   const std::vector<T>& a, const std::vector<T>& b) {
  write_file(s / "a.pb", serialize(proto(type, dims, le(a))));
  write_file(s / "b.pb", serialize(proto(type, dims, le(b))));
}

}  // namespace

TEST_CASE("bad input: shapes [2,3] and [3,2] differ and do not broadcast", "[bad-input][R1]") {
  Scratch s;
  write_file(s / "a.npy", npy("<f4", "(2, 3)", le<float>({1, 2, 3, 4, 5, 6})));
  write_file(s / "b.npy", npy("<f4", "(3, 2)", le<float>({1, 2, 3, 4, 5, 6})));
  expect_run_rejected(s, "a.npy", "b.npy", "c.npy", exit_violation, "R1");
}

TEST_CASE("bad input: broadcastable shapes [2,3] and [3] are refused", "[bad-input][R4]") {
  Scratch s;
  write_file(s / "a.pb",
             serialize(proto(onnx::TensorProto::FLOAT, {2, 3}, le<float>({1, 2, 3, 4, 5, 6}))));
  write_file(s / "b.pb", serialize(proto(onnx::TensorProto::FLOAT, {3}, le<float>({1, 2, 3}))));
  expect_run_rejected(s, "a.pb", "b.pb", "c.pb", exit_violation, "R4");
}

TEST_CASE("bad input: int32 A with float32 B (no implicit conversion)", "[bad-input][C2][GR3]") {
  Scratch s;
  write_file(s / "a.npy", npy("<i4", "(2,)", le<std::int32_t>({6, 9})));
  write_file(s / "b.npy", npy("<f4", "(2,)", le<float>({3, 3})));
  expect_run_rejected(s, "a.npy", "b.npy", "c.npy", exit_violation, "C2");
}

TEST_CASE("bad input: int32 zero divisor at the first index", "[bad-input][C3][D7]") {
  Scratch s;
  write_pair_npy<std::int32_t>(s, "<i4", "(2, 2)", {6, 9, 35, 1}, {0, 3, 5, 0});
  expect_value_error(s, ".npy", "C3", 0, {0, 0});
}

TEST_CASE("bad input: uint8 zero divisor in the middle of a 3x3 tensor", "[bad-input][C3][D7]") {
  Scratch s;
  write_pair_npy<std::uint8_t>(s, "|u1", "(3, 3)", {1, 2, 3, 4, 5, 6, 7, 8, 9},
                               {1, 1, 1, 1, 0, 1, 1, 1, 0});
  expect_value_error(s, ".npy", "C3", 4, {1, 1});
}

TEST_CASE("bad input: int64 zero divisor at the last index", "[bad-input][C3][D7]") {
  Scratch s;
  write_pair_pb<std::int64_t>(s, onnx::TensorProto::INT64, {5}, {1, 2, 3, 4, 5}, {1, 1, 1, 1, 0});
  expect_value_error(s, ".pb", "C3", 4, {4});
}

TEST_CASE("bad input: uint64 zero divisor at the last index of a 2x2x2 tensor", "[bad-input][C3]") {
  Scratch s;
  write_pair_npy<std::uint64_t>(s, "<u8", "(2, 2, 2)", {1, 2, 3, 4, 5, 6, 7, 8},
                                {1, 1, 1, 1, 1, 1, 1, 0});
  expect_value_error(s, ".npy", "C3", 7, {1, 1, 1});
}

TEST_CASE("bad input: int8 MIN / -1 at the first index", "[bad-input][D3][D7]") {
  Scratch s;
  write_pair_npy<std::int8_t>(s, "|i1", "(3,)", {-128, 6, 9}, {-1, 3, 3});
  expect_value_error(s, ".npy", "D3", 0, {0});
}

TEST_CASE("bad input: int16 MIN / -1 in the middle", "[bad-input][D3][D7]") {
  Scratch s;
  write_pair_npy<std::int16_t>(s, "<i2", "(2, 3)", {1, 2, 3, -32768, 5, 6}, {1, 1, 1, -1, 1, 1});
  expect_value_error(s, ".npy", "D3", 3, {1, 0});
}

TEST_CASE("bad input: int32 MIN / -1 at the last index", "[bad-input][D3][D7]") {
  Scratch s;
  const std::int32_t min = std::numeric_limits<std::int32_t>::min();
  write_pair_pb<std::int32_t>(s, onnx::TensorProto::INT32, {4}, {min, 2, 3, min},
                              {1, -1, 1, -1});  // MIN/1 and 2/-1 are fine
  expect_value_error(s, ".pb", "D3", 3, {3});
}

TEST_CASE("bad input: int64 MIN / -1 at the last index", "[bad-input][D3][D7]") {
  Scratch s;
  const std::int64_t min = std::numeric_limits<std::int64_t>::min();
  write_pair_npy<std::int64_t>(s, "<i8", "(2, 2)", {min, 7, -7, min}, {2, -1, 7, -1});
  expect_value_error(s, ".npy", "D3", 3, {1, 1});
}

TEST_CASE("bad input: MIN / -1 before a zero divisor: the first offending index is reported",
          "[bad-input][D3][C3][D7]") {
  Scratch s;
  write_pair_npy<std::int32_t>(s, "<i4", "(4,)",
                               {1, std::numeric_limits<std::int32_t>::min(), 3, 4}, {1, -1, 1, 0});
  expect_value_error(s, ".npy", "D3", 1, {1});
}

TEST_CASE("bad input: rank-0 int16 MIN / -1 has an empty multi-index", "[bad-input][D3][D5]") {
  Scratch s;
  write_pair_npy<std::int16_t>(s, "<i2", "()", {-32768}, {-1});
  expect_value_error(s, ".npy", "D3", 0, {});
}

TEST_CASE("bad input: the openvino-pythondiv mode keeps the C3 check", "[bad-input][C3][T5]") {
  Scratch s;
  write_pair_npy<std::int32_t>(s, "<i4", "(3,)", {-35, 35, 1}, {3, 0, 0});
  expect_value_error(s, ".npy", "C3", 1, {1}, {"--semantics", "openvino-pythondiv"});
}

TEST_CASE("boundary input: empty tensors [0,3] divide to an empty [0,3] result",
          "[bad-input][D4]") {
  Scratch s;
  write_pair_npy<std::int32_t>(s, "<i4", "(0, 3)", {}, {});
  const Bytes c = run_npy_files_ok(s);
  REQUIRE(c.size() >= 10);
  CHECK(c.substr(0, 6) == "\x93NUMPY");
  CHECK_THAT(c, Catch::Contains("'shape': (0, 3)") && Catch::Contains("'descr': '<i4'"));
  // Nothing after the header: the header length field covers the rest of the file.
  const std::size_t header =
      static_cast<unsigned char>(c[8]) + 256U * static_cast<unsigned char>(c[9]);
  CHECK(c.size() == 10 + header);
}

TEST_CASE("boundary input: float32 x/0 is +-inf and 0/0 NaN, not an error",
          "[bad-input][R5][D1][D2]") {
  Scratch s;
  write_pair_npy<float>(s, "<f4", "(3,)", {1.0F, -1.0F, 0.0F}, {0.0F, 0.0F, 0.0F});
  const Bytes c = run_npy_files_ok(s);
  REQUIRE(c.size() >= 12);
  std::uint32_t bits[3];
  std::memcpy(bits, c.data() + c.size() - 12, 12);
  CHECK(bits[0] == 0x7F800000U);                 // +inf
  CHECK(bits[1] == 0xFF800000U);                 // -inf
  CHECK((bits[2] & 0x7FFFFFFFU) > 0x7F800000U);  // NaN
}
