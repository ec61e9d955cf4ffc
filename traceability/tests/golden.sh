#!/usr/bin/env bash
# The report's output unchanged: renders the fixture folder (tests/fixtures/report: a catalogue,
# sources and evidence bound to them) and compares traceability.json, .html and .md byte for byte
# with the expected files. The expected JSON was written by the report generator before its
# restructuring into readers, model and renderers; the expected HTML and Markdown by the generator
# before each moved into a Mustache template (templates/report.{html,md}.mustache). With --planted,
# a renderer that drops something is simulated in each file (the first "proof_level" field of the
# JSON, the first proof-level badge of the HTML, the first requirement row of the Markdown table
# removed) and each comparison must catch its change.
# Usage: golden.sh SONNX_TRACE PROVENANCE_SCRIPT WORK_DIR [--planted]
# Exit status: 0 same output (--planted: every change caught), 1 otherwise.
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
  sed -i '0,/<span class="level l-[a-z]*">[^<]*<\/span>/s///' evidence/traceability.html
  sed -i '0,/^| [A-Z][A-Z0-9]* | /{/^| [A-Z][A-Z0-9]* | /d}' evidence/traceability.md
fi
status=0
for f in traceability.json traceability.html traceability.md; do
  if cmp -s "evidence/$f" "expected/$f"; then
    if [[ "$planted" == --planted ]]; then
      echo "golden: the planted change of $f was NOT caught"
      status=1
    else
      echo "golden: $f is the expected one"
    fi
  elif [[ "$planted" == --planted ]]; then
    echo "golden: the planted change of $f is caught"
  else
    diff -u "expected/$f" "evidence/$f" | head -40 | cut -c1-300
    echo "golden: $f differs from the expected one (above)"
    status=1
  fi
done
exit "$status"
