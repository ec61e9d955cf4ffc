// Shared by the libFuzzer harnesses: a byte consumer and a failure macro that aborts with a
// message (libFuzzer and the corpus replay driver report an abort as a crash and keep the input).
#ifndef SONNX_TESTS_FUZZ_FUZZ_SUPPORT_HPP
#define SONNX_TESTS_FUZZ_FUZZ_SUPPORT_HPP

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace sonnx::fuzz {

[[noreturn]] inline void fail(const char* file, int line, const char* condition,
                              const std::string& detail) {
  std::fprintf(stderr, "\n*** fuzz property violated at %s:%d: %s\n*** %s\n", file, line,
               condition, detail.c_str());
  std::abort();
}

// Reads the fuzz input front to back; past the end every read yields zero.
class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  std::uint64_t bytes_le(std::size_t count) {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < count; ++i) v |= static_cast<std::uint64_t>(byte()) << (8 * i);
    return v;
  }
  [[nodiscard]] std::size_t remaining() const { return size_ - pos_; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

// True when `message` starts with "<requirement>: " (every status names its ID first).
inline bool names_requirement(std::string_view message, std::string_view requirement) {
  return !requirement.empty() && message.size() > requirement.size() + 1 &&
         message.substr(0, requirement.size()) == requirement &&
         message.substr(requirement.size(), 2) == ": ";
}

}  // namespace sonnx::fuzz

#define FUZZ_REQUIRE(condition, detail)                                               \
  do {                                                                                \
    if (!(condition)) ::sonnx::fuzz::fail(__FILE__, __LINE__, #condition, (detail)); \
  } while (false)

#endif  // SONNX_TESTS_FUZZ_FUZZ_SUPPORT_HPP
