// ONNX TensorProto (.pb) reading and writing (T1). The expected bytes are protobuf wire format
// written out by hand for what ONNX's Python helpers produce (fields serialized in field-number
// order: dims 1, data_type 2, int32_data 5 packed, name 8, raw_data 9, double_data 10,
// uint64_data 11; varints little-endian base 128, negative int32 sign-extended to 10 bytes).
#include <onnx/onnx_pb.h>

#include <catch2/catch.hpp>
#include <limits>
#include <sonnx/io/tensor_io.hpp>

#include "io_test_support.hpp"
#include "sparse_tensor_example.hpp"

using namespace sonnx;
using namespace sonnx::test;

namespace {

Bytes hex_bytes(std::initializer_list<int> values) {
  Bytes out;
  for (const int v : values) out.push_back(static_cast<unsigned char>(v));
  return out;
}

io::ReadResult decode(const Bytes& bytes) { return io::decode_tensor_proto(bytes, "test.pb"); }

io::ReadResult decode(const onnx::TensorProto& proto) {
  std::string s;
  proto.SerializeToString(&s);
  return decode(bytes_of(s));
}

Bytes encode(const io::OwnedTensor& t, io::ProtoEncoding encoding) {
  std::string out;
  REQUIRE(io::encode_tensor_proto(t, "x", encoding, out).ok());
  return bytes_of(out);
}

void require_rejected(const io::ReadResult& r, const char* requirement) {
  INFO(r.status.message);
  REQUIRE_FALSE(r.ok());
  CHECK(r.status.requirement == requirement);
  CHECK(r.status.message.rfind(std::string(requirement) + ": test.pb", 0) == 0);
}

onnx::TensorProto float_proto() {
  onnx::TensorProto p;
  p.add_dims(2);
  p.set_data_type(onnx::TensorProto::FLOAT);
  p.set_name("x");
  return p;
}

}  // namespace

TEST_CASE("pb: numpy_helper.from_array bytes (raw_data) decode and re-encode exactly", "[T1]") {
  // from_array(np.array([1, 2], np.float32), name="x")
  const Bytes file = hex_bytes({0x08, 0x02, 0x10, 0x01, 0x42, 0x01, 0x78, 0x4A, 0x08, 0x00, 0x00,
                                0x80, 0x3F, 0x00, 0x00, 0x00, 0x40});
  const io::ReadResult r = decode(file);
  REQUIRE(r.ok());
  CHECK(r.tensor.type == DataType::float32);
  CHECK(r.tensor.shape == std::vector<std::int64_t>{2});
  CHECK(values_in<float>(r.tensor) == std::vector<float>{1.0F, 2.0F});
  CHECK(encode(r.tensor, io::ProtoEncoding::raw_data) == file);
}

TEST_CASE("pb: helper.make_tensor bytes (typed fields) decode and re-encode exactly", "[T1]") {
  SECTION("float16 in int32_data: make_tensor('x', FLOAT16, [2], [1.0, -2.0])") {
    const Bytes file = hex_bytes(
        {0x08, 0x02, 0x10, 0x0A, 0x2A, 0x05, 0x80, 0x78, 0x80, 0x80, 0x03, 0x42, 0x01, 0x78});
    const io::ReadResult r = decode(file);
    REQUIRE(r.ok());
    CHECK(r.tensor.type == DataType::float16);
    CHECK(values_in<std::uint16_t>(r.tensor) == std::vector<std::uint16_t>{0x3C00, 0xC000});
    CHECK(encode(r.tensor, io::ProtoEncoding::typed_fields) == file);
  }
  SECTION("bfloat16 in int32_data: make_tensor('x', BFLOAT16, [1], [1.0])") {
    const Bytes file =
        hex_bytes({0x08, 0x01, 0x10, 0x10, 0x2A, 0x02, 0x80, 0x7F, 0x42, 0x01, 0x78});
    const io::ReadResult r = decode(file);
    REQUIRE(r.ok());
    CHECK(r.tensor.type == DataType::bfloat16);
    CHECK(values_in<std::uint16_t>(r.tensor) == std::vector<std::uint16_t>{0x3F80});
    CHECK(encode(r.tensor, io::ProtoEncoding::typed_fields) == file);
  }
  SECTION(
      "int8 in int32_data, negatives sign-extended: make_tensor('x', INT8, [3], [-1, 127, -128])") {
    const Bytes file = hex_bytes({0x08, 0x03, 0x10, 0x03, 0x2A, 0x15, 0xFF, 0xFF, 0xFF, 0xFF,
                                  0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0x7F, 0x80, 0xFF, 0xFF,
                                  0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0x42, 0x01, 0x78});
    const io::ReadResult r = decode(file);
    REQUIRE(r.ok());
    CHECK(r.tensor.type == DataType::int8);
    CHECK(values_in<std::int8_t>(r.tensor) == std::vector<std::int8_t>{-1, 127, -128});
    CHECK(encode(r.tensor, io::ProtoEncoding::typed_fields) == file);
  }
  SECTION("uint64 in uint64_data: make_tensor('x', UINT64, [1], [2**64 - 1])") {
    const Bytes file = hex_bytes({0x08, 0x01, 0x10, 0x0D, 0x42, 0x01, 0x78, 0x5A, 0x0A, 0xFF, 0xFF,
                                  0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01});
    const io::ReadResult r = decode(file);
    REQUIRE(r.ok());
    CHECK(values_in<std::uint64_t>(r.tensor) ==
          std::vector<std::uint64_t>{std::numeric_limits<std::uint64_t>::max()});
    CHECK(encode(r.tensor, io::ProtoEncoding::typed_fields) == file);
  }
  SECTION("float64 in double_data: make_tensor('x', DOUBLE, [1], [1.0])") {
    const Bytes file = hex_bytes({0x08, 0x01, 0x10, 0x0B, 0x42, 0x01, 0x78, 0x52, 0x08, 0x00, 0x00,
                                  0x00, 0x00, 0x00, 0x00, 0xF0, 0x3F});
    const io::ReadResult r = decode(file);
    REQUIRE(r.ok());
    CHECK(values_in<double>(r.tensor) == std::vector<double>{1.0});
    CHECK(encode(r.tensor, io::ProtoEncoding::typed_fields) == file);
  }
}

