// sonnx-div check-model MODEL.onnx|DIR...: is every Div node inside the SONNX profile? (T3, T6)
#include <algorithm>
#include <filesystem>
#include <memory>
#include <sonnx/io/model_check.hpp>
#include <string>

#include "cli_common.hpp"
#include "command_registry.hpp"

namespace sonnx::cli {
namespace {

struct CheckOptions {
  std::vector<std::string> models;
  bool json = false;
  bool no_shape_inference = false;
  bool nodes = false;
};

int exit_of(io::ModelOutcome outcome) {
  switch (outcome) {
    case io::ModelOutcome::inside:
      return exit_ok;
    case io::ModelOutcome::no_div_node:
      return exit_no_div;
    case io::ModelOutcome::unproven:
    case io::ModelOutcome::outside:
      return exit_violation;
    case io::ModelOutcome::error:
      break;
  }
  return exit_io;
}

nlohmann::json findings_json(const std::vector<io::Finding>& findings) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& f : findings) {
    out.push_back({{"requirement", f.requirement},
                   {"message", f.message},
                   {"verdict", std::string(io::verdict_name(f.verdict))}});
  }
  return out;
}

nlohmann::json node_json(const io::NodeReport& node) {
  nlohmann::json n;
  n["index"] = node.index;
  n["name"] = node.name;
  n["graph"] = node.graph;
  n["location"] = node.location;
  n["position"] = node.position;
  n["function"] = node.function;
  n["opset"] = node.opset;
  n["div_version"] = node.div_version;
  n["verdict"] = std::string(io::verdict_name(node.verdict));
  n["requirements"] = nlohmann::json::array();
  for (const auto& f : node.findings) {
    if (std::find(n["requirements"].begin(), n["requirements"].end(), f.requirement) ==
        n["requirements"].end()) {
      n["requirements"].push_back(f.requirement);
    }
  }
  n["findings"] = findings_json(node.findings);
  n["checked"] = node.checked;
  n["inferred"] = node.inferred;
  n["type"] = node.type.empty() ? nlohmann::json(nullptr) : nlohmann::json(node.type);
  n["shape"] = node.shape_known ? nlohmann::json(node.shape) : nlohmann::json(nullptr);
  return n;
}

// One model's JSON object: the report, or the error object of docs/cli.md.
nlohmann::json model_json(const std::string& path, const io::ModelReport& report) {
  const int code = exit_of(io::outcome_of(report));
  nlohmann::json out;
  if (!report.status.ok()) {
    out["status"] = "error";
    out["exit_code"] = code;
    out["model"] = path;
    out["requirement"] = report.status.requirement;
    out["message"] = report.status.message;
    return out;
  }
  out["status"] = "ok";
  out["exit_code"] = code;
  out["model"] = path;
  out["verdict"] = std::string(io::verdict_name(report.verdict()));
  out["opset"] = report.opset;
  out["shape_inference"] = report.shape_inference;
  if (!report.shape_inference_note.empty()) {
    out["shape_inference_note"] = report.shape_inference_note;
  }
  out["onnx_checker"] = {{"result", std::string(io::onnx_check_name(report.onnx_checker))},
                         {"message", report.onnx_checker_message}};
  out["findings"] = findings_json(report.findings);
  out["all_inside"] = report.all_inside();
  out["nodes"] = nlohmann::json::array();
  for (const auto& node : report.nodes) out["nodes"].push_back(node_json(node));
  return out;
}

void print_details(const io::ModelReport& report) {
  if (!report.shape_inference_note.empty()) std::cout << report.shape_inference_note << '\n';
  for (const auto& node : report.nodes) std::cout << io::format_node_line(node) << '\n';
  for (const auto& finding : report.findings) {
    std::cout << "model: " << (finding.verdict == io::Verdict::outside ? "OUTSIDE " : "UNPROVEN ")
              << finding.message << '\n';
  }
}

io::CheckOptions library_options(const CheckOptions& o) {
  return io::CheckOptions{.shape_inference = !o.no_shape_inference, .onnx_checker = true};
}

int check_one(const CheckOptions& o) {
  const std::string& path = o.models.front();
  const io::ModelReport report = io::check_model_file(path, library_options(o));
  const int code = exit_of(io::outcome_of(report));
  if (!report.status.ok()) {
    return report_error(o.json, code, report.status.requirement, report.status.message,
                        {{"model", path}});
  }
  if (o.json) {
    std::cout << json_text(model_json(path, report)) << '\n';
  } else {
    print_details(report);
    std::cout << io::format_model_line(path, report) << '\n';
  }
  return code;
}

