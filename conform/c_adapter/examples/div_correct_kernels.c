/* A correct Div for the twelve profile types (div_examples.h): the campaign finds nothing in it,
 * on every target. Floats divide in the target's binary32 and binary64 arithmetic (hardware or
 * the compiler's software floating point) in round-to-nearest with subnormals kept; float16 and
 * bfloat16 divide in binary32; integers divide in C (truncation towards zero) after the domain
 * checks (a zero divisor, C3; signed MIN / -1, D3). */
#include <string.h>

#include "div_examples.h"

static uint32_t float_bits(float f) {
  uint32_t u = 0U;
  memcpy(&u, &f, sizeof u);
  return u;
}

static float bits_float(uint32_t u) {
  float f = 0.0F;
  memcpy(&f, &u, sizeof f);
  return f;
}

float example_binary16_to_float(uint16_t h) {
  const uint32_t sign = ((uint32_t)h & 0x8000U) << 16U;
  uint32_t exponent = ((uint32_t)h >> 10U) & 0x1FU;
  uint32_t mantissa = (uint32_t)h & 0x3FFU;
  if (exponent == 0x1FU) return bits_float(sign | 0x7F800000U | (mantissa << 13U));
  if (exponent == 0U) {
    if (mantissa == 0U) return bits_float(sign);
    /* A subnormal: normalise (at most 10 shifts). */
    exponent = 1U;
    while ((mantissa & 0x400U) == 0U) {
      mantissa <<= 1U;
      exponent -= 1U;
    }
    mantissa &= 0x3FFU;
  }
  /* binary16 bias 15, binary32 bias 127 (exponent may have wrapped below 1: the sum is right). */
  return bits_float(sign | ((exponent + 112U) << 23U) | (mantissa << 13U));
}

/* Shifts a significand right by `shift` bits, rounding to nearest, ties to even. */
static uint32_t shift_round(uint32_t significand, uint32_t shift) {
  if (shift > 31U) return 0U;
  const uint32_t kept = significand >> shift;
  const uint32_t rest = significand & ((1U << shift) - 1U);
  const uint32_t half = 1U << (shift - 1U);
  return kept + ((rest > half || (rest == half && (kept & 1U) != 0U)) ? 1U : 0U);
}

uint16_t example_float_to_binary16(float f) {
  const uint32_t x = float_bits(f);
  const uint32_t sign = (x >> 16U) & 0x8000U;
  const uint32_t exponent = (x >> 23U) & 0xFFU;
  const uint32_t mantissa = x & 0x7FFFFFU;
  if (exponent == 0xFFU) { /* infinity, or a NaN made quiet */
    return (uint16_t)(sign | 0x7C00U | (mantissa != 0U ? 0x200U | (mantissa >> 13U) : 0U));
  }
  if (exponent > 127U + 15U) return (uint16_t)(sign | 0x7C00U); /* 2^16 and above: overflow */
  if (exponent >= 127U - 14U) { /* a binary16 normal: 13 bits dropped; a carry may reach inf */
    const uint32_t biased = ((exponent - 112U) << 10U) | (mantissa >> 13U);
    return (uint16_t)(sign | shift_round((biased << 13U) | (mantissa & 0x1FFFU), 13U));
  }
  if (exponent < 127U - 25U) return (uint16_t)sign; /* below half the smallest subnormal */
  /* A binary16 subnormal (units of 2^-24): the 24-bit significand times 2^(e - 23 + 24). */
  return (uint16_t)(sign | shift_round(mantissa | 0x800000U, 126U - exponent));
}

float example_bfloat16_to_float(uint16_t h) { return bits_float((uint32_t)h << 16U); }

uint16_t example_float_to_bfloat16(float f) {
  const uint32_t x = float_bits(f);
  if ((x & 0x7F800000U) == 0x7F800000U && (x & 0x7FFFFFU) != 0U) {
    return (uint16_t)((x >> 16U) | 0x40U); /* a NaN, made quiet */
  }
  return (uint16_t)(shift_round(x, 16U));
}

sonnx_c_status example_div_float16(const uint16_t* a, const uint16_t* b, uint16_t* c, uint32_t n) {
  for (uint32_t i = 0U; i < n; ++i) {
    c[i] = example_float_to_binary16(example_binary16_to_float(a[i]) /
                                     example_binary16_to_float(b[i]));
  }
  return SONNX_C_OK;
}

sonnx_c_status example_div_bfloat16(const uint16_t* a, const uint16_t* b, uint16_t* c, uint32_t n) {
  for (uint32_t i = 0U; i < n; ++i) {
    c[i] = example_float_to_bfloat16(example_bfloat16_to_float(a[i]) /
                                     example_bfloat16_to_float(b[i]));
  }
  return SONNX_C_OK;
}

sonnx_c_status example_div_float32(const float* a, const float* b, float* c, uint32_t n) {
  for (uint32_t i = 0U; i < n; ++i) c[i] = a[i] / b[i];
  return SONNX_C_OK;
}

sonnx_c_status example_div_float64(const double* a, const double* b, double* c, uint32_t n) {
  for (uint32_t i = 0U; i < n; ++i) c[i] = a[i] / b[i];
  return SONNX_C_OK;
}

/* Integers divide in their own type (truncation towards zero). */
EXAMPLE_SIGNED_DIV(example_div_int8, int8_t, INT8_MIN, int8_t)
EXAMPLE_SIGNED_DIV(example_div_int16, int16_t, INT16_MIN, int16_t)
EXAMPLE_SIGNED_DIV(example_div_int32, int32_t, INT32_MIN, int32_t)
EXAMPLE_SIGNED_DIV(example_div_int64, int64_t, INT64_MIN, int64_t)
EXAMPLE_UNSIGNED_DIV(example_div_uint8, uint8_t, uint8_t)
EXAMPLE_UNSIGNED_DIV(example_div_uint16, uint16_t, uint16_t)
EXAMPLE_UNSIGNED_DIV(example_div_uint32, uint32_t, uint32_t)
EXAMPLE_UNSIGNED_DIV(example_div_uint64, uint64_t, uint64_t)
