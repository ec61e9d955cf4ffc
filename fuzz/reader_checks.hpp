// Properties shared by the reader harnesses: a reader either returns a valid tensor (profile type,
// non-negative dimensions, byte count = element count x element size) or a clear error (a kind, a
// requirement ID, a message that starts with that ID).
#ifndef SONNX_TESTS_FUZZ_READER_CHECKS_HPP
#define SONNX_TESTS_FUZZ_READER_CHECKS_HPP

#include <cstddef>
#include <cstdint>
#include <sonnx/io/tensor_io.hpp>
#include <span>
#include <string>

#include "fuzz_support.hpp"
#include "sonnx_verify/soft_div_reference.hpp"

namespace sonnx::fuzz {

inline std::size_t profile_element_bytes(DataType t) {
  switch (static_cast<int>(t)) {
    case 2:
    case 3:
      return 1;
    case 4:
    case 5:
    case 10:
    case 16:
      return 2;
    case 1:
    case 6:
    case 12:
      return 4;
    case 7:
    case 11:
    case 13:
      return 8;
    default:
      return 0;
  }
}

inline void check_read_result(const io::ReadResult& r, const char* reader) {
  const std::string who = reader;
  if (!r.ok()) {
    FUZZ_REQUIRE(r.status.kind != io::IoErrorKind::none, who + ": error without a kind");
    const std::string& id = r.status.requirement;
    FUZZ_REQUIRE(id == "T1" || id == "R2" || id == "R3" || id == "D8" || id == "GR1" || id == "GR2",
                 who + ": unexpected requirement '" + id + "': " + r.status.message);
    FUZZ_REQUIRE(names_requirement(r.status.message, id),
                 who + ": message does not start with its ID: " + r.status.message);
    return;
  }
  FUZZ_REQUIRE(r.status.requirement.empty() && r.status.message.empty(),
               who + ": success with an error text");
  const io::OwnedTensor& t = r.tensor;
  const std::size_t esize = profile_element_bytes(t.type);
  FUZZ_REQUIRE(esize != 0,
               who + ": accepted non-profile type " + std::string(data_type_name(t.type)));
  reference::uint128 count = 1;
  for (const auto d : t.shape) {
    FUZZ_REQUIRE(d >= 0, who + ": accepted negative dimension in " + io::shape_to_string(t.shape));
    count *= static_cast<std::uint64_t>(d);
    if (count > (static_cast<reference::uint128>(1) << 64))
      count = static_cast<reference::uint128>(1) << 64;
  }
  FUZZ_REQUIRE(count * esize == t.bytes.size(), who + ": shape " + io::shape_to_string(t.shape) +
                                                    " of " + data_type_name(t.type) + " with " +
                                                    std::to_string(t.bytes.size()) + " bytes");
  FUZZ_REQUIRE(t.element_count() == static_cast<std::size_t>(count),
               who + ": element_count() disagrees with the shape");
  const TensorView v = t.view();
  FUZZ_REQUIRE(v.type == t.type && v.layout == Layout::dense &&
                   std::equal(v.shape.begin(), v.shape.end(), t.shape.begin(), t.shape.end()),
               who + ": view() disagrees with the tensor");
}

inline bool same_tensor(const io::OwnedTensor& x, const io::OwnedTensor& y) {
  return x.type == y.type && x.shape == y.shape && x.bytes == y.bytes;
}

// A fuzz input read by `decode` (a reader of sonnx::io) and checked with check_read_result.
template <typename Decode>
io::ReadResult read_checked(Decode decode, const std::uint8_t* data, std::size_t size,
                            const char* reader) {
  io::ReadResult r = decode(std::span<const unsigned char>(data, size), "fuzz input");
  check_read_result(r, reader);
  return r;
}

// What an encoder wrote for an accepted tensor reads back, with `decode`, as the same tensor.
template <typename Decode>
void require_round_trip(Decode decode, const std::string& encoded, const io::OwnedTensor& tensor,
                        const char* format) {
  const auto* p = reinterpret_cast<const unsigned char*>(encoded.data());
  const io::ReadResult again = decode(std::span<const unsigned char>(p, encoded.size()), "again");
  FUZZ_REQUIRE(again.ok(),
               std::string(format) + ": re-encoded file rejected: " + again.status.message);
  FUZZ_REQUIRE(same_tensor(again.tensor, tensor),
               std::string(format) + ": round trip changed the tensor");
}

}  // namespace sonnx::fuzz

#endif  // SONNX_TESTS_FUZZ_READER_CHECKS_HPP
