// check-model (T3, T6) on synthetic models covering each profile condition of a Div node, what
// ONNX's shape inference derives, and its isolation in a child process. The Div versions' rules
// are tested in test_model_check_versions.cpp, the places a Div node can be (subgraphs,
// functions, training graphs, function-defined operators) and model sets in
// test_model_check_graphs.cpp.
#include <onnx/onnx_pb.h>

#include <catch2/catch.hpp>
#include <functional>
#include <set>
#include <sonnx/io/model_check.hpp>

#include "model_check_support.hpp"

using namespace sonnx;
using namespace sonnx::test;

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

// D8 as the library decides it with a 64-bit size_t: the byte count at most PTRDIFF_MAX, 2^63 - 1.
// float32 [2^61 - 1] is 2^63 - 4 bytes; float32 [2^61] is 2^63 bytes, int8 [2^62, 2] 2^63 too.
TEST_CASE("check-model: a static shape whose element or byte count overflows is outside (D8)",
          "[T3][D8]") {
  const auto one_shape = [](int type, const std::vector<std::string>& dims) {
    const Operand o{type, dims};
    return check_own(model(14, o, o, o));
  };
  CHECK(only_node(one_shape(onnx::TensorProto::FLOAT, {"2305843009213693951"})).verdict ==
        io::Verdict::inside);
  const io::NodeReport bytes =
      only_node(one_shape(onnx::TensorProto::FLOAT, {"2305843009213693952"}));
  CHECK(ids(bytes) == std::vector<std::string>{"D8"});
  CHECK(bytes.verdict == io::Verdict::outside);
  CHECK_THAT(bytes.findings[0].message, Catch::Contains("cannot be represented"));
  CHECK(only_node(one_shape(onnx::TensorProto::INT8, {"4611686018427387904"})).verdict ==
        io::Verdict::inside);
  CHECK(ids(only_node(one_shape(onnx::TensorProto::INT8, {"4611686018427387904", "2"}))) ==
        std::vector<std::string>{"D8"});
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
  for (const int t :
       std::initializer_list<int>{onnx::TensorProto::STRING, onnx::TensorProto::BOOL,
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
  add_zeros(*init.mutable_graph(), "b", {3, 4});
  CHECK(only_node(check(init)).verdict == io::Verdict::inside);
}

TEST_CASE("check-model: Div nodes in subgraphs are checked, one report per node", "[T3][R4]") {
  onnx::ModelProto m = model(14, Operand{}, Operand{});
  auto* g = m.mutable_graph();
  auto* sub = add_graph(*add_node(*g, "If", {"cond"}, {"out"}), "then_branch", "then");
  add_node(*sub, "Div", {"a", "v"}, {"w"});  // a: the outer-scope value, [3, 4]
  add_zeros(*sub, "v", {4});  // the branch's own constant
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

TEST_CASE(
    "check-model: an operand that is not a tensor (sequence, or no type value) is outside "
    "(R3), a sparse C is outside (R2)",
    "[T3][R3][R2][GR1]") {
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
  check_huge_region_refused([](std::span<const unsigned char> bytes) {
    return io::check_model_bytes(bytes, "huge.onnx");
  });
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
  auto* attr = add_node(*m.mutable_graph(), "Loopish", {}, {}, "com.example")->add_attribute();
  attr->set_name("bodies");
  attr->set_type(onnx::AttributeProto::GRAPHS);
  auto* body = attr->add_graphs();
  body->set_name("body");
  add_node(*body, "Div", {"a", "b"}, {"z"});
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
  REQUIRE_FALSE(node_data.empty());  // libonnx-testdata (see io/tests/CMakeLists.txt)
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

// ONNX 1.12's inference of a model-local function that calls itself recurses without end and
// overflows its stack (a crash, signal 11). Inference runs in a child process: the crash costs the
// derived facts, and the Div node is still judged from the model's inputs. (ONNX's GRU inference
// on the fuzzing corpus's crash-gru-shape-inference.onnx dereferences a missing type: undefined
// behaviour, which crashes in some processes and not in others, so not used here.)
TEST_CASE("check-model: a crash inside ONNX shape inference does not end the check",
          "[T3][R1][R3]") {
  onnx::ModelProto m =
      model(14, Operand{onnx::TensorProto::FLOAT, {"4"}}, Operand{onnx::TensorProto::FLOAT, {"4"}},
            Operand{onnx::TensorProto::FLOAT, {"4"}});
  auto* g = m.mutable_graph();
  g->mutable_node(0)->set_output(0, "d");  // d = a / b (inside), then c = F(d, b)
  auto* call = g->add_node();
  call->set_op_type("F");
  call->set_domain("local");
  call->add_input("d");
  call->add_input("b");
  call->add_output("c");
  auto* import = m.add_opset_import();
  import->set_domain("local");
  import->set_version(1);
  auto* f = m.add_functions();  // F(x, y) = F(x, y): a call of itself
  f->set_domain("local");
  f->set_name("F");
  f->add_input("x");
  f->add_input("y");
  f->add_output("z");
  f->add_opset_import()->CopyFrom(m.opset_import(1));
  auto* self = f->add_node();
  self->set_op_type("F");
  self->set_domain("local");
  self->add_input("x");
  self->add_input("y");
  self->add_output("z");
  const io::ModelReport r = check(m);
  CHECK_FALSE(r.shape_inference);
  CHECK(r.shape_inference_note.rfind("ONNX shape inference crashed (signal ", 0) == 0);
  // a and b are graph inputs of float32 [4]: the node is inside without inference.
  CHECK(only_node(r).verdict == io::Verdict::inside);
  // ONNX's checker ran in the same child and gave no answer: the model cannot be inside.
  CHECK(r.onnx_checker == io::OnnxCheck::failed);
  CHECK_FALSE(r.all_inside());
}
