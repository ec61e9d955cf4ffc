#!/usr/bin/env python3
"""gcov wrapper for gcovr (scripts/coverage.sh): marks the branches that only exception unwinding
can take as "(throw)", so that gcovr's --exclude-throw-branches leaves them out, and logs them.

Two kinds of branch are marked, both by facts gcov itself computes:

1. Exception edges of blocks that never ran. gcov 12 prints "(throw)" after an exception edge only
   when its block ran ("branch 3 taken 0 (throw)"); in a block that never ran it prints "branch 3
   never executed", so gcovr kept it. This matters for inline functions of headers: the linker
   keeps one copy, and the copies of the other translation units never run. The flag comes from
   gcov's JSON output ("throw").
2. Branches of exception-cleanup blocks on lines that also run normally. A block is "exceptional"
   when it is reachable from the function entry only through an exception edge (gcov's own
   definition, find_exception_blocks; gcov -a prints such a block as "$$$$$" when it never ran).
   On a statement that also has normal blocks these are the compiler's unwinding code for that
   statement, e.g. the loop that destroys the elements of an initializer list already built when
   the next one throws: not a decision of our source. A line whose blocks are all exceptional (the
   body of a catch handler) is not touched: its decisions stay counted.
   gcov's JSON output has no block information, so the blocks, arcs and lines are read from the
   .gcno notes file (gcc 12 format) and the arcs are listed per line in gcov's order: blocks in
   index order, a block's branches on the largest line number of its location, successors in
   ascending destination order, unconditional and call-return arcs left out. The list is used
   only when its throw and fallthrough flags equal those of gcov's JSON for that line; otherwise
   the line is left as gcov wrote it and counted as unmatched in the log.

Every marked branch is appended to $SONNX_COVERAGE_MARK_LOG (when set) as a JSON line
{"file", "line", "function", "branch", "kind": "throw-edge" | "exception-cleanup"}; a line is
changed only when its branch list in the text and in the JSON agree (same number, same counts).
Arguments, output and exit status are gcov's.
"""
import json
import os
import re
import struct
import subprocess
import sys
from collections import defaultdict

GCOV = os.environ.get("SONNX_GCOV", "gcov")
MARK_LOG = os.environ.get("SONNX_COVERAGE_MARK_LOG")
SOURCE_LINE = re.compile(r"^\s*(?:[0-9]+\*?|#####|=====|-):\s*(\d+):")
BRANCH_LINE = re.compile(r"^branch\s+\d+\s+(?:taken (\d+)|never executed)(.*)$")
CREATING = re.compile(r"Creating '(.*\.gcov)'")

GCNO_MAGIC = 0x67636E6F
TAG_FUNCTION, TAG_BLOCKS, TAG_ARCS, TAG_LINES = 0x01000000, 0x01410000, 0x01430000, 0x01450000
ARC_FAKE, ARC_FALLTHROUGH = 2, 4


class NotesReader:
    """Little-endian words and length-prefixed strings of a gcc 12 .gcno file."""

    def __init__(self, data):
        self.data, self.at = data, 0

    def word(self):
        value = struct.unpack_from("<I", self.data, self.at)[0]
        self.at += 4
        return value

    def string(self):
        length = self.word()
        if length == 0:
            return None
        text = self.data[self.at:self.at + length].split(b"\0", 1)[0]
        self.at += length
        return text.decode("utf-8", "surrogateescape")


