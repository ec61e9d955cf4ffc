/* Wrong example: integer division through floating point, as a generator that has only a float
 * divider might emit it. The domain checks are kept; the quotient is computed in binary32
 * (binary64 for the 64-bit types) and truncated. Exact for 8- and 16-bit operands, inexact once
 * an operand needs more than 24 (53) significant bits: int32 MAX / 2 is 2^31 / 2 = 2^30 in
 * binary32, not 2^30 - 1 (I1). A quotient beyond the integer type's range is converted as the
 * target converts it (undefined in C: each target decides). The other types are the correct
 * example's (div_correct_kernels.c). */
#include "div_examples.h"

/* The correct kernels' domain checks; the quotient through binary32 or binary64. */
static EXAMPLE_SIGNED_DIV(div_int32, int32_t, INT32_MIN, float)
static EXAMPLE_UNSIGNED_DIV(div_uint32, uint32_t, float)
static EXAMPLE_SIGNED_DIV(div_int64, int64_t, INT64_MIN, double)
static EXAMPLE_UNSIGNED_DIV(div_uint64, uint64_t, double)

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
