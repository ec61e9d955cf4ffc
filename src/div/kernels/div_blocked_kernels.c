/* The blocked kernels of the 64-bit integer types (requirement D9). The binary64 route is exact
 * only for operands below 2^53 in magnitude (sonnx_div_below_2p53), and converts through int32,
 * which x86-64 before AVX-512 does in vector registers, only for operands below 2^31
 * (sonnx_div_below_2p31). So each kernel decides block by block: branch-free scans of the block,
 * then each element of the block through the int32 conversions, the binary64 route or C's
 * integer division (truncating, I1). The choice is the same for the whole block, so the compiler
 * hoists it out of the element loop (loop unswitching) and the scans alone are on the hot path.
 *
 * The order of the two scans follows the block before. After a block that went through int32,
 * the 2^31 scan comes first: on such data one scan decides. Otherwise the 2^53 scan comes first
 * and the 2^31 scan runs only if it passes: a block that fails the 2^53 scan then costs one scan
 * before its integer divisions, which the processor runs beside them (the scan's vector
 * instructions use other execution units than the integer divider), whereas two scans before a
 * block of integer divisions cost more than the out-of-order window hides. A block that costs two
 * scans and then takes the integer division therefore follows a block that took the int32 route,
 * which gained far more. Each blocked kernel has exactly the contract of the scalar kernel of its
 * type (div_kernels.c).
 *
 * C/C++ common subset: compiled as C++ once per instruction set, like div_route_kernels.c (the
 * AVX2 object renames the two kernels with the suffix _avx2), parsed as C by Frama-C, which
 * proves each function's contract, written on its definition (the logic it names is in
 * ../../common/kernels/sonnx_logic.h). [impl->req~I1~1] [impl->req~D9~1] */
#include "div_route_kernels.h"

#include "../../common/kernels/sonnx_logic.h"

#if defined(__FAST_MATH__) || (defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__)
#error "the Div route kernels must be compiled with IEEE semantics (no -ffast-math)"
#endif

/* Elements per block: the scan and then the division read the block's operands, the second time
   from the L1 cache (2 x 128 x 8 bytes). Smaller blocks let the hardware prefetcher, which runs
   ahead of the scans, keep memory busy while a block is divided, and cost a scan call more often;
   larger ones let one wide operand send more elements to the integer division. */
#define SONNX_DIV_BLOCK_ELEMENTS 128u

/* The end of the block that starts at start. A call with a contract, so that WP sees one path
   into the block's loop: a conditional written in the loop doubles the paths that WP's simplifier
   works through. g++ inlines it. */
/*@ requires C1_start_in_bounds: start <= n;
    assigns \nothing;
    ensures C1_block_end: \result ==
      ((n - start > SONNX_DIV_BLOCK_ELEMENTS) ? start + SONNX_DIV_BLOCK_ELEMENTS : n);
*/
static size_t sonnx_div_block_end(size_t start, size_t n) {
  size_t end = n;
  if ((n - start) > SONNX_DIV_BLOCK_ELEMENTS) {
    end = start + SONNX_DIV_BLOCK_ELEMENTS;
  }
  return end;
}

/* The route elements. The operand bounds are written as literals, not as the predicates
   sonnx_div_below_2p53 / sonnx_div_below_2p31, so that WP's simplifier itself discharges the
   range goals of the conversions to the signed type. Through a signed type, a second assertion
   states the signed quotient's value, from which the range of the last conversion follows by
   integer reasoning alone. */

/* ---- int64 ---- */

/* int64, operands below 2^31: through int32 and binary64. */
/*@ requires C3_nonzero_divisor: y != 0;
    requires D3_no_min_div_minus_one: !(x == INT64_MIN && y == -1);
    requires D9_operands_below_2p31:
      -0x7FFFFFFF <= x <= 0x7FFFFFFF && -0x7FFFFFFF <= y <= 0x7FFFFFFF;
    assigns \nothing;
    ensures I1_truncated_quotient: sonnx_div_int64_spec(x, y, \result);
*/
static int64_t sonnx_div_int64_via_int32(int64_t x, int64_t y) {
  /*@ assert D9_route_exact: sonnx_div_binary64_route(x, y) == x / y; */
  const double route = (double)(int32_t)x / (double)(int32_t)y;
  /*@ assert D9_float_to_int32: -2147483649 < route < 2147483648; */
  const int32_t quotient = (int32_t)route;
  /*@ assert D9_route_quotient: quotient == x / y; */
  return (int64_t)quotient;
}

