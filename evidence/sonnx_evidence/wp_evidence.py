#!/usr/bin/env python3
"""Joins the WP passes of prove.sh into the evidence files and checks them: enumeration, prover
policy, axioms, conditional verdicts.

usage: wp_evidence.py OUT_DIR PASS...
  PASS is NAME:WORK:FUNCTIONS:PROVERS for one Frama-C process: its files are
  WORK/wp-report-NAME.json, wp-log-NAME.txt, wp-properties-NAME.csv (WP's report, console log and
  property CSV), tasks-NAME/ (the task of every goal sent to a prover, printed by the pseudo-prover
  TaskPrint) and callgraph-NAME.dot; FUNCTIONS (comma-separated) are the functions it proves,
  PROVERS its -wp-prover.
Writes OUT_DIR/wp-report.json (WP's own report of every pass, merged, plus "goals": every property
with each prover's verdict, its floating-point class, whether the policy accepts it and whether it
is conditional; "policy", "enumeration", "axioms"), wp-log.txt, wp-properties.csv and, when the
passes ran smoke tests, wp-smoke.json (smoke tests are not proof goals).
Checks, each of which makes the exit status 1:
- enumeration: every property Frama-C reports for the proved functions (the CSV of every pass) is
  proved by WP, or excluded by a register row that names it (spec/assumptions.json, wp_excluded);
  every precondition of a proved function is proved at each of its calls in the C-subset files
  (the caller's goal <function>_requires_<label> is valid, for every caller in the call graph), or
  a register row names it as what the C++ caller establishes (wp_assumed); every proved function
  has properties in WP's report and every printed task belongs to one;
- policy (proofs/prover-policy.json): a property is floating-point when one of its goals' printed
  tasks is (sonnx_evidence.why3_tasks, the rule of the Why3 gate); a floating-point property is accepted
  when its pass has no prover that is not trusted alone on floating point, or when one trusted
  prover, or provers of two families, proved every one of its goals;
- axioms: every axiom in the logical context of every printed task matches the register (library
  theories of Why3 and Frama-C/WP by row, the theories WP generates from the ACSL by axiom).
A property of a function that calls, directly or not, a function whose excluded property it may use
is conditional on that property's register row (the call graph of Frama-C's callgraph plug-in)."""
import glob
import json
import os
import re
import subprocess
import sys

from . import policy, schema, why3_axioms, why3_tasks, wp_register
from .verdict_counts import verdict_counts

SMOKE = "_wp_smoke_"
COUNTS = ("total", "rank")


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


def goal_property(goal, properties):
    """the property (WP report key) a goal of a task file belongs to. A goal extends its property's
    name (_part2, _established, ...); WP cuts long goal names short in file names (the label
    shortened, the suffix kept), and names a call-site goal <caller>_call_<callee>_requires_<label>
    where its property is <callee>_requires_<label> (at the n-th call of the same callee,
    <caller>_call_<callee>_<n>_requires_<label> and <callee>_requires_<label>_<n>): the one
    property that fits, else None"""
    best = None
    for name in properties:
        fits = goal == name or goal.startswith(name + "_")
        if fits and (best is None or len(name) > len(best)):
            best = name
    if best is not None:
        return best
    stem = re.sub(r"(_part\d+|_established|_preserved|_exit|_normal|_positive|_decrease)+$", "",
                  goal)
    callee = stem.split("_call_", 1)[-1]
    # the n-th call of one callee in one caller: goal <caller>_call_<callee>_<n>_requires_<label>,
    # property <callee>_requires_<label>_<n>
    nth_call = re.sub(r"^(.*)_(\d+)_requires_(.*)$", r"\1_requires_\3_\2", callee)
    for s in (stem, callee, nth_call):
        # the number of a second clause of the same label follows the shortened label
        m = re.fullmatch(r"(.*)_(\d+)", s)
        head, index = (m.group(1), "_" + m.group(2)) if m else (s, "")
        fits = [name for name in properties if name.startswith(s)]
        if len(fits) != 1:
            fits = [name for name in properties if name.startswith(head) and
                    (name.endswith(index) if index else not re.search(r"_\d+$", name))]
        if len(fits) == 1:
            return fits[0]
    return None


def direct_callers(dot_files):
    """{function: the functions that call it} from the callgraph plug-in (-cg-no-services: one
    edge `caller -> callee;` per call relation)"""
    edges = {}
    for path in dot_files:
        text = open(path, errors="replace").read()
        for caller, callee in re.findall(r"^\s*(\w+) -> (\w+);", text, re.M):
            edges.setdefault(callee, set()).add(caller)
    return edges


