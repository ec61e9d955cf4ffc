#!/usr/bin/env python3
"""SONNX Div -- Why3 proof gate, called by proofs/why3/prove.sh.

Session-free strategy: every file is split with `split_vc` and sent to Z3;
each goal that still has a non-Valid sub-goal is re-run (selected with
-T/-G) with the next prover of the portfolio, and the sub-goal verdicts are
merged (sub-goal order is deterministic).  Portfolio, with pinned time limits:
Z3 4.8.12, Z3 "noBV" alternative (driver z3_432, which keeps the axioms of
bv.Pow2int), CVC5 1.0.3 (--fp-exp), CVC4 1.8 (no FP support: integer and
memory goals only).  Any sub-goal not Valid makes the gate fail.
"""
import argparse
import concurrent.futures as cf
import json
import os
import re
import subprocess
import sys
import time

PORTFOLIO = ["z3", "Z3,4.8.12,noBV", "cvc5", "cvc4"]
PROVER_LABEL = {"z3": "Z3", "cvc5": "CVC5", "Z3,4.8.12,noBV": "Z3-noBV", "cvc4": "CVC4", "gappa": "Gappa"}
KNOWN_IDS = set("C1 C2 C3 R1 R2 R3 R4 R5 GR1 GR2 GR3 GR4 F1 F2 F3 I1 D1 D2 D3 D4 D5 D6 D7 D8 D9".split())

# files of the specification and proofs, in dependency order
SPEC_FILES = ["spec/why3/div_element.mlw", "spec/why3/tensor.mlw",
              "spec/why3/div_spec.mlw", "spec/why3/div_constraints.mlw", "spec/why3/div_lemmas.mlw",
              "spec/why3/div_accuracy.mlw", "spec/why3/div_impl.mlw",
              "spec/why3/div_fastpath.mlw"]


class Gate:
    def __init__(self, a):
        self.a = a
        self.root = a.root
        self.base = ["why3", "prove", "-C", a.config, "--extra-config=" + a.extra_config,
                     "-L", os.path.join(a.root, "spec/why3")]

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

    def results(self, rel, prover, theory=None, goal=None, timeout=None, theories=None):
        t = timeout or self.a.timeout
        args = ["-P", prover, "-a", "split_vc", "-t", str(t), "--json", rel]
        for th in theories or []:
            args += ["-T", th]
        if theory:
            args += ["-T", theory]
            if goal:
                args += ["-G", goal]
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
        if not res and (rc != 0 or se.strip()):
            res.append({"goal": goal or "?", "expl": "why3 error", "loc": {}, "status": "failed",
                        "answer": se.strip()[-500:], "time_s": 0.0})
        return res

    def attribute(self, rel, res):
        """add theory, subgoal index, requirement IDs"""
        theories, owner, clone_goals, covers = self.parse_decls(os.path.join(self.root, rel))
        remaining = {t: list(g) for t, g in clone_goals.items()}
        last_theory, prev_goal, counters = None, None, {}
        for r in res:
            base = r["goal"][:-3] if r["goal"].endswith("'vc") else r["goal"]
            th = None
            if r["loc"].get("filename", "").endswith(os.path.basename(rel)) and base in owner:
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

    def prove_file(self, rel):
        t0 = time.time()
        path = os.path.join(self.root, rel)
        theories = self.parse_decls(path)[0]
        groups = {}
        for th in theories:
            groups.setdefault(Gate.hints.get((path, th, "__theory__"), PORTFOLIO[0]), []).append(th)
        res = []
        for prover, ths in groups.items():
            part = self.results(rel, prover, theories=ths) if len(groups) > 1 else self.results(rel, prover)
            for r in part:
                r["prover"] = PROVER_LABEL[prover]
            res += part
        order = {th: k for k, th in enumerate(theories)}
        res = self.attribute(rel, res)
        res.sort(key=lambda r: order.get(r["theory"], 0))
        todo = []
        for r in res:
            if r["status"] != "valid" and (r["theory"], r["goal"]) not in todo:
                todo.append((r["theory"], r["goal"]))
        for th, g in todo:
            base = g[:-3] if g.endswith("'vc") else g
            hint = Gate.hints.get((path, th, base))
            order = ([hint] if hint else []) + [p for p in PORTFOLIO[1:] if p != hint]
            for prover in order:
                subs = [r for r in res if r["theory"] == th and r["goal"] == g]
                if all(r["status"] == "valid" for r in subs):
                    break
                again = self.results(rel, prover, th, g, timeout=max(20, self.a.timeout * 4))
                if len(again) != len(subs):
                    continue
                for old, new in zip(subs, again):
                    if old["status"] != "valid" and new["status"] == "valid":
                        old.update(status="valid", prover=PROVER_LABEL[prover],
                                   time_s=new["time_s"], answer=new["answer"])
        for r in res:
            r["file"] = rel
        return rel, res, time.time() - t0

    def typecheck(self, rel):
        rc, so, se = self.run(["--type-only", rel])
        return rc == 0, (so + se).strip()


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
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    gate = Gate(a)
    t0 = time.time()

    files = [f for f in SPEC_FILES if os.path.exists(os.path.join(a.root, f))]
    errors = 0
    for rel in files:
        ok, msg = gate.typecheck(rel)
        if not ok:
            print(f"TYPE ERROR {rel}:\n{msg}")
            errors += 1
    all_res, per_file = [], {}
    if not errors:
        with cf.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
            for rel, res, dt in ex.map(gate.prove_file, files):
                per_file[rel] = (res, dt)
        for rel in files:
            all_res += per_file[rel][0]
    proved = sum(1 for r in all_res if r["status"] == "valid")
    wall = round(time.time() - t0, 2)
    print(f"{'file':34s} {'proved':>9s}  {'provers':28s} {'time_s':>7s}")
    for rel in files:
        res, dt = per_file.get(rel, ([], 0.0))
        n = sum(1 for r in res if r["status"] == "valid")
        provers = {}
        for r in res:
            if r["status"] == "valid":
                provers[r["prover"]] = provers.get(r["prover"], 0) + 1
        ps = " ".join(f"{k}:{v}" for k, v in sorted(provers.items()))
        print(f"{rel:34s} {n:4d}/{len(res):<4d}  {ps:28s} {dt:7.1f}")
    for r in all_res:
        if r["status"] != "valid":
            print(f"NOT PROVED: {r['file']} {r['theory']}.{r['goal']}[{r['subgoal']}] "
                  f"({r['expl']}, line {r['loc'].get('line')}): {r['status']} {r['answer'][:80]}")
    print(f"TOTAL {proved}/{len(all_res)} proved, wall {wall} s")
    doc = {"tool": "why3", "versions": versions(),
           "goals": [{"file": r["file"], "theory": r["theory"], "goal": r["goal"],
                      "subgoal": r["subgoal"], "explanation": r["expl"],
                      "line": r["loc"].get("line"),
                      "requirements": r["requirements"], "prover": r["prover"],
                      "time_s": r["time_s"], "status": r["status"]} for r in all_res],
           "summary": {"proved": proved, "total": len(all_res), "wall_s": wall,
                       "timeout_per_goal_s": a.timeout,
                       "portfolio": [PROVER_LABEL[p] for p in PORTFOLIO]},
           "assumptions": assumptions(a.root)}
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "why3.json"), "w") as f:
        json.dump(doc, f, indent=1)
    ok = not errors and proved == len(all_res) and len(all_res) > 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
