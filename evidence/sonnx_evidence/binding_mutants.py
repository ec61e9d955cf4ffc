#!/usr/bin/env python3
"""Binding mutation check of the WP driver (proofs/frama-c/div_element.driver).

usage: binding_mutants.py WORK OUT_JSON
       binding_mutants.py --cases [SANITY_FILE]

--cases (the test command, no prover): every binding of the driver has, in binding_sanity.c (or
SANITY_FILE), a case that must hold and one that must be refuted; exit status 1 otherwise.

Each ACSL symbol the driver binds is rebound to every other symbol of the same kind and signature
in its Why3 theory (as `why3 prove --print-theory` prints it). Every such mutant must be killed by a
proof: Why3 proves that the other symbol contradicts one of the symbol's sanity cases, which WP
proves through the real driver (binding_sanity.c: a mutant driver would make that lemma false), or
Why3 proves the two symbols equivalent (the mutant is the same binding). The cases are translated
from the lemmas of binding_sanity.c (integer and float literals); a case that needs a bridge lemma
instantiated (the route functions) is killed by the lemma kill_<symbol>_as_<other> of
binding_killers.mlw, which states the mutant's contradiction of the same case. A mutant that no
proof settles survives and fails the check: a prover that gives up kills nothing. Every run also plants a
fault (the refuted float64 sanity case left out) that the check must catch: the float64 mutants
survive. Writes OUT_JSON; exit status 1 when a mutant survives, a binding has no sanity lemma or
the planted fault goes unnoticed.
"""
import json
import os
import re
import subprocess
import sys
import time

