/* The decision procedures of the checked API for uint8, uint16, uint32 and uint64
 * (see div_checked.h). C/C++ common subset,
 * compiled once per instruction set, like the route kernels they call (the AVX2 object renames
 * them with the suffix _avx2), parsed as C by Frama-C, which proves each function's contract,
 * written on its definition (the logic it names is in ../../common/kernels/sonnx_logic.h). */
#include "div_checked.h"

#include "../../common/kernels/sonnx_logic.h"
#include "div_domain.h"
#include "div_kernels.h"
#include "div_route_kernels.h"

/* uint8: the checks of sonnx_div_validate, then that A, B and C are uint8 tensors, then
   integer division after the domain check (C3), by the route kernel when kernel is
   SONNX_KERNEL_ROUTE, by the scalar kernel otherwise.
   [impl->req~D7~1] [impl->req~C3~1] [impl->req~D9~1] */
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
        (sonnx_same_or_disjoint(c.address, a.address, n * sizeof(uint8_t)) ==>
           pc == pa || \separated(pc + (0 .. n - 1), pa + (0 .. n - 1))) &&
        (sonnx_same_or_disjoint(c.address, b.address, n * sizeof(uint8_t)) ==>
           pc == pb || \separated(pc + (0 .. n - 1), pb + (0 .. n - 1)));
    assigns *fault, pc[0 .. sonnx_shape_product(a.shape, a.rank) - 1];
    behavior checks_failed:
      assumes !sonnx_checks_pass(a, b, c);
      assigns *fault;
      ensures D7_first_failed_check: sonnx_validation_outcome{Pre}(a, b, c, \result,
        fault->tensor, fault->position, fault->count);
    behavior not_uint8:
      assumes sonnx_checks_pass(a, b, c) && a.type != SONNX_TYPE_UINT8;
      assigns *fault;
      ensures C2_data_type: \result == SONNX_TYPE_MISMATCH;
    behavior outside_domain:
      assumes sonnx_checks_pass(a, b, c) && a.type == SONNX_TYPE_UINT8;
      assumes \exists integer n; sonnx_element_count(a.shape, a.rank, n) &&
        \exists integer k; 0 <= k < n && !sonnx_div_domain_uint8(pa[k], pb[k]);
      assigns *fault;
      ensures C3_D3_first_outside: \forall integer n;
        sonnx_element_count{Pre}(a.shape, a.rank, n) ==> 0 <= fault->position < n &&
        !sonnx_div_domain_uint8(pa[fault->position], pb[fault->position]) &&
        \forall integer k; 0 <= k < fault->position ==> sonnx_div_domain_uint8(pa[k], pb[k]);
      ensures C3_verdict: \result == SONNX_ZERO_DIVISOR;
    behavior divided:
      assumes sonnx_checks_pass(a, b, c) && a.type == SONNX_TYPE_UINT8;
      assumes \forall integer n; sonnx_element_count(a.shape, a.rank, n) ==>
        \forall integer k; 0 <= k < n ==> sonnx_div_domain_uint8(pa[k], pb[k]);
      ensures I1_truncated_quotient: \result == SONNX_VALID &&
        sonnx_element_count{Pre}(a.shape, a.rank, fault->count) &&
        \forall integer k; 0 <= k < fault->count ==>
          sonnx_div_uint8_spec(\old(pa[k]), \old(pb[k]), pc[k]);
      ensures D6_unaliased_inputs_unchanged:
        (pc != pa ==> \forall integer k; 0 <= k < fault->count ==> pa[k] == \old(pa[k])) &&
        (pc != pb ==> \forall integer k; 0 <= k < fault->count ==> pb[k] == \old(pb[k]));
    complete behaviors;
    disjoint behaviors;
*/
sonnx_verdict sonnx_div_checked_u8(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                   const uint8_t* pa, const uint8_t* pb,
                                   uint8_t* pc, int32_t kernel, sonnx_fault* fault) {
  sonnx_verdict verdict = sonnx_div_validate(a, b, c, fault);
  if ((verdict == SONNX_VALID) && (a.type != SONNX_TYPE_UINT8)) {
    verdict = SONNX_TYPE_MISMATCH;
  }
  if (verdict == SONNX_VALID) {
    verdict = sonnx_div_domain_u8(pa, pb, fault->count, &fault->position);
  }
  if (verdict == SONNX_VALID) {
    if (kernel == SONNX_KERNEL_ROUTE) {
      sonnx_div_u8_via_binary32(pa, pb, pc, fault->count);
    } else {
      sonnx_div_u8(pa, pb, pc, fault->count);
    }
  }
  return verdict;
}

