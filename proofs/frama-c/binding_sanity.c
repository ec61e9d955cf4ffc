/* Sanity goals of the WP driver bindings (proofs/frama-c/div_element.driver), stated through the
 * very ACSL symbols the kernel contracts use (src/common/kernels/sonnx_logic.h). The int32, uint8
 * and binary32 bindings each get a case that must hold and a neighbouring one that must be refuted,
 * both proved: a binding to the wrong Why3 predicate, to swapped operands, or to nothing (an
 * uninterpreted or vacuous symbol) cannot prove both; binary64 gets a holding case. The other
 * bindings are reviewed (docs/assumptions.md, AS-WP-1). Values are hand-computed: -35/3 truncates
 * to -11 (floor would give -12), 35/-3 to -11, 200/7 to 28; binary32 1/4 is exactly 0.25; the
 * binary64 quotient 1/3 is the double nearest to the real 1/3.
 *
 * With SONNX_BINDING_MUTANT_KILLERS defined, the file states instead the negations of holding
 * cases: the killers of the driver faults of verify/faults/faults.json, which prove.sh proves
 * against each faulty driver, so that such a fault is shown detected by proof (not by a failed
 * attempt).
 *
 * The binary16/bfloat16 element relations have no binding to test: they are named by uninterpreted
 * functions (assumption AS-WP-2) and rest on the exhaustive sweeps. */
#include "sonnx_logic.h"

#ifndef SONNX_BINDING_MUTANT_KILLERS
/*@ lemma I1_int32_binding_truncates: sonnx_div_int32_spec(-35, 3, -11);
    lemma I1_int32_binding_refutes_floor: !sonnx_div_int32_spec(-35, 3, -12);
    lemma I1_int32_binding_negative_divisor: sonnx_div_int32_spec(35, -3, -11);
    lemma I1_uint8_binding_quotient: sonnx_div_uint8_spec(200, 7, 28);
    lemma I1_uint8_binding_refutes_rounding_up: !sonnx_div_uint8_spec(200, 7, 29);
    lemma F1_float32_binding_quotient: sonnx_div_float32_spec((float)1.0, (float)4.0, (float)0.25);
    lemma F1_float32_binding_refutes: !sonnx_div_float32_spec((float)1.0, (float)4.0, (float)0.5);
    lemma F1_float64_binding_rounds_to_nearest:
      sonnx_div_float64_spec((double)1.0, (double)3.0, (double)(1.0 / 3.0));
*/
#else
/*@ lemma mutant_int32_binding_killed: !sonnx_div_int32_spec(-35, 3, -11);
    lemma mutant_float32_binding_killed:
      !sonnx_div_float32_spec((float)1.0, (float)4.0, (float)0.25);
*/
#endif
