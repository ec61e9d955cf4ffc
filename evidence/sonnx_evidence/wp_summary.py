#!/usr/bin/env python3
"""Per-function summary of a WP run (called by prove.sh).

usage: wp_summary.py LOG REPORT_JSON WALL_SECONDS FRAMA_C_EXIT TOOL_VERSIONS
Prints goals proved/total, the provers that proved them and the summed prover time, per function;
exits 1 if any goal is not proved, if Frama-C failed, or if an expected function has no goals."""
import json
import os
import re
import sys

EXPECTED = [
    "sonnx_div_f16", "sonnx_div_bf16", "sonnx_div_f32", "sonnx_div_f64",
    "sonnx_div_i8", "sonnx_div_i16", "sonnx_div_i32", "sonnx_div_i64",
    "sonnx_div_u8", "sonnx_div_u16", "sonnx_div_u32", "sonnx_div_u64",
    "sonnx_div_binary16_element", "sonnx_div_bfloat16_element",
    "sonnx_div_binary32_element", "sonnx_div_binary64_element",
    "sonnx_binary16_to_binary32", "sonnx_binary32_to_binary16",
    "sonnx_bfloat16_to_binary32", "sonnx_binary32_to_bfloat16", "shift_right_rne",
    "sonnx_check_shape", "sonnx_check_buffers", "same_or_disjoint",
] + ["sonnx_div_domain%s_%s" % (kind, t) for t in ("i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64")
     for kind in ("_scan", "")]


def seconds(text):
    m = re.fullmatch(r"([0-9.]+)(ms|s)", text)
    if not m:
        return 0.0
    return float(m.group(1)) / (1000.0 if m.group(2) == "ms" else 1.0)


def owner(goal, functions):
    """The function a console goal name belongs to (longest function-name prefix)."""
    best = None
    for fn in functions:
        if goal.startswith(fn + "_") and (best is None or len(fn) > len(best)):
            best = fn
    return best


def main():
    log_path, report_path, wall, rc, versions = sys.argv[1:6]
    log = open(log_path, errors="replace").read()
    try:
        report = json.load(open(report_path))
    except (OSError, ValueError) as err:
        print("no WP report (%s); Frama-C exit %s; see %s" % (err, rc, log_path))
        return 1
    functions = report.get("wp:functions", {})
    # prover time per goal from the console ("... : Valid (Qed:12ms) (1.2s) (steps)")
    goal_time = {}
    for m in re.finditer(r"\[wp\] \[[^\]]+\] Goal typed_div_element_(\w+) : (\w+)(.*)", log):
        times = re.findall(r"\(([0-9.]+(?:ms|s))\)", m.group(3))
        goal_time[m.group(1)] = goal_time.get(m.group(1), 0.0) + sum(seconds(t) for t in times)
    ok = rc == "0"
    print("Frama-C/WP proof of the Div kernels (%s)" % versions)
    print("%-28s %9s  %-7s  %-38s" % ("function", "proved", "time(s)", "provers"))
    tot_v = tot_t = 0
    for fn in EXPECTED + sorted(set(functions) - set(EXPECTED)):
        goals = functions.get(fn, {})
        valid = total = 0
        provers = set()
        for goal, by_prover in goals.items():
            if goal.startswith("wp:"):
                continue
            main = by_prover.get("wp:main", {})
            valid += main.get("valid", 0)
            total += main.get("total", 0)
            for prover, res in by_prover.items():
                if prover != "wp:main" and res.get("valid", 0) > 0:
                    provers.add(prover)
        t = sum(v for k, v in goal_time.items() if owner(k, functions) == fn)
        if total == 0 or valid != total:
            ok = False
        tot_v += valid
        tot_t += total
        flag = "" if total and valid == total else "   <-- NOT PROVED"
        print("%-28s %4d/%-4d  %7.1f  %-38s%s" % (fn, valid, total, t, ",".join(sorted(provers)), flag))
    par = os.environ.get("SONNX_WP_PAR", "?")
    print("%-28s %4d/%-4d  wall %ss, -wp-par %s per pass" % ("TOTAL", tot_v, tot_t, wall, par))
    if rc != "0":
        print("Frama-C exited with status %s" % rc)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
