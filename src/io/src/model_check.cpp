// check-model (T3, T6). Every Div node of the default domain is judged where it is: the main
// graph, every subgraph attribute (If, Loop, Scan, ... nested to any depth) and every model-local
// function, once per call site with the types the call gives its inputs (a function no call
// reaches is judged once without them). A Div node is inside the SONNX profile when, from the
// model alone:
//   T6   the node is valid for the Div version its opset imports select (seed 000, ONNX Div page:
//        versions 1, 6, 7, 13, 14): one unambiguous default-domain opset known to ONNX's registry,
//        the version's type constraint T (one type for A, B and C, from the version's list), its
//        attributes, its broadcasting rule and the output shape it gives;
//   GR4  the opset selects Div-7 or later and the node carries no attribute (Div-1/6 have
//        'broadcast'/'axis' attributes with default values);
//   R2/GR1  A, B (and C when typed) are dense tensors, not sparse;
//   R3   their element type is one of the 12 numeric profile types (GR2: never undefined);
//   C2/GR3  A, B (and C when typed) have the same element type;
//   R1/R4  A and B have static shapes that are equal (broadcastable but different: R4);
//   C1   C's static shape, when declared, equals A's.
// Unknown or symbolic shapes or types violate nothing but prove nothing: verdict "unproven"; so
// do declarations of one value that contradict each other. The model as a whole is inside only if
// every Div node is and ONNX's own checker accepts the model (onnx::checker::check_model and shape
// inference with type checks in strict mode, as onnx.checker.check_model(full_check=True)).
// ONNX's shape inference runs first (unless turned off): a type or shape it adds or refines is
// marked as inferred, and each node lists the facts it used that came from inference. Inference
// and ONNX's checker run in a child process, so a crash or hang inside ONNX costs only their
// answers: the inferred facts, or the checker's acceptance (then the model is not inside).
// The Div versions' rules are in div_versions.cpp, what is known of each value in model_facts.cpp.
#include <onnx/checker.h>
#include <onnx/defs/schema.h>
#include <onnx/onnx_pb.h>
#include <onnx/shape_inference/implementation.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <sonnx/io/model_check.hpp>
#include <string>

#include "common/kernels/sonnx_validation.h"
#include "div_versions.hpp"
#include "model_facts.hpp"

