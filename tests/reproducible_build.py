#!/usr/bin/env python3
"""Two release builds of the same sources in different folders give byte-identical outputs.

Configures a second release build of the tree in a scratch folder whose path differs from the
build's (another name and length), builds the given targets there, and compares each output file
with the one of BUILD, byte for byte (SHA-256). Then checks itself: a one-file object compiled
with debug information in two folders differs without the project's prefix maps and is the same
with them, so that the comparison would see a build path recorded in an object.

  reproducible_build.py --source ROOT --build BUILD --target T:PATH [--target T:PATH]...
                        [--json FILE]
    T: a CMake target; PATH: its output relative to the build folder
    (core/src/libsonnx_div.a, cli/sonnx-div)

Exit status 0 when every output is identical and the self-check holds; writes FILE with each
output's SHA-256 (the evidence of the library's hash).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from sonnx_evidence.manifest import file_sha256 as sha256  # evidence/ (PYTHONPATH)


def read_cache(build):
    """the entries of BUILD/CMakeCache.txt: name -> (type, value)"""
    entries = {}
    with open(os.path.join(build, "CMakeCache.txt"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"([A-Za-z0-9_.+-]+):([A-Z]+)=(.*)$", line.rstrip("\n"))
            if m:
                entries[m.group(1)] = (m.group(2), m.group(3).strip())
    return entries


def cache_value(build, key):
    return read_cache(build).get(key, (None, None))[1]


def build_options(build):
    """the project's switches (every SONNX_* BOOL of the cache) and the build type, as the cache
    has it: what decides which sources and flags an output is built from (the command set of
    sonnx-div, for one)"""
    entries = read_cache(build)
    options = {k: v for k, (t, v) in entries.items() if k.startswith("SONNX_") and t == "BOOL"}
    options["CMAKE_BUILD_TYPE"] = entries.get("CMAKE_BUILD_TYPE", (None, ""))[1]
    return options


def option_differences(first, second):
    """the switches in which the build folder `second` is configured otherwise than `first`"""
    a, b = build_options(first), build_options(second)
    return sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))


def self_check(cxx, tmp):
    """(ok, text): a build path in debug information is seen, and the prefix maps remove it"""
    src = "int sonnx_repro_probe(int x) { return x + 1; }\n"
    outs = {}
    for mapped in (False, True):
        for folder in ("a", "a-longer-folder"):
            d = os.path.join(tmp, "probe-%s-%d" % (folder, mapped))
            os.makedirs(d)
            with open(os.path.join(d, "probe.cpp"), "w", encoding="utf-8") as f:
                f.write(src)
            flags = ["-fdebug-prefix-map=%s=." % d, "-fmacro-prefix-map=%s=." % d] if mapped else []
            subprocess.run([cxx, "-O2", "-g", "-c", "probe.cpp", "-o", "probe.o"] + flags,
                           cwd=d, check=True)
            outs[(folder, mapped)] = sha256(os.path.join(d, "probe.o"))
    unmapped_differ = outs[("a", False)] != outs[("a-longer-folder", False)]
    mapped_same = outs[("a", True)] == outs[("a-longer-folder", True)]
    return unmapped_differ and mapped_same, (
        "self-check: a build path in debug information %s without the prefix maps, %s with them"
        % ("changes the object" if unmapped_differ else "does NOT change the object",
           "the objects are the same" if mapped_same else "the objects still DIFFER"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--source", required=True)
    parser.add_argument("--build", required=True)
    parser.add_argument("--target", action="append", required=True)
    parser.add_argument("--json")
    args = parser.parse_args()
    targets = [t.split(":", 1) for t in args.target]
    generator = cache_value(args.build, "CMAKE_GENERATOR") or "Ninja"
    cxx = cache_value(args.build, "CMAKE_CXX_COMPILER") or "c++"
    ok = True
    results = []
    with tempfile.TemporaryDirectory(prefix="sonnx-reproducible-build-second-folder-") as tmp:
        second = os.path.join(tmp, "another-build-folder")
        # The first build's own switches: another configuration is another program (built with
        # the report's readers off, sonnx-div has no verify-evidence command), not a repetition.
        options = build_options(args.build)
        configure = ["cmake", "-S", args.source, "-B", second, "-G", generator,
                     "-DCMAKE_CXX_COMPILER=" + cxx]
        configure += ["-D%s=%s" % kv for kv in sorted(options.items())]
        run = subprocess.run(configure, capture_output=True, text=True, check=False)
        if run.returncode != 0:
            print("FAIL the second build could not be configured:\n" + run.stderr[-2000:])
            return 1
        differ = option_differences(args.build, second)
        if differ:
            print("FAIL configuration: the second build differs from the first in "
                  + ", ".join(differ))
        else:
            print("ok   configuration: the second build has the first's %d switches (SONNX_* "
                  "options and the build type)" % len(options))
        if differ:
            return 1
        build = ["cmake", "--build", second, "--target"] + [t for t, _ in targets]
        run = subprocess.run(build, capture_output=True, text=True, check=False)
        if run.returncode != 0:
            print("FAIL the second build failed:\n" + (run.stdout + run.stderr)[-2000:])
            return 1
        for target, rel in targets:
            first_file = os.path.join(args.build, rel)
            second_file = os.path.join(second, rel)
            if not os.path.isfile(first_file):
                print("FAIL %s: %s is not built in %s" % (target, rel, args.build))
                ok = False
                continue
            a, b = sha256(first_file), sha256(second_file)
            same = a == b
            ok = ok and same
            results.append({"target": target, "file": rel, "sha256": a, "identical": same})
            print("%s %s: %s %s" % ("ok  " if same else "FAIL", rel,
                                    "identical in both folders," if same else "DIFFERS:",
                                    a if same else "%s / %s" % (a, b)))
        checked, text = self_check(cxx, tmp)
        print(("ok   " if checked else "FAIL ") + text)
        ok = ok and checked
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"schema": "sonnx-reproducible-build/1",
                       "what": "release outputs built again in another folder, compared byte for "
                               "byte (tests/reproducible_build.py)",
                       "options": options, "outputs": results, "self_check": checked,
                       "identical": ok}, f, indent=1)
            f.write("\n")
    return 0 if ok else 1


if __name__ == "__main__":
    shutil.which("cmake") or sys.exit("reproducible_build: cmake not found")
    sys.exit(main())
