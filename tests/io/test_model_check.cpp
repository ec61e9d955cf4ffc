// check-model (T3, T6) on synthetic models covering each profile condition of a Div node, each
// rule of the Div version in effect (ONNX Div operator page, versions 1, 6, 7, 13, 14), every
// place a Div node can be (subgraphs, model-local functions) and model sets.
#include <catch2/catch.hpp>

#include <sonnx/io/model_check.hpp>

#include <onnx/onnx_pb.h>

#include <functional>
#include <set>

#include "io_test_support.hpp"

using namespace sonnx;
using namespace sonnx::test;

namespace {

struct Operand {
  int elem_type = onnx::TensorProto::FLOAT;
  std::vector<std::string> dims = {"3", "4"};  // a number, a symbol, or "?" (no value)
  bool has_shape = true;
  bool sparse = false;
};

void declare(onnx::ValueInfoProto* v, const std::string& name, const Operand& o) {
  v->set_name(name);
  onnx::TypeProto* type = v->mutable_type();
  if (o.sparse) {
    type->mutable_sparse_tensor_type()->set_elem_type(o.elem_type);
    return;
  }
  auto* t = type->mutable_tensor_type();
  t->set_elem_type(o.elem_type);
  if (!o.has_shape) return;
  auto* shape = t->mutable_shape();
  for (const auto& d : o.dims) {
    auto* dim = shape->add_dim();
    if (d == "?") continue;
    if (d[0] >= '0' && d[0] <= '9') {
      dim->set_dim_value(std::stoll(d));
    } else {
      dim->set_dim_param(d);
    }
  }
}

onnx::ModelProto model(std::int64_t opset, const Operand& a, const Operand& b,
                       std::optional<Operand> c = Operand{}) {
  onnx::ModelProto m;
  m.set_ir_version(7);
  auto* import = m.add_opset_import();
  import->set_domain("");
  import->set_version(opset);
  auto* g = m.mutable_graph();
  g->set_name("g");
  auto* node = g->add_node();
  node->set_op_type("Div");
  node->set_name("div0");
  node->add_input("a");
  node->add_input("b");
  node->add_output("c");
  declare(g->add_input(), "a", a);
  declare(g->add_input(), "b", b);
  if (c) declare(g->add_output(), "c", *c);
  return m;
}

io::ModelReport check(const onnx::ModelProto& m) {
  std::string s;
  m.SerializeToString(&s);
  const Bytes bytes = bytes_of(s);
  return io::check_model_bytes(bytes, "model.onnx");
}

std::vector<std::string> ids(const io::NodeReport& node) {
  std::vector<std::string> out;
  for (const auto& f : node.findings) out.push_back(f.requirement);
  return out;
}

io::NodeReport only_node(const io::ModelReport& r) {
  INFO(r.status.message);
  REQUIRE(r.status.ok());
  REQUIRE(r.nodes.size() == 1);
  return r.nodes[0];
}

}  // namespace

TEST_CASE("check-model: Div-7, Div-13 and Div-14 with equal static shapes are inside",
          "[T3][R1][GR4]") {
  for (const std::int64_t opset : {7, 12, 13, 14, 17}) {
    INFO("opset " << opset);
    const auto r = check(model(opset, Operand{}, Operand{}));
    const auto& node = only_node(r);
    CHECK(node.verdict == io::Verdict::inside);
    CHECK(node.div_version == (opset >= 14 ? 14 : opset == 13 ? 13 : 7));
    CHECK(r.onnx_checker == io::OnnxCheck::accepted);
    CHECK(r.verdict() == io::Verdict::inside);
    CHECK(r.all_inside());
    CHECK(io::format_node_line(node).find("INSIDE") != std::string::npos);
    CHECK(node.location == "graph \"g\"");
    CHECK(node.type == "float32");
    CHECK(node.shape == std::vector<std::int64_t>{3, 4});
  }
}

TEST_CASE("check-model: Div-1 and Div-6, and any attribute, are outside (GR4)", "[T3][GR4]") {
  for (const std::int64_t opset : {1, 5, 6}) {
    INFO("opset " << opset);
    const auto& node = only_node(check(model(opset, Operand{}, Operand{})));
    CHECK(node.verdict == io::Verdict::outside);
    CHECK(ids(node) == std::vector<std::string>{"GR4"});
  }
  onnx::ModelProto m = model(6, Operand{}, Operand{onnx::TensorProto::FLOAT, {"4"}});
  auto* attr = m.mutable_graph()->mutable_node(0)->add_attribute();
  attr->set_name("broadcast");
  attr->set_type(onnx::AttributeProto::INT);
  attr->set_i(1);
  const auto r = check(m);
  const auto& node = only_node(r);
  CHECK(node.verdict == io::Verdict::outside);
  CHECK(io::format_node_line(node).find("broadcast") != std::string::npos);
  // Even at opset 14 an attribute is outside, and Div-14 has none (T6).
  onnx::ModelProto m14 = model(14, Operand{}, Operand{});
  auto* a14 = m14.mutable_graph()->mutable_node(0)->add_attribute();
  a14->set_name("axis");
  a14->set_type(onnx::AttributeProto::INT);
  a14->set_i(0);
  CHECK(ids(only_node(check(m14))) == std::vector<std::string>{"T6", "GR4"});
  // No default-domain opset import: the version would be defaulted.
  onnx::ModelProto none = model(14, Operand{}, Operand{});
  none.clear_opset_import();
  CHECK(ids(only_node(check(none))) == std::vector<std::string>{"GR4"});
}

TEST_CASE("check-model: different static shapes are outside, R4 if broadcastable, else R1",
          "[T3][R1][R4][C1]") {
  const auto r4 = check(model(14, Operand{}, Operand{onnx::TensorProto::FLOAT, {"4"}}));
  CHECK(ids(only_node(r4)) == std::vector<std::string>{"R4"});
  const auto r4b = check(model(14, Operand{}, Operand{onnx::TensorProto::FLOAT, {"1", "4"}}));
  CHECK(ids(only_node(r4b)) == std::vector<std::string>{"R4"});
  // Not broadcastable: R1, and Div-14's numpy-style broadcasting cannot combine them (T6).
  const auto r1 = check(model(14, Operand{}, Operand{onnx::TensorProto::FLOAT, {"3", "5"}}));
  CHECK(ids(only_node(r1)) == std::vector<std::string>{"T6", "R1"});
  // Rank 0 and [1] are different shapes (D5), broadcastable: R4 (C declared [1], as Div-14 gives).
  const auto d5 = check(model(14, Operand{onnx::TensorProto::FLOAT, {}},
                              Operand{onnx::TensorProto::FLOAT, {"1"}},
                              Operand{onnx::TensorProto::FLOAT, {"1"}}));
  CHECK(ids(only_node(d5)) == std::vector<std::string>{"R4"});
  // C declared with another shape: C1, and not the shape Div-14 gives (T6).
  const auto c1 =
      check(model(14, Operand{}, Operand{}, Operand{onnx::TensorProto::FLOAT, {"4", "3"}}));
  CHECK(ids(only_node(c1)) == std::vector<std::string>{"T6", "C1"});
}

