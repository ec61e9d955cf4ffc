#!/usr/bin/env python3
"""SONNX Div -- Why3 proof gate, called by proofs/why3/prove.sh.

Replay: proofs/why3/replay.json records, per goal, the provers whose valid
verdicts made it accepted.  A file whose text is unchanged since that record
is replayed: each goal goes first to its recorded provers (one `why3 prove`
per theory and prover, goals selected with -T/-G); any sub-goal the policy
does not then accept falls back to the portfolio below.  The record only
orders the provers: every verdict is a fresh prover run.  A file without a
current record is proved from scratch: split with `split_vc`, each theory
sent to its first prover (a `(* prover: X *)` hint, else CVC5 for a
floating-point theory and Z3 for the others); each goal that the prover
policy does not yet accept is re-run (selected with -T/-G) with the next
provers of the portfolio, and every prover's verdict on every sub-goal is
recorded.  Portfolio, with pinned time limits: Z3 4.8.12, Z3 "noBV"
alternative (driver z3_432, which keeps the axioms of bv.Pow2int), CVC5 1.0.3
(--fp-exp), CVC5 on Why3's axiomatisation of ieee_float ("CVC5-noFP", driver
cvc5_axiomatic.drv), CVC4 1.8 (no FP support: integer and memory goals only),
Gappa (by hint only).

Prover policy (docs/assumptions.md, AS-TOOL-1): Z3 4.8.12 proves a false
floating-point lemma (proofs/why3/notes/z3_fp_false_bound.mlw), so a goal of a
floating-point theory is accepted only on a valid verdict from CVC5 or Gappa,
or from two independent provers (Z3 and Z3 noBV are one prover; CVC4 and CVC5
are one family).  A theory is a floating-point theory when it uses or clones
ieee_float, declares a `< float e s >` type, or uses or clones (directly or
through other theories of the project) a floating-point theory.  Any sub-goal
not accepted makes the gate fail.
"""
import argparse
import collections
import concurrent.futures as cf
import hashlib
import json
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from verdict_counts import verdict_counts  # noqa: E402

PORTFOLIO = ["z3", "Z3,4.8.12,noBV", "cvc5", "cvc4"]
FP_PORTFOLIO = ["cvc5", "cvc5-nofp", "Z3,4.8.12,noBV", "z3", "cvc4"]
PROVER_LABEL = {"z3": "Z3", "cvc5": "CVC5", "cvc5-nofp": "CVC5-noFP", "Z3,4.8.12,noBV": "Z3-noBV",
                "cvc4": "CVC4", "gappa": "Gappa"}
PROVER_ID = {label: prover for prover, label in PROVER_LABEL.items()}
# provers that are not independent of each other share a family
FAMILY = {"Z3": "z3", "Z3-noBV": "z3", "CVC5": "cvc", "CVC5-noFP": "cvc", "CVC4": "cvc", "Gappa": "gappa"}
# provers whose floating-point verdict is accepted on its own: CVC5, with native SMT-LIB floating
# point or on Why3's axiomatisation of ieee_float (CVC5-noFP), and Gappa
FP_TRUSTED = {"CVC5", "CVC5-noFP", "Gappa"}
KNOWN_IDS = set("C1 C2 C3 R1 R2 R3 R4 R5 GR1 GR2 GR3 GR4 F1 F2 F3 I1 D1 D2 D3 D4 D5 D6 D7 D8 D9".split())

# files of the specification and proofs, in dependency order
SPEC_FILES = ["spec/why3/formats.mlw", "spec/why3/div_element.mlw", "spec/why3/tensor.mlw",
              "spec/why3/div_spec.mlw", "spec/why3/div_lemmas.mlw",
              "spec/why3/div_accuracy.mlw", "spec/why3/div_impl.mlw",
              "spec/why3/div_fastpath.mlw",
              # the WP bridge: its route lemmas (D9 in WP's model of C) are hypotheses of WP goals
              "proofs/frama-c/div_element_bridge.mlw"]


