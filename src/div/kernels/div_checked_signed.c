/* The decision procedures of the checked API for int8, int16, int32 and int64
 * (see div_checked.h). C/C++ common subset,
 * compiled once per instruction set, like the route kernels they call (the AVX2 object renames
 * them with the suffix _avx2), parsed as C by Frama-C, which proves each function's contract,
 * written on its definition (the logic it names is in ../../common/kernels/sonnx_logic.h). */
#include "div_checked.h"

#include "../../common/kernels/sonnx_logic.h"
#include "div_domain.h"
#include "div_kernels.h"
#include "div_route_kernels.h"

/* int8: the checks of sonnx_div_validate, then that A, B and C are int8 tensors, then
   integer division after the domain check (C3, D3), by the route kernel when kernel is
   SONNX_KERNEL_ROUTE, by the scalar kernel otherwise.
   [impl->req~D7~1] [impl->req~C3~1] [impl->req~D3~1] [impl->req~D9~1] */
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
        (sonnx_same_or_disjoint(c.address, a.address, n * sizeof(int8_t)) ==>
           pc == pa || \separated(pc + (0 .. n - 1), pa + (0 .. n - 1))) &&
        (sonnx_same_or_disjoint(c.address, b.address, n * sizeof(int8_t)) ==>
           pc == pb || \separated(pc + (0 .. n - 1), pb + (0 .. n - 1)));
    assigns *fault, pc[0 .. sonnx_shape_product(a.shape, a.rank) - 1];
    behavior checks_failed:
      assumes !sonnx_checks_pass(a, b, c);
      assigns *fault;
      ensures D7_first_failed_check: sonnx_validation_outcome{Pre}(a, b, c, \result,
        fault->tensor, fault->position, fault->count);
    behavior not_int8:
      assumes sonnx_checks_pass(a, b, c) && a.type != SONNX_TYPE_INT8;
      assigns *fault;
      ensures C2_data_type: \result == SONNX_TYPE_MISMATCH;
    behavior outside_domain:
      assumes sonnx_checks_pass(a, b, c) && a.type == SONNX_TYPE_INT8;
      assumes \exists integer n; sonnx_element_count(a.shape, a.rank, n) &&
        \exists integer k; 0 <= k < n && !sonnx_div_domain_int8(pa[k], pb[k]);
      assigns *fault;
      ensures C3_D3_first_outside: \forall integer n;
        sonnx_element_count{Pre}(a.shape, a.rank, n) ==> 0 <= fault->position < n &&
        !sonnx_div_domain_int8(pa[fault->position], pb[fault->position]) &&
        \forall integer k; 0 <= k < fault->position ==> sonnx_div_domain_int8(pa[k], pb[k]);
      ensures C3_D3_verdict:
        \result == (pb[fault->position] == 0 ? SONNX_ZERO_DIVISOR : SONNX_QUOTIENT_OVERFLOW);
    behavior divided:
      assumes sonnx_checks_pass(a, b, c) && a.type == SONNX_TYPE_INT8;
      assumes \forall integer n; sonnx_element_count(a.shape, a.rank, n) ==>
        \forall integer k; 0 <= k < n ==> sonnx_div_domain_int8(pa[k], pb[k]);
      ensures I1_truncated_quotient: \result == SONNX_VALID &&
        sonnx_element_count{Pre}(a.shape, a.rank, fault->count) &&
        \forall integer k; 0 <= k < fault->count ==>
          sonnx_div_int8_spec(\old(pa[k]), \old(pb[k]), pc[k]);
      ensures D6_unaliased_inputs_unchanged:
        (pc != pa ==> \forall integer k; 0 <= k < fault->count ==> pa[k] == \old(pa[k])) &&
        (pc != pb ==> \forall integer k; 0 <= k < fault->count ==> pb[k] == \old(pb[k]));
    complete behaviors;
    disjoint behaviors;
