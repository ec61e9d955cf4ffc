// check-model (T3): for every Div node of an ONNX model (subgraphs included), whether it lies
// inside the SONNX profile, with the requirement IDs behind the verdict.
#ifndef SONNX_IO_MODEL_CHECK_HPP
#define SONNX_IO_MODEL_CHECK_HPP

#include <sonnx/io/tensor_io.hpp>

#include <cstdint>
#include <filesystem>
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
  std::string requirement;  // e.g. "R4"
  std::string message;      // "R4: ..." (names the ID first, like library statuses)
};

struct NodeReport {
  std::size_t index = 0;       // position among the model's Div nodes, in graph order
  std::string name;            // node name (may be empty)
  std::string graph;           // name of the graph holding the node
  std::int64_t opset = 0;      // default-domain opset of the model (0 if absent)
  std::int64_t div_version = 0;  // Div version in effect: 1, 6, 7, 13 or 14
  Verdict verdict = Verdict::inside;
  std::vector<Finding> findings;  // why outside/unproven; empty when inside
  std::vector<std::string> checked;  // IDs proven when inside
  // Facts of this node that came from ONNX shape inference rather than from the model's own
  // declarations, e.g. "A ('x'): type and shape"; empty when the model declared everything used.
  std::vector<std::string> inferred;
};

struct ModelReport {
  IoStatus status;  // failure: unreadable or unparsable model (T1), or no Div node (T3)
  std::int64_t opset = 0;
  bool shape_inference = false;  // ONNX shape inference ran and its results were used
  std::string shape_inference_note;  // why it did not run or failed ("" when it ran)
  std::vector<NodeReport> nodes;
  [[nodiscard]] bool all_inside() const noexcept;
};

struct CheckOptions {
  // Run ONNX's shape inference (onnx::shape_inference::InferShapes) first, so that the types and
  // shapes of computed operands, which exported models rarely declare, are known. Inferred facts
  // are named per node (NodeReport::inferred); what inference cannot settle stays unproven.
  bool shape_inference = true;
};

ModelReport check_model_bytes(std::span<const unsigned char> bytes, std::string_view origin,
                              CheckOptions options = {});
ModelReport check_model_file(const std::filesystem::path& path, CheckOptions options = {});

// "Div node #0 \"name\" in graph \"g\" (opset 14, Div-14): INSIDE [R1 R2 ...]" and so on.
std::string format_node_line(const NodeReport& node);

}  // namespace sonnx::io

#endif  // SONNX_IO_MODEL_CHECK_HPP
