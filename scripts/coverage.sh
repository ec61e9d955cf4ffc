#!/usr/bin/env bash
# Line and branch coverage of src/ by the requirement-based tests (issue #8, docs/reliability.md).
# Configures and builds the `coverage` preset (build-coverage/), runs every CTest test of it (each
# Catch2 test carries requirement-ID tags), then gcovr on src/ with
#   --exclude-throw-branches --exclude-unreachable-branches
# (C++ exception edges and compiler-generated unreachable edges are not decisions of our code).
# gcov runs through scripts/gcov_exception_marks.py, which also marks as "(throw)" (so that the
# option applies to them) the exception edges of blocks that never ran (gcov 12 marks them only in
# blocks that ran) and the branches of exception-cleanup blocks (reachable only through an
# exception edge) on lines that also run normally; it changes no count and logs every mark.
# Generated protobuf code (*.pb.cc/*.pb.h) is excluded. Exclusions in the code
# (GCOVR_EXCL_LINE / GCOVR_EXCL_BR_LINE / GCOVR_EXCL_START..STOP) must carry a reason after the
# marker; they are listed in the JSON summary.
# Writes: build/evidence/coverage/index.html (+ per-file pages) and build/evidence/coverage.json
#   {"line_percent","branch_percent","lines_covered","lines_total","branches_covered",
#    "branches_total","exclusions":[{"file","line","reason"}]}
# (the evidence folder is $SONNX_EVIDENCE_DIR when set). Exit status 0 when the tests pass and the
# report is written; the figures themselves are not a gate here.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
evidence="${SONNX_EVIDENCE_DIR:-$root/build/evidence}"
build="$root/build-coverage"
jobs="${SONNX_JOBS:-2}"
command -v gcovr >/dev/null || { echo "coverage.sh: gcovr not found (apt-get install gcovr)" >&2; exit 2; }

start=$SECONDS
# The wrapper decides which branches are not counted: check it on a known program first.
bash "$root/scripts/check-gcov-exception-marks.sh"
cmake --preset coverage >/dev/null
cmake --build --preset coverage -j "$jobs"
find "$build" -name '*.gcda' -delete
marks="$build/exception-marks.jsonl"
rc=0
ctest --preset coverage -j "$jobs" --timeout 600 >"$build/coverage-ctest.log" 2>&1 || rc=$?
tail -n 4 "$build/coverage-ctest.log"
if [[ $rc -ne 0 ]]; then
  echo "coverage.sh: tests failed (see $build/coverage-ctest.log)" >&2
  grep -E '^\s*[0-9]+ - ' "$build/coverage-ctest.log" | head -n 20 >&2 || true
fi

mkdir -p "$evidence/coverage"
summary="$build/gcovr-summary.json"
rm -f "$marks"
SONNX_COVERAGE_MARK_LOG="$marks" gcovr --root "$root" --object-directory "$build" \
  --filter 'src/' --exclude '.*\.pb\.(cc|h)$' \
  --exclude-throw-branches --exclude-unreachable-branches \
  --gcov-executable "python3 $root/scripts/gcov_exception_marks.py" \
  --html-details "$evidence/coverage/index.html" \
  --json-summary "$summary" --json-summary-pretty \
  --txt "$evidence/coverage/coverage.txt" \
  --print-summary

python3 - "$summary" "$evidence/coverage.json" "$root" "$marks" <<'EOF'
import collections, json, pathlib, re, sys
summary = json.load(open(sys.argv[1]))
root = pathlib.Path(sys.argv[3])
# Branches the gcov wrapper marked, per kind, on src/ lines (a header line counts once per line
# and branch position even when several translation units list it); lines it could not match.
marked = collections.defaultdict(set)
cleanup_lines = collections.Counter()
unmatched = 0
marks_path = pathlib.Path(sys.argv[4])
for text in (marks_path.read_text().splitlines() if marks_path.exists() else []):
    record = json.loads(text)
    if 'unmatched_lines' in record:
        unmatched += record['unmatched_lines']
        continue
    path = pathlib.Path(record['file'])
    rel = str(path.relative_to(root)) if path.is_absolute() and root in path.parents else str(path)
    if not rel.startswith('src/'):
        continue
    key = (rel, record['line'], record['function'], record['branch'])
    if key not in marked[record['kind']] and record['kind'] == 'exception-cleanup':
        cleanup_lines[f"{rel}:{record['line']}"] += 1
    marked[record['kind']].add(key)
exclusions = []
marker = re.compile(r'(GCOVR_EXCL_(?:LINE|BR_LINE|START|BR_START))\b[:\s]*(.*)')
for path in sorted((root / 'src').rglob('*')):
    if path.suffix not in {'.c', '.cpp', '.h', '.hpp', '.inc'} or not path.is_file():
        continue
    for n, line in enumerate(path.read_text(errors='replace').splitlines(), 1):
        m = marker.search(line)
        if m:
            reason = m.group(2).strip().rstrip('*/').strip()
            exclusions.append({'file': str(path.relative_to(root)), 'line': n,
                               'kind': m.group(1), 'reason': reason or 'NO REASON GIVEN'})
out = {
    'line_percent': summary['line_percent'],
    'branch_percent': summary['branch_percent'],
    'lines_covered': summary['line_covered'],
    'lines_total': summary['line_total'],
    'branches_covered': summary['branch_covered'],
    'branches_total': summary['branch_total'],
    'gcovr_options': ['--filter src/', '--exclude .*\\.pb\\.(cc|h)$', '--exclude-throw-branches',
                      '--exclude-unreachable-branches',
                      '--gcov-executable scripts/gcov_exception_marks.py'],
    'files': [{'file': f['filename'], 'line_percent': f['line_percent'],
               'branch_percent': f['branch_percent']} for f in summary['files']],
    'exclusions': exclusions,
    'exception_marks': {
        'reason': 'never-executed branches that only exception unwinding can take: exception '
                  'edges of blocks that never ran, and branches of exception-cleanup blocks '
                  '(reachable only through an exception edge) on lines that also run normally '
                  '(scripts/gcov_exception_marks.py)',
        'throw_edges': len(marked['throw-edge']),
        'cleanup_branches': len(marked['exception-cleanup']),
        'cleanup_branches_per_line': dict(sorted(cleanup_lines.items())),
        'unmatched_lines': unmatched,
    },
}
json.dump(out, open(sys.argv[2], 'w'), indent=2)
print(f"coverage of src/: lines {out['lines_covered']}/{out['lines_total']} ({out['line_percent']}%), "
      f"branches {out['branches_covered']}/{out['branches_total']} ({out['branch_percent']}%), "
      f"{len(exclusions)} exclusion(s); marked exception-only branches: "
      f"{len(marked['throw-edge'])} throw edges, {len(marked['exception-cleanup'])} cleanup, "
      f"{unmatched} unmatched line(s)")
EOF
echo "coverage report: $evidence/coverage/index.html, $evidence/coverage.json ($((SECONDS - start)) s)"
exit $rc
