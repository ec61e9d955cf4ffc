#!/usr/bin/env python3
"""gcov wrapper for gcovr (scripts/coverage.sh): marks never-executed exception edges "(throw)".

gcov 12 prints "(throw)" after an exception edge only when its block ran ("branch 3 taken 0
(throw)"); in a block that never ran it prints "branch 3 never executed" without the mark, so
gcovr's --exclude-throw-branches keeps it as an uncovered branch. This matters for inline
functions of headers: the linker keeps one copy, the copies of the other translation units never
run, and their exception edges then count as missed branches of lines the tests do execute.

Runs the real gcov with the arguments gcovr gives, then gcov's JSON output for the same .gcda
(which has a "throw" flag on every branch), and rewrites each never-executed branch line of the
.gcov text files that the JSON flags as an exception edge as "branch N taken 0 (throw)", the form
gcov uses for an exception edge of a block that ran (and the only one gcovr 5.2 parses). A line is changed only when
its branch list in the text and in the JSON agree (same number of branches, same counts);
otherwise it is left as gcov wrote it. Everything else (arguments, output, exit status) is gcov's.
"""
import json
import os
import re
import subprocess
import sys
from collections import defaultdict

GCOV = os.environ.get("SONNX_GCOV", "gcov")
SOURCE_LINE = re.compile(r"^\s*(?:[0-9]+\*?|#####|=====|-):\s*(\d+):")
BRANCH_LINE = re.compile(r"^branch\s+\d+\s+(?:taken (\d+)|never executed)(.*)$")
CREATING = re.compile(r"Creating '(.*\.gcov)'")


def json_branches(args):
    """{source path: {line number: [branch, ...]}} from gcov's JSON output, in gcov's order."""
    run = subprocess.run([GCOV, "--json-format", "--stdout", *args], capture_output=True, text=True)
    result = defaultdict(lambda: defaultdict(list))
    if run.returncode != 0:
        return result
    for text in run.stdout.splitlines():
        if not text.strip():
            continue
        data = json.loads(text)
        for source in data.get("files", []):
            for line in source.get("lines", []):
                result[source["file"]][line["line_number"]].extend(line.get("branches", []))
    return result


def annotate(gcov_file, branches):
    with open(gcov_file, encoding="utf-8", errors="surrogateescape") as f:
        lines = f.read().split("\n")
    source = None
    for text in lines[:5]:
        m = re.match(r"^\s*-:\s*0:Source:(.*)$", text)
        if m:
            source = m.group(1)
    per_line = branches.get(source) if source else None
    if not per_line:
        return
    # The text lists a source line once, or once per function instance (templates); collect the
    # branch lines that follow each occurrence, in order.
    occurrences = defaultdict(list)
    current = None
    for index, text in enumerate(lines):
        m = SOURCE_LINE.match(text)
        if m:
            current = int(m.group(1))
            continue
        if current is not None and BRANCH_LINE.match(text):
            occurrences[current].append(index)
    changed = False
    for number, indices in occurrences.items():
        expected = per_line.get(number, [])
        if len(expected) != len(indices):
            continue
        parsed = [BRANCH_LINE.match(lines[i]) for i in indices]
        counts = [int(m.group(1)) if m.group(1) is not None else 0 for m in parsed]
        if counts != [b.get("count", 0) for b in expected]:
            continue
        for i, m, branch in zip(indices, parsed, expected):
            if m.group(1) is None and branch.get("throw") and "(throw)" not in m.group(2):
                lines[i] = lines[i][: m.start(2)].replace("never executed", "taken 0") + " (throw)"
                changed = True
    if changed:
        with open(gcov_file, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write("\n".join(lines))


def main():
    args = sys.argv[1:]
    run = subprocess.run([GCOV, *args], capture_output=True, text=True)
    sys.stdout.write(run.stdout)
    sys.stderr.write(run.stderr)
    if run.returncode != 0 or not any(a.endswith(".gcda") for a in args):
        return run.returncode
    created = CREATING.findall(run.stdout)
    if created:
        branches = json_branches(args)
        for name in created:
            if os.path.exists(name):
                annotate(name, branches)
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
