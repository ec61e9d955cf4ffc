#include <cstring>
#include <sonnx/div.hpp>
#include <sonnx/io/semantics.hpp>
#include <type_traits>

#include "integer_types.hpp"

// [impl->req~T5~1]
namespace sonnx::io {

std::optional<Semantics> parse_semantics(std::string_view name) {
  if (name == "sonnx") return Semantics::sonnx;
  if (name == "openvino-pythondiv") return Semantics::openvino_pythondiv;
  return std::nullopt;
}

std::string_view semantics_name(Semantics semantics) noexcept {
  return semantics == Semantics::sonnx ? "sonnx" : "openvino-pythondiv";
}

bool is_profile(Semantics semantics) noexcept { return semantics == Semantics::sonnx; }

namespace {

// Turns truncated quotients into floored ones: q - 1 where the remainder is non-zero and the
// operands' signs differ. The library has already rejected b == 0 (C3) and MIN / -1 (D3), so
// a % b is defined, and q - 1 cannot overflow (q == MIN needs |b| == 1, remainder 0).
template <typename T>
void floor_adjust(const OwnedTensor& a, const OwnedTensor& b, OwnedTensor& c) {
  const std::size_t n = c.element_count();
  for (std::size_t i = 0; i < n; ++i) {
    T x;
    T y;
    T q;
    std::memcpy(&x, a.bytes.data() + i * sizeof(T), sizeof(T));
    std::memcpy(&y, b.bytes.data() + i * sizeof(T), sizeof(T));
    std::memcpy(&q, c.bytes.data() + i * sizeof(T), sizeof(T));
    if (x % y != 0 && ((x < 0) != (y < 0))) {
      q = static_cast<T>(q - 1);
      std::memcpy(c.bytes.data() + i * sizeof(T), &q, sizeof(T));
    }
  }
}

}  // namespace

DivideResult divide(const OwnedTensor& a, const OwnedTensor& b, Semantics semantics) {
  DivideResult result;
  // C gets A's type and shape; the library checks them against B (and C) before writing.
  result.c.type = a.type;
  result.c.shape = a.shape;
  result.c.bytes.assign(a.bytes.size(), 0);
  result.status = div(a.view(), b.view(), result.c.mutable_view());
  if (!result.status.ok()) {
    if (result.status.flat_index)
      result.multi_index = multi_index_of(a.shape, *result.status.flat_index);
    result.c = OwnedTensor{};
    return result;
  }
  if (semantics == Semantics::openvino_pythondiv) {
    // Signed integers only. Unsigned: floor == truncation; floats: IEEE division in both modes.
    with_integer_type(SignedIntegers{}, a.type,
                      [&](auto element) { floor_adjust<decltype(element)>(a, b, result.c); });
  }
  return result;
}

}  // namespace sonnx::io
