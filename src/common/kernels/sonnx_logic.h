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

    // ---- The integer definition domain (C3: no zero divisor; D3, signed types: not MIN / -1) ----
    // Bound by the driver to Why3's domain_<type> of the same theories (the definition domain of
    // the specification), so that the domain checks decide exactly the specification's domain.
    axiomatic SonnxDivWhy3Domain {
      predicate sonnx_div_domain_int8(integer a, integer b);   // Div_int8.domain_int8
      predicate sonnx_div_domain_int16(integer a, integer b);  // Div_int16.domain_int16
      predicate sonnx_div_domain_int32(integer a, integer b);  // Div_int32.domain_int32
      predicate sonnx_div_domain_int64(integer a, integer b);  // Div_int64.domain_int64
      predicate sonnx_div_domain_uint8(integer a, integer b);  // Div_uint8.domain_uint8
      predicate sonnx_div_domain_uint16(integer a, integer b); // Div_uint16.domain_uint16
      predicate sonnx_div_domain_uint32(integer a, integer b); // Div_uint32.domain_uint32
      predicate sonnx_div_domain_uint64(integer a, integer b); // Div_uint64.domain_uint64
    }

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
      type == SONNX_TYPE_FLOAT32 ? SONNX_BYTES_FLOAT32 :
      type == SONNX_TYPE_UINT8 ? SONNX_BYTES_UINT8 : type == SONNX_TYPE_INT8 ? SONNX_BYTES_INT8 :
      type == SONNX_TYPE_UINT16 ? SONNX_BYTES_UINT16 :
      type == SONNX_TYPE_INT16 ? SONNX_BYTES_INT16 :
      type == SONNX_TYPE_INT32 ? SONNX_BYTES_INT32 : type == SONNX_TYPE_INT64 ? SONNX_BYTES_INT64 :
      type == SONNX_TYPE_FLOAT16 ? SONNX_BYTES_FLOAT16 :
      type == SONNX_TYPE_FLOAT64 ? SONNX_BYTES_FLOAT64 :
      type == SONNX_TYPE_UINT32 ? SONNX_BYTES_UINT32 :
      type == SONNX_TYPE_UINT64 ? SONNX_BYTES_UINT64 :
      type == SONNX_TYPE_BFLOAT16 ? SONNX_BYTES_BFLOAT16 : 0;

    // C1, R1: the same rank and the same dimensions.
    predicate sonnx_same_shape{L}(int64_t* x, integer x_rank, int64_t* y, integer y_rank) =
      x_rank == y_rank && \forall integer k; 0 <= k < x_rank ==> x[k] == y[k];

    // R4: ONNX multidirectional (NumPy) broadcasting: aligned from the last axis (x[m] with
    // y[m + y_rank - x_rank]), each pair of dimensions is equal or one of them is 1 (ONNX
    // Operators, "Broadcasting in ONNX").
    predicate sonnx_broadcastable{L}(int64_t* x, integer x_rank, int64_t* y, integer y_rank) =
      \forall integer m; 0 <= m < x_rank && 0 <= m + y_rank - x_rank ==>
        x[m] == y[m + y_rank - x_rank] || x[m] == 1 || y[m + y_rank - x_rank] == 1;

    // ---- The verdict of each check, and of all of them in the documented order -----------------
    // R3, C2, R2, in this order (sonnx_check_types), and the tensor at fault (0 = A, 1 = B, 2 = C).
    logic integer sonnx_types_verdict(integer a, integer b, integer c, integer a_sparse,
                                      integer b_sparse, integer c_sparse) =
      (sonnx_element_bytes_of(a) == 0 || sonnx_element_bytes_of(b) == 0 ||
       sonnx_element_bytes_of(c) == 0) ? SONNX_NON_NUMERIC_TYPE :
      (a != b || a != c) ? SONNX_TYPE_MISMATCH :
      (a_sparse != 0 || b_sparse != 0 || c_sparse != 0) ? SONNX_SPARSE_TENSOR : SONNX_VALID;
    logic integer sonnx_types_tensor(integer a, integer b, integer c, integer a_sparse,
                                     integer b_sparse, integer c_sparse) =
      (sonnx_element_bytes_of(a) == 0 || sonnx_element_bytes_of(b) == 0 ||
       sonnx_element_bytes_of(c) == 0) ?
        (sonnx_element_bytes_of(a) == 0 ? 0 : sonnx_element_bytes_of(b) == 0 ? 1 : 2) :
      (a != b || a != c) ? 0 : (a_sparse != 0 ? 0 : b_sparse != 0 ? 1 : 2);

    // D8, D4, D5 for one tensor (sonnx_check_shape): no negative dimension, and an element count
    // (0 with a zero dimension, D4; the product of the dimensions otherwise, 1 for rank 0, D5)
    // whose bytes are a representable byte count. The verdicts with a quantifier in a case are
    // predicates of the verdict v, one implication per case.
    predicate sonnx_negative_dimension{L}(int64_t* shape, integer rank) =
      \exists integer k; 0 <= k < rank && shape[k] < 0;
    predicate sonnx_zero_dimension{L}(int64_t* shape, integer rank) =
      \exists integer k; 0 <= k < rank && shape[k] == 0;
    predicate sonnx_first_negative_axis{L}(int64_t* shape, integer rank, integer axis) =
      0 <= axis < rank && shape[axis] < 0 && \forall integer k; 0 <= k < axis ==> shape[k] >= 0;
    predicate sonnx_element_count{L}(int64_t* shape, integer rank, integer n) =
      (sonnx_zero_dimension(shape, rank) ==> n == 0) &&
      (!sonnx_zero_dimension(shape, rank) ==> n == sonnx_shape_product(shape, rank));
    predicate sonnx_shape_pass{L}(int64_t* shape, integer rank, integer bytes) =
      !sonnx_negative_dimension(shape, rank) && (sonnx_zero_dimension(shape, rank) ||
        sonnx_shape_product(shape, rank) <= PTRDIFF_MAX / bytes);
    predicate sonnx_shape_verdict{L}(int64_t* shape, integer rank, integer bytes, integer v) =
      (sonnx_negative_dimension(shape, rank) ==> v == SONNX_NEGATIVE_DIMENSION) &&
      (!sonnx_negative_dimension(shape, rank) && !sonnx_shape_pass(shape, rank, bytes) ==>
         v == SONNX_SIZE_OVERFLOW) &&
      (sonnx_shape_pass(shape, rank, bytes) ==> v == SONNX_VALID);

    // R4, R1, C1, in this order (sonnx_check_shapes).
    predicate sonnx_shapes_pass{L}(int64_t* a, integer a_rank, int64_t* b, integer b_rank,
                                   int64_t* c, integer c_rank) =
      sonnx_same_shape(a, a_rank, b, b_rank) && sonnx_same_shape(a, a_rank, c, c_rank);
    predicate sonnx_shapes_verdict{L}(int64_t* a, integer a_rank, int64_t* b, integer b_rank,
                                      int64_t* c, integer c_rank, integer v) =
      (!sonnx_same_shape(a, a_rank, b, b_rank) && sonnx_broadcastable(a, a_rank, b, b_rank) ==>
         v == SONNX_BROADCAST_FORBIDDEN) &&
      (!sonnx_same_shape(a, a_rank, b, b_rank) && !sonnx_broadcastable(a, a_rank, b, b_rank) ==>
         v == SONNX_SHAPE_MISMATCH) &&
      (sonnx_same_shape(a, a_rank, b, b_rank) && !sonnx_same_shape(a, a_rank, c, c_rank) ==>
         v == SONNX_OUTPUT_SHAPE_MISMATCH) &&
      (sonnx_shapes_pass(a, a_rank, b, b_rank, c, c_rank) ==> v == SONNX_VALID);

    // D8 (null data), D6 (partial overlap), in this order (sonnx_check_buffers), on the integer
    // addresses of the data and the byte count of each tensor, count elements of size bytes each;
    // and the tensor at fault t.
    predicate sonnx_buffers_pass(integer a, integer b, integer c, integer count, integer size) =
      \let bytes = count * size;
      bytes == 0 || (a != 0 && b != 0 && c != 0 &&
                     sonnx_same_or_disjoint(c, a, bytes) && sonnx_same_or_disjoint(c, b, bytes));
    predicate sonnx_buffers_verdict(integer a, integer b, integer c, integer count, integer size,
                                    integer v) =
      \let bytes = count * size;
      (bytes != 0 && (a == 0 || b == 0 || c == 0) ==> v == SONNX_NULL_DATA) &&
      (bytes != 0 && a != 0 && b != 0 && c != 0 && !sonnx_buffers_pass(a, b, c, count, size) ==>
         v == SONNX_PARTIAL_OVERLAP) &&
      (sonnx_buffers_pass(a, b, c, count, size) ==> v == SONNX_VALID);
    predicate sonnx_buffers_tensor(integer a, integer b, integer c, integer count, integer size,
                                   integer t) =
      \let bytes = count * size;
      (a == 0 ==> t == 0) && (a != 0 && b == 0 ==> t == 1) &&
      (a != 0 && b != 0 && c == 0 ==> t == 2) &&
      (a != 0 && b != 0 && c != 0 && !sonnx_same_or_disjoint(c, a, bytes) ==> t == 0) &&
      (a != 0 && b != 0 && c != 0 && sonnx_same_or_disjoint(c, a, bytes) ==> t == 1);

    // The checks of sonnx_div_validate in their documented order: R3, C2, R2; D8 for A, then B,
    // then C; R4, R1, C1; D8 (null data), D6. sonnx_checks_pass when none fails; otherwise the
    // first that fails decides the verdict v, the tensor at fault t and, for D8, the axis.
    predicate sonnx_types_pass(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c) =
      sonnx_types_verdict(a.type, b.type, c.type, a.sparse, b.sparse, c.sparse) == SONNX_VALID;
    predicate sonnx_shapes_checked{L}(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c) =
      \let bytes = sonnx_element_bytes_of(a.type);
      sonnx_types_pass(a, b, c) && sonnx_shape_pass(a.shape, a.rank, bytes) &&
      sonnx_shape_pass(b.shape, b.rank, bytes) && sonnx_shape_pass(c.shape, c.rank, bytes) &&
      sonnx_shapes_pass(a.shape, a.rank, b.shape, b.rank, c.shape, c.rank);
    predicate sonnx_checks_pass{L}(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c) =
      sonnx_shapes_checked(a, b, c) &&
      \forall integer n; sonnx_element_count(a.shape, a.rank, n) ==>
        sonnx_buffers_pass(a.address, b.address, c.address, n, sonnx_element_bytes_of(a.type));
    predicate sonnx_validation_outcome{L}(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                          integer v, integer t, integer axis, integer n) =
      \let types = sonnx_types_verdict(a.type, b.type, c.type, a.sparse, b.sparse, c.sparse);
      \let bytes = sonnx_element_bytes_of(a.type);
      \let a_pass = sonnx_shape_pass(a.shape, a.rank, bytes);
      \let b_pass = sonnx_shape_pass(b.shape, b.rank, bytes);
      \let c_pass = sonnx_shape_pass(c.shape, c.rank, bytes);
      (types != SONNX_VALID ==>
         v == types && t == sonnx_types_tensor(a.type, b.type, c.type, a.sparse, b.sparse,
                                               c.sparse)) &&
      (types == SONNX_VALID && !a_pass ==> t == 0 &&
         sonnx_shape_verdict(a.shape, a.rank, bytes, v) &&
         (v == SONNX_NEGATIVE_DIMENSION ==> sonnx_first_negative_axis(a.shape, a.rank, axis))) &&
      (types == SONNX_VALID && a_pass && !b_pass ==> t == 1 &&
         sonnx_shape_verdict(b.shape, b.rank, bytes, v) &&
         (v == SONNX_NEGATIVE_DIMENSION ==> sonnx_first_negative_axis(b.shape, b.rank, axis))) &&
      (types == SONNX_VALID && a_pass && b_pass && !c_pass ==> t == 2 &&
         sonnx_shape_verdict(c.shape, c.rank, bytes, v) &&
         (v == SONNX_NEGATIVE_DIMENSION ==> sonnx_first_negative_axis(c.shape, c.rank, axis))) &&
      (types == SONNX_VALID && a_pass && b_pass && c_pass &&
       !sonnx_shapes_pass(a.shape, a.rank, b.shape, b.rank, c.shape, c.rank) ==>
         sonnx_shapes_verdict(a.shape, a.rank, b.shape, b.rank, c.shape, c.rank, v) &&
         t == (v == SONNX_OUTPUT_SHAPE_MISMATCH ? 2 : 1)) &&
      (sonnx_shapes_checked(a, b, c) ==> sonnx_element_count(a.shape, a.rank, n) &&
         sonnx_buffers_verdict(a.address, b.address, c.address, n, bytes, v) &&
         (v != SONNX_VALID ==>
            sonnx_buffers_tensor(a.address, b.address, c.address, n, bytes, t)));
*/

#endif /* SONNX_LOGIC_H */
