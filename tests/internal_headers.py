#!/usr/bin/env python3
"""The library's inside is reached through one target (sonnx::div_internal, core/src/CMakeLists.txt).

Fails, naming the file and line, when
  1. a CMake file other than core/src/CMakeLists.txt puts the library's source folder (core/src/,
     core/src/common, core/src/div) on a target's include path: the consumer links sonnx::div_internal instead;
  2. a file outside core/src/common and core/src/div includes an internal header by any other path than the
     one the target gives ("common/kernels/sonnx_validation.h", "div/fast/div_fast_paths.hpp"):
     through "../", through "src/...", or by a shortened path from another include folder;
  3. a public header of another library (an include/ folder) includes an internal header at all:
     the library's inside stays out of every other library's interface.
--plant KIND scans one more, made-up file with that fault (cmake, bypass, public-header) and must
then fail: the test command runs each.
"""
import argparse
import os
import re
import sys

SKIP_DIRS = {".git", "node_modules"}
# proofs/: Frama-C reads the proved files with its own include options (proofs/frama-c), as the
# proof, not as a consumer of the library.
NOT_CONSUMERS = ("proofs/",)
SOURCE_ENDINGS = (".c", ".h", ".cpp", ".hpp", ".inc", ".cc")
INTERNAL_ROOTS = ("core/src/common", "core/src/div")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
INCLUDE_DIRS_CALL = re.compile(r"\b(?:target_)?include_directories\s*\(([^)]*)\)", re.S)
# The library's source folder or one of its internal folders, named from outside src/.
SRC_PATH = re.compile(r'(?:\$\{(?:PROJECT|CMAKE)_SOURCE_DIR\}(?:/core)?|\.\.)/src'
                      r'(?:/(?:common|div)[^\s)>"]*)?(?=[\s)>"]|$)')

PLANTED = {
    "cmake": ("tests/planted/CMakeLists.txt",
              "target_include_directories(planted PRIVATE\n  ${PROJECT_SOURCE_DIR}/core/src)\n"),
    "bypass": ("tests/planted/test_planted.cpp",
               '#include "../../core/src/div/kernels/div_kernels.h"\n'),
    "public-header": ("verify/include/sonnx_verify/planted.hpp",
                      '#include "div/kernels/div_kernels.h"\n'),
}


def is_build_dir(name):
    return name.startswith("build") or name in SKIP_DIRS


def tree_files(root):
    for top in sorted(os.listdir(root)):
        path = os.path.join(root, top)
        if os.path.isfile(path):
            yield top
            continue
        if is_build_dir(top) or not os.path.isdir(path):
            continue
        for here, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
            for name in sorted(files):
                yield os.path.relpath(os.path.join(here, name), root).replace(os.sep, "/")


def inside(rel):
    return any(rel.startswith(r + "/") for r in INTERNAL_ROOTS)


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def check_cmake(rel, text):
    if rel == "core/src/CMakeLists.txt":
        return []
    faults = []
    for call in INCLUDE_DIRS_CALL.finditer(text):
        for found in SRC_PATH.finditer(call.group(1)):
            faults.append(f"{rel}:{line_of(text, call.start(1) + found.start())}: "
                          f"{found.group(0)} on an include path: link sonnx::div_internal")
    return faults


def check_source(rel, text, internal):
    """internal: the internal headers' paths relative to core/src/ ("div/kernels/div_kernels.h")."""
    if inside(rel) or rel.startswith(NOT_CONSUMERS):
        return []
    public = rel.startswith("include/") or "/include/" in rel
    faults = []
    for found in INCLUDE.finditer(text):
        name = found.group(1)
        where = f"{rel}:{line_of(text, found.start())}"
        if name in internal:
            if public:
                faults.append(f"{where}: public header includes the internal \"{name}\"")
            continue
        # A path that resolves next to the includer is that folder's own header.
        if os.path.normpath(os.path.join(os.path.dirname(rel), name)).replace(os.sep, "/") \
                .startswith(("core/src/common/", "core/src/div/")):
            faults.append(f"{where}: \"{name}\" reaches an internal header by a relative path")
            continue
        stripped = re.sub(r"^(\.\./|\./)+", "", name)
        stripped = re.sub(r"^(.*/)?src/", "", stripped)
        for header in internal:
            if header == stripped or header.endswith("/" + stripped):
                faults.append(f"{where}: \"{name}\" bypasses sonnx::div_internal "
                              f"(include \"{header}\")")
                break
    return faults


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", required=True)
    parser.add_argument("--plant", choices=sorted(PLANTED))
    args = parser.parse_args()

    files = list(tree_files(args.root))
    internal = {f[len("core/src/"):] for f in files
                if inside(f) and f.endswith((".h", ".hpp", ".inc"))}
    texts = []
    for rel in files:
        if rel.endswith(SOURCE_ENDINGS) or os.path.basename(rel) == "CMakeLists.txt" \
                or rel.endswith(".cmake"):
            with open(os.path.join(args.root, rel), encoding="utf-8", errors="replace") as f:
                texts.append((rel, f.read()))
    if args.plant:
        texts.append(PLANTED[args.plant])

    faults = []
    for rel, text in texts:
        if rel.endswith(SOURCE_ENDINGS):
            faults += check_source(rel, text, internal)
        else:
            faults += check_cmake(rel, text)
    checked = len(texts)
    if faults:
        print("\n".join(faults))
        print(f"internal headers: {len(faults)} fault(s) in {checked} files")
        return 1
    if len(internal) < 5:
        print(f"internal headers: only {len(internal)} internal headers found under src/")
        return 1
    print(f"internal headers: {checked} files, {len(internal)} internal headers, no bypass")
    return 0


if __name__ == "__main__":
    sys.exit(main())
