// Helpers shared by the sonnx_io sources (internal).
#include "io_internal.hpp"

#include "common/validation.hpp"

namespace sonnx::io::detail {

// The D8 rule is the library's (src/common): the same checks, worded for a file.
IoStatus checked_count(std::span<const std::int64_t> shape, std::size_t element_bytes,
                       std::string_view origin, std::size_t& count) {
  if (const auto axis = sonnx::detail::first_negative_dimension(shape)) {
    return IoStatus::failure(IoErrorKind::profile, "D8",
                             std::string(origin) + ": negative dimension " +
                                 std::to_string(shape[*axis]) + " at axis " +
                                 std::to_string(*axis) + " of shape " + shape_to_string(shape));
  }
  const auto elements = sonnx::detail::checked_element_count(shape, element_bytes);
  if (!elements) {
    return IoStatus::failure(IoErrorKind::profile, "D8",
                             std::string(origin) + ": shape " + shape_to_string(shape) +
                                 " has more elements than can be represented (size overflow)");
  }
  count = *elements;
  return {};
}

IoStatus format_error(std::string_view origin, const std::string& what) {
  return IoStatus::failure(IoErrorKind::format, "T1", std::string(origin) + ": " + what);
}

IoStatus non_numeric(std::string_view origin, const std::string& what) {
  return IoStatus::failure(IoErrorKind::profile, "R3",
                           std::string(origin) + ": " + what +
                               "; only the 12 numeric types of the SONNX profile are accepted");
}

}  // namespace sonnx::io::detail
