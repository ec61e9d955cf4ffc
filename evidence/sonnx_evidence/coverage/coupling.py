"""Control and data coupling of the library.

    python3 -m sonnx_evidence.coverage.coupling --root . --evidence build/evidence \
        --headers core/include/sonnx/div.hpp core/include/sonnx/tensor.hpp \
        --facade core/src/div/div.cpp --cpp core/src/common/validation.cpp \
        --view-header core/src/common/kernels/sonnx_validation.h \
        --checks C_FILE... --out build/evidence

Control coupling: per requirement, the library functions its tests reach (coverage-reach.json of
sonnx_evidence.coverage.analyse: profiles of that requirement's test cases alone), with links into
the coverage build's source view; the functions no requirement's tests reach are flagged, with the
justification row that resolves their gap (structural-coverage.json).
Data coupling: each parameter of each public function of the headers, the field of the C view
(sonnx_tensor) the façade passes it in (the initializer of tensor_of, in the view's field order),
and the checks that read that field: every call in the bodies of the C-subset checks and decision
procedures whose arguments read it (a.type, b.shape, ...), and every call in the C++ definitions
whose arguments name the parameter. Text the scan does not understand (no tensor_of initializer,
a view field count that differs) fails the run. Writes OUT/coupling.json (schema
evidence/schemas/coupling.schema.json)."""
import argparse
import json
import os
import re
import sys

from .. import schema
from . import verdict


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def balanced(text, start, open_ch="(", close_ch=")"):
    """The index just past the bracket closing the one at text[start]."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == open_ch:
            depth += 1
        elif text[i] == close_ch:
            depth -= 1
            if depth == 0:
                return i + 1
    raise ValueError("unbalanced brackets")


def split_top(text, sep=","):
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return [p.strip() for p in parts]


def definitions(text):
    """{function name: (parameter text, body)} of the function definitions in C or C++ text."""
    text = strip_comments(text)
    out = {}
    for m in re.finditer(r"\b(\w+)\s*\(", text):
        name = m.group(1)
        if name in ("if", "while", "for", "switch", "return", "sizeof", "static_cast"):
            continue
        try:
            close = balanced(text, m.end() - 1)
        except ValueError:
            continue
        after = text[close:close + 40]
        hm = re.match(r"\s*(const\s*)?(noexcept\s*)?\{", after)
        if not hm:
            continue
        body_start = close + hm.end() - 1
        body_end = balanced(text, body_start, "{", "}")
        out[name] = (text[m.end():close - 1], text[body_start:body_end])
    return out


def calls(body):
    """[(callee, [argument text], (start, end) of the arguments)] of the calls in a body."""
    out = []
    for m in re.finditer(r"\b(\w+)\s*\(", body):
        if m.group(1) in ("if", "while", "for", "switch", "return", "sizeof"):
            continue
        close = balanced(body, m.end() - 1)
        out.append((m.group(1), split_top(body[m.end():close - 1]), (m.end(), close - 1)))
    return out


def readers_in(text, names):
    """{a.field (b., c.) or pointer name: {reader}} in the C text: every call whose arguments
    read a.field (for a, b, c) or one of `names` (the typed data pointers), and the function
    itself where it reads them outside any call."""
    readers = {}
    pattern = r"\b([abc])\.(\w+)\b" + (r"|\b(" + "|".join(names) + r")\b" if names else "")
    for fn, (_, body) in definitions(text).items():
        spans = calls(body)
        for m in re.finditer(pattern, body):
            key = f"{m.group(1)}.{m.group(2)}" if m.group(2) else m.group(3)
            inside = [(c, a) for c, _, a in spans if a[0] <= m.start() < a[1]]
            if inside:  # the innermost call reading it
                callee = min(inside, key=lambda ca: ca[1][1] - ca[1][0])[0]
                readers.setdefault(key, set()).add(f"{callee} (called by {fn})")
            else:
                readers.setdefault(key, set()).add(fn)
    return readers


def view_fields(header_text):
    m = re.search(r"typedef struct\s*\{(.*?)\}\s*sonnx_tensor\s*;", strip_comments(header_text),
                  re.S)
    if not m:
        raise ValueError("no sonnx_tensor definition")
    return [re.findall(r"(\w+)\s*;", d + ";")[0] for d in m.group(1).split(";") if d.strip()]


def facade_mapping(facade_text, fields):
    """{public field: [C view fields]} from tensor_of's initializer."""
    m = re.search(r"tensor_of\(const View& view\)[^{]*\{\s*return\s*\{",
                  strip_comments(facade_text))
    if not m:
        raise ValueError("no tensor_of initializer in the façade")
    text = strip_comments(facade_text)
    end = balanced(text, m.end() - 1, "{", "}")
    items = split_top(text[m.end():end - 1])
    if len(items) != len(fields):
        raise ValueError(f"tensor_of gives {len(items)} values for {len(fields)} view fields")
    mapping = {}
    for item, field in zip(items, fields):
        for public in sorted(set(re.findall(r"view\.(\w+)", item))):
            mapping.setdefault(public, []).append(field)
    return mapping


