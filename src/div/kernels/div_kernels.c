/* The scalar Div kernels, one per element type: c[i] = a[i] / b[i] for 0 <= i < n. C/C++ common
 * subset: compiled as C++ by the library build, parsed as C by Frama-C, which proves each
 * function's contract (written on its definition, beside its body; the logic it names is in
 * ../../common/kernels/sonnx_logic.h). Clause labels start with the requirement ID
 * (docs/CONVENTIONS.md). Preconditions, which the checked API establishes before calling: a, b,
 * c valid for n elements; c either equal to a or b, or disjoint from both; for integers
 * b[i] != 0 (C3) and, for signed types, not (a[i] == MIN && b[i] == -1) (D3). float16 and
 * bfloat16 elements are bit patterns.
 *
 * Every kernel is the same loop. Its invariants: the elements before i hold the element
 * relation of their operands as they were on entry; the inputs from i on are not yet changed
 * (what makes exact aliasing c == a or c == b work: an element is read before the output element
 * at the same index is written); an operand that c does not alias is not changed at all (one
 * invariant per operand: for the float kernels the two together cost the provers twice as much
 * as each alone). */
#include "div_kernels.h"

#include "../../common/kernels/sonnx_float_formats.h"
#include "../../common/kernels/sonnx_logic.h"
#include "../../common/kernels/sonnx_multiversion.h"

/* Single-element float16/bfloat16 division: widen exactly to binary32, divide once (IEEE RNE),
   round once to the 16-bit format (RNE). binary32 has p = 24 >= 2p' + 2 bits for p' = 11 and 8,
   so the double rounding is innocuous. The ensures is not proved by WP but by the exhaustive
   sweep over all 2^32 operand pairs (AS-WP-2, AS-WP-4). [impl->req~F2~1] */
/*@ assigns \nothing;
    ensures F2_binary16_rne_quotient_bits: \result == sonnx_div_binary16_bits(a, b);
*/
uint16_t sonnx_div_binary16_element(uint16_t a, uint16_t b) {
  return sonnx_binary32_to_binary16(sonnx_binary16_to_binary32(a) / sonnx_binary16_to_binary32(b));
}

/* [impl->req~F2~1] */
/*@ assigns \nothing;
    ensures F2_bfloat16_rne_quotient_bits: \result == sonnx_div_bfloat16_bits(a, b);
*/
uint16_t sonnx_div_bfloat16_element(uint16_t a, uint16_t b) {
  return sonnx_binary32_to_bfloat16(sonnx_bfloat16_to_binary32(a) / sonnx_bfloat16_to_binary32(b));
}

/* Hardware IEEE 754 division, round-to-nearest-even (internal helpers, inlined by the compiler).
   WP proves their results bit-exact against the Why3 specification: WP compiles C float/double
   division to ieee_float's div RNE, the operation of Div_float32 / Div_float64. The IEEE division
   itself gives x/0 (R5), the signs of zeros and infinities (D1), NaN and infinite operands (D2)
   and the half-ulp accuracy (F3). [impl->req~F1~1] [impl->req~R5~1] [impl->req~D1~1]
   [impl->req~D2~1] [impl->req~F3~1] */
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

/* float16 (bit patterns): the element function at every index. [impl->req~F2~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    requires C1_valid_c: \valid(c + (0 .. n - 1));
    requires D6_exact_alias_or_disjoint:
      (c == a || \separated(c + (0 .. n - 1), a + (0 .. n - 1))) &&
      (c == b || \separated(c + (0 .. n - 1), b + (0 .. n - 1)));
    assigns c[0 .. n - 1];
    ensures F2_applies_binary16_element:
      \forall integer k; 0 <= k < n ==> sonnx_div_binary16_applied(\old(a[k]), \old(b[k]), c[k]);
    ensures D6_unaliased_inputs_unchanged:
      (c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \old(a[k])) &&
      (c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \old(b[k]));
*/
void sonnx_div_f16(const uint16_t* a, const uint16_t* b, uint16_t* c, size_t n) {
  /*@ loop invariant C1_index_in_bounds: 0 <= i <= n;
      loop invariant F2_applies_binary16_element: \forall integer k; 0 <= k < i ==>
        sonnx_div_binary16_applied(\at(a[k], Pre), \at(b[k], Pre), c[k]);
      loop invariant D6_inputs_not_yet_read_unchanged: \forall integer k; i <= k < n ==>
        a[k] == \at(a[k], Pre) && b[k] == \at(b[k], Pre);
      loop invariant D6_unaliased_a_unchanged:
        c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \at(a[k], Pre);
      loop invariant D6_unaliased_b_unchanged:
        c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \at(b[k], Pre);
      loop assigns i, c[0 .. n - 1];
      loop variant n - i;
  */
  for (size_t i = 0; i < n; ++i) {
    c[i] = sonnx_div_binary16_element(a[i], b[i]);
  }
}

