"""Where the repository's files are: the package lives in <root>/evidence/sonnx_evidence."""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROOFS = os.path.join(ROOT, "proofs")
WHY3 = os.path.join(PROOFS, "why3")
FRAMAC = os.path.join(PROOFS, "frama-c")
SCHEMAS = os.path.join(ROOT, "evidence", "schemas")
SCHEMA_NAMES = os.path.join(ROOT, "evidence", "schema-names.json")  # which schema a file has
REGISTER = os.path.join(ROOT, "spec", "assumptions.json")
POLICY_FILE = os.path.join(PROOFS, "prover-policy.json")
