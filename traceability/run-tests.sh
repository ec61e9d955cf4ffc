#!/usr/bin/env bash
# Runs every Catch2 executable listed in BUILD_DIR/catch-tests.txt with the XML reporter and
# writes EVIDENCE_DIR/catch2/<executable>.xml, the evidence the traceability report reads.
# Usage: traceability/run-tests.sh BUILD_DIR EVIDENCE_DIR
# Runs all of them even if one fails; exit status 1 if any test failed or an executable is missing.
set -uo pipefail
build="${1:?usage: run-tests.sh BUILD_DIR EVIDENCE_DIR}"
evidence="${2:?usage: run-tests.sh BUILD_DIR EVIDENCE_DIR}"
list="$build/catch-tests.txt"
if [[ ! -f "$list" ]]; then
  echo "run-tests: $list not found (configure and build first)" >&2
  exit 1
fi
out="$evidence/catch2"
# Old XML files of executables that no longer exist must not count as evidence.
rm -rf "$out"
mkdir -p "$out"
status=0
start=$SECONDS
while IFS= read -r exe; do
  [[ -z "$exe" ]] && continue
  name="$(basename "$exe")"
  if [[ ! -x "$exe" ]]; then
    echo "run-tests: $exe is missing (not built)" >&2
    status=1
    continue
  fi
  "$exe" --reporter xml --out "$out/$name.xml" --durations yes >/dev/null 2>"$out/$name.stderr"
  rc=$?
  [[ -s "$out/$name.stderr" ]] || rm -f "$out/$name.stderr"
  cases=$(grep -c '<TestCase ' "$out/$name.xml" 2>/dev/null || true)
  failed=$(grep -c '<OverallResult success="false"' "$out/$name.xml" 2>/dev/null || true)
  echo "run-tests: $name: ${cases:-0} test cases, ${failed:-0} failed (exit $rc) -> $out/$name.xml"
  ((rc != 0)) && status=1
done < "$list"
# Bind the results to the sources they tested, by content (the report recomputes the hash).
PYTHONPATH="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/evidence" \
  python3 -m sonnx_evidence.evidence_provenance "$out/provenance.json" \
  --binding tests || status=1
echo "run-tests: $((SECONDS - start)) s"
exit $status
