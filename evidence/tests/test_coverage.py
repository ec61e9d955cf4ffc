"""Tests of sonnx_evidence.coverage: each check shown accepting what it should and failing on
planted faults. Run: PYTHONPATH=evidence python3 -m unittest evidence/tests/test_coverage.py
(CTest evidence_coverage; the end-to-end planted gaps need clang-19 and llvm-19:
CTest structural_coverage_planted runs that class alone)."""
import itertools
import json
import os
import random
import shutil
import subprocess
import tempfile
import unittest

from sonnx_evidence import schema
from sonnx_evidence.coverage import coupling, decisions, eva, justify, llvm_cov, reqif

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def simulate(tree, values, counts, tally):
    """Short-circuit evaluation of tree on leaf values; counts[i] gets each leaf's outcome."""
    kind = tree[0]
    if kind == "leaf":
        v = values[tree[1]]
        counts[tree[1]][0 if v else 1] += 1
        return v
    if kind == "not":
        return not simulate(tree[1], values, counts, tally)
    left = simulate(tree[1], values, counts, tally)
    if kind == "and" and not left:
        return False
    if kind == "or" and left:
        return True
    return simulate(tree[2], values, counts, tally)


class Decisions(unittest.TestCase):
    TEXTS = ["A && B", "A || B", "A && (B || !C)", "!(A && B) || C", "(A || B) && (C || D)",
             "!A && !(B || C) && D", "((A))"]

    def leaves(self, text):
        return [(i, i + 1) for i, ch in enumerate(text) if ch.isupper()]

    def test_outcomes_match_short_circuit_evaluation(self):
        rng = random.Random(7)
        for text in self.TEXTS:
            leaves = self.leaves(text)
            tree = decisions.parse(text, leaves)
            for _ in range(20):
                counts = [[0, 0] for _ in leaves]
                truth = {True: 0, False: 0}
                for values in itertools.product([True, False], repeat=len(leaves)):
                    for _ in range(rng.randrange(3)):
                        truth[simulate(tree, values, counts, truth)] += 1
                self.assertEqual(decisions.outcome_counts(tree, counts),
                                 (truth[True], truth[False]), text)

    def test_text_outside_the_grammar_is_refused(self):
        for text in ["A + B", "A && ", "(A && B", "A B"]:
            with self.assertRaises(decisions.DecisionSyntaxError, msg=text):
                decisions.parse(text, self.leaves(text))


class Names(unittest.TestCase):
    CLONES = {".arch_x86-64-v4": "x86-64-v4", ".avx2": "avx2", ".default": "default"}

    def test_versions(self):
        cases = {
            ("scan.arch_x86-64-v4.0", "/r/d.c"): ("scan", "x86-64-v4 clone"),
            ("scan.default.2", "/r/d.c"): ("scan", "default clone"),
            ("sonnx_div_checked_i8_avx2", "/r/c.c"): ("sonnx_div_checked_i8", "AVX2 object"),
            ("c.c.avx2.cpp:_ZL4stepi", "/r/c.c"): ("_ZL4stepi", "AVX2 object"),
            ("a.cpp:_ZL4stepi", "/r/x.inc"): ("_ZL4stepi", "compiled in a.cpp"),
            ("d.c:_ZL4stepi", "/r/d.c"): ("_ZL4stepi", ""),
            ("plain", "/r/d.c"): ("plain", ""),
        }
        for (name, path), expected in cases.items():
            self.assertEqual(llvm_cov.split_name(name, path, self.CLONES), expected, name)

    def test_clone_list(self):
        self.assertEqual(llvm_cov.clone_variants('target_clones("arch=x86-64-v4", "default")'),
                         {".arch_x86-64-v4": "x86-64-v4", ".default": "default"})
        with self.assertRaises(llvm_cov.CoverageFormatError):
            llvm_cov.clone_variants("#define SONNX_MULTIVERSION")


class Registers(unittest.TestCase):
    # The schema subset itself is tested by test_schema.py (the cases both validators share).
    def test_the_registers_satisfy_their_schemas(self):
        for name in ("coverage-justifications", "eva-alarms"):
            with open(os.path.join(ROOT, "spec", name + ".json"), encoding="utf-8") as f:
                schema.check(json.load(f), name)


def gap(function="f", variant="", kind="mcdc", at="a && b", condition="b", covered=True):
    return {"function": function, "variant": variant, "file": "x.c", "line": 1, "gap": kind,
            "at": at, "condition": condition if kind == "mcdc" else "-",
            "missing": "m", "decision_covered": covered}


