#!/usr/bin/env python3
"""The WP passes as data (CTest evidence_wp_passes; sonnx_evidence.wp_passes).

1. On a small passes file, the Frama-C arguments of a pass are those the bash driver built
   (proofs/frama-c/prove.sh before issue 47, main_stages/checks_stages/fp_stages/wp_fcts): the RTE
   stages of every group first, then -wp with the portfolio, each stage with the wall-clock guard
   and its resource limit (the pass's -wp-steps times the stage's steps_fraction) and its tactic
   search; the deselected properties after the stage; in a smoke pass (whose resource limit comes
   with its own options) no -wp-steps, no tactic search and no deselection, and the functions with a
   precondition in a stage of their own that deselects assigns too.
2. The committed proofs/frama-c/passes.json is well formed: every group a stage names exists, no
   function is in two passes or twice in one, every portfolio and smoke prover is known, and the
   C files and include folders exist."""
import json
import os
import sys
import tempfile

from sonnx_evidence.paths import ROOT
from sonnx_evidence.wp_passes import PASSES_FILE, Passes
from checks import Checks

SMALL = {
    "c_files": [], "include_dirs": [], "headers": [],
    "functions": {"a": ["fa1", "fa2"], "b": ["fb"], "c": ["fc1", "fc2"]},
    "portfolios": {"integer": ["taskprint", "script", "z3"], "floating_point": ["cvc5"]},
    "passes": [
        {"name": "one", "portfolio": "integer", "stages": [
            {"functions": ["a"], "rte": ["-warn-x"]},
            {"functions": ["b"], "rte": ["-warn-x", "-warn-special-float", "none"],
             "steps_fraction": 0.05, "auto": "wp:split"}]},
        {"name": "two", "portfolio": "floating_point", "stages": [
            {"functions": ["c"], "rte": ["-warn-y"], "deselect": ["P1", "P2"]}]}],
    "smoke": {"deselect": ["@lemma", "@ensures"]}}


def main():
    check = Checks('wp passes')
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "passes.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(SMALL, f)
        p = Passes(path, work)
        got = p.stages("one", p.portfolio("one"), 600, steps=1000000)
        want = ("-rte -rte-select fa1,fa2 -warn-x -then -rte -rte-select fb -warn-x "
                "-warn-special-float none -then -wp -wp-prover taskprint,script,z3 -wp-timeout 600 "
                "-wp-steps 1000000 -wp-fct fa1,fa2 -then -wp-timeout 600 -wp-steps 50000 "
                "-wp-auto wp:split -wp-fct fb").split()
        check(got == want, "a pass of two stages: RTE first, then WP stage by stage", got)
        check(p.portfolio("one", search=True) == ["taskprint", "tip", "z3"],
              "--search-scripts searches the tactics instead of running the scripts")
        got = p.stages("two", p.portfolio("two"), 600, steps=1000000)
        want = ("-rte -rte-select fc1,fc2 -warn-y -then -wp -wp-prover cvc5 -wp-timeout 600 "
                "-wp-steps 1000000 -wp-fct fc1,fc2 -wp-prop=-P1,-P2").split()
        check(got == want, "a deselected property follows its stage", got)
        got = p.stages("one", ["cvc4"], 600, {"fa2", "fb"})
        want = ("-rte -rte-select fa1,fa2 -warn-x -then -rte -rte-select fb -warn-x "
                "-warn-special-float none -then -wp -wp-prover cvc4 -wp-timeout 600 "
                "-wp-fct fa2 -wp-prop=-@lemma,-@ensures,-@assigns -then "
                "-wp-fct fa1 -wp-prop=-@lemma,-@ensures -then -wp-timeout 600 "
                "-wp-fct fb -wp-prop=-@lemma,-@ensures,-@assigns").split()
        check(got == want, "a smoke pass: smoke goals only, preconditions' functions apart", got)
        got = p.stages("two", ["cvc5-nofp"], 600, set())
        check("-wp-prop=-P1,-P2" not in got and got[-1] == "-wp-prop=-@lemma,-@ensures",
              "a smoke pass deselects nothing else", got)
    real = Passes(PASSES_FILE, ROOT)
    data = real.data
    groups = [g for q in data["passes"] for s in q["stages"] for g in s["functions"]]
    check(all(g in real.groups for g in groups) and len(groups) == len(set(groups)),
          "every group a stage names exists, each in one stage")
    unproved = set(real.groups) - set(groups)
    check(unproved == {"unproved_bit_cast"},
          f"every group of the generator's listing is in a pass but the registered bit casts "
          f"({sorted(unproved)})")
    every = [f for q in data["passes"] for f in real.functions_of(q["name"])]
    check(len(every) == len(set(every)), "no function in two passes or twice in one")
    known = {"taskprint", "script", "z3", "cvc4", "cvc5", "cvc5-opaque", "cvc5-nofp"}
    provers = {x for v in data["portfolios"].values() if isinstance(v, list) for x in v}
    provers |= {data["smoke"]["integer_prover"], data["smoke"]["floating_point_prover"]}
    check(provers <= known, f"every prover is configured ({sorted(provers - known)})")
    check(all(os.path.isfile(f) for f in real.c_files()) and
          all(os.path.isdir(d) for d in real.include_dirs()),
          "the C files and include folders exist")
    return check.status()


if __name__ == "__main__":
    sys.exit(main())
