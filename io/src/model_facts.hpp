// What check-model knows of a model's values (T3): per value an element type and a shape that may
// be partly known, where it came from, and whether declarations of it contradict each other. Facts
// are what the model's user feeds (graph inputs, initializers) and what ONNX's shape inference
// derives from them; a declaration of a computed value is a claim, never a fact. Internal to
// sonnx_io (io/src/model_check.cpp).
#ifndef SONNX_IO_MODEL_FACTS_HPP
#define SONNX_IO_MODEL_FACTS_HPP

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

namespace sonnx::io::model {

struct Dim {
  bool known = false;
  std::int64_t value = 0;
  std::string param;
};

struct ValueInfo {
  enum class Kind : std::uint8_t { tensor, sparse, other } kind = Kind::other;
  std::int32_t elem_type = 0;
  bool has_shape = false;
  std::vector<Dim> dims;
  std::string source;     // "graph input", "initializer", ...
  bool inferred = false;  // some of it came from ONNX shape inference
  std::string conflict;   // non-empty: declarations of this value that contradict each other
  onnx::TypeProto type;   // the declaration (for a kind other than tensor or sparse)
};

ValueInfo from_type(const onnx::TypeProto& type, const char* source);

// The TypeProto of what is known, to type a function's formal input at a call site.
onnx::TypeProto type_of(const ValueInfo& v);

// "[3, 'N', ?]": known dimensions, symbols quoted, unknown ones as "?".
std::string dims_text(const ValueInfo& v);
// "float32 [3, 4] (graph input)", for messages.
std::string describe(const ValueInfo& v);

// A tensor whose every dimension is known and not negative (and no contradicting declaration).
bool static_shape(const ValueInfo& v);
// The dimensions' values (meaningful when static_shape).
std::vector<std::int64_t> values(const ValueInfo& v);

// A declared shape of C that cannot be the one the Div version gives.
bool contradicts(const ValueInfo& c, const std::vector<std::int64_t>& expected);

// What one graph says of values. A value is defined by the graph that feeds it (a graph input or
// initializer: `fed`) or computes it (a node output: `computed`); any graph may declare it.
struct Scope {
  // The facts: a fed value's own declaration (an input's type, an initializer's dims); a computed
  // value's type and shape as ONNX's shape inference derives them on a copy of the model that
  // declares no computed value (see strip_computed_declarations).
  std::map<std::string, ValueInfo> values;
  // What graph.value_info and graph.output declare of values this graph does not feed (computed
  // values, and values of enclosing graphs): claims that nothing enforces, never facts. They
  // can only contradict a fact (then the fact is a conflict) or say more than was derived.
  std::map<std::string, ValueInfo> declared;
  std::set<std::string> fed;
  std::set<std::string> computed;
  bool derived = false;  // ONNX's inference derived the computed values' facts of this graph
};

inline constexpr const char* inferred_source = "ONNX shape inference";
inline constexpr const char* call_site_source = "call site";

// Removes from a graph and its subgraphs, at any depth, every declaration of a computed value:
// graph.value_info, and the type of every graph output (the inputs' declarations stay: a main
// graph's inputs are what the model's user must feed, a subgraph's are checked against what the
// node running it feeds, check_fed_inputs). ONNX's inference on such a copy derives the computed
// values' types and shapes from the inputs and initializers alone.
void strip_computed_declarations(onnx::GraphProto& graph);

// The values of `graph` (the model as written). A graph input is what its caller feeds: only its
// own declaration counts, and another one that contradicts it is a conflict; an initializer (not
// an input) is what its dims say. A computed value's facts come from `derived` (the same graph
// after ONNX's inference on the stripped copy; null when inference did not run), and its
// declarations are kept apart. `input_source` names where graph inputs come from ("graph input",
// or "call site" for a function's body).
Scope scope_of(const onnx::GraphProto& graph, const onnx::GraphProto* derived,
               const char* input_source);

// What is known of `name` where the innermost of `scopes` (a graph and the graphs enclosing it)
// sees it.
struct Known {
  // The fact: a fed value's declaration in its defining graph, nothing more (its caller may feed
  // anything that declaration allows); a computed value's derived type and shape. A declaration
  // in any scope that contradicts it makes it a conflict. Nothing when no scope defines the name
  // or nothing is known of it.
  std::optional<ValueInfo> fact;
  // A computed value's declarations, gathered over every scope (a conflict when they contradict
  // each other); nothing when no scope declares it.
  std::optional<ValueInfo> declared;
  // Non-empty when a declaration of a computed value says more than was derived: "declared
  // float32 [4] (value_info), not derived by ONNX shape inference".
  std::string not_derived;
};
Known resolve(std::span<const Scope> scopes, const std::string& name);
// resolve(scopes, name).fact
std::optional<ValueInfo> lookup(std::span<const Scope> scopes, const std::string& name);

// A subgraph's inputs are fed by the node that runs it (`runner`, through its graph attribute
// `attribute`), not by the model's user: a declaration of one is kept only when what the node
// feeds is shown to satisfy it (Loop: the iteration number, the condition, and each carried value
// as the node's initial value and as the body's carried output; Scan from opset 9: each state
// likewise, each scan element as the node's scan input without its scan axis). Any other input
// declaration, and every input of another node's subgraph, is marked a conflict (it proves
// nothing). `scopes.back()` is the subgraph's scope, the ones before it enclose it; `opset` is
// the default-domain opset in effect.
// Returns the positions of the inputs whose declaration it marked (their facts are then not to be
// used by ONNX's inference either).
std::vector<int> check_fed_inputs(const onnx::NodeProto& runner, const std::string& attribute,
                                  std::int64_t opset, const onnx::GraphProto& sub,
                                  std::vector<Scope>& scopes);

}  // namespace sonnx::io::model

#endif  // SONNX_IO_MODEL_FACTS_HPP
