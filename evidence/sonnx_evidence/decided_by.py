"""Trace by family: the requirement catalogue (spec/requirements.json) says which function families
and property labels decide each requirement; this module expands them into the exact names of the
WP properties that a listing holds, and refuses a family that matches nothing.

A "wp" entry of decided_by or supported_by names its properties by family:

    {"method": "wp", "families": [
       {"function": "sonnx_div_checked_${suffix}", "types": "signed_integer",
        "properties": ["outside_domain_ensures_C3_D3_*", "requires_C1_valid_data"]}]}

  function    a function name; ${suffix} or ${name} (core/gen/types.json) make it a family, one
              function per type of "types"
  types       a list of element type names, or the name of a set of core/gen/types.json "sets"
              (required exactly when the function has a ${...})
  properties  globs over what follows "<function>_" in a property's name (with the type's
              ${suffix} and ${name} put in) (WP's naming:
              requires_LABEL, ensures_LABEL, BEHAVIOR_ensures_LABEL, loop_invariant_LABEL,
              assert_LABEL, assert_rte_KIND, assigns, ...): * matches any text. WP numbers a
              name it has given already (_2, _3, ...: one label twice in a function, each RTE
              assertion of a kind, each call site's instance of a precondition): a pattern
              matches the numbered names too, so the catalogue never names a number

A property belongs to the longest function name of the listing's functions (core/gen/functions.json)
that it starts with followed by "_", so sonnx_div_i8_requires_X belongs to sonnx_div_i8 and
sonnx_div_i8_via_binary32_requires_X to sonnx_div_i8_via_binary32.

Every (function, pattern) pair must match at least one property of the listing: a renamed label or
function fails the expansion (the normal tests run it against Frama-C's listing without a prover,
sonnx_evidence.wp_listing, in check_families; the proofs against the run's wp-report.json).

    python3 -m sonnx_evidence.decided_by expand --catalogue C --listing L --out FILE [--root R]
        L: wp_listing's output ({"passes": {pass: [name]}}) or wp-report.json (its goals' names);
        writes {"requirements": {ID: {"decided_by": [entry], "supported_by": [entry]}}} with each
        wp entry's "names" expanded; exit 1 (with every failed family listed) when a family
        matches nothing, 2 on unreadable input
"""
import argparse
import fnmatch
import hashlib
import json
import os
import re
import sys

from .paths import ROOT
PLACEHOLDER = re.compile(r"\$\{(suffix|name)\}")


class CatalogueError(Exception):
    pass


def load_types(root):
    with open(os.path.join(root, "core", "gen", "types.json"), encoding="utf-8") as f:
        data = json.load(f)
    return {t["name"]: t for t in data["types"]}, data.get("sets", {})


def load_functions(root):
    with open(os.path.join(root, "core", "gen", "functions.json"), encoding="utf-8") as f:
        return [fn["name"] for fn in json.load(f)["functions"]]


