#!/usr/bin/env python3
"""Regression test of wp_smoke.py (CTest wp_smoke_checks), on hand-made smoke-pass output.

The clean inputs must be accepted; each planted fault must be refused:
- `generated`: a selected function with a precondition whose smoke goals WP did not generate
  (absent from every smoke report, or present with other goals but without its precondition's
  smoke goal), and a selection with no function with a precondition (the check would check
  nothing);
- `planted`: a planted inconsistency a prover did not flag; the quantified one decided by Qed
  instead of the prover (it would not show the prover's search); the quantified one flagged at
  the lower resource limit (the limit did not reach the prover); another one missed at the lower
  limit.
Also: `preconditions` reads the property reports' precondition rows of the project's functions
(not Frama-C's library, not other kinds), and `only` keeps a smoke pass's smoke goals alone.
These checks were shown failing on planted logs by hand when they were written; this test keeps
them failing."""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PASSES = ("main", "checks", "checked", "fp")

# Each planted smoke goal as WP 25 prints it when the goal "Failed" (its point proved unreachable),
# with the verdict line after it: Qed's, or the prover's for the quantified one.
FLAGGED = {
    "dead_requires": ("smoke_planted_dead_requires_wp_smoke_default_requires", "Qed: Valid"),
    "quantified": ("smoke_planted_quantified_wp_smoke_default_requires",
                   "CVC4 1.8: Valid (Qed:0.91ms) (30ms) (14297)"),
    "dead_branch": ("smoke_planted_dead_branch_wp_smoke_dead_code_s10", "Qed: Valid (0.56ms)"),
    "noreq_branch": ("smoke_planted_noreq_branch_wp_smoke_dead_code_s31", "Qed: Valid"),
    "dead_loop": ("smoke_planted_dead_loop_wp_smoke_dead_loop_s18", "Qed: Valid"),
}


def planted_log(flagged, quantified_by="CVC4 1.8"):
    """a planted run's log in which the cases named in `flagged` failed as smoke tests (found)"""
    lines = ["[kernel] Parsing smoke_planted.c (with preprocessing)", "[wp] 12 goals scheduled"]
    for case, (goal, verdict) in FLAGGED.items():
        if case in flagged:
            if case == "quantified":
                verdict = verdict.replace("CVC4 1.8", quantified_by) if quantified_by != "Qed" \
                    else "Qed: Valid"
            lines += ["[wp] [Failed] Smoke-test typed_%s" % goal, "       " + verdict,
                      "       (smoke test: the point is unreachable)"]
        else:
            lines.append("[wp] [Passed] Smoke-test typed_%s" % goal)
    lines.append("[wp] Proved goals:    2 / 12")
    return "\n".join(lines) + "\n"


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def make_work(work, faults=()):
    header = "directory\tfile\tline\tfunction\tproperty kind\tstatus\tproperty"
    rows = {
        "main": ["FRAMAC_SHARE/libc\tstring.h\t55\tmemcmp\tprecondition\tIgnored\tvalid_s1",
                 "core/src/div\tdiv_kernels.c\t10\tsonnx_div_i8\tprecondition\tValid\tC1_valid_a",
                 "core/src/div\tdiv_kernels.c\t12\tsonnx_div_i8\tpostcondition\tValid\tD5",
                 "core/src/div\tdiv_kernels.c\t40\tsonnx_helper\tpostcondition\tValid\tE"],
        "checks": ["core/src/div\tdiv_domain.c\t50\tsonnx_div_domain_scan_i8\tprecondition\tValid\tC1"],
        "checked": [],
        "fp": ["core/src/common\tsonnx_float_formats.c\t9\tsonnx_div_f16\tprecondition\tValid\tC1"],
    }
    for name in PASSES:
        write("%s/wp-properties-%s.csv" % (work, name), "\n".join([header] + rows[name]) + "\n")
    smoke = {"main": {"sonnx_div_i8": ["sonnx_div_i8_wp_smoke_default_requires",
                                       "sonnx_div_i8_wp_smoke_dead_code_s3",
                                       "sonnx_div_i8_assigns"],
                      "sonnx_helper": ["sonnx_helper_wp_smoke_dead_code_s7"]},
             "checks": {"sonnx_div_domain_scan_i8":
                        ["sonnx_div_domain_scan_i8_wp_smoke_default_requires"]},
             "checked": {},
             "fp": {"sonnx_div_f16": ["sonnx_div_f16_wp_smoke_default_requires"]}}
    if "not_generated" in faults:
        del smoke["checks"]["sonnx_div_domain_scan_i8"]
    if "no_requires" in faults:  # in the report with other goals, its precondition's one missing
        smoke["main"]["sonnx_div_i8"].remove("sonnx_div_i8_wp_smoke_default_requires")
    for name in PASSES:
        report = {"wp:global": {"cvc4": {"total": 3}}, "wp:functions": {
            fn: dict({g: {"wp:main": {"total": 1}} for g in goals},
                     **{"wp:section": "s"}) for fn, goals in smoke[name].items()}}
        write("%s/wp-report-smoke-%s.json" % (work, name), json.dumps(report))
        write("%s/wp-log-smoke-%s.txt" % (work, name),
              "[wp] [Passed] Smoke-test typed_x_wp_smoke_dead_code_s1\n"
              "[wp] [Valid] Goal typed_x_assigns (Qed)\n")
    every = set(FLAGGED)
    for prover in ("cvc4", "cvc5"):
        found = every - {"dead_loop"} if "missed_" + prover in faults else every
        by = "Qed" if "qed_" + prover in faults else \
            ("CVC4 1.8" if prover == "cvc4" else "CVC5 1.0.3")
        write("%s/wp-log-smoke-planted-%s.txt" % (work, prover), planted_log(found, by))
        low = every - {"quantified"}
        if "low_finds_quantified_" + prover in faults:
            low = every
        if "low_misses_other_" + prover in faults:
            low = low - {"dead_branch"}
        write("%s/wp-log-smoke-planted-%s-low.txt" % (work, prover), planted_log(low, by))


