#!/usr/bin/env python3
"""A requirement decided by the exhaustive sweep of a type decides it for the path the library
runs by default (CTest catalogue_default_path_sweeps, issue 48).

The exhaustive sweeps exhaustive-<type>.json run the scalar kernel against the MPFR oracle; where a
type has a fast path (the default on a machine that has it, e.g. F16C for float16), the sweep
exhaustive-fastpath-<type>.json shows the fast path equal to the scalar kernel on every pair. A
requirement's exhaustive entry (decided_by) that names a type's scalar sweep must then name that
type's fast-path sweep too, else it decides the requirement for a kernel the library does not run
by default. The fast-path sweeps are those the catalogue names anywhere (D9's entries), read from
spec/requirements.json, never listed here.

  check_default_path_sweeps.py [--planted]   --planted: drop the fast-path sweeps from F2's
                                             entries (the catalogue before issue 48) and expect
                                             the check to fail
Exit status 0 when every such entry names both sweeps (--planted: when the check fails)."""
import copy
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def problems(catalogue):
    entries = [(r["id"], m) for r in catalogue["requirements"]
               for m in r.get("decided_by", []) if m.get("method") == "exhaustive"]
    fast = {}
    for _, m in entries:
        for s in m.get("sweeps", []):
            if s.startswith("exhaustive-fastpath-"):
                for t in m.get("types", []):
                    fast.setdefault(t, set()).add(s)
    out = []
    for rid, m in entries:
        scalar = [s for s in m.get("sweeps", []) if not s.startswith("exhaustive-fastpath-")]
        for t in m.get("types", []):
            missing = sorted(fast.get(t, set()) - set(m.get("sweeps", [])))
            if scalar and missing:
                out.append(f"{rid}: decided for {t} by {', '.join(scalar)} (the scalar kernel) "
                           f"without {', '.join(missing)} (the default fast path equal to it)")
    return out


def main(argv):
    with open(os.path.join(ROOT, "spec", "requirements.json"), encoding="utf-8") as f:
        catalogue = json.load(f)
    if "--planted" in argv:
        catalogue = copy.deepcopy(catalogue)
        for r in catalogue["requirements"]:
            if r["id"] == "F2":
                for m in r.get("decided_by", []):
                    if m.get("method") == "exhaustive":
                        m["sweeps"] = [s for s in m["sweeps"] if "fastpath" not in s]
        found = problems(catalogue)
        print("\n".join(found) or "planted: NOT caught")
        return 0 if any(p.startswith("F2: ") for p in found) else 1
    found = problems(catalogue)
    for p in found:
        print("SCALAR SWEEP ONLY: " + p)
    print(f"default-path sweeps: {len(found)} problem(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
