/* Drives planted.c (see there). */
int planted_mcdc(int x, int y);
int planted_decision(int x);
int planted_statement(int x);

int main(void) {
  int sum = planted_mcdc(0, 0) + planted_mcdc(1, 1) + planted_decision(5) + planted_statement(1);
  return sum == 3 ? 0 : 1;
}
