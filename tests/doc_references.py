#!/usr/bin/env python3
"""Every file, folder, CMake target and CTest test that the repository's Markdown names exists.

Reads every Markdown file of the tree (README.md, docs/, the components' READMEs and notes; not
docs/decisions/, the dated design history, which names files where they were at the time, nor the
report generator's fixtures) and checks, in each code span (`...`):
  - a repository path (a word with a slash, from the repository root; one ending in a slash is a
    folder; or a bare file name with a source's extension that some file of the tree has): it
    exists; a glob (*) matches something; build/ outputs, absolute paths, URLs and spans with
    placeholders (<...>, {...}, $..., N, X) are not paths of the tree;
  - `cmake --build ... --target NAME` (a line that runs cmake): a target some CMakeLists.txt
    defines;
  - a span right after the word CTest (`CTest name`, `CTest names`): a test some CMakeLists.txt
    or cmake file adds (add_test(NAME ...), a Catch2 executable, a foreach-built name's prefix).
--plant adds made-up documents naming a missing file, target and test, a path that exists only
below another folder, a renamed file and a missing folder, and must then fail on each.

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
# Markdown that is not a description of the tree as it is: the dated design history, and the
# report generator's expected output for its fixture (which names the fixture's made-up files).
SKIP = ("docs/decisions/", "traceability/tests/fixtures/")
TARGET = re.compile(r"--target\s+([A-Za-z0-9_.-]+)")
PATH_CHARS = re.compile(r"^[A-Za-z0-9_.+/*-]+$")
# A bare file name (no folder) is a source of the tree when it has a source's extension; bare
# .json, .txt, .csv, .html names are the evidence files the tools write (build/evidence/).
EXT = re.compile(r"\.(c|h|cpp|hpp|inc|py|sh|cmake|mlw|js|drv|driver|in|frag|mustache)$")
# Not paths of the tree: build outputs (catch2/: the Catch2 results in the evidence folder),
# absolute, home-relative and parent-relative paths, URLs, npm's installs.
NOT_TREE = ("build/", "build-", "catch2/", "/", "http", "~", "../", "node_modules")


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
    """a path from the repository root (a folder when it ends with a slash); a bare file name:
    some file of the tree has it"""
    span = span.rstrip(".,:;")
    folder = span.endswith("/")
    span = span.rstrip("/")
    if span.startswith(OUTSIDE):
        return True
    if folder:
        return any(glob.fnmatch.fnmatchcase(d, span) for d in dirs) if "*" in span else \
            span in dirs
    if "/" not in span:  # a bare file name or glob: some file of the tree has it
        return any(glob.fnmatch.fnmatchcase(f.rsplit("/", 1)[-1], span) for f in files)
    if "*" in span:
        return any(glob.fnmatch.fnmatchcase(f, span) for f in files | dirs)
    return span in files or span in dirs


def candidates(span):
    """the repository paths a code span names (none for commands, options, code)"""
    words = span.split()
    out = []
    for w in words if len(words) <= 3 else []:
        w = w.strip("(),;:")
        if not PATH_CHARS.match(w) or w.startswith(NOT_TREE) or w.startswith(("-", ".", "*")):
            continue
        # shorthand, not a path: name_32/64, pcmpeqb/w/d (every part after the first a number or
        # one or two letters; a folder's trailing slash is not a part)
        parts = w.rstrip("/").split("/")[1:]
        if parts and all(len(part) <= 2 or part[:1].isdigit() for part in parts):
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
    for path in sorted(f for f in tree(root)[0] if f.endswith(".md") and not f.startswith(SKIP)):
        with open(os.path.join(root, path), encoding="utf-8") as f:
            docs.append((path, f.read()))
    if "--plant" in sys.argv:
        docs.append(("docs/planted.md", "See `core/src/div/no_such_file.c`, "
                                        "`cmake --build build --target no_such_target` and "
                                        "CTest `no_such_test`.\n"))
        # in a component's folder: a path that exists only below another folder (read from the
        # root, not as a suffix), a file since renamed and a folder that does not exist
        docs.append(("proofs/frama-c/planted.md", "See `src/CMakeLists.txt`, "
                                                  "`core/src/div/kernels/div_domain.c` and "
                                                  "`proofs/frama-c/no_such_folder/`.\n"))
    faults = check(root, build, docs)
    return report(faults, f"doc references: {len(docs)} documents, "
                          f"{len(faults)} missing reference(s)")


if __name__ == "__main__":
    sys.exit(main())
