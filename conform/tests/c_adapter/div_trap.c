/* A kernel table that faults and one that hangs, on one known request each: the float32 kernel
 * executes an undefined instruction (__builtin_trap) when the request's first dividend is 3 (the
 * first float32 edge case, 3 / 1), the int32 kernel loops forever when it is 6 (the first int32
 * edge case, 6 / 3); otherwise both are correct. check_isolation.py runs the campaign against it
 * natively and on the bare-metal Cortex-M4F, where the fault ends the emulator. */
#include "div_examples.h"

static sonnx_c_status div_float32(const float* a, const float* b, float* c, uint32_t n) {
  if (a[0] == 3.0F) __builtin_trap();
  return example_div_float32(a, b, c, n);
}

static sonnx_c_status div_int32(const int32_t* a, const int32_t* b, int32_t* c, uint32_t n) {
  volatile int32_t spin = a[0] == 6 ? 1 : 0;
  while (spin != 0) {
  }
  return example_div_int32(a, b, c, n);
}

const struct sonnx_c_div_kernels sonnx_c_div_user_kernels = {
    .name = "test-trap",
    .version = "1",
    .init = NULL,
    .float32 = div_float32,
    .int32 = div_int32,
};