def row(rid, kind, rests_on, **kw):
    r = {"id": rid, "kind": kind, "function": "f", "variants": "all", "gap": "mcdc",
         "at": "a && b", "condition": "b", "rests_on": rests_on, "justification": "j",
         "requirement": "C1"}
    r.update(kw)
    return r


class Justify(unittest.TestCase):
    WP = {"goals": [{"goal": "f_ensures_ok", "status": "valid", "accepted": True},
                    {"goal": "f_ensures_bad", "status": "not proved", "accepted": False}]}
    CPUS = [{"name": "native", "cpu_features": {"avx2": True, "cpuid-leaf-1": True,
                                                "vaes": False}},
            {"name": "old", "cpu_features": {"avx2": False, "cpuid-leaf-1": True, "vaes": False}}]

    def resolve(self, rows, gaps, symbols=None, ran=()):
        reg = {"rows": rows}
        return justify.resolve(gaps, reg, self.CPUS, self.WP, symbols, set(ran))

    def test_each_kind_holds_where_its_check_holds(self):
        for r in (row("SC-1", "wp-unreachable", "goal:f_ensures_ok"),
                  row("SC-1", "wp-unreachable", "goal:f_ensures_o*"),
                  row("SC-1", "variant-absent", "cpu-feature-present:cpuid-leaf-1"),
                  row("SC-1", "variant-absent", "cpu-feature-absent:vaes"),
                  row("SC-1", "short-circuit", "short-circuit: why")):
            g = gap()
            _, problems = self.resolve([r], [g])
            self.assertEqual(problems, [], r)
            self.assertTrue(g["resolved"], r)

    def test_planted_faults_fail(self):
        planted = {
            "unproved goal": row("SC-1", "wp-unreachable", "goal:f_ensures_bad"),
            "goal glob naming nothing": row("SC-1", "wp-unreachable", "goal:g_*"),
            "feature present on a CPU": row("SC-1", "variant-absent", "cpu-feature-absent:avx2"),
            "feature missing on a CPU": row("SC-1", "variant-absent", "cpu-feature-present:avx2"),
        }
        for what, r in planted.items():
            _, problems = self.resolve([r], [gap()])
            self.assertTrue(problems, what)
        # a short-circuit row for a decision not covered both ways
        _, problems = self.resolve([row("SC-1", "short-circuit", "short-circuit: w")],
                                   [gap(covered=False)])
        self.assertTrue(problems)
        # a compile-time function whose symbol is in the archive
        r = row("SC-1", "compile-time", "no-object-code", gap="function", at="-", condition="-")
        _, problems = self.resolve([r], [gap(kind="function", at="-")], symbols=["f(int)"])
        self.assertTrue(problems)
        _, problems = self.resolve([r], [gap(kind="function", at="-")], symbols=["g(int)"])
        self.assertEqual(problems, [])
        # a stale row, and a gap of another condition or version is not matched
        _, problems = self.resolve([row("SC-1", "short-circuit", "short-circuit: w",
                                        condition="c")], [gap()])
        self.assertTrue(any("stale" in p for p in problems))
        g = gap(variant="avx2 clone")
        self.resolve([row("SC-1", "short-circuit", "short-circuit: w", variants="default clone")],
                     [g])
        self.assertFalse(g["resolved"])

    def test_a_version_no_cpu_of_the_runs_can_run(self):
        r = row("SC-1", "variant-absent", "cpu-feature-absent:vaes", function="*",
                variants="x86-64-v4 clone", gap="function", at="-", condition="-")
        g = gap(function="scan", variant="x86-64-v4 clone", kind="function", at="-")
        _, problems = self.resolve([r], [g])
        self.assertEqual(problems, [])
        self.assertTrue(g["resolved"])
        # where the version ran, the row resolves nothing and is not needed; where it did not run
        # and no gap names it, it is stale
        verdicts, problems = self.resolve([r], [], ran={"x86-64-v4 clone"})
        self.assertEqual((problems, verdicts[0]["ok"]), ([], True))
        _, problems = self.resolve([r], [])
        self.assertTrue(any("stale" in p for p in problems))
        # the same row on runs where a CPU has the feature fails
        r["rests_on"] = "cpu-feature-absent:avx2"
        _, problems = self.resolve([r], [dict(g)])
        self.assertTrue(problems)

    def test_register_rows_are_consistent(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "r.json")
            reg = {"schema": "sonnx-register/1", "title": "t", "preamble": [],
                   "columns": json.load(open(os.path.join(
                       ROOT, "spec", "coverage-justifications.json")))["columns"],
                   "rows": [row("SC-1", "wp-unreachable", "cpu-feature-absent:avx2")]}
            json.dump(reg, open(path, "w"))
            _, problems = justify.load(path)
            self.assertTrue(problems)  # a wp-unreachable row resting on a CPU feature