TEST_CASE("check-model: unknown or symbolic shapes cannot prove R1", "[T3][R1]") {
  for (const Operand& b : {Operand{onnx::TensorProto::FLOAT, {"N", "4"}},
                           Operand{onnx::TensorProto::FLOAT, {"3", "?"}},
                           Operand{onnx::TensorProto::FLOAT, {}, false}}) {
    const auto r = check(model(14, Operand{}, b));
    const auto& node = only_node(r);
    CHECK(node.verdict == io::Verdict::unproven);
    CHECK(ids(node) == std::vector<std::string>{"R1"});
    CHECK(node.findings[0].message.find("cannot prove R1") != std::string::npos);
    CHECK_FALSE(r.all_inside());
  }
  // Same symbol on both sides is still not a proof of a static shape.
  const Operand sym{onnx::TensorProto::FLOAT, {"N"}};
  CHECK(only_node(check(model(14, sym, sym))).verdict == io::Verdict::unproven);
  // An operand with no declared type at all (produced by another node, no value_info).
  onnx::ModelProto m = model(14, Operand{}, Operand{});
  m.mutable_graph()->mutable_input()->RemoveLast();
  const auto& node = only_node(check(m));
  CHECK(node.verdict == io::Verdict::unproven);
}

TEST_CASE("check-model: types (R2, R3, C2) and dense tensors", "[T3][R2][R3][C2][GR1][GR3]") {
  const Operand f32{};
  const Operand i32{onnx::TensorProto::INT32};
  // Types that differ break Div-14's single type T too (T6).
  const auto c2 = check(model(14, f32, i32, std::nullopt));
  CHECK(ids(only_node(c2)) == std::vector<std::string>{"T6", "C2", "GR3"});
  const auto c2c = check(model(14, f32, f32, Operand{onnx::TensorProto::DOUBLE}));
  CHECK(ids(only_node(c2c)) == std::vector<std::string>{"T6", "C2"});
  // Types outside Div-14's type constraint (T6) and outside the profile (R3), per operand.
  for (const int t : std::initializer_list<int>{onnx::TensorProto::STRING, onnx::TensorProto::BOOL,
                      onnx::TensorProto::COMPLEX64, onnx::TensorProto::UNDEFINED}) {
    INFO("elem_type " << t);
    const Operand bad{t};
    const auto& node = only_node(check(model(14, bad, bad, Operand{t})));
    CHECK(node.verdict == io::Verdict::outside);
    CHECK(ids(node) == std::vector<std::string>{"T6", "R3", "T6", "R3"});
  }
  Operand sparse{};
  sparse.sparse = true;
  const auto& node = only_node(check(model(14, f32, sparse)));
  CHECK(node.verdict == io::Verdict::outside);
  CHECK(ids(node) == std::vector<std::string>{"T6", "R2", "GR1"});
  // A sparse initializer.
  onnx::ModelProto m = model(14, f32, f32);
  m.mutable_graph()->mutable_input()->RemoveLast();
  auto* s = m.mutable_graph()->add_sparse_initializer();
  s->mutable_values()->set_name("b");
  s->mutable_values()->set_data_type(onnx::TensorProto::FLOAT);
  s->add_dims(3);
  s->add_dims(4);
  CHECK(ids(only_node(check(m))) == std::vector<std::string>{"T6", "R2", "GR1"});
  // A dense initializer with equal static shape is fine.
  onnx::ModelProto init = model(14, f32, f32);
  init.mutable_graph()->mutable_input()->RemoveLast();
  auto* t = init.mutable_graph()->add_initializer();
  t->set_name("b");
  t->set_data_type(onnx::TensorProto::FLOAT);
  t->add_dims(3);
  t->add_dims(4);
  t->set_raw_data(std::string(48, '\0'));
  CHECK(only_node(check(init)).verdict == io::Verdict::inside);
}

TEST_CASE("check-model: Div nodes in subgraphs are checked, one report per node", "[T3][R4]") {
  onnx::ModelProto m = model(14, Operand{}, Operand{});
  auto* g = m.mutable_graph();
  auto* ifnode = g->add_node();
  ifnode->set_op_type("If");
  ifnode->add_input("cond");
  ifnode->add_output("out");
  auto* attr = ifnode->add_attribute();
  attr->set_name("then_branch");
  attr->set_type(onnx::AttributeProto::GRAPH);
  auto* sub = attr->mutable_g();
  sub->set_name("then");
  auto* inner = sub->add_node();
  inner->set_op_type("Div");
  inner->add_input("a");  // outer-scope value, [3, 4]
  inner->add_input("v");
  inner->add_output("w");
  auto* v = sub->add_initializer();  // the branch's own constant, [4]
  v->set_name("v");
  v->set_data_type(onnx::TensorProto::FLOAT);
  v->add_dims(4);
  v->set_raw_data(std::string(16, '\0'));
  const auto r = check(m);
  REQUIRE(r.status.ok());
  REQUIRE(r.nodes.size() == 2);
  CHECK(r.nodes[0].verdict == io::Verdict::inside);
  CHECK(r.nodes[1].graph == "then");
  CHECK(r.nodes[1].location == "graph \"g\" > If #1 \"\" > then_branch \"then\"");
  CHECK(r.nodes[1].position == 0);
  CHECK(ids(r.nodes[1]) == std::vector<std::string>{"R4"});
  CHECK(io::format_node_line(r.nodes[1]).find("in graph \"g\" > If #1") != std::string::npos);
  CHECK_FALSE(r.all_inside());
}

TEST_CASE("check-model: no Div node, malformed models and missing files are errors",
          "[T3][T1][bad-input]") {
  onnx::ModelProto m = model(14, Operand{}, Operand{});
  m.mutable_graph()->mutable_node(0)->set_op_type("Mul");
  const auto none = check(m);
  CHECK_FALSE(none.status.ok());
  CHECK(none.status.requirement == "T3");
  CHECK(none.status.message.find("no Div node") != std::string::npos);
  CHECK_FALSE(none.all_inside());
  const Bytes garbage = {0xFF, 0xFF, 0x00};
  CHECK(io::check_model_bytes(garbage, "x.onnx").status.requirement == "T1");
  ScratchDir dir;
  const auto missing = io::check_model_file(dir / "absent.onnx");
  CHECK(missing.status.requirement == "T1");
  CHECK(missing.status.kind == io::IoErrorKind::io);
  // A Div with one input only.
  onnx::ModelProto one = model(14, Operand{}, Operand{});
  one.mutable_graph()->mutable_node(0)->mutable_input()->RemoveLast();
  CHECK(ids(only_node(check(one))) == std::vector<std::string>{"T3"});
}

