// The checked API reads each input twice: the proved domain check, then the kernel. An input
// written by another thread between the two is outside what the proofs cover (AS-MEM-4: the
// caller must not write A or B during the call). What then happens is shown here by the same
// sequence in one thread: the domain check passes, the divisor becomes 0, the kernel runs.
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>

#include "common/kernels/sonnx_validation.h"
#include "div/kernels/div_domain.h"
#include "div/kernels/div_kernels.h"

TEST_CASE("a divisor written to 0 after the domain check makes the scalar kernel trap (AS-MEM-4)",
          "[C3]") {
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    // The child ends by the signal itself: Catch2's handlers, inherited from the parent, would
    // report the signal as a failure of this test into the parent's report (its XML file).
    std::signal(SIGFPE, SIG_DFL);
    std::signal(SIGABRT, SIG_DFL);
    const std::int32_t a[1] = {7};
    std::int32_t b[1] = {1};
    std::int32_t c[1] = {0};
    std::size_t index = 0;
    if (sonnx_div_domain_i32(a, b, 1, &index) != SONNX_VALID) _exit(2);
    *static_cast<volatile std::int32_t*>(&b[0]) = 0;  // the concurrent write
    sonnx_div_i32(a, b, c, 1);                         // its precondition C3 no longer holds
    _exit(0);
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  // x86-64 raises SIGFPE on an integer division by zero (the sanitizer build reports it and
  // aborts): the process does not go on with a wrong quotient, but it does not finish either.
  CHECK_FALSE((WIFEXITED(status) && WEXITSTATUS(status) == 0));
  CHECK_FALSE((WIFEXITED(status) && WEXITSTATUS(status) == 2));  // the check itself passed
}
