/* Wrong example: integer division without the domain checks, as a generator that trusts the model
 * to never divide by zero emits it. What a zero divisor or MIN / -1 does is then the processor's
 * or its run-time library's (undefined in C). Measured under QEMU: x86-64 traps on both (SIGFPE:
 * the adapter process dies, a crash finding); s390x traps on a zero divisor and on int64 MIN / -1
 * (it divides int32 in 64 bits); AArch64, 32-bit Arm and the Cortex-M4F give 0 for a zero divisor
 * (the M4F's 64-bit division, libgcc's, gives INT64_MAX for 7 / 0) and RISC-V all ones: a value
 * where the profile asks for an error (C3). Where nothing traps, MIN / -1 gives MIN (D3). int8
 * MIN / -1 is computed in int: 128, stored as int8 -128 = 0x80 on every target (D3). The float
 * types are the correct example's (div_correct_kernels.c). */
#include "div_examples.h"

#define UNCHECKED_DIV(name, type)                                                 \
  static sonnx_c_status name(const type* a, const type* b, type* c, uint32_t n) { \
    for (uint32_t i = 0U; i < n; ++i) c[i] = (type)(a[i] / b[i]);                 \
    return SONNX_C_OK;                                                            \
  }

UNCHECKED_DIV(div_int8, int8_t)
UNCHECKED_DIV(div_int16, int16_t)
UNCHECKED_DIV(div_int32, int32_t)
UNCHECKED_DIV(div_int64, int64_t)
UNCHECKED_DIV(div_uint8, uint8_t)
UNCHECKED_DIV(div_uint16, uint16_t)
UNCHECKED_DIV(div_uint32, uint32_t)
UNCHECKED_DIV(div_uint64, uint64_t)

const struct sonnx_c_div_kernels sonnx_c_div_user_kernels = {
    .name = "example-no-domain-check",
    .version = "1",
    .init = NULL,
    EXAMPLE_CORRECT_FLOAT_KERNELS,
    .int8 = div_int8,
    .int16 = div_int16,
    .uint8 = div_uint8,
    .uint16 = div_uint16,
    .int32 = div_int32,
    .int64 = div_int64,
    .uint32 = div_uint32,
    .uint64 = div_uint64,
};
