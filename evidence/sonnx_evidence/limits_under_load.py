"""The most expensive goals of each prover replayed without and with the machine deliberately
oversubscribed: the same verdicts and the same resource counts, and each goal fails at half its
recorded resources in both (issue 52: "shown under load").

    python3 -m sonnx_evidence.limits_under_load [--per-prover K] [--busy-per-core B]
                                                [--loaded-only] [--one-core] [--work DIR]
                                                [--json FILE]

The samples are the K goals of each prover with the largest resource use recorded in
proofs/why3/replay.json and proofs/frama-c/replay.json (for WP, among the goals of a labelled
ensures, loop invariant or assertion). A Why3 goal is replayed as the gate proves it
(sonnx_evidence.why3_calls, the gate's configuration); a WP goal as its pass proves it, restricted
to its function and the clauses of its kind (-wp-fct, -wp-prop @ensures...): the function's RTE
options, the one-prover scripts of the record, the proof passes' configuration
(sonnx_evidence.wp_config) and -wp-steps, its resources read from WP's verdict cache
(sonnx_evidence.wp_replay); restricted so, a goal's task may differ a little from the whole pass's,
and so its resources. Each sample runs twice in each phase: at the prover's limit (the
proof's), and at half the recorded use (the limit is effective: the goal must fail there).
The loaded phase starts B busy processes per core (`sh -c 'while :; do :; done'`, each in a
session of its own under `timeout`, ended by this tool by process group) and records the load
average. Checks: every replay at the limit is valid (a Why3 goal with exactly the recorded
resources), every replay at half the resources of the quiet proof is not valid, the loaded phase
gives the quiet phase's verdicts and counts, and no call reaches a wall-clock guard. With
--loaded-only (the test command's CTest, where a "quiet" phase would run beside the other tests
anyway) each sample runs at half its proof's resources without added load, then every sample at
once at its limit with the busy processes (so they run no longer than the provers need), held
against the proofs it replays: a Why3 goal's recorded count, a WP goal's count in its function's
pass, run just before without added load. With --one-core the loaded phase runs on one core, the
provers and the B busy processes pinned to it (the test command's CTest: its other stages keep
the other cores busy anyway, and busy processes spread over every core would only take their
time). Exit status 0
when every check holds, 1 otherwise, 2 on a tool error."""
import argparse
import concurrent.futures as cf
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from . import limits, policy, why3_config, why3_record, wp_config, wp_replay
from .paths import FRAMAC, ROOT, WHY3
from .why3_calls import PROVER_ID, Caller
from .wp_passes import Passes

# the resources a prover reports (the `steps` lines of the provers' Why3 drivers)
USED = {"Z3": r":rlimit-count\s+(\d+)", "CVC4": r"resourceUnitsUsed, (\d+)",
        "CVC5": r"resource::resourceUnitsUsed = (\d+)"}
USED.update({"CVC5-opaque": USED["CVC5"], "CVC5-noFP": USED["CVC5"]})
# the WP portfolio's shortcut of each prover, by the policy's name of it
SHORTCUT = {policy.prover_name(s): s for s in ("z3", "cvc4", "cvc5", "cvc5-opaque", "cvc5-nofp")}
# a labelled clause (a behavior's ensures names the behavior first): the category of -wp-prop
# selects it with the function's other clauses of that kind (WP's goal names may shorten labels)
SELECTABLE = re.compile(r"^(?:[a-z0-9_]+?_)?(?P<kind>ensures|loop_invariant|assert)_[A-Z]+[0-9]+_")
CATEGORY = {"ensures": "@ensures", "loop_invariant": "@invariant", "assert": "@assert"}


def why3_samples(k):
    record = why3_record.load_replay(os.path.join(WHY3, "replay.json"))
    per = {}
    for rel, entry in record.items():
        for g in entry["goals"]:
            for prover, used in g.get("steps", {}).items():
                per.setdefault(prover, []).append({"system": "why3", "file": rel,
                                                   "theory": g["theory"], "goal": g["goal"],
                                                   "prover": prover, "recorded": used})
    return [s for p in sorted(per) for s in sorted(per[p], key=lambda s: -s["recorded"])[:k]]