/* int64, operands below 2^53: through binary64. */
/*@ requires C3_nonzero_divisor: y != 0;
    requires D3_no_min_div_minus_one: !(x == INT64_MIN && y == -1);
    requires D9_operands_below_2p53:
      -0x1FFFFFFFFFFFFF <= x <= 0x1FFFFFFFFFFFFF && -0x1FFFFFFFFFFFFF <= y <= 0x1FFFFFFFFFFFFF;
    assigns \nothing;
    ensures I1_truncated_quotient: sonnx_div_int64_spec(x, y, \result);
*/
static int64_t sonnx_div_int64_via_binary64(int64_t x, int64_t y) {
  /*@ assert D9_route_exact: sonnx_div_binary64_route(x, y) == x / y; */
  const double quotient = (double)x / (double)y;
  /*@ assert D9_float_to_int64: -9223372036854775809 < quotient < 9223372036854775808; */
  return (int64_t)quotient;
}

/* int64: whether every operand of a[start .. end - 1] and b[start .. end - 1] is below the bound
   in magnitude. The operands outside are counted (at most 2 per element, hence the bound on
   the block) instead of branching on the first one, so that the compiler vectorizes the scan;
   only the first element is tested on its own. */
/*@ requires C1_valid_a: \valid_read(a + (start .. end - 1));
    requires C1_valid_b: \valid_read(b + (start .. end - 1));
    requires D9_one_block: start <= end <= start + SONNX_DIV_BLOCK_ELEMENTS;
    assigns \nothing;
    ensures D9_operands_within_bound: \result != 0 <==> (\forall integer k;
      start <= k < end ==> sonnx_div_below_2p31(a[k]) && sonnx_div_below_2p31(b[k]));
*/
static int sonnx_div_i64_block_below_2p31(const int64_t* a, const int64_t* b, size_t start,
                                          size_t end) {
  uint64_t outside = 0;
  if (start < end) { /* full-width operands are mostly decided here, without the scan */
    outside = (uint64_t)((a[start] < -INT64_C(0x7FFFFFFF)) |
                         (a[start] > INT64_C(0x7FFFFFFF))) +
              (uint64_t)((b[start] < -INT64_C(0x7FFFFFFF)) |
                         (b[start] > INT64_C(0x7FFFFFFF)));
  }
  if (outside == 0u) {
    /*@ loop invariant C1_index_in_bounds: start <= i <= end;
        loop invariant D9_count_bounded: outside <= 2 * (i - start);
        loop invariant D9_none_outside_yet: outside == 0 <==> (\forall integer k;
          start <= k < i ==> sonnx_div_below_2p31(a[k]) && sonnx_div_below_2p31(b[k]));
        loop assigns i, outside;
        loop variant end - i;
    */
    for (size_t i = start; i < end; ++i) {
      outside += (uint64_t)((a[i] < -INT64_C(0x7FFFFFFF)) |
                            (a[i] > INT64_C(0x7FFFFFFF))) +
                 (uint64_t)((b[i] < -INT64_C(0x7FFFFFFF)) |
                            (b[i] > INT64_C(0x7FFFFFFF)));
    }
  }
  return (outside == 0u) ? 1 : 0;
}

