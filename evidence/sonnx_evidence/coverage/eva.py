"""Frama-C Eva over the C-subset files, from the harnesses of proofs/eva/harness.c: a second
analysis of the absence of run-time errors, by abstract interpretation (WP proves the same RTE
assertions by deduction), with Eva's own reachability of each function's statements.

    python3 -m sonnx_evidence.coverage.eva --root . --harness proofs/eva/harness.c \
        --include DIR... \
        --register spec/eva-alarms.json --wp-report build/evidence/wp-report.json \
        --wp-properties build/evidence/wp-properties.csv --out build/evidence C_FILE...

One Frama-C process per entry point of the harness (every function named eva_*), with the RTE
warnings WP's passes use (-warn-signed-downcast, -warn-unsigned-overflow, -warn-unsigned-downcast,
-warn-special-float none). An alarm is a property Eva emits of an RTE kind (memory access,
division by zero, overflow, downcast, float-to-int, shift, ...), with status Unknown or Invalid.
Every alarm must be matched by a row of the register (function glob, kind, the alarm's text) that
shows it false: the row says why, and the check is that WP proves the same check: the RTE
assertion of the same kind and text on the same statement (WP's status in wp-properties.csv), or
for a float-to-integer conversion, which the RTE plug-in does not check, the range assertion
proved before it (wp-float-to-int.json). A
property Eva finds Invalid, a function of the C files that no entry reaches, or a stale row fails
the run. Writes OUT/eva.json (schema evidence/schemas/eva.schema.json); exit 1 on a failure."""
import argparse
import concurrent.futures
import csv
import fnmatch
import json
import os
import re
import subprocess
import sys

from .. import schema
from . import verdict

# Frama-C's kinds for the annotations the RTE checks (and Eva) emit; a property of another kind
# is a contract clause or a user assertion (Eva's status on it is reported, not judged).
CONTRACT_KINDS = {"precondition", "postcondition", "loop invariant", "user assertion", "assigns",
                  "from", "loop variant", "loop assigns", "exits", "breaks", "continues",
                  "returns", "terminates", "decreases", "complete behaviors",
                  "disjoint behaviors", "check", "lemma", "axiom", "instance of"}
OPTIONS = ["-machdep", "x86_64", "-eva", "-eva-precision", "3", "-warn-signed-downcast",
           "-warn-unsigned-overflow", "-warn-unsigned-downcast", "-warn-special-float", "none",
           "-eva-no-show-progress", "-eva-msg-key=-alarm,-summary,-final-states,-initial-state"]


def is_contract(kind):
    return kind in CONTRACT_KINDS or kind.startswith("precondition of ") or \
        kind.startswith("behavior ")


def entries(harness):
    with open(harness, encoding="utf-8") as f:
        text = f.read()
    found = re.findall(r"^void (eva_\w+)\(void\)", text, re.M)
    found += re.findall(r"^EVA_CHECKED\((\w+),", text, re.M)
    return [e if e.startswith("eva_") else "eva_checked_" + e for e in found]


def run_entry(entry, files, includes, work, reuse=False):
    csv_path = os.path.join(work, f"eva-{entry}.csv")
    log_path = os.path.join(work, f"eva-{entry}.log")
    if reuse and os.path.isfile(csv_path) and os.path.isfile(log_path):
        with open(log_path, encoding="utf-8") as f:
            return parse_run(entry, csv_path, f.read())
    cmd = (["frama-c", "-cpp-extra-args=" + " ".join("-I" + i for i in includes)] + files
           + OPTIONS + ["-main", entry, "-then", "-report-csv", csv_path, "-report-no-proven",
                        "-then", "-metrics", "-metrics-eva-cover"])
    res = subprocess.run(cmd, capture_output=True, text=True)
    with open(log_path, "w", encoding="utf-8") as f:
        f.write(res.stdout + res.stderr)
    if res.returncode != 0 or not os.path.isfile(csv_path):
        return {"entry": entry, "error": (res.stdout + res.stderr)[-1500:]}
    return parse_run(entry, csv_path, res.stdout)


