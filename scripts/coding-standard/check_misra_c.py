#!/usr/bin/env python3
"""MISRA C:2012 (cppcheck's misra addon) on every C-subset file of the library.

  check_misra_c.py --root REPO --evidence build/evidence/coding-standard.json

Checks every `*.c` file under core/src/ (the kernels and the validation functions written in the
C/C++ common subset; a new one is picked up without editing this script) together with the
headers and .inc files they include. Every finding, whatever its ID, must be covered by a row of
the deviation register (spec/deviations.json); the check fails otherwise, and also when
cppcheck cannot run or finds no file.
"""
import argparse
import glob
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import coding_standard  # noqa: E402

TEMPLATE = "{file}\t{line}\t{id}\t{severity}\t{message}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--evidence", required=True)
    parser.add_argument("--cppcheck", default="cppcheck")
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    files = sorted(os.path.relpath(p, root)
                   for p in glob.glob(os.path.join(root, "core", "src", "**", "*.c"), recursive=True))
    if not files:
        print("no C-subset file found under core/src/", file=sys.stderr)
        return 2
    include_dirs = sorted({os.path.dirname(f) for f in files})
    command = [args.cppcheck, "--addon=misra", "--std=c11", "--language=c", "--quiet",
               f"--template={TEMPLATE}", "--error-exitcode=0"]
    command += [f"-I{d}" for d in include_dirs] + files
    run = subprocess.run(command, cwd=root, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        print(run.stdout + run.stderr, file=sys.stderr)
        print(f"cppcheck failed with exit code {run.returncode}", file=sys.stderr)
        return 2
    register = coding_standard.deviations(root)
    findings = []
    for line in (run.stderr + run.stdout).splitlines():
        parts = line.split("\t")
        if len(parts) != 5 or not parts[1].isdigit():
            continue
        path = os.path.relpath(os.path.join(root, parts[0]), root) if parts[0] else ""
        finding = {"check": "misra-c2012", "tool": "cppcheck", "rule": parts[2], "file": path,
                   "line": int(parts[1]), "severity": parts[3]}
        finding["deviation"] = coding_standard.deviation_for(finding, register)
        findings.append(finding)
    undeviated = [f for f in findings if not f["deviation"]]
    rules = sorted({f["rule"] for f in findings})
    status = coding_standard.record_check(
        args.evidence, root, "misra-c2012", "cppcheck",
        coding_standard.tool_version([args.cppcheck, "--version"]), files, findings,
        addon="misra", command=" ".join(command[:7]) + " <files>")
    print(f"{'FAIL' if undeviated else 'ok'}: {len(findings)} finding(s) over {len(rules)} rule(s) "
          f"in {len(files)} file(s), {len(undeviated)} not in the deviation register")
    return status

if __name__ == "__main__":
    sys.exit(main())
