// libFuzzer harness of check-model (sonnx::io::check_model_bytes, T3). Properties:
//   - unparsable bytes give a T1 format error; a model without a Div node gives a T3 error;
//   - otherwise there is exactly one report per Div node of the default domain, counted here
//     independently over the graph and every subgraph (attributes g and graphs), numbered 0..n-1;
//   - each verdict agrees with its findings: INSIDE has no finding and lists the IDs it proved,
//     OUTSIDE/UNPROVEN have findings, each naming a catalogued ID first in its message;
//     all_inside() is true exactly when every node is INSIDE; a node line can be formatted;
//   - a crash or hang of ONNX shape inference never ends the check (it runs in a child process).
#include <sonnx/io/model_check.hpp>

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <set>
#include <span>
#include <string>

#include "fuzz_support.hpp"

namespace {

std::size_t count_div_nodes(const onnx::GraphProto& graph) {
  std::size_t n = 0;
  for (const auto& node : graph.node()) {
    if (node.op_type() == "Div" && (node.domain().empty() || node.domain() == "ai.onnx")) ++n;
    for (const auto& attribute : node.attribute()) {
      if (attribute.has_g()) n += count_div_nodes(attribute.g());
      for (const auto& g : attribute.graphs()) n += count_div_nodes(g);
    }
  }
  return n;
}

const std::set<std::string>& catalogue() {
  static const std::set<std::string> ids = {"C1", "C2", "C3", "R1", "R2", "R3", "R4", "R5",
                                            "GR1", "GR2", "GR3", "GR4", "F1", "F2", "F3", "I1",
                                            "D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8",
                                            "T1", "T2", "T3", "T4", "T5"};
  return ids;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sonnx;
  // ONNX shape inference runs in a child process, and a fork of this large sanitized process costs
  // milliseconds: one input size in 128 takes that path, the rest check without inference.
  const io::CheckOptions options{.shape_inference = size % 128 == 0};
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
  const std::size_t divs = count_div_nodes(model.graph());
  if (divs == 0) {
    FUZZ_REQUIRE(!report.status.ok() && report.status.requirement == "T3",
                 "model without Div not reported as T3: '" + report.status.message + "'");
    FUZZ_REQUIRE(fuzz::names_requirement(report.status.message, "T3"), report.status.message);
    FUZZ_REQUIRE(!report.all_inside(), "all_inside() true without any Div node");
    return 0;
  }
  FUZZ_REQUIRE(report.status.ok(), "valid model with Div nodes rejected: " + report.status.message);
  FUZZ_REQUIRE(report.nodes.size() == divs, "one report per Div node: " +
                                                std::to_string(report.nodes.size()) + " reports, " +
                                                std::to_string(divs) + " Div nodes");
  bool all = true;
  for (std::size_t i = 0; i < report.nodes.size(); ++i) {
    const io::NodeReport& node = report.nodes[i];
    FUZZ_REQUIRE(node.index == i, "node reports are not numbered in order");
    if (node.verdict == io::Verdict::inside) {
      FUZZ_REQUIRE(node.findings.empty(), "INSIDE node with findings");
      FUZZ_REQUIRE(!node.checked.empty(), "INSIDE node that proved no requirement");
    } else {
      all = false;
      FUZZ_REQUIRE(node.verdict == io::Verdict::outside || node.verdict == io::Verdict::unproven,
                   "unknown verdict");
      FUZZ_REQUIRE(!node.findings.empty(), "OUTSIDE/UNPROVEN node without findings");
    }
    for (const auto& finding : node.findings) {
      FUZZ_REQUIRE(catalogue().count(finding.requirement) == 1,
                   "finding with an unknown ID: " + finding.requirement);
      FUZZ_REQUIRE(fuzz::names_requirement(finding.message, finding.requirement),
                   "finding message does not start with its ID: " + finding.message);
    }
    for (const auto& id : node.checked) {
      FUZZ_REQUIRE(catalogue().count(id) == 1, "checked list holds an unknown ID: " + id);
    }
    FUZZ_REQUIRE(!io::format_node_line(node).empty(), "empty node line");
  }
  FUZZ_REQUIRE(report.all_inside() == all, "all_inside() disagrees with the verdicts");
  return 0;
}
