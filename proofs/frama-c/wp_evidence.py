#!/usr/bin/env python3
"""Joins the WP passes of prove.sh into the evidence files and applies the prover policy.

usage: wp_evidence.py OUT_DIR FP_FUNCTIONS PASS...
  PASS is NAME:REPORT_JSON:LOG:CSV of one Frama-C process (the report, console log and property CSV
  it wrote); FP_FUNCTIONS is the comma-separated list of functions whose goals are floating-point.
Writes OUT_DIR/wp-report.json (WP's own report of every pass, merged, plus "goals": every goal with
each prover's verdict and whether the policy accepts it, and a "policy" summary), wp-log.txt,
wp-properties.csv and, when the passes ran smoke tests, wp-smoke.json (smoke tests are not proof
goals: they are kept out of the report's goals).
Policy: a floating-point goal counts only with a valid verdict from a prover other than Z3 (Z3 4.8.12
proves a false floating-point lemma, docs/assumptions.md AS-TOOL-1); any goal needs a valid verdict.
Exit status 1 if a goal is not accepted or a smoke test found an unreachable point."""
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from verdict_counts import verdict_counts  # noqa: E402

SMOKE = "_wp_smoke_"
COUNTS = ("total", "rank")


def is_z3(prover):
    return "z3" in prover.lower()


def merge_counts(into, stats):
    for prover, res in stats.items():
        slot = into.setdefault(prover, {})
        for key, value in res.items():
            if key != "rank":
                slot[key] = slot.get(key, 0) + value


def verdicts_of(by_prover):
    out = []
    for prover, res in sorted(by_prover.items()):
        if prover.startswith("wp:"):
            continue
        if res.get("valid", 0) > 0:
            result = "valid"
        else:
            result = next((k for k in sorted(res) if k not in COUNTS and k != "valid"), "tried")
        out.append({"prover": prover, "result": result})
    return out


def smoke_verdicts(log):
    """Smoke-test name -> True when passed (no proof that the point is unreachable)."""
    out = {}
    for m in re.finditer(r"\[wp\] \[(\w+)\] Smoke-test typed_div_element_(\w+)", log):
        out[m.group(2)] = m.group(1) == "Passed"
    return out


def smoke_passed(passed, goal):
    """The log's verdict on a smoke goal. WP's log cuts long goal names short, so a name of the
    log that is a prefix of the goal's stands for it (the longest such name)."""
    if goal in passed:
        return passed[goal]
    names = [name for name in passed if goal.startswith(name)]
    return passed[max(names, key=len)] if names else False


def csv_records(lines):
    """The property rows of a -report-csv file; a property text may run over several lines."""
    records = []
    for line in lines:
        if line.count("\t") >= 6 or not records:
            records.append(line)
        else:
            records[-1] += "\n" + line
    return records


def merge_properties(records):
    """One row per property over the passes. Each pass lists every property of the files, the
    other passes' functions as Ignored (not tried there): keep the status of the pass that tried it."""
    merged, order = {}, []
    for record in records:
        cols = record.split("\t")
        key = tuple(cols[:5] + cols[6:])
        if key not in merged:
            order.append(key)
            merged[key] = record
        elif merged[key].split("\t")[5] == "Ignored":
            merged[key] = record
    return [merged[k] for k in order]


