/* The domain scans of the integer Div kernels: for each integer type, the first index whose
 * operands are outside the definition domain (C3: no zero divisor; D3, signed types: not
 * MIN / -1), or n. C/C++ common subset: compiled as C++ by the library build, parsed as C by
 * Frama-C, which proves each function's contract, written on its definition (the logic it names
 * is in ../../common/kernels/sonnx_logic.h). The domain checks of div_domain_checks.c turn a
 * scan's result into the verdict the checked API reports.
 *
 * Speed: each scan tests its blocks of SONNX_DOMAIN_BLOCK elements without branching, ORing the
 * 0/1 outcome of each element's test into a flag of the element's width, which g++ vectorizes in
 * lanes of that width; only inside the first block whose flag is set does it search element by
 * element. Each test combines its comparisons with the bitwise operators | and & on their 0/1
 * values, not with && and ||: no branch. The unsigned scans read B only. The int16, int32 and
 * int64 scans first test a block's divisors for 0 or -1 (one flag) and test the block in full, A
 * and B (C3, D3), only when one is: among random 16-bit or wider divisors that is rare; among 8-bit
 * divisors it is common, so the int8 scan tests both operands in one pass, and folds them into an
 * unsigned byte measure of each element, 0 iff it is outside the domain, whose minimum over the
 * block it keeps: byte minima and maxima in place of three byte comparisons per element (why:
 * docs/decisions/performance.md). */
#include "div_domain.h"

#include "../../common/kernels/sonnx_logic.h"
#include "../../common/kernels/sonnx_multiversion.h"

/* Elements per block of the domain scan: a multiple of every vector width, long enough that the
   end of a block (folding the flag's lanes, testing it) is rare beside the vector loop. */
#define SONNX_DOMAIN_BLOCK 1024U


/* The end of the block that starts at start. A call with a contract, so that WP sees one path
   into the block's loop: a conditional written in the loop doubles the paths that WP's simplifier
   works through. g++ inlines it. */
/*@ requires C1_start_in_bounds: start <= n;
    assigns \nothing;
    ensures C1_block_end: \result ==
      ((n - start > SONNX_DOMAIN_BLOCK) ? start + SONNX_DOMAIN_BLOCK : n);
*/
static size_t sonnx_domain_block_end(size_t start, size_t n) {
  size_t end = n;
  if ((n - start) > SONNX_DOMAIN_BLOCK) {
    end = start + SONNX_DOMAIN_BLOCK;
  }
  return end;
}

/* int8: the first index outside the domain (C3: b[k] != 0; D3: not INT8_MIN / -1), or n.
   [impl->req~C3~1] [impl->req~D3~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    assigns \nothing;
    ensures C3_D3_result_in_bounds: 0 <= \result <= n;
    ensures C3_D3_prefix_in_domain: \forall integer k; 0 <= k < \result ==>
      sonnx_div_domain_int8(a[k], b[k]);
    ensures C3_D3_first_outside: \result < n ==> !sonnx_div_domain_int8(a[\result], b[\result]);
*/
SONNX_MULTIVERSION
size_t sonnx_div_domain_scan_i8(const int8_t* a, const int8_t* b, size_t n) {
  size_t start = 0U;
  size_t end = 0U;
  uint8_t least = 1U;
  /*@ loop invariant C1_blocks_in_bounds: 0 <= start <= end <= n;
      loop invariant C3_D3_before_block: \forall integer k; 0 <= k < start ==>
        sonnx_div_domain_int8(a[k], b[k]);
      loop invariant C3_D3_clean_block_passed: least != 0 ==> end == start;
      loop invariant C3_D3_block_violated: least == 0 ==>
        \exists integer k; start <= k < end && !sonnx_div_domain_int8(a[k], b[k]);
      loop assigns start, end, least;
      loop variant n - start + (least != 0 ? 1 : 0);
  */
  while ((least != 0U) && (start < n)) {
    end = sonnx_domain_block_end(start, n);
    least = UINT8_MAX;
    size_t i = start;
    /*@ loop invariant C1_index_in_bounds: start <= i <= end;
        loop invariant C3_D3_least_clear: least != 0 <==>
          \forall integer k; start <= k < i ==> sonnx_div_domain_int8(a[k], b[k]);
        loop assigns i, least;
        loop variant end - i;
    */
    for (i = start; i < end; ++i) {
      /* Each operand as an unsigned byte, by arithmetic that neither wraps nor converts a negative
         value: the divisor's two's-complement byte (0 iff b[i] == 0, 255 iff b[i] == -1), the
         dividend shifted by 128 (0 iff a[i] == INT8_MIN). The element's measure is 0 iff it is
         outside the domain: min(divisor, max(dividend, 255 - divisor)). */
      const int32_t divisor_byte = ((int32_t)b[i] + 256) % 256;
      const int32_t dividend_shifted = (int32_t)a[i] + 128;
      const uint8_t divisor = (uint8_t)divisor_byte;
      const uint8_t dividend = (uint8_t)dividend_shifted;
      const uint8_t not_minus_one = (uint8_t)(255U - divisor);
      const uint8_t d3 = (dividend > not_minus_one) ? dividend : not_minus_one;
      const uint8_t measure = (divisor < d3) ? divisor : d3;
      least = (measure < least) ? measure : least;
    }
    if (least != 0U) {
      start = end;
    }
  }
  size_t first = start;
  /*@ loop invariant C1_index_in_bounds: start <= first <= end;
      loop invariant C3_D3_prefix_in_domain: \forall integer k; 0 <= k < first ==>
        sonnx_div_domain_int8(a[k], b[k]);
      loop assigns first;
      loop variant end - first;
  */
  while ((first < end) && (((b[first] == 0) | ((a[first] == INT8_MIN) & (b[first] == -1))) == 0)) {
    ++first;
  }
  return first;
}

