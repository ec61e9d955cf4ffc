/* The correct example (div_correct_kernels.c): every profile type, no start-up code. A campaign
 * against it finds nothing, on every target. */
#include "div_examples.h"

EXAMPLE_USER_KERNELS("example-correct", NULL, EXAMPLE_CORRECT_FLOAT_KERNELS,
                     EXAMPLE_CORRECT_NARROW_INT_KERNELS, EXAMPLE_CORRECT_WIDE_INT_KERNELS);
