// Division semantics offered by the tool layer. `sonnx` is the profile (the checked library,
// integer quotients truncated toward zero, I1) and the default. `openvino_pythondiv` reproduces
// OpenVINO Divide-1 with its default m_pythondiv=true (seed 003): integer quotients are floored
// (-35/3 = -12). It is outside the SONNX profile (T5): it is computed here, on top of the checked
// library, never in the verified kernels, and every output it produces is labelled non-profile.
#ifndef SONNX_IO_SEMANTICS_HPP
#define SONNX_IO_SEMANTICS_HPP

#include <sonnx/io/tensor_io.hpp>

#include <optional>
#include <string_view>

namespace sonnx::io {

enum class Semantics : std::uint8_t { sonnx, openvino_pythondiv };

std::optional<Semantics> parse_semantics(std::string_view name);
std::string_view semantics_name(Semantics semantics) noexcept;
// True only for the profile semantics.
bool is_profile(Semantics semantics) noexcept;

struct DivideResult {
  Status status;   // the checked library's status (requirement ID, first offending index)
  OwnedTensor c;   // empty unless status.ok()
  std::vector<std::int64_t> multi_index;  // status.flat_index as a multi-index of A's shape
};

// C = A / B under the given semantics. Validation is always the checked library's (R1-R4, C1-C3,
// D3, D8): the floor mode only post-processes a successful truncated quotient, so it reports
// exactly the same errors. For float types both semantics are IEEE 754 division.
DivideResult divide(const OwnedTensor& a, const OwnedTensor& b, Semantics semantics);

}  // namespace sonnx::io

#endif  // SONNX_IO_SEMANTICS_HPP
