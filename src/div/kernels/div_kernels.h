/* SONNX Div element-wise kernels, one per element type: c[i] = a[i] / b[i] for 0 <= i < n.
 * C/C++ common subset (Frama-C reads the same file). Preconditions, which the checked API
 * (include/sonnx/div.hpp) establishes before calling: a, b, c valid for n elements; c either
 * equal to a or b, or disjoint from both; for integers b[i] != 0 (C3) and, for signed types,
 * not (a[i] == MIN && b[i] == -1) (D3). float16 and bfloat16 elements are bit patterns.
 *
 * The ACSL contracts below (ACSL-by-Example style: contracts on the declarations) are proved by
 * Frama-C/WP on div_kernels.c, see proofs/frama-c/README.md. Clause labels start with the
 * requirement ID (docs/CONVENTIONS.md). */
#ifndef SONNX_DIV_KERNELS_H
#define SONNX_DIV_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*@ // Element semantics of the Why3 specification (spec/why3/div_element.mlw). These symbols have
    // no ACSL definition: proofs/frama-c/div_element.driver binds each one to the Why3 predicate
    // named in the comment, so the ACSL symbol IS the Why3 definition (assumption AS-WP-1).
    axiomatic SonnxDivWhy3Spec {
      predicate sonnx_div_float32_spec(float a, float b, float c);      // Div_float32.div_float32
      predicate sonnx_div_float64_spec(double a, double b, double c);   // Div_float64.div_float64
      predicate sonnx_div_int8_spec(integer a, integer b, integer c);   // Div_int8.div_int8
      predicate sonnx_div_int16_spec(integer a, integer b, integer c);  // Div_int16.div_int16
      predicate sonnx_div_int32_spec(integer a, integer b, integer c);  // Div_int32.div_int32
      predicate sonnx_div_int64_spec(integer a, integer b, integer c);  // Div_int64.div_int64
      predicate sonnx_div_uint8_spec(integer a, integer b, integer c);  // Div_uint8.div_uint8
      predicate sonnx_div_uint16_spec(integer a, integer b, integer c); // Div_uint16.div_uint16
      predicate sonnx_div_uint32_spec(integer a, integer b, integer c); // Div_uint32.div_uint32
      predicate sonnx_div_uint64_spec(integer a, integer b, integer c); // Div_uint64.div_uint64
    }

    // Identity of floating-point data (ACSL == on floats compares real values and cannot say "not
    // modified"), bound to Why3 equality by the bridge proofs/frama-c/div_element_bridge.mlw.
    axiomatic SonnxDivFloatIdentity {
      predicate sonnx_div_same_float32(float x, float y);   // Identity.same_float32
      predicate sonnx_div_same_float64(double x, double y); // Identity.same_float64
    }
    predicate sonnx_div_same_integer(integer x, integer y) = x == y;

    // float16 / bfloat16 elements are uint16_t bit patterns. WP cannot relate a bit pattern to an
    // IEEE value (the conversions use memcpy bit casts), so the element relation is named
    // abstractly: sonnx_div_binary16_bits(a, b) stands for the bit pattern of the binary16 RNE
    // quotient of the binary16 values with bit patterns a and b (bfloat16 likewise). WP proves that
    // the kernels apply the element functions element-wise; that the element functions compute
    // these bit patterns is established by the exhaustive sweep over all 2^32 operand pairs
    // against the MPFR oracle, not by WP (assumption AS-WP-2).
    axiomatic SonnxDivHalfElement {
      logic integer sonnx_div_binary16_bits(integer a, integer b);
      logic integer sonnx_div_bfloat16_bits(integer a, integer b);
    }

    predicate sonnx_div_binary16_applied(integer a, integer b, integer c) =
      c == sonnx_div_binary16_bits(a, b);
    predicate sonnx_div_bfloat16_applied(integer a, integer b, integer c) =
      c == sonnx_div_bfloat16_bits(a, b);
*/

/* The clauses every kernel contract shares (Frama-C preprocesses annotations, -pp-annot; for g++
   they are comments). Each contract is then its type's element relation and integer domain. */
#define SONNX_DIV_KERNEL_BUFFERS                                                              \
  requires C1_valid_a: \valid_read(a + (0 .. n - 1));                                      \
  requires C1_valid_b: \valid_read(b + (0 .. n - 1));                                      \
  requires C1_valid_c: \valid(c + (0 .. n - 1));                                           \
  requires D6_exact_alias_or_disjoint:                                                      \
      (c == a || \separated(c + (0 .. n - 1), a + (0 .. n - 1))) &&                         \
      (c == b || \separated(c + (0 .. n - 1), b + (0 .. n - 1)));
#define SONNX_DIV_KERNEL_NONZERO_DIVISOR                                                      \
  requires C3_nonzero_divisor: \forall integer k; 0 <= k < n ==> b[k] != 0;
#define SONNX_DIV_KERNEL_NO_MIN_BY_MINUS_ONE(MIN)                                             \
  requires D3_no_min_div_minus_one:                                                         \
      \forall integer k; 0 <= k < n ==> !(a[k] == MIN && b[k] == -1);
/* LABEL: the requirement clause of the element relation RELATION(a, b, c); SAME: the identity of
   the element type (ACSL == for integers and bit patterns, the Why3 identity for floats). */
