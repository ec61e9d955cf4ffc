/* The decision procedures of the checked API for float16, bfloat16, float32 and float64
 * (see div_checked.h). C/C++ common subset,
 * compiled once (their kernels are the scalar ones; the caller runs the float16/bfloat16 fast
 * paths after SONNX_KERNEL_NONE), parsed as C by Frama-C, which proves each function's contract,
 * written on its definition (the logic it names is in ../../common/kernels/sonnx_logic.h). */
#include "div_checked.h"

#include "../../common/kernels/sonnx_logic.h"
#include "div_domain.h"
#include "div_kernels.h"
#include "div_route_kernels.h"

/* float16: the checks of sonnx_div_validate, then that A, B and C are float16 tensors, then
   the scalar kernel, or with kernel SONNX_KERNEL_NONE the checks only (the caller then runs
   its fast path on the count in fault->count).
   [impl->req~D7~1] [impl->req~D9~1] */
/*@ requires D8_valid_shapes: \valid_read(a.shape + (0 .. a.rank - 1)) &&
      \valid_read(b.shape + (0 .. b.rank - 1)) && \valid_read(c.shape + (0 .. c.rank - 1));
    requires D7_valid_fault: \valid(fault) &&
      \separated(fault, a.shape + (0 .. a.rank - 1), b.shape + (0 .. b.rank - 1),
                 c.shape + (0 .. c.rank - 1));
    requires C1_valid_data: \forall integer n;
      sonnx_checks_pass(a, b, c) && sonnx_element_count(a.shape, a.rank, n) ==>
        \valid_read(pa + (0 .. n - 1)) && \valid_read(pb + (0 .. n - 1)) &&
        \valid(pc + (0 .. n - 1)) &&
        \separated(fault, pa + (0 .. n - 1), pb + (0 .. n - 1), pc + (0 .. n - 1));
    requires D6_addresses_of_the_data: \forall integer n;
      sonnx_checks_pass(a, b, c) && sonnx_element_count(a.shape, a.rank, n) ==>
        (sonnx_same_or_disjoint(c.address, a.address, n * sizeof(uint16_t)) ==>
           pc == pa || \separated(pc + (0 .. n - 1), pa + (0 .. n - 1))) &&
        (sonnx_same_or_disjoint(c.address, b.address, n * sizeof(uint16_t)) ==>
           pc == pb || \separated(pc + (0 .. n - 1), pb + (0 .. n - 1)));
    assigns *fault, pc[0 .. sonnx_shape_product(a.shape, a.rank) - 1];
    behavior checks_failed:
      assumes !sonnx_checks_pass(a, b, c);
      assigns *fault;
      ensures D7_first_failed_check: sonnx_validation_outcome{Pre}(a, b, c, \result,
        fault->tensor, fault->position, fault->count);
    behavior not_float16:
      assumes sonnx_checks_pass(a, b, c) && a.type != SONNX_TYPE_FLOAT16;
      assigns *fault;
      ensures C2_data_type: \result == SONNX_TYPE_MISMATCH;
    behavior checked_only:
      assumes sonnx_checks_pass(a, b, c) &&
        a.type == SONNX_TYPE_FLOAT16 && kernel == SONNX_KERNEL_NONE;
      assigns *fault;
      ensures D7_checks_passed: \result == SONNX_VALID &&
        sonnx_element_count{Pre}(a.shape, a.rank, fault->count);
    behavior divided:
      assumes sonnx_checks_pass(a, b, c) &&
        a.type == SONNX_TYPE_FLOAT16 && kernel != SONNX_KERNEL_NONE;
      ensures F2_applies_binary16_element: \result == SONNX_VALID &&
        sonnx_element_count{Pre}(a.shape, a.rank, fault->count) &&
        \forall integer k; 0 <= k < fault->count ==>
          sonnx_div_binary16_applied(\old(pa[k]), \old(pb[k]), pc[k]);
      ensures D6_unaliased_inputs_unchanged:
        (pc != pa ==> \forall integer k; 0 <= k < fault->count ==> pa[k] == \old(pa[k])) &&
        (pc != pb ==> \forall integer k; 0 <= k < fault->count ==> pb[k] == \old(pb[k]));
    complete behaviors;
    disjoint behaviors;
*/
sonnx_verdict sonnx_div_checked_f16(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                    const uint16_t* pa, const uint16_t* pb,
                                    uint16_t* pc, int32_t kernel, sonnx_fault* fault) {
  sonnx_verdict verdict = sonnx_div_validate(a, b, c, fault);
  if ((verdict == SONNX_VALID) && (a.type != SONNX_TYPE_FLOAT16)) {
    verdict = SONNX_TYPE_MISMATCH;
  }
  if ((verdict == SONNX_VALID) && (kernel != SONNX_KERNEL_NONE)) {
    sonnx_div_f16(pa, pb, pc, fault->count);
  }
  return verdict;
}

