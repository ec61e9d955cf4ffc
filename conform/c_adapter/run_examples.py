#!/usr/bin/env python3
"""The example kernels of the C-function adapter (conform/c_adapter/examples/) against what
examples/examples.json says a campaign must show in each (docs/conformance.md, "Your C Div on
your target"): the correct one no finding, each wrong one its defect under the requirements it
breaks, with the hand-computed findings listed and their reproducers written.

  run_examples.py --adapter PROGRAM --example NAME     one host campaign against a built harness
                                                       (the test command's CTest entries)
  run_examples.py --targets aarch64,cortex-m4f,...     the main job's platform stage: every example
        [--examples ...] --evidence build/evidence    built for every target (conform_c.py), run
                                                       under its emulator and judged; writes
                                                       conformance-c-adapter.json and the reports
  run_examples.py --self-check                         the judge refusing planted faults

Every mode imports the evidence package: run it with PYTHONPATH=evidence (the CTests and
scripts/platforms.sh set it).

Exit status: 0 every campaign showed what it must, 1 some did not, 2 a campaign or build could
not run.
"""
import argparse
import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

# No __pycache__ beside the sources: evidence is bound to their folders by content.
sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import conform_c  # noqa: E402
import sonnx_evidence.findings  # noqa: E402  evidence/ (PYTHONPATH)

EXAMPLES_FILE = os.path.join(HERE, "examples", "examples.json")
EXAMPLE_KEYS = {"name", "sources", "defect", "requirements", "kinds", "must_find", "no_effect_on"}
FINDING_KEYS = {"type", "requirement", "kinds", "a", "b", "expected", "actual", "by_hand"}
KINDS = {"mismatch", "error-expected-not-raised", "unexpected-error", "crash", "hang",
         "unsupported"}
# Enough listed findings that every must_find (edge cases, sent first) is among them.
MAX_REPRODUCERS = 10


def load_examples(path=EXAMPLES_FILE):
    """examples.json, checked: only the keys this script understands, every must_find whole."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    if data.get("schema") != "sonnx-c-adapter-examples/1":
        raise ValueError(f"{path}: schema is not sonnx-c-adapter-examples/1")
    examples = {}
    for e in data["examples"]:
        if set(e) != EXAMPLE_KEYS:
            raise ValueError(f"{path}: example keys {sorted(e)}, expected {sorted(EXAMPLE_KEYS)}")
        wrong = e["defect"] is not None
        if wrong != bool(e["must_find"]) or wrong != bool(e["requirements"]):
            raise ValueError(f"{path}: {e['name']}: a defect needs requirements and must_find, "
                             "the correct example none")
        for m in e["must_find"]:
            if not {"type", "requirement", "kinds", "a", "b", "expected", "by_hand"} <= set(m) \
                    or not set(m) <= FINDING_KEYS or not set(m["kinds"]) <= set(e["kinds"]) \
                    or m["requirement"] not in e["requirements"]:
                raise ValueError(f"{path}: {e['name']}: malformed must_find {m}")
        if not set(e["kinds"]) <= KINDS:
            raise ValueError(f"{path}: {e['name']}: unknown kinds {e['kinds']}")
        examples[e["name"]] = e
    return examples


def judge(report, example, target, report_dir):
    """What is wrong with a campaign's report for the example on the target ([] if nothing)."""
    problems = []
    conforming = example["defect"] is None or target in example["no_effect_on"]
    findings = report["findings_total"]
    if report["conforms"] != (findings == 0):
        problems.append("'conforms' and findings_total disagree")
    if conforming:
        if findings:
            problems.append(f"{findings} findings where none may be: "
                            f"{sorted(report['findings_per_type_requirement_kind'])[:6]}")
        return problems
    if findings == 0:
        problems.append(f"no finding: the defect ({example['defect']}) was not found")
    for key in report["findings_per_type_requirement_kind"]:
        _, requirement, kind = key.split("/")
        if requirement not in example["requirements"] or kind not in example["kinds"]:
            problems.append(f"finding {key} is outside {example['requirements']} / "
                            f"{example['kinds']}")
    for m in example["must_find"]:
        match = next((f for f in report["findings"] if f["type"] == m["type"]
                      and f["requirement"] == m["requirement"] and f["kind"] in m["kinds"]
                      and f["a"] == m["a"] and f["b"] == m["b"]
                      and f["expected"].startswith(m["expected"])
                      and ("actual" not in m or f["actual"] == m["actual"])), None)
        what = f"{m['type']} {m['requirement']} {m['a']} / {m['b']}"
        if match is None:
            problems.append(f"not listed: {what} ({'/'.join(m['kinds'])}, expected "
                            f"{m['expected']}, actual {m.get('actual', 'any')})")
            continue
        files = ["model.onnx", "input_0.pb", "input_1.pb"]
        if match["kind"] == "mismatch":
            files.append("expected_output_0.pb")
        repro = os.path.join(report_dir, match["reproducer"])
        if not all(os.path.isfile(os.path.join(repro, n)) for n in files):
            problems.append(f"{what}: reproducer {match['reproducer']} lacks one of {files}")
    return problems