def wp_samples(k, passes):
    doc = wp_replay.load_doc(os.path.join(FRAMAC, "replay.json"))
    functions = sorted(passes.selected(), key=len, reverse=True)
    per = {}
    for goal, used in doc.get("steps", {}).items():
        fn = next((f for f in functions if goal.startswith(f + "_")), None)
        m = SELECTABLE.match(goal[len(fn) + 1:]) if fn else None
        if m:
            label = policy.prover_name(doc["goals"][goal])
            per.setdefault(label, []).append({"system": "wp", "goal": goal, "function": fn,
                                              "wp_prop": CATEGORY[m.group("kind")],
                                              "prover": label,
                                              "record_prover": doc["goals"][goal],
                                              "recorded": used})
    return [s for p in sorted(per) for s in sorted(per[p], key=lambda s: -s["recorded"])[:k]]


class Why3Runner:
    def __init__(self, work):
        cfg, extra = why3_config.write(os.path.join(work, "why3-config"))
        self.base = ["why3", "prove", "-C", cfg, "--extra-config=" + extra, "-L",
                     os.path.join(ROOT, "spec", "why3"), "-L", FRAMAC] + why3_record.wp_library()
        self.caller = Caller(self.base, ROOT)

    def run(self, s, steps):
        prover = PROVER_ID[s["prover"]]
        res = self.caller.results(s["file"], prover, s["theory"], [s["goal"]], steps=steps)
        if not res or any(r["expl"] == "why3 error" for r in res):
            # a goal -G cannot name (a lemma of a cloned module): the theory, as the gate does
            res = [r for r in self.caller.results(s["file"], prover, s["theory"], steps=steps)
                   if r["goal"] == s["goal"]]
        status = "valid" if res and all(r["status"] == "valid" for r in res) else next(
            (r["status"] for r in res if r["status"] != "valid"), "failed")
        used = [r["steps"] for r in res if r["steps"] is not None]
        return {"status": status, "steps": max(used) if used else None, "limit": steps}


class WpRunner:
    def __init__(self, work):
        self.work, self.passes = work, Passes()
        self.config, _ = wp_config.write(work)
        self.record = wp_replay.load(os.path.join(FRAMAC, "replay.json"))
        self.runs = 0
        # the provers' commands of the proof passes, in their own units (%S) and on a file (%f)
        self.commands = wp_config.commands(shutil.which("z3"), shutil.which("cvc4"),
                                           shutil.which("cvc5"), scaled=False)

    def stage_of(self, fn):
        for p in self.passes.data["passes"]:
            for s in p["stages"]:
                if fn in self.passes.group(s["functions"]):
                    return s
        raise ValueError(f"{fn} is in no pass")

    def prepare(self, s):
        """the goal proved as its pass proves it, restricted to its function and the clauses of its
        kind, at its prover's limit (-wp-steps scaled by the configuration, as in the proof
        passes): its verdict and resources (s["wp"]) and the task WP gave the prover (s["task"])"""
        self.runs += 1
        name = f"load-{self.runs}"
        session = os.path.join(self.work, "session-" + name)
        shutil.rmtree(session, ignore_errors=True)
        wp_replay.write_scripts(self.record, os.path.join(session, "script"))
        stage = self.stage_of(s["function"])
        cmd = ["frama-c", "-machdep", self.passes.data["machdep"], "-pp-annot",
               "-cpp-extra-args=" + self.passes.cpp_includes()] + self.passes.c_files()
        cmd += ["-rte", "-rte-select", s["function"]] + stage["rte"]
        cmd += ["-then", "-wp", "-wp-driver", os.path.join(ROOT, self.passes.data["driver"]),
                "-wp-prover", "script," + SHORTCUT[s["prover"]], "-wp-par", "1",
                "-wp-session", session, "-wp-cache", "update", "-wp-out",
                os.path.join(self.work, "tasks-" + name), "-wp-timeout", str(limits.guard("wp")),
                "-wp-steps", str(limits.LIMITS["wp_base_steps"]), "-wp-fct", s["function"],
                "-wp-prop", s["wp_prop"]]
        log = subprocess.run(cmd, capture_output=True, text=True, check=False,
                             env=dict(os.environ, WHY3CONFIG=self.config)).stdout
        with open(os.path.join(self.work, f"wp-log-{name}.txt"), "w", encoding="utf-8") as f:
            f.write(log)
        m = re.search(r"Goal typed_div_element_%s : (\w+)" % re.escape(s["goal"]), log)
        s["wp"] = {"status": (m.group(1) if m else "missing").lower(),
                   "steps": wp_replay.used_steps(self.work, name, s["goal"], s["record_prover"])}
        task = wp_replay.task_file(self.work, name, s["goal"], s["record_prover"])
        if task:  # the file WP printed: a comment line, then what the prover received
            with open(task, encoding="utf-8") as f:
                lines = f.read().splitlines(keepends=True)
            s["task"] = os.path.join(self.work, f"task-{self.runs}.smt2")
            with open(s["task"], "w", encoding="utf-8") as f:
                f.writelines(l for l in lines if not l.startswith("(* WP "))

    def run(self, s, steps):
        """the prover on the goal's task, with its command of the proof passes at `steps` of its
        own units"""
        if "task" not in s:
            return {"status": s.get("wp", {}).get("status", "missing"), "steps": None,
                    "limit": steps}
        cmd = self.commands[s["prover"]].replace("%S", str(steps)).replace("%f", s["task"])
        try:
            p = subprocess.run(cmd.split(), capture_output=True, text=True, check=False,
                               timeout=limits.guard("wp"))
        except subprocess.TimeoutExpired:
            return {"status": "timeout", "steps": None, "limit": steps}
        out = p.stdout + p.stderr
        m = re.search(USED[s["prover"]], out)
        used = int(m.group(1)) if m else None
        answer = (out.split() or ["failed"])[0]
        status = ("valid" if answer == "unsat" else
                  "stepout" if answer == "unknown" and used is not None and used >= steps else
                  "unknown" if answer in ("unknown", "sat") else "failed")
        return {"status": status, "steps": used, "limit": steps}


