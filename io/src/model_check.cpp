// check-model (T3, T6). Every Div node of the default domain is judged where it is: the main
// graph, every subgraph attribute (If, Loop, Scan, ... nested to any depth) and every model-local
// function, once per call site with the types the call gives its inputs (a function no call
// reaches is judged once without them) and the training graphs. A Div node is inside the SONNX
// profile when, from the model alone:
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
// Facts are what the model's user feeds (graph inputs, initializers) and what ONNX's shape
// inference derives from them on a copy of the model without the declarations of its computed
// values (a declaration of a computed value is a claim that nothing enforces: one that says more
// than inference derives proves nothing). Each node lists the facts it used that came from
// inference. Inference and ONNX's checker run in a child process, so a crash or hang inside ONNX
// costs only their answers: the derived facts, or the checker's acceptance (then the model is not
// inside). A node of an operator that ONNX defines by a function holding a Div makes the model
// unproven (the body's Div nodes are not nodes of the model). The walk is in model_walk.cpp, the
// judgement of one Div node in div_node.cpp, the Div versions' rules in div_versions.cpp, what is
// known of each value in model_facts.cpp, the report's lines and model sets in model_report.cpp.
#include <onnx/onnx_pb.h>

#include <algorithm>
#include <optional>
#include <sonnx/io/model_check.hpp>
#include <string>

#include "model_walk.hpp"

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

namespace {

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

IoStatus no_div_node(std::string_view origin) {
  return IoStatus::failure(IoErrorKind::profile, "T3",
                           std::string(origin) + ": the model has no Div node");
}

}  // namespace

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
  if (!may_hold_div(model)) {  // nothing to judge: ONNX's inference and checker are not needed
    report.no_div_node = true;
    report.status = no_div_node(origin);
    for (const auto& import : model.opset_import()) {
      if (is_default_domain(import.domain())) report.opset = import.version();
    }
    return report;
  }
  Checker checker(model, options);
  std::optional<onnx::ModelProto> derived;
  std::string unknown_note;
  if (options.shape_inference || options.onnx_checker) {
    InferenceOutcome outcome = checker.derive_main(options.onnx_checker);
    if (outcome.model) {
      derived = std::move(outcome.model);
      report.shape_inference = true;
    } else if (options.shape_inference) {
      report.shape_inference_note = outcome.note;
    }
    unknown_note = outcome.note;
    report.onnx_checker = outcome.check;
    report.onnx_checker_message = one_line(outcome.check_message);
  }
  if (!options.shape_inference) {
    report.shape_inference_note = unknown_note = "ONNX shape inference turned off";
  }
  checker.run(derived ? &derived->graph() : nullptr, unknown_note);
  report.opset = checker.opset();
  report.nodes = std::move(checker.reports);
  const bool hidden_div = std::any_of(checker.findings.begin(), checker.findings.end(),
                                      [](const Finding& f) { return f.requirement == "T3"; });
  if (report.nodes.empty() && !hidden_div) {
    report.no_div_node = true;
    report.status = no_div_node(origin);
    return report;
  }
  report.findings = std::move(checker.findings);
  check_embedded_tensors(model, report.findings);
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

}  // namespace sonnx::io
