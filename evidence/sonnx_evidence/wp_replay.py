#!/usr/bin/env python3
"""The record of the prover that proved each WP goal (proofs/frama-c/replay.json), and its use.

  wp_replay.py scripts RECORD SCRIPT_DIR   writes, for each recorded goal without a script in
                                           SCRIPT_DIR (the tactic scripts), a one-prover WP script
  wp_replay.py record RECORD WORK PASS...  updates RECORD from a run's console logs, printed tasks
                                           and verdict caches (WORK/wp-log-PASS.txt, tasks-PASS/,
                                           session-PASS/cache/)
  wp_replay.py fastest RECORD LOG...       records, per goal, the fastest prover that proved it in
                                           the logs of one-prover runs (prove.sh --rank)

WP runs every prover of its portfolio on a goal at once and keeps the first valid verdict; a goal
with a script runs the script's prover first and the portfolio only if that fails. The record only
chooses which prover runs first: every verdict is a fresh prover run, and the prover policy is
checked on the verdicts (wp_evidence.py, which does not count a script as a prover of its own for
a floating-point goal). The floating-point pass has no Z3, so its goals are recorded with CVC5.

The record also keeps, per goal, the resources its prover used on the last proof ("steps", the
prover's own units), which sonnx_evidence.limits checks against the prover's limit, and lists the
goals no resource limit applies to ("without_limit"), with their time: those Qed decides (WP's
simplifier, a computation that runs to its end), those a committed tactic script decides (the
tactic is WP's computation too; its sub-goals go to Qed or to provers under the limit), and those
whose task Why3 finds trivial before any prover runs. The steps of a goal are those of the cached
verdict of its prover's task: WP names each cache entry after the MD5 of the task file it prints
(-wp-out) for that prover."""
import hashlib
import json
import os
import re
import sys

from .paths import FRAMAC
from .policy import prover_name

GOAL = re.compile(r"^\[wp\] \[([^\]]+)\] Goal typed_div_element_(\w+) : Valid", re.M)
ANY_GOAL = re.compile(r"^\[wp\] \[[^\]]+\] Goal typed_div_element_(\w+) : ", re.M)
# the same line with the prover's time, which WP leaves out when it is very short:
# "... : Valid (Qed:2ms) (490ms)", and Z3's step count after it
TIMED = re.compile(r"^\[wp\] \[([^\]]+)\] Goal typed_div_element_(\w+) : Valid"
                   r"(?: \(Qed:[^)]*\))?(?: \(([\d.]+)(ms|s)\))?(?: \(\d+\))?$", re.M)


def script_prover(label):
    """'CVC5 1.0.3 (opaque-spec)' -> 'CVC5:1.0.3:opaque-spec', the prover name in a WP script"""
    m = re.match(r"(\S+) (\S+)(?: \((\S+)\))?$", label)
    return ":".join(x for x in m.groups() if x) if m else None


QED_TIME = re.compile(
    r"^\[wp\] \[Qed\] Goal typed_div_element_(\w+) : Valid(?: \(([\d.]+)(ms|s)\))?", re.M)


def load(path):
    return json.load(open(path))["goals"] if os.path.exists(path) else {}


def load_doc(path):
    return json.load(open(path)) if os.path.exists(path) else {"goals": {}}


def task_file(work, name, goal, prover):
    """the task WP printed for prover on goal in pass name (None when it printed none: Why3 found
    the task trivial and called no prover)"""
    path = os.path.join(work, f"tasks-{name}", "typed_div_element",
                        f"{goal}_Why3_{re.sub(r'[^0-9A-Za-z]', '_', prover)}.why")
    return path if os.path.exists(path) else None


def used_steps(work, name, goal, prover):
    """the resources prover used on goal in pass name's run (its cached verdict), or None"""
    task = task_file(work, name, goal, prover)
    if task is None:
        return None
    with open(task, "rb") as f:
        digest = hashlib.md5(f.read()).hexdigest()
    entry = os.path.join(work, f"session-{name}", "cache", digest + ".json")
    if not os.path.exists(entry):
        return None
    with open(entry, encoding="utf-8") as f:
        verdict = json.load(f)
    return verdict.get("steps") if verdict.get("verdict") == "valid" else None


def resources(goals, work, names, tactics):
    """steps {goal: used} of every recorded goal, and the goals without a limit {goal: {by,
    time_ms}}"""
    steps, unlimited = {}, {}
    for name in names:
        log = open(os.path.join(work, f"wp-log-{name}.txt"), errors="replace").read()
        for goal, amount, unit in QED_TIME.findall(log):
            ms = float(amount) * (1 if unit == "ms" else 1000) if amount else None
            unlimited[goal] = {"by": "Qed", "time_ms": None if ms is None else round(ms, 2)}
        for label, goal in GOAL.findall(log):
            if goal in tactics:
                unlimited[goal] = {"by": "tactic script", "time_ms": None}
            elif label != "Qed" and goal in goals:
                used = used_steps(work, name, goal, goals[goal])
                if used is not None:
                    steps[goal] = used
                else:
                    unlimited[goal] = {"by": "trivial task (no prover call)", "time_ms": None}
    return dict(sorted(steps.items())), dict(sorted(unlimited.items()))


