#!/usr/bin/env python3
"""The WP smoke tests' checks (prove.sh --smoke; docs/what-we-prove.md, smoke tests).

  wp_smoke.py preconditions WORK
      the functions with a precondition, read from the proof passes' property reports
      (WORK/wp-properties-{main,checks,checked,fp}.csv), comma-separated on stdout
  wp_smoke.py generated WORK PRE SELECTED
      each selected function with a precondition (PRE, SELECTED: comma-separated) must show its
      precondition's smoke goal in a smoke pass's report (WORK/wp-report-smoke-<pass>.json): WP
      generates no smoke goal for a function it deems unselected; exit 1 if one has none, or if no
      selected function has a precondition (the check would then check nothing)
  wp_smoke.py planted WORK OUT STEPS TIMEOUT SECONDS INT_PROVER CVC4_V FP_PROVER CVC5_V LOW
      the planted inconsistencies of smoke_planted.c: each must be found by each smoke prover at
      the resource limit STEPS (WORK/wp-log-smoke-planted-<prover>.txt), the quantified one by the
      prover itself (not Qed); at the lower limit LOW (…-<prover>-low.txt) the quantified one must
      be missed and the others found (else the limit does not reach the prover). Writes OUT
      (wp-smoke-search.json); exit 1 if a check fails
  wp_smoke.py only REPORT LOG
      a smoke pass's report and log without its assigns goals (REPORT minus .json + -only.json,
      LOG minus .txt + -only.txt): the smoke passes' evidence is their smoke goals only

Its failures are shown on planted inputs by test_wp_smoke.py (CTest wp_smoke_checks)."""
import csv
import json
import re
import sys

from . import schema

PASSES = ("main", "checks", "checked", "fp")

# Each planted inconsistency of smoke_planted.c and the smoke goal that must fail on it (a smoke
# test "Failed" when its point was proved unreachable).
PLANTED = {"inconsistent precondition": "smoke_planted_dead_requires_wp_smoke_default_requires",
           "inconsistent quantified precondition (left to the prover by Qed)":
               "smoke_planted_quantified_wp_smoke_default_requires",
           "dead branch": "smoke_planted_dead_branch_wp_smoke_dead_code",
           "dead branch in a function without a precondition":
               "smoke_planted_noreq_branch_wp_smoke_dead_code",
           "inconsistent loop invariants": "smoke_planted_dead_loop_wp_smoke_dead_loop"}
# The quantified one counts only when the prover found it (the line after the verdict names it):
# Qed deciding it would not show the prover's search.
BY_PROVER = "smoke_planted_quantified_wp_smoke_default_requires"
QUANTIFIED = [k for k, g in PLANTED.items() if g == BY_PROVER][0]


def preconditions(work):
    pre = set()
    for name in PASSES:
        with open("%s/wp-properties-%s.csv" % (work, name), newline="", errors="replace") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                if row["property kind"] == "precondition" and \
                        not row["directory"].startswith("FRAMAC_SHARE"):
                    pre.add(row["function"])
    return sorted(pre)


def generated(work, pre, selected):
    """0 when every selected function with a precondition has its precondition's smoke goal"""
    pre = set(pre.split(",")) - {""}
    selected = set(selected.split(",")) - {""}
    found = set()
    for name in PASSES:
        with open("%s/wp-report-smoke-%s.json" % (work, name)) as f:
            report = json.load(f)
        for fn, goals in report.get("wp:functions", {}).items():
            if any(g.startswith(fn + "_wp_smoke_") and g.endswith("_requires") for g in goals):
                found.add(fn)
    missing = sorted((pre & selected) - found)
    for fn in missing:
        print("smoke: %s has a precondition but no precondition smoke goal: its smoke goals were "
              "not generated" % fn)
    print("smoke: %d functions with a precondition, smoke goals generated for %d" % (
        len(pre & selected), len((pre & selected) & found)))
    return 1 if missing or not (pre & selected) else 0


