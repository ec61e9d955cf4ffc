"""The prover policy: the rule as data in proofs/prover-policy.json, evaluated here and nowhere
else. The Why3 gate, the WP evidence and the fault campaign call it; the traceability report (and
any check of an evidence folder) reaches it through `python3 -m sonnx_evidence.policy recheck
FILE...`, which recomputes every goal's acceptance from its recorded verdicts and reports the
goals whose recorded "accepted" differs."""
import json
import os
import sys

from .findings import report
from .paths import POLICY_FILE, ROOT  # noqa: F401 (ROOT: for the callers)


def load(path=POLICY_FILE):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


POLICY = load()
PROVERS = POLICY["provers"]
NOT_PROVERS = set(POLICY["not_provers"]["names"])


def prover_name(label):
    """the policy's name of a prover as Why3 or Frama-C/WP labels it (None for a script or the task
    printer, which are not provers); an unknown label is returned as it is, and counts as a prover
    of its own family that is not trusted alone"""
    if label in NOT_PROVERS:
        return None
    return POLICY.get("wp_prover_names", {}).get(label, label)


def family(name):
    entry = PROVERS.get(name)
    return entry["family"] if entry else "unknown:" + name


def trusted_alone(name):
    entry = PROVERS.get(name)
    return bool(entry and entry["trusted_alone_on_floating_point"])


def accepted(fp, verdicts):
    """verdicts: [{"prover", "result"}]; True when the policy accepts the goal"""
    valid = {prover_name(v["prover"]) for v in verdicts if v["result"] == "valid"} - {None}
    if not fp:
        return bool(valid)
    return any(trusted_alone(p) for p in valid) or len({family(p) for p in valid}) >= 2


def summary():
    """the policy as the evidence files record it"""
    return {"source": "proofs/prover-policy.json", "rule": POLICY["rule"],
            "floating_point_goal": POLICY["floating_point"]["rule"],
            "families": {p: e["family"] for p, e in PROVERS.items()},
            "trusted_alone_on_floating_point": sorted(p for p in PROVERS if trusted_alone(p))}


def accepted_wp(proved, fp, by_prover, obligations, untrusted_in_pass):
    """the policy on one WP property (a property may hold several goals, and WP's report counts
    each prover's valid goals per property): a floating-point property proved in a pass whose
    portfolio has a prover not trusted alone must have every goal proved by one trusted prover or
    by provers of two families"""
    if not proved:
        return False
    if not fp or not untrusted_in_pass:
        return True
    full = [prover_name(p) for p, r in by_prover.items()
            if not p.startswith("wp:") and r.get("valid", 0) >= obligations]
    full = [p for p in full if p]
    return any(trusted_alone(p) for p in full) or len({family(p) for p in full}) >= 2


def untrusted(provers):
    """the provers of a portfolio that are not trusted alone on floating point"""
    names = [prover_name(p) for p in provers]
    return sorted({n for n in names if n and not trusted_alone(n)})


def recheck(path):
    """the goals of why3.json or wp-report.json whose recorded acceptance the policy does not give
    them: [(goal, recorded, expected)]. The one implementation of the rule, which the gates use and
    the report (and any check of an evidence folder) reaches through this command."""
    import json  # pylint: disable=import-outside-toplevel
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    out = []
    wp = "wp:functions" in doc
    for g in doc.get("goals", []):
        recorded = g.get("accepted")
        if wp:
            by_prover = doc["wp:functions"].get(g.get("function"), {}).get(g.get("goal"), {})
            portfolio = doc.get("passes", {}).get(g.get("pass"))
            expected = portfolio is not None and accepted_wp(
                str(g.get("status")).lower() == "valid", g.get("fp", True), by_prover,
                g.get("obligations", 0), untrusted(portfolio))
            name = f"{g.get('function')}.{g.get('goal')}"
        else:
            expected = str(g.get("status")).lower() == "valid" and accepted(g.get("fp", True),
                                                               g.get("verdicts", []))
            name = f"{g.get('file')} {g.get('theory')}.{g.get('goal')}[{g.get('subgoal')}]"
        if recorded is not expected:
            out.append((name, recorded, expected))
    return out


def use(path):
    """evaluate under the policy file `path` from now on (a copy of the project's, in tests)"""
    global POLICY, PROVERS, NOT_PROVERS  # pylint: disable=global-statement
    POLICY = load(path)
    PROVERS = POLICY["provers"]
    NOT_PROVERS = set(POLICY.get("not_provers", {}).get("names", []))


def main(argv):
    args = argv[1:]
    if len(args) >= 3 and args[1] == "--policy":
        use(args[2])
        args = args[:1] + args[3:]
    if len(args) < 2 or args[0] != "recheck":
        print("usage: python3 -m sonnx_evidence.policy recheck [--policy FILE] EVIDENCE.json...",
              file=sys.stderr)
        return 2
    bad = [f"DISAGREES {os.path.basename(path)} {name}: recorded accepted={recorded}, the policy "
           f"gives {expected}" for path in args[1:] for name, recorded, expected in recheck(path)]
    return report(bad, f"policy recheck: {len(bad)} goal(s) whose recorded acceptance the policy "
                       "does not give")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