TEST_CASE("check-model: an operand that is not a tensor (sequence, or no type value) is outside "
          "(R3), a sparse C is outside (R2)", "[T3][R3][R2][GR1]") {
  // docs/cli.md: "numeric: R3 when ... not a tensor"; "dense: R2, GR1 when an operand or C is a
  // sparse tensor type".
  onnx::ModelProto sequence = model(14, Operand{}, Operand{});
  auto* a = sequence.mutable_graph()->mutable_input(0)->mutable_type();
  a->clear_tensor_type();
  a->mutable_sequence_type()->mutable_elem_type()->mutable_tensor_type()->set_elem_type(
      onnx::TensorProto::FLOAT);
  const io::NodeReport seq = only_node(check(sequence));
  CHECK(seq.verdict == io::Verdict::outside);
  CHECK(ids(seq) == std::vector<std::string>{"T6", "R3"});
  CHECK(seq.findings[1].message.find("not a tensor") != std::string::npos);

  onnx::ModelProto empty_type = model(14, Operand{}, Operand{});
  empty_type.mutable_graph()->mutable_input(1)->mutable_type()->clear_tensor_type();
  const io::NodeReport none = only_node(check(empty_type));
  CHECK(none.verdict == io::Verdict::outside);
  CHECK(ids(none) == std::vector<std::string>{"T6", "R3"});

  Operand sparse_c;
  sparse_c.sparse = true;
  const io::NodeReport c = only_node(check(model(14, Operand{}, Operand{}, sparse_c)));
  CHECK(c.verdict == io::Verdict::outside);
  CHECK(ids(c) == std::vector<std::string>{"T6", "R2"});
}

TEST_CASE("check-model: verdict names", "[T3]") {
  CHECK(io::verdict_name(io::Verdict::inside) == "inside");
  CHECK(io::verdict_name(io::Verdict::outside) == "outside");
  CHECK(io::verdict_name(io::Verdict::unproven) == "unproven");
}

TEST_CASE("check-model: a model of more than 2 GiB - 1 bytes is not a ModelProto (T1)",
          "[T3][T1][bad-input]") {
  // protobuf limits a message to 2^31 - 1 bytes.
  const HugeRegion region;
  REQUIRE(region.ok());
  const io::ModelReport r = io::check_model_bytes(region.bytes(), "huge.onnx");
  CHECK(r.status.requirement == "T1");
  CHECK(r.status.kind == io::IoErrorKind::format);
}

TEST_CASE("check-model: node structure, operator domains and opset imports", "[T3][GR4]") {
  // docs/cli.md: T3 when a Div does not have exactly two named inputs and one named output.
  const auto structure = [](const std::function<void(onnx::NodeProto&)>& edit) {
    onnx::ModelProto m = model(14, Operand{}, Operand{});
    edit(*m.mutable_graph()->mutable_node(0));
    return ids(only_node(check(m)));
  };
  const std::vector<std::string> t3{"T3"};
  CHECK(structure([](onnx::NodeProto& n) { n.add_input("a"); }) == t3);
  CHECK(structure([](onnx::NodeProto& n) { n.add_output("d"); }) == t3);
  CHECK(structure([](onnx::NodeProto& n) { n.set_input(0, ""); }) == t3);
  CHECK(structure([](onnx::NodeProto& n) { n.set_input(1, ""); }) == t3);
  CHECK(structure([](onnx::NodeProto& n) { n.set_output(0, ""); }) == t3);

  // Only Div of the default domain (spelled "" or "ai.onnx") is the ONNX operator.
  onnx::ModelProto named = model(14, Operand{}, Operand{});
  named.mutable_graph()->mutable_node(0)->set_domain("ai.onnx");
  CHECK(only_node(check(named)).verdict == io::Verdict::inside);
  onnx::ModelProto custom = model(14, Operand{}, Operand{});
  custom.mutable_graph()->mutable_node(0)->set_domain("com.example");
  CHECK(check(custom).status.requirement == "T3");  // no Div node

  // The opset is the import of the default domain, spelled "" or "ai.onnx"; others are ignored.
  onnx::ModelProto imports = model(6, Operand{}, Operand{});
  imports.mutable_opset_import(0)->set_domain("ai.onnx");
  imports.mutable_opset_import(0)->set_version(13);
  auto* other = imports.add_opset_import();
  other->set_domain("com.example");
  other->set_version(20);
  const auto r = check(imports);
  CHECK(r.opset == 13);
  CHECK(only_node(r).div_version == 13);
  CHECK(only_node(r).verdict == io::Verdict::inside);
  // Both spellings, or one twice, with two versions: which Div applies is ambiguous (T6).
  onnx::ModelProto twice = model(6, Operand{}, Operand{});
  auto* spelled = twice.add_opset_import();
  spelled->set_domain("ai.onnx");
  spelled->set_version(13);
  const auto& ambiguous = only_node(check(twice));
  CHECK(ids(ambiguous) == std::vector<std::string>{"T6"});
  CHECK(ambiguous.div_version == 0);
  CHECK(ambiguous.findings[0].message.find("opsets 6 and 13") != std::string::npos);

  // An attribute of another name is outside without the legacy-broadcasting hint.
  onnx::ModelProto attr = model(14, Operand{}, Operand{});
  auto* a = attr.mutable_graph()->mutable_node(0)->add_attribute();
  a->set_name("scale");
  a->set_type(onnx::AttributeProto::FLOAT);
  a->set_f(2.0F);
  const auto node = only_node(check(attr));
  CHECK(ids(node) == std::vector<std::string>{"T6", "GR4"});
  CHECK(node.findings[0].message.find("'scale'") != std::string::npos);
  CHECK(node.findings[0].message.find("legacy broadcasting") == std::string::npos);

  // A ModelProto without a graph is not a model to check.
  onnx::ModelProto no_graph;
  no_graph.set_ir_version(7);
  CHECK(check(no_graph).status.requirement == "T1");
}

