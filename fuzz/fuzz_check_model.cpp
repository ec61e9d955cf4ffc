// libFuzzer harness of check-model (sonnx::io::check_model_bytes, T3, T6). Properties:
//   - unparsable bytes give a T1 format error; a model without a Div node (main graph,
//     subgraphs, training graphs, model-local functions) gives a T3 error, or (a node of an
//     operator that ONNX defines by a function holding a Div) a report without node reports and
//     with a T3 finding;
//   - otherwise there is exactly one report per Div node of the default domain in the main graph,
//     the training graphs and their subgraphs (attributes g and graphs), and at least one per Div
//     node of each model-local function, counted here independently; reports are numbered
//     0..n-1;
//   - each verdict agrees with its findings: INSIDE has no finding and lists the IDs it proved,
//     OUTSIDE has an outside finding, UNPROVEN only unproven ones, each naming a catalogued ID
//     first in its message; the model is inside exactly when every node is and ONNX's checker
//     accepted it; node and model lines can be formatted;
//   - a crash or hang of ONNX shape inference or of ONNX's checker never ends the check (they
//     run in a child process).
#include <onnx/onnx_pb.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <sonnx/io/model_check.hpp>
#include <span>
#include <string>

#include "fuzz_support.hpp"

namespace {

template <typename Nodes>
std::size_t count_div_nodes(const Nodes& nodes) {
  std::size_t n = 0;
  for (const auto& node : nodes) {
    if (node.op_type() == "Div" && (node.domain().empty() || node.domain() == "ai.onnx")) ++n;
    for (const auto& attribute : node.attribute()) {
      if (attribute.has_g()) n += count_div_nodes(attribute.g().node());
      for (const auto& g : attribute.graphs()) n += count_div_nodes(g.node());
    }
  }
  return n;
}

const std::set<std::string>& catalogue() {
  static const std::set<std::string> ids = {
      "C1", "C2", "C3", "R1", "R2", "R3", "R4", "R5", "GR1", "GR2", "GR3", "GR4", "F1", "F2", "F3",
      "I1", "D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8",  "T1",  "T2",  "T3",  "T4", "T5", "T6"};
  return ids;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sonnx;
  // ONNX shape inference and checker run in a child process, and a fork of this large sanitized
  // process costs milliseconds: one input size in 128 takes that path, the rest check without.
  const bool child = size % 128 == 0;
  const io::CheckOptions options{.shape_inference = child, .onnx_checker = child};
  const io::ModelReport report =
      io::check_model_bytes(std::span<const unsigned char>(data, size), "fuzz.onnx", options);
  onnx::ModelProto model;
  const bool parsed = model.ParseFromArray(data, static_cast<int>(size)) && model.has_graph();
  if (!parsed) {
    FUZZ_REQUIRE(!report.status.ok() && report.status.requirement == "T1" &&
                     report.status.kind == io::IoErrorKind::format,
                 "unparsable model not reported as a T1 format error: " + report.status.message);
    FUZZ_REQUIRE(fuzz::names_requirement(report.status.message, "T1"), report.status.message);
    return 0;
  }
  // The main graph's and the training graphs' Div nodes (each judged once, at its place).
  std::size_t divs = count_div_nodes(model.graph().node());
  for (const auto& training : model.training_info()) {
    divs += count_div_nodes(training.initialization().node()) +
            count_div_nodes(training.algorithm().node());
  }
  std::map<std::string, std::size_t> function_divs;  // per "domain.name"
  std::size_t all_divs = divs;
  for (const auto& f : model.functions()) {
    const std::size_t n = count_div_nodes(f.node());
    function_divs[f.domain().empty() ? f.name() : f.domain() + "." + f.name()] += n;
    all_divs += n;
  }
  if (all_divs == 0) {
    FUZZ_REQUIRE(!report.all_inside(), "all_inside() true without any Div node");
    if (report.status.ok()) {
      // No Div node, but a node of an operator that ONNX defines by a function holding one: the
      // model is not inside, for a T3 finding of its own.
      FUZZ_REQUIRE(report.nodes.empty(), "reports of Div nodes that the model does not have");
      FUZZ_REQUIRE(std::any_of(report.findings.begin(), report.findings.end(),
                               [](const io::Finding& f) { return f.requirement == "T3"; }),
                   "a model without Div node judged without a T3 finding");
      return 0;
    }
    FUZZ_REQUIRE(report.status.requirement == "T3",
                 "model without Div not reported as T3: '" + report.status.message + "'");
    FUZZ_REQUIRE(fuzz::names_requirement(report.status.message, "T3"), report.status.message);
    return 0;
  }
  FUZZ_REQUIRE(report.status.ok(), "valid model with Div nodes rejected: " + report.status.message);
  std::size_t graph_reports = 0;
  std::map<std::string, std::size_t> function_reports;
  for (const auto& node : report.nodes) {
    if (node.function.empty()) {
      ++graph_reports;
    } else {
      ++function_reports[node.function];
    }
  }
  FUZZ_REQUIRE(graph_reports == divs,
               "one report per Div node of the graphs: " + std::to_string(graph_reports) +
                   " reports, " + std::to_string(divs) + " Div nodes");
  for (const auto& [id, n] : function_divs) {
    FUZZ_REQUIRE(function_reports[id] >= n, "function " + id + ": " +
                                                std::to_string(function_reports[id]) +
                                                " reports for " + std::to_string(n) + " Div nodes");
  }
  const auto check_findings = [](const std::vector<io::Finding>& findings) {
    for (const auto& finding : findings) {
      FUZZ_REQUIRE(catalogue().count(finding.requirement) == 1,
                   "finding with an unknown ID: " + finding.requirement);
      FUZZ_REQUIRE(fuzz::names_requirement(finding.message, finding.requirement),
                   "finding message does not start with its ID: " + finding.message);
      FUZZ_REQUIRE(finding.verdict != io::Verdict::inside, "a finding with the verdict inside");
    }
  };
  bool all = true;
  for (std::size_t i = 0; i < report.nodes.size(); ++i) {
    const io::NodeReport& node = report.nodes[i];
    FUZZ_REQUIRE(node.index == i, "node reports are not numbered in order");
    const bool any_outside =
        std::any_of(node.findings.begin(), node.findings.end(),
                    [](const io::Finding& f) { return f.verdict == io::Verdict::outside; });
    if (node.verdict == io::Verdict::inside) {
      FUZZ_REQUIRE(node.findings.empty(), "INSIDE node with findings");
      FUZZ_REQUIRE(!node.checked.empty(), "INSIDE node that proved no requirement");
    } else {
      all = false;
      FUZZ_REQUIRE(node.verdict == io::Verdict::outside || node.verdict == io::Verdict::unproven,
                   "unknown verdict");
      FUZZ_REQUIRE(!node.findings.empty(), "OUTSIDE/UNPROVEN node without findings");
      FUZZ_REQUIRE(any_outside == (node.verdict == io::Verdict::outside),
                   "the node's verdict disagrees with its findings");
    }
    check_findings(node.findings);
    for (const auto& id : node.checked) {
      FUZZ_REQUIRE(catalogue().count(id) == 1, "checked list holds an unknown ID: " + id);
    }
    FUZZ_REQUIRE(!io::format_node_line(node).empty(), "empty node line");
  }
  check_findings(report.findings);
  const bool accepted = report.onnx_checker == io::OnnxCheck::accepted;
  FUZZ_REQUIRE(report.all_inside() == (all && accepted && report.findings.empty()),
               "all_inside() disagrees with the verdicts and ONNX's checker");
  FUZZ_REQUIRE(!io::format_model_line("fuzz.onnx", report).empty(), "empty model line");
  return 0;
}
