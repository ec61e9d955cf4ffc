/* C/C++ common subset: compiled as C++ by the library build, parsed as C by Frama-C. */
#include "sonnx_validation.h"

sonnx_verdict sonnx_check_shape(const int64_t* shape, size_t rank, size_t element_bytes,
                                size_t* count, size_t* position) {
  sonnx_verdict verdict = SONNX_VALID;
  size_t empty = 0U;
  size_t k = 0U;
  /*@ loop invariant D8_axes_in_bounds: 0 <= k <= rank;
      loop invariant D8_no_negative_yet: \forall integer j; 0 <= j < k ==> shape[j] >= 0;
      loop invariant D4_zero_seen: empty != 0 <==> \exists integer j; 0 <= j < k && shape[j] == 0;
      loop assigns k, empty;
      loop variant rank - k;
  */
  while ((k < rank) && (shape[k] >= 0)) {
    if (shape[k] == 0) {
      empty = 1U;
    }
    ++k;
  }
  *position = k;
  *count = 0U;
  if (k < rank) {
    verdict = SONNX_NEGATIVE_DIMENSION;
  } else if (empty == 0U) {
    /* Every dimension is at least 1: the running product never decreases, so once it exceeds
       the limit it stays above it. */
    const size_t limit = (size_t)PTRDIFF_MAX / element_bytes;
    size_t product = 1U;
    size_t axis = 0U;
    /*@ loop invariant D8_axes_in_bounds: 0 <= axis <= rank;
        loop invariant D8_product_exact: verdict == SONNX_VALID ==>
          product == sonnx_shape_product(shape, axis) && product <= limit;
        loop invariant D8_product_exceeds: verdict != SONNX_VALID ==>
          verdict == SONNX_SIZE_OVERFLOW && sonnx_shape_product(shape, axis) > limit;
        loop invariant D8_product_positive: 1 <= sonnx_shape_product(shape, axis);
        loop assigns axis, product, verdict;
        loop variant rank - axis;
    */
    for (axis = 0U; axis < rank; ++axis) {
      const size_t dimension = (size_t)shape[axis];
      /*@ assert D8_product_step: sonnx_shape_product(shape, axis + 1) ==
            sonnx_shape_product(shape, axis) * dimension; */
      /*@ assert D8_product_grows: sonnx_shape_product(shape, axis) * dimension >=
            sonnx_shape_product(shape, axis); */
      if ((verdict == SONNX_VALID) && (product > (limit / dimension))) {
        /*@ assert D8_above_quotient: product >= (limit / dimension) + 1; */
        /*@ assert D8_quotient_times: ((limit / dimension) + 1) * dimension > limit; */
        verdict = SONNX_SIZE_OVERFLOW;
      }
      if (verdict == SONNX_VALID) {
        /*@ assert D8_within_quotient: product * dimension <= (limit / dimension) * dimension; */
        product *= dimension;
      }
    }
    if (verdict == SONNX_VALID) {
      *count = product;
    }
  } else {
    /* A zero dimension: the empty tensor (D4), valid whatever the other dimensions. */
  }
  return verdict;
}

/* Whether [x, x + bytes) and [y, y + bytes) are the same range or disjoint, by the distance
   between the starts (no sum that could wrap around). */
/*@ assigns \nothing;
    ensures D6_same_or_disjoint: \result != 0 <==> sonnx_same_or_disjoint(x, y, bytes);
*/
static int32_t same_or_disjoint(uintptr_t x, uintptr_t y, size_t bytes) {
  int32_t verdict = 1;
  if ((x < y) && ((y - x) < bytes)) {
    verdict = 0;
  }
  if ((y < x) && ((x - y) < bytes)) {
    verdict = 0;
  }
  return verdict;
}

sonnx_verdict sonnx_check_buffers(uintptr_t a, uintptr_t b, uintptr_t c, size_t bytes,
                                  size_t* which) {
  sonnx_verdict verdict = SONNX_VALID;
  *which = 0U;
  if (bytes != 0U) {
    if (a == 0U) {
      verdict = SONNX_NULL_DATA;
    } else if (b == 0U) {
      verdict = SONNX_NULL_DATA;
      *which = 1U;
    } else if (c == 0U) {
      verdict = SONNX_NULL_DATA;
      *which = 2U;
    } else if (same_or_disjoint(c, a, bytes) == 0) {
      verdict = SONNX_PARTIAL_OVERLAP;
    } else if (same_or_disjoint(c, b, bytes) == 0) {
      verdict = SONNX_PARTIAL_OVERLAP;
      *which = 1U;
    } else {
      /* every buffer present, C the same as or disjoint from A and B */
    }
  }
  return verdict;
}
