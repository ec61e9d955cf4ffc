#!/usr/bin/env python3
"""Runs one conformance campaign (sonnx-div conform) and checks its exit status and report.

Expectations come from the profile and hand computation (docs/conformance.md), never from the
campaign's own output: e.g. a floor-division adapter must give int8 -35 / 3 = 0xf4 (-12) where the
profile says 0xf5 (-11, truncation, I1)."""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

from sonnx_evidence import schema  # on PYTHONPATH, set by the CTests

parser = argparse.ArgumentParser()
parser.add_argument("--tool", required=True)
parser.add_argument("--exit", required=True, help="allowed exit codes, e.g. 0 or 0,1")
parser.add_argument("--no-findings", action="store_true")
parser.add_argument("--finding", action="append", default=[],
                    help="type,requirement,kind[,a,b,expected,actual]: a listed finding must match")
parser.add_argument("--only", help="kind: every counted finding is of this kind")
parser.add_argument("--requirements", help="comma list: findings only under these requirements")
parser.add_argument("--types", type=int, help="number of types with result rows")
parser.add_argument("--row", action="append", default=[],
                    help="type,requirement,field,value: a results row holds this count")
parser.add_argument("--max-actual-bytes", type=int,
                    help="every listed finding's 'actual' is at most this long (UTF-8 bytes)")
parser.add_argument("--std-streams", choices=["closed", "reader-gone"],
                    help="start the tool with its standard output and error closed, or with its "
                         "standard output a pipe whose reader has gone (a warning is expected)")
parser.add_argument("--report-path", default="report.json",
                    help="the report, relative to the test's scratch folder")
parser.add_argument("--mkdir", action="append", default=[],
                    help="a folder made in the scratch folder before the campaign")
parser.add_argument("--mkfifo", action="append", default=[],
                    help="a FIFO made in the scratch folder before the campaign; @SCRATCH@ in the "
                         "campaign's arguments names the scratch folder")
parser.add_argument("--unchanged", action="store_true",
                    help="the campaign leaves the scratch folder as it was (nothing written)")
parser.add_argument("--skip-unless", help="skip (exit 77) unless this path exists")
parser.add_argument("campaign", nargs=argparse.REMAINDER, help="-- conform arguments and adapter")
args = parser.parse_args()

if args.skip_unless and not os.path.exists(args.skip_unless):
    print(f"SKIP: {args.skip_unless} is absent (run scripts/setup.sh)")
    sys.exit(77)

out = tempfile.mkdtemp(prefix="sonnx-conform-test-")
errors = []
try:
    report = os.path.join(out, args.report_path)
    for folder in args.mkdir:
        os.makedirs(os.path.join(out, folder))
    for fifo in args.mkfifo:
        os.mkfifo(os.path.join(out, fifo))

    def tree():
        return sorted(os.path.relpath(os.path.join(d, n), out)
                      for d, dirs, files in os.walk(out) for n in dirs + files)
    before = tree()
    campaign = [a.replace("@SCRATCH@", out) for a in args.campaign if a != "--"]
    split = campaign.index("ADAPTER")
    command = [args.tool, "conform", "--report", report] + campaign[:split] + ["--"] + campaign[split + 1:]
    print(" ".join(command))
    if args.std_streams == "closed":
        run = subprocess.run(command, capture_output=True, text=True, timeout=600,
                             preexec_fn=lambda: (os.close(1), os.close(2)))
    elif args.std_streams == "reader-gone":
        read_end, write_end = os.pipe()
        os.close(read_end)
        run = subprocess.run(command, stdout=write_end, stderr=subprocess.PIPE, text=True,
                             timeout=600)
        os.close(write_end)
        if "standard output could not be written" not in run.stderr:
            errors.append("no warning that standard output could not be written")
    else:
        run = subprocess.run(command, capture_output=True, text=True, timeout=600)
    print(run.stdout, run.stderr[-3000:], sep="\n")
    if args.unchanged and tree() != before:
        errors.append(f"the campaign wrote {sorted(set(tree()) - set(before))}")
    allowed = [int(c) for c in args.exit.split(",")]
    if run.returncode not in allowed:
        errors.append(f"exit status {run.returncode}, expected one of {allowed}")
    if run.returncode in (0, 1):
        with open(report) as f:
            j = json.load(f)
        # The report is evidence (build/evidence/conformance-*.json): valid under its schema.
        errors += [f"the report departs from its schema: {e}"
                   for e in schema.validate(j, schema.load("conformance-*"))]
        conforms = j["conforms"]
        if conforms != (run.returncode == 0) or conforms != (j["findings_total"] == 0):
            errors.append("exit status, 'conforms' and findings_total disagree")
        counted = sum(j["findings_per_type_requirement_kind"].values())
        if counted != j["findings_total"]:
            errors.append("findings_total is not the sum of the per-key counts")
        types = {r["type"] for r in j["results"]}
        if args.types is not None and len(types) != args.types:
            errors.append(f"{len(types)} types have results, expected {args.types}")
        if len(j["broadcast_model"]) != len(types) or any(
                b["check_model"] != "outside" or "R4" not in b["violated"] or b["sent_to_runtime"]
                for b in j["broadcast_model"]):
            errors.append("a broadcasting model was not rejected (R4) before the runtime")
        if any(c["verdict"] != "inside" for c in j["profile_checks"]):
            errors.append("a campaign model is not inside the profile")
        for r in j["results"]:
            bad = r["mismatches"] + r["errors"] + r["crashes"] + r["hangs"] + r["unsupported"]
            if bad > r["cases"]:
                errors.append(f"more failures than cases: {r}")
        if args.no_findings and (j["findings_total"] or j["findings"]):
            errors.append(f"{j['findings_total']} findings, expected none")
        for f in j["findings"]:
            path = os.path.join(out, f["reproducer"])
            if not all(os.path.isfile(os.path.join(path, n)) for n in ("model.onnx", "input_0.pb", "input_1.pb")):
                errors.append(f"reproducer {f['reproducer']} lacks model.onnx or an input")
        keys = j["findings_per_type_requirement_kind"]
        if args.only and any(k.split("/")[2] != args.only for k in keys):
            errors.append(f"findings of other kinds than {args.only}: {sorted(keys)}")
        if args.requirements:
            allowed_reqs = args.requirements.split(",")
            if any(k.split("/")[1] not in allowed_reqs for k in keys):
                errors.append(f"findings outside {allowed_reqs}: {sorted(keys)}")
        if args.max_actual_bytes is not None:
            longest = max((len(f["actual"].encode()) for f in j["findings"]), default=0)
            if longest > args.max_actual_bytes:
                errors.append(f"a finding's 'actual' holds {longest} bytes, "
                              f"more than {args.max_actual_bytes}")
        for want in args.row:
            t, req, field, value = want.split(",")
            rows = [r for r in j["results"] if r["type"] == t and r["requirement"] == req]
            if len(rows) != 1 or rows[0][field] != int(value):
                errors.append(f"results row {t} {req}: {field} is {rows[0][field] if rows else 'absent'}, expected {value}")
        for want in args.finding:
            fields = want.split(",")
            names = ["type", "requirement", "kind", "a", "b", "expected", "actual"]
            wanted = dict(zip(names, fields))
            if not any(all(str(f.get(k, "")).startswith(v) for k, v in wanted.items()) for f in j["findings"]):
                errors.append(f"no finding matches {wanted}")
finally:
    shutil.rmtree(out, ignore_errors=True)
for e in errors:
    print("FAIL:", e)
sys.exit(1 if errors else 0)
