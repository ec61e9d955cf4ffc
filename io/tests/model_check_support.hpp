// Support of the tests of check-model (test_model_check*.cpp): synthetic models with one
// Div node (or a call of a model-local function), their check, and the findings' IDs.
#ifndef SONNX_TESTS_IO_MODEL_CHECK_SUPPORT_HPP
#define SONNX_TESTS_IO_MODEL_CHECK_SUPPORT_HPP

#include <onnx/onnx_pb.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <optional>
#include <sonnx/io/model_check.hpp>
#include <string>
#include <vector>

#include "io_test_support.hpp"

namespace sonnx::test {

struct Operand {
  int elem_type = onnx::TensorProto::FLOAT;
  std::vector<std::string> dims = {"3", "4"};  // a number, a symbol, or "?" (no value)
  bool has_shape = true;
  bool sparse = false;
};

inline void declare(onnx::ValueInfoProto* v, const std::string& name, const Operand& o) {
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

inline onnx::ModelProto model(std::int64_t opset, const Operand& a, const Operand& b,
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

inline io::ModelReport check(const onnx::ModelProto& m) {
  std::string s;
  m.SerializeToString(&s);
  const Bytes bytes = bytes_of(s);
  return io::check_model_bytes(bytes, "model.onnx");
}

inline std::vector<std::string> ids(const io::NodeReport& node) {
  std::vector<std::string> out;
  for (const auto& f : node.findings) out.push_back(f.requirement);
  return out;
}

inline io::NodeReport only_node(const io::ModelReport& r) {
  INFO(r.status.message);
  REQUIRE(r.status.ok());
  REQUIRE(r.nodes.size() == 1);
  return r.nodes[0];
}

// A node the checker could not judge: unproven, its first finding saying `why`.
inline void check_unproven(const io::NodeReport& node, const std::string& why) {
  CHECK(node.verdict == io::Verdict::unproven);
  REQUIRE_FALSE(node.findings.empty());
  CHECK_THAT(node.findings[0].message, Catch::Contains(why));
}

// A report of `count` nodes: the last unproven (its first finding saying `why`), the one before it
// inside.
inline void check_last_unproven(const io::ModelReport& r, std::size_t count,
                                const std::string& why) {
  REQUIRE(r.nodes.size() == count);
  CHECK(r.nodes[count - 2].verdict == io::Verdict::inside);
  check_unproven(r.nodes[count - 1], why);
}

// The default options without ONNX's inference and checker: the checker's own rules alone.
constexpr io::CheckOptions own_rules{.shape_inference = false, .onnx_checker = false};

// ONNX's inference on, ONNX's checker off: the facts inference derives, judged by the checker's own
// rules (a computed value is known only so).
constexpr io::CheckOptions derived_rules{.shape_inference = true, .onnx_checker = false};

inline io::ModelReport check_derived(const onnx::ModelProto& m) {
  std::string s;
  m.SerializeToString(&s);
  const Bytes bytes = bytes_of(s);
  return io::check_model_bytes(bytes, "model.onnx", derived_rules);
}

inline io::ModelReport check_own(const onnx::ModelProto& m) {
  std::string s;
  m.SerializeToString(&s);
  const Bytes bytes = bytes_of(s);
  return io::check_model_bytes(bytes, "model.onnx", own_rules);
}

inline bool has(const io::NodeReport& node, const std::string& id) {
  const auto found = ids(node);
  return std::find(found.begin(), found.end(), id) != found.end();
}

inline onnx::AttributeProto* add_int(onnx::NodeProto& node, const std::string& name,
                                     std::int64_t value) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::INT);
  a->set_i(value);
  return a;
}

// The graph attribute `name` of a node (If's then_branch, Loop's and Scan's body), its graph named
// `graph_name`.
inline onnx::GraphProto* add_graph(onnx::NodeProto& node, const std::string& name,
                                   const std::string& graph_name) {
  auto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::GRAPH);
  auto* graph = a->mutable_g();
  graph->set_name(graph_name);
  return graph;
}

// A model-local function local.`name`(x, y) -> z without nodes, importing `opset`.
inline onnx::FunctionProto* add_function(onnx::ModelProto& m, const std::string& name,
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
  return f;
}

// A model-local function local.F(x, y) -> z whose body is one Div, importing `opset`.
inline onnx::FunctionProto* add_div_function(onnx::ModelProto& m, const std::string& name = "F",
                                             std::int64_t opset = 14) {
  auto* f = add_function(m, name, opset);
  auto* div = f->add_node();
  div->set_op_type("Div");
  div->add_input("x");
  div->add_input("y");
  div->add_output("z");
  return f;
}

// model(...) whose Div node becomes a call of local.F (the model imports domain local).
inline onnx::ModelProto calling(std::int64_t opset, const Operand& a, const Operand& b,
                                std::optional<Operand> c = Operand{}) {
  onnx::ModelProto m = model(opset, a, b, std::move(c));
  m.mutable_graph()->mutable_node(0)->set_op_type("F");
  m.mutable_graph()->mutable_node(0)->set_domain("local");
  auto* import = m.add_opset_import();
  import->set_domain("local");
  import->set_version(1);
  return m;
}

// Appends the node `op`(inputs) -> outputs (default domain unless `domain`) to a graph or a
// function.
template <typename Body>
onnx::NodeProto* add_node(Body& g, const std::string& op, const std::vector<std::string>& inputs,
                          const std::vector<std::string>& outputs, const std::string& domain = "") {
  auto* node = g.add_node();
  node->set_op_type(op);
  node->set_domain(domain);
  for (const auto& input : inputs) node->add_input(input);
  for (const auto& output : outputs) node->add_output(output);
  return node;
}

// A float32 initializer `name` of shape `dims` in `g`, every element +0 (as raw_data).
inline onnx::TensorProto* add_zeros(onnx::GraphProto& g, const std::string& name,
                                    const std::vector<std::int64_t>& dims) {
  auto* t = g.add_initializer();
  t->set_name(name);
  t->set_data_type(onnx::TensorProto::FLOAT);
  std::size_t count = 1;
  for (const std::int64_t d : dims) {
    t->add_dims(d);
    count *= static_cast<std::size_t>(d);
  }
  t->set_raw_data(std::string(count * sizeof(float), '\0'));
  return t;
}

// model(...) whose divisor b is no graph input but a float32 initializer of `count` elements,
// each `value`, declared with dims [count].
inline onnx::TensorProto* divisor_initializer(onnx::ModelProto& m, int count, float value) {
  auto* g = m.mutable_graph();
  g->mutable_input()->DeleteSubrange(1, 1);
  auto* b = g->add_initializer();
  b->set_name("b");
  b->set_data_type(onnx::TensorProto::FLOAT);
  b->add_dims(count);
  for (int k = 0; k < count; ++k) b->add_float_data(value);
  return b;
}

}  // namespace sonnx::test

#endif  // SONNX_TESTS_IO_MODEL_CHECK_SUPPORT_HPP
