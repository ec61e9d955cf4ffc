#!/usr/bin/env python3
"""The product library (core/) depends on nothing else of the repository.

Reads what the build really uses, not the source text:
  1. every header the compiler opens for each source of the library (the compile commands of
     the build, rerun with -MM: the preprocessor's own list of the files it includes) lies under
     core/ or outside the repository (system and standard headers);
  2. every target the library links (its LINK_LIBRARIES and INTERFACE_LINK_LIBRARIES, written by
     core/src/CMakeLists.txt into BUILD/core-links.txt) is one of core's own targets or of the
     top-level build options (cmake/, CMakeLists.txt).
--plant KIND adds one made-up fault (include: a library source that includes a header of io/;
link: the library linking sonnx_io) and must then fail: the test command runs each.

usage: PYTHONPATH=scripts/coding-standard core_stands_alone.py --root ROOT --build BUILD
           [--plant include|link]
(the build's compile commands are read by scripts/coding-standard/compile_commands.py, as the
stack bound reads them; CTest sets PYTHONPATH)
"""
import argparse
import os
import subprocess
import sys
import tempfile

import compile_commands

# The targets the library may link: its own, and the build options every target shares.
ALLOWED_LINKS = {"sonnx_div_internal", "sonnx::div_internal", "sonnx_build_flags",
                 "sonnx_fuzz_coverage", "sonnx_div_routes_avx2"}


def dependencies(entry):
    """The files the compiler opens for one compile command (-MM: user headers only)."""
    kept = [a for a in compile_commands.without_outputs(compile_commands.arguments(entry))
            if a != "-c"]
    out = subprocess.run(kept + ["-MM", "-MG"], cwd=entry["directory"], capture_output=True,
                         text=True, check=False)
    if out.returncode != 0:
        raise RuntimeError(f"{entry['file']}: the compiler could not list its headers:\n"
                           f"{out.stderr}")
    text = out.stdout.replace("\\\n", " ")
    deps = text.split(":", 1)[1].split() if ":" in text else []
    return [os.path.normpath(os.path.join(entry["directory"], d)) for d in deps]


def include_faults(root, build, planted):
    core = os.path.join(root, "core") + os.sep
    entries = [e for e in compile_commands.entries(build)
               if os.path.normpath(os.path.join(e["directory"], e["file"])).startswith(core)
               and os.sep + "tests" + os.sep not in e["file"]]
    if planted:
        entries = entries + [planted]
    if len(entries) < 5:
        return [f"only {len(entries)} library sources in compile_commands.json"], 0
    faults = []
    for e in entries:
        for dep in dependencies(e):
            if dep.startswith(root + os.sep) and not dep.startswith(core):
                faults.append(f"{os.path.relpath(e['file'], root)} includes "
                              f"{os.path.relpath(dep, root)}, outside core/")
    return faults, len(entries)


def link_faults(build, plant):
    with open(os.path.join(build, "core-links.txt"), encoding="utf-8") as f:
        links = [x for x in f.read().replace("\n", ";").split(";") if x]
    if plant:
        links.append("sonnx_io")
    faults = []
    for link in links:
        # $<BUILD_INTERFACE:x> and $<LINK_ONLY:x> as CMake writes them unevaluated
        name = link
        unwrapped = True
        while unwrapped:
            unwrapped = False
            for wrap in ("$<BUILD_INTERFACE:", "$<LINK_ONLY:"):
                if name.startswith(wrap) and name.endswith(">"):
                    name, unwrapped = name[len(wrap):-1], True
        if name not in ALLOWED_LINKS:
            faults.append(f"sonnx_div links {name}, which is not a target of core/")
    return faults, len(links)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", required=True)
    parser.add_argument("--build", required=True)
    parser.add_argument("--plant", choices=("include", "link"))
    args = parser.parse_args()
    root = os.path.realpath(args.root)
    with tempfile.TemporaryDirectory() as tmp:
        planted = None
        if args.plant == "include":
            path = os.path.join(root, "core", "src", "div", "planted_include.cpp")
            planted = {"directory": tmp, "file": path,
                       "arguments": ["c++", "-std=c++20", "-I" + os.path.join(root, "io", "include"),
                                     "-c", "-x", "c++", "-"]}
            # The planted source: stdin of the compiler, as if it were a library file.
            src = os.path.join(tmp, "planted_include.cpp")
            with open(src, "w", encoding="utf-8") as f:
                f.write('#include "sonnx/io/tensor_io.hpp"\n')
            planted["arguments"][-1] = src
        faults, sources = include_faults(root, args.build, planted)
        more, links = link_faults(args.build, args.plant == "link")
    faults += more
    if faults:
        print("\n".join(faults))
        print(f"core stands alone: {len(faults)} fault(s)")
        return 1
    print(f"core stands alone: {sources} library sources include only core/ and system headers; "
          f"{links} linked targets, all of core/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
