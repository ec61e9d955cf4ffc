// ONNX's shape inference and checker as check-model runs them (T3, T6): in a child process, so
// that a crash, an exception or a hang inside ONNX costs only their answers, never the check.
// Internal to sonnx_io.
#ifndef SONNX_IO_ONNX_ISOLATED_HPP
#define SONNX_IO_ONNX_ISOLATED_HPP

#include <onnx/onnx_pb.h>

#include <optional>
#include <sonnx/io/model_check.hpp>
#include <string>

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

}  // namespace sonnx::io::model

#endif  // SONNX_IO_ONNX_ISOLATED_HPP
