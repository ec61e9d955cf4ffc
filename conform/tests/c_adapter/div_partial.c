/* A user's table that supplies float32 and int32 only (the correct example's kernels): every other
 * type is NULL, which the harness answers UNSUPPORTED (check_bad_input.py). */
#include "div_examples.h"

const struct sonnx_c_div_kernels sonnx_c_div_user_kernels = {
    .name = "test-partial",
    .version = "1",
    .init = NULL,
    .float16 = NULL,
    .bfloat16 = NULL,
    .float32 = example_div_float32,
    .float64 = NULL,
    .int8 = NULL,
    .int16 = NULL,
    .int32 = example_div_int32,
    .int64 = NULL,
    .uint8 = NULL,
    .uint16 = NULL,
    .uint32 = NULL,
    .uint64 = NULL,
};
