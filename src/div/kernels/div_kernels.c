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
/* Hardware IEEE 754 division, round-to-nearest-even (internal helpers, inlined by the compiler).
   WP proves their results bit-exact against the Why3 specification: WP compiles C float/double
   division to ieee_float's div RNE, the operation of Div_float32 / Div_float64. The IEEE division
   itself gives x/0 (R5), the signs of zeros and infinities (D1), NaN and infinite operands (D2) and
   the half-ulp accuracy (F3). [impl->req~F1~1] [impl->req~R5~1] [impl->req~D1~1] [impl->req~D2~1]
   [impl->req~F3~1] */
/*@ assigns \nothing;
    ensures F1_ieee_quotient: sonnx_div_float32_spec(x, y, \result);
*/
static float sonnx_div_binary32_element(float x, float y) {
  return x / y;
}

/*@ assigns \nothing;
    ensures F1_ieee_quotient: sonnx_div_float64_spec(x, y, \result);
*/
static double sonnx_div_binary64_element(double x, double y) {
  return x / y;
}

/* One instance per element type; div_kernel_loop.inc #undefs its parameters. The SPEC, SAME and
   DONE parameters appear in ACSL annotations only. */

#define SONNX_DIV_ELEM uint16_t
#define SONNX_DIV_KERNEL sonnx_div_f16
#define SONNX_DIV_APPLY sonnx_div_binary16_element
#define SONNX_DIV_SPEC sonnx_div_binary16_applied
#define SONNX_DIV_SAME sonnx_div_same_integer
#define SONNX_DIV_DONE F2_applies_binary16_element
#include "div_kernel_loop.inc"

#define SONNX_DIV_ELEM uint16_t
#define SONNX_DIV_KERNEL sonnx_div_bf16
#define SONNX_DIV_APPLY sonnx_div_bfloat16_element
#define SONNX_DIV_SPEC sonnx_div_bfloat16_applied
#define SONNX_DIV_SAME sonnx_div_same_integer
#define SONNX_DIV_DONE F2_applies_bfloat16_element
#include "div_kernel_loop.inc"

#define SONNX_DIV_ELEM float
#define SONNX_DIV_KERNEL sonnx_div_f32
#define SONNX_DIV_APPLY sonnx_div_binary32_element
#define SONNX_DIV_SPEC sonnx_div_float32_spec
#define SONNX_DIV_SAME sonnx_div_same_float32
#define SONNX_DIV_DONE F1_ieee_quotient
#include "div_kernel_loop.inc"

#define SONNX_DIV_ELEM double
#define SONNX_DIV_KERNEL sonnx_div_f64
#define SONNX_DIV_APPLY sonnx_div_binary64_element
#define SONNX_DIV_SPEC sonnx_div_float64_spec
#define SONNX_DIV_SAME sonnx_div_same_float64
#define SONNX_DIV_DONE F1_ieee_quotient
#include "div_kernel_loop.inc"

#define SONNX_DIV_ELEM int8_t
#define SONNX_DIV_KERNEL sonnx_div_i8
#define SONNX_DIV_APPLY SONNX_DIV_INTEGER
#define SONNX_DIV_SPEC sonnx_div_int8_spec
#define SONNX_DIV_SAME sonnx_div_same_integer
#define SONNX_DIV_DONE I1_truncated_quotient
#include "div_kernel_loop.inc"

#define SONNX_DIV_ELEM int16_t
#define SONNX_DIV_KERNEL sonnx_div_i16
#define SONNX_DIV_APPLY SONNX_DIV_INTEGER
#define SONNX_DIV_SPEC sonnx_div_int16_spec
#define SONNX_DIV_SAME sonnx_div_same_integer
#define SONNX_DIV_DONE I1_truncated_quotient
#include "div_kernel_loop.inc"

#define SONNX_DIV_ELEM int32_t
#define SONNX_DIV_KERNEL sonnx_div_i32
#define SONNX_DIV_APPLY SONNX_DIV_INTEGER
#define SONNX_DIV_SPEC sonnx_div_int32_spec
#define SONNX_DIV_SAME sonnx_div_same_integer
#define SONNX_DIV_DONE I1_truncated_quotient
#include "div_kernel_loop.inc"

#define SONNX_DIV_ELEM int64_t
#define SONNX_DIV_KERNEL sonnx_div_i64
#define SONNX_DIV_APPLY SONNX_DIV_INTEGER
#define SONNX_DIV_SPEC sonnx_div_int64_spec
#define SONNX_DIV_SAME sonnx_div_same_integer
#define SONNX_DIV_DONE I1_truncated_quotient
#include "div_kernel_loop.inc"

#define SONNX_DIV_ELEM uint8_t
#define SONNX_DIV_KERNEL sonnx_div_u8
#define SONNX_DIV_APPLY SONNX_DIV_INTEGER
#define SONNX_DIV_SPEC sonnx_div_uint8_spec
#define SONNX_DIV_SAME sonnx_div_same_integer
#define SONNX_DIV_DONE I1_truncated_quotient
#include "div_kernel_loop.inc"

#define SONNX_DIV_ELEM uint16_t
#define SONNX_DIV_KERNEL sonnx_div_u16
#define SONNX_DIV_APPLY SONNX_DIV_INTEGER
#define SONNX_DIV_SPEC sonnx_div_uint16_spec
#define SONNX_DIV_SAME sonnx_div_same_integer
#define SONNX_DIV_DONE I1_truncated_quotient
#include "div_kernel_loop.inc"

#define SONNX_DIV_ELEM uint32_t
#define SONNX_DIV_KERNEL sonnx_div_u32
#define SONNX_DIV_APPLY SONNX_DIV_INTEGER
#define SONNX_DIV_SPEC sonnx_div_uint32_spec
#define SONNX_DIV_SAME sonnx_div_same_integer
#define SONNX_DIV_DONE I1_truncated_quotient
#include "div_kernel_loop.inc"

#define SONNX_DIV_ELEM uint64_t
#define SONNX_DIV_KERNEL sonnx_div_u64
#define SONNX_DIV_APPLY SONNX_DIV_INTEGER
#define SONNX_DIV_SPEC sonnx_div_uint64_spec
#define SONNX_DIV_SAME sonnx_div_same_integer
#define SONNX_DIV_DONE I1_truncated_quotient
#include "div_kernel_loop.inc"
