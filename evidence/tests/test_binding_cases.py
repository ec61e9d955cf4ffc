#!/usr/bin/env python3
"""CTest binding_cases: every binding of the WP driver has a holding and a refuted sanity case
(binding_mutants.py --cases), and the check fails on a planted fault: binding_sanity.c without
its refuted float64 case, as it was when the float64 binding could be rebound to a weaker
predicate of its theory while every sanity lemma still proved."""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.join(ROOT, "proofs", "frama-c")
CHECK = [sys.executable, "-m", "sonnx_evidence.binding_mutants", "--cases"]
REFUTED = """    lemma F1_float64_binding_refutes:
      !sonnx_div_float64_spec((double)1.0, (double)4.0, (double)0.5);
"""

real = subprocess.run(CHECK, capture_output=True, text=True)
print(real.stdout, end="")
text = open(os.path.join(HERE, "binding_sanity.c")).read()
if REFUTED not in text:
    sys.exit("test_binding_cases: the refuted float64 case is not where the planted fault expects")
with tempfile.TemporaryDirectory() as tmp:
    planted = os.path.join(tmp, "binding_sanity.c")
    with open(planted, "w") as f:
        f.write(text.replace(REFUTED, ""))
    fault = subprocess.run(CHECK + [planted], capture_output=True, text=True)
print(fault.stdout, end="")
caught = fault.returncode == 1 and "sonnx_div_float64_spec = div_float64: no refuted case" in \
    fault.stdout
print("planted fault (no refuted float64 case): %s" % ("caught" if caught else "NOT CAUGHT"))
sys.exit(0 if real.returncode == 0 and caught else 1)
