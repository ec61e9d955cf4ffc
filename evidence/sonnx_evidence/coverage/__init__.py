"""sonnx_evidence.coverage: the structural-coverage evidence of SONNX Div
(docs/structural-coverage.md).

Statement, decision and MC/DC coverage of the library from its requirement-tagged tests (clang's
source-based coverage), the justification register of the gaps, the coupling of requirements to
the code their tests reach, the formal-analysis coverage of the proved C, the Frama-C Eva analysis
and the ReqIF export of the catalogue. Run as `PYTHONPATH=<root>/evidence python3 -m
sonnx_evidence.coverage.<tool>`. Every file written is validated by sonnx_evidence.schema."""


def verdict(summary, problems, shown=40):
    """Prints the summary line and the first problems; the exit status (1 on any problem)."""
    print(summary)
    for p in problems[:shown]:
        print("  " + p)
    return 0 if not problems else 1
