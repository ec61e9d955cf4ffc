// Fragments shared by the templates: each written once, inserted where a template says
// #@insert NAME. In a fragment, ${...} names a field of the current element type
// (core/gen/types.json) or a KEY given to #@insert.
//
// kernel_contract: the contract of every element-wise kernel of a type (the scalar kernel, the
// route kernel, the blocked kernel): a, b, c valid for n elements; c equal to a or b, or disjoint
// from both; for integers the domain (C3, and D3 for signed types); every element of c holds the
// type's element relation of the operands as they were on entry; an operand that c does not alias
// is unchanged (for float32 and float64 by the identity of IEEE data).
#@fragment kernel_contract
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    requires C1_valid_c: \valid(c + (0 .. n - 1));
    requires D6_exact_alias_or_disjoint:
      (c == a || \separated(c + (0 .. n - 1), a + (0 .. n - 1))) &&
      (c == b || \separated(c + (0 .. n - 1), b + (0 .. n - 1)));
#@if kind == integer
    requires C3_nonzero_divisor: \forall integer k; 0 <= k < n ==> b[k] != 0;
#@if signed
    requires D3_no_min_div_minus_one:
      \forall integer k; 0 <= k < n ==> !(a[k] == ${min} && b[k] == -1);
#@endif
#@endif
    assigns c[0 .. n - 1];
    ensures ${relation_label}:
      \forall integer k; 0 <= k < n ==> ${relation}(\old(a[k]), \old(b[k]), c[k]);
    ensures D6_unaliased_inputs_unchanged:
#@if ieee
      (c != a ==> \forall integer k; 0 <= k < n ==> ${same}(a[k], \old(a[k]))) &&
      (c != b ==> \forall integer k; 0 <= k < n ==> ${same}(b[k], \old(b[k])));
#@else
      (c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \old(a[k])) &&
      (c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \old(b[k]));
#@endif
*/
#@endfragment

// elementwise_loop: the loop of every kernel that applies an element function at each index
// (element: the expression that computes c[i] from a[i] and b[i]). Its invariants: the elements
// before i hold the element relation of their operands as they were on entry; the inputs from i
// on are not yet changed (what makes exact aliasing c == a or c == b work: an element is read
// before the output element at the same index is written); an operand that c does not alias is
// not changed at all (one invariant per operand: for the float kernels the two together cost
// the provers twice as much as each alone).
#@fragment elementwise_loop
  /*@ loop invariant C1_index_in_bounds: 0 <= i <= n;
      loop invariant ${relation_label}: \forall integer k; 0 <= k < i ==>
        ${relation}(\at(a[k], Pre), \at(b[k], Pre), c[k]);
#@if ieee
      loop invariant D6_inputs_not_yet_read_unchanged: \forall integer k; i <= k < n ==>
        ${same}(a[k], \at(a[k], Pre)) &&
          ${same}(b[k], \at(b[k], Pre));
      loop invariant D6_unaliased_a_unchanged:
        c != a ==> \forall integer k; 0 <= k < n ==> ${same}(a[k], \at(a[k], Pre));
      loop invariant D6_unaliased_b_unchanged:
        c != b ==> \forall integer k; 0 <= k < n ==> ${same}(b[k], \at(b[k], Pre));
#@else
      loop invariant D6_inputs_not_yet_read_unchanged: \forall integer k; i <= k < n ==>
        a[k] == \at(a[k], Pre) && b[k] == \at(b[k], Pre);
      loop invariant D6_unaliased_a_unchanged:
        c != a ==> \forall integer k; 0 <= k < n ==> a[k] == \at(a[k], Pre);
      loop invariant D6_unaliased_b_unchanged:
        c != b ==> \forall integer k; 0 <= k < n ==> b[k] == \at(b[k], Pre);
#@endif
      loop assigns i, c[0 .. n - 1];
      loop variant n - i;
  */
  for (size_t i = 0; i < n; ++i) {
    c[i] = ${element_expr};
  }
#@endfragment

