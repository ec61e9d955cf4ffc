// Tensors a model embeds (initializers, Constant values, any tensor attribute, in every graph):
// their data must hold the element count their dims give (ONNX IR, TensorProto). Nothing in ONNX
// 1.12's checker compares them; a runtime refuses such a model (onnxruntime: "data field count
// does not match expected count from shape"), and ONNX's inference takes the dims for the truth.
// [impl->req~T6~1]
#include <onnx/onnx_pb.h>

#include <cstdint>
#include <optional>
#include <string>

#include "model_walk.hpp"

namespace sonnx::io::model {

namespace {

// Bytes per element in raw_data, and how many typed-field entries hold one element; nullopt for a
// type whose layout is not checked here (string, a type unknown to ONNX 1.12).
struct Layout {
  std::size_t bytes;
  std::size_t entries;
  int field;  // onnx::TensorProto field number of the typed field
};

std::optional<Layout> layout_of(std::int32_t type) {
  using P = onnx::TensorProto;
  struct Entry {
    std::int32_t type;
    Layout layout;
  };
  static constexpr Entry table[] = {
      {P::FLOAT, {4, 1, P::kFloatDataFieldNumber}},
      {P::COMPLEX64, {8, 2, P::kFloatDataFieldNumber}},
      {P::DOUBLE, {8, 1, P::kDoubleDataFieldNumber}},
      {P::COMPLEX128, {16, 2, P::kDoubleDataFieldNumber}},
      {P::INT64, {8, 1, P::kInt64DataFieldNumber}},
      {P::UINT32, {4, 1, P::kUint64DataFieldNumber}},
      {P::UINT64, {8, 1, P::kUint64DataFieldNumber}},
      {P::INT32, {4, 1, P::kInt32DataFieldNumber}},
      {P::INT8, {1, 1, P::kInt32DataFieldNumber}},
      {P::UINT8, {1, 1, P::kInt32DataFieldNumber}},
      {P::BOOL, {1, 1, P::kInt32DataFieldNumber}},
      {P::INT16, {2, 1, P::kInt32DataFieldNumber}},
      {P::UINT16, {2, 1, P::kInt32DataFieldNumber}},
      {P::FLOAT16, {2, 1, P::kInt32DataFieldNumber}},
      {P::BFLOAT16, {2, 1, P::kInt32DataFieldNumber}},
  };
  for (const Entry& e : table)
    if (e.type == type) return e.layout;
  return std::nullopt;
}

std::size_t typed_entries(const onnx::TensorProto& t, int field) {
  using P = onnx::TensorProto;
  switch (field) {
    case P::kFloatDataFieldNumber:
      return static_cast<std::size_t>(t.float_data_size());
    case P::kDoubleDataFieldNumber:
      return static_cast<std::size_t>(t.double_data_size());
    case P::kInt64DataFieldNumber:
      return static_cast<std::size_t>(t.int64_data_size());
    case P::kUint64DataFieldNumber:
      return static_cast<std::size_t>(t.uint64_data_size());
    default:
      return static_cast<std::size_t>(t.int32_data_size());
  }
}

// "" when the tensor's embedded data fits its dims, else what is wrong.
std::string data_problem(const onnx::TensorProto& t) {
  if (t.data_location() == onnx::TensorProto::EXTERNAL || t.has_segment()) return "";
  // The element count; `huge` when it exceeds what any embedded data can hold (2^40).
  constexpr std::uint64_t limit = std::uint64_t{1} << 40U;
  std::uint64_t count = 1;
  bool huge = false;
  for (const std::int64_t d : t.dims()) {
    if (d < 0) return "a negative dimension " + std::to_string(d);
  }
  for (const std::int64_t d : t.dims()) {
    if (d == 0) {  // no element, however large the other dimensions
      count = 0;
      huge = false;
      break;
    }
    const auto u = static_cast<std::uint64_t>(d);
    if (u != 0 && count > limit / u) {
      huge = true;
      count = 1;
    } else {
      count *= u;
    }
  }
  if (t.data_type() == onnx::TensorProto::STRING) {
    const auto n = static_cast<std::uint64_t>(t.string_data_size());
    if (!huge && n == count) return "";
    return std::to_string(n) + " strings";
  }
  const std::optional<Layout> layout = layout_of(t.data_type());
  if (!layout) return "";
  if (t.has_raw_data()) {
    const std::uint64_t bytes = t.raw_data().size();
    if (!huge && bytes == count * layout->bytes) return "";
    return std::to_string(bytes) + " bytes of raw_data";
  }
  const auto entries = static_cast<std::uint64_t>(typed_entries(t, layout->field));
  if (!huge && entries == count * layout->entries) return "";
  return std::to_string(entries) + " typed entries";
}

void check_graph(const onnx::GraphProto& graph, const std::string& where,
                 std::vector<Finding>& findings);

void check_tensor(const onnx::TensorProto& t, const std::string& what,
                  std::vector<Finding>& findings) {
  const std::string problem = data_problem(t);
  if (problem.empty()) return;
  std::string dims;
  for (const std::int64_t d : t.dims()) dims += (dims.empty() ? "" : ", ") + std::to_string(d);
  add_finding(findings, Verdict::outside, "T6",
              what + " has dims [" + dims + "] but holds " + problem +
                  ": not a valid tensor (ONNX IR, TensorProto: the data holds the product of the "
                  "dims elements)");
}

void check_graph(const onnx::GraphProto& graph, const std::string& where,
                 std::vector<Finding>& findings) {
  for (const auto& t : graph.initializer()) {
    check_tensor(t, where + ": initializer '" + t.name() + "'", findings);
  }
  for (const auto& s : graph.sparse_initializer()) {
    check_tensor(s.values(), where + ": sparse initializer '" + s.values().name() + "' (values)",
                 findings);
  }
  for (int k = 0; k < graph.node_size(); ++k) {
    const onnx::NodeProto& node = graph.node(k);
    const std::string here =
        where + " > " + node.op_type() + " #" + std::to_string(k) + " \"" + node.name() + "\"";
    for (const auto& attribute : node.attribute()) {
      if (attribute.has_t()) {
        check_tensor(attribute.t(), here + ": attribute '" + attribute.name() + "'", findings);
      }
      for (const auto& t : attribute.tensors()) {
        check_tensor(t, here + ": attribute '" + attribute.name() + "'", findings);
      }
      if (attribute.has_g()) check_graph(attribute.g(), here + " > " + attribute.name(), findings);
      for (const auto& g : attribute.graphs()) {
        check_graph(g, here + " > " + attribute.name(), findings);
      }
    }
  }
}

}  // namespace

void check_embedded_tensors(const onnx::ModelProto& model, std::vector<Finding>& findings) {
  check_graph(model.graph(), "graph \"" + model.graph().name() + "\"", findings);
  for (int k = 0; k < model.training_info_size(); ++k) {
    const auto& training = model.training_info(k);
    const std::string where = "training_info[" + std::to_string(k) + "] > ";
    check_graph(training.initialization(), where + "initialization", findings);
    check_graph(training.algorithm(), where + "algorithm", findings);
  }
  for (const auto& f : model.functions()) {
    onnx::GraphProto body;
    *body.mutable_node() = f.node();
    check_graph(body, "function " + (f.domain().empty() ? f.name() : f.domain() + "." + f.name()),
                findings);
  }
}

}  // namespace sonnx::io::model
