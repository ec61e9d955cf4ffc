"""sonnx_coverage: the structural-coverage evidence of SONNX Div (docs/structural-coverage.md).

Statement, decision and MC/DC coverage of the library from its requirement-tagged tests (clang's
source-based coverage), the justification register of the gaps, the coupling of requirements to
the code their tests reach, the formal-analysis coverage of the proved C, the Frama-C Eva analysis
and the ReqIF export of the catalogue. Run as `PYTHONPATH=<root>/evidence python3 -m
sonnx_coverage.<tool>`; the modules import each other relatively only, so the package can move
into the evidence package as it is."""
