// libFuzzer harness of the .npy reader (sonnx::io::decode_npy). Properties:
//   - the reader returns a valid tensor or a clear error (reader_checks.hpp);
//   - an accepted file's element bytes are exactly the file's last bytes (C order, little-endian,
//     no trailing bytes), so the reader neither invents nor drops data;
//   - an accepted tensor re-encodes (encode_npy) and decodes back to the same tensor.
#include <algorithm>
#include <cstdint>
#include <sonnx/io/tensor_io.hpp>
#include <string>

#include "reader_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sonnx;
  const io::ReadResult r = fuzz::read_checked(io::decode_npy, data, size, "decode_npy");
  if (!r.ok()) return 0;
  const auto& bytes = r.tensor.bytes;
  FUZZ_REQUIRE(
      bytes.size() <= size && std::equal(bytes.begin(), bytes.end(), data + (size - bytes.size())),
      "decode_npy: element bytes are not the file's data section");
  std::string encoded;
  const io::IoStatus written = io::encode_npy(r.tensor, encoded);
  FUZZ_REQUIRE(written.ok(), "encode_npy refused a tensor the reader accepted: " + written.message);
  fuzz::require_round_trip(io::decode_npy, encoded, r.tensor, "npy");
  return 0;
}
