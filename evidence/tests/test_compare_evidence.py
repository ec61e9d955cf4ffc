#!/usr/bin/env python3
"""Two evidence folders compared modulo the volatile fields (CTest evidence_compare_evidence;
sonnx_evidence.compare_evidence).

Two copies of one small folder (a why3.json, a prove-times.json, a console log the rules make
volatile, a text file compared byte for byte, a manifest) must compare equal; so must they after
a volatile difference is planted in the second (a goal's time, the wall seconds and load average of
prove-times.json, the log). Each non-volatile difference must be reported, alone: a goal's status,
a verdict's resource count, an added field, a missing file, an extra file, a changed byte of the
text file, a field of a JSON file without a schema that its rule does not make volatile. The other
rule kinds: a report table's volatile column and field (and the same column in another section,
which is compared), a file compared under the schema its rule names, a text file with a volatile
pattern blanked (and a verdict that is not), a rendering whose content is volatile (but not its
names); an execution count compared only as zero or not, in a file and in a report cell; two
folders that are not both evidence folders, and a rule of an unknown kind: exit 2; a bundle
produced in another checkout folder (its report's evidence_dir and a file naming a file of the
checkout: the same) and a path that is not the checkout's (a difference). Also: the tokens of
why3.schema.json's volatile fields are those its "x-volatile" marks name, and every rule of the
committed rules file is of a known kind, complete and says why."""
import json
import os
import shutil
import sys
import tempfile

from sonnx_evidence import compare_evidence, schema
from checks import Checks

WHY3 = {"tool": "why3", "goals": [
    {"file": "spec/why3/a.mlw", "theory": "T", "goal": "g", "prover": "Z3", "time_s": 0.2,
     "status": "valid", "accepted": True, "fp": False, "fp_reasons": [], "assumes": [],
     "verdicts": [{"prover": "Z3", "result": "valid", "time": 0.2, "steps": 955,
                   "limit": 50000000}]}],
    "axioms": {}, "summary": {"proved": 1, "total": 1, "wall_s": 3.5}}
TIMES = {"what": "the prove target", "smoke_tests": False, "wall_s": 300, "cpu_seconds": 412.5,
         "cores": 2, "load_average": "1.0 1.1 1.2"}
RULES = [{"glob": "wp-log.txt", "rule": "volatile", "why": "prover times"},
         {"glob": "traceability.json", "rule": "json", "volatile": ["$.generated"],
          "volatile_cells": [{"section": "S", "column": "seconds"},
                             {"section": "S", "field": "campaign.seconds"}],
          "nonzero_cells": [{"section": "S", "column": "count"}], "why": "the date"},
         {"glob": "counts.json", "rule": "json", "volatile": [], "nonzero": ["$.f[*].count"],
          "why": "execution counts"},
         {"glob": "runs/*/*.json", "rule": "schema", "schema": "conformance-*", "why": "times"},
         {"glob": "ctest.xml", "rule": "text", "volatile_patterns": ["\\stime=\"[^\"]*\""],
          "why": "durations"},
         {"glob": "html/**", "rule": "volatile", "why": "a rendering"}]
REPORT = {"generated": "2026-01-01T00:00:00Z", "evidence_dir": "/x/one/build/evidence",
          "summary": {"gaps": 0}, "sections": [
    {"title": "S", "tables": [
        {"caption": "runs", "header": ["name", "seconds", "passed", "count"],
         "rows": [["a", "1.5", "2/2", "12"]]},
        {"caption": "fields", "header": ["field", "value"],
         "rows": [["campaign.seconds", "3.25"], ["conforms", "no"]]}]},
    {"title": "T", "tables": [
        {"caption": "other", "header": ["name", "seconds"], "rows": [["b", "4"]]}]}]}
CONFORMANCE = {"schema": "sonnx-div conformance campaign 1", "conforms": True,
               "campaign": {"seconds": 1.25}}


def folder(path):
    os.makedirs(path)
    for name, doc in (("why3.json", WHY3), ("prove-times.json", TIMES),
                      ("traceability.json", REPORT)):
        with open(os.path.join(path, name), "w", encoding="utf-8") as f:
            json.dump(doc, f)
    with open(os.path.join(path, "wp-log.txt"), "w", encoding="utf-8") as f:
        f.write("[wp] Goal g : Valid (12ms)\n")
    os.makedirs(os.path.join(path, "runs", "x"))
    with open(os.path.join(path, "runs", "x", "correct.json"), "w", encoding="utf-8") as f:
        json.dump(CONFORMANCE, f)
    text(path, "ctest.xml", "<t name=\"a\" time=\"1.0\"/>\n")
    text(path, "why3.conf", "driver = \"/x/one/proofs/a.drv\"\n")  # the checkout of REPORT
    with open(os.path.join(path, "counts.json"), "w", encoding="utf-8") as f:
        json.dump({"f": [{"name": "g", "count": 3}]}, f)
    os.makedirs(os.path.join(path, "html"))
    text(path, "html/a.html", "<p>12</p>")


