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
    """The passes of passes.json. Its stages name function groups; the proved C files and the
    functions of each group are the generator's listing (functions_from: core/gen/functions.json,
    each function with its file and proof group), read under root, or lists of the file itself
    (c_files, functions: a test's small example)."""

    def __init__(self, path=PASSES_FILE, root=ROOT):
        with open(path, encoding="utf-8") as f:
            self.data = json.load(f)
        self.root = root
        self.files, self.groups = self.data.get("c_files"), self.data.get("functions")
        if "functions_from" in self.data:
            if self.files is not None or self.groups is not None:
                raise ValueError(f"{path}: functions_from and c_files/functions both given")
            with open(os.path.join(root, self.data["functions_from"]), encoding="utf-8") as f:
                listing = json.load(f)["functions"]
            self.files, self.groups = [], {}
            for fn in listing:
                if fn["file"].endswith(".c") and fn["file"] not in self.files:
                    self.files.append(fn["file"])
                self.groups.setdefault(fn["group"], []).append(fn["name"])
        if self.files is None or self.groups is None:
            raise ValueError(f"{path}: no proved C files or function groups")

    # ------------------------------------------------------------------------------ the files
    def c_files(self):
        return [os.path.join(self.root, f) for f in self.files]

    def headers(self):
        return sorted(h for g in self.data["headers"]
                      for h in glob.glob(os.path.join(self.root, g)))

    def include_dirs(self):
        return [os.path.join(self.root, d) for d in self.data["include_dirs"]]

    def cpp_includes(self):
        return " ".join("-I" + d for d in self.include_dirs())

    # -------------------------------------------------------------------------- the functions
    def group(self, names):
        unknown = [n for n in names if n not in self.groups]
        if unknown:
            raise ValueError(f"passes.json: unknown function group(s) {unknown}")
        return [f for n in names for f in self.groups[n]]

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

    def rte_stages(self, name):
        """the RTE part of a pass's arguments alone (the property listing, wp_listing)"""
        args = []
        for k, s in enumerate(self.pass_named(name)["stages"]):
            args += (["-then"] if k else []) + ["-rte", "-rte-select",
                                                ",".join(self.group(s["functions"]))] + s["rte"]
        return args

    def deselected(self, name):
        """the labels a pass's WP stages deselect (-wp-prop=-LABEL: not proved by WP)"""
        return [p for s in self.pass_named(name)["stages"] for p in s.get("deselect", [])]

    def stages(self, name, provers, guard, smoke_pre=None, steps=None):
        """the Frama-C arguments of a pass after the files: RTE per group, then WP per stage, each
        under the wall-clock guard (-wp-timeout) and, unless steps is None (the smoke passes,
        whose limit comes before), the resource limit steps, times the stage's steps_fraction"""
        stages = self.pass_named(name)["stages"]
        args = self.rte_stages(name)
        for k, s in enumerate(stages):
            args += ["-then"] + (["-wp", "-wp-prover", ",".join(provers)] if k == 0 else [])
            args += ["-wp-timeout", str(guard)]
            if steps is not None:
                args += ["-wp-steps", str(max(1, int(steps * s.get("steps_fraction", 1))))]
            if s.get("auto") and smoke_pre is None:
                args += ["-wp-auto", s["auto"]]
            args += self.fct_args(self.group(s["functions"]), smoke_pre)
            if s.get("deselect") and smoke_pre is None:
                args.append("-wp-prop=" + ",".join("-" + p for p in s["deselect"]))
        return args
