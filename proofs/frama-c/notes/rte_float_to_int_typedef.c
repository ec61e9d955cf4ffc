/* Reproducer of a Frama-C 25.0 (Manganese) behaviour, registered as AS-TOOL-4 in
 * docs/assumptions.md, and the planted conversions of the float-to-integer check
 * (evidence/sonnx_evidence/float_to_int_check.py --self-test, CTest wp_float_to_int_check_planted).
 *
 *   frama-c rte_float_to_int_typedef.c -machdep x86_64 -rte -print
 *
 * prints `assert rte: float_to_int: q < 128;` and `-129 < q` before the conversion in
 * plain_target, and nothing before the one in typedef_target: the RTE plug-in checks a conversion
 * of a floating value to an integer type only when the target type is written as a C integer
 * type, not as a typedef of one (int8_t, int32_t, int64_t, ...). The conversion is undefined in C
 * when the truncated value is not representable (C11 6.3.1.4), yet with
 *
 *   frama-c rte_float_to_int_typedef.c -machdep x86_64 -rte -then -wp
 *
 * WP (Qed alone) proves typedef_target's postcondition that (int8_t)300.0f is 44: its model wraps
 * the value modulo 2^8. So "no runtime error" holds for a conversion to a typedef'd type only
 * when the code states the range itself, as guarded does, and the check holds the C-subset files
 * to that. */
#include <stdint.h>

/*@ assigns \nothing;
    ensures wraps_modulo_2p8: \result == 44;
*/
int8_t typedef_target(void) {
  const float q = 300.0f;
  return (int8_t)q;
}

/*@ assigns \nothing; */
signed char plain_target(float q) {
  return (signed char)q;
}

/*@ assigns \nothing;
    ensures truncates: \result == 100;
*/
int8_t guarded(void) {
  const float q = 100.5f;
  /*@ assert planted_float_to_int8: -129 < q < 128; */
  return (int8_t)q;
}