def callers(dot_files):
    """{function: the functions that call it, directly or not} from the callgraph plug-in"""
    edges = direct_callers(dot_files)
    out = {}
    for f in edges:
        seen, todo = set(), list(edges[f])
        while todo:
            g = todo.pop()
            if g not in seen:
                seen.add(g)
                todo += list(edges.get(g, ()))
        out[f] = seen
    return out


def pass_untrusted(provers):
    """the provers of a portfolio that are not trusted alone on floating point"""
    return policy.untrusted(provers.split(","))


def accepted(proved, fp, by_prover, obligations, untrusted_in_pass):
    """the prover policy on one WP property (policy.accepted_wp)"""
    return policy.accepted_wp(proved, fp, by_prover, obligations, untrusted_in_pass)


def read_register(key):
    """the entries of `key` (wp_excluded, wp_assumed) of every register row, with the row's ID:
    each a function and a clause's text (wp_register), families expanded"""
    return wp_register.entries(key, why3_tasks.REGISTER)


def main():
    out_dir, passes = sys.argv[1], [spec.split(":") for spec in sys.argv[2:]]
    merged = {"wp:global": {}, "wp:functions": {}}
    goals, logs, csv_rows, csv_header, problems = [], [], [], None, []
    smoke, proved_functions, tasks, dots = {}, set(), {}, []
    exclusions = read_register("wp_excluded")
    for name, work, functions, provers in passes:
        report = json.load(open(f"{work}/wp-report-{name}.json"))
        log = open(f"{work}/wp-log-{name}.txt", errors="replace").read()
        logs.append("==== WP pass: %s\n%s" % (name, log))
        proved_functions |= set(functions.split(","))
        dots += glob.glob(f"{work}/callgraph-{name}.dot")
        passed = smoke_verdicts(log)
        properties = {fn: {g: v for g, v in fg.items() if g != "wp:section" and SMOKE not in g}
                      for fn, fg in report.get("wp:functions", {}).items()}
        every = {g for fg in properties.values() for g in fg}
        # the printed task of every goal WP sent to a prover
        for path in glob.glob(f"{work}/tasks-{name}/*/*_Why3_TaskPrint_1.why"):
            goal = os.path.basename(path)[:-len("_Why3_TaskPrint_1.why")]
            prop = goal_property(goal, every)
            if prop is None:
                problems.append(f"TASK WITHOUT A PROPERTY: {name} pass, {goal}")
                continue
            tasks.setdefault((name, prop), []).append(why3_tasks.Task(path))
        untrusted = pass_untrusted(provers)
        # the sub-goals of WP's tactics (committed tactic scripts): WP names their tasks after the
        # function only, and sends them to the provers the script names; a floating-point one
        # that a prover not trusted alone may have proved cannot be shown acceptable
        for path in glob.glob(f"{work}/tasks-{name}/*/Wp_Tactical_*_Why3_*.why"):
            prover = policy.prover_name(re.sub(r"_(\d+)_(\d+)_(\d+)", r" \1.\2.\3",
                                               path.rsplit("_Why3_", 1)[1][:-4]).replace("_", " "))
            alone = policy.trusted_alone(prover or "")
            if why3_tasks.smt_floating_point(path) and untrusted and not alone:
                problems.append(f"FLOATING-POINT TACTIC SUB-GOAL {os.path.basename(path)} sent to "
                                f"a prover not trusted alone ({name} pass)")
        for fn, fn_goals in report.get("wp:functions", {}).items():
            if fn not in proved_functions:
                problems.append(f"PROPERTIES OF A FUNCTION NO PASS PROVES: {fn} ({name} pass)")
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
                total = main_res.get("total", 0)
                proved = total > 0 and main_res.get("valid", 0) == total
                verdicts = verdicts_of(by_prover)
                printed = tasks.get((name, goal), [])
                reasons = sorted({r for t in printed
                                  for r in why3_tasks.floating_point(t, policy.POLICY)})
                needs_task = any(policy.prover_name(v["prover"]) not in (None, "Qed")
                                 for v in verdicts if v["result"] == "valid")
                if needs_task and not printed and "taskprint" in provers.split(","):
                    reasons = ["no printed task"]  # kept as floating-point, the stricter rule
                fp = bool(reasons)
                goals.append({"goal": goal, "function": fn, "pass": name, "obligations": total,
                              "status": "valid" if proved else "not proved", "fp": fp,
                              "fp_reasons": reasons[:3], "tasks": len(printed),
                              "verdicts": verdicts,
                              "accepted": accepted(proved, fp, by_prover, total, untrusted)})
        merge_counts(merged["wp:global"], report.get("wp:global", {}))
        with open(f"{work}/wp-properties-{name}.csv") as f:
            lines = f.read().splitlines()
        if lines:
            csv_header = csv_header or lines[0]
            csv_rows.extend(csv_records(lines[1:]))
    properties_csv = merge_properties(csv_rows)
    enumeration = enumerate_properties(properties_csv, proved_functions, goals, exclusions,
                                       problems)
    enumeration["preconditions"] = preconditions(properties_csv, proved_functions, goals,
                                                 read_register("wp_assumed"),
                                                 direct_callers(dots), problems)
    conditional(goals, exclusions, callers(dots))
    axioms = scan_axioms(tasks, goals, problems)
    per_prover, single = verdict_counts(goals)
    fp_goals = [g for g in goals if g["fp"]]
    rejected = [g["goal"] for g in goals if not g["accepted"]]
    merged["goals"] = goals
    merged["policy"] = dict(policy.summary(), **{
        "counted": "WP's report counts per property (an ACSL clause, RTE assertion or loop "
                   "invariant): a property holds one or more goals (proof obligations)",
        "properties": len(goals), "goals": sum(g["obligations"] for g in goals),
        "properties_accepted": len(goals) - len(rejected), "not_accepted": rejected,
        "floating_point_properties": len(fp_goals),
        "valid_verdicts_per_prover": per_prover, "properties_proved_by_a_single_prover": single,
        "conditional_properties": sum(1 for g in goals if g.get("conditional"))})
    merged["passes"] = {name: provers.split(",") for name, _, _, provers in passes}
    merged["enumeration"] = enumeration
    merged["axioms"] = axioms
    merged["problems"] = problems
    schema.write(out_dir + "/wp-report.json", merged)
    open(out_dir + "/wp-log.txt", "w").write("\n".join(logs))
    open(out_dir + "/wp-properties.csv", "w").write(
        "\n".join([csv_header or ""] + properties_csv) + "\n")
    smoke_list = sorted(smoke.values(), key=lambda e: e["function"])
    if not smoke_list and os.path.exists(out_dir + "/wp-smoke.json"):
        os.remove(out_dir + "/wp-smoke.json")  # from an earlier run: not about these sources
    if smoke_list:
        schema.write(out_dir + "/wp-smoke.json", {"tool": "Frama-C/WP -wp-smoke-tests",
                   "meaning": "a smoke goal asks the provers to prove a point unreachable (a precondition, "
                              "loop or branch that no execution can reach); a proof would make the function's "
                              "other goals vacuous. A passed smoke test only means no prover found such a "
                              "proof within the smoke resource limit: it is a search, not evidence of consistency.",
                   "smoke_goals": sum(e["smoke_goals"] for e in smoke_list),
                   "unreachable_found": sum(e["unreachable_found"] for e in smoke_list),
                   "functions": smoke_list})
    print("prover policy: %d/%d WP properties (%d goals) accepted; %d floating-point (from their "
          "printed tasks); %d proved by a single prover; %d conditional; valid verdicts per "
          "prover: %s" % (
              len(goals) - len(rejected), len(goals), sum(g["obligations"] for g in goals),
              len(fp_goals), single, merged["policy"]["conditional_properties"],
              ", ".join("%s %d" % kv for kv in sorted(per_prover.items()))))
    print("enumeration: %d properties of the %d proved functions in Frama-C's report, %d proved, "
          "%d excluded by the register; preconditions: %d proved at every call, %d established "
          "by the C++ caller (register); %d printed tasks; axioms: %d library theories, "
          "%d register rows" % (
              enumeration["properties"], len(proved_functions), enumeration["proved"],
              len(enumeration["excluded"]), enumeration["preconditions"]["proved_at_every_call"],
              len(enumeration["preconditions"]["assumed"]), sum(len(t) for t in tasks.values()),
              len(axioms.get("library_theories", {})), len(axioms.get("rows", []))))
    unreachable = sum(e["unreachable_found"] for e in smoke_list)
    if smoke_list:
        print("smoke tests: %d goals in %d functions, %d unreachable points found" % (
            sum(e["smoke_goals"] for e in smoke_list), len(smoke_list), unreachable))
    for g in rejected:
        print("  not accepted: " + g)
    for p in problems:
        print("  " + p)
    return 0 if not rejected and not unreachable and not problems else 1