/* bfloat16 (bit patterns): the element function at every index. [impl->req~F2~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    requires C1_valid_c: \valid(c + (0 .. n - 1));
    requires D6_exact_alias_or_disjoint:
      (c == a || \separated(c + (0 .. n - 1), a + (0 .. n - 1))) &&
      (c == b || \separated(c + (0 .. n - 1), b + (0 .. n - 1)));
    assigns c[0 .. n - 1];
    ensures F2_applies_bfloat16_element:
      \forall integer k; 0 <= k < n ==> sonnx_div_bfloat16_applied(\old(a[k]), \old(b[k]), c[k]);
    ensures D6_unaliased_inputs_unchanged:
      (c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \old(a[k])) &&
      (c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \old(b[k]));
*/
void sonnx_div_bf16(const uint16_t* a, const uint16_t* b, uint16_t* c, size_t n) {
  /*@ loop invariant C1_index_in_bounds: 0 <= i <= n;
      loop invariant F2_applies_bfloat16_element: \forall integer k; 0 <= k < i ==>
        sonnx_div_bfloat16_applied(\at(a[k], Pre), \at(b[k], Pre), c[k]);
      loop invariant D6_inputs_not_yet_read_unchanged: \forall integer k; i <= k < n ==>
        a[k] == \at(a[k], Pre) && b[k] == \at(b[k], Pre);
      loop invariant D6_unaliased_a_unchanged:
        c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \at(a[k], Pre);
      loop invariant D6_unaliased_b_unchanged:
        c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \at(b[k], Pre);
      loop assigns i, c[0 .. n - 1];
      loop variant n - i;
  */
  for (size_t i = 0; i < n; ++i) {
    c[i] = sonnx_div_bfloat16_element(a[i], b[i]);
  }
}

/* float32: the IEEE quotient at every index; no domain precondition (R5: x/0 is an IEEE
   result). The float kernels' frame uses the identity of IEEE data. [impl->req~F1~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    requires C1_valid_c: \valid(c + (0 .. n - 1));
    requires D6_exact_alias_or_disjoint:
      (c == a || \separated(c + (0 .. n - 1), a + (0 .. n - 1))) &&
      (c == b || \separated(c + (0 .. n - 1), b + (0 .. n - 1)));
    assigns c[0 .. n - 1];
    ensures F1_ieee_quotient:
      \forall integer k; 0 <= k < n ==> sonnx_div_float32_spec(\old(a[k]), \old(b[k]), c[k]);
    ensures D6_unaliased_inputs_unchanged:
      (c != a ==> \forall integer k; 0 <= k < n ==> sonnx_div_same_float32(a[k], \old(a[k]))) &&
      (c != b ==> \forall integer k; 0 <= k < n ==> sonnx_div_same_float32(b[k], \old(b[k])));
*/
SONNX_MULTIVERSION
void sonnx_div_f32(const float* a, const float* b, float* c, size_t n) {
  /*@ loop invariant C1_index_in_bounds: 0 <= i <= n;
      loop invariant F1_ieee_quotient: \forall integer k; 0 <= k < i ==>
        sonnx_div_float32_spec(\at(a[k], Pre), \at(b[k], Pre), c[k]);
      loop invariant D6_inputs_not_yet_read_unchanged: \forall integer k; i <= k < n ==>
        sonnx_div_same_float32(a[k], \at(a[k], Pre)) &&
          sonnx_div_same_float32(b[k], \at(b[k], Pre));
      loop invariant D6_unaliased_a_unchanged:
        c != a ==> \forall integer k; 0 <= k < n ==> sonnx_div_same_float32(a[k], \at(a[k], Pre));
      loop invariant D6_unaliased_b_unchanged:
        c != b ==> \forall integer k; 0 <= k < n ==> sonnx_div_same_float32(b[k], \at(b[k], Pre));
      loop assigns i, c[0 .. n - 1];
      loop variant n - i;
  */
  for (size_t i = 0; i < n; ++i) {
    c[i] = sonnx_div_binary32_element(a[i], b[i]);
  }
}

