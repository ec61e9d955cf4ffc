/* Shape, element-count and buffer checks of the checked operators, in the C/C++ common subset so
 * that Frama-C/WP proves the very file g++ compiles (proofs/frama-c/README.md). Each function
 * decides one check and returns a verdict; the C++ façade (src/div/div.cpp) only turns a verdict
 * into a Status message. Clause labels start with the requirement ID (docs/CONVENTIONS.md). */
#ifndef SONNX_VALIDATION_H
#define SONNX_VALIDATION_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The outcome of a check; SONNX_VALID is the only success. */
typedef enum {
  SONNX_VALID = 0,
  SONNX_NEGATIVE_DIMENSION = 1,   /* D8 */
  SONNX_SIZE_OVERFLOW = 2,        /* D8 */
  SONNX_NULL_DATA = 3,            /* D8 */
  SONNX_PARTIAL_OVERLAP = 4,      /* D6 */
  SONNX_ZERO_DIVISOR = 5,         /* C3 */
  SONNX_QUOTIENT_OVERFLOW = 6,    /* D3 */
  SONNX_NON_NUMERIC_TYPE = 7,     /* R3 */
  SONNX_TYPE_MISMATCH = 8,        /* C2 */
  SONNX_SPARSE_TENSOR = 9,        /* R2 */
  SONNX_BROADCAST_FORBIDDEN = 10, /* R4 */
  SONNX_SHAPE_MISMATCH = 11,      /* R1 */
  SONNX_OUTPUT_SHAPE_MISMATCH = 12 /* C1 */
} sonnx_verdict;

/* The element types of the profile, by their ONNX TensorProto.DataType codes (ONNX IR
   specification, onnx.proto, TensorProto.DataType); sonnx::DataType uses the same codes. */
#define SONNX_TYPE_FLOAT32 1
#define SONNX_TYPE_UINT8 2
#define SONNX_TYPE_INT8 3
#define SONNX_TYPE_UINT16 4
#define SONNX_TYPE_INT16 5
#define SONNX_TYPE_INT32 6
#define SONNX_TYPE_INT64 7
#define SONNX_TYPE_FLOAT16 10
#define SONNX_TYPE_FLOAT64 11
#define SONNX_TYPE_UINT32 12
#define SONNX_TYPE_UINT64 13
#define SONNX_TYPE_BFLOAT16 16

/*@ // Number of elements of the first k dimensions (the empty product is 1: rank 0, D5).
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

/* R3: the element size in bytes of a type code, 0 for a code outside the 12 numeric types.
   [impl->req~R3~1] */
/*@ assigns \nothing;
    ensures R3_element_bytes: \result == sonnx_element_bytes_of(type);
*/
size_t sonnx_element_bytes(int32_t type);

/* R3, C2, R2, in this order: every type code is numeric (else *which is the first tensor that is
   not, 0 = A, 1 = B, 2 = C), the three codes are equal, and no tensor is sparse (a nonzero flag;
   *which is the first sparse one). [impl->req~R3~1] [impl->req~C2~1] [impl->req~R2~1] */
/*@ requires R3_valid_which: \valid(which);
    assigns *which;
    behavior R3_non_numeric:
      assumes sonnx_element_bytes_of(a) == 0 || sonnx_element_bytes_of(b) == 0 ||
              sonnx_element_bytes_of(c) == 0;
      ensures R3_first_non_numeric: \result == SONNX_NON_NUMERIC_TYPE &&
        *which == (sonnx_element_bytes_of(a) == 0 ? 0 : sonnx_element_bytes_of(b) == 0 ? 1 : 2);
    behavior C2_mismatch:
      assumes sonnx_element_bytes_of(a) != 0 && sonnx_element_bytes_of(b) != 0 &&
              sonnx_element_bytes_of(c) != 0;
      assumes a != b || a != c;
      ensures C2_type_mismatch: \result == SONNX_TYPE_MISMATCH;
    behavior R2_sparse:
      assumes sonnx_element_bytes_of(a) != 0 && a == b && a == c;
      assumes a_sparse != 0 || b_sparse != 0 || c_sparse != 0;
      ensures R2_first_sparse: \result == SONNX_SPARSE_TENSOR &&
        *which == (a_sparse != 0 ? 0 : b_sparse != 0 ? 1 : 2);
    behavior R3_C2_R2_valid:
      assumes sonnx_element_bytes_of(a) != 0 && a == b && a == c;
      assumes a_sparse == 0 && b_sparse == 0 && c_sparse == 0;
      ensures R3_C2_R2_accepted: \result == SONNX_VALID;
    complete behaviors;
    disjoint behaviors;
*/
sonnx_verdict sonnx_check_types(int32_t a, int32_t b, int32_t c, int32_t a_sparse,
                                int32_t b_sparse, int32_t c_sparse, size_t* which);

/* C1, R1: whether two shapes are the same (rank and dimensions). [impl->req~C1~1] */
/*@ requires C1_valid_shapes: \valid_read(x + (0 .. x_rank - 1)) &&
                              \valid_read(y + (0 .. y_rank - 1));
    assigns \nothing;
    ensures C1_same_shape: \result != 0 <==> sonnx_same_shape(x, x_rank, y, y_rank);
*/
int32_t sonnx_same_shape(const int64_t* x, size_t x_rank, const int64_t* y, size_t y_rank);

/* R4: whether two shapes are broadcastable to each other (ONNX multidirectional broadcasting).
   [impl->req~R4~1] */
