"""Frama-C/WP proof check of the Div kernels (proofs/frama-c/prove.sh is its entry point; the
options are documented there and in proofs/frama-c/README.md).

Proves the very files the library compiles (proofs/frama-c/passes.json: the C files, and the
functions of each pass), with Frama-C's machine model pinned, in four passes side by side under
the prover policy (floating-point functions without Z3), with the driver-binding sanity lemmas and
the killers of the fault table's driver faults beside them (wp_binding); then joins the passes into
the evidence and checks them (wp_evidence), checks that every function the files define is proved
or registered (wp_functions) and that every float-to-integer conversion carries a proved range
assertion (float_to_int_check). With --smoke, WP's smoke tests after the proof (wp_smoke). Exit
status 0 iff every check passes, 2 on a usage or tool error.
"""
import argparse
import glob
import hashlib
import os
import shutil
import subprocess
import sys
import threading
import time

from . import limits, policy, schema, wp_binding, wp_config, wp_functions
from .paths import FRAMAC, ROOT
from .wp_passes import PASSES_FILE, Passes

SCRIPTS = os.path.join(FRAMAC, "scripts")
REPLAY = os.path.join(FRAMAC, "replay.json")
TOOLS = ("frama-c", "why3", "z3", "cvc4", "cvc5", "clang")


def module(name):
    return [sys.executable, "-m", "sonnx_evidence." + name]


def tee(cmd, path=None, append=False, env=None):
    """runs cmd, its output to stdout and to path; returns its exit status"""
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    sys.stdout.write(p.stdout + p.stderr)
    sys.stdout.flush()
    if path:
        with open(path, "a" if append else "w", encoding="utf-8") as f:
            f.write(p.stdout + p.stderr)
    return p.returncode