def enumerate_properties(rows, functions, goals, exclusions, problems):
    """every property of a proved function in Frama-C's report must be proved by WP (status Valid)
    or excluded by a register row; every proved function must have properties in WP's report"""
    out = {"properties": 0, "proved": 0, "excluded": []}
    with_goals = {g["function"] for g in goals}
    for f in sorted(functions - with_goals):
        problems.append(f"FUNCTION WITHOUT WP PROPERTIES: {f}")
    for record in rows:
        cols = record.split("\t")
        if len(cols) < 7 or cols[3] not in functions:
            continue
        fn, kind, status, text = cols[3], cols[4], cols[5], "\t".join(cols[6:])
        if kind in ("precondition", "behavior assumption"):
            continue  # hypotheses: preconditions() checks the former at every call
        out["properties"] += 1
        label = text.split(":")[0].strip()
        if status in ("Valid", "Valid under hypotheses"):
            out["proved"] += 1
            continue
        hit = wp_register.match(exclusions, fn, text)
        if hit:
            out["excluded"].append({"function": fn, "kind": kind, "property": label,
                                    "text": hit["text"], "status": status, "row": hit["row"]})
        else:
            problems.append(f"PROPERTY NOT PROVED BY WP: {fn} {kind} {label[:60]} ({status})")
    return out