TEST_CASE("pb round trip of every profile type through raw_data and typed fields",
          "[T1][R3][D4][D5]") {
  const std::vector<std::vector<std::int64_t>> shapes = {{3, 2}, {}, {0, 3}};
  ScratchDir dir;
  for (const DataType type : profile_types) {
    for (const auto& shape : shapes) {
      for (const auto encoding : {io::ProtoEncoding::raw_data, io::ProtoEncoding::typed_fields}) {
        INFO(data_type_name(type) << " " << io::shape_to_string(shape)
                                  << (encoding == io::ProtoEncoding::raw_data ? " raw" : " typed"));
        const std::size_t size = element_size(type);
        std::size_t count = 1;
        for (const auto d : shape) count *= static_cast<std::size_t>(d);
        io::OwnedTensor t{type, shape, Bytes(count * size)};
        // Every byte pattern, boundaries included (0x00, 0x7F, 0x80, 0xFF, NaN payloads...).
        for (std::size_t i = 0; i < t.bytes.size(); ++i) {
          static constexpr unsigned char pattern[] = {0xFF, 0x7F, 0x80, 0x00,
                                                      0x01, 0xFE, 0x7C, 0xC3};
          t.bytes[i] = pattern[i % sizeof pattern];
        }
        const auto path = dir / "t.pb";
        REQUIRE(io::write_tensor_file(path, t, "t", encoding).ok());
        require_reads_back(path, t);
        // The file uses the field ONNX's tools use for the encoding.
        onnx::TensorProto p;
        const Bytes file = read_bytes(path);
        REQUIRE(p.ParseFromArray(file.data(), static_cast<int>(file.size())));
        CHECK(p.has_raw_data() == (encoding == io::ProtoEncoding::raw_data));
      }
    }
  }
}

TEST_CASE("pb bad input: shapes (negative dims, size overflow)", "[bad-input][T1][D8]") {
  onnx::TensorProto p = float_proto();
  p.set_dims(0, -2);
  p.set_raw_data(std::string(8, '\0'));
  require_rejected(decode(p), "D8");
  onnx::TensorProto big = float_proto();
  big.set_dims(0, std::int64_t{1} << 62);
  big.add_dims(std::int64_t{1} << 62);
  big.set_raw_data(std::string(8, '\0'));
  require_rejected(decode(big), "D8");
  // Representable, but the data is not there: no allocation of 8 TB.
  onnx::TensorProto lying = float_proto();
  lying.set_dims(0, std::int64_t{1} << 40);
  lying.set_raw_data(std::string(8, '\0'));
  require_rejected(decode(lying), "T1");
}

