"""clang's source-based coverage as per-function records (llvm-cov export, JSON format 2.0).

A record per compiled function: each version of a multiversioned function (target_clones), each
object a source is compiled into (the AVX2 route object beside the baseline one), each template
instantiation is a record of its own, with the source function it comes from (`base`) and the
version (`variant`). Per record:
  statements  clang's code regions (a region is a stretch of code that runs as a whole), with
              their execution counts;
  decisions   each Boolean expression clang instruments: a decision of two or more conditions
              (joined by && or ||, in any context) with its MC/DC record, or a single condition
              of a control statement (if, while, for, ?:); with the times the decision was true
              and false (from the structure of its text and its conditions' counts,
              decisions.py) and, per condition, whether an independence pair was executed.
Anything the reader does not understand (a region kind, a condition count that differs from the
MC/DC record, a condition outside every decision) raises CoverageFormatError."""
import json
import os
import re
import subprocess
from dataclasses import dataclass, field

from . import decisions

# Region kinds of the export (llvm::coverage::CounterMappingRegion::RegionKind).
CODE, EXPANSION, SKIPPED, GAP, BRANCH, MCDC_DECISION, MCDC_BRANCH = range(7)


class CoverageFormatError(ValueError):
    """The export holds something this reader does not understand."""


@dataclass
class Condition:
    file: str
    span: tuple
    text: str
    true_count: int
    false_count: int
    independent: bool  # an independence pair was executed (single-condition decision: both ways)


@dataclass
class Decision:
    file: str
    span: tuple
    text: str
    conditions: list
    outcomes: tuple  # (times true, times false), or None when the text was not understood
    mcdc: bool       # has an MC/DC record (two or more conditions)
    note: str = ""

    @property
    def covered(self):
        return self.outcomes is not None and self.outcomes[0] > 0 and self.outcomes[1] > 0


@dataclass
class Function:
    profile_name: str
    symbol: str       # demangled, without the file prefix of an internal function
    base: str         # the source function: the symbol without its version's marks
    variant: str      # "" for a function compiled once, else the version's name
    file: str         # relative to the repository root
    line: int
    count: int
    statements: list = field(default_factory=list)  # [(file, span, count, text)]
    decisions: list = field(default_factory=list)


class SourceText:
    """Text of source spans (1-based lines and columns, end column exclusive), by file."""

    def __init__(self):
        self.lines = {}

    def span(self, path, span):
        if path not in self.lines:
            with open(path, encoding="utf-8", errors="replace") as f:
                self.lines[path] = f.read().split("\n")
        lines = self.lines[path]
        (l1, c1, l2, c2) = span
        if l1 == l2:
            return lines[l1 - 1][c1 - 1:c2 - 1]
        parts = [lines[l1 - 1][c1 - 1:]] + lines[l1:l2 - 1] + [lines[l2 - 1][:c2 - 1]]
        return "\n".join(parts)


def normalize(text):
    """One line, single spaces: how register rows name a decision, condition or statement."""
    return " ".join(text.split())


def demangle(names, cxxfilt="llvm-cxxfilt-19"):
    """{name: demangled} through llvm-cxxfilt (one process for all names)."""
    names = sorted(set(names))
    out = subprocess.run([cxxfilt], input="\n".join(names) + "\n", capture_output=True,
                         text=True, check=True).stdout.split("\n")
    return dict(zip(names, out))


def clone_variants(header_text):
    """{profile-name suffix: version} of the target_clones list in the multiversion header, e.g.
    {".arch_x86-64-v4": "x86-64-v4", ".avx2": "avx2", ".default": "default"}."""
    m = re.search(r"target_clones\(([^)]*)\)", header_text)
    if not m:
        raise CoverageFormatError("no target_clones list in the multiversion header")
    versions = re.findall(r'"([^"]+)"', m.group(1))
    return {"." + v.replace("=", "_"): v.split("=")[-1] for v in versions}


