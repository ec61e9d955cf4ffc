// Robustness of the decoders (T1): every truncation of a valid file is rejected (or, for a .pb
// cut before its trailing name field, loses nothing of the tensor), and arbitrary
// single-byte corruptions either are rejected or give a tensor whose byte count matches its
// shape; never a crash, an exception or an allocation driven by a lying header.
#include <catch2/catch.hpp>

#include <sonnx/io/tensor_io.hpp>

#include "io_test_support.hpp"

using namespace sonnx;
using namespace sonnx::test;

namespace {

using Decoder = io::ReadResult (*)(std::span<const unsigned char>, std::string_view);

void check_consistent(const io::ReadResult& r) {
  if (!r.ok()) {
    CHECK_FALSE(r.status.requirement.empty());
    CHECK(r.status.message.rfind(r.status.requirement + ": ", 0) == 0);
    return;
  }
  std::size_t count = 1;
  for (const auto d : r.tensor.shape) {
    REQUIRE(d >= 0);
    count *= static_cast<std::size_t>(d);
  }
  const std::size_t size = element_size(r.tensor.type);
  REQUIRE(size != 0);
  CHECK(r.tensor.bytes.size() == count * size);
}

void exercise(const Bytes& valid, Decoder decode) {
  const io::ReadResult whole = decode(valid, "valid");
  REQUIRE(whole.ok());
  for (std::size_t n = 0; n < valid.size(); ++n) {
    const io::ReadResult r = decode(std::span<const unsigned char>(valid.data(), n), "prefix");
    INFO("prefix of " << n << " bytes: " << r.status.message);
    check_consistent(r);
    // Rejected, or (a .pb cut just before its trailing name field) nothing of the tensor lost.
    if (r.ok()) {
      CHECK(r.tensor.type == whole.tensor.type);
      CHECK(r.tensor.shape == whole.tensor.shape);
      CHECK(r.tensor.bytes == whole.tensor.bytes);
    }
  }
  for (std::size_t i = 0; i < valid.size(); ++i) {
    for (const int value : {0x00, 0xFF, 0x7F, 0x80, valid[i] ^ 0x01}) {
      Bytes corrupt = valid;
      corrupt[i] = static_cast<unsigned char>(value);
      check_consistent(decode(corrupt, "corrupt"));
    }
  }
}

}  // namespace

TEST_CASE("decoders reject every truncation and survive byte corruption",
          "[bad-input][T1][D8]") {
  const io::OwnedTensor t = tensor_of<std::int16_t>(DataType::int16, {2, 3}, {1, -2, 3, -4, 5, -6});
  SECTION(".npy") {
    std::string npy;
    REQUIRE(io::encode_npy(t, npy).ok());
    exercise(bytes_of(npy), &io::decode_npy);
  }
  SECTION(".pb raw_data") {
    std::string pb;
    REQUIRE(io::encode_tensor_proto(t, "x", io::ProtoEncoding::raw_data, pb).ok());
    exercise(bytes_of(pb), &io::decode_tensor_proto);
  }
  SECTION(".pb typed fields") {
    std::string pb;
    REQUIRE(io::encode_tensor_proto(t, "x", io::ProtoEncoding::typed_fields, pb).ok());
    exercise(bytes_of(pb), &io::decode_tensor_proto);
  }
}
