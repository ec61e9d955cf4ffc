"""Two evidence folders of the same commit compared: they must differ only in what the schemas
declare volatile (times, dates, load, machine), issue 52's "same answers twice".

    python3 -m sonnx_evidence.compare_evidence A B [--rules FILE]

Every file of either folder must be in both. A file follows the first rule of
evidence/compare-rules.json whose glob matches its path:
- "volatile": a file that records the run itself (a console log with times, a rendering with the
  date); not compared.
- "json": a JSON file compared value by value but for the fields its "volatile" list names
  ("$.a[*].b"), and, in a report of tables (traceability.json), the cells "volatile_cells" names:
  {"section": title, "column": header} or {"section": title, "field": first cell}. A "json" or
  "schema" rule's "nonzero" fields (and "nonzero_cells") are compared only as zero or not: an
  execution count varies, whether the code ran does not.
- "schema": a JSON file compared modulo the x-volatile fields of the schema the rule names (a file
  whose name does not say its schema).
- "text": a text file compared byte for byte once each match of its "volatile_patterns" (regular
  expressions: a timestamp attribute) is blanked.
- "identical": byte for byte.
A file no rule names is compared, when it is a JSON file with a schema (evidence/schemas/), value by
value, ignoring the fields its schema marks "x-volatile": true (the same fields in both documents,
so a volatile field that one run has and the other lacks is a difference too), and byte for byte
otherwise. The manifest (manifest.json) lists the hashes of the others and is compared through
them. Both folders must be evidence folders (a traceability.json), and every rule of a known kind
with its reason, else exit 2. Two bundles may come from checkouts in other folders: in each file,
the path of the checkout its bundle was produced in (the report's evidence_dir,
<checkout>/build/evidence) is read as <checkout> before the comparison. Exit status: 0 no
difference but volatile ones, 1 a difference, 2 usage.
"""
import json
import os
import re
import sys

from . import schema
from .evidence_provenance import glob_regex
from .findings import report
from .manifest import NAME as MANIFEST
from .paths import ROOT

RULES_FILE = os.path.join(ROOT, "evidence", "compare-rules.json")
KINDS = ("volatile", "json", "schema", "text", "identical")


def parse_fields(fields):
    """'$.a.b[*].c' -> ('a', 'b', '[*]', 'c') (the rules file's notation)"""
    return [tuple(t for t in re.findall(r"\[\*\]|\[\d+\]|[^.\[\]]+", f[2:] if f.startswith("$.")
                                        else f)) for f in fields]


def volatile(path, patterns):
    for p in patterns:
        if len(p) == len(path) and all(q == t or (q == "*" and not t.startswith("[")) or
                                       (q == "[*]" and t.startswith("[")) for q, t in zip(p, path)):
            return True
    return False


def diff(a, b, patterns, path=(), nonzero=()):
    """[(path, a, b)] of the non-volatile differences between two JSON values; at a path of
    `nonzero` only whether the value is zero is compared (an execution count: covered or not)"""
    if volatile(path, nonzero):
        return [] if (a in (0, "0")) == (b in (0, "0")) else [(path, a, b)]
    if volatile(path, patterns):
        return []
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in list(a) + [k for k in b if k not in a]:
            if k not in a or k not in b:
                if not volatile(path + (k,), patterns):
                    out.append((path + (k,), a.get(k, "<absent>"), b.get(k, "<absent>")))
            else:
                out += diff(a[k], b[k], patterns, path + (k,), nonzero)
        return out
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return [(path, f"{len(a)} items", f"{len(b)} items")]
        return [d for k, (x, y) in enumerate(zip(a, b))
                for d in diff(x, y, patterns, path + (f"[{k}]",), nonzero)]
    return [] if a == b and type(a) is type(b) else [(path, a, b)]


def files_of(folder):
    out = set()
    for here, _, names in os.walk(folder):
        for n in names:
            out.add(os.path.relpath(os.path.join(here, n), folder).replace(os.sep, "/"))
    return out


def rule_of(rel, rules):
    for r in rules:
        if glob_regex(r["glob"]).match(rel):
            return r
    return {"glob": "**", "rule": "schema or identical"}


def cells(doc, specs):
    """the token paths of the table cells a "volatile_cells" list names, in one report document
    (its sections' tables: a caption, a header and rows of cells)"""
    out = []
    for i, sec in enumerate(doc.get("sections", []) if isinstance(doc, dict) else []):
        for j, table in enumerate(sec.get("tables", []) if isinstance(sec, dict) else []):
            header = table.get("header", []) if isinstance(table, dict) else []
            where = ("sections", f"[{i}]", "tables", f"[{j}]", "rows")
            for spec in specs:
                if spec["section"] != sec.get("title"):
                    continue
                if "column" in spec and spec["column"] in header:
                    out.append(where + ("[*]", f"[{header.index(spec['column'])}]"))
                for k, row in enumerate(table.get("rows", []) if "field" in spec else []):
                    if isinstance(row, list) and row and row[0] == spec["field"]:
                        out.append(where + (f"[{k}]", "[1]"))
    return out