def public_functions(header_texts):
    """[(function, [(type, name)])] declared in the public headers (namespace-level)."""
    out = []
    for text in header_texts:
        text = strip_comments(text)
        for m in re.finditer(r"^\s*(?:[\w:<>]+\s+)+?(\w+)\(([^;{]*?)\)\s*noexcept\s*;", text, re.M):
            params = []
            for p in split_top(m.group(2)):
                pm = re.match(r"(.*?)\s*(\w+)$", p)
                if pm:
                    params.append((pm.group(1), pm.group(2)))
            out.append((m.group(1), params))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", required=True)
    ap.add_argument("--evidence", required=True)
    ap.add_argument("--headers", nargs="+", required=True)
    ap.add_argument("--facade", required=True)
    ap.add_argument("--cpp", nargs="*", default=[])
    ap.add_argument("--view-header", required=True)
    ap.add_argument("--checks", nargs="+", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    root = os.path.realpath(args.root)

    def read(rel):
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            return f.read()

    problems = []
    with open(os.path.join(args.evidence, "coverage-reach.json"), encoding="utf-8") as f:
        reach = json.load(f)
    with open(os.path.join(args.evidence, "structural-coverage.json"), encoding="utf-8") as f:
        structural = json.load(f)
    html = structural.get("html")
    page_dir = os.path.join(os.path.dirname(html), "coverage") if html else ""

    def href(fn):
        return f"{page_dir}/{fn['file']}.html#L{fn['line']}" if page_dir else ""

    control = []
    reached_any = set()
    for rid, entry in sorted(reach["requirements"].items()):
        fns = entry["functions"]
        reached_any |= {(f["function"], f["variant"]) for f in fns}
        control.append({"requirement": rid, "tests": entry["tests"], "functions": len(fns),
                        "files": ", ".join(sorted({f["file"] for f in fns})),
                        "reached": [dict(f, href=href(f)) for f in fns]})
    rows = {(g["function"], g["variant"]): g["row"] for g in structural["gaps"]["list"]
            if g["gap"] == "function"}
    unreached = [dict(f, resolved_by=rows.get((f["function"], f["variant"]), ""))
                 for f in reach["functions"] if (f["function"], f["variant"]) not in reached_any]
    for f in unreached:
        if not f["resolved_by"]:
            problems.append(f"reached by no requirement's tests and in no register row: "
                            f"{f['function']} {f['variant']}")
    # data coupling
    data = []
    try:
        fields = view_fields(read(args.view_header))
        mapping = facade_mapping(read(args.facade), fields)
        facade = strip_comments(read(args.facade))
        # the typed data pointers: data_of<T>(a), data_of<T>(b), data_of<T>(c) in the call of the
        # procedure, in the procedures' parameter order (pa, pb, pc)
        typed = re.findall(r"data_of<\w+>\((\w)\)", facade)
        readers = {}  # view field or typed pointer -> set of checks
        pointer_names = set()
        for rel in args.checks:
            text = read(rel)
            for fn, (params, _) in definitions(text).items():
                if fn.startswith("sonnx_div_checked_"):
                    names = [p.split()[-1].lstrip("*") for p in split_top(params)]
                    pointer_names |= set(names[3:6])
            for key, who in readers_in(text, sorted(pointer_names)).items():
                readers.setdefault(key, set()).update(who)
        if typed[:3] != ["a", "b", "c"] or sorted(pointer_names) != ["pa", "pb", "pc"]:
            raise ValueError(f"the façade's typed data {typed[:3]} or the procedures' pointers "
                             f"{sorted(pointer_names)} are not a, b, c -> pa, pb, pc")
        for view_name, pointer in zip("abc", ("pa", "pb", "pc")):
            mapping_typed = readers.get(pointer, set())
            readers[f"{view_name}-typed"] = mapping_typed
        cpp_defs = {}
        for rel in [args.facade] + args.cpp:
            cpp_defs.update(definitions(read(rel)))
        for name, params in public_functions([read(h) for h in args.headers]):
            entry = f"sonnx::{name}({', '.join(p for _, p in params)})"
            for ptype, pname in params:
                if "TensorView" in ptype:
                    for public, cfields in sorted(mapping.items()):
                        read_by = sorted({r for cf in cfields
                                          for r in readers.get(f"{pname}.{cf}", [])})
                        field = ", ".join(f"sonnx_tensor.{c}" for c in cfields)
                        if public == "data":  # also passed typed, as the procedure's pointer
                            read_by += sorted(readers.get(f"{pname}-typed", []))
                            field += f"; p{pname} (typed)"
                        data.append({"entry": entry, "parameter": f"{pname}.{public}",
                                     "field": field, "read_by": "; ".join(read_by) or "no check"})
                        if not read_by:
                            problems.append(f"{entry}: {pname}.{public} read by no check")
                else:
                    body = cpp_defs.get(name, ("", ""))[1]
                    users = sorted({callee for callee, arguments, _ in calls(body)
                                    if any(re.search(rf"\b{pname}\b", a) for a in arguments)})
                    data.append({"entry": entry, "parameter": pname, "field": "-",
                                 "read_by": "; ".join(users) or "the function itself"})
    except (ValueError, OSError) as e:
        problems.append(f"data coupling: {e}")
    doc = {"schema": "sonnx-coupling/1",
           "summary": {"requirements": len(control), "unreached": len(unreached),
                       "parameters": len(data)},
           "control": control, "unreached": unreached, "data": data,
           "problems": problems, "ok": not problems}
    schema.write(os.path.join(args.out, "coupling.json"), doc, name="coupling")
    return verdict(
        f"coupling: {len(control)} requirements with the functions their tests reach, "
        f"{len(unreached)} functions reached by none, {len(data)} public parameters traced",
        problems)


if __name__ == "__main__":
    sys.exit(main())
