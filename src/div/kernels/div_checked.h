/* The decision procedures of the checked API (include/sonnx/div.hpp), one per element type: the
 * checks in their documented order (sonnx_div_validate: R3, C2, R2; D8 for A, B, C; R4, R1, C1;
 * D8 null data, D6), then that the tensors have the procedure's element type, then for integers
 * the domain check (C3, D3), then the kernel. C/C++ common subset, proved by Frama-C/WP: on
 * success every output element satisfies the element relation of the type; on each failure the
 * verdict is that of the first check that failed, *fault names the tensor at fault, the first
 * negative axis or the first element outside the domain, and nothing is written to C (D7). The
 * contracts are on the definitions (div_checked_signed.c, div_checked_unsigned.c,
 * div_checked_float.c), beside the bodies.
 *
 * The kernel is chosen by the caller among proved kernels, each of whose preconditions is proved
 * at its call: SONNX_KERNEL_SCALAR the scalar kernel (div_kernels.c), SONNX_KERNEL_ROUTE the
 * route kernel of an 8/16/32-bit integer type or the blocked kernel of a 64-bit one
 * (div_route_kernels.c, div_blocked_kernels.c), SONNX_KERNEL_NONE (float16 and bfloat16) no
 * kernel: the checks only, after which the caller runs its fast path. The integer procedures are
 * compiled once per instruction set, like the route kernels they call (the AVX2 object renames
 * them with the suffix _avx2). */
#ifndef SONNX_DIV_CHECKED_H
#define SONNX_DIV_CHECKED_H

#include <stddef.h>
#include <stdint.h>

#include "../../common/kernels/sonnx_validation.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SONNX_KERNEL_SCALAR 0
#define SONNX_KERNEL_ROUTE 1
#define SONNX_KERNEL_NONE 2

sonnx_verdict sonnx_div_checked_i8(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                   const int8_t* pa, const int8_t* pb, int8_t* pc,
                                   int32_t kernel, sonnx_fault* fault);
sonnx_verdict sonnx_div_checked_i16(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                    const int16_t* pa, const int16_t* pb, int16_t* pc,
                                    int32_t kernel, sonnx_fault* fault);
sonnx_verdict sonnx_div_checked_i32(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                    const int32_t* pa, const int32_t* pb, int32_t* pc,
                                    int32_t kernel, sonnx_fault* fault);
sonnx_verdict sonnx_div_checked_i64(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                    const int64_t* pa, const int64_t* pb, int64_t* pc,
                                    int32_t kernel, sonnx_fault* fault);
sonnx_verdict sonnx_div_checked_u8(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                   const uint8_t* pa, const uint8_t* pb, uint8_t* pc,
                                   int32_t kernel, sonnx_fault* fault);
sonnx_verdict sonnx_div_checked_u16(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                    const uint16_t* pa, const uint16_t* pb, uint16_t* pc,
                                    int32_t kernel, sonnx_fault* fault);
sonnx_verdict sonnx_div_checked_u32(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                    const uint32_t* pa, const uint32_t* pb, uint32_t* pc,
                                    int32_t kernel, sonnx_fault* fault);
sonnx_verdict sonnx_div_checked_u64(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                    const uint64_t* pa, const uint64_t* pb, uint64_t* pc,
                                    int32_t kernel, sonnx_fault* fault);
sonnx_verdict sonnx_div_checked_f16(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                    const uint16_t* pa, const uint16_t* pb, uint16_t* pc,
                                    int32_t kernel, sonnx_fault* fault);
sonnx_verdict sonnx_div_checked_bf16(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                     const uint16_t* pa, const uint16_t* pb, uint16_t* pc,
                                     int32_t kernel, sonnx_fault* fault);
sonnx_verdict sonnx_div_checked_f32(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                    const float* pa, const float* pb, float* pc,
                                    int32_t kernel, sonnx_fault* fault);
sonnx_verdict sonnx_div_checked_f64(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                    const double* pa, const double* pb, double* pc,
                                    int32_t kernel, sonnx_fault* fault);

#ifdef __cplusplus
}
#endif

#endif /* SONNX_DIV_CHECKED_H */