def text(path, name, content):
    with open(os.path.join(path, name), "w", encoding="utf-8") as f:
        f.write(content)
    with open(os.path.join(path, "wp-properties.csv"), "w", encoding="utf-8") as f:
        f.write("file\tline\n")
    with open(os.path.join(path, "manifest.json"), "w", encoding="utf-8") as f:
        f.write("{}")


def rewrite(path, name, change):
    with open(os.path.join(path, name), encoding="utf-8") as f:
        doc = json.load(f)
    change(doc)
    with open(os.path.join(path, name), "w", encoding="utf-8") as f:
        json.dump(doc, f)


def main():
    check = Checks("compare evidence")
    toks = schema.volatile_fields(schema.load("why3"))
    check(("goals", "[*]", "time_s") in toks and ("goals", "[*]", "verdicts", "[*]", "time") in toks
          and ("summary", "wall_s") in toks and not any("steps" in t for t in toks),
          "why3.json: times volatile, resource counts not", toks)
    with tempfile.TemporaryDirectory() as work:
        a = os.path.join(work, "a")
        folder(a)

        def case(name, change, differs, expect=""):
            b = os.path.join(work, name)
            shutil.copytree(a, b)
            change(b)
            problems, _ = compare_evidence.compare(a, b, RULES)
            text = "; ".join(f"{r}: {w}" for r, w in problems)
            if differs:
                check(len(problems) == 1 and expect in text, f"{name}: reported ({expect})", text)
            else:
                check(not problems, f"{name}: no difference outside the volatile fields", text)
        case("same", lambda b: None, False)
        case("volatile", lambda b: (
            rewrite(b, "why3.json", lambda d: (d["goals"][0].update(time_s=9.9),
                                               d["goals"][0]["verdicts"][0].update(time=9.8),
                                               d["summary"].update(wall_s=99))),
            rewrite(b, "prove-times.json", lambda d: d.update(wall_s=999, cpu_seconds=1.5,
                                                               load_average="9 9 9")),
            open(os.path.join(b, "wp-log.txt"), "w").write("[wp] Goal g : Valid (99ms)\n"),
            open(os.path.join(b, "manifest.json"), "w").write("{\"x\": 1}")), False)
        case("status", lambda b: rewrite(b, "why3.json", lambda d: d["goals"][0].update(
            status="timeout")), True, "$.goals[0].status")
        case("steps", lambda b: rewrite(b, "why3.json", lambda d: d["goals"][0]["verdicts"][0]
                                        .update(steps=956)), True, "$.goals[0].verdicts[0].steps")
        case("added field", lambda b: rewrite(b, "prove-times.json", lambda d: d.update(
            extra=1)), True, "$.extra")
        case("cores", lambda b: rewrite(b, "prove-times.json", lambda d: d.update(cores=4)), True,
             "$.cores")
        case("missing file", lambda b: os.remove(os.path.join(b, "wp-properties.csv")), True,
             "wp-properties.csv: only in")
        case("extra file", lambda b: open(os.path.join(b, "new.txt"), "w").write("x"), True,
             "new.txt: only in")
        case("text byte", lambda b: open(os.path.join(b, "wp-properties.csv"), "a").write("x"),
             True, "wp-properties.csv: differs")
        case("report date", lambda b: rewrite(b, "traceability.json", lambda d: d.update(
            generated="2026-02-02T00:00:00Z")), False)
        case("report gaps", lambda b: rewrite(b, "traceability.json", lambda d: d["summary"]
                                              .update(gaps=1)), True, "$.summary.gaps")
        # the other rule kinds: a table cell, a schema named by the rule, blanked text, and a
        # rendering (its content volatile, its names not)
        case("table cell", lambda b: rewrite(b, "traceability.json", lambda d: d["sections"][0][
            "tables"][0]["rows"][0].__setitem__(1, "99")), False)
        case("table field", lambda b: rewrite(b, "traceability.json", lambda d: d["sections"][0][
            "tables"][1]["rows"][0].__setitem__(1, "7.5")), False)
        case("table other cell", lambda b: rewrite(b, "traceability.json", lambda d: d[
            "sections"][0]["tables"][0]["rows"][0].__setitem__(2, "1/2")), True,
             "$.sections[0].tables[0].rows[0][2]")
        case("table other field", lambda b: rewrite(b, "traceability.json", lambda d: d[
            "sections"][0]["tables"][1]["rows"][1].__setitem__(1, "yes")), True,
             "$.sections[0].tables[1].rows[1][1]")
        case("table same column elsewhere", lambda b: rewrite(b, "traceability.json", lambda d: d[
            "sections"][1]["tables"][0]["rows"][0].__setitem__(1, "5")), True,
             "$.sections[1].tables[0].rows[0][1]")
        case("schema by rule", lambda b: rewrite(b, "runs/x/correct.json", lambda d: d[
            "campaign"].update(seconds=9.5)), False)
        case("schema by rule, a verdict", lambda b: rewrite(b, "runs/x/correct.json", lambda d: d
                                                           .update(conforms=False)), True,
             "runs/x/correct.json: $.conforms")
        case("text volatile", lambda b: text(b, "ctest.xml", "<t name=\"a\" time=\"9.9\"/>\n"),
             False)
        case("text verdict", lambda b: text(b, "ctest.xml", "<t name=\"b\" time=\"1.0\"/>\n"),
             True, "ctest.xml: differs")
        case("another checkout", lambda b: (
            rewrite(b, "traceability.json", lambda d: d.update(
                evidence_dir="/y/two/build/evidence")),
            text(b, "why3.conf", "driver = \"/y/two/proofs/a.drv\"\n")), False)
        case("another path", lambda b: text(b, "why3.conf", "driver = \"/y/two/proofs/a.drv\"\n"),
             True, "why3.conf: differs")
        case("count", lambda b: rewrite(b, "counts.json", lambda d: d["f"][0].update(count=9)),
             False)
        case("count to zero", lambda b: rewrite(b, "counts.json", lambda d: d["f"][0].update(
            count=0)), True, "$.f[0].count")
        case("count cell", lambda b: rewrite(b, "traceability.json", lambda d: d["sections"][0][
            "tables"][0]["rows"][0].__setitem__(3, "40")), False)
        case("count cell to zero", lambda b: rewrite(b, "traceability.json", lambda d: d[
            "sections"][0]["tables"][0]["rows"][0].__setitem__(3, "0")), True,
             "$.sections[0].tables[0].rows[0][3]")
        case("rendering", lambda b: text(b, "html/a.html", "<p>13</p>"), False)
        case("rendering missing", lambda b: os.remove(os.path.join(b, "html", "a.html")), True,
             "html/a.html: only in")
    rules = json.load(open(compare_evidence.RULES_FILE, encoding="utf-8"))["rules"]
    kinds = {"identical": (), "volatile": (), "json": ("volatile",), "schema": ("schema",),
             "text": ("volatile_patterns",)}
    check(all(r["rule"] in kinds and r.get("why") and all(k in r for k in kinds[r["rule"]])
              for r in rules) and all(os.path.exists(os.path.join(
                  schema.SCHEMAS, r["schema"] + ".schema.json")) for r in rules
                  if r["rule"] == "schema"),
          "every rule of evidence/compare-rules.json is known, complete and says why", rules)
    with tempfile.TemporaryDirectory() as work:
        rules_file = os.path.join(work, "rules.json")
        with open(rules_file, "w", encoding="utf-8") as f:
            json.dump({"rules": [{"glob": "x", "rule": "loose", "why": "planted"}]}, f)
        os.makedirs(os.path.join(work, "a"))
        folder(os.path.join(work, "b"))
        check(compare_evidence.main(["c", os.path.join(work, "a"), os.path.join(work, "b")]) == 2,
              "a folder that is not an evidence folder: usage error, never 'no difference'")
        check(compare_evidence.main(["c", os.path.join(work, "b"), os.path.join(work, "b"),
                                     "--rules", rules_file]) == 2,
              "a rule of an unknown kind: usage error")
        check(compare_evidence.main(["c", os.path.join(work, "b"), os.path.join(work, "b")]) == 0,
              "an evidence folder against itself: no difference")
    fields = compare_evidence.parse_fields(["$.generated", "$.a[*].b"])
    check(fields == [("generated",), ("a", "[*]", "b")], "the rules' field notation", fields)
    return check.status()


if __name__ == "__main__":
    sys.exit(main())
