// The judgement of one Div node by check-model (T3, T6, and the profile's conditions on Div):
// first what its Div version allows, then the SONNX profile. See model_walk.hpp.
// [impl->req~T3~1] [impl->req~GR4~1] [impl->req~T6~1]
#include <algorithm>
#include <sonnx/io/model_check.hpp>

#include "common/kernels/sonnx_validation.h"
#include "model_walk.hpp"

namespace sonnx::io::model {

void Checker::check(const onnx::NodeProto& node, std::size_t position,
                    const std::string& graph_name, const std::string& location,
                    const Frame& frame) {
  const VersionContext& version = *frame.version;
  NodeReport report;
  report.index = reports.size();
  report.name = node.name();
  report.graph = graph_name;
  report.location = location;
  report.position = position;
  report.function = frame.function;
  report.opset = version.opset;
  report.div_version = version.div_version;
  std::vector<Finding> findings = version.findings;
  const auto outside = [&findings](const std::string& id, const std::string& what) {
    add_finding(findings, Verdict::outside, id, what);
  };
  const auto unproven = [&findings](const std::string& id, const std::string& what) {
    add_finding(findings, Verdict::unproven, id, what);
  };
  const DivVersion* rules = rules_of(version.div_version);
  const std::string div_n = "Div-" + std::to_string(version.div_version);

  if (shadowed_) {
    outside("T6",
            "the model defines a local function Div in the default domain, which ONNX "
            "would call in place of the operator");
  }
  for (const auto& attribute : node.attribute()) {
    const bool broadcast = attribute.name() == "broadcast" || attribute.name() == "axis";
    if (rules != nullptr) {
      const auto allowed =
          std::find_if(rules->attributes.begin(), rules->attributes.end(),
                       [&](const DivAttribute& a) { return attribute.name() == a.name; });
      if (allowed == rules->attributes.end()) {
        outside("T6", "attribute '" + attribute.name() + "' is not an attribute of " + div_n +
                          " (" + attributes_text(*rules) + ")");
      } else if (attribute_type(attribute) != allowed->type) {
        outside("T6", "attribute '" + attribute.name() + "' of " + div_n + " must be an " +
                          allowed->type_text + " (" + attributes_text(*rules) + ")");
      }
    }
    const std::string reference =
        attribute.ref_attr_name().empty()
            ? ""
            : " (a reference to the function's attribute '" + attribute.ref_attr_name() + "')";
    outside("GR4", "attribute '" + attribute.name() + "'" + reference +
                       " on Div; Div has no attributes in the profile" +
                       (broadcast ? " (legacy broadcasting, see R4)" : ""));
  }
  if (node.input_size() != 2 || node.output_size() != 1 || node.input(0).empty() ||
      node.input(1).empty() || node.output(0).empty()) {
    outside("T3", "Div needs exactly two inputs and one output");
    finish(report, findings);
    return;
  }

  // A and B: facts (what is fed, what inference derives from it); C: what the model declares of
  // it, which can only contradict what the Div version gives.
  const Known known[2] = {resolve(frame.scopes, node.input(0)),
                          resolve(frame.scopes, node.input(1))};
  std::optional<ValueInfo> operand[2] = {known[0].fact, known[1].fact};
  const char* role[2] = {"A", "B"};
  const std::optional<ValueInfo> result = resolve(frame.scopes, node.output(0)).declared;
  for (int k = 0; k < 2; ++k) {
    const std::optional<ValueInfo>& v = operand[k];
    if (v && v->conflict.empty() && (v->inferred || v->source == call_site_source)) {
      report.inferred.push_back(std::string(role[k]) + " ('" + node.input(k) + "'): type " +
                                data_type_text(static_cast<DataType>(v->elem_type)) + ", shape " +
                                (v->has_shape ? dims_text(*v) : "unknown") +
                                (v->inferred ? "" : " (from the call)"));
    }
  }
  // " (declared float32 [4] (value_info), not derived by ONNX shape inference)" or "".
  const auto claim = [&known](int k) {
    return known[k].not_derived.empty() ? std::string() : " (" + known[k].not_derived + ")";
  };
  bool types_known = true;  // both operands dense tensors of profile types
  bool elem_known = true;   // both operands tensors with a defined element type
  for (int k = 0; k < 2; ++k) {
    const std::string what = std::string(role[k]) + " ('" + node.input(k) + "')";
    if (!operand[k]) {
      types_known = elem_known = false;
      std::string why = "has no known type or shape";
      if (!known[k].not_derived.empty()) {
        why += " (" + known[k].not_derived + ")";
      } else if (!frame.unknown_note.empty()) {
        why += " (" + frame.unknown_note + ")";
      }
      unproven("R3", what + " " + why + "; cannot prove R3");
      continue;
    }
    const ValueInfo& v = *operand[k];
    if (!v.conflict.empty()) {
      types_known = elem_known = false;
      unproven("R3", what + " has declarations that cannot be relied on: " + v.conflict +
                         "; cannot prove R3");
      continue;
    }
    if (rules != nullptr && v.kind != ValueInfo::Kind::tensor) {
      outside("T6", what + " is " + describe(v) + "; " + div_n + " takes tensors only (" +
                        type_constraint_text(*rules) + ")");
    } else if (rules != nullptr && std::find(rules->types.begin(), rules->types.end(),
                                             v.elem_type) == rules->types.end()) {
      outside("T6", what + " has element type " +
                        data_type_text(static_cast<DataType>(v.elem_type)) + ", which " + div_n +
                        " does not allow (" + type_constraint_text(*rules) + ")");
    }
    if (v.kind == ValueInfo::Kind::sparse) {
      types_known = elem_known = false;
      outside("R2", what + " is a sparse tensor (" + v.source + ")");
      outside("GR1", what + " is not dense");
    } else if (v.kind == ValueInfo::Kind::other) {
      types_known = elem_known = false;
      outside("R3", what + " is not a tensor (sequence, map or optional type)");
    } else if (v.elem_type == 0) {
      types_known = elem_known = false;
      outside("R3", what + " has an undefined element type (GR2: types are never guessed)");
    } else if (!is_profile_numeric(static_cast<DataType>(v.elem_type))) {
      types_known = false;
      outside("R3", what + " has element type " +
                        data_type_text(static_cast<DataType>(v.elem_type)) +
                        ", not one of the 12 numeric profile types");
    }
  }
  const auto type_text = [](std::int32_t t) { return data_type_text(static_cast<DataType>(t)); };
  if (elem_known && operand[0]->elem_type != operand[1]->elem_type) {
    const std::string text = "A is " + type_text(operand[0]->elem_type) + " and B is " +
                             type_text(operand[1]->elem_type);
    if (rules != nullptr) {
      outside("T6", text + ", but " + div_n + " binds A, B and C to one type T (ONNX " + div_n +
                        ", inputs A, B and output C: T)");
    }
    if (types_known) {
      outside("C2", text);
      outside("GR3", text + "; no implicit conversion");
    }
  }
  const std::string c_what = "C ('" + node.output(0) + "')";
  if (result && !result->conflict.empty()) {
    unproven("C2", c_what + " has declarations that cannot be relied on: " + result->conflict +
                       "; cannot prove C2");
  } else if (result && result->kind == ValueInfo::Kind::sparse) {
    if (rules != nullptr)
      outside("T6", c_what + " is declared sparse; " + div_n + " gives a tensor");
    outside("R2", c_what + " is declared sparse");
  } else if (result && result->kind == ValueInfo::Kind::tensor && result->elem_type != 0 &&
             elem_known && operand[0]->elem_type == operand[1]->elem_type &&
             result->elem_type != operand[0]->elem_type) {
    const std::string text = c_what + " is declared " + type_text(result->elem_type) +
                             " but A and B are " + type_text(operand[0]->elem_type);
    if (rules != nullptr) outside("T6", text + " (ONNX " + div_n + ", output C: T)");
    if (types_known) outside("C2", text);
  }
  if (operand[0] && operand[0]->kind == ValueInfo::Kind::tensor && operand[0]->elem_type != 0 &&
      operand[0]->conflict.empty()) {
    report.type = type_text(operand[0]->elem_type);
    if (static_shape(*operand[0])) {
      report.shape = values(*operand[0]);
      report.shape_known = true;
    }
  }

  // Shapes: the version's rule, then R4 before R1, as the checked library reports them.
  if (operand[0] && operand[1] && operand[0]->kind == ValueInfo::Kind::tensor &&
      operand[1]->kind == ValueInfo::Kind::tensor && operand[0]->conflict.empty() &&
      operand[1]->conflict.empty()) {
    const ValueInfo& a = *operand[0];
    const ValueInfo& b = *operand[1];
    if (static_shape(a) && static_shape(b)) {
      const auto sa = values(a);
      const auto sb = values(b);
      std::optional<std::vector<std::int64_t>> expected;
      if (version.div_version >= 7) {
        expected = broadcast_shape(sa, sb);
        if (!expected) {
          outside("T6", "A has shape " + dims_text(a) + " and B " + dims_text(b) + ", which " +
                            div_n +
                            "'s multidirectional (numpy-style) "
                            "broadcasting cannot combine (ONNX " +
                            div_n + ", summary)");
        }
      } else if (rules != nullptr) {
        expected = sa;  // Div-1/6: "C has same dimensions and type as A"
        const std::string problem = legacy_broadcast_problem(node, version.div_version, sa, sb);
        if (!problem.empty()) outside("T6", problem);
      }
      if (expected && result && contradicts(*result, *expected)) {
        outside("T6", c_what + " is declared with shape " + dims_text(*result) + " but " + div_n +
                          " gives " + shape_to_string(*expected) + " (ONNX " + div_n +
                          ", output C)");
      }
      if (sa != sb) {
        if (sonnx_shapes_broadcastable(sa.data(), sa.size(), sb.data(), sb.size()) != 0) {
          outside("R4", "A has shape " + dims_text(a) + " and B " + dims_text(b) +
                            ": they differ but are broadcastable, and broadcasting is "
                            "forbidden (R4)");
        } else {
          outside("R1", "A has shape " + dims_text(a) + " and B " + dims_text(b));
        }
      } else if (result && static_shape(*result) && values(*result) != sa) {
        outside("C1", "C is declared with shape " + dims_text(*result) + " but A and B have " +
                          dims_text(a));
      }
      // D8 as the checked library decides it (sonnx_check_shape) with this tool's 64-bit size_t:
      // a shape whose byte count exceeds PTRDIFF_MAX is rejected at every call, on every target
      // (a target with a narrower size_t rejects more).
      const auto type = static_cast<DataType>(a.elem_type);
      std::size_t elements = 0;
      std::size_t axis = 0;
      if (sa == sb && is_profile_numeric(type) &&
          sonnx_check_shape(sa.data(), sa.size(), element_size(type), &elements, &axis) !=
              SONNX_VALID) {
        outside("D8", "A and B have shape " + dims_text(a) + ", whose element or byte count (" +
                          data_type_text(type) +
                          ") cannot be represented: every call is rejected (size overflow)");
      }
    } else {
      const int k = static_shape(a) ? 1 : 0;
      const ValueInfo& vague = k == 1 ? b : a;
      unproven("R1",
               std::string("cannot prove R1: the shape of ") + role[k] + " is " +
                   (vague.has_shape ? dims_text(vague) + " (not static)" : std::string("unknown")) +
                   claim(k));
    }
  } else if (!operand[0] || !operand[1] || !operand[0]->conflict.empty() ||
             !operand[1]->conflict.empty()) {
    unproven("R1", "cannot prove R1: an operand has no known shape that can be relied on");
  }
  finish(report, findings);
}

void Checker::finish(NodeReport& report, std::vector<Finding>& findings) {
  // Outside findings first, each group in the order found.
  std::stable_partition(findings.begin(), findings.end(),
                        [](const Finding& f) { return f.verdict == Verdict::outside; });
  if (findings.empty()) {
    report.verdict = Verdict::inside;
    report.checked = {"R1", "R2", "R3", "R4", "C1", "C2", "D8", "GR1", "GR2", "GR3", "GR4", "T6"};
  } else {
    report.verdict = findings.front().verdict;
    report.findings = std::move(findings);
  }
  reports.push_back(std::move(report));
}

}  // namespace sonnx::io::model
