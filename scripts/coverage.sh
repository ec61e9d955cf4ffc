#!/usr/bin/env bash
# Line and branch coverage of the library, the file readers and the tool (core/src, io, cli) by the
# test suite (docs/reliability.md): an indication only. The library's coverage claim is the
# statement, decision and MC/DC coverage by the requirement-tagged tests
# (scripts/structural-coverage.sh, docs/structural-coverage.md); these gcov figures count every
# test, the tools' included. Configures and builds the `coverage` preset (build-coverage/; gcov
# instrumentation on the targets of core/src, io and cli alone, SONNX_COVERAGE), runs every CTest
# test of it (the
# preset leaves out the `proof` label and the report generator, and the restricted-C++ checks run
# in uninstrumented builds only: none runs compiled code of those), then gcovr with its standard
# options on them; generated protobuf code (*.pb.cc/*.pb.h) and the io library's tests
# (io/tests/) are left out. Every branch gcov
# reports is counted, C++ exception edges included, so the figure is what gcov measures, not a
# target.
# Writes: build/evidence/coverage/index.html (+ per-file pages), coverage/coverage.txt and
# build/evidence/coverage.json
#   {"line_percent","branch_percent","lines_covered","lines_total","branches_covered",
#    "branches_total","gcovr_version","gcovr_options","files":[{"file","line_percent",
#    "branch_percent"}],"exclusions":[{"file","line","kind","reason"}]}
# (`exclusions`: any GCOVR_EXCL marker still in them, listed so that none goes unseen; the
# evidence folder is $SONNX_EVIDENCE_DIR when set). Exit status 0 when the tests pass and the
# report is written; the figures themselves are not a gate.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/evidence-env.sh"  # root (working folder), evidence, jobs
build="$root/build-coverage"
command -v gcovr >/dev/null || { echo "coverage.sh: gcovr not found (apt-get install gcovr)" >&2; exit 2; }

start=$SECONDS
cmake --preset coverage >/dev/null
cmake --build --preset coverage -j "$jobs"
find "$build" -name '*.gcda' -delete
rc=0
ctest --preset coverage -j "$jobs" --timeout 600 >"$build/coverage-ctest.log" 2>&1 || rc=$?
tail -n 4 "$build/coverage-ctest.log"
if [[ $rc -ne 0 ]]; then
  echo "coverage.sh: tests failed (see $build/coverage-ctest.log)" >&2
  grep -E '^\s*[0-9]+ - ' "$build/coverage-ctest.log" | head -n 20 >&2 || true
fi

mkdir -p "$evidence/coverage"
summary="$build/gcovr-summary.json"
gcovr --root "$root" --object-directory "$build" \
  --filter 'core/src/' --filter 'io/' --filter 'cli/' --exclude '.*\.pb\.(cc|h)$' --exclude 'io/tests/' \
  --html-details "$evidence/coverage/index.html" \
  --json-summary "$summary" --json-summary-pretty \
  --txt "$evidence/coverage/coverage.txt" \
  --print-summary

python3 - "$summary" "$evidence/coverage.json" "$root" "$(gcovr --version | head -n 1)" <<'PY'
import json, pathlib, re, sys
summary = json.load(open(sys.argv[1]))
root = pathlib.Path(sys.argv[3])
exclusions = []
marker = re.compile(r'(GCOVR_EXCL_(?:LINE|BR_LINE|START|BR_START))\b[:\s]*(.*)')
for path in sorted(p for top in ('core/src', 'io', 'cli') for p in (root / top).rglob('*')):
    if path.suffix not in {'.c', '.cpp', '.h', '.hpp', '.inc'} or not path.is_file() \
            or path.relative_to(root).as_posix().startswith('io/tests/'):
        continue
    for n, line in enumerate(path.read_text(errors='replace').splitlines(), 1):
        m = marker.search(line)
        if m:
            exclusions.append({'file': str(path.relative_to(root)), 'line': n, 'kind': m.group(1),
                               'reason': m.group(2).strip() or 'NO REASON GIVEN'})
out = {
    'line_percent': summary['line_percent'],
    'branch_percent': summary['branch_percent'],
    'lines_covered': summary['line_covered'],
    'lines_total': summary['line_total'],
    'branches_covered': summary['branch_covered'],
    'branches_total': summary['branch_total'],
    'gcovr_version': sys.argv[4],
    'gcovr_options': ['--filter core/src/', '--filter io/', '--filter cli/', '--exclude .*\\.pb\\.(cc|h)$',
                      '--exclude io/tests/'],
    'files': [{'file': f['filename'], 'line_percent': f['line_percent'],
               'branch_percent': f['branch_percent']} for f in summary['files']],
    'exclusions': exclusions,
}
json.dump(out, open(sys.argv[2], 'w'), indent=2)
print(f"coverage of core/src, io, cli: lines {out['lines_covered']}/{out['lines_total']} ({out['line_percent']}%), "
      f"branches {out['branches_covered']}/{out['branches_total']} ({out['branch_percent']}%), "
      f"{len(exclusions)} GCOVR_EXCL marker(s) left")
PY
echo "coverage report: $evidence/coverage/index.html, $evidence/coverage.json ($((SECONDS - start)) s)"
exit $rc
