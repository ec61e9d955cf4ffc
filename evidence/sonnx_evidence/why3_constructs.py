"""The declarations of a Why3 file as Why3's own parser reads them, against an allow-list.

`why3 pp --output=mlw FILE` prints every module or theory of FILE, parsed, one declaration per
paragraph, without comments. Each declaration is classified by its head; a kind the allow-list
does not know fails the scan (a checker accepts only what it understands). The constructs that add
an assumption are accepted only where a row of the assumptions register (spec/assumptions.json,
key `why3_constructs`) names them by what they are, never by a name prefix or a file stem:

- `axiom`: the file (path from the repository root), the module and the declaration's text as Why3
  prints it (whitespace collapsed): a changed statement is a new, unregistered assumption;
- `meta` of any kind, `val` (or `val function`, `val predicate`) with a postcondition (`ensures`,
  `returns`, `raises`), and any declaration whose body holds `assume`, `any` or a local `val`:
  the file, the module and the declaration's whole text;
- `clone` that keeps an axiom of the cloned theory (`axiom NAME`, `axiom .`), or that clones a
  library theory: the file, the module, the cloned theory and the exact substitution list.

Other declarations (use, type, function, predicate, constant, lemma, goal, let, let lemma, clone of
a project theory whose axioms become lemmas, inductive, exception) add no assumption: their
definitions are conservative and their obligations are goals of the run. Attributes other than
`[@expl:...]` are refused: none is used, and some change what Why3 generates.
"""
import json
import os
import re
import subprocess

from .paths import REGISTER, ROOT

# declaration heads (first words) that add no assumption
PLAIN = ("use", "type", "function", "predicate", "constant", "lemma", "goal", "let", "inductive",
         "coinductive", "exception")
# declaration heads that need a register row
ASSUMING = ("axiom", "meta")
POSTCONDITION = re.compile(r"\b(ensures|returns|raises)\b")
BODY_ASSUMPTION = re.compile(r"\b(assume|any)\b")
ATTRIBUTE = re.compile(r"\[@([^\]]*)\]")
STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def normalize(text):
    """a declaration's text with its whitespace collapsed: what a register row quotes"""
    return " ".join(text.split())


class Construct:
    def __init__(self, kind, file, module, text, clone_of=None, substitutions=None, name=None):
        self.kind, self.file, self.module, self.text = kind, file, module, normalize(text)
        self.clone_of, self.substitutions, self.name = clone_of, substitutions, name

    def key(self):
        return (self.kind, self.file, self.module, self.clone_of,
                tuple(self.substitutions or ()), None if self.clone_of else self.text)

    def describe(self):
        where = f"{self.file} {self.module}"
        if self.kind == "clone":
            return f"{where}: clone of {self.clone_of} with [{', '.join(self.substitutions)}]"
        return f"{where}: {self.text[:160]}"

    def kept_axioms(self):
        """the axioms of the cloned theory that the clone keeps as axioms ('.' for all)"""
        return [s.split(None, 1)[1] for s in self.substitutions or () if s.startswith("axiom ")]


def split_top(text, sep=","):
    """text split on `sep` outside brackets"""
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == sep and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return [normalize(p) for p in out + [cur] if p.strip()]


def declarations(printed):
    """[(module, declaration text)] of a `why3 pp` output, and the lines it did not understand"""
    out, unknown, module, cur = [], [], None, None
    for line in printed.splitlines():
        if not line.strip():
            continue
        m = re.match(r"^(module|theory) (\S+)\s*$", line)
        if m:
            module, cur = m.group(2), None
            continue
        if line == "end":
            module, cur = None, None
            continue
        if module is None:
            unknown.append(line)
            continue
        if re.match(r"^  \S", line) and not re.match(r"^  =(\s|$)", line):
            cur = [line]
            out.append((module, cur))
        elif cur is not None and (line.startswith("   ") or line.startswith("  =")):
            cur.append(line)
        else:
            unknown.append(line)
    return [(m, "\n".join(lines)) for m, lines in out], unknown


def qualify(name, stem):
    return name if "." in name else f"{stem}.{name}"


