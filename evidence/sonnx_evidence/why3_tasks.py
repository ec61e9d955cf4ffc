"""Why3 tasks as Why3 prints them: enumeration, floating-point classification and axiom scan.

Shared by the Why3 gate (sonnx_evidence.why3_gate), the WP evidence (sonnx_evidence.wp_evidence)
and the fault campaign. Nothing here reads the source text of a specification: every fact comes
from what Why3 prints after type checking.

- Tasks: `why3 prove -a split_vc -D task_print.drv -o DIR FILE...` writes one file per sub-goal, the
  very task (goal and whole logical context) that a prover would receive after the gate's
  transformation, printed in Why3's syntax with the SMT-LIB floating-point tables of Z3's and
  CVC5's drivers (proofs/why3/task_print.drv). Each used theory appears as a marker
  `(* use T *)`, each clone as `(* clone T with ... *)`, each native mapping as a meta
  `syntax_type`. A task file is named FILE-THEORY-GOAL[N].why, N counting the tasks of one goal
  name (split_vc sub-goals, or clones of one goal) in order.
- Theories: `why3 prove --print-theory` prints each theory's declarations with their kind
  (axiom, lemma, goal), its uses and its clones with the origin of every cloned proposition.
- Classification (proofs/prover-policy.json, floating_point): a task is floating-point when it maps a
  type to an SMT-LIB floating-point sort, declares a float type, or uses or clones a theory of a
  floating-point library.
- Axiom scan (why3_axioms.py) and the source constructs that add an assumption
  (why3_constructs.py), both against the register spec/assumptions.json.
"""
import json
import os
import re
import subprocess

from .paths import REGISTER, ROOT, WHY3

PRINT_DRIVER = os.path.join(WHY3, "task_print.drv")

_USE = re.compile(r"^\s*\(\* use ([^\s*]+) \*\)")
_CLONE = re.compile(r"^\s*\(\* clone ([^\s*]+) with")
# a name, or an operator in parentheses ("([<-])'spec"), then attributes or the colon
_PROP = re.compile(r"^(\s*)(axiom|lemma|goal) (\([^)]*\)\S*|[^\s\[:]+)")
_SYNTAX_TYPE = re.compile(r'^\(\* meta syntax_type type ([^,]+), "([^"]*)"')
_FLOAT_TYPE = re.compile(r"^type [^=]+= *<float \d+ \d+>")
_MAPPING = re.compile(r"\bprop\s+(\S+)\s*=\s*([^\s,]+)\s*,")


def sanitize(name):
    """Why3's sanitization of a goal name in a task file name (the names of this project use
    letters, digits, '_' and the quote of VC names only; anything else is refused)"""
    out = name.replace("'", "qt")
    if not re.fullmatch(r"[A-Za-z0-9_]+", out):
        raise ValueError(f"goal name {name!r}: cannot predict its task file name")
    return out


def json_stream(text):
    """the JSON objects that `why3 prove --json` prints one after the other"""
    dec, i, out = json.JSONDecoder(), 0, []
    text = text.strip()
    while i < len(text):
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            break
        try:
            obj, i = dec.raw_decode(text, i)
        except json.JSONDecodeError:
            break
        out.append(obj)
    return out


def run(args, cwd=ROOT, timeout=600):
    p = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def write_driver(out_dir):
    """task_print.drv with its imports resolved (Why3's own files in its data directory, the
    project's driver extension next to it)"""
    datadir = run(["why3", "--print-datadir"])[1].strip()
    with open(PRINT_DRIVER, encoding="utf-8") as f:
        text = f.read()

    def resolve(m):
        name = m.group(1)
        here = os.path.join(os.path.dirname(PRINT_DRIVER), name)
        found = here if os.path.exists(here) else os.path.join(datadir, "drivers", name)
        return 'import "%s"' % found
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "task_print.drv")
    with open(path, "w", encoding="utf-8") as f:
        f.write(re.sub(r'^import "([^"]+)"', resolve, text, flags=re.M))
    return path