/* uint16: the checks of sonnx_div_validate, then that A, B and C are uint16 tensors, then
   integer division after the domain check (C3), by the route kernel when kernel is
   SONNX_KERNEL_ROUTE, by the scalar kernel otherwise.
   [impl->req~D7~1] [impl->req~C3~1] [impl->req~D9~1] */
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
    behavior not_uint16:
      assumes sonnx_checks_pass(a, b, c) && a.type != SONNX_TYPE_UINT16;
      assigns *fault;
      ensures C2_data_type: \result == SONNX_TYPE_MISMATCH;
    behavior outside_domain:
      assumes sonnx_checks_pass(a, b, c) && a.type == SONNX_TYPE_UINT16;
      assumes \exists integer n; sonnx_element_count(a.shape, a.rank, n) &&
        \exists integer k; 0 <= k < n && !sonnx_div_domain_uint16(pa[k], pb[k]);
      assigns *fault;
      ensures C3_D3_first_outside: \forall integer n;
        sonnx_element_count{Pre}(a.shape, a.rank, n) ==> 0 <= fault->position < n &&
        !sonnx_div_domain_uint16(pa[fault->position], pb[fault->position]) &&
        \forall integer k; 0 <= k < fault->position ==> sonnx_div_domain_uint16(pa[k], pb[k]);
      ensures C3_verdict: \result == SONNX_ZERO_DIVISOR;
    behavior divided:
      assumes sonnx_checks_pass(a, b, c) && a.type == SONNX_TYPE_UINT16;
      assumes \forall integer n; sonnx_element_count(a.shape, a.rank, n) ==>
        \forall integer k; 0 <= k < n ==> sonnx_div_domain_uint16(pa[k], pb[k]);
      ensures I1_truncated_quotient: \result == SONNX_VALID &&
        sonnx_element_count{Pre}(a.shape, a.rank, fault->count) &&
        \forall integer k; 0 <= k < fault->count ==>
          sonnx_div_uint16_spec(\old(pa[k]), \old(pb[k]), pc[k]);
      ensures D6_unaliased_inputs_unchanged:
        (pc != pa ==> \forall integer k; 0 <= k < fault->count ==> pa[k] == \old(pa[k])) &&
        (pc != pb ==> \forall integer k; 0 <= k < fault->count ==> pb[k] == \old(pb[k]));
    complete behaviors;
    disjoint behaviors;
*/
sonnx_verdict sonnx_div_checked_u16(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                    const uint16_t* pa, const uint16_t* pb,
                                    uint16_t* pc, int32_t kernel, sonnx_fault* fault) {
  sonnx_verdict verdict = sonnx_div_validate(a, b, c, fault);
  if ((verdict == SONNX_VALID) && (a.type != SONNX_TYPE_UINT16)) {
    verdict = SONNX_TYPE_MISMATCH;
  }
  if (verdict == SONNX_VALID) {
    verdict = sonnx_div_domain_u16(pa, pb, fault->count, &fault->position);
  }
  if (verdict == SONNX_VALID) {
    if (kernel == SONNX_KERNEL_ROUTE) {
      sonnx_div_u16_via_binary32(pa, pb, pc, fault->count);
    } else {
      sonnx_div_u16(pa, pb, pc, fault->count);
    }
  }
  return verdict;
}

