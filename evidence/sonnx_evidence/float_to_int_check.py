#!/usr/bin/env python3
"""Every float-to-integer conversion of the C-subset files carries a WP-proved range assertion.

  float_to_int_check.py --properties CSV [--json OUT] [-I DIR]... FILE...
  float_to_int_check.py --self-test

C11 6.3.1.4 leaves the conversion of a floating value to an integer type undefined when the
truncated value is not representable, and Frama-C 25's RTE plug-in emits no `float_to_int` check
when the target type is a typedef such as int8_t (docs/assumptions.md AS-TOOL-4; reproducer
proofs/frama-c/notes/rte_float_to_int_typedef.c). So the C-subset files state the condition
themselves, and this check holds them to it:

- the conversions are enumerated from clang's AST (`-Xclang -ast-dump=json`, the file parsed as C
  as Frama-C parses it): every CStyleCastExpr or ImplicitCastExpr of kind FloatingToIntegral in a
  function defined in FILE;
- each must convert a named value V (a variable or parameter) to an integer type of width w, and
  the statement that contains it must be preceded (between it and the previous statement of its
  block) by an ACSL assertion whose text, as Frama-C prints it in its property report, is exactly
  `LO < V < HI` with LO = -2^(w-1) - 1 and HI = 2^(w-1) for a signed type, LO = -1 and HI = 2^w for
  an unsigned one: the truncated value is representable exactly when it holds;
- that assertion's status in the report (`-report-csv` of proofs/frama-c/prove.sh, which joins
  the passes into wp-properties.csv) must be Valid: proved by WP.

Widths are those of Frama-C's x86_64 machine model, which prove.sh pins (char is signed, long is
64 bits). Exit status 0 when every conversion is matched, 1 otherwise, 2 on a usage or tool error.
"""
import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile

# x86_64 (LP64) widths and signedness of the integer types (clang's desugared spelling)
INTEGER_TYPES = {
    "char": (8, True), "signed char": (8, True), "unsigned char": (8, False),
    "short": (16, True), "unsigned short": (16, False),
    "int": (32, True), "unsigned int": (32, False),
    "long": (64, True), "unsigned long": (64, False),
    "long long": (64, True), "unsigned long long": (64, False),
}
from . import schema
from .paths import FRAMAC as HERE


