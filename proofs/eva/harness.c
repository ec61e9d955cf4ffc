/* Frama-C Eva harnesses of the C-subset files (proofs/eva/README.md): each entry point gives the
 * functions it calls every input their preconditions allow, within the bounds below, and Eva
 * (abstract interpretation, a method other than WP's) reports every run-time error it cannot
 * exclude as an alarm. Not compiled into anything; read by Frama-C only (proofs/eva/eva.sh).
 *
 *   eva_checks        sonnx_div_validate and every check it calls (and sonnx_element_bytes,
 *                     sonnx_shapes_broadcastable, sonnx_same_shape alone): any type code, sparse
 *                     flag and address, ranks 0 .. EVA_CHECK_RANK, every int64 dimension, shapes
 *                     of B and C that may be A's array.
 *   eva_checked_<t>   the decision procedure of type t with everything it calls (the checks, the
 *                     domain check and scans, the scalar, route and blocked kernels, the float
 *                     formats): any type codes, any element values (every bit pattern), any
 *                     kernel choice, ranks 0 .. EVA_RANK with dimensions 0 .. EVA_DIM (the
 *                     buffers hold every element count the shapes give), and C equal to A, equal
 *                     to B or a buffer of its own (the aliasing the procedures allow).
 * The bounds are the harness's: the functions' loops do not depend on them (a rank or an element
 * count is a loop bound like any other), but Eva's verdict is about the sizes analysed. */
#include <__fc_builtin.h>
#include <stddef.h>
#include <stdint.h>

#include "div_checked.h"
#include "sonnx_validation.h"

#define EVA_CHECK_RANK 8
#define EVA_RANK 3
#define EVA_DIM 12
#define EVA_N (EVA_DIM * EVA_DIM * EVA_DIM) /* EVA_DIM^EVA_RANK: above one domain-scan block */

static int64_t check_shapes[3][EVA_CHECK_RANK];

static sonnx_tensor any_tensor(const int64_t* shape, size_t max_rank) {
  sonnx_tensor t;
  t.type = Frama_C_int_interval(INT32_MIN, INT32_MAX);
  t.sparse = Frama_C_int_interval(INT32_MIN, INT32_MAX);
  t.shape = shape;
  t.rank = Frama_C_size_t_interval(0U, max_rank);
  t.address = (uintptr_t)Frama_C_size_t_interval(0U, SIZE_MAX);
  return t;
}

void eva_checks(void) {
  sonnx_fault fault;
  Frama_C_make_unknown((char*)check_shapes, sizeof check_shapes);
  const int64_t* shape_b = Frama_C_nondet(0, 1) ? check_shapes[1] : check_shapes[0];
  const int64_t* shape_c = Frama_C_nondet(0, 1) ? check_shapes[2] : check_shapes[0];
  sonnx_tensor a = any_tensor(check_shapes[0], EVA_CHECK_RANK);
  sonnx_tensor b = any_tensor(shape_b, EVA_CHECK_RANK);
  sonnx_tensor c = any_tensor(shape_c, EVA_CHECK_RANK);
  (void)sonnx_div_validate(a, b, c, &fault);
  (void)sonnx_element_bytes(Frama_C_int_interval(INT32_MIN, INT32_MAX));
  (void)sonnx_shapes_broadcastable(a.shape, a.rank, b.shape, b.rank);
  (void)sonnx_same_shape(a.shape, a.rank, c.shape, c.rank);
}

/* The decision procedure of one element type T (C type CT): shapes of rank 0 .. EVA_RANK with
   dimensions 0 .. EVA_DIM, so that every element count fits the buffers. */
#define EVA_CHECKED(T, CT)                                                           \
  static CT a_##T[EVA_N];                                                            \
  static CT b_##T[EVA_N];                                                            \
  static CT c_##T[EVA_N];                                                            \
  static int64_t shapes_##T[3][EVA_RANK];                                            \
  void eva_checked_##T(void) {                                                       \
    sonnx_fault fault;                                                               \
    for (int k = 0; k < 3; ++k) {                                                    \
      for (int i = 0; i < EVA_RANK; ++i) {                                           \
        shapes_##T[k][i] = Frama_C_long_long_interval(0, EVA_DIM);                   \
      }                                                                              \
    }                                                                                \
    Frama_C_make_unknown((char*)a_##T, sizeof a_##T);                                \
    Frama_C_make_unknown((char*)b_##T, sizeof b_##T);                                \
    int alias = Frama_C_interval(0, 2);                                              \
    CT* pc = alias == 0 ? c_##T : alias == 1 ? a_##T : b_##T;                        \
    sonnx_tensor a = any_tensor(shapes_##T[0], EVA_RANK);                            \
    sonnx_tensor b = any_tensor(shapes_##T[1], EVA_RANK);                            \
    sonnx_tensor c = any_tensor(shapes_##T[2], EVA_RANK);                            \
    a.address = (uintptr_t)a_##T;                                                    \
    b.address = (uintptr_t)b_##T;                                                    \
    c.address = (uintptr_t)pc;                                                       \
    (void)sonnx_div_checked_##T(a, b, c, a_##T, b_##T, pc,                           \
                                Frama_C_int_interval(INT32_MIN, INT32_MAX), &fault); \
  }

EVA_CHECKED(f16, uint16_t)
EVA_CHECKED(bf16, uint16_t)
EVA_CHECKED(f32, float)
EVA_CHECKED(f64, double)
EVA_CHECKED(i8, int8_t)
EVA_CHECKED(i16, int16_t)
EVA_CHECKED(i32, int32_t)
EVA_CHECKED(i64, int64_t)
EVA_CHECKED(u8, uint8_t)
EVA_CHECKED(u16, uint16_t)
EVA_CHECKED(u32, uint32_t)
EVA_CHECKED(u64, uint64_t)