/* bfloat16: the checks of sonnx_div_validate, then that A, B and C are bfloat16 tensors, then
   the scalar kernel, or with kernel SONNX_KERNEL_NONE the checks only (the caller then runs
   its fast path on the count in fault->count).
   [impl->req~D7~1] [impl->req~D9~1] */
/*@ requires D8_valid_shapes: \valid_read(a.shape + (0 .. a.rank - 1)) &&
      \valid_read(b.shape + (0 .. b.rank - 1)) && \valid_read(c.shape + (0 .. c.rank - 1));
    requires D7_valid_fault: \valid(fault) &&
      \separated(fault, a.shape + (0 .. a.rank - 1), b.shape + (0 .. b.rank - 1),
                 c.shape + (0 .. c.rank - 1));
    requires C1_valid_data: \forall integer n;
      sonnx_checks_pass(a, b, c) && sonnx_element_count(a.shape, a.rank, n) ==>
        \valid_read(pa + (0 .. n - 1)) && \valid_read(pb + (0 .. n - 1)) &&
        \valid(pc + (0 .. n - 1)) &&
        \separated(fault, pa + (0 .. n - 1), pb + (0 .. n - 1), pc + (0 .. n - 1));
    requires D6_addresses_of_the_data: \forall integer n;
      sonnx_checks_pass(a, b, c) && sonnx_element_count(a.shape, a.rank, n) ==>
        (sonnx_same_or_disjoint(c.address, a.address, n * sizeof(uint16_t)) ==>
           pc == pa || \separated(pc + (0 .. n - 1), pa + (0 .. n - 1))) &&
        (sonnx_same_or_disjoint(c.address, b.address, n * sizeof(uint16_t)) ==>
           pc == pb || \separated(pc + (0 .. n - 1), pb + (0 .. n - 1)));
    assigns *fault, pc[0 .. sonnx_shape_product(a.shape, a.rank) - 1];
    behavior checks_failed:
      assumes !sonnx_checks_pass(a, b, c);
      assigns *fault;
      ensures D7_first_failed_check: sonnx_validation_outcome{Pre}(a, b, c, \result,
        fault->tensor, fault->position, fault->count);
    behavior not_bfloat16:
      assumes sonnx_checks_pass(a, b, c) && a.type != SONNX_TYPE_BFLOAT16;
      assigns *fault;
      ensures C2_data_type: \result == SONNX_TYPE_MISMATCH;
    behavior checked_only:
      assumes sonnx_checks_pass(a, b, c) &&
        a.type == SONNX_TYPE_BFLOAT16 && kernel == SONNX_KERNEL_NONE;
      assigns *fault;
      ensures D7_checks_passed: \result == SONNX_VALID &&
        sonnx_element_count{Pre}(a.shape, a.rank, fault->count);
    behavior divided:
      assumes sonnx_checks_pass(a, b, c) &&
        a.type == SONNX_TYPE_BFLOAT16 && kernel != SONNX_KERNEL_NONE;
      ensures F2_applies_bfloat16_element: \result == SONNX_VALID &&
        sonnx_element_count{Pre}(a.shape, a.rank, fault->count) &&
        \forall integer k; 0 <= k < fault->count ==>
          sonnx_div_bfloat16_applied(\old(pa[k]), \old(pb[k]), pc[k]);
      ensures D6_unaliased_inputs_unchanged:
        (pc != pa ==> \forall integer k; 0 <= k < fault->count ==> pa[k] == \old(pa[k])) &&
        (pc != pb ==> \forall integer k; 0 <= k < fault->count ==> pb[k] == \old(pb[k]));
    complete behaviors;
    disjoint behaviors;
*/
sonnx_verdict sonnx_div_checked_bf16(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                     const uint16_t* pa, const uint16_t* pb,
                                     uint16_t* pc, int32_t kernel, sonnx_fault* fault) {
  sonnx_verdict verdict = sonnx_div_validate(a, b, c, fault);
  if ((verdict == SONNX_VALID) && (a.type != SONNX_TYPE_BFLOAT16)) {
    verdict = SONNX_TYPE_MISMATCH;
  }
  if ((verdict == SONNX_VALID) && (kernel != SONNX_KERNEL_NONE)) {
    sonnx_div_bf16(pa, pb, pc, fault->count);
  }
  return verdict;
}

