/* A user's table whose kernels are shaped like generated vector code, a main loop over blocks of
 * 8 (int32) or 16 (float32) elements and a scalar loop for the rest, each wrong in one loop only
 * (checks: conform_c_tail_only_int32, conform_c_tail_only_float32):
 *   int32:   the domain checks (C3, D3) are in the remainder loop only; the main loop answers
 *            x / 0 with 0 and MIN / -1 with MIN, where the profile asks for an error;
 *   float32: the main loop is correct; the remainder loop flushes subnormal quotients to a zero of
 *            their sign (F1: 2^-126 / 2 = 2^-127 = 0x00400000 becomes +0).
 * The table names these two types only (.init NULL: nothing to start). */
#include <float.h>

#include "div_examples.h"

static sonnx_c_status div_int32(const int32_t* a, const int32_t* b, int32_t* c, uint32_t n) {
  const uint32_t body = n & ~7U;
  for (uint32_t i = 0U; i < body; ++i) {
    if (b[i] == 0) {
      c[i] = 0;
    } else if (a[i] == INT32_MIN && b[i] == -1) {
      c[i] = INT32_MIN;
    } else {
      c[i] = a[i] / b[i];
    }
  }
  return example_div_int32(a + body, b + body, c + body, n - body);
}

static sonnx_c_status div_float32(const float* a, const float* b, float* c, uint32_t n) {
  const uint32_t body = n & ~15U;
  const sonnx_c_status status = example_div_float32(a, b, c, n);
  for (uint32_t i = body; i < n; ++i) {
    if (c[i] > -FLT_MIN && c[i] < FLT_MIN) c[i] *= 0.0F; /* subnormals and zeros keep the sign */
  }
  return status;
}

const struct sonnx_c_div_kernels sonnx_c_div_user_kernels = {
    .float32 = div_float32, .int32 = div_int32, .name = "test-tail-only", .version = "1"};
