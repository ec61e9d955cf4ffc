/* A user's table that supplies float32 and int32 only: every other type is NULL, which the harness
 * answers UNSUPPORTED. Two tests build it:
 * - as it is (check_bad_input.py): the correct example's kernels, so that the campaign finds the
 *   ten other types unsupported and nothing else;
 * - with -DSONNX_TEST_FAULTS (check_isolation.py, natively and on the bare-metal Cortex-M4F, where
 *   the fault ends the emulator), a kernel that faults and one that hangs, on one known request
 *   each, the request of all edge cases (the campaign sends each case alone too): the float32
 *   kernel executes an undefined instruction (__builtin_trap) when the request has more than one
 *   element and its first dividend is 3 (the first float32 edge case, 3 / 1), the int32 kernel
 *   loops forever when it is 6 (the first int32 edge case, 6 / 3); otherwise both are correct. */
#include "div_examples.h"

static sonnx_c_status div_float32(const float* a, const float* b, float* c, uint32_t n) {
#ifdef SONNX_TEST_FAULTS
  if (n > 1U && a[0] == 3.0F) __builtin_trap();
#endif
  return example_div_float32(a, b, c, n);
}

static sonnx_c_status div_int32(const int32_t* a, const int32_t* b, int32_t* c, uint32_t n) {
#ifdef SONNX_TEST_FAULTS
  volatile int32_t spin = n > 1U && a[0] == 6 ? 1 : 0;
  while (spin != 0) {
  }
#endif
  return example_div_int32(a, b, c, n);
}

const struct sonnx_c_div_kernels sonnx_c_div_user_kernels = {
#ifdef SONNX_TEST_FAULTS
    .name = "test-trap",
#else
    .name = "test-partial",
#endif
    .version = "1",
    .init = NULL,
    .float32 = div_float32,
    .int32 = div_int32,
};
