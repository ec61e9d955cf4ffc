"""The requirement catalogue and its trace links as ReqIF 1.2 (OMG ReqIF, namespace
http://www.omg.org/spec/ReqIF/20110401/reqif.xsd), for requirement tools (DOORS, Polarion,
StrictDoc) to import.

    python3 -m sonnx_evidence.coverage.reqif --catalogue spec/requirements.json
        [--trace build/evidence/traceability.json] --out build/evidence/requirements.reqif
    python3 -m sonnx_evidence.coverage.reqif --check FILE.reqif [--catalogue spec/requirements.json]

One SPEC-OBJECT per requirement (type "Requirement": ID, title, statement, source, verification
methods, proof level), one per test case and one per proof goal or sweep (types "Test case" and
"Proof goal"), SPEC-RELATIONs "verified by" (requirement to test case) and "decided by"
(requirement to goal), and one SPECIFICATION listing the requirements in catalogue order. The
trace links and proof levels are those the traceability report computed (traceability.json: its
test cases, its goals, its proof level per requirement), read by `trace_links` alone; without a
report the goals are the names the catalogue gives and the proof level says it was not computed.
--check: the structural checks (every reference resolves, identifiers unique, one requirement
object per catalogue ID with its ID, every relation typed) beside the XML Schema of the subset
(evidence/schemas/reqif-subset.xsd, checked by xmllint in the tests)."""
import argparse
import datetime
import json
import sys
import xml.etree.ElementTree as ET

NS = "http://www.omg.org/spec/ReqIF/20110401/reqif.xsd"
ATTRIBUTES = [("ID", "ReqIF.ForeignID"), ("TITLE", "ReqIF.Name"), ("STATEMENT", "ReqIF.Text"),
              ("SOURCE", "Source"), ("VERIFICATION", "Verification methods"),
              ("PROOF-LEVEL", "Proof level")]
ITEM_ATTRIBUTES = [("NAME", "ReqIF.Name"), ("KIND", "Kind")]


def trace_links(catalogue, trace):
    """{id: {"level", "tests": [(name, program)], "goals": [(name, method)]}}: the report's
    computed expansion where a traceability.json is given, the catalogue's names otherwise."""
    out = {}
    by_id = {r["id"]: r for r in (trace or {}).get("requirements", [])}
    for req in catalogue["requirements"]:
        rep = by_id.get(req["id"])
        if rep is not None:
            levels = rep.get("proof_level_by_type", {})
            level = rep.get("proof_level", "")
            if levels and set(levels) != {"all"}:
                level += " (" + ", ".join(f"{t}: {v}" for t, v in sorted(levels.items())) + ")"
            if rep.get("conditional"):
                level += ", conditional"
            tests = [(c["name"], c.get("executable", ""))
                     for c in rep.get("tests", {}).get("cases", [])]
            goals = [(g["goal"], g["tool"]) for g in rep.get("goals", [])]
            goals += [(e.get("sweep") or e.get("name") or e.get("file", ""), "exhaustive")
                      for e in rep.get("exhaustive", []) if isinstance(e, dict)]
        else:
            level = "not computed (no traceability report)"
            tests = []
            goals = []
            for d in req.get("decided_by", []):
                for key in ("goals", "properties", "families", "sweeps"):
                    goals += [(g if isinstance(g, str) else json.dumps(g), d["method"])
                              for g in d.get(key, [])]
        out[req["id"]] = {"level": level, "tests": sorted(set(tests)),
                          "goals": sorted(set(goals))}
    return out


def _sub(parent, tag, text=None, **attrs):
    el = ET.SubElement(parent, f"{{{NS}}}{tag}", {k.replace("_", "-"): v for k, v in attrs.items()})
    if text is not None:
        el.text = text
    return el


def _string_values(obj, values, prefix):
    vals = _sub(obj, "VALUES")
    for key, value in values:
        v = _sub(vals, "ATTRIBUTE-VALUE-STRING", THE_VALUE=value)
        d = _sub(v, "DEFINITION")
        _sub(d, "ATTRIBUTE-DEFINITION-STRING-REF", f"AD-{prefix}-{key}")


def _object_type(types, ident, name, attributes, stamp):
    t = _sub(types, "SPEC-OBJECT-TYPE", IDENTIFIER=ident, LAST_CHANGE=stamp, LONG_NAME=name)
    attrs = _sub(t, "SPEC-ATTRIBUTES")
    for key, long_name in attributes:
        a = _sub(attrs, "ATTRIBUTE-DEFINITION-STRING", IDENTIFIER=f"AD-{ident[4:]}-{key}",
                 LAST_CHANGE=stamp, LONG_NAME=long_name)
        _sub(_sub(a, "TYPE"), "DATATYPE-DEFINITION-STRING-REF", "DT-STRING")