/*@ requires C1_valid_a: \valid_read(a + (start .. end - 1));
    requires C1_valid_b: \valid_read(b + (start .. end - 1));
    requires D9_one_block: start <= end <= start + SONNX_DIV_BLOCK_ELEMENTS;
    assigns \nothing;
    ensures D9_operands_within_bound: \result != 0 <==> (\forall integer k;
      start <= k < end ==> sonnx_div_below_2p53(a[k]) && sonnx_div_below_2p53(b[k]));
*/
static int sonnx_div_i64_block_below_2p53(const int64_t* a, const int64_t* b, size_t start,
                                          size_t end) {
  uint64_t outside = 0;
  if (start < end) { /* full-width operands are mostly decided here, without the scan */
    outside = (uint64_t)((a[start] < -INT64_C(0x1FFFFFFFFFFFFF)) |
                         (a[start] > INT64_C(0x1FFFFFFFFFFFFF))) +
              (uint64_t)((b[start] < -INT64_C(0x1FFFFFFFFFFFFF)) |
                         (b[start] > INT64_C(0x1FFFFFFFFFFFFF)));
  }
  if (outside == 0u) {
    /*@ loop invariant C1_index_in_bounds: start <= i <= end;
        loop invariant D9_count_bounded: outside <= 2 * (i - start);
        loop invariant D9_none_outside_yet: outside == 0 <==> (\forall integer k;
          start <= k < i ==> sonnx_div_below_2p53(a[k]) && sonnx_div_below_2p53(b[k]));
        loop assigns i, outside;
        loop variant end - i;
    */
    for (size_t i = start; i < end; ++i) {
      outside += (uint64_t)((a[i] < -INT64_C(0x1FFFFFFFFFFFFF)) |
                            (a[i] > INT64_C(0x1FFFFFFFFFFFFF))) +
                 (uint64_t)((b[i] < -INT64_C(0x1FFFFFFFFFFFFF)) |
                            (b[i] > INT64_C(0x1FFFFFFFFFFFFF)));
    }
  }
  return (outside == 0u) ? 1 : 0;
}

/* int64: one element by the route its block's scans chose. A function with a contract, so that
   WP sees one path per iteration of the element loop instead of three; g++ inlines it. */
/*@ requires C3_nonzero_divisor: y != 0;
    requires D3_no_min_div_minus_one: !(x == INT64_MIN && y == -1);
    requires D9_narrow_block: narrow != 0 ==> sonnx_div_below_2p31(x) && sonnx_div_below_2p31(y);
    requires D9_exact_block: exact != 0 ==> sonnx_div_below_2p53(x) && sonnx_div_below_2p53(y);
    assigns \nothing;
    ensures I1_truncated_quotient: sonnx_div_int64_spec(x, y, \result);
*/
static int64_t sonnx_div_int64_via_block_route(int64_t x, int64_t y, int narrow, int exact) {
  return (narrow != 0)  ? sonnx_div_int64_via_int32(x, y)
         : (exact != 0) ? sonnx_div_int64_via_binary64(x, y)
                        : (int64_t)(x / y);
}

/* int64: each block is read (scans, then division) before it is written: with c aliasing a or
   b (D6), a block's writes never reach the operands of the blocks after it. */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    requires C1_valid_c: \valid(c + (0 .. n - 1));
    requires D6_exact_alias_or_disjoint:
      (c == a || \separated(c + (0 .. n - 1), a + (0 .. n - 1))) &&
      (c == b || \separated(c + (0 .. n - 1), b + (0 .. n - 1)));
    requires C3_nonzero_divisor: \forall integer k; 0 <= k < n ==> b[k] != 0;
    requires D3_no_min_div_minus_one:
      \forall integer k; 0 <= k < n ==> !(a[k] == INT64_MIN && b[k] == -1);
    assigns c[0 .. n - 1];
    ensures I1_truncated_quotient:
      \forall integer k; 0 <= k < n ==> sonnx_div_int64_spec(\old(a[k]), \old(b[k]), c[k]);
    ensures D6_unaliased_inputs_unchanged:
      (c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \old(a[k])) &&
      (c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \old(b[k]));