# ------------------------------------------------------------------------------------- theories
class Theory:
    def __init__(self, qname, library):
        self.qname = qname
        self.library = library
        self.props = []      # (kind, printed name) in order
        self.uses = []       # qualified names
        self.clones = []     # (qualified name of the cloned theory, {new name: original name},
        #                     number of propositions printed before the clone's marker)
        self.origins = None  # {printed name: (cloned theory, original name, k)}: the k-th clone
        #                      of that theory in this one (Library.origins)

    def kind_of(self, name):
        """the kind of a proposition, its name as another print of Why3 may have numbered it"""
        exact = [k for k, n in self.props if n == name]
        kinds = set(exact or [k for k, n in self.props
                              if printed_as(n, name) or printed_as(name, n)])
        return kinds.pop() if len(kinds) == 1 else None

    def vc_of(self, name):
        """the goal that justifies an axiom Why3 generates for a let lemma or a recursive
        definition (X, X'def, X'spec are justified by the goal X'vc of the same theory)"""
        base = re.sub(r"'(def|spec)$", "", name)
        return next((n for k, n in self.props if k == "goal" and printed_as(n, base + "'vc")), None)

    def origin(self, name):
        """(cloned theory, original name, k) when `name` comes from the k-th clone of a theory"""
        return (self.origins or {}).get(name)

    def hypotheses(self):
        """the propositions a task using this theory takes as hypotheses"""
        return [(k, n) for k, n in self.props if k != "goal"]


def parse_theories(text, qualify):
    """the theories of a --print-theory output; qualify(short name) gives the qualified name"""
    out, cur, clone = [], None, None
    for line in text.splitlines():
        if clone is not None:
            clone[1].append(line)
            if line.rstrip().endswith("*)"):
                cur.clones.append((clone[0], dict((b, a) for a, b in _MAPPING.findall(
                    " ".join(clone[1]) + ",")), len(cur.props)))
                clone = None
            continue
        m = re.match(r"^theory (\S+)", line)
        if m:
            cur = qualify(m.group(1))
            out.append(cur)
            continue
        if cur is None:
            continue
        m = _USE.match(line)
        if m:
            cur.uses.append(m.group(1))
            continue
        m = _CLONE.match(line)
        if m:
            clone = (m.group(1), [line])
            if line.rstrip().endswith("*)"):
                cur.clones.append((clone[0], dict((b, a) for a, b in _MAPPING.findall(line + ",")),
                                   len(cur.props)))
                clone = None
            continue
        m = _PROP.match(line)
        if m and len(m.group(1)) == 2:
            cur.props.append((m.group(2), m.group(3)))
    return out


