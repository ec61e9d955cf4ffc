#!/usr/bin/env bash
# The `prove` target: runs proofs/why3/prove.sh and proofs/frama-c/prove.sh with --out EVIDENCE_DIR,
# each only if it exists (a missing one is reported, and the traceability report shows the gap).
# Usage: traceability/run-prove.sh SOURCE_DIR EVIDENCE_DIR
# Exit status: 1 if a script that exists fails, 0 otherwise.
set -uo pipefail
src="${1:?usage: run-prove.sh SOURCE_DIR EVIDENCE_DIR}"
evidence="${2:?usage: run-prove.sh SOURCE_DIR EVIDENCE_DIR}"
mkdir -p "$evidence"
status=0
run() {  # run NAME SCRIPT EVIDENCE_FILES...
  local name="$1" script="$2"
  shift 2
  if [[ ! -f "$script" ]]; then
    echo "prove: MISSING $script: no $name evidence in this build (the report shows it as a gap)"
    return
  fi
  # Evidence from an earlier run must not survive a failed one.
  for f in "$@"; do rm -f "$evidence/$f"; done
  local start=$SECONDS
  echo "prove: running $script --out $evidence"
  if bash "$script" --out "$evidence"; then
    echo "prove: $name done in $((SECONDS - start)) s"
  else
    echo "prove: $name FAILED (exit $?) after $((SECONDS - start)) s" >&2
    status=1
  fi
  for f in "$@"; do
    [[ -f "$evidence/$f" ]] || echo "prove: $name did not write $evidence/$f" >&2
  done
}
run Why3 "$src/proofs/why3/prove.sh" why3.json
run Frama-C/WP "$src/proofs/frama-c/prove.sh" wp-report.json wp-properties.csv
exit $status
