#!/usr/bin/env python3
"""Every file, folder, CMake target and CTest test that the README and docs/ name exists.

Reads the Markdown of README.md and docs/ (not docs/decisions/: the dated design history names
files where they were at the time) and checks, in each code span (`...`):
  - a repository path (a word with a slash, or a file name with an extension that a path of the
    repository ends with): it exists; a glob (*) matches something; build/ outputs, absolute
    paths, URLs and spans with placeholders (<...>, {...}, $..., N, X) are not paths of the tree;
  - `cmake --build ... --target NAME` (a line that runs cmake): a target some CMakeLists.txt
    defines;
  - a span right after the word CTest (`CTest name`, `CTest names`): a test some CMakeLists.txt
    or cmake file adds (add_test(NAME ...), a Catch2 executable, a foreach-built name's prefix).
--plant adds a made-up document naming a missing file, target and test, and must then fail.

The tests and targets are the build's own (ctest -N and the generator's target list of BUILD),
not a reading of the CMake files.

usage: PYTHONPATH=evidence doc_references.py ROOT BUILD [--plant]
"""
import glob
import os
import re
import subprocess
import sys

from sonnx_evidence.findings import report  # evidence/ (PYTHONPATH)

SPAN = re.compile(r"`([^`\n]+)`")
CTEST = re.compile(r"CTests?\s+((?:`[^`\n]+`(?:,\s*|\s+and\s+|\s+or\s+)?)+)")
# Paths outside the tree that the docs name on purpose: ONNX's test data (libonnx-testdata),
# the npm packages setup.sh installs, headers the build generates.
OUTSIDE = ("pytorch-converted/", "conform/onnxruntime/node_modules", "conform/onnxruntime-web/"
           "node_modules", "sonnx/requirement_id.hpp")
TARGET = re.compile(r"--target\s+([A-Za-z0-9_.-]+)")
PATH_CHARS = re.compile(r"^[A-Za-z0-9_.+/*-]+$")
# A bare file name (no folder) is a source of the tree when it has a source's extension; bare
# .json, .txt, .csv, .html names are the evidence files the tools write (build/evidence/).
EXT = re.compile(r"\.(c|h|cpp|hpp|inc|py|sh|cmake|mlw|js|drv|driver|in|frag|mustache)$")
NOT_TREE = ("build/", "build-", "/", "http", "~", "../", "node_modules")


def tree(root):
    files, dirs = set(), set()
    for here, subdirs, names in os.walk(root):
        rel = os.path.relpath(here, root).replace(os.sep, "/")
        subdirs[:] = [d for d in subdirs if d not in (".git", "node_modules")
                      and not d.startswith("build")]
        if rel != ".":
            dirs.add(rel)
        for n in names:
            files.add(n if rel == "." else rel + "/" + n)
    return files, dirs


def build_names(build):
    """the build's targets and CTest tests, as CMake and CTest list them"""
    out = subprocess.run(["ctest", "--test-dir", build, "-N"], capture_output=True, text=True,
                         check=True).stdout
    tests = set(re.findall(r"^\s*Test\s+#\d+: (\S+)", out, re.M))
    out = subprocess.run(["cmake", "--build", build, "--target", "help"], capture_output=True,
                         text=True, check=True).stdout
    targets = {re.split(r"[:\s]", line.strip())[0] for line in out.splitlines() if line.strip()}
    if not tests or not targets:
        raise SystemExit(f"doc_references: {build} lists no tests or no targets")
    return targets, tests


def test_exists(name, tests):
    if name in tests:
        return True
    if any(t.startswith((name + "_", name + ":")) for t in tests):
        return True  # a family of tests named by its stem, or a Catch2 executable's cases
    return False


def path_ok(span, files, dirs):
    span = span.rstrip("/.,:;")
    if span.startswith(OUTSIDE):
        return True
    if "*" in span:
        return bool([f for f in files | dirs if glob.fnmatch.fnmatchcase(f, span)]
                    or [f for f in files if glob.fnmatch.fnmatchcase(f, "*/" + span)])
    if span in files or span in dirs:
        return True
    if "/" not in span:  # a bare file name: some file of the tree has it
        return any(f == span or f.endswith("/" + span) for f in files)
    # a path relative to a component folder (include/sonnx/io/x.hpp of io/, src/ of a library)
    return any(f.endswith("/" + span) or d.endswith("/" + span) for f in files for d in [f]) or \
        any(d.endswith("/" + span) for d in dirs)


def candidates(span):
    """the repository paths a code span names (none for commands, options, code)"""
    words = span.split()
    out = []
    for w in words if len(words) <= 3 else []:
        w = w.strip("(),;:")
        if not PATH_CHARS.match(w) or w.startswith(NOT_TREE) or w.startswith(("-", ".", "*")):
            continue
        # shorthand, not a path: name_32/64, pcmpeqb/w/d
        if "/" in w and any(len(part) <= 2 or part[:1].isdigit() for part in w.split("/")[1:]):
            continue
        if re.search(r"[<>{}$]|\bN\b|XXX", w):
            continue
        if "/" in w and not re.match(r"^[A-Za-z0-9_.*-]+(/[A-Za-z0-9_.*+-]+)+/?$", w):
            continue
        if "/" in w or EXT.search(w):
            out.append(w)
    return out


def check(root, build, docs):
    files, dirs = tree(root)
    targets, tests = build_names(build)
    faults = []
    for doc, text in docs:
        for lineno, line in enumerate(text.splitlines(), 1):
            for m in SPAN.finditer(line):
                span = m.group(1)
                if span.startswith(("sonnx-div ", "cmake ", "python3 ", "bash ", "git ")) and \
                        "/" not in span.split(" ", 1)[1].split()[0]:
                    continue
                for w in candidates(span):
                    if not path_ok(w, files, dirs):
                        faults.append(f"{doc}:{lineno}: `{w}` is not a file or folder of the tree")
            for m in TARGET.finditer(line if "cmake" in line else ""):
                if m.group(1) not in targets and not m.group(1).startswith("<"):
                    faults.append(f"{doc}:{lineno}: target {m.group(1)} is defined nowhere")
            for m in CTEST.finditer(line):
                for name in re.findall(r"`([^`]+)`", m.group(1)):
                    name = name.strip()
                    if re.match(r"^[A-Za-z0-9_:-]+$", name) and \
                            not test_exists(name, tests):
                        faults.append(f"{doc}:{lineno}: CTest {name} is added nowhere")
    return faults


def main():
    root, build = sys.argv[1], sys.argv[2]
    docs = []
    for path in ["README.md"] + sorted(glob.glob(os.path.join(root, "docs", "*.md"))):
        full = path if os.path.isabs(path) else os.path.join(root, path)
        docs.append((os.path.relpath(full, root), open(full, encoding="utf-8").read()))
    if "--plant" in sys.argv:
        docs.append(("docs/planted.md", "See `core/src/div/no_such_file.c`, "
                                        "`cmake --build build --target no_such_target` and "
                                        "CTest `no_such_test`.\n"))
    faults = check(root, build, docs)
    return report(faults, f"doc references: {len(docs)} documents, "
                          f"{len(faults)} missing reference(s)")


if __name__ == "__main__":
    sys.exit(main())