def clang_ast(path, includes, clang):
    command = [clang, "-x", "c", "-std=c11", "-fsyntax-only", "-Xclang", "-ast-dump=json"]
    command += [f"-I{d}" for d in includes] + [path]
    run = subprocess.run(command, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise RuntimeError(f"{clang} failed on {path}:\n{run.stderr}")
    return json.loads(run.stdout)


def annotate_files(node, state):
    """clang's JSON names a location's file only when it differs from the previous location's, in
    document order: record the file on every location, walking the nodes in that order"""
    def location(loc):
        if "spellingLoc" in loc:
            location(loc["spellingLoc"])
            location(loc["expansionLoc"])
            loc["file"], loc["offset"] = loc["expansionLoc"]["file"], loc["expansionLoc"]["offset"]
            return
        if "file" in loc:
            state["file"] = loc["file"]
        loc["file"] = state["file"]

    for key, value in node.items():
        if key == "loc" and value:
            location(value)
        elif key == "range" and value:
            location(value["begin"])
            location(value["end"])
        elif key == "inner":
            for child in value:
                annotate_files(child, state)


def strip(expr):
    while expr.get("kind") in ("ParenExpr", "ImplicitCastExpr") and expr.get("inner"):
        if expr.get("castKind") == "FloatingToIntegral":
            break
        expr = expr["inner"][0]
    return expr


def conversions(path, includes, clang):
    """(function, line, statement window (first line, last line), target type, converted name)"""
    tree = clang_ast(path, includes, clang)
    annotate_files(tree, {"file": None})
    text = open(path, "rb").read()
    line_of = lambda offset: text.count(b"\n", 0, offset) + 1
    found = []

    def walk(node, function, block, statement):
        kind = node.get("kind")
        if kind == "CompoundStmt":
            children = node.get("inner", [])
            opening = node["range"]["begin"]["offset"]
            for i, child in enumerate(children):
                previous_end = children[i - 1]["range"]["end"]["offset"] if i else opening
                window = (line_of(previous_end) + 1 if i else line_of(opening),
                          line_of(child["range"]["begin"]["offset"]))
                walk(child, function, node, window)
            return
        if kind in ("CStyleCastExpr", "ImplicitCastExpr") and \
                node.get("castKind") == "FloatingToIntegral":
            operand = strip(node["inner"][0])
            name = None
            if operand.get("kind") == "DeclRefExpr":
                name = operand["referencedDecl"].get("name")
            target = node["type"].get("desugaredQualType", node["type"]["qualType"])
            found.append({"function": function, "line": line_of(node["range"]["begin"]["offset"]),
                          "window": statement, "target": target.replace("const ", ""),
                          "converted": name})
        for child in node.get("inner", []):
            walk(child, function, block, statement)

    for decl in tree.get("inner", []):
        if decl.get("kind") != "FunctionDecl" or not decl.get("inner"):
            continue
        if os.path.realpath(decl["range"]["begin"].get("file") or "") != os.path.realpath(path):
            continue
        for child in decl["inner"]:
            if child.get("kind") == "CompoundStmt":
                walk(child, decl["name"], None, None)
    return found


def expected_assertion(target, name):
    width, signed = INTEGER_TYPES[target]
    low, high = (-(2 ** (width - 1)) - 1, 2 ** (width - 1)) if signed else (-1, 2 ** width)
    return f"{low} < {name} < {high}"


def proved_assertions(csv_path):
    """(file name, function) -> [(line, text, status)] of the user assertions of the report"""
    result = {}
    with open(csv_path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if row.get("property kind") != "user assertion":
                continue
            key = (row["file"], row["function"])
            result.setdefault(key, []).append((int(row["line"]), row["property"], row["status"]))
    return result


def check(files, includes, csv_path, clang="clang"):
    assertions = proved_assertions(csv_path)
    records, failures = [], []
    for path in files:
        for c in conversions(path, includes, clang):
            record = dict(c, file=os.path.basename(path), window=list(c["window"]))
            where = f"{path}:{c['line']} ({c['function']}, to {c['target']})"
            if c["target"] not in INTEGER_TYPES:
                record["verdict"] = "unknown integer type"
            elif c["converted"] is None:
                record["verdict"] = "the converted value is not a named variable"
            else:
                record["assertion"] = expected_assertion(c["target"], c["converted"])
                first, last = c["window"]
                candidates = [(line, status) for line, text, status in
                              assertions.get((record["file"], c["function"]), [])
                              if first <= line <= last and text == record["assertion"]]
                proved = [line for line, status in candidates if status == "Valid"]
                if proved:
                    record["verdict"], record["assertion_line"] = "proved", proved[0]
                elif candidates:
                    record["verdict"] = "assertion not proved: " + candidates[0][1]
                else:
                    record["verdict"] = "no range assertion before the statement"
            records.append(record)
            if record["verdict"] != "proved":
                failures.append(f"{where}: {record['verdict']}"
                                + (f" (expected `{record['assertion']}` on lines "
                                   f"{c['window'][0]}-{c['window'][1]})"
                                   if "assertion" in record else ""))
    return records, failures


def self_test():
    """The check fails on the planted unguarded conversions of the reproducer and accepts its
    guarded one; the reproducer shows the RTE plug-in's behaviour (AS-TOOL-4)."""
    source = os.path.join(HERE, "notes", "rte_float_to_int_typedef.c")
    work = tempfile.mkdtemp(prefix="float-to-int-")
    try:
        report = os.path.join(work, "properties.csv")
        run = subprocess.run(
            ["frama-c", source, "-machdep", "x86_64", "-rte", "-then", "-wp", "-wp-prover", "qed",
             "-wp-session", os.path.join(work, "session"), "-then", "-report", "-report-untried",
             "-report-csv", report],
            capture_output=True, text=True, check=False, cwd=work)
        if not os.path.exists(report):
            print(run.stdout + run.stderr, file=sys.stderr)
            return 2
        rows = list(csv.DictReader(open(report, newline="", encoding="utf-8"), delimiter="\t"))
        kinds = {(r["function"], r["property kind"]) for r in rows}
        status = {(r["function"], r["property kind"]): r["status"] for r in rows}
        facts = {
            "RTE emits float_to_int for a plain `signed char` target":
                ("plain_target", "float_to_int") in kinds,
            "RTE emits no float_to_int for an int8_t (typedef) target":
                ("typedef_target", "float_to_int") not in kinds,
            "WP proves (int8_t)300.0f == 44":
                status.get(("typedef_target", "postcondition")) == "Valid",
        }
        records, failures = check([source], [], report)
        unguarded = sorted(r["function"] for r in records if r["verdict"] != "proved")
        facts["the check reports exactly the two unguarded conversions"] = \
            unguarded == ["plain_target", "typedef_target"]
        facts["the check accepts the guarded conversion"] = \
            [r["verdict"] for r in records if r["function"] == "guarded"] == ["proved"]
        for fact, holds in facts.items():
            print(f"{'ok' if holds else 'FAILED'}: {fact}")
        for failure in failures:
            print(f"  planted: {failure}")
        return 0 if all(facts.values()) else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--properties")
    parser.add_argument("--json")
    parser.add_argument("-I", dest="includes", action="append", default=[])
    parser.add_argument("--clang", default="clang")
    parser.add_argument("--self-test", action="store_true")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    if not args.properties or not args.files:
        parser.error("--properties and at least one FILE are required")
    try:
        records, failures = check(args.files, args.includes, args.properties, args.clang)
    except (RuntimeError, OSError, ValueError) as error:
        print(f"float_to_int_check: {error}", file=sys.stderr)
        return 2
    if args.json:
        schema.write(args.json, {"what": "float-to-integer conversions of the C-subset files and "
                                         "their WP-proved range assertions "
                                         "(sonnx_evidence.float_to_int_check)",
                                 "conversions": records, "unguarded": len(failures)},
                     name="wp-float-to-int")
    for failure in failures:
        print(f"UNGUARDED: {failure}")
    print(f"float-to-int conversions: {len(records) - len(failures)}/{len(records)} carry a "
          f"WP-proved range assertion")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