def listing_names(path):
    """The property names of a listing: prove.sh --list-properties, or a WP report."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    if "goals" in data:  # a WP report (its "passes" are the passes' records, not names)
        return sorted({g["goal"] for g in data["goals"] if "goal" in g})
    if isinstance(data.get("passes"), dict):  # a listing: {pass: [property names]}
        return sorted({n for names in data["passes"].values() for n in names})
    raise CatalogueError(f"{path}: neither a property listing nor a WP report")


def owner(name, functions):
    """The longest function f with name == f + "_" + rest, and rest (None if none)."""
    best = None
    for f in functions:
        if name.startswith(f + "_") and (best is None or len(f) > len(best)):
            best = f
    return (best, name[len(best) + 1:]) if best else (None, None)


NUMBERED = re.compile(r"^(.*)_[0-9]+$")


def matches(rest, pattern):
    """rest matches the glob, or is a numbered name (_N) whose base matches it"""
    if fnmatch.fnmatchcase(rest, pattern):
        return True
    m = NUMBERED.match(rest)
    return bool(m) and fnmatch.fnmatchcase(m.group(1), pattern)


def family_functions(fam, types, sets, where):
    function = fam.get("function")
    if not isinstance(function, str) or not function:
        raise CatalogueError(f"{where}: a family needs a function name")
    spec = fam.get("types")
    if not PLACEHOLDER.search(function):
        if spec is not None:
            raise CatalogueError(f"{where}: {function} has no ${{...}}: give no types")
        return [(function, None)]
    if isinstance(spec, str):
        if spec not in sets:
            raise CatalogueError(f"{where}: unknown type set {spec!r}")
        names = sets[spec]
    elif isinstance(spec, list) and spec:
        names = spec
    else:
        raise CatalogueError(f"{where}: {function} needs types (a list or a set name)")
    out = []
    for t in names:
        if t not in types:
            raise CatalogueError(f"{where}: unknown type {t!r}")
        out.append((PLACEHOLDER.sub(lambda m: str(types[t][m.group(1)]), function), t))
    return out


def for_type(pattern, t, types, where):
    """a property pattern with the ${suffix}/${name} of type t put in"""
    if t is None:
        if PLACEHOLDER.search(pattern):
            raise CatalogueError(f"{where}: {pattern} has a ${{...}} but the family no types")
        return pattern
    return PLACEHOLDER.sub(lambda m: str(types[t][m.group(1)]), pattern)


def expand_entry(entry, index, types, sets, functions, where):
    """The exact names of one wp entry, and the list of its families that matched nothing."""
    known = set(entry) - {"method", "families", "types", "why"}
    if known:
        raise CatalogueError(f"{where}: unknown field(s) {sorted(known)} in a wp entry")
    families = entry.get("families")
    if not isinstance(families, list) or not families:
        raise CatalogueError(f"{where}: a wp entry names its properties by families")
    names, failures = [], []
    for k, fam in enumerate(families):
        here = f"{where} family {k + 1}"
        extra = set(fam) - {"function", "types", "properties"}
        if extra:
            raise CatalogueError(f"{here}: unknown field(s) {sorted(extra)}")
        patterns = fam.get("properties")
        if not isinstance(patterns, list) or not patterns or \
                not all(isinstance(p, str) and p for p in patterns):
            raise CatalogueError(f"{here}: properties must be a list of globs")
        for function, t in family_functions(fam, types, sets, here):
            rests = index.get(function, [])
            for pattern in (for_type(p, t, types, here) for p in patterns):
                hit = [function + "_" + r for r in rests if matches(r, pattern)]
                if not hit:
                    failures.append(f"{here}: {function}_{pattern} matches no property")
                names += hit
    return sorted(set(names)), failures


def expand(catalogue, listing, root=ROOT):
    types, sets = load_types(root)
    functions = load_functions(root)
    index = {}
    for n in listing:
        f, rest = owner(n, functions)
        if f is not None:
            index.setdefault(f, []).append(rest)
    out, failures = {}, []
    for req in catalogue["requirements"]:
        rid = req["id"]
        row = {}
        for lst in ("decided_by", "supported_by"):
            entries = []
            for k, e in enumerate(req.get(lst, [])):
                if e.get("method") != "wp":
                    continue
                names, failed = expand_entry(e, index, types, sets, functions,
                                             f"{rid} {lst}[{k}]")
                failures += failed
                entries.append({"index": k, "types": e.get("types", []), "names": names})
            if entries:
                row[lst] = entries
        if row:
            out[rid] = row
    return out, failures


def catalogue_hash(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    e = sub.add_parser("expand")
    e.add_argument("--catalogue", required=True)
    e.add_argument("--listing", required=True)
    e.add_argument("--out", required=True)
    e.add_argument("--root", default=ROOT)
    args = parser.parse_args()
    try:
        with open(args.catalogue, encoding="utf-8") as f:
            catalogue = json.load(f)
        listing = listing_names(args.listing)
        result, failures = expand(catalogue, listing, args.root)
    except (OSError, json.JSONDecodeError, KeyError, CatalogueError) as err:
        print(f"decided_by: {err}", file=sys.stderr)
        return 2
    for line in failures:
        print(line)
    total = sum(len(x["names"]) for r in result.values() for lst in r.values() for x in lst)
    doc = {"schema": "sonnx-decided-by/1",
           "what": "the WP properties that decide or support each requirement, expanded from "
                   "the catalogue's families (sonnx_evidence.decided_by)",
           "catalogue_sha256": catalogue_hash(args.catalogue),
           "listing": os.path.basename(args.listing),
           "properties": total, "failed_families": failures, "requirements": result}
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print(f"decided_by: {total} property names for {len(result)} requirements"
          + (f"; {len(failures)} families match nothing" if failures else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