def wp_library():
    """load path of Frama-C/WP's Why3 library (frama_c_wp: WP's model of C), for the WP bridge"""
    try:
        share = subprocess.run(["frama-c", "-print-share-path"], capture_output=True, text=True,
                               timeout=60).stdout.strip()
    except OSError:
        return []
    path = os.path.join(share, "wp", "why3")
    return ["-L", path] if share and os.path.isdir(path) else []


class Gate:
    def __init__(self, a):
        self.a = a
        self.root = a.root
        self.fp = set()
        self.replay = load_replay(a.replay) if a.replay else {}
        self.replayed = []
        self.base = ["why3", "prove", "-C", a.config, "--extra-config=" + a.extra_config,
                     "-L", os.path.join(a.root, "spec/why3")] + wp_library()

    def run(self, args, timeout=600):
        p = subprocess.run(self.base + args, cwd=self.root, capture_output=True,
                           text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr

    # ---------------------------------------------------------------- parsing
    @staticmethod
    def parse_decls(path):
        """theories in order; name -> theory; clone goals per theory; covers"""
        theories, owner, clone_goals, covers = [], {}, {}, {}
        Gate.hints = getattr(Gate, "hints", {})
        cur, in_clone, pending = None, False, []
        with open(path) as f:
            for line in f:
                m = re.match(r"\s*(module|theory)\s+([A-Za-z_][A-Za-z0-9_]*)", line)
                if m:
                    th_hint = Gate.hints.pop((path, cur, "__next__"), None)
                    cur = m.group(2)
                    if th_hint:
                        Gate.hints[(path, cur, "__theory__")] = th_hint
                    theories.append(cur)
                    clone_goals[cur] = []
                    in_clone = False
                    continue
                h = re.search(r"\(\*\s*prover:\s*(\S+)\s*\*\)", line)
                if h:
                    Gate.hints[(path, cur, "__next__")] = h.group(1)
                    continue
                c = re.search(r"\(\*\s*covers:\s*([A-Z0-9 ]+?)\s*\*\)", line)
                if c:
                    pending = c.group(1).split()
                    continue
                if re.match(r"\s*clone\b", line):
                    in_clone = True
                    if pending:
                        covers[(cur, "__clone__")] = pending
                        pending = []
                    continue
                if in_clone:
                    for g in re.findall(r"\b(?:goal|lemma)\s+([A-Za-z_][A-Za-z0-9_']*)", line):
                        clone_goals[cur].append(g)
                    if re.match(r"\s*(axiom\s*\.|end\b)", line) or not re.search(r"[,=]", line):
                        in_clone = False
                    continue
                d = re.match(r"\s*(?:let\s+rec\s+lemma|let\s+lemma|let\s+rec\s+ghost|let\s+rec|"
                             r"let\s+ghost|let|lemma|goal|val)\s+(?:ghost\s+)?"
                             r"(?:function\s+|predicate\s+)?([A-Za-z_][A-Za-z0-9_']*)", line)
                if d and cur:
                    owner.setdefault(d.group(1), cur)
                    nh = Gate.hints.pop((path, cur, "__next__"), None)
                    if nh:
                        Gate.hints[(path, cur, d.group(1))] = nh
                    if pending:
                        covers[(cur, d.group(1))] = pending
                        pending = []
                    continue
                if line.strip() and not line.strip().startswith("(*"):
                    pending = [] if not line.strip().startswith("*") else pending
        return theories, owner, clone_goals, covers

    @staticmethod
    def parse_json_stream(text):
        dec, i, out = json.JSONDecoder(), 0, []
        text = text.strip()
        while i < len(text):
            while i < len(text) and text[i].isspace():
                i += 1
            if i >= len(text):
                break
            try:
                obj, j = dec.raw_decode(text, i)
            except json.JSONDecodeError:
                break
            out.append(obj)
            i = j
        return out

    @staticmethod
    def status_of(answer):
        a = answer.split("\n")[0].strip()
        if a == "Valid":
            return "valid"
        if a.startswith("Timeout") or a.startswith("Steps"):
            return "timeout"
        if a.startswith("Unknown") or a.startswith("Out of memory") or a.startswith("Invalid"):
            return "unknown"
        return "failed"

    def results(self, rel, prover, theory=None, goal=None, timeout=None, goals=()):
        t = timeout or self.a.timeout
        args = ["-P", prover, "-a", "split_vc", "-t", str(t), "--json", rel]
        if theory:
            args += ["-T", theory]
            for g in ([goal] if goal else []) + list(goals):
                args += ["-G", g]
        rc, so, se = self.run(args)
        res = []
        for o in self.parse_json_stream(so):
            pr, term = o.get("prover-result", {}), o.get("term", {})
            res.append({"goal": term.get("goal_name", "?"),
                        "expl": ",".join(term.get("explanations", [])),
                        "loc": term.get("loc", {}),
                        "status": self.status_of(pr.get("answer", "failed")),
                        "answer": pr.get("answer", "").replace("\n", " "),
                        "time_s": pr.get("time", 0.0)})
            if theory:
                res[-1]["theory"] = theory
        if not res and (rc != 0 or se.strip()):
            res.append({"goal": goal or "?", "expl": "why3 error", "loc": {}, "status": "failed",
                        "answer": se.strip()[-500:], "time_s": 0.0})
            if theory:
                res[-1]["theory"] = theory
        return res

    def attribute(self, rel, res):
        """add theory, subgoal index, requirement IDs"""
        theories, owner, clone_goals, covers = self.parse_decls(os.path.join(self.root, rel))
        remaining = {t: list(g) for t, g in clone_goals.items()}
        last_theory, prev_goal, counters = None, None, {}
        for r in res:
            base = r["goal"][:-3] if r["goal"].endswith("'vc") else r["goal"]
            th = r.get("theory")
            if th:
                if base in remaining.get(th, []):
                    remaining[th].remove(base)
            elif r["loc"].get("filename", "").endswith(os.path.basename(rel)) and base in owner:
                th = owner[base]
            elif prev_goal == r["goal"]:
                th = last_theory
            else:
                start = theories.index(last_theory) if last_theory in theories else 0
                for t in theories[start:] + theories[:start]:
                    if base in remaining.get(t, []):
                        remaining[t].remove(base)
                        th = t
                        break
            if th is None:
                th = owner.get(base, last_theory or "?")
            last_theory, prev_goal = th, r["goal"]
            key = (th, r["goal"])
            counters[key] = counters.get(key, -1) + 1
            r["theory"] = th
            r["subgoal"] = counters[key]
            reqs = []
            m = re.match(r"([a-z]{1,2}[0-9]+)_", base)
            if m and m.group(1).upper() in KNOWN_IDS:
                reqs.append(m.group(1).upper())
            for k in ((th, base), (th, "__clone__") if base not in owner else None):
                if k and k in covers:
                    reqs += [x for x in covers[k] if x not in reqs]
            r["requirements"] = reqs
        return res

    # --------------------------------------------------------- prover policy
    def floating_point_theories(self, files):
        """qualified names (file stem.Theory) of the floating-point theories of files, in order"""
        fp = set()
        for rel in files:
            stem = os.path.splitext(os.path.basename(rel))[0]
            cur = None
            with open(os.path.join(self.root, rel)) as f:
                for line in f:
                    m = re.match(r"\s*(module|theory)\s+([A-Za-z_][A-Za-z0-9_]*)", line)
                    if m:
                        cur = stem + "." + m.group(2)
                        continue
                    if cur is None:
                        continue
                    if re.search(r"<\s*float\b", line):
                        fp.add(cur)
                    for t in re.findall(r"^\s*(?:use|clone)\s+(?:export\s+|import\s+)?([A-Za-z_][A-Za-z0-9_.]*)", line):
                        if t.startswith("ieee_float.") or t in fp or stem + "." + t in fp:
                            fp.add(cur)
        return fp

    def unlisted_axioms(self, files):
        """clones of a project theory that leave one of its axioms (a parameter) unproved"""
        axioms, problems = {}, []
        texts = {rel: open(os.path.join(self.root, rel)).read() for rel in files}
        for rel, text in texts.items():
            cur = None
            for line in text.splitlines():
                m = re.match(r"\s*(module|theory)\s+([A-Za-z_][A-Za-z0-9_]*)", line)
                if m:
                    cur = m.group(2)
                a = re.match(r"\s*axiom\s+([A-Za-z_][A-Za-z0-9_']*)\s*:", line)
                if a and cur:
                    axioms.setdefault(cur, []).append(a.group(1))
        for rel, text in texts.items():
            for m in re.finditer(r"clone\s+(?:export\s+|import\s+)?([A-Za-z_][A-Za-z0-9_.]*)((?:[^\n]*,[ \t]*\n)*[^\n]*)", text):
                target = m.group(1).split(".")[-1]
                if m.group(1).split(".")[0] in ("ieee_float", "mach", "int", "real", "bv"):
                    continue
                listed = set(re.findall(r"\b(?:goal|lemma)\s+([A-Za-z_][A-Za-z0-9_']*)", m.group(2)))
                for ax in axioms.get(target, []):
                    if ax not in listed:
                        line = text[:m.start()].count("\n") + 1
                        problems.append(f"{rel}:{line}: clone of {m.group(1)} leaves its parameter axiom {ax} unproved")
        return problems

    @staticmethod
    def accepted(fp, verdicts):
        valid = {v["prover"] for v in verdicts if v["result"] == "valid"}
        if not fp:
            return bool(valid)
        return bool(valid & FP_TRUSTED) or len({FAMILY[p] for p in valid}) >= 2

    def first_pass(self, rel, path, theories, is_fp):
        """proof from scratch: every theory to its first prover (hint, else by kind), one run per
        theory, so that each goal is attributed to the theory that states or clones it"""
        res = []
        for th in theories:
            prover = Gate.hints.get((path, th, "__theory__"), (FP_PORTFOLIO if is_fp[th] else PORTFOLIO)[0])
            res += self.first_verdicts(self.results(rel, prover, th), prover)
        return res

    def replay_pass(self, rel, record):
        """replay: every recorded goal to its first recorded prover, one run per theory and prover
        (the whole theory when one prover comes first for all its goals)"""
        groups, firsts = {}, {}
        for e in record:
            groups.setdefault((e["theory"], PROVER_ID[e["provers"][0]]), []).append(e["goal"])
            firsts.setdefault(e["theory"], set()).add(e["provers"][0])
        res, limit = [], self.a.replay_timeout
        for (th, prover), goals in groups.items():
            part = [] if len(firsts[th]) == 1 else self.results(rel, prover, th, goals=goals,
                                                                   timeout=limit)
            if not part or any(r["expl"] == "why3 error" for r in part):
                # a goal that -G cannot name (a lemma of a cloned module): the theory, then its goals
                part = [r for r in self.results(rel, prover, th, timeout=limit)
                        if len(firsts[th]) == 1 or r["goal"] in goals]
            res += self.first_verdicts(part, prover)
        return res

    @staticmethod
    def first_verdicts(part, prover):
        for r in part:
            r["verdicts"] = [{"prover": PROVER_LABEL[prover], "result": r["status"], "time": r["time_s"]}]
        return part

    def record_of(self, rel):
        """the recorded goals of rel if its text is the one recorded, else None"""
        entry = self.replay.get(rel)
        if entry and entry["sha256"] == file_sha256(os.path.join(self.root, rel)):
            self.replayed.append(rel)
            return entry["goals"]
        return None

    def add_verdicts(self, rel, th, g, subs, prover, timeout, done):
        """runs prover on goal g of theory th and adds its verdict to each sub-goal of subs that is
        not done; returns the sub-goals it added to"""
        again = self.results(rel, prover, th, g, timeout=timeout)
        if len(again) != len(subs):
            return []
        added = []
        for old, new in zip(subs, again):
            if done(old):
                continue
            old["verdicts"].append({"prover": PROVER_LABEL[prover], "result": new["status"], "time": new["time_s"]})
            old["accepted"] = self.accepted(old["fp"], old["verdicts"])
            added.append(old)
        return added

    def prove_file(self, rel):
        t0 = time.time()
        path = os.path.join(self.root, rel)
        theories = self.parse_decls(path)[0]
        stem = os.path.splitext(os.path.basename(rel))[0]
        is_fp = {th: stem + "." + th in self.fp for th in theories}
        record = self.record_of(rel)
        res = self.replay_pass(rel, record) if record else self.first_pass(rel, path, theories, is_fp)
        order = {th: k for k, th in enumerate(theories)}
        res = self.attribute(rel, res)
        recorded = {(e["theory"], e["goal"]): e["provers"] for e in (record or [])}
        rank = {key: k for k, key in enumerate(recorded)}
        res.sort(key=lambda r: (order.get(r["theory"], 0), rank.get((r["theory"], r["goal"]), 0)))
        for r in res:
            r["fp"] = is_fp.get(r["theory"], True)
            r["accepted"] = self.accepted(r["fp"], r["verdicts"])
        todo = []
        for r in res:
            if not r["accepted"] and (r["theory"], r["goal"]) not in todo:
                todo.append((r["theory"], r["goal"]))
        retried = set()
        for th, g in todo:
            # replay: the goal's other recorded provers, at the first limit, before any retry
            for prover in [PROVER_ID[label] for label in recorded.get((th, g), [])[1:]]:
                subs = [r for r in res if r["theory"] == th and r["goal"] == g]
                if all(r["accepted"] for r in subs):
                    break
                self.add_verdicts(rel, th, g, subs, prover, None, lambda r: r["accepted"])
            base = g[:-3] if g.endswith("'vc") else g
            hint = Gate.hints.get((path, th, base))
            portfolio = FP_PORTFOLIO if is_fp.get(th, True) else PORTFOLIO
            first = [PROVER_ID[label] for label in recorded.get((th, g), [])] + ([hint] if hint else [])
            for prover in dict.fromkeys(first + portfolio):
                subs = [r for r in res if r["theory"] == th and r["goal"] == g]
                if all(r["accepted"] for r in subs):
                    break
                label = PROVER_LABEL[prover]

                def answered(r):  # a first-pass failure is retried once with the longer limit
                    return (id(r), label) in retried or any(
                        v["prover"] == label and v["result"] == "valid" for v in r["verdicts"])

                def futile(r):  # a valid verdict of its family already counts: it adds nothing
                    return label not in FP_TRUSTED and any(
                        v["result"] == "valid" and FAMILY[v["prover"]] == FAMILY[label]
                        for v in r["verdicts"])
                if all(r["accepted"] or answered(r) or futile(r) for r in subs):
                    continue
                for old in self.add_verdicts(rel, th, g, subs, prover, self.a.retry_timeout,
                                             lambda r: r["accepted"] or answered(r) or futile(r)):
                    retried.add((id(old), label))
        for r in res:
            r["file"] = rel
            valid = [v for v in r["verdicts"] if v["result"] == "valid"]
            r["status"] = "valid" if valid else r["verdicts"][-1]["result"]
            # the prover whose verdict made the goal accepted (else the last one tried)
            r["prover"] = next((v["prover"] for k, v in enumerate(r["verdicts"])
                                if v["result"] == "valid" and self.accepted(r["fp"], r["verdicts"][:k + 1])),
                               r["verdicts"][-1]["prover"])
            r["time_s"] = round(sum(v["time"] for v in r["verdicts"]), 2)
        return rel, res, time.time() - t0

    def typecheck(self, rel):
        rc, so, se = self.run(["--type-only", rel])
        return rc == 0, (so + se).strip()


def file_sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def load_replay(path):
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        return json.load(f)["files"]


def replay_record(root, files, results):
    """per file: its hash and, per goal, the provers to run first: those whose valid verdicts made
    its sub-goals accepted (for a floating-point sub-goal accepted on two families, both)"""
    out = {}
    for rel in files:
        goals = {}
        for r in (x for x in results if x["file"] == rel):
            needed = [r["prover"]]
            if r["fp"] and r["prover"] not in FP_TRUSTED:
                needed += [v["prover"] for v in r["verdicts"] if v["result"] == "valid"]
            goals.setdefault((r["theory"], r["goal"]), collections.Counter()).update(dict.fromkeys(needed, 1))
        seconds = sum(v["time"] for r in results if r["file"] == rel for v in r["verdicts"]
                      if v["result"] == "valid")
        out[rel] = {"sha256": file_sha256(os.path.join(root, rel)), "seconds": round(seconds),
                    # the prover of most sub-goals first
                    "goals": [{"theory": th, "goal": g, "provers": [p for p, _ in n.most_common()]}
                              for (th, g), n in goals.items()]}
    return {"what": "per goal of each Why3 file, the provers the gate runs first when the file's text "
                    "is unchanged (proofs/why3/prove.sh --record writes it)", "files": out}


def versions():
    def first(cmd, pat):
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
            m = re.search(pat, p.stdout + p.stderr)
            return m.group(1) if m else None
        except Exception:
            return None
    return {"why3": first(["why3", "--version"], r"version ([0-9.]+)"),
            "z3": first(["z3", "--version"], r"version ([0-9.]+)"),
            "cvc5": first(["cvc5", "--version"], r"version ([0-9.]+)"),
            "cvc4": first(["cvc4", "--version"], r"version ([0-9.]+)"),
            "gappa": first(["gappa", "--version"], r"Gappa ([0-9.]+)")}


def assumptions(root):
    path = os.path.join(root, "docs/assumptions.md")
    out = []
    if os.path.exists(path):
        for line in open(path):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if cells and cells[0].startswith("AS-WHY3-"):
                out.append({"id": cells[0], "kind": cells[1], "where": cells[2],
                            "statement": cells[3], "justification": cells[4],
                            "checked_by": cells[5] if len(cells) > 5 else ""})
    return out


def main():
    ap = argparse.ArgumentParser()
    for k in ("root", "out", "config", "extra_config", "mode"):
        ap.add_argument("--" + k.replace("_", "-"), required=True)
    ap.add_argument("--timeout", type=int, default=5)
    # the limit of a recorded prover on the goals it proved: a goal that needs 2-4 s alone would
    # miss a first-attempt limit of 3 s under load and be run twice
    ap.add_argument("--replay-timeout", type=int, default=10)
    # a goal a prover fails on at --timeout is tried once more with this limit
    ap.add_argument("--retry-timeout", type=int, default=60)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--replay", default=None,
                    help="record of the provers to run first per goal (files whose text is unchanged)")
    ap.add_argument("--record", default=None,
                    help="write that record here from this run (only if every goal is accepted)")
    ap.add_argument("--files", nargs="*", default=None,
                    help="prove these files (relative to the root) instead of the specification")
    a = ap.parse_args()
    gate = Gate(a)
    t0 = time.time()

    files = a.files if a.files is not None else [f for f in SPEC_FILES if os.path.exists(os.path.join(a.root, f))]
    errors = 0
    for rel in files:
        if os.path.exists(os.path.join(a.root, rel)):
            ok, msg = gate.typecheck(rel)
            if not ok:
                print(f"TYPE ERROR {rel}:\n{msg}")
                errors += 1
        else:
            print(f"MISSING {rel}")
            errors += 1
    gate.fp = gate.floating_point_theories(files)
    for problem in gate.unlisted_axioms(files):
        print("AXIOM NOT PROVED: " + problem)
        errors += 1
    all_res, per_file = [], {}
    if not errors:
        # longest first, so that the two workers finish together
        def cost(rel):
            entry = gate.replay.get(rel)
            return entry["seconds"] if entry else float("inf")
        with cf.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
            for rel, res, dt in ex.map(gate.prove_file, sorted(files, key=cost, reverse=True)):
                per_file[rel] = (res, dt)
        for rel in files:
            all_res += per_file[rel][0]
    proved = sum(1 for r in all_res if r["accepted"])
    wall = round(time.time() - t0, 2)
    print(f"{'file':34s} {'accepted':>9s}  {'valid verdicts per prover':36s} {'time_s':>7s}")
    for rel in files:
        res, dt = per_file.get(rel, ([], 0.0))
        n = sum(1 for r in res if r["accepted"])
        provers = {}
        for r in res:
            for v in r["verdicts"]:
                if v["result"] == "valid":
                    provers[v["prover"]] = provers.get(v["prover"], 0) + 1
        ps = " ".join(f"{k}:{v}" for k, v in sorted(provers.items()))
        print(f"{rel:34s} {n:4d}/{len(res):<4d}  {ps:36s} {dt:7.1f}")
    for r in all_res:
        if not r["accepted"]:
            why = ("valid only by " + ",".join(v["prover"] for v in r["verdicts"] if v["result"] == "valid") +
                   ": not accepted for a floating-point goal") if r["status"] == "valid" else r["status"]
            print(f"NOT PROVED: {r['file']} {r['theory']}.{r['goal']}[{r['subgoal']}] "
                  f"({r['expl']}, line {r['loc'].get('line')}): {why} {r['answer'][:80]}")
    per_prover, single = verdict_counts(all_res)
    fp_goals = [r for r in all_res if r["fp"]]
    policy = {"rule": "a goal of a floating-point theory is accepted only on a valid verdict from CVC5 "
                      "(native floating point or Why3's axiomatisation) or Gappa, "
                      "or from two independent provers (Z3 and Z3-noBV are one prover, CVC4 and CVC5 one family); "
                      "any valid verdict is accepted for the other goals",
              "floating_point_theory": "uses or clones ieee_float, declares a < float e s > type, or uses or "
                                       "clones a floating-point theory of the project (transitively)",
              "families": FAMILY, "trusted_alone_on_floating_point": sorted(FP_TRUSTED),
              "goals": len(all_res), "accepted": proved,
              "valid_not_accepted": sum(1 for r in all_res if r["status"] == "valid" and not r["accepted"]),
              "floating_point_goals": len(fp_goals),
              "floating_point_goals_accepted": sum(1 for r in fp_goals if r["accepted"]),
              "goals_valid_per_prover": dict(sorted(per_prover.items())),
              "goals_on_a_single_prover": single}
    print("valid verdicts per prover: " + ", ".join(f"{k} {v}" for k, v in sorted(per_prover.items())) +
          f"; goals resting on a single prover: {single} of {len(all_res)}; floating-point goals: "
          f"{len(fp_goals)} ({policy['floating_point_goals_accepted']} accepted)")
    print(f"TOTAL {proved}/{len(all_res)} proved (accepted under the prover policy), wall {wall} s")
    doc = {"tool": "why3", "versions": versions(),
           "goals": [{"file": r["file"], "theory": r["theory"], "goal": r["goal"],
                      "subgoal": r["subgoal"], "explanation": r["expl"],
                      "line": r["loc"].get("line"),
                      "requirements": r["requirements"], "prover": r["prover"],
                      "time_s": r["time_s"], "status": r["status"],
                      "verdicts": r["verdicts"], "accepted": r["accepted"], "fp": r["fp"]} for r in all_res],
           "summary": {"proved": proved, "total": len(all_res), "wall_s": wall,
                       "timeout_per_goal_s": a.timeout,
                       "replay_timeout_s": a.replay_timeout,
                       "retry_timeout_s": a.retry_timeout,
                       "replayed_files": sorted(gate.replayed, key=files.index),
                       "files_proved_from_scratch": [f for f in files if f not in gate.replayed],
                       "portfolio": [PROVER_LABEL[p] for p in PORTFOLIO] + ["Gappa (by hint)"],
                       "files": files},
           "policy": policy,
           "assumptions": assumptions(a.root)}
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "why3.json"), "w") as f:
        json.dump(doc, f, indent=1)
    ok = not errors and proved == len(all_res) and len(all_res) > 0
    if ok and a.record:
        record = replay_record(a.root, files, all_res)
        record["files"] = {**load_replay(a.record), **record["files"]}  # the other files' records stay
        record["files"] = {rel: record["files"][rel] for rel in SPEC_FILES if rel in record["files"]}
        with open(a.record, "w") as f:
            json.dump(record, f, indent=1)
            f.write("\n")
    print(f"replayed from {os.path.relpath(a.replay, a.root) if a.replay else 'no record'}: " +
          (", ".join(gate.replayed) or "none") +
          "; proved from scratch: " + (", ".join(x for x in files if x not in gate.replayed) or "none"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
