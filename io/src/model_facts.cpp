// What check-model knows of a model's values (T3): fed values' declarations, computed values'
// types and shapes as ONNX's inference derives them, and the claims of the rest.
// [impl->req~T3~1]
#include "model_facts.hpp"

#include <onnx/onnx_pb.h>

#include <set>
#include <sonnx/io/tensor_io.hpp>
#include <span>

namespace sonnx::io::model {

namespace {

ValueInfo from_initializer(const onnx::TensorProto& t, const char* source) {
  ValueInfo info;
  info.kind = ValueInfo::Kind::tensor;
  info.source = source;
  info.elem_type = t.data_type();
  info.has_shape = true;
  for (const std::int64_t d : t.dims()) info.dims.push_back(Dim{true, d, {}});
  return info;
}

// Whether two declarations of one value can both be true.
bool compatible(const ValueInfo& a, const ValueInfo& b) {
  if (a.kind != b.kind) return false;
  if (a.kind == ValueInfo::Kind::other) {
    return a.type.SerializeAsString() == b.type.SerializeAsString();
  }
  if (a.elem_type != 0 && b.elem_type != 0 && a.elem_type != b.elem_type) return false;
  if (!a.has_shape || !b.has_shape) return true;
  if (a.dims.size() != b.dims.size()) return false;
  for (std::size_t k = 0; k < a.dims.size(); ++k) {
    if (a.dims[k].known && b.dims[k].known && a.dims[k].value != b.dims[k].value) return false;
  }
  return true;
}

// Adds what `other` knows and `into` does not (both describe the same computed value).
void refine(ValueInfo& into, const ValueInfo& other) {
  if (into.elem_type == 0) into.elem_type = other.elem_type;
  if (!into.has_shape && other.has_shape) {
    into.has_shape = true;
    into.dims = other.dims;
  } else if (into.has_shape && other.has_shape) {
    for (std::size_t k = 0; k < into.dims.size(); ++k) {
      if (!into.dims[k].known && other.dims[k].known) into.dims[k] = other.dims[k];
    }
  }
  into.inferred = into.inferred || other.inferred;
  if (other.inferred) into.source = other.source;
}

}  // namespace

ValueInfo from_type(const onnx::TypeProto& type, const char* source) {
  ValueInfo info;
  info.source = source;
  info.type = type;
  const onnx::TypeProto_Tensor* tensor = nullptr;
  const onnx::TypeProto_SparseTensor* sparse = nullptr;
  if (type.has_tensor_type()) {
    info.kind = ValueInfo::Kind::tensor;
    tensor = &type.tensor_type();
  } else if (type.has_sparse_tensor_type()) {
    info.kind = ValueInfo::Kind::sparse;
    sparse = &type.sparse_tensor_type();
  } else {
    return info;
  }
  info.elem_type = tensor != nullptr ? tensor->elem_type() : sparse->elem_type();
  info.has_shape = tensor != nullptr ? tensor->has_shape() : sparse->has_shape();
  if (info.has_shape) {
    for (const auto& d : (tensor != nullptr ? tensor->shape() : sparse->shape()).dim()) {
      info.dims.push_back(Dim{d.has_dim_value(), d.dim_value(), d.dim_param()});
    }
  }
  return info;
}

onnx::TypeProto type_of(const ValueInfo& v) {
  if (v.kind == ValueInfo::Kind::other) return v.type;
  onnx::TypeProto type;
  onnx::TensorShapeProto* shape = nullptr;
  if (v.kind == ValueInfo::Kind::tensor) {
    type.mutable_tensor_type()->set_elem_type(v.elem_type);
    if (v.has_shape) shape = type.mutable_tensor_type()->mutable_shape();
  } else {
    type.mutable_sparse_tensor_type()->set_elem_type(v.elem_type);
    if (v.has_shape) shape = type.mutable_sparse_tensor_type()->mutable_shape();
  }
  for (const auto& d : v.dims) {
    auto* dim = shape->add_dim();
    if (d.known) {
      dim->set_dim_value(d.value);
    } else if (!d.param.empty()) {
      dim->set_dim_param(d.param);
    }
  }
  return type;
}

std::string dims_text(const ValueInfo& v) {
  std::string text = "[";
  for (std::size_t k = 0; k < v.dims.size(); ++k) {
    if (k != 0) text += ", ";
    text += v.dims[k].known ? std::to_string(v.dims[k].value)
                            : (v.dims[k].param.empty() ? "?" : "'" + v.dims[k].param + "'");
  }
  return text + "]";
}

std::string describe(const ValueInfo& v) {
  if (v.kind == ValueInfo::Kind::other) return "a non-tensor type (" + v.source + ")";
  std::string text = (v.kind == ValueInfo::Kind::sparse ? "sparse " : "") +
                     data_type_text(static_cast<DataType>(v.elem_type)) + " " +
                     (v.has_shape ? dims_text(v) : "of unknown shape");
  return text + " (" + v.source + ")";
}

bool static_shape(const ValueInfo& v) {
  if (v.kind != ValueInfo::Kind::tensor || !v.has_shape || !v.conflict.empty()) return false;
  for (const auto& d : v.dims) {
    if (!d.known || d.value < 0) return false;
  }
  return true;
}

std::vector<std::int64_t> values(const ValueInfo& v) {
  std::vector<std::int64_t> out;
  for (const auto& d : v.dims) out.push_back(d.value);
  return out;
}

void strip_computed_declarations(onnx::GraphProto& graph) {
  graph.clear_value_info();
  for (auto& output : *graph.mutable_output()) output.clear_type();
  for (auto& node : *graph.mutable_node()) {
    for (auto& attribute : *node.mutable_attribute()) {
      if (attribute.has_g()) strip_computed_declarations(*attribute.mutable_g());
      for (auto& g : *attribute.mutable_graphs()) strip_computed_declarations(g);
    }
  }
}

namespace {

// Whether a declaration says something a fact of the same value does not: an element type, a
// shape, or a dimension the fact leaves open.
bool says_more(const ValueInfo& declared, const ValueInfo& fact) {
  if (declared.kind != fact.kind) return true;
  if (declared.elem_type != 0 && fact.elem_type == 0) return true;
  if (!declared.has_shape) return false;
  if (!fact.has_shape) return true;
  for (std::size_t k = 0; k < declared.dims.size() && k < fact.dims.size(); ++k) {
    if (declared.dims[k].known && !fact.dims[k].known) return true;
  }
  return false;
}

// Gathers one more declaration of a value into `into` (a conflict when they contradict).
void gather(std::optional<ValueInfo>& into, const ValueInfo& other) {
  if (!into) {
    into = other;
    return;
  }
  if (!into->conflict.empty()) return;
  if (!compatible(*into, other)) {
    into->conflict = describe(*into) + " contradicts " + describe(other);
  } else {
    refine(*into, other);
  }
}

}  // namespace

Scope scope_of(const onnx::GraphProto& graph, const onnx::GraphProto* derived,
               const char* input_source) {
  Scope scope;
  scope.derived = derived != nullptr;
  for (const auto& node : graph.node()) {
    for (const auto& output : node.output()) {
      if (!output.empty()) scope.computed.insert(output);
    }
  }
  // A fed value: its own declaration (an input's type; an initializer's dims, unless it is also
  // an input, whose caller may replace it), and every other declaration of it checked against
  // that.
  std::map<std::string, std::vector<ValueInfo>> others;
  std::set<std::string> untyped_inputs;
  for (const auto& v : graph.input()) {
    scope.fed.insert(v.name());
    if (v.has_type()) {
      scope.values[v.name()] = from_type(v.type(), input_source);
    } else {
      untyped_inputs.insert(v.name());
    }
  }
  const std::set<std::string> graph_inputs = scope.fed;
  for (const auto& t : graph.initializer()) {
    ValueInfo info = from_initializer(t, "initializer");
    if (graph_inputs.count(t.name()) == 0) {
      scope.values[t.name()] = info;
    } else {
      others[t.name()].push_back(info);
    }
    scope.fed.insert(t.name());
  }
  for (const auto& s : graph.sparse_initializer()) {
    ValueInfo info = from_initializer(s.values(), "sparse initializer");
    info.kind = ValueInfo::Kind::sparse;
    info.dims.clear();
    for (const std::int64_t d : s.dims()) info.dims.push_back(Dim{true, d, {}});
    if (graph_inputs.count(s.values().name()) == 0 && scope.values.count(s.values().name()) == 0) {
      scope.values[s.values().name()] = info;
    } else {
      others[s.values().name()].push_back(info);
    }
    scope.fed.insert(s.values().name());
  }
  std::map<std::string, std::optional<ValueInfo>> claims;
  for (const auto* list : {&graph.output(), &graph.value_info()}) {
    const char* source = list == &graph.output() ? "graph output" : "value_info";
    for (const auto& v : *list) {
      if (!v.has_type()) continue;
      if (scope.fed.count(v.name()) != 0) {
        others[v.name()].push_back(from_type(v.type(), source));
      } else {
        gather(claims[v.name()], from_type(v.type(), source));
      }
    }
  }
  for (auto& [name, claim] : claims) scope.declared[name] = std::move(*claim);
  for (const auto& [name, list] : others) {
    if (untyped_inputs.count(name) != 0) continue;  // the caller's feed is not declared
    const auto fixed = scope.values.find(name);
    if (fixed == scope.values.end()) continue;
    for (const auto& other : list) {
      if (!fixed->second.conflict.empty()) break;
      if (!compatible(fixed->second, other)) {
        fixed->second.conflict = describe(fixed->second) + " contradicts " + describe(other);
      }
    }
  }
  // A computed value: what ONNX's inference derived (it leaves an empty type on values it could
  // not type: that is no fact).
  if (derived != nullptr) {
    for (const auto* list : {&derived->value_info(), &derived->output()}) {
      for (const auto& v : *list) {
        if (scope.fed.count(v.name()) != 0 || !v.has_type() ||
            v.type().value_case() == onnx::TypeProto::VALUE_NOT_SET ||
            (v.type().has_tensor_type() && v.type().tensor_type().elem_type() == 0)) {
          continue;
        }
        ValueInfo info = from_type(v.type(), inferred_source);
        info.inferred = true;
        const auto found = scope.values.find(v.name());
        if (found == scope.values.end()) {
          scope.values[v.name()] = info;
        } else if (compatible(found->second, info)) {
          refine(found->second, info);
        }
      }
    }
  }
  return scope;
}

Known resolve(std::span<const Scope> scopes, const std::string& name) {
  Known known;
  // The innermost scope that defines the name (subgraphs see the values of enclosing graphs).
  auto definer = scopes.rbegin();
  while (definer != scopes.rend() && definer->fed.count(name) == 0 &&
         definer->computed.count(name) == 0) {
    ++definer;
  }
  for (const auto& scope : scopes) {
    if (const auto d = scope.declared.find(name); d != scope.declared.end()) {
      gather(known.declared, d->second);
    }
  }
  if (definer == scopes.rend()) return known;
  const bool fed = definer->fed.count(name) != 0;
  if (const auto own = definer->values.find(name); own != definer->values.end()) {
    known.fact = own->second;
  }
  if (!fed) {  // inference may have typed the value in another graph's value_info
    for (const auto& scope : scopes) {
      const auto other = scope.values.find(name);
      if (&scope == &*definer || other == scope.values.end()) continue;
      if (!known.fact) {
        known.fact = other->second;
      } else if (compatible(*known.fact, other->second)) {
        refine(*known.fact, other->second);
      }
    }
  }
  if (!known.fact || !known.fact->conflict.empty()) {
    if (known.declared && !fed) {
      known.not_derived =
          "declared " + describe(*known.declared) + ", not derived" +
          (definer->derived ? " by ONNX shape inference" : " (ONNX shape inference did not run)");
    }
    return known;
  }
  // Another graph's declaration of a fed value, or any declaration of a computed value, that
  // contradicts the fact.
  for (const auto& scope : scopes) {
    if (&scope == &*definer || !fed) continue;
    if (const auto other = scope.values.find(name); other != scope.values.end()) {
      if (!compatible(*known.fact, other->second)) {
        known.fact->conflict = describe(*known.fact) + " contradicts " + describe(other->second);
        return known;
      }
    }
  }
  if (known.declared) {
    if (!known.declared->conflict.empty()) {
      known.fact->conflict = known.declared->conflict;
    } else if (!compatible(*known.fact, *known.declared)) {
      known.fact->conflict = describe(*known.fact) + " contradicts " + describe(*known.declared);
    } else if (!fed && says_more(*known.declared, *known.fact)) {
      known.not_derived =
          "declared " + describe(*known.declared) + ", not derived" +
          (definer->derived ? " by ONNX shape inference" : " (ONNX shape inference did not run)");
    }
  }
  return known;
}

std::optional<ValueInfo> lookup(std::span<const Scope> scopes, const std::string& name) {
  return resolve(scopes, name).fact;
}

bool contradicts(const ValueInfo& c, const std::vector<std::int64_t>& expected) {
  if (c.kind != ValueInfo::Kind::tensor || !c.has_shape || !c.conflict.empty()) return false;
  if (c.dims.size() != expected.size()) return true;
  for (std::size_t k = 0; k < expected.size(); ++k) {
    if (c.dims[k].known && c.dims[k].value != expected[k]) return true;
  }
  return false;
}

}  // namespace sonnx::io::model

