// A SparseTensorProto of one float value (5.0) at `index` in a vector of `length` elements: the
// smallest sparse tensor, for the R2/GR1 rejection tests of the decoder and of the CLI.
#ifndef SONNX_TESTS_SPARSE_TENSOR_EXAMPLE_HPP
#define SONNX_TESTS_SPARSE_TENSOR_EXAMPLE_HPP

#include <onnx/onnx_pb.h>

#include <cstdint>

namespace sonnx::test {

inline onnx::SparseTensorProto one_value_sparse_tensor(std::int64_t length, std::int64_t index) {
  onnx::SparseTensorProto sparse;
  sparse.add_dims(length);
  auto* values = sparse.mutable_values();
  values->add_dims(1);
  values->set_data_type(onnx::TensorProto::FLOAT);
  values->add_float_data(5.0F);
  auto* indices = sparse.mutable_indices();
  indices->add_dims(1);
  indices->set_data_type(onnx::TensorProto::INT64);
  indices->add_int64_data(index);
  return sparse;
}

}  // namespace sonnx::test

#endif  // SONNX_TESTS_SPARSE_TENSOR_EXAMPLE_HPP