/* int16: the first index outside the domain (C3: b[k] != 0; D3: not INT16_MIN / -1), or n.
   [impl->req~C3~1] [impl->req~D3~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    assigns \nothing;
    ensures C3_D3_result_in_bounds: 0 <= \result <= n;
    ensures C3_D3_prefix_in_domain: \forall integer k; 0 <= k < \result ==>
      sonnx_div_domain_int16(a[k], b[k]);
    ensures C3_D3_first_outside: \result < n ==> !sonnx_div_domain_int16(a[\result], b[\result]);
*/
SONNX_MULTIVERSION
size_t sonnx_div_domain_scan_i16(const int16_t* a, const int16_t* b, size_t n) {
  size_t start = 0U;
  size_t end = 0U;
  uint16_t violations = 0U;
  /*@ loop invariant C1_blocks_in_bounds: 0 <= start <= end <= n;
      loop invariant C3_D3_before_block: \forall integer k; 0 <= k < start ==>
        sonnx_div_domain_int16(a[k], b[k]);
      loop invariant C3_D3_clean_block_passed: violations == 0 ==> end == start;
      loop invariant C3_D3_block_violated: violations != 0 ==>
        \exists integer k; start <= k < end && !sonnx_div_domain_int16(a[k], b[k]);
      loop assigns start, end, violations;
      loop variant n - start + (violations == 0 ? 1 : 0);
  */
  while ((violations == 0U) && (start < n)) {
    end = sonnx_domain_block_end(start, n);
    uint16_t suspect = 0U;
    size_t i = start;
    /*@ loop invariant C1_index_in_bounds: start <= i <= end;
        loop invariant C3_D3_flag_bound: suspect <= 1;
        loop invariant C3_D3_no_divisor_0_or_minus_1: suspect == 0 <==>
          \forall integer k; start <= k < i ==> b[k] != 0 && b[k] != -1;
        loop assigns i, suspect;
        loop variant end - i;
    */
    for (i = start; i < end; ++i) {
      const int16_t y = b[i];
      suspect = (uint16_t)(suspect | (uint16_t)((y >= -1) & (y <= 0)));
    }
    if (suspect != 0U) {
      /*@ loop invariant C1_index_in_bounds: start <= i <= end;
          loop invariant C3_D3_flag_bound: violations <= 1;
          loop invariant C3_D3_flag_clear: violations == 0 <==>
            \forall integer k; start <= k < i ==> sonnx_div_domain_int16(a[k], b[k]);
          loop assigns i, violations;
          loop variant end - i;
      */
      for (i = start; i < end; ++i) {
        const int16_t x = a[i];
        const int16_t y = b[i];
        violations = (uint16_t)(violations | (uint16_t)((y == 0) | ((x == INT16_MIN) & (y == -1))));
      }
    }
    if (violations == 0U) {
      start = end;
    }
  }
  size_t first = start;
  /*@ loop invariant C1_index_in_bounds: start <= first <= end;
      loop invariant C3_D3_prefix_in_domain: \forall integer k; 0 <= k < first ==>
        sonnx_div_domain_int16(a[k], b[k]);
      loop assigns first;
      loop variant end - first;
  */
  while ((first < end) && (((b[first] == 0) | ((a[first] == INT16_MIN) & (b[first] == -1))) == 0)) {
    ++first;
  }
  return first;
}

