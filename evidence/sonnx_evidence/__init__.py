"""sonnx_evidence: the evidence tools of SONNX Div (proof gates, WP evidence, checks of the proof
runs, provenance), one package. Callers run `PYTHONPATH=<root>/evidence python3 -m
sonnx_evidence.<tool>`; every evidence file the package writes is validated against its schema
(evidence/schemas/, sonnx_evidence.schema) before it is written."""
