/* C/C++ common subset: compiled as C++ once per instruction set by the library build (see
   div_route_kernels.h), parsed as C by Frama-C. Each route kernel is the loop of
   div_kernel_loop.inc over a route element (div_route_element.inc); the compiler vectorizes it
   (the conversions and the IEEE division have vector instructions, integer division has none). */
#include "div_route_kernels.h"

#if defined(__FAST_MATH__) || (defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__)
#error "the Div route kernels must be compiled with IEEE semantics (no -ffast-math)"
#endif

/* The domain preconditions of an element: C3, and D3 for the signed types. */
#define SONNX_DIV_ELEMENT_UNSIGNED_DOMAIN requires C3_nonzero_divisor: y != 0;
#define SONNX_DIV_ELEMENT_SIGNED_DOMAIN(MIN)                                                  \
  requires C3_nonzero_divisor: y != 0;                                                      \
  requires D3_no_min_div_minus_one: !(x == (MIN) && y == -1);

#define SONNX_DIV_ROUTE_ELEMENT sonnx_div_int8_via_binary32
#define SONNX_DIV_ELEM int8_t
#define SONNX_DIV_ROUTE_FLOAT float
#define SONNX_DIV_ROUTE_DOMAIN SONNX_DIV_ELEMENT_SIGNED_DOMAIN(INT8_MIN)
#define SONNX_DIV_ROUTE_VALUE sonnx_div_binary32_route
#define SONNX_DIV_SPEC sonnx_div_int8_spec
#include "div_route_element.inc"
#define SONNX_DIV_KERNEL sonnx_div_i8_via_binary32
#define SONNX_DIV_APPLY sonnx_div_int8_via_binary32
#define SONNX_DIV_SAME sonnx_div_same_integer
#define SONNX_DIV_DONE I1_truncated_quotient
#include "div_kernel_loop.inc"

#define SONNX_DIV_ROUTE_ELEMENT sonnx_div_int16_via_binary32
#define SONNX_DIV_ELEM int16_t
#define SONNX_DIV_ROUTE_FLOAT float
#define SONNX_DIV_ROUTE_DOMAIN SONNX_DIV_ELEMENT_SIGNED_DOMAIN(INT16_MIN)
#define SONNX_DIV_ROUTE_VALUE sonnx_div_binary32_route
#define SONNX_DIV_SPEC sonnx_div_int16_spec
#include "div_route_element.inc"
#define SONNX_DIV_KERNEL sonnx_div_i16_via_binary32
#define SONNX_DIV_APPLY sonnx_div_int16_via_binary32
#define SONNX_DIV_SAME sonnx_div_same_integer
#define SONNX_DIV_DONE I1_truncated_quotient
#include "div_kernel_loop.inc"

#define SONNX_DIV_ROUTE_ELEMENT sonnx_div_int32_via_binary64
#define SONNX_DIV_ELEM int32_t
#define SONNX_DIV_ROUTE_FLOAT double
#define SONNX_DIV_ROUTE_DOMAIN SONNX_DIV_ELEMENT_SIGNED_DOMAIN(INT32_MIN)
#define SONNX_DIV_ROUTE_VALUE sonnx_div_binary64_route
#define SONNX_DIV_SPEC sonnx_div_int32_spec
#include "div_route_element.inc"
#define SONNX_DIV_KERNEL sonnx_div_i32_via_binary64
#define SONNX_DIV_APPLY sonnx_div_int32_via_binary64
#define SONNX_DIV_SAME sonnx_div_same_integer
#define SONNX_DIV_DONE I1_truncated_quotient
#include "div_kernel_loop.inc"

#define SONNX_DIV_ROUTE_ELEMENT sonnx_div_uint8_via_binary32
#define SONNX_DIV_ELEM uint8_t
#define SONNX_DIV_ROUTE_FLOAT float
#define SONNX_DIV_ROUTE_DOMAIN SONNX_DIV_ELEMENT_UNSIGNED_DOMAIN
#define SONNX_DIV_ROUTE_VALUE sonnx_div_binary32_route
#define SONNX_DIV_SPEC sonnx_div_uint8_spec
#include "div_route_element.inc"
#define SONNX_DIV_KERNEL sonnx_div_u8_via_binary32
#define SONNX_DIV_APPLY sonnx_div_uint8_via_binary32
#define SONNX_DIV_SAME sonnx_div_same_integer
#define SONNX_DIV_DONE I1_truncated_quotient
#include "div_kernel_loop.inc"

#define SONNX_DIV_ROUTE_ELEMENT sonnx_div_uint16_via_binary32
#define SONNX_DIV_ELEM uint16_t
#define SONNX_DIV_ROUTE_FLOAT float
#define SONNX_DIV_ROUTE_DOMAIN SONNX_DIV_ELEMENT_UNSIGNED_DOMAIN
#define SONNX_DIV_ROUTE_VALUE sonnx_div_binary32_route
#define SONNX_DIV_SPEC sonnx_div_uint16_spec
#include "div_route_element.inc"
#define SONNX_DIV_KERNEL sonnx_div_u16_via_binary32
#define SONNX_DIV_APPLY sonnx_div_uint16_via_binary32
#define SONNX_DIV_SAME sonnx_div_same_integer
#define SONNX_DIV_DONE I1_truncated_quotient
#include "div_kernel_loop.inc"

#define SONNX_DIV_ROUTE_ELEMENT sonnx_div_uint32_via_binary64
#define SONNX_DIV_ELEM uint32_t
#define SONNX_DIV_ROUTE_FLOAT double
#define SONNX_DIV_ROUTE_DOMAIN SONNX_DIV_ELEMENT_UNSIGNED_DOMAIN
#define SONNX_DIV_ROUTE_VALUE sonnx_div_binary64_route
#define SONNX_DIV_SPEC sonnx_div_uint32_spec
#include "div_route_element.inc"
#define SONNX_DIV_KERNEL sonnx_div_u32_via_binary64
#define SONNX_DIV_APPLY sonnx_div_uint32_via_binary64
#define SONNX_DIV_SAME sonnx_div_same_integer
#define SONNX_DIV_DONE I1_truncated_quotient
#include "div_kernel_loop.inc"
