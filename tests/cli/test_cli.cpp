// End-to-end tests of the sonnx-div tool (T1-T5): each test runs the executable and checks its
// exit code, its messages (which name requirement IDs) and the files it leaves behind.
#include <catch2/catch.hpp>
#include <cstdlib>

#include <sonnx/io/golden.hpp>
#include <sonnx/io/tensor_io.hpp>

#include <onnx/onnx_pb.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <functional>
#include <limits>

#include "io_test_support.hpp"
#include "tool_run.hpp"

using namespace sonnx;
using namespace sonnx::test;

namespace {

using Run = ToolRun;

Run sonnx_div(const ScratchDir&, const std::vector<std::string>& args) {
  return run_tool(SONNX_DIV_EXE, args);
}

template <typename T>
void write_npy(const std::filesystem::path& path, DataType type, std::vector<std::int64_t> shape,
               const std::vector<T>& values) {
  REQUIRE(io::write_tensor_file(path, tensor_of(type, std::move(shape), values)).ok());
}

// The scratch directory holds exactly these names (no output, no temporary left behind).
void require_only(const ScratchDir& dir, std::vector<std::string> names) {
  std::vector<std::string> entries = dir.entries();
  std::sort(entries.begin(), entries.end());
  std::sort(names.begin(), names.end());
  CHECK(entries == names);
}

}  // namespace

TEST_CASE("cli run reproduces ONNX's output_0.pb byte for byte", "[T1][T2][F1][I1]") {
  ScratchDir dir;
  for (const std::string name : {"test_div", "test_div_example", "test_div_uint8"}) {
    INFO(name);
    const auto data = node_case(name) / "test_data_set_0";
    const auto out = dir / (name + ".pb");
    const Run r = sonnx_div(dir, {"run", (data / "input_0.pb").string(),
                                  (data / "input_1.pb").string(), "-o", out.string(), "--name", "z"});
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(read_bytes(out) == read_bytes(data / "output_0.pb"));
  }
}

TEST_CASE("cli run rejects ONNX's test_div_bcast citing R4 and writes nothing", "[T1][T2][R4][D7]") {
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
  CHECK(values_in<std::int32_t>(load_tensor(dir / "c.npy")) == std::vector<std::int32_t>{2, 1, -11});
  require_only(dir, {"a.npy", "b.npy", "c.npy"});
}

TEST_CASE("cli run --semantics openvino-pythondiv floors and is labelled NON-PROFILE", "[T5][I1]") {
  ScratchDir dir;
  write_npy<std::int64_t>(dir / "a.npy", DataType::int64, {3}, {-35, 35, -35});
  write_npy<std::int64_t>(dir / "b.npy", DataType::int64, {3}, {3, -3, -3});
  const Run floor = sonnx_div(dir, {"run", (dir / "a.npy").string(), (dir / "b.npy").string(),
                                    "-o", (dir / "f.npy").string(), "--semantics",
                                    "openvino-pythondiv"});
  INFO(floor.err);
  REQUIRE(floor.code == 0);
  CHECK(values_in<std::int64_t>(load_tensor(dir / "f.npy")) == std::vector<std::int64_t>{-12, -12, 11});
  CHECK(floor.out.find("NON-PROFILE") != std::string::npos);
  CHECK(floor.err.find("outside the SONNX profile") != std::string::npos);
  const Run json = sonnx_div(dir, {"run", (dir / "a.npy").string(), (dir / "b.npy").string(),
                                   "-o", (dir / "j.npy").string(), "--semantics",
                                   "openvino-pythondiv", "--json"});
  REQUIRE(json.code == 0);
  const auto j = nlohmann::json::parse(json.out);
  CHECK(j["profile"] == false);
  CHECK(j["label"].get<std::string>().find("NON-PROFILE") != std::string::npos);
  // The default is the profile: truncation toward zero.
  const Run trunc = sonnx_div(dir, {"run", (dir / "a.npy").string(), (dir / "b.npy").string(),
                                    "-o", (dir / "t.npy").string()});
  REQUIRE(trunc.code == 0);
  CHECK(values_in<std::int64_t>(load_tensor(dir / "t.npy")) == std::vector<std::int64_t>{-11, -11, 11});
  CHECK(trunc.out.find("NON-PROFILE") == std::string::npos);
}