def read_notes(path):
    """[{name, blocks, arcs: {src: [(dst, flags)]}, lines: {block: [(file, [line, ...])]}}]"""
    with open(path, "rb") as f:
        notes = NotesReader(f.read())
    if notes.word() != GCNO_MAGIC:
        return []
    notes.word(), notes.word(), notes.word()  # version, stamp, checksum
    notes.string()  # working directory
    notes.word()  # supports has_unexecuted_blocks
    functions, current = [], None
    while notes.at + 8 <= len(notes.data):
        tag = notes.word()
        if tag == 0:
            break
        length = notes.word()
        end = notes.at + length
        if tag == TAG_FUNCTION:
            notes.word(), notes.word(), notes.word()  # ident, checksums
            current = {"name": notes.string(), "blocks": 0, "arcs": {}, "lines": {}}
            functions.append(current)
        elif current is not None and tag == TAG_BLOCKS:
            current["blocks"] = notes.word()
        elif current is not None and tag == TAG_ARCS:
            source = notes.word()
            current["arcs"][source] = [(notes.word(), notes.word())
                                       for _ in range((length // 4 - 1) // 2)]
        elif current is not None and tag == TAG_LINES:
            block, locations = notes.word(), []
            while True:
                number = notes.word()
                if number:
                    locations[-1][1].append(number)
                    continue
                name = notes.string()
                if name is None:
                    break
                locations.append((name, []))
            current["lines"][block] = locations
        notes.at = end
    return functions


def branches_of(function):
    """{(file, line): [(throw, fallthrough, exceptional), ...]} and the lines with normal code."""
    successors = {}
    for source, arcs in function["arcs"].items():
        arcs = [{"dst": dst, "fake": bool(flags & ARC_FAKE),
                 "fallthrough": bool(flags & ARC_FALLTHROUGH)} for dst, flags in arcs]
        call_site = source != 0 and any(a["fake"] for a in arcs)
        non_fake = sum(not a["fake"] for a in arcs)
        for a in arcs:
            a["throw"] = call_site and not a["fake"] and not a["fallthrough"]
            a["listed"] = not a["fake"] and non_fake > 1
        successors[source] = sorted(arcs, key=lambda a: a["dst"])
    count = function["blocks"]
    exceptional = [False] * count
    if any(a["throw"] for arcs in successors.values() for a in arcs):
        exceptional = [True] * count
        exceptional[0] = False
        pending = [0]
        while pending:
            for a in successors.get(pending.pop(), []):
                if not a["fake"] and not a["throw"] and exceptional[a["dst"]]:
                    exceptional[a["dst"]] = False
                    pending.append(a["dst"])
    per_line, normal_lines = defaultdict(list), set()
    for block in range(1, count - 1):  # not the entry and exit blocks
        for name, numbers in function["lines"].get(block, []):
            if not numbers:
                continue
            if not exceptional[block]:
                normal_lines.update((name, n) for n in numbers)
            per_line[(name, max(numbers))].extend(
                (a["throw"], a["fallthrough"], exceptional[block])
                for a in successors.get(block, []) if a["listed"])
    return per_line, normal_lines


def cleanup_flags(notes_path):
    """[(throw, fallthrough, cleanup), ...] per (function, file, line) and, for a line that several
    functions share (gcov then lists their branches together), per (None, file, line)."""
    result = defaultdict(list)
    try:
        functions = read_notes(notes_path)
    except (OSError, struct.error, IndexError):
        return result
    for function in functions:
        per_line, normal_lines = branches_of(function)
        for (name, number), branches in per_line.items():
            normal = (name, number) in normal_lines
            flags = [(throw, fallthrough, normal and exceptional)
                     for throw, fallthrough, exceptional in branches]
            result[(function["name"], name, number)] = flags
            result[(None, name, number)].extend(flags)
    return result


def json_branches(args, data_file):
    """{source path: {line number: [branch, ...]}} from gcov's JSON output, in gcov's order, each
    branch with gcov's "count" and "throw" and our "cleanup"; and the number of unmatched lines."""
    # Mangled names, as in the notes file.
    args = [a for a in args if a not in ("--demangled-names", "-m")]
    run = subprocess.run([GCOV, "--json-format", "--stdout", *args], capture_output=True, text=True)
    result = defaultdict(lambda: defaultdict(list))
    unmatched = 0
    if run.returncode != 0:
        return result, unmatched
    notes = cleanup_flags(data_file[: -len(".gcda")] + ".gcno")
    for text in run.stdout.splitlines():
        if not text.strip():
            continue
        for source in json.loads(text).get("files", []):
            for line in source.get("lines", []):
                branches = line.get("branches", [])
                wanted = [(b.get("throw"), b.get("fallthrough")) for b in branches]
                ours = None
                for function in (line.get("function_name"), None):
                    candidate = notes.get((function, source["file"], line["line_number"]))
                    if candidate and [(t, f) for t, f, _ in candidate] == wanted:
                        ours = candidate
                        break
                agree = ours is not None
                if branches and not agree:
                    unmatched += 1
                for k, branch in enumerate(branches):
                    branch["cleanup"] = agree and ours[k][2]
                    branch["function"] = line.get("function_name")
                result[source["file"]][line["line_number"]].extend(branches)
    return result, unmatched


def log_marks(records):
    if MARK_LOG and records:
        with open(MARK_LOG, "a", encoding="utf-8") as log:
            log.write("".join(json.dumps(r) + "\n" for r in records))


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
    marks = []
    for number, indices in occurrences.items():
        expected = per_line.get(number, [])
        if len(expected) != len(indices):
            continue
        parsed = [BRANCH_LINE.match(lines[i]) for i in indices]
        counts = [int(m.group(1)) if m.group(1) is not None else 0 for m in parsed]
        if counts != [b.get("count", 0) for b in expected]:
            continue
        for position, (i, m, branch) in enumerate(zip(indices, parsed, expected)):
            if "(throw)" in m.group(2) or branch.get("count", 0) != 0:
                continue
            if branch.get("throw") and m.group(1) is None:
                kind = "throw-edge"
            elif branch.get("cleanup"):
                kind = "exception-cleanup"
            else:
                continue
            lines[i] = lines[i][: m.start(2)].replace("never executed", "taken 0") + " (throw)"
            marks.append({"file": source, "line": number, "function": branch.get("function"),
                          "branch": position, "kind": kind})
    if marks:
        with open(gcov_file, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write("\n".join(lines))
        log_marks(marks)


def main():
    args = sys.argv[1:]
    run = subprocess.run([GCOV, *args], capture_output=True, text=True)
    sys.stdout.write(run.stdout)
    sys.stderr.write(run.stderr)
    data_file = next((a for a in args if a.endswith(".gcda")), None)
    if run.returncode != 0 or data_file is None:
        return run.returncode
    created = CREATING.findall(run.stdout)
    if created:
        branches, unmatched = json_branches(args, data_file)
        for name in created:
            if os.path.exists(name):
                annotate(name, branches)
        if unmatched:
            log_marks([{"unmatched_lines": unmatched, "data_file": data_file}])
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
