"""Formal-analysis coverage of the proved C (DO-333 FM.6.7): every function defined in the C-subset
files, the WP pass that proves it (or the register row that says why none does), the properties
proved per kind, and the smoke tests that showed its preconditions, loops, calls and branches
reachable (a smoke goal no prover could prove unreachable).

    python3 -m sonnx_evidence.coverage.formal --evidence build/evidence --out build/evidence \
        C_FILE...

The functions, their passes and register rows are those of EVIDENCE/wp-function-coverage.json
(sonnx_evidence.wp_functions: every function clang's AST finds in the proved C files, proved by a
WP pass or registered in spec/assumptions.json), read by `function_listing` alone; the C files
given (the library's C-subset files, as CMake lists them) must be the files it covers. Writes
OUT/formal-coverage.json (schema evidence/schemas/formal-coverage.schema.json); exit 1 when a
function is neither proved nor registered, a property is not proved, or a smoke test found an
unreachable point, or the files differ; 2 when the listing is missing or invalid."""
import argparse
import json
import os
import sys

from .. import schema
from . import verdict

KINDS = [("_requires_", "requires"), ("_ensures_", "ensures"), ("_assigns", "assigns"),
         ("_loop_invariant_", "loop invariant"), ("_loop_variant", "loop variant"),
         ("_loop_assigns", "loop assigns"), ("_assert_rte_", "RTE assertion"),
         ("_assert_", "assertion"), ("_complete_", "complete behaviors"),
         ("_disjoint_", "disjoint behaviors"), ("_terminates", "terminates"),
         ("_exits", "exits")]


def kind_of(goal, function):
    rest = goal[len(function):] if goal.startswith(function) else goal
    for marker, kind in KINDS:
        if rest.startswith(marker) or marker in rest:
            return kind
    return "other"


def function_listing(evidence):
    """The files covered and [{function, file, pass, register_row}] of every function they define,
    from wp-function-coverage.json (written by every WP run). Raises OSError when it is absent,
    SchemaError when it is invalid."""
    with open(os.path.join(evidence, "wp-function-coverage.json"), encoding="utf-8") as f:
        doc = json.load(f)
    schema.check(doc, "wp-function-coverage")
    return doc["files"], [{"function": r["function"], "file": r.get("file", ""),
             "pass": r.get("pass", "") if r["status"] == "proved" else "",
             "register_row": r.get("row", "") if r["status"] == "registered" else ""}
            for r in doc["functions"]]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--evidence", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("files", nargs="+")
    args = ap.parse_args(argv)
    source = "wp-function-coverage.json"
    try:
        covered, listing = function_listing(args.evidence)
    except (OSError, KeyError, schema.SchemaError) as e:
        print(f"formal-analysis coverage: no usable function listing ({e}); run the WP proofs "
              f"first (cmake --build build --target prove)", file=sys.stderr)
        return 2
    with open(os.path.join(args.evidence, "wp-report.json"), encoding="utf-8") as f:
        goals = json.load(f).get("goals", [])
    smoke = {}
    smoke_path = os.path.join(args.evidence, "wp-smoke.json")
    if os.path.isfile(smoke_path):
        with open(smoke_path, encoding="utf-8") as f:
            for e in json.load(f).get("functions", []):
                smoke[e.get("function") or e.get("name")] = e
    problems = [f"{f}: a C-subset file of the library the WP function listing does not cover"
                for f in sorted(set(args.files) - set(covered))]
    problems += [f"{f}: in the WP function listing but not a C-subset file of the library"
                 for f in sorted(set(covered) - set(args.files))]
    if not smoke:
        problems.append("no wp-smoke.json: the reachability of the proved paths is not shown "
                        "(proofs/frama-c/prove.sh --smoke)")
    out = []
    totals = {"properties": 0, "properties_proved": 0, "smoke_goals": 0, "unreachable_found": 0}
    for row in listing:
        fn = row["function"]
        mine = [g for g in goals if g["function"] == fn]
        proved = [g for g in mine if g.get("status") == "valid" and g.get("accepted") is True]
        kinds = {}
        for g in mine:
            k = kind_of(g["goal"], fn)
            c = kinds.setdefault(k, [0, 0])
            c[0] += g in proved
            c[1] += 1
        s = smoke.get(fn, {})
        entry = {"function": fn, "file": row["file"], "pass": row["pass"],
                 "register_row": row["register_row"], "properties": [len(proved), len(mine)],
                 "by_kind": ", ".join(f"{k} {c[0]}/{c[1]}" for k, c in sorted(kinds.items())),
                 "smoke_goals": int(s.get("smoke_goals", 0)),
                 "smoke_unreachable": int(s.get("unreachable_found", 0)),
                 "smoke_checked": "yes" if s else "no"}
        out.append(entry)
        totals["properties"] += len(mine)
        totals["properties_proved"] += len(proved)
        totals["smoke_goals"] += entry["smoke_goals"]
        totals["unreachable_found"] += entry["smoke_unreachable"]
        if not row["pass"] and not row["register_row"]:
            problems.append(f"{fn}: in no WP pass and in no register row")
        if len(proved) < len(mine):
            problems.append(f"{fn}: {len(mine) - len(proved)} properties not proved or accepted")
        if row["pass"] and smoke and not s:
            # WP generates smoke goals for preconditions, loops, calls and blocks: a function
            # without them (one straight path) has none, and is reached whenever it is called.
            if any(k in kinds for k in ("requires", "loop invariant")) or \
                    any("_call_" in g["goal"] for g in mine):
                problems.append(f"{fn}: proved by WP but no smoke test tried its paths")
            else:
                entry["smoke_checked"] = "no smoke goal: no precondition, loop or call"
        if entry["smoke_unreachable"]:
            problems.append(f"{fn}: {entry['smoke_unreachable']} smoke goals proved (dead code "
                            f"or an inconsistent contract)")
    summary = dict(totals, functions=len(out),
                   proved_by_wp=sum(1 for e in out if e["pass"]),
                   registered=sum(1 for e in out if not e["pass"] and e["register_row"]))
    doc = {"schema": "sonnx-formal-coverage/1", "listing": source, "summary": summary,
           "functions": out, "problems": problems, "ok": not problems}
    schema.write(os.path.join(args.out, "formal-coverage.json"), doc, name="formal-coverage")
    return verdict(
        f"formal-analysis coverage: {summary['functions']} functions, {summary['proved_by_wp']} "
        f"in a WP pass, {summary['registered']} registered; {summary['properties_proved']}/"
        f"{summary['properties']} properties proved; {summary['smoke_goals']} smoke goals, "
        f"{summary['unreachable_found']} unreachable ({source})", problems)


if __name__ == "__main__":
    sys.exit(main())