TEST_CASE("cli run value-domain errors name the ID and index, and no output appears",
          "[C3][D3][D7][T2]") {
  ScratchDir dir;
  write_npy<std::int8_t>(dir / "a.npy", DataType::int8, {2, 2}, {1, 2, 3, -128});
  write_npy<std::int8_t>(dir / "zero.npy", DataType::int8, {2, 2}, {1, 1, 0, 1});
  write_npy<std::int8_t>(dir / "minus.npy", DataType::int8, {2, 2}, {1, 1, 1, -1});
  const Run c3 = sonnx_div(dir, {"run", (dir / "a.npy").string(), (dir / "zero.npy").string(),
                                 "-o", (dir / "c.npy").string(), "--json"});
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
  const Run ov = sonnx_div(dir, {"run", (dir / "a.npy").string(), (dir / "zero.npy").string(),
                                 "-o", (dir / "c.npy").string(), "--semantics", "openvino-pythondiv"});
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
  const Run missing = run((dir / "absent.npy").string(), (dir / "a.npy").string(),
                          (dir / "c.npy").string());
  CHECK(missing.code == 3);
  CHECK(missing.err.find("T1") != std::string::npos);
  CHECK(missing.err.find("absent.npy") != std::string::npos);
  const Run trunc = run((dir / "a.npy").string(), (dir / "trunc.npy").string(),
                        (dir / "c.npy").string());
  CHECK(trunc.code == 3);
  CHECK(trunc.err.find("T1") != std::string::npos);
  const Run unwritable = run((dir / "a.npy").string(), (dir / "a.npy").string(),
                             (dir / "no-such-dir" / "c.npy").string());
  CHECK(unwritable.code == 3);
  CHECK(unwritable.err.find("T2") != std::string::npos);
  require_only(dir, {"a.npy", "trunc.npy"});
  // An existing output is left unchanged by a failing run.
  write_bytes(dir / "c.npy", Bytes{42});
  const Run again = run((dir / "a.npy").string(), (dir / "trunc.npy").string(),
                        (dir / "c.npy").string());
  CHECK(again.code == 3);
  CHECK(read_bytes(dir / "c.npy") == Bytes{42});
}

