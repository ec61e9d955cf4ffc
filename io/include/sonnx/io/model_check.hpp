// check-model (T3, T6): for every Div node of an ONNX model (main graph, subgraphs to any depth,
// training graphs, model-local functions at each call site), whether it lies inside the SONNX
// profile, with the requirement IDs behind the verdict; and whether the model as a whole may be
// called inside.
#ifndef SONNX_IO_MODEL_CHECK_HPP
#define SONNX_IO_MODEL_CHECK_HPP

#include <cstdint>
#include <filesystem>
#include <sonnx/io/tensor_io.hpp>
#include <span>
#include <string>
#include <vector>

namespace sonnx::io {

enum class Verdict : std::uint8_t {
  inside,    // every profile condition is proven from the model's static information
  outside,   // some condition is violated
  unproven,  // nothing is violated but something cannot be proven (unknown or symbolic shapes)
};

std::string_view verdict_name(Verdict verdict) noexcept;

struct Finding {
  std::string requirement;             // e.g. "R4"
  std::string message;                 // "R4: ..." (names the ID first, like library statuses)
  Verdict verdict = Verdict::outside;  // outside (a violation) or unproven (not provable)
};

struct NodeReport {
  std::size_t index = 0;  // position among the model's Div reports (see ModelReport::nodes)
  std::string name;       // node name (may be empty)
  std::string graph;      // name of the graph holding the node (a function's: its name)
  // Where the node is, from the model's main graph: `graph "g"`, `graph "g" > If #3 "c" >
  // then_branch "then"`, `graph "g" > call #2 "f" of function local.F`, `training_info[0] >
  // algorithm "a"`, or `function local.F (not called)` for a model-local function that no call
  // from the model's graphs reaches.
  std::string location;
  std::size_t position = 0;      // the node's position in its graph's (or function's) node list
  std::string function;          // "domain.name" of the model-local function holding it, else ""
  std::int64_t opset = 0;        // default-domain opset in effect (the model's or the function's)
  std::int64_t div_version = 0;  // Div version in effect: 1, 6, 7, 13 or 14; 0 if unresolved
  Verdict verdict = Verdict::inside;
  std::vector<Finding> findings;     // why outside/unproven (outside ones first); empty when inside
  std::vector<std::string> checked;  // IDs proven when inside
  // Facts of this node that came from ONNX shape inference rather than from the model's own
  // declarations, e.g. "A ('x'): type and shape"; empty when the model declared everything used.
  std::vector<std::string> inferred;
  // A's element type and static shape when both are known (otherwise type "" and no shape).
  std::string type;
  std::vector<std::int64_t> shape;
  bool shape_known = false;
};

// What ONNX's own checker said of the model: onnx::checker::check_model followed by shape
// inference with type checks in strict mode, as onnx.checker.check_model(model, full_check=True).
enum class OnnxCheck : std::uint8_t {
  not_run,  // turned off (CheckOptions::onnx_checker)
  accepted,
  rejected,  // the model is not valid ONNX (message says why)
  failed,    // the check crashed or was stopped: no answer
};

std::string_view onnx_check_name(OnnxCheck check) noexcept;

struct ModelReport {
  IoStatus status;           // failure: unreadable or unparsable model (T1), or no Div node (T3)
  bool no_div_node = false;  // the failure is "the model has no Div node" (T3)
  std::int64_t opset = 0;    // the model's default-domain opset (0 if absent)
  bool shape_inference = false;      // ONNX shape inference ran and its results were used
  std::string shape_inference_note;  // why it did not run or failed ("" when it ran)
  OnnxCheck onnx_checker = OnnxCheck::not_run;
  std::string onnx_checker_message;  // the rejection or failure ("" when accepted)
  std::vector<NodeReport> nodes;
  // Findings about the model as a whole: T6 (ONNX's checker rejected it or gave no answer; two
  // local functions with one identifier; an embedded tensor whose data does not fit its dims),
  // T3 (a node of an operator that ONNX defines by a function whose body holds a Div node: that
  // Div is not judged).
  std::vector<Finding> findings;
  // The model's verdict: outside if a node or a model finding is outside, else unproven if one is
  // unproven, else inside. Meaningful only when status.ok() (there is at least one Div node).
  [[nodiscard]] Verdict verdict() const noexcept;
  // status.ok() and verdict() == inside: every Div node inside and ONNX's checker accepted it.
  [[nodiscard]] bool all_inside() const noexcept;
};

struct CheckOptions {
  // Run ONNX's shape inference (onnx::shape_inference::InferShapes) first, so that the types and
  // shapes of computed operands, which exported models rarely declare, are known. Inferred facts
  // are named per node (NodeReport::inferred); what inference cannot settle stays unproven.
  bool shape_inference = true;
  // Run ONNX's checker (OnnxCheck). Without its acceptance no model is inside (unproven, T6).
  bool onnx_checker = true;
};

ModelReport check_model_bytes(std::span<const unsigned char> bytes, std::string_view origin,
                              CheckOptions options = {});
ModelReport check_model_file(const std::filesystem::path& path, CheckOptions options = {});

// "Div node #0 \"name\" in graph \"g\" (opset 14, Div-14): INSIDE [R1 R2 ...]" and so on.
std::string format_node_line(const NodeReport& node);

// A model set: the models named on a command line. A file is taken as given; a folder stands for
// everything named *.onnx under it that is not a folder, at any depth (symbolic links to folders
// are not followed), in lexicographic order of their paths, and what of it is not a readable
// regular file is refused by the check (T1). A name that is neither, a folder holding no model,
// and each folder under it that cannot be listed are error entries (T1): nothing goes unseen.
struct ModelSetEntry {
  std::filesystem::path path;
  IoStatus status;      // ok, or why the name gives no model
  bool folder = false;  // an error entry for a folder (empty or unlisted), not for a model
};
std::vector<ModelSetEntry> model_set(std::span<const std::filesystem::path> names);

// Outcome of one model of a set, worst last: the order in which a set's exit status is decided
// (docs/cli.md).
enum class ModelOutcome : std::uint8_t { inside, no_div_node, unproven, outside, error };
ModelOutcome outcome_of(const ModelReport& report) noexcept;
std::string_view outcome_name(ModelOutcome outcome) noexcept;

// One line per model: "<path>: INSIDE, 2 Div node(s): 2 inside, 0 outside, 0 unproven",
// "<path>: OUTSIDE [R4 T6], ...", "<path>: NO DIV NODE (T3)", "<path>: ERROR [T1] <message>".
std::string format_model_line(const std::string& path, const ModelReport& report);

}  // namespace sonnx::io

#endif  // SONNX_IO_MODEL_CHECK_HPP