int check_set(const CheckOptions& o) {
  std::vector<std::filesystem::path> names(o.models.begin(), o.models.end());
  std::size_t counts[5] = {0, 0, 0, 0, 0};  // per io::ModelOutcome
  std::size_t empty_folders = 0;            // folders that gave no model (not models themselves)
  nlohmann::json models = nlohmann::json::array();
  io::ModelOutcome worst = io::ModelOutcome::inside;
  for (const io::ModelSetEntry& entry : io::model_set(names)) {
    io::ModelReport report;
    if (entry.status.ok()) {
      report = io::check_model_file(entry.path, library_options(o));
    } else {
      report.status = entry.status;
    }
    const io::ModelOutcome outcome = io::outcome_of(report);
    if (entry.folder) {
      ++empty_folders;
    } else {
      ++counts[static_cast<int>(outcome)];
    }
    worst = std::max(worst, outcome);
    if (o.json) {
      models.push_back(model_json(entry.path.string(), report));
      if (entry.folder) models.back()["folder"] = true;
    } else {
      if (o.nodes) print_details(report);
      std::cout << io::format_model_line(entry.path.string(), report) << '\n';
    }
  }
  const std::size_t total = counts[0] + counts[1] + counts[2] + counts[3] + counts[4];
  const int code = exit_of(worst);
  if (o.json) {
    nlohmann::json out = ok_report(code);
    out["models"] = std::move(models);
    out["summary"] = {{"models", total},
                      {"inside", counts[0]},
                      {"no_div_node", counts[1]},
                      {"unproven", counts[2]},
                      {"outside", counts[3]},
                      {"errors", counts[4]},
                      {"folders_without_models", empty_folders}};
    std::cout << json_text(out) << '\n';
  } else {
    std::cout << total << " model(s): " << counts[0] << " inside, " << counts[3] << " outside, "
              << counts[2] << " unproven, " << counts[1] << " without a Div node, " << counts[4]
              << " unreadable";
    if (empty_folders != 0) {
      std::cout << "; " << empty_folders << " folder(s) without a model (or that cannot be listed)";
    }
    std::cout << '\n';
  }
  return code;
}

int check(const CLI::App& sub, const CheckOptions& o) {
  int code = exit_ok;
  if (reject_extras(sub, o.json, code)) return code;
  if (o.models.empty()) return usage_error(o.json, "check-model needs a model file or folder");
  std::error_code error;
  if (o.models.size() == 1 && !std::filesystem::is_directory(o.models.front(), error)) {
    return check_one(o);  // its node lines are always printed: --nodes changes nothing
  }
  return check_set(o);
}

void add_check_model_command(CLI::App& app, int& exit_code) {
  add_guarded_command<CheckOptions>(
      app, exit_code, "check-model",
      "Report, for every Div node of an ONNX model (main graph, subgraphs, training graphs, "
      "model-local functions at each call site), whether it lies inside the SONNX profile: valid "
      "for its Div version "
      "(T6), opset >= 7 and no attribute (GR4), dense numeric types (R2, R3, GR1), same types "
      "(C2, GR3), equal static shapes (R1, R4). One line per node: INSIDE, OUTSIDE or UNPROVEN "
      "with the requirement IDs, then the model's line; a model is inside only if every node is "
      "and ONNX's checker (full check) accepts it; a node of an operator that ONNX defines by a "
      "function holding a Div makes it unproven (T3). Several models or a folder (its *.onnx "
      "files, "
      "at any depth): one line per model and a summary.\n"
      "Exit codes: 0 every model inside, 1 some model outside or unproven, 2 usage, 3 an "
      "unreadable or malformed model or folder (T1), 4 no Div node in a model (T3) and nothing "
      "worse; for a set, the worst of its models in the order 0, 4, 1, 3.",
      "machine-readable report on stdout", "T1",
      [](CLI::App& sub, CheckOptions& options) {
        sub.add_option("MODEL", options.models, "ONNX model files (.onnx) or folders");
        sub.add_flag("--no-shape-inference", options.no_shape_inference,
                     "judge the declared types and shapes only (no ONNX shape inference first)");
        sub.add_flag("--nodes", options.nodes,
                     "each model's node lines before its line (always so for one model)");
      },
      check);
}

const CommandRegistration check_model_registration{"check-model", add_check_model_command};

}  // namespace
}  // namespace sonnx::cli
