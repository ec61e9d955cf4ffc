// Edge cases of the sonnx_io readers, writers and golden generator that the other files leave
// out, chosen from the coverage report (docs/reliability.md §3). Expected outcomes from
// docs/cli.md (formats, limits, exit-code classes) and the requirement IDs, computed by hand.
#include <onnx/onnx_pb.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <sonnx/io/golden.hpp>
#include <sonnx/io/tensor_io.hpp>
#include <sonnx_verify/golden_reference.hpp>
#include <string>

#include "io_test_support.hpp"

namespace {
// The reference of sonnx-div golden: the MPFR oracle and exact integer arithmetic.
std::uint64_t oracle_reference(sonnx::DataType type, std::uint64_t a, std::uint64_t b) {
  return sonnx::verify::golden_reference(type, false, a, b);
}
}  // namespace

using namespace sonnx;
using namespace sonnx::test;

TEST_CASE("reading: a file above the 2 GiB - 1 limit is refused before any allocation",
          "[T1][bad-input]") {
  ScratchDir dir;
  const auto path = dir / "huge.npy";
  write_bytes(path, {});
  // A sparse file: its size is max_file_bytes + 1, it occupies no disk blocks.
  std::filesystem::resize_file(path, io::max_file_bytes + 1);
  const io::ReadResult r = io::read_tensor_file(path);
  CHECK(r.status.requirement == "T1");
  CHECK(r.status.kind == io::IoErrorKind::io);
  CHECK(r.status.message.find("exceeds the limit of 2147483647") != std::string::npos);
}

TEST_CASE(
    "atomic write: a path naming no file is refused, a bare file name writes in the "
    "current directory",
    "[T2][bad-input]") {
  ScratchDir dir;
  const io::IoStatus folder = io::write_file_atomic(dir.path() / "", Bytes{1});
  CHECK(folder.requirement == "T2");
  CHECK(folder.kind == io::IoErrorKind::io);
  CHECK(folder.message.find("names no file") != std::string::npos);
  CHECK(dir.entries().empty());

  const auto previous = std::filesystem::current_path();
  std::filesystem::current_path(dir.path());
  const io::IoStatus bare = io::write_file_atomic("bare.bin", Bytes{7, 8});
  std::filesystem::current_path(previous);
  REQUIRE(bare.ok());
  CHECK(read_bytes(dir / "bare.bin") == Bytes{7, 8});
  CHECK(dir.entries() == std::vector<std::string>{"bare.bin"});
}

TEST_CASE("owned tensors: element count from the type's element size", "[T1][R3]") {
  CHECK(tensor_of<float>(DataType::float32, {2}, {1.0F, 2.0F}).element_count() == 2);
  CHECK(tensor_of<std::uint16_t>(DataType::bfloat16, {3}, {1, 2, 3}).element_count() == 3);
  // A string tensor has no element size in the profile (R3): no elements are counted.
  CHECK(io::OwnedTensor{DataType::string, {4}, Bytes(4)}.element_count() == 0);
}

TEST_CASE("writers: non-profile types and negative dimensions are refused before encoding",
          "[T1][R3][D8][bad-input]") {
  std::string out = "stale";
  const io::IoStatus text = io::encode_npy(io::OwnedTensor{DataType::string, {1}, Bytes(1)}, out);
  CHECK(text.requirement == "R3");
  CHECK(text.kind == io::IoErrorKind::profile);
  CHECK(out.empty());
  const io::OwnedTensor negative{DataType::int8, {-1}, {}};
  CHECK(io::encode_npy(negative, out).requirement == "D8");
  CHECK(io::encode_tensor_proto(negative, "C", io::ProtoEncoding::raw_data, out).requirement ==
        "D8");
}

TEST_CASE("npy writer: a header longer than 65535 bytes uses format version 2.0", "[T1]") {
  // 22000 dimensions of 1: the dict "(1, 1, ..., 1)" is about 66000 characters, beyond the
  // 2-byte header length of version 1.0. Version 2.0: a 4-byte length, the same 64-byte alignment.
  const io::OwnedTensor tensor{DataType::uint8, std::vector<std::int64_t>(22000, 1), Bytes{9}};
  std::string out;
  REQUIRE(io::encode_npy(tensor, out).ok());
  REQUIRE(out.size() > 12);
  CHECK(static_cast<unsigned char>(out[6]) == 2);
  CHECK(out[7] == 0);
  const std::size_t header_length =
      static_cast<unsigned char>(out[8]) |
      static_cast<std::size_t>(static_cast<unsigned char>(out[9])) << 8 |
      static_cast<std::size_t>(static_cast<unsigned char>(out[10])) << 16 |
      static_cast<std::size_t>(static_cast<unsigned char>(out[11])) << 24;
  CHECK(header_length > 65535);
  CHECK((12 + header_length) % 64 == 0);
  CHECK(out.size() == 12 + header_length + 1);
  CHECK(out.back() == 9);
  const io::ReadResult back = io::decode_npy(bytes_of(out), "v2.npy");
  REQUIRE(back.ok());
  CHECK(back.tensor.shape == tensor.shape);
  CHECK(back.tensor.bytes == Bytes{9});
}

TEST_CASE("pb bad input: segments, string_data in a numeric tensor, messages above 2 GiB - 1",
          "[T1][bad-input]") {
  onnx::TensorProto segmented;
  segmented.set_data_type(onnx::TensorProto::FLOAT);
  segmented.add_dims(1);
  segmented.add_float_data(1.0F);
  segmented.mutable_segment()->set_begin(0);
  segmented.mutable_segment()->set_end(1);
  std::string s;
  REQUIRE(segmented.SerializeToString(&s));
  const io::ReadResult seg = io::decode_tensor_proto(bytes_of(s), "seg.pb");
  CHECK(seg.status.requirement == "T1");
  CHECK(seg.status.message.find("segment") != std::string::npos);

  onnx::TensorProto strings;
  strings.set_data_type(onnx::TensorProto::FLOAT);
  strings.add_dims(1);
  strings.add_string_data("1.0");
  REQUIRE(strings.SerializeToString(&s));
  const io::ReadResult str = io::decode_tensor_proto(bytes_of(s), "str.pb");
  CHECK(str.status.requirement == "T1");
  CHECK(str.status.kind == io::IoErrorKind::format);
  CHECK(str.status.message.find("string_data") != std::string::npos);

  check_huge_region_refused([](std::span<const unsigned char> bytes) {
    return io::decode_tensor_proto(bytes, "huge.pb");
  });
}

TEST_CASE("golden: a non-profile type has no cases and is refused (R3)", "[T4][R3][bad-input]") {
  ScratchDir dir;
  CHECK(io::golden_cases(DataType::string).empty());
  CHECK(io::golden_cases(DataType::boolean).empty());
  io::GoldenSummary summary;
  const io::IoStatus s = io::write_golden(dir / "g", DataType::boolean, io::Semantics::sonnx,
                                          summary, oracle_reference);
  CHECK(s.requirement == "R3");
  CHECK(s.kind == io::IoErrorKind::profile);
  CHECK(dir.entries().empty());
}