def split_name(profile_name, file, clones, object_marker=".avx2.cpp", renamed_suffix="_avx2"):
    """(symbol name, version) of a profile name: a target_clones suffix (.avx2.1), a file prefix
    naming another object's wrapper (div_route_kernels.c.avx2.cpp:), a renamed external symbol
    (_avx2) or an including translation unit (div_fast_avx2.cpp: for a static function of an
    included file)."""
    prefix, name = "", profile_name
    if ":" in profile_name and not profile_name.startswith("_Z"):
        prefix, name = profile_name.split(":", 1)
    variant = ""
    m = re.match(r"^(.*?)(\.[A-Za-z0-9_=-]+)\.(\d+)$", name)
    if m and m.group(2) in clones:
        name, variant = m.group(1), clones[m.group(2)] + " clone"
    if prefix.endswith(object_marker):
        variant = "AVX2 object"
    elif prefix and prefix != os.path.basename(file):
        variant = "compiled in " + prefix
    if name.endswith(renamed_suffix) and not name.startswith("_Z"):
        name, variant = name[:-len(renamed_suffix)], "AVX2 object"
    return name, variant


def _inside(inner, outer):
    return ((inner[0], inner[1]) >= (outer[0], outer[1])
            and (inner[2], inner[3]) <= (outer[2], outer[3]))


def _decisions(fn, text_of, file_of):
    """The decisions of one function record of the export. An MC/DC record gives its decision's
    span but not its file (only the expanded file): a decision is taken to be in the function's
    own file, and a function with an MC/DC condition inside a macro expansion is refused."""
    mcdc = []
    for rec in fn.get("mcdc_records", []):
        if len(rec) != 7 or rec[5] != MCDC_DECISION or not isinstance(rec[6], list):
            raise CoverageFormatError(f"{fn['name']}: MC/DC record {rec} not understood")
        mcdc.append({"span": tuple(rec[0:4]), "covered": rec[6], "conds": []})
    singles = []
    for br in fn.get("branches", []):
        if len(br) != 9 or br[8] not in (BRANCH, MCDC_BRANCH):
            raise CoverageFormatError(f"{fn['name']}: branch {br} not understood")
        span = tuple(br[0:4])
        if br[8] == MCDC_BRANCH:
            if br[6] != 0:
                raise CoverageFormatError(f"{fn['name']}: MC/DC condition {br} in a macro "
                                          "expansion (its decision's file is not recorded)")
            owners = [d for d in mcdc if _inside(span, d["span"])]
            if not owners:
                raise CoverageFormatError(f"{fn['name']}: MC/DC condition {br} outside every "
                                          "decision")
            # the innermost decision around it (a condition may hold a nested decision)
            owner = min(owners, key=lambda d: (d["span"][2] - d["span"][0],
                                               d["span"][3] - d["span"][1]))
            owner["conds"].append((span, br[4], br[5], br[6]))
        else:
            if br[6] == 0 and any(_inside(span, d["span"]) for d in mcdc):
                raise CoverageFormatError(f"{fn['name']}: plain branch {br} inside an MC/DC "
                                          "decision")
            singles.append((span, br[4], br[5], br[6]))
    out = []
    for d in mcdc:
        conds = sorted(d["conds"])
        if len(conds) != len(d["covered"]):
            raise CoverageFormatError(f"{fn['name']}: {len(conds)} conditions for an MC/DC record "
                                      f"of {len(d['covered'])} at {d['span']}")
        path = file_of(0)
        text = text_of(path, d["span"])
        conditions = [Condition(path, span, text_of(path, span), t, f, bool(cov))
                      for (span, t, f, _), cov in zip(conds, d["covered"])]
        outcomes, note = None, ""
        try:
            leaves = [_offset(text, d["span"], span) for span, _, _, _ in conds]
            tree = decisions.parse(text, leaves)
            outcomes = decisions.outcome_counts(tree, [(t, f) for _, t, f, _ in conds])
        except decisions.DecisionSyntaxError as e:
            note = f"outcomes not derived: {e}"
        if outcomes is not None and all(c.independent for c in conditions) \
                and not (outcomes[0] and outcomes[1]):
            raise CoverageFormatError(f"{fn['name']}: every condition of {text!r} has its pair "
                                      f"but the outcomes are {outcomes}")
        out.append(Decision(path, d["span"], text, conditions, outcomes, True, note))
    for span, t, f, fid in singles:
        path = file_of(fid)
        text = text_of(path, span)
        cond = Condition(path, span, text, t, f, t > 0 and f > 0)
        out.append(Decision(path, span, text, [cond], (t, f), False))
    return sorted(out, key=lambda d: (d.file, d.span))


