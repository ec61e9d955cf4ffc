/* Shape, element-count and buffer checks of the checked operators. C/C++ common subset: compiled
 * as C++ by the library build, parsed as C by Frama-C, which proves each function's contract,
 * written on its definition (the logic it names is in sonnx_logic.h). Clause labels start with
 * the requirement ID (docs/CONVENTIONS.md). */
#include "sonnx_validation.h"

#include "sonnx_logic.h"

/* D8, D4, D5: the shape's dimensions are non-negative and its element count times element_bytes
   is a representable byte count (at most PTRDIFF_MAX). On SONNX_VALID, *count is the element
   count (0 for an empty tensor, 1 for rank 0); on SONNX_NEGATIVE_DIMENSION, *position is the
   first negative axis. [impl->req~D8~1] [impl->req~D4~1] [impl->req~D5~1] */
/*@ requires D8_valid_shape: \valid_read(shape + (0 .. rank - 1));
    requires D8_valid_outputs: \valid(count) && \valid(position) && \separated(count, position);
    requires D8_element_bytes: 1 <= element_bytes <= 8;
    assigns *count, *position;
    ensures D8_verdict: sonnx_shape_verdict(shape, rank, element_bytes, \result);
    ensures D8_valid: \result == SONNX_VALID <==> sonnx_shape_pass(shape, rank, element_bytes);
    ensures D4_D5_count: \result == SONNX_VALID ==> sonnx_element_count(shape, rank, *count);
    ensures D8_bytes_representable:
      \result == SONNX_VALID ==> *count * element_bytes <= PTRDIFF_MAX;
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
      /* The dimension and the quotient in 64 bits: a dimension above SIZE_MAX (where size_t is
         32 bits wide) must not wrap before it is compared (docs/platforms.md). Once the product
         fits, the dimension is at most the limit and its conversion to size_t is exact. */
      const uint64_t dimension = (uint64_t)shape[axis];
      /*@ assert D8_product_step: sonnx_shape_product(shape, axis + 1) ==
            sonnx_shape_product(shape, axis) * dimension; */
      /*@ assert D8_product_grows: sonnx_shape_product(shape, axis) * dimension >=
            sonnx_shape_product(shape, axis); */
      if ((verdict == SONNX_VALID) && ((uint64_t)product > ((uint64_t)limit / dimension))) {
        /*@ assert D8_above_quotient: product >= (limit / dimension) + 1; */
        /*@ assert D8_quotient_times: ((limit / dimension) + 1) * dimension > limit; */
        verdict = SONNX_SIZE_OVERFLOW;
      }
      if (verdict == SONNX_VALID) {
        /*@ assert D8_within_quotient: product * dimension <= (limit / dimension) * dimension; */
        product *= (size_t)dimension;
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

/* D8, D6: with count elements of element_bytes bytes per tensor and the data addresses as integers
   (the façade passes the addresses of the caller's pointers, assumption AS-MEM-2): nothing to
   check for an empty tensor; otherwise no address is 0 (null data), and C is the same range as A
   (B) or disjoint from it. *which is the tensor at fault (0 = A, 1 = B, 2 = C).
   [impl->req~D8~1] [impl->req~D6~1] */
/*@ requires D8_bytes_representable: count * element_bytes <= PTRDIFF_MAX;
    requires D6_valid_which: \valid(which);
    assigns *which;
    ensures D8_D6_verdict: sonnx_buffers_verdict(a, b, c, count, element_bytes, \result);
    ensures D8_D6_tensor_at_fault:
      \result != SONNX_VALID ==> sonnx_buffers_tensor(a, b, c, count, element_bytes, *which);
    ensures D8_D6_valid:
      \result == SONNX_VALID <==> sonnx_buffers_pass(a, b, c, count, element_bytes);
    ensures D8_null_data: \result == SONNX_NULL_DATA ==> count * element_bytes != 0 &&
      0 <= *which <= 2 && (*which == 0 ? a == 0 : *which == 1 ? b == 0 : c == 0);
    ensures D6_partial_overlap: \result == SONNX_PARTIAL_OVERLAP ==> 0 <= *which <= 1 &&
      !sonnx_same_or_disjoint(c, *which == 0 ? a : b, count * element_bytes);
    ensures D6_verdicts: \result == SONNX_VALID || \result == SONNX_NULL_DATA ||
      \result == SONNX_PARTIAL_OVERLAP;
*/
sonnx_verdict sonnx_check_buffers(uintptr_t a, uintptr_t b, uintptr_t c, size_t count,
                                  size_t element_bytes, size_t* which) {
  const size_t bytes = count * element_bytes;
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

/* R3: the element size in bytes of a type code, 0 for a code outside the 12 numeric types.
   [impl->req~R3~1] */
/*@ assigns \nothing;
    ensures R3_element_bytes: \result == sonnx_element_bytes_of(type);
*/
size_t sonnx_element_bytes(int32_t type) {
  size_t bytes = 0U;
  switch (type) {
    case SONNX_TYPE_FLOAT32:
      bytes = SONNX_BYTES_FLOAT32;
      break;
    case SONNX_TYPE_UINT8:
      bytes = SONNX_BYTES_UINT8;
      break;
    case SONNX_TYPE_INT8:
      bytes = SONNX_BYTES_INT8;
      break;
    case SONNX_TYPE_UINT16:
      bytes = SONNX_BYTES_UINT16;
      break;
    case SONNX_TYPE_INT16:
      bytes = SONNX_BYTES_INT16;
      break;
    case SONNX_TYPE_INT32:
      bytes = SONNX_BYTES_INT32;
      break;
    case SONNX_TYPE_INT64:
      bytes = SONNX_BYTES_INT64;
      break;
    case SONNX_TYPE_FLOAT16:
      bytes = SONNX_BYTES_FLOAT16;
      break;
    case SONNX_TYPE_FLOAT64:
      bytes = SONNX_BYTES_FLOAT64;
      break;
    case SONNX_TYPE_UINT32:
      bytes = SONNX_BYTES_UINT32;
      break;
    case SONNX_TYPE_UINT64:
      bytes = SONNX_BYTES_UINT64;
      break;
    case SONNX_TYPE_BFLOAT16:
      bytes = SONNX_BYTES_BFLOAT16;
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

/* R3, C2, R2, in this order: every type code is numeric (else *which is the first tensor that is
   not, 0 = A, 1 = B, 2 = C), the three codes are equal, and no tensor is sparse (a nonzero flag;
   *which is the first sparse one). [impl->req~R3~1] [impl->req~C2~1] [impl->req~R2~1] */
/*@ requires R3_valid_which: \valid(which);
    assigns *which;
    ensures R3_C2_R2_verdict:
      \result == sonnx_types_verdict(a, b, c, a_sparse, b_sparse, c_sparse);
    ensures R3_R2_tensor_at_fault: \result != SONNX_VALID ==>
      *which == sonnx_types_tensor(a, b, c, a_sparse, b_sparse, c_sparse);
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

/* C1, R1: whether two shapes are the same (rank and dimensions). [impl->req~C1~1] */
/*@ requires C1_valid_shapes: \valid_read(x + (0 .. x_rank - 1)) &&
                              \valid_read(y + (0 .. y_rank - 1));
    assigns \nothing;
    ensures C1_same_shape: \result != 0 <==> sonnx_same_shape(x, x_rank, y, y_rank);
*/
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

/* R4: whether two shapes are broadcastable to each other (ONNX multidirectional broadcasting).
   [impl->req~R4~1] */
/*@ requires R4_valid_shapes: \valid_read(x + (0 .. x_rank - 1)) &&
                              \valid_read(y + (0 .. y_rank - 1));
    assigns \nothing;
    ensures R4_broadcastable: \result != 0 <==> sonnx_broadcastable(x, x_rank, y, y_rank);
*/
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

/* R4, R1, C1, in this order: A and B have the same shape (else R4 when they are broadcastable,
   R1 otherwise), and C has it too. [impl->req~R4~1] [impl->req~R1~1] [impl->req~C1~1] */
/*@ requires C1_valid_shapes: \valid_read(a + (0 .. a_rank - 1)) &&
      \valid_read(b + (0 .. b_rank - 1)) && \valid_read(c + (0 .. c_rank - 1));
    assigns \nothing;
    ensures R4_R1_C1_verdict: sonnx_shapes_verdict(a, a_rank, b, b_rank, c, c_rank, \result);
    ensures R4_R1_C1_valid:
      \result == SONNX_VALID <==> sonnx_shapes_pass(a, a_rank, b, b_rank, c, c_rank);
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

/* The checks of the checked API that do not read the elements, in their documented order (R3, C2,
   R2; D8 for A, then B, then C; R4, R1, C1; D8 null data, D6), each decided by the proved check
   above. The verdict is that of the first check that fails; *fault names the tensor at fault, the
   first negative axis, and on success the element count. [impl->req~D7~1] */
/*@ requires D8_valid_shapes: \valid_read(a.shape + (0 .. a.rank - 1)) &&
      \valid_read(b.shape + (0 .. b.rank - 1)) && \valid_read(c.shape + (0 .. c.rank - 1));
    requires D7_valid_fault: \valid(fault) &&
      \separated(fault, a.shape + (0 .. a.rank - 1), b.shape + (0 .. b.rank - 1),
                 c.shape + (0 .. c.rank - 1));
    assigns *fault;
    ensures R3_C2_R2_first: \let types = sonnx_types_verdict(a.type, b.type, c.type,
                                                              a.sparse, b.sparse, c.sparse);
      types != SONNX_VALID ==> \result == types && fault->tensor ==
        sonnx_types_tensor(a.type, b.type, c.type, a.sparse, b.sparse, c.sparse);
    ensures D8_first_shape_a: \let bytes = sonnx_element_bytes_of(a.type);
      sonnx_types_verdict(a.type, b.type, c.type, a.sparse, b.sparse, c.sparse) ==
        SONNX_VALID && !sonnx_shape_pass(a.shape, a.rank, bytes) ==>
      fault->tensor == 0 && sonnx_shape_verdict(a.shape, a.rank, bytes, \result) &&
      (\result == SONNX_NEGATIVE_DIMENSION ==>
         sonnx_first_negative_axis(a.shape, a.rank, fault->position));
    ensures D8_first_shape_b: \let bytes = sonnx_element_bytes_of(a.type);
      sonnx_types_verdict(a.type, b.type, c.type, a.sparse, b.sparse, c.sparse) ==
        SONNX_VALID && sonnx_shape_pass(a.shape, a.rank, bytes) &&
      !sonnx_shape_pass(b.shape, b.rank, bytes) ==>
      fault->tensor == 1 && sonnx_shape_verdict(b.shape, b.rank, bytes, \result) &&
      (\result == SONNX_NEGATIVE_DIMENSION ==>
         sonnx_first_negative_axis(b.shape, b.rank, fault->position));
    ensures D8_first_shape_c: \let bytes = sonnx_element_bytes_of(a.type);
      sonnx_types_verdict(a.type, b.type, c.type, a.sparse, b.sparse, c.sparse) ==
        SONNX_VALID && sonnx_shape_pass(a.shape, a.rank, bytes) &&
      sonnx_shape_pass(b.shape, b.rank, bytes) && !sonnx_shape_pass(c.shape, c.rank, bytes) ==>
      fault->tensor == 2 && sonnx_shape_verdict(c.shape, c.rank, bytes, \result) &&
      (\result == SONNX_NEGATIVE_DIMENSION ==>
         sonnx_first_negative_axis(c.shape, c.rank, fault->position));
    ensures R4_R1_C1_first: \let bytes = sonnx_element_bytes_of(a.type);
      sonnx_types_verdict(a.type, b.type, c.type, a.sparse, b.sparse, c.sparse) ==
        SONNX_VALID && sonnx_shape_pass(a.shape, a.rank, bytes) &&
      sonnx_shape_pass(b.shape, b.rank, bytes) && sonnx_shape_pass(c.shape, c.rank, bytes) &&
      !sonnx_shapes_pass(a.shape, a.rank, b.shape, b.rank, c.shape, c.rank) ==>
      sonnx_shapes_verdict(a.shape, a.rank, b.shape, b.rank, c.shape, c.rank, \result) &&
      fault->tensor == (\result == SONNX_OUTPUT_SHAPE_MISMATCH ? 2 : 1);
    ensures D8_D6_buffers: sonnx_shapes_checked(a, b, c) ==>
      sonnx_element_count(a.shape, a.rank, fault->count) &&
      sonnx_buffers_verdict(a.address, b.address, c.address, fault->count,
                            sonnx_element_bytes_of(a.type), \result) &&
      (\result != SONNX_VALID ==> sonnx_buffers_tensor(a.address, b.address, c.address,
                                    fault->count, sonnx_element_bytes_of(a.type), fault->tensor));
    ensures D7_checks_pass: \result == SONNX_VALID ==> sonnx_checks_pass(a, b, c);
    ensures D4_D5_element_count:
      \result == SONNX_VALID ==> sonnx_element_count(a.shape, a.rank, fault->count);
*/
sonnx_verdict sonnx_div_validate(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                 sonnx_fault* fault) {
  size_t which = 0U;
  size_t counts[3] = {0U, 0U, 0U};
  fault->tensor = 0U;
  fault->position = 0U;
  fault->count = 0U;
  sonnx_verdict verdict =
      sonnx_check_types(a.type, b.type, c.type, a.sparse, b.sparse, c.sparse, &which);
  if (verdict != SONNX_VALID) {
    fault->tensor = which;
  } else {
    /* Each check runs only when those before it passed: one nested block per check. */
    const size_t bytes = sonnx_element_bytes(a.type);
    verdict = sonnx_check_shape(a.shape, a.rank, bytes, &counts[0], &fault->position);
    if (verdict == SONNX_VALID) {
      fault->tensor = 1U;
      verdict = sonnx_check_shape(b.shape, b.rank, bytes, &counts[1], &fault->position);
      if (verdict == SONNX_VALID) {
        fault->tensor = 2U;
        verdict = sonnx_check_shape(c.shape, c.rank, bytes, &counts[2], &fault->position);
        if (verdict == SONNX_VALID) {
          verdict = sonnx_check_shapes(a.shape, a.rank, b.shape, b.rank, c.shape, c.rank);
          fault->tensor = 1U; /* R4 and R1 name B */
          if (verdict == SONNX_OUTPUT_SHAPE_MISMATCH) {
            fault->tensor = 2U;
          }
          if (verdict == SONNX_VALID) {
            const size_t count = counts[0];
            verdict = sonnx_check_buffers(a.address, b.address, c.address, count, bytes, &which);
            fault->tensor = which;
            fault->count = count;
          }
        }
      }
    }
  }
  return verdict;
}
