"""The justification register of structural-coverage gaps (spec/coverage-justifications.json,
schema evidence/schemas/coverage-justifications.schema.json, rendered to
docs/coverage-justifications.md): each row resolves the gaps it names, by function (a glob over
the source function's name), version, kind of gap and the gap's text (statement, decision,
condition: one line, single spaces, as the analysis prints it), never by line number. What a row
rests on is checked here, each kind its own way:
  wp-unreachable     "goal:G[,G...]": each G (a WP property name, or a glob over them) names at
                     least one property of wp-report.json and every one it names is proved and
                     accepted under the prover policy (defensive code WP proves unreachable);
  variant-absent     "cpu-feature-absent:F": no CPU of the runs has F (a version the machine cannot
                     run), or "cpu-feature-present:F": every CPU of the runs has F (code for a CPU
                     without it); the probe of sonnx_evidence.coverage.run shows the features;
  compile-time       "no-object-code": no symbol of the function is in the shipped archive (a
                     function only the compiler evaluates: constexpr, static_assert);
  short-circuit      "short-circuit:TEXT": the condition's independence pair is impossible, TEXT
                     saying why; the check is that the gap is an MC/DC gap of a decision whose
                     other outcomes are covered (decision coverage holds) and that the condition
                     itself took both values or could not (stated).
A row that resolves no gap is stale and fails the check, except a variant-absent row on a machine
that ran its version (reported as not needed here)."""
import fnmatch
import json
import re
import subprocess

from .. import schema

KINDS = {"wp-unreachable": "goal:", "variant-absent": "cpu-feature-",
         "compile-time": "no-object-code", "short-circuit": "short-circuit:"}
GAPS = ("function", "statement", "decision", "mcdc")


def load(path):
    with open(path, encoding="utf-8") as f:
        reg = json.load(f)
    schema.check(reg, "coverage-justifications")
    problems = []
    for row in reg["rows"]:
        prefix = KINDS[row["kind"]]
        if not row["rests_on"].startswith(prefix):
            problems.append(f"{row['id']}: a {row['kind']} row rests on '{prefix}...', "
                            f"not {row['rests_on']!r}")
        if row["gap"] == "mcdc" and row["condition"] == "-":
            problems.append(f"{row['id']}: an mcdc row names its condition")
        if row["gap"] != "mcdc" and row["condition"] != "-":
            problems.append(f"{row['id']}: only an mcdc row names a condition")
        if row["gap"] == "function" and row["at"] != "-":
            problems.append(f"{row['id']}: a function row names no statement or decision")
        if row["kind"] == "short-circuit" and row["gap"] != "mcdc":
            problems.append(f"{row['id']}: a short-circuit row resolves an mcdc gap only")
    return reg, problems


def short_name(name):
    """The name without its trailing parameter list (and const): what a row's glob matches."""
    name = re.sub(r"\s+const$", "", name)
    if not name.endswith(")"):
        return name
    depth = 0
    for i in range(len(name) - 1, -1, -1):
        if name[i] == ")":
            depth += 1
        elif name[i] == "(":
            depth -= 1
            if depth == 0:
                return name[:i]
    return name


def row_matches(row, gap):
    variants = [v.strip() for v in row["variants"].split(",")]
    variant = gap["variant"] or "single"
    return (fnmatch.fnmatchcase(short_name(gap["function"]), row["function"])
            and (row["variants"] == "all" or variant in variants)
            and row["gap"] == gap["gap"]
            and row["at"] == (gap["at"] if gap["gap"] != "function" else "-")
            and row["condition"] == (gap["condition"] if gap["gap"] == "mcdc" else "-"))