from . import limits, schema, why3_tasks
from .paths import FRAMAC as HERE, ROOT
DRIVER = os.path.join(HERE, "div_element.driver")
SANITY = os.path.join(HERE, "binding_sanity.c")
# Each proof runs under a twentieth of its prover's resource limit: Why3's -s in the units of WP's
# -wp-steps, which the proof passes' configuration (WHY3CONFIG, sonnx_evidence.wp_config) turns
# into the prover's own (proofs/prover-limits.json). The same verdict on any machine and under any
# load; the wall-clock guard only stops a process that hangs.
STEPS = str(max(1, limits.LIMITS["wp_base_steps"] // 20))
SHARE = subprocess.run(["frama-c", "-print-share-path"],
                       capture_output=True, text=True).stdout.strip()
WHY3_PATH = ["-L", os.path.join(ROOT, "spec", "why3"), "-L", HERE,
             "-L", os.path.join(SHARE, "wp", "why3")]


def bindings():
    """(why3 theory, kind, ACSL name, why3 name, line) of every binding of the driver"""
    out, theory = [], None
    lines = open(DRIVER).read().splitlines()
    for k, line in enumerate(lines):
        m = re.match(r'why3\.import \+= "([^"]+)"', line)
        if m:
            theory = ("import", m.group(1))
        m = re.match(r'why3\.file \+= "([^":]+):([^"]+)"', line)
        if m:
            theory = ("file", os.path.splitext(m.group(1))[0] + "." + m.group(2))
        m = re.match(r'(predicate|logic \w+) "(\w+)"\(([^)]*)\) = "(\w+)";', line)
        if m:
            kind = "predicate" if m.group(1) == "predicate" else "function"
            out.append({"theory": theory[1], "kind": kind,
                        "acsl": m.group(2), "why3": m.group(4), "line": k})
    return out


def declaring(theory, symbol):
    """(the theory that declares `symbol`: `theory` or one it uses, its signatures)"""
    sigs, uses = signatures(theory)
    if symbol in sigs:
        return theory, sigs
    for used in uses:
        if used.split(".")[0] in ("div_element", "div_element_bridge"):
            found = declaring(used, symbol)
            if found[0]:
                return found
    return None, {}


def signatures(theory):
    """({symbol: (kind, parameter types, result type)}, used theories) of a Why3 theory, as Why3
    prints it"""
    text = subprocess.run(["why3", "prove"] + WHY3_PATH + ["--print-theory", "-T", theory],
                          capture_output=True, text=True).stdout
    uses = re.findall(r"^  \(\* use (\S+) \*\)", text, re.M)
    out = {}
    declaration = r"^  (predicate|function) (\w+)((?: \([^)]*\)| [\w.']+)*)(?: : ([\w.']+))?"
    for m in re.finditer(declaration, text, re.M):
        params = [p.split(":")[-1].strip() for p in re.findall(r"\(([^)]*)\)", m.group(3))]
        if not params:
            params = m.group(3).split()
        out[m.group(2)] = (m.group(1), tuple(params), m.group(4))
    return out, uses


def sanity_lemmas(symbol, drop=(), sanity=SANITY):
    """the bodies of the sanity lemmas of binding_sanity.c that state a case of `symbol` (but the
    lemmas named in `drop`)"""
    text = open(sanity).read().split("#else")[0]
    return [(name, body.strip()) for name, body in re.findall(r"lemma (\w+):\s*(.*?);", text, re.S)
            if re.search(r"\b%s\b" % symbol, body) and name not in drop]


def case(body, symbol, alt):
    """the Why3 statement that the other symbol contradicts a sanity case (None when the case is
    not a literal one)"""
    def term(t):
        t = t.strip()
        m = re.fullmatch(r"\((float|double)\)\s*(-?\d+\.\d+)", t)
        if m:
            return f"({m.group(2)}:t)"
        if re.fullmatch(r"-?\d+(\s*[-+]\s*\d+)?", t):
            return f"({t})"
        return None
    m = re.fullmatch(r"(!?)\s*%s\((.*)\)\s*(?:(==|!=)\s*(-?\d+))?" % symbol, body.strip(), re.S)
    if not m:
        return None
    args = [term(a) for a in re.split(r",(?![^()]*\))", m.group(2))]
    if None in args:
        return None
    applied = f"{alt} {' '.join(args)}"
    if m.group(3):  # a function: sym(...) == c holds, or sym(...) != c holds
        return f"{applied} {'<>' if m.group(3) == '==' else '='} ({m.group(4)})"
    return applied if m.group(1) else f"not ({applied})"


def why3_proved(path):
    """{module: the goals and lemmas CVC5 proves in it} for the modules of `path`: CVC5 on Why3's
    axiomatisation of floats first, native CVC5 on the modules where it proved nothing. A goal
    that cannot be proved (a mutant that is not equivalent, a case it does not contradict) fails
    at its resource limit (STEPS): only proofs count."""
    text = open(path).read()
    names = {m.group(1): set(re.findall(r"(?:goal|let lemma) (\w+)", m.group(2)))
             for m in re.finditer(r"^module (\w+)(.*?)^end", text, re.S | re.M)}
    modules = list(names)
    proved = {}
    for prover in ("cvc5-nofp", "cvc5"):
        todo = [m for m in modules if not proved.get(m)]
        if not todo:
            break
        p = subprocess.run(["why3", "prove"] + WHY3_PATH +
                           ["-P", prover, "-s", STEPS, "-t", str(limits.guard("why3")),
                            "-a", "split_vc", "--json", path] +
                           [a for m in todo for a in ("-T", m)], capture_output=True, text=True)
        seen = {}
        for obj in why3_tasks.json_stream(p.stdout):
            name = obj.get("term", {}).get("goal_name", "?").replace("'vc", "")
            valid = obj.get("prover-result", {}).get("answer", "").startswith("Valid")
            seen[name] = seen.get(name, True) and valid
        for m in todo:
            proved[m] = {n for n, v in seen.items() if v} & names[m]
    return {n for names in proved.values() for n in names}


def check(work, symbols=None, drop=()):
    """(the mutants of the bindings of `symbols` (all: None) and their verdicts, whether all are
    settled), the sanity lemmas named in `drop` left out"""
    os.makedirs(work, exist_ok=True)
    results, ok = [], True
    mutants, goals = [], []
    for b in bindings():
        if symbols is not None and b["acsl"] not in symbols:
            continue
        theory, sigs = declaring(b["theory"], b["why3"])
        lemmas = sanity_lemmas(b["acsl"], drop)
        if theory is None or not lemmas:
            ok = False
            results.append({"symbol": b["acsl"], "problem": "no sanity lemma" if lemmas == [] else
                            f"{b['why3']} not found in {b['theory']}"})
            continue
        float_type = {"Float32": "ieee_float.Float32", "Float64": "ieee_float.Float64"}
        uses = [f for k, f in float_type.items() if k.lower() in theory.lower()]
        for alt in [n for n, sg in sigs.items() if n != b["why3"] and sg == sigs[b["why3"]]]:
            name = f"{b['acsl']}_as_{alt}"
            arity = len(sigs[alt][1])
            args = " ".join(f"x{k}" for k in range(arity))
            rel = "<->" if b["kind"] == "predicate" else "="
            body = [f"  goal equivalent_{name}: "
                    f"forall {args}. ({b['why3']} {args}) {rel} ({alt} {args})"]
            for lemma, text in lemmas:
                statement = case(text, b["acsl"], alt)
                if statement:
                    body.append(f"  goal kill_{name}__{lemma}: {statement}")
            goals.append(f"module M_{len(mutants)}\n  use int.Int\n" +
                         "".join(f"  use {u}\n" for u in uses) + f"  use {theory}\n" +
                         "\n".join(body) + "\nend\n")
            mutants.append((b, theory, alt, name))
    path = os.path.join(work, "binding_mutants.mlw")
    with open(path, "w") as f:
        f.write("\n".join(goals))
    proved = why3_proved(path)
    if symbols is None:
        proved |= why3_proved(os.path.join(HERE, "binding_killers.mlw"))
    for b, theory, alt, name in mutants:
        entry = {"symbol": b["acsl"], "bound_to": f"{theory}.{b['why3']}", "mutant": alt}
        kills = sorted(g for g in proved if g.startswith(f"kill_{name}__") or g == f"kill_{name}")
        if f"equivalent_{name}" in proved:
            entry["verdict"] = "equivalent (proved): the same binding"
        elif kills:
            entry["verdict"], entry["killed_by"] = "killed", kills
        else:
            entry["verdict"] = "SURVIVED"
            ok = False
        results.append(entry)
        print(f"binding mutant {name}: {entry['verdict']}" +
              (f" ({', '.join(kills)})" if entry["verdict"] == "killed" else ""))
    return results, ok


# The planted fault the check must catch on every run: without the refuted float64 case, nothing
# tells the binding of sonnx_div_float64_spec from a weaker predicate of its theory (its mutants
# survive), while its equivalence to `quotient` is still proved (the provers did run).
PLANTED = {"symbols": ["sonnx_div_float64_spec"], "drop": ["F1_float64_binding_refutes"]}


def refuted(body, symbol):
    """whether a sanity case states that `symbol` does not hold (a predicate negated, a function
    whose result differs from a value)"""
    m = re.fullmatch(r"(!?)\s*%s\((.*)\)\s*(?:(==|!=)\s*(-?\d+))?" % symbol, body.strip(), re.S)
    return bool(m) and (m.group(1) == "!" or m.group(3) == "!=")


def cases(sanity):
    """the problems of binding_sanity.c: a binding without a holding or without a refuted case"""
    problems = []
    for b in bindings():
        lemmas = sanity_lemmas(b["acsl"], sanity=sanity)
        kinds = {refuted(body, b["acsl"]) for _, body in lemmas}
        for kind, what in ((False, "holding"), (True, "refuted")):
            if kind not in kinds:
                problems.append(f"binding {b['acsl']} = {b['why3']}: no {what} case in "
                                f"{os.path.basename(sanity)}")
    return problems


def main():
    if sys.argv[1:2] == ["--cases"]:
        sanity = sys.argv[2] if len(sys.argv) > 2 else SANITY
        problems = cases(sanity)
        for p in problems:
            print(p)
        print("binding cases: %d bindings, %s" % (len(bindings()), "each with a holding and a "
              "refuted case" if not problems else "%d cases missing" % len(problems)))
        return 1 if problems else 0
    work, out = sys.argv[1], sys.argv[2]
    t0 = time.time()
    results, ok = check(work)
    print("binding mutants, planted fault (%s left out):" % ", ".join(PLANTED["drop"]))
    planted, _ = check(os.path.join(work, "planted"), PLANTED["symbols"], PLANTED["drop"])
    verdicts = [r.get("verdict", "") for r in planted]
    planted_ok = "SURVIVED" in verdicts and any(v.startswith("equivalent") for v in verdicts)
    print("binding mutants, planted fault: %s" % (
        "caught (%d float64 mutants survive)" % verdicts.count("SURVIVED") if planted_ok
        else "NOT CAUGHT: the check cannot tell a missing sanity case"))
    ok = ok and planted_ok
    doc = {"what": __doc__.split("\n")[0],
           "provers": "CVC5 on Why3's axiomatisation of floats, CVC5",
           "mutants": results,
           "killed": sum(1 for r in results if r.get("verdict") == "killed"),
           "equivalent": sum(1 for r in results
                             if str(r.get("verdict", "")).startswith("equivalent")),
           "survived": sum(1 for r in results if r.get("verdict") == "SURVIVED"),
           "planted_fault": dict(PLANTED, caught=planted_ok, mutants=planted),
           "seconds": round(time.time() - t0, 1), "ok": ok}
    schema.write(out, doc, name="wp-binding-mutants")
    print(f"binding mutants: {doc['killed']} killed, {doc['equivalent']} equivalent, "
          f"{doc['survived']} survived ({doc['seconds']} s)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
