"""The prover policy, read from proofs/prover-policy.json: the one place every proof check takes it
from (the Why3 gate, the WP evidence, the fault campaign; the traceability report reads the same
file)."""
import json
import os

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
    return POLICY["wp_prover_names"].get(label, label)


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
