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
/* The operands for which the binary64 route is exact (the 64-bit types), and those for which it
   also converts through int32: sonnx_div_below_2p53 and sonnx_div_below_2p31 written out, so that
   WP's simplifier itself discharges the range goals of the conversions to the signed type. */
#define SONNX_DIV_ELEMENT_BELOW_2P53                                                          \
  requires D9_operands_below_2p53:                                                          \
    -0x1FFFFFFFFFFFFF <= x <= 0x1FFFFFFFFFFFFF && -0x1FFFFFFFFFFFFF <= y <= 0x1FFFFFFFFFFFFF;
#define SONNX_DIV_ELEMENT_BELOW_2P31                                                          \
  requires D9_operands_below_2p31:                                                          \
    -0x7FFFFFFF <= x <= 0x7FFFFFFF && -0x7FFFFFFF <= y <= 0x7FFFFFFF;
/* 1 when a 64-bit operand is not below 2^53 (2^31) in magnitude, else 0. The comparisons are
   combined with |, not || or ?:, so that WP sees no branch; g++ folds them into one range test. */
#define SONNX_DIV_OUTSIDE_2P53_SIGNED(x)                                                      \
  ((uint64_t)(((x) < -INT64_C(0x1FFFFFFFFFFFFF)) | ((x) > INT64_C(0x1FFFFFFFFFFFFF))))
#define SONNX_DIV_OUTSIDE_2P53_UNSIGNED(x) ((uint64_t)((x) > UINT64_C(0x1FFFFFFFFFFFFF)))
#define SONNX_DIV_OUTSIDE_2P31_SIGNED(x)                                                      \
  ((uint64_t)(((x) < -INT64_C(0x7FFFFFFF)) | ((x) > INT64_C(0x7FFFFFFF))))
#define SONNX_DIV_OUTSIDE_2P31_UNSIGNED(x) ((uint64_t)((x) > UINT64_C(0x7FFFFFFF)))

/* Elements per block: the scan and then the division read the block's operands, the second time
   from the L1 cache (2 x 128 x 8 bytes). Smaller blocks let the hardware prefetcher, which runs
   ahead of the scans, keep memory busy while a block is divided, and cost a scan call more often:
   on operands below 2^31 (medians of 3 runs), 128 is 8-22 % faster than 256 on 10^7 elements
   and within 5 % of it on 10^5, where 64 is 10-13 % slower (docs/performance.md). */
#define SONNX_DIV_BLOCK_ELEMENTS 128u

#define SONNX_BLOCK_END sonnx_div_block_end
#define SONNX_BLOCK_END_ELEMENTS SONNX_DIV_BLOCK_ELEMENTS
#include "div_block_end.inc"

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

/* uint32 through binary64, written in the operations x86-64 before AVX-512 has vector
   instructions for: conversions between binary64 and int32 only. An operand u converts as
   (double)(int32_t)(u - 2^31) + 2^31.0, which is exact. The quotient converts back through int32,
   which holds it whenever the divisor is at least 2: a divisor 1 is divided as 2, and its element
   takes the dividend instead, by arithmetic rather than a branch (a branch would stop the compiler
   from vectorizing the loop). The floating-point part is a function of its own, so that the
   element's goals are about integers only. [impl->req~I1~1] [impl->req~D9~1] */
/*@ requires D9_divisor_at_least_2: 2 <= d;
    assigns \nothing;
    ensures D9_route_value: \result == x / d;
*/
static int32_t sonnx_div_uint32_quotient_via_int32(uint32_t x, uint32_t d) {
  const int64_t x_shifted = (int64_t)x - INT64_C(2147483648);
  const int64_t d_shifted = (int64_t)d - INT64_C(2147483648);
  const double x_binary64 = (double)(int32_t)x_shifted + 2147483648.0;
  const double d_binary64 = (double)(int32_t)d_shifted + 2147483648.0;
  const double quotient = x_binary64 / d_binary64;
  /*@ assert D9_route_exact: sonnx_div_uint32_route(x_shifted, d_shifted) == x / d &&
        0 <= sonnx_div_uint32_route(x_shifted, d_shifted) <= 0x7FFFFFFF; */
  return (int32_t)quotient;
}

/*@ requires C3_nonzero_divisor: y != 0;
    assigns \nothing;
    ensures I1_truncated_quotient: sonnx_div_uint32_spec(x, y, \result);
*/
static uint32_t sonnx_div_uint32_via_binary64(uint32_t x, uint32_t y) {
  const uint32_t divisor_is_one = (y == 1U) ? (uint32_t)1U : (uint32_t)0U;
  const uint32_t q = (uint32_t)sonnx_div_uint32_quotient_via_int32(x, y + divisor_is_one);
  /*@ assert I1_quotient_at_most_dividend: q <= x; */
  return q + (divisor_is_one * (x - q));
}

#define SONNX_DIV_ELEM uint32_t
#define SONNX_DIV_SPEC sonnx_div_uint32_spec
#define SONNX_DIV_KERNEL sonnx_div_u32_via_binary64
#define SONNX_DIV_APPLY sonnx_div_uint32_via_binary64
#define SONNX_DIV_SAME sonnx_div_same_integer
#define SONNX_DIV_DONE I1_truncated_quotient
#include "div_kernel_loop.inc"

