/* Planted inconsistencies for the self-check of WP's smoke tests (prove.sh --smoke): each function
 * hides one point that no execution reaches, of each kind the smoke tests search for. The smoke
 * settings of prove.sh (one prover per pass, a short time limit) must find all three, else the
 * smoke tests of the kernels are not counted as a search. Not compiled, not part of the library. */
#include <stddef.h>
#include <stdint.h>

/* An inconsistent precondition: every goal of the function would hold vacuously. */
/*@ requires SMOKE_planted_inconsistent: n > 10 && n < 5;
    assigns \nothing;
*/
size_t smoke_planted_dead_requires(size_t n) {
  return n;
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