/*@ requires R4_valid_shapes: \valid_read(x + (0 .. x_rank - 1)) &&
                              \valid_read(y + (0 .. y_rank - 1));
    assigns \nothing;
    ensures R4_broadcastable: \result != 0 <==> sonnx_broadcastable(x, x_rank, y, y_rank);
*/
int32_t sonnx_shapes_broadcastable(const int64_t* x, size_t x_rank, const int64_t* y,
                                   size_t y_rank);

/* R4, R1, C1, in this order: A and B have the same shape (else R4 when they are broadcastable,
   R1 otherwise), and C has it too. [impl->req~R4~1] [impl->req~R1~1] [impl->req~C1~1] */
/*@ requires C1_valid_shapes: \valid_read(a + (0 .. a_rank - 1)) &&
      \valid_read(b + (0 .. b_rank - 1)) && \valid_read(c + (0 .. c_rank - 1));
    assigns \nothing;
    behavior R4_broadcast:
      assumes !sonnx_same_shape(a, a_rank, b, b_rank) && sonnx_broadcastable(a, a_rank, b, b_rank);
      ensures R4_broadcast_forbidden: \result == SONNX_BROADCAST_FORBIDDEN;
    behavior R1_mismatch:
      assumes !sonnx_same_shape(a, a_rank, b, b_rank) &&
              !sonnx_broadcastable(a, a_rank, b, b_rank);
      ensures R1_shape_mismatch: \result == SONNX_SHAPE_MISMATCH;
    behavior C1_output_mismatch:
      assumes sonnx_same_shape(a, a_rank, b, b_rank) && !sonnx_same_shape(a, a_rank, c, c_rank);
      ensures C1_output_shape_mismatch: \result == SONNX_OUTPUT_SHAPE_MISMATCH;
    behavior C1_same:
      assumes sonnx_same_shape(a, a_rank, b, b_rank) && sonnx_same_shape(a, a_rank, c, c_rank);
      ensures C1_shapes_accepted: \result == SONNX_VALID;
    complete behaviors;
    disjoint behaviors;
*/
sonnx_verdict sonnx_check_shapes(const int64_t* a, size_t a_rank, const int64_t* b,
                                 size_t b_rank, const int64_t* c, size_t c_rank);

/* D8, D4, D5: the shape's dimensions are non-negative and its element count times element_bytes
   is a representable byte count (at most PTRDIFF_MAX). On SONNX_VALID, *count is the element
   count (0 for an empty tensor, 1 for rank 0); on SONNX_NEGATIVE_DIMENSION, *position is the
   first negative axis. [impl->req~D8~1] [impl->req~D4~1] [impl->req~D5~1] */
/*@ requires D8_valid_shape: \valid_read(shape + (0 .. rank - 1));
    requires D8_valid_outputs: \valid(count) && \valid(position) && \separated(count, position);
    requires D8_element_bytes: 1 <= element_bytes <= 8;
    assigns *count, *position;
    behavior D8_negative_dimension:
      assumes \exists integer k; 0 <= k < rank && shape[k] < 0;
      ensures D8_first_negative_axis: \result == SONNX_NEGATIVE_DIMENSION &&
        0 <= *position < rank && shape[*position] < 0 &&
        \forall integer k; 0 <= k < *position ==> shape[k] >= 0;
    behavior D4_empty:
      assumes \forall integer k; 0 <= k < rank ==> shape[k] >= 0;
      assumes \exists integer k; 0 <= k < rank && shape[k] == 0;
      ensures D4_no_elements: \result == SONNX_VALID && *count == 0;
    behavior D8_counted:
      assumes \forall integer k; 0 <= k < rank ==> shape[k] > 0;
      ensures D8_count_representable: \result == SONNX_VALID <==>
        sonnx_shape_product(shape, rank) <= PTRDIFF_MAX / element_bytes;
      ensures D8_count_overflow: \result != SONNX_VALID ==> \result == SONNX_SIZE_OVERFLOW;
      ensures D5_element_count: \result == SONNX_VALID ==>
        *count == sonnx_shape_product(shape, rank);
    complete behaviors;
    disjoint behaviors;
*/
sonnx_verdict sonnx_check_shape(const int64_t* shape, size_t rank, size_t element_bytes,
                                size_t* count, size_t* position);

/* D8, D6: with `bytes` bytes per tensor and the data addresses as integers (the façade passes the
   addresses of the caller's pointers, assumption AS-MEM-2): nothing to check for an empty tensor;
   otherwise no address is 0 (null data), and C is the same range as A (B) or disjoint from it.
   *which is the tensor at fault (0 = A, 1 = B, 2 = C). [impl->req~D8~1] [impl->req~D6~1] */
/*@ requires D6_valid_which: \valid(which);
    assigns *which;
    ensures D8_D6_valid: \result == SONNX_VALID <==> (bytes == 0 ||
      (a != 0 && b != 0 && c != 0 &&
       sonnx_same_or_disjoint(c, a, bytes) && sonnx_same_or_disjoint(c, b, bytes)));
    ensures D8_null_data: \result == SONNX_NULL_DATA ==> bytes != 0 && 0 <= *which <= 2 &&
      (*which == 0 ? a == 0 : *which == 1 ? b == 0 : c == 0);
    ensures D6_partial_overlap: \result == SONNX_PARTIAL_OVERLAP ==> 0 <= *which <= 1 &&
      !sonnx_same_or_disjoint(c, *which == 0 ? a : b, bytes);
    ensures D6_verdicts: \result == SONNX_VALID || \result == SONNX_NULL_DATA ||
      \result == SONNX_PARTIAL_OVERLAP;
*/
sonnx_verdict sonnx_check_buffers(uintptr_t a, uintptr_t b, uintptr_t c, size_t bytes,
                                  size_t* which);

#ifdef __cplusplus
}
#endif

#endif /* SONNX_VALIDATION_H */
