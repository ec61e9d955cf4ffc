/* The correct example (div_correct_kernels.c): every profile type, no start-up code. A campaign
 * against it finds nothing, on every target. */
#include "div_examples.h"

const struct sonnx_c_div_kernels sonnx_c_div_user_kernels = {
    .name = "example-correct",
    .version = "1",
    .init = NULL,
    EXAMPLE_CORRECT_KERNELS,
};