def campaign_options():
    return ["--max-reproducers", str(MAX_REPRODUCERS)]


def host_check(args, examples):
    """One short campaign against a harness built by the project's host build."""
    example = examples[args.example]
    out = tempfile.mkdtemp(prefix="sonnx-c-example-")
    try:
        report = os.path.join(out, "report.json")
        command = [args.tool, "conform", "--report", report, "--short",
                   *campaign_options(), "--", os.path.abspath(args.adapter)]
        done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
        print(done.stdout, done.stderr[-2000:], sep="\n")
        want = 0 if example["defect"] is None else 1
        if done.returncode != want:
            print(f"FAIL: exit {done.returncode}, expected {want}")
            return 1
        with open(report, encoding="utf-8") as f:
            problems = judge(json.load(f), example, "x86-64", out)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    for p in problems:
        print("FAIL:", p)
    print(f"{args.example}: {'as expected' if not problems else 'NOT as expected'}")
    return 1 if problems else 0


def target_run(target, example, args, out):
    """Builds the example for the target, runs its campaign, judges it; one evidence record."""
    build = os.path.join(args.work, target, example["name"])
    sources = [os.path.join(HERE, "examples", s) for s in example["sources"]]
    bare_metal = bool(conform_c.TARGETS[target].get("bare_metal"))
    ram_kib = 64 if bare_metal else conform_c.LINUX_RAM_KIB
    started = time.monotonic()
    info = conform_c.build_adapter(target, build, sources, includes=[os.path.join(HERE,
                                   "examples")], cflags="-O2",
                                   block=conform_c.block_for(ram_kib), jobs=args.jobs)
    build_s = time.monotonic() - started
    # The correct example: the target's default campaign (on the host every 16-bit pair, under
    # emulation a seeded sample); the wrong ones: the short campaign (their defects show in the
    # edge cases).
    campaign = "short" if example["defect"] is not None else conform_c.default_campaign(target)
    report = os.path.join(out, target, f"{example['name']}.json")
    rc, seconds = conform_c.run_campaign(args.tool, target, info, report, campaign,
                                         campaign_options(), ram_kib)
    record = {"target": target, "example": example["name"], "exit_code": rc,
              "build_s": round(build_s, 1), "campaign_s": round(seconds, 1),
              "report": os.path.relpath(report, args.evidence)}
    if rc not in (0, 1):
        record.update(passed=False, problems=[f"the campaign failed (exit {rc})"])
        return record, None
    with open(report, encoding="utf-8") as f:
        data = json.load(f)
    problems = judge(data, example, target, os.path.dirname(report))
    expected_rc = 0 if example["defect"] is None or target in example["no_effect_on"] else 1
    if rc != expected_rc:
        problems.insert(0, f"exit {rc}, expected {expected_rc}")
    record.update(verdict=data["verdict"], findings=data["findings_per_type_requirement_kind"],
                  campaign=data["target"]["campaign"], passed=not problems, problems=problems)
    if target in example["no_effect_on"]:
        record["no_effect_because"] = example["no_effect_on"][target]
    return record, data["target"]