def _ident(prefix, text):
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in text)
    return f"{prefix}-{safe}"


def export(catalogue, trace, stamp=None):
    stamp = stamp or datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).isoformat()
    links = trace_links(catalogue, trace)
    ET.register_namespace("", NS)
    root = ET.Element(f"{{{NS}}}REQ-IF")
    header = _sub(_sub(root, "THE-HEADER"), "REQ-IF-HEADER", IDENTIFIER="sonnx-div-requirements")
    _sub(header, "COMMENT", "SONNX Div requirement catalogue (spec/requirements.json) with its "
                            "trace links to test cases and proof goals")
    _sub(header, "CREATION-TIME", stamp)
    _sub(header, "REQ-IF-TOOL-ID", "sonnx_evidence.coverage.reqif")
    _sub(header, "REQ-IF-VERSION", "1.0")
    _sub(header, "SOURCE-TOOL-ID", "sonnx-div traceability")
    _sub(header, "TITLE", "SONNX Div requirements")
    content = _sub(_sub(root, "CORE-CONTENT"), "REQ-IF-CONTENT")
    _sub(_sub(content, "DATATYPES"), "DATATYPE-DEFINITION-STRING", IDENTIFIER="DT-STRING",
         LAST_CHANGE=stamp, LONG_NAME="String", MAX_LENGTH="32000")
    types = _sub(content, "SPEC-TYPES")
    _object_type(types, "SOT-REQ", "Requirement", ATTRIBUTES, stamp)
    _object_type(types, "SOT-TEST", "Test case", ITEM_ATTRIBUTES, stamp)
    _object_type(types, "SOT-GOAL", "Proof goal", ITEM_ATTRIBUTES, stamp)
    _sub(types, "SPEC-RELATION-TYPE", IDENTIFIER="SRT-VERIFIED-BY", LAST_CHANGE=stamp,
         LONG_NAME="verified by")
    _sub(types, "SPEC-RELATION-TYPE", IDENTIFIER="SRT-DECIDED-BY", LAST_CHANGE=stamp,
         LONG_NAME="decided by")
    _sub(types, "SPECIFICATION-TYPE", IDENTIFIER="ST-CATALOGUE", LAST_CHANGE=stamp,
         LONG_NAME="Requirement catalogue")
    objects = _sub(content, "SPEC-OBJECTS")
    relations = _sub(content, "SPEC-RELATIONS")
    items = {}
    for req in catalogue["requirements"]:
        src = req.get("source", {})
        source = (", ".join(f"{k}: {v}" for k, v in src.items()) if isinstance(src, dict)
                  else str(src))
        obj = _sub(objects, "SPEC-OBJECT", IDENTIFIER=f"REQ-{req['id']}", LAST_CHANGE=stamp,
                   LONG_NAME=req["title"])
        _string_values(obj, [("ID", req["id"]), ("TITLE", req["title"]),
                             ("STATEMENT", req["statement"]), ("SOURCE", source),
                             ("VERIFICATION", ", ".join(req.get("verification", []))),
                             ("PROOF-LEVEL", links[req["id"]]["level"])], "REQ")
        _sub(_sub(obj, "TYPE"), "SPEC-OBJECT-TYPE-REF", "SOT-REQ")
        for kind, rel, entries in (("TEST", "SRT-VERIFIED-BY", links[req["id"]]["tests"]),
                                   ("GOAL", "SRT-DECIDED-BY", links[req["id"]]["goals"])):
            for name, what in entries:
                ident = _ident(kind, f"{what}.{name}")
                if ident not in items:
                    items[ident] = (kind, name, what)
                r = _sub(relations, "SPEC-RELATION", IDENTIFIER=f"REL-{req['id']}-{ident}",
                         LAST_CHANGE=stamp)
                _sub(_sub(r, "SOURCE"), "SPEC-OBJECT-REF", f"REQ-{req['id']}")
                _sub(_sub(r, "TARGET"), "SPEC-OBJECT-REF", ident)
                _sub(_sub(r, "TYPE"), "SPEC-RELATION-TYPE-REF", rel)
    for ident, (kind, name, what) in sorted(items.items()):
        obj = _sub(objects, "SPEC-OBJECT", IDENTIFIER=ident, LAST_CHANGE=stamp)
        _string_values(obj, [("NAME", name), ("KIND", what)], kind)
        _sub(_sub(obj, "TYPE"), "SPEC-OBJECT-TYPE-REF", f"SOT-{kind}")
    spec = _sub(_sub(content, "SPECIFICATIONS"), "SPECIFICATION", IDENTIFIER="SPEC-CATALOGUE",
                LAST_CHANGE=stamp, LONG_NAME="SONNX Div requirements")
    children = _sub(spec, "CHILDREN")
    for req in catalogue["requirements"]:
        h = _sub(children, "SPEC-HIERARCHY", IDENTIFIER=f"SH-{req['id']}", LAST_CHANGE=stamp)
        _sub(_sub(h, "OBJECT"), "SPEC-OBJECT-REF", f"REQ-{req['id']}")
    _sub(_sub(spec, "TYPE"), "SPECIFICATION-TYPE-REF", "ST-CATALOGUE")
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True)


