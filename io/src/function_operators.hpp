// Operators that ONNX defines by a function (check-model, T3): MeanVarianceNormalization,
// Softmax-13, Celu, Range, LayerNormalization-17, ... whose bodies, as ONNX 1.12's schema
// registry holds them, contain Div nodes that a runtime may run in place of the operator. Such a
// Div is no node of the model and is not judged: a node of such an operator makes the model
// unproven. Internal to sonnx_io.
#ifndef SONNX_IO_FUNCTION_OPERATORS_HPP
#define SONNX_IO_FUNCTION_OPERATORS_HPP

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <string>
#include <vector>

namespace sonnx::io::model {

// Whether some opset defines the default-domain operator `op_type` by a function.
bool may_be_function_operator(const std::string& op_type);

// For a default-domain node under `opset`: "" when ONNX defines its operator by no function, or
// by one whose body (nested function-defined operators and graph attributes included) has no
// Div node; otherwise why it is not inside: "ONNX defines Softmax-13 by a function whose body has
// a Div node" or "... whose body depends on its inputs' types, which are not known here".
// `input_types` has one entry per node input (an empty TypeProto where the type is unknown).
// A body that depends on the node is built by ONNX in a child process (onnx_isolated.hpp), and
// only while `build_seconds_left` (the time one model's check may spend in such children, in all)
// is positive; the time taken is subtracted from it.
std::string function_operator_div(const onnx::NodeProto& node, std::int64_t opset,
                                  const std::vector<onnx::TypeProto>& input_types,
                                  double& build_seconds_left);

}  // namespace sonnx::io::model

#endif  // SONNX_IO_FUNCTION_OPERATORS_HPP
