#!/usr/bin/env python3
"""Fails when a document claims a bit-for-bit comparison without the NaN rule next to it.

Every paragraph (or table row) of README.md, docs/*.md and spec/requirements.json's statements
that claims results equal "bit for bit", "bit-exact" or "the same bits" must state, in the same
paragraph, how NaN results compare (the rule of the comparisons, docs/spec-defects.md SD-9: two
quiet NaNs match whatever their signs and payloads, a signaling NaN matches only itself, every other
result is compared bit for bit). Exit status 1 with the offending places.

usage (PYTHONPATH=evidence, for the evidence package's findings.report):
       check_nan_rule.py            (README.md, docs/*.md, spec/requirements.json)
       check_nan_rule.py --planted  (a document and a table row claiming bit-for-bit results
                                     without the rule, and one with it, must give exactly the
                                     first two)"""
import glob
import json
import os
import re
import sys

from sonnx_evidence.findings import report  # evidence/ (PYTHONPATH)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLAIM = re.compile(r"bit[- ]for[- ]bit|bit[- ]exact|same bits", re.I)


def paragraphs(path):
    text = open(path, encoding="utf-8").read()
    if path.endswith(".json"):
        for r in json.loads(text)["requirements"]:
            yield f"{r['id']} statement", r["statement"]
        return
    line, block, start = 0, [], 1
    for k, raw in enumerate(text.splitlines() + [""], 1):
        if not raw.strip() or raw.startswith("|"):
            if block:
                yield f"line {start}", " ".join(block)
            block = []
            if raw.startswith("|"):
                yield f"line {k}", raw
            start = k + 1
        else:
            block.append(raw)


def claims_without_rule(files, root=ROOT):
    bad = []
    for path in files:
        for where, text in paragraphs(path):
            if CLAIM.search(text) and "NaN" not in text:
                bad.append(f"{os.path.relpath(path, root)}, {where}: claims bit-for-bit equality "
                           f"without the NaN rule: {text[:100]}")
    return bad


def planted():
    import tempfile
    with tempfile.TemporaryDirectory() as root:
        path = os.path.join(root, "planted.md")
        with open(path, "w", encoding="utf-8") as f:
            f.write("The fast path gives the same bits as the kernel.\n\n"
                    "| sweep | compared bit for bit |\n\n"
                    "The sweep compares bit for bit; a quiet NaN matches any quiet NaN.\n")
        bad = claims_without_rule([path], root)
    ok = [b.split(":")[0] for b in bad] == ["planted.md, line 1", "planted.md, line 3"]
    print(("caught: " if ok else "NOT CAUGHT: ") + "; ".join(bad or ["nothing reported"]))
    return 0 if ok else 1


def main():
    if sys.argv[1:] == ["--planted"]:
        return planted()
    files = [os.path.join(ROOT, "README.md"), os.path.join(ROOT, "spec", "requirements.json")]
    files += sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    bad = claims_without_rule(files)
    return report(bad, f"NaN rule: {len(bad)} claims without it in {len(files)} documents")


if __name__ == "__main__":
    sys.exit(main())
