// Helpers shared by the sonnx_io sources (internal). Defined here, not inline in the header, so
// that the readers and writers share one copy (and one set of coverage counters).
#include "io_internal.hpp"

#include <limits>

namespace sonnx::io::detail {

IoStatus checked_count(std::span<const std::int64_t> shape, std::size_t element_bytes,
                       std::string_view origin, std::size_t& count) {
  for (std::size_t k = 0; k < shape.size(); ++k) {
    if (shape[k] < 0) {
      return IoStatus::failure(IoErrorKind::profile, "D8",
                               std::string(origin) + ": negative dimension " +
                                   std::to_string(shape[k]) + " at axis " + std::to_string(k) +
                                   " of shape " + shape_to_string(shape));
    }
  }
  std::size_t n = 1;
  bool overflow = false;
  for (const std::int64_t dim : shape) {
    if (dim == 0) {
      count = 0;
      return {};
    }
    overflow = overflow || __builtin_mul_overflow(n, static_cast<std::size_t>(dim), &n);
  }
  std::size_t bytes = 0;
  constexpr auto max_bytes = static_cast<std::size_t>(std::numeric_limits<std::ptrdiff_t>::max());
  if (overflow || __builtin_mul_overflow(n, element_bytes, &bytes) || bytes > max_bytes) {
    return IoStatus::failure(IoErrorKind::profile, "D8",
                             std::string(origin) + ": shape " + shape_to_string(shape) +
                                 " has more elements than can be represented (size overflow)");
  }
  count = n;
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
