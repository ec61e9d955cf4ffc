/* The integer route kernels of the 8-, 16- and 32-bit types (requirement D9): integer division
 * through binary32 (8/16-bit types) or binary64 (32-bit types), which compilers vectorize (the
 * conversions and the IEEE division have vector instructions, integer division has none). C/C++
 * common subset: compiled as C++ once per instruction set by the library build (the AVX2 object
 * renames the external functions with the suffix _avx2 by -D definitions, src/CMakeLists.txt),
 * parsed as C by Frama-C, which proves each function's contract, written on its definition (the
 * logic it names is in ../../common/kernels/sonnx_logic.h).
 *
 * Each route kernel has exactly the contract of the scalar kernel of its type (div_kernels.c):
 * same preconditions, same element relation (the Why3 predicate Div_<type>.div_<type>, truncated
 * quotient I1), and the scalar kernels' loop around a route element. A route element asserts the
 * route's value (which brings the bridge lemmas of proofs/frama-c/div_element_bridge.mlw into
 * WP's context); its ensures follows from it. C converts the finite quotient to the integer type
 * by discarding the fractional part (C11 6.3.1.4), defined here because the truncated quotient is
 * in the type's range. [impl->req~I1~1] [impl->req~D9~1] */
#include "div_route_kernels.h"

#include "../../common/kernels/sonnx_logic.h"

#if defined(__FAST_MATH__) || (defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__)
#error "the Div route kernels must be compiled with IEEE semantics (no -ffast-math)"
#endif

/* int8: (int8_t)((float)x / (float)y). */
/*@ requires C3_nonzero_divisor: y != 0;
    requires D3_no_min_div_minus_one: !(x == INT8_MIN && y == -1);
    assigns \nothing;
    ensures I1_truncated_quotient: sonnx_div_int8_spec(x, y, \result);
*/
static int8_t sonnx_div_int8_via_binary32(int8_t x, int8_t y) {
  /*@ assert D9_route_exact: sonnx_div_binary32_route(x, y) == x / y; */
  const float quotient = (float)x / (float)y;
  /*@ assert D9_float_to_int8: -129 < quotient < 128; */
  return (int8_t)quotient;
}

/* int8: the route element at every index. */
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
void sonnx_div_i8_via_binary32(const int8_t* a, const int8_t* b, int8_t* c, size_t n) {
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
    c[i] = sonnx_div_int8_via_binary32(a[i], b[i]);
  }
}

/* int16: (int16_t)((float)x / (float)y). */
/*@ requires C3_nonzero_divisor: y != 0;
    requires D3_no_min_div_minus_one: !(x == INT16_MIN && y == -1);
    assigns \nothing;
    ensures I1_truncated_quotient: sonnx_div_int16_spec(x, y, \result);
*/
static int16_t sonnx_div_int16_via_binary32(int16_t x, int16_t y) {
  /*@ assert D9_route_exact: sonnx_div_binary32_route(x, y) == x / y; */
  const float quotient = (float)x / (float)y;
  /*@ assert D9_float_to_int16: -32769 < quotient < 32768; */
  return (int16_t)quotient;
}

/* int16: the route element at every index. */
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
void sonnx_div_i16_via_binary32(const int16_t* a, const int16_t* b, int16_t* c, size_t n) {
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
    c[i] = sonnx_div_int16_via_binary32(a[i], b[i]);
  }
}

/* int32: (int32_t)((double)x / (double)y). */
/*@ requires C3_nonzero_divisor: y != 0;
    requires D3_no_min_div_minus_one: !(x == INT32_MIN && y == -1);
    assigns \nothing;
    ensures I1_truncated_quotient: sonnx_div_int32_spec(x, y, \result);
*/
static int32_t sonnx_div_int32_via_binary64(int32_t x, int32_t y) {
  /*@ assert D9_route_exact: sonnx_div_binary64_route(x, y) == x / y; */
  const double quotient = (double)x / (double)y;
  /*@ assert D9_float_to_int32: -2147483649 < quotient < 2147483648; */
  return (int32_t)quotient;
}

/* int32: the route element at every index. */
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
void sonnx_div_i32_via_binary64(const int32_t* a, const int32_t* b, int32_t* c, size_t n) {
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
    c[i] = sonnx_div_int32_via_binary64(a[i], b[i]);
  }
}

/* uint8: (uint8_t)((float)x / (float)y). */
/*@ requires C3_nonzero_divisor: y != 0;
    assigns \nothing;
    ensures I1_truncated_quotient: sonnx_div_uint8_spec(x, y, \result);
*/
static uint8_t sonnx_div_uint8_via_binary32(uint8_t x, uint8_t y) {
  /*@ assert D9_route_exact: sonnx_div_binary32_route(x, y) == x / y; */
  const float quotient = (float)x / (float)y;
  /*@ assert D9_float_to_uint8: -1 < quotient < 256; */
  return (uint8_t)quotient;
}

/* uint8: the route element at every index. */
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
void sonnx_div_u8_via_binary32(const uint8_t* a, const uint8_t* b, uint8_t* c, size_t n) {
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
    c[i] = sonnx_div_uint8_via_binary32(a[i], b[i]);
  }
}

/* uint16: (uint16_t)((float)x / (float)y). */
/*@ requires C3_nonzero_divisor: y != 0;
    assigns \nothing;
    ensures I1_truncated_quotient: sonnx_div_uint16_spec(x, y, \result);
*/
static uint16_t sonnx_div_uint16_via_binary32(uint16_t x, uint16_t y) {
  /*@ assert D9_route_exact: sonnx_div_binary32_route(x, y) == x / y; */
  const float quotient = (float)x / (float)y;
  /*@ assert D9_float_to_uint16: -1 < quotient < 65536; */
  return (uint16_t)quotient;
}

/* uint16: the route element at every index. */
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
void sonnx_div_u16_via_binary32(const uint16_t* a, const uint16_t* b, uint16_t* c, size_t n) {
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
    c[i] = sonnx_div_uint16_via_binary32(a[i], b[i]);
  }
}

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
  /*@ assert D9_float_to_int32: -2147483649 < quotient < 2147483648; */
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

/* uint32: the route element at every index. */
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
void sonnx_div_u32_via_binary64(const uint32_t* a, const uint32_t* b, uint32_t* c, size_t n) {
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
    c[i] = sonnx_div_uint32_via_binary64(a[i], b[i]);
  }
}
