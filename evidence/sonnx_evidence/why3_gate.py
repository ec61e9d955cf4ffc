#!/usr/bin/env python3
"""SONNX Div -- Why3 proof gate, called by proofs/why3/prove.sh.

Enumerate, then compare. The gate first prints every task of every file it is given, as Why3
itself produces them after the same transformation (split_vc): one task per sub-goal, each the
goal with its whole logical context (sonnx_evidence.why3_tasks). From those tasks alone it decides
which goals are floating-point and which axioms they rest on (proofs/prover-policy.json,
spec/assumptions.json). Then it proves, and fails unless every printed task has a verdict that
the prover policy accepts and every axiom of every task's context is registered.

Replay: proofs/why3/replay.json records, per goal, the provers whose valid verdicts made it
accepted. Each recorded goal goes first to its recorded provers (one `why3 prove` per theory and
prover, goals selected with -T/-G); the record only orders the provers: every verdict is a fresh
prover run, and a goal without a record (a new goal, or a record that lost it) is proved like a
file without any: its theory is split with `split_vc` and sent to its first prover (a
`(* prover: X *)` hint, else CVC5 for a theory with floating-point tasks and Z3 for the others);
each goal that the prover policy does not yet accept is re-run (selected with -T/-G) with the next
provers of the portfolio, and every prover's verdict on every sub-goal is recorded. Every call runs
under the prover's resource limit (proofs/prover-limits.json, sonnx_evidence.why3_calls: a first
attempt from scratch at a fraction of it, every other call at the whole of it; the resources each
sub-goal used are recorded with its verdict), not a time limit: the verdicts are the same on every
machine and under any load. Portfolio: Z3 4.8.12, Z3 "noBV" alternative (driver z3_432, which
keeps the axioms of bv.Pow2int), CVC5 1.0.3 (--fp-exp), CVC5 on Why3's axiomatisation of
ieee_float ("CVC5-noFP", driver cvc5_axiomatic.drv), CVC4 1.8 (no FP support: integer and memory
goals only), Gappa (by hint only).

Prover policy: proofs/prover-policy.json (sonnx_evidence.policy), the register row AS-TOOL-1 says why.
"""
import argparse
import concurrent.futures as cf
import json
import os
import re
import sys
import time

from . import limits, policy, schema, why3_axioms, why3_tasks
from .verdict_counts import verdict_counts
from .why3_calls import PROVER_ID, PROVER_LABEL, Caller, verdict
from .why3_record import load_replay, replay_record, versions, wp_library, write_record

PORTFOLIO = ["z3", "Z3,4.8.12,noBV", "cvc5", "cvc4"]
FP_PORTFOLIO = ["cvc5", "cvc5-nofp", "Z3,4.8.12,noBV", "z3", "cvc4"]

with open(os.path.join(policy.ROOT, "spec", "evidence-sources.json"), encoding="utf-8") as _f:
    # the files of the specification and proofs, in dependency order
    SPEC_FILES = json.load(_f)["why3_files"]["files"]
# where the project's own theories live (a theory found elsewhere is a library theory)
PROJECT_DIRS = ["spec/why3", "proofs/frama-c", "proofs/why3"]