def targets_run(args, examples):
    names = [n for n in args.examples.split(",") if n] if args.examples else list(examples)
    targets = [t for t in args.targets.split(",") if t]
    out = os.path.join(args.evidence, "conformance-c-adapter")
    shutil.rmtree(out, ignore_errors=True)
    started = time.monotonic()
    runs, toolchains = [], {}
    for target in targets:
        for name in names:
            try:
                record, details = target_run(target, examples[name], args, out)
            except conform_c.BuildError as error:
                print(f"c-adapter {target} {name}: build failed: {error}", file=sys.stderr)
                return 2
            runs.append(record)
            if details and target not in toolchains:
                toolchains[target] = {k: v for k, v in details.items()
                                      if k not in ("campaign", "user_sources", "adapter_command")}
            print(f"  c-adapter {target} {name}: {'as expected' if record['passed'] else 'NOT'} "
                  f"(exit {record['exit_code']}, {record['campaign_s']:.0f} s)", flush=True)
    passed = all(r["passed"] for r in runs)
    evidence = {
        "generated_by": "conform/c_adapter/run_examples.py",
        "what": json.load(open(EXAMPLES_FILE, encoding="utf-8"))["what"],
        "emulation_note": conform_c.EMULATION_NOTE,
        "targets": toolchains, "runs": runs, "passed": passed,
        "stage_seconds": round(time.monotonic() - started, 1)}
    path = os.path.join(args.evidence, "conformance-c-adapter.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(evidence, f, indent=2)
        f.write("\n")
    subprocess.run([sys.executable, "-m", "sonnx_evidence.evidence_provenance", path,
                    "--binding", "conformance-c-adapter"], cwd=ROOT, check=False,
                   env=dict(os.environ, PYTHONPATH=os.path.join(ROOT, "evidence")))
    print(f"conformance-c-adapter.json: {len(runs)} campaigns, "
          f"{'all as expected' if passed else 'NOT all as expected'}; "
          f"{evidence['stage_seconds']:.0f} s")
    return 0 if passed else 1


def self_check(examples):
    """The judge on reports made by hand: it accepts the right ones and refuses each fault."""
    ftz = examples["flush-to-zero"]
    m = ftz["must_find"][0]
    good = {"conforms": False, "findings_total": 1,
            "findings_per_type_requirement_kind": {"float32/F1/mismatch": 1},
            "findings": [{"type": m["type"], "requirement": "F1", "kind": "mismatch", "a": m["a"],
                          "b": m["b"], "expected": m["expected"], "actual": m["actual"],
                          "reproducer": "r"}]}
    verdicts = []
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, "r"))
        for n in ("model.onnx", "input_0.pb", "input_1.pb", "expected_output_0.pb"):
            open(os.path.join(tmp, "r", n), "w", encoding="utf-8").close()
        verdicts.append(("the right report accepted", not judge(good, ftz, "aarch64", tmp)))
        plants = {
            "a finding under another requirement": ("findings_per_type_requirement_kind",
                                                    {"float32/D2/mismatch": 1}),
            "a finding of another kind": ("findings_per_type_requirement_kind",
                                          {"float32/F1/crash": 1}),
            "the hand-computed finding missing": ("findings", []),
            "no finding at all": ("findings_total", 0),
        }
        for name, (key, value) in plants.items():
            bad = copy.deepcopy(good)
            bad[key] = value
            if key == "findings_total":
                bad["conforms"] = True
            verdicts.append((f"refused: {name}", bool(judge(bad, ftz, "aarch64", tmp))))
        bad = copy.deepcopy(good)
        bad["findings"][0]["actual"] = "0x00400000"
        verdicts.append(("refused: another actual value", bool(judge(bad, ftz, "aarch64", tmp))))
        verdicts.append(("refused: findings where the mode has no effect",
                         bool(judge(good, ftz, "riscv64", tmp))))
        verdicts.append(("refused: findings in the correct example",
                         bool(judge(good, examples["correct"], "x86-64", tmp))))
        os.remove(os.path.join(tmp, "r", "expected_output_0.pb"))
        verdicts.append(("refused: a reproducer without its expected output",
                         bool(judge(good, ftz, "aarch64", tmp))))
    planted = copy.deepcopy(examples["reciprocal"])
    planted["must_find"][0]["kinds"] = ["hang"]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"schema": "sonnx-c-adapter-examples/1", "what": "",
                   "examples": [planted]}, f)
    try:
        load_examples(f.name)
        verdicts.append(("refused: a must_find kind the example does not allow", False))
    except ValueError:
        verdicts.append(("refused: a must_find kind the example does not allow", True))
    finally:
        os.remove(f.name)
    return sonnx_evidence.findings.self_check(verdicts)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--adapter", help="a harness built with the example (host check)")
    parser.add_argument("--example", help="the example the harness was built with")
    parser.add_argument("--targets", help="comma-separated targets (platform stage)")
    parser.add_argument("--examples", help="comma-separated examples (default: all)")
    parser.add_argument("--evidence", default=os.path.join(ROOT, "build", "evidence"))
    parser.add_argument("--work", default=os.path.join(ROOT, "build", "platforms-work",
                                                       "c-adapter"))
    parser.add_argument("--tool", default=os.path.join(ROOT, "build", "cli", "sonnx-div"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--self-check", action="store_true")
    args = parser.parse_args()
    examples = load_examples()
    args.tool = os.path.abspath(args.tool)
    args.evidence = os.path.abspath(args.evidence)
    args.work = os.path.abspath(args.work)
    if args.self_check:
        return self_check(examples)
    if args.adapter and args.example in examples:
        return host_check(args, examples)
    if args.targets:
        unknown = [t for t in args.targets.split(",") if t not in conform_c.TARGETS]
        if unknown:
            parser.error(f"unknown target(s) {unknown}")
        return targets_run(args, examples)
    parser.error("give --adapter and --example, --targets, or --self-check")
    return 2


if __name__ == "__main__":
    sys.exit(main())
