"""Every property each WP pass selects, named as WP names its goals, without a prover.

Runs each pass's Frama-C process with its RTE stages alone (proofs/frama-c/passes.json) and then
Frama-C's report plug-in (-report-classify), which lists every property of the C files, the ACSL
clauses and the RTE assertions of that pass, under the names WP gives its goals (the same
Property.Names, numbered suffixes included), in about a second of CPU per pass. The instances of
a callee's precondition at each call site exist only in a proof run (WP makes them): the listing
has the precondition itself. A pass keeps the properties of its own functions, but for those its
stages deselect (-wp-prop=-LABEL: not proved by WP).

    python3 -m sonnx_evidence.wp_listing --out FILE [--work DIR] [--machdep M]

writes {"schema", "what", "passes": {pass: [name, ...]}}; exit 1 when a Frama-C run fails.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

from .paths import ROOT
from .wp_passes import Passes


def list_pass(passes, name, work, machdep):
    """the property names of one pass (its own functions, minus the deselected labels)"""
    out = os.path.join(work, "list-%s.json" % name)
    cmd = ["frama-c", "-machdep", machdep, "-pp-annot",
           "-cpp-extra-args=" + passes.cpp_includes()] + passes.c_files()
    cmd += passes.rte_stages(name)
    cmd += ["-then", "-report-classify", "-report-status", "-report-unclassified-untried",
            "REVIEW", "-report-no-exit", "-report-output", out]
    run = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if run.returncode != 0 or not os.path.isfile(out):
        raise RuntimeError("the listing of pass %s failed:\n%s" % (
            name, (run.stdout + run.stderr)[-2000:]))
    with open(out, encoding="utf-8") as f:
        entries = json.load(f)
    own = sorted(passes.functions_of(name), key=len, reverse=True)
    excluded = passes.deselected(name)
    return sorted({e["title"] for e in entries
                   if any(e["title"].startswith(f + "_") for f in own)
                   and not any(e["title"].endswith("_" + x) for x in excluded)})


def listing(work, machdep=None, root=ROOT):
    passes = Passes(root=root)
    machdep = machdep or passes.data["machdep"]
    names = [p["name"] for p in passes.data["passes"]]
    with ThreadPoolExecutor(max_workers=len(names)) as pool:
        lists = list(pool.map(lambda n: list_pass(passes, n, work, machdep), names))
    return {"schema": "sonnx-wp-property-listing/1",
            "what": "every property each WP pass of proofs/frama-c/passes.json selects, named as "
                    "WP names its goals, listed by Frama-C's report plug-in without a prover "
                    "(sonnx_evidence.wp_listing)",
            "passes": dict(zip(names, lists))}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--work")
    ap.add_argument("--machdep")
    a = ap.parse_args(argv)
    try:
        if a.work:
            os.makedirs(a.work, exist_ok=True)
            doc = listing(a.work, a.machdep)
        else:
            with tempfile.TemporaryDirectory() as work:
                doc = listing(work, a.machdep)
    except (RuntimeError, OSError, ValueError) as e:
        print("wp_listing: %s" % e, file=sys.stderr)
        return 1
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print("wp_listing: %d properties of %d passes in %s" % (
        sum(map(len, doc["passes"].values())), len(doc["passes"]), a.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
