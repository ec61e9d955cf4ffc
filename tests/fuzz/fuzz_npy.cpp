// libFuzzer harness of the .npy reader (sonnx::io::decode_npy). Properties:
//   - the reader returns a valid tensor or a clear error (reader_checks.hpp);
//   - an accepted file's element bytes are exactly the file's last bytes (C order, little-endian,
//     no trailing bytes), so the reader neither invents nor drops data;
//   - an accepted tensor re-encodes (encode_npy) and decodes back to the same tensor.
#include <sonnx/io/tensor_io.hpp>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>

#include "reader_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sonnx;
  const std::span<const unsigned char> input(data, size);
  const io::ReadResult r = io::decode_npy(input, "fuzz.npy");
  fuzz::check_read_result(r, "decode_npy");
  if (!r.ok()) return 0;
  const auto& bytes = r.tensor.bytes;
  FUZZ_REQUIRE(bytes.size() <= size && std::equal(bytes.begin(), bytes.end(), data + (size - bytes.size())),
               "decode_npy: element bytes are not the file's data section");
  std::string encoded;
  const io::IoStatus written = io::encode_npy(r.tensor, encoded);
  FUZZ_REQUIRE(written.ok(), "encode_npy refused a tensor the reader accepted: " + written.message);
  const auto* p = reinterpret_cast<const unsigned char*>(encoded.data());
  const io::ReadResult again = io::decode_npy(std::span<const unsigned char>(p, encoded.size()), "again.npy");
  FUZZ_REQUIRE(again.ok(), "re-encoded file rejected: " + again.status.message);
  FUZZ_REQUIRE(fuzz::same_tensor(again.tensor, r.tensor), "npy round trip changed the tensor");
  return 0;
}