def classify(rel, module, text, is_library):
    """(construct needing a row or None, problem or None) of one declaration"""
    stem = os.path.splitext(os.path.basename(rel))[0]
    flat = normalize(STRING.sub('""', text))
    for attr in ATTRIBUTE.findall(flat):
        if not attr.startswith("expl:"):
            return None, f"UNKNOWN ATTRIBUTE [@{attr}] in {rel} {module}: {flat[:100]}"
    words = flat.split()
    head = words[0]
    if head == "clone":
        m = re.match(r"^clone (?:export )?(\S+)(?: as \S+)?(?: with (.*))?$", flat)
        if not m:
            return None, f"UNKNOWN CLONE FORM in {rel} {module}: {flat[:120]}"
        source = qualify(m.group(1), stem)
        subs = split_top(m.group(2) or "")
        c = Construct("clone", rel, module, flat, source, subs)
        needs = any(s.startswith("axiom ") for s in subs) or (is_library(source) and subs)
        return (c if needs else None), None
    if head in ASSUMING:
        name = words[1].rstrip(":") if head == "axiom" and len(words) > 1 else None
        return Construct(head, rel, module, text, name=name), None
    if head == "val":
        if POSTCONDITION.search(flat):
            return Construct("val", rel, module, text), None
        return None, None
    if head not in PLAIN:
        return None, f"UNKNOWN DECLARATION in {rel} {module}: {flat[:120]}"
    body = flat.split(None, 1)[1] if len(words) > 1 else ""
    found = BODY_ASSUMPTION.search(body) or re.search(r"\bval\b", body)
    if found:
        return Construct(found.group(0), rel, module, text), None
    return None, None


def scan_file(base, rel, is_library, root=ROOT):
    """(constructs needing a row, problems) of one Why3 file, from Why3's parser"""
    p = subprocess.run(base + [rel], cwd=root, capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        return [], [f"WHY3 PP FAILED on {rel}: {(p.stdout + p.stderr).strip()[-400:]}"]
    decls, unknown = declarations(p.stdout)
    problems = [f"UNKNOWN LINE in the parse of {rel}: {line[:100]}" for line in unknown]
    found = []
    for module, text in decls:
        c, problem = classify(rel, module, text, is_library)
        if problem:
            problems.append(problem)
        if c:
            found.append(c)
    return found, problems


def register_entries(path=REGISTER):
    """[(row id, Construct)] of the register's why3_constructs"""
    with open(path, encoding="utf-8") as f:
        rows = json.load(f)["rows"]
    out = []
    for row in rows:
        for e in row.get("why3_constructs", []):
            out.append((row["id"], Construct(e["kind"], e["file"], e["module"], e.get("text", ""),
                                             e.get("clone_of"), e.get("substitutions"),
                                             e.get("name"))))
    return out


class Registered:
    """the constructs of the run's files against the register"""

    def __init__(self, register=REGISTER):
        self.entries = register_entries(register)
        self.by_key = {}
        for rid, c in self.entries:
            self.by_key.setdefault(c.key(), rid)
        self.found = []          # (Construct, row id or None)
        self.clones = {}         # (file, module, clone_of) -> [(Construct, row)] in order
        self.axioms = {}         # (file, module, name) -> row
        self.scanned = set()     # the files scanned

    def add(self, constructs):
        problems = []
        for c in constructs:
            row = self.by_key.get(c.key())
            self.found.append((c, row))
            if c.kind == "clone":
                self.clones.setdefault((c.file, c.module, c.clone_of), []).append((c, row))
            if row is None:
                problems.append(f"ASSUMPTION NOT REGISTERED ({c.kind}): {c.describe()}")
            elif c.kind == "axiom":
                self.axioms[(c.file, c.module, c.name)] = row
        return problems

    def clone_row(self, file, module, source, index, original):
        """the row of the index-th clone of source in file/module when it keeps `original`"""
        clones = self.clones.get((file, module, source), [])
        if index >= len(clones):
            return None
        c, row = clones[index]
        kept = c.kept_axioms()
        return row if row and ("." in kept or original in kept) else None

    def evidence(self):
        return [{"kind": c.kind, "file": c.file, "module": c.module, "row": row,
                 **({"clone_of": c.clone_of, "substitutions": c.substitutions}
                    if c.kind == "clone" else {"text": c.text})}
                for c, row in self.found]

    def unused(self, files):
        """register entries about the run's files that no construct of the run matched: a stale
        row (the construct changed) is reported, so that the register follows the sources"""
        seen = {c.key() for c, _ in self.found}
        return [f"REGISTER ENTRY MATCHES NOTHING ({rid}): {c.describe()}"
                for rid, c in self.entries if c.file in files and c.key() not in seen]
