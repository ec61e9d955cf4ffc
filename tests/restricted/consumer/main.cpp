// Links the installed library: one quotient, one error (C3 with its index, C untouched).
#include <sonnx/div.hpp>

#include <cstdint>
#include <cstdio>

int main() {
  const std::int64_t shape[] = {2};
  const float a[] = {7.0F, -1.0F};
  const float b[] = {2.0F, 4.0F};
  float c[] = {0.0F, 0.0F};
  const sonnx::Status quotient = sonnx::div({sonnx::DataType::float32, shape, a},
                                            {sonnx::DataType::float32, shape, b},
                                            {sonnx::DataType::float32, shape, c});
  // 7 / 2 = 3.5 and -1 / 4 = -0.25, both exact in binary32.
  const bool quotient_ok = quotient.ok() && c[0] == 3.5F && c[1] == -0.25F;

  const std::int32_t x[] = {6, 5};
  const std::int32_t y[] = {3, 0};
  std::int32_t z[] = {-7, -7};
  const sonnx::Status error = sonnx::div({sonnx::DataType::int32, shape, x},
                                         {sonnx::DataType::int32, shape, y},
                                         {sonnx::DataType::int32, shape, z});
  const bool error_ok = error.code == sonnx::ErrorCode::zero_divisor &&
                        error.requirement == "C3" && error.flat_index == 1U &&
                        error.message().substr(0, 4) == "C3: " && z[0] == -7 && z[1] == -7;

  std::printf("quotient %s: %g %g\n", quotient_ok ? "ok" : "WRONG", static_cast<double>(c[0]),
              static_cast<double>(c[1]));
  std::printf("error %s: %s\n", error_ok ? "ok" : "WRONG", error.message_text.data());
  return quotient_ok && error_ok ? 0 : 1;
}