TEST_CASE("cli run profile errors in files: bool dtype (R3), mixed types (C2)", "[R3][C2][bad-input]") {
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
  const Run r3 = sonnx_div(dir, {"run", (dir / "bool.npy").string(), (dir / "f.npy").string(),
                                 "-o", (dir / "c.npy").string()});
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
      {"run", a, a},                                          // no -o
      {"run", a, "-o", c},                                    // one input
      {"run", a, a, "-o", c, "--semantics", "floor"},         // unknown semantics
      {"run", a, a, "-o", (dir / "c.txt").string()},          // unknown extension
      {"run", a, (dir / "b.pb").string(), "-o", c},           // mixed formats
      {"run", a, a, "-o", c, "--bogus"},                      // unknown option
      {"run", a, a, a, "-o", c},                              // extra argument
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

TEST_CASE("cli check-model on ONNX's Div models: exit 0 for three, 1 for bcast (R4)",
          "[T3][R4]") {
  ScratchDir dir;
  for (const std::string name : {"test_div", "test_div_example", "test_div_uint8"}) {
    INFO(name);
    const Run r = sonnx_div(dir, {"check-model", (node_case(name) / "model.onnx").string()});
    CHECK(r.code == 0);
    CHECK(r.out.find("INSIDE") != std::string::npos);
    CHECK(r.out.find("1 inside, 0 outside, 0 unproven") != std::string::npos);
  }
  const auto bcast = (node_case("test_div_bcast") / "model.onnx").string();
  const Run r = sonnx_div(dir, {"check-model", bcast});
  CHECK(r.code == 1);
  CHECK(r.out.find("OUTSIDE [R4]") != std::string::npos);
  const Run j = sonnx_div(dir, {"check-model", bcast, "--json"});
  CHECK(j.code == 1);
  const auto json = nlohmann::json::parse(j.out);
  CHECK(json["all_inside"] == false);
  CHECK(json["nodes"][0]["verdict"] == "outside");
  CHECK(json["nodes"][0]["requirements"] == nlohmann::json::array({"R4"}));
}

TEST_CASE("cli check-model errors: missing file, not a model, no Div node", "[T3][T1][bad-input]") {
  ScratchDir dir;
  const Run missing = sonnx_div(dir, {"check-model", (dir / "absent.onnx").string()});
  CHECK(missing.code == 3);
  CHECK(missing.err.find("T1") != std::string::npos);
  write_bytes(dir / "junk.onnx", Bytes{0xFF, 0xFF, 0xFF});
  CHECK(sonnx_div(dir, {"check-model", (dir / "junk.onnx").string()}).code == 3);
  onnx::ModelProto m;
  m.set_ir_version(7);
  m.add_opset_import()->set_version(14);
  auto* node = m.mutable_graph()->add_node();
  node->set_op_type("Mul");
  node->add_input("a");
  node->add_input("b");
  node->add_output("c");
  std::string s;
  m.SerializeToString(&s);
  write_bytes(dir / "mul.onnx", bytes_of(s));
  const Run none = sonnx_div(dir, {"check-model", (dir / "mul.onnx").string(), "--json"});
  CHECK(none.code == 4);  // docs/cli.md: no Div node, an exit code of its own
  const auto json = nlohmann::json::parse(none.out);
  CHECK(json["requirement"] == "T3");
  CHECK(json["exit_code"] == 4);
  CHECK(json["message"].get<std::string>().find("no Div node") != std::string::npos);
}

namespace {

// Tensor file `actual` against the golden `expected` under golden_matches (the NaN rule).
bool matches_golden(const std::filesystem::path& actual, const std::filesystem::path& expected) {
  const auto a = sonnx::io::read_tensor_file(actual);
  const auto e = sonnx::io::read_tensor_file(expected);
  if (!a.ok() || !e.ok() || a.tensor.type != e.tensor.type || a.tensor.shape != e.tensor.shape ||
      a.tensor.bytes.size() != e.tensor.bytes.size()) {
    return false;
  }
  const std::size_t width = sonnx::element_size(e.tensor.type);
  for (std::size_t at = 0; at + width <= e.tensor.bytes.size(); at += width) {
    std::uint64_t x = 0;
    std::uint64_t y = 0;
    for (std::size_t k = 0; k < width; ++k) {
      x |= std::uint64_t{e.tensor.bytes[at + k]} << (8 * k);
      y |= std::uint64_t{a.tensor.bytes[at + k]} << (8 * k);
    }
    if (!sonnx::io::golden_matches(e.tensor.type, x, y)) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("cli golden for every type: layout inside the profile, run reproduces each output",
          "[T4][T3][T1]") {
  ScratchDir dir;
  for (const char* type : {"float16", "bfloat16", "float32", "float64", "int8", "int16", "int32",
                           "int64", "uint8", "uint16", "uint32", "uint64"}) {
    INFO(type);
    const auto out = dir / (std::string("golden_") + type);
    const Run r = sonnx_div(dir, {"golden", "--type", type, "--out", out.string(), "--json"});
    INFO(r.out << r.err);
    REQUIRE(r.code == 0);
    const auto json = nlohmann::json::parse(r.out);
    CHECK(json["profile"] == true);
    const std::size_t sets = json["data_sets"].get<std::size_t>();
    CHECK(sets == (json["cases"].get<std::size_t>() + 7) / 8);
    CHECK(sonnx_div(dir, {"check-model", (out / "model.onnx").string()}).code == 0);
    for (std::size_t n = 0; n < sets; ++n) {
      const auto set = out / ("test_data_set_" + std::to_string(n));
      const auto c = dir / "c.pb";
      const Run run = sonnx_div(dir, {"run", (set / "input_0.pb").string(),
                                      (set / "input_1.pb").string(), "-o", c.string(), "--name",
                                      "z"});
      REQUIRE(run.code == 0);
      // The expected outputs are the oracle's: quiet NaNs match, the rest bit for bit (SD-9).
      CHECK(matches_golden(c, set / "output_0.pb"));
      std::filesystem::remove(c);
    }
  }
  // A non-empty output directory is refused (exit 3) and left as it was.
  const Run again = sonnx_div(dir, {"golden", "--type", "int8", "--out",
                                    (dir / "golden_int8").string()});
  CHECK(again.code == 3);
  CHECK(again.err.find("refusing to overwrite") != std::string::npos);
}

TEST_CASE("cli golden without --json reports the layout in one line", "[T4]") {
  ScratchDir dir;
  const Run r = sonnx_div(dir, {"golden", "--type", "uint8", "--out", (dir / "g").string()});
  REQUIRE(r.code == 0);
  CHECK(r.out.rfind("wrote " + (dir / "g").string() + ": ", 0) == 0);
  CHECK(r.out.find(" uint8 cases in ") != std::string::npos);
  CHECK(r.out.find("elements, semantics sonnx") != std::string::npos);
  CHECK(r.err.empty());
}

TEST_CASE("cli golden --semantics openvino-pythondiv is labelled NON-PROFILE", "[T4][T5]") {
  ScratchDir dir;
  const Run r = sonnx_div(dir, {"golden", "--type", "int16", "--out", (dir / "ov").string(),
                                "--semantics", "openvino-pythondiv"});
  REQUIRE(r.code == 0);
  CHECK(r.out.find("NON-PROFILE") != std::string::npos);
  CHECK(r.err.find("outside the SONNX profile") != std::string::npos);
}

TEST_CASE("cli usage errors exit with 2, never with the parser's internal codes", "[T1]") {
  const ScratchDir dir;
  Run none = sonnx_div(dir, {});
  CHECK(none.code == 2);
  CHECK_THAT(none.err, Catch::Contains("subcommand is required"));
  // The unknown word is named, with the sub-commands there are.
  Run unknown = sonnx_div(dir, {"no-such-command"});
  CHECK(unknown.code == 2);
  CHECK_THAT(unknown.err, Catch::Contains("unknown sub-command 'no-such-command'"));
  CHECK_THAT(unknown.err, Catch::Contains("check-model"));
  CHECK_THAT(unknown.err, Catch::Contains("verify-exhaustive"));
  Run missing_value = sonnx_div(dir, {"run", "a.npy", "b.npy", "-o"});
  CHECK(missing_value.code == 2);
  CHECK(sonnx_div(dir, {"--help"}).code == 0);
  CHECK(dir.entries().empty());
}

TEST_CASE("cli --json with a file name that is not UTF-8: the real result, not an internal error",
          "[T1][T2][T3]") {
  // File names are bytes on Linux. docs/cli.md: exit 0 and a JSON object on success; a model with
  // no Div node is a T3 error with exit code 1. Invalid bytes are shown as U+FFFD in the JSON.
  ScratchDir dir;
  write_npy<std::int16_t>(dir / "a.npy", DataType::int16, {2}, {9, -9});
  write_npy<std::int16_t>(dir / "b.npy", DataType::int16, {2}, {2, 2});
  const std::string c = (dir / "c\xff.npy").string();
  const Run run = sonnx_div(dir, {"run", (dir / "a.npy").string(), (dir / "b.npy").string(), "-o",
                                  c, "--json"});
  INFO(run.out << run.err);
  CHECK(run.code == 0);
  const auto json = nlohmann::json::parse(run.out);
  CHECK(json["status"] == "ok");
  CHECK(json["output"].get<std::string>().find("c\xef\xbf\xbd.npy") != std::string::npos);
  CHECK(values_in<std::int16_t>(load_tensor(c)) == std::vector<std::int16_t>{4, -4});  // I1: -9/2 = -4

  onnx::ModelProto m;
  m.set_ir_version(7);
  m.add_opset_import()->set_version(14);
  m.mutable_graph()->add_node()->set_op_type("Relu");
  std::string s;
  m.SerializeToString(&s);
  const auto model = dir / "m\xff.onnx";
  write_bytes(model, bytes_of(s));
  const Run none = sonnx_div(dir, {"check-model", model.string(), "--json"});
  CHECK(none.code == 4);
  const auto error = nlohmann::json::parse(none.out);
  CHECK(error["requirement"] == "T3");
  CHECK(error["exit_code"] == 4);
}

TEST_CASE("cli run --pb-encoding: typed writes the typed field, anything else is a usage error",
          "[T1]") {
  ScratchDir dir;
  const std::vector<float> a = {1.0F, -6.0F};
  const std::vector<float> b = {4.0F, 3.0F};
  REQUIRE(io::write_tensor_file(dir / "a.pb", tensor_of(DataType::float32, {2}, a)).ok());
  REQUIRE(io::write_tensor_file(dir / "b.pb", tensor_of(DataType::float32, {2}, b)).ok());
  const Run typed = sonnx_div(dir, {"run", (dir / "a.pb").string(), (dir / "b.pb").string(), "-o",
                                    (dir / "c.pb").string(), "--pb-encoding", "typed", "--json"});
  INFO(typed.err);
  REQUIRE(typed.code == 0);
  CHECK(nlohmann::json::parse(typed.out)["format"] == "ONNX TensorProto .pb");
  onnx::TensorProto c;
  const Bytes bytes = read_bytes(dir / "c.pb");
  REQUIRE(c.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())));
  CHECK_FALSE(c.has_raw_data());
  REQUIRE(c.float_data_size() == 2);
  CHECK(c.float_data(0) == 0.25F);  // 1 / 4 and -6 / 3, exact
  CHECK(c.float_data(1) == -2.0F);
  const Run bad = sonnx_div(dir, {"run", (dir / "a.pb").string(), (dir / "b.pb").string(), "-o",
                                  (dir / "d.pb").string(), "--pb-encoding", "text"});
  CHECK(bad.code == 2);
  CHECK(bad.err.find("--pb-encoding") != std::string::npos);
  require_only(dir, {"a.pb", "b.pb", "c.pb"});
}

TEST_CASE("cli run refuses --name and --pb-encoding for a .npy output (a .npy has neither)",
          "[T1][T2]") {
  ScratchDir dir;
  write_npy<float>(dir / "a.npy", DataType::float32, {1}, {1.0F});
  const std::string a = (dir / "a.npy").string();
  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{"--name", "z"}, std::vector<std::string>{"--pb-encoding", "typed"},
        std::vector<std::string>{"--pb-encoding", "raw"}}) {
    INFO(extra[0] << ' ' << extra[1]);
    std::vector<std::string> args{"run", a, a, "-o", (dir / "c.npy").string()};
    args.insert(args.end(), extra.begin(), extra.end());
    const Run r = sonnx_div(dir, args);
    CHECK(r.code == 2);
    CHECK_THAT(r.err, Catch::Contains(extra[0] + " applies to .pb output only"));
    require_only(dir, {"a.npy"});
  }
}

