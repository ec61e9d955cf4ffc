// check-model (T3): what is known of a Div node's operands. Facts are what the model's user feeds
// (graph inputs, initializers) and what ONNX's inference derives from them; a declaration of a
// computed value, or of a subgraph input that the node running the subgraph is not shown to feed,
// is a claim that nothing enforces and proves nothing.
#include <onnx/onnx_pb.h>

#include <catch2/catch.hpp>
#include <sonnx/io/model_check.hpp>

#include "model_check_support.hpp"

using namespace sonnx;
using namespace sonnx::test;

TEST_CASE("check-model: declarations that contradict each other prove nothing", "[T3][R1][R3]") {
  // A value_info for graph input 'b' that gives another shape than the input's declaration.
  onnx::ModelProto m = model(14, Operand{}, Operand{});
  declare(m.mutable_graph()->add_value_info(), "b", Operand{onnx::TensorProto::FLOAT, {"4"}});
  const auto node = only_node(check_own(m));
  CHECK(node.verdict == io::Verdict::unproven);
  CHECK(ids(node) == std::vector<std::string>{"R3", "R1"});
  CHECK_THAT(node.findings[0].message, Catch::Contains("contradict"));
  // One that agrees changes nothing.
  onnx::ModelProto agreeing = model(14, Operand{}, Operand{});
  declare(agreeing.mutable_graph()->add_value_info(), "b", Operand{});
  CHECK(only_node(check_own(agreeing)).verdict == io::Verdict::inside);
  // A graph input with an initializer: the caller may feed another tensor of the input's
  // declared type, so a symbolic input dimension stays symbolic.
  onnx::ModelProto fed = model(14, Operand{}, Operand{onnx::TensorProto::FLOAT, {"N", "4"}});
  add_zeros(*fed.mutable_graph(), "b", {3, 4});
  CHECK(ids(only_node(check_own(fed))) == std::vector<std::string>{"R1"});
  // A declared C whose declarations disagree cannot prove C2.
  onnx::ModelProto c = model(14, Operand{}, Operand{});
  declare(c.mutable_graph()->add_value_info(), "c", Operand{onnx::TensorProto::DOUBLE});
  CHECK(ids(only_node(check_own(c))) == std::vector<std::string>{"C2"});
}

// A subgraph sees the values of the graphs around it, as their defining graph declares them: a
// graph input is what the caller feeds, whatever a subgraph's value_info says of it.
TEST_CASE("check-model: a subgraph's own declarations of an outer value prove nothing more",
          "[T3][R1][R3]") {
  const auto with_branch = [](const Operand& a,
                              const std::function<void(onnx::GraphProto&)>& edit) {
    onnx::ModelProto m = model(14, a, Operand{});
    auto* g = m.mutable_graph();
    g->mutable_node(0)->set_op_type("Relu");  // the main graph's own Div is gone
    g->mutable_node(0)->mutable_input()->RemoveLast();
    auto* sub = add_graph(*add_node(*g, "If", {"cond"}, {"out"}), "then_branch", "then");
    add_node(*sub, "Div", {"a", "b"}, {"q"});
    edit(*sub);
    return only_node(check_own(m));
  };
  // The caller feeds a of shape [N, 4]; the branch's value_info claims [3, 4]: still symbolic.
  const Operand symbolic{onnx::TensorProto::FLOAT, {"N", "4"}};
  const auto claimed = with_branch(
      symbolic, [](onnx::GraphProto& sub) { declare(sub.add_value_info(), "a", Operand{}); });
  CHECK(claimed.verdict == io::Verdict::unproven);
  CHECK(ids(claimed) == std::vector<std::string>{"R1"});
  // A claim that contradicts the outer declaration is a conflict.
  const auto contradicting = with_branch(Operand{}, [](onnx::GraphProto& sub) {
    declare(sub.add_value_info(), "a", Operand{onnx::TensorProto::FLOAT, {"5"}});
  });
  check_unproven(contradicting, "contradict");
  // A value no graph defines (no input, initializer or node output) is unknown, whatever a
  // value_info says of it.
  const auto undefined = with_branch(Operand{}, [](onnx::GraphProto& sub) {
    sub.mutable_node(0)->set_input(1, "nowhere");
    declare(sub.add_value_info(), "nowhere", Operand{});
  });
  CHECK(ids(undefined) == std::vector<std::string>{"R3", "R1"});
  // A subgraph input of the same name (untyped) hides the outer value: nothing is known of it.
  const auto hidden =
      with_branch(Operand{}, [](onnx::GraphProto& sub) { sub.add_input()->set_name("a"); });
  CHECK(hidden.verdict == io::Verdict::unproven);
  CHECK(ids(hidden) == std::vector<std::string>{"R3", "R1"});
  // The outer declaration itself proves the node inside.
  CHECK(with_branch(Operand{}, [](onnx::GraphProto&) {}).verdict == io::Verdict::inside);
}

