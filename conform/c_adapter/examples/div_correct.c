/* The correct example (div_correct_kernels.c): every profile type, no start-up code. A campaign
 * against it finds nothing, on every target. */
#include "div_examples.h"

const struct sonnx_c_div_kernels sonnx_c_div_user_kernels = {
    .name = "example-correct",
    .version = "1",
    .init = NULL,
    .float16 = example_div_float16,
    .bfloat16 = example_div_bfloat16,
    .float32 = example_div_float32,
    .float64 = example_div_float64,
    .int8 = example_div_int8,
    .int16 = example_div_int16,
    .int32 = example_div_int32,
    .int64 = example_div_int64,
    .uint8 = example_div_uint8,
    .uint16 = example_div_uint16,
    .uint32 = example_div_uint32,
    .uint64 = example_div_uint64,
};
