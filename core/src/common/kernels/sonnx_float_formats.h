/* Exact widening of the 16-bit float formats to binary32 and correctly rounded
 * (round-to-nearest-even) narrowing back. Written in the C/C++ common subset so
 * that Frama-C reads the file g++ compiles. Formats are carried as bit patterns
 * in uint16_t because C and C++20 have no portable binary16/bfloat16 type. The ACSL contracts are
 * on the definitions in sonnx_float_formats.c, beside the bodies. */
#ifndef SONNX_FLOAT_FORMATS_H
#define SONNX_FLOAT_FORMATS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* binary16 (IEEE 754 half): 1 sign, 5 exponent, 10 fraction bits. */
float sonnx_binary16_to_binary32(uint16_t bits);
uint16_t sonnx_binary32_to_binary16(float value);

/* bfloat16: 1 sign, 8 exponent, 7 fraction bits (the upper half of binary32). */
float sonnx_bfloat16_to_binary32(uint16_t bits);
uint16_t sonnx_binary32_to_bfloat16(float value);

#ifdef __cplusplus
}
#endif

#endif /* SONNX_FLOAT_FORMATS_H */