/* float32: the checks of sonnx_div_validate, then that A, B and C are float32 tensors, then
   the scalar kernel.
   [impl->req~D7~1] */
/*@ requires D8_valid_shapes: \valid_read(a.shape + (0 .. a.rank - 1)) &&
      \valid_read(b.shape + (0 .. b.rank - 1)) && \valid_read(c.shape + (0 .. c.rank - 1));
    requires D7_valid_fault: \valid(fault) &&
      \separated(fault, a.shape + (0 .. a.rank - 1), b.shape + (0 .. b.rank - 1),
                 c.shape + (0 .. c.rank - 1));
    requires C1_valid_data: \forall integer n;
      sonnx_checks_pass(a, b, c) && sonnx_element_count(a.shape, a.rank, n) ==>
        \valid_read(pa + (0 .. n - 1)) && \valid_read(pb + (0 .. n - 1)) &&
        \valid(pc + (0 .. n - 1)) &&
        \separated(fault, pa + (0 .. n - 1), pb + (0 .. n - 1), pc + (0 .. n - 1));
    requires D6_addresses_of_the_data: \forall integer n;
      sonnx_checks_pass(a, b, c) && sonnx_element_count(a.shape, a.rank, n) ==>
        (sonnx_same_or_disjoint(c.address, a.address, n * sizeof(float)) ==>
           pc == pa || \separated(pc + (0 .. n - 1), pa + (0 .. n - 1))) &&
        (sonnx_same_or_disjoint(c.address, b.address, n * sizeof(float)) ==>
           pc == pb || \separated(pc + (0 .. n - 1), pb + (0 .. n - 1)));
    assigns *fault, pc[0 .. sonnx_shape_product(a.shape, a.rank) - 1];
    behavior checks_failed:
      assumes !sonnx_checks_pass(a, b, c);
      assigns *fault;
      ensures D7_first_failed_check: sonnx_validation_outcome{Pre}(a, b, c, \result,
        fault->tensor, fault->position, fault->count);
    behavior not_float32:
      assumes sonnx_checks_pass(a, b, c) && a.type != SONNX_TYPE_FLOAT32;
      assigns *fault;
      ensures C2_data_type: \result == SONNX_TYPE_MISMATCH;
    behavior divided:
      assumes sonnx_checks_pass(a, b, c) && a.type == SONNX_TYPE_FLOAT32;
      ensures F1_ieee_quotient: \result == SONNX_VALID &&
        sonnx_element_count{Pre}(a.shape, a.rank, fault->count) &&
        \forall integer k; 0 <= k < fault->count ==>
          sonnx_div_float32_spec(\old(pa[k]), \old(pb[k]), pc[k]);
      ensures D6_unaliased_inputs_unchanged:
        (pc != pa ==> \forall integer k; 0 <= k < fault->count ==>
          sonnx_div_same_float32(pa[k], \old(pa[k]))) &&
        (pc != pb ==> \forall integer k; 0 <= k < fault->count ==>
          sonnx_div_same_float32(pb[k], \old(pb[k])));
    complete behaviors;
    disjoint behaviors;
*/
sonnx_verdict sonnx_div_checked_f32(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                    const float* pa, const float* pb,
                                    float* pc, int32_t kernel, sonnx_fault* fault) {
  sonnx_verdict verdict = sonnx_div_validate(a, b, c, fault);
  if ((verdict == SONNX_VALID) && (a.type != SONNX_TYPE_FLOAT32)) {
    verdict = SONNX_TYPE_MISMATCH;
  }
  (void)kernel; /* one kernel: the scalar one */
  if (verdict == SONNX_VALID) {
    sonnx_div_f32(pa, pb, pc, fault->count);
  }
  return verdict;
}

