"""The Why3 gate's record of the provers per goal (proofs/why3/replay.json), the tool versions it
records and the load path of Frama-C/WP's Why3 library (sonnx_evidence.why3_gate)."""
import collections
import hashlib
import json
import os
import re
import subprocess

from . import policy
from .paths import WHY3


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
    its sub-goals accepted (for a floating-point sub-goal accepted on two families, both), with the
    resources each used on this proof (its largest over the goal's sub-goals), which
    sonnx_evidence.limits checks against the prover's limit; a prover without a resource limit
    (Gappa) has its time instead, the quiet time when the record is made on a quiet machine"""
    out = {}
    for rel in files:
        goals, used, times = {}, {}, {}
        for r in (x for x in results if x["file"] == rel):
            needed = [r["prover"]]
            if r["fp"] and not policy.trusted_alone(r["prover"]):
                needed += [v["prover"] for v in r["verdicts"] if v["result"] == "valid"]
            key = (r["theory"], r["goal"])
            goals.setdefault(key, collections.Counter()).update(dict.fromkeys(needed, 1))
            for v in r["verdicts"]:
                if v["result"] != "valid" or v["prover"] not in needed:
                    continue
                if v.get("steps") is not None:
                    slot = used.setdefault(key, {})
                    slot[v["prover"]] = max(slot.get(v["prover"], 0), v["steps"])
                elif v.get("limit") is None:
                    slot = times.setdefault(key, {})
                    slot[v["prover"]] = round(max(slot.get(v["prover"], 0.0), v["time"]), 2)
        seconds = sum(v["time"] for r in results if r["file"] == rel for v in r["verdicts"]
                      if v["result"] == "valid")
        out[rel] = {"sha256": file_sha256(os.path.join(root, rel)), "seconds": round(seconds),
                    # the prover of most sub-goals first
                    "goals": [dict({"theory": th, "goal": g,
                                    "provers": [p for p, _ in n.most_common()]},
                                   **({"steps": used[(th, g)]} if (th, g) in used else {}),
                                   **({"time_s": times[(th, g)]} if (th, g) in times else {}))
                              for (th, g), n in goals.items()]}
    return {"what": "per goal of each Why3 file, the provers the gate runs first when the file's text "
                    "is unchanged, with the resources each used on the last proof (steps: the "
                    "prover's own units, under its limit of proofs/prover-limits.json) or, for a "
                    "prover without a resource limit, its time in seconds (time_s) "
                    "(proofs/why3/prove.sh --record writes it)", "files": out}


def recorded_uses(path=None):
    """(what, prover, used) of every resource use of the record (sonnx_evidence.limits check)"""
    record = load_replay(path or os.path.join(WHY3, "replay.json"))
    for rel, entry in record.items():
        for g in entry["goals"]:
            for prover, used in g.get("steps", {}).items():
                yield f"{rel} {g['theory']}.{g['goal']}", prover, used


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


def write_record(path, record, spec_files):
    """merges record into the one at path (the other files' records stay), in the order of
    spec_files"""
    record["files"] = {**load_replay(path), **record["files"]}
    record["files"] = {rel: record["files"][rel] for rel in spec_files if rel in record["files"]}
    with open(path, "w") as f:
        json.dump(record, f, indent=1)
        f.write("\n")


def wp_library():
    """load path of Frama-C/WP's Why3 library (frama_c_wp: WP's model of C), for the WP bridge"""
    try:
        share = subprocess.run(["frama-c", "-print-share-path"], capture_output=True, text=True,
                               timeout=60).stdout.strip()
    except OSError:
        return []
    path = os.path.join(share, "wp", "why3")
    return ["-L", path] if share and os.path.isdir(path) else []