/* int32: the first index outside the domain (C3: b[k] != 0; D3: not INT32_MIN / -1), or n.
   [impl->req~C3~1] [impl->req~D3~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    assigns \nothing;
    ensures C3_D3_result_in_bounds: 0 <= \result <= n;
    ensures C3_D3_prefix_in_domain: \forall integer k; 0 <= k < \result ==>
      sonnx_div_domain_int32(a[k], b[k]);
    ensures C3_D3_first_outside: \result < n ==> !sonnx_div_domain_int32(a[\result], b[\result]);
*/
SONNX_MULTIVERSION
size_t sonnx_div_domain_scan_i32(const int32_t* a, const int32_t* b, size_t n) {
  size_t start = 0U;
  size_t end = 0U;
  uint32_t violations = 0U;
  /*@ loop invariant C1_blocks_in_bounds: 0 <= start <= end <= n;
      loop invariant C3_D3_before_block: \forall integer k; 0 <= k < start ==>
        sonnx_div_domain_int32(a[k], b[k]);
      loop invariant C3_D3_clean_block_passed: violations == 0 ==> end == start;
      loop invariant C3_D3_block_violated: violations != 0 ==>
        \exists integer k; start <= k < end && !sonnx_div_domain_int32(a[k], b[k]);
      loop assigns start, end, violations;
      loop variant n - start + (violations == 0 ? 1 : 0);
  */
  while ((violations == 0U) && (start < n)) {
    end = sonnx_domain_block_end(start, n);
    uint32_t suspect = 0U;
    size_t i = start;
    /*@ loop invariant C1_index_in_bounds: start <= i <= end;
        loop invariant C3_D3_flag_bound: suspect <= 1;
        loop invariant C3_D3_no_divisor_0_or_minus_1: suspect == 0 <==>
          \forall integer k; start <= k < i ==> b[k] != 0 && b[k] != -1;
        loop assigns i, suspect;
        loop variant end - i;
    */
    for (i = start; i < end; ++i) {
      const int32_t y = b[i];
      suspect = (uint32_t)(suspect | (uint32_t)((y >= -1) & (y <= 0)));
    }
    if (suspect != 0U) {
      /*@ loop invariant C1_index_in_bounds: start <= i <= end;
          loop invariant C3_D3_flag_bound: violations <= 1;
          loop invariant C3_D3_flag_clear: violations == 0 <==>
            \forall integer k; start <= k < i ==> sonnx_div_domain_int32(a[k], b[k]);
          loop assigns i, violations;
          loop variant end - i;
      */
      for (i = start; i < end; ++i) {
        const int32_t x = a[i];
        const int32_t y = b[i];
        violations = (uint32_t)(violations | (uint32_t)((y == 0) | ((x == INT32_MIN) & (y == -1))));
      }
    }
    if (violations == 0U) {
      start = end;
    }
  }
  size_t first = start;
  /*@ loop invariant C1_index_in_bounds: start <= first <= end;
      loop invariant C3_D3_prefix_in_domain: \forall integer k; 0 <= k < first ==>
        sonnx_div_domain_int32(a[k], b[k]);
      loop assigns first;
      loop variant end - first;
  */
  while ((first < end) && (((b[first] == 0) | ((a[first] == INT32_MIN) & (b[first] == -1))) == 0)) {
    ++first;
  }
  return first;
}

