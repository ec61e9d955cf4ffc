// Helpers shared by the sonnx_io sources (internal).
#ifndef SONNX_IO_INTERNAL_HPP
#define SONNX_IO_INTERNAL_HPP

#include <sonnx/io/tensor_io.hpp>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace sonnx::io::detail {

// The file tools are little-endian only (docs/platforms.md): .npy '<' data and TensorProto raw_data
// are little-endian and sonnx_io copies element bytes in host order. The library (sonnx_div) has
// no such limit: it is tested on big-endian s390x.
static_assert(std::endian::native == std::endian::little,
              "sonnx_io (the file tools) is little-endian only: it stores element bytes in host "
              "order and both file formats are little-endian; the library sonnx_div itself builds "
              "for big-endian targets");

// Element count of a shape, checked: a negative dimension or a count whose byte size is not
// representable (ptrdiff_t) gives a D8 status. A zero dimension gives 0 whatever the others are.
// element_bytes is the size of one of the 12 numeric types (1 to 8), as sonnx_check_shape requires.
IoStatus checked_count(std::span<const std::int64_t> shape, std::size_t element_bytes,
                       std::string_view origin, std::size_t& count);

// What a writer accepts: a numeric type (R3), a valid shape (D8) and exactly its element count
// times the element size in bytes (D8); `count` is the element count.
IoStatus check_writable(const OwnedTensor& tensor, std::string_view writer, std::size_t& count);

// The last name of a new temporary file or directory: ".sonnx-tmp-<pid>-<n>", n counting this
// process's temporaries: at most 32 characters whatever the target's name (a name built from the
// target's exceeded NAME_MAX for a long legal target name). The caller puts it in the target's
// own folder, so that rename(2) moves it into place atomically, and asks for the next name when
// one is taken (EEXIST).
std::string temporary_name();

// A T1 status for a malformed file: "<origin>: <what>".
IoStatus format_error(std::string_view origin, const std::string& what);

// An R3 status for a non-numeric element type.
IoStatus non_numeric(std::string_view origin, const std::string& what);

}  // namespace sonnx::io::detail

#endif  // SONNX_IO_INTERNAL_HPP