namespace sonnx::io::model {

namespace {

ValueInfo scalar(std::int32_t elem_type, const char* source) {
  ValueInfo v;
  v.kind = ValueInfo::Kind::tensor;
  v.elem_type = elem_type;
  v.has_shape = true;
  v.source = source;
  return v;
}

// Whether every value that is fed satisfies the declaration.
bool implies(const std::optional<ValueInfo>& feed, const ValueInfo& declared) {
  if (!feed || !feed->conflict.empty() || feed->kind != declared.kind) return false;
  if (declared.elem_type != 0 && feed->elem_type != declared.elem_type) return false;
  if (!declared.has_shape) return true;
  if (!feed->has_shape || feed->dims.size() != declared.dims.size()) return false;
  for (std::size_t k = 0; k < declared.dims.size(); ++k) {
    if (declared.dims[k].known &&
        (!feed->dims[k].known || feed->dims[k].value != declared.dims[k].value)) {
      return false;
    }
  }
  return true;
}

const onnx::AttributeProto* attribute_of(const onnx::NodeProto& node, const char* name) {
  for (const auto& a : node.attribute()) {
    if (a.name() == name) return &a;
  }
  return nullptr;
}

struct Feed {
  std::optional<ValueInfo> first;  // what the node feeds at the first run of the subgraph
  std::optional<ValueInfo> next;   // and at the later ones (Loop and Scan states)
  bool again = false;              // there are later runs fed from the subgraph's outputs
};

}  // namespace

std::vector<int> check_fed_inputs(const onnx::NodeProto& runner, const std::string& attribute,
                                  std::int64_t opset, const onnx::GraphProto& sub,
                                  std::vector<Scope>& scopes) {
  std::vector<int> marked;
  const std::span<const Scope> all(scopes);
  const std::span<const Scope> outer = all.first(all.size() - 1);
  const auto outer_fact = [&](int k) -> std::optional<ValueInfo> {
    if (k >= runner.input_size() || runner.input(k).empty()) return std::nullopt;
    return lookup(outer, runner.input(k));
  };
  const auto output_fact = [&](int k) -> std::optional<ValueInfo> {
    if (k < 0 || k >= sub.output_size()) return std::nullopt;
    return lookup(all, sub.output(k).name());
  };
  std::vector<Feed> feeds(static_cast<std::size_t>(sub.input_size()));
  bool known = false;
  const bool onnx_op = runner.domain().empty() || runner.domain() == "ai.onnx";
  if (onnx_op && runner.op_type() == "Loop" && attribute == "body") {
    // Loop: body inputs (iteration number, condition, loop-carried values); a carried value is
    // the node's initial value first, then the body's carried output (outputs: condition first).
    known = true;
    for (int k = 0; k < sub.input_size(); ++k) {
      Feed& f = feeds[static_cast<std::size_t>(k)];
      f.again = true;
      if (k == 0) {
        f.first = f.next = scalar(onnx::TensorProto::INT64, "the Loop's iteration number");
      } else if (k == 1) {
        f.first = f.next = scalar(onnx::TensorProto::BOOL, "the Loop's condition");
      } else {
        f.first = outer_fact(k);
        f.next = output_fact(k - 1);
      }
    }
  } else if (onnx_op && runner.op_type() == "Scan" && attribute == "body" && opset >= 9) {
    // Scan (opset 9 and later): body inputs are the N states (the node's initial values, then the
    // body's state outputs) and the M scan elements (the node's scan inputs without their scan
    // axis, scan_input_axes or 0).
    const onnx::AttributeProto* count = attribute_of(runner, "num_scan_inputs");
    const onnx::AttributeProto* axes = attribute_of(runner, "scan_input_axes");
    const std::int64_t m = count != nullptr ? count->i() : -1;
    const std::int64_t n = sub.input_size() - m;
    known = m >= 0 && n >= 0;
    for (int k = 0; known && k < sub.input_size(); ++k) {
      Feed& f = feeds[static_cast<std::size_t>(k)];
      if (k < n) {
        f.first = outer_fact(k);
        f.next = output_fact(k);
        f.again = true;
        continue;
      }
      std::optional<ValueInfo> whole = outer_fact(k);
      const std::int64_t j = k - n;
      std::int64_t axis =
          axes != nullptr && j < axes->ints_size() ? axes->ints(static_cast<int>(j)) : 0;
      if (!whole || whole->kind != ValueInfo::Kind::tensor || !whole->has_shape) continue;
      const auto rank = static_cast<std::int64_t>(whole->dims.size());
      if (axis < 0) axis += rank;
      if (axis < 0 || axis >= rank) continue;
      whole->dims.erase(whole->dims.begin() + static_cast<std::ptrdiff_t>(axis));
      whole->source = "a slice of the Scan's input";
      f.first = whole;
    }
  }
  Scope& inner = scopes.back();
  for (int k = 0; k < sub.input_size(); ++k) {
    const auto found = inner.values.find(sub.input(k).name());
    if (found == inner.values.end() || !found->second.conflict.empty()) continue;
    ValueInfo& declared = found->second;
    const Feed& f = feeds[static_cast<std::size_t>(k)];
    if (known && implies(f.first, declared) && (!f.again || implies(f.next, declared))) continue;
    std::string fed = "not known";
    if (known && f.first && !implies(f.first, declared)) {
      fed = describe(*f.first) + " first";
    } else if (known && f.again) {
      fed = f.next ? describe(*f.next) + " on later runs" : "nothing known on later runs";
    } else if (!known) {
      fed = "not known (no rule for " + runner.op_type() + "'s attribute " + attribute + ")";
    }
    declared.conflict = "its declaration " + describe(declared) +
                        " is not shown to hold for what " + runner.op_type() + " feeds: " + fed;
    marked.push_back(k);
  }
  return marked;
}

}  // namespace sonnx::io::model
