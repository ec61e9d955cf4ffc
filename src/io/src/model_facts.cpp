// What a model declares, or ONNX infers, about its values, as check-model uses it (T3).
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

void collect_declared(const onnx::GraphProto& graph, Declared& declared) {
  for (const auto* list : {&graph.value_info(), &graph.input(), &graph.output()}) {
    for (const auto& v : *list) {
      if (v.has_type()) declared[v.name()] = v.type().SerializeAsString();
    }
  }
  for (const auto& node : graph.node()) {
    for (const auto& attribute : node.attribute()) {
      if (attribute.has_g()) collect_declared(attribute.g(), declared);
      for (const auto& g : attribute.graphs()) collect_declared(g, declared);
    }
  }
}

Scope scope_of(const onnx::GraphProto& graph, const Declared* declared, const char* input_source) {
  std::map<std::string, std::vector<ValueInfo>> others;
  Scope scope;
  const auto typed = [&](const onnx::ValueInfoProto& v,
                         const char* source) -> std::optional<ValueInfo> {
    if (!v.has_type()) return std::nullopt;
    const bool inferred =
        declared != nullptr &&
        (declared->count(v.name()) == 0 || declared->at(v.name()) != v.type().SerializeAsString());
    // Inference leaves an empty type on values it could not type: that is no fact.
    if (inferred && (v.type().value_case() == onnx::TypeProto::VALUE_NOT_SET ||
                     (v.type().has_tensor_type() && v.type().tensor_type().elem_type() == 0))) {
      return std::nullopt;
    }
    ValueInfo info = from_type(v.type(), inferred ? inferred_source : source);
    info.inferred = inferred;
    return info;
  };
  std::set<std::string>& inputs = scope.fed;
  std::set<std::string> untyped_inputs;
  for (const auto& node : graph.node()) {
    for (const auto& output : node.output()) {
      if (!output.empty()) scope.computed.insert(output);
    }
  }
  for (const auto& v : graph.input()) {
    inputs.insert(v.name());
    if (auto info = typed(v, input_source)) {
      scope.values[v.name()] = *info;
    } else {
      untyped_inputs.insert(v.name());
    }
  }
  const std::set<std::string> graph_inputs = inputs;
  for (const auto& t : graph.initializer()) {
    ValueInfo info = from_initializer(t, "initializer");
    if (graph_inputs.count(t.name()) == 0) {
      scope.values[t.name()] = info;
    } else {
      others[t.name()].push_back(info);
    }
    inputs.insert(t.name());
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
    inputs.insert(s.values().name());
  }
  for (const auto& v : graph.output()) {
    if (auto info = typed(v, "graph output")) others[v.name()].push_back(*info);
  }
  for (const auto& v : graph.value_info()) {
    if (auto info = typed(v, "value_info")) others[v.name()].push_back(*info);
  }
  for (auto& [name, list] : others) {
    if (untyped_inputs.count(name) != 0) continue;     // the caller's feed is not declared
    const bool fixed = scope.values.count(name) != 0;  // a typed input or an initializer
    if (!fixed) {
      scope.values[name] = list.front();
      list.erase(list.begin());
    }
    ValueInfo& base = scope.values[name];
    for (const auto& other : list) {
      if (!base.conflict.empty()) break;
      if (!compatible(base, other)) {
        base.conflict = describe(base) + " contradicts " + describe(other);
      } else if (!fixed) {
        refine(base, other);
      }
    }
  }
  return scope;
}

std::optional<ValueInfo> lookup(std::span<const Scope> scopes, const std::string& name) {
  // The innermost scope that defines the name (subgraphs see the values of enclosing graphs).
  auto definer = scopes.rbegin();
  while (definer != scopes.rend() && definer->fed.count(name) == 0 &&
         definer->computed.count(name) == 0) {
    ++definer;
  }
  if (definer == scopes.rend()) return std::nullopt;
  const bool fed = definer->fed.count(name) != 0;
  std::optional<ValueInfo> known;
  if (const auto own = definer->values.find(name); own != definer->values.end()) {
    known = own->second;
  }
  for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) {
    const auto other = it->values.find(name);
    if (it == definer || other == it->values.end()) continue;
    if (!known) {
      if (!fed) known = other->second;
      continue;
    }
    if (!known->conflict.empty()) break;
    if (!compatible(*known, other->second)) {
      known->conflict = describe(*known) + " contradicts " + describe(other->second);
    } else if (!fed) {
      refine(*known, other->second);
    }
  }
  return known;
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

void check_fed_inputs(const onnx::NodeProto& runner, const std::string& attribute,
                      std::int64_t opset, const onnx::GraphProto& sub, std::vector<Scope>& scopes) {
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
  }
}

}  // namespace sonnx::io::model