/* float64: the checks of sonnx_div_validate, then that A, B and C are float64 tensors, then
   the scalar kernel.
   [impl->req~D7~1] */
/*@ requires D8_valid_shapes: \valid_read(a.shape + (0 .. a.rank - 1)) &&
      \valid_read(b.shape + (0 .. b.rank - 1)) && \valid_read(c.shape + (0 .. c.rank - 1));
    requires D7_valid_fault: \valid(fault) &&
      \separated(fault, a.shape + (0 .. a.rank - 1), b.shape + (0 .. b.rank - 1),
                 c.shape + (0 .. c.rank - 1));
    requires C1_valid_data: \forall integer n;
      sonnx_checks_pass(a, b, c) && sonnx_element_count(a.shape, a.rank, n) ==>
        \valid_read(pa + (0 .. n - 1)) && \valid_read(pb + (0 .. n - 1)) &&
        \valid(pc + (0 .. n - 1)) &&
        \separated(fault, pa + (0 .. n - 1), pb + (0 .. n - 1), pc + (0 .. n - 1));
    requires D6_addresses_of_the_data: \forall integer n;
      sonnx_checks_pass(a, b, c) && sonnx_element_count(a.shape, a.rank, n) ==>
        (sonnx_same_or_disjoint(c.address, a.address, n * sizeof(double)) ==>
           pc == pa || \separated(pc + (0 .. n - 1), pa + (0 .. n - 1))) &&
        (sonnx_same_or_disjoint(c.address, b.address, n * sizeof(double)) ==>
           pc == pb || \separated(pc + (0 .. n - 1), pb + (0 .. n - 1)));
    assigns *fault, pc[0 .. sonnx_shape_product(a.shape, a.rank) - 1];
    behavior checks_failed:
      assumes !sonnx_checks_pass(a, b, c);
      assigns *fault;
      ensures D7_first_failed_check: sonnx_validation_outcome{Pre}(a, b, c, \result,
        fault->tensor, fault->position, fault->count);
    behavior not_float64:
      assumes sonnx_checks_pass(a, b, c) && a.type != SONNX_TYPE_FLOAT64;
      assigns *fault;
      ensures C2_data_type: \result == SONNX_TYPE_MISMATCH;
    behavior divided:
      assumes sonnx_checks_pass(a, b, c) && a.type == SONNX_TYPE_FLOAT64;
      ensures F1_ieee_quotient: \result == SONNX_VALID &&
        sonnx_element_count{Pre}(a.shape, a.rank, fault->count) &&
        \forall integer k; 0 <= k < fault->count ==>
          sonnx_div_float64_spec(\old(pa[k]), \old(pb[k]), pc[k]);
      ensures D6_unaliased_inputs_unchanged:
        (pc != pa ==> \forall integer k; 0 <= k < fault->count ==>
          sonnx_div_same_float64(pa[k], \old(pa[k]))) &&
        (pc != pb ==> \forall integer k; 0 <= k < fault->count ==>
          sonnx_div_same_float64(pb[k], \old(pb[k])));
    complete behaviors;
    disjoint behaviors;
*/
sonnx_verdict sonnx_div_checked_f64(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                    const double* pa, const double* pb,
                                    double* pc, int32_t kernel, sonnx_fault* fault) {
  sonnx_verdict verdict = sonnx_div_validate(a, b, c, fault);
  if ((verdict == SONNX_VALID) && (a.type != SONNX_TYPE_FLOAT64)) {
    verdict = SONNX_TYPE_MISMATCH;
  }
  (void)kernel; /* one kernel: the scalar one */
  if (verdict == SONNX_VALID) {
    sonnx_div_f64(pa, pb, pc, fault->count);
  }
  return verdict;
}
