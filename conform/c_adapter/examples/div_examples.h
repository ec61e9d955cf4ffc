/* The example kernels of the C-function adapter (docs/conformance.md, "Your C Div on your
 * target"). div_correct_kernels.c holds a correct Div for the twelve profile types, the way a code
 * generator for a microcontroller might emit it; each wrong example (div_int_through_float.c,
 * div_flush_to_zero.c, div_reciprocal.c, div_no_domain_check.c) replaces some of them by a
 * plausible defect and reuses the others, so that what the campaign finds is that defect alone. */
#ifndef SONNX_C_DIV_EXAMPLES_H
#define SONNX_C_DIV_EXAMPLES_H

#include "sonnx_c_div.h"

#ifdef __cplusplus
extern "C" {
#endif

/* binary16 and bfloat16 through binary32: the widening is exact; the narrowing rounds to nearest,
 * ties to even, and keeps a NaN quiet. A binary32 quotient narrowed so is the correctly rounded
 * 16-bit quotient (24 >= 2 * 11 + 2 bits: no double-rounding error). */
float example_binary16_to_float(uint16_t h);
uint16_t example_float_to_binary16(float f);
float example_bfloat16_to_float(uint16_t h);
uint16_t example_float_to_bfloat16(float f);

sonnx_c_status example_div_float16(const uint16_t* a, const uint16_t* b, uint16_t* c, uint32_t n);
sonnx_c_status example_div_bfloat16(const uint16_t* a, const uint16_t* b, uint16_t* c, uint32_t n);
sonnx_c_status example_div_float32(const float* a, const float* b, float* c, uint32_t n);
sonnx_c_status example_div_float64(const double* a, const double* b, double* c, uint32_t n);
sonnx_c_status example_div_int8(const int8_t* a, const int8_t* b, int8_t* c, uint32_t n);
sonnx_c_status example_div_int16(const int16_t* a, const int16_t* b, int16_t* c, uint32_t n);
sonnx_c_status example_div_int32(const int32_t* a, const int32_t* b, int32_t* c, uint32_t n);
sonnx_c_status example_div_int64(const int64_t* a, const int64_t* b, int64_t* c, uint32_t n);
sonnx_c_status example_div_uint8(const uint8_t* a, const uint8_t* b, uint8_t* c, uint32_t n);
sonnx_c_status example_div_uint16(const uint16_t* a, const uint16_t* b, uint16_t* c, uint32_t n);
sonnx_c_status example_div_uint32(const uint32_t* a, const uint32_t* b, uint32_t* c, uint32_t n);
sonnx_c_status example_div_uint64(const uint64_t* a, const uint64_t* b, uint64_t* c, uint32_t n);

/* An integer kernel as the examples write it: the domain is checked for the whole block before any
 * quotient is written (a zero divisor, C3; for signed types MIN / -1, D3), then each quotient is
 * computed in the type `through` and converted to `type`. The correct kernels divide in `type`
 * itself (C's truncation towards zero); a wrong example may name another type. Precede by `static`
 * for a kernel of one file. */
#define EXAMPLE_SIGNED_DIV(name, type, min, through)                                \
  sonnx_c_status name(const type* a, const type* b, type* c, uint32_t n) {          \
    for (uint32_t i = 0U; i < n; ++i) {                                             \
      if (b[i] == 0 || (a[i] == (min) && b[i] == -1)) return SONNX_C_DOMAIN_ERROR;  \
    }                                                                               \
    for (uint32_t i = 0U; i < n; ++i) c[i] = (type)((through)a[i] / (through)b[i]); \
    return SONNX_C_OK;                                                              \
  }
#define EXAMPLE_UNSIGNED_DIV(name, type, through)                                   \
  sonnx_c_status name(const type* a, const type* b, type* c, uint32_t n) {          \
    for (uint32_t i = 0U; i < n; ++i) {                                             \
      if (b[i] == 0U) return SONNX_C_DOMAIN_ERROR;                                  \
    }                                                                               \
    for (uint32_t i = 0U; i < n; ++i) c[i] = (type)((through)a[i] / (through)b[i]); \
    return SONNX_C_OK;                                                              \
  }

/* The fields of a kernel table (struct sonnx_c_div_kernels) naming the correct kernels above: all
 * of them, or three groups. A wrong example names its own kernels for the types it gets wrong and
 * these groups for the others, so that its table shows what it changes. */
#define EXAMPLE_CORRECT_FLOAT_KERNELS                               \
  .float16 = example_div_float16, .bfloat16 = example_div_bfloat16, \
  .float32 = example_div_float32, .float64 = example_div_float64
#define EXAMPLE_CORRECT_NARROW_INT_KERNELS                                          \
  .int8 = example_div_int8, .int16 = example_div_int16, .uint8 = example_div_uint8, \
  .uint16 = example_div_uint16
#define EXAMPLE_CORRECT_WIDE_INT_KERNELS                                                \
  .int32 = example_div_int32, .int64 = example_div_int64, .uint32 = example_div_uint32, \
  .uint64 = example_div_uint64
#define EXAMPLE_CORRECT_KERNELS                                      \
  EXAMPLE_CORRECT_FLOAT_KERNELS, EXAMPLE_CORRECT_NARROW_INT_KERNELS, \
      EXAMPLE_CORRECT_WIDE_INT_KERNELS

#ifdef __cplusplus
}
#endif

#endif /* SONNX_C_DIV_EXAMPLES_H */