TEST_CASE("cli output folders are never created: run, golden and verify-exhaustive refuse a "
          "missing parent folder", "[T2][T4][D9]") {
  // docs/cli.md: an output's folder must exist; nothing is created on refusal.
  ScratchDir dir;
  write_npy<float>(dir / "a.npy", DataType::float32, {1}, {1.0F});
  const std::string a = (dir / "a.npy").string();
  const auto missing = dir / "missing";
  CHECK(sonnx_div(dir, {"run", a, a, "-o", (missing / "c.npy").string()}).code == 3);
  CHECK(sonnx_div(dir, {"golden", "--type", "int8", "--out", (missing / "g").string()}).code == 3);
  const Run verify = sonnx_div(dir, {"verify-exhaustive", "--fast-paths", "int8", "--json",
                                     (missing / "e.json").string()});
  CHECK(verify.code == 2);
  CHECK_THAT(verify.err, Catch::Contains("folder does not exist"));
  CHECK(verify.out.find("pairs checked") == std::string::npos);  // refused before the sweep
  require_only(dir, {"a.npy"});
}

TEST_CASE("cli --json errors and stray words of golden and check-model", "[T3][T4][T5]") {
  ScratchDir dir;
  std::filesystem::create_directory(dir / "full");
  write_bytes(dir / "full" / "x", Bytes{1});
  const Run refused = sonnx_div(dir, {"golden", "--type", "uint8", "--out",
                                      (dir / "full").string(), "--json"});
  CHECK(refused.code == 3);
  const auto json = nlohmann::json::parse(refused.out);
  CHECK(json["status"] == "error");
  CHECK(json["requirement"] == "T4");
  CHECK(json["exit_code"] == 3);
  // --json replaces the stderr warning of the non-profile mode by "profile": false.
  const Run ov = sonnx_div(dir, {"golden", "--type", "int8", "--out", (dir / "ov").string(),
                                 "--semantics", "openvino-pythondiv", "--json"});
  REQUIRE(ov.code == 0);
  CHECK(nlohmann::json::parse(ov.out)["profile"] == false);
  CHECK(ov.err.empty());
  const Run r =
      sonnx_div(dir, {"golden", "--type", "int8", "--out", (dir / "g").string(), "extra"});
  CHECK(r.code == 2);
  CHECK((r.err + r.out).find("unexpected argument(s): extra") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(dir / "g"));
  // check-model takes several models: a stray word is a model name, and one that names no file
  // is an unreadable model of the set (T1, exit 3), reported in the set's JSON.
  const Run stray = sonnx_div(dir, {"check-model", (dir / "ov" / "model.onnx").string(), "extra",
                                    "--json"});
  CHECK(stray.code == 3);
  const auto set = nlohmann::json::parse(stray.out);
  CHECK(set["models"][1]["model"] == "extra");
  CHECK(set["models"][1]["requirement"] == "T1");
}