// checked_contract_start: the first part of the contract of every decision procedure of the
// checked API (sonnx_div_checked_<type>): the shapes and the fault are valid and separate; where
// the checks pass, the data are valid for the element count and separate from the fault, and
// the addresses that sonnx_check_buffers compares are those of the data (D6); what it may write;
// the behaviours of a failed check (the first failed check's verdict, D7) and of another element
// type (C2).
#@fragment checked_contract_start
#@insert shapes_and_fault_requires
    requires C1_valid_data: \forall integer n;
      sonnx_checks_pass(a, b, c) && sonnx_element_count(a.shape, a.rank, n) ==>
        \valid_read(pa + (0 .. n - 1)) && \valid_read(pb + (0 .. n - 1)) &&
        \valid(pc + (0 .. n - 1)) &&
        \separated(fault, pa + (0 .. n - 1), pb + (0 .. n - 1), pc + (0 .. n - 1));
    requires D6_addresses_of_the_data: \forall integer n;
      sonnx_checks_pass(a, b, c) && sonnx_element_count(a.shape, a.rank, n) ==>
        (sonnx_same_or_disjoint(c.address, a.address, n * sizeof(${ctype})) ==>
           pc == pa || \separated(pc + (0 .. n - 1), pa + (0 .. n - 1))) &&
        (sonnx_same_or_disjoint(c.address, b.address, n * sizeof(${ctype})) ==>
           pc == pb || \separated(pc + (0 .. n - 1), pb + (0 .. n - 1)));
    assigns *fault, pc[0 .. sonnx_shape_product(a.shape, a.rank) - 1];
    behavior checks_failed:
      assumes !sonnx_checks_pass(a, b, c);
      assigns *fault;
      ensures D7_first_failed_check: sonnx_validation_outcome{Pre}(a, b, c, \result,
        fault->tensor, fault->position, fault->count);
    behavior not_${name}:
      assumes sonnx_checks_pass(a, b, c) && a.type != ${type_code};
      assigns *fault;
      ensures C2_data_type: \result == SONNX_TYPE_MISMATCH;
#@endfragment

// checked_divided_ensures: what the decision procedure ensures when it divided (the element
// relation over the count it computed; the operands that c does not alias unchanged).
#@fragment checked_divided_ensures
      ensures ${relation_label}: \result == SONNX_VALID &&
        sonnx_element_count{Pre}(a.shape, a.rank, fault->count) &&
        \forall integer k; 0 <= k < fault->count ==>
          ${relation}(\old(pa[k]), \old(pb[k]), pc[k]);
      ensures D6_unaliased_inputs_unchanged:
#@if ieee
        (pc != pa ==> \forall integer k; 0 <= k < fault->count ==>
          ${same}(pa[k], \old(pa[k]))) &&
        (pc != pb ==> \forall integer k; 0 <= k < fault->count ==>
          ${same}(pb[k], \old(pb[k])));
#@else
        (pc != pa ==> \forall integer k; 0 <= k < fault->count ==> pa[k] == \old(pa[k])) &&
        (pc != pb ==> \forall integer k; 0 <= k < fault->count ==> pb[k] == \old(pb[k]));
#@endif
    complete behaviors;
    disjoint behaviors;
*/
#@endfragment