/* float64: as float32. [impl->req~F1~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    requires C1_valid_c: \valid(c + (0 .. n - 1));
    requires D6_exact_alias_or_disjoint:
      (c == a || \separated(c + (0 .. n - 1), a + (0 .. n - 1))) &&
      (c == b || \separated(c + (0 .. n - 1), b + (0 .. n - 1)));
    assigns c[0 .. n - 1];
    ensures F1_ieee_quotient:
      \forall integer k; 0 <= k < n ==> sonnx_div_float64_spec(\old(a[k]), \old(b[k]), c[k]);
    ensures D6_unaliased_inputs_unchanged:
      (c != a ==> \forall integer k; 0 <= k < n ==> sonnx_div_same_float64(a[k], \old(a[k]))) &&
      (c != b ==> \forall integer k; 0 <= k < n ==> sonnx_div_same_float64(b[k], \old(b[k])));
*/
SONNX_MULTIVERSION
void sonnx_div_f64(const double* a, const double* b, double* c, size_t n) {
  /*@ loop invariant C1_index_in_bounds: 0 <= i <= n;
      loop invariant F1_ieee_quotient: \forall integer k; 0 <= k < i ==>
        sonnx_div_float64_spec(\at(a[k], Pre), \at(b[k], Pre), c[k]);
      loop invariant D6_inputs_not_yet_read_unchanged: \forall integer k; i <= k < n ==>
        sonnx_div_same_float64(a[k], \at(a[k], Pre)) &&
          sonnx_div_same_float64(b[k], \at(b[k], Pre));
      loop invariant D6_unaliased_a_unchanged:
        c != a ==> \forall integer k; 0 <= k < n ==> sonnx_div_same_float64(a[k], \at(a[k], Pre));
      loop invariant D6_unaliased_b_unchanged:
        c != b ==> \forall integer k; 0 <= k < n ==> sonnx_div_same_float64(b[k], \at(b[k], Pre));
      loop assigns i, c[0 .. n - 1];
      loop variant n - i;
  */
  for (size_t i = 0; i < n; ++i) {
    c[i] = sonnx_div_binary64_element(a[i], b[i]);
  }
}

/* Integer division in C and C++ truncates toward zero, as I1 requires; narrowing back to the
   element type is exact because the quotient's magnitude never exceeds the dividend's (D3
   excludes the one signed case where it would). int8: [impl->req~I1~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    requires C1_valid_c: \valid(c + (0 .. n - 1));
    requires D6_exact_alias_or_disjoint:
      (c == a || \separated(c + (0 .. n - 1), a + (0 .. n - 1))) &&
      (c == b || \separated(c + (0 .. n - 1), b + (0 .. n - 1)));
    requires C3_nonzero_divisor: \forall integer k; 0 <= k < n ==> b[k] != 0;
    requires D3_no_min_div_minus_one:
      \forall integer k; 0 <= k < n ==> !(a[k] == INT8_MIN && b[k] == -1);
    assigns c[0 .. n - 1];
    ensures I1_truncated_quotient:
      \forall integer k; 0 <= k < n ==> sonnx_div_int8_spec(\old(a[k]), \old(b[k]), c[k]);
    ensures D6_unaliased_inputs_unchanged:
      (c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \old(a[k])) &&
      (c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \old(b[k]));
*/
void sonnx_div_i8(const int8_t* a, const int8_t* b, int8_t* c, size_t n) {
  /*@ loop invariant C1_index_in_bounds: 0 <= i <= n;
      loop invariant I1_truncated_quotient: \forall integer k; 0 <= k < i ==>
        sonnx_div_int8_spec(\at(a[k], Pre), \at(b[k], Pre), c[k]);
      loop invariant D6_inputs_not_yet_read_unchanged: \forall integer k; i <= k < n ==>
        a[k] == \at(a[k], Pre) && b[k] == \at(b[k], Pre);
      loop invariant D6_unaliased_a_unchanged:
        c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \at(a[k], Pre);
      loop invariant D6_unaliased_b_unchanged:
        c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \at(b[k], Pre);
      loop assigns i, c[0 .. n - 1];
      loop variant n - i;
  */
  for (size_t i = 0; i < n; ++i) {
    c[i] = (int8_t)(a[i] / b[i]);
  }
}