/* int64: the first index outside the domain (C3: b[k] != 0; D3: not INT64_MIN / -1), or n.
   [impl->req~C3~1] [impl->req~D3~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    assigns \nothing;
    ensures C3_D3_result_in_bounds: 0 <= \result <= n;
    ensures C3_D3_prefix_in_domain: \forall integer k; 0 <= k < \result ==>
      sonnx_div_domain_int64(a[k], b[k]);
    ensures C3_D3_first_outside: \result < n ==> !sonnx_div_domain_int64(a[\result], b[\result]);
*/
SONNX_MULTIVERSION
size_t sonnx_div_domain_scan_i64(const int64_t* a, const int64_t* b, size_t n) {
  size_t start = 0U;
  size_t end = 0U;
  uint64_t violations = 0U;
  /*@ loop invariant C1_blocks_in_bounds: 0 <= start <= end <= n;
      loop invariant C3_D3_before_block: \forall integer k; 0 <= k < start ==>
        sonnx_div_domain_int64(a[k], b[k]);
      loop invariant C3_D3_clean_block_passed: violations == 0 ==> end == start;
      loop invariant C3_D3_block_violated: violations != 0 ==>
        \exists integer k; start <= k < end && !sonnx_div_domain_int64(a[k], b[k]);
      loop assigns start, end, violations;
      loop variant n - start + (violations == 0 ? 1 : 0);
  */
  while ((violations == 0U) && (start < n)) {
    end = sonnx_domain_block_end(start, n);
    uint64_t suspect = 0U;
    size_t i = start;
    /*@ loop invariant C1_index_in_bounds: start <= i <= end;
        loop invariant C3_D3_flag_bound: suspect <= 1;
        loop invariant C3_D3_no_divisor_0_or_minus_1: suspect == 0 <==>
          \forall integer k; start <= k < i ==> b[k] != 0 && b[k] != -1;
        loop assigns i, suspect;
        loop variant end - i;
    */
    for (i = start; i < end; ++i) {
      const int64_t y = b[i];
      suspect = (uint64_t)(suspect | (uint64_t)((y >= -1) & (y <= 0)));
    }
    if (suspect != 0U) {
      /*@ loop invariant C1_index_in_bounds: start <= i <= end;
          loop invariant C3_D3_flag_bound: violations <= 1;
          loop invariant C3_D3_flag_clear: violations == 0 <==>
            \forall integer k; start <= k < i ==> sonnx_div_domain_int64(a[k], b[k]);
          loop assigns i, violations;
          loop variant end - i;
      */
      for (i = start; i < end; ++i) {
        const int64_t x = a[i];
        const int64_t y = b[i];
        violations = (uint64_t)(violations | (uint64_t)((y == 0) | ((x == INT64_MIN) & (y == -1))));
      }
    }
    if (violations == 0U) {
      start = end;
    }
  }
  size_t first = start;
  /*@ loop invariant C1_index_in_bounds: start <= first <= end;
      loop invariant C3_D3_prefix_in_domain: \forall integer k; 0 <= k < first ==>
        sonnx_div_domain_int64(a[k], b[k]);
      loop assigns first;
      loop variant end - first;
  */
  while ((first < end) && (((b[first] == 0) | ((a[first] == INT64_MIN) & (b[first] == -1))) == 0)) {
    ++first;
  }
  return first;
}

/* uint8: the first index outside the domain (C3: b[k] != 0), or n.
   [impl->req~C3~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    assigns \nothing;
    ensures C3_D3_result_in_bounds: 0 <= \result <= n;
    ensures C3_D3_prefix_in_domain: \forall integer k; 0 <= k < \result ==>
      sonnx_div_domain_uint8(a[k], b[k]);
    ensures C3_D3_first_outside: \result < n ==> !sonnx_div_domain_uint8(a[\result], b[\result]);
*/
SONNX_MULTIVERSION
size_t sonnx_div_domain_scan_u8(const uint8_t* a, const uint8_t* b, size_t n) {
  (void)a; /* an unsigned type's domain tests the divisor only (C3) */
  size_t start = 0U;
  size_t end = 0U;
  uint8_t violations = 0U;
  /*@ loop invariant C1_blocks_in_bounds: 0 <= start <= end <= n;
      loop invariant C3_D3_before_block: \forall integer k; 0 <= k < start ==>
        sonnx_div_domain_uint8(a[k], b[k]);
      loop invariant C3_D3_clean_block_passed: violations == 0 ==> end == start;
      loop invariant C3_D3_block_violated: violations != 0 ==>
        \exists integer k; start <= k < end && !sonnx_div_domain_uint8(a[k], b[k]);
      loop assigns start, end, violations;
      loop variant n - start + (violations == 0 ? 1 : 0);
  */
  while ((violations == 0U) && (start < n)) {
    end = sonnx_domain_block_end(start, n);
    size_t i = start;
    /*@ loop invariant C1_index_in_bounds: start <= i <= end;
        loop invariant C3_D3_flag_bound: violations <= 1;
        loop invariant C3_D3_flag_clear: violations == 0 <==>
          \forall integer k; start <= k < i ==> sonnx_div_domain_uint8(a[k], b[k]);
        loop assigns i, violations;
        loop variant end - i;
    */
    for (i = start; i < end; ++i) {
      const uint8_t y = b[i];
      violations = (uint8_t)(violations | (uint8_t)(y == 0U));
    }
    if (violations == 0U) {
      start = end;
    }
  }
  size_t first = start;
  /*@ loop invariant C1_index_in_bounds: start <= first <= end;
      loop invariant C3_D3_prefix_in_domain: \forall integer k; 0 <= k < first ==>
        sonnx_div_domain_uint8(a[k], b[k]);
      loop assigns first;
      loop variant end - first;
  */
  while ((first < end) && ((b[first] == 0U) == 0)) {
    ++first;
  }
  return first;
}

