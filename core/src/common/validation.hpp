// Validation building blocks shared by the checked operators (internal header).
#ifndef SONNX_COMMON_VALIDATION_HPP
#define SONNX_COMMON_VALIDATION_HPP

#include <sonnx/tensor.hpp>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

namespace sonnx::detail {

// A shape to be written as "[2, 3]".
struct ShapeText {
  std::span<const std::int64_t> shape;
};

// The element `flat` of a tensor of `shape`, to be written as "flat index 5, multi-index [1, 2]".
struct ElementText {
  std::span<const std::int64_t> shape;
  std::size_t flat;
};

// The Status of a failed check, built piecewise without allocation: the code, the static
// requirement ID, and a message that starts with "<ID>: " in the Status's fixed storage. Text
// beyond the storage is cut and the message then ends in "...".
class Failure {
 public:
  Failure(ErrorCode code, const char* requirement) noexcept;

  Failure& operator<<(const char* text) noexcept;
  Failure& operator<<(DataType type) noexcept;  // ONNX name; "unknown(<code>)" outside the enum
  Failure& operator<<(ShapeText shape) noexcept;
  Failure& operator<<(ElementText element) noexcept;  // also sets the Status's flat_index
  template <std::integral Integer>
  Failure& operator<<(Integer value) noexcept {
    if constexpr (std::is_signed_v<Integer>) {
      return append_signed(static_cast<std::int64_t>(value));
    } else {
      return append_unsigned(static_cast<std::uint64_t>(value));
    }
  }

  // The finished status. Implicit so that a check can `return Failure(...) << ...;`.
  operator Status() const noexcept { return status_; }  // NOLINT(hicpp-explicit-conversions)

 private:
  Failure& append_unsigned(std::uint64_t value) noexcept;
  Failure& append_signed(std::int64_t value) noexcept;
  void put(char character) noexcept;

  // Characters kept before a cut: the capacity less "..." and the NUL.
  static constexpr std::size_t room = Status::message_capacity - 4;

  Status status_;
  std::size_t length_ = 0;  // room + 1 once the message is cut
};

// The integer address of a data pointer, for the proved buffer check sonnx_check_buffers (D6):
// relational comparison of pointers into unrelated objects is unspecified, of their integer
// addresses it is not (assumption AS-MEM-2: the address is that of the caller's pointer).
std::uintptr_t address_of(const void* data) noexcept;

}  // namespace sonnx::detail

#endif  // SONNX_COMMON_VALIDATION_HPP