def _offset(text, outer, inner):
    """(start, end) character offsets in `text` (the source of span `outer`) of span `inner`."""
    lines = text.split("\n")

    def at(line, col):
        k = line - outer[0]
        base = sum(len(x) + 1 for x in lines[:k])
        return base + (col - outer[1] if k == 0 else col - 1)

    return at(inner[0], inner[1]), at(inner[2], inner[3])


def read(export, root, clones, sources=None, cxxfilt="llvm-cxxfilt-19"):
    """The Function records of an llvm-cov export (a parsed JSON object) whose files lie in root
    (and, given `sources`, whose own file lies under one of those folders)."""
    if export.get("type") != "llvm.coverage.json.export" or \
            not str(export.get("version", "")).startswith("2."):
        raise CoverageFormatError(f"not an llvm-cov export of format 2.x: {export.get('version')}")
    root = os.path.realpath(root)
    functions = export["data"][0]["functions"]
    if sources:
        under = [os.path.realpath(s) + os.sep for s in sources]
        functions = [f for f in functions
                     if any(os.path.realpath(f["filenames"][0]).startswith(u) for u in under)]
    text = SourceText()
    names = demangle([f["name"].split(":", 1)[-1] if not f["name"].startswith("_Z") else f["name"]
                      for f in functions], cxxfilt)
    out = []
    for fn in functions:
        files = [os.path.realpath(p) for p in fn["filenames"]]
        outside = [p for p in files if not p.startswith(root + os.sep)]
        if outside:
            raise CoverageFormatError(f"{fn['name']}: code outside the repository: {outside}")

        def file_of(fid, files=files):
            return files[fid]

        regions = fn["regions"]
        kinds = {r[7] for r in regions}
        if not kinds <= {CODE, EXPANSION, SKIPPED, GAP, BRANCH, MCDC_DECISION, MCDC_BRANCH}:
            raise CoverageFormatError(f"{fn['name']}: region kinds {kinds}")
        body = next(r for r in regions if r[7] == CODE and r[5] == 0)
        rel = os.path.relpath(files[0], root)
        raw = fn["name"].split(":", 1)[-1] if not fn["name"].startswith("_Z") else fn["name"]
        symbol, variant = split_name(fn["name"], files[0], clones)
        demangled = names.get(raw, raw)
        if symbol != raw:  # a version mark was removed from the raw name: demangle the rest
            demangled = names.get(symbol, symbol) if symbol.startswith("_Z") else symbol
        rec = Function(fn["name"], names.get(raw, raw), demangled, variant, rel, body[0],
                       fn["count"])
        for r in regions:
            if r[7] == CODE:
                path = file_of(r[5])
                rec.statements.append((os.path.relpath(path, root), tuple(r[0:4]), r[4],
                                       text.span(path, tuple(r[0:4]))))
        rec.decisions = _decisions(fn, text.span, file_of)
        for d in rec.decisions:
            d.file = os.path.relpath(d.file, root)
            for c in d.conditions:
                c.file = os.path.relpath(c.file, root)
        out.append(rec)
    return out


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)