/* uint16: the first index outside the domain (C3: b[k] != 0), or n.
   [impl->req~C3~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    assigns \nothing;
    ensures C3_D3_result_in_bounds: 0 <= \result <= n;
    ensures C3_D3_prefix_in_domain: \forall integer k; 0 <= k < \result ==>
      sonnx_div_domain_uint16(a[k], b[k]);
    ensures C3_D3_first_outside: \result < n ==> !sonnx_div_domain_uint16(a[\result], b[\result]);
*/
SONNX_MULTIVERSION
size_t sonnx_div_domain_scan_u16(const uint16_t* a, const uint16_t* b, size_t n) {
  (void)a; /* an unsigned type's domain tests the divisor only (C3) */
  size_t start = 0U;
  size_t end = 0U;
  uint16_t violations = 0U;
  /*@ loop invariant C1_blocks_in_bounds: 0 <= start <= end <= n;
      loop invariant C3_D3_before_block: \forall integer k; 0 <= k < start ==>
        sonnx_div_domain_uint16(a[k], b[k]);
      loop invariant C3_D3_clean_block_passed: violations == 0 ==> end == start;
      loop invariant C3_D3_block_violated: violations != 0 ==>
        \exists integer k; start <= k < end && !sonnx_div_domain_uint16(a[k], b[k]);
      loop assigns start, end, violations;
      loop variant n - start + (violations == 0 ? 1 : 0);
  */
  while ((violations == 0U) && (start < n)) {
    end = sonnx_domain_block_end(start, n);
    size_t i = start;
    /*@ loop invariant C1_index_in_bounds: start <= i <= end;
        loop invariant C3_D3_flag_bound: violations <= 1;
        loop invariant C3_D3_flag_clear: violations == 0 <==>
          \forall integer k; start <= k < i ==> sonnx_div_domain_uint16(a[k], b[k]);
        loop assigns i, violations;
        loop variant end - i;
    */
    for (i = start; i < end; ++i) {
      const uint16_t y = b[i];
      violations = (uint16_t)(violations | (uint16_t)(y == 0U));
    }
    if (violations == 0U) {
      start = end;
    }
  }
  size_t first = start;
  /*@ loop invariant C1_index_in_bounds: start <= first <= end;
      loop invariant C3_D3_prefix_in_domain: \forall integer k; 0 <= k < first ==>
        sonnx_div_domain_uint16(a[k], b[k]);
      loop assigns first;
      loop variant end - first;
  */
  while ((first < end) && ((b[first] == 0U) == 0)) {
    ++first;
  }
  return first;
}