TEST_CASE("check-model: subgraph lists, untyped declarations, negative and broadcast dimensions",
          "[T3][R1][R3][R4]") {
  // A Div inside a graph-list attribute (AttributeProto.graphs) is found too.
  onnx::ModelProto m = model(14, Operand{}, Operand{});
  auto* holder = m.mutable_graph()->add_node();
  holder->set_op_type("Loopish");
  holder->set_domain("com.example");
  auto* attr = holder->add_attribute();
  attr->set_name("bodies");
  attr->set_type(onnx::AttributeProto::GRAPHS);
  auto* body = attr->add_graphs();
  body->set_name("body");
  auto* inner = body->add_node();
  inner->set_op_type("Div");
  inner->add_input("a");
  inner->add_input("b");
  inner->add_output("z");
  const auto nested = check(m);
  REQUIRE(nested.nodes.size() == 2);
  CHECK(nested.nodes[1].graph == "body");
  CHECK(nested.nodes[1].location == "graph \"g\" > Loopish #1 \"\" > bodies[0] \"body\"");
  CHECK(nested.nodes[1].verdict == io::Verdict::inside);

  // A declaration with a name and no type declares nothing: R3 cannot be proved for it.
  onnx::ModelProto untyped = model(14, Operand{}, Operand{});
  untyped.mutable_graph()->mutable_input(1)->clear_type();
  const auto u = only_node(check(untyped));
  CHECK(u.verdict == io::Verdict::unproven);
  CHECK(ids(u) == std::vector<std::string>{"R3", "R1"});

  // A negative dimension value is not a static shape.
  onnx::ModelProto negative = model(14, Operand{}, Operand{});
  negative.mutable_graph()
      ->mutable_input(1)
      ->mutable_type()
      ->mutable_tensor_type()
      ->mutable_shape()
      ->mutable_dim(1)
      ->set_dim_value(-1);
  const auto n = only_node(check(negative));
  CHECK(n.verdict == io::Verdict::unproven);
  CHECK(ids(n) == std::vector<std::string>{"R1"});
  CHECK(n.findings[0].message.find("[3, -1] (not static)") != std::string::npos);

  // An undeclared A (B declared): R3 and R1 cannot be proved.
  onnx::ModelProto no_a = model(14, Operand{}, Operand{});
  no_a.mutable_graph()->mutable_input()->DeleteSubrange(0, 1);
  CHECK(ids(only_node(check(no_a))) == std::vector<std::string>{"R3", "R1"});

  // Broadcastable with the 1 in B: R4.
  const auto r4 = only_node(check(model(14, Operand{onnx::TensorProto::FLOAT, {"3", "4"}},
                                        Operand{onnx::TensorProto::FLOAT, {"3", "1"}})));
  CHECK(ids(r4) == std::vector<std::string>{"R4"});
  // And with the 1 in A.
  const auto r4a = only_node(check(model(14, Operand{onnx::TensorProto::FLOAT, {"1", "4"}},
                                         Operand{onnx::TensorProto::FLOAT, {"3", "4"}})));
  CHECK(ids(r4a) == std::vector<std::string>{"R4"});
}

TEST_CASE("check-model: outside and unproven findings together, and the declared result",
          "[T3][C2][R1][R2][GR4]") {
  // An attribute (outside) and an undeclared B (unproven): outside, both findings, outside first.
  onnx::ModelProto both = model(14, Operand{}, Operand{});
  both.mutable_graph()->mutable_input()->RemoveLast();
  auto* a = both.mutable_graph()->mutable_node(0)->add_attribute();
  a->set_name("axis");
  a->set_type(onnx::AttributeProto::INT);
  const auto node = only_node(check(both));
  CHECK(node.verdict == io::Verdict::outside);
  CHECK(ids(node) == std::vector<std::string>{"T6", "GR4", "R3", "R1"});
  CHECK(node.findings[1].verdict == io::Verdict::outside);
  CHECK(node.findings[2].verdict == io::Verdict::unproven);

  // A declared but undefined C type, and a C that is not a tensor, say nothing about C2.
  CHECK(only_node(check(model(14, Operand{}, Operand{}, Operand{onnx::TensorProto::UNDEFINED})))
            .verdict == io::Verdict::inside);
  onnx::ModelProto seq = model(14, Operand{}, Operand{});
  auto* c = seq.mutable_graph()->mutable_output(0)->mutable_type();
  c->clear_tensor_type();
  c->mutable_sequence_type()->mutable_elem_type()->mutable_tensor_type()->set_elem_type(
      onnx::TensorProto::FLOAT);
  CHECK(only_node(check(seq)).verdict == io::Verdict::inside);
  // A C of another type when an operand's type is unknown is not a C2 finding either.
  onnx::ModelProto unknown_a = model(14, Operand{}, Operand{}, Operand{onnx::TensorProto::DOUBLE});
  unknown_a.mutable_graph()->mutable_input(0)->mutable_type()->clear_tensor_type();
  CHECK(ids(only_node(check(unknown_a))) == std::vector<std::string>{"T6", "R3"});

  // A dense A and a sparse B: R2 for B, no shape finding.
  Operand sparse{};
  sparse.sparse = true;
  CHECK(ids(only_node(check(model(14, Operand{}, sparse)))) ==
        std::vector<std::string>{"T6", "R2", "GR1"});

  // A unproven node's line says UNPROVEN with its requirement IDs.
  const auto unproven =
      only_node(check(model(14, Operand{}, Operand{onnx::TensorProto::FLOAT, {"N", "4"}})));
  const std::string line = io::format_node_line(unproven);
  CHECK(line.find("UNPROVEN [R1]") != std::string::npos);

  // A report with no node is never "all inside", even without an error status.
  CHECK_FALSE(io::ModelReport{}.all_inside());
}

// ONNX shape inference runs before the check (item: check the model a user deploys). ONNX's
// pytorch-converted test_Softsign computes Div's divisor (1 + |x|) without declaring its type or
// shape: declared facts alone cannot prove R3 or R1; after inference the node is outside only
// because opset 6 selects Div-6 (GR4), and the report names the inferred fact.
TEST_CASE("check-model: ONNX shape inference settles computed operands, and says so",
          "[T3][GR4][R1][R3]") {
  const std::string node_data = SONNX_ONNX_NODE_DATA;
  REQUIRE_FALSE(node_data.empty());  // libonnx-testdata (see tests/io/CMakeLists.txt)
  const std::filesystem::path softsign = std::filesystem::path(node_data).parent_path() /
                                         "pytorch-converted" / "test_Softsign" / "model.onnx";
  REQUIRE(std::filesystem::is_regular_file(softsign));

  const io::ModelReport inferred = io::check_model_file(softsign);
  REQUIRE(inferred.status.ok());
  CHECK(inferred.shape_inference);
  const auto& node = only_node(inferred);
  CHECK(node.verdict == io::Verdict::outside);
  CHECK(node.div_version == 6);
  CHECK(ids(node) == std::vector<std::string>{"GR4"});
  REQUIRE(node.inferred.size() == 1);
  CHECK(node.inferred[0] == "B ('3'): type float32, shape [3, 2, 5]");
  CHECK(io::format_node_line(node).find("from ONNX shape inference: B ('3')") != std::string::npos);

  const io::ModelReport declared = io::check_model_file(softsign, io::CheckOptions{false});
  REQUIRE(declared.status.ok());
  CHECK_FALSE(declared.shape_inference);
  const auto& plain = only_node(declared);
  CHECK(ids(plain) == std::vector<std::string>{"GR4", "R3", "R1"});
  CHECK(plain.inferred.empty());
}

TEST_CASE("check-model: what shape inference cannot settle stays unproven", "[T3][R1]") {
  // A symbolic dimension on a graph input is not made static by inference.
  const io::ModelReport r =
      check(model(14, Operand{}, Operand{onnx::TensorProto::FLOAT, {"N", "4"}}));
  CHECK(r.shape_inference);
  CHECK(only_node(r).verdict == io::Verdict::unproven);
  CHECK(only_node(r).inferred.empty());
  // A declared operand's facts are never reported as inferred.
  CHECK(only_node(check(model(14, Operand{}, Operand{}))).inferred.empty());
}

