/* Wrong example: integer division through floating point, as a generator that has only a float
 * divider might emit it. The domain checks are kept; the quotient is computed in binary32
 * (binary64 for the 64-bit types) and truncated. Exact for 8- and 16-bit operands, inexact once
 * an operand needs more than 24 (53) significant bits: int32 MAX / 2 is 2^31 / 2 = 2^30 in
 * binary32, not 2^30 - 1 (I1). A quotient beyond the integer type's range is converted as the
 * target converts it (undefined in C: each target decides). The other types are the correct
 * example's (div_correct_kernels.c). */
#include "div_examples.h"

static sonnx_c_status div_int32(const int32_t* a, const int32_t* b, int32_t* c, uint32_t n) {
  for (uint32_t i = 0U; i < n; ++i) {
    if (b[i] == 0 || (a[i] == INT32_MIN && b[i] == -1)) return SONNX_C_DOMAIN_ERROR;
  }
  for (uint32_t i = 0U; i < n; ++i) c[i] = (int32_t)((float)a[i] / (float)b[i]);
  return SONNX_C_OK;
}

static sonnx_c_status div_uint32(const uint32_t* a, const uint32_t* b, uint32_t* c, uint32_t n) {
  for (uint32_t i = 0U; i < n; ++i) {
    if (b[i] == 0U) return SONNX_C_DOMAIN_ERROR;
  }
  for (uint32_t i = 0U; i < n; ++i) c[i] = (uint32_t)((float)a[i] / (float)b[i]);
  return SONNX_C_OK;
}

static sonnx_c_status div_int64(const int64_t* a, const int64_t* b, int64_t* c, uint32_t n) {
  for (uint32_t i = 0U; i < n; ++i) {
    if (b[i] == 0 || (a[i] == INT64_MIN && b[i] == -1)) return SONNX_C_DOMAIN_ERROR;
  }
  for (uint32_t i = 0U; i < n; ++i) c[i] = (int64_t)((double)a[i] / (double)b[i]);
  return SONNX_C_OK;
}

static sonnx_c_status div_uint64(const uint64_t* a, const uint64_t* b, uint64_t* c, uint32_t n) {
  for (uint32_t i = 0U; i < n; ++i) {
    if (b[i] == 0U) return SONNX_C_DOMAIN_ERROR;
  }
  for (uint32_t i = 0U; i < n; ++i) c[i] = (uint64_t)((double)a[i] / (double)b[i]);
  return SONNX_C_OK;
}

const struct sonnx_c_div_kernels sonnx_c_div_user_kernels = {
    .name = "example-int-through-float",
    .version = "1",
    .init = NULL,
    EXAMPLE_CORRECT_FLOAT_KERNELS,
    EXAMPLE_CORRECT_NARROW_INT_KERNELS,
    .int32 = div_int32,
    .int64 = div_int64,
    .uint32 = div_uint32,
    .uint64 = div_uint64,
};