// [impl->req~T3~1] [impl->req~GR4~1] [impl->req~T6~1]
namespace sonnx::io {

std::string_view verdict_name(Verdict verdict) noexcept {
  static constexpr std::string_view names[] = {"inside", "outside", "unproven"};  // Verdict order
  return names[static_cast<std::size_t>(verdict)];
}

std::string_view onnx_check_name(OnnxCheck check) noexcept {
  static constexpr std::string_view names[] = {"not run", "accepted", "rejected", "failed"};
  return names[static_cast<std::size_t>(check)];
}

Verdict ModelReport::verdict() const noexcept {
  Verdict worst = Verdict::inside;
  const auto weigh = [&worst](Verdict v) {
    if (v == Verdict::outside || (v == Verdict::unproven && worst == Verdict::inside)) worst = v;
  };
  for (const auto& node : nodes) weigh(node.verdict);
  for (const auto& finding : findings) weigh(finding.verdict);
  return worst;
}

bool ModelReport::all_inside() const noexcept {
  return status.ok() && !nodes.empty() && verdict() == Verdict::inside;
}

namespace model {
namespace {

// ---------------------------------------------------------------------------------------------
// ONNX's per-operator inference functions are not robust against malformed nodes (a GRU node
// without its weight inputs dereferences a missing type), so inference and ONNX's checker run in
// a child process: a crash, an exception or a hang there costs their answers, never the check.
// The child writes up to two sections, each a tag byte, an 8-byte length and that many bytes:
// the inferred model ('M') or the inference error ('E'), then the checker's acceptance ('A') or
// rejection ('R', with ONNX's message). A section that never arrives is a failure.
struct InferenceOutcome {
  std::optional<onnx::ModelProto> model;
  std::string note;  // why there is no inferred model
  OnnxCheck check = OnnxCheck::not_run;
  std::string check_message;
};

constexpr unsigned inference_time_limit_s = 30;

bool write_all(int out, const char* data, std::size_t size) {
  for (std::size_t done = 0; done < size;) {
    const ssize_t n = ::write(out, data + done, size - done);
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

bool write_section(int out, char tag, const std::string& message) {
  char header[9];
  header[0] = tag;
  std::uint64_t size = message.size();
  for (int k = 0; k < 8; ++k) {
    header[1 + k] = static_cast<char>(size & 0xFFU);
    size >>= 8U;
  }
  return write_all(out, header, sizeof header) && write_all(out, message.data(), message.size());
}

[[noreturn]] void run_inference_child(onnx::ModelProto& model, int out, bool infer, bool check) {
  for (const int signal_number : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) {
    std::signal(signal_number, SIG_DFL);  // die by the signal, not through a parent's handler
  }
  alarm(inference_time_limit_s);
  bool written = true;
  if (infer) {
    onnx::ModelProto inferred = model;
    std::string message;
    char tag = 'M';
    try {
      // check_type off, error_mode 0 (infer what can be inferred, skip the rest), no data
      // propagation: inference may only add facts, never reject a model the checker judges.
      onnx::ShapeInferenceOptions inference{false, 0, false};
      onnx::shape_inference::InferShapes(inferred, onnx::OpSchemaRegistry::Instance(), inference);
      message = inferred.SerializeAsString();
    } catch (const std::exception& e) {
      tag = 'E';
      message = e.what();
    }
    written = write_section(out, tag, message);
  }
  if (check && written) {
    char tag = 'A';
    std::string message;
    try {
      // onnx.checker.check_model(model, full_check=True) of ONNX 1.12: the checker, then shape
      // inference with type checks (check_type) in strict mode (error_mode 1), no data
      // propagation.
      onnx::checker::check_model(model);
      onnx::ShapeInferenceOptions strict{true, 1, false};
      onnx::shape_inference::InferShapes(model, onnx::OpSchemaRegistry::Instance(), strict);
    } catch (const std::exception& e) {
      tag = 'R';
      message = e.what();
    }
    written = write_section(out, tag, message);
  }
  _exit(written ? 0 : 1);
}

// Reads one section at `offset` of the child's output; nullopt when it is incomplete.
std::optional<std::pair<char, std::string>> read_section(const std::string& received,
                                                         std::size_t& offset) {
  if (received.size() - offset < 9) return std::nullopt;
  std::uint64_t size = 0;
  for (int k = 7; k >= 0; --k) {
    size = (size << 8U) |
           static_cast<unsigned char>(received[offset + 1 + static_cast<std::size_t>(k)]);
  }
  if (size > received.size() - offset - 9) return std::nullopt;
  std::pair<char, std::string> section{received[offset], received.substr(offset + 9, size)};
  offset += 9 + size;
  return section;
}

InferenceOutcome infer_shapes_isolated(const onnx::ModelProto& model, bool infer, bool check) {
  InferenceOutcome outcome;
  int pipe_ends[2];
  if (::pipe(pipe_ends) != 0) {
    outcome.note = "ONNX shape inference not run: cannot create a pipe";
    if (check) outcome.check = OnnxCheck::failed;
    outcome.check_message = "cannot create a pipe";
    return outcome;
  }
  const pid_t child = ::fork();
  if (child == 0) {
    ::close(pipe_ends[0]);
    onnx::ModelProto copy = model;
    run_inference_child(copy, pipe_ends[1], infer, check);
  }
  ::close(pipe_ends[1]);
  if (child < 0) {
    ::close(pipe_ends[0]);
    outcome.note = "ONNX shape inference not run: cannot start a child process";
    if (check) outcome.check = OnnxCheck::failed;
    outcome.check_message = "cannot start a child process";
    return outcome;
  }
  std::string received;
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(pipe_ends[0], buffer, sizeof buffer);
    if (n > 0) {
      received.append(buffer, static_cast<std::size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      break;
    }
  }
  ::close(pipe_ends[0]);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  std::string failure;
  if (WIFSIGNALED(status)) {
    const int signal_number = WTERMSIG(status);
    failure = signal_number == SIGALRM
                  ? "stopped after " + std::to_string(inference_time_limit_s) + " s"
                  : "crashed (signal " + std::to_string(signal_number) + ")";
  } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    failure = "failed without a result";
  }
  std::size_t offset = 0;
  if (infer) {
    const auto section = read_section(received, offset);
    if (!section) {
      outcome.note = "ONNX shape inference " +
                     (failure.empty() ? "failed without a result" : failure) +
                     "; inferred facts not used";
    } else if (section->first == 'E') {
      outcome.note = "ONNX shape inference failed: " + section->second;
    } else {
      onnx::ModelProto inferred;
      if (section->second.size() <= static_cast<std::size_t>(INT32_MAX) &&
          inferred.ParseFromArray(section->second.data(),
                                  static_cast<int>(section->second.size()))) {
        outcome.model = std::move(inferred);
      } else {
        outcome.note = "ONNX shape inference returned an unreadable model; inferred facts not used";
      }
    }
  }
  if (check) {
    const auto section = read_section(received, offset);
    if (!section) {
      outcome.check = OnnxCheck::failed;
      outcome.check_message = failure.empty() ? "failed without a result" : failure;
    } else if (section->first == 'A') {
      outcome.check = OnnxCheck::accepted;
    } else {
      outcome.check = OnnxCheck::rejected;
      outcome.check_message = section->second;
    }
  }
  return outcome;
}

// ---------------------------------------------------------------------------------------------
// The walk over the model: graphs, subgraphs, functions at their call sites.

bool is_default_domain(const std::string& domain) { return domain.empty() || domain == "ai.onnx"; }

bool is_div(const onnx::NodeProto& node) {
  return node.op_type() == "Div" && is_default_domain(node.domain());
}

std::string function_id(const onnx::FunctionProto& f) {
  return f.domain().empty() ? f.name() : f.domain() + "." + f.name();
}

std::string node_label(const onnx::NodeProto& node, std::size_t position) {
  return node.op_type() + " #" + std::to_string(position) + " \"" + node.name() + "\"";
}

// One line of text: ONNX's messages span lines.
std::string one_line(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  constexpr std::size_t limit = 600;
  if (text.size() > limit) text = text.substr(0, limit) + "...";
  return text;
}

// A call of a model-local function, to be judged with the types the call gives the inputs.
struct CallSite {
  const onnx::FunctionProto* function = nullptr;
  onnx::NodeProto call;
  std::string location;                           // of the function's body at this call
  std::vector<std::optional<ValueInfo>> actuals;  // per formal input
  std::vector<const onnx::FunctionProto*> chain;  // functions the call is already inside
};

// Call sites judged with their own types, at most, per model; later ones and recursive calls are
// judged without them (unproven where that matters).
constexpr std::size_t max_specialised_calls = 64;
// Time the children of one model may take for the call sites' inference, in all.
constexpr double call_inference_budget_s = 60.0;

class Checker {
 public:
  Checker(const onnx::ModelProto& model, CheckOptions options) : model_(model), options_(options) {
    model_version_ = resolve_version(model.opset_import(), "the model", nullptr);
    for (const auto& f : model.functions()) {
      functions_.emplace(std::make_pair(f.domain(), f.name()), &f);
      if (is_default_domain(f.domain()) && f.name() == "Div") shadowed_ = true;
    }
  }

  std::vector<NodeReport> reports;

  [[nodiscard]] std::int64_t opset() const { return model_version_.opset; }

  void run(const onnx::GraphProto& graph, const Declared* declared) {
    Frame frame;
    frame.version = &model_version_;
    frame.declared = declared;
    visit(graph, "graph \"" + graph.name() + "\"", frame);
    while (!calls_.empty()) {
      CallSite site = std::move(calls_.front());
      calls_.pop_front();
      judge_call(site);
    }
    for (const auto& f : model_.functions()) {
      if (reached_.count(&f) != 0) continue;
      reached_.insert(&f);
      unspecialised(f, "function " + function_id(f) + " (not called)", {},
                    "the function has no call site to give its inputs' types");
    }
  }

 private:
  struct Frame {
    const VersionContext* version = nullptr;
    std::string function;
    const Declared* declared = nullptr;
    std::vector<Scope> scopes;
    std::vector<const onnx::FunctionProto*> chain;
    std::string unknown_note;  // why a function input has no type here
    bool calls = true;         // calls in this body are judged at their sites
  };

  const onnx::ModelProto& model_;
  CheckOptions options_;
  VersionContext model_version_;
  std::map<std::pair<std::string, std::string>, const onnx::FunctionProto*> functions_;
  std::map<const onnx::FunctionProto*, VersionContext> function_versions_;
  std::set<const onnx::FunctionProto*> reached_;
  std::deque<CallSite> calls_;
  std::size_t specialised_ = 0;
  double inference_seconds_ = 0.0;
  bool shadowed_ = false;

  const VersionContext& version_of(const onnx::FunctionProto& f) {
    auto found = function_versions_.find(&f);
    if (found == function_versions_.end()) {
      found = function_versions_
                  .emplace(&f, resolve_version(f.opset_import(), "function " + function_id(f),
                                               &model_version_))
                  .first;
    }
    return found->second;
  }

  [[nodiscard]] static std::optional<ValueInfo> lookup(const Frame& frame,
                                                       const std::string& name) {
    return model::lookup(frame.scopes, name);
  }

  // `runner` is the node whose attribute `attribute` holds the graph (null for a main graph or a
  // function's body, whose inputs the model's user or the call feeds).
  void visit(const onnx::GraphProto& graph, const std::string& location, Frame& frame,
             const onnx::NodeProto* runner = nullptr, const std::string& attribute = "") {
    frame.scopes.push_back(
        scope_of(graph, frame.declared, frame.function.empty() ? "graph input" : call_site_source));
    if (runner != nullptr) {
      check_fed_inputs(*runner, attribute, frame.version->opset, graph, frame.scopes);
    }
    for (int k = 0; k < graph.node_size(); ++k) {
      const onnx::NodeProto& node = graph.node(k);
      const auto position = static_cast<std::size_t>(k);
      if (is_div(node)) check(node, position, graph.name(), location, frame);
      const auto callee = functions_.find({node.domain(), node.op_type()});
      if (callee != functions_.end() && !is_div(node) && frame.calls) {
        note_call(*callee->second, node, position, location, frame);
      }
      for (const auto& attribute : node.attribute()) {
        const std::string here = location + " > " + node_label(node, position) + " > ";
        if (attribute.has_g()) {
          visit(attribute.g(), here + attribute.name() + " \"" + attribute.g().name() + "\"", frame,
                &node, attribute.name());
        }
        for (int j = 0; j < attribute.graphs_size(); ++j) {
          visit(attribute.graphs(j),
                here + attribute.name() + "[" + std::to_string(j) + "] \"" +
                    attribute.graphs(j).name() + "\"",
                frame, &node, attribute.name() + "[" + std::to_string(j) + "]");
        }
      }
    }
    frame.scopes.pop_back();
  }

  void note_call(const onnx::FunctionProto& f, const onnx::NodeProto& node, std::size_t position,
                 const std::string& location, const Frame& frame) {
    CallSite site;
    site.function = &f;
    site.call = node;
    site.location = location + " > call #" + std::to_string(position) + " \"" + node.name() +
                    "\" of function " + function_id(f);
    for (int k = 0; k < f.input_size(); ++k) {
      if (k < node.input_size() && !node.input(k).empty()) {
        site.actuals.push_back(lookup(frame, node.input(k)));
      } else {
        site.actuals.emplace_back();
      }
    }
    site.chain = frame.chain;
    calls_.push_back(std::move(site));
  }

  void judge_call(const CallSite& site) {
    const onnx::FunctionProto& f = *site.function;
    reached_.insert(&f);
    if (std::find(site.chain.begin(), site.chain.end(), &f) != site.chain.end()) {
      unspecialised(f, site.location, site.chain, "the call is recursive: not judged with types");
      return;
    }
    if (specialised_ >= max_specialised_calls) {
      unspecialised(f, site.location, site.chain,
                    "the model has more than " + std::to_string(max_specialised_calls) +
                        " calls of local functions: this one is not judged with types");
      return;
    }
    ++specialised_;
    onnx::ModelProto body = standalone(site);
    Declared declared;
    collect_declared(body.graph(), declared);
    Frame frame;
    frame.version = &version_of(f);
    frame.function = function_id(f);
    frame.chain = site.chain;
    frame.chain.push_back(&f);
    frame.unknown_note = "not given a type by the call";
    std::optional<onnx::ModelProto> inferred;
    if (options_.shape_inference && inference_seconds_ < call_inference_budget_s) {
      const auto start = std::chrono::steady_clock::now();
      InferenceOutcome outcome = infer_shapes_isolated(body, true, false);
      inference_seconds_ +=
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (outcome.model) {
        inferred = std::move(outcome.model);
      } else {
        frame.unknown_note += "; " + outcome.note;
      }
    } else if (options_.shape_inference) {
      frame.unknown_note += "; ONNX shape inference of call sites stopped after " +
                            std::to_string(static_cast<int>(call_inference_budget_s)) + " s";
    }
    frame.declared = inferred ? &declared : nullptr;
    visit(inferred ? inferred->graph() : body.graph(), site.location, frame);
  }

  // The function body as a graph of its own: formal inputs typed from the call's actuals,
  // attribute references bound to the call's attributes (an unbound one is dropped, as ONNX
  // does), the function's opset imports and the model's local functions.
  onnx::ModelProto standalone(const CallSite& site) const {
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

  // An unbound reference on a Div node stays: the node as written carries that attribute (ONNX's
  // checker rejects it too), whatever the call gives.
  static void bind_attributes(onnx::NodeProto& node, const onnx::NodeProto& call) {
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

  static void bind_graph(onnx::GraphProto& graph, const onnx::NodeProto& call) {
    for (auto& node : *graph.mutable_node()) bind_attributes(node, call);
  }

  // A function body judged without its inputs' types (no call, a recursive call, or too many).
  void unspecialised(const onnx::FunctionProto& f, const std::string& location,
                     std::vector<const onnx::FunctionProto*> chain, const std::string& note) {
    onnx::GraphProto body;
    body.set_name(f.name());
    for (const auto& input : f.input()) body.add_input()->set_name(input);
    *body.mutable_node() = f.node();
    Frame frame;
    frame.version = &version_of(f);
    frame.function = function_id(f);
    frame.chain = std::move(chain);
    frame.chain.push_back(&f);
    frame.unknown_note = note;
    // Without types here, its calls give none either: a function only they reach is judged as
    // not called.
    frame.calls = false;
    visit(body, location, frame);
  }

  void check(const onnx::NodeProto& node, std::size_t position, const std::string& graph_name,
             const std::string& location, const Frame& frame) {
    const VersionContext& version = *frame.version;
    NodeReport report;
    report.index = reports.size();
    report.name = node.name();
    report.graph = graph_name;
    report.location = location;
    report.position = position;
    report.function = frame.function;
    report.opset = version.opset;
    report.div_version = version.div_version;
    std::vector<Finding> findings = version.findings;
    const auto outside = [&findings](const std::string& id, const std::string& what) {
      add_finding(findings, Verdict::outside, id, what);
    };
    const auto unproven = [&findings](const std::string& id, const std::string& what) {
      add_finding(findings, Verdict::unproven, id, what);
    };
    const DivVersion* rules = rules_of(version.div_version);
    const std::string div_n = "Div-" + std::to_string(version.div_version);

    if (shadowed_) {
      outside("T6",
              "the model defines a local function Div in the default domain, which ONNX "
              "would call in place of the operator");
    }
    for (const auto& attribute : node.attribute()) {
      const bool broadcast = attribute.name() == "broadcast" || attribute.name() == "axis";
      if (rules != nullptr) {
        const auto allowed =
            std::find_if(rules->attributes.begin(), rules->attributes.end(),
                         [&](const DivAttribute& a) { return attribute.name() == a.name; });
        if (allowed == rules->attributes.end()) {
          outside("T6", "attribute '" + attribute.name() + "' is not an attribute of " + div_n +
                            " (" + attributes_text(*rules) + ")");
        } else if (attribute_type(attribute) != allowed->type) {
          outside("T6", "attribute '" + attribute.name() + "' of " + div_n + " must be an " +
                            allowed->type_text + " (" + attributes_text(*rules) + ")");
        }
      }
      const std::string reference =
          attribute.ref_attr_name().empty()
              ? ""
              : " (a reference to the function's attribute '" + attribute.ref_attr_name() + "')";
      outside("GR4", "attribute '" + attribute.name() + "'" + reference +
                         " on Div; Div has no attributes in the profile" +
                         (broadcast ? " (legacy broadcasting, see R4)" : ""));
    }
    if (node.input_size() != 2 || node.output_size() != 1 || node.input(0).empty() ||
        node.input(1).empty() || node.output(0).empty()) {
      outside("T3", "Div needs exactly two inputs and one output");
      finish(report, findings);
      return;
    }

    std::optional<ValueInfo> operand[2] = {lookup(frame, node.input(0)),
                                           lookup(frame, node.input(1))};
    const char* role[2] = {"A", "B"};
    const std::optional<ValueInfo> result = lookup(frame, node.output(0));
    for (int k = 0; k < 3; ++k) {
      const std::optional<ValueInfo>& v = k < 2 ? operand[k] : result;
      if (v && v->conflict.empty() && (v->inferred || v->source == call_site_source)) {
        report.inferred.push_back(
            std::string(k < 2 ? role[k] : "C") + " ('" + (k < 2 ? node.input(k) : node.output(0)) +
            "'): type " + data_type_text(static_cast<DataType>(v->elem_type)) + ", shape " +
            (v->has_shape ? dims_text(*v) : "unknown") + (v->inferred ? "" : " (from the call)"));
      }
    }
    bool types_known = true;  // both operands dense tensors of profile types
    bool elem_known = true;   // both operands tensors with a defined element type
    for (int k = 0; k < 2; ++k) {
      const std::string what = std::string(role[k]) + " ('" + node.input(k) + "')";
      if (!operand[k]) {
        types_known = elem_known = false;
        const std::string why = frame.unknown_note.empty()
                                    ? "has no declared type or shape"
                                    : "has no known type or shape (" + frame.unknown_note + ")";
        unproven("R3", what + " " + why + "; cannot prove R3");
        continue;
      }
      const ValueInfo& v = *operand[k];
      if (!v.conflict.empty()) {
        types_known = elem_known = false;
        unproven("R3", what + " has declarations that cannot be relied on: " + v.conflict +
                           "; cannot prove R3");
        continue;
      }
      if (rules != nullptr && v.kind != ValueInfo::Kind::tensor) {
        outside("T6", what + " is " + describe(v) + "; " + div_n + " takes tensors only (" +
                          type_constraint_text(*rules) + ")");
      } else if (rules != nullptr && std::find(rules->types.begin(), rules->types.end(),
                                               v.elem_type) == rules->types.end()) {
        outside("T6", what + " has element type " +
                          data_type_text(static_cast<DataType>(v.elem_type)) + ", which " + div_n +
                          " does not allow (" + type_constraint_text(*rules) + ")");
      }
      if (v.kind == ValueInfo::Kind::sparse) {
        types_known = elem_known = false;
        outside("R2", what + " is a sparse tensor (" + v.source + ")");
        outside("GR1", what + " is not dense");
      } else if (v.kind == ValueInfo::Kind::other) {
        types_known = elem_known = false;
        outside("R3", what + " is not a tensor (sequence, map or optional type)");
      } else if (v.elem_type == 0) {
        types_known = elem_known = false;
        outside("R3", what + " has an undefined element type (GR2: types are never guessed)");
      } else if (!is_profile_numeric(static_cast<DataType>(v.elem_type))) {
        types_known = false;
        outside("R3", what + " has element type " +
                          data_type_text(static_cast<DataType>(v.elem_type)) +
                          ", not one of the 12 numeric profile types");
      }
    }
    const auto type_text = [](std::int32_t t) { return data_type_text(static_cast<DataType>(t)); };
    if (elem_known && operand[0]->elem_type != operand[1]->elem_type) {
      const std::string text = "A is " + type_text(operand[0]->elem_type) + " and B is " +
                               type_text(operand[1]->elem_type);
      if (rules != nullptr) {
        outside("T6", text + ", but " + div_n + " binds A, B and C to one type T (ONNX " + div_n +
                          ", inputs A, B and output C: T)");
      }
      if (types_known) {
        outside("C2", text);
        outside("GR3", text + "; no implicit conversion");
      }
    }
    const std::string c_what = "C ('" + node.output(0) + "')";
    if (result && !result->conflict.empty()) {
      unproven("C2", c_what + " has declarations that cannot be relied on: " + result->conflict +
                         "; cannot prove C2");
    } else if (result && result->kind == ValueInfo::Kind::sparse) {
      if (rules != nullptr)
        outside("T6", c_what + " is declared sparse; " + div_n + " gives a tensor");
      outside("R2", c_what + " is declared sparse");
    } else if (result && result->kind == ValueInfo::Kind::tensor && result->elem_type != 0 &&
               elem_known && operand[0]->elem_type == operand[1]->elem_type &&
               result->elem_type != operand[0]->elem_type) {
      const std::string text = c_what + " is declared " + type_text(result->elem_type) +
                               " but A and B are " + type_text(operand[0]->elem_type);
      if (rules != nullptr) outside("T6", text + " (ONNX " + div_n + ", output C: T)");
      if (types_known) outside("C2", text);
    }
    if (operand[0] && operand[0]->kind == ValueInfo::Kind::tensor && operand[0]->elem_type != 0 &&
        operand[0]->conflict.empty()) {
      report.type = type_text(operand[0]->elem_type);
      if (static_shape(*operand[0])) {
        report.shape = values(*operand[0]);
        report.shape_known = true;
      }
    }

    // Shapes: the version's rule, then R4 before R1, as the checked library reports them.
    if (operand[0] && operand[1] && operand[0]->kind == ValueInfo::Kind::tensor &&
        operand[1]->kind == ValueInfo::Kind::tensor && operand[0]->conflict.empty() &&
        operand[1]->conflict.empty()) {
      const ValueInfo& a = *operand[0];
      const ValueInfo& b = *operand[1];
      if (static_shape(a) && static_shape(b)) {
        const auto sa = values(a);
        const auto sb = values(b);
        std::optional<std::vector<std::int64_t>> expected;
        if (version.div_version >= 7) {
          expected = broadcast_shape(sa, sb);
          if (!expected) {
            outside("T6", "A has shape " + dims_text(a) + " and B " + dims_text(b) + ", which " +
                              div_n +
                              "'s multidirectional (numpy-style) "
                              "broadcasting cannot combine (ONNX " +
                              div_n + ", summary)");
          }
        } else if (rules != nullptr) {
          expected = sa;  // Div-1/6: "C has same dimensions and type as A"
          const std::string problem = legacy_broadcast_problem(node, version.div_version, sa, sb);
          if (!problem.empty()) outside("T6", problem);
        }
        if (expected && result && contradicts(*result, *expected)) {
          outside("T6", c_what + " is declared with shape " + dims_text(*result) + " but " + div_n +
                            " gives " + shape_to_string(*expected) + " (ONNX " + div_n +
                            ", output C)");
        }
        if (sa != sb) {
          if (sonnx_shapes_broadcastable(sa.data(), sa.size(), sb.data(), sb.size()) != 0) {
            outside("R4", "A has shape " + dims_text(a) + " and B " + dims_text(b) +
                              ": they differ but are broadcastable, and broadcasting is "
                              "forbidden (R4)");
          } else {
            outside("R1", "A has shape " + dims_text(a) + " and B " + dims_text(b));
          }
        } else if (result && static_shape(*result) && values(*result) != sa) {
          outside("C1", "C is declared with shape " + dims_text(*result) + " but A and B have " +
                            dims_text(a));
        }
      } else {
        const ValueInfo& vague = static_shape(a) ? b : a;
        const char* name = static_shape(a) ? "B" : "A";
        unproven("R1", std::string("cannot prove R1: the shape of ") + name + " is " +
                           (vague.has_shape ? dims_text(vague) + " (not static)"
                                            : std::string("unknown")));
      }
    } else if (!operand[0] || !operand[1] || !operand[0]->conflict.empty() ||
               !operand[1]->conflict.empty()) {
      unproven("R1", "cannot prove R1: an operand has no declared shape that can be relied on");
    }
    finish(report, findings);
  }

  void finish(NodeReport& report, std::vector<Finding>& findings) {
    // Outside findings first, each group in the order found.
    std::stable_partition(findings.begin(), findings.end(),
                          [](const Finding& f) { return f.verdict == Verdict::outside; });
    if (findings.empty()) {
      report.verdict = Verdict::inside;
      report.checked = {"R1", "R2", "R3", "R4", "C1", "C2", "GR1", "GR2", "GR3", "GR4", "T6"};
    } else {
      report.verdict = findings.front().verdict;
      report.findings = std::move(findings);
    }
    reports.push_back(std::move(report));
  }
};

bool has_div(const onnx::GraphProto& graph) {
  for (const auto& node : graph.node()) {
    if (is_div(node)) return true;
    for (const auto& attribute : node.attribute()) {
      if (attribute.has_g() && has_div(attribute.g())) return true;
      for (const auto& g : attribute.graphs()) {
        if (has_div(g)) return true;
      }
    }
  }
  return false;
}

bool has_div(const onnx::ModelProto& model) {
  if (has_div(model.graph())) return true;
  for (const auto& f : model.functions()) {
    onnx::GraphProto body;
    *body.mutable_node() = f.node();
    if (has_div(body)) return true;
  }
  return false;
}

}  // namespace
}  // namespace model

ModelReport check_model_bytes(std::span<const unsigned char> bytes, std::string_view origin,
                              CheckOptions options) {
  using namespace model;
  ModelReport report;
  onnx::ModelProto model;
  if (bytes.size() > static_cast<std::size_t>(INT32_MAX) ||
      !model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())) || !model.has_graph()) {
    report.status = IoStatus::failure(IoErrorKind::format, "T1",
                                      std::string(origin) + ": not a valid ONNX ModelProto");
    return report;
  }
  if (!has_div(model)) {  // nothing to judge: ONNX's inference and checker are not needed
    report.no_div_node = true;
    report.status = IoStatus::failure(IoErrorKind::profile, "T3",
                                      std::string(origin) + ": the model has no Div node");
    for (const auto& import : model.opset_import()) {
      if (is_default_domain(import.domain())) report.opset = import.version();
    }
    return report;
  }
  Declared declared;
  std::optional<onnx::ModelProto> inferred;
  if (options.shape_inference || options.onnx_checker) {
    if (options.shape_inference) collect_declared(model.graph(), declared);
    InferenceOutcome outcome =
        infer_shapes_isolated(model, options.shape_inference, options.onnx_checker);
    if (outcome.model) {
      inferred = std::move(outcome.model);
      report.shape_inference = true;
    } else if (options.shape_inference) {
      report.shape_inference_note = std::move(outcome.note);
    }
    report.onnx_checker = outcome.check;
    report.onnx_checker_message = one_line(outcome.check_message);
  }
  if (!options.shape_inference) report.shape_inference_note = "ONNX shape inference turned off";
  Checker checker(model, options);
  checker.run(inferred ? inferred->graph() : model.graph(), inferred ? &declared : nullptr);
  report.opset = checker.opset();
  report.nodes = std::move(checker.reports);
  if (report.nodes.empty()) {
    report.no_div_node = true;
    report.status = IoStatus::failure(IoErrorKind::profile, "T3",
                                      std::string(origin) + ": the model has no Div node");
    return report;
  }
  const std::string onnx_rule =
      "ONNX's checker (onnx::checker::check_model, then shape inference with type checks in "
      "strict mode, as onnx.checker.check_model(full_check=True))";
  switch (report.onnx_checker) {
    case OnnxCheck::accepted:
      break;
    case OnnxCheck::rejected:
      add_finding(report.findings, Verdict::outside, "T6",
                  onnx_rule + " rejects the model: " + report.onnx_checker_message);
      break;
    case OnnxCheck::failed:
      add_finding(report.findings, Verdict::unproven, "T6",
                  onnx_rule + " gave no answer (" + report.onnx_checker_message +
                      "): the model is not shown to be valid ONNX; cannot prove T6");
      break;
    case OnnxCheck::not_run:
      add_finding(report.findings, Verdict::unproven, "T6",
                  onnx_rule +
                      " was not run: the model is not shown to be valid ONNX; cannot "
                      "prove T6");
      break;
  }
  return report;
}

ModelReport check_model_file(const std::filesystem::path& path, CheckOptions options) {
  std::vector<unsigned char> bytes;
  ModelReport report;
  report.status = read_file_bytes(path, bytes);
  if (!report.status.ok()) return report;
  return check_model_bytes(bytes, path.string(), options);
}

namespace {

std::string inferred_text(const NodeReport& node) {
  std::string text;
  for (const auto& fact : node.inferred) text += (text.empty() ? "" : "; ") + fact;
  return text.empty() ? "" : " (from ONNX shape inference: " + text + ")";
}

// "R4 T6": each requirement of the findings once, in order.
std::string ids_of(const std::vector<Finding>& findings) {
  std::vector<std::string> seen;
  std::string ids;
  for (const auto& f : findings) {
    if (std::find(seen.begin(), seen.end(), f.requirement) != seen.end()) continue;
    seen.push_back(f.requirement);
    ids += (ids.empty() ? "" : " ") + f.requirement;
  }
  return ids;
}

std::string verdict_upper(Verdict verdict) {
  std::string text(verdict_name(verdict));
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return text;
}

}  // namespace

std::string format_node_line(const NodeReport& node) {
  const std::string version = node.div_version == 0 ? "?" : std::to_string(node.div_version);
  std::string line = "Div node #" + std::to_string(node.index) + " \"" + node.name + "\" in " +
                     (node.location.empty() ? "graph \"" + node.graph + "\"" : node.location) +
                     " (opset " + std::to_string(node.opset) + ", Div-" + version + "): ";
  if (node.verdict == Verdict::inside) {
    std::string ids;
    for (const auto& id : node.checked) ids += (ids.empty() ? "" : " ") + id;
    return line + "INSIDE [" + ids + "]" + inferred_text(node);
  }
  line += verdict_upper(node.verdict) + " [" + ids_of(node.findings) + "]";
  for (std::size_t k = 0; k < node.findings.size(); ++k) {
    line += (k == 0 ? " " : "; ") + node.findings[k].message;
  }
  return line + inferred_text(node);
}

std::vector<ModelSetEntry> model_set(std::span<const std::filesystem::path> names) {
  namespace fs = std::filesystem;
  std::vector<ModelSetEntry> entries;
  for (const fs::path& name : names) {
    std::error_code error;
    if (!fs::is_directory(name, error)) {
      entries.push_back(ModelSetEntry{name, IoStatus{}});  // read (or refused) by the check
      continue;
    }
    std::vector<fs::path> found;
    fs::recursive_directory_iterator it(name, fs::directory_options::skip_permission_denied, error);
    for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
      std::error_code ignored;
      if (it->path().extension() == ".onnx" && it->is_regular_file(ignored)) {
        found.push_back(it->path());
      }
    }
    if (error) {
      entries.push_back(ModelSetEntry{
          name, IoStatus::failure(
                    IoErrorKind::io, "T1",
                    "T1: " + name.string() + ": cannot list the folder: " + error.message())});
      continue;
    }
    if (found.empty()) {
      entries.push_back(ModelSetEntry{
          name, IoStatus::failure(IoErrorKind::io, "T1",
                                  "T1: " + name.string() + ": the folder holds no *.onnx file")});
      continue;
    }
    std::sort(found.begin(), found.end());
    for (auto& path : found) entries.push_back(ModelSetEntry{std::move(path), IoStatus{}});
  }
  return entries;
}

ModelOutcome outcome_of(const ModelReport& report) noexcept {
  if (report.no_div_node) return ModelOutcome::no_div_node;
  if (!report.status.ok()) return ModelOutcome::error;
  switch (report.verdict()) {
    case Verdict::inside:
      return ModelOutcome::inside;
    case Verdict::unproven:
      return ModelOutcome::unproven;
    case Verdict::outside:
      break;
  }
  return ModelOutcome::outside;
}

std::string_view outcome_name(ModelOutcome outcome) noexcept {
  static constexpr std::string_view names[] = {"inside", "no Div node", "unproven", "outside",
                                               "error"};  // ModelOutcome order
  return names[static_cast<std::size_t>(outcome)];
}

std::string format_model_line(const std::string& path, const ModelReport& report) {
  const ModelOutcome outcome = outcome_of(report);
  if (outcome == ModelOutcome::no_div_node) return path + ": NO DIV NODE (T3)";
  if (outcome == ModelOutcome::error) {
    return path + ": ERROR [" + report.status.requirement + "] " + report.status.message;
  }
  std::size_t counts[3] = {0, 0, 0};
  std::vector<Finding> all = report.findings;
  for (const auto& node : report.nodes) {
    ++counts[static_cast<int>(node.verdict)];
    all.insert(all.end(), node.findings.begin(), node.findings.end());
  }
  std::vector<Finding> blocking;
  for (const auto& f : all) {
    if (f.verdict == report.verdict()) blocking.push_back(f);
  }
  std::string line = path + ": " + verdict_upper(report.verdict());
  if (!blocking.empty()) line += " [" + ids_of(blocking) + "]";
  line += ", " + std::to_string(report.nodes.size()) +
          " Div node(s): " + std::to_string(counts[0]) + " inside, " + std::to_string(counts[1]) +
          " outside, " + std::to_string(counts[2]) + " unproven";
  if (report.onnx_checker != OnnxCheck::accepted) {
    line += "; ONNX checker: " + std::string(onnx_check_name(report.onnx_checker));
  }
  return line;
}

}  // namespace sonnx::io