*/
sonnx_verdict sonnx_div_checked_i8(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                   const int8_t* pa, const int8_t* pb,
                                   int8_t* pc, int32_t kernel, sonnx_fault* fault) {
  sonnx_verdict verdict = sonnx_div_validate(a, b, c, fault);
  if ((verdict == SONNX_VALID) && (a.type != SONNX_TYPE_INT8)) {
    verdict = SONNX_TYPE_MISMATCH;
  }
  if (verdict == SONNX_VALID) {
    verdict = sonnx_div_domain_i8(pa, pb, fault->count, &fault->position);
  }
  if (verdict == SONNX_VALID) {
    if (kernel == SONNX_KERNEL_ROUTE) {
      sonnx_div_i8_via_binary32(pa, pb, pc, fault->count);
    } else {
      sonnx_div_i8(pa, pb, pc, fault->count);
    }
  }
  return verdict;
}

/* int16: the checks of sonnx_div_validate, then that A, B and C are int16 tensors, then
   integer division after the domain check (C3, D3), by the route kernel when kernel is
   SONNX_KERNEL_ROUTE, by the scalar kernel otherwise.
   [impl->req~D7~1] [impl->req~C3~1] [impl->req~D3~1] [impl->req~D9~1] */
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
        (sonnx_same_or_disjoint(c.address, a.address, n * sizeof(int16_t)) ==>
           pc == pa || \separated(pc + (0 .. n - 1), pa + (0 .. n - 1))) &&
        (sonnx_same_or_disjoint(c.address, b.address, n * sizeof(int16_t)) ==>
           pc == pb || \separated(pc + (0 .. n - 1), pb + (0 .. n - 1)));
    assigns *fault, pc[0 .. sonnx_shape_product(a.shape, a.rank) - 1];
    behavior checks_failed:
      assumes !sonnx_checks_pass(a, b, c);
      assigns *fault;
      ensures D7_first_failed_check: sonnx_validation_outcome{Pre}(a, b, c, \result,
        fault->tensor, fault->position, fault->count);
    behavior not_int16:
      assumes sonnx_checks_pass(a, b, c) && a.type != SONNX_TYPE_INT16;
      assigns *fault;
      ensures C2_data_type: \result == SONNX_TYPE_MISMATCH;
    behavior outside_domain:
      assumes sonnx_checks_pass(a, b, c) && a.type == SONNX_TYPE_INT16;
      assumes \exists integer n; sonnx_element_count(a.shape, a.rank, n) &&
        \exists integer k; 0 <= k < n && !sonnx_div_domain_int16(pa[k], pb[k]);
      assigns *fault;
      ensures C3_D3_first_outside: \forall integer n;
        sonnx_element_count{Pre}(a.shape, a.rank, n) ==> 0 <= fault->position < n &&
        !sonnx_div_domain_int16(pa[fault->position], pb[fault->position]) &&
        \forall integer k; 0 <= k < fault->position ==> sonnx_div_domain_int16(pa[k], pb[k]);
      ensures C3_D3_verdict:
        \result == (pb[fault->position] == 0 ? SONNX_ZERO_DIVISOR : SONNX_QUOTIENT_OVERFLOW);
    behavior divided:
      assumes sonnx_checks_pass(a, b, c) && a.type == SONNX_TYPE_INT16;
      assumes \forall integer n; sonnx_element_count(a.shape, a.rank, n) ==>
        \forall integer k; 0 <= k < n ==> sonnx_div_domain_int16(pa[k], pb[k]);
      ensures I1_truncated_quotient: \result == SONNX_VALID &&
        sonnx_element_count{Pre}(a.shape, a.rank, fault->count) &&
        \forall integer k; 0 <= k < fault->count ==>
          sonnx_div_int16_spec(\old(pa[k]), \old(pb[k]), pc[k]);
      ensures D6_unaliased_inputs_unchanged:
        (pc != pa ==> \forall integer k; 0 <= k < fault->count ==> pa[k] == \old(pa[k])) &&
        (pc != pb ==> \forall integer k; 0 <= k < fault->count ==> pb[k] == \old(pb[k]));
    complete behaviors;
    disjoint behaviors;
*/
sonnx_verdict sonnx_div_checked_i16(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                    const int16_t* pa, const int16_t* pb,
                                    int16_t* pc, int32_t kernel, sonnx_fault* fault) {
  sonnx_verdict verdict = sonnx_div_validate(a, b, c, fault);
  if ((verdict == SONNX_VALID) && (a.type != SONNX_TYPE_INT16)) {
    verdict = SONNX_TYPE_MISMATCH;
  }
  if (verdict == SONNX_VALID) {
    verdict = sonnx_div_domain_i16(pa, pb, fault->count, &fault->position);
  }
  if (verdict == SONNX_VALID) {
    if (kernel == SONNX_KERNEL_ROUTE) {
      sonnx_div_i16_via_binary32(pa, pb, pc, fault->count);
    } else {
      sonnx_div_i16(pa, pb, pc, fault->count);
    }
  }
  return verdict;
}

