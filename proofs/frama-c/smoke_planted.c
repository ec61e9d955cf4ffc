/* Planted inconsistencies for the self-check of WP's smoke tests (prove.sh --smoke): each function
 * hides one point that no execution reaches, of each kind the smoke tests search for. The smoke
 * settings of prove.sh (one prover per pass, a resource limit, the kernels' two selections) must
 * flag all five with each smoke prover, else the smoke tests of the kernels are not counted as a
 * search. Not compiled, not part of the library. */
#include <stddef.h>
#include <stdint.h>

/* An inconsistent precondition: every goal of the function would hold vacuously. */
/*@ requires SMOKE_planted_inconsistent: n > 10 && n < 5;
    assigns \nothing;
*/
size_t smoke_planted_dead_requires(size_t n) {
  return n;
}

/* A precondition inconsistent only through a quantifier: Qed leaves it to the prover, which must
 * instantiate the first at the witness of the second (CVC4 1.8 needs 14,297 of its resource
 * units, CVC5 1.0.3 between 15,000 and 20,000: the smoke limit must stay above both). */
/*@ requires SMOKE_planted_valid: n > 2 && \valid_read(a + (0 .. n - 1));
    requires SMOKE_planted_all_positive: \forall integer i; 0 <= i < n ==> a[i] > 0;
    requires SMOKE_planted_one_negative: \exists integer k; 0 <= k < n && a[k] < 0;
    assigns \nothing;
*/
int32_t smoke_planted_quantified(const int32_t* a, size_t n) {
  return a[0];
}

/* A branch that no input allowed by the precondition takes. */
/*@ requires SMOKE_planted_bound: n <= 100;
    assigns \nothing;
*/
size_t smoke_planted_dead_branch(size_t n) {
  size_t r = n;
  if (n > 200U) {
    r = 0U;
  }
  return r;
}

/* Loop invariants that contradict each other: the loop's goals would hold vacuously. */
/*@ requires SMOKE_planted_valid: \valid_read(a + (0 .. n - 1));
    assigns \nothing;
*/
uint32_t smoke_planted_dead_loop(const uint32_t* a, size_t n) {
  uint32_t s = 0U;
  /*@ loop invariant SMOKE_planted_in_bounds: 0 <= i <= n;
      loop invariant SMOKE_planted_contradiction: i > n;
      loop assigns i, s;
      loop variant n - i;
  */
  for (size_t i = 0U; i < n; ++i) {
    s |= a[i];
  }
  return s;
}

/* A dead branch in a function without a precondition: its smoke goals come from the selection
   that keeps assigns (SMOKE_ONLY in prove.sh), the one the kernels' functions without a
   precondition get. A uint8_t is never above 255. */
/*@ assigns \nothing;
*/
uint8_t smoke_planted_noreq_branch(uint8_t x) {
  uint8_t r = x;
  if (x > 255U) {
    r = 0U;
  }
  return r;
}