// ONNX 1.12's GRU inference dereferences a missing input type on this malformed model (a GRU
// node with two inputs, found by fuzzing). Inference runs in a child process: the crash costs the
// inferred facts, and the Div node is still judged from the declared facts.
TEST_CASE("check-model: a crash inside ONNX shape inference does not end the check",
          "[T3][GR4][R3]") {
  const std::filesystem::path crash =
      std::filesystem::path(SONNX_FUZZ_CORPUS) / "check_model" / "crash-gru-shape-inference.onnx";
  REQUIRE(std::filesystem::is_regular_file(crash));
  const io::ModelReport r = io::check_model_file(crash);
  CHECK_FALSE(r.shape_inference);
  CHECK(r.shape_inference_note.rfind("ONNX shape inference crashed (signal ", 0) == 0);
  const auto& node = only_node(r);
  CHECK(node.verdict == io::Verdict::outside);
  // Opset 4 selects Div-1 (GR4); A's type code 59 is no type Div-1 allows (T6) nor a profile type
  // (R3), and differs from B's float (T6); B has no shape (R1 unproven).
  CHECK(ids(node) == std::vector<std::string>{"GR4", "T6", "R3", "T6", "R1"});
  // ONNX's checker ran in the same child and gave no answer: the model cannot be inside.
  CHECK(r.onnx_checker == io::OnnxCheck::failed);
  CHECK_FALSE(r.all_inside());
}

namespace {

// The default options without ONNX's inference and checker: the checker's own rules alone.
constexpr io::CheckOptions own_rules{.shape_inference = false, .onnx_checker = false};

io::ModelReport check_own(const onnx::ModelProto& m) {
  std::string s;
  m.SerializeToString(&s);
  const Bytes bytes = bytes_of(s);
  return io::check_model_bytes(bytes, "model.onnx", own_rules);
}

bool has(const io::NodeReport& node, const std::string& id) {
  const auto found = ids(node);
  return std::find(found.begin(), found.end(), id) != found.end();
}

onnx::AttributeProto* add_int(onnx::NodeProto& node, const std::string& name, std::int64_t value) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::INT);
  a->set_i(value);
  return a;
}

// A model-local function local.F(x, y) -> z whose body is one Div, importing `opset`.
onnx::FunctionProto* add_div_function(onnx::ModelProto& m, const std::string& name = "F",
                                      std::int64_t opset = 14) {
  auto* f = m.add_functions();
  f->set_domain("local");
  f->set_name(name);
  f->add_input("x");
  f->add_input("y");
  f->add_output("z");
  auto* import = f->add_opset_import();
  import->set_domain("");
  import->set_version(opset);
  auto* div = f->add_node();
  div->set_op_type("Div");
  div->add_input("x");
  div->add_input("y");
  div->add_output("z");
  return f;
}

// model(...) whose Div node becomes a call of local.F (the model imports domain local).
onnx::ModelProto calling(std::int64_t opset, const Operand& a, const Operand& b,
                         std::optional<Operand> c = Operand{}) {
  onnx::ModelProto m = model(opset, a, b, std::move(c));
  m.mutable_graph()->mutable_node(0)->set_op_type("F");
  m.mutable_graph()->mutable_node(0)->set_domain("local");
  auto* import = m.add_opset_import();
  import->set_domain("local");
  import->set_version(1);
  return m;
}

}  // namespace

// ONNX Div operator page (seed 000), type constraint T of each version:
//   Div-1:  tensor(double), tensor(float), tensor(float16)
//   Div-6, Div-7: those and tensor(int32), tensor(int64), tensor(uint32), tensor(uint64)
//   Div-13: those and tensor(bfloat16)
//   Div-14: those and tensor(int8), tensor(int16), tensor(uint8), tensor(uint16)
TEST_CASE("check-model: each Div version allows exactly the types of its type constraint",
          "[T6][T3]") {
  using T = onnx::TensorProto;
  const std::set<int> div1{T::DOUBLE, T::FLOAT, T::FLOAT16};
  std::set<int> div6 = div1;
  div6.insert({T::INT32, T::INT64, T::UINT32, T::UINT64});
  std::set<int> div13 = div6;
  div13.insert(T::BFLOAT16);
  std::set<int> div14 = div13;
  div14.insert({T::INT8, T::INT16, T::UINT8, T::UINT16});
  const std::vector<std::pair<std::int64_t, const std::set<int>*>> opsets = {
      {1, &div1}, {5, &div1}, {6, &div6}, {7, &div6}, {12, &div6}, {13, &div13}, {14, &div14},
      {17, &div14}};
  for (const auto& [opset, allowed] : opsets) {
    for (const int t : {T::FLOAT16, T::BFLOAT16, T::FLOAT, T::DOUBLE, T::INT8, T::INT16, T::INT32,
                        T::INT64, T::UINT8, T::UINT16, T::UINT32, T::UINT64}) {
      INFO("opset " << opset << ", elem_type " << t);
      const Operand x{t};
      const auto node = only_node(check_own(model(opset, x, x, x)));
      CHECK(has(node, "T6") == (allowed->count(t) == 0));
      if (opset >= 7) CHECK((node.verdict == io::Verdict::inside) == (allowed->count(t) != 0));
    }
  }
  // The three models: each is outside, naming the version and its type constraint.
  const std::vector<std::tuple<std::int64_t, int, std::string>> reported = {
      {13, T::INT8, "int8, which Div-13 does not allow"},
      {12, T::BFLOAT16, "bfloat16, which Div-7 does not allow"},
      {12, T::UINT8, "uint8, which Div-7 does not allow"}};
  for (const auto& [opset, t, text] : reported) {
    const Operand x{t};
    const io::ModelReport r = check(model(opset, x, x, x));
    const auto& node = only_node(r);
    CHECK(node.verdict == io::Verdict::outside);
    CHECK(ids(node) == std::vector<std::string>{"T6", "T6"});  // A and B
    CHECK_THAT(node.findings[0].message, Catch::Contains(text));
    CHECK_THAT(node.findings[0].message, Catch::Contains("type constraint T: tensor("));
    CHECK(r.onnx_checker == io::OnnxCheck::rejected);  // ONNX's checker agrees
    CHECK_FALSE(r.all_inside());
  }
}

