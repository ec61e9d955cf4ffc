/* The ACSL logic of the proved C subset, in one place (ACSL by Example style): every predicate and
 * logic function that the contracts of the kernels, route kernels, domain scans and checks use.
 * For a C or C++ compiler this file is comments and two includes; Frama-C reads the annotations.
 * Each function's contract is written out on its definition, in the .c file beside its body.
 *
 * Symbols declared in an axiomatic block without definition are bound to Why3 by the WP driver
 * proofs/frama-c/div_element.driver (assumption AS-WP-1): the comment beside each names the Why3
 * symbol, so that the ACSL symbol IS the Why3 definition. */
#ifndef SONNX_LOGIC_H
#define SONNX_LOGIC_H

#include <stddef.h>
#include <stdint.h>

#include "sonnx_validation.h"

/*@ // ---- Element relations of the Why3 specification (spec/why3/div_element.mlw) ----------------
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

    // Identity of floating-point data: ACSL == on floats compares real values and cannot say "not
    // modified" (NaN payloads, signed zeros); bound to Why3 equality (div_element_bridge.mlw).
    axiomatic SonnxDivFloatIdentity {
      predicate sonnx_div_same_float32(float x, float y);   // Identity.same_float32
      predicate sonnx_div_same_float64(double x, double y); // Identity.same_float64
    }

    // float16 / bfloat16 elements are uint16_t bit patterns. WP cannot relate a bit pattern to an
    // IEEE value (the conversions use memcpy bit casts), so the element relation is named
    // abstractly: sonnx_div_binary16_bits(a, b) stands for the bit pattern of the binary16 RNE
    // quotient of the binary16 values with bit patterns a and b (bfloat16 likewise). WP proves
    // that the kernels apply the element functions element-wise; that the element functions
    // compute these bit patterns is established by the exhaustive sweep over all 2^32 operand
    // pairs against the MPFR oracle, not by WP (assumption AS-WP-2).
    axiomatic SonnxDivHalfElement {
      logic integer sonnx_div_binary16_bits(integer a, integer b);
      logic integer sonnx_div_bfloat16_bits(integer a, integer b);
    }
    predicate sonnx_div_binary16_applied(integer a, integer b, integer c) =
      c == sonnx_div_binary16_bits(a, b);
    predicate sonnx_div_bfloat16_applied(integer a, integer b, integer c) =
      c == sonnx_div_bfloat16_bits(a, b);

    // ---- The integer definition domain (C3: no zero divisor; D3: not MIN / -1) -----------------
    predicate sonnx_div_signed_domain(integer a, integer b, integer min) =
      b != 0 && !(a == min && b == -1);
    predicate sonnx_div_unsigned_domain(integer a, integer b) = b != 0;
    predicate sonnx_div_in_domain_i8(integer a, integer b) =
      sonnx_div_signed_domain(a, b, INT8_MIN);
    predicate sonnx_div_in_domain_i16(integer a, integer b) =
      sonnx_div_signed_domain(a, b, INT16_MIN);
    predicate sonnx_div_in_domain_i32(integer a, integer b) =
      sonnx_div_signed_domain(a, b, INT32_MIN);
    predicate sonnx_div_in_domain_i64(integer a, integer b) =
      sonnx_div_signed_domain(a, b, INT64_MIN);

    // ---- The integer routes through binary32 / binary64 (D9) ------------------------------------
    // WP's value of the C expressions (T)((float)a / (float)b) and (T)((double)a / (double)b)
    // before the conversion to T: the truncated real value of the IEEE quotient (round to nearest
    // even) of the converted operands. The driver binds them to functions of the bridge
    // proofs/frama-c/div_element_bridge.mlw, whose lemmas d9_route_<type> (proved by the Why3 gate
    // from the D9 lemmas of spec/why3/div_fastpath.mlw) state that, on the domain of each type, the
    // value is the truncated quotient.
    axiomatic SonnxDivRoutes {
      logic integer sonnx_div_binary32_route(integer a, integer b); // Route_binary32.binary32_route
      logic integer sonnx_div_binary64_route(integer a, integer b); // Route_binary64.binary64_route
      // the uint32 route's value, given the shifted operands k = u - 2^31 and j = v - 2^31:
      // ((double)k + 2^31.0) / ((double)j + 2^31.0), truncated (bridge lemma
      // d9_route_uint32_via_int32: the truncated quotient of u and v)
      logic integer sonnx_div_uint32_route(integer a, integer b); // Route_binary64.uint32_route
    }
    // The 64-bit operands for which the binary64 route is exact: |x| < 2^53 (every such integer
    // converts exactly, and a quotient's distance to the next integer, at least 1/|b|, exceeds
    // half its spacing; bridge lemmas d9_route_int64 / d9_route_uint64).
    predicate sonnx_div_below_2p53(integer x) = -0x1FFFFFFFFFFFFF <= x <= 0x1FFFFFFFFFFFFF;
    // The 64-bit operands that also convert through int32, which x86-64 before AVX-512 does in
    // vector registers: |x| < 2^31 (the quotient then fits int32 as well).
    predicate sonnx_div_below_2p31(integer x) = -0x7FFFFFFF <= x <= 0x7FFFFFFF;

    // ---- Shapes, types and buffers of the checks (sonnx_validation.c) ---------------------------
    // Number of elements of the first k dimensions (the empty product is 1: rank 0, D5).
    logic integer sonnx_shape_product{L}(int64_t* shape, integer k) =
      k <= 0 ? 1 : sonnx_shape_product(shape, k - 1) * shape[k - 1];

    // Two byte ranges of the same length, given by their integer addresses, are the same range
    // or do not meet.
    predicate sonnx_same_or_disjoint(integer x, integer y, integer bytes) =
      x == y || x + bytes <= y || y + bytes <= x;

    // R3: the element size of the 12 numeric types of the profile; 0 for any other code.
    logic integer sonnx_element_bytes_of(integer type) =
      (type == SONNX_TYPE_UINT8 || type == SONNX_TYPE_INT8) ? 1 :
      (type == SONNX_TYPE_UINT16 || type == SONNX_TYPE_INT16 || type == SONNX_TYPE_FLOAT16 ||
       type == SONNX_TYPE_BFLOAT16) ? 2 :
      (type == SONNX_TYPE_FLOAT32 || type == SONNX_TYPE_INT32 || type == SONNX_TYPE_UINT32) ? 4 :
      (type == SONNX_TYPE_INT64 || type == SONNX_TYPE_FLOAT64 || type == SONNX_TYPE_UINT64) ? 8 :
      0;

    // C1, R1: the same rank and the same dimensions.
    predicate sonnx_same_shape{L}(int64_t* x, integer x_rank, int64_t* y, integer y_rank) =
      x_rank == y_rank && \forall integer k; 0 <= k < x_rank ==> x[k] == y[k];

    // R4: ONNX multidirectional (NumPy) broadcasting: aligned from the last axis (x[m] with
    // y[m + y_rank - x_rank]), each pair of dimensions is equal or one of them is 1 (ONNX
    // Operators, "Broadcasting in ONNX").
    predicate sonnx_broadcastable{L}(int64_t* x, integer x_rank, int64_t* y, integer y_rank) =
      \forall integer m; 0 <= m < x_rank && 0 <= m + y_rank - x_rank ==>
        x[m] == y[m + y_rank - x_rank] || x[m] == 1 || y[m + y_rank - x_rank] == 1;
*/

#endif /* SONNX_LOGIC_H */