class Library:
    """Why3's view of theories: the run's files, other project files and the libraries"""

    def __init__(self, base, run_files, project_dirs, root=ROOT):
        self.base = base                  # why3 prove [-C ...] -L ...
        self.root = root
        self.run_files = list(run_files)
        self.project_dirs = [os.path.join(root, d) for d in project_dirs]
        self.theories = {}
        self.run_theories = {}            # file -> [qualified names], in order
        self.errors = []

    def stem(self, rel):
        return os.path.splitext(os.path.basename(rel))[0]

    def file_of(self, qname):
        """the file (relative to the root) of a project theory: a file of the run, else the first
        project folder that holds it; None for a library theory"""
        for rel, names in self.run_theories.items():
            if qname in names:
                return rel
        parts = qname.split(".")
        if len(parts) < 2 or parts[0] == "why3":
            return None
        path = os.path.join(*parts[:-1]) + ".mlw"
        for d in self.project_dirs:
            if os.path.exists(os.path.join(d, path)):
                return os.path.relpath(os.path.join(d, path), self.root)
        return None

    def is_project(self, qname):
        parts = qname.split(".")
        if len(parts) == 1 or parts[0] == "why3":
            return len(parts) == 1
        path = os.path.join(*parts[:-1]) + ".mlw"
        return any(os.path.exists(os.path.join(d, path)) for d in self.project_dirs) or any(
            self.stem(f) == parts[0] and len(parts) == 2 for f in self.run_files)

    def load_run_files(self):
        """--print-theory of each file of the run (which type-checks it); False on an error"""
        ok = True
        for rel in self.run_files:
            rc, so, se = run(self.base + ["--print-theory", rel], cwd=self.root)
            if rc != 0:
                self.errors.append(f"TYPE ERROR {rel}:\n{(so + se).strip()}")
                ok = False
                continue
            stem = self.stem(rel)
            names = []
            for th in parse_theories(so, lambda short, s=stem: Theory(s + "." + short, False)):
                self.theories[th.qname] = th
                names.append(th.qname)
            self.run_theories[rel] = names
        return ok

    def qualify_use(self, name, stem):
        return name if "." in name else stem + "." + name

    def print_theories(self, names):
        """the printed theories of `names` (qualified) in one Why3 run: (printed theories, None),
        or (None, the name Why3 did not find)"""
        rc, so, se = run(self.base + ["--print-theory"] + [a for q in names for a in ("-T", q)],
                         cwd=self.root)
        printed = parse_theories(so, lambda short: Theory(short, False))
        if rc == 0 and len(printed) == len(names) and all(
                printed_as(t.qname, q.split(".")[-1]) for t, q in zip(printed, names)):
            return printed, None
        m = re.search(r"Theory (\S+) not found in library (\S+)", se)
        missing = f"{m.group(2)}.{m.group(1)}" if m else None
        return None, (missing if missing in names else None)

    def load(self, qnames):
        """prints the theories not yet known (libraries and project theories outside the run),
        with the theories they use and clone, transitively. Why3's printer may have added a
        number to a theory's name (a symbol of the same name was printed before): a name that
        is not found is tried without its last digits."""
        todo = [q for q in dict.fromkeys(qnames) if not self.known(q)]
        while todo:
            asked = {q: q for q in todo}   # the name asked for -> the name as printed in a task
            while True:
                printed, missing = self.print_theories(list(asked))
                if printed is not None or missing is None:
                    break
                shorter = missing[:-1]
                if not missing[-1].isdigit() or not shorter:
                    self.theories[asked.pop(missing)] = None  # scanned in the tasks (AxiomScan)
                else:
                    asked = {(shorter if k == missing else k): v for k, v in asked.items()}
                if not asked:
                    break
            if printed is None:  # Why3 cannot load one of them: each alone
                if len(asked) > 1:
                    for q in asked.values():
                        self.load([q])
                else:
                    for q in asked.values():
                        self.theories[q] = None  # scanned in the tasks (AxiomScan)
                return
            for (real, q), th in zip(asked.items(), printed):
                if self.theories.get(real) is not None:  # a theory of the run, printed with its VCs
                    self.theories[q] = self.theories[real]
                    continue
                th.qname, th.library = real, not self.is_project(real)
                parts = real.split(".")
                if not th.library and len(parts) == 2:  # a project file's own theories
                    th.uses = [self.qualify_use(u, parts[0]) for u in th.uses]
                    th.clones = [(self.qualify_use(t, parts[0]), m, n) for t, m, n in th.clones]
                self.theories[q] = th
                self.theories.setdefault(real, th)
            todo = [q for th in printed for q in th.uses + [c for c, _, _ in th.clones]
                    if not self.known(q)]
            todo = list(dict.fromkeys(todo))

    def known(self, q):
        """whether q is known, also as the name of a known theory with a number that the printer
        added (the alias is recorded)"""
        if q in self.theories:
            return True
        name = q
        while name[-1:].isdigit():
            name = name[:-1]
            if name in self.theories:
                self.theories[q] = self.theories[name]
                return True
        return False

    def origins(self, th):
        """which propositions of `th` come from which clone. A clone copies every proposition of
        the cloned theory but its goals, in order, just before its marker; the marker names those
        it instantiated (checked against the position)"""
        if th.origins is not None:
            return th.origins
        th.origins, start, count = {}, 0, {}
        for source, mapping, end in th.clones:
            index = count[source] = count.get(source, -1) + 1
            self.load([source])
            src = self.theories.get(source)
            copied = src.hypotheses() if src is not None else None
            if copied is None or end - len(copied) < start:
                self.errors.append(f"{th.qname}: cannot place the clone of {source}")
                continue
            for (_, orig), (_, new) in zip(copied, th.props[end - len(copied):end]):
                named = mapping.get(new)
                if named is not None and not (printed_as(named, orig) or printed_as(orig, named)):
                    self.errors.append(f"{th.qname}: the clone of {source} maps {named} to {new}, "
                                       f"which stands where {orig} is copied")
                th.origins[new] = (source, orig, index)
            start = end
        return th.origins

    def qualify_run_uses(self):
        for rel, names in self.run_theories.items():
            stem = self.stem(rel)
            for q in names:
                th = self.theories[q]
                th.uses = [self.qualify_use(u, stem) for u in th.uses]
                th.clones = [(self.qualify_use(t, stem), m, n) for t, m, n in th.clones]