def wp_goal_status(wp_report, patterns):
    """(every property each pattern names is proved and accepted, what was found) of the WP
    properties of wp-report.json that the comma-separated names or globs name."""
    if wp_report is None:
        return False, "no wp-report.json"
    goals = wp_report.get("goals", [])
    counts = []
    for pattern in patterns.split(","):
        named = [g for g in goals if fnmatch.fnmatchcase(g.get("goal", ""), pattern)]
        if not named:
            return False, f"{pattern} names no property of wp-report.json"
        bad = [g["goal"] for g in named if not (g.get("status") == "valid"
                                                and g.get("accepted") is True)]
        if bad:
            return False, f"not proved and accepted: {', '.join(bad[:3])}"
        counts.append(f"{pattern} ({len(named)})")
    return True, "proved and accepted: " + ", ".join(counts)


def archive_symbols(archive, nm="nm"):
    out = subprocess.run([nm, "-C", "--defined-only", archive], capture_output=True, text=True,
                         check=True).stdout
    return [line.split(" ", 2)[2] for line in out.split("\n") if line.count(" ") >= 2]


def check_row(row, gaps, executors, wp_report, symbols):
    """The verdict on what `row` rests on: (ok, text)."""
    kind, rests = row["kind"], row["rests_on"]
    if kind == "wp-unreachable":
        return wp_goal_status(wp_report, rests[len("goal:"):])
    if kind == "variant-absent":
        which, _, feature = rests[len("cpu-feature-"):].partition(":")
        want = which == "present"
        if which not in ("absent", "present"):
            return False, f"rests on {rests!r}, neither cpu-feature-absent nor -present"
        wrong = [e["name"] for e in executors if e["cpu_features"].get(feature) is not want]
        if wrong:
            return False, f"{feature} not {which} (or unknown) on: {', '.join(wrong)}"
        return True, f"{feature} {which} on every CPU of the runs ({len(executors)})"
    if kind == "compile-time":
        if symbols is None:
            return False, "no archive to look in"
        # by the function's own name, without scope or return type: a symbol of that name in the
        # archive fails the row even when a demangler prints its scope otherwise
        def ident(name):
            return short_name(name).split("<")[0].split("::")[-1].split()[-1]
        names = {ident(g["function"]) for g in gaps}
        found = sorted({s for s in symbols if ident(s) in names})
        if found:
            return False, f"in the archive's object code: {found[:3]}"
        return True, "no symbol in the archive"
    # short-circuit: every gap it resolves is a condition of a decision covered both ways
    bad = [g for g in gaps if not g.get("decision_covered")]
    if bad:
        return False, f"the decision of {bad[0]['function']} is not covered both ways"
    return True, "MC/DC gap of a decision covered both ways"


def resolve(gaps, reg, executors, wp_report, symbols, ran_variants):
    """Matches every gap with the rows that resolve it (gap["row"], gap["resolved"]) and checks
    the rows; returns the rows' verdicts and the register's problems."""
    problems = []
    for gap in gaps:
        matching = [r for r in reg["rows"] if row_matches(r, gap)]
        gap["row"] = ",".join(r["id"] for r in matching)
    verdicts = []
    for row in reg["rows"]:
        mine = [g for g in gaps if row["id"] in g["row"].split(",")]
        if not mine:
            if row["kind"] == "variant-absent" and any(
                    row["variants"] == "all" or v in row["variants"] for v in ran_variants):
                verdicts.append({"id": row["id"], "kind": row["kind"],
                                 "rests_on": row["rests_on"], "gaps": 0, "ok": True,
                                 "check": "not needed: its version ran on a CPU of the runs"})
                continue
            problems.append(f"{row['id']}: resolves no gap (stale row)")
            verdicts.append({"id": row["id"], "kind": row["kind"], "rests_on": row["rests_on"],
                             "gaps": 0, "ok": False, "check": "stale: no gap"})
            continue
        ok, text = check_row(row, mine, executors, wp_report, symbols)
        verdicts.append({"id": row["id"], "kind": row["kind"], "rests_on": row["rests_on"],
                         "gaps": len(mine), "ok": ok, "check": text})
        if not ok:
            problems.append(f"{row['id']}: {text}")
    by_id = {v["id"]: v["ok"] for v in verdicts}
    for gap in gaps:
        gap["resolved"] = bool(gap["row"]) and all(by_id[i] for i in gap["row"].split(","))
    return verdicts, problems