*/
void sonnx_div_i64_blocked(const int64_t* a, const int64_t* b, int64_t* c, size_t n) {
  size_t i = 0;
  int narrow_before = 0; /* whether the block before went through int32 */
  /*@ loop invariant C1_index_in_bounds: 0 <= i <= n;
      loop invariant I1_truncated_quotient: \forall integer k; 0 <= k < i ==>
        sonnx_div_int64_spec(\at(a[k], Pre), \at(b[k], Pre), c[k]);
      loop invariant D6_inputs_not_yet_read_unchanged: \forall integer k; i <= k < n ==>
        a[k] == \at(a[k], Pre) && b[k] == \at(b[k], Pre);
      loop invariant D6_unaliased_inputs_unchanged:
        (c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \at(a[k], Pre)) &&
        (c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \at(b[k], Pre));
      loop assigns i, narrow_before, c[0 .. n - 1];
      loop variant n - i;
  */
  while (i < n) {
    const size_t end = sonnx_div_block_end(i, n);
    int narrow = 0;
    int exact = 0;
    if (narrow_before != 0) {
      narrow = sonnx_div_i64_block_below_2p31(a, b, i, end);
      exact = (narrow != 0) ? 1 : sonnx_div_i64_block_below_2p53(a, b, i, end);
    } else {
      exact = sonnx_div_i64_block_below_2p53(a, b, i, end);
      narrow = (exact != 0) ? sonnx_div_i64_block_below_2p31(a, b, i, end) : 0;
    }
    narrow_before = narrow;
    /*@ loop invariant C1_index_in_bounds: i <= k <= end;
        loop invariant I1_truncated_quotient: \forall integer j; 0 <= j < k ==>
          sonnx_div_int64_spec(\at(a[j], Pre), \at(b[j], Pre), c[j]);
        loop invariant D6_inputs_not_yet_read_unchanged: \forall integer j; k <= j < n ==>
          a[j] == \at(a[j], Pre) && b[j] == \at(b[j], Pre);
        loop invariant D6_unaliased_inputs_unchanged:
          (c != a ==> \forall integer j; 0 <= j < n ==> a[j] == \at(a[j], Pre)) &&
          (c != b ==> \forall integer j; 0 <= j < n ==> b[j] == \at(b[j], Pre));
        loop assigns k, c[i .. end - 1];
        loop variant end - k;
    */
    for (size_t k = i; k < end; ++k) {
      c[k] = sonnx_div_int64_via_block_route(a[k], b[k], narrow, exact);
    }
    i = end;
  }
}

/* ---- uint64 ---- */

/* uint64, operands below 2^31: through int32 and binary64. */
/*@ requires C3_nonzero_divisor: y != 0;
    requires D9_operands_below_2p31:
      -0x7FFFFFFF <= x <= 0x7FFFFFFF && -0x7FFFFFFF <= y <= 0x7FFFFFFF;
    assigns \nothing;
    ensures I1_truncated_quotient: sonnx_div_uint64_spec(x, y, \result);
*/
static uint64_t sonnx_div_uint64_via_int32(uint64_t x, uint64_t y) {
  /*@ assert D9_route_exact: sonnx_div_binary64_route(x, y) == x / y; */
  const double route = (double)(int32_t)x / (double)(int32_t)y;
  /*@ assert D9_float_to_int32: -2147483649 < route < 2147483648; */
  const int32_t quotient = (int32_t)route;
  /*@ assert D9_route_quotient: quotient == x / y; */
  return (uint64_t)quotient;
}

/* uint64, operands below 2^53: through binary64 (converting through int64). */
/*@ requires C3_nonzero_divisor: y != 0;
    requires D9_operands_below_2p53:
      -0x1FFFFFFFFFFFFF <= x <= 0x1FFFFFFFFFFFFF && -0x1FFFFFFFFFFFFF <= y <= 0x1FFFFFFFFFFFFF;
    assigns \nothing;
    ensures I1_truncated_quotient: sonnx_div_uint64_spec(x, y, \result);
*/
static uint64_t sonnx_div_uint64_via_binary64(uint64_t x, uint64_t y) {
  /*@ assert D9_route_exact: sonnx_div_binary64_route(x, y) == x / y; */
  const double route = (double)(int64_t)x / (double)(int64_t)y;
  /*@ assert D9_float_to_int64: -9223372036854775809 < route < 9223372036854775808; */
  const int64_t quotient = (int64_t)route;
  /*@ assert D9_route_quotient: quotient == x / y; */
  return (uint64_t)quotient;
}

