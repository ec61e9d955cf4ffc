// sonnx-div check-model MODEL.onnx: is every Div node inside the SONNX profile? (T3)
#include <algorithm>
#include <memory>
#include <sonnx/io/model_check.hpp>
#include <string>

#include "cli_common.hpp"
#include "command_registry.hpp"

namespace sonnx::cli {
namespace {

struct CheckOptions {
  std::string model;
  bool json = false;
  bool no_shape_inference = false;
};

int check(const CLI::App& sub, const CheckOptions& o) {
  int code = exit_ok;
  if (reject_extras(sub, o.json, code)) return code;
  if (o.model.empty()) return usage_error(o.json, "check-model needs a model file");
  const io::ModelReport report =
      io::check_model_file(o.model, io::CheckOptions{!o.no_shape_inference});
  if (!report.status.ok()) {
    return report_error(o.json, exit_code_of(report.status), report.status.requirement,
                        report.status.message, {{"model", o.model}});
  }
  std::size_t counts[3] = {0, 0, 0};
  for (const auto& node : report.nodes) ++counts[static_cast<int>(node.verdict)];
  code = report.all_inside() ? exit_ok : exit_violation;
  if (o.json) {
    nlohmann::json out;
    out["status"] = "ok";
    out["exit_code"] = code;
    out["model"] = o.model;
    out["opset"] = report.opset;
    out["shape_inference"] = report.shape_inference;
    if (!report.shape_inference_note.empty())
      out["shape_inference_note"] = report.shape_inference_note;
    out["all_inside"] = report.all_inside();
    out["nodes"] = nlohmann::json::array();
    for (const auto& node : report.nodes) {
      nlohmann::json n;
      n["index"] = node.index;
      n["name"] = node.name;
      n["graph"] = node.graph;
      n["div_version"] = node.div_version;
      n["verdict"] = std::string(io::verdict_name(node.verdict));
      n["requirements"] = nlohmann::json::array();
      n["findings"] = nlohmann::json::array();
      for (const auto& f : node.findings) {
        if (std::find(n["requirements"].begin(), n["requirements"].end(), f.requirement) ==
            n["requirements"].end()) {
          n["requirements"].push_back(f.requirement);
        }
        n["findings"].push_back({{"requirement", f.requirement}, {"message", f.message}});
      }
      n["checked"] = node.checked;
      n["inferred"] = node.inferred;
      out["nodes"].push_back(n);
    }
    std::cout << json_text(out) << '\n';
  } else {
    if (!report.shape_inference_note.empty()) std::cout << report.shape_inference_note << '\n';
    for (const auto& node : report.nodes) std::cout << io::format_node_line(node) << '\n';
    std::cout << report.nodes.size() << " Div node(s): " << counts[0] << " inside, " << counts[1]
              << " outside, " << counts[2] << " unproven\n";
  }
  return code;
}

void add_check_model_command(CLI::App& app, int& exit_code) {
  add_guarded_command<CheckOptions>(
      app, exit_code, "check-model",
      "Report, for every Div node of an ONNX model, whether it lies inside the SONNX profile "
      "(opset >= 7 and no attribute: GR4; dense numeric types: R2, R3, GR1; same types: C2, GR3; "
      "equal static shapes: R1, R4). One line per node: INSIDE, OUTSIDE or UNPROVEN (unknown "
      "or symbolic shapes) with the requirement IDs.\n"
      "Exit codes: 0 every Div node inside, 1 some node outside or unproven, or no Div node "
      "(T3), 2 usage, 3 unreadable or malformed model (T1).",
      "machine-readable report on stdout", "T1",
      [](CLI::App& sub, CheckOptions& options) {
        sub.add_option("MODEL", options.model, "ONNX model file (.onnx)");
        sub.add_flag("--no-shape-inference", options.no_shape_inference,
                     "judge the declared types and shapes only (no ONNX shape inference first)");
      },
      [](CLI::App& sub, CheckOptions& options) { return check(sub, options); });
}

const CommandRegistration check_model_registration{"check-model", add_check_model_command};

}  // namespace
}  // namespace sonnx::cli
