/* C/C++ common subset: compiled as C++ by the library build, parsed as C by Frama-C. */
#include "sonnx_float_formats.h"

#include <string.h>

/* The two bit casts are the trusted core of this file for Frama-C/WP (docs/assumptions.md AS-WP-4):
   WP's Typed memory model cannot follow a memcpy between a float and a uint32_t object, so their
   contracts are used, not proved. They copy 4 bytes between two locals and touch nothing else. */
/*@ assigns \nothing; */
static uint32_t binary32_bits(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof bits);
  return bits;
}

/*@ assigns \nothing; */
static float binary32_from_bits(uint32_t bits) {
  float value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

/* [impl->req~F2~1] */
/*@ assigns \nothing; */
float sonnx_binary16_to_binary32(uint16_t bits) {
  uint32_t sign = ((uint32_t)bits & 0x8000u) << 16;
  uint32_t magnitude = (uint32_t)bits & 0x7FFFu; /* exponent and fraction fields */
  if (magnitude < 0x400u) {
    /* Zero or subnormal: the magnitude is the 10-bit fraction, and fraction * 2^-24 is exact in
       binary32 (a 10-bit integer times a power of two). */
    float scaled = (float)magnitude * 0x1p-24f;
    return sign != 0u ? -scaled : scaled;
  }
  if (magnitude >= 0x7C00u) {
    /* Infinity or NaN; the fraction (NaN payload) is kept, so a NaN stays a NaN. */
    return binary32_from_bits(sign | 0x7F800000u | (magnitude << 13));
  }
  /* Normal: move the fields to their binary32 places and rebias the exponent from 15 to 127
     (112 << 23); the exponent field stays below 255, so the addition never reaches the sign. */
  return binary32_from_bits(sign | ((magnitude << 13) + 0x38000000u));
}

/* significand / 2^shift rounded to nearest, ties to even, for the subnormal binary16 results.
   A function of its own so that WP sees the shift as a variable with a small range. */
/*@ requires F2_significand_24_bits: significand <= 0xFFFFFFu;
    requires F2_subnormal_shift: 14u <= shift <= 24u;
    assigns \nothing;
    ensures F2_at_most_min_normal: \result <= 0x400u;
*/
static uint32_t shift_right_rne(uint32_t significand, uint32_t shift) {
  uint32_t quotient = significand >> shift;
  uint32_t remainder = significand & ((1u << shift) - 1u);
  uint32_t half = 1u << (shift - 1u);
  if (remainder > half || (remainder == half && (quotient & 1u) != 0u)) {
    quotient += 1u;
  }
  return quotient;
}

/* [impl->req~F2~1] */
/*@ assigns \nothing; */
uint16_t sonnx_binary32_to_binary16(float value) {
  uint32_t bits = binary32_bits(value);
  uint32_t sign = (bits >> 16) & 0x8000u;
  uint32_t magnitude = bits & 0x7FFFFFFFu;
  if (magnitude > 0x7F800000u) {
    /* NaN: quiet it and keep the top payload bits. */
    return (uint16_t)(sign | 0x7E00u | ((magnitude >> 13) & 0x3FFu));
  }
  if (magnitude >= 0x477FF000u) {
    /* |value| >= 65520 = max finite (65504) + half an ulp: RNE gives infinity (the tie goes to the
       even neighbour, which is infinity). Infinity itself lands here too. */
    return (uint16_t)(sign | 0x7C00u);
  }
  if (magnitude >= 0x38800000u) {
    /* Normal binary16 range: rebias 127 -> 15, then round the 13 dropped bits to nearest even. A
       carry out of the fraction correctly increments the exponent. */
    uint32_t rebased = magnitude - 0x38000000u;
    uint32_t rounded = rebased + 0xFFFu + ((rebased >> 13) & 1u);
    return (uint16_t)(sign | (rounded >> 13));
  }
  if (magnitude <= 0x33000000u) {
    /* |value| <= 2^-25, half the smallest subnormal: rounds to (signed) zero, the tie to even
       zero. */
    return (uint16_t)sign;
  }
  {
    /* Subnormal binary16 result: the quotient by 2^-24 is significand * 2^(exponent - 126), with a
       shift of 14..24 bits; round that to nearest even. Rounding up to 0x400 gives the smallest
       normal, which is the right encoding. */
    uint32_t exponent = magnitude >> 23;
    uint32_t significand = (magnitude & 0x7FFFFFu) | 0x800000u;
    return (uint16_t)(sign | shift_right_rne(significand, 126u - exponent));
  }
}

/* [impl->req~F2~1] */
/*@ assigns \nothing; */
float sonnx_bfloat16_to_binary32(uint16_t bits) { return binary32_from_bits((uint32_t)bits << 16); }

/* [impl->req~F2~1] */
/*@ assigns \nothing; */
uint16_t sonnx_binary32_to_bfloat16(float value) {
  uint32_t bits = binary32_bits(value);
  uint32_t sign = bits & 0x80000000u;
  uint32_t magnitude = bits & 0x7FFFFFFFu;
  if (magnitude > 0x7F800000u) {
    return (uint16_t)((sign >> 16) | 0x7FC0u | ((magnitude >> 16) & 0x7Fu));
  }
  /* Same exponent range as binary32: round the low 16 bits to nearest even. The encoding is
     monotonic, so a carry moves to the next binade, and past the largest finite value to infinity;
     subnormals need no special case. */
  magnitude += 0x7FFFu + ((magnitude >> 16) & 1u);
  return (uint16_t)((sign >> 16) | (magnitude >> 16));
}