/* uint32: the checks of sonnx_div_validate, then that A, B and C are uint32 tensors, then
   integer division after the domain check (C3), by the route kernel when kernel is
   SONNX_KERNEL_ROUTE, by the scalar kernel otherwise.
   [impl->req~D7~1] [impl->req~C3~1] [impl->req~D9~1] */
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
        (sonnx_same_or_disjoint(c.address, a.address, n * sizeof(uint32_t)) ==>
           pc == pa || \separated(pc + (0 .. n - 1), pa + (0 .. n - 1))) &&
        (sonnx_same_or_disjoint(c.address, b.address, n * sizeof(uint32_t)) ==>
           pc == pb || \separated(pc + (0 .. n - 1), pb + (0 .. n - 1)));
    assigns *fault, pc[0 .. sonnx_shape_product(a.shape, a.rank) - 1];
    behavior checks_failed:
      assumes !sonnx_checks_pass(a, b, c);
      assigns *fault;
      ensures D7_first_failed_check: sonnx_validation_outcome{Pre}(a, b, c, \result,
        fault->tensor, fault->position, fault->count);
    behavior not_uint32:
      assumes sonnx_checks_pass(a, b, c) && a.type != SONNX_TYPE_UINT32;
      assigns *fault;
      ensures C2_data_type: \result == SONNX_TYPE_MISMATCH;
    behavior outside_domain:
      assumes sonnx_checks_pass(a, b, c) && a.type == SONNX_TYPE_UINT32;
      assumes \exists integer n; sonnx_element_count(a.shape, a.rank, n) &&
        \exists integer k; 0 <= k < n && !sonnx_div_domain_uint32(pa[k], pb[k]);
      assigns *fault;
      ensures C3_D3_first_outside: \forall integer n;
        sonnx_element_count{Pre}(a.shape, a.rank, n) ==> 0 <= fault->position < n &&
        !sonnx_div_domain_uint32(pa[fault->position], pb[fault->position]) &&
        \forall integer k; 0 <= k < fault->position ==> sonnx_div_domain_uint32(pa[k], pb[k]);
      ensures C3_verdict: \result == SONNX_ZERO_DIVISOR;
    behavior divided:
      assumes sonnx_checks_pass(a, b, c) && a.type == SONNX_TYPE_UINT32;
      assumes \forall integer n; sonnx_element_count(a.shape, a.rank, n) ==>
        \forall integer k; 0 <= k < n ==> sonnx_div_domain_uint32(pa[k], pb[k]);
      ensures I1_truncated_quotient: \result == SONNX_VALID &&
        sonnx_element_count{Pre}(a.shape, a.rank, fault->count) &&
        \forall integer k; 0 <= k < fault->count ==>
          sonnx_div_uint32_spec(\old(pa[k]), \old(pb[k]), pc[k]);
      ensures D6_unaliased_inputs_unchanged:
        (pc != pa ==> \forall integer k; 0 <= k < fault->count ==> pa[k] == \old(pa[k])) &&
        (pc != pb ==> \forall integer k; 0 <= k < fault->count ==> pb[k] == \old(pb[k]));
    complete behaviors;
    disjoint behaviors;
*/
sonnx_verdict sonnx_div_checked_u32(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                    const uint32_t* pa, const uint32_t* pb,
                                    uint32_t* pc, int32_t kernel, sonnx_fault* fault) {
  sonnx_verdict verdict = sonnx_div_validate(a, b, c, fault);
  if ((verdict == SONNX_VALID) && (a.type != SONNX_TYPE_UINT32)) {
    verdict = SONNX_TYPE_MISMATCH;
  }
  if (verdict == SONNX_VALID) {
    verdict = sonnx_div_domain_u32(pa, pb, fault->count, &fault->position);
  }
  if (verdict == SONNX_VALID) {
    /* What the writes keep, as for uint64 below: on a 32-bit machine model size_t is uint32_t. */
    /*@ assert D6_operands_kept: \forall integer k; 0 <= k < fault->count ==>
          pa[k] == \at(pa[k], Pre) && pb[k] == \at(pb[k], Pre); */
    const size_t count = fault->count;
    if (kernel == SONNX_KERNEL_ROUTE) {
      sonnx_div_u32_via_binary64(pa, pb, pc, count);
    } else {
      sonnx_div_u32(pa, pb, pc, count);
    }
    /*@ assert D7_count_kept: fault->count == count; */
  }
  return verdict;
}

