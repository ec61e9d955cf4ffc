// End-to-end tests of sonnx-div check-model (T1, T3, T6): single models, model sets and folders,
// exit codes, --json, and the sweep of libonnx-testdata.
#include <onnx/onnx_pb.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>

#include "cli_test_support.hpp"

using namespace sonnx;
using namespace sonnx::test;

TEST_CASE("cli check-model on ONNX's Div models: exit 0 for three, 1 for bcast (R4)", "[T3][R4]") {
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

TEST_CASE("cli check-model --json on a model inside the profile lists the checked IDs",
          "[T3][R1][R2][R3][R4][C1][C2][GR1][GR2][GR3][GR4][T6]") {
  // ONNX's test_div: Div-14 (opset 14), x, y and z float32 [3, 4, 5] (seed 000, test_div).
  ScratchDir dir;
  const Run r =
      sonnx_div(dir, {"check-model", (node_case("test_div") / "model.onnx").string(), "--json"});
  CHECK(r.code == 0);
  const auto json = nlohmann::json::parse(r.out);
  CHECK(json["all_inside"] == true);
  CHECK(json["verdict"] == "inside");
  CHECK(json["onnx_checker"]["result"] == "accepted");
  CHECK(json["nodes"][0]["verdict"] == "inside");
  CHECK(json["nodes"][0]["checked"] == nlohmann::json::array({"R1", "R2", "R3", "R4", "C1", "C2",
                                                              "D8", "GR1", "GR2", "GR3", "GR4",
                                                              "T6"}));
  CHECK(json["nodes"][0]["location"] == "graph \"test_div\"");
  CHECK(json["nodes"][0]["div_version"] == 14);
  CHECK(json["nodes"][0]["type"] == "float32");
  CHECK(json["nodes"][0]["shape"] == nlohmann::json::array({3, 4, 5}));
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
  const Run three =
      sonnx_div(dir, {"check-model", set, (dir / "int8_div13.onnx").string(), "--json"});
  CHECK(three.code == 3);
  const auto json = nlohmann::json::parse(three.out);
  CHECK(json["exit_code"] == 3);
  REQUIRE(json["models"].size() == 4);
  CHECK(json["summary"] == nlohmann::json({{"models", 4},
                                           {"inside", 1},
                                           {"no_div_node", 1},
                                           {"unproven", 0},
                                           {"outside", 1},
                                           {"errors", 1},
                                           {"folders_without_models", 0}}));
  CHECK(json["models"][0]["verdict"] == "inside");
  CHECK(json["models"][1]["exit_code"] == 4);       // deeper/b_no_div.onnx, in path order
  CHECK(json["models"][2]["requirement"] == "T1");  // junk.onnx
  CHECK(json["models"][3]["nodes"][0]["findings"][0]["requirement"] == "T6");

  // --nodes adds each model's node lines; a single model's are always printed, and --nodes is
  // accepted there too.
  const Run nodes = sonnx_div(dir, {"check-model", "--nodes", set});
  CHECK_THAT(nodes.out, Catch::Contains("Div node #0 \"\" in graph \"test_div\""));
  const Run single = sonnx_div(dir, {"check-model", "--nodes", (dir / "int8_div13.onnx").string()});
  CHECK(single.code == 1);
  CHECK_THAT(single.out, Catch::StartsWith("Div node #0 \"\" in graph \"test_div\"") &&
                             Catch::Contains("int8_div13.onnx: OUTSIDE [T6]"));
  // A folder with no model is a file error, and is no model: the summary counts it apart. Its
  // line names the ID once.
  std::filesystem::create_directory(dir / "empty");
  const Run empty = sonnx_div(dir, {"check-model", (dir / "empty").string()});
  CHECK(empty.code == 3);
  CHECK_THAT(empty.out, Catch::Contains("ERROR [T1] ") && Catch::Contains("no *.onnx file"));
  CHECK(empty.out.find("T1: ") == std::string::npos);
  CHECK_THAT(empty.out, Catch::EndsWith("0 model(s): 0 inside, 0 outside, 0 unproven, 0 without "
                                        "a Div node, 0 unreadable; 1 folder(s) without a model "
                                        "(or that cannot be listed)\n"));
  const Run empty_json = sonnx_div(dir, {"check-model", (dir / "empty").string(), "--json"});
  const auto empty_set = nlohmann::json::parse(empty_json.out);
  CHECK(empty_set["summary"]["models"] == 0);
  CHECK(empty_set["summary"]["folders_without_models"] == 1);
  CHECK(empty_set["models"][0]["folder"] == true);
}

namespace {

// The operators of ONNX 1.12's operator list (Operators.md) that ONNX defines by a function (the
// "function" mark): some of their bodies hold a Div node (MeanVarianceNormalization's divides by
// the standard deviation, Softmax-13's by the sum of exponentials, Range's by delta, ...).
bool function_operator(const std::string& op) {
  static const std::set<std::string> names = {"Bernoulli",
                                              "BlackmanWindow",
                                              "CastLike",
                                              "Celu",
                                              "DynamicQuantizeLinear",
                                              "GreaterOrEqual",
                                              "HammingWindow",
                                              "HannWindow",
                                              "HardSwish",
                                              "LayerNormalization",
                                              "LessOrEqual",
                                              "LogSoftmax",
                                              "MeanVarianceNormalization",
                                              "NegativeLogLikelihoodLoss",
                                              "Range",
                                              "SequenceMap",
                                              "Softmax",
                                              "SoftmaxCrossEntropyLoss"};
  return names.count(op) != 0;
}

}  // namespace

// The sweep: all of ONNX's backend test models in one run, one line each. Counted here
// independently of the tool: models with a Div node (never "no Div node"), and models with
// neither a Div node nor a node of a function-defined operator (always "no Div node"); the
// cross-check (check_model_crosscheck.py) compares the rest with ONNX's own function bodies.
TEST_CASE("cli check-model on all of libonnx-testdata: one line per model, no-Div models apart",
          "[T3]") {
  ScratchDir dir;
  const std::filesystem::path data = onnx_node_data().parent_path();
  std::size_t models = 0;
  std::size_t without_div = 0;  // no Div node
  std::size_t plain = 0;        // no Div node and no function-defined operator
  for (const auto& entry : std::filesystem::recursive_directory_iterator(data)) {
    if (entry.path().extension() != ".onnx") continue;
    ++models;
    const Bytes bytes = read_bytes(entry.path());
    onnx::ModelProto m;
    REQUIRE(m.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())));
    bool functions = false;
    std::function<bool(const onnx::GraphProto&)> has_div = [&](const onnx::GraphProto& g) {
      for (const auto& n : g.node()) {
        const bool onnx_domain = n.domain().empty() || n.domain() == "ai.onnx";
        if (n.op_type() == "Div" && onnx_domain) return true;
        if (onnx_domain && function_operator(n.op_type())) functions = true;
        for (const auto& a : n.attribute()) {
          if (a.has_g() && has_div(a.g())) return true;
        }
      }
      return false;
    };
    if (!has_div(m.graph())) {
      ++without_div;
      if (!functions) ++plain;
    }
  }
  REQUIRE(models == 1072);  // the count (libonnx-testdata 1.12)
  const Run r = sonnx_div(dir, {"check-model", data.string()});
  CHECK(r.code == 1);  // test_div_bcast is outside (R4)
  CHECK(count_lines(r.out) == models + 1);
  const std::size_t at = r.out.rfind(" without a Div node");
  REQUIRE(at != std::string::npos);
  const std::size_t no_div = std::stoul(r.out.substr(r.out.rfind(", ", at) + 2));
  CHECK(no_div <= without_div);
  CHECK(no_div >= plain);
  CHECK_THAT(r.out, Catch::Contains(" without a Div node, 0 unreadable\n"));
  CHECK_THAT(r.out, Catch::Contains("test_div_bcast/model.onnx: OUTSIDE [R4]"));
  // MeanVarianceNormalization-13 and Softmax-13 divide in their function bodies; LogSoftmax-13
  // subtracts a logarithm and divides nowhere.
  CHECK_THAT(r.out, Catch::Contains("test_mvn/model.onnx: UNPROVEN [T3], 0 Div node(s)"));
  CHECK_THAT(r.out, Catch::Contains("test_softmax_axis_0/model.onnx: UNPROVEN [T3]"));
  CHECK_THAT(r.out, Catch::Contains("test_logsoftmax_axis_0/model.onnx: NO DIV NODE (T3)"));
}
