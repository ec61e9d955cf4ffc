/* Sanity goals of the WP driver bindings (proofs/frama-c/div_element.driver), stated through the
 * very ACSL symbols the kernel contracts use (core/src/common/kernels/sonnx_logic.h). Every binding
 * gets a case that must hold and a neighbouring one that must be refuted, both proved: a binding to
 * another Why3 symbol, to swapped operands, or to nothing (an uninterpreted or vacuous symbol)
 * cannot prove both. The binding mutation check (binding_mutants.py) rebinds each symbol to every
 * other symbol of the same signature in its Why3 theory and proves that the other symbol
 * contradicts one of these cases (or that the two are equivalent). Values are hand-computed: -35/3
 * truncates to -11 (floor would give -12); 200/7 is 28; 60000/7 is 8571; 4000000000/7 is
 * 571428571; 10000000000/3 is 3333333333; 3000000000/3 is 1000000000; binary32 and binary64 1/4
 * are exactly 0.25; the binary64 quotient 1/3 is the double nearest to the real 1/3. The integer
 * domains are C3 (b != 0) and D3 (not MIN / -1 of the signed type): 0 / 5 is in every domain and
 * 5 / 0 in none (swapped operands are refuted); a signed type's MIN / -1 is outside its domain
 * and MIN - 1 over -1 inside it (the domain restricts neither operand to the type's range, unlike
 * Why3's `operands`); every signed type's MIN over -1 is inside the unsigned domains. Together
 * these tell the eight domain bindings apart.
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
/*@ lemma I1_int8_binding_truncates: sonnx_div_int8_spec(-35, 3, -11);
    lemma I1_int8_binding_refutes_floor: !sonnx_div_int8_spec(-35, 3, -12);
    lemma I1_int16_binding_truncates: sonnx_div_int16_spec(-35, 3, -11);
    lemma I1_int16_binding_refutes_floor: !sonnx_div_int16_spec(-35, 3, -12);
    lemma I1_int32_binding_truncates: sonnx_div_int32_spec(-35, 3, -11);
    lemma I1_int32_binding_refutes_floor: !sonnx_div_int32_spec(-35, 3, -12);
    lemma I1_int32_binding_negative_divisor: sonnx_div_int32_spec(35, -3, -11);
    lemma I1_int64_binding_truncates: sonnx_div_int64_spec(-35, 3, -11);
    lemma I1_int64_binding_refutes_floor: !sonnx_div_int64_spec(-35, 3, -12);
    lemma I1_uint8_binding_quotient: sonnx_div_uint8_spec(200, 7, 28);
    lemma I1_uint8_binding_refutes_rounding_up: !sonnx_div_uint8_spec(200, 7, 29);
    lemma I1_uint16_binding_quotient: sonnx_div_uint16_spec(60000, 7, 8571);
    lemma I1_uint16_binding_refutes_rounding_up: !sonnx_div_uint16_spec(60000, 7, 8572);
    lemma I1_uint32_binding_quotient: sonnx_div_uint32_spec(4000000000, 7, 571428571);
    lemma I1_uint32_binding_refutes_rounding_up: !sonnx_div_uint32_spec(4000000000, 7, 571428572);
    lemma I1_uint64_binding_quotient: sonnx_div_uint64_spec(10000000000, 3, 3333333333);
    lemma I1_uint64_binding_refutes_rounding_up: !sonnx_div_uint64_spec(10000000000, 3, 3333333334);
    lemma F1_float32_binding_quotient: sonnx_div_float32_spec((float)1.0, (float)4.0, (float)0.25);
    lemma F1_float32_binding_refutes: !sonnx_div_float32_spec((float)1.0, (float)4.0, (float)0.5);
    lemma F1_float64_binding_rounds_to_nearest:
      sonnx_div_float64_spec((double)1.0, (double)3.0, (double)(1.0 / 3.0));
    lemma F1_float64_binding_quotient:
      sonnx_div_float64_spec((double)1.0, (double)4.0, (double)0.25);
    lemma F1_float64_binding_refutes:
      !sonnx_div_float64_spec((double)1.0, (double)4.0, (double)0.5);
    lemma F1_same_float32_binding_holds: sonnx_div_same_float32((float)1.5, (float)1.5);
    lemma F1_same_float32_binding_refutes: !sonnx_div_same_float32((float)1.5, (float)2.5);
    lemma F1_same_float64_binding_holds: sonnx_div_same_float64((double)1.5, (double)1.5);
    lemma F1_same_float64_binding_refutes: !sonnx_div_same_float64((double)1.5, (double)2.5);
    lemma D9_binary32_route_binding_truncates: sonnx_div_binary32_route(-35, 3) == -11;
    lemma D9_binary32_route_binding_refutes_floor: sonnx_div_binary32_route(-35, 3) != -12;
    lemma D9_binary64_route_binding_truncates: sonnx_div_binary64_route(-35, 3) == -11;
    lemma D9_binary64_route_binding_refutes_floor: sonnx_div_binary64_route(-35, 3) != -12;
    lemma D9_uint32_route_binding_quotient:
      sonnx_div_uint32_route(3000000000 - 2147483648, 3 - 2147483648) == 1000000000;
    lemma D9_uint32_route_binding_refutes:
      sonnx_div_uint32_route(3000000000 - 2147483648, 3 - 2147483648) != 999999999;

    // The integer domains (C3, D3), bound to Why3's domain_<type>.
    lemma C3_int8_domain_binding_holds: sonnx_div_domain_int8(0, 5);
    lemma C3_int8_domain_binding_refutes_zero_divisor: !sonnx_div_domain_int8(5, 0);
    lemma D3_int8_domain_binding_refutes_min: !sonnx_div_domain_int8(-128, -1);
    lemma D3_int8_domain_binding_holds_below_min: sonnx_div_domain_int8(-129, -1);
    lemma C3_int16_domain_binding_holds: sonnx_div_domain_int16(0, 5);
    lemma C3_int16_domain_binding_refutes_zero_divisor: !sonnx_div_domain_int16(5, 0);
    lemma D3_int16_domain_binding_refutes_min: !sonnx_div_domain_int16(-32768, -1);
    lemma D3_int16_domain_binding_holds_below_min: sonnx_div_domain_int16(-32769, -1);
    lemma C3_int32_domain_binding_holds: sonnx_div_domain_int32(0, 5);
    lemma C3_int32_domain_binding_refutes_zero_divisor: !sonnx_div_domain_int32(5, 0);
    lemma D3_int32_domain_binding_refutes_min: !sonnx_div_domain_int32(-2147483648, -1);
    lemma D3_int32_domain_binding_holds_below_min: sonnx_div_domain_int32(-2147483649, -1);
    lemma C3_int64_domain_binding_holds: sonnx_div_domain_int64(0, 5);
    lemma C3_int64_domain_binding_refutes_zero_divisor: !sonnx_div_domain_int64(5, 0);
    lemma D3_int64_domain_binding_refutes_min: !sonnx_div_domain_int64(-9223372036854775808, -1);
    lemma D3_int64_domain_binding_holds_below_min: sonnx_div_domain_int64(-9223372036854775809, -1);
    lemma C3_uint8_domain_binding_holds: sonnx_div_domain_uint8(0, 5);
    lemma C3_uint8_domain_binding_refutes_zero_divisor: !sonnx_div_domain_uint8(5, 0);
    lemma D3_uint8_domain_binding_holds_signed_min: sonnx_div_domain_uint8(-128, -1);
    lemma C3_uint16_domain_binding_holds: sonnx_div_domain_uint16(0, 5);
    lemma C3_uint16_domain_binding_refutes_zero_divisor: !sonnx_div_domain_uint16(5, 0);
    lemma D3_uint16_domain_binding_holds_signed_min: sonnx_div_domain_uint16(-128, -1);
    lemma C3_uint32_domain_binding_holds: sonnx_div_domain_uint32(0, 5);
    lemma C3_uint32_domain_binding_refutes_zero_divisor: !sonnx_div_domain_uint32(5, 0);
    lemma D3_uint32_domain_binding_holds_signed_min: sonnx_div_domain_uint32(-128, -1);
    lemma C3_uint64_domain_binding_holds: sonnx_div_domain_uint64(0, 5);
    lemma C3_uint64_domain_binding_refutes_zero_divisor: !sonnx_div_domain_uint64(5, 0);
    lemma D3_uint64_domain_binding_holds_signed_min: sonnx_div_domain_uint64(-128, -1);
    lemma D3_unsigned_domain_bindings: \forall integer min;
      (min == -128 || min == -32768 || min == -2147483648 || min == -9223372036854775808) ==>
        sonnx_div_domain_uint8(min, -1) && sonnx_div_domain_uint16(min, -1) &&
        sonnx_div_domain_uint32(min, -1) && sonnx_div_domain_uint64(min, -1);
*/
#else
/*@ lemma mutant_int32_binding_killed: !sonnx_div_int32_spec(-35, 3, -11);
    lemma mutant_float32_binding_killed:
      !sonnx_div_float32_spec((float)1.0, (float)4.0, (float)0.25);
*/
#endif
