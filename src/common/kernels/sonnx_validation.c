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

size_t sonnx_element_bytes(int32_t type) {
  size_t bytes = 0U;
  switch (type) {
    case SONNX_TYPE_UINT8:
    case SONNX_TYPE_INT8:
      bytes = 1U;
      break;
    case SONNX_TYPE_UINT16:
    case SONNX_TYPE_INT16:
    case SONNX_TYPE_FLOAT16:
    case SONNX_TYPE_BFLOAT16:
      bytes = 2U;
      break;
    case SONNX_TYPE_FLOAT32:
    case SONNX_TYPE_INT32:
    case SONNX_TYPE_UINT32:
      bytes = 4U;
      break;
    case SONNX_TYPE_INT64:
    case SONNX_TYPE_FLOAT64:
    case SONNX_TYPE_UINT64:
      bytes = 8U;
      break;
    default:
      /* not one of the 12 numeric types (R3) */
      break;
  }
  return bytes;
}

/* The first of three flags that is set, as 0, 1 or 2 (2 when only the last one is). */
/*@ assigns \nothing;
    ensures \result == (x != 0 ? 0 : y != 0 ? 1 : 2);
*/
static size_t first_set(int32_t x, int32_t y) {
  size_t first = 2U;
  if (x != 0) {
    first = 0U;
  } else if (y != 0) {
    first = 1U;
  } else {
    /* the third one, or none */
  }
  return first;
}

sonnx_verdict sonnx_check_types(int32_t a, int32_t b, int32_t c, int32_t a_sparse,
                                int32_t b_sparse, int32_t c_sparse, size_t* which) {
  sonnx_verdict verdict = SONNX_VALID;
  int32_t a_invalid = 0;
  int32_t b_invalid = 0;
  int32_t c_invalid = 0;
  if (sonnx_element_bytes(a) == 0U) {
    a_invalid = 1;
  }
  if (sonnx_element_bytes(b) == 0U) {
    b_invalid = 1;
  }
  if (sonnx_element_bytes(c) == 0U) {
    c_invalid = 1;
  }
  *which = 0U;
  if ((a_invalid != 0) || (b_invalid != 0) || (c_invalid != 0)) {
    verdict = SONNX_NON_NUMERIC_TYPE;
    *which = first_set(a_invalid, b_invalid);
  } else if ((a != b) || (a != c)) {
    verdict = SONNX_TYPE_MISMATCH;
  } else if ((a_sparse != 0) || (b_sparse != 0) || (c_sparse != 0)) {
    verdict = SONNX_SPARSE_TENSOR;
    *which = first_set(a_sparse, b_sparse);
  } else {
    /* numeric, one type, dense */
  }
  return verdict;
}

int32_t sonnx_same_shape(const int64_t* x, size_t x_rank, const int64_t* y, size_t y_rank) {
  size_t k = 0U;
  if (x_rank == y_rank) {
    /*@ loop invariant C1_axes_in_bounds: 0 <= k <= x_rank;
        loop invariant C1_same_so_far: \forall integer j; 0 <= j < k ==> x[j] == y[j];
        loop assigns k;
        loop variant x_rank - k;
    */
    while ((k < x_rank) && (x[k] == y[k])) {
      ++k;
    }
  }
  return ((x_rank == y_rank) && (k == x_rank)) ? 1 : 0;
}

int32_t sonnx_shapes_broadcastable(const int64_t* x, size_t x_rank, const int64_t* y,
                                   size_t y_rank) {
  size_t i = x_rank; /* the pairs x[i..], y[j..] up to the last axes are compatible */
  size_t j = y_rank;
  /*@ loop invariant R4_axes_in_bounds: 0 <= i <= x_rank && 0 <= j <= y_rank;
      loop invariant R4_aligned: x_rank - i == y_rank - j;
      loop invariant R4_compatible_so_far: \forall integer m;
        i <= m < x_rank && 0 <= m + y_rank - x_rank ==>
          x[m] == y[m + y_rank - x_rank] || x[m] == 1 || y[m + y_rank - x_rank] == 1;
      loop assigns i, j;
      loop variant i;
  */
  while ((i > 0U) && (j > 0U) &&
         ((x[i - 1U] == y[j - 1U]) || (x[i - 1U] == 1) || (y[j - 1U] == 1))) {
    --i;
    --j;
  }
  return ((i == 0U) || (j == 0U)) ? 1 : 0;
}

sonnx_verdict sonnx_check_shapes(const int64_t* a, size_t a_rank, const int64_t* b,
                                 size_t b_rank, const int64_t* c, size_t c_rank) {
  sonnx_verdict verdict = SONNX_VALID;
  if (sonnx_same_shape(a, a_rank, b, b_rank) == 0) {
    if (sonnx_shapes_broadcastable(a, a_rank, b, b_rank) != 0) {
      verdict = SONNX_BROADCAST_FORBIDDEN;
    } else {
      verdict = SONNX_SHAPE_MISMATCH;
    }
  } else if (sonnx_same_shape(a, a_rank, c, c_rank) == 0) {
    verdict = SONNX_OUTPUT_SHAPE_MISMATCH;
  } else {
    /* A, B and C have the same shape */
  }
  return verdict;
}