def check(text, catalogue=None):
    """Structural problems of a ReqIF document (empty when none)."""
    problems = []
    root = ET.fromstring(text)
    q = lambda tag: f"{{{NS}}}{tag}"  # noqa: E731
    if root.tag != q("REQ-IF"):
        return [f"root element {root.tag}, not REQ-IF in the ReqIF 1.2 namespace"]
    idents = {}
    for el in root.iter():
        ident = el.get("IDENTIFIER")
        if ident is not None:
            if ident in idents:
                problems.append(f"identifier {ident} used twice")
            idents[ident] = el.tag.split("}")[1]
    refs = {"SPEC-OBJECT-REF": "SPEC-OBJECT", "SPEC-OBJECT-TYPE-REF": "SPEC-OBJECT-TYPE",
            "SPEC-RELATION-TYPE-REF": "SPEC-RELATION-TYPE",
            "SPECIFICATION-TYPE-REF": "SPECIFICATION-TYPE",
            "DATATYPE-DEFINITION-STRING-REF": "DATATYPE-DEFINITION-STRING",
            "ATTRIBUTE-DEFINITION-STRING-REF": "ATTRIBUTE-DEFINITION-STRING"}
    for tag, target in refs.items():
        for el in root.iter(q(tag)):
            if idents.get((el.text or "").strip()) != target:
                problems.append(f"{tag} {el.text!r} resolves to no {target}")
    reqs = {}
    for obj in root.iter(q("SPEC-OBJECT")):
        if obj.find(f"{q('TYPE')}/{q('SPEC-OBJECT-TYPE-REF')}").text != "SOT-REQ":
            continue
        values = {v.find(f"{q('DEFINITION')}/{q('ATTRIBUTE-DEFINITION-STRING-REF')}").text:
                  v.get("THE-VALUE") for v in obj.iter(q("ATTRIBUTE-VALUE-STRING"))}
        rid = values.get("AD-REQ-ID")
        if rid is None or obj.get("IDENTIFIER") != f"REQ-{rid}":
            problems.append(f"requirement object {obj.get('IDENTIFIER')} without its ID value")
        for key, _ in ATTRIBUTES:
            if not values.get(f"AD-REQ-{key}"):
                problems.append(f"requirement {rid}: no {key}")
        reqs[rid] = obj
    if catalogue is not None:
        ids = [r["id"] for r in catalogue["requirements"]]
        if sorted(reqs) != sorted(ids):
            problems.append(f"requirement objects {sorted(reqs)} differ from the catalogue {ids}")
    for rel in root.iter(q("SPEC-RELATION")):
        src = rel.find(f"{q('SOURCE')}/{q('SPEC-OBJECT-REF')}")
        if src is None or not (src.text or "").startswith("REQ-"):
            problems.append(f"relation {rel.get('IDENTIFIER')} does not start at a requirement")
    return problems


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--catalogue")
    ap.add_argument("--trace")
    ap.add_argument("--out")
    ap.add_argument("--check")
    ap.add_argument("--stamp", help="LAST-CHANGE and CREATION-TIME (default: now)")
    args = ap.parse_args(argv)
    catalogue = None
    if args.catalogue:
        with open(args.catalogue, encoding="utf-8") as f:
            catalogue = json.load(f)
    if args.check:
        with open(args.check, encoding="utf-8") as f:
            problems = check(f.read(), catalogue)
        for p in problems:
            print("reqif: " + p, file=sys.stderr)
        return 1 if problems else 0
    if catalogue is None or not args.out:
        ap.error("--catalogue and --out are needed to export")
    trace = None
    if args.trace:
        with open(args.trace, encoding="utf-8") as f:
            trace = json.load(f)
    text = export(catalogue, trace, args.stamp)
    problems = check(text, catalogue)
    if problems:
        for p in problems:
            print("reqif: " + p, file=sys.stderr)
        return 1
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text + "\n")
    n = text.count("<SPEC-RELATION ")
    print(f"ReqIF: {len(catalogue['requirements'])} requirements, {n} trace relations -> "
          f"{args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