class Busy:
    """B busy processes per core, each in a session of its own, ended by process group"""

    def __init__(self, per_core, guard_s):
        # per core this process may run on (all of them, or the one of --one-core)
        self.count = per_core * len(os.sched_getaffinity(0))
        self.guard_s = guard_s
        self.procs = []

    def __enter__(self):
        for _ in range(self.count):
            self.procs.append(subprocess.Popen(
                ["timeout", str(self.guard_s), "sh", "-c", "while :; do :; done"],
                start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        time.sleep(5)  # the scheduler shares the cores among them before the first replay
        return self

    def __exit__(self, *exc):
        for p in self.procs:
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for p in self.procs:
            p.wait()
        return False


def replay(samples, runners, phase, full=True, half=True, workers=2):
    """every sample at its prover's limit (full) and at half its proof's resources (half),
    `workers` at a time (two: as the proofs run their provers side by side); the load average
    after each"""
    loads = []

    def one(s):
        runner = runners[s["system"]]
        r = {}
        if full:
            r["full"] = runner.run(s, limits.steps(s["prover"]))
        if half:
            # half the resources of the proof without added load (a WP goal proved by its
            # function's pass restricted to it may use a little more or less than in the whole
            # pass): this phase's count, else the pass's (WP) or the record's (Why3)
            if "half" not in s:
                used = (r.get("full") or {}).get("steps") or s.get("wp", {}).get("steps")
                s["half"] = max(1, (used or s["recorded"]) // 2)
            r["half"] = runner.run(s, s["half"])
        s.setdefault("runs", {})[phase] = r
        loads.append(os.getloadavg()[0])
        print(f"{phase:7s} {s['system']:4s} {s['prover']:11s} {s['goal'][:60]:60s} recorded "
              f"{s['recorded']}: " + ", ".join(
                  f"{'at the limit' if k == 'full' else 'at half'} {v['status']} ({v['steps']})"
                  for k, v in r.items()), flush=True)
    with cf.ThreadPoolExecutor(max_workers=workers) as ex:
        list(ex.map(one, samples))
    return loads


def check(samples):
    """the problems of the replays: a goal not valid at its prover's limit, a Why3 goal (replayed
    as the gate proves it) with other resources than the record, a goal valid at half the
    resources of its quiet proof, a loaded phase unlike the quiet one, a guard reached"""
    problems = []
    for s in samples:
        what = f"{s['system']} {s['prover']} {s['goal']}"
        expected = s["recorded"]
        if s["system"] == "wp":
            expected = s.get("wp", {}).get("steps")
            if s.get("wp", {}).get("status") != "valid":
                problems.append(f"{what}: its function's pass did not prove it ({s.get('wp')})")
        if "full" not in s["runs"].get("loaded", {}):
            problems.append(f"{what}: not replayed at its limit under load")
        if not any("half" in r for r in s["runs"].values()):
            problems.append(f"{what}: not replayed at half its resources")
        for phase, r in s["runs"].items():
            if "full" in r and (r["full"]["status"] != "valid" or r["full"]["steps"] != expected):
                problems.append(f"{what} ({phase}): at the limit {r['full']['status']} with "
                                f"{r['full']['steps']} units, its proof valid with {expected}")
            if "half" in r and r["half"]["status"] == "valid":
                problems.append(f"{what} ({phase}): valid at half the resources of its proof")
            for k in r:
                if r[k]["status"] == "timeout":
                    problems.append(f"{what} ({phase}, {k}): reached the wall-clock guard")
        q, l = s["runs"].get("quiet"), s["runs"].get("loaded", {})
        if q is not None and "half" in l and \
                (q["full"], q["half"]["status"]) != (l.get("full"), l["half"]["status"]):
            problems.append(f"{what}: the loaded phase differs from the quiet one ({q} / {l})")
    return problems


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m sonnx_evidence.limits_under_load")
    ap.add_argument("--per-prover", type=int, default=1)
    ap.add_argument("--busy-per-core", type=int, default=4)
    ap.add_argument("--loaded-only", action="store_true")
    # the loaded phase on one core: the provers and the busy processes pinned to it, the other
    # cores left to whatever else runs (the test command's other stages)
    ap.add_argument("--one-core", action="store_true")
    ap.add_argument("--work", default=None)
    ap.add_argument("--json", default=None)
    a = ap.parse_args(argv)
    work = a.work or tempfile.mkdtemp(prefix="limits-under-load-")
    os.makedirs(work, exist_ok=True)
    try:
        runners = {"why3": Why3Runner(work), "wp": WpRunner(work)}
        samples = why3_samples(a.per_prover) + wp_samples(a.per_prover, runners["wp"].passes)
    except (OSError, RuntimeError, ValueError) as e:
        print(f"limits_under_load: {e}", file=sys.stderr)
        return 2
    start = time.time()
    for s in samples:
        if s["system"] == "wp":
            runners["wp"].prepare(s)
            print(f"prepared wp {s['prover']:11s} {s['goal'][:60]:60s} its pass: {s['wp']} "
                  f"({time.time() - start:.0f} s)", flush=True)
    if a.loaded_only:
        # the limit is effective without added load; under load every sample at once, at its
        # limit: the busy processes run no longer than the provers need
        quiet = replay(samples, runners, "limit", full=False)
    else:
        quiet = replay(samples, runners, "quiet")
    middle = time.time()
    guard = max(600, int(20 * (middle - start)) + 60)
    cores = os.sched_getaffinity(0)
    if a.one_core:  # inherited by the replay's threads, their provers and the busy processes
        os.sched_setaffinity(0, {max(cores)})
    loaded_cores = len(os.sched_getaffinity(0))
    try:
        with Busy(a.busy_per_core, guard) as busy:
            loaded = replay(samples, runners, "loaded", half=not a.loaded_only,
                            workers=len(samples) if a.loaded_only else 2)
    finally:
        os.sched_setaffinity(0, cores)
    # "quiet": the phase without added load (with --loaded-only, the runs at half the resources)
    seconds = {"quiet": round(middle - start), "loaded": round(time.time() - middle)}
    problems = check(samples)
    doc = {"schema": "sonnx-limits-under-load/1",
           "what": "the most expensive goals of each prover replayed without and with added load: "
                   "at the prover's limit and at half the recorded use (sonnx_evidence."
                   "limits_under_load)",
           "busy_processes": busy.count, "cores": loaded_cores, "machine_cores": os.cpu_count(),
           "load_average": {"quiet": quiet, "loaded": loaded}, "seconds": seconds,
           "samples": samples, "problems": problems, "ok": not problems}
    for s in samples:
        s.pop("task", None)  # a file of the work folder
    if a.json:
        from . import schema  # pylint: disable=import-outside-toplevel
        schema.write(a.json, doc, name="limits-under-load")
    for p in problems:
        print("FAIL: " + p)
    print(f"limits under load: {len(samples)} goals, {busy.count} busy processes on "
          f"{loaded_cores} of {os.cpu_count()} cores (load average {min(loaded):.1f} to "
          f"{max(loaded):.1f} loaded, "
          f"{min(quiet):.1f} to {max(quiet):.1f} without; {seconds['quiet']} s and "
          f"{seconds['loaded']} s), {len(problems)} problem(s)")
    if not a.work:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
