// checked_integer: the decision procedure of an integer type: the checks of sonnx_div_validate,
// the type, the domain check (C3, and D3 for signed types), then the route kernel or the scalar
// kernel, as the caller's kernel argument says.
#@fragment checked_integer
/* ${name}: the checks of sonnx_div_validate, then that A, B and C are ${name} tensors, then
#@if signed
   integer division after the domain check (C3, D3), by the route kernel when kernel is
   SONNX_KERNEL_ROUTE (${route_kernel}), by the scalar kernel otherwise.
   [impl->req~D7~1] [impl->req~C3~1] [impl->req~D3~1] [impl->req~D9~1] */
#@else
   integer division after the domain check (C3), by the route kernel when kernel is
   SONNX_KERNEL_ROUTE (${route_kernel}), by the scalar kernel otherwise.
   [impl->req~D7~1] [impl->req~C3~1] [impl->req~D9~1] */
#@endif
#@insert checked_contract_start
    behavior outside_domain:
      assumes sonnx_checks_pass(a, b, c) && a.type == ${type_code};
      assumes \exists integer n; sonnx_element_count(a.shape, a.rank, n) &&
        \exists integer k; 0 <= k < n && !${domain}(pa[k], pb[k]);
      assigns *fault;
      ensures C3_D3_first_outside: \forall integer n;
        sonnx_element_count{Pre}(a.shape, a.rank, n) ==> 0 <= fault->position < n &&
        !${domain}(pa[fault->position], pb[fault->position]) &&
        \forall integer k; 0 <= k < fault->position ==> ${domain}(pa[k], pb[k]);
#@if signed
      ensures C3_D3_verdict:
        \result == (pb[fault->position] == 0 ? SONNX_ZERO_DIVISOR : SONNX_QUOTIENT_OVERFLOW);
#@else
      ensures C3_verdict: \result == SONNX_ZERO_DIVISOR;
#@endif
    behavior divided:
      assumes sonnx_checks_pass(a, b, c) && a.type == ${type_code};
      assumes \forall integer n; sonnx_element_count(a.shape, a.rank, n) ==>
        \forall integer k; 0 <= k < n ==> ${domain}(pa[k], pb[k]);
#@insert checked_divided_ensures
#@function sonnx_div_checked_${suffix} checked_int avx2
#@insert checked_start
  if (verdict == SONNX_VALID) {
    verdict = sonnx_div_domain_${suffix}(pa, pb, fault->count, &fault->position);
  }
  if (verdict == SONNX_VALID) {
#@if shares_size_t
    /* The fault's count and position are size_t, which is ${ctype} on the ${size_t_model}
       machine model: in WP's typed memory model they share one memory with the operands, so
       that the checks' writes to the fault and the kernel's writes to C could reach A, B or the
       count. The two assertions state what those writes keep (a separation each, from the
       preconditions), so that the contract's ensures follow from them rather than from one goal
       doing all of it. */
    /*@ assert D6_operands_kept: \forall integer k; 0 <= k < fault->count ==>
          pa[k] == \at(pa[k], Pre) && pb[k] == \at(pb[k], Pre); */
    const size_t count = fault->count;
    if (kernel == SONNX_KERNEL_ROUTE) {
      ${route_kernel}(pa, pb, pc, count);
    } else {
      sonnx_div_${suffix}(pa, pb, pc, count);
    }
    /*@ assert D7_count_kept: fault->count == count; */
#@else
    if (kernel == SONNX_KERNEL_ROUTE) {
      ${route_kernel}(pa, pb, pc, fault->count);
    } else {
      sonnx_div_${suffix}(pa, pb, pc, fault->count);
    }
#@endif
  }
  return verdict;
}
#@endfragment

// checked_declaration: the declaration of a type's decision procedure `function`,
// sonnx_div_checked_<suffix> or its AVX2 compilation sonnx_div_checked_<suffix>_avx2; `indent`
// prefixes the continuation lines (it aligns them for a three-letter suffix).
#@fragment checked_declaration
sonnx_verdict ${function}(sonnx_tensor a, sonnx_tensor b, sonnx_tensor c,
${indent}const ${ctype}* pa, const ${ctype}* pb, ${ctype}* pc,
${indent}int32_t kernel, sonnx_fault* fault);
#@endfragment
