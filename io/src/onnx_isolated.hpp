// ONNX's shape inference, checker and function-body builders as check-model runs them (T3, T6):
// in a child process, so that a crash, an exception or a hang inside ONNX costs only their
// answers, never the check.
// Internal to sonnx_io.
#ifndef SONNX_IO_ONNX_ISOLATED_HPP
#define SONNX_IO_ONNX_ISOLATED_HPP

#include <onnx/defs/schema.h>
#include <onnx/onnx_pb.h>

#include <optional>
#include <sonnx/io/model_check.hpp>
#include <string>
#include <vector>

namespace sonnx::io::model {

struct InferenceOutcome {
  std::optional<onnx::ModelProto> model;  // the inferred model
  std::string note;                       // why there is none
  OnnxCheck check = OnnxCheck::not_run;
  std::string check_message;
};

// ONNX's shape inference on `to_infer` (type checks off, errors skipped: it may only add facts;
// null: not run), then ONNX's checker with full check on `to_check` (null: not run), in one
// child process stopped after 30 s.
InferenceOutcome run_onnx_isolated(const onnx::ModelProto* to_infer,
                                   const onnx::ModelProto* to_check);

// ONNX's builder of the body of an operator that ONNX defines by a context-dependent function
// (schema.HasContextDependentFunction()) for `node` and its inputs' types, in a child process
// stopped after 10 s: the body, or nullopt when the builder refused, threw, crashed or hung
// (SequenceMap's builder of ONNX 1.12 dereferences the type of an input that has none), with
// why in `failure`.
std::optional<onnx::FunctionProto> build_function_body_isolated(
    const onnx::OpSchema& schema, const onnx::NodeProto& node,
    const std::vector<onnx::TypeProto>& input_types, std::string& failure);

}  // namespace sonnx::io::model

#endif  // SONNX_IO_ONNX_ISOLATED_HPP
