"""The catalogue's WP families name properties that exist, in seconds and without a prover.

Lists every property the WP passes select (sonnx_evidence.wp_listing: Frama-C's report plug-in,
no prover), expands the catalogue's families against that listing (sonnx_evidence.decided_by) and
fails on every family that matches nothing. It then checks
itself: the same expansion must fail on planted catalogues (a label renamed in one family, a type
the family's function does not exist for, an unknown type set, a wp entry that names a property
exactly), each for the reason planted.

  python3 -m sonnx_evidence.check_families ROOT WORK_DIR
"""
import copy
import json
import os
import subprocess
import sys

def expand(root, catalogue, listing, out):
    run = subprocess.run([sys.executable, "-m", "sonnx_evidence.decided_by", "expand",
                          "--catalogue", catalogue, "--listing", listing, "--out", out,
                          "--root", root], capture_output=True, text=True, check=False)
    return run.returncode, run.stdout + run.stderr


def first_family(data):
    for req in data["requirements"]:
        for e in req.get("decided_by", []):
            if e.get("method") == "wp":
                for fam in e["families"]:
                    if "types" in fam:
                        return req["id"], fam
    raise SystemExit("check_families: the catalogue has no WP family over types")


def plants(data):
    """[(what, catalogue, expected exit, expected text)]"""
    out = []
    d = copy.deepcopy(data)
    rid, fam = first_family(d)
    fam["properties"] = [p + "_renamed" if "*" not in p else "assert_planted_renamed_label"
                         for p in fam["properties"]]
    out.append(("a label renamed in a family of " + rid, d, 1, "matches no property"))
    d = copy.deepcopy(data)
    scans = [(req["id"], fam) for req in d["requirements"] for e in req.get("decided_by", [])
             if e.get("method") == "wp" for fam in e["families"]
             if fam["function"] == "sonnx_div_domain_scan_${suffix}"]
    if not scans:
        raise SystemExit("check_families: no family of sonnx_div_domain_scan_${suffix}")
    scans[0][1]["types"] = ["float16"]  # an integer scan: none exists for float16
    out.append(("a family over a type its function does not exist for (" + scans[0][0] + ")",
                d, 1, "matches no property"))
    d = copy.deepcopy(data)
    rid, fam = first_family(d)
    fam["types"] = "no_such_set"
    out.append(("an unknown type set (" + rid + ")", d, 2, "unknown type set"))
    d = copy.deepcopy(data)
    for req in d["requirements"]:
        wp = [e for e in req.get("decided_by", []) if e.get("method") == "wp"]
        if wp:
            wp[0]["properties"] = ["sonnx_div_i8_ensures_I1_truncated_quotient"]
            out.append(("a wp entry naming a property exactly (" + req["id"] + ")", d, 2,
                        "unknown field"))
            break
    return out


def main():
    root, work = sys.argv[1:3]
    os.makedirs(work, exist_ok=True)
    listing = os.path.join(work, "listing.json")
    run = subprocess.run([sys.executable, "-m", "sonnx_evidence.wp_listing", "--out", listing,
                          "--work", os.path.join(work, "listing")],
                         capture_output=True, text=True, check=False)
    if run.returncode != 0:
        print("FAIL the property listing failed:\n" + (run.stdout + run.stderr)[-2000:])
        return 1
    catalogue = os.path.join(root, "spec", "requirements.json")
    with open(catalogue, encoding="utf-8") as f:
        data = json.load(f)
    ok = True
    for k, (what, planted, want, text) in enumerate(plants(data)):
        path = os.path.join(work, "planted-%d.json" % k)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(planted, f)
        status, out = expand(root, path, listing, os.path.join(work, "planted-%d-out.json" % k))
        right = status == want and text in out
        ok = ok and right
        print("%s self-check, %s: exit %d" % ("ok  " if right else "FAIL", what, status)
              + ("" if right else "\n" + out[-1000:]))
    status, out = expand(root, catalogue, listing, os.path.join(work, "decided-by.json"))
    print(out.strip())
    if status != 0:
        print("FAIL the catalogue's WP families against Frama-C's property listing")
        return 1
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
