/* Planted coverage gaps for the structural-coverage check (test_coverage.py): each function
   below is driven by driver.c so that exactly one kind of gap is left, with nothing in a
   justification register to resolve it. */
int planted_mcdc(int x, int y) {
  /* driven with (x, y) = (0, *) and (1, 1) only: the decision is both true and false, x has its
     independence pair, y has none */
  if ((x > 0) && (y > 0)) {
    return 1;
  }
  return 0;
}

int planted_decision(int x) {
  /* driven with x = 5 only: never false */
  int r = 0;
  if (x > 0) {
    r = 1;
  }
  return r;
}

int planted_statement(int x) {
  /* driven with x = 1 only: the return in the branch never runs */
  if (x == 0) {
    return 7;
  }
  return x;
}

int planted_never_called(int x) { return x + 1; }