/* int32: the checks of sonnx_div_validate, then that A, B and C are int32 tensors, then
   integer division after the domain check (C3, D3), by the route kernel when kernel is
   SONNX_KERNEL_ROUTE, by the scalar kernel otherwise.
   [impl->req~D7~1] [impl->req~C3~1] [impl->req~D3~1] [impl->req~D9~1] */
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
        (sonnx_same_or_disjoint(c.address, a.address, n * sizeof(int32_t)) ==>
           pc == pa || \separated(pc + (0 .. n - 1), pa + (0 .. n - 1))) &&
        (sonnx_same_or_disjoint(c.address, b.address, n * sizeof(int32_t)) ==>
           pc == pb || \separated(pc + (0 .. n - 1), pb + (0 .. n - 1)));
    assigns *fault, pc[0 .. sonnx_shape_product(a.shape, a.rank) - 1];
    behavior checks_failed:
      assumes !sonnx_checks_pass(a, b, c);
      assigns *fault;
      ensures D7_first_failed_check: sonnx_validation_outcome{Pre}(a, b, c, \result,
        fault->tensor, fault->position, fault->count);
    behavior not_int32:
      assumes sonnx_checks_pass(a, b, c) && a.type != SONNX_TYPE_INT32;
      assigns *fault;
      ensures C2_data_type: \result == SONNX_TYPE_MISMATCH;
    behavior outside_domain:
      assumes sonnx_checks_pass(a, b, c) && a.type == SONNX_TYPE_INT32;
      assumes \exists integer n; sonnx_element_count(a.shape, a.rank, n) &&
        \exists integer k; 0 <= k < n && !sonnx_div_domain_int32(pa[k], pb[k]);
      assigns *fault;
      ensures C3_D3_first_outside: \forall integer n;
        sonnx_element_count{Pre}(a.shape, a.rank, n) ==> 0 <= fault->position < n &&
        !sonnx_div_domain_int32(pa[fault->position], pb[fault->position]) &&
        \forall integer k; 0 <= k < fault->position ==> sonnx_div_domain_int32(pa[k], pb[k]);
      ensures C3_D3_verdict:
        \result == (pb[fault->position] == 0 ? SONNX_ZERO_DIVISOR : SONNX_QUOTIENT_OVERFLOW);
    behavior divided:
      assumes sonnx_checks_pass(a, b, c) && a.type == SONNX_TYPE_INT32;
      assumes \forall integer n; sonnx_element_count(a.shape, a.rank, n) ==>
        \forall integer k; 0 <= k < n ==> sonnx_div_domain_int32(pa[k], pb[k]);
      ensures I1_truncated_quotient: \result == SONNX_VALID &&
        sonnx_element_count{Pre}(a.shape, a.rank, fault->count) &&
        \forall integer k; 0 <= k < fault->count ==>
          sonnx_div_int32_spec(\old(pa[k]), \old(pb[k]), pc[k]);
      ensures D6_unaliased_inputs_unchanged:
        (pc != pa ==> \forall integer k; 0 <= k < fault->count ==> pa[k] == \old(pa[k])) &&
        (pc != pb ==> \forall integer k; 0 <= k < fault->count ==> pb[k] == \old(pb[k]));
    complete behaviors;
    disjoint behaviors;
*/
sonnx_verdict sonnx_div_checked_i32(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                    const int32_t* pa, const int32_t* pb,
                                    int32_t* pc, int32_t kernel, sonnx_fault* fault) {
  sonnx_verdict verdict = sonnx_div_validate(a, b, c, fault);
  if ((verdict == SONNX_VALID) && (a.type != SONNX_TYPE_INT32)) {
    verdict = SONNX_TYPE_MISMATCH;
  }
  if (verdict == SONNX_VALID) {
    verdict = sonnx_div_domain_i32(pa, pb, fault->count, &fault->position);
  }
  if (verdict == SONNX_VALID) {
    if (kernel == SONNX_KERNEL_ROUTE) {
      sonnx_div_i32_via_binary64(pa, pb, pc, fault->count);
    } else {
      sonnx_div_i32(pa, pb, pc, fault->count);
    }
  }
  return verdict;
}