// checked_start: the decision procedure's definition up to its type check: the checks of
// sonnx_div_validate in their order, then that A, B and C have the procedure's element type.
#@fragment checked_start
sonnx_verdict sonnx_div_checked_${suffix}(
    sonnx_tensor a, sonnx_tensor b, sonnx_tensor c, const ${ctype}* pa, const ${ctype}* pb,
    ${ctype}* pc, int32_t kernel, sonnx_fault* fault) {
  sonnx_verdict verdict = sonnx_div_validate(a, b, c, fault);
  if ((verdict == SONNX_VALID) && (a.type != ${type_code})) {
    verdict = SONNX_TYPE_MISMATCH;
  }
#@endfragment

// block_end: the end of the block of ${block} elements that starts at start (a function of
// its own, ${function}; linkage: "static " or empty). A call with a contract, so that WP sees
// one path into the block's loop: a conditional written in the loop doubles the paths that
// WP's simplifier works through. g++ inlines it where it is static.
#@fragment block_end
/*@ requires C1_start_in_bounds: start <= n;
    assigns \nothing;
    ensures C1_block_end: \result ==
      ((n - start > ${block}) ? start + ${block} : n);
*/
#@function ${function} ${group}
${linkage}size_t ${function}(size_t start, size_t n) {
  size_t end = n;
  if ((n - start) > ${block}) {
    end = start + ${block};
  }
  return end;
}
#@endfragment

// block_scan: whether every operand of a[start .. end - 1] and b[start .. end - 1] is below
// 2^${bound} in magnitude (limit: 2^${bound} - 1).
#@fragment block_scan
/* ${name}: whether every operand of the block is below 2^${bound} in magnitude. Counting those
   outside (at most 2 per element) instead of returning at the first one lets the loop vectorize. */
/*@ requires C1_valid_a: \valid_read(a + (start .. end - 1));
    requires C1_valid_b: \valid_read(b + (start .. end - 1));
    requires D9_one_block: start <= end <= start + SONNX_DIV_BLOCK_ELEMENTS;
    assigns \nothing;
    ensures D9_zero_or_one: \result == 0 || \result == 1;
    ensures D9_operands_within_bound: \result != 0 <==> (\forall integer k;
      start <= k < end ==> sonnx_div_below_2p${bound}(a[k]) && sonnx_div_below_2p${bound}(b[k]));
*/
#@function sonnx_div_${suffix}_block_below_2p${bound} blocked
static int sonnx_div_${suffix}_block_below_2p${bound}(const ${ctype}* a, const ${ctype}* b,
                                                size_t start, size_t end) {
  uint64_t outside = 0;
  /*@ loop invariant C1_index_in_bounds: start <= i <= end;
      loop invariant D9_count_bounded: outside <= 2 * (i - start);
      loop invariant D9_none_outside_yet: outside == 0 <==> (\forall integer k;
        start <= k < i ==> sonnx_div_below_2p${bound}(a[k]) && sonnx_div_below_2p${bound}(b[k]));
      loop assigns i, outside;
      loop variant end - i;
  */
  for (size_t i = start; i < end; ++i) {
#@if signed
    outside += (uint64_t)((a[i] < -INT64_C(${limit})) |
                          (a[i] > INT64_C(${limit}))) +
               (uint64_t)((b[i] < -INT64_C(${limit})) |
                          (b[i] > INT64_C(${limit})));
#@else
    outside += (uint64_t)(a[i] > UINT64_C(${limit})) +
               (uint64_t)(b[i] > UINT64_C(${limit}));
#@endif
  }
  return (outside == 0u) ? 1 : 0;
}

#@endfragment

// domain_scan_start: the contract and the signature of the domain scan of a type: the first
// index whose operands are outside the domain (C3, and D3 for signed types), or n.
#@fragment domain_scan_start
/*@ requires C1_valid_a: \valid_read(a + (0 .. n - 1));
    requires C1_valid_b: \valid_read(b + (0 .. n - 1));
    assigns \nothing;
    ensures C3_D3_result_in_bounds: 0 <= \result <= n;
    ensures C3_D3_prefix_in_domain: \forall integer k; 0 <= k < \result ==>
      ${domain}(a[k], b[k]);
    ensures C3_D3_first_outside: \result < n ==> !${domain}(a[\result], b[\result]);
*/
#@function sonnx_div_domain_scan_${suffix} domain
SONNX_MULTIVERSION
size_t sonnx_div_domain_scan_${suffix}(const ${ctype}* a, const ${ctype}* b, size_t n) {
#@endfragment

// domain_scan_end: the end of every domain scan: inside the block [start, end) that its vector
// loop found violated (or at n), the first element outside the domain, element by element.
#@fragment domain_scan_end
  size_t first = start;
  /*@ loop invariant C1_index_in_bounds: start <= first <= end;
      loop invariant C3_D3_prefix_in_domain: \forall integer k; 0 <= k < first ==>
        ${domain}(a[k], b[k]);
      loop assigns first;
      loop variant end - first;
  */
#@if signed
  while ((first < end) && (((b[first] == 0) | ((a[first] == ${min}) & (b[first] == -1))) == 0)) {
#@else
  while ((first < end) && ((b[first] == 0U) == 0)) {
#@endif
    ++first;
  }
  return first;
}
#@endfragment

// domain_block_loop_start: the scan's loop over blocks (sonnx_domain_block_end), up to the first
// block with a violation; it ends inside the open `while (...) {`, after the block's end is set.
// `flag` names the block's flag (of the type's flag_type: unsigned, of the element's width),
// `init` its value before the first block, which must be a clean value; the block is clean while
// `flag clean 0` holds and violated while `flag violated 0` does, `violated` the negation of
// `clean`: flag="violations" init="0U" clean="==" violated="!=" for a flag that ORs each
// element's violation, flag="least" init="1U" clean="!=" violated="==" for int8's least byte
// measure (0 iff an element is outside).
#@fragment domain_block_loop_start
  size_t start = 0U;
  size_t end = 0U;
  ${flag_type} ${flag} = ${init};
  /*@ loop invariant C1_blocks_in_bounds: 0 <= start <= end <= n;
      loop invariant C3_D3_before_block: \forall integer k; 0 <= k < start ==>
        ${domain}(a[k], b[k]);
      loop invariant C3_D3_clean_block_passed: ${flag} ${clean} 0 ==> end == start;
      loop invariant C3_D3_block_violated: ${flag} ${violated} 0 ==>
        \exists integer k; start <= k < end && !${domain}(a[k], b[k]);
      loop assigns start, end, ${flag};
      loop variant n - start + (${flag} ${clean} 0 ? 1 : 0);
  */
  while ((${flag} ${clean} 0U) && (start < n)) {
    end = sonnx_domain_block_end(start, n);
#@endfragment

// domain_violation_loop: the annotation and the `for` head of the element-by-element loop over
// one block [start, end) whose body (in the template) ORs each element's violation of the domain
// into `violations` (0 while every element so far is inside); `indent` prefixes each line (the
// int16, int32 and int64 scans run the loop only when their first test flags the block).
#@fragment domain_violation_loop
${indent}/*@ loop invariant C1_index_in_bounds: start <= i <= end;
${indent}    loop invariant C3_D3_violation_bound: violations <= 1;
${indent}    loop invariant C3_D3_flag_clear: violations == 0 <==>
${indent}      \forall integer k; start <= k < i ==> ${domain}(a[k], b[k]);
${indent}    loop assigns i, violations;
${indent}    loop variant end - i;
${indent}*/
${indent}for (i = start; i < end; ++i) {
#@endfragment

// route_element_contract: the contract of a 64-bit route element (div_blocked_kernels.c): the
// domain (C3, and D3 for signed types), both operands below 2^bound in magnitude (limit =
// 2^bound - 1), and the truncated quotient.
#@fragment route_element_contract
/*@ requires C3_nonzero_divisor: y != 0;
#@if signed
    requires D3_no_min_div_minus_one: !(x == ${min} && y == -1);
#@endif
    requires D9_operands_below_2p${bound}:
      -${limit} <= x <= ${limit} && -${limit} <= y <= ${limit};
    assigns \nothing;
    ensures I1_truncated_quotient: ${spec}(x, y, \result);
*/
#@endfragment

// blocked_progress: the invariants that the blocked route kernel's loop over blocks and its loop
// over a block's elements share (the inner one restates the outer one's at each element): the
// elements before the loop's index hold the truncated quotient of the operands as they were on
// entry; the inputs from that index on are not yet changed; an operand that c does not alias is
// not changed at all. Parameters: `i` the C variable of the loop's index (i, then k), `q` the
// variable the quantifiers bind (k, then j), `indent` the prefix of each line.
#@fragment blocked_progress
${indent}loop invariant I1_truncated_quotient: \forall integer ${q}; 0 <= ${q} < ${i} ==>
${indent}  ${spec}(\at(a[${q}], Pre), \at(b[${q}], Pre), c[${q}]);
${indent}loop invariant D6_inputs_not_yet_read_unchanged: \forall integer ${q}; ${i} <= ${q} < n ==>
${indent}  a[${q}] == \at(a[${q}], Pre) && b[${q}] == \at(b[${q}], Pre);
${indent}loop invariant D6_unaliased_inputs_unchanged:
${indent}  (c != a ==> \forall integer ${q}; 0 <= ${q} < n ==> a[${q}] == \at(a[${q}], Pre)) &&
${indent}  (c != b ==> \forall integer ${q}; 0 <= ${q} < n ==> b[${q}] == \at(b[${q}], Pre));
#@endfragment
