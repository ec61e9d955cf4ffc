// What a model declares, or ONNX's shape inference infers, about its values, as check-model uses
// it (T3): per value an element type and a shape that may be partly known, where it came from,
// and whether declarations of it contradict each other. Internal to sonnx_io
// (src/io/src/model_check.cpp).
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
  std::map<std::string, ValueInfo> values;  // what this graph declares (or inference adds)
  std::set<std::string> fed;
  std::set<std::string> computed;
};

inline constexpr const char* inferred_source = "ONNX shape inference";
inline constexpr const char* call_site_source = "call site";

// Serialized type of every value the model itself declares (all graphs), to tell inferred facts
// from declared ones.
using Declared = std::map<std::string, std::string>;

void collect_declared(const onnx::GraphProto& graph, Declared& declared);

// The values a graph declares. A graph input is what its caller feeds: only its own declaration
// counts, and another one that contradicts it is a conflict; an initializer (not an input) is
// what its dims say; a computed value gathers what value_info, the graph output and ONNX's
// inference say of it, unless they contradict each other. A conflicting value proves nothing.
// `declared` (null when inference did not run) tells inferred facts from declared ones;
// `input_source` names where graph inputs come from ("graph input", or "call site" for a
// function's body).
Scope scope_of(const onnx::GraphProto& graph, const Declared* declared, const char* input_source);

// What is known of `name` where the innermost of `scopes` (a graph and the graphs enclosing it)
// sees it. A fed value is what its defining graph declares, nothing more (its caller may feed
// anything that declaration allows); a computed value gathers the declarations of every scope.
// A declaration in any scope that contradicts that is a conflict. Nothing when no scope defines
// the name or its definition declares nothing.
std::optional<ValueInfo> lookup(std::span<const Scope> scopes, const std::string& name);

// A subgraph's inputs are fed by the node that runs it (`runner`, through its graph attribute
// `attribute`), not by the model's user: a declaration of one is kept only when what the node
// feeds is shown to satisfy it (Loop: the iteration number, the condition, and each carried value
// as the node's initial value and as the body's carried output; Scan from opset 9: each state
// likewise, each scan element as the node's scan input without its scan axis). Any other input
// declaration, and every input of another node's subgraph, is marked a conflict (it proves
// nothing). `scopes.back()` is the subgraph's scope, the ones before it enclose it; `opset` is
// the default-domain opset in effect.
void check_fed_inputs(const onnx::NodeProto& runner, const std::string& attribute,
                      std::int64_t opset, const onnx::GraphProto& sub, std::vector<Scope>& scopes);

}  // namespace sonnx::io::model

#endif  // SONNX_IO_MODEL_FACTS_HPP
