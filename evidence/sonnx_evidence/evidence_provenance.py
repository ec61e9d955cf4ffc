#!/usr/bin/env python3
"""Binds an evidence file to the sources it covers, by content.

Usage:
    python3 sonnx_evidence.evidence_provenance FILE.json (--binding NAME | --sources 'GLOB' ...)
        [--root DIR]
    python3 sonnx_evidence.evidence_provenance --hash (--binding NAME | --sources 'GLOB' ...)
        [--root DIR]

--binding NAME takes the globs of one kind of evidence from spec/evidence-sources.json, the one list
of the sources each kind of evidence is bound to; --sources gives them on the command line.

Adds to the JSON object in FILE.json (created as {} when it does not exist, e.g. a provenance
record for a directory of XML files):

    "provenance": {"commit": "<git HEAD or null>", "sources_sha256": "<hex>",
                   "sources": ["GLOB", ...], "files": <number of files hashed>}

The hash (the traceability report recomputes it the same way to decide staleness, so a copied
bundle and a fresh checkout give the same verdict):
  - GLOB is a path relative to the source root (default: the parent of this script's folder);
    `**` matches any number of folders (also none), `*` and `?` match within one path component;
  - the files matched by any GLOB, as POSIX paths relative to the root, sorted by byte value;
  - SHA-256 over, for each file, "<path>\\n<SHA-256 hex of its content>\\n".
--hash prints the hash and the file count instead of writing anything.
Exit status: 0 done, 2 usage error or unreadable FILE.json.
"""
import argparse
import hashlib
import json
import os
import re
import subprocess
import sys

from . import schema
from .paths import ROOT


def glob_regex(glob):
    """The regular expression of one GLOB (same translation as the report's)."""
    out = ""
    i = 0
    while i < len(glob):
        if glob.startswith("**/", i):
            out += "(?:.*/)?"
            i += 3
        elif glob.startswith("**", i):
            out += ".*"
            i += 2
        elif glob[i] == "*":
            out += "[^/]*"
            i += 1
        elif glob[i] == "?":
            out += "[^/]"
            i += 1
        else:
            out += re.escape(glob[i])
            i += 1
    return re.compile(out + r"\Z")


def literal_prefix(glob):
    """The folder part of GLOB before its first wildcard: the only folder that must be walked."""
    parts = glob.split("/")
    fixed = []
    for p in parts[:-1]:
        if any(c in p for c in "*?"):
            break
        fixed.append(p)
    return "/".join(fixed)


def matched_files(root, globs):
    found = set()
    for glob in globs:
        rx = glob_regex(glob)
        base = os.path.join(root, literal_prefix(glob))
        if os.path.isfile(base):
            candidates = [base]
        else:
            candidates = []
            for folder, dirs, files in os.walk(base):
                dirs[:] = [d for d in dirs if d != ".git"]
                candidates.extend(os.path.join(folder, f) for f in files)
        for path in candidates:
            rel = os.path.relpath(path, root).replace(os.sep, "/")
            if rx.match(rel) and os.path.isfile(path):
                found.add(rel)
    return sorted(found, key=lambda s: s.encode())


def sources_sha256(root, globs):
    files = matched_files(root, globs)
    total = hashlib.sha256()
    for rel in files:
        with open(os.path.join(root, rel), "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        total.update(f"{rel}\n{digest}\n".encode())
    return total.hexdigest(), len(files)


def git_commit(root):
    try:
        out = subprocess.run(["git", "-C", root, "rev-parse", "HEAD"], capture_output=True, text=True,
                             check=True)
        return out.stdout.strip() or None
    except (OSError, subprocess.CalledProcessError):
        return None


def main():
    default_root = ROOT
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", nargs="?", help="the JSON evidence file to annotate")
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--sources", nargs="*", metavar="GLOB")
    which.add_argument("--binding", metavar="NAME", help="a binding of spec/evidence-sources.json")
    parser.add_argument("--root", default=default_root, help="source root (default: %(default)s)")
    parser.add_argument("--hash", action="store_true", help="print the hash only")
    args = parser.parse_args()
    if args.binding:
        with open(os.path.join(args.root, "spec", "evidence-sources.json"), encoding="utf-8") as f:
            bindings = json.load(f)["bindings"]
        if args.binding not in bindings:
            parser.error(f"no binding {args.binding} in spec/evidence-sources.json")
        args.sources = bindings[args.binding]["sources"]
    digest, count = sources_sha256(args.root, args.sources)
    if args.hash:
        print(digest, count)
        return 0
    if args.file is None:
        parser.error("FILE.json is required unless --hash is given")
    data = {}
    if os.path.exists(args.file):
        try:
            with open(args.file, encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, ValueError) as e:
            print(f"evidence_provenance: cannot read {args.file}: {e}", file=sys.stderr)
            return 2
        if not isinstance(data, dict):
            print(f"evidence_provenance: {args.file} is not a JSON object", file=sys.stderr)
            return 2
    if count == 0:
        print(f"evidence_provenance: warning: no file matches {args.sources}", file=sys.stderr)
    data["provenance"] = {"commit": git_commit(args.root), "sources_sha256": digest,
                          "sources": args.sources, "files": count}
    # the file as bound must still be valid under its schema (evidence/schemas/), when it has one
    name = schema.schema_name(args.file)
    if os.path.exists(os.path.join(schema.SCHEMAS, name + ".schema.json")):
        errors = schema.validate(data, schema.load(name))
        if errors:
            print(f"evidence_provenance: {args.file} departs from its schema {name}: "
                  + "; ".join(errors[:4]), file=sys.stderr)
            return 2
    tmp = args.file + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2)
        f.write("\n")
    os.replace(tmp, args.file)
    print(f"evidence_provenance: {args.file}: {count} source files, sha256 {digest[:16]}...")
    return 0


if __name__ == "__main__":
    sys.exit(main())