def main():
    out_dir, fp_list = sys.argv[1], set(sys.argv[2].split(","))
    merged = {"wp:global": {}, "wp:functions": {}}
    goals, logs, csv_rows, csv_header = [], [], [], None
    smoke = {}
    for spec in sys.argv[3:]:
        name, report_path, log_path, csv_path = spec.split(":")
        report = json.load(open(report_path))
        log = open(log_path, errors="replace").read()
        logs.append("==== WP pass: %s\n%s" % (name, log))
        passed = smoke_verdicts(log)
        for fn, fn_goals in report.get("wp:functions", {}).items():
            for goal, by_prover in fn_goals.items():
                if goal == "wp:section":
                    continue
                if SMOKE in goal:
                    entry = smoke.setdefault(fn, {"function": fn, "smoke_goals": 0,
                                                  "unreachable_found": 0, "unreachable": []})
                    entry["smoke_goals"] += 1
                    if not smoke_passed(passed, goal):
                        entry["unreachable_found"] += 1
                        entry["unreachable"].append(goal)
                    continue
                merged["wp:functions"].setdefault(fn, {})[goal] = by_prover
                main_res = by_prover.get("wp:main", {})
                proved = main_res.get("total", 0) > 0 and main_res.get("valid", 0) == main_res["total"]
                verdicts = verdicts_of(by_prover)
                fp = fn in fp_list
                # a script's verdict is that of the provers it ran (listed too): not a prover of its own
                non_z3 = [v for v in verdicts if v["result"] == "valid" and not is_z3(v["prover"])
                          and (v["prover"] != "script" or not fp)]
                valid = [v for v in verdicts if v["result"] == "valid"]
                accepted = proved and (bool(non_z3) or (not fp and bool(valid)))
                goals.append({"goal": goal, "function": fn, "pass": name,
                              "obligations": main_res.get("total", 0),
                              "status": "valid" if proved else "not proved", "fp": fp,
                              "verdicts": verdicts, "accepted": accepted})
        merge_counts(merged["wp:global"], report.get("wp:global", {}))
        with open(csv_path) as f:
            lines = f.read().splitlines()
        if lines:
            csv_header = csv_header or lines[0]
            csv_rows.extend(csv_records(lines[1:]))
    per_prover, single = verdict_counts(goals)
    fp_goals = [g for g in goals if g["fp"]]
    fp_z3_alone = [g["goal"] for g in fp_goals if g["status"] == "valid" and not any(
        v["result"] == "valid" and not is_z3(v["prover"]) for v in g["verdicts"])]
    rejected = [g["goal"] for g in goals if not g["accepted"]]
    merged["goals"] = goals
    merged["policy"] = {
        "rule": "a floating-point goal needs a valid verdict from a prover other than Z3 4.8.12 "
                "(its functions are proved without Z3); every goal needs a valid verdict",
        "properties": len(goals), "goals": sum(g["obligations"] for g in goals),
        "note": "WP reports per property (an ACSL clause, RTE assertion or loop invariant part); a "
                "property may hold several goals. Counts below are per property.",
        "accepted": len(goals) - len(rejected), "not_accepted": rejected,
        "floating_point_goals": len(fp_goals), "floating_point_goals_on_z3_alone": len(fp_z3_alone),
        "valid_verdicts_per_prover": per_prover, "goals_proved_by_a_single_prover": single,
    }
    json.dump(merged, open(out_dir + "/wp-report.json", "w"), indent=1)
    open(out_dir + "/wp-log.txt", "w").write("\n".join(logs))
    open(out_dir + "/wp-properties.csv", "w").write(
        "\n".join([csv_header or ""] + merge_properties(csv_rows)) + "\n")
    smoke_list = sorted(smoke.values(), key=lambda e: e["function"])
    if not smoke_list and os.path.exists(out_dir + "/wp-smoke.json"):
        os.remove(out_dir + "/wp-smoke.json")  # from an earlier run: not about these sources
    if smoke_list:
        json.dump({"tool": "Frama-C/WP -wp-smoke-tests",
                   "meaning": "a smoke goal asks the provers to prove a point unreachable (a precondition, "
                              "loop or branch that no execution can reach); a proof would make the function's "
                              "other goals vacuous. A passed smoke test only means no prover found such a "
                              "proof within the smoke timeout: it is a search, not evidence of consistency.",
                   "smoke_goals": sum(e["smoke_goals"] for e in smoke_list),
                   "unreachable_found": sum(e["unreachable_found"] for e in smoke_list),
                   "functions": smoke_list}, open(out_dir + "/wp-smoke.json", "w"), indent=1)
    print("prover policy: %d/%d WP properties (%d goals) accepted; "
          "%d floating-point, %d on Z3 alone; %d proved by a single prover; "
          "valid verdicts per prover: %s" % (
              len(goals) - len(rejected), len(goals), sum(g["obligations"] for g in goals),
              len(fp_goals), len(fp_z3_alone), single,
              ", ".join("%s %d" % kv for kv in sorted(per_prover.items()))))
    unreachable = sum(e["unreachable_found"] for e in smoke_list)
    if smoke_list:
        print("smoke tests: %d goals in %d functions, %d unreachable points found" % (
            sum(e["smoke_goals"] for e in smoke_list), len(smoke_list), unreachable))
    for g in rejected:
        print("  not accepted: " + g)
    return 0 if not rejected and not unreachable else 1


if __name__ == "__main__":
    sys.exit(main())
