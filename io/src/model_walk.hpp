// The walk of check-model over a model (T3, T6): the main graph, every graph attribute nested to
// any depth, the training graphs (ModelProto.training_info), and every model-local function, once
// per call site with the types the call gives (a bounded number of them) and otherwise once
// without types. Each Div node met is judged (div_node.cpp); a node of an operator that ONNX
// defines by a function holding a Div (function_operators.cpp) is a finding of the model.
// Internal to sonnx_io.
#ifndef SONNX_IO_MODEL_WALK_HPP
#define SONNX_IO_MODEL_WALK_HPP

#include <onnx/onnx_pb.h>

#include <cstddef>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <sonnx/io/model_check.hpp>
#include <string>
#include <vector>

#include "div_versions.hpp"
#include "model_facts.hpp"
#include "onnx_isolated.hpp"

namespace sonnx::io::model {

bool is_default_domain(const std::string& domain);
bool is_div(const onnx::NodeProto& node);
// A function's name as the checker reports it: DOMAIN.NAME, or NAME in the default domain.
std::string function_id(const onnx::FunctionProto& f);

// Whether a graph (at any depth) or a model (its graph, functions and training graphs) holds a
// Div node, or a node of an operator that ONNX may define by a function.
bool may_hold_div(const onnx::GraphProto& graph);
bool may_hold_div(const onnx::ModelProto& model);

// Every tensor the model embeds (initializers, sparse initializers' values, tensor attributes such
// as Constant's value, in every graph, training graph and function) whose data does not hold the
// element count of its dims: a model finding, outside (T6) (embedded_tensors.cpp).
void check_embedded_tensors(const onnx::ModelProto& model, std::vector<Finding>& findings);

// A call of a model-local function, to be judged with the types the call gives the inputs.
struct CallSite {
  const onnx::FunctionProto* function = nullptr;
  onnx::NodeProto call;
  std::string location;                           // of the function's body at this call
  std::vector<std::optional<ValueInfo>> actuals;  // per formal input
  std::vector<const onnx::FunctionProto*> chain;  // functions the call is already inside
  std::string untyped;  // non-empty: the call is judged without types, and why
};

// One step from a graph to a graph attribute of one of its nodes (index -1: the attribute's g).
struct GraphStep {
  int node = 0;
  std::string attribute;
  int index = -1;
};
using GraphPath = std::vector<GraphStep>;

// A subgraph input whose declaration is not shown to hold for what its node feeds.
struct UnverifiedInput {
  GraphPath path;
  int input = 0;
};

class Checker {
 public:
  Checker(const onnx::ModelProto& model, CheckOptions options);

  std::vector<NodeReport> reports;
  std::vector<Finding> findings;  // about the model as a whole

  [[nodiscard]] std::int64_t opset() const { return model_version_.opset; }

  // ONNX's inference of the model's main graph (and ONNX's checker on the model as written when
  // `check`): see derive().
  InferenceOutcome derive_main(bool check);

  // Judges the main graph (`derived`: its facts from derive_main, null when none), then the
  // training graphs, the calls met, and the functions no call reaches.
  void run(const onnx::GraphProto* derived, const std::string& unknown_note);

 private:
  struct Frame {
    const VersionContext* version = nullptr;
    std::string function;      // "domain.name" of the function whose body this is, else ""
    std::string input_source;  // where the graph's inputs come from
    std::vector<Scope> scopes;
    std::vector<const onnx::FunctionProto*> chain;
    std::string unknown_note;  // why a value has no type here
    std::string untyped;       // non-empty: calls in this body are judged without types (why)
    // A dry walk only finds the subgraph inputs whose declarations are not shown to hold.
    bool dry = false;
    int first_node = 0;  // nodes of the walk's top graph before this one are not judged here
    GraphPath path;
    std::vector<UnverifiedInput>* unverified = nullptr;
  };

  const onnx::ModelProto& model_;
  CheckOptions options_;
  VersionContext model_version_;
  std::map<std::pair<std::string, std::string>, std::vector<const onnx::FunctionProto*>> functions_;
  std::map<const onnx::FunctionProto*, std::string> labels_;
  std::map<const onnx::FunctionProto*, VersionContext> function_versions_;
  std::set<const onnx::FunctionProto*> reached_;
  std::set<const onnx::FunctionProto*> untyped_done_;
  std::deque<CallSite> calls_;
  std::size_t specialised_ = 0;
  // Time the children of one model may take for ONNX's inference and checker of call sites and
  // training graphs, in all (the main graph's have their own limit, run_onnx_isolated's).
  static constexpr double inference_budget_s = 60.0;
  double inference_seconds_ = 0.0;
  double body_build_seconds_left_;
  bool shadowed_ = false;

  const VersionContext& version_of(const onnx::FunctionProto& f);
  const std::string& label(const onnx::FunctionProto& f) const { return labels_.at(&f); }

  // ONNX's inference on a copy of `original` without its computed values' declarations (and
  // ONNX's checker on `to_check`): a dry walk of the result finds the subgraph inputs whose
  // declarations are not shown to hold; their declarations are removed from the copy and
  // inference runs again, until every declaration it keeps holds (at most a few rounds, then
  // without any subgraph input's declaration).
  InferenceOutcome derive(const onnx::ModelProto& original, const Frame& frame,
                          const onnx::ModelProto* to_check);

  void visit(const onnx::GraphProto& graph, const onnx::GraphProto* derived,
             const std::string& location, Frame& frame, const onnx::NodeProto* runner = nullptr,
             const std::string& attribute = "");
  void function_operator(const onnx::NodeProto& node, std::size_t position,
                         const std::string& location, const Frame& frame);
  void note_call(const onnx::FunctionProto& f, const onnx::NodeProto& node, std::size_t position,
                 const std::string& location, const Frame& frame);
  void judge_call(const CallSite& site);
  onnx::ModelProto standalone(const CallSite& site) const;
  void untyped(const onnx::FunctionProto& f, const std::string& location,
               std::vector<const onnx::FunctionProto*> chain, const std::string& note);
  void training_graphs();

  // The judgement of one Div node (div_node.cpp).
  void check(const onnx::NodeProto& node, std::size_t position, const std::string& graph_name,
             const std::string& location, const Frame& frame);
  void finish(NodeReport& report, std::vector<Finding>& findings);
};

}  // namespace sonnx::io::model

#endif  // SONNX_IO_MODEL_WALK_HPP
