#!/usr/bin/env bash
# Qualification check of scripts/gcov_exception_marks.py (run by scripts/coverage.sh before it
# measures anything): on a small program with known structure, compiled and run like the coverage
# build, the wrapper must
#   - mark the never-run exception-cleanup branches of an initializer list (a statement that ran),
#   - leave the decisions inside a catch handler that never ran counted (uncovered),
#   - leave a normal decision's untaken side counted (uncovered),
#   - match every line of gcov's JSON (no unmatched line).
# Exit 0 when all hold; otherwise prints what failed and exits 1.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
cat >fixture.cpp <<'CPP'
#include <stdexcept>
#include <string>
#include <vector>

struct Item {
  std::string text;
};

std::vector<Item> make(int n) {
  std::vector<Item> items = {{"alpha"}, {std::string(static_cast<std::size_t>(n), 'x')}, {"gamma"}};  // CLEANUP
  return items;
}

int handle(int n) {
  try {
    if (n < 0) throw std::runtime_error("negative");  // DECISION
    return n;
  } catch (const std::exception& e) {
    if (e.what()[0] == 'n') return -1;  // HANDLER
    return -2;
  }
}

int main() { return static_cast<int>(make(3).size()) + handle(1) - 4; }
CPP
g++ -std=c++20 -O0 -g --coverage fixture.cpp -o fixture
./fixture
marks="$work/marks.jsonl"
SONNX_COVERAGE_MARK_LOG="$marks" gcovr --root "$work" --object-directory "$work" \
  --filter 'fixture\.cpp' --exclude-throw-branches --exclude-unreachable-branches \
  --gcov-executable "python3 $root/scripts/gcov_exception_marks.py" --json "$work/coverage.json"

python3 - "$work" <<'EOF'
import json, pathlib, sys
work = pathlib.Path(sys.argv[1])
source = (work / "fixture.cpp").read_text().splitlines()
line_of = {tag: n for n, text in enumerate(source, 1) for tag in ("CLEANUP", "DECISION", "HANDLER")
           if f"// {tag}" in text}
coverage = json.loads((work / "coverage.json").read_text())
lines = {l["line_number"]: l for f in coverage["files"] for l in f["lines"]}
marks = [json.loads(t) for t in (work / "marks.jsonl").read_text().splitlines()]
marked_lines = {m["line"] for m in marks if m.get("kind") == "exception-cleanup"}
unmatched = sum(m.get("unmatched_lines", 0) for m in marks)
failures = []
def missed(tag):
    return sum(b["count"] == 0 for b in lines[line_of[tag]]["branches"])
if line_of["CLEANUP"] not in marked_lines:
    failures.append("the initializer list's cleanup branches were not marked")
if missed("CLEANUP") != 0:
    failures.append(f"the initializer line still has {missed('CLEANUP')} missed branch(es)")
if line_of["HANDLER"] in marked_lines or missed("HANDLER") == 0:
    failures.append("the catch handler's decision is no longer counted as missed")
if missed("DECISION") == 0:
    failures.append("the untaken side of a normal decision is no longer counted as missed")
if unmatched:
    failures.append(f"{unmatched} line(s) of gcov's JSON not matched")
for f in failures:
    print("check-gcov-exception-marks: FAIL:", f)
if failures:
    sys.exit(1)
print("check-gcov-exception-marks: PASS (cleanup marked, handler and normal decisions counted)")
EOF