def hits(text):
    return {kind: bool(re.search(r"\[wp\] \[Failed\] Smoke-test typed_%s%s" % (
                goal, r"\s*\n\s*CVC[45][^\n]*: Valid" if goal == BY_PROVER else ""), text))
            for kind, goal in PLANTED.items()}


def planted(work, out, steps, timeout, seconds, int_prover, cvc4, fp_prover, cvc5, low):
    """0 when each prover finds every planted case at the limit and misses the quantified one
    below it"""
    cvc4, cvc5 = (re.sub(r"^This is (\w+) version ", r"\1 ", v) for v in (cvc4, cvc5))
    found, limit_applied, ok = {}, {}, True
    for prover, label in ((int_prover, cvc4),
                          (fp_prover, cvc5 + " on Why3's axiomatisation of floats")):
        with open("%s/wp-log-smoke-planted-%s.txt" % (work, prover), errors="replace") as f:
            found[label] = hits(f.read())
        for kind, hit in found[label].items():
            ok = ok and hit
            print("smoke self-check: %s: planted %s %s" % (label, kind,
                                                            "found" if hit else "NOT FOUND"))
        # The same file with the lower limit: the quantified one must be missed (else the limit
        # did not reach the prover), the others still found.
        with open("%s/wp-log-smoke-planted-%s-low.txt" % (work, prover), errors="replace") as f:
            low_hits = hits(f.read())
        applied = not low_hits[QUANTIFIED] and \
            all(h for k, h in low_hits.items() if k != QUANTIFIED)
        limit_applied[label] = applied
        ok = ok and applied
        print("smoke self-check: %s: at %s units the quantified one is %s" % (
            label, low, "missed: the limit reaches the prover" if applied else
            "FOUND (or another is missed): the resource limit is not applied as configured"))
    doc = {"ok": ok, "what": "WP smoke tests: every smoke goal tried once, by one prover per pass, "
                       "within the resource limit (the provers' --rlimit); first the planted "
                       "inconsistencies of smoke_planted.c, with each prover",
               "provers": {"integer passes (main, checks, checked)": cvc4,
                           "floating-point pass": cvc5 +
                           " on Why3's axiomatisation of floats"},
               "resource_limit": int(steps),
               "timeout_s": int(timeout),
               "timeout_meaning": "a backstop for a prover that would not stop by itself; the "
                                  "resource limit bounds the search",
               "seconds": int(seconds), "planted_found": found,
               "lower_limit": int(low),
               "limit_applied": limit_applied,
               "limit_applied_meaning": "at the lower limit the prover missed the quantified "
                                        "planted inconsistency and found the others: the "
                                        "limit reaches it"}
    schema.write(out, doc, name="wp-smoke-search")
    print("prove.sh: smoke tests in %s s" % seconds)
    return 0 if ok else 1


def only(report, log):
    with open(report) as f:
        data = json.load(f)
    data["wp:global"] = {}  # prover statistics: those of the proof passes count
    for goals in data.get("wp:functions", {}).values():
        for goal in [g for g in goals if g != "wp:section" and "_wp_smoke_" not in g]:
            del goals[goal]
    with open(report[:-5] + "-only.json", "w") as f:
        json.dump(data, f)
    with open(log, errors="replace") as f:
        lines = f.read().splitlines(True)
    with open(log[:-4] + "-only.txt", "w") as f:
        f.writelines(line for line in lines if "] Goal typed_" not in line)
    return 0


def main(argv):
    usage = __doc__.split("\n\n")[1]
    commands = {"preconditions": (1, lambda a: print(",".join(preconditions(*a))) or 0),
                "generated": (3, lambda a: generated(*a)),
                "planted": (10, lambda a: planted(*a)),
                "only": (2, lambda a: only(*a))}
    if len(argv) < 2 or argv[1] not in commands or len(argv) - 2 != commands[argv[1]][0]:
        print(usage, file=sys.stderr)
        return 2
    return commands[argv[1]][1](argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