class ReqIF(unittest.TestCase):
    FIXTURE = os.path.join(ROOT, "traceability", "tests", "fixtures", "report")
    XSD = os.path.join(ROOT, "evidence", "schemas", "reqif-subset.xsd")

    def export(self):
        with open(os.path.join(self.FIXTURE, "spec", "requirements.json"), encoding="utf-8") as f:
            cat = json.load(f)
        with open(os.path.join(self.FIXTURE, "expected", "traceability.json"),
                  encoding="utf-8") as f:
            trace = json.load(f)
        return cat, reqif.export(cat, trace, "2026-01-01T00:00:00+00:00")

    def xmllint(self, text):
        with tempfile.NamedTemporaryFile("w", suffix=".reqif", delete=False) as f:
            f.write(text)
        try:
            return subprocess.run(["xmllint", "--noout", "--schema", self.XSD, f.name],
                                  capture_output=True, text=True).returncode
        finally:
            os.unlink(f.name)

    def test_export_is_valid(self):
        cat, text = self.export()
        self.assertEqual(reqif.check(text, cat), [])
        self.assertEqual(self.xmllint(text), 0)
        self.assertIn('THE-VALUE="code"', text)  # the proof level the report computed
        self.assertIn("SRT-VERIFIED-BY", text)

    def test_planted_faults_are_caught(self):
        cat, text = self.export()
        dangling = text.replace("<SPEC-OBJECT-REF>REQ-C1</SPEC-OBJECT-REF>",
                                "<SPEC-OBJECT-REF>REQ-Q9</SPEC-OBJECT-REF>", 1)
        self.assertTrue(reqif.check(dangling, cat))  # xmllint does not resolve references
        out_of_order = text.replace("<REQ-IF-VERSION>1.0</REQ-IF-VERSION>", "", 1).replace(
            "<TITLE>", "<REQ-IF-VERSION>1.0</REQ-IF-VERSION><TITLE>", 1)
        self.assertNotEqual(self.xmllint(out_of_order), 0)
        fewer = dict(cat, requirements=cat["requirements"][:-1])
        self.assertTrue(reqif.check(text, fewer))
        no_level = text.replace('THE-VALUE="code"', 'THE-VALUE=""', 1)
        self.assertTrue(reqif.check(no_level, cat))


class Eva(unittest.TestCase):
    def test_shown_false(self):
        alarm = {"file": "src/k.c", "line": 9, "kind": "division_by_zero", "property": "y ≢ 0"}
        props = {("k.c", 9, "division_by_zero", "y ≢ 0"): "Valid"}
        self.assertEqual(eva.shown_false(alarm, props, {})[0], eva.SAME_KIND)
        self.assertIsNone(eva.shown_false(dict(alarm, line=10), props, {})[0])
        self.assertIsNone(eva.shown_false(alarm, {("k.c", 9, "division_by_zero", "y ≢ 0"):
                                                  "Unknown"}, {})[0])
        conv = {"file": "src/k.c", "line": 9, "kind": "float_to_int", "property": "q < 128"}
        self.assertIsNone(eva.shown_false(conv, props, {})[0])
        proved = {("k.c", 9): {"verdict": "proved", "assertion": "q < 128", "assertion_line": 8}}
        self.assertEqual(eva.shown_false(conv, props, proved)[0], eva.RANGE)


class Coupling(unittest.TestCase):
    def test_the_facade_passes_each_public_field(self):
        view = open(os.path.join(ROOT, "core/src/common/kernels/sonnx_validation.h")).read()
        facade = open(os.path.join(ROOT, "core/src/div/div.cpp")).read()
        mapping = coupling.facade_mapping(facade, coupling.view_fields(view))
        self.assertEqual(mapping, {"type": ["type"], "layout": ["sparse"],
                                   "shape": ["shape", "rank"], "data": ["address"]})
        planted = facade.replace("view.shape.size(), ", "", 1)
        with self.assertRaises(ValueError):
            coupling.facade_mapping(planted, coupling.view_fields(view))