TEST_CASE("cli check-model --json on a model inside the profile lists the checked IDs",
          "[T3][R1][R2][R3][R4][C1][C2][GR1][GR2][GR3][GR4][T6]") {
  // ONNX's test_div: Div-14 (opset 14), x, y and z float32 [3, 4, 5] (seed 000, test_div).
  ScratchDir dir;
  const Run r = sonnx_div(dir, {"check-model", (node_case("test_div") / "model.onnx").string(),
                                "--json"});
  CHECK(r.code == 0);
  const auto json = nlohmann::json::parse(r.out);
  CHECK(json["all_inside"] == true);
  CHECK(json["verdict"] == "inside");
  CHECK(json["onnx_checker"]["result"] == "accepted");
  CHECK(json["nodes"][0]["verdict"] == "inside");
  CHECK(json["nodes"][0]["checked"] == nlohmann::json::array({"R1", "R2", "R3", "R4", "C1", "C2",
                                                              "GR1", "GR2", "GR3", "GR4", "T6"}));
  CHECK(json["nodes"][0]["location"] == "graph \"test_div\"");
  CHECK(json["nodes"][0]["div_version"] == 14);
  CHECK(json["nodes"][0]["type"] == "float32");
  CHECK(json["nodes"][0]["shape"] == nlohmann::json::array({3, 4, 5}));
}