namespace {

// A Loop (opset 14) whose body divides its carried value by the outer `d`: body inputs i (int64
// []), cond (bool []), acc (float32 `declared`); outputs cond_out and acc_out = acc / d. The
// node's initial carried value x is `initial`, d is [3].
onnx::ModelProto loop_model(const Operand& initial, const Operand& declared,
                            const Operand& out = Operand{onnx::TensorProto::FLOAT, {"3"}}) {
  onnx::ModelProto m = model(14, initial, Operand{onnx::TensorProto::FLOAT, {"3"}}, std::nullopt);
  auto* g = m.mutable_graph();
  g->mutable_input(0)->set_name("x");
  g->mutable_input(1)->set_name("d");
  declare(g->add_input(), "n", Operand{onnx::TensorProto::INT64, {}});
  auto* loop = g->mutable_node(0);
  loop->set_op_type("Loop");
  loop->clear_input();
  loop->add_input("n");
  loop->add_input("");
  loop->add_input("x");
  loop->set_output(0, "y");
  auto* body = add_graph(*loop, "body", "body");
  declare(body->add_input(), "i", Operand{onnx::TensorProto::INT64, {}});
  declare(body->add_input(), "cond", Operand{onnx::TensorProto::BOOL, {}});
  declare(body->add_input(), "acc", declared);
  auto* div = body->add_node();
  div->set_op_type("Div");
  div->add_input("acc");
  div->add_input("d");
  div->add_output("acc_out");
  auto* keep = body->add_node();
  keep->set_op_type("Identity");
  keep->add_input("cond");
  keep->add_output("cond_out");
  declare(body->add_output(), "cond_out", Operand{onnx::TensorProto::BOOL, {}});
  declare(body->add_output(), "acc_out", out);
  return m;
}

}  // namespace

// ONNX's checker accepts a Loop whose body declares its carried input [3] while the node feeds it
// [5]: the declaration is the body's claim, not what it receives. A subgraph input's declaration
// counts only when the node is shown to feed what it says.
TEST_CASE("check-model: a subgraph's inputs are what the node running it feeds", "[T3][R1][R3]") {
  const Operand f3{onnx::TensorProto::FLOAT, {"3"}};
  // Fed [3] first and [3] by the body's output after (as ONNX's inference derives it from the
  // declaration: an induction over the runs): the declaration holds.
  CHECK(only_node(check_derived(loop_model(f3, f3))).verdict == io::Verdict::inside);
  // Without inference the body's output is not known: nothing shows the later runs' feed.
  CHECK(only_node(check_own(loop_model(f3, f3))).verdict == io::Verdict::unproven);
  // Fed [5] first.
  const auto first = only_node(check_own(loop_model(Operand{onnx::TensorProto::FLOAT, {"5"}}, f3)));
  CHECK(first.verdict == io::Verdict::unproven);
  CHECK(ids(first) == std::vector<std::string>{"R3", "R1"});
  CHECK_THAT(first.findings[0].message, Catch::Contains("float32 [5] (graph input) first"));
  // Fed [N] first: not shown to be [3].
  CHECK(only_node(check_own(loop_model(Operand{onnx::TensorProto::FLOAT, {"N"}}, f3))).verdict ==
        io::Verdict::unproven);
  // The body's carried output is declared [4]: the later runs are not fed [3].
  const auto later =
      only_node(check_own(loop_model(f3, f3, Operand{onnx::TensorProto::FLOAT, {"4"}})));
  CHECK(later.verdict != io::Verdict::inside);
  // A node of another domain whose graph has inputs: nothing is known of what it feeds.
  onnx::ModelProto custom = loop_model(f3, f3);
  custom.mutable_graph()->mutable_node(0)->set_domain("com.example");
  const auto unknown_op = only_node(check_own(custom));
  check_unproven(unknown_op, "no rule for Loop");
}

