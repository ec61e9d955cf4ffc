"""The WP passes as data (proofs/frama-c/passes.json) and the Frama-C arguments of each.

A pass is one Frama-C process over every C-subset file: RTE annotations per function group with
the warning options that fit it (the -warn-* options are kernel options read by the RTE plug-in),
then WP stages with one portfolio (within one process WP keeps the first portfolio: a -wp-prover
given again after -then is ignored, hence one process per policy). In a smoke pass each stage
selects the smoke goals only (WP reads -wp-prop per stage: it does not carry over -then): the
functions with a precondition in a stage of their own that deselects assigns too, and no tactic
search (the smoke goals are expected to fail).
"""
import glob
import json
import os

from .paths import FRAMAC, ROOT

PASSES_FILE = os.path.join(FRAMAC, "passes.json")


class Passes:
    def __init__(self, path=PASSES_FILE, root=ROOT):
        with open(path, encoding="utf-8") as f:
            self.data = json.load(f)
        self.root = root

    # ------------------------------------------------------------------------------ the files
    def c_files(self):
        return [os.path.join(self.root, f) for f in self.data["c_files"]]

    def headers(self):
        return sorted(h for g in self.data["headers"]
                      for h in glob.glob(os.path.join(self.root, g)))

    def include_dirs(self):
        return [os.path.join(self.root, d) for d in self.data["include_dirs"]]

    def cpp_includes(self):
        return " ".join("-I" + d for d in self.include_dirs())

    # -------------------------------------------------------------------------- the functions
    def group(self, names):
        return [f for n in names for f in self.data["functions"][n]]

    def pass_named(self, name):
        return next(p for p in self.data["passes"] if p["name"] == name)

    def functions_of(self, name):
        """the functions a pass proves, in order"""
        return [f for s in self.pass_named(name)["stages"] for f in self.group(s["functions"])]

    def selected(self):
        """{function: pass} of every function a pass proves"""
        return {f: p["name"] for p in self.data["passes"] for f in self.functions_of(p["name"])}

    def portfolio(self, name, search=False):
        provers = self.data["portfolios"][self.pass_named(name)["portfolio"]]
        return ["tip" if p == "script" and search else p for p in provers]

    # ------------------------------------------------------------------------------ arguments
    def fct_args(self, functions, smoke_pre=None):
        """-wp-fct for one stage; with smoke_pre (the functions with a precondition) the smoke
        goals only, those functions in a stage of their own that deselects assigns too"""
        if smoke_pre is None:
            return ["-wp-fct", ",".join(functions)]
        only = ",".join("-" + c for c in self.data["smoke"]["deselect"])
        pre = [f for f in functions if f in smoke_pre]
        other = [f for f in functions if f not in smoke_pre]
        out = []
        if pre:
            out += ["-wp-fct", ",".join(pre), f"-wp-prop={only},-@assigns"]
            if other:
                out.append("-then")
        if other:
            out += ["-wp-fct", ",".join(other), f"-wp-prop={only}"]
        return out

    def stages(self, name, provers, timeout, smoke_pre=None):
        """the Frama-C arguments of a pass after the files: RTE per group, then WP per stage"""
        stages = self.pass_named(name)["stages"]
        args = []
        for k, s in enumerate(stages):
            args += (["-then"] if k else []) + ["-rte", "-rte-select",
                                                ",".join(self.group(s["functions"]))] + s["rte"]
        for k, s in enumerate(stages):
            if k == 0:
                args += ["-then", "-wp", "-wp-prover", ",".join(provers), "-wp-timeout",
                         str(s.get("timeout_s", timeout))]
            else:
                args += ["-then", "-wp-timeout", str(s.get("timeout_s", timeout))]
            if s.get("auto") and smoke_pre is None:
                args += ["-wp-auto", s["auto"]]
            args += self.fct_args(self.group(s["functions"]), smoke_pre)
            if s.get("deselect") and smoke_pre is None:
                args.append("-wp-prop=" + ",".join("-" + p for p in s["deselect"]))
        return args
