"""How a check ends, for the package's checks and the repository's scripts that import it
(PYTHONPATH set by their callers). report: each finding on a line of its own, then the summary
line; exit status 1 when there is a finding, 0 otherwise. self_check: each judgement of a
self-check on planted faults (ok or WRONG), then the count; exit status 1 when a case was
misjudged, 0 otherwise."""


def report(findings, summary):
    for line in findings:
        print(line)
    print(summary)
    return 1 if findings else 0


def self_check(verdicts):
    """verdicts: (what was planted or kept, whether it was judged as expected) pairs."""
    for name, ok in verdicts:
        print(f"{'ok' if ok else 'WRONG'}: {name}")
    print(f"self-check: {sum(ok for _, ok in verdicts)}/{len(verdicts)} judged as expected")
    return 0 if all(ok for _, ok in verdicts) else 1