def checkout_of(folder):
    """the checkout a bundle was produced in, as its report recorded it (the folder it read,
    <checkout>/build/evidence), else None"""
    try:
        with open(os.path.join(folder, "traceability.json"), encoding="utf-8") as f:
            where = json.load(f).get("evidence_dir", "")
    except (OSError, ValueError, AttributeError):
        return None
    suffix = "/build/evidence"
    return where[:-len(suffix)] if isinstance(where, str) and where.endswith(suffix) else None


def content(path, checkout, patterns=()):
    """a file's bytes with its own checkout's path written <checkout> (the commands, links and
    configurations that name a file of the checkout) and each match of `patterns` blanked"""
    with open(path, "rb") as f:
        data = f.read()
    if checkout:
        data = data.replace(checkout.encode() + b"/", b"<checkout>/")
    for p in patterns:
        data = re.sub(p.encode(), b"<volatile>", data)
    return data


def compare(a_dir, b_dir, rules):
    """[(file, what)] of the differences that are not volatile, and the files compared"""
    problems = []
    a_files, b_files = files_of(a_dir), files_of(b_dir)
    checkouts = checkout_of(a_dir), checkout_of(b_dir)
    for rel in sorted(a_files ^ b_files):
        problems.append((rel, f"only in {a_dir if rel in a_files else b_dir}"))
    for rel in sorted(a_files & b_files):
        if rel == MANIFEST:
            continue
        pa, pb = os.path.join(a_dir, rel), os.path.join(b_dir, rel)
        name = schema.schema_name(rel) if rel.endswith(".json") else None
        rule = rule_of(rel, rules)
        if rule["rule"] == "volatile":
            continue
        if rule["rule"] == "schema":
            name = rule["schema"]
        if rule["rule"] == "json":
            patterns = parse_fields(rule["volatile"])
        elif rule["rule"] not in ("identical", "text") and name and os.path.exists(
                os.path.join(schema.SCHEMAS, name + ".schema.json")):
            patterns = schema.volatile_fields(schema.load(name))
        else:
            text = rule.get("volatile_patterns", ()) if rule["rule"] == "text" else ()
            if content(pa, checkouts[0], text) != content(pb, checkouts[1], text):
                problems.append((rel, "differs (compared as text but for the volatile patterns "
                                      "of its rule)" if text else
                                      "differs (compared byte for byte: no schema and no rule of "
                                      "evidence/compare-rules.json makes it volatile)"))
            continue
        try:
            da = json.loads(content(pa, checkouts[0]).decode("utf-8"))
            db = json.loads(content(pb, checkouts[1]).decode("utf-8"))
        except (OSError, ValueError) as e:
            problems.append((rel, f"unreadable JSON: {e}"))
            continue
        if rule.get("volatile_cells"):
            patterns = patterns + cells(da, rule["volatile_cells"]) + cells(
                db, rule["volatile_cells"])
        nonzero = parse_fields(rule.get("nonzero", []))
        if rule.get("nonzero_cells"):
            nonzero += cells(da, rule["nonzero_cells"]) + cells(db, rule["nonzero_cells"])
        for path, x, y in diff(da, db, patterns, nonzero=nonzero):
            where = schema.field_path(path)
            problems.append((rel, f"{where}: {json.dumps(x)[:80]} against {json.dumps(y)[:80]}"))
    return problems, len(a_files | b_files)


def main(argv):
    args, rules_file = argv[1:], RULES_FILE
    if len(args) == 4 and args[2] == "--rules":
        rules_file, args = args[3], args[:2]
    if len(args) != 2 or not all(os.path.isdir(d) for d in args):
        print(__doc__.strip().splitlines()[3].strip(), file=sys.stderr)
        return 2
    with open(rules_file, encoding="utf-8") as f:
        rules = json.load(f)["rules"]
    unknown = [r.get("glob") for r in rules if r.get("rule") not in KINDS or not r.get("why")]
    if unknown:
        print(f"compare_evidence: rules of an unknown kind or without a reason: {unknown}",
              file=sys.stderr)
        return 2
    for d in args:
        if not os.path.isfile(os.path.join(d, "traceability.json")):
            print(f"compare_evidence: {d} is not an evidence folder (no traceability.json)",
                  file=sys.stderr)
            return 2
    problems, count = compare(args[0], args[1], rules)
    return report([f"DIFFERS {rel}: {what}" for rel, what in problems],
                  f"compare_evidence: {count} files, {len(problems)} difference(s) outside the "
                  "volatile fields")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