/* int64: the checks of sonnx_div_validate, then that A, B and C are int64 tensors, then
   integer division after the domain check (C3, D3), by the route kernel when kernel is
   SONNX_KERNEL_ROUTE (the blocked kernel), by the scalar kernel otherwise.
   [impl->req~D7~1] [impl->req~C3~1] [impl->req~D3~1] [impl->req~D9~1] */
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
        (sonnx_same_or_disjoint(c.address, a.address, n * sizeof(int64_t)) ==>
           pc == pa || \separated(pc + (0 .. n - 1), pa + (0 .. n - 1))) &&
        (sonnx_same_or_disjoint(c.address, b.address, n * sizeof(int64_t)) ==>
           pc == pb || \separated(pc + (0 .. n - 1), pb + (0 .. n - 1)));
    assigns *fault, pc[0 .. sonnx_shape_product(a.shape, a.rank) - 1];
    behavior checks_failed:
      assumes !sonnx_checks_pass(a, b, c);
      assigns *fault;
      ensures D7_first_failed_check: sonnx_validation_outcome{Pre}(a, b, c, \result,
        fault->tensor, fault->position, fault->count);
    behavior not_int64:
      assumes sonnx_checks_pass(a, b, c) && a.type != SONNX_TYPE_INT64;
      assigns *fault;
      ensures C2_data_type: \result == SONNX_TYPE_MISMATCH;
    behavior outside_domain:
      assumes sonnx_checks_pass(a, b, c) && a.type == SONNX_TYPE_INT64;
      assumes \exists integer n; sonnx_element_count(a.shape, a.rank, n) &&
        \exists integer k; 0 <= k < n && !sonnx_div_domain_int64(pa[k], pb[k]);
      assigns *fault;
      ensures C3_D3_first_outside: \forall integer n;
        sonnx_element_count{Pre}(a.shape, a.rank, n) ==> 0 <= fault->position < n &&
        !sonnx_div_domain_int64(pa[fault->position], pb[fault->position]) &&
        \forall integer k; 0 <= k < fault->position ==> sonnx_div_domain_int64(pa[k], pb[k]);
      ensures C3_D3_verdict:
        \result == (pb[fault->position] == 0 ? SONNX_ZERO_DIVISOR : SONNX_QUOTIENT_OVERFLOW);
    behavior divided:
      assumes sonnx_checks_pass(a, b, c) && a.type == SONNX_TYPE_INT64;
      assumes \forall integer n; sonnx_element_count(a.shape, a.rank, n) ==>
        \forall integer k; 0 <= k < n ==> sonnx_div_domain_int64(pa[k], pb[k]);
      ensures I1_truncated_quotient: \result == SONNX_VALID &&
        sonnx_element_count{Pre}(a.shape, a.rank, fault->count) &&
        \forall integer k; 0 <= k < fault->count ==>
          sonnx_div_int64_spec(\old(pa[k]), \old(pb[k]), pc[k]);
      ensures D6_unaliased_inputs_unchanged:
        (pc != pa ==> \forall integer k; 0 <= k < fault->count ==> pa[k] == \old(pa[k])) &&
        (pc != pb ==> \forall integer k; 0 <= k < fault->count ==> pb[k] == \old(pb[k]));
    complete behaviors;
    disjoint behaviors;
*/
sonnx_verdict sonnx_div_checked_i64(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                    const int64_t* pa, const int64_t* pb,
                                    int64_t* pc, int32_t kernel, sonnx_fault* fault) {
  sonnx_verdict verdict = sonnx_div_validate(a, b, c, fault);
  if ((verdict == SONNX_VALID) && (a.type != SONNX_TYPE_INT64)) {
    verdict = SONNX_TYPE_MISMATCH;
  }
  if (verdict == SONNX_VALID) {
    verdict = sonnx_div_domain_i64(pa, pb, fault->count, &fault->position);
  }
  if (verdict == SONNX_VALID) {
    if (kernel == SONNX_KERNEL_ROUTE) {
      sonnx_div_i64_blocked(pa, pb, pc, fault->count);
    } else {
      sonnx_div_i64(pa, pb, pc, fault->count);
    }
  }
  return verdict;
}