def preconditions(rows, functions, goals, assumed, calls, problems):
    """every precondition of a proved function is proved at each of its calls (every caller in the
    call graph has the valid goal <function>_requires_<label>), or a register row names it as
    established by a C++ caller that WP does not read (wp_assumed)"""
    out = {"proved_at_every_call": 0, "assumed": []}
    valid = {(g["function"], g["goal"]) for g in goals if g["status"] == "valid"}
    for record in rows:
        cols = record.split("\t")
        if len(cols) < 7 or cols[3] not in functions or cols[4] != "precondition":
            continue
        fn, text = cols[3], "\t".join(cols[6:])
        label = text.split(":")[0].strip()
        goal = re.compile(re.escape(f"{fn}_requires_{label}") + r"(_\d+)?")
        sites = sorted(calls.get(fn, ()))
        unproved = [c for c in sites if not any(f == c and goal.fullmatch(g) for f, g in valid)]
        if sites and not unproved:
            out["proved_at_every_call"] += 1
            continue
        hit = wp_register.match(assumed, fn, text)
        if hit:
            out["assumed"].append({"function": fn, "property": label, "row": hit["row"],
                                   "callers_in_c": sites})
        else:
            problems.append(f"PRECONDITION NOT PROVED AT EVERY CALL: {fn} {label[:60]} (calls "
                            f"not proved: {', '.join(unproved) or 'no call in the C files'}), and "
                            "no register row names this clause's text")
    return out


def conditional(goals, exclusions, calls):
    """marks the properties of the (transitive) callers of a function with an excluded property"""
    for e in exclusions:
        for g in goals:
            if g["function"] in calls.get(e["function"], ()):
                g.setdefault("conditional", []).append(
                    {"row": e["row"],
                     "rests_on": f"{e['function']} {e['text'].split(':')[0].strip()}"})


def scan_axioms(tasks, goals, problems):
    """every axiom of every printed task's context against the register (why3_tasks.AxiomScan)"""
    if not tasks:
        return {}
    root = why3_tasks.ROOT
    share = subprocess.run(["frama-c", "-print-share-path"],
                           capture_output=True, text=True).stdout.strip()
    base = ["why3", "prove", "-L", os.path.join(root, "spec/why3"),
            "-L", os.path.join(root, "proofs/frama-c"), "-L", os.path.join(share, "wp", "why3")]
    with open(os.path.join(root, "spec", "evidence-sources.json"), encoding="utf-8") as f:
        files = json.load(f)["why3_files"]["files"]  # the Why3 gate's: their lemmas are proved
    lib = why3_tasks.Library(base, files, ["spec/why3", "proofs/frama-c"], root=root)
    if not lib.load_run_files():
        problems += lib.errors
        return {}
    lib.qualify_run_uses()
    # every theory the tasks use, printed once (the numbers Why3's printer adds are stripped first)
    lib.load(sorted({u for printed in tasks.values() for t in printed for u in t.uses if "." in u},
                    key=lambda u: (u.rstrip("0123456789"), u)))
    registered, found = why3_axioms.scan_sources(lib)
    scan = why3_axioms.AxiomScan(lib, registered)
    rows = {}
    for (name, prop), printed in tasks.items():
        for t in printed:
            found += why3_axioms.unknown_metas(t)
            generated = [u for u in t.uses if "." not in u]
            _, p, r = scan.context(None, t, "", generated)
            found += p
            rows.setdefault((name, prop), set()).update(r)
    for g in goals:
        g["assumes"] = sorted(rows.get((g["pass"], g["goal"]), ()))
    problems += list(dict.fromkeys(found + lib.errors))
    evidence = scan.evidence()
    evidence["rows"] = sorted({r for rs in rows.values() for r in rs})
    return evidence


if __name__ == "__main__":
    sys.exit(main())
