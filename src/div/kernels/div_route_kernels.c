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
/* The operands for which the binary64 route is exact (the 64-bit types). */
#define SONNX_DIV_ELEMENT_BELOW_2P53                                                          \
  requires D9_operands_below_2p53: sonnx_div_below_2p53(x) && sonnx_div_below_2p53(y);
/* 1 when a 64-bit operand is not below 2^53 in magnitude, else 0 (branch-free). */
#define SONNX_DIV_OUTSIDE_2P53_SIGNED(x)                                                      \
  ((((x) < -INT64_C(0x1FFFFFFFFFFFFF)) || ((x) > INT64_C(0x1FFFFFFFFFFFFF))) ? UINT64_C(1)   \
                                                                              : UINT64_C(0))
#define SONNX_DIV_OUTSIDE_2P53_UNSIGNED(x)                                                    \
  (((x) > UINT64_C(0x1FFFFFFFFFFFFF)) ? UINT64_C(1) : UINT64_C(0))

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

#define SONNX_DIV_ROUTE_ELEMENT sonnx_div_int64_via_binary64
#define SONNX_DIV_ELEM int64_t
#define SONNX_DIV_ROUTE_FLOAT double
#define SONNX_DIV_ROUTE_DOMAIN                                                                \
  SONNX_DIV_ELEMENT_SIGNED_DOMAIN(INT64_MIN) SONNX_DIV_ELEMENT_BELOW_2P53
#define SONNX_DIV_ROUTE_VALUE sonnx_div_binary64_route
#define SONNX_DIV_SPEC sonnx_div_int64_spec
#include "div_route_element.inc"
#define SONNX_DIV_OUTSIDE SONNX_DIV_OUTSIDE_2P53_SIGNED
#define SONNX_DIV_BLOCK_CHECK sonnx_div_i64_block_below_2p53
#define SONNX_DIV_APPLY sonnx_div_int64_via_binary64
#define SONNX_DIV_BLOCKED_KERNEL sonnx_div_i64_blocked
#include "div_blocked_kernel.inc"

#define SONNX_DIV_ROUTE_ELEMENT sonnx_div_uint64_via_binary64
#define SONNX_DIV_ELEM uint64_t
#define SONNX_DIV_ROUTE_FLOAT double
#define SONNX_DIV_ROUTE_DOMAIN SONNX_DIV_ELEMENT_UNSIGNED_DOMAIN SONNX_DIV_ELEMENT_BELOW_2P53
#define SONNX_DIV_ROUTE_SIGNED int64_t
#define SONNX_DIV_ROUTE_VALUE sonnx_div_binary64_route
#define SONNX_DIV_SPEC sonnx_div_uint64_spec
#include "div_route_element.inc"
#define SONNX_DIV_OUTSIDE SONNX_DIV_OUTSIDE_2P53_UNSIGNED
#define SONNX_DIV_BLOCK_CHECK sonnx_div_u64_block_below_2p53
#define SONNX_DIV_APPLY sonnx_div_uint64_via_binary64
#define SONNX_DIV_BLOCKED_KERNEL sonnx_div_u64_blocked
#include "div_blocked_kernel.inc"
