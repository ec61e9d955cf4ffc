/* SONNX Div element-wise kernels, one per element type: c[i] = a[i] / b[i] for 0 <= i < n, and the
 * float16/bfloat16 element functions. C/C++ common subset. Each function's ACSL contract is on its
 * definition in div_kernels.c, beside its body (proved by Frama-C/WP, proofs/frama-c/README.md).
 * Preconditions, which the checked API (include/sonnx/div.hpp) establishes before calling: a, b, c
 * valid for n elements; c either equal to a or b, or disjoint from both; for integers b[i] != 0
 * (C3) and, for signed types, not (a[i] == MIN && b[i] == -1) (D3). float16 and bfloat16 elements
 * are bit patterns. */
#ifndef SONNX_DIV_KERNELS_H
#define SONNX_DIV_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

void sonnx_div_f16(const uint16_t* a, const uint16_t* b, uint16_t* c, size_t n);
void sonnx_div_bf16(const uint16_t* a, const uint16_t* b, uint16_t* c, size_t n);
void sonnx_div_f32(const float* a, const float* b, float* c, size_t n);
void sonnx_div_f64(const double* a, const double* b, double* c, size_t n);

void sonnx_div_i8(const int8_t* a, const int8_t* b, int8_t* c, size_t n);
void sonnx_div_i16(const int16_t* a, const int16_t* b, int16_t* c, size_t n);
void sonnx_div_i32(const int32_t* a, const int32_t* b, int32_t* c, size_t n);
void sonnx_div_i64(const int64_t* a, const int64_t* b, int64_t* c, size_t n);

void sonnx_div_u8(const uint8_t* a, const uint8_t* b, uint8_t* c, size_t n);
void sonnx_div_u16(const uint16_t* a, const uint16_t* b, uint16_t* c, size_t n);
void sonnx_div_u32(const uint32_t* a, const uint32_t* b, uint32_t* c, size_t n);
void sonnx_div_u64(const uint64_t* a, const uint64_t* b, uint64_t* c, size_t n);

/* Single-element float16/bfloat16 division (bit patterns): the correctly rounded quotient. */
uint16_t sonnx_div_binary16_element(uint16_t a, uint16_t b);
uint16_t sonnx_div_bfloat16_element(uint16_t a, uint16_t b);

#ifdef __cplusplus
}
#endif

#endif /* SONNX_DIV_KERNELS_H */
