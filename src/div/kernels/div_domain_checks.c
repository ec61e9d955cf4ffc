/* The domain checks of the integer Div kernels: for each integer type, the verdict the checked
 * API reports (SONNX_VALID, SONNX_ZERO_DIVISOR for C3, SONNX_QUOTIENT_OVERFLOW for D3) and the
 * first offending index. SONNX_VALID is exactly the C3 and D3 preconditions of the kernels. C/C++
 * common subset: compiled as C++ by the library build, parsed as C by Frama-C, which proves each
 * function's contract, written on its definition (the logic it names is in
 * ../../common/kernels/sonnx_logic.h); the scans they call are in div_domain.c. */
#include "div_domain.h"

#include "../../common/kernels/sonnx_logic.h"

/* int8: [impl->req~C3~1] [impl->req~D3~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    requires C3_valid_index: \valid(index);
    requires C3_separate_index: \separated(index, a + (0 .. n - 1), b + (0 .. n - 1));
    assigns *index;
    ensures C3_D3_valid:
      \result == SONNX_VALID <==>
        (\forall integer k; 0 <= k < n ==> sonnx_div_domain_int8(a[k], b[k]));
    ensures C3_D3_prefix_in_domain: \result != SONNX_VALID ==> 0 <= *index < n &&
      \forall integer k; 0 <= k < *index ==> sonnx_div_domain_int8(a[k], b[k]);
    ensures C3_first_zero_divisor: \result == SONNX_ZERO_DIVISOR ==> b[*index] == 0;
    ensures D3_first_min_by_minus_one: \result == SONNX_QUOTIENT_OVERFLOW ==>
      a[*index] == INT8_MIN && b[*index] == -1;
    ensures C3_D3_verdicts: \result == SONNX_VALID || \result == SONNX_ZERO_DIVISOR ||
      \result == SONNX_QUOTIENT_OVERFLOW;
*/
sonnx_verdict sonnx_div_domain_i8(const int8_t* a, const int8_t* b, size_t n, size_t* index) {
  const size_t first = sonnx_div_domain_scan_i8(a, b, n);
  sonnx_verdict verdict = SONNX_VALID;
  *index = first;
  if (first < n) {
    verdict = (b[first] == 0) ? SONNX_ZERO_DIVISOR : SONNX_QUOTIENT_OVERFLOW;
  }
  return verdict;
}

/* int16: [impl->req~C3~1] [impl->req~D3~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    requires C3_valid_index: \valid(index);
    requires C3_separate_index: \separated(index, a + (0 .. n - 1), b + (0 .. n - 1));
    assigns *index;
    ensures C3_D3_valid:
      \result == SONNX_VALID <==>
        (\forall integer k; 0 <= k < n ==> sonnx_div_domain_int16(a[k], b[k]));
    ensures C3_D3_prefix_in_domain: \result != SONNX_VALID ==> 0 <= *index < n &&
      \forall integer k; 0 <= k < *index ==> sonnx_div_domain_int16(a[k], b[k]);
    ensures C3_first_zero_divisor: \result == SONNX_ZERO_DIVISOR ==> b[*index] == 0;
    ensures D3_first_min_by_minus_one: \result == SONNX_QUOTIENT_OVERFLOW ==>
      a[*index] == INT16_MIN && b[*index] == -1;
    ensures C3_D3_verdicts: \result == SONNX_VALID || \result == SONNX_ZERO_DIVISOR ||
      \result == SONNX_QUOTIENT_OVERFLOW;
*/
sonnx_verdict sonnx_div_domain_i16(const int16_t* a, const int16_t* b, size_t n, size_t* index) {
  const size_t first = sonnx_div_domain_scan_i16(a, b, n);
  sonnx_verdict verdict = SONNX_VALID;
  *index = first;
  if (first < n) {
    verdict = (b[first] == 0) ? SONNX_ZERO_DIVISOR : SONNX_QUOTIENT_OVERFLOW;
  }
  return verdict;
}

