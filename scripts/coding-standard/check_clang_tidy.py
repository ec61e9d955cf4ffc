#!/usr/bin/env python3
"""clang-tidy with the restricted-C++ rule set (clang-tidy-library.yaml) on the library's façade.

  check_clang_tidy.py --root REPO --build BUILD_DIR --evidence build/evidence/coding-standard.json

Runs on every .cpp file directly under core/src/common and core/src/div (the fast paths of core/src/div/fast
excepted, see docs/restricted-cpp.md) with the compile commands of the build, and on the public
headers through them (HeaderFilterRegex). Every warning must be covered by a row of the deviation
register; a NOLINT in a checked file must name its check and have a register row too. Fails on
any other warning, or when clang-tidy cannot run.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import coding_standard  # noqa: E402

WARNING = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+):\d+: (?P<sev>warning|error): "
                     r"(?P<msg>.*) \[(?P<rule>[^\]]+)\]$")
NOLINT = re.compile(r"NOLINT(NEXTLINE)?(\((?P<checks>[^)]*)\))?")

# The façade: the checked API, its validation and the public headers. The fast paths
# (core/src/div/fast) are SIMD intrinsics code whose correctness is established by equivalence with
# the proved kernels (D9); they are compiled under the same -fno-exceptions -fno-rtti flags and
# symbol check, but not held to this rule set.
CONFIG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "clang-tidy-library.yaml")
FACADE_GLOBS = ["core/src/div/*.cpp", "core/src/common/*.cpp"]
HEADER_GLOBS = ["core/include/sonnx/*.hpp", "core/src/common/*.hpp", "core/src/div/*.hpp"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--build", required=True)
    parser.add_argument("--evidence", required=True)
    parser.add_argument("--clang-tidy", default="clang-tidy")
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    sources = sorted(os.path.relpath(p, root) for g in FACADE_GLOBS
                     for p in glob.glob(os.path.join(root, g)))
    headers = sorted(os.path.relpath(p, root) for g in HEADER_GLOBS
                     for p in glob.glob(os.path.join(root, g)))
    if not sources:
        print("no façade source found", file=sys.stderr)
        return 2
    if not os.path.exists(os.path.join(args.build, "compile_commands.json")):
        print(f"no compile_commands.json in {args.build}", file=sys.stderr)
        return 2
    header_filter = r"^" + re.escape(root) + r"/(core/include/sonnx|core/src/common|core/src/div)/[^/]+\.(hpp|h)$"
    command = [args.clang_tidy, "--quiet", "-p", args.build,
               f"--config-file={CONFIG}",
               f"--header-filter={header_filter}"]
    run = subprocess.run(command + [os.path.join(root, s) for s in sources], cwd=root,
                         capture_output=True, text=True, check=False)
    register = coding_standard.deviations(root)
    findings, seen = [], set()
    for line in run.stdout.splitlines():
        match = WARNING.match(line)
        if not match:
            continue
        path = os.path.relpath(match["file"], root)
        for rule in match["rule"].split(","):
            key = (path, int(match["line"]), rule)
            if key in seen:
                continue
            seen.add(key)
            finding = {"check": "clang-tidy", "tool": "clang-tidy", "rule": rule, "file": path,
                       "line": int(match["line"]), "severity": match["sev"],
                       "message": match["msg"]}
            finding["deviation"] = coding_standard.deviation_for(finding, register)
            findings.append(finding)
    # A suppression is a deviation too: it must name its check and be in the register.
    for path in sources + headers:
        with open(os.path.join(root, path), encoding="utf-8") as f:
            for number, text in enumerate(f, start=1):
                for match in NOLINT.finditer(text):
                    checks = [c.strip() for c in (match["checks"] or "*").split(",")]
                    for rule in checks:
                        finding = {"check": "clang-tidy-suppression", "tool": "clang-tidy",
                                   "rule": rule, "file": path, "line": number,
                                   "severity": "suppressed", "message": text.strip()}
                        finding["deviation"] = (None if rule == "*" else
                                                coding_standard.deviation_for(finding, register))
                        findings.append(finding)
    if run.returncode != 0 and not findings:
        print(run.stdout + run.stderr, file=sys.stderr)
        print(f"clang-tidy failed with exit code {run.returncode}", file=sys.stderr)
        return 2
    undeviated = [f for f in findings if not f["deviation"]]
    with open(CONFIG, encoding="utf-8") as f:
        checks_line = re.search(r"^Checks:\s*(.*?)(?=^\w)", f.read(), re.S | re.M)
    status = coding_standard.record_check(
        args.evidence, root, "clang-tidy", "clang-tidy",
        coding_standard.tool_version([args.clang_tidy, "--version"]), sources + headers, findings,
        rule_set=re.sub(r"\s+", "", checks_line.group(1)) if checks_line else None)
    warnings = [f for f in findings if f["check"] == "clang-tidy"]
    print(f"{'FAIL' if undeviated else 'ok'}: {len(warnings)} warning(s) and "
          f"{len(findings) - len(warnings)} suppression(s) in {len(sources)} source(s) and "
          f"{len(headers)} header(s), {len(undeviated)} not in the deviation register")
    return status

if __name__ == "__main__":
    sys.exit(main())