TEST_CASE("cli verify-exhaustive: no mode is a usage error, an unwritable --json is exit 2",
          "[F2][D9]") {
  // The command's help: exit 2 for usage, oracle or I/O errors.
  ScratchDir dir;
  const Run none = sonnx_div(dir, {"verify-exhaustive"});
  CHECK(none.code == 2);
  CHECK(none.err.find("usage") != std::string::npos);
  const std::string unwritable = (dir / "file" / "e.json").string();
  write_bytes(dir / "file", Bytes{1});
  const Run oracle = sonnx_div(dir, {"verify-exhaustive", "--format", "f16", "--sample", "1000",
                                     "--quiet", "--json", unwritable});
  CHECK(oracle.code == 2);
  CHECK(oracle.err.find("cannot write") != std::string::npos);
  const Run fast = sonnx_div(dir, {"verify-exhaustive", "--fast-paths", "int8", "--json",
                                   unwritable});
  CHECK(fast.code == 2);
  CHECK(fast.err.find("cannot write") != std::string::npos);
}

TEST_CASE("cli kernels names the code of each type, in proved mode only proved kernels", "[D9]") {
  ScratchDir dir;
  const std::vector<std::string> types{"float16", "bfloat16", "float32", "float64",
                                       "int8",    "int16",    "int32",   "int64",
                                       "uint8",   "uint16",   "uint32",  "uint64"};
  const Run fastest = sonnx_div(dir, {"kernels"});
  INFO(fastest.out << fastest.err);
  CHECK(fastest.code == 0);
  CHECK(fastest.out.find("float32: proved C kernel: Frama-C/WP\n") != std::string::npos);
  const char* previous = std::getenv("SONNX_DIV_KERNELS");
  const std::string saved = previous != nullptr ? previous : "";
  ::setenv("SONNX_DIV_KERNELS", "proved", 1);
  const Run proved = sonnx_div(dir, {"kernels"});
  if (previous != nullptr) {
    ::setenv("SONNX_DIV_KERNELS", saved.c_str(), 1);
  } else {
    ::unsetenv("SONNX_DIV_KERNELS");
  }
  INFO(proved.out);
  CHECK(proved.code == 0);
  CHECK(proved.out.rfind("kernel mode: proved;", 0) == 0);
  for (const std::string& type : types) {
    CHECK(fastest.out.find("\n" + type + ": ") != std::string::npos);
    CHECK(proved.out.find("\n" + type + ": proved C kernel: Frama-C/WP\n") != std::string::npos);
  }
  require_only(dir, {});
}

TEST_CASE("cli verify-exhaustive --fast-paths int8: all 2^16 pairs, evidence written", "[D9]") {
  ScratchDir dir;
  std::filesystem::create_directory(dir / "e");
  const auto evidence = dir / "e" / "fast-int8.json";
  const Run r = sonnx_div(dir, {"verify-exhaustive", "--fast-paths", "int8", "--threads", "2",
                                "--json", evidence.string()});
  INFO(r.out << r.err);
  CHECK(r.code == 0);
  CHECK(r.out.find("65536 pairs checked") != std::string::npos);
  CHECK(r.out.find("PASS") != std::string::npos);
  const Bytes text = read_bytes(evidence);
  CHECK_NOTHROW(nlohmann::json::parse(text.begin(), text.end()));
}

