"""One `why3 prove` call of the Why3 gate (sonnx_evidence.why3_gate) under the provers' resource
limits (sonnx_evidence.limits): the prover's limit in its own units (-s, Why3's step limit, which
Why3 passes to the prover's command_steps: Z3's rlimit, CVC4's and CVC5's --rlimit), the resources
each sub-goal used as the prover reported them, and a wall-clock guard for a process that hangs
(-t; Why3 1.5.1 applies it to the prover's CPU time). Gappa has no resource limit: it runs under
the guard alone."""
import subprocess

from . import limits, why3_tasks

PROVER_LABEL = {"z3": "Z3", "cvc5": "CVC5", "cvc5-nofp": "CVC5-noFP", "Z3,4.8.12,noBV": "Z3-noBV",
                "cvc4": "CVC4", "gappa": "Gappa"}
PROVER_ID = {label: prover for prover, label in PROVER_LABEL.items()}
# a why3 process proves the goals it is given one after the other, each under its own guard; this
# only stops a why3 process that hangs outside a prover
PROCESS_GUARD_S = 6 * 3600


def status_of(answer, used=None, limit=None):
    """a verdict from Why3's answer: valid; stepout (the resource limit was reached: Why3 says so
    for CVC4, Z3 and CVC5 answer unknown with their count at the limit); timeout (the wall-clock
    guard, never expected: a goal that reaches it is reported, never counted as proved); unknown;
    failed"""
    a = answer.split("\n")[0].strip()
    if a == "Valid":
        return "valid"
    if a.startswith("Step"):
        return "stepout"
    if a.startswith("Timeout"):
        return "timeout"
    if a.startswith("Unknown") and used is not None and limit is not None and used >= limit:
        return "stepout"
    if a.startswith("Unknown") or a.startswith("Out of memory") or a.startswith("Invalid"):
        return "unknown"
    return "failed"


class Caller:
    """runs why3 prove with the gate's base arguments; scale multiplies every limit (a test's
    small files, whose goals only have to fail, run at a fraction of them) but those of the
    provers in overrides ({prover: limit}, a test's prover that must prove its goal)"""

    def __init__(self, base, root, scale=1.0, overrides=None):
        self.base, self.root, self.scale = base, root, scale
        self.overrides = dict(overrides or {})

    def limit(self, prover, attempt):
        """the step limit of one call (attempt: "first" for a goal's first try from scratch,
        "full" otherwise), None for a prover without one"""
        label = PROVER_LABEL[prover]
        if limits.steps(label) is None:
            return None
        whole = self.overrides.get(label, limits.steps(label) * self.scale)
        fraction = limits.LIMITS["first_attempt_fraction"] if attempt == "first" else 1
        return max(1, int(whole * fraction))

    def guard(self, prover):
        return limits.guard("gappa" if limits.steps(PROVER_LABEL[prover]) is None else "why3")

    def results(self, rel, prover, theory=None, goals=(), attempt="full", steps=None):
        """the verdict of every sub-goal of the selection (split_vc), in Why3's order; steps, when
        given, replaces the prover's limit (sonnx_evidence.limits_under_load)"""
        steps = self.limit(prover, attempt) if steps is None else steps
        args = ["-P", prover, "-a", "split_vc", "-t", str(self.guard(prover)), "--json"]
        args += ["-s", str(steps)] if steps is not None else []
        args.append(rel)
        if theory:
            args += ["-T", theory]
            for g in goals:
                args += ["-G", g]
        p = subprocess.run(self.base + args, cwd=self.root, capture_output=True, text=True,
                           timeout=PROCESS_GUARD_S, check=False)
        res = []
        for o in why3_tasks.json_stream(p.stdout):
            pr, term = o.get("prover-result", {}), o.get("term", {})
            used = pr.get("step")
            used = used if isinstance(used, int) and used >= 0 else None
            res.append({"goal": term.get("goal_name", "?"),
                        "expl": ",".join(term.get("explanations", [])),
                        "loc": term.get("loc", {}),
                        "status": status_of(pr.get("answer", "failed"), used, steps),
                        "answer": pr.get("answer", "").replace("\n", " "),
                        "time_s": pr.get("time", 0.0), "steps": used, "limit": steps})
            if theory:
                res[-1]["theory"] = theory
        if not res and (p.returncode != 0 or p.stderr.strip()):
            res.append({"goal": goals[0] if goals else "?", "expl": "why3 error", "loc": {},
                        "status": "failed", "answer": p.stderr.strip()[-500:], "time_s": 0.0,
                        "steps": None, "limit": steps})
            if theory:
                res[-1]["theory"] = theory
        return res


def verdict(prover, r):
    """a sub-goal's verdict as why3.json records it: the prover, its result, the resources it used
    and the limit it ran under (None for a prover without one), and its time (volatile)"""
    return {"prover": PROVER_LABEL[prover], "result": r["status"], "time": r["time_s"],
            "steps": r["steps"], "limit": r["limit"]}
