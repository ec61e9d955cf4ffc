// End-to-end tests of the sonnx-div tool (T1-T5): each test runs the executable and checks its
// exit code, its messages (which name requirement IDs) and the files it leaves behind.
#include <onnx/onnx_pb.h>
#include <sys/stat.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <sonnx/io/golden.hpp>
#include <sonnx/io/tensor_io.hpp>

#include "cli_test_support.hpp"

using namespace sonnx;
using namespace sonnx::test;

TEST_CASE("cli run reproduces ONNX's output_0.pb byte for byte", "[T1][T2][F1][I1]") {
  ScratchDir dir;
  for (const std::string name : {"test_div", "test_div_example", "test_div_uint8"}) {
    INFO(name);
    const auto data = node_case(name) / "test_data_set_0";
    const auto out = dir / (name + ".pb");
    const Run r =
        sonnx_div(dir, {"run", (data / "input_0.pb").string(), (data / "input_1.pb").string(), "-o",
                        out.string(), "--name", "z"});
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(read_bytes(out) == read_bytes(data / "output_0.pb"));
  }
}

TEST_CASE("cli run rejects ONNX's test_div_bcast citing R4 and writes nothing",
          "[T1][T2][R4][D7]") {
  ScratchDir dir;
  const auto data = node_case("test_div_bcast") / "test_data_set_0";
  const Run r = sonnx_div(dir, {"run", (data / "input_0.pb").string(),
                                (data / "input_1.pb").string(), "-o", (dir / "c.pb").string()});
  CHECK(r.code == 1);
  CHECK(r.err.find("R4") != std::string::npos);
  CHECK(r.err.find("broadcast") != std::string::npos);
  require_only(dir, {});
}

TEST_CASE("cli run on .npy: seed 002 example 1 and --json", "[T1][I1][C1]") {
  ScratchDir dir;
  write_npy<std::int32_t>(dir / "a.npy", DataType::int32, {3}, {6, 5, -35});
  write_npy<std::int32_t>(dir / "b.npy", DataType::int32, {3}, {3, 3, 3});
  const Run r = sonnx_div(dir, {"run", (dir / "a.npy").string(), (dir / "b.npy").string(), "-o",
                                (dir / "c.npy").string(), "--json"});
  INFO(r.out << r.err);
  REQUIRE(r.code == 0);
  const auto json = nlohmann::json::parse(r.out);
  CHECK(json["status"] == "ok");
  CHECK(json["profile"] == true);
  CHECK(json["type"] == "int32");
  CHECK(values_in<std::int32_t>(load_tensor(dir / "c.npy")) ==
        std::vector<std::int32_t>{2, 1, -11});
  require_only(dir, {"a.npy", "b.npy", "c.npy"});
}

TEST_CASE("cli run --semantics openvino-pythondiv floors and is labelled NON-PROFILE", "[T5][I1]") {
  ScratchDir dir;
  write_npy<std::int64_t>(dir / "a.npy", DataType::int64, {3}, {-35, 35, -35});
  write_npy<std::int64_t>(dir / "b.npy", DataType::int64, {3}, {3, -3, -3});
  const Run floor = sonnx_div(dir, {"run", (dir / "a.npy").string(), (dir / "b.npy").string(), "-o",
                                    (dir / "f.npy").string(), "--semantics", "openvino-pythondiv"});
  INFO(floor.err);
  REQUIRE(floor.code == 0);
  CHECK(values_in<std::int64_t>(load_tensor(dir / "f.npy")) ==
        std::vector<std::int64_t>{-12, -12, 11});
  CHECK(floor.out.find("NON-PROFILE") != std::string::npos);
  CHECK(floor.err.find("outside the SONNX profile") != std::string::npos);
  const Run json =
      sonnx_div(dir, {"run", (dir / "a.npy").string(), (dir / "b.npy").string(), "-o",
                      (dir / "j.npy").string(), "--semantics", "openvino-pythondiv", "--json"});
  REQUIRE(json.code == 0);
  const auto j = nlohmann::json::parse(json.out);
  CHECK(j["profile"] == false);
  CHECK(j["label"].get<std::string>().find("NON-PROFILE") != std::string::npos);
  // The default is the profile: truncation toward zero.
  const Run trunc = sonnx_div(dir, {"run", (dir / "a.npy").string(), (dir / "b.npy").string(), "-o",
                                    (dir / "t.npy").string()});
  REQUIRE(trunc.code == 0);
  CHECK(values_in<std::int64_t>(load_tensor(dir / "t.npy")) ==
        std::vector<std::int64_t>{-11, -11, 11});
  CHECK(trunc.out.find("NON-PROFILE") == std::string::npos);
}

