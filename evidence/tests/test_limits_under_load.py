#!/usr/bin/env python3
"""The proofs' verdicts do not depend on the machine's load (CTest evidence_limits_under_load;
sonnx_evidence.limits_under_load, issue 52's "shown under load").

1. Its checks refuse, on made-up samples: a replay at the limit that is not valid, one whose
   resource count differs from the record (a Why3 goal, replayed as the gate proves it) or from
   its pass's proof (a WP goal, whose task is then replayed by its prover), a WP goal its pass did
   not prove, a goal valid at half the resources of its quiet proof, a loaded phase that differs
   from the quiet one, a call that reached the wall-clock guard; and accept a sample that shows
   none of these.
2. The most expensive recorded goal of each prover (Why3: Z3, CVC5, CVC5-noFP; WP: Z3, CVC4, CVC5,
   CVC5-opaque, CVC5-noFP) replayed on one core with three busy processes pinned beside them
   (--one-core: the test command's other stages keep the other cores busy), started and ended by
   the tool: valid at the prover's limit with the resources of the proof without added load (a Why3
   goal: those of the record; a WP goal: those of its function's pass, run just before), not valid
   at half of them (--loaded-only: a quiet phase inside the test command would run beside the
   other tests anyway: the half runs go first without added load, then every sample at once at its
   limit under load, so that the busy processes run no longer than the provers need); under CTest
   written to the build's evidence folder (limits-under-load.json). Planted faults of that layout
   are refused the same way."""
import copy
import os
import sys

from sonnx_evidence import limits_under_load
from checks import Checks

GOOD = {"system": "why3", "prover": "Z3", "goal": "g", "recorded": 1000, "half": 500, "runs": {
    phase: {"full": {"status": "valid", "steps": 1000, "limit": 50000000},
            "half": {"status": "stepout", "steps": 520, "limit": 500}}
    for phase in ("quiet", "loaded")}}


def planted(change):
    s = copy.deepcopy(GOOD)
    change(s)
    return limits_under_load.check([s])


def main():
    check = Checks("limits under load")
    check(not limits_under_load.check([GOOD]), "a sample that shows nothing wrong is accepted")
    for what, change, expect in [
            ("not valid at the limit", lambda s: s["runs"]["loaded"]["full"].update(
                status="stepout"), "at the limit stepout"),
            ("another resource count", lambda s: [s["runs"][p]["full"].update(steps=1001)
                                                  for p in ("quiet", "loaded")],
             "with 1001 units, its proof valid with 1000"),
            ("valid at half", lambda s: s["runs"]["quiet"]["half"].update(status="valid"),
             "valid at half the resources of its proof"),
            ("loaded differs", lambda s: s["runs"]["loaded"]["half"].update(status="unknown"),
             "the loaded phase differs"),
            ("guard", lambda s: s["runs"]["loaded"]["half"].update(status="timeout"),
             "reached the wall-clock guard"),
            ("a WP goal its pass did not prove", lambda s: s.update(
                system="wp", wp={"status": "unknown", "steps": None}), "did not prove it"),
            ("a WP goal replayed with other resources", lambda s: s.update(
                system="wp", wp={"status": "valid", "steps": 999}), "its proof valid with 999")]:
        problems = planted(change)
        check(any(expect in p for p in problems), f"refused: {what}", problems)
    # --loaded-only: half the resources without added load ("limit"), the limit under load
    split = copy.deepcopy(GOOD)
    split["runs"] = {"limit": {"half": GOOD["runs"]["quiet"]["half"]},
                     "loaded": {"full": GOOD["runs"]["loaded"]["full"]}}
    check(not limits_under_load.check([split]), "--loaded-only, nothing wrong: accepted")
    for what, change, expect in [
            ("valid at half", lambda s: s["runs"]["limit"]["half"].update(status="valid"),
             "valid at half"),
            ("no half run", lambda s: s["runs"].pop("limit"), "not replayed at half"),
            ("no run at the limit under load", lambda s: s["runs"]["loaded"].pop("full"),
             "not replayed at its limit under load")]:
        s = copy.deepcopy(split)
        change(s)
        problems = limits_under_load.check([s])
        check(any(expect in p for p in problems), f"--loaded-only, refused: {what}", problems)
    args = ["--per-prover", "1", "--busy-per-core", "3", "--loaded-only", "--one-core"]
    if os.environ.get("SONNX_BUILD_DIR"):  # CTest: the replays become evidence of the build
        evidence = os.path.join(os.environ["SONNX_BUILD_DIR"], "evidence")
        os.makedirs(evidence, exist_ok=True)
        args += ["--json", os.path.join(evidence, "limits-under-load.json")]
    rc = limits_under_load.main(args)
    check(rc == 0, "the most expensive goal of each prover: the same verdicts and resources under "
                   "load, and not valid at half its resources")
    return check.status()


if __name__ == "__main__":
    sys.exit(main())
