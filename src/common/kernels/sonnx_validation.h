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
  SONNX_QUOTIENT_OVERFLOW = 6     /* D3 */
} sonnx_verdict;

/*@ // Number of elements of the first k dimensions (the empty product is 1: rank 0, D5).
    logic integer sonnx_shape_product{L}(int64_t* shape, integer k) =
      k <= 0 ? 1 : sonnx_shape_product(shape, k - 1) * shape[k - 1];

    // Two byte ranges of the same length, given by their integer addresses, are the same range
    // or do not meet.
    predicate sonnx_same_or_disjoint(integer x, integer y, integer bytes) =
      x == y || x + bytes <= y || y + bytes <= x;
*/

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
