#!/usr/bin/env python3
"""The record of the prover that proved each WP goal (proofs/frama-c/replay.json), and its use.

  wp_replay.py scripts RECORD SCRIPT_DIR   writes, for each recorded goal without a script in
                                           SCRIPT_DIR (the tactic scripts), a one-prover WP script
  wp_replay.py record RECORD LOG...        updates RECORD from the console logs of a run
  wp_replay.py fastest RECORD LOG...       records, per goal, the fastest prover that proved it in
                                           the logs of one-prover runs (prove.sh --rank)

WP runs every prover of its portfolio on a goal at once and keeps the first valid verdict; a goal
with a script runs the script's prover first and the portfolio only if that fails. The record only
chooses which prover runs first: every verdict is a fresh prover run, and the prover policy is
checked on the verdicts (wp_evidence.py, which does not count a script as a prover of its own for
a floating-point goal). The floating-point pass has no Z3, so its goals are recorded with CVC5."""
import json
import os
import re
import sys

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


def load(path):
    return json.load(open(path))["goals"] if os.path.exists(path) else {}


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


def main():
    mode, path = sys.argv[1], sys.argv[2]
    if mode == "scripts":
        write_scripts(load(path), sys.argv[3])
    elif mode in ("record", "fastest"):
        record = (update if mode == "record" else fastest)(load(path), sys.argv[3:])
        with open(path, "w") as f:
            json.dump({"what": "per WP goal, the prover its one-prover script names "
                               "(proofs/frama-c/prove.sh --record writes it)", "goals": record}, f, indent=0)
            f.write("\n")
        print(f"wp_replay: {len(record)} goals recorded in {path}")
    else:
        sys.exit("usage: wp_replay.py scripts RECORD SCRIPT_DIR | record|fastest RECORD LOG...")


if __name__ == "__main__":
    main()
