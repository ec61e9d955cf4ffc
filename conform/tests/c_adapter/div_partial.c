/* A user's table that supplies float32 and int32 only (the correct example's kernels): every other
 * type is NULL, which the harness answers UNSUPPORTED (check_bad_input.py). */
#include "div_examples.h"

EXAMPLE_USER_KERNELS("test-partial", NULL, .float32 = example_div_float32,
                     .int32 = example_div_int32);