/* int16: [impl->req~I1~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    requires C1_valid_c: \valid(c + (0 .. n - 1));
    requires D6_exact_alias_or_disjoint:
      (c == a || \separated(c + (0 .. n - 1), a + (0 .. n - 1))) &&
      (c == b || \separated(c + (0 .. n - 1), b + (0 .. n - 1)));
    requires C3_nonzero_divisor: \forall integer k; 0 <= k < n ==> b[k] != 0;
    requires D3_no_min_div_minus_one:
      \forall integer k; 0 <= k < n ==> !(a[k] == INT16_MIN && b[k] == -1);
    assigns c[0 .. n - 1];
    ensures I1_truncated_quotient:
      \forall integer k; 0 <= k < n ==> sonnx_div_int16_spec(\old(a[k]), \old(b[k]), c[k]);
    ensures D6_unaliased_inputs_unchanged:
      (c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \old(a[k])) &&
      (c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \old(b[k]));
*/
void sonnx_div_i16(const int16_t* a, const int16_t* b, int16_t* c, size_t n) {
  /*@ loop invariant C1_index_in_bounds: 0 <= i <= n;
      loop invariant I1_truncated_quotient: \forall integer k; 0 <= k < i ==>
        sonnx_div_int16_spec(\at(a[k], Pre), \at(b[k], Pre), c[k]);
      loop invariant D6_inputs_not_yet_read_unchanged: \forall integer k; i <= k < n ==>
        a[k] == \at(a[k], Pre) && b[k] == \at(b[k], Pre);
      loop invariant D6_unaliased_a_unchanged:
        c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \at(a[k], Pre);
      loop invariant D6_unaliased_b_unchanged:
        c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \at(b[k], Pre);
      loop assigns i, c[0 .. n - 1];
      loop variant n - i;
  */
  for (size_t i = 0; i < n; ++i) {
    c[i] = (int16_t)(a[i] / b[i]);
  }
}

/* int32: [impl->req~I1~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    requires C1_valid_c: \valid(c + (0 .. n - 1));
    requires D6_exact_alias_or_disjoint:
      (c == a || \separated(c + (0 .. n - 1), a + (0 .. n - 1))) &&
      (c == b || \separated(c + (0 .. n - 1), b + (0 .. n - 1)));
    requires C3_nonzero_divisor: \forall integer k; 0 <= k < n ==> b[k] != 0;
    requires D3_no_min_div_minus_one:
      \forall integer k; 0 <= k < n ==> !(a[k] == INT32_MIN && b[k] == -1);
    assigns c[0 .. n - 1];
    ensures I1_truncated_quotient:
      \forall integer k; 0 <= k < n ==> sonnx_div_int32_spec(\old(a[k]), \old(b[k]), c[k]);
    ensures D6_unaliased_inputs_unchanged:
      (c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \old(a[k])) &&
      (c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \old(b[k]));
*/
void sonnx_div_i32(const int32_t* a, const int32_t* b, int32_t* c, size_t n) {
  /*@ loop invariant C1_index_in_bounds: 0 <= i <= n;
      loop invariant I1_truncated_quotient: \forall integer k; 0 <= k < i ==>
        sonnx_div_int32_spec(\at(a[k], Pre), \at(b[k], Pre), c[k]);
      loop invariant D6_inputs_not_yet_read_unchanged: \forall integer k; i <= k < n ==>
        a[k] == \at(a[k], Pre) && b[k] == \at(b[k], Pre);
      loop invariant D6_unaliased_a_unchanged:
        c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \at(a[k], Pre);
      loop invariant D6_unaliased_b_unchanged:
        c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \at(b[k], Pre);
      loop assigns i, c[0 .. n - 1];
      loop variant n - i;
  */
  for (size_t i = 0; i < n; ++i) {
    c[i] = (int32_t)(a[i] / b[i]);
  }
}