def recorded_uses(path=os.path.join(FRAMAC, "replay.json")):
    """(what, prover, used) of every resource use of the record (sonnx_evidence.limits check)"""
    doc = load_doc(path)
    for goal, used in doc.get("steps", {}).items():
        yield goal, prover_name(doc["goals"][goal]), used


def write_scripts(record, script_dir):
    """one script per recorded goal without a tactic script. WP replays, in order, the provers a
    script marks valid, until one proves the goal: first the pseudo-prover TaskPrint, which prints
    the goal's task for wp_evidence.py and has no valid answer (its driver has no valid pattern),
    then the recorded prover"""
    os.makedirs(script_dir, exist_ok=True)
    for goal, prover in record.items():
        path = os.path.join(script_dir, goal + ".json")
        if not os.path.exists(path):
            with open(path, "w") as f:
                json.dump([{"prover": "TaskPrint:1", "verdict": "valid"},
                           {"prover": prover, "verdict": "valid"}], f)


def update(record, logs):
    texts = [open(log, errors="replace").read() for log in logs]
    seen = {goal for text in texts for goal in ANY_GOAL.findall(text)}
    record = {goal: prover for goal, prover in record.items() if goal in seen}  # goals now gone
    for text in texts:
        for label, goal in GOAL.findall(text):
            if label == "Qed":
                record.pop(goal, None)
            elif label != "Script" and script_prover(label):  # a replayed script keeps its record
                record[goal] = script_prover(label)
    return dict(sorted(record.items()))


def fastest(record, logs):
    best = {}
    for log in logs:
        for label, goal, amount, unit in TIMED.findall(open(log, errors="replace").read()):
            prover = script_prover(label)
            seconds = float(amount or 0) / (1000 if unit == "ms" else 1)
            if label != "Qed" and prover and (goal not in best or seconds < best[goal][0]):
                best[goal] = (seconds, prover)
    record.update({goal: prover for goal, (_, prover) in best.items()})
    return dict(sorted(record.items()))


def dump(doc, depth=0):
    """the record as JSON, one line per goal (a diff of a new record shows the goals that
    changed)"""
    if isinstance(doc, dict) and (depth == 0 or len(doc) > 2 or any(
            isinstance(v, dict) and len(v) > 2 for v in doc.values())):
        inner = ",\n".join(f"{json.dumps(k)}: {dump(v, depth + 1)}" for k, v in doc.items())
        return "{\n" + inner + "\n}" + ("\n" if depth == 0 else "")
    return json.dumps(doc)


WHAT = ("per WP goal, the prover its one-prover script names (goals), and the resources that "
        "prover "
        "used on the last proof (steps, the prover's own units; sonnx_evidence.limits checks them "
        "against its limit); proofs/frama-c/prove.sh --record writes it")
WITHOUT_LIMIT = ("the goals no resource limit applies to, with the time WP printed (none when it "
                 "printed none): Qed (WP's simplifier), a committed tactic script (WP's tactic, "
                 "whose sub-goals go to Qed or to provers under their limit), or a task Why3 finds "
                 "trivial before any prover runs; each is a computation that ends by itself, under "
                 "the wall-clock guard alone (docs/what-we-prove.md, \"Resource limits\")")


def main():
    mode, path = sys.argv[1], sys.argv[2]
    if mode == "scripts":
        write_scripts(load(path), sys.argv[3])
    elif mode in ("record", "fastest"):
        doc = load_doc(path)
        if mode == "record":
            work, names = sys.argv[3], sys.argv[4:]
            logs = [os.path.join(work, f"wp-log-{n}.txt") for n in names]
            record = update(doc["goals"], logs)
            tactics = {f[:-5] for f in os.listdir(os.path.join(FRAMAC, "scripts"))
                       if f.endswith(".json")}
            doc["steps"], unlimited = resources(record, work, names, tactics)
            doc["without_limit"] = {"what": WITHOUT_LIMIT, "goals": unlimited}
        else:
            record = fastest(doc["goals"], sys.argv[3:])
            doc["steps"] = {g: n for g, n in doc.get("steps", {}).items()
                            if record.get(g) == doc["goals"].get(g)}
        doc["goals"] = record
        doc["what"] = WHAT
        with open(path, "w") as f:
            f.write(dump({k: doc[k] for k in ("what", "goals", "steps", "without_limit")
                          if k in doc}))
        print(f"wp_replay: {len(record)} goals recorded in {path}, {len(doc.get('steps', {}))} "
              "with their resources")
    else:
        sys.exit("usage: wp_replay.py scripts RECORD SCRIPT_DIR | record RECORD WORK PASS... | "
                 "fastest RECORD LOG...")


if __name__ == "__main__":
    main()