#define SONNX_DIV_KERNEL_RESULT(LABEL, RELATION, SAME)                                        \
  assigns c[0 .. n - 1];                                                                    \
  ensures LABEL:                                                                            \
      \forall integer k; 0 <= k < n ==> RELATION(\old(a[k]), \old(b[k]), c[k]);             \
  ensures D6_unaliased_inputs_unchanged:                                                    \
      (c != a ==> \forall integer k; 0 <= k < n ==> SAME(a[k], \old(a[k]))) &&              \
      (c != b ==> \forall integer k; 0 <= k < n ==> SAME(b[k], \old(b[k])));
/* The integer kernels: truncated quotient (I1) under the domain (C3; D3 for signed types). */
#define SONNX_DIV_SIGNED_KERNEL_CONTRACT(MIN, RELATION)                                       \
  SONNX_DIV_KERNEL_BUFFERS SONNX_DIV_KERNEL_NONZERO_DIVISOR                                 \
  SONNX_DIV_KERNEL_NO_MIN_BY_MINUS_ONE(MIN)                                                 \
  SONNX_DIV_KERNEL_RESULT(I1_truncated_quotient, RELATION, sonnx_div_same_integer)
#define SONNX_DIV_UNSIGNED_KERNEL_CONTRACT(RELATION)                                          \
  SONNX_DIV_KERNEL_BUFFERS SONNX_DIV_KERNEL_NONZERO_DIVISOR                                 \
  SONNX_DIV_KERNEL_RESULT(I1_truncated_quotient, RELATION, sonnx_div_same_integer)

/*@ SONNX_DIV_KERNEL_BUFFERS
    SONNX_DIV_KERNEL_RESULT(F2_applies_binary16_element, sonnx_div_binary16_applied,
                            sonnx_div_same_integer) */
void sonnx_div_f16(const uint16_t* a, const uint16_t* b, uint16_t* c, size_t n);
/*@ SONNX_DIV_KERNEL_BUFFERS
    SONNX_DIV_KERNEL_RESULT(F2_applies_bfloat16_element, sonnx_div_bfloat16_applied,
                            sonnx_div_same_integer) */
void sonnx_div_bf16(const uint16_t* a, const uint16_t* b, uint16_t* c, size_t n);
/*@ SONNX_DIV_KERNEL_BUFFERS
    SONNX_DIV_KERNEL_RESULT(F1_ieee_quotient, sonnx_div_float32_spec, sonnx_div_same_float32) */
void sonnx_div_f32(const float* a, const float* b, float* c, size_t n);
/*@ SONNX_DIV_KERNEL_BUFFERS
    SONNX_DIV_KERNEL_RESULT(F1_ieee_quotient, sonnx_div_float64_spec, sonnx_div_same_float64) */
void sonnx_div_f64(const double* a, const double* b, double* c, size_t n);

/*@ SONNX_DIV_SIGNED_KERNEL_CONTRACT(INT8_MIN, sonnx_div_int8_spec) */
void sonnx_div_i8(const int8_t* a, const int8_t* b, int8_t* c, size_t n);
/*@ SONNX_DIV_SIGNED_KERNEL_CONTRACT(INT16_MIN, sonnx_div_int16_spec) */
void sonnx_div_i16(const int16_t* a, const int16_t* b, int16_t* c, size_t n);
/*@ SONNX_DIV_SIGNED_KERNEL_CONTRACT(INT32_MIN, sonnx_div_int32_spec) */
void sonnx_div_i32(const int32_t* a, const int32_t* b, int32_t* c, size_t n);
/*@ SONNX_DIV_SIGNED_KERNEL_CONTRACT(INT64_MIN, sonnx_div_int64_spec) */
void sonnx_div_i64(const int64_t* a, const int64_t* b, int64_t* c, size_t n);

/*@ SONNX_DIV_UNSIGNED_KERNEL_CONTRACT(sonnx_div_uint8_spec) */
void sonnx_div_u8(const uint8_t* a, const uint8_t* b, uint8_t* c, size_t n);
/*@ SONNX_DIV_UNSIGNED_KERNEL_CONTRACT(sonnx_div_uint16_spec) */
void sonnx_div_u16(const uint16_t* a, const uint16_t* b, uint16_t* c, size_t n);
/*@ SONNX_DIV_UNSIGNED_KERNEL_CONTRACT(sonnx_div_uint32_spec) */
void sonnx_div_u32(const uint32_t* a, const uint32_t* b, uint32_t* c, size_t n);
/*@ SONNX_DIV_UNSIGNED_KERNEL_CONTRACT(sonnx_div_uint64_spec) */
void sonnx_div_u64(const uint64_t* a, const uint64_t* b, uint64_t* c, size_t n);

/* Single-element float16/bfloat16 division: widen exactly to binary32, divide once (IEEE RNE),
   round once to the 16-bit format (RNE). binary32 has p = 24 >= 2p' + 2 bits for p' = 11 and 8,
   so the double rounding is innocuous; checked exhaustively over all 2^32 operand pairs. */
/*@ assigns \nothing;
    ensures F2_binary16_rne_quotient_bits: \result == sonnx_div_binary16_bits(a, b);
*/
uint16_t sonnx_div_binary16_element(uint16_t a, uint16_t b);
/*@ assigns \nothing;
    ensures F2_bfloat16_rne_quotient_bits: \result == sonnx_div_bfloat16_bits(a, b);
*/
uint16_t sonnx_div_bfloat16_element(uint16_t a, uint16_t b);

#ifdef __cplusplus
}
#endif

#endif /* SONNX_DIV_KERNELS_H */
