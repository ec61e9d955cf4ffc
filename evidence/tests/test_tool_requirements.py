#!/usr/bin/env python3
"""The tool operational requirements are well formed (CTest evidence_tool_requirements): the data
file (evidence/tool-requirements.json) is valid under its schema, every requirement has a test,
every CTest it names is a test of this build (ctest -N in SONNX_BUILD_DIR), every tool file glob
matches a file, and each evidence:FILE test is an evidence file a check of the test command or
the main job writes. A requirement whose test was renamed or removed would otherwise show as
"not run" only in the main job's report."""
import glob
import json
import os
import subprocess
import sys

from sonnx_evidence import schema
from sonnx_evidence.paths import ROOT
from checks import Checks

WRITTEN = {"named-proofs.json": "evidence/sonnx_evidence/check_named_proofs.py",
           "wp-smoke-search.json": "evidence/sonnx_evidence/wp_smoke.py"}


def main():
    check = Checks('tool requirements')
    with open(os.path.join(ROOT, "evidence", "tool-requirements.json"), encoding="utf-8") as f:
        data = json.load(f)
    errors = schema.validate(data, schema.load("tool-requirements"))
    check(not errors, f"valid under its schema {errors[:2]}")
    build = os.environ.get("SONNX_BUILD_DIR")
    names = None
    if build:
        p = subprocess.run(["ctest", "--test-dir", build, "-N"], capture_output=True, text=True,
                           check=False)
        names = {line.split(": ", 1)[1].strip() for line in p.stdout.splitlines()
                 if line.strip().startswith("Test") and ": " in line}
    ids = []
    for tool in data["tools"]:
        for g in tool["files"]:
            check(bool(glob.glob(os.path.join(ROOT, g), recursive=True)),
                  f"{tool['id']}: {g} matches a file")
        for r in tool["requirements"]:
            ids.append(r["id"])
            check(bool(r["tests"]), f"{r['id']} has a test")
            for t in r["tests"]:
                kind, name = t.split(":", 1)
                if kind == "ctest" and names is not None:
                    check(name in names, f"{r['id']}: CTest {name!r} exists")
                if kind == "evidence":
                    check(name in WRITTEN, f"{r['id']}: {name} is written by {WRITTEN.get(name)}")
    check(len(ids) == len(set(ids)), "requirement IDs are unique")
    return check.status(f"{len(ids)} requirements, ")


if __name__ == "__main__":
    sys.exit(main())
