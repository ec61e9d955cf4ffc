/* Wrong example: division as a multiplication by the reciprocal, as a generator (or a compiler
 * told -freciprocal-math) emits it because a multiply is faster than a divide: a * (1 / b) rounds
 * twice. float32 10 / 3: 1 / 3 rounds to 0x3eaaaaab, and 10 times that rounds to 0x40555556, one
 * unit above the correctly rounded 0x40555555 (F1); the reciprocal of the smallest subnormal
 * overflows, so 2^-149 / 2^-149 gives +inf, not 1 (F1). float16 and bfloat16 go through the
 * binary32 reciprocal too; the integer types are the correct example's (div_correct_kernels.c). */
#include "div_examples.h"

static sonnx_c_status div_float16(const uint16_t* a, const uint16_t* b, uint16_t* c, uint32_t n) {
  for (uint32_t i = 0U; i < n; ++i) {
    const float reciprocal = 1.0F / example_binary16_to_float(b[i]);
    c[i] = example_float_to_binary16(example_binary16_to_float(a[i]) * reciprocal);
  }
  return SONNX_C_OK;
}

static sonnx_c_status div_bfloat16(const uint16_t* a, const uint16_t* b, uint16_t* c, uint32_t n) {
  for (uint32_t i = 0U; i < n; ++i) {
    const float reciprocal = 1.0F / example_bfloat16_to_float(b[i]);
    c[i] = example_float_to_bfloat16(example_bfloat16_to_float(a[i]) * reciprocal);
  }
  return SONNX_C_OK;
}

static sonnx_c_status div_float32(const float* a, const float* b, float* c, uint32_t n) {
  for (uint32_t i = 0U; i < n; ++i) c[i] = a[i] * (1.0F / b[i]);
  return SONNX_C_OK;
}

static sonnx_c_status div_float64(const double* a, const double* b, double* c, uint32_t n) {
  for (uint32_t i = 0U; i < n; ++i) c[i] = a[i] * (1.0 / b[i]);
  return SONNX_C_OK;
}

const struct sonnx_c_div_kernels sonnx_c_div_user_kernels = {
    .name = "example-reciprocal",
    .version = "1",
    .init = NULL,
    .float16 = div_float16,
    .bfloat16 = div_bfloat16,
    .float32 = div_float32,
    .float64 = div_float64,
    EXAMPLE_CORRECT_NARROW_INT_KERNELS,
    EXAMPLE_CORRECT_WIDE_INT_KERNELS,
};
