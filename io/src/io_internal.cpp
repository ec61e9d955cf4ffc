// Helpers shared by the sonnx_io sources (internal).
#include "io_internal.hpp"

#include <unistd.h>

#include <atomic>

#include "common/kernels/sonnx_validation.h"

namespace sonnx::io::detail {

// The D8 rule is the library's proved sonnx_check_shape (core/src/common/kernels), worded for a
// file.
IoStatus checked_count(std::span<const std::int64_t> shape, std::size_t element_bytes,
                       std::string_view origin, std::size_t& count) {
  std::size_t elements = 0;
  std::size_t axis = 0;
  const sonnx_verdict verdict =
      sonnx_check_shape(shape.data(), shape.size(), element_bytes, &elements, &axis);
  if (verdict == SONNX_NEGATIVE_DIMENSION) {
    return IoStatus::failure(IoErrorKind::profile, "D8",
                             std::string(origin) + ": negative dimension " +
                                 std::to_string(shape[axis]) + " at axis " + std::to_string(axis) +
                                 " of shape " + shape_to_string(shape));
  }
  if (verdict != SONNX_VALID) {
    return IoStatus::failure(IoErrorKind::profile, "D8",
                             std::string(origin) + ": shape " + shape_to_string(shape) +
                                 " has more elements than can be represented (size overflow)");
  }
  count = elements;
  return {};
}

IoStatus check_writable(const OwnedTensor& tensor, std::string_view writer, std::size_t& count) {
  if (!is_profile_numeric(tensor.type)) {
    return non_numeric(writer, "type " + data_type_text(tensor.type));
  }
  const std::size_t size = element_size(tensor.type);
  IoStatus status = checked_count(tensor.shape, size, writer, count);
  if (status.ok() && tensor.bytes.size() != count * size) {
    status = IoStatus::failure(IoErrorKind::profile, "D8",
                               std::string(writer) + ": " + std::to_string(tensor.bytes.size()) +
                                   " bytes for shape " + shape_to_string(tensor.shape));
  }
  return status;
}

std::string temporary_name() {
  static std::atomic<unsigned> counter{0};
  return ".sonnx-tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
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
