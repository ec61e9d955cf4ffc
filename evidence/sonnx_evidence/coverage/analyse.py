"""Statement, decision and MC/DC coverage of the library by its requirement-tagged tests, the gaps
and the justification register that resolves them, and the functions each requirement's tests
reach (control coupling).

    python3 -m sonnx_evidence.coverage.analyse --runs RUNS.json --root . --library-dir DIR... \
        --register spec/coverage-justifications.json --wp-report build/evidence/wp-report.json \
        --archive build/core/src/libsonnx_div.a --multiversion HEADER \
        --coverage-multiversion HEADER \
        --out build/evidence [--object BINARY...] [--scope GLOB...] [--html]

Counted: the test cases of RUNS.json with a requirement tag, on every CPU they ran on; the other
test cases are measured apart (what they alone would add is reported, never counted). Per compiled
function (each version, object and instantiation, llvm_cov.py): statements (code regions),
decisions (each both ways), conditions with an executed MC/DC independence pair. Every gap must be
resolved by a register row whose check holds (justify.py). With --scope only the functions of
the files matching a glob are judged (the reduced form of the test command).
Writes OUT/structural-coverage.json, OUT/coverage-reach.json (the functions each requirement's
tests reach, read by sonnx_evidence.coverage.coupling) and with --html OUT/coverage-mcdc/ (the
source with counts and MC/DC). Exit status 1 when a gap is unresolved, a row fails its check or
is stale, a test failed, or a multiversioned function lacks a version; 2 on bad input."""
import argparse
import fnmatch
import json
import os
import re
import sys

from .. import schema
from . import justify, llvm_cov, profiles, verdict

AT_LENGTH = 160


def gap_text(text):
    return llvm_cov.normalize(text)[:AT_LENGTH]


def gaps_of(fn):
    """The coverage gaps of one compiled function."""
    base = {"function": fn.base, "variant": fn.variant, "file": fn.file}
    if fn.count == 0:
        return [dict(base, line=fn.line, gap="function", at="-", condition="-",
                     missing="never entered")]
    out = []
    for path, span, count, text in fn.statements:
        if count == 0:
            out.append(dict(base, file=path, line=span[0], gap="statement", at=gap_text(text),
                            condition="-", missing="never executed"))
    for d in fn.decisions:
        if d.outcomes == (0, 0) or (d.outcomes is None and not any(
                c.true_count or c.false_count for c in d.conditions)):
            continue  # inside a statement never executed: that statement is the gap
        if not d.covered and not (d.outcomes is None and all(c.independent for c in d.conditions)):
            missing = ("outcomes not derived: " + d.note) if d.outcomes is None else \
                "never true" if d.outcomes[0] == 0 else "never false"
            out.append(dict(base, file=d.file, line=d.span[0], gap="decision", at=gap_text(d.text),
                            condition="-", missing=missing))
        if d.mcdc:
            for c in d.conditions:
                if not c.independent:
                    out.append(dict(base, file=d.file, line=c.span[0], gap="mcdc",
                                    at=gap_text(d.text), condition=gap_text(c.text),
                                    missing="no independence pair executed",
                                    decision_covered=d.covered))
    return out


def figures(fn):
    st = [sum(1 for s in fn.statements if s[2] > 0), len(fn.statements)]
    de = [sum(1 for d in fn.decisions if d.covered), len(fn.decisions)]
    co = [sum(1 for d in fn.decisions if d.mcdc for c in d.conditions if c.independent),
          sum(len(d.conditions) for d in fn.decisions if d.mcdc)]
    return {"statements": st, "decisions": de, "conditions": co}


def add(into, f):
    for k, (c, t) in f.items():
        into[k][0] += c
        into[k][1] += t


def percent(c_t):
    return round(100.0 * c_t[0] / c_t[1], 2) if c_t[1] else 100.0


def multiversioned(root, files):
    """Names of the functions marked SONNX_MULTIVERSION in `files`."""
    names = set()
    for rel in files:
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            text = f.read()
        names |= set(re.findall(r"^SONNX_MULTIVERSION\s*\n[^(;{]*?\b(\w+)\s*\(", text, re.M))
    return names