/* uint64: the checks of sonnx_div_validate, then that A, B and C are uint64 tensors, then
   integer division after the domain check (C3), by the route kernel when kernel is
   SONNX_KERNEL_ROUTE (the blocked kernel), by the scalar kernel otherwise.
   [impl->req~D7~1] [impl->req~C3~1] [impl->req~D9~1] */
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
        (sonnx_same_or_disjoint(c.address, a.address, n * sizeof(uint64_t)) ==>
           pc == pa || \separated(pc + (0 .. n - 1), pa + (0 .. n - 1))) &&
        (sonnx_same_or_disjoint(c.address, b.address, n * sizeof(uint64_t)) ==>
           pc == pb || \separated(pc + (0 .. n - 1), pb + (0 .. n - 1)));
    assigns *fault, pc[0 .. sonnx_shape_product(a.shape, a.rank) - 1];
    behavior checks_failed:
      assumes !sonnx_checks_pass(a, b, c);
      assigns *fault;
      ensures D7_first_failed_check: sonnx_validation_outcome{Pre}(a, b, c, \result,
        fault->tensor, fault->position, fault->count);
    behavior not_uint64:
      assumes sonnx_checks_pass(a, b, c) && a.type != SONNX_TYPE_UINT64;
      assigns *fault;
      ensures C2_data_type: \result == SONNX_TYPE_MISMATCH;
    behavior outside_domain:
      assumes sonnx_checks_pass(a, b, c) && a.type == SONNX_TYPE_UINT64;
      assumes \exists integer n; sonnx_element_count(a.shape, a.rank, n) &&
        \exists integer k; 0 <= k < n && !sonnx_div_domain_uint64(pa[k], pb[k]);
      assigns *fault;
      ensures C3_D3_first_outside: \forall integer n;
        sonnx_element_count{Pre}(a.shape, a.rank, n) ==> 0 <= fault->position < n &&
        !sonnx_div_domain_uint64(pa[fault->position], pb[fault->position]) &&
        \forall integer k; 0 <= k < fault->position ==> sonnx_div_domain_uint64(pa[k], pb[k]);
      ensures C3_verdict: \result == SONNX_ZERO_DIVISOR;
    behavior divided:
      assumes sonnx_checks_pass(a, b, c) && a.type == SONNX_TYPE_UINT64;
      assumes \forall integer n; sonnx_element_count(a.shape, a.rank, n) ==>
        \forall integer k; 0 <= k < n ==> sonnx_div_domain_uint64(pa[k], pb[k]);
      ensures I1_truncated_quotient: \result == SONNX_VALID &&
        sonnx_element_count{Pre}(a.shape, a.rank, fault->count) &&
        \forall integer k; 0 <= k < fault->count ==>
          sonnx_div_uint64_spec(\old(pa[k]), \old(pb[k]), pc[k]);
      ensures D6_unaliased_inputs_unchanged:
        (pc != pa ==> \forall integer k; 0 <= k < fault->count ==> pa[k] == \old(pa[k])) &&
        (pc != pb ==> \forall integer k; 0 <= k < fault->count ==> pb[k] == \old(pb[k]));
    complete behaviors;
    disjoint behaviors;
*/
sonnx_verdict sonnx_div_checked_u64(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
                                    const uint64_t* pa, const uint64_t* pb,
                                    uint64_t* pc, int32_t kernel, sonnx_fault* fault) {
  sonnx_verdict verdict = sonnx_div_validate(a, b, c, fault);
  if ((verdict == SONNX_VALID) && (a.type != SONNX_TYPE_UINT64)) {
    verdict = SONNX_TYPE_MISMATCH;
  }
  if (verdict == SONNX_VALID) {
    verdict = sonnx_div_domain_u64(pa, pb, fault->count, &fault->position);
  }
  if (verdict == SONNX_VALID) {
    /* The fault's count and position are size_t, which is uint64_t on a 64-bit machine model
       (uint32_t on a 32-bit one: sonnx_div_checked_u32): in WP's typed memory model they share
       one memory with the operands, so that the checks' writes to the fault and the kernel's
       writes to C could reach A, B or the count. The two assertions state what those writes
       keep (a separation each, from the preconditions), so that the contract's ensures follow
       from them rather than from one goal doing all of it. */
    /*@ assert D6_operands_kept: \forall integer k; 0 <= k < fault->count ==>
          pa[k] == \at(pa[k], Pre) && pb[k] == \at(pb[k], Pre); */
    const size_t count = fault->count;
    if (kernel == SONNX_KERNEL_ROUTE) {
      sonnx_div_u64_blocked(pa, pb, pc, count);
    } else {
      sonnx_div_u64(pa, pb, pc, count);
    }
    /*@ assert D7_count_kept: fault->count == count; */
  }
  return verdict;
}
