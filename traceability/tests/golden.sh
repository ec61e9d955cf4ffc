#!/usr/bin/env bash
# The report's output unchanged: renders the fixture folder (tests/fixtures/report: a catalogue,
# sources and evidence bound to them) and compares traceability.json byte for byte with the
# expected file, written by the report generator as it was before its restructuring into readers,
# model and renderers. With --planted, a renderer that drops a field is simulated (the first
# "proof_level" of the output removed) and the comparison must catch it.
# Usage: golden.sh SONNX_TRACE PROVENANCE_SCRIPT WORK_DIR [--planted]
# Exit status: 0 same output (--planted: the change caught), 1 otherwise.
set -uo pipefail
tool="${1:?usage: golden.sh SONNX_TRACE PROVENANCE_SCRIPT WORK_DIR [--planted]}"
script="${2:?usage}"
work="${3:?usage}"
planted="${4:-}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
rm -rf "$work"
mkdir -p "$work"
cp -r "$here/fixtures/report/." "$work/"
cd "$work" || exit 1
# The evidence files' times are shown in the report (for information): fixed ones.
find evidence -exec touch -h -d '2026-01-01T00:00:00Z' {} +
"$tool" report --catalogue spec/requirements.json --source-root . --evidence evidence \
  --assumptions spec/assumptions.json --provenance-script "$script" --generated fixture \
  --allow-gaps --quiet >report.log 2>&1 || { cat report.log; exit 1; }
if [[ "$planted" == --planted ]]; then
  sed -i '0,/"proof_level": /{/"proof_level": /d}' evidence/traceability.json
fi
if cmp -s evidence/traceability.json expected/traceability.json; then
  [[ "$planted" == --planted ]] && { echo "golden: the planted change was NOT caught"; exit 1; }
  echo "golden: traceability.json is the expected one"
  exit 0
fi
if [[ "$planted" == --planted ]]; then
  echo "golden: the planted change is caught"
  exit 0
fi
diff -u expected/traceability.json evidence/traceability.json | head -40
echo "golden: traceability.json differs from the expected one (above)"
exit 1
