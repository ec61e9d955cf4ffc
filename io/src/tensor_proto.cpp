// ONNX TensorProto (.pb) reader and writer (T1), on the protobuf classes of libonnx-dev.
// Elements come either from raw_data (little-endian bytes) or from the one typed field ONNX
// packs the data type in (onnx.proto, TensorProto comments):
//   float32 -> float_data; float64 -> double_data; int64 -> int64_data;
//   uint32, uint64 -> uint64_data;
//   int32, int8, int16, uint8, uint16 -> int32_data (the value);
//   float16, bfloat16 -> int32_data (the 16-bit pattern, zero-extended).
#include <sonnx/io/tensor_io.hpp>

#include <onnx/onnx_pb.h>

#include <cstring>
#include <limits>
#include <string>

#include "io_internal.hpp"

// [impl->req~T1~1]
namespace sonnx::io {

namespace {

enum class Field : std::uint8_t { float_data, double_data, int32_data, int64_data, uint64_data };

const char* field_name(Field f) {
  static constexpr const char* names[] = {"float_data", "double_data", "int32_data", "int64_data",
                                          "uint64_data"};  // in the order of Field
  return names[static_cast<std::size_t>(f)];
}

Field typed_field(DataType type) {
  switch (type) {
    case DataType::float32: return Field::float_data;
    case DataType::float64: return Field::double_data;
    case DataType::int64: return Field::int64_data;
    case DataType::uint32:
    case DataType::uint64: return Field::uint64_data;
    default: return Field::int32_data;
  }
}

template <typename T>
void put(std::vector<unsigned char>& out, std::size_t index, T value) {
  std::memcpy(out.data() + index * sizeof(T), &value, sizeof(T));
}

template <typename T>
T get(const std::vector<unsigned char>& in, std::size_t index) {
  T value;
  std::memcpy(&value, in.data() + index * sizeof(T), sizeof(T));
  return value;
}

// Range of the int32_data values that represent an element of `type`.
void int32_range(DataType type, std::int64_t& lo, std::int64_t& hi) {
  switch (type) {
    case DataType::int8: lo = INT8_MIN; hi = INT8_MAX; break;
    case DataType::int16: lo = INT16_MIN; hi = INT16_MAX; break;
    case DataType::uint8: lo = 0; hi = UINT8_MAX; break;
    case DataType::uint16:
    case DataType::float16:
    case DataType::bfloat16: lo = 0; hi = UINT16_MAX; break;
    default: lo = INT32_MIN; hi = INT32_MAX; break;
  }
}

}  // namespace

ReadResult decode_tensor_proto(std::span<const unsigned char> bytes, std::string_view origin) {
  ReadResult result;
  auto& status = result.status;
  if (bytes.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
    status = detail::format_error(origin, "too large for a protobuf message");
    return result;
  }
  const int size = static_cast<int>(bytes.size());
  // R2: a SparseTensorProto (values = 1, indices = 2, both messages) cannot be mistaken for a
  // TensorProto, whose field 2 (data_type) is a varint and so never parses as `indices`.
  {
    onnx::SparseTensorProto sparse;
    if (sparse.ParseFromArray(bytes.data(), size) && sparse.has_values() && sparse.has_indices()) {
      status = IoStatus::failure(IoErrorKind::profile, "R2",
                                 std::string(origin) +
                                     ": sparse tensor (SparseTensorProto); the SONNX profile "
                                     "accepts dense tensors only (R2, GR1)");
      return result;
    }
  }
  onnx::TensorProto proto;
  if (!proto.ParseFromArray(bytes.data(), size)) {
    status = detail::format_error(origin, "not a valid ONNX TensorProto (protobuf parse failed)");
    return result;
  }
  const auto& unknown = proto.GetReflection()->GetUnknownFields(proto);
  if (unknown.field_count() > 0) {
    status = detail::format_error(
        origin, "not an ONNX 1.12 TensorProto: unknown or mistyped field number " +
                    std::to_string(unknown.field(0).number()));
    return result;
  }
  if (proto.has_segment()) {
    status = detail::format_error(origin, "segmented tensors are not supported");
    return result;
  }
  if (proto.data_location() == onnx::TensorProto::EXTERNAL || proto.external_data_size() > 0) {
    status = detail::format_error(origin, "external data is not supported");
    return result;
  }
  if (!proto.has_data_type() || proto.data_type() == 0) {
    status = detail::non_numeric(origin, "no explicit data_type (undefined, GR2)");
    return result;
  }
  const auto type = static_cast<DataType>(proto.data_type());
  if (!is_profile_numeric(type)) {
    status = detail::non_numeric(origin, "data_type " + data_type_text(type) + " (code " +
                                             std::to_string(proto.data_type()) + ")");
    return result;
  }
  std::vector<std::int64_t> shape(proto.dims().begin(), proto.dims().end());
  const std::size_t elem = element_size(type);
  std::size_t count = 0;
  status = detail::checked_count(shape, elem, origin, count);
  if (!status.ok()) return result;

  // Exactly one source of elements.
  std::vector<std::string> sources;
  if (proto.has_raw_data()) sources.emplace_back("raw_data");
  if (proto.float_data_size() > 0) sources.emplace_back("float_data");
  if (proto.double_data_size() > 0) sources.emplace_back("double_data");
  if (proto.int32_data_size() > 0) sources.emplace_back("int32_data");
  if (proto.int64_data_size() > 0) sources.emplace_back("int64_data");
  if (proto.uint64_data_size() > 0) sources.emplace_back("uint64_data");
  if (proto.string_data_size() > 0) sources.emplace_back("string_data");
  if (sources.size() > 1) {
    std::string list;
    for (const auto& s : sources) list += (list.empty() ? "" : " and ") + s;
    status = detail::format_error(origin, "elements given twice (" + list +
                                              "); a tensor has exactly one data field");
    return result;
  }
  const std::size_t expected_bytes = count * elem;
  OwnedTensor& tensor = result.tensor;
  if (sources.empty()) {
    if (count != 0) {
      status = detail::format_error(origin, "no data for " + std::to_string(count) +
                                                " elements of shape " + shape_to_string(shape));
      return result;
    }
  } else if (sources[0] == "raw_data") {
    const std::string& raw = proto.raw_data();
    if (raw.size() != expected_bytes) {
      status = detail::format_error(
          origin, std::string(raw.size() < expected_bytes ? "truncated" : "oversized") +
                      " raw_data: " + std::to_string(raw.size()) + " bytes for shape " +
                      shape_to_string(shape) + " of " + data_type_text(type) + " (" +
                      std::to_string(expected_bytes) + " expected)");
      return result;
    }
    tensor.bytes.assign(raw.begin(), raw.end());
  } else if (sources[0] == "string_data") {
    status = detail::format_error(origin, "string_data in a " + data_type_text(type) + " tensor");
    return result;
  } else {
    const Field field = typed_field(type);
    if (sources[0] != field_name(field)) {
      status = detail::format_error(origin, sources[0] + " in a " + data_type_text(type) +
                                                " tensor; ONNX packs that type in " +
                                                field_name(field));
      return result;
    }
    std::size_t present = 0;
    switch (field) {
      case Field::float_data: present = static_cast<std::size_t>(proto.float_data_size()); break;
      case Field::double_data: present = static_cast<std::size_t>(proto.double_data_size()); break;
      case Field::int32_data: present = static_cast<std::size_t>(proto.int32_data_size()); break;
      case Field::int64_data: present = static_cast<std::size_t>(proto.int64_data_size()); break;
      case Field::uint64_data: present = static_cast<std::size_t>(proto.uint64_data_size()); break;
    }
    if (present != count) {
      status = detail::format_error(origin, std::string(field_name(field)) + " holds " +
                                                std::to_string(present) + " values for shape " +
                                                shape_to_string(shape) + " (" +
                                                std::to_string(count) + " expected)");
      return result;
    }
    tensor.bytes.resize(expected_bytes);
    for (std::size_t i = 0; i < count; ++i) {
      const int k = static_cast<int>(i);
      switch (field) {
        case Field::float_data: put(tensor.bytes, i, proto.float_data(k)); break;
        case Field::double_data: put(tensor.bytes, i, proto.double_data(k)); break;
        case Field::int64_data: put(tensor.bytes, i, proto.int64_data(k)); break;
        case Field::uint64_data: {
          const std::uint64_t v = proto.uint64_data(k);
          if (type == DataType::uint32) {
            if (v > UINT32_MAX) {
              status = detail::format_error(origin, "uint64_data[" + std::to_string(i) + "] = " +
                                                        std::to_string(v) +
                                                        " is out of range for uint32");
              return result;
            }
            put(tensor.bytes, i, static_cast<std::uint32_t>(v));
          } else {
            put(tensor.bytes, i, v);
          }
          break;
        }
        case Field::int32_data: {
          const std::int32_t v = proto.int32_data(k);
          std::int64_t lo = 0;
          std::int64_t hi = 0;
          int32_range(type, lo, hi);
          if (v < lo || v > hi) {
            status = detail::format_error(origin, "int32_data[" + std::to_string(i) + "] = " +
                                                      std::to_string(v) + " is out of range for " +
                                                      data_type_text(type));
            return result;
          }
          switch (elem) {
            case 1: put(tensor.bytes, i, static_cast<std::uint8_t>(v & 0xFF)); break;
            case 2: put(tensor.bytes, i, static_cast<std::uint16_t>(v & 0xFFFF)); break;
            default: put(tensor.bytes, i, v); break;
          }
          break;
        }
      }
    }
  }
  tensor.type = type;
  tensor.shape = std::move(shape);
  return result;
}

IoStatus encode_tensor_proto(const OwnedTensor& tensor, std::string_view name,
                             ProtoEncoding encoding, std::string& out) {
  out.clear();
  std::size_t count = 0;
  const IoStatus status = detail::check_writable(tensor, "TensorProto writer", count);
  if (!status.ok()) return status;
  onnx::TensorProto proto;
  for (const std::int64_t d : tensor.shape) proto.add_dims(d);
  proto.set_data_type(static_cast<std::int32_t>(tensor.type));
  proto.set_name(std::string(name));
  if (encoding == ProtoEncoding::raw_data) {
    proto.set_raw_data(tensor.bytes.data(), tensor.bytes.size());
  } else {
    for (std::size_t i = 0; i < count; ++i) {
      switch (tensor.type) {
        case DataType::float32: proto.add_float_data(get<float>(tensor.bytes, i)); break;
        case DataType::float64: proto.add_double_data(get<double>(tensor.bytes, i)); break;
        case DataType::int64: proto.add_int64_data(get<std::int64_t>(tensor.bytes, i)); break;
        case DataType::uint64: proto.add_uint64_data(get<std::uint64_t>(tensor.bytes, i)); break;
        case DataType::uint32: proto.add_uint64_data(get<std::uint32_t>(tensor.bytes, i)); break;
        case DataType::int32: proto.add_int32_data(get<std::int32_t>(tensor.bytes, i)); break;
        case DataType::int16: proto.add_int32_data(get<std::int16_t>(tensor.bytes, i)); break;
        case DataType::int8: proto.add_int32_data(get<std::int8_t>(tensor.bytes, i)); break;
        case DataType::uint8: proto.add_int32_data(get<std::uint8_t>(tensor.bytes, i)); break;
        default:  // uint16, float16, bfloat16: the 16-bit pattern
          proto.add_int32_data(get<std::uint16_t>(tensor.bytes, i));
          break;
      }
    }
  }
  if (!proto.SerializeToString(&out)) {
    return IoStatus::failure(IoErrorKind::io, "T1", "TensorProto writer: serialization failed");
  }
  return {};
}

}  // namespace sonnx::io