class Gate:
    def __init__(self, a):
        self.a = a
        self.root = a.root
        self.replay = load_replay(a.replay) if a.replay else {}
        self.replayed = []
        self.base = ["why3", "prove", "-C", a.config, "--extra-config=" + a.extra_config,
                     "-L", os.path.join(a.root, "spec/why3")] + wp_library()
        self.tasks = {}      # (file stem, theory) -> {task file base: why3_tasks.Task}
        self.fp = {}         # (file stem, theory, task file base) -> reasons (empty: not fp)
        self.assumes = {}    # the same key -> register rows of the task's context
        self.hints = {}      # (file, theory, goal or None) -> prover of a (* prover: X *) hint
        self.from_scratch = {}  # file -> theories proved from scratch despite a record
        self.caller = None   # the prover calls, once the load path is complete

    def results(self, rel, prover, theory=None, goal=None, attempt="full", goals=()):
        if self.caller is None:
            self.caller = Caller(self.base, self.root, self.a.limit_scale, self.a.prover_limit)
        return self.caller.results(rel, prover, theory, ([goal] if goal else []) + list(goals),
                                   attempt)

    # ---------------------------------------------------------------- hints
    def read_hints(self, rel):
        """the `(* prover: X *)` comments of a file: the first prover of the theory or goal that
        follows (they only order the provers; nothing else is read from the source text)"""
        pending, cur = None, None
        with open(os.path.join(self.root, rel)) as f:
            for line in f:
                h = re.search(r"\(\*\s*prover:\s*(\S+)\s*\*\)", line)
                if h:
                    pending = h.group(1)
                    continue
                m = re.match(r"\s*(module|theory)\s+([A-Za-z_][A-Za-z0-9_]*)", line)
                if m:
                    cur = m.group(2)
                    if pending:
                        self.hints[(rel, cur, None)] = pending
                    pending = None
                    continue
                d = re.match(r"\s*(?:let\s+rec\s+lemma|let\s+lemma|lemma|goal)"
                             r"\s+([A-Za-z_][A-Za-z0-9_']*)", line)
                if d and cur and pending:
                    self.hints[(rel, cur, d.group(1))] = pending
                if line.strip() and not line.strip().startswith("(*"):
                    pending = None

    def attribute(self, rel, res):
        """each result's sub-goal index (its order among the results of its goal name) and the
        printed task it stands for, with that task's floating-point classification"""
        stem = os.path.splitext(os.path.basename(rel))[0]
        counters = {}
        for r in res:
            key = (r["theory"], r["goal"])
            counters[key] = counters.get(key, -1) + 1
            r["subgoal"] = counters[key]
            try:
                r["task"] = why3_tasks.expected_names(r["goal"], counters[key] + 1)[-1]
            except ValueError:
                r["task"] = None
            reasons = self.fp.get((stem, r["theory"], r["task"]))
            # a result with no printed task is kept as floating-point (the stricter rule) and
            # fails the enumeration check
            r["fp_reasons"] = reasons if reasons is not None else ["no printed task"]
            r["fp"] = bool(r["fp_reasons"])
            r["assumes"] = self.assumes.get((stem, r["theory"], r["task"]), [])
        return res

    def uncovered(self, rel, res):
        """the theories of rel whose printed tasks the results do not cover one for one"""
        stem = os.path.splitext(os.path.basename(rel))[0]
        out = []
        for (s, theory), printed in self.tasks.items():
            if s != stem:
                continue
            names = [r["task"] for r in res if r["theory"] == theory]
            if sorted(n or "?" for n in names) != sorted(printed):
                out.append(theory)
        return out

    @staticmethod
    def accepted(fp, verdicts):
        return policy.accepted(fp, verdicts)

    def theory_is_fp(self, rel, theory):
        stem = os.path.splitext(os.path.basename(rel))[0]
        return any(self.fp.get((stem, theory, t)) for t in self.tasks.get((stem, theory), {}))

    def first_pass(self, rel, theories):
        """proof from scratch: every theory to its first prover (hint, else by kind), one run per
        theory, so that each goal is attributed to the theory that states or clones it"""
        res = []
        for th in theories:
            default = (FP_PORTFOLIO if self.theory_is_fp(rel, th) else PORTFOLIO)[0]
            prover = self.hints.get((rel, th, None), default)
            res += self.first_verdicts(self.results(rel, prover, th, attempt="first"), prover)
        return res

    def replay_pass(self, rel, record):
        """replay: every recorded goal to its first recorded prover, one run per theory and prover
        (the whole theory when one prover comes first for all its goals)"""
        groups, firsts = {}, {}
        for e in record:
            groups.setdefault((e["theory"], PROVER_ID[e["provers"][0]]), []).append(e["goal"])
            firsts.setdefault(e["theory"], set()).add(e["provers"][0])
        res = []
        for (th, prover), goals in groups.items():
            part = [] if len(firsts[th]) == 1 else self.results(rel, prover, th, goals=goals)
            if not part or any(r["expl"] == "why3 error" for r in part):
                # a goal that -G cannot name (a lemma of a cloned module): the theory, then its goals
                part = [r for r in self.results(rel, prover, th)
                        if len(firsts[th]) == 1 or r["goal"] in goals]
            res += self.first_verdicts(part, prover)
        return res

    @staticmethod
    def first_verdicts(part, prover):
        for r in part:
            r["verdicts"] = [verdict(prover, r)]
        return part

    def record_of(self, rel):
        """the recorded goals of rel (the record only orders the provers: it is used whether or
        not the file's text is the one recorded, and the enumeration finds what it lacks)"""
        entry = self.replay.get(rel)
        if entry:
            self.replayed.append(rel)
            return entry["goals"]
        return None

    def add_verdicts(self, rel, th, g, subs, prover, done):
        """runs prover on goal g of theory th (at its whole limit) and adds its verdict to each
        sub-goal of subs that is not done; returns the sub-goals it added to"""
        again = self.results(rel, prover, th, g)
        if len(again) != len(subs):
            return []
        added = []
        for old, new in zip(subs, again):
            if done(old):
                continue
            old["verdicts"].append(verdict(prover, new))
            old["accepted"] = self.accepted(old["fp"], old["verdicts"])
            added.append(old)
        return added

    def prove_file(self, rel, theories):
        t0 = time.time()
        record = self.record_of(rel)
        res = self.attribute(rel, self.replay_pass(rel, record) if record
                             else self.first_pass(rel, theories))
        # enumerate, then compare: a theory whose printed tasks the results do not cover one for
        # one (no record for some of its goals, or a record from another text) is proved again
        # from scratch, all of it
        missing = self.uncovered(rel, res) if record else []
        if missing:
            res = [r for r in res if r["theory"] not in missing]
            again = self.first_pass(rel, [t for t in theories if t in missing])
            res = self.attribute(rel, res + again)
            self.from_scratch[rel] = missing
        order = {th: k for k, th in enumerate(theories)}
        recorded = {(e["theory"], e["goal"]): e["provers"] for e in (record or [])}
        rank = {key: k for k, key in enumerate(recorded)}
        res.sort(key=lambda r: (order.get(r["theory"], 0), rank.get((r["theory"], r["goal"]), 0)))
        for r in res:
            r["accepted"] = self.accepted(r["fp"], r["verdicts"])
        todo = []
        for r in res:
            if not r["accepted"] and (r["theory"], r["goal"]) not in todo:
                todo.append((r["theory"], r["goal"]))
        retried = set()
        for th, g in todo:
            # replay: the goal's other recorded provers, at the first limit, before any retry
            for prover in [PROVER_ID[label] for label in recorded.get((th, g), [])[1:]]:
                subs = [r for r in res if r["theory"] == th and r["goal"] == g]
                if all(r["accepted"] for r in subs):
                    break
                self.add_verdicts(rel, th, g, subs, prover, lambda r: r["accepted"])
            base = g[:-3] if g.endswith("'vc") else g
            hint = self.hints.get((rel, th, base))
            fp = any(r["fp"] for r in res if r["theory"] == th and r["goal"] == g)
            portfolio = FP_PORTFOLIO if fp else PORTFOLIO
            first = [PROVER_ID[label] for label in recorded.get((th, g), [])]
            first += [hint] if hint else []
            for prover in dict.fromkeys(first + portfolio):
                subs = [r for r in res if r["theory"] == th and r["goal"] == g]
                if all(r["accepted"] for r in subs):
                    break
                label = PROVER_LABEL[prover]

                def answered(r):  # a first-pass failure is retried once with the whole limit
                    return (id(r), label) in retried or any(
                        v["prover"] == label and v["result"] == "valid" for v in r["verdicts"])

                def futile(r):  # a valid verdict of its family already counts: it adds nothing
                    return not policy.trusted_alone(label) and any(
                        v["result"] == "valid"
                        and policy.family(v["prover"]) == policy.family(label)
                        for v in r["verdicts"])
                if all(r["accepted"] or answered(r) or futile(r) for r in subs):
                    continue
                for old in self.add_verdicts(rel, th, g, subs, prover,
                                             lambda r: r["accepted"] or answered(r) or futile(r)):
                    retried.add((id(old), label))
        for r in res:
            r["file"] = rel
            valid = [v for v in r["verdicts"] if v["result"] == "valid"]
            r["status"] = "valid" if valid else r["verdicts"][-1]["result"]
            # the prover whose verdict made the goal accepted (else the last one tried)
            r["prover"] = next((v["prover"] for k, v in enumerate(r["verdicts"])
                                if v["result"] == "valid" and self.accepted(r["fp"], r["verdicts"][:k + 1])),
                               r["verdicts"][-1]["prover"])
            r["time_s"] = round(sum(v["time"] for v in r["verdicts"]), 2)
        return rel, res, time.time() - t0


