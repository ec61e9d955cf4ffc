// Operators that ONNX defines by a function, and whether their bodies hold a Div node (T3).
// [impl->req~T3~1]
#include "function_operators.hpp"

#include <onnx/defs/schema.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <set>

#include "onnx_isolated.hpp"

namespace sonnx::io::model {

namespace {

enum class Holds : std::uint8_t { no, div, unknown };

bool default_domain(const std::string& domain) { return domain.empty() || domain == "ai.onnx"; }

const onnx::OpSchema* schema_of(const std::string& op_type, std::int64_t opset) {
  if (opset <= 0) return nullptr;
  const auto version = static_cast<int>(std::min<std::int64_t>(opset, INT32_MAX));
  return onnx::OpSchemaRegistry::Schema(op_type, version, "");
}

// Function-defined operators nest (SoftmaxCrossEntropyLoss calls NegativeLogLikelihoodLoss);
// ONNX's own bodies go two levels deep. A deeper chain is not followed: unknown.
constexpr int max_depth = 4;

Holds body_holds(const onnx::FunctionProto& body, std::int64_t opset, int depth);

Holds nodes_hold(const google::protobuf::RepeatedPtrField<onnx::NodeProto>& nodes,
                 std::int64_t opset, int depth) {
  Holds worst = Holds::no;
  for (const auto& node : nodes) {
    Holds here = Holds::no;
    if (default_domain(node.domain()) && node.op_type() == "Div") return Holds::div;
    for (const auto& attribute : node.attribute()) {
      if (attribute.has_g()) here = std::max(here, nodes_hold(attribute.g().node(), opset, depth));
      for (const auto& g : attribute.graphs())
        here = std::max(here, nodes_hold(g.node(), opset, depth));
    }
    if (default_domain(node.domain())) {
      const onnx::OpSchema* schema = schema_of(node.op_type(), opset);
      if (schema != nullptr && schema->HasFunction()) {
        here = std::max(here, depth >= max_depth
                                  ? Holds::unknown
                                  : body_holds(*schema->GetFunction(), opset, depth + 1));
      } else if (schema != nullptr && schema->HasContextDependentFunction()) {
        // Inside a body the nested node's input types are not at hand.
        here = std::max(here, Holds::unknown);
      }
    }
    if (here == Holds::div) return here;
    worst = std::max(worst, here);
  }
  return worst;
}

Holds body_holds(const onnx::FunctionProto& body, std::int64_t opset, int depth) {
  std::int64_t own = opset;
  for (const auto& import : body.opset_import()) {
    if (default_domain(import.domain())) own = import.version();
  }
  return nodes_hold(body.node(), own, depth);
}

}  // namespace

bool may_be_function_operator(const std::string& op_type) {
  static const std::set<std::string> names = [] {
    std::set<std::string> found;
    for (const auto& schema : onnx::OpSchemaRegistry::get_all_schemas_with_history()) {
      if (default_domain(schema.domain()) &&
          (schema.HasFunction() || schema.HasContextDependentFunction())) {
        found.insert(schema.Name());
      }
    }
    return found;
  }();
  return names.count(op_type) != 0;
}

std::string function_operator_div(const onnx::NodeProto& node, std::int64_t opset,
                                  const std::vector<onnx::TypeProto>& input_types,
                                  double& build_seconds_left) {
  if (!default_domain(node.domain()) || !may_be_function_operator(node.op_type())) return "";
  const onnx::OpSchema* schema = schema_of(node.op_type(), opset);
  if (schema == nullptr) return "";
  const std::string op = node.op_type() + "-" + std::to_string(schema->SinceVersion());
  Holds holds = Holds::no;
  if (schema->HasFunction()) {
    holds = body_holds(*schema->GetFunction(), opset, 1);
  } else if (schema->HasContextDependentFunction()) {
    std::string failure = "was not run: the time for building bodies is spent";
    std::optional<onnx::FunctionProto> body;
    if (build_seconds_left > 0.0) {
      const auto start = std::chrono::steady_clock::now();
      body = build_function_body_isolated(*schema, node, input_types, failure);
      build_seconds_left -=
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    if (!body || body->node_size() == 0) {
      return "ONNX defines " + op +
             " by a function whose body depends on the node's attributes and its inputs' types, "
             "and it could not be built from what is known here (ONNX's builder " +
             (body ? std::string("returned no node") : failure) +
             "): its Div nodes, if any, are not seen (ONNX operator " + node.op_type() +
             ", function body)";
    }
    holds = body_holds(*body, opset, 1);
  } else {
    return "";
  }
  switch (holds) {
    case Holds::no:
      return "";
    case Holds::div:
      return "ONNX defines " + op +
             " by a function whose body has a Div node; a runtime may run the operator as that "
             "body, and its Div nodes, which are not nodes of this model, are not judged (ONNX "
             "operator " +
             node.op_type() + ", function body)";
    case Holds::unknown:
      break;
  }
  return "ONNX defines " + op +
         " by a function whose body calls further function-defined operators that are not "
         "looked into: its Div nodes, if any, are not seen (ONNX operator " +
         node.op_type() + ", function body)";
}

}  // namespace sonnx::io::model