/* int64: [impl->req~I1~1] */
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
void sonnx_div_i64(const int64_t* a, const int64_t* b, int64_t* c, size_t n) {
  /*@ loop invariant C1_index_in_bounds: 0 <= i <= n;
      loop invariant I1_truncated_quotient: \forall integer k; 0 <= k < i ==>
        sonnx_div_int64_spec(\at(a[k], Pre), \at(b[k], Pre), c[k]);
      loop invariant D6_inputs_not_yet_read_unchanged: \forall integer k; i <= k < n ==>
        a[k] == \at(a[k], Pre) && b[k] == \at(b[k], Pre);
      loop invariant D6_unaliased_a_unchanged:
        c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \at(a[k], Pre);
      loop invariant D6_unaliased_b_unchanged:
        c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \at(b[k], Pre);
      loop assigns i, c[0 .. n - 1];
      loop variant n - i;
  */
  for (size_t i = 0; i < n; ++i) {
    c[i] = (int64_t)(a[i] / b[i]);
  }
}

/* uint8: [impl->req~I1~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    requires C1_valid_c: \valid(c + (0 .. n - 1));
    requires D6_exact_alias_or_disjoint:
      (c == a || \separated(c + (0 .. n - 1), a + (0 .. n - 1))) &&
      (c == b || \separated(c + (0 .. n - 1), b + (0 .. n - 1)));
    requires C3_nonzero_divisor: \forall integer k; 0 <= k < n ==> b[k] != 0;
    assigns c[0 .. n - 1];
    ensures I1_truncated_quotient:
      \forall integer k; 0 <= k < n ==> sonnx_div_uint8_spec(\old(a[k]), \old(b[k]), c[k]);
    ensures D6_unaliased_inputs_unchanged:
      (c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \old(a[k])) &&
      (c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \old(b[k]));
*/
void sonnx_div_u8(const uint8_t* a, const uint8_t* b, uint8_t* c, size_t n) {
  /*@ loop invariant C1_index_in_bounds: 0 <= i <= n;
      loop invariant I1_truncated_quotient: \forall integer k; 0 <= k < i ==>
        sonnx_div_uint8_spec(\at(a[k], Pre), \at(b[k], Pre), c[k]);
      loop invariant D6_inputs_not_yet_read_unchanged: \forall integer k; i <= k < n ==>
        a[k] == \at(a[k], Pre) && b[k] == \at(b[k], Pre);
      loop invariant D6_unaliased_a_unchanged:
        c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \at(a[k], Pre);
      loop invariant D6_unaliased_b_unchanged:
        c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \at(b[k], Pre);
      loop assigns i, c[0 .. n - 1];
      loop variant n - i;
  */
  for (size_t i = 0; i < n; ++i) {
    c[i] = (uint8_t)(a[i] / b[i]);
  }
}