// Seed 000, Div-1 and Div-6: attributes axis and broadcast (int; Div-1 also consumed_inputs, a
// list of ints); without broadcast=1 B has A's shape; with it B has one element, or is a
// contiguous part of A's shape at `axis` (at its end without axis). Div-7 has no attribute.
TEST_CASE("check-model: the attributes and limited broadcasting of Div-1 and Div-6", "[T6][GR4]") {
  const Operand a234{onnx::TensorProto::FLOAT, {"2", "3", "4"}};
  const auto judged = [&](std::int64_t opset, const Operand& b,
                          const std::function<void(onnx::NodeProto&)>& edit) {
    onnx::ModelProto m = model(opset, a234, b, a234);
    edit(*m.mutable_graph()->mutable_node(0));
    return only_node(check_own(m));
  };
  const auto none = [](onnx::NodeProto&) {};
  const Operand b34{onnx::TensorProto::FLOAT, {"3", "4"}};
  const Operand b3{onnx::TensorProto::FLOAT, {"3"}};
  const Operand b11{onnx::TensorProto::FLOAT, {"1", "1"}};
  const auto consumed = [](onnx::NodeProto& n) {
    auto* c = n.add_attribute();
    c->set_name("consumed_inputs");
    c->set_type(onnx::AttributeProto::INTS);
    c->add_ints(0);
  };
  // Div-1 has consumed_inputs, Div-6 not.
  CHECK_FALSE(has(judged(1, a234, consumed), "T6"));
  CHECK(has(judged(1, a234, consumed), "GR4"));
  CHECK(has(judged(6, a234, consumed), "T6"));
  // broadcast is an int.
  const auto float_broadcast = [](onnx::NodeProto& n) {
    auto* c = n.add_attribute();
    c->set_name("broadcast");
    c->set_type(onnx::AttributeProto::FLOAT);
    c->set_f(1.0F);
  };
  CHECK_THAT(judged(6, a234, float_broadcast).findings[1].message,
             Catch::Contains("must be an int"));
  // Without broadcast=1: the same shape, else T6.
  CHECK_FALSE(has(judged(6, a234, none), "T6"));
  CHECK(has(judged(6, b34, none), "T6"));
  // With broadcast=1: a suffix of A's shape, a part at axis, or one element.
  const auto bc = [](onnx::NodeProto& n) { add_int(n, "broadcast", 1); };
  CHECK_FALSE(has(judged(6, b34, bc), "T6"));
  CHECK_FALSE(has(judged(6, b11, bc), "T6"));
  CHECK(has(judged(6, b3, bc), "T6"));  // [3] is not A's last dimension (4)
  const auto at = [](std::int64_t axis) {
    return [axis](onnx::NodeProto& n) {
      add_int(n, "broadcast", 1);
      add_int(n, "axis", axis);
    };
  };
  CHECK_FALSE(has(judged(6, b3, at(1)), "T6"));
  CHECK(has(judged(6, b3, at(0)), "T6"));
  CHECK(has(judged(6, b3, at(3)), "T6"));
  // Every one of them is outside the profile anyway (GR4: Div-6).
  CHECK(judged(6, b34, bc).verdict == io::Verdict::outside);
  // Div-7 has no attribute at all.
  const auto node7 = judged(7, b34, bc);
  CHECK(ids(node7).front() == "T6");
  CHECK_THAT(node7.findings[0].message, Catch::Contains("not an attribute of Div-7"));
}

TEST_CASE("check-model: opsets that select no known Div version", "[T6][GR4]") {
  // Newer than ONNX 1.12's registry knows (17): a later Div version cannot be excluded.
  const auto newer = only_node(check_own(model(18, Operand{}, Operand{})));
  CHECK(newer.verdict == io::Verdict::unproven);
  CHECK(ids(newer) == std::vector<std::string>{"T6"});
  CHECK_THAT(newer.findings[0].message, Catch::Contains("newer than the newest opset"));
  // Opset 0 is no version at all.
  const auto zero = only_node(check_own(model(0, Operand{}, Operand{})));
  CHECK(zero.verdict == io::Verdict::outside);
  CHECK(ids(zero) == std::vector<std::string>{"T6"});
}

TEST_CASE("check-model: a model is inside only if ONNX's checker accepts it", "[T6][T3]") {
  // ir_version 10 is newer than ONNX 1.12's checker accepts: the Div node is inside, the model
  // is not valid ONNX for the checker, so it is outside.
  onnx::ModelProto newer_ir = model(14, Operand{}, Operand{});
  newer_ir.set_ir_version(10);
  const io::ModelReport rejected = check(newer_ir);
  CHECK(only_node(rejected).verdict == io::Verdict::inside);
  CHECK(rejected.onnx_checker == io::OnnxCheck::rejected);
  CHECK_THAT(rejected.onnx_checker_message, Catch::Contains("ir_version"));
  REQUIRE(rejected.findings.size() == 1);
  CHECK(rejected.findings[0].requirement == "T6");
  CHECK(rejected.verdict() == io::Verdict::outside);
  CHECK_FALSE(rejected.all_inside());
  CHECK(io::outcome_of(rejected) == io::ModelOutcome::outside);
  // Without ONNX's checker nothing is shown valid: unproven.
  const io::ModelReport unchecked = check_own(model(14, Operand{}, Operand{}));
  CHECK(only_node(unchecked).verdict == io::Verdict::inside);
  CHECK(unchecked.onnx_checker == io::OnnxCheck::not_run);
  CHECK(unchecked.verdict() == io::Verdict::unproven);
  CHECK_FALSE(unchecked.all_inside());
}

// The models: a Div that only a model-local function holds, broadcasting [4] by [4, 1];
// and a main-graph Div inside the profile beside such a function.
TEST_CASE("check-model: Div nodes of model-local functions are judged at each call site",
          "[T3][R4][R1][C1]") {
  const Operand v4{onnx::TensorProto::FLOAT, {"4"}};
  const Operand v41{onnx::TensorProto::FLOAT, {"4", "1"}};
  const Operand v44{onnx::TensorProto::FLOAT, {"4", "4"}};
  onnx::ModelProto only_function = calling(14, v4, v41, v44);
  add_div_function(only_function);
  const io::ModelReport r = check(only_function);
  const auto& node = only_node(r);
  CHECK(node.verdict == io::Verdict::outside);
  CHECK(ids(node) == std::vector<std::string>{"R4"});
  CHECK(node.function == "local.F");
  CHECK(node.location == "graph \"g\" > call #0 \"div0\" of function local.F");
  CHECK(r.verdict() == io::Verdict::outside);

  onnx::ModelProto both = only_function;
  auto* main_div = both.mutable_graph()->add_node();
  main_div->set_op_type("Div");
  main_div->add_input("a");
  main_div->add_input("a");
  main_div->add_output("q");
  const io::ModelReport r2 = check(both);
  REQUIRE(r2.nodes.size() == 2);
  CHECK(r2.nodes[0].verdict == io::Verdict::inside);  // the main graph's first
  CHECK(r2.nodes[0].function.empty());
  CHECK(r2.nodes[1].verdict == io::Verdict::outside);
  CHECK_FALSE(r2.all_inside());

  // Two calls with other types: one report each, with the call's types.
  onnx::ModelProto twice = calling(14, Operand{}, Operand{});
  add_div_function(twice);
  auto* second = twice.mutable_graph()->add_node();
  *second = twice.graph().node(0);
  second->set_name("second");
  second->set_input(1, "a");
  second->set_output(0, "d");
  twice.mutable_graph()->mutable_input(1)->mutable_type()->mutable_tensor_type()->set_elem_type(
      onnx::TensorProto::DOUBLE);
  const io::ModelReport r3 = check_own(twice);
  REQUIRE(r3.nodes.size() == 2);
  CHECK(ids(r3.nodes[0]) == std::vector<std::string>{"T6", "C2", "GR3"});  // float by double
  CHECK(r3.nodes[1].verdict == io::Verdict::inside);                       // float by float
  CHECK_THAT(r3.nodes[1].location, Catch::Contains("call #1 \"second\""));
}

