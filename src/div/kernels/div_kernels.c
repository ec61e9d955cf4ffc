/* C/C++ common subset: compiled as C++ by the library build, parsed as C by Frama-C. */
#include "div_kernels.h"

#include "../../common/kernels/sonnx_float_formats.h"

/* [impl->req~F2~1] */
uint16_t sonnx_div_binary16_element(uint16_t a, uint16_t b) {
  return sonnx_binary32_to_binary16(sonnx_binary16_to_binary32(a) / sonnx_binary16_to_binary32(b));
}

/* [impl->req~F2~1] */
uint16_t sonnx_div_bfloat16_element(uint16_t a, uint16_t b) {
  return sonnx_binary32_to_bfloat16(sonnx_bfloat16_to_binary32(a) / sonnx_bfloat16_to_binary32(b));
}

/* Integer division in C and C++ truncates toward zero, as I1 requires; narrowing back to the
   element type is exact because the quotient's magnitude never exceeds the dividend's (D3 excludes
   the one signed case where it would). [impl->req~I1~1] */
#define SONNX_DIV_INTEGER(x, y) ((SONNX_DIV_ELEM)((x) / (y)))
/* Hardware IEEE 754 division, round-to-nearest-even. [impl->req~F1~1] */
#define SONNX_DIV_IEEE(x, y) ((x) / (y))

#define SONNX_DIV_ELEM uint16_t
#define SONNX_DIV_KERNEL sonnx_div_f16
#define SONNX_DIV_APPLY sonnx_div_binary16_element
#include "div_kernel_loop.inc"
#undef SONNX_DIV_KERNEL
#undef SONNX_DIV_APPLY

#define SONNX_DIV_KERNEL sonnx_div_bf16
#define SONNX_DIV_APPLY sonnx_div_bfloat16_element
#include "div_kernel_loop.inc"
#undef SONNX_DIV_KERNEL
#undef SONNX_DIV_APPLY
#undef SONNX_DIV_ELEM

#define SONNX_DIV_APPLY SONNX_DIV_IEEE
#define SONNX_DIV_ELEM float
#define SONNX_DIV_KERNEL sonnx_div_f32
#include "div_kernel_loop.inc"
#undef SONNX_DIV_ELEM
#undef SONNX_DIV_KERNEL
#define SONNX_DIV_ELEM double
#define SONNX_DIV_KERNEL sonnx_div_f64
#include "div_kernel_loop.inc"
#undef SONNX_DIV_ELEM
#undef SONNX_DIV_KERNEL
#undef SONNX_DIV_APPLY

#define SONNX_DIV_APPLY SONNX_DIV_INTEGER
#define SONNX_DIV_ELEM int8_t
#define SONNX_DIV_KERNEL sonnx_div_i8
#include "div_kernel_loop.inc"
#undef SONNX_DIV_ELEM
#undef SONNX_DIV_KERNEL
#define SONNX_DIV_ELEM int16_t
#define SONNX_DIV_KERNEL sonnx_div_i16
#include "div_kernel_loop.inc"
#undef SONNX_DIV_ELEM
#undef SONNX_DIV_KERNEL
#define SONNX_DIV_ELEM int32_t
#define SONNX_DIV_KERNEL sonnx_div_i32
#include "div_kernel_loop.inc"
#undef SONNX_DIV_ELEM
#undef SONNX_DIV_KERNEL
#define SONNX_DIV_ELEM int64_t
#define SONNX_DIV_KERNEL sonnx_div_i64
#include "div_kernel_loop.inc"
#undef SONNX_DIV_ELEM
#undef SONNX_DIV_KERNEL
#define SONNX_DIV_ELEM uint8_t
#define SONNX_DIV_KERNEL sonnx_div_u8
#include "div_kernel_loop.inc"
#undef SONNX_DIV_ELEM
#undef SONNX_DIV_KERNEL
#define SONNX_DIV_ELEM uint16_t
#define SONNX_DIV_KERNEL sonnx_div_u16
#include "div_kernel_loop.inc"
#undef SONNX_DIV_ELEM
#undef SONNX_DIV_KERNEL
#define SONNX_DIV_ELEM uint32_t
#define SONNX_DIV_KERNEL sonnx_div_u32
#include "div_kernel_loop.inc"
#undef SONNX_DIV_ELEM
#undef SONNX_DIV_KERNEL
#define SONNX_DIV_ELEM uint64_t
#define SONNX_DIV_KERNEL sonnx_div_u64
#include "div_kernel_loop.inc"
#undef SONNX_DIV_ELEM
#undef SONNX_DIV_KERNEL
#undef SONNX_DIV_APPLY