def parse_run(entry, csv_path, stdout):
    """The properties of one entry's run (its CSV) and Eva's statement coverage (its output)."""
    with open(csv_path, encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    covered = {m.group(1): (int(m.group(2)), int(m.group(3))) for m in re.finditer(
        r"^\s+(\w+): (\d+) stmts out of (\d+)", stdout, re.M)}
    defined = re.search(r"Defined functions \(\d+\)\s*\n\s*=+\s*\n(.*?)(?:\n\s*\n|\n\[)", stdout,
                        re.S)
    names = re.findall(r"(\w+) \(\d+ calls?\)", defined.group(1)) if defined else []
    return {"entry": entry, "properties": rows, "covered": covered, "defined": names}


SAME_KIND = "WP proves the RTE assertion of the same kind on the same statement (wp-properties.csv)"
RANGE = ("WP proves the range assertion before the conversion, which the RTE plug-in does not "
         "check (wp-float-to-int.json)")


def wp_evidence(properties_csv, float_to_int):
    """{(file name, line, kind, text): status} of WP's properties, and {(file name, line): verdict}
    of the float-to-integer conversions with their proved range assertions."""
    props, conversions = {}, {}
    if properties_csv and os.path.isfile(properties_csv):
        with open(properties_csv, encoding="utf-8") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                if not row.get("file") or not (row.get("line") or "").isdigit() or \
                        row.get("property") is None:
                    continue  # a library property without a place, or a wrapped line
                key = (os.path.basename(row["file"]), int(row["line"]), row["property kind"],
                       " ".join(row["property"].split()))
                props[key] = row["status"]
    if float_to_int and os.path.isfile(float_to_int):
        with open(float_to_int, encoding="utf-8") as f:
            for c in json.load(f).get("conversions", []):
                conversions[(os.path.basename(c["file"]), int(c["line"]))] = c
    return props, conversions


def shown_false(alarm, props, conversions):
    """(how, evidence) when WP proves what the alarm asks, else (None, why not)."""
    name = os.path.basename(alarm["file"])
    if alarm["kind"] in ("float_to_int", "is_nan_or_infinite"):
        c = conversions.get((name, alarm["line"]))
        if c and c.get("verdict") == "proved":
            return RANGE, f"{c['assertion']} at line {c['assertion_line']}, proved"
        return None, "no proved range assertion before this conversion"
    status = props.get((name, alarm["line"], alarm["kind"], alarm["property"]))
    if status is not None and status.lower().startswith("valid"):
        return SAME_KIND, f"{alarm['kind']} {alarm['property']}: {status}"
    return None, f"WP's status of the same assertion: {status}"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", required=True)
    ap.add_argument("--harness", required=True)
    ap.add_argument("--include", action="append", default=[])
    ap.add_argument("--register", required=True)
    ap.add_argument("--wp-report")
    ap.add_argument("--wp-properties")
    ap.add_argument("--wp-float-to-int")
    ap.add_argument("--out", required=True)
    ap.add_argument("--work")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--reuse-work", action="store_true",
                    help="read the runs already in the work folder instead of running Frama-C")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args(argv)
    root = os.path.realpath(args.root)
    work = args.work or os.path.join(args.out, "eva-work")
    os.makedirs(work, exist_ok=True)
    with open(args.register, encoding="utf-8") as f:
        register = json.load(f)
    schema.check(register, "eva-alarms")
    files = [os.path.join(root, p) for p in args.files] + [os.path.join(root, args.harness)]
    includes = [os.path.join(root, i) for i in args.include]
    todo = entries(os.path.join(root, args.harness))
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.j) as pool:
        results = list(pool.map(lambda e: run_entry(e, files, includes, work, args.reuse_work),
                                todo))
    problems = [f"Eva failed on {r['entry']}: {r['error']}" for r in results if "error" in r]
    results = [r for r in results if "error" not in r]
    harness_fns = set(entries(os.path.join(root, args.harness))) | {"any_tensor"}
    defined = sorted({n for r in results for n in r["defined"]} - harness_fns)
    functions = {n: {"function": n, "entries": [], "statements": [0, 0], "alarms": [],
                     "unknown_contract_properties": 0} for n in defined}
    alarms = {}
    for r in results:
        for fn, (done, total) in r["covered"].items():
            if fn in functions:
                functions[fn]["entries"].append(r["entry"])
                best = functions[fn]["statements"]
                if done > best[0] or (done == best[0] and total > best[1]):
                    functions[fn]["statements"] = [done, total]
        for p in r["properties"]:
            fn, kind, status = p["function"], p["property kind"], p["status"]
            if fn not in functions:
                continue
            if status.lower().startswith("invalid"):
                problems.append(f"Eva: {status} {kind} in {fn} ({p['file']}:{p['line']}): "
                                f"{p['property']} (entry {r['entry']})")
            if is_contract(kind):
                functions[fn]["unknown_contract_properties"] += 1
                continue
            key = (fn, kind, " ".join(p["property"].split()), p["file"], p["line"])
            alarms.setdefault(key, {"function": fn, "kind": kind, "property": key[2],
                                    "file": os.path.join(p["directory"], p["file"]),
                                    "line": int(p["line"]), "status": status, "entries": []})
            alarms[key]["entries"].append(r["entry"])
    for fn, f in functions.items():
        if not f["entries"]:
            problems.append(f"Eva: no entry point reaches {fn}")
        elif f["statements"][0] < f["statements"][1]:
            f["note"] = "some statements unreached by every single entry (see eva_checks)"
    props, conversions = wp_evidence(args.wp_properties, args.wp_float_to_int)
    wp_goals = {}
    if args.wp_report and os.path.isfile(args.wp_report):
        with open(args.wp_report, encoding="utf-8") as f:
            wp_goals = {g["goal"]: g for g in json.load(f).get("goals", [])}
    used = {row["id"]: 0 for row in register["rows"]}
    for a in alarms.values():
        rows = [row for row in register["rows"]
                if fnmatch.fnmatchcase(a["function"], row["function"])
                and row["kind"] == a["kind"] and row["property"] == a["property"]]
        a["row"] = ",".join(row["id"] for row in rows)
        how, evidence = shown_false(a, props, conversions)
        a["wp_evidence"] = evidence
        a["false_alarm_shown"] = bool(rows) and how is not None and all(
            row["shown_false_by"] == how for row in rows)
        for row in rows:
            used[row["id"]] += 1
        if not rows:
            problems.append(f"Eva alarm not in the register: {a['function']} {a['kind']} "
                            f"{a['property']} ({a['file']}:{a['line']})")
        elif not a["false_alarm_shown"]:
            problems.append(f"Eva alarm {a['function']} {a['kind']} {a['property']} "
                            f"({a['file']}:{a['line']}) not shown false: {evidence}")
        functions[a["function"]]["alarms"].append(a["kind"] + ": " + a["property"])
    for rid, n in used.items():
        if n == 0:
            problems.append(f"{rid}: matches no Eva alarm (stale row)")
    rte_by_fn = {}
    for g in wp_goals.values():
        if "_assert_rte_" in g["goal"]:
            ok = g.get("status") == "valid" and g.get("accepted") is True
            slot = rte_by_fn.setdefault(g["function"], [0, 0])
            slot[0] += ok
            slot[1] += 1
    for fn, f in functions.items():
        f["wp_rte_goals"] = rte_by_fn.get(fn, [0, 0])
    doc = {"schema": "sonnx-eva/1", "tool": "Frama-C Eva", "options": OPTIONS,
           "harness": args.harness, "entries": todo,
           "functions": sorted(functions.values(), key=lambda f: f["function"]),
           "alarms": sorted(alarms.values(), key=lambda a: (a["file"], a["line"], a["kind"])),
           "register": os.path.relpath(os.path.realpath(args.register), root),
           "summary": {"functions": len(functions), "alarms": len(alarms),
                       "alarms_shown_false": sum(a["false_alarm_shown"] for a in alarms.values()),
                       "entries": len(todo)},
           "problems": problems, "ok": not problems}
    schema.write(os.path.join(args.out, "eva.json"), doc, name="eva")
    s = doc["summary"]
    return verdict(
        f"Eva: {s['entries']} entry points, {s['functions']} functions, {s['alarms']} alarms, "
        f"{s['alarms_shown_false']} shown false (a register row and WP's proof of the same "
        "check)", problems, 60)


if __name__ == "__main__":
    sys.exit(main())