TEST_CASE("pb bad input: data fields", "[bad-input][T1]") {
  {
    onnx::TensorProto p = float_proto();  // typed and raw
    p.add_float_data(1.0F);
    p.add_float_data(2.0F);
    p.set_raw_data(std::string(8, '\0'));
    require_rejected(decode(p), "T1");
  }
  {
    onnx::TensorProto p = float_proto();  // truncated raw_data
    p.set_raw_data(std::string(7, '\0'));
    require_rejected(decode(p), "T1");
  }
  {
    onnx::TensorProto p = float_proto();  // oversized raw_data
    p.set_raw_data(std::string(9, '\0'));
    require_rejected(decode(p), "T1");
  }
  {
    onnx::TensorProto p = float_proto();  // too few typed values
    p.add_float_data(1.0F);
    require_rejected(decode(p), "T1");
  }
  {
    onnx::TensorProto p = float_proto();  // no data at all
    require_rejected(decode(p), "T1");
  }
  {
    onnx::TensorProto p = float_proto();  // wrong typed field for the type
    p.add_int32_data(1);
    p.add_int32_data(2);
    require_rejected(decode(p), "T1");
  }
  {
    onnx::TensorProto p = float_proto();  // two typed fields
    p.add_float_data(1.0F);
    p.add_float_data(2.0F);
    p.add_double_data(1.0);
    p.add_double_data(2.0);
    require_rejected(decode(p), "T1");
  }
  {
    onnx::TensorProto p = float_proto();  // external data
    p.set_data_location(onnx::TensorProto::EXTERNAL);
    auto* entry = p.add_external_data();
    entry->set_key("location");
    entry->set_value("weights.bin");
    require_rejected(decode(p), "T1");
    p.clear_data_location();  // external_data entries without the EXTERNAL flag: still external
    require_rejected(decode(p), "T1");
  }
  {
    onnx::TensorProto p;  // uint8 value 300 in int32_data
    p.add_dims(1);
    p.set_data_type(onnx::TensorProto::UINT8);
    p.add_int32_data(300);
    require_rejected(decode(p), "T1");
    p.set_data_type(onnx::TensorProto::FLOAT16);  // a negative float16 pattern
    p.set_int32_data(0, -1);
    require_rejected(decode(p), "T1");
    p.set_data_type(onnx::TensorProto::INT8);
    p.set_int32_data(0, 128);
    require_rejected(decode(p), "T1");
    p.clear_int32_data();
    p.set_data_type(onnx::TensorProto::UINT32);
    p.add_uint64_data(std::uint64_t{1} << 32);
    require_rejected(decode(p), "T1");
  }
}

TEST_CASE("pb bad input: not a TensorProto", "[bad-input][T1]") {
  require_rejected(decode(hex_bytes({0xFF, 0xFF, 0xFF, 0xFF})), "T1");  // not protobuf
  // A truncated file: the first half of a valid from_array encoding.
  require_rejected(decode(hex_bytes({0x08, 0x02, 0x10, 0x01, 0x42, 0x01, 0x78, 0x4A, 0x08, 0x00})),
                   "T1");
  // A .npy file given as .pb.
  require_rejected(decode(bytes_of(std::string("\x93NUMPY\x01\x00", 8))), "T1");
  // An ONNX model given as a tensor: producer_name (field 2, a string) is not data_type (field 2,
  // a varint). (A model without it would parse as a tensor with no data_type: R3, GR2.)
  onnx::ModelProto model;
  model.set_ir_version(7);
  model.set_producer_name("backend-test");
  model.mutable_graph()->set_name("g");
  model.add_opset_import()->set_version(14);
  std::string s;
  model.SerializeToString(&s);
  require_rejected(decode(bytes_of(s)), "T1");
}

TEST_CASE("pb bad input: sparse tensors are rejected", "[bad-input][R2][GR1]") {
  onnx::SparseTensorProto sparse = sonnx::test::one_value_sparse_tensor(4, 2);
  std::string s;
  sparse.SerializeToString(&s);
  require_rejected(decode(bytes_of(s)), "R2");
  // Indices without values is no sparse tensor, and its field 2 (a message) is not data_type (a
  // varint): a mistyped field of a TensorProto (T1).
  sparse.clear_values();
  sparse.clear_dims();
  sparse.SerializeToString(&s);
  const io::ReadResult incomplete = decode(bytes_of(s));
  require_rejected(incomplete, "T1");
  CHECK(incomplete.status.message.find("mistyped field number 2") != std::string::npos);
  // An empty values message without indices is no sparse tensor either: as a TensorProto it is an
  // empty packed dims field and nothing else, so it has no data_type (R3, GR2).
  onnx::SparseTensorProto values_only;
  values_only.mutable_values();
  values_only.SerializeToString(&s);
  REQUIRE(s == std::string("\x0A\x00", 2));
  require_rejected(decode(bytes_of(s)), "R3");
}

TEST_CASE("pb bad input: string, bool, complex and undefined types are rejected",
          "[bad-input][R3][GR2]") {
  {
    onnx::TensorProto p;
    p.add_dims(1);
    p.set_data_type(onnx::TensorProto::STRING);
    p.add_string_data()->push_back('a');
    require_rejected(decode(p), "R3");
  }
  for (const int code :
       std::initializer_list<int>{onnx::TensorProto::BOOL, onnx::TensorProto::COMPLEX64,
                                  onnx::TensorProto::COMPLEX128, 17, 1000}) {
    INFO("data_type " << code);
    onnx::TensorProto p;
    p.add_dims(1);
    p.set_data_type(code);
    p.set_raw_data(std::string(16, '\0'));
    require_rejected(decode(p), "R3");
  }
  onnx::TensorProto undefined;  // GR2: no data_type at all
  undefined.add_dims(1);
  undefined.set_raw_data(std::string(4, '\0'));
  require_rejected(decode(undefined), "R3");
  undefined.set_data_type(0);
  require_rejected(decode(undefined), "R3");
}
