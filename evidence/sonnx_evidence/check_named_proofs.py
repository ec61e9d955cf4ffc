#!/usr/bin/env python3
"""Every proof goal the requirement catalogue names is in this run's proof evidence.

The test command proves (Why3 and WP) but makes no traceability report: the report needs the
main job's sweeps. A property renamed or removed in the code, with the catalogue
(spec/requirements.json) still naming it, would then pass the test command and fail only the main
job's report. This check expands the catalogue's WP families against this run's goals
(traceability/decided_by.py: a family that matches no goal is missing), then runs the report
(sonnx-trace, --allow-gaps) on a copy of the evidence folder with that expansion and fails on each
gap of kind missing-named-evidence whose entry is a Why3 goal or a WP property; gaps of other
kinds (no sweep in this run) are the main job's to judge.

  check_named_proofs.py SONNX_TRACE ROOT EVIDENCE [--catch-list FILE]

The evidence must hold both proof records (why3.json, wp-report.json): without one, the report
cannot tell a missing goal from a tool that did not run. The check first checks itself: the same
run on a catalogue with a planted WP family that no goal carries, named for a requirement that
also names sweeps (which this run lacks, so that a sweep gap must not hide it), and a planted
Why3 goal, must report both, or the check fails.

Exit status: 0 if every named Why3 and WP goal is in the evidence and the planted ones are
caught.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from . import schema

PLANTED = "ensures_sonnx_planted_label_no_goal_carries"
PLANTED_WHY3 = "sonnx_planted_why3_goal_no_task_carries"
GAP = re.compile(r"^GAP\s+(\S+)\s+missing-named-evidence:[^:]*:\s*(.*)$")


FAMILY = re.compile(r"^(\w+) (?:decided_by|supported_by)\[\d+\] family \d+: (\S+) matches no")


def missing_proofs(trace, root, evidence, catalogue, catch_list):
    """[(requirement, 'wp NAME' | 'why3 NAME')]: the named proof goals the report did not find,
    and the WP families that match no goal of the run"""
    found = []
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, "evidence")
        shutil.copytree(evidence, copy)
        expansion = subprocess.run(
            [sys.executable, "-m", "sonnx_evidence.decided_by", "expand", "--catalogue",
             catalogue, "--listing", os.path.join(copy, "wp-report.json"), "--out",
             os.path.join(copy, "decided-by.json"), "--root", root],
            capture_output=True, text=True)
        if expansion.returncode not in (0, 1):
            sys.exit("check_named_proofs: the expansion failed:\n" + expansion.stderr[-2000:])
        for line in expansion.stdout.splitlines():
            m = FAMILY.match(line)
            if m:
                found.append((m.group(1), "wp " + m.group(2)))
        cmd = [trace, "report", "--catalogue", catalogue, "--source-root", root, "--evidence", copy,
               "--assumptions", os.path.join(root, "spec", "assumptions.json"), "--allow-gaps"]
        if catch_list:
            cmd += ["--catch-list", catch_list]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit("check_named_proofs: the report failed (exit %d):\n%s" % (
                run.returncode, (run.stdout + run.stderr)[-2000:]))
    for line in run.stdout.splitlines() + run.stderr.splitlines():
        m = GAP.match(line)
        if m:
            for entry in m.group(2).split(", "):
                if entry.split(" ", 1)[0] in ("wp", "why3"):
                    found.append((m.group(1), entry.strip()))
    return found


def planted_catalogue(catalogue, out):
    """a copy of the catalogue with a family naming PLANTED in the WP entries of the first
    requirement that also names sweeps, and PLANTED_WHY3 among the first Why3 goal list:
    [(requirement, entry)]"""
    data = json.load(open(catalogue))
    planted = []
    for req in data["requirements"]:
        methods = [m for m in req.get("decided_by", []) + req.get("supported_by", [])
                   if isinstance(m, dict)]
        if not any(m.get("method") == "exhaustive" for m in methods):
            continue
        wp = [m for m in methods if m.get("method") == "wp" and "families" in m]
        if wp:
            wp[0]["families"].append({"function": "sonnx_div_${suffix}", "types": ["int8"],
                                      "properties": [PLANTED]})
            planted.append((req["id"], "wp sonnx_div_i8_" + PLANTED))
            break
    for req in data["requirements"]:
        why3 = [m for m in req.get("decided_by", []) if isinstance(m, dict)
                and m.get("method") == "why3" and "goals" in m]
        if why3:
            why3[0]["goals"].append(PLANTED_WHY3)
            planted.append((req["id"], "why3 " + PLANTED_WHY3))
            break
    if len(planted) != 2:
        sys.exit("check_named_proofs: %s has no WP families beside sweeps or no Why3 goal "
                 "list to plant into" % catalogue)
    json.dump(data, open(out, "w"), indent=1)
    return planted


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trace")
    parser.add_argument("root")
    parser.add_argument("evidence")
    parser.add_argument("--catch-list")
    args = parser.parse_args()
    catalogue = os.path.join(args.root, "spec", "requirements.json")
    absent = [f for f in ("why3.json", "wp-report.json")
              if not os.path.isfile(os.path.join(args.evidence, f))]
    if absent:
        print("FAIL %s has no %s: the proofs' goals cannot be held to the catalogue" % (
            args.evidence, " or ".join(absent)))
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        catalogue_planted = os.path.join(tmp, "requirements.json")
        planted = planted_catalogue(catalogue, catalogue_planted)
        caught = missing_proofs(args.trace, args.root, args.evidence, catalogue_planted,
                                args.catch_list)
    missed = [(req, entry) for req, entry in planted if (req, entry) not in caught]
    for req, entry in planted:
        if (req, entry) in missed:
            print("FAIL self-check: the planted %s of %s was not reported" % (entry, req))
        else:
            print("self-check: the planted %s of %s is reported missing" % (entry.split()[0], req))
    missing = [] if missed else missing_proofs(args.trace, args.root, args.evidence, catalogue,
                                               args.catch_list)
    for req, entry in missing:
        print("FAIL %s: the catalogue names %s, which this run's proofs do not have" % (req, entry))
    print("named proof goals: %s" % ("every Why3 and WP goal the catalogue names is in the evidence"
                                     if not missing else "%d missing" % len(missing)))
    ok = not missed and not missing
    schema.write(os.path.join(args.evidence, "named-proofs.json"), {
        "what": "every Why3 and WP goal the requirement catalogue names is in this run's proofs "
                "(sonnx_evidence.check_named_proofs), after the check caught a planted WP "
                "property and a planted Why3 goal",
        "planted": [{"requirement": r, "entry": e, "caught": (r, e) not in missed}
                    for r, e in planted],
        "missing": [{"requirement": r, "entry": e} for r, e in missing], "ok": ok})
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
