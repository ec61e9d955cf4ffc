// check-model's report: node and model lines, model sets and their outcomes (T3).
#include <algorithm>
#include <sonnx/io/model_check.hpp>
#include <string>

// [impl->req~T3~1]
namespace sonnx::io {

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

namespace {

// Lists `folder` at any depth without following links to folders: every entry named *.onnx that
// is not a folder (a model, or what the check then refuses with T1: a dangling link, a link it
// may not follow, a FIFO), and each folder that cannot be listed, so that nothing under `folder`
// goes unseen. Without links followed there is no cycle; the walk is bounded by the tree.
void list_folder(const std::filesystem::path& folder, std::vector<ModelSetEntry>& entries) {
  namespace fs = std::filesystem;
  std::vector<fs::path> pending{folder};
  while (!pending.empty()) {
    const fs::path current = std::move(pending.back());
    pending.pop_back();
    std::error_code error;
    fs::directory_iterator it(current, error);
    for (; !error && it != fs::directory_iterator(); it.increment(error)) {
      std::error_code ignored;
      if (it->is_directory(ignored)) {
        if (!it->is_symlink(ignored)) pending.push_back(it->path());
      } else if (it->path().extension() == ".onnx") {
        entries.push_back(ModelSetEntry{it->path(), IoStatus{}});
      }
    }
    if (error) {
      entries.push_back(ModelSetEntry{
          current,
          IoStatus::failure(IoErrorKind::io, "T1",
                            current.string() + ": cannot list the folder: " + error.message()),
          true});
    }
  }
}

}  // namespace

std::vector<ModelSetEntry> model_set(std::span<const std::filesystem::path> names) {
  namespace fs = std::filesystem;
  std::vector<ModelSetEntry> entries;
  for (const fs::path& name : names) {
    std::error_code error;
    if (!fs::is_directory(name, error)) {
      entries.push_back(ModelSetEntry{name, IoStatus{}});  // read (or refused) by the check
      continue;
    }
    std::vector<ModelSetEntry> found;
    list_folder(name, found);
    if (found.empty()) {
      entries.push_back(
          ModelSetEntry{name,
                        IoStatus::failure(IoErrorKind::io, "T1",
                                          name.string() + ": the folder holds no *.onnx file"),
                        true});
      continue;
    }
    std::sort(found.begin(), found.end(),
              [](const ModelSetEntry& x, const ModelSetEntry& y) { return x.path < y.path; });
    for (auto& entry : found) entries.push_back(std::move(entry));
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
    // The status's message names its ID first ("T1: ..."): the line names it once, in brackets.
    const std::string& id = report.status.requirement;
    std::string_view message = report.status.message;
    if (message.substr(0, id.size() + 2) == id + ": ") message.remove_prefix(id.size() + 2);
    return path + ": ERROR [" + id + "] " + std::string(message);
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
