"""The axiom scan: what every hypothesis of every printed task rests on (spec/assumptions.json).

Every proposition a task takes as a hypothesis comes from a theory it uses or from its own theory
(why3_tasks.Task, Library). A proposition of a library theory is covered by that theory's register
row (`library_theory`); a lemma of a project theory is proved by the run when its theory is one of
the run's files; a proposition a clone copies is decided by its origin (the cloned theory and the
original symbol): an axiom kept by a clone is accepted only when the register names that very
clone, by file, module, cloned theory and exact substitution list (why3_constructs); an axiom
declared in a project theory only when the register names that declaration, by file, module and
text. Names are compared exactly: never by a printed number, a prefix or a file stem. The axioms of
the theories Frama-C/WP generates from the ACSL are matched by their printed text (`wp_axioms`).
"""
import json
import os
import re

from .paths import REGISTER
from .why3_constructs import normalize
from .why3_tasks import printed_as

_DECLARATION = re.compile(r"^\s*(axiom|lemma|goal|predicate|function|constant)\s+"
                          r"([A-Za-z_][A-Za-z0-9_']*)", re.M)


def printed_form(text):
    """a printed axiom's text, whitespace collapsed and without the numbers Why3's printer appends
    to names (they depend on what else the task holds: `addr6`, `infix_pl56`); literals stay"""
    return re.sub(r"\b([A-Za-z_][A-Za-z0-9_']*?[A-Za-z_'])\d+\b", r"\1", normalize(text))


def load_register(path=REGISTER):
    """({(WP theory, axiom name): [(text, row)]}, {library theory: row})"""
    with open(path, encoding="utf-8") as f:
        rows = json.load(f)["rows"]
    generated, libraries = {}, {}
    for row in rows:
        for a in row.get("wp_axioms", []):
            generated.setdefault((a["theory"], printed_form(a["name"])), []).append(
                (printed_form(a["text"]), row["id"]))
        if row.get("library_theory"):
            libraries[row["library_theory"]] = row
    return generated, libraries




