#!/usr/bin/env bash
# Prints, for every requirement ID of the catalogue, how many Catch2 test cases carry its tag and
# how many of them pass. Usage: requirement-summary.sh BUILD_DIR
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$root/build}"
mapfile -t executables < "$build/catch-tests.txt"
printf '%-5s %7s %7s\n' ID cases failed
status=0
for id in $(grep -oE '"id": "[A-Z]+[0-9]+"' "$root/spec/requirements.json" | cut -d'"' -f4); do
  cases=0
  failed=0
  for exe in "${executables[@]}"; do
    [[ -x "$exe" ]] || continue
    n=$("$exe" "[$id]" --list-test-names-only 2>/dev/null | grep -c . || true)
    ((n == 0)) && continue
    cases=$((cases + n))
    # Catch2's console summary: "test cases: N | P passed | F failed" when something failed.
    f=$("$exe" "[$id]" 2>/dev/null | grep -E '^test cases:' | grep -oE '[0-9]+ failed' | cut -d' ' -f1)
    failed=$((failed + ${f:-0}))
  done
  printf '%-5s %7d %7d\n' "$id" "$cases" "$failed"
  ((failed > 0)) && status=1
done
exit $status
