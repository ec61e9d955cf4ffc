"""Every function the proved C files define is proved by a WP pass or registered with its reason.

  python3 -m sonnx_evidence.wp_functions [--root DIR] [--properties CSV] [--json OUT]

The definitions and the calls come from clang's AST (`-Xclang -ast-dump=json`, each file of
proofs/frama-c/passes.json parsed as C as Frama-C parses it; a definition in one of their headers
counts too), never from the source text. Each defined function must be selected by a pass of
passes.json, or named by a register row (spec/assumptions.json, `wp_unselected`: file, function,
its whole contract, and the row's reason). With --properties (Frama-C's property report of the
run, -report-csv), the contract of every unselected function (each property Frama-C lists for it,
"kind: text") must be exactly the registered one: a proved caller relies on that contract
unproved, so a changed or added clause is a new, unregistered assumption. A function a pass
selects that the files do not define fails too. Writes OUT (wp-function-coverage.json, the formal
analysis coverage the structural-coverage report reads). Exit status 0 iff nothing is uncovered.
"""
import argparse
import csv
import os
import sys

from . import schema, wp_register
from .float_to_int_check import annotate_files, clang_ast
from .paths import ROOT
from .wp_passes import PASSES_FILE, Passes


def definitions(passes, clang="clang"):
    """{name: {"file", "line", "calls"}} of the functions defined in the C files or their headers
    (those under the include folders)"""
    roots = [os.path.realpath(d) + os.sep for d in passes.include_dirs()]
    files = {os.path.realpath(f) for f in passes.c_files()}
    out = {}
    for path in passes.c_files():
        tree = clang_ast(path, passes.include_dirs(), clang)
        annotate_files(tree, {"file": None})
        for decl in tree.get("inner", []):
            if decl.get("kind") != "FunctionDecl" or not any(
                    c.get("kind") == "CompoundStmt" for c in decl.get("inner", [])):
                continue
            where = os.path.realpath(decl.get("loc", {}).get("file") or
                                     decl["range"]["begin"].get("file") or "")
            if where not in files and not any(where.startswith(r) for r in roots):
                continue
            calls = set()

            def walk(node):
                if node.get("kind") == "DeclRefExpr" and \
                        node.get("referencedDecl", {}).get("kind") == "FunctionDecl":
                    calls.add(node["referencedDecl"]["name"])
                for child in node.get("inner", []):
                    walk(child)
            walk(decl)
            entry = out.setdefault(decl["name"], {
                "file": os.path.relpath(where, passes.root),
                "line": decl.get("loc", {}).get("line"), "calls": set()})
            entry["calls"] |= calls - {decl["name"]}
    return out


def contracts(csv_path, names):
    """{function: sorted ["kind: text"]} of Frama-C's property report for the given functions"""
    out = {n: [] for n in names}
    with open(csv_path, encoding="utf-8", newline="") as f:
        for row in csv.reader(f, delimiter="\t"):
            if len(row) >= 7 and row[3] in out:
                out[row[3]].append(wp_register.normalize(f"{row[4]}: {chr(9).join(row[6:])}"))
    return {n: sorted(v) for n, v in out.items()}


def check(passes, properties=None, clang="clang"):
    """(evidence document, problems)"""
    defined = definitions(passes, clang)
    selected = passes.selected()
    registered = wp_register.unselected()
    problems, functions = [], []
    callers = {}
    for name, d in defined.items():
        for callee in d["calls"]:
            callers.setdefault(callee, set()).add(name)
    unselected = [n for n in defined if n not in selected]
    found = contracts(properties, unselected) if properties else {}
    for name, d in sorted(defined.items(), key=lambda kv: (kv[1]["file"], kv[1]["line"] or 0)):
        entry = {"function": name, "file": d["file"], "line": d["line"],
                 "callers": sorted(callers.get(name, ()))}
        if name in selected:
            entry.update({"status": "proved", "pass": selected[name]})
        elif name in registered and registered[name]["file"] == d["file"]:
            reg = registered[name]
            entry.update(status="registered", row=reg["row"], contract=reg["contract"])
            if properties and found.get(name) != reg["contract"]:
                entry["status"] = "contract changed"
                problems.append("CONTRACT OF AN UNPROVED FUNCTION NOT AS REGISTERED "
                                f"({reg['row']}): "
                                f"{name} ({d['file']}): Frama-C lists {found.get(name)}, the "
                                f"register {reg['contract']}")
        else:
            entry["status"] = "uncovered"
            relied = [c for c in entry["callers"] if c in selected]
            problems.append(f"FUNCTION NEITHER PROVED NOR REGISTERED: {name} ({d['file']}:"
                            f"{d['line']})" + (f", whose contract {', '.join(relied)} rely on"
                                               if relied else ""))
        functions.append(entry)
    for name in sorted(set(selected) - set(defined)):
        problems.append(f"A PASS SELECTS A FUNCTION THE FILES DO NOT DEFINE: {name} "
                        f"({selected[name]} pass)")
    counts = {s: sum(1 for f in functions if f["status"] == s)
              for s in ("proved", "registered", "uncovered", "contract changed")}
    doc = {"what": "every function defined in the proved C files (clang's AST): proved by a WP "
                   "pass, or registered with its contract and reason (spec/assumptions.json "
                   "wp_unselected)",
           "files": [os.path.relpath(f, passes.root) for f in passes.c_files()],
           "contracts_checked": bool(properties), "functions": functions, "counts": counts,
           "problems": problems, "ok": not problems}
    return doc, problems


def run(passes, properties, out, log=None, clang="clang"):
    """check, write OUT, print (and append to log); 0 or 1"""
    doc, problems = check(passes, properties if properties and os.path.exists(properties)
                          else None, clang)
    schema.write(out, doc, name="wp-function-coverage")
    c = doc["counts"]
    lines = [f"functions of the proved C files: {len(doc['functions'])} defined, {c['proved']} "
             f"proved by a pass, {c['registered']} registered unproved"] + ["  " + p
                                                                        for p in problems]
    print("\n".join(lines))
    if log:
        with open(log, "a", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
    return 1 if problems else 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m sonnx_evidence.wp_functions")
    ap.add_argument("--root", default=ROOT)
    ap.add_argument("--passes", default=PASSES_FILE)
    ap.add_argument("--properties", default=None)
    ap.add_argument("--json", default=os.path.join(ROOT, "build", "evidence",
                                                   "wp-function-coverage.json"))
    ap.add_argument("--clang", default="clang")
    a = ap.parse_args(argv)
    os.makedirs(os.path.dirname(os.path.abspath(a.json)), exist_ok=True)
    try:
        return run(Passes(a.passes, a.root), a.properties, a.json, clang=a.clang)
    except (RuntimeError, OSError, ValueError) as e:  # a file clang cannot parse, a missing file
        print(f"wp_functions: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
