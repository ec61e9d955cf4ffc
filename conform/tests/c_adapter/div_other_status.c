/* A user's table whose kernels return a status that sonnx_c_div.h does not define: the int32
 * kernel returns 7 where it should return SONNX_C_DOMAIN_ERROR (a zero divisor, C3; MIN / -1,
 * D3), the float32 kernel returns -1 when the request's first dividend is 3 (the first float32
 * edge case, 3 / 1, F1); otherwise both are the correct example's. The harness answers FAULT, not
 * ERROR, which the campaign files as a crash finding: a domain case is no longer passed by a
 * malfunctioning kernel (check: conform_c_kernel_other_status). */
#include "div_examples.h"

static sonnx_c_status div_float32(const float* a, const float* b, float* c, uint32_t n) {
  if (a[0] == 3.0F) return (sonnx_c_status)-1;
  return example_div_float32(a, b, c, n);
}

static sonnx_c_status div_int32(const int32_t* a, const int32_t* b, int32_t* c, uint32_t n) {
  const sonnx_c_status status = example_div_int32(a, b, c, n);
  return status == SONNX_C_DOMAIN_ERROR ? (sonnx_c_status)7 : status;
}

const struct sonnx_c_div_kernels sonnx_c_div_user_kernels = {
    .name = "test-other-status",
    .version = "1",
    .init = NULL,
    .float32 = div_float32,
    .int32 = div_int32,
};
