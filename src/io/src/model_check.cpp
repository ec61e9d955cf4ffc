// check-model (T3). A Div node is inside the SONNX profile when, from the model alone:
//   GR4  the default-domain opset selects Div-7 or later and the node carries no attribute
//        (Div-1/6 have 'broadcast'/'axis' attributes with default values);
//   R2/GR1  A, B (and C when typed) are dense tensors, not sparse;
//   R3   their element type is one of the 12 numeric profile types (GR2: never undefined);
//   C2/GR3  A, B (and C when typed) have the same element type;
//   R1/R4  A and B have static shapes that are equal (broadcastable but different: R4);
//   C1   C's static shape, when declared, equals A's.
// Unknown or symbolic shapes or types violate nothing but prove nothing: verdict "unproven".
// ONNX's shape inference runs first (unless turned off): a type or shape it adds or refines is
// marked as inferred, and each node lists the facts it used that came from inference. Inference
// runs in a child process, so a crash or hang inside ONNX costs only the inferred facts.
#include <sonnx/io/model_check.hpp>

#include <onnx/onnx_pb.h>
#include <onnx/shape_inference/implementation.h>

#include "common/kernels/sonnx_validation.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <map>
#include <optional>
#include <string>

// [impl->req~T3~1] [impl->req~GR4~1]
namespace sonnx::io {

std::string_view verdict_name(Verdict verdict) noexcept {
  static constexpr std::string_view names[] = {"inside", "outside", "unproven"};  // Verdict order
  return names[static_cast<std::size_t>(verdict)];
}

bool ModelReport::all_inside() const noexcept {
  if (!status.ok() || nodes.empty()) return false;
  for (const auto& node : nodes) {
    if (node.verdict != Verdict::inside) return false;
  }
  return true;
}

namespace {

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
  std::string source;  // "graph input", "initializer", ...
};

ValueInfo from_type(const onnx::TypeProto& type, const char* source) {
  ValueInfo info;
  info.source = source;
  const onnx::TypeProto_Tensor* tensor = nullptr;
  if (type.has_tensor_type()) {
    info.kind = ValueInfo::Kind::tensor;
    tensor = &type.tensor_type();
  } else if (type.has_sparse_tensor_type()) {
    info.kind = ValueInfo::Kind::sparse;
    info.elem_type = type.sparse_tensor_type().elem_type();
    return info;
  } else {
    info.kind = ValueInfo::Kind::other;
    return info;
  }
  info.elem_type = tensor->elem_type();
  info.has_shape = tensor->has_shape();
  if (info.has_shape) {
    for (const auto& d : tensor->shape().dim()) {
      Dim dim;
      dim.known = d.has_dim_value();
      dim.value = d.dim_value();
      dim.param = d.dim_param();
      info.dims.push_back(dim);
    }
  }
  return info;
}

ValueInfo from_initializer(const onnx::TensorProto& t, const char* source) {
  ValueInfo info;
  info.kind = ValueInfo::Kind::tensor;
  info.source = source;
  info.elem_type = t.data_type();
  info.has_shape = true;
  for (const std::int64_t d : t.dims()) info.dims.push_back(Dim{true, d, {}});
  return info;
}

using Scope = std::map<std::string, ValueInfo>;

constexpr const char* inferred_source = "ONNX shape inference";

// Serialized type of every value the model itself declares (all graphs), to tell inferred facts
// from declared ones.
using Declared = std::map<std::string, std::string>;

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

Scope scope_of(const onnx::GraphProto& graph, const Declared* declared) {
  Scope scope;
  const auto add_typed = [&](const onnx::ValueInfoProto& v, const char* source) {
    if (!v.has_type()) return;
    const bool inferred = declared != nullptr &&
                          (declared->count(v.name()) == 0 ||
                           declared->at(v.name()) != v.type().SerializeAsString());
    // Inference leaves an empty type on values it could not type: that is no fact.
    if (inferred && (v.type().value_case() == onnx::TypeProto::VALUE_NOT_SET ||
                     (v.type().has_tensor_type() && v.type().tensor_type().elem_type() == 0))) {
      return;
    }
    scope[v.name()] = from_type(v.type(), inferred ? inferred_source : source);
  };
  for (const auto& v : graph.value_info()) add_typed(v, "value_info");
  for (const auto& v : graph.output()) add_typed(v, "graph output");
  for (const auto& v : graph.input()) add_typed(v, "graph input");
  for (const auto& t : graph.initializer()) scope[t.name()] = from_initializer(t, "initializer");
  for (const auto& s : graph.sparse_initializer()) {
    ValueInfo info = from_initializer(s.values(), "sparse initializer");
    info.kind = ValueInfo::Kind::sparse;
    scope[s.values().name()] = info;
  }
  return scope;
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

bool static_shape(const ValueInfo& v) {
  if (v.kind != ValueInfo::Kind::tensor || !v.has_shape) return false;
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

class Checker {
 public:
  Checker(std::int64_t opset, const Declared* declared) : opset_(opset), declared_(declared) {}

  std::vector<NodeReport> reports;

  void visit(const onnx::GraphProto& graph) {
    scopes_.push_back(scope_of(graph, declared_));
    for (const auto& node : graph.node()) {
      if (node.op_type() == "Div" && (node.domain().empty() || node.domain() == "ai.onnx")) {
        check(node, graph.name());
      }
      for (const auto& attribute : node.attribute()) {
        if (attribute.has_g()) visit(attribute.g());
        for (const auto& g : attribute.graphs()) visit(g);
      }
    }
    scopes_.pop_back();
  }

 private:
  std::int64_t opset_;
  const Declared* declared_;  // null when shape inference did not run
  std::vector<Scope> scopes_;

  [[nodiscard]] std::optional<ValueInfo> lookup(const std::string& name) const {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
      if (const auto found = it->find(name); found != it->end()) return found->second;
    }
    return std::nullopt;
  }

  void check(const onnx::NodeProto& node, const std::string& graph_name) {
    NodeReport report;
    report.index = reports.size();
    report.name = node.name();
    report.graph = graph_name;
    report.opset = opset_;
    report.div_version = opset_ >= 14 ? 14 : opset_ >= 13 ? 13 : opset_ >= 7 ? 7 : opset_ >= 6 ? 6 : 1;
    std::vector<Finding> outside;
    std::vector<Finding> unproven;
    const auto add = [](std::vector<Finding>& list, const std::string& id, const std::string& what) {
      list.push_back(Finding{id, id + ": " + what});
    };

    if (opset_ <= 0) {
      add(outside, "GR4", "the model imports no default-domain opset, so the Div version would be "
                          "defaulted");
    } else if (opset_ < 7) {
      add(outside, "GR4", "opset " + std::to_string(opset_) + " selects Div-" +
                              std::to_string(report.div_version) +
                              ", whose 'broadcast'/'axis' attributes have default values; the "
                              "profile needs Div-7 or later");
    }
    for (const auto& attribute : node.attribute()) {
      const bool broadcast = attribute.name() == "broadcast" || attribute.name() == "axis";
      add(outside, "GR4", "attribute '" + attribute.name() + "' on Div; Div has no attributes in "
                          "the profile" + (broadcast ? " (legacy broadcasting, see R4)" : ""));
    }
    if (node.input_size() != 2 || node.output_size() != 1 || node.input(0).empty() ||
        node.input(1).empty() || node.output(0).empty()) {
      add(outside, "T3", "Div needs exactly two inputs and one output");
      finish(report, outside, unproven);
      return;
    }

    std::optional<ValueInfo> operand[2] = {lookup(node.input(0)), lookup(node.input(1))};
    const char* role[2] = {"A", "B"};
    const std::optional<ValueInfo> result = lookup(node.output(0));
    for (int k = 0; k < 3; ++k) {
      const std::optional<ValueInfo>& v = k < 2 ? operand[k] : result;
      if (v && v->source == inferred_source) {
        report.inferred.push_back(std::string(k < 2 ? role[k] : "C") + " ('" +
                                  (k < 2 ? node.input(k) : node.output(0)) + "'): type " +
                                  data_type_text(static_cast<DataType>(v->elem_type)) +
                                  ", shape " + (v->has_shape ? dims_text(*v) : "unknown"));
      }
    }
    bool types_known = true;
    for (int k = 0; k < 2; ++k) {
      const std::string what = std::string(role[k]) + " ('" + node.input(k) + "')";
      if (!operand[k]) {
        types_known = false;
        add(unproven, "R3", what + " has no declared type or shape; cannot prove R3");
        continue;
      }
      const ValueInfo& v = *operand[k];
      if (v.kind == ValueInfo::Kind::sparse) {
        types_known = false;
        add(outside, "R2", what + " is a sparse tensor (" + v.source + ")");
        add(outside, "GR1", what + " is not dense");
      } else if (v.kind == ValueInfo::Kind::other) {
        types_known = false;
        add(outside, "R3", what + " is not a tensor (sequence, map or optional type)");
      } else if (v.elem_type == 0) {
        types_known = false;
        add(outside, "R3", what + " has an undefined element type (GR2: types are never guessed)");
      } else if (!is_profile_numeric(static_cast<DataType>(v.elem_type))) {
        types_known = false;
        add(outside, "R3", what + " has element type " +
                               data_type_text(static_cast<DataType>(v.elem_type)) +
                               ", not one of the 12 numeric profile types");
      }
    }
    if (types_known && operand[0]->elem_type != operand[1]->elem_type) {
      const std::string text =
          "A is " + data_type_text(static_cast<DataType>(operand[0]->elem_type)) + " and B is " +
          data_type_text(static_cast<DataType>(operand[1]->elem_type));
      add(outside, "C2", text);
      add(outside, "GR3", text + "; no implicit conversion");
    }
    if (result && result->kind == ValueInfo::Kind::sparse) {
      add(outside, "R2", "C ('" + node.output(0) + "') is declared sparse");
    } else if (result && result->kind == ValueInfo::Kind::tensor && result->elem_type != 0 &&
               types_known && result->elem_type != operand[0]->elem_type) {
      add(outside, "C2", "C is declared " +
                             data_type_text(static_cast<DataType>(result->elem_type)) +
                             " but A and B are " +
                             data_type_text(static_cast<DataType>(operand[0]->elem_type)));
    }

    // Shapes: R4 before R1, as the checked library reports them.
    if (operand[0] && operand[1] && operand[0]->kind == ValueInfo::Kind::tensor &&
        operand[1]->kind == ValueInfo::Kind::tensor) {
      const ValueInfo& a = *operand[0];
      const ValueInfo& b = *operand[1];
      if (static_shape(a) && static_shape(b)) {
        const auto sa = values(a);
        const auto sb = values(b);
        if (sa != sb) {
          if (sonnx_shapes_broadcastable(sa.data(), sa.size(), sb.data(), sb.size()) != 0) {
            add(outside, "R4", "A has shape " + dims_text(a) + " and B " + dims_text(b) +
                                   ": they differ but are broadcastable, and broadcasting is "
                                   "forbidden (R4)");
          } else {
            add(outside, "R1", "A has shape " + dims_text(a) + " and B " + dims_text(b));
          }
        } else if (result && static_shape(*result) && values(*result) != sa) {
          add(outside, "C1", "C is declared with shape " + dims_text(*result) + " but A and B have " +
                                 dims_text(a));
        }
      } else {
        const ValueInfo& vague = static_shape(a) ? b : a;
        const char* name = static_shape(a) ? "B" : "A";
        add(unproven, "R1", std::string("cannot prove R1: the shape of ") + name + " is " +
                                (vague.has_shape ? dims_text(vague) + " (not static)"
                                                 : std::string("unknown")));
      }
    } else if (!operand[0] || !operand[1]) {
      add(unproven, "R1", "cannot prove R1: an operand has no declared shape");
    }
    finish(report, outside, unproven);
  }

  void finish(NodeReport& report, std::vector<Finding>& outside, std::vector<Finding>& unproven) {
    if (!outside.empty()) {
      report.verdict = Verdict::outside;
      report.findings = std::move(outside);
      for (auto& f : unproven) report.findings.push_back(std::move(f));
    } else if (!unproven.empty()) {
      report.verdict = Verdict::unproven;
      report.findings = std::move(unproven);
    } else {
      report.verdict = Verdict::inside;
      report.checked = {"R1", "R2", "R3", "R4", "C1", "C2", "GR1", "GR2", "GR3", "GR4"};
    }
    reports.push_back(std::move(report));
  }
};

// ONNX's per-operator inference functions are not robust against malformed nodes (a GRU node
// without its weight inputs dereferences a missing type), so inference runs in a child process:
// a crash, an exception or a hang there costs the inferred facts, never the check itself.
struct InferenceOutcome {
  std::optional<onnx::ModelProto> model;
  std::string note;  // why there is no inferred model
};

constexpr unsigned inference_time_limit_s = 30;

[[noreturn]] void run_inference_child(onnx::ModelProto& model, int out) {
  for (const int signal_number : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) {
    std::signal(signal_number, SIG_DFL);  // die by the signal, not through a parent's handler
  }
  alarm(inference_time_limit_s);
  std::string message;
  char tag = 'M';
  try {
    // check_type off, error_mode 0 (infer what can be inferred, skip the rest), no data
    // propagation: inference may only add facts, never reject a model the checker judges.
    onnx::ShapeInferenceOptions inference{false, 0, false};
    onnx::shape_inference::InferShapes(model, onnx::OpSchemaRegistry::Instance(), inference);
    message = model.SerializeAsString();
  } catch (const std::exception& e) {
    tag = 'E';
    message = e.what();
  }
  bool written = ::write(out, &tag, 1) == 1;
  for (std::size_t done = 0; written && done < message.size();) {
    const ssize_t n = ::write(out, message.data() + done, message.size() - done);
    written = n > 0;
    if (written) done += static_cast<std::size_t>(n);
  }
  _exit(written ? 0 : 1);
}

InferenceOutcome infer_shapes_isolated(const onnx::ModelProto& model) {
  InferenceOutcome outcome;
  int pipe_ends[2];
  if (::pipe(pipe_ends) != 0) {
    outcome.note = "ONNX shape inference not run: cannot create a pipe";
    return outcome;
  }
  const pid_t child = ::fork();
  if (child == 0) {
    ::close(pipe_ends[0]);
    onnx::ModelProto copy = model;
    run_inference_child(copy, pipe_ends[1]);
  }
  ::close(pipe_ends[1]);
  if (child < 0) {
    ::close(pipe_ends[0]);
    outcome.note = "ONNX shape inference not run: cannot start a child process";
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
  if (WIFSIGNALED(status)) {
    const int signal_number = WTERMSIG(status);
    outcome.note = signal_number == SIGALRM
                       ? "ONNX shape inference stopped after " +
                             std::to_string(inference_time_limit_s) + " s; inferred facts not used"
                       : "ONNX shape inference crashed (signal " + std::to_string(signal_number) +
                             "); inferred facts not used";
  } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || received.empty()) {
    outcome.note = "ONNX shape inference failed without a result; inferred facts not used";
  } else if (received[0] == 'E') {
    outcome.note = "ONNX shape inference failed: " + received.substr(1);
  } else {
    onnx::ModelProto inferred;
    if (received.size() - 1 <= static_cast<std::size_t>(INT32_MAX) &&
        inferred.ParseFromArray(received.data() + 1, static_cast<int>(received.size() - 1))) {
      outcome.model = std::move(inferred);
    } else {
      outcome.note = "ONNX shape inference returned an unreadable model; inferred facts not used";
    }
  }
  return outcome;
}

}  // namespace

ModelReport check_model_bytes(std::span<const unsigned char> bytes, std::string_view origin,
                              CheckOptions options) {
  ModelReport report;
  onnx::ModelProto model;
  if (bytes.size() > static_cast<std::size_t>(INT32_MAX) ||
      !model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())) || !model.has_graph()) {
    report.status = IoStatus::failure(IoErrorKind::format, "T1",
                                      std::string(origin) + ": not a valid ONNX ModelProto");
    return report;
  }
  for (const auto& import : model.opset_import()) {
    if (import.domain().empty() || import.domain() == "ai.onnx") report.opset = import.version();
  }
  Declared declared;
  if (options.shape_inference) {
    collect_declared(model.graph(), declared);
    InferenceOutcome outcome = infer_shapes_isolated(model);
    if (outcome.model) {
      model = std::move(*outcome.model);
      report.shape_inference = true;
    } else {
      report.shape_inference_note = std::move(outcome.note);
    }
  } else {
    report.shape_inference_note = "ONNX shape inference turned off";
  }
  Checker checker(report.opset, report.shape_inference ? &declared : nullptr);
  checker.visit(model.graph());
  report.nodes = std::move(checker.reports);
  if (report.nodes.empty()) {
    report.status = IoStatus::failure(IoErrorKind::profile, "T3",
                                      std::string(origin) + ": the model has no Div node");
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
}  // namespace

std::string format_node_line(const NodeReport& node) {
  std::string line = "Div node #" + std::to_string(node.index) + " \"" + node.name +
                     "\" in graph \"" + node.graph + "\" (opset " + std::to_string(node.opset) +
                     ", Div-" + std::to_string(node.div_version) + "): ";
  std::vector<std::string> seen;
  std::string ids;
  const auto append_id = [&](const std::string& id) {
    for (const auto& s : seen) {
      if (s == id) return;
    }
    seen.push_back(id);
    ids += (ids.empty() ? "" : " ") + id;
  };
  if (node.verdict == Verdict::inside) {
    for (const auto& id : node.checked) append_id(id);
    return line + "INSIDE [" + ids + "]" + inferred_text(node);
  }
  for (const auto& f : node.findings) append_id(f.requirement);
  line += std::string(node.verdict == Verdict::outside ? "OUTSIDE" : "UNPROVEN") + " [" + ids + "]";
  for (std::size_t k = 0; k < node.findings.size(); ++k) {
    line += (k == 0 ? " " : "; ") + node.findings[k].message;
  }
  return line + inferred_text(node);
}

}  // namespace sonnx::io