TEST_CASE("cli check-model --json names each requirement once per node", "[T3][R3]") {
  // Both operands bool: two R3 findings, one "R3" in the node's requirement list.
  ScratchDir dir;
  const Bytes original = read_bytes(node_case("test_div") / "model.onnx");
  onnx::ModelProto model;
  REQUIRE(model.ParseFromArray(original.data(), static_cast<int>(original.size())));
  for (int k = 0; k < 2; ++k) {
    model.mutable_graph()->mutable_input(k)->mutable_type()->mutable_tensor_type()->set_elem_type(
        onnx::TensorProto::BOOL);
  }
  std::string text;
  REQUIRE(model.SerializeToString(&text));
  write_bytes(dir / "bool.onnx", Bytes(text.begin(), text.end()));
  const Run r = sonnx_div(dir, {"check-model", (dir / "bool.onnx").string(), "--json"});
  CHECK(r.code == 1);
  const auto json = nlohmann::json::parse(r.out);
  CHECK(json["nodes"][0]["verdict"] == "outside");
  // Div-14 allows no bool (T6, for A, B, and C declared float), the profile neither (R3: A, B).
  CHECK(json["nodes"][0]["requirements"] == nlohmann::json::array({"T6", "R3"}));
  CHECK(json["nodes"][0]["findings"].size() == 5);
}