class Driver:
    def __init__(self, a):
        self.a = a
        self.passes = Passes()
        self.out = os.path.abspath(a.out)
        self.work = os.path.join(os.path.dirname(self.out), "wp-work")
        self.machdep = a.machdep or self.passes.data["machdep"]
        self.driver = os.path.join(ROOT, self.passes.data["driver"])
        self.timeout = limits.guard("wp")  # a wall-clock guard only: the limits are resources
        self.par = self.passes.data["provers_at_once"]
        self.smoke = self.passes.data["smoke"]

    # ------------------------------------------------------------------------------- one pass
    def wp_pass(self, name, par, stages, extra=()):
        """one Frama-C process over every C-subset file, with its own WP session and cache,
        report, log, property CSV, printed tasks and call graph; a smoke or rank pass with the
        configuration whose -wp-steps is in the prover's own units"""
        w = self.work
        session = os.path.join(w, "session-" + name)
        os.makedirs(os.path.join(session, "script"), exist_ok=True)
        cache = "update"
        if not self.a.search_scripts:
            for s in glob.glob(os.path.join(SCRIPTS, "*.json")):
                shutil.copy(s, os.path.join(session, "script"))
            if name.startswith("rank-") or name.startswith("smoke-"):
                cache = "none"
            else:
                subprocess.run(module("wp_replay") + ["scripts", REPLAY,
                                                      os.path.join(session, "script")], check=True)
        shutil.rmtree(os.path.join(w, "tasks-" + name), ignore_errors=True)
        cmd = ["frama-c", "-machdep", self.machdep, "-pp-annot",
               "-cpp-extra-args=" + self.passes.cpp_includes()] + self.passes.c_files()
        cmd += ["-wp-driver", self.driver, "-wp-par", str(par), "-wp-session", session,
                "-wp-cache", cache] + list(extra)
        cmd += ["-wp-out", os.path.join(w, "tasks-" + name), "-cg-no-services", "-cg",
                os.path.join(w, f"callgraph-{name}.dot"), "-wp-report-json",
                os.path.join(w, f"wp-report-{name}.json")] + stages
        cmd += ["-then", "-report", "-report-untried", "-report-csv",
                os.path.join(w, f"wp-properties-{name}.csv")]
        with open(os.path.join(w, f"wp-log-{name}.txt"), "w") as log:
            raw = name.startswith("rank-") or name.startswith("smoke-")
            env = dict(os.environ, WHY3CONFIG=self.raw_config) if raw else None
            return subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, env=env,
                                  check=False).returncode

    def provers(self, name):
        return self.passes.portfolio(name, self.a.search_scripts)

    @staticmethod
    def steps(provers=None):
        """-wp-steps of a proof pass: the base that each prover's command scales to its own limit
        (sonnx_evidence.wp_config, proofs/frama-c/scaled_steps.sh)"""
        return limits.LIMITS["wp_base_steps"]

    def limit_args(self, provers):
        return ["-wp-timeout", str(self.timeout), "-wp-steps", str(self.steps(provers))]

    def proof_passes(self):
        """the passes side by side (WP's own work is sequential within a process); exit status"""
        results = {}

        def run(p):
            provers = self.provers(p)
            results[p] = self.wp_pass(p, self.par, self.passes.stages(
                p, provers, self.timeout, steps=self.steps(provers)))
        threads = [threading.Thread(target=run, args=(p["name"],))
                   for p in self.passes.data["passes"]]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return max(results.values())

    def rank(self):
        """one run per prover of each portfolio; the record then names each goal's fastest"""
        r = self.passes.data["rank_provers"]
        for p in self.passes.data["passes"]:
            kind = self.passes.pass_named(p["name"])["portfolio"]
            for prover in r[kind]:
                self.wp_pass(f"rank-{p['name']}-{prover}", self.smoke["provers_at_once"],
                             self.passes.stages(p["name"], ["script", prover], self.timeout,
                                                steps=limits.steps(policy.prover_name(prover))
                                                * self.passes.data["rank_steps_fraction"]))
        subprocess.run(module("wp_replay") + ["fastest", REPLAY] +
                       sorted(glob.glob(os.path.join(self.work, "wp-log-rank-*.txt"))), check=True)
        for d in glob.glob(os.path.join(self.work, "session-rank-*")) + glob.glob(
                os.path.join(self.work, "*-rank-*")):
            shutil.rmtree(d, ignore_errors=True) if os.path.isdir(d) else os.remove(d)

    # ---------------------------------------------------------------------------- smoke tests
    def smoke_args(self, steps=None):
        s = self.smoke
        return ["-wp-smoke-tests", "-wp-smoke-timeout", str(s["timeout_s"]), "-wp-steps",
                str(steps or s["steps"])]

    def smoke_prover(self, name):
        kind = self.passes.pass_named(name)["portfolio"]
        return self.smoke["integer_prover" if kind == "integer" else "floating_point_prover"]

    def smoke_tests(self, proofs_end, versions):
        """the planted inconsistencies with each smoke prover, then the smoke passes side by side;
        returns (pass specifications for wp_evidence, 0 or 1)"""
        s, w = self.smoke, self.work
        planted_pre = s["planted_with_precondition"]
        planted = planted_pre + s["planted_without_precondition"]
        for prover in (s["integer_prover"], s["floating_point_prover"]):
            for steps, suffix in ((s["steps"], ""), (s["steps_low"], "-low")):
                cmd = ["frama-c", "-machdep", self.machdep, "-pp-annot",
                       os.path.join(ROOT, s["planted_file"]), "-rte", "-warn-unsigned-overflow",
                       "-then", "-wp", "-wp-prover", prover, "-wp-par",
                       str(s["provers_at_once"]), "-wp-cache", "none"] + self.smoke_args()
                cmd += ["-wp-steps", str(steps)] + self.passes.fct_args(planted, set(planted_pre))
                with open(os.path.join(w, f"wp-log-smoke-planted-{prover}{suffix}.txt"), "w") as f:
                    subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, check=False,
                                   env=dict(os.environ, WHY3CONFIG=self.raw_config))
        pre = subprocess.run(module("wp_smoke") + ["preconditions", w], capture_output=True,
                             text=True, check=True).stdout.strip()
        pre_set = set(pre.split(",")) if pre else set()
        threads = [threading.Thread(target=self.wp_pass, args=(
            "smoke-" + p["name"], s["provers_at_once"],
            self.passes.stages(p["name"], [self.smoke_prover(p["name"])], self.timeout, pre_set),
            self.smoke_args())) for p in self.passes.data["passes"]]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        names = [p["name"] for p in self.passes.data["passes"]]
        everything = ",".join(f for n in names for f in self.passes.functions_of(n))
        failed = tee(module("wp_smoke") + ["generated", w, pre, everything]) != 0
        failed |= tee(module("wp_smoke") + [
            "planted", w, os.path.join(self.out, "wp-smoke-search.json"), str(s["steps"]),
            str(s["timeout_s"]), str(int(time.time() - proofs_end)), s["integer_prover"],
            versions["cvc4"], s["floating_point_prover"], versions["cvc5"],
            str(s["steps_low"])]) != 0
        specs = []
        for n in names:
            subprocess.run(module("wp_smoke") + [
                "only", os.path.join(w, f"wp-report-smoke-{n}.json"),
                os.path.join(w, f"wp-log-smoke-{n}.txt")], check=True)
            open(os.path.join(w, f"wp-properties-smoke-{n}-only.csv"), "w").close()
            specs.append(f"smoke-{n}-only:{w}:{','.join(self.passes.functions_of(n))}:"
                         f"{self.smoke_prover(n)}")
        return specs, int(failed)

    # ----------------------------------------------------------------------------------- run
    def stamp(self, versions):
        """the inputs a cached verdict depends on: replayed only when none changed"""
        h = hashlib.sha256()
        files = self.passes.c_files() + self.passes.headers() + [
            os.path.join(ROOT, "spec", "why3", f) for f in ("div_fastpath.mlw", "div_element.mlw",
                                                            "formats.mlw")]
        files += [os.path.join(ROOT, "proofs", "why3", d) for d in ("cvc5_axiomatic.drv",
                                                                      "cvc5_native.drv")]
        files += [self.driver, os.path.join(FRAMAC, "div_element_bridge.mlw"), PASSES_FILE, REPLAY,
                  os.path.join(FRAMAC, "drivers", "cvc5_opaque_spec.drv.in"), limits.LIMITS_FILE,
                  os.path.join(FRAMAC, "scaled_steps.sh")]
        files += sorted(glob.glob(os.path.join(os.path.dirname(__file__), "wp_*.py")))
        files += [os.path.join(os.path.dirname(__file__), m) for m in ("limits.py",
                                                                       "why3_config.py")]
        files += sorted(glob.glob(os.path.join(SCRIPTS, "*.json")))
        for f in files:
            with open(f, "rb") as fh:
                h.update(fh.read())
        h.update(f"{' '.join(versions.values())} smoke={int(self.a.smoke)} "
                 f"machdep={self.machdep}".encode())
        return h.hexdigest()

    def run(self):
        a, w, out = self.a, self.work, self.out
        os.makedirs(out, exist_ok=True)
        os.makedirs(w, exist_ok=True)
        missing = [t for t in TOOLS if not shutil.which(t)]
        if missing:
            print("prove.sh: missing tool: " + " ".join(missing), file=sys.stderr)
            return 2
        os.environ["WHY3CONFIG"], self.raw_config = wp_config.write(w)
        versions = wp_config.versions()
        schema.write(os.path.join(out, "wp-tool-versions.json"), versions, indent=2)
        stamp, stamp_file = self.stamp(versions), os.path.join(w, "inputs.sha256")
        if a.fresh or not os.path.exists(stamp_file) or open(stamp_file).read().strip() != stamp:
            for d in glob.glob(os.path.join(w, "session-*")):
                shutil.rmtree(d, ignore_errors=True)
            print("prove.sh: inputs changed or no session: proving from scratch")
        else:
            print("prove.sh: inputs unchanged: replaying cached verdicts (use --fresh to re-prove)")
        if os.path.exists(stamp_file):
            os.remove(stamp_file)  # never replay a failed run as a success
        if a.rank:
            self.rank()
        start = time.time()
        binding = threading.Thread(target=wp_binding.runs, args=(
            w, self.driver, self.passes, self.machdep,
            self.limit_args(self.passes.data["binding"]["provers"])))
        binding.start()
        rc = self.proof_passes()
        end = time.time()
        smoke_specs, planted = [], 0
        search = os.path.join(out, "wp-smoke-search.json")
        if os.path.exists(search):
            os.remove(search)
        if a.smoke:
            smoke_specs, planted = self.smoke_tests(end, versions)
        specs = [f"{p['name']}:{w}:{','.join(self.passes.functions_of(p['name']))}:"
                 f"{','.join(self.provers(p['name']))}" for p in self.passes.data["passes"]]
        policy = tee(module("wp_evidence") + [out] + specs + smoke_specs,
                     os.path.join(out, "wp-policy.txt")) or planted
        summary_path = os.path.join(out, "wp-summary.txt")
        status = tee(module("wp_summary") + [
            os.path.join(out, "wp-log.txt"), os.path.join(out, "wp-report.json"),
            str(int(end - start)), str(rc), " | ".join(versions.values())], summary_path,
            env=dict(os.environ, SONNX_WP_PAR=str(self.par)))
        coverage = wp_functions.run(self.passes, os.path.join(out, "wp-properties.csv"),
                                    os.path.join(out, "wp-function-coverage.json"), summary_path)
        conversions = tee(module("float_to_int_check") + [
            "--properties", os.path.join(out, "wp-properties.csv"), "--json",
            os.path.join(out, "wp-float-to-int.json")] + [
                a for d in self.passes.include_dirs() for a in ("-I", d)] +
            self.passes.c_files(), summary_path, append=True)
        binding.join()
        doc, lines = wp_binding.verdicts(w)
        schema.write(os.path.join(out, "wp-binding.json"), doc)
        with open(summary_path, "a", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        print("\n".join(lines))
        bound = 0 if doc["ok"] else 1
        if a.mutants and tee(module("binding_mutants") + [
                os.path.join(w, "binding-mutants"), os.path.join(out, "wp-binding-mutants.json")],
                summary_path, append=True) != 0:
            bound = 1
        if status or policy or bound or conversions or coverage:
            print(f"prove.sh: FAILED (logs: {out}/wp-log.txt, {w}/wp-binding-*.txt)",
                  file=sys.stderr)
            return 1
        with open(stamp_file, "w") as f:
            f.write(stamp + "\n")
        if a.record:
            subprocess.run(module("wp_replay") + ["record", REPLAY, w] + [
                p["name"] for p in self.passes.data["passes"]], check=True)
        if a.search_scripts:  # keep the tactic scripts; plain prover verdicts need none
            for s in glob.glob(os.path.join(SCRIPTS, "*.json")):
                os.remove(s)
            for s in glob.glob(os.path.join(w, "session-*", "script", "*.json")):
                if '"tactic"' in open(s, encoding="utf-8").read():
                    shutil.copy(s, SCRIPTS)
            print(f"prove.sh: {len(os.listdir(SCRIPTS))} tactic scripts written to {SCRIPTS}")
        print(f"prove.sh: all WP goals proved and accepted; evidence in {out}")
        return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="proofs/frama-c/prove.sh")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "evidence"))
    ap.add_argument("--fresh", action="store_true")
    ap.add_argument("--smoke", action="store_true")
    ap.add_argument("--mutants", action="store_true")
    ap.add_argument("--record", action="store_true")
    ap.add_argument("--rank", action="store_true")
    ap.add_argument("--machdep", default=None)
    ap.add_argument("--search-scripts", action="store_true")
    a = ap.parse_args(argv)
    a.fresh = a.fresh or a.rank or a.search_scripts
    return Driver(a).run()


if __name__ == "__main__":
    sys.exit(main())
