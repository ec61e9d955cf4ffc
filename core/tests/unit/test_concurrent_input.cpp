// The checked API reads each input twice: the proved domain check, then the kernel. An input
// written by another thread between the two is outside what the proofs cover (AS-MEM-4: the
// caller must not write A or B during the call). The interleaving is shown here in one thread,
// without running the kernel: after the write, the verdict the check gave no longer describes the
// input, so the kernel's domain precondition would not hold, and what a division by zero then
// does depends on the target (x86-64 traps, AArch64 returns 0, a route kernel converts an
// infinite quotient): undefined behaviour, which this test does not execute.
#include <catch2/catch.hpp>
#include <cstddef>
#include <cstdint>

#include "common/kernels/sonnx_validation.h"
#include "div/kernels/div_domain.h"

TEST_CASE("a divisor written after the domain check invalidates its verdict (AS-MEM-4)",
          "[assumption]") {
  const std::int32_t a[2] = {7, 8};
  std::int32_t b[2] = {1, 2};
  std::size_t index = 99;
  REQUIRE(sonnx_div_domain_i32(a, b, 2, &index) == SONNX_VALID);
  *static_cast<volatile std::int32_t*>(&b[1]) = 0;  // the concurrent write
  // Checked again, the same input is outside the domain at the written element (C3): the first
  // verdict was about an input the kernel would no longer read.
  CHECK(sonnx_div_domain_i32(a, b, 2, &index) == SONNX_ZERO_DIVISOR);
  CHECK(index == 1);
}