/* uint64: whether every operand of a[start .. end - 1] and b[start .. end - 1] is below the bound
   in magnitude. The operands outside are counted (at most 2 per element, hence the bound on
   the block) instead of branching on the first one, so that the compiler vectorizes the scan;
   only the first element is tested on its own. */
/*@ requires C1_valid_a: \valid_read(a + (start .. end - 1));
    requires C1_valid_b: \valid_read(b + (start .. end - 1));
    requires D9_one_block: start <= end <= start + SONNX_DIV_BLOCK_ELEMENTS;
    assigns \nothing;
    ensures D9_operands_within_bound: \result != 0 <==> (\forall integer k;
      start <= k < end ==> sonnx_div_below_2p31(a[k]) && sonnx_div_below_2p31(b[k]));
*/
static int sonnx_div_u64_block_below_2p31(const uint64_t* a, const uint64_t* b, size_t start,
                                          size_t end) {
  uint64_t outside = 0;
  if (start < end) { /* full-width operands are mostly decided here, without the scan */
    outside = (uint64_t)(a[start] > UINT64_C(0x7FFFFFFF)) +
              (uint64_t)(b[start] > UINT64_C(0x7FFFFFFF));
  }
  if (outside == 0u) {
    /*@ loop invariant C1_index_in_bounds: start <= i <= end;
        loop invariant D9_count_bounded: outside <= 2 * (i - start);
        loop invariant D9_none_outside_yet: outside == 0 <==> (\forall integer k;
          start <= k < i ==> sonnx_div_below_2p31(a[k]) && sonnx_div_below_2p31(b[k]));
        loop assigns i, outside;
        loop variant end - i;
    */
    for (size_t i = start; i < end; ++i) {
      outside += (uint64_t)(a[i] > UINT64_C(0x7FFFFFFF)) +
                 (uint64_t)(b[i] > UINT64_C(0x7FFFFFFF));
    }
  }
  return (outside == 0u) ? 1 : 0;
}

/*@ requires C1_valid_a: \valid_read(a + (start .. end - 1));
    requires C1_valid_b: \valid_read(b + (start .. end - 1));
    requires D9_one_block: start <= end <= start + SONNX_DIV_BLOCK_ELEMENTS;
    assigns \nothing;
    ensures D9_operands_within_bound: \result != 0 <==> (\forall integer k;
      start <= k < end ==> sonnx_div_below_2p53(a[k]) && sonnx_div_below_2p53(b[k]));
*/
static int sonnx_div_u64_block_below_2p53(const uint64_t* a, const uint64_t* b, size_t start,
                                          size_t end) {
  uint64_t outside = 0;
  if (start < end) { /* full-width operands are mostly decided here, without the scan */
    outside = (uint64_t)(a[start] > UINT64_C(0x1FFFFFFFFFFFFF)) +
              (uint64_t)(b[start] > UINT64_C(0x1FFFFFFFFFFFFF));
  }
  if (outside == 0u) {
    /*@ loop invariant C1_index_in_bounds: start <= i <= end;
        loop invariant D9_count_bounded: outside <= 2 * (i - start);
        loop invariant D9_none_outside_yet: outside == 0 <==> (\forall integer k;
          start <= k < i ==> sonnx_div_below_2p53(a[k]) && sonnx_div_below_2p53(b[k]));
        loop assigns i, outside;
        loop variant end - i;
    */
    for (size_t i = start; i < end; ++i) {
      outside += (uint64_t)(a[i] > UINT64_C(0x1FFFFFFFFFFFFF)) +
                 (uint64_t)(b[i] > UINT64_C(0x1FFFFFFFFFFFFF));
    }
  }
  return (outside == 0u) ? 1 : 0;
}

/* uint64: one element by the route its block's scans chose. A function with a contract, so that
   WP sees one path per iteration of the element loop instead of three; g++ inlines it. */
