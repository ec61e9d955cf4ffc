"""How a check ends, for the package's checks and the repository's scripts that import it
(PYTHONPATH set by their callers). report: each finding on a line of its own, then the summary
line; exit status 1 when there is a finding, 0 otherwise."""


def report(findings, summary):
    for line in findings:
        print(line)
    print(summary)
    return 1 if findings else 0
