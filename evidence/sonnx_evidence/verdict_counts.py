"""Counts shared by the Why3 gate and the WP proof check for their prover-policy summaries."""


def verdict_counts(goals):
    """(valid verdicts per prover, number of goals that exactly one prover proved) over goals
    that each carry a list "verdicts" of {"prover", "result"}."""
    per_prover = {}
    single = 0
    for goal in goals:
        valid = [v["prover"] for v in goal["verdicts"] if v["result"] == "valid"]
        for prover in valid:
            per_prover[prover] = per_prover.get(prover, 0) + 1
        single += len(valid) == 1
    return dict(sorted(per_prover.items())), single