#define SONNX_DIV_ROUTE_ELEMENT sonnx_div_int64_via_int32
#define SONNX_DIV_ELEM int64_t
#define SONNX_DIV_ROUTE_FLOAT double
#define SONNX_DIV_ROUTE_DOMAIN                                                                \
  SONNX_DIV_ELEMENT_SIGNED_DOMAIN(INT64_MIN) SONNX_DIV_ELEMENT_BELOW_2P31
#define SONNX_DIV_ROUTE_SIGNED int32_t
#define SONNX_DIV_ROUTE_VALUE sonnx_div_binary64_route
#define SONNX_DIV_SPEC sonnx_div_int64_spec
#include "div_route_element.inc"
#define SONNX_DIV_ROUTE_ELEMENT sonnx_div_int64_via_binary64
#define SONNX_DIV_ROUTE_FLOAT double
#define SONNX_DIV_ROUTE_DOMAIN                                                                \
  SONNX_DIV_ELEMENT_SIGNED_DOMAIN(INT64_MIN) SONNX_DIV_ELEMENT_BELOW_2P53
#define SONNX_DIV_ROUTE_VALUE sonnx_div_binary64_route
#include "div_route_element.inc"
#define SONNX_DIV_OUTSIDE SONNX_DIV_OUTSIDE_2P31_SIGNED
#define SONNX_DIV_BLOCK_SCAN sonnx_div_i64_block_below_2p31
#define SONNX_DIV_BOUND sonnx_div_below_2p31
#include "div_block_check.inc"
#define SONNX_DIV_OUTSIDE SONNX_DIV_OUTSIDE_2P53_SIGNED
#define SONNX_DIV_BLOCK_SCAN sonnx_div_i64_block_below_2p53
#define SONNX_DIV_BOUND sonnx_div_below_2p53
#include "div_block_check.inc"
#define SONNX_DIV_NARROW_CHECK sonnx_div_i64_block_below_2p31
#define SONNX_DIV_BLOCK_CHECK sonnx_div_i64_block_below_2p53
#define SONNX_DIV_APPLY_NARROW sonnx_div_int64_via_int32
#define SONNX_DIV_APPLY sonnx_div_int64_via_binary64
#define SONNX_DIV_BLOCKED_KERNEL sonnx_div_i64_blocked
#define SONNX_DIV_BLOCKED_ELEMENT sonnx_div_int64_via_block_route
#define SONNX_DIV_BLOCKED_DOMAIN SONNX_DIV_ELEMENT_SIGNED_DOMAIN(INT64_MIN)
#include "div_blocked_kernel.inc"

#define SONNX_DIV_ROUTE_ELEMENT sonnx_div_uint64_via_int32
#define SONNX_DIV_ELEM uint64_t
#define SONNX_DIV_ROUTE_FLOAT double
#define SONNX_DIV_ROUTE_DOMAIN SONNX_DIV_ELEMENT_UNSIGNED_DOMAIN SONNX_DIV_ELEMENT_BELOW_2P31
#define SONNX_DIV_ROUTE_SIGNED int32_t
#define SONNX_DIV_ROUTE_VALUE sonnx_div_binary64_route
#define SONNX_DIV_SPEC sonnx_div_uint64_spec
#include "div_route_element.inc"
#define SONNX_DIV_ROUTE_ELEMENT sonnx_div_uint64_via_binary64
#define SONNX_DIV_ROUTE_FLOAT double
#define SONNX_DIV_ROUTE_DOMAIN SONNX_DIV_ELEMENT_UNSIGNED_DOMAIN SONNX_DIV_ELEMENT_BELOW_2P53
#define SONNX_DIV_ROUTE_SIGNED int64_t
#define SONNX_DIV_ROUTE_VALUE sonnx_div_binary64_route
#include "div_route_element.inc"
#define SONNX_DIV_OUTSIDE SONNX_DIV_OUTSIDE_2P31_UNSIGNED
#define SONNX_DIV_BLOCK_SCAN sonnx_div_u64_block_below_2p31
#define SONNX_DIV_BOUND sonnx_div_below_2p31
#include "div_block_check.inc"
#define SONNX_DIV_OUTSIDE SONNX_DIV_OUTSIDE_2P53_UNSIGNED
#define SONNX_DIV_BLOCK_SCAN sonnx_div_u64_block_below_2p53
#define SONNX_DIV_BOUND sonnx_div_below_2p53
#include "div_block_check.inc"
#define SONNX_DIV_NARROW_CHECK sonnx_div_u64_block_below_2p31
#define SONNX_DIV_BLOCK_CHECK sonnx_div_u64_block_below_2p53
#define SONNX_DIV_APPLY_NARROW sonnx_div_uint64_via_int32
#define SONNX_DIV_APPLY sonnx_div_uint64_via_binary64
#define SONNX_DIV_BLOCKED_KERNEL sonnx_div_u64_blocked
#define SONNX_DIV_BLOCKED_ELEMENT sonnx_div_uint64_via_block_route
#define SONNX_DIV_BLOCKED_DOMAIN SONNX_DIV_ELEMENT_UNSIGNED_DOMAIN
#include "div_blocked_kernel.inc"