/* int32: [impl->req~C3~1] [impl->req~D3~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    requires C3_valid_index: \valid(index);
    requires C3_separate_index: \separated(index, a + (0 .. n - 1), b + (0 .. n - 1));
    assigns *index;
    ensures C3_D3_valid:
      \result == SONNX_VALID <==>
        (\forall integer k; 0 <= k < n ==> sonnx_div_domain_int32(a[k], b[k]));
    ensures C3_D3_prefix_in_domain: \result != SONNX_VALID ==> 0 <= *index < n &&
      \forall integer k; 0 <= k < *index ==> sonnx_div_domain_int32(a[k], b[k]);
    ensures C3_first_zero_divisor: \result == SONNX_ZERO_DIVISOR ==> b[*index] == 0;
    ensures D3_first_min_by_minus_one: \result == SONNX_QUOTIENT_OVERFLOW ==>
      a[*index] == INT32_MIN && b[*index] == -1;
    ensures C3_D3_verdicts: \result == SONNX_VALID || \result == SONNX_ZERO_DIVISOR ||
      \result == SONNX_QUOTIENT_OVERFLOW;
*/
sonnx_verdict sonnx_div_domain_i32(const int32_t* a, const int32_t* b, size_t n, size_t* index) {
  const size_t first = sonnx_div_domain_scan_i32(a, b, n);
  sonnx_verdict verdict = SONNX_VALID;
  *index = first;
  if (first < n) {
    verdict = (b[first] == 0) ? SONNX_ZERO_DIVISOR : SONNX_QUOTIENT_OVERFLOW;
  }
  return verdict;
}

/* int64: [impl->req~C3~1] [impl->req~D3~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    requires C3_valid_index: \valid(index);
    requires C3_separate_index: \separated(index, a + (0 .. n - 1), b + (0 .. n - 1));
    assigns *index;
    ensures C3_D3_valid:
      \result == SONNX_VALID <==>
        (\forall integer k; 0 <= k < n ==> sonnx_div_domain_int64(a[k], b[k]));
    ensures C3_D3_prefix_in_domain: \result != SONNX_VALID ==> 0 <= *index < n &&
      \forall integer k; 0 <= k < *index ==> sonnx_div_domain_int64(a[k], b[k]);
    ensures C3_first_zero_divisor: \result == SONNX_ZERO_DIVISOR ==> b[*index] == 0;
    ensures D3_first_min_by_minus_one: \result == SONNX_QUOTIENT_OVERFLOW ==>
      a[*index] == INT64_MIN && b[*index] == -1;
    ensures C3_D3_verdicts: \result == SONNX_VALID || \result == SONNX_ZERO_DIVISOR ||
      \result == SONNX_QUOTIENT_OVERFLOW;
*/
sonnx_verdict sonnx_div_domain_i64(const int64_t* a, const int64_t* b, size_t n, size_t* index) {
  const size_t first = sonnx_div_domain_scan_i64(a, b, n);
  sonnx_verdict verdict = SONNX_VALID;
  *index = first;
  if (first < n) {
    verdict = (b[first] == 0) ? SONNX_ZERO_DIVISOR : SONNX_QUOTIENT_OVERFLOW;
  }
  return verdict;
}

/* uint8: [impl->req~C3~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    requires C3_valid_index: \valid(index);
    requires C3_separate_index: \separated(index, a + (0 .. n - 1), b + (0 .. n - 1));
    assigns *index;
    ensures C3_D3_valid:
      \result == SONNX_VALID <==>
        (\forall integer k; 0 <= k < n ==> sonnx_div_domain_uint8(a[k], b[k]));
    ensures C3_D3_prefix_in_domain: \result != SONNX_VALID ==> 0 <= *index < n &&
      \forall integer k; 0 <= k < *index ==> sonnx_div_domain_uint8(a[k], b[k]);
    ensures C3_first_zero_divisor: \result == SONNX_ZERO_DIVISOR ==> b[*index] == 0;
    ensures D3_first_min_by_minus_one: \result != SONNX_QUOTIENT_OVERFLOW;
    ensures C3_D3_verdicts: \result == SONNX_VALID || \result == SONNX_ZERO_DIVISOR;
*/
sonnx_verdict sonnx_div_domain_u8(const uint8_t* a, const uint8_t* b, size_t n, size_t* index) {
  const size_t first = sonnx_div_domain_scan_u8(a, b, n);
  sonnx_verdict verdict = SONNX_VALID;
  *index = first;
  if (first < n) {
    verdict = SONNX_ZERO_DIVISOR;
  }
  return verdict;
}