def run(*args):
    return subprocess.run([sys.executable, "-m", "sonnx_evidence.wp_smoke"] + list(args),
                          capture_output=True, text=True)


SELECTED = "sonnx_div_i8,sonnx_helper,sonnx_div_domain_scan_i8,sonnx_div_f16"


def planted(work):
    return run("planted", work, work + "/search.json", "15000", "10", "0", "cvc4",
               "This is cvc4 version 1.8", "cvc5", "This is cvc5 version 1.0.3", "10000")


def main():
    failures = []

    def expect(what, result, status, text=None, exact=False):
        if result.returncode != status or (text is not None and (
                result.stdout != text if exact else text not in result.stdout)):
            failures.append("%s: exit %d (expected %d)\n%s%s" % (
                what, result.returncode, status, result.stdout, result.stderr))
        else:
            print("ok: %s (exit %d)" % (what, status))

    with tempfile.TemporaryDirectory() as work:
        make_work(work)
        pre = run("preconditions", work)
        expect("preconditions: the project's functions with a precondition row", pre, 0,
               "sonnx_div_domain_scan_i8,sonnx_div_f16,sonnx_div_i8\n", exact=True)
        expect("generated: clean", run("generated", work, pre.stdout.strip(), SELECTED), 0,
               "3 functions with a precondition, smoke goals generated for 3")
        expect("generated: no selected function with a precondition",
               run("generated", work, pre.stdout.strip(), "sonnx_helper"), 1)
        result = planted(work)
        expect("planted: clean", result, 0)
        with open(work + "/search.json") as f:
            search = json.load(f)
        if not all(search["limit_applied"].values()) or \
                not all(all(v.values()) for v in search["planted_found"].values()):
            failures.append("planted: clean: the search record does not say found and applied")
        expect("only: clean", run("only", work + "/wp-report-smoke-main.json",
                                  work + "/wp-log-smoke-main.txt"), 0)
        with open(work + "/wp-report-smoke-main-only.json") as f:
            only = json.load(f)
        kept = only["wp:functions"]["sonnx_div_i8"]
        with open(work + "/wp-log-smoke-main-only.txt") as f:
            log = f.read()
        if "sonnx_div_i8_assigns" in kept or "sonnx_div_i8_wp_smoke_dead_code_s3" not in kept \
                or "] Goal typed_" in log or "Smoke-test" not in log or only["wp:global"]:
            failures.append("only: the assigns goal or the prover statistics are kept, or a smoke "
                            "goal is dropped")

    for fault, command, what in [
            ("not_generated", "generated", "a function with a precondition without smoke goals"),
            ("no_requires", "generated",
             "a function with a precondition without its precondition's smoke goal"),
            ("missed_cvc4", "planted", "CVC4 misses a planted inconsistency"),
            ("missed_cvc5", "planted", "CVC5 misses a planted inconsistency"),
            ("qed_cvc4", "planted", "Qed, not CVC4, decides the quantified one"),
            ("qed_cvc5", "planted", "Qed, not CVC5, decides the quantified one"),
            ("low_finds_quantified_cvc4", "planted", "CVC4 finds it below the limit"),
            ("low_finds_quantified_cvc5", "planted", "CVC5 finds it below the limit"),
            ("low_misses_other_cvc4", "planted", "CVC4 misses another one below the limit")]:
        with tempfile.TemporaryDirectory() as work:
            make_work(work, {fault})
            if command == "generated":
                pre = run("preconditions", work).stdout.strip()
                result = run("generated", work, pre, SELECTED)
            else:
                result = planted(work)
            expect("refused: " + what, result, 1)

    expect("usage", run("planted", "x"), 2)
    for failure in failures:
        print("FAILED: " + failure)
    print("wp_smoke checks: %d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