TEST_CASE("check-model: functions no call reaches, recursive calls and many calls are unproven",
          "[T3][R3][R1]") {
  // Not called: judged once, without types.
  onnx::ModelProto uncalled = model(14, Operand{}, Operand{});
  add_div_function(uncalled);
  const io::ModelReport r = check(uncalled);
  REQUIRE(r.nodes.size() == 2);
  CHECK(r.nodes[0].verdict == io::Verdict::inside);
  CHECK(r.nodes[1].verdict == io::Verdict::unproven);
  CHECK(r.nodes[1].location == "function local.F (not called)");
  CHECK(ids(r.nodes[1]) == std::vector<std::string>{"R3", "R3", "R1"});
  CHECK(r.verdict() == io::Verdict::unproven);

  // F calls itself: the first call is judged with types, the recursive one without.
  onnx::ModelProto recursive = calling(14, Operand{}, Operand{});
  auto* f = add_div_function(recursive);
  auto* self = f->add_node();
  self->set_op_type("F");
  self->set_domain("local");
  self->add_input("z");
  self->add_input("y");
  self->add_output("w");
  f->add_opset_import()->set_domain("local");
  f->mutable_opset_import(1)->set_version(1);
  const io::ModelReport rr = check_own(recursive);
  REQUIRE(rr.nodes.size() == 2);
  CHECK(rr.nodes[0].verdict == io::Verdict::inside);
  CHECK(rr.nodes[1].verdict == io::Verdict::unproven);
  CHECK_THAT(rr.nodes[1].findings[0].message, Catch::Contains("recursive"));

  // 65 calls: the first 64 with their types, the last without.
  onnx::ModelProto many = calling(14, Operand{}, Operand{});
  add_div_function(many);
  for (int k = 1; k < 65; ++k) {
    auto* call = many.mutable_graph()->add_node();
    *call = many.graph().node(0);
    call->set_output(0, "c" + std::to_string(k));
  }
  const io::ModelReport rm = check_own(many);
  REQUIRE(rm.nodes.size() == 65);
  CHECK(rm.nodes[63].verdict == io::Verdict::inside);
  CHECK(rm.nodes[64].verdict == io::Verdict::unproven);
  CHECK_THAT(rm.nodes[64].findings[0].message, Catch::Contains("more than 64 calls"));
}

TEST_CASE("check-model: a function's own opset, nested calls and attribute references",
          "[T6][T3][GR4][R4]") {
  using T = onnx::TensorProto;
  // The function imports opset 13 (so does the model): int8 is not a Div-13 type.
  const Operand i8{T::INT8, {"4"}};
  onnx::ModelProto own = calling(13, i8, i8, i8);
  add_div_function(own, "F", 13);
  const auto node = only_node(check(own));
  CHECK(node.opset == 13);
  CHECK(node.div_version == 13);
  CHECK(ids(node) == std::vector<std::string>{"T6", "T6"});
  // A function importing another Div version than the model's (13 against 14).
  onnx::ModelProto differs = calling(14, Operand{}, Operand{});
  add_div_function(differs, "F", 13);
  CHECK_THAT(only_node(check_own(differs)).findings[0].message,
             Catch::Contains("must give the same operator schemas"));
  // A function importing no default-domain opset: the Div version would be defaulted.
  onnx::ModelProto no_import = calling(14, Operand{}, Operand{});
  add_div_function(no_import)->mutable_opset_import(0)->set_domain("com.example");
  CHECK(ids(only_node(check_own(no_import))) == std::vector<std::string>{"GR4"});

  // F calls G, G divides: G's Div is judged with the types F's call gives (ONNX's inference
  // carries them through F's Relu).
  onnx::ModelProto nested = calling(14, Operand{T::FLOAT, {"2", "3"}}, Operand{T::FLOAT, {"3"}},
                                    Operand{T::FLOAT, {"2", "3"}});
  auto* g = add_div_function(nested, "G");
  auto* outer = nested.add_functions();
  *outer = *g;
  outer->set_name("F");
  outer->mutable_node(0)->set_op_type("Relu");
  outer->mutable_node(0)->mutable_input()->RemoveLast();
  outer->mutable_node(0)->set_output(0, "r");
  auto* inner_call = outer->add_node();
  inner_call->set_op_type("G");
  inner_call->set_domain("local");
  inner_call->add_input("r");
  inner_call->add_input("y");
  inner_call->add_output("z");
  auto* local = outer->add_opset_import();
  local->set_domain("local");
  local->set_version(1);
  const auto deep = only_node(check(nested));
  CHECK(deep.function == "local.G");
  CHECK(deep.location ==
        "graph \"g\" > call #0 \"div0\" of function local.F > call #1 \"\" of function local.G");
  CHECK(ids(deep) == std::vector<std::string>{"R4"});

  // An attribute reference on the function's Div: an attribute of the node, bound or not.
  for (const bool bound : {true, false}) {
    INFO("bound " << bound);
    onnx::ModelProto refs = calling(14, Operand{}, Operand{});
    auto* f = add_div_function(refs);
    f->add_attribute("bc");
    auto* ref = f->mutable_node(0)->add_attribute();
    ref->set_name("broadcast");
    ref->set_ref_attr_name("bc");
    ref->set_type(onnx::AttributeProto::INT);
    if (bound) add_int(*refs.mutable_graph()->mutable_node(0), "bc", 1);
    const auto judged = only_node(check_own(refs));
    CHECK(ids(judged) == std::vector<std::string>{"T6", "GR4"});
    if (!bound) {
      CHECK_THAT(judged.findings[1].message,
                 Catch::Contains("reference to the function's attribute"));
    }
  }
}

TEST_CASE("check-model: a local function that redefines Div in the default domain", "[T6]") {
  onnx::ModelProto m = model(14, Operand{}, Operand{});
  add_div_function(m, "Div")->set_domain("");
  const io::ModelReport r = check_own(m);
  REQUIRE_FALSE(r.nodes.empty());
  CHECK(has(r.nodes[0], "T6"));
  CHECK(r.nodes[0].verdict == io::Verdict::outside);
}

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
  auto* t = fed.mutable_graph()->add_initializer();
  t->set_name("b");
  t->set_data_type(onnx::TensorProto::FLOAT);
  t->add_dims(3);
  t->add_dims(4);
  t->set_raw_data(std::string(48, '\0'));
  CHECK(ids(only_node(check_own(fed))) == std::vector<std::string>{"R1"});
  // A declared C whose declarations disagree cannot prove C2.
  onnx::ModelProto c = model(14, Operand{}, Operand{});
  declare(c.mutable_graph()->add_value_info(), "c", Operand{onnx::TensorProto::DOUBLE});
  CHECK(ids(only_node(check_own(c))) == std::vector<std::string>{"C2"});
}