// Scan (opset 9 and later) feeds each scan element as its scan input without the scan axis.
TEST_CASE("check-model: a Scan body's elements are slices of its scan inputs", "[T3][R1]") {
  const auto scan = [](const Operand& xs, std::optional<std::int64_t> axis) {
    onnx::ModelProto m = model(14, Operand{onnx::TensorProto::FLOAT, {"4"}}, xs, std::nullopt);
    auto* g = m.mutable_graph();
    g->mutable_input(0)->set_name("s0");
    g->mutable_input(1)->set_name("xs");
    auto* node = g->mutable_node(0);
    node->set_op_type("Scan");
    node->set_input(0, "s0");
    node->set_input(1, "xs");
    node->set_output(0, "s");
    add_int(*node, "num_scan_inputs", 1);
    if (axis) {
      auto* axes = node->add_attribute();
      axes->set_name("scan_input_axes");
      axes->set_type(onnx::AttributeProto::INTS);
      axes->add_ints(*axis);
    }
    auto* sub = add_graph(*node, "body", "body");
    declare(sub->add_input(), "state", Operand{onnx::TensorProto::FLOAT, {"4"}});
    declare(sub->add_input(), "e", Operand{onnx::TensorProto::FLOAT, {"4"}});
    auto* div = sub->add_node();
    div->set_op_type("Div");
    div->add_input("state");
    div->add_input("e");
    div->add_output("next");
    declare(sub->add_output(), "next", Operand{onnx::TensorProto::FLOAT, {"4"}});
    return only_node(check_derived(m));
  };
  // xs [5, 4] scanned on axis 0: elements [4].
  CHECK(scan(Operand{onnx::TensorProto::FLOAT, {"5", "4"}}, std::nullopt).verdict ==
        io::Verdict::inside);
  // xs [4, 5] on axis 1 (or -1): elements [4].
  CHECK(scan(Operand{onnx::TensorProto::FLOAT, {"4", "5"}}, 1).verdict == io::Verdict::inside);
  CHECK(scan(Operand{onnx::TensorProto::FLOAT, {"4", "5"}}, -1).verdict == io::Verdict::inside);
  // xs [4, 5] on axis 0: elements [5], not the [4] the body declares.
  CHECK(scan(Operand{onnx::TensorProto::FLOAT, {"4", "5"}}, std::nullopt).verdict ==
        io::Verdict::unproven);
}

