"""The provers' resource limits as data (proofs/prover-limits.json), read by the Why3 gate and the
WP driver: a deterministic limit per prover (its own resource units: Z3's rlimit, CVC4's and
CVC5's --rlimit), the margin every recorded use must leave under it, and the wall-clock guards
that only stop a process that hangs.

A resource limit makes a verdict the same on every machine and under any load: the prover counts
its own work, not the time it took, so a goal proved within N units is proved within N units
anywhere, and one that needs more fails the same way everywhere. A time limit, used before, let a
busy machine turn a proved goal into a failure. The provers without a resource limit (Gappa; WP's
own simplifier Qed and its tactics, which are not provers but computations that run to their end)
are listed in the records with their quiet times, under the wide guard.

    python3 -m sonnx_evidence.limits check   every use recorded in proofs/why3/replay.json and
                                             proofs/frama-c/replay.json is at most the prover's
                                             limit divided by the margin (exit 1 otherwise)
"""
import json
import os
import sys

from .findings import report
from .paths import PROOFS

LIMITS_FILE = os.path.join(PROOFS, "prover-limits.json")


def load(path=LIMITS_FILE):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


LIMITS = load()


def prover(label):
    """the entry of a prover (the policy's name: Z3, Z3-noBV, CVC4, CVC5, CVC5-noFP, CVC5-opaque,
    Gappa, Qed), or raises KeyError: a prover without an entry has no limit to run under"""
    return LIMITS["provers"][label]


def steps(label):
    """the prover's resource limit in its own units, None for a prover that has none"""
    return prover(label)["steps"]


def first_steps(label):
    """the limit of a first attempt of a goal that has no record (the Why3 gate's first pass from
    scratch): a fraction of the full limit, so that a prover that cannot prove the goal gives way
    to the next one soon; None for a prover without a resource limit"""
    s = steps(label)
    return None if s is None else max(1, int(s * LIMITS["first_attempt_fraction"]))


def margin():
    return LIMITS["margin"]


def guard(kind):
    """the wall-clock guard of one prover call, in seconds (kind: why3, wp, gappa): it stops a
    process that hangs; a goal that reaches it is reported as such, never counted as proved"""
    return LIMITS["guard_s"][kind]


def summary(scale=1.0, overrides=None):
    """the limits as the evidence files record them (overrides: {prover: limit} that replace the
    scaled limits of those provers, a test's)"""
    steps_of = {p: (None if e["steps"] is None else max(1, int(e["steps"] * scale)))
                for p, e in LIMITS["provers"].items()}
    steps_of.update(overrides or {})
    return {"source": "proofs/prover-limits.json", "margin": margin(), "scale": scale,
            "first_attempt_fraction": LIMITS["first_attempt_fraction"], "steps": steps_of,
            "wp_base_steps": LIMITS["wp_base_steps"], "guard_s": dict(LIMITS["guard_s"])}


def over(record_uses):
    """the uses over their prover's limit divided by the margin: [(what, prover, used, limit)]"""
    out = []
    for what, label, used in record_uses:
        limit = steps(label)
        if limit is not None and used * margin() > limit:
            out.append((what, label, used, limit))
    return out


def main(argv):
    if argv[1:] != ["check"]:
        print(__doc__.strip().splitlines()[-3], file=sys.stderr)
        return 2
    from . import why3_record, wp_replay  # pylint: disable=import-outside-toplevel
    uses = list(why3_record.recorded_uses()) + list(wp_replay.recorded_uses())
    bad = over(uses)
    return report([f"OVER THE MARGIN: {what}: {label} used {used} of its limit {limit} "
                   f"(more than 1/{margin()})" for what, label, used, limit in bad],
                  f"limits: {len(uses)} recorded uses, {len(bad)} over the limit / {margin()}")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
