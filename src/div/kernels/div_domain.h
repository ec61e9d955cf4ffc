/* The definition domain of the integer Div kernels (C3: no zero divisor; D3, signed types: not
 * MIN / -1), decided element by element in the C/C++ common subset so that Frama-C/WP proves the
 * very file g++ compiles. One scan and one check per integer type, instantiated from
 * div_domain_scan.inc; the check's verdict is what the checked API reports, and its SONNX_VALID
 * is exactly the C3 and D3 preconditions of the kernels in div_kernels.h. */
#ifndef SONNX_DIV_DOMAIN_H
#define SONNX_DIV_DOMAIN_H

#include <stddef.h>
#include <stdint.h>

#include "../../common/kernels/sonnx_validation.h"

#ifdef __cplusplus
extern "C" {
#endif

/*@ // C3 and D3 for a signed type with minimum `min`; C3 alone for an unsigned type.
    predicate sonnx_div_signed_domain(integer a, integer b, integer min) =
      b != 0 && !(a == min && b == -1);
    predicate sonnx_div_unsigned_domain(integer a, integer b) = b != 0;
*/

/* The contracts of one integer type, the domain predicate OK(a, b) as parameter:
   the scan returns the first index outside the domain, or n when there is none;
   the check returns the verdict the checked API reports, and the index in *index. */
#define SONNX_DIV_DOMAIN_SCAN_CONTRACT(OK)                                                   \
  requires C1_valid_a: \valid_read(a + (0 .. n - 1));                                      \
  requires C1_valid_b: \valid_read(b + (0 .. n - 1));                                      \
  assigns \nothing;                                                                         \
  ensures C3_D3_result_in_bounds: 0 <= \result <= n;                                        \
  ensures C3_D3_prefix_in_domain: \forall integer k; 0 <= k < \result ==> OK(a[k], b[k]);   \
  ensures C3_D3_first_outside: \result < n ==> !OK(a[\result], b[\result]);

#define SONNX_DIV_DOMAIN_CHECK_CONTRACT(OK, D3_CASE)                                         \
  requires C1_valid_a: \valid_read(a + (0 .. n - 1));                                      \
  requires C1_valid_b: \valid_read(b + (0 .. n - 1));                                      \
  requires C3_valid_index: \valid(index);                                                   \
  requires C3_separate_index: \separated(index, a + (0 .. n - 1), b + (0 .. n - 1));       \
  assigns *index;                                                                           \
  ensures C3_D3_valid: \result == SONNX_VALID <==>                                          \
    (\forall integer k; 0 <= k < n ==> OK(a[k], b[k]));                                     \
  ensures C3_D3_prefix_in_domain: \result != SONNX_VALID ==> 0 <= *index < n &&             \
    \forall integer k; 0 <= k < *index ==> OK(a[k], b[k]);                                  \
  ensures C3_first_zero_divisor: \result == SONNX_ZERO_DIVISOR ==> b[*index] == 0;          \
  ensures D3_first_min_by_minus_one: \result == SONNX_QUOTIENT_OVERFLOW ==>                 \
    D3_CASE(a[*index], b[*index]);                                                          \
  ensures C3_D3_verdicts: \result == SONNX_VALID || \result == SONNX_ZERO_DIVISOR ||        \
    \result == SONNX_QUOTIENT_OVERFLOW;

/*@ predicate sonnx_div_in_domain_i8(integer a, integer b) = sonnx_div_signed_domain(a, b, INT8_MIN);
    predicate sonnx_div_in_domain_i16(integer a, integer b) = sonnx_div_signed_domain(a, b, INT16_MIN);
    predicate sonnx_div_in_domain_i32(integer a, integer b) = sonnx_div_signed_domain(a, b, INT32_MIN);
    predicate sonnx_div_in_domain_i64(integer a, integer b) = sonnx_div_signed_domain(a, b, INT64_MIN);
    predicate sonnx_div_min_by_minus_one_i8(integer a, integer b) = a == INT8_MIN && b == -1;
    predicate sonnx_div_min_by_minus_one_i16(integer a, integer b) = a == INT16_MIN && b == -1;
    predicate sonnx_div_min_by_minus_one_i32(integer a, integer b) = a == INT32_MIN && b == -1;
    predicate sonnx_div_min_by_minus_one_i64(integer a, integer b) = a == INT64_MIN && b == -1;
    predicate sonnx_div_never(integer a, integer b) = \false;
*/

/*@ SONNX_DIV_DOMAIN_SCAN_CONTRACT(sonnx_div_in_domain_i8) */
size_t sonnx_div_domain_scan_i8(const int8_t* a, const int8_t* b, size_t n);
/*@ SONNX_DIV_DOMAIN_SCAN_CONTRACT(sonnx_div_in_domain_i16) */
size_t sonnx_div_domain_scan_i16(const int16_t* a, const int16_t* b, size_t n);
/*@ SONNX_DIV_DOMAIN_SCAN_CONTRACT(sonnx_div_in_domain_i32) */
size_t sonnx_div_domain_scan_i32(const int32_t* a, const int32_t* b, size_t n);
/*@ SONNX_DIV_DOMAIN_SCAN_CONTRACT(sonnx_div_in_domain_i64) */
size_t sonnx_div_domain_scan_i64(const int64_t* a, const int64_t* b, size_t n);
/*@ SONNX_DIV_DOMAIN_SCAN_CONTRACT(sonnx_div_unsigned_domain) */
size_t sonnx_div_domain_scan_u8(const uint8_t* a, const uint8_t* b, size_t n);
/*@ SONNX_DIV_DOMAIN_SCAN_CONTRACT(sonnx_div_unsigned_domain) */
size_t sonnx_div_domain_scan_u16(const uint16_t* a, const uint16_t* b, size_t n);
/*@ SONNX_DIV_DOMAIN_SCAN_CONTRACT(sonnx_div_unsigned_domain) */
size_t sonnx_div_domain_scan_u32(const uint32_t* a, const uint32_t* b, size_t n);
/*@ SONNX_DIV_DOMAIN_SCAN_CONTRACT(sonnx_div_unsigned_domain) */
size_t sonnx_div_domain_scan_u64(const uint64_t* a, const uint64_t* b, size_t n);

/* [impl->req~C3~1] [impl->req~D3~1] */
/*@ SONNX_DIV_DOMAIN_CHECK_CONTRACT(sonnx_div_in_domain_i8, sonnx_div_min_by_minus_one_i8) */
sonnx_verdict sonnx_div_domain_i8(const int8_t* a, const int8_t* b, size_t n, size_t* index);
/*@ SONNX_DIV_DOMAIN_CHECK_CONTRACT(sonnx_div_in_domain_i16, sonnx_div_min_by_minus_one_i16) */
sonnx_verdict sonnx_div_domain_i16(const int16_t* a, const int16_t* b, size_t n, size_t* index);
/*@ SONNX_DIV_DOMAIN_CHECK_CONTRACT(sonnx_div_in_domain_i32, sonnx_div_min_by_minus_one_i32) */
sonnx_verdict sonnx_div_domain_i32(const int32_t* a, const int32_t* b, size_t n, size_t* index);
/*@ SONNX_DIV_DOMAIN_CHECK_CONTRACT(sonnx_div_in_domain_i64, sonnx_div_min_by_minus_one_i64) */
sonnx_verdict sonnx_div_domain_i64(const int64_t* a, const int64_t* b, size_t n, size_t* index);
/*@ SONNX_DIV_DOMAIN_CHECK_CONTRACT(sonnx_div_unsigned_domain, sonnx_div_never) */
sonnx_verdict sonnx_div_domain_u8(const uint8_t* a, const uint8_t* b, size_t n, size_t* index);
/*@ SONNX_DIV_DOMAIN_CHECK_CONTRACT(sonnx_div_unsigned_domain, sonnx_div_never) */
sonnx_verdict sonnx_div_domain_u16(const uint16_t* a, const uint16_t* b, size_t n, size_t* index);
/*@ SONNX_DIV_DOMAIN_CHECK_CONTRACT(sonnx_div_unsigned_domain, sonnx_div_never) */
sonnx_verdict sonnx_div_domain_u32(const uint32_t* a, const uint32_t* b, size_t n, size_t* index);
/*@ SONNX_DIV_DOMAIN_CHECK_CONTRACT(sonnx_div_unsigned_domain, sonnx_div_never) */
sonnx_verdict sonnx_div_domain_u64(const uint64_t* a, const uint64_t* b, size_t n, size_t* index);

#ifdef __cplusplus
}
#endif

#endif /* SONNX_DIV_DOMAIN_H */
