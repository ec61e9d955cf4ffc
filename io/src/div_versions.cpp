// The Div versions of the ONNX Div operator page (seed 000), as check-model applies them (T6).
#include "div_versions.hpp"

#include <onnx/defs/schema.h>

#include <algorithm>
#include <map>
#include <set>

#include "common/kernels/sonnx_validation.h"

// [impl->req~T6~1]
namespace sonnx::io::model {

namespace {

// ONNX's spelling of an element type in a type constraint ("tensor(double)").
const char* onnx_type_name(std::int32_t code) {
  using T = onnx::TensorProto;
  static const std::map<std::int32_t, const char*> names{
      {T::FLOAT, "float"},   {T::UINT8, "uint8"},     {T::INT8, "int8"},
      {T::UINT16, "uint16"}, {T::INT16, "int16"},     {T::INT32, "int32"},
      {T::INT64, "int64"},   {T::FLOAT16, "float16"}, {T::DOUBLE, "double"},
      {T::UINT32, "uint32"}, {T::UINT64, "uint64"},   {T::BFLOAT16, "bfloat16"}};
  const auto found = names.find(code);
  return found == names.end() ? "?" : found->second;
}

const std::vector<DivVersion>& div_versions() {
  using T = onnx::TensorProto;
  using A = onnx::AttributeProto;
  static const std::vector<std::int32_t> floats{T::DOUBLE, T::FLOAT, T::FLOAT16};
  static const std::vector<std::int32_t> six{T::DOUBLE, T::FLOAT,  T::FLOAT16, T::INT32,
                                             T::INT64,  T::UINT32, T::UINT64};
  static const std::vector<std::int32_t> thirteen{T::BFLOAT16, T::DOUBLE, T::FLOAT,  T::FLOAT16,
                                                  T::INT32,    T::INT64,  T::UINT32, T::UINT64};
  static const std::vector<std::int32_t> fourteen{T::BFLOAT16, T::DOUBLE, T::FLOAT,  T::FLOAT16,
                                                  T::INT16,    T::INT32,  T::INT64,  T::INT8,
                                                  T::UINT16,   T::UINT32, T::UINT64, T::UINT8};
  static const std::vector<DivVersion> versions{
      {1,
       floats,
       {{"axis", A::INT, "int"},
        {"broadcast", A::INT, "int"},
        {"consumed_inputs", A::INTS, "list of ints"}}},
      {6, six, {{"axis", A::INT, "int"}, {"broadcast", A::INT, "int"}}},
      {7, six, {}},
      {13, thirteen, {}},
      {14, fourteen, {}},
  };
  return versions;
}

std::int64_t div_version_of(std::int64_t opset) {
  std::int64_t version = 0;
  for (const auto& v : div_versions()) {
    if (v.since <= opset) version = v.since;
  }
  return version;
}

// The newest default-domain opset ONNX's registry (the library the checker is built with) knows.
std::int64_t newest_known_opset() {
  const auto& map = onnx::OpSchemaRegistry::DomainToVersionRange::Instance().Map();
  const auto found = map.find(onnx::ONNX_DOMAIN);
  return found == map.end() ? 0 : found->second.second;
}

}  // namespace

const DivVersion* rules_of(std::int64_t div_version) {
  for (const auto& v : div_versions()) {
    if (v.since == div_version) return &v;
  }
  return nullptr;
}

std::string type_constraint_text(const DivVersion& rules) {
  std::string text;
  for (const std::int32_t t : rules.types) {
    text += (text.empty() ? "" : ", ") + std::string("tensor(") + onnx_type_name(t) + ")";
  }
  return "ONNX Div-" + std::to_string(rules.since) + ", type constraint T: " + text;
}

std::string attributes_text(const DivVersion& rules) {
  if (rules.attributes.empty())
    return "ONNX Div-" + std::to_string(rules.since) + ": no attributes";
  std::string text;
  for (const auto& a : rules.attributes) text += (text.empty() ? "" : ", ") + std::string(a.name);
  return "ONNX Div-" + std::to_string(rules.since) + ", attributes: " + text;
}

onnx::AttributeProto::AttributeType attribute_type(const onnx::AttributeProto& a) {
  if (a.type() != onnx::AttributeProto::UNDEFINED) return a.type();
  if (a.has_i()) return onnx::AttributeProto::INT;
  if (a.has_f()) return onnx::AttributeProto::FLOAT;
  if (a.has_s()) return onnx::AttributeProto::STRING;
  if (a.ints_size() > 0) return onnx::AttributeProto::INTS;
  return onnx::AttributeProto::UNDEFINED;
}

void add_finding(std::vector<Finding>& list, Verdict verdict, const std::string& id,
                 const std::string& what) {
  list.push_back(Finding{id, id + ": " + what, verdict});
}

VersionContext resolve_version(
    const google::protobuf::RepeatedPtrField<onnx::OperatorSetIdProto>& imports,
    const std::string& whose, const VersionContext* model) {
  VersionContext context;
  std::set<std::int64_t> versions;
  for (const auto& import : imports) {
    if (import.domain().empty() || import.domain() == "ai.onnx") {
      versions.insert(import.version());
      context.opset = import.version();
    }
  }
  auto& f = context.findings;
  if (versions.empty()) {
    add_finding(f, Verdict::outside, "GR4",
                whose + " imports no default-domain opset, so the Div version would be defaulted");
    return context;
  }
  if (versions.size() > 1) {
    std::string list;
    for (const auto v : versions) list += (list.empty() ? "" : " and ") + std::to_string(v);
    add_finding(f, Verdict::outside, "T6",
                whose + " imports the default domain ('' or 'ai.onnx') with opsets " + list +
                    ": the Div version is ambiguous (ONNX IR, OperatorSetIdProto and opset_import: "
                    "at most one version can be relied on for one domain)");
    return context;
  }
  const std::int64_t opset = context.opset;
  if (opset < 1) {
    add_finding(f, Verdict::outside, "T6",
                whose + " imports default-domain opset " + std::to_string(opset) +
                    ", which is no operator set version (versions start at 1): no Div version");
    return context;
  }
  const std::int64_t newest = newest_known_opset();
  if (opset > newest) {
    add_finding(f, Verdict::unproven, "T6",
                whose + " imports opset " + std::to_string(opset) +
                    ", newer than the newest opset this checker's ONNX library knows (" +
                    std::to_string(newest) +
                    "): a Div version after Div-14 cannot be excluded; cannot prove T6");
    return context;
  }
  context.div_version = div_version_of(opset);
  // The seed's version table must agree with ONNX's registry.
  const onnx::OpSchema* schema =
      onnx::OpSchemaRegistry::Schema("Div", static_cast<int>(opset), onnx::ONNX_DOMAIN);
  if (schema == nullptr || schema->SinceVersion() != context.div_version) {
    add_finding(
        f, Verdict::unproven, "T6",
        "opset " + std::to_string(opset) + " selects Div-" + std::to_string(context.div_version) +
            " by the ONNX Div page, but ONNX's registry says Div-" +
            (schema == nullptr ? std::string("?") : std::to_string(schema->SinceVersion())) +
            "; cannot prove T6");
    context.div_version = 0;
    return context;
  }
  if (opset < 7) {
    add_finding(f, Verdict::outside, "GR4",
                "opset " + std::to_string(opset) + " selects Div-" +
                    std::to_string(context.div_version) +
                    ", whose 'broadcast'/'axis' attributes have default values; the profile "
                    "needs Div-7 or later");
  }
  if (model != nullptr && model->div_version != 0 && model->div_version != context.div_version) {
    add_finding(f, Verdict::outside, "T6",
                whose + " imports opset " + std::to_string(opset) + " (Div-" +
                    std::to_string(context.div_version) + ") and the model opset " +
                    std::to_string(model->opset) + " (Div-" + std::to_string(model->div_version) +
                    "): a function's operator sets must give the same operator schemas as the "
                    "model's (ONNX IR, FunctionProto.opset_import)");
  }
  return context;
}

std::optional<std::vector<std::int64_t>> broadcast_shape(const std::vector<std::int64_t>& a,
                                                         const std::vector<std::int64_t>& b) {
  if (sonnx_shapes_broadcastable(a.data(), a.size(), b.data(), b.size()) == 0) return std::nullopt;
  const std::size_t rank = std::max(a.size(), b.size());
  std::vector<std::int64_t> out(rank, 1);
  for (std::size_t k = 0; k < rank; ++k) {
    const std::int64_t x = k < rank - a.size() ? 1 : a[k - (rank - a.size())];
    const std::int64_t y = k < rank - b.size() ? 1 : b[k - (rank - b.size())];
    out[k] = x == 1 ? y : x;
  }
  return out;
}

std::string legacy_broadcast_problem(const onnx::NodeProto& node, std::int64_t version,
                                     const std::vector<std::int64_t>& a,
                                     const std::vector<std::int64_t>& b) {
  const onnx::AttributeProto* broadcast = nullptr;
  const onnx::AttributeProto* axis = nullptr;
  for (const auto& attribute : node.attribute()) {
    if (attribute.name() == "broadcast") broadcast = &attribute;
    if (attribute.name() == "axis") axis = &attribute;
  }
  const std::string rule = " (ONNX Div-" + std::to_string(version) + ", input B)";
  if (broadcast == nullptr || broadcast->i() != 1) {
    if (a == b) return "";
    return "Div-" + std::to_string(version) +
           " without broadcast=1 needs B of A's shape, but A is " + shape_to_string(a) + " and B " +
           shape_to_string(b) + rule;
  }
  // B of one element: every dimension 1 (static dimensions are not negative; no product, which
  // could overflow on a model's dimensions).
  const bool one_element = std::all_of(b.begin(), b.end(), [](std::int64_t d) { return d == 1; });
  if (one_element && b.size() <= a.size()) return "";
  if (b.size() <= a.size()) {
    const auto room = static_cast<std::int64_t>(a.size() - b.size());
    const std::int64_t start = axis != nullptr ? axis->i() : room;
    if (start >= 0 && start <= room &&
        std::equal(b.begin(), b.end(), a.begin() + static_cast<std::ptrdiff_t>(start))) {
      return "";
    }
  }
  return "B's shape " + shape_to_string(b) + " is not a contiguous part of A's " +
         shape_to_string(a) +
         (axis != nullptr ? " at axis " + std::to_string(axis->i()) : std::string(" at its end")) +
         ", as Div-" + std::to_string(version) + "'s limited broadcasting needs" + rule;
}

}  // namespace sonnx::io::model