# ------------------------------------------------------------------------------------------ tasks
class Task:
    def __init__(self, path):
        self.path = path
        self.uses, self.clones, self.native, self.float_types = [], [], [], []
        self.axioms = 0
        self.metas = []      # the name of every meta the task prints
        self.axiom_text = {}  # axiom name -> its printed text, whitespace collapsed
        # the axioms printed since the previous marker, per `use` marker: for a theory that Why3
        # cannot print (one that Frama-C/WP generates from the ACSL of the program), its own
        self.regions, pending, current = {}, [], None
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                if current is not None:
                    if line.startswith(" ") and line.strip():
                        self.axiom_text[current] += " " + line.strip()
                        continue
                    current = None
                if line.startswith("(* meta "):
                    self.metas.append(line.split()[2])
                if line.startswith("(*"):
                    m = _USE.match(line)
                    if m:
                        self.uses.append(m.group(1))
                        self.regions[m.group(1)] = pending
                        pending = []
                        continue
                    m = _CLONE.match(line)
                    if m:
                        self.clones.append(m.group(1))
                        pending = []
                        continue
                    m = _SYNTAX_TYPE.match(line)
                    if m:
                        self.native.append((m.group(1), m.group(2)))
                    continue
                if line.startswith("axiom "):
                    # the premises of the goal itself, which split_vc introduces, are not context
                    if "[@introduced]" not in line.split(" :")[0]:
                        self.axioms += 1
                        current = _PROP.match(line).group(3)
                        pending.append(current)
                        self.axiom_text[current] = " ".join(line.split())
                elif line.startswith("type ") and _FLOAT_TYPE.match(line):
                    self.float_types.append(line.split("=")[0][5:].strip())


def task_files(out_dir):
    """{(file stem, theory): {printed goal base: task count}} of a task directory"""
    out = {}
    for name in os.listdir(out_dir):
        if not name.endswith(".why") or name == "task_print.drv":
            continue
        stem, theory, goal = name[:-4].rsplit("-", 2)
        out.setdefault((stem, theory), {})[goal] = name
    return out


def expected_names(goal, count):
    """the task file bases Why3 writes for `count` tasks of one goal name"""
    base = sanitize(goal)
    return [base] + [base + str(i) for i in range(1, count)]


def clash(goals):
    """pairs of goal names of one theory whose task files Why3 would not keep apart"""
    bases = {}
    for g in goals:
        try:
            bases[sanitize(g)] = g
        except ValueError:  # a failed run ("?"): reported as a task without a verdict
            continue
    return [(g, h) for b, g in bases.items() for c, h in bases.items()
            if g != h and c.startswith(b) and c[len(b):].isdigit()]


def print_tasks(base, driver, files, out_dir, transform="split_vc", root=ROOT):
    os.makedirs(out_dir, exist_ok=True)
    for name in os.listdir(out_dir):
        if name.endswith(".why"):
            os.remove(os.path.join(out_dir, name))
    args = base + ["-D", driver, "-o", out_dir] + (["-a", transform] if transform else [])
    args += list(files)
    rc, so, se = run(args, cwd=root)
    if rc != 0:
        raise RuntimeError("printing the tasks failed: " + (so + se).strip()[-800:])


def smt_floating_point(path):
    """whether an SMT-LIB task that a prover's driver printed has a floating-point sort"""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    return re.search(r"\(_ FloatingPoint |\bFloat(16|32|64|128)\b|\bRoundingMode\b",
                     text) is not None


def floating_point(task, policy):
    """the reasons (empty: none) why a task is floating-point under proofs/prover-policy.json"""
    rule = policy["floating_point"]
    sorts = re.compile("|".join(re.escape(s) for s in rule["native_sorts"]))
    libs = rule["library_theories"]

    def fp_theory(t):
        return any(t == lib or t.startswith(lib + ".") for lib in libs)
    reasons = [f"maps {t} to {s}" for t, s in task.native if sorts.search(s)]
    reasons += [f"declares the float type {t}" for t in task.float_types]
    reasons += [f"uses {t}" for t in dict.fromkeys(task.uses) if fp_theory(t)]
    reasons += [f"clones {t}" for t in dict.fromkeys(task.clones) if fp_theory(t)]
    return reasons


def printed_as(printed, name):
    """Why3's printer may add a number to a name it already printed for another symbol"""
    return printed == name or (printed.startswith(name) and printed[len(name):].isdigit())
