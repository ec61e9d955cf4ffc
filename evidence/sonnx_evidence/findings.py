"""How a check of the package ends: each finding on a line of its own, then the summary line; the
exit status is 1 when there is a finding, 0 otherwise."""


def report(findings, summary):
    for line in findings:
        print(line)
    print(summary)
    return 1 if findings else 0