def enumerate_tasks(gate, files, out):
    """prints every task of the files and decides, from each task alone, whether it is
    floating-point and which register rows its axioms rest on; returns (problems, axiom evidence)"""
    dirs = PROJECT_DIRS + sorted({os.path.dirname(f) for f in files})
    lib = why3_tasks.Library(gate.base, files, dirs, root=gate.root)
    if not lib.load_run_files():
        return lib.errors, {}, None
    lib.qualify_run_uses()
    # the run's own files first: their constructs are judged even when no task can be printed
    registered, problems = why3_axioms.scan_sources(lib)
    task_dir = os.path.join(out, "why3-tasks")
    driver = why3_tasks.write_driver(os.path.join(out, "why3-config"))
    try:
        why3_tasks.print_tasks(gate.base, driver, files, task_dir, root=gate.root)
    except RuntimeError as e:
        return problems + [str(e)], {}, None
    for (stem, theory), names in why3_tasks.task_files(task_dir).items():
        gate.tasks[(stem, theory)] = {base: why3_tasks.Task(os.path.join(task_dir, name))
                                      for base, name in names.items()}
    lib.load([lib.qualify_use(u, stem) for (stem, _), tasks in gate.tasks.items()
              for t in tasks.values() for u in t.uses])
    registered, found = why3_axioms.scan_sources(lib, registered)
    problems += found
    scan = why3_axioms.AxiomScan(lib, registered)
    for (stem, theory), tasks in sorted(gate.tasks.items()):
        for base, task in tasks.items():
            problems += why3_axioms.unknown_metas(task)
            gate.fp[(stem, theory, base)] = why3_tasks.floating_point(task, policy.POLICY)
            _, found, rows = scan.context(f"{stem}.{theory}", task, stem)
            gate.assumes[(stem, theory, base)] = rows
            problems += found
    # every axiom of the run's own theories, also one that no goal's context holds
    for names in lib.run_theories.values():
        for q in names:
            problems += scan.theory(q)[1]
    evidence = scan.evidence()
    evidence["constructs"] = registered.evidence()
    evidence["rows"] = sorted({r for rows in gate.assumes.values() for r in rows})
    return list(dict.fromkeys(problems + lib.errors)), evidence, lib