TEST_CASE("cli run value-domain errors name the ID and index, and no output appears",
          "[C3][D3][D7][T2]") {
  ScratchDir dir;
  write_npy<std::int8_t>(dir / "a.npy", DataType::int8, {2, 2}, {1, 2, 3, -128});
  write_npy<std::int8_t>(dir / "zero.npy", DataType::int8, {2, 2}, {1, 1, 0, 1});
  write_npy<std::int8_t>(dir / "minus.npy", DataType::int8, {2, 2}, {1, 1, 1, -1});
  const Run c3 = sonnx_div(dir, {"run", (dir / "a.npy").string(), (dir / "zero.npy").string(), "-o",
                                 (dir / "c.npy").string(), "--json"});
  CHECK(c3.code == 1);
  const auto j = nlohmann::json::parse(c3.out);
  CHECK(j["requirement"] == "C3");
  CHECK(j["flat_index"] == 2);
  CHECK(j["multi_index"] == nlohmann::json::array({1, 0}));
  const Run d3 = sonnx_div(dir, {"run", (dir / "a.npy").string(), (dir / "minus.npy").string(),
                                 "-o", (dir / "c.npy").string()});
  CHECK(d3.code == 1);
  CHECK(d3.err.find("D3") != std::string::npos);
  // Same errors in floor mode, labelled.
  const Run ov = sonnx_div(dir, {"run", (dir / "a.npy").string(), (dir / "zero.npy").string(), "-o",
                                 (dir / "c.npy").string(), "--semantics", "openvino-pythondiv"});
  CHECK(ov.code == 1);
  CHECK(ov.err.find("C3") != std::string::npos);
  require_only(dir, {"a.npy", "zero.npy", "minus.npy"});
}

TEST_CASE("cli run file errors: exit 3, the ID named, no output file", "[T1][T2][bad-input]") {
  ScratchDir dir;
  write_npy<float>(dir / "a.npy", DataType::float32, {2}, {1.0F, 2.0F});
  write_bytes(dir / "trunc.npy", Bytes{0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, 0x76, 0});
  const auto run = [&](const std::string& a, const std::string& b, const std::string& c) {
    return sonnx_div(dir, {"run", a, b, "-o", c});
  };
  const Run missing =
      run((dir / "absent.npy").string(), (dir / "a.npy").string(), (dir / "c.npy").string());
  CHECK(missing.code == 3);
  CHECK(missing.err.find("T1") != std::string::npos);
  CHECK(missing.err.find("absent.npy") != std::string::npos);
  const Run trunc =
      run((dir / "a.npy").string(), (dir / "trunc.npy").string(), (dir / "c.npy").string());
  CHECK(trunc.code == 3);
  CHECK(trunc.err.find("T1") != std::string::npos);
  const Run unwritable = run((dir / "a.npy").string(), (dir / "a.npy").string(),
                             (dir / "no-such-dir" / "c.npy").string());
  CHECK(unwritable.code == 3);
  CHECK(unwritable.err.find("T2") != std::string::npos);
  require_only(dir, {"a.npy", "trunc.npy"});
  // An existing output is left unchanged by a failing run.
  write_bytes(dir / "c.npy", Bytes{42});
  const Run again =
      run((dir / "a.npy").string(), (dir / "trunc.npy").string(), (dir / "c.npy").string());
  CHECK(again.code == 3);
  CHECK(read_bytes(dir / "c.npy") == Bytes{42});
}

// A FIFO (named pipe) is no regular file: both commands refuse it at once (T1, exit 3). Opened
// for reading without O_NONBLOCK it would wait for a writer that never comes, before the check
// that refuses it: a hang. The tool runs here with a short time limit.
TEST_CASE("cli run and check-model refuse a FIFO without waiting for a writer",
          "[T1][T3][bad-input]") {
  ScratchDir dir;
  const auto fifo = dir / "pipe.npy";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const auto model_fifo = dir / "pipe.onnx";
  REQUIRE(::mkfifo(model_fifo.c_str(), 0600) == 0);
  write_npy<float>(dir / "a.npy", DataType::float32, {1}, {1.0F});
  const std::vector<std::vector<std::string>> commands = {
      {"run", fifo.string(), (dir / "a.npy").string(), "-o", (dir / "c.npy").string()},
      {"check-model", model_fifo.string()}};
  for (const auto& args : commands) {
    INFO(args[0]);
    std::vector<std::string> argv = {SONNX_DIV_EXE};
    argv.insert(argv.end(), args.begin(), args.end());
    const process::Result r = process::run(argv, process::Seconds(20));
    REQUIRE_FALSE(r.timed_out);
    REQUIRE(r.status);
    CHECK(r.status->code() == 3);
    CHECK_THAT(r.err, Catch::Contains("T1") && Catch::Contains("not a regular file"));
  }
  require_only(dir, {"a.npy", "pipe.npy", "pipe.onnx"});
}