class AxiomScan:
    """what each theory's propositions rest on, decided once per theory"""

    def __init__(self, lib, registered, register=REGISTER):
        self.lib = lib
        self.registered = registered  # why3_constructs.Registered: the run's source constructs
        self.wp_axioms, self.library_rows = load_register(register)
        self.verdicts = {}   # theory -> [(kind, name, verdict dict)]
        self.problems = {}   # theory -> [text]
        self.used_rows = {}
        self.regions = {}    # library theory scanned in the tasks -> its axioms
        self.generated = {}  # theory WP generates from the ACSL -> {axiom: register row}
        self.sources = {}    # library theory -> the names its source declares (declared())

    def in_run(self, qname):
        return any(qname in names for names in self.lib.run_theories.values())

    def wp_row(self, theory, name, text):
        """the row of an axiom of a theory WP generates, by its exact name and printed text"""
        rows = [rid for t, rid in self.wp_axioms.get((theory, printed_form(name)), [])
                if t == printed_form(text)]
        return rows[0] if len(rows) == 1 else None

    def theory(self, qname):
        """the verdict on each hypothesis of a theory, and its problems"""
        th = self.lib.theories.get(qname)
        qname = th.qname if th is not None else qname
        if qname in self.verdicts:
            return self.verdicts[qname], self.problems[qname]
        out, problems = [], []
        if th is None:
            problems.append(f"{qname}: Why3 could not print this theory")
        elif th.library:
            props = th.hypotheses()
            row = self.library_rows.get(qname)
            if props and not row:
                problems.append(f"library theory {qname} ({len(props)} hypotheses) "
                                "has no register row")
            for kind, name in props:
                out.append((kind, name, {"library": qname, "row": row["id"] if row else None}))
        else:
            for kind, name in th.hypotheses():
                v = self.project_prop(th, kind, name)
                if v.get("row") is None and "problem" in v:
                    problems.append(v["problem"])
                out.append((kind, name, v))
        self.verdicts[qname] = out
        self.problems[qname] = problems
        return out, problems

    def project_prop(self, th, kind, name):
        """the verdict on one hypothesis of a project theory"""
        origin = self.lib.origins(th).get(name)
        where = f"{th.qname}.{name}"
        file, module = self.lib.file_of(th.qname), th.qname.split(".")[-1]

        def proved(theory, what):
            if self.in_run(theory):
                return {"row": None, "proved_by_run": what}
            return {"row": None, "problem": f"NOT PROVED BY THIS RUN: {where} ({what}; "
                                            f"{theory} is outside the run's files)"}
        if origin is None:
            if kind == "lemma":
                return proved(th.qname, "a lemma of its theory")
            if th.vc_of(name):
                return proved(th.qname, f"justified by the goal {th.vc_of(name)}")
            row = self.registered.axioms.get((file, module, name))
            if row:
                return {"row": row, "declared_in": file}
            return {"row": None, "problem": f"AXIOM NOT REGISTERED: {where} (declared in {file}; "
                                            "the register names no such declaration)"}
        source, orig, index = origin
        src = self.lib.theories.get(source)
        orig_kind = src.kind_of(orig) if src is not None else None
        clone = {"clone_of": source, "original": orig}
        if orig_kind == "axiom" and kind == "lemma":
            return dict(proved(th.qname, f"the clone's proof of {source}.{orig}"), **clone)
        if src is not None and src.library and orig_kind == "lemma":
            row = self.library_rows.get(source)
            return dict(clone, row=row["id"] if row else None,
                        problem=f"LEMMA OF A LIBRARY THEORY WITHOUT A ROW: {where} ({source})")
        if src is not None and not src.library and (
                orig_kind == "lemma" or (orig_kind == "axiom" and src.vc_of(orig))):
            what = "a lemma" if orig_kind == "lemma" else f"justified by {src.vc_of(orig)}"
            return dict(proved(source, f"{what} of {source}"), **clone)
        if orig_kind is None:
            return dict(clone, row=None, problem=f"AXIOM NOT REGISTERED: {where}: its origin "
                                                 f"{source}.{orig} was not found")
        row = self.registered.clone_row(file, module, source, index, orig)
        if row:
            return dict(clone, row=row)
        return dict(clone, row=None, problem=f"AXIOM NOT REGISTERED: {where}: clone {index + 1} of "
                                             f"{source} in {file} {module} keeps its axiom {orig}, "
                                             "and the register names no such clone")

    def context(self, own, task, stem, generated=()):
        """(theories whose hypotheses the task may hold, problems, register rows) of one task;
        checks that the task holds no more hypotheses than those theories declare. The theories
        of `generated` (Frama-C/WP's own, which Why3 cannot print) are scanned in the task."""
        theories = [self.lib.qualify_use(u, stem) for u in dict.fromkeys(task.uses)
                    if u not in generated]
        self.lib.load(theories)
        problems, rows = [], set()
        upper = 0
        for name in generated:
            theory = "wp:" + name.rstrip("0123456789")  # WP numbers the theories of each task
            for axiom in task.regions.get(name, []):
                upper += 1
                row = self.wp_row(theory, axiom, task.axiom_text.get(axiom, ""))
                self.generated.setdefault(theory, {})[axiom] = row
                if row:
                    rows.add(row)
                else:
                    problems.append(f"AXIOM NOT REGISTERED: {theory}.{axiom} (generated by "
                                    "Frama-C/WP from the ACSL of the program; the register names "
                                    "no axiom of that name and text)")
        printed = {self.lib.qualify_use(u, stem): u for u in task.uses}
        for q in theories + ([own] if own else []):
            if self.lib.theories.get(q) is None and q != own and not self.lib.is_project(q):
                # a library theory Why3 cannot print alone (Frama-C/WP's library needs WP's own
                # metas): its axioms are those the task prints since the previous marker
                found, row = self.library_region(q, task.regions.get(printed.get(q, q), []))
                upper += len(task.regions.get(printed.get(q, q), []))
                problems += found
                if row:
                    rows.add(row)
                continue
            props, found = self.theory(q)
            upper += len(props)
            problems += found
            rows.update(v["row"] for _, _, v in props if v.get("row"))
        lower = upper - (len(self.theory(own)[0]) if own else 0)
        if not lower <= task.axioms <= upper:
            problems.append(f"{os.path.basename(task.path)}: {task.axioms} hypotheses, but the "
                            f"theories it uses declare {lower} to {upper}: the scan is incomplete")
        return theories, problems, sorted(rows)

    def library_region(self, q, axioms):
        """(problems, row) of a library theory scanned in a task; its name as Why3 printed it may
        carry a number"""
        name = q
        while name not in self.library_rows and name[-1:].isdigit():
            name = name[:-1]
        row = self.library_rows.get(name)
        entry = self.regions.setdefault(name, set())
        entry.update(self.declared_as(name, a) for a in axioms)
        if axioms and not row:
            return [f"library theory {name} ({len(axioms)} hypotheses) has no register row"], None
        return [], row["id"] if row else None

    def declared(self, q):
        """the names the library theory q's own block declares (its axioms and lemmas, and the
        `_def`/`_spec` axioms Why3 makes of its definitions); empty when no -L folder of the run
        holds its file"""
        if q not in self.sources:
            parts, names = q.split("."), set()
            folders = [self.lib.base[i + 1] for i, a in enumerate(self.lib.base[:-1]) if a == "-L"]
            for d in folders:
                path = os.path.join(d, *parts[:-1]) + ".mlw"
                if len(parts) > 1 and os.path.exists(path):
                    with open(path, encoding="utf-8", errors="replace") as f:
                        text = f.read()
                    block = re.search(r"^\s*theory\s+%s\b(.*?)^end\b" % re.escape(parts[-1]), text,
                                      re.S | re.M)
                    for kind, n in _DECLARATION.findall(block.group(1) if block else ""):
                        names.update((n,) if kind in ("axiom", "lemma") else (n + "_def",
                                                                               n + "_spec"))
                    break
            self.sources[q] = names
        return self.sources[q]

    def declared_as(self, q, printed):
        """a printed axiom name as its theory declares it: Why3's printer numbers a name it has
        already printed in the same process, and WP prints its tasks in parallel, so the number
        (`is_uint8_def26` in one run, `is_uint8_def29` in the next) is not part of the evidence;
        the longest declared name the printed one extends by digits, else the printed name. Only
        the recorded list uses it: the register row is matched by the theory, as before. A name
        that is both declared and a numbered form of a shorter declared one (Cint's lemma
        is_to_uint and axiom is_to_uint16) is read as declared: the printer would have to number
        the lemma 8, 16, 32 or 64, and in the runs measured the tasks print no such lemma at all"""
        names = self.declared(q)
        if printed in names:
            return printed
        found = [n for n in names if printed_as(printed, n)]
        return max(found, key=len) if found else printed

    def evidence(self):
        """per library theory its hypotheses; per project axiom its row"""
        libraries, project = {}, []
        for q, props in sorted(self.verdicts.items()):
            th = self.lib.theories.get(q)
            if th is not None and th.library:
                if props:
                    libraries[q] = {"row": props[0][2]["row"],
                                    "axioms": [n for k, n, _ in props if k == "axiom"],
                                    "lemmas": [n for k, n, _ in props if k == "lemma"]}
                continue
            for kind, name, v in props:
                if v.get("proved_by_run"):
                    continue
                entry = {"theory": q, "name": name, "kind": kind, "row": v.get("row")}
                if v.get("clone_of"):
                    entry["clone_of"] = v["clone_of"]
                    entry["original"] = v["original"]
                project.append(entry)
        for q, axioms in sorted(self.regions.items()):
            if axioms:
                libraries[q] = {"row": self.library_rows.get(q, {}).get("id"),
                                "axioms": sorted(axioms), "lemmas": [],
                                "scanned": "in the tasks (Why3 cannot print it alone)"}
        for theory, axioms in sorted(self.generated.items()):
            project += [{"theory": theory, "name": a, "kind": "axiom", "row": r,
                         "generated": "by Frama-C/WP from the ACSL of the program"}
                        for a, r in sorted(axioms.items())]
        return {"library_theories": libraries, "project_axioms": project}


