// libFuzzer harness of the TensorProto reader (sonnx::io::decode_tensor_proto). Properties:
//   - the reader returns a valid tensor or a clear error (reader_checks.hpp);
//   - an accepted message parses with protobuf itself as a dense onnx.TensorProto whose dims and
//     data_type are the tensor's, and whose raw_data (when that is the encoding) is the tensor's
//     bytes;
//   - an accepted tensor re-encodes in both encodings (raw_data, typed fields) and decodes back to
//     the same tensor.
#include <onnx/onnx_pb.h>

#include <cstdint>
#include <sonnx/io/tensor_io.hpp>
#include <string>

#include "reader_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sonnx;
  const io::ReadResult r =
      fuzz::read_checked(io::decode_tensor_proto, data, size, "decode_tensor_proto");
  if (!r.ok()) return 0;
  onnx::TensorProto proto;
  FUZZ_REQUIRE(proto.ParseFromArray(data, static_cast<int>(size)),
               "accepted bytes that protobuf cannot parse as a TensorProto");
  FUZZ_REQUIRE(proto.data_type() == static_cast<int>(r.tensor.type), "data_type differs");
  FUZZ_REQUIRE(proto.dims_size() == static_cast<int>(r.tensor.shape.size()), "rank differs");
  for (int k = 0; k < proto.dims_size(); ++k) {
    FUZZ_REQUIRE(proto.dims(k) == r.tensor.shape[static_cast<std::size_t>(k)],
                 "a dimension differs");
  }
  if (proto.has_raw_data()) {
    const std::string& raw = proto.raw_data();
    FUZZ_REQUIRE(
        raw.size() == r.tensor.bytes.size() &&
            std::equal(raw.begin(), raw.end(), r.tensor.bytes.begin(),
                       [](char x, unsigned char y) { return static_cast<unsigned char>(x) == y; }),
        "raw_data differs from the decoded bytes");
  }
  for (const auto encoding : {io::ProtoEncoding::raw_data, io::ProtoEncoding::typed_fields}) {
    std::string encoded;
    const io::IoStatus written = io::encode_tensor_proto(r.tensor, "t", encoding, encoded);
    FUZZ_REQUIRE(written.ok(),
                 "encode_tensor_proto refused an accepted tensor: " + written.message);
    fuzz::require_round_trip(io::decode_tensor_proto, encoded, r.tensor, "TensorProto");
  }
  return 0;
}