def prover_limit(text):
    """"LABEL=N" -> (LABEL, N) for a prover with a resource limit"""
    label, _, n = text.partition("=")
    if label not in PROVER_ID or limits.steps(label) is None or not n.isdigit() or int(n) < 1:
        raise argparse.ArgumentTypeError(f"{text}: not PROVER=N for a prover with a limit")
    return label, int(n)


def main():
    ap = argparse.ArgumentParser()
    for k in ("root", "out", "config", "extra_config", "mode"):
        ap.add_argument("--" + k.replace("_", "-"), required=True)
    # every prover's resource limit (proofs/prover-limits.json) times this: a test's small files,
    # whose goals only have to fail, run at a fraction of them
    ap.add_argument("--limit-scale", type=float, default=1.0)
    # PROVER=N: that prover's limit instead (a test's prover that must prove its goal while the
    # others, which only have to fail, run at the scaled limits)
    ap.add_argument("--prover-limit", action="append", default=[], type=prover_limit)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--replay", default=None,
                    help="record of the provers to run first per goal (files whose text is unchanged)")
    ap.add_argument("--record", default=None,
                    help="write that record here from this run (only if every goal is accepted)")
    ap.add_argument("--enumerate-only", action="store_true",
                    help="print, classify and scan the tasks, prove nothing "
                         "(why3.json lists the tasks)")
    ap.add_argument("--files", nargs="*", default=None,
                    help="prove these files (relative to the root) instead of the specification")
    a = ap.parse_args()
    a.prover_limit = dict(a.prover_limit)
    gate = Gate(a)
    t0 = time.time()

    files = a.files if a.files is not None else [f for f in SPEC_FILES if os.path.exists(os.path.join(a.root, f))]
    problems = [f"MISSING {rel}" for rel in files if not os.path.exists(os.path.join(a.root, rel))]
    axioms, lib, t_enum = {}, None, time.time()
    if not problems:
        # the files' own folders are on the load path: a theory next to a file is found there
        for d in sorted({os.path.dirname(f) for f in files}):
            gate.base += ["-L", os.path.join(a.root, d)]
        problems, axioms, lib = enumerate_tasks(gate, files, a.out)
    t_enum = round(time.time() - t_enum, 2)
    for rel in files:
        if os.path.exists(os.path.join(a.root, rel)):
            gate.read_hints(rel)
    all_res, per_file = [], {}
    # an unregistered axiom fails the gate, but the goals are still proved (and reported)
    if lib is not None and not a.enumerate_only:
        # longest first, so that the two workers finish together
        def cost(rel):
            entry = gate.replay.get(rel)
            return entry["seconds"] if entry else float("inf")

        def prove(rel):
            return gate.prove_file(rel, [q.split(".", 1)[1] for q in lib.run_theories[rel]])
        with cf.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
            for rel, res, dt in ex.map(prove, sorted(files, key=cost, reverse=True)):
                per_file[rel] = (res, dt)
        for rel in files:
            all_res += per_file[rel][0]
            # every printed task has exactly one result, and every result a printed task
            for th in gate.uncovered(rel, per_file[rel][0]):
                stem = os.path.splitext(os.path.basename(rel))[0]
                printed = sorted(gate.tasks.get((stem, th), {}))
                got = sorted(r["task"] or "?" for r in per_file[rel][0] if r["theory"] == th)
                problems.append(f"TASKS WITHOUT ONE VERDICT EACH: {rel} theory {th}: printed "
                                f"{len(printed)} tasks, verdicts for {len(got)}; differing: "
                                f"{sorted(set(printed) ^ set(got))[:6]}")
            for th in dict.fromkeys(r["theory"] for r in per_file[rel][0]):
                for g, h in why3_tasks.clash(dict.fromkeys(
                        r["goal"] for r in per_file[rel][0] if r["theory"] == th)):
                    problems.append(f"GOAL NAMES {rel} {th}.{g} and {h}: their task files "
                                    "cannot be told apart; rename one")
    for p in problems:
        print(p)
    if a.enumerate_only:
        print("enumeration only: nothing proved")
        tasks = [{"file": rel, "theory": th, "goal": None, "subgoal": None, "task": base,
                  "expl": "", "answer": "", "loc": {}, "prover": None, "time_s": 0,
                  "status": "not tried", "verdicts": [],
                  "accepted": False, "fp": bool(gate.fp[(stem, th, base)]),
                  "fp_reasons": gate.fp[(stem, th, base)],
                  "assumes": gate.assumes[(stem, th, base)]}
                 for rel in files for (stem, th), ts in sorted(gate.tasks.items())
                 if stem == os.path.splitext(os.path.basename(rel))[0] for base in sorted(ts)]
        all_res = tasks
    proved = sum(1 for r in all_res if r["accepted"])
    wall = round(time.time() - t0, 2)
    print(f"{'file':34s} {'accepted':>9s}  {'valid verdicts per prover':36s} {'time_s':>7s}")
    for rel in files:
        res, dt = per_file.get(rel, ([], 0.0))
        n = sum(1 for r in res if r["accepted"])
        provers = {}
        for r in res:
            for v in r["verdicts"]:
                if v["result"] == "valid":
                    provers[v["prover"]] = provers.get(v["prover"], 0) + 1
        ps = " ".join(f"{k}:{v}" for k, v in sorted(provers.items()))
        print(f"{rel:34s} {n:4d}/{len(res):<4d}  {ps:36s} {dt:7.1f}")
    for r in ([] if a.enumerate_only else all_res):
        if not r["accepted"]:
            why = ("valid only by " + ",".join(v["prover"] for v in r["verdicts"] if v["result"] == "valid") +
                   ": not accepted for a floating-point goal") if r["status"] == "valid" else r["status"]
            print(f"NOT PROVED: {r['file']} {r['theory']}.{r['goal']}[{r['subgoal']}] "
                  f"({r['expl']}, line {r['loc'].get('line')}): {why} {r['answer'][:80]}")
    per_prover, single = verdict_counts(all_res)
    fp_goals = [r for r in all_res if r["fp"]]
    summary = dict(policy.summary(), **{
        "goals": len(all_res), "accepted": proved,
        "valid_not_accepted": sum(1 for r in all_res
                                  if r["status"] == "valid" and not r["accepted"]),
        "floating_point_goals": len(fp_goals),
        "floating_point_goals_accepted": sum(1 for r in fp_goals if r["accepted"]),
        "goals_valid_per_prover": dict(sorted(per_prover.items())),
        "goals_on_a_single_prover": single})
    print("valid verdicts per prover: " + ", ".join(f"{k} {v}" for k, v in sorted(per_prover.items())) +
          f"; goals resting on a single prover: {single} of {len(all_res)}; floating-point goals: "
          f"{len(fp_goals)} ({summary['floating_point_goals_accepted']} accepted)")
    n_tasks = sum(len(t) for t in gate.tasks.values())
    print(f"enumeration: {n_tasks} tasks printed from {len(files)} files ({t_enum} s); axioms: "
          f"{len(axioms.get('library_theories', {}))} library theories, "
          f"{len(axioms.get('project_axioms', []))} project axioms, {len(axioms.get('rows', []))} "
          "register rows in the goals' contexts")
    print(f"TOTAL {proved}/{len(all_res)} goals proved (accepted under the prover policy), "
          f"wall {wall} s")
    doc = {"tool": "why3", "versions": versions(),
           "goals": [{"file": r["file"], "theory": r["theory"], "goal": r["goal"],
                      "subgoal": r["subgoal"], "task": r["task"], "explanation": r["expl"],
                      "line": r["loc"].get("line"), "prover": r["prover"],
                      "time_s": r["time_s"], "status": r["status"],
                      "verdicts": r["verdicts"], "accepted": r["accepted"], "fp": r["fp"],
                      "fp_reasons": r["fp_reasons"][:3], "assumes": r["assumes"]} for r in all_res],
           "enumeration": {"what": "every task Why3 prints for the files after split_vc, each "
                                   "of which must have exactly one accepted verdict",
                           "tasks": n_tasks, "seconds": t_enum,
                           "theories": {f"{stem}.{th}": len(t)
                                        for (stem, th), t in sorted(gate.tasks.items())},
                           "problems": problems},
           "axioms": axioms,
           "summary": {"proved": proved, "total": len(all_res), "wall_s": wall,
                       "limits": limits.summary(a.limit_scale, a.prover_limit),
                       "replayed_files": sorted(gate.replayed, key=files.index),
                       "files_proved_from_scratch": [f for f in files if f not in gate.replayed],
                       "theories_proved_from_scratch": gate.from_scratch,
                       "portfolio": [PROVER_LABEL[p] for p in PORTFOLIO] + ["Gappa (by hint)"],
                       "files": files},
           "policy": summary}
    os.makedirs(a.out, exist_ok=True)
    schema.write(os.path.join(a.out, "why3.json"), doc)
    # --enumerate-only: exit 0 iff the enumeration and the scans found no problem
    ok = not problems and (a.enumerate_only or (proved == len(all_res) and len(all_res) > 0))
    if ok and a.record:
        write_record(a.record, replay_record(a.root, files, all_res), SPEC_FILES)
    print(f"replayed from {os.path.relpath(a.replay, a.root) if a.replay else 'no record'}: " +
          (", ".join(gate.replayed) or "none") +
          "; proved from scratch: " + (", ".join(x for x in files if x not in gate.replayed) or "none"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