namespace {

// y = Slice(x, st, en), c = Div(y, b): x and b float32 [4], the bounds int64 [1] fed at run time.
// With st = 3 and en = 4 y is [1], and Div broadcasts it by b (R4): no shape of y is known before.
onnx::ModelProto slice_then_div() {
  onnx::ModelProto m =
      model(14, Operand{onnx::TensorProto::FLOAT, {"4"}}, Operand{onnx::TensorProto::FLOAT, {"4"}},
            Operand{onnx::TensorProto::FLOAT, {"4"}});
  auto* g = m.mutable_graph();
  g->mutable_input(0)->set_name("x");
  declare(g->add_input(), "st", Operand{onnx::TensorProto::INT64, {"1"}});
  declare(g->add_input(), "en", Operand{onnx::TensorProto::INT64, {"1"}});
  g->mutable_node(0)->set_input(0, "y");
  onnx::NodeProto slice;
  slice.set_op_type("Slice");
  slice.add_input("x");
  slice.add_input("st");
  slice.add_input("en");
  slice.add_output("y");
  *g->mutable_node()->Add() = slice;
  g->mutable_node()->SwapElements(0, 1);
  return m;
}

}  // namespace

// A declaration of a computed value (value_info, a graph output) is a claim that neither ONNX's
// checker nor a runtime enforces: onnxruntime runs the Slice model below with y declared [4] and
// divides a [1] by a [4]. Only what ONNX's inference derives from the graph's inputs counts.
TEST_CASE("check-model: a computed value's declared shape counts only where inference derives it",
          "[T3][R1][R3]") {
  onnx::ModelProto claimed = slice_then_div();
  declare(claimed.mutable_graph()->add_value_info(), "y", Operand{onnx::TensorProto::FLOAT, {"4"}});
  const io::ModelReport r = check(claimed);
  CHECK(r.onnx_checker == io::OnnxCheck::accepted);
  const auto node = only_node(r);
  CHECK(node.verdict == io::Verdict::unproven);
  CHECK(ids(node) == std::vector<std::string>{"R1"});
  CHECK_THAT(node.findings[0].message,
             Catch::Contains("declared float32 [4] (value_info), not derived by ONNX shape "
                             "inference"));
  CHECK(r.verdict() == io::Verdict::unproven);

  // The same claim as a graph output.
  onnx::ModelProto output = slice_then_div();
  declare(output.mutable_graph()->add_output(), "y", Operand{onnx::TensorProto::FLOAT, {"4"}});
  const auto by_output = only_node(check(output));
  check_unproven(by_output, "(graph output), not derived");

  // A type claimed for the output of an operator ONNX does not know: nothing derives it.
  const Operand f4{onnx::TensorProto::FLOAT, {"4"}};
  onnx::ModelProto custom = model(14, f4, f4, f4);
  auto* g = custom.mutable_graph();
  g->mutable_node(0)->set_input(0, "y");
  add_node(*g, "Foo", {"a"}, {"y"}, "com.example");
  g->mutable_node()->SwapElements(0, 1);
  declare(g->add_value_info(), "y", Operand{onnx::TensorProto::FLOAT, {"4"}});
  auto* import = custom.add_opset_import();
  import->set_domain("com.example");
  import->set_version(1);
  const auto foo = only_node(check_derived(custom));
  CHECK(foo.verdict == io::Verdict::unproven);
  CHECK(ids(foo) == std::vector<std::string>{"R3", "R1"});
  CHECK_THAT(foo.findings[0].message, Catch::Contains("has no known type or shape (declared "
                                                      "float32 [4] (value_info), not derived"));

  // A declaration that inference confirms: Relu keeps its input's type and shape.
  const Operand f25{onnx::TensorProto::FLOAT, {"2", "5"}};
  onnx::ModelProto relu = model(14, f25, f25, f25);
  g = relu.mutable_graph();
  g->mutable_node(0)->set_input(0, "r");
  add_node(*g, "Relu", {"a"}, {"r"});
  g->mutable_node()->SwapElements(0, 1);
  declare(g->add_value_info(), "r", Operand{onnx::TensorProto::FLOAT, {"2", "5"}});
  CHECK(only_node(check(relu)).verdict == io::Verdict::inside);
  // Without inference nothing is derived: the declaration alone proves nothing.
  const auto own = only_node(check_own(relu));
  check_unproven(own, "not derived (ONNX shape inference did not run)");
}

