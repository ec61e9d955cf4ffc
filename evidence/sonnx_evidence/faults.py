"""The fault table (verify/faults/faults.json): reading it and applying a fault to a scratch tree.
Shared by the fault campaign (verify/faults/run_faults.py) and the WP driver's binding runs
(sonnx_evidence.wp_binding), which apply the table's driver faults to a copy of the driver."""
import json
import os

from .paths import ROOT

TABLE = os.path.join(ROOT, "verify", "faults", "faults.json")


class Failure(Exception):
    pass


def load_table():
    with open(TABLE) as f:
        faults = json.load(f)["faults"]
    names = [f["name"] for f in faults]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        raise Failure(f"duplicate fault names in {TABLE}: {sorted(dup)}")
    return faults


def apply_fault(fault, tree):
    """apply every substitution of `fault` under `tree`; fail loudly when a text is not found"""
    for e in fault["edits"]:
        path = os.path.join(tree, e["file"])
        with open(path) as f:
            text = f.read()
        n = text.count(e["original"])
        if n == 0:
            raise Failure(f"fault {fault['name']}: original text not found in {e['file']}:\n"
                          f"  {e['original']!r}\n  (update verify/faults/faults.json)")
        if n > 1 and not e.get("every_occurrence"):
            raise Failure(f"fault {fault['name']}: original text found {n} times in {e['file']} "
                          f"(set every_occurrence or make it unique): {e['original']!r}")
        with open(path, "w") as f:
            f.write(text.replace(e["original"], e["faulty"]))