TEST_CASE("cli run profile errors in files: bool dtype (R3), mixed types (C2)",
          "[R3][C2][bad-input]") {
  ScratchDir dir;
  const std::string dict = "{'descr': '|b1', 'fortran_order': False, 'shape': (2,), }";
  std::string file = std::string("\x93NUMPY\x01\x00", 8);
  const std::size_t total = 118;
  file += static_cast<char>(total);
  file += '\0';
  file += dict + std::string(total - dict.size() - 1, ' ') + "\n" + std::string(2, '\x01');
  write_bytes(dir / "bool.npy", bytes_of(file));
  write_npy<float>(dir / "f.npy", DataType::float32, {2}, {1.0F, 2.0F});
  write_npy<double>(dir / "d.npy", DataType::float64, {2}, {1.0, 2.0});
  const Run r3 = sonnx_div(dir, {"run", (dir / "bool.npy").string(), (dir / "f.npy").string(), "-o",
                                 (dir / "c.npy").string()});
  CHECK(r3.code == 1);
  CHECK(r3.err.find("R3") != std::string::npos);
  const Run c2 = sonnx_div(dir, {"run", (dir / "f.npy").string(), (dir / "d.npy").string(), "-o",
                                 (dir / "c.npy").string()});
  CHECK(c2.code == 1);
  CHECK(c2.err.find("C2") != std::string::npos);
  require_only(dir, {"bool.npy", "f.npy", "d.npy"});
}

TEST_CASE("cli usage errors exit 2 and write nothing", "[T1][T5]") {
  ScratchDir dir;
  write_npy<float>(dir / "a.npy", DataType::float32, {1}, {1.0F});
  write_npy<float>(dir / "b.pb", DataType::float32, {1}, {1.0F});
  const std::string a = (dir / "a.npy").string();
  const std::string c = (dir / "c.npy").string();
  const std::vector<std::vector<std::string>> cases = {
      {"run", a, a},                                   // no -o
      {"run", a, "-o", c},                             // one input
      {"run", a, a, "-o", c, "--semantics", "floor"},  // unknown semantics
      {"run", a, a, "-o", (dir / "c.txt").string()},   // unknown extension
      {"run", a, (dir / "b.pb").string(), "-o", c},    // mixed formats
      {"run", a, a, "-o", c, "--bogus"},               // unknown option
      {"run", a, a, a, "-o", c},                       // extra argument
      {"run", a, a, a, a, "-o", c},                    // two extra arguments
      {"run", "-o", c},                                // no input
      {"run", (dir / "a.txt").string(), a, "-o", c},   // unknown extension of A
      {"run", a, (dir / "b.txt").string(), "-o", c},   // unknown extension of B
      {"run", (dir / "b.pb").string(), a, "-o", c},    // A's format is not C's
      {"golden", "--type", "bool", "--out", (dir / "g").string()},
      {"golden", "--type", "float32"},
      {"golden", "--type", "int8", "--out", (dir / "g").string(), "--semantics", "x"},
      {"check-model"},
  };
  for (const auto& args : cases) {
    std::string text;
    for (const auto& w : args) text += w + " ";
    INFO(text);
    const Run r = sonnx_div(dir, args);
    CHECK(r.code == 2);
    CHECK(r.err.find("usage") != std::string::npos);
  }
  require_only(dir, {"a.npy", "b.pb"});
}

TEST_CASE("cli --help of each sub-command documents the exit codes", "[T1][T3][T4]") {
  ScratchDir dir;
  for (const char* command : {"run", "check-model", "golden"}) {
    INFO(command);
    const Run r = sonnx_div(dir, {command, "--help"});
    CHECK(r.code == 0);
    CHECK(r.out.find("Exit codes") != std::string::npos);
    CHECK(r.out.find("--json") != std::string::npos);
  }
}