@unittest.skipUnless(shutil.which("clang-19") and shutil.which("llvm-cov-19"), "needs clang-19")
class PlantedGaps(unittest.TestCase):
    """End to end on real coverage data: planted.c compiled with MC/DC, driven by driver.c."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        src = os.path.join(HERE, "planted_coverage")
        exe = os.path.join(self.tmp, "driver")
        subprocess.run(["clang-19", "-O0", "-fprofile-instr-generate", "-fcoverage-mapping",
                        "-fcoverage-mcdc", os.path.join(src, "planted.c"),
                        os.path.join(src, "driver.c"), "-o", exe], check=True)
        profile = os.path.join(self.tmp, "t.profraw")
        subprocess.run([exe], check=True, env=dict(os.environ, LLVM_PROFILE_FILE=profile))
        runs = {"schema": "sonnx-coverage-runs/1", "build": self.tmp, "executor_tests": {},
                "executors": [{"name": "native", "command": [], "cpu_features": {"avx2": True}}],
                "in_process_programs": [], "reduced": False, "seconds": 0,
                "tests": [{"program": "driver", "path": exe, "name": "planted", "requirements":
                           ["C1"], "counted": True, "runs": {"native": {
                               "ok": True, "seconds": 0, "profiles": [profile], "output": ""}}}],
                "failed": [], "emulator_disagreements": []}
        self.runs = os.path.join(self.tmp, "runs.json")
        json.dump(runs, open(self.runs, "w"))
        header = os.path.join(self.tmp, "mv.h")
        open(header, "w").write('target_clones("arch=x86-64-v4", "avx2", "default")\n')
        self.header = header
        self.src = os.path.relpath(src, ROOT)

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def analyse(self, rows, wp=None):
        with open(os.path.join(ROOT, "spec", "coverage-justifications.json"),
                  encoding="utf-8") as f:
            reg = json.load(f)
        reg["rows"] = rows
        path = os.path.join(self.tmp, "reg.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(reg, f)
        wp_path = os.path.join(self.tmp, "wp.json")
        with open(wp_path, "w", encoding="utf-8") as f:
            json.dump(wp or {"goals": []}, f)
        out = os.path.join(self.tmp, "out")
        res = subprocess.run(
            ["python3", "-m", "sonnx_evidence.coverage.analyse", "--runs", self.runs,
             "--root", ROOT,
             "--library-dir", self.src, "--register", path, "--wp-report", wp_path,
             "--multiversion", self.header, "--coverage-multiversion", self.header,
             "--scope", os.path.join(self.src, "planted.c"),
             "--out", out, "--work", os.path.join(self.tmp, "work")],
            capture_output=True, text=True, cwd=ROOT,
            env=dict(os.environ, PYTHONPATH=os.path.join(ROOT, "evidence")))
        with open(os.path.join(out, "structural-coverage.json"), encoding="utf-8") as f:
            return res.returncode, res.stdout, json.load(f)

    def test_each_planted_gap_is_unresolved(self):
        rc, out, doc = self.analyse([])
        self.assertEqual(rc, 1, out)
        gaps = {(g["function"], g["gap"], g["at"], g["condition"]) for g in doc["gaps"]["list"]}
        self.assertIn(("planted_mcdc", "mcdc", "(x > 0) && (y > 0)", "(y > 0)"), gaps)
        self.assertNotIn(("planted_mcdc", "mcdc", "(x > 0) && (y > 0)", "(x > 0)"), gaps)
        self.assertIn(("planted_decision", "decision", "x > 0", "-"), gaps)
        self.assertIn(("planted_statement", "statement", "{ return 7; }", "-"), gaps)
        self.assertIn(("planted_never_called", "function", "-", "-"), gaps)
        self.assertIn("UNRESOLVED mcdc gap in planted_mcdc", out)

    def test_rows_resolve_only_what_they_name(self):
        wp = {"goals": [{"goal": "planted_ok", "status": "valid", "accepted": True},
                        {"goal": "planted_unproved", "status": "not proved", "accepted": False}]}
        rows = [row("SC-1", "short-circuit", "short-circuit: planted", function="planted_mcdc",
                    at="(x > 0) && (y > 0)", condition="(y > 0)"),
                row("SC-2", "wp-unreachable", "goal:planted_ok", function="planted_decision",
                    gap="decision", at="x > 0", condition="-"),
                row("SC-3", "wp-unreachable", "goal:planted_ok", function="planted_statement",
                    gap="statement", at="{ return 7; }", condition="-"),
                row("SC-4", "wp-unreachable", "goal:planted_ok", function="planted_statement",
                    gap="decision", at="x == 0", condition="-"),
                row("SC-5", "wp-unreachable", "goal:planted_ok", function="planted_never_called",
                    gap="function", at="-", condition="-")]
        rc, out, doc = self.analyse(rows, wp)
        self.assertEqual(rc, 0, out)
        self.assertEqual(doc["gaps"]["unresolved"], 0)
        # the same register with one row resting on an unproved goal
        rows[4]["rests_on"] = "goal:planted_unproved"
        rc, out, doc = self.analyse(rows, wp)
        self.assertEqual(rc, 1)
        self.assertIn("SC-5", out)


if __name__ == "__main__":
    unittest.main()