/* uint16: [impl->req~I1~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    requires C1_valid_c: \valid(c + (0 .. n - 1));
    requires D6_exact_alias_or_disjoint:
      (c == a || \separated(c + (0 .. n - 1), a + (0 .. n - 1))) &&
      (c == b || \separated(c + (0 .. n - 1), b + (0 .. n - 1)));
    requires C3_nonzero_divisor: \forall integer k; 0 <= k < n ==> b[k] != 0;
    assigns c[0 .. n - 1];
    ensures I1_truncated_quotient:
      \forall integer k; 0 <= k < n ==> sonnx_div_uint16_spec(\old(a[k]), \old(b[k]), c[k]);
    ensures D6_unaliased_inputs_unchanged:
      (c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \old(a[k])) &&
      (c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \old(b[k]));
*/
void sonnx_div_u16(const uint16_t* a, const uint16_t* b, uint16_t* c, size_t n) {
  /*@ loop invariant C1_index_in_bounds: 0 <= i <= n;
      loop invariant I1_truncated_quotient: \forall integer k; 0 <= k < i ==>
        sonnx_div_uint16_spec(\at(a[k], Pre), \at(b[k], Pre), c[k]);
      loop invariant D6_inputs_not_yet_read_unchanged: \forall integer k; i <= k < n ==>
        a[k] == \at(a[k], Pre) && b[k] == \at(b[k], Pre);
      loop invariant D6_unaliased_a_unchanged:
        c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \at(a[k], Pre);
      loop invariant D6_unaliased_b_unchanged:
        c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \at(b[k], Pre);
      loop assigns i, c[0 .. n - 1];
      loop variant n - i;
  */
  for (size_t i = 0; i < n; ++i) {
    c[i] = (uint16_t)(a[i] / b[i]);
  }
}

/* uint32: [impl->req~I1~1] */
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    requires C1_valid_c: \valid(c + (0 .. n - 1));
    requires D6_exact_alias_or_disjoint:
      (c == a || \separated(c + (0 .. n - 1), a + (0 .. n - 1))) &&
      (c == b || \separated(c + (0 .. n - 1), b + (0 .. n - 1)));
    requires C3_nonzero_divisor: \forall integer k; 0 <= k < n ==> b[k] != 0;
    assigns c[0 .. n - 1];
    ensures I1_truncated_quotient:
      \forall integer k; 0 <= k < n ==> sonnx_div_uint32_spec(\old(a[k]), \old(b[k]), c[k]);
    ensures D6_unaliased_inputs_unchanged:
      (c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \old(a[k])) &&
      (c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \old(b[k]));
*/
void sonnx_div_u32(const uint32_t* a, const uint32_t* b, uint32_t* c, size_t n) {
  /*@ loop invariant C1_index_in_bounds: 0 <= i <= n;
      loop invariant I1_truncated_quotient: \forall integer k; 0 <= k < i ==>
        sonnx_div_uint32_spec(\at(a[k], Pre), \at(b[k], Pre), c[k]);
      loop invariant D6_inputs_not_yet_read_unchanged: \forall integer k; i <= k < n ==>
        a[k] == \at(a[k], Pre) && b[k] == \at(b[k], Pre);
      loop invariant D6_unaliased_a_unchanged:
        c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \at(a[k], Pre);
      loop invariant D6_unaliased_b_unchanged:
        c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \at(b[k], Pre);
      loop assigns i, c[0 .. n - 1];
      loop variant n - i;
  */
  for (size_t i = 0; i < n; ++i) {
    c[i] = (uint32_t)(a[i] / b[i]);
  }
}

/* uint64: [impl->req~I1~1] */
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
void sonnx_div_u64(const uint64_t* a, const uint64_t* b, uint64_t* c, size_t n) {
  /*@ loop invariant C1_index_in_bounds: 0 <= i <= n;
      loop invariant I1_truncated_quotient: \forall integer k; 0 <= k < i ==>
        sonnx_div_uint64_spec(\at(a[k], Pre), \at(b[k], Pre), c[k]);
      loop invariant D6_inputs_not_yet_read_unchanged: \forall integer k; i <= k < n ==>
        a[k] == \at(a[k], Pre) && b[k] == \at(b[k], Pre);
      loop invariant D6_unaliased_a_unchanged:
        c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \at(a[k], Pre);
      loop invariant D6_unaliased_b_unchanged:
        c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \at(b[k], Pre);
      loop assigns i, c[0 .. n - 1];
      loop variant n - i;
  */
  for (size_t i = 0; i < n; ++i) {
    c[i] = (uint64_t)(a[i] / b[i]);
  }
}
