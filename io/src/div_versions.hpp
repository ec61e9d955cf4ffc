// The Div versions of the ONNX Div operator page (seed 000: Div-1, Div-6, Div-7, Div-13, Div-14)
// as check-model applies them (T6): each version's type constraint T and attributes, the version
// a model's or a function's opset imports select, and what each version's broadcasting allows.
// Internal to sonnx_io (io/src/model_check.cpp).
#ifndef SONNX_IO_DIV_VERSIONS_HPP
#define SONNX_IO_DIV_VERSIONS_HPP

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <optional>
#include <sonnx/io/model_check.hpp>
#include <string>
#include <vector>

namespace sonnx::io::model {

struct DivAttribute {
  const char* name;
  onnx::AttributeProto::AttributeType type;
  const char* type_text;
};

struct DivVersion {
  std::int64_t since;
  std::vector<std::int32_t> types;  // type constraint T, in the page's order
  std::vector<DivAttribute> attributes;
};

// The version whose since_version is `div_version` (1, 6, 7, 13 or 14); null for any other.
const DivVersion* rules_of(std::int64_t div_version);

// "ONNX Div-13, type constraint T: tensor(bfloat16), tensor(double), ...": the rule, as cited.
std::string type_constraint_text(const DivVersion& rules);
// "ONNX Div-6, attributes: axis, broadcast" or "ONNX Div-7: no attributes".
std::string attributes_text(const DivVersion& rules);

// The type an attribute carries: its type field, or for old models without one, the field set.
onnx::AttributeProto::AttributeType attribute_type(const onnx::AttributeProto& a);

// The default-domain opset in effect for a model or a function, and the Div version it selects.
struct VersionContext {
  std::int64_t opset = 0;         // 0: none imported
  std::int64_t div_version = 0;   // 0: not resolved
  std::vector<Finding> findings;  // problems of the imports themselves, for every Div under them
};

// Appends a finding "<id>: <what>" with its verdict.
void add_finding(std::vector<Finding>& list, Verdict verdict, const std::string& id,
                 const std::string& what);

// The default-domain opset (imports of "" or "ai.onnx") of a model, or of a function (`model`
// then gives the model's, which the function's must agree with), the Div version it selects
// (checked against ONNX's registry) and the findings of the imports themselves. `whose` names
// the importer in messages ("the model", "function local.F").
VersionContext resolve_version(
    const google::protobuf::RepeatedPtrField<onnx::OperatorSetIdProto>& imports,
    const std::string& whose, const VersionContext* model);

// The shape Div-7 and later give C: A and B broadcast numpy-style (the library's rule decides
// whether they are broadcastable); nullopt when they are not.
std::optional<std::vector<std::int64_t>> broadcast_shape(const std::vector<std::int64_t>& a,
                                                         const std::vector<std::int64_t>& b);

// Div-1/6 (limited broadcasting, seed 000): without broadcast=1, B has A's shape; with it, B has
// one element and at most A's rank, or B's shape is A's shape from `axis` on (suffix matching
// without axis), one dimension each, with no expansion of 1s. Empty when the shapes fit, else
// the finding's text.
std::string legacy_broadcast_problem(const onnx::NodeProto& node, std::int64_t version,
                                     const std::vector<std::int64_t>& a,
                                     const std::vector<std::int64_t>& b);

}  // namespace sonnx::io::model

#endif  // SONNX_IO_DIV_VERSIONS_HPP