/*@ requires C3_nonzero_divisor: y != 0;
    requires D9_narrow_block: narrow != 0 ==> sonnx_div_below_2p31(x) && sonnx_div_below_2p31(y);
    requires D9_exact_block: exact != 0 ==> sonnx_div_below_2p53(x) && sonnx_div_below_2p53(y);
    assigns \nothing;
    ensures I1_truncated_quotient: sonnx_div_uint64_spec(x, y, \result);
*/
static uint64_t sonnx_div_uint64_via_block_route(uint64_t x, uint64_t y, int narrow, int exact) {
  return (narrow != 0)  ? sonnx_div_uint64_via_int32(x, y)
         : (exact != 0) ? sonnx_div_uint64_via_binary64(x, y)
                        : (uint64_t)(x / y);
}

/* uint64: each block is read (scans, then division) before it is written: with c aliasing a or
   b (D6), a block's writes never reach the operands of the blocks after it. */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    requires C1_valid_c: \valid(c + (0 .. n - 1));
    requires D6_exact_alias_or_disjoint:
      (c == a || \separated(c + (0 .. n - 1), a + (0 .. n - 1))) &&
      (c == b || \separated(c + (0 .. n - 1), b + (0 .. n - 1)));
    requires C3_nonzero_divisor: \forall integer k; 0 <= k < n ==> b[k] != 0;
    assigns c[0 .. n - 1];
    ensures I1_truncated_quotient:
      \forall integer k; 0 <= k < n ==> sonnx_div_uint64_spec(\old(a[k]), \old(b[k]), c[k]);
    ensures D6_unaliased_inputs_unchanged:
      (c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \old(a[k])) &&
      (c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \old(b[k]));
*/
void sonnx_div_u64_blocked(const uint64_t* a, const uint64_t* b, uint64_t* c, size_t n) {
  size_t i = 0;
  int narrow_before = 0; /* whether the block before went through int32 */
  /*@ loop invariant C1_index_in_bounds: 0 <= i <= n;
      loop invariant I1_truncated_quotient: \forall integer k; 0 <= k < i ==>
        sonnx_div_uint64_spec(\at(a[k], Pre), \at(b[k], Pre), c[k]);
      loop invariant D6_inputs_not_yet_read_unchanged: \forall integer k; i <= k < n ==>
        a[k] == \at(a[k], Pre) && b[k] == \at(b[k], Pre);
      loop invariant D6_unaliased_inputs_unchanged:
        (c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \at(a[k], Pre)) &&
        (c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \at(b[k], Pre));
      loop assigns i, narrow_before, c[0 .. n - 1];
      loop variant n - i;
  */
  while (i < n) {
    const size_t end = sonnx_div_block_end(i, n);
    int narrow = 0;
    int exact = 0;
    if (narrow_before != 0) {
      narrow = sonnx_div_u64_block_below_2p31(a, b, i, end);
      exact = (narrow != 0) ? 1 : sonnx_div_u64_block_below_2p53(a, b, i, end);
    } else {
      exact = sonnx_div_u64_block_below_2p53(a, b, i, end);
      narrow = (exact != 0) ? sonnx_div_u64_block_below_2p31(a, b, i, end) : 0;
    }
    narrow_before = narrow;
    /*@ loop invariant C1_index_in_bounds: i <= k <= end;
        loop invariant I1_truncated_quotient: \forall integer j; 0 <= j < k ==>
          sonnx_div_uint64_spec(\at(a[j], Pre), \at(b[j], Pre), c[j]);
        loop invariant D6_inputs_not_yet_read_unchanged: \forall integer j; k <= j < n ==>
          a[j] == \at(a[j], Pre) && b[j] == \at(b[j], Pre);
        loop invariant D6_unaliased_inputs_unchanged:
          (c != a ==> \forall integer j; 0 <= j < n ==> a[j] == \at(a[j], Pre)) &&
          (c != b ==> \forall integer j; 0 <= j < n ==> b[j] == \at(b[j], Pre));
        loop assigns k, c[i .. end - 1];
        loop variant end - k;
    */
    for (size_t k = i; k < end; ++k) {
      c[k] = sonnx_div_uint64_via_block_route(a[k], b[k], narrow, exact);
    }
    i = end;
  }
}