/* uint32: the first index outside the domain (C3: b[k] != 0), or n.
   [impl->req~C3~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    assigns \nothing;
    ensures C3_D3_result_in_bounds: 0 <= \result <= n;
    ensures C3_D3_prefix_in_domain: \forall integer k; 0 <= k < \result ==>
      sonnx_div_domain_uint32(a[k], b[k]);
    ensures C3_D3_first_outside: \result < n ==> !sonnx_div_domain_uint32(a[\result], b[\result]);
*/
SONNX_MULTIVERSION
size_t sonnx_div_domain_scan_u32(const uint32_t* a, const uint32_t* b, size_t n) {
  (void)a; /* an unsigned type's domain tests the divisor only (C3) */
  size_t start = 0U;
  size_t end = 0U;
  uint32_t violations = 0U;
  /*@ loop invariant C1_blocks_in_bounds: 0 <= start <= end <= n;
      loop invariant C3_D3_before_block: \forall integer k; 0 <= k < start ==>
        sonnx_div_domain_uint32(a[k], b[k]);
      loop invariant C3_D3_clean_block_passed: violations == 0 ==> end == start;
      loop invariant C3_D3_block_violated: violations != 0 ==>
        \exists integer k; start <= k < end && !sonnx_div_domain_uint32(a[k], b[k]);
      loop assigns start, end, violations;
      loop variant n - start + (violations == 0 ? 1 : 0);
  */
  while ((violations == 0U) && (start < n)) {
    end = sonnx_domain_block_end(start, n);
    size_t i = start;
    /*@ loop invariant C1_index_in_bounds: start <= i <= end;
        loop invariant C3_D3_flag_bound: violations <= 1;
        loop invariant C3_D3_flag_clear: violations == 0 <==>
          \forall integer k; start <= k < i ==> sonnx_div_domain_uint32(a[k], b[k]);
        loop assigns i, violations;
        loop variant end - i;
    */
    for (i = start; i < end; ++i) {
      const uint32_t y = b[i];
      violations = (uint32_t)(violations | (uint32_t)(y == 0U));
    }
    if (violations == 0U) {
      start = end;
    }
  }
  size_t first = start;
  /*@ loop invariant C1_index_in_bounds: start <= first <= end;
      loop invariant C3_D3_prefix_in_domain: \forall integer k; 0 <= k < first ==>
        sonnx_div_domain_uint32(a[k], b[k]);
      loop assigns first;
      loop variant end - first;
  */
  while ((first < end) && ((b[first] == 0U) == 0)) {
    ++first;
  }
  return first;
}

/* uint64: the first index outside the domain (C3: b[k] != 0), or n.
   [impl->req~C3~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    assigns \nothing;
    ensures C3_D3_result_in_bounds: 0 <= \result <= n;
    ensures C3_D3_prefix_in_domain: \forall integer k; 0 <= k < \result ==>
      sonnx_div_domain_uint64(a[k], b[k]);
    ensures C3_D3_first_outside: \result < n ==> !sonnx_div_domain_uint64(a[\result], b[\result]);
*/
SONNX_MULTIVERSION
size_t sonnx_div_domain_scan_u64(const uint64_t* a, const uint64_t* b, size_t n) {
  (void)a; /* an unsigned type's domain tests the divisor only (C3) */
  size_t start = 0U;
  size_t end = 0U;
  uint64_t violations = 0U;
  /*@ loop invariant C1_blocks_in_bounds: 0 <= start <= end <= n;
      loop invariant C3_D3_before_block: \forall integer k; 0 <= k < start ==>
        sonnx_div_domain_uint64(a[k], b[k]);
      loop invariant C3_D3_clean_block_passed: violations == 0 ==> end == start;
      loop invariant C3_D3_block_violated: violations != 0 ==>
        \exists integer k; start <= k < end && !sonnx_div_domain_uint64(a[k], b[k]);
      loop assigns start, end, violations;
      loop variant n - start + (violations == 0 ? 1 : 0);
  */
  while ((violations == 0U) && (start < n)) {
    end = sonnx_domain_block_end(start, n);
    size_t i = start;
    /*@ loop invariant C1_index_in_bounds: start <= i <= end;
        loop invariant C3_D3_flag_bound: violations <= 1;
        loop invariant C3_D3_flag_clear: violations == 0 <==>
          \forall integer k; start <= k < i ==> sonnx_div_domain_uint64(a[k], b[k]);
        loop assigns i, violations;
        loop variant end - i;
    */
    for (i = start; i < end; ++i) {
      const uint64_t y = b[i];
      violations = (uint64_t)(violations | (uint64_t)(y == 0U));
    }
    if (violations == 0U) {
      start = end;
    }
  }
  size_t first = start;
  /*@ loop invariant C1_index_in_bounds: start <= first <= end;
      loop invariant C3_D3_prefix_in_domain: \forall integer k; 0 <= k < first ==>
        sonnx_div_domain_uint64(a[k], b[k]);
      loop assigns first;
      loop variant end - first;
  */
  while ((first < end) && ((b[first] == 0U) == 0)) {
    ++first;
  }
  return first;
}
