#!/usr/bin/env python3
"""Fails when the tools' code copies what lives once, as data (issue 32, "one source of truth"):

- requirement IDs: a quoted list of three or more IDs of spec/requirements.json (the IDs are read
  from the catalogue, never copied into a script);
- evidence-to-source bindings: source globs listed in code that binds evidence
  (evidence_provenance's `--sources` with globs, or two or more quoted path globs on one line of a
  file that calls evidence_provenance.py) instead of a binding of spec/evidence-sources.json
  (`--binding NAME`);
- the prover policy: a prover-to-family table, a set of trusted provers or a Z3-specific rule
  outside evidence/sonnx_evidence/policy.py, which reads proofs/prover-policy.json.

usage: check_one_source.py [ROOT] [FILE ...]   (default: the tools' code of the repository)
       check_one_source.py --planted             (each rule fails on a planted copy, as the
                                                   scripts before issue 32 had them)
Exit status 1 with the offending lines."""
import glob
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL_CODE = ["evidence/**/*.py", "proofs/**/*.py", "proofs/**/*.sh", "scripts/**/*.py", "scripts/**/*.sh",
             "verify/**/*.py", "verify/**/*.sh", "traceability/*.sh", "traceability/src/*.cpp",
             "traceability/src/*.hpp", "traceability/include/**/*.hpp", "CMakeLists.txt",
             "*/CMakeLists.txt"]
# the files that read the data (and the glob syntax's own documentation); the report's
# provenance.cpp hands the globs an evidence file records to evidence_provenance.py --sources
READERS = {"evidence/sonnx_evidence/policy.py", "evidence/sonnx_evidence/evidence_provenance.py",
           "scripts/check_one_source.py", "traceability/src/provenance.cpp"}
GLOB = re.compile(r"""["']([^"'\s]*/[^"'\s]*\*[^"'\s]*)["']""")
# evidence_provenance.py's --sources takes globs; another tool's --sources (sonnx-div
# verify-evidence's checkout) does not
SOURCES = re.compile(r"""evidence_provenance.*--sources|--sources[=\s]+["']?[^"'\s]*\*""")
POLICY = re.compile(r"""["'](Z3|CVC5|CVC4|Gappa|Alt-Ergo)["']\s*:\s*["'][a-z]|"""
                    r"""=\s*[{(\[]\s*["'](Z3|CVC5|CVC4|Gappa|Alt-Ergo)["']\s*[,}]|non_z3|"""
                    r"""FP_TRUSTED|TRUSTED_ALONE""")


def problems_of(root, files, ids):
    id_token = re.compile(r"""(?<![\w~-])(%s)(?![\w~])""" % "|".join(sorted(ids, key=len,
                                                                          reverse=True)))
    out = []
    for path in files:
        rel = os.path.relpath(path, root)
        if rel in READERS:
            continue
        try:
            text = open(path, encoding="utf-8", errors="replace").read()
        except OSError:
            continue
        binds = "evidence_provenance" in text
        lines = text.splitlines()
        for k, line in enumerate(lines, 1):
            quoted = re.findall(r'"([^"]*)"|\'([^\']*)\'', line)
            listed = {m for q in quoted for s in q for m in id_token.findall(s)
                      if re.fullmatch(r"[\s,;|()\[\]A-Z0-9]*", s)}
            if len(listed) >= 3:
                out.append(f"{rel}:{k}: requirement IDs copied into code "
                           f"({', '.join(sorted(listed))}); read spec/requirements.json")
            if SOURCES.search(line) or (binds and len(GLOB.findall(line)) >= 2):
                out.append(f"{rel}:{k}: source globs listed in code; name a binding of "
                           "spec/evidence-sources.json (--binding NAME)")
            if POLICY.search(line):
                out.append(f"{rel}:{k}: prover policy written in code; read "
                           "proofs/prover-policy.json (evidence/sonnx_evidence/policy.py)")
    return out


# One planted copy per rule, as the scripts had them before issue 32.
PLANTED = {
    "proofs/why3/gate.py": ('KNOWN_IDS = set("C1 C2 C3 R1 R2".split())\n', "requirement IDs"),
    "proofs/run-prove.sh": (
        "# binds with evidence/sonnx_evidence/evidence_provenance.py\n"
        "why3_sources=('spec/why3/**/*.mlw' 'proofs/why3/**/*.py')\n", "source globs"),
    "proofs/frama-c/evidence.py": ('FAMILY = {"Z3": "z3", "CVC5": "cvc"}\n', "prover policy"),
    "scripts/bind.sh": ("python3 -m sonnx_evidence.evidence_provenance f.json \\\n"
                        "  --sources core/src/*.c\n", "source globs"),
}


def planted(ids):
    import tempfile
    failures = []
    with tempfile.TemporaryDirectory() as root:
        for rel, (text, rule) in PLANTED.items():
            os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
            with open(os.path.join(root, rel), "w") as f:
                f.write(text)
            found = problems_of(root, [os.path.join(root, rel)], ids)
            ok = any(rule in p for p in found)
            print(("caught: " if ok else "NOT CAUGHT: ") + f"{rule} planted in {rel}")
            failures += [] if ok else [rel]
    return 1 if failures else 0


def main():
    if sys.argv[1:] == ["--planted"]:
        with open(os.path.join(ROOT, "spec", "requirements.json"), encoding="utf-8") as f:
            return planted({r["id"] for r in json.load(f)["requirements"]})
    root = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else ROOT
    with open(os.path.join(ROOT, "spec", "requirements.json"), encoding="utf-8") as f:
        ids = {r["id"] for r in json.load(f)["requirements"]}
    files = sys.argv[2:] or sorted({p for g in TOOL_CODE
                                    for p in glob.glob(os.path.join(root, g), recursive=True)})
    problems = problems_of(root, [os.path.join(root, f) for f in files] if sys.argv[2:] else files,
                           ids)
    for p in problems:
        print(p)
    print("one source: %d files of the tools' code, %s" % (
        len(files), "no copy of the requirement IDs, source bindings or prover policy"
        if not problems else "%d copies" % len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
