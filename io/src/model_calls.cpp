// The walk of check-model, continued: a function's body checked as a model of its own at a call
// site (standalone), a function reached without types (untyped), and the training graphs (T3,
// T6). See model_walk.hpp; the walk itself is in model_walk.cpp.
// [impl->req~T3~1] [impl->req~T6~1]
#include <algorithm>
#include <chrono>

#include "function_operators.hpp"
#include "model_walk.hpp"
#include "onnx_isolated.hpp"

namespace sonnx::io::model {

namespace {

// An unbound reference on a Div node stays: the node as written carries that attribute (ONNX's
// checker rejects it too), whatever the call gives.
void bind_attributes(onnx::NodeProto& node, const onnx::NodeProto& call);

void bind_graph(onnx::GraphProto& graph, const onnx::NodeProto& call) {
  for (auto& node : *graph.mutable_node()) bind_attributes(node, call);
}

void bind_attributes(onnx::NodeProto& node, const onnx::NodeProto& call) {
  google::protobuf::RepeatedPtrField<onnx::AttributeProto> bound;
  for (const auto& attribute : node.attribute()) {
    if (!attribute.ref_attr_name().empty()) {
      const auto given = std::find_if(
          call.attribute().begin(), call.attribute().end(),
          [&](const onnx::AttributeProto& a) { return a.name() == attribute.ref_attr_name(); });
      if (given != call.attribute().end()) {
        onnx::AttributeProto* copy = bound.Add();
        *copy = *given;
        copy->set_name(attribute.name());
      } else if (is_div(node)) {
        *bound.Add() = attribute;
      }
      continue;
    }
    onnx::AttributeProto* copy = bound.Add();
    *copy = attribute;
    if (copy->has_g()) bind_graph(*copy->mutable_g(), call);
    for (auto& g : *copy->mutable_graphs()) bind_graph(g, call);
  }
  node.mutable_attribute()->Swap(&bound);
}

}  // namespace

// The function body as a graph of its own: formal inputs typed from the call's actuals,
// attribute references bound to the call's attributes (an unbound one is dropped, as ONNX
// does), the function's opset imports and the model's local functions.
onnx::ModelProto Checker::standalone(const CallSite& site) const {
  const onnx::FunctionProto& f = *site.function;
  onnx::ModelProto m;
  m.set_ir_version(model_.ir_version());
  std::set<std::string> domains;
  for (const auto& import : f.opset_import()) {
    *m.add_opset_import() = import;
    domains.insert(import.domain());
  }
  for (const auto& import : model_.opset_import()) {
    if (domains.count(import.domain()) == 0) *m.add_opset_import() = import;
  }
  *m.mutable_functions() = model_.functions();
  onnx::GraphProto& g = *m.mutable_graph();
  g.set_name(f.name());
  for (int k = 0; k < f.input_size(); ++k) {
    onnx::ValueInfoProto* input = g.add_input();
    input->set_name(f.input(k));
    const auto& actual = site.actuals[static_cast<std::size_t>(k)];
    if (actual && actual->conflict.empty()) *input->mutable_type() = type_of(*actual);
  }
  for (const auto& node : f.node()) {
    onnx::NodeProto* copy = g.add_node();
    *copy = node;
    bind_attributes(*copy, site.call);
  }
  for (const auto& output : f.output()) g.add_output()->set_name(output);
  return m;
}

// A function body judged without its inputs' types (no call reaches it, a recursive call, too
// many calls, or a caller judged so), once per function: a later call without types would give
// the same verdicts. Its calls are followed, without types too.
void Checker::untyped(const onnx::FunctionProto& f, const std::string& location,
                      std::vector<const onnx::FunctionProto*> chain, const std::string& note) {
  reached_.insert(&f);
  if (!untyped_done_.insert(&f).second) return;
  onnx::GraphProto body;
  body.set_name(f.name());
  for (const auto& input : f.input()) body.add_input()->set_name(input);
  *body.mutable_node() = f.node();
  Frame frame;
  frame.version = &version_of(f);
  frame.function = function_id(f);
  frame.input_source = call_site_source;
  frame.chain = std::move(chain);
  frame.chain.push_back(&f);
  frame.unknown_note = note;
  frame.untyped = "function " + label(f) + ": " + note;
  visit(body, nullptr, location, frame);
}

// The training graphs (TrainingInfoProto, ONNX IR version 7 and later). The initialization graph
// stands alone; an algorithm step runs the main graph and the algorithm graph concatenated (their
// inputs, initializers, nodes, ... in that order), and only the algorithm's nodes are judged here.
// A mutable variable (a key of initialization_binding or update_binding) holds its initializer's
// value at the first step only: in a training graph it is an input of unknown type. ONNX's checker
// (1.12) does not look at training graphs; each gets ONNX's inference of its own.
void Checker::training_graphs() {
  std::set<std::string> variables;
  for (const auto& training : model_.training_info()) {
    for (const auto& b : training.initialization_binding()) variables.insert(b.key());
    for (const auto& b : training.update_binding()) variables.insert(b.key());
  }
  const auto unfix = [&variables](onnx::GraphProto& g) {
    std::set<std::string> inputs;
    for (const auto& v : g.input()) inputs.insert(v.name());
    for (auto* list : {g.mutable_initializer()}) {
      for (int j = list->size() - 1; j >= 0; --j) {
        const std::string name = list->Get(j).name();
        if (variables.count(name) == 0) continue;
        list->DeleteSubrange(j, 1);
        if (inputs.insert(name).second) g.add_input()->set_name(name);
      }
    }
    auto& sparse = *g.mutable_sparse_initializer();
    for (int j = sparse.size() - 1; j >= 0; --j) {
      const std::string name = sparse.Get(j).values().name();
      if (variables.count(name) == 0) continue;
      sparse.DeleteSubrange(j, 1);
      if (inputs.insert(name).second) g.add_input()->set_name(name);
    }
  };
  for (int k = 0; k < model_.training_info_size(); ++k) {
    const onnx::TrainingInfoProto& training = model_.training_info(k);
    for (const auto* graph : {&training.initialization(), &training.algorithm()}) {
      if (!may_hold_div(*graph)) continue;
      const bool algorithm = graph == &training.algorithm();
      onnx::ModelProto m;
      m.set_ir_version(model_.ir_version());
      *m.mutable_opset_import() = model_.opset_import();
      *m.mutable_functions() = model_.functions();
      onnx::GraphProto& g = *m.mutable_graph();
      g.set_name(graph->name());
      if (algorithm) {
        const onnx::GraphProto& main = model_.graph();
        g.mutable_input()->MergeFrom(main.input());
        g.mutable_initializer()->MergeFrom(main.initializer());
        g.mutable_sparse_initializer()->MergeFrom(main.sparse_initializer());
        g.mutable_output()->MergeFrom(main.output());
        g.mutable_node()->MergeFrom(main.node());
        g.mutable_value_info()->MergeFrom(main.value_info());
      }
      g.mutable_input()->MergeFrom(graph->input());
      g.mutable_initializer()->MergeFrom(graph->initializer());
      g.mutable_sparse_initializer()->MergeFrom(graph->sparse_initializer());
      g.mutable_output()->MergeFrom(graph->output());
      g.mutable_node()->MergeFrom(graph->node());
      g.mutable_value_info()->MergeFrom(graph->value_info());
      const std::string where = "training_info[" + std::to_string(k) + "] > " +
                                (algorithm ? "algorithm" : "initialization") + " \"" +
                                graph->name() + "\"";
      // ONNX's checker skips training graphs, which the ONNX IR holds to the rules of a graph (an
      // algorithm step's with the main graph's nodes before its own): it judges each here as the
      // model built for it, before its mutable variables lose their values.
      const std::optional<onnx::ModelProto> as_built =
          options_.onnx_checker ? std::optional<onnx::ModelProto>(m) : std::nullopt;
      unfix(g);
      Frame frame;
      frame.version = &model_version_;
      frame.input_source = "training graph input";
      frame.first_node = algorithm ? model_.graph().node_size() : 0;
      frame.unknown_note =
          "a training graph's inputs and mutable variables (initialization_binding, "
          "update_binding) are not known beyond their declarations";
      std::optional<onnx::ModelProto> derived;
      const onnx::ModelProto* to_check = as_built ? &*as_built : nullptr;
      InferenceOutcome outcome;
      if ((options_.shape_inference || to_check != nullptr) &&
          inference_seconds_ < inference_budget_s) {
        const auto start = std::chrono::steady_clock::now();
        outcome = options_.shape_inference ? derive(m, frame, to_check)
                                           : run_onnx_isolated(nullptr, to_check);
        inference_seconds_ +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      } else {
        outcome.note = "ONNX shape inference turned off";
        if (to_check != nullptr) {
          outcome.note = "ONNX shape inference and checker of training graphs stopped after " +
                         std::to_string(static_cast<int>(inference_budget_s)) + " s";
          outcome.check_message = outcome.note;
        }
      }
      if (options_.shape_inference) derived = std::move(outcome.model);
      if (!derived) frame.unknown_note += "; " + outcome.note;
      if (to_check != nullptr && outcome.check != OnnxCheck::accepted) {
        add_finding(
            findings, Verdict::unproven, "T6",
            where + ": not shown to be valid ONNX, so T6 cannot be proved: ONNX's " +
                "checker, run on the graph as a model of its own (" +
                (algorithm ? "after the main graph's inputs, initializers and nodes" : "alone") +
                "), " +
                (outcome.check == OnnxCheck::rejected
                     ? "rejects it: " + outcome.check_message
                     : "gave no answer (" + outcome.check_message + ")"));
      }
      visit(g, derived ? &derived->graph() : nullptr, where, frame);
    }
  }
}

}  // namespace sonnx::io::model
