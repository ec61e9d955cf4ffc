#!/usr/bin/env python3
"""`sonnx-div verify-evidence` on a bundle and on planted faults (CTest verify_evidence).

The bundle: the traceability report's fixture folder (traceability/tests/fixtures/report: a
catalogue, sources and evidence bound to them) as the checkout, its evidence completed with the
fields a main job's files carry (the gate's summary and policy counts, the tool versions of this
machine by the project's recorder), the report rendered into it by sonnx-trace, and its manifest
written by sonnx_evidence.manifest. It must pass, with and without the checkout (then listing what
it could not check). Each planted fault, in a fresh copy, must fail with its own message: a file
missing, altered, unlisted or a symbolic link, no manifest, a count that differs from its records
(why3.json, wp-report.json, the report's summary), a verdict the prover policy does not accept
although the file says it does (only the recheck from the verdicts sees it), a source of the
checkout changed after the evidence was made, a tool version one file records against another,
and, with --installed, a recorded tool that is not the one installed; and an evidence package
without the file that names each evidence file's schema (evidence/schema-names.json).

usage: verify_evidence_test.py SONNX_DIV SONNX_TRACE SOURCE_ROOT"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

TOOL, TRACE, ROOT = sys.argv[1:4]
sys.path[:0] = [os.path.join(ROOT, "evidence", "tests"), os.path.join(ROOT, "evidence")]
from checks import Checks  # noqa: E402  pylint: disable=wrong-import-position
from sonnx_evidence import policy  # noqa: E402  pylint: disable=wrong-import-position

PACKAGE = os.path.join(ROOT, "evidence", "sonnx_evidence")
ENV = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "evidence"))


def edit(path, change):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    change(doc)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)


def manifest(ev, src):
    subprocess.run([sys.executable, "-m", "sonnx_evidence.manifest", "write", ev, "--root", src],
                   env=ENV, check=True, capture_output=True)


def complete(src):
    """the fixture's evidence completed as a main job's; returns the evidence folder"""
    ev = os.path.join(src, "evidence")
    subprocess.run(["bash", os.path.join(ROOT, "traceability", "tool-versions.sh"), ev, src],
                   check=True, capture_output=True)
    with open(os.path.join(ev, "tool-versions.json"), encoding="utf-8") as f:
        tools = json.load(f)
    version = lambda tool: next((w for w in tools.get(tool, "").split()
                                 if w[:1].isdigit()), "unknown")

    def why3(doc):
        doc["versions"] = {t: version(t) for t in ("why3", "z3", "cvc5", "cvc4", "gappa")}
        doc["summary"] = {"proved": 1, "total": 1}
        doc["policy"] = dict(policy.summary(), goals=1, accepted=1, floating_point_goals=0,
                             floating_point_goals_accepted=0, valid_not_accepted=0,
                             goals_valid_per_prover={"Z3": 1}, goals_on_a_single_prover=1)
        doc["goals"][0]["status"] = "valid"
    edit(os.path.join(ev, "why3.json"), why3)

    def wp(doc):
        doc["policy"] = dict(policy.summary(), counted="properties", properties=3,
                             properties_accepted=3, goals=3, not_accepted=[],
                             floating_point_properties=sum(g["fp"] for g in doc["goals"]),
                             valid_verdicts_per_prover={"Z3:4.8.12": 3},
                             properties_proved_by_a_single_prover=3,
                             conditional_properties=sum("conditional" in g for g in doc["goals"]))
    edit(os.path.join(ev, "wp-report.json"), wp)

    def smoke(doc):  # the shape sonnx_evidence.wp_evidence writes
        doc.update(tool="Frama-C/WP -wp-smoke-tests", meaning="a search", smoke_goals=4,
                   unreachable_found=0, functions=[{"function": "k", "smoke_goals": 4,
                                                    "unreachable_found": 0, "unreachable": []}])
    edit(os.path.join(ev, "wp-smoke.json"), smoke)
    r = subprocess.run([TRACE, "report", "--catalogue", "spec/requirements.json", "--source-root",
                        ".", "--evidence", "evidence", "--assumptions", "spec/assumptions.json",
                        "--provenance-script", os.path.join(PACKAGE, "evidence_provenance.py"),
                        "--allow-gaps", "--quiet"], cwd=src, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("the fixture's report failed:\n" + r.stdout + r.stderr)
    manifest(ev, src)
    return ev


def verify(ev, src=None, installed=False, package=PACKAGE):
    args = [TOOL, "verify-evidence", ev]
    if src:
        args += ["--sources", src, "--package", package]
    args += ["--installed"] if installed else []
    p = subprocess.run(args, capture_output=True, text=True, env=ENV, timeout=900)
    return p.returncode, p.stdout + p.stderr


def main():
    check = Checks("verify-evidence")
    with tempfile.TemporaryDirectory() as work:
        good = os.path.join(work, "good")
        shutil.copytree(os.path.join(ROOT, "traceability", "tests", "fixtures", "report"), good)
        shutil.rmtree(os.path.join(good, "expected"))
        ev = complete(good)
        rc, out = verify(ev, good)
        check(rc == 0 and "FAILED" not in out, "the bundle passes with its checkout", out)
        for what in ("manifest:", "verdicts:", "counts:", "tools:", "schemas:", "sources:",
                     "report:"):
            check(f"checked: {what}" in out, f"it says it checked {what[:-1]}", out)
        rc, out = verify(ev)
        check(rc == 0 and "not checked: sources:" in out and "not checked: report:" in out,
              "without the checkout it passes and lists what it could not check", out)
        rc, out = verify(ev, good, installed=True)
        check(rc == 0 and "tools installed here are those recorded" in out,
              "--installed: the tools installed here are those recorded", out)

        def planted(name, change, message, with_sources=True, remanifest=False, installed=False):
            case = os.path.join(work, name)
            shutil.copytree(good, case, symlinks=True)
            change(case, os.path.join(case, "evidence"))
            if remanifest:
                manifest(os.path.join(case, "evidence"), case)
            rc, out = verify(os.path.join(case, "evidence"), case if with_sources else None,
                             installed)
            check(rc == 1 and message in out, f"{name}: refused ({message})", out)

        planted("missing", lambda s, e: os.remove(os.path.join(e, "wp-smoke.json")),
                "FAILED: manifest: MISSING wp-smoke.json", with_sources=False)
        planted("altered", lambda s, e: open(os.path.join(e, "exhaustive-f16.json"), "a").write(
            " "), "FAILED: manifest: ALTERED exhaustive-f16.json", with_sources=False)
        planted("unlisted", lambda s, e: open(os.path.join(e, "notes.txt"), "w").write("x"),
                "FAILED: manifest: UNLISTED notes.txt", with_sources=False)
        planted("link", lambda s, e: os.symlink("why3.json", os.path.join(e, "why3-link.json")),
                "FAILED: manifest: SYMBOLIC LINK why3-link.json", with_sources=False)
        planted("no manifest", lambda s, e: os.remove(os.path.join(e, "manifest.json")),
                "FAILED: manifest: no readable manifest.json", with_sources=False)
        planted("why3 count", lambda s, e: edit(os.path.join(e, "why3.json"), lambda d: d[
            "summary"].update(proved=2)), "why3.json.summary.proved is 2", remanifest=True)
        planted("wp count", lambda s, e: edit(os.path.join(e, "wp-report.json"), lambda d: d[
            "policy"].update(goals=4)), "wp-report.json.policy.goals is 4", remanifest=True)
        planted("report count", lambda s, e: edit(os.path.join(e, "traceability.json"), lambda d: d[
            "summary"]["tests"].update(passed=3)), "traceability.json summary.tests is",
                remanifest=True)

        def z3_alone(doc):  # Z3 alone on a floating-point goal, recorded as accepted
            doc["goals"][0].update(fp=True, verdicts=[{"prover": "Z3", "result": "valid"}])
            doc["policy"].update(floating_point_goals=1, floating_point_goals_accepted=1)
        planted("policy", lambda s, e: edit(os.path.join(e, "why3.json"), z3_alone),
                "FAILED: verdicts: Why3", remanifest=True)
        planted("source", lambda s, e: open(os.path.join(s, "core", "src", "k.c"), "a").write(
            "\n"), "FAILED: sources: STALE")
        planted("tool", lambda s, e: edit(os.path.join(e, "why3.json"), lambda d: d[
            "versions"].update(z3="4.8.13")), "FAILED: tools: why3.json records z3 4.8.13",
                remanifest=True)
        planted("installed", lambda s, e: edit(os.path.join(e, "tool-versions.json"), lambda d:
                                               d.update({"g++": "g++ 1.0"})),
                "FAILED: tools: installed g++ is", remanifest=True, installed=True)
        # the evidence package without evidence/schema-names.json: the files' schemas cannot be
        # named, which fails rather than leaving the families' files unchecked
        package = os.path.join(work, "package")
        shutil.copytree(os.path.join(ROOT, "evidence"), package)
        os.remove(os.path.join(package, "schema-names.json"))
        rc, out = verify(ev, good, package=os.path.join(package, "sonnx_evidence"))
        check(rc == 1 and "schema-names.json is missing" in out,
              "no schema names: refused (schema-names.json is missing)", out)
    return check.status()


if __name__ == "__main__":
    sys.exit(main())