def clone_list(path):
    with open(path, encoding="utf-8") as f:
        m = re.search(r"target_clones\(([^)]*)\)", f.read())
    return re.findall(r'"([^"]+)"', m.group(1)) if m else []


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--library-dir", nargs="+", required=True, dest="sources")
    ap.add_argument("--register", required=True)
    ap.add_argument("--wp-report")
    ap.add_argument("--archive")
    ap.add_argument("--multiversion", required=True)
    ap.add_argument("--coverage-multiversion", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--work")
    ap.add_argument("--object", action="append", default=[])
    ap.add_argument("--scope", action="append", default=[])
    ap.add_argument("--skip-variant", action="append", default=[],
                    help="versions left out of a reduced form (those its CPU cannot run)")
    ap.add_argument("--name", default="structural-coverage.json")
    ap.add_argument("--html", action="store_true")
    args = ap.parse_args(argv)
    root = os.path.realpath(args.root)
    with open(args.runs, encoding="utf-8") as f:
        runs = json.load(f)
    schema.check(runs, "coverage-runs")
    work = args.work or os.path.join(os.path.dirname(args.runs), "analysis")
    os.makedirs(work, exist_ok=True)
    os.makedirs(args.out, exist_ok=True)
    problems = [f"test failed on {t['executor']}: {t['program']}: {t['name']}"
                for t in runs["failed"]]
    counted = [t for t in runs["tests"] if t["counted"]]
    apart = [t for t in runs["tests"] if not t["counted"]]
    objects = sorted({t["path"] for t in runs["tests"] if t["runs"]} | set(args.object))
    sources = [os.path.join(root, s) for s in args.sources]
    reg, reg_problems = justify.load(args.register)
    problems += reg_problems
    clones = llvm_cov.clone_variants(open(args.coverage_multiversion, encoding="utf-8").read())
    shipped = clone_list(args.multiversion)
    if shipped != clone_list(args.coverage_multiversion):
        problems.append(f"the coverage build's versions {clone_list(args.coverage_multiversion)} "
                        f"differ from the shipped ones {shipped} ({args.multiversion})")

    def profiles_of(tests):  # of the runs that passed
        return [p for t in tests for r in t["runs"].values() if r["ok"] for p in r["profiles"]]

    counted_data = os.path.join(work, "counted.profdata")
    if not profiles.merge(profiles_of(counted), counted_data):
        print("analyse: no profile of a counted test", file=sys.stderr)
        return 2
    fns = llvm_cov.read(profiles.export(counted_data, objects, sources), root, clones, sources)
    if not fns:
        problems.append("no function of the library's folders in the coverage data (the paths "
                        "the coverage mapping records are not those of --root/--library-dir?)")
    if args.scope:
        problems += [f"--scope {g}: no function of the coverage data in it" for g in args.scope
                     if not any(fnmatch.fnmatchcase(f.file, g) for f in fns)]
        fns = [f for f in fns if any(fnmatch.fnmatchcase(f.file, g) for g in args.scope)]
    skipped = [f for f in fns if f.variant in args.skip_variant]
    fns = [f for f in fns if f.variant not in args.skip_variant]
    # every multiversioned function in every version
    versions = {v.split("=")[-1] + " clone" for v in shipped}
    marked = multiversioned(root, sorted({f.file for f in fns}))
    found = {}
    for f in fns:
        if llvm_cov.normalize(f.base) in marked:
            found.setdefault(f.base, set()).add(f.variant)
    for name in sorted(marked):
        expected = versions - set(args.skip_variant)
        if found.get(name, set()) != expected:
            problems.append(f"{name}: versions in the coverage data {sorted(found.get(name, []))}, "
                            f"expected {sorted(expected)}")
    # apart: what the tests without a requirement tag reach
    apart_data = os.path.join(work, "apart.profdata")
    apart_counts = {}
    if profiles.merge(profiles_of(apart), apart_data):
        apart_counts = profiles.function_counts(apart_data, objects, sources)

    gaps = []
    totals = {k: [0, 0] for k in ("statements", "decisions", "conditions")}
    table = []
    for f in sorted(fns, key=lambda f: (f.file, f.line, f.base, f.variant)):
        g = gaps_of(f)
        fig = figures(f)
        add(totals, fig)
        gaps += g
        table.append({"function": f.base, "short": justify.short_name(f.base),
                      "variant": f.variant, "file": f.file, "line": f.line, "count": f.count,
                      "gaps": len(g), **fig,
                      "apart_count": apart_counts.get(f.profile_name, 0)})
    executors = runs["executors"]
    wp_report = None
    if args.wp_report and os.path.isfile(args.wp_report):
        with open(args.wp_report, encoding="utf-8") as f:
            wp_report = json.load(f)
    symbols = justify.archive_symbols(args.archive) if args.archive else None
    ran = {f.variant or "single" for f in fns if f.count > 0}
    rows = reg["rows"]
    if args.scope or args.skip_variant:  # a reduced form judges the rows of what it measured
        names = {justify.short_name(f.base) for f in fns}
        rows = [r for r in rows if any(fnmatch.fnmatchcase(n, r["function"]) for n in names)
                and (r["variants"] == "all" or any(
                    v.strip() not in args.skip_variant for v in r["variants"].split(",")))]
    verdicts, row_problems = justify.resolve(gaps, dict(reg, rows=rows), executors, wp_report,
                                             symbols, ran)
    problems += row_problems
    unresolved = [g for g in gaps if not g["resolved"]]
    for g in unresolved:
        problems.append(f"UNRESOLVED {g['gap']} gap in {g['function']}"
                        f"{' [' + g['variant'] + ']' if g['variant'] else ''} at {g['file']}:"
                        f"{g['line']}: {g['at']}"
                        f"{' / condition ' + g['condition'] if g['gap'] == 'mcdc' else ''}"
                        f" ({g['missing']})")
    by_kind = {}
    for g in gaps:
        if g["resolved"]:
            kind = next(r["kind"] for r in rows if r["id"] == g["row"].split(",")[0])
            by_kind[kind] = by_kind.get(kind, 0) + 1
    entered = [sum(1 for f in fns if f.count > 0), len(fns)]
    doc = {
        "schema": "sonnx-structural-coverage/1",
        "tool": {"coverage": "clang source-based coverage with MC/DC (-fprofile-instr-generate "
                             "-fcoverage-mapping -fcoverage-mcdc)",
                 "llvm_suffix": profiles.LLVM_SUFFIX},
        "reduced": bool(args.scope or args.skip_variant),
        "scope": args.scope or ["every file of the sources"],
        "skipped_variants": {"versions": args.skip_variant, "functions": len(skipped)},
        "sources": args.sources,
        "counted_tests": {"what": "Catch2 test cases with a requirement tag of the catalogue",
                          "count": len(counted),
                          "programs": sorted({t["program"] for t in counted})},
        "apart_tests": {"what": "Catch2 test cases without a requirement tag (oracle, tools, "
                                "platform): measured apart, not counted",
                        "count": len(apart), "programs": sorted({t["program"] for t in apart})},
        "not_run": "the exhaustive sweeps, the fuzzers and the CTest checks of the tools: no "
                   "requirement-based Catch2 test case, not counted",
        "executors": executors,
        "emulator_disagreements": runs["emulator_disagreements"],
        "measured": {"functions_entered": entered,
                     **{k: v for k, v in totals.items()},
                     "percent": {k: percent(v) for k, v in totals.items()}},
        "gaps": {"total": len(gaps), "resolved": len(gaps) - len(unresolved),
                 "unresolved": len(unresolved), "resolved_by_kind": by_kind,
                 "list": [{k: v for k, v in g.items() if k != "decision_covered"} for g in gaps]},
        "register": {"file": os.path.relpath(os.path.realpath(args.register), root),
                     "rows": verdicts},
        "functions": table,
        "multiversion": {"versions": sorted(versions), "functions": {
            k: sorted(v) for k, v in sorted(found.items())}},
        "problems": problems,
        "ok": not problems,
    }
    if args.html and not args.scope:
        page = profiles.html(counted_data, objects, sources,
                             os.path.join(args.out, "coverage-mcdc"), args.root)
        doc["html"] = os.path.relpath(page, args.out)
    schema.write(os.path.join(args.out, args.name), doc, name="structural-coverage")
    if not args.scope and not args.skip_variant:
        names = {f.profile_name: {"function": f.base, "variant": f.variant, "file": f.file,
                                  "line": f.line} for f in fns}
        reach = reach_per_requirement(counted, objects, sources, work, names)
        schema.write(os.path.join(args.out, "coverage-reach.json"), reach, name="coverage-reach")
    m = doc["measured"]["percent"]
    return verdict(
        f"structural coverage ({len(counted)} requirement-tagged test cases, {len(fns)} compiled "
        f"functions): statements {m['statements']}%, decisions {m['decisions']}%, MC/DC "
        f"{m['conditions']}% measured; {len(gaps)} gaps, {len(gaps) - len(unresolved)} resolved "
        f"by the register, {len(unresolved)} unresolved", problems, 60)


def reach_per_requirement(counted, objects, sources, work, names):
    """{requirement: {tests, functions: [{function, variant, file, line}]}}: the functions
    each requirement's tests reach, from profiles of those tests alone."""
    ids = sorted({r for t in counted for r in t["requirements"]})
    out = {"schema": "sonnx-coverage-reach/1", "requirements": {}}
    for rid in ids:
        tests = [t for t in counted if rid in t["requirements"]]
        data = os.path.join(work, f"req-{rid}.profdata")
        profiles.merge([p for t in tests for r in t["runs"].values() if r["ok"]
                        for p in r["profiles"]], data)
        counts = profiles.function_counts(data, objects, sources)
        reached = [names[n] for n, c in sorted(counts.items()) if c > 0 and n in names]
        out["requirements"][rid] = {"tests": len(tests), "functions": reached}
    out["functions"] = sorted(names.values(), key=lambda f: (f["file"], f["line"], f["function"],
                                                              f["variant"]))
    return out


if __name__ == "__main__":
    sys.exit(main())