namespace {

// Writes ONNX's test_div model (inside the profile) with the element type of x, y and z set to
// `type` (14 keeps it: float32), or with its Div turned into Mul (no Div node).
void write_test_div(const std::filesystem::path& path, int type, bool div = true) {
  const Bytes original = read_bytes(node_case("test_div") / "model.onnx");
  onnx::ModelProto model;
  REQUIRE(model.ParseFromArray(original.data(), static_cast<int>(original.size())));
  auto* graph = model.mutable_graph();
  for (auto* list : {graph->mutable_input(), graph->mutable_output()}) {
    for (auto& v : *list) v.mutable_type()->mutable_tensor_type()->set_elem_type(type);
  }
  if (!div) model.mutable_graph()->mutable_node(0)->set_op_type("Mul");
  std::string text;
  REQUIRE(model.SerializeToString(&text));
  write_bytes(path, Bytes(text.begin(), text.end()));
}

std::size_t count_lines(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

// docs/cli.md: several models or folders give one line per model and a summary; the exit code is
// the worst model's, in the order 0 (inside), 4 (no Div node), 1 (outside or unproven), 3
// (unreadable). int8 is a Div-14 type (seed 000); int8 at opset 13 is not.
TEST_CASE("cli check-model on a model set: one line per model, a summary, the worst exit code",
          "[T3][T1][T6]") {
  ScratchDir dir;
  std::filesystem::create_directories(dir / "set" / "deeper");
  write_test_div(dir / "set" / "a_inside.onnx", onnx::TensorProto::INT8);
  write_test_div(dir / "set" / "deeper" / "b_no_div.onnx", onnx::TensorProto::FLOAT, false);
  write_bytes(dir / "set" / "ignored.txt", Bytes{1});
  const std::string set = (dir / "set").string();

  const Run four = sonnx_div(dir, {"check-model", set});
  INFO(four.out << four.err);
  CHECK(four.code == 4);
  CHECK(count_lines(four.out) == 3);
  CHECK_THAT(four.out, Catch::Contains("a_inside.onnx: INSIDE, 1 Div node(s)"));
  CHECK_THAT(four.out, Catch::Contains("b_no_div.onnx: NO DIV NODE (T3)"));
  CHECK_THAT(four.out, Catch::EndsWith("2 model(s): 1 inside, 0 outside, 0 unproven, 1 without "
                                       "a Div node, 0 unreadable\n"));

  // A model the declared version does not allow: int8 at opset 13 (Div-13).
  const Bytes inside = read_bytes(dir / "set" / "a_inside.onnx");
  onnx::ModelProto m13;
  REQUIRE(m13.ParseFromArray(inside.data(), static_cast<int>(inside.size())));
  m13.mutable_opset_import(0)->set_version(13);
  std::string text;
  REQUIRE(m13.SerializeToString(&text));
  write_bytes(dir / "int8_div13.onnx", Bytes(text.begin(), text.end()));
  const Run one = sonnx_div(dir, {"check-model", set, (dir / "int8_div13.onnx").string()});
  CHECK(one.code == 1);
  CHECK_THAT(one.out, Catch::Contains("int8_div13.onnx: OUTSIDE [T6]"));

  // An unreadable model among them: exit 3, the others still judged.
  write_bytes(dir / "set" / "junk.onnx", Bytes{0xFF, 0xFF, 0xFF});
  const Run three = sonnx_div(dir, {"check-model", set, (dir / "int8_div13.onnx").string(),
                                    "--json"});
  CHECK(three.code == 3);
  const auto json = nlohmann::json::parse(three.out);
  CHECK(json["exit_code"] == 3);
  REQUIRE(json["models"].size() == 4);
  CHECK(json["summary"] == nlohmann::json({{"models", 4}, {"inside", 1}, {"no_div_node", 1},
                                           {"unproven", 0}, {"outside", 1}, {"errors", 1}}));
  CHECK(json["models"][0]["verdict"] == "inside");
  CHECK(json["models"][1]["exit_code"] == 4);  // deeper/b_no_div.onnx, in path order
  CHECK(json["models"][2]["requirement"] == "T1");  // junk.onnx
  CHECK(json["models"][3]["nodes"][0]["findings"][0]["requirement"] == "T6");

  // --nodes adds each model's node lines; it needs a set.
  const Run nodes = sonnx_div(dir, {"check-model", "--nodes", set});
  CHECK_THAT(nodes.out, Catch::Contains("Div node #0 \"\" in graph \"test_div\""));
  CHECK(sonnx_div(dir, {"check-model", "--nodes", (dir / "int8_div13.onnx").string()}).code == 2);
  // A folder with no model is a file error.
  std::filesystem::create_directory(dir / "empty");
  const Run empty = sonnx_div(dir, {"check-model", (dir / "empty").string()});
  CHECK(empty.code == 3);
  CHECK_THAT(empty.out, Catch::Contains("ERROR [T1]") && Catch::Contains("no *.onnx file"));
}

// The sweep: all of ONNX's backend test models in one run, one line each; the models
// without a Div node are counted here independently of the tool.
TEST_CASE("cli check-model on all of libonnx-testdata: one line per model, no-Div models apart",
          "[T3]") {
  ScratchDir dir;
  const std::filesystem::path data = onnx_node_data().parent_path();
  std::size_t models = 0;
  std::size_t without_div = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(data)) {
    if (entry.path().extension() != ".onnx") continue;
    ++models;
    const Bytes bytes = read_bytes(entry.path());
    onnx::ModelProto m;
    REQUIRE(m.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())));
    std::function<bool(const onnx::GraphProto&)> has_div = [&](const onnx::GraphProto& g) {
      for (const auto& n : g.node()) {
        if (n.op_type() == "Div" && (n.domain().empty() || n.domain() == "ai.onnx")) return true;
        for (const auto& a : n.attribute()) {
          if (a.has_g() && has_div(a.g())) return true;
        }
      }
      return false;
    };
    if (!has_div(m.graph())) ++without_div;
  }
  REQUIRE(models == 1072);  // the count (libonnx-testdata 1.12)
  const Run r = sonnx_div(dir, {"check-model", data.string()});
  CHECK(r.code == 1);  // test_div_bcast is outside (R4)
  CHECK(count_lines(r.out) == models + 1);
  CHECK_THAT(r.out, Catch::Contains(std::to_string(without_div) + " without a Div node, 0 "
                                                                  "unreadable"));
  CHECK_THAT(r.out, Catch::Contains("test_div_bcast/model.onnx: OUTSIDE [R4]"));
}

TEST_CASE("cli verify-exhaustive without --json or --threads, and --json with a bare file name",
          "[D9][F2]") {
  ScratchDir dir;
  const Run fast = sonnx_div(dir, {"verify-exhaustive", "--fast-paths", "uint8"});
  INFO(fast.out << fast.err);
  CHECK(fast.code == 0);
  CHECK(fast.out.find("65536 pairs checked") != std::string::npos);
  CHECK(fast.out.find("evidence written") == std::string::npos);
  const Run oracle =
      sonnx_div(dir, {"verify-exhaustive", "--format", "bf16", "--sample", "1000", "--quiet"});
  CHECK(oracle.code == 0);
  CHECK(oracle.out.find("verify-exhaustive bf16: PASS") != std::string::npos);
  CHECK(dir.entries().empty());

  const auto previous = std::filesystem::current_path();
  std::filesystem::current_path(dir.path());
  const Run bare =
      sonnx_div(dir, {"verify-exhaustive", "--fast-paths", "int8", "--json", "bare.json"});
  std::filesystem::current_path(previous);
  CHECK(bare.code == 0);
  CHECK(dir.entries() == std::vector<std::string>{"bare.json"});
}