TEST_CASE("check-model: model sets name files and folders, with outcomes and model lines",
          "[T3][T1]") {
  ScratchDir dir;
  const auto save = [](const onnx::ModelProto& m, const std::filesystem::path& path) {
    std::string s;
    m.SerializeToString(&s);
    write_bytes(path, bytes_of(s));
  };
  std::filesystem::create_directories(dir / "set" / "sub");
  std::filesystem::create_directories(dir / "empty");
  save(model(14, Operand{}, Operand{}), dir / "set" / "b.onnx");
  save(model(14, Operand{}, Operand{onnx::TensorProto::FLOAT, {"4"}}),
       dir / "set" / "sub" / "a.onnx");
  onnx::ModelProto mul = model(14, Operand{}, Operand{});
  mul.mutable_graph()->mutable_node(0)->set_op_type("Mul");
  save(mul, dir / "set" / "c.onnx");
  write_bytes(dir / "set" / "notes.txt", Bytes{1});
  const std::vector<std::filesystem::path> names = {dir / "set", dir / "empty",
                                                    dir / "absent.onnx"};
  const std::vector<io::ModelSetEntry> set = io::model_set(names);
  REQUIRE(set.size() == 5);
  CHECK(set[0].path == dir / "set" / "b.onnx");  // lexicographic: b.onnx, c.onnx, sub/a.onnx
  CHECK(set[1].path == dir / "set" / "c.onnx");
  CHECK(set[2].path == dir / "set" / "sub" / "a.onnx");
  CHECK(set[3].status.requirement == "T1");  // a folder with no model
  CHECK_THAT(set[3].status.message, Catch::Contains("no *.onnx file"));
  CHECK(set[4].status.ok());  // a file name is taken as given; reading it fails later (T1)

  const io::ModelReport inside = io::check_model_file(set[0].path);
  const io::ModelReport none = io::check_model_file(set[1].path);
  const io::ModelReport outside = io::check_model_file(set[2].path);
  const io::ModelReport absent = io::check_model_file(set[4].path);
  CHECK(io::outcome_of(inside) == io::ModelOutcome::inside);
  CHECK(io::outcome_of(none) == io::ModelOutcome::no_div_node);
  CHECK(none.no_div_node);
  CHECK(io::outcome_of(outside) == io::ModelOutcome::outside);
  CHECK(io::outcome_of(absent) == io::ModelOutcome::error);
  CHECK(io::format_model_line("b.onnx", inside) ==
        "b.onnx: INSIDE, 1 Div node(s): 1 inside, 0 outside, 0 unproven");
  CHECK(io::format_model_line("c.onnx", none) == "c.onnx: NO DIV NODE (T3)");
  CHECK(io::format_model_line("a.onnx", outside) ==
        "a.onnx: OUTSIDE [R4], 1 Div node(s): 0 inside, 1 outside, 0 unproven");
  CHECK_THAT(io::format_model_line("x.onnx", absent), Catch::StartsWith("x.onnx: ERROR [T1] "));
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
    auto* branch = g->add_node();
    branch->set_op_type("If");
    branch->add_input("cond");
    branch->add_output("out");
    auto* attr = branch->add_attribute();
    attr->set_name("then_branch");
    attr->set_type(onnx::AttributeProto::GRAPH);
    auto* sub = attr->mutable_g();
    sub->set_name("then");
    auto* div = sub->add_node();
    div->set_op_type("Div");
    div->add_input("a");
    div->add_input("b");
    div->add_output("q");
    edit(*sub);
    return only_node(check_own(m));
  };
  // The caller feeds a of shape [N, 4]; the branch's value_info claims [3, 4]: still symbolic.
  const Operand symbolic{onnx::TensorProto::FLOAT, {"N", "4"}};
  const auto claimed = with_branch(symbolic, [](onnx::GraphProto& sub) {
    declare(sub.add_value_info(), "a", Operand{});
  });
  CHECK(claimed.verdict == io::Verdict::unproven);
  CHECK(ids(claimed) == std::vector<std::string>{"R1"});
  // A claim that contradicts the outer declaration is a conflict.
  const auto contradicting = with_branch(Operand{}, [](onnx::GraphProto& sub) {
    declare(sub.add_value_info(), "a", Operand{onnx::TensorProto::FLOAT, {"5"}});
  });
  CHECK(contradicting.verdict == io::Verdict::unproven);
  CHECK_THAT(contradicting.findings[0].message, Catch::Contains("contradict"));
  // A value no graph defines (no input, initializer or node output) is unknown, whatever a
  // value_info says of it.
  const auto undefined = with_branch(Operand{}, [](onnx::GraphProto& sub) {
    sub.mutable_node(0)->set_input(1, "nowhere");
    declare(sub.add_value_info(), "nowhere", Operand{});
  });
  CHECK(ids(undefined) == std::vector<std::string>{"R3", "R1"});
  // A subgraph input of the same name (untyped) hides the outer value: nothing is known of it.
  const auto hidden = with_branch(Operand{}, [](onnx::GraphProto& sub) {
    sub.add_input()->set_name("a");
  });
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
  auto* attr = loop->add_attribute();
  attr->set_name("body");
  attr->set_type(onnx::AttributeProto::GRAPH);
  auto* body = attr->mutable_g();
  body->set_name("body");
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
  // Fed [3] first and [3] by the body's output after: the declaration holds.
  CHECK(only_node(check_own(loop_model(f3, f3))).verdict == io::Verdict::inside);
  // Fed [5] first.
  const auto first = only_node(check_own(loop_model(Operand{onnx::TensorProto::FLOAT, {"5"}}, f3)));
  CHECK(first.verdict == io::Verdict::unproven);
  CHECK(ids(first) == std::vector<std::string>{"R3", "R1"});
  CHECK_THAT(first.findings[0].message, Catch::Contains("float32 [5] (graph input) first"));
  // Fed [N] first: not shown to be [3].
  CHECK(only_node(check_own(loop_model(Operand{onnx::TensorProto::FLOAT, {"N"}}, f3))).verdict ==
        io::Verdict::unproven);
  // The body's carried output is declared [4]: the later runs are not fed [3].
  const auto later = only_node(
      check_own(loop_model(f3, f3, Operand{onnx::TensorProto::FLOAT, {"4"}})));
  CHECK(later.verdict != io::Verdict::inside);
  // A node of another domain whose graph has inputs: nothing is known of what it feeds.
  onnx::ModelProto custom = loop_model(f3, f3);
  custom.mutable_graph()->mutable_node(0)->set_domain("com.example");
  const auto unknown_op = only_node(check_own(custom));
  CHECK(unknown_op.verdict == io::Verdict::unproven);
  CHECK_THAT(unknown_op.findings[0].message, Catch::Contains("no rule for Loop"));
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
    auto* body = node->add_attribute();
    body->set_name("body");
    body->set_type(onnx::AttributeProto::GRAPH);
    auto* sub = body->mutable_g();
    sub->set_name("body");
    declare(sub->add_input(), "state", Operand{onnx::TensorProto::FLOAT, {"4"}});
    declare(sub->add_input(), "e", Operand{onnx::TensorProto::FLOAT, {"4"}});
    auto* div = sub->add_node();
    div->set_op_type("Div");
    div->add_input("state");
    div->add_input("e");
    div->add_output("next");
    declare(sub->add_output(), "next", Operand{onnx::TensorProto::FLOAT, {"4"}});
    return only_node(check_own(m));
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