/* uint16: [impl->req~C3~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    requires C3_valid_index: \valid(index);
    requires C3_separate_index: \separated(index, a + (0 .. n - 1), b + (0 .. n - 1));
    assigns *index;
    ensures C3_D3_valid:
      \result == SONNX_VALID <==>
        (\forall integer k; 0 <= k < n ==> sonnx_div_domain_uint16(a[k], b[k]));
    ensures C3_D3_prefix_in_domain: \result != SONNX_VALID ==> 0 <= *index < n &&
      \forall integer k; 0 <= k < *index ==> sonnx_div_domain_uint16(a[k], b[k]);
    ensures C3_first_zero_divisor: \result == SONNX_ZERO_DIVISOR ==> b[*index] == 0;
    ensures D3_first_min_by_minus_one: \result != SONNX_QUOTIENT_OVERFLOW;
    ensures C3_D3_verdicts: \result == SONNX_VALID || \result == SONNX_ZERO_DIVISOR;
*/
sonnx_verdict sonnx_div_domain_u16(const uint16_t* a, const uint16_t* b, size_t n, size_t* index) {
  const size_t first = sonnx_div_domain_scan_u16(a, b, n);
  sonnx_verdict verdict = SONNX_VALID;
  *index = first;
  if (first < n) {
    verdict = SONNX_ZERO_DIVISOR;
  }
  return verdict;
}

/* uint32: [impl->req~C3~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    requires C3_valid_index: \valid(index);
    requires C3_separate_index: \separated(index, a + (0 .. n - 1), b + (0 .. n - 1));
    assigns *index;
    ensures C3_D3_valid:
      \result == SONNX_VALID <==>
        (\forall integer k; 0 <= k < n ==> sonnx_div_domain_uint32(a[k], b[k]));
    ensures C3_D3_prefix_in_domain: \result != SONNX_VALID ==> 0 <= *index < n &&
      \forall integer k; 0 <= k < *index ==> sonnx_div_domain_uint32(a[k], b[k]);
    ensures C3_first_zero_divisor: \result == SONNX_ZERO_DIVISOR ==> b[*index] == 0;
    ensures D3_first_min_by_minus_one: \result != SONNX_QUOTIENT_OVERFLOW;
    ensures C3_D3_verdicts: \result == SONNX_VALID || \result == SONNX_ZERO_DIVISOR;
*/
sonnx_verdict sonnx_div_domain_u32(const uint32_t* a, const uint32_t* b, size_t n, size_t* index) {
  const size_t first = sonnx_div_domain_scan_u32(a, b, n);
  sonnx_verdict verdict = SONNX_VALID;
  *index = first;
  if (first < n) {
    verdict = SONNX_ZERO_DIVISOR;
  }
  return verdict;
}

/* uint64: [impl->req~C3~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    requires C3_valid_index: \valid(index);
    requires C3_separate_index: \separated(index, a + (0 .. n - 1), b + (0 .. n - 1));
    assigns *index;
    ensures C3_D3_valid:
      \result == SONNX_VALID <==>
        (\forall integer k; 0 <= k < n ==> sonnx_div_domain_uint64(a[k], b[k]));
    ensures C3_D3_prefix_in_domain: \result != SONNX_VALID ==> 0 <= *index < n &&
      \forall integer k; 0 <= k < *index ==> sonnx_div_domain_uint64(a[k], b[k]);
    ensures C3_first_zero_divisor: \result == SONNX_ZERO_DIVISOR ==> b[*index] == 0;
    ensures D3_first_min_by_minus_one: \result != SONNX_QUOTIENT_OVERFLOW;
    ensures C3_D3_verdicts: \result == SONNX_VALID || \result == SONNX_ZERO_DIVISOR;
*/
sonnx_verdict sonnx_div_domain_u64(const uint64_t* a, const uint64_t* b, size_t n, size_t* index) {
  const size_t first = sonnx_div_domain_scan_u64(a, b, n);
  sonnx_verdict verdict = SONNX_VALID;
  *index = first;
  if (first < n) {
    verdict = SONNX_ZERO_DIVISOR;
  }
  return verdict;
}