def scan_sources(lib, registered=None):
    """the source constructs that add an assumption (why3_constructs), in every file of the run
    and every project file whose theories the run loaded that was not scanned yet, against the
    register; returns (why3_constructs.Registered, problems). Called before the tasks are printed
    (the run's files) and after (the other project files)."""
    from . import why3_constructs  # pylint: disable=import-outside-toplevel
    base = [a for a in lib.base if a != "prove"]
    base = base[:1] + ["pp", "--output=mlw"] + base[1:]
    registered = registered or why3_constructs.Registered()
    done = {c.file for c, _ in registered.found} | registered.scanned
    files = [f for f in dict.fromkeys(list(lib.run_files) + sorted(
        {f for th in lib.theories.values() if th is not None and not th.library
         for f in [lib.file_of(th.qname)] if f})) if f not in done]
    problems = []
    for rel in files:
        found, p = why3_constructs.scan_file(base, rel, lambda q: not lib.is_project(q),
                                             root=lib.root)
        registered.scanned.add(rel)
        problems += p + registered.add(found)
    problems += registered.unused(set(files))
    return registered, problems


# The metas Why3 prints in a task: those its transformations and the printing driver's tables add
# (measured on every task of the Why3 gate and of the WP passes). A source meta is refused where it
# is written (why3_constructs); an unknown meta in a task fails the scan all the same.
TASK_METAS = {"AC", "coercion", "encoding:ignore_polymorphism_ls", "float_type", "infinite_type",
              "literal:keep", "model_projection", "model_record", "range_type", "remove_prop",
              "syntax_literal", "syntax_logic", "syntax_type",
              # Frama-C/WP's own, from its library and drivers
              "def_into_axiom", "inline:no", "inline_in", "remove_for_"}


def unknown_metas(task):
    return [f"UNKNOWN META {m} in the task {os.path.basename(task.path)}"
            for m in dict.fromkeys(task.metas) if m not in TASK_METAS]