// The body declares its carried input [3] while the Loop feeds [5]; r = Relu(acc) is what the
// body divides. ONNX's inference derives r from acc's declaration: a derived fact that rests on a
// claim is no fact. The declarations not shown to hold are removed, and inference runs again.
TEST_CASE("check-model: inference does not build on a subgraph input's unchecked declaration",
          "[T3][R1]") {
  const Operand f3{onnx::TensorProto::FLOAT, {"3"}};
  const auto relu_loop = [&](const Operand& initial) {
    onnx::ModelProto m = loop_model(initial, f3);
    auto* body = m.mutable_graph()->mutable_node(0)->mutable_attribute(0)->mutable_g();
    body->mutable_node(0)->set_input(0, "r");
    add_node(*body, "Relu", {"acc"}, {"r"});
    body->mutable_node()->SwapElements(0, 2);
    body->mutable_node()->SwapElements(1, 2);
    return m;
  };
  const auto fed5 = only_node(check_derived(relu_loop(Operand{onnx::TensorProto::FLOAT, {"5"}})));
  CHECK(fed5.verdict == io::Verdict::unproven);
  CHECK(ids(fed5) == std::vector<std::string>{"R1"});
  // Fed [3]: the declaration holds (by induction over the runs), and so does what is derived.
  CHECK(only_node(check_derived(relu_loop(f3))).verdict == io::Verdict::inside);
}

// ONNX IR, TensorProto: the data holds as many elements as the dims give. ONNX 1.12's checker does
// not compare them, onnxruntime refuses such a model, and ONNX's inference takes the dims for the
// truth: the model is outside (T6), whatever its Div nodes.
TEST_CASE("check-model: an embedded tensor whose data does not fit its dims is outside", "[T6]") {
  const auto invalid_tensors = [](const io::ModelReport& r) {
    return std::count_if(r.findings.begin(), r.findings.end(), [](const io::Finding& f) {
      return f.message.find("not a valid tensor") != std::string::npos;
    });
  };
  const Operand f4{onnx::TensorProto::FLOAT, {"4"}};
  onnx::ModelProto m = model(14, f4, f4, f4);
  auto* b = divisor_initializer(m, 1, 1.0F);
  b->set_dims(0, 4);  // one element for dims [4]
  const io::ModelReport r = check(m);
  CHECK(only_node(r).verdict == io::Verdict::inside);
  REQUIRE_FALSE(r.findings.empty());
  CHECK(r.findings[0].requirement == "T6");
  CHECK_THAT(r.findings[0].message,
             Catch::Contains("initializer 'b' has dims [4] but holds 1 typed entries"));
  CHECK(r.verdict() == io::Verdict::outside);
  // Four elements, as typed entries or as 16 bytes of raw_data: valid.
  for (int k = 0; k < 3; ++k) b->add_float_data(1.0F);
  CHECK(invalid_tensors(check_own(m)) == 0);
  b->clear_float_data();
  b->set_raw_data(std::string(16, '\0'));
  CHECK(invalid_tensors(check_own(m)) == 0);
  // A Constant's value in a subgraph is checked too: raw_data of 3 bytes for int16 [2].
  b->set_raw_data(std::string(3, '\0'));
  b->set_data_type(onnx::TensorProto::INT16);
  b->set_dims(0, 2);
  onnx::ModelProto nested = model(14, f4, f4, f4);
  auto* constant = add_node(*nested.mutable_graph(), "Constant", {}, {"k"});
  auto* value = constant->add_attribute();
  value->set_name("value");
  value->set_type(onnx::AttributeProto::TENSOR);
  *value->mutable_t() = *b;
  const io::ModelReport rn = check_own(nested);
  REQUIRE(invalid_tensors(rn) == 1);
  CHECK_THAT(rn.findings[0].message,
             Catch::Contains("Constant #1 \"\": attribute 'value' has dims [2] but holds 3 bytes"));
}
