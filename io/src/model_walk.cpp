// The walk of check-model over a model: graphs, subgraphs, training graphs, functions at their
// call sites (T3, T6). See model_walk.hpp.
// [impl->req~T3~1] [impl->req~T6~1]
#include "model_walk.hpp"

#include <algorithm>
#include <chrono>

#include "function_operators.hpp"

namespace sonnx::io::model {

std::string function_id(const onnx::FunctionProto& f) {
  return f.domain().empty() ? f.name() : f.domain() + "." + f.name();
}

namespace {

std::string node_label(const onnx::NodeProto& node, std::size_t position) {
  return node.op_type() + " #" + std::to_string(position) + " \"" + node.name() + "\"";
}

// Call sites judged with their own types, at most, per model; later ones and recursive calls are
// judged without them (unproven where that matters).
constexpr std::size_t max_specialised_calls = 64;
// Time the children of one model may take for ONNX's builders of function bodies, in all.
constexpr double body_build_budget_s = 30.0;
// Rounds of ONNX's inference that drop subgraph input declarations not shown to hold; after the
// last one, inference runs without any subgraph input's declaration.
constexpr int max_derive_rounds = 4;

onnx::GraphProto* graph_at(onnx::GraphProto& graph, const GraphPath& path) {
  onnx::GraphProto* at = &graph;
  for (const auto& step : path) {
    if (step.node < 0 || step.node >= at->node_size()) return nullptr;
    auto& attributes = *at->mutable_node(step.node)->mutable_attribute();
    const auto found = std::find_if(attributes.begin(), attributes.end(),
                                    [&](const auto& a) { return a.name() == step.attribute; });
    if (found == attributes.end()) return nullptr;
    if (step.index < 0) {
      if (!found->has_g()) return nullptr;
      at = found->mutable_g();
    } else {
      if (step.index >= found->graphs_size()) return nullptr;
      at = found->mutable_graphs(step.index);
    }
  }
  return at;
}

void strip_subgraph_inputs(onnx::GraphProto& graph, bool here) {
  if (here) {
    for (auto& input : *graph.mutable_input()) input.clear_type();
  }
  for (auto& node : *graph.mutable_node()) {
    for (auto& attribute : *node.mutable_attribute()) {
      if (attribute.has_g()) strip_subgraph_inputs(*attribute.mutable_g(), true);
      for (auto& g : *attribute.mutable_graphs()) strip_subgraph_inputs(g, true);
    }
  }
}

}  // namespace

bool is_default_domain(const std::string& domain) { return domain.empty() || domain == "ai.onnx"; }

bool is_div(const onnx::NodeProto& node) {
  return node.op_type() == "Div" && is_default_domain(node.domain());
}

bool may_hold_div(const onnx::GraphProto& graph) {
  for (const auto& node : graph.node()) {
    if (is_div(node)) return true;
    if (is_default_domain(node.domain()) && may_be_function_operator(node.op_type())) return true;
    for (const auto& attribute : node.attribute()) {
      if (attribute.has_g() && may_hold_div(attribute.g())) return true;
      for (const auto& g : attribute.graphs()) {
        if (may_hold_div(g)) return true;
      }
    }
  }
  return false;
}

bool may_hold_div(const onnx::ModelProto& model) {
  if (may_hold_div(model.graph())) return true;
  for (const auto& f : model.functions()) {
    onnx::GraphProto body;
    *body.mutable_node() = f.node();
    if (may_hold_div(body)) return true;
  }
  for (const auto& training : model.training_info()) {
    if (may_hold_div(training.initialization()) || may_hold_div(training.algorithm())) {
      return true;
    }
  }
  return false;
}

Checker::Checker(const onnx::ModelProto& model, CheckOptions options)
    : model_(model), options_(options), body_build_seconds_left_(body_build_budget_s) {
  model_version_ = resolve_version(model.opset_import(), "the model", nullptr);
  for (const auto& f : model.functions()) {
    functions_[std::make_pair(f.domain(), f.name())].push_back(&f);
    if (is_default_domain(f.domain()) && f.name() == "Div") shadowed_ = true;
  }
  for (const auto& [key, list] : functions_) {
    for (std::size_t k = 0; k < list.size(); ++k) {
      labels_[list[k]] = function_id(*list[k]) +
                         (list.size() == 1 ? ""
                                           : " (definition " + std::to_string(k + 1) + " of " +
                                                 std::to_string(list.size()) + ")");
    }
    if (list.size() > 1) {
      add_finding(findings, Verdict::outside, "T6",
                  "the model defines " + std::to_string(list.size()) + " local functions " +
                      function_id(*list.front()) +
                      ", but the domain and name of a function identify it uniquely (ONNX IR, "
                      "Functions: each FunctionProto of a model has a unique (domain, name)); "
                      "every definition is judged at every call");
    }
  }
}

const VersionContext& Checker::version_of(const onnx::FunctionProto& f) {
  auto found = function_versions_.find(&f);
  if (found == function_versions_.end()) {
    found = function_versions_
                .emplace(&f, resolve_version(f.opset_import(), "function " + function_id(f),
                                             &model_version_))
                .first;
  }
  return found->second;
}

InferenceOutcome Checker::derive(const onnx::ModelProto& original, const Frame& frame,
                                 const onnx::ModelProto* to_check) {
  onnx::ModelProto stripped = original;
  strip_computed_declarations(*stripped.mutable_graph());
  InferenceOutcome outcome = run_onnx_isolated(&stripped, to_check);
  for (int round = 0; outcome.model && round < max_derive_rounds; ++round) {
    std::vector<UnverifiedInput> unverified;
    Frame dry = frame;
    dry.dry = true;
    dry.unverified = &unverified;
    visit(original.graph(), &outcome.model->graph(), "", dry);
    if (unverified.empty()) break;
    if (round + 1 == max_derive_rounds) {
      strip_subgraph_inputs(*stripped.mutable_graph(), false);
    } else {
      for (const auto& u : unverified) {
        onnx::GraphProto* sub = graph_at(*stripped.mutable_graph(), u.path);
        if (sub != nullptr && u.input < sub->input_size())
          sub->mutable_input(u.input)->clear_type();
      }
    }
    InferenceOutcome again = run_onnx_isolated(&stripped, nullptr);
    outcome.model = std::move(again.model);
    outcome.note = std::move(again.note);
  }
  return outcome;
}

InferenceOutcome Checker::derive_main(bool check) {
  Frame frame;
  frame.version = &model_version_;
  frame.input_source = "graph input";
  if (!options_.shape_inference) {
    InferenceOutcome outcome = run_onnx_isolated(nullptr, check ? &model_ : nullptr);
    outcome.note = "ONNX shape inference turned off";
    return outcome;
  }
  return derive(model_, frame, check ? &model_ : nullptr);
}

void Checker::run(const onnx::GraphProto* derived, const std::string& unknown_note) {
  Frame frame;
  frame.version = &model_version_;
  frame.input_source = "graph input";
  frame.unknown_note = unknown_note;
  visit(model_.graph(), derived, "graph \"" + model_.graph().name() + "\"", frame);
  training_graphs();
  const auto drain = [this] {
    while (!calls_.empty()) {
      CallSite site = std::move(calls_.front());
      calls_.pop_front();
      judge_call(site);
    }
  };
  drain();
  // What no call from the model's graphs reaches (and the functions only those call).
  for (const auto& f : model_.functions()) {
    if (reached_.count(&f) != 0) continue;
    untyped(f, "function " + label(f) + " (not called)", {},
            "no call from the model's graphs reaches the function to give its inputs' types");
    drain();
  }
}

// `runner` is the node whose attribute `attribute` holds the graph (null for a main graph, a
// training graph or a function's body, whose inputs the model's user or the call feeds).
void Checker::visit(const onnx::GraphProto& graph, const onnx::GraphProto* derived,
                    const std::string& location, Frame& frame, const onnx::NodeProto* runner,
                    const std::string& attribute) {
  frame.scopes.push_back(scope_of(graph, derived, frame.input_source.c_str()));
  if (runner != nullptr) {
    const std::vector<int> marked =
        check_fed_inputs(*runner, attribute, frame.version->opset, graph, frame.scopes);
    if (frame.unverified != nullptr) {
      for (const int k : marked) frame.unverified->push_back(UnverifiedInput{frame.path, k});
    }
  }
  const bool same_nodes = derived != nullptr && derived->node_size() == graph.node_size();
  // An algorithm step's graph begins with the main graph's nodes, judged in the main graph (a dry
  // walk still looks at them all).
  const int first = frame.dry ? 0 : std::max(0, frame.first_node);
  frame.first_node = 0;
  for (int k = first; k < graph.node_size(); ++k) {
    const onnx::NodeProto& node = graph.node(k);
    const auto position = static_cast<std::size_t>(k - first);
    const auto callee = functions_.find({node.domain(), node.op_type()});
    const bool call = callee != functions_.end() && !is_div(node);
    if (!frame.dry) {
      if (is_div(node)) check(node, position, graph.name(), location, frame);
      if (call) {
        for (const onnx::FunctionProto* f : callee->second) {
          note_call(*f, node, position, location, frame);
        }
      } else if (!is_div(node) && is_default_domain(node.domain())) {
        function_operator(node, position, location, frame);
      }
    }
    const onnx::NodeProto* derived_node = same_nodes ? &derived->node(k) : nullptr;
    for (int a = 0; a < node.attribute_size(); ++a) {
      const onnx::AttributeProto& attr = node.attribute(a);
      const onnx::AttributeProto* derived_attr =
          derived_node != nullptr && a < derived_node->attribute_size() &&
                  derived_node->attribute(a).name() == attr.name()
              ? &derived_node->attribute(a)
              : nullptr;
      const std::string here = location + " > " + node_label(node, position) + " > ";
      if (attr.has_g()) {
        frame.path.push_back(GraphStep{k, attr.name(), -1});
        visit(attr.g(),
              derived_attr != nullptr && derived_attr->has_g() ? &derived_attr->g() : nullptr,
              here + attr.name() + " \"" + attr.g().name() + "\"", frame, &node, attr.name());
        frame.path.pop_back();
      }
      for (int j = 0; j < attr.graphs_size(); ++j) {
        std::string index = std::to_string(j);  // "[j]" (built so to avoid GCC 12's -Wrestrict
        index.insert(0, 1, '[');                // false positive, GCC bug 105329)
        index.push_back(']');
        frame.path.push_back(GraphStep{k, attr.name(), j});
        visit(attr.graphs(j),
              derived_attr != nullptr && j < derived_attr->graphs_size() ? &derived_attr->graphs(j)
                                                                         : nullptr,
              here + attr.name() + index + " \"" + attr.graphs(j).name() + "\"", frame, &node,
              attr.name() + index);
        frame.path.pop_back();
      }
    }
  }
  frame.scopes.pop_back();
}

void Checker::function_operator(const onnx::NodeProto& node, std::size_t position,
                                const std::string& location, const Frame& frame) {
  if (!may_be_function_operator(node.op_type())) return;
  std::vector<onnx::TypeProto> types;
  for (const auto& input : node.input()) {
    const auto fact = input.empty() ? std::nullopt : lookup(frame.scopes, input);
    types.push_back(fact && fact->conflict.empty() ? type_of(*fact) : onnx::TypeProto{});
  }
  const std::string problem =
      function_operator_div(node, frame.version->opset, types, body_build_seconds_left_);
  if (problem.empty()) return;
  add_finding(findings, Verdict::unproven, "T3",
              location + " > " + node_label(node, position) + ": " + problem + "; cannot prove T3");
}

void Checker::note_call(const onnx::FunctionProto& f, const onnx::NodeProto& node,
                        std::size_t position, const std::string& location, const Frame& frame) {
  CallSite site;
  site.function = &f;
  site.call = node;
  site.location = location + " > call #" + std::to_string(position) + " \"" + node.name() +
                  "\" of function " + label(f);
  for (int k = 0; k < f.input_size(); ++k) {
    if (frame.untyped.empty() && k < node.input_size() && !node.input(k).empty()) {
      site.actuals.push_back(lookup(frame.scopes, node.input(k)));
    } else {
      site.actuals.emplace_back();
    }
  }
  site.chain = frame.chain;
  if (!frame.untyped.empty()) {
    site.untyped = "its caller is judged without types (" + frame.untyped + ")";
  }
  calls_.push_back(std::move(site));
}

void Checker::judge_call(const CallSite& site) {
  const onnx::FunctionProto& f = *site.function;
  reached_.insert(&f);
  if (!site.untyped.empty()) {
    untyped(f, site.location, site.chain, site.untyped);
    return;
  }
  if (std::find(site.chain.begin(), site.chain.end(), &f) != site.chain.end()) {
    untyped(f, site.location, site.chain, "the call is recursive: not judged with types");
    return;
  }
  if (specialised_ >= max_specialised_calls) {
    untyped(f, site.location, site.chain,
            "the model has more than " + std::to_string(max_specialised_calls) +
                " calls of local functions: this one is not judged with types");
    return;
  }
  ++specialised_;
  const onnx::ModelProto body = standalone(site);
  Frame frame;
  frame.version = &version_of(f);
  frame.function = function_id(f);
  frame.input_source = call_site_source;
  frame.chain = site.chain;
  frame.chain.push_back(&f);
  frame.unknown_note = "not given a type by the call";
  std::optional<onnx::ModelProto> derived;
  if (options_.shape_inference && inference_seconds_ < inference_budget_s) {
    const auto start = std::chrono::steady_clock::now();
    InferenceOutcome outcome = derive(body, frame, nullptr);
    inference_seconds_ +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (outcome.model) {
      derived = std::move(outcome.model);
    } else {
      frame.unknown_note += "; " + outcome.note;
    }
  } else if (options_.shape_inference) {
    frame.unknown_note += "; ONNX shape inference of call sites stopped after " +
                          std::to_string(static_cast<int>(inference_budget_s)) + " s";
  }
  visit(body.graph(), derived ? &derived->graph() : nullptr, site.location, frame);
}

}  // namespace sonnx::io::model
