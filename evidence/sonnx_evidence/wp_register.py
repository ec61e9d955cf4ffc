"""The register's entries about the WP proof (spec/assumptions.json), matched by content.

- `wp_assumed`: a precondition that the C++ caller establishes (WP does not read C++);
- `wp_excluded`: a property deselected from WP and backed by other evidence (AS-WP-2);
- `wp_unselected`: a function of the proved C files that no pass proves, with its whole contract.

Each names a function and the clause's text as Frama-C prints it in its property report
(-report-csv: "label: predicate", whitespace collapsed), so that a changed clause, a clause of the
same label or a new one is a new, unregistered assumption; never a label alone. A family written
once over a type (the decision procedures of every type, generated from one template) is one entry:
{"family": "sonnx_div_checked_${s}", "instances": [{"s": "i8", "type": "int8_t"}, ...],
"text": "... sizeof(${type}) ..."}; each instance is the template's clause with its values put in
(string.Template: `$` appears in no ACSL clause).
"""
import json
import string

from .paths import REGISTER


def normalize(text):
    return " ".join(text.split())


def expand(entry):
    """the (function, text) pairs of one entry, a family expanded per instance"""
    if "family" not in entry:
        return [(entry["function"], normalize(entry["text"]))]
    out = []
    for inst in entry["instances"]:
        fill = lambda t: string.Template(t).substitute(inst)
        out.append((fill(entry["family"]), normalize(fill(entry["text"]))))
    return out


def entries(key, path=REGISTER):
    """[{"function", "text", "row", ...}] of every row's `key`, families expanded"""
    with open(path, encoding="utf-8") as f:
        rows = json.load(f)["rows"]
    out = []
    for r in rows:
        for e in r.get(key, []):
            for function, text in expand(e):
                out.append(dict({k: v for k, v in e.items()
                                 if k not in ("family", "instances", "text", "function")},
                                function=function, text=text, row=r["id"]))
    return out


def match(found, function, text):
    """the entry of `found` (entries()) for this function and clause text, or None"""
    text = normalize(text)
    hit = [e for e in found if e["function"] == function and e["text"] == text]
    return hit[0] if hit else None


def unselected(path=REGISTER):
    """{function: {"file", "contract": [normalized "kind: text"], "row"}} of wp_unselected"""
    with open(path, encoding="utf-8") as f:
        rows = json.load(f)["rows"]
    return {e["function"]: {"file": e["file"], "row": r["id"],
                            "contract": sorted(normalize(c) for c in e["contract"])}
            for r in rows for e in r.get("wp_unselected", [])}
