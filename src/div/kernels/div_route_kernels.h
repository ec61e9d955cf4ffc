/* SONNX Div integer route kernels (requirement D9): the integer division of the 8/16-bit types
 * through binary32, of the 32-bit types through binary64 (div_route_kernels.c), and of the 64-bit
 * types block by block through int32 and binary64 where every operand of a block allows it
 * (div_blocked_kernels.c); compilers vectorize them (integer division does not vectorize). Each
 * has exactly the contract of the scalar kernel of its type (div_kernels.c): same preconditions,
 * same element relation. The contracts are on the definitions, beside the bodies (proved by
 * Frama-C/WP).
 *
 * The build compiles both files once per instruction set (src/CMakeLists.txt); the AVX2 object
 * renames the functions with the suffix _avx2 by -D definitions, and the fast-path table of that
 * instruction set (src/div/fast) is compiled with the same definitions. Frama-C reads the names
 * below. */
#ifndef SONNX_DIV_ROUTE_KERNELS_H
#define SONNX_DIV_ROUTE_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

void sonnx_div_i8_via_binary32(const int8_t* a, const int8_t* b, int8_t* c, size_t n);
void sonnx_div_i16_via_binary32(const int16_t* a, const int16_t* b, int16_t* c, size_t n);
void sonnx_div_i32_via_binary64(const int32_t* a, const int32_t* b, int32_t* c, size_t n);
void sonnx_div_u8_via_binary32(const uint8_t* a, const uint8_t* b, uint8_t* c, size_t n);
void sonnx_div_u16_via_binary32(const uint16_t* a, const uint16_t* b, uint16_t* c, size_t n);
void sonnx_div_u32_via_binary64(const uint32_t* a, const uint32_t* b, uint32_t* c, size_t n);

void sonnx_div_i64_blocked(const int64_t* a, const int64_t* b, int64_t* c, size_t n);
void sonnx_div_u64_blocked(const uint64_t* a, const uint64_t* b, uint64_t* c, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* SONNX_DIV_ROUTE_KERNELS_H */
