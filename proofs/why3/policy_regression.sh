#!/usr/bin/env bash
# Regression checks of the Why3 gate (CTest why3_policy_rejects_z3_false_lemma). Each fails on the
# gate before it enumerated, classified and scanned tasks (issue 32).
#
# 1. The prover policy, whatever the source's layout: the lemma n1 of
#    proofs/why3/notes/z3_fp_false_bound.mlw is false but proved by Z3 4.8.12; restated in
#    proofs/why3/notes/policy/ with its `use` over two lines, through an alias, through a project
#    theory outside the run's files, and for binary16 through the project's clone of
#    ieee_float.GenericFloat, each must be valid by Z3, classified floating-point from its printed
#    task, and not accepted (a gate that fails only because no prover answered would not show
#    that the policy works).
# 2. The classification alone (no prover): the disguises where Z3 does not prove n1 (through
#    Frama-C's cfloat, a fresh clone of GenericFloat, Why3's old floating_point library) and all
#    of the above are floating-point from their printed tasks.
# 3. An axiom that no register row names (planted_axiom.mlw) fails the gate.
# 4. The record only orders the provers: record_drop.replay.json lacks theory B of
#    record_drop.mlw, whose goal must still be proved.
# Z3 runs at 12.5 million resource units, a quarter of its limit (proofs/prover-limits.json), which
# prove each n1 (8.7 million), the same on any machine and under any load; the other provers only
# have to fail, which a fiftieth of their limits lets them do within seconds (at a quarter, CVC5
# spent minutes on each n1 before giving up).
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
notes=proofs/why3/notes
policy="$notes/policy"
proved=("$notes/z3_fp_false_bound.mlw" "$policy/two_line_use.mlw" "$policy/alias.mlw"
  "$policy/outside.mlw" "$policy/binary16_clone.mlw" "$policy/planted_axiom.mlw"
  "$policy/record_drop.mlw")
classified=("${proved[@]:0:5}" "$policy/cfloat.mlw" "$policy/generic_clone.mlw"
  "$policy/old_library.mlw")
args=()
for f in "${proved[@]}"; do args+=(--file "$f"); done
bash "$here/prove.sh" --out "$out/proved" --limit-scale 0.02 --prover-limit Z3=12500000 \
  --replay "$here/notes/policy/record_drop.replay.json" "${args[@]}"
rc=$?
args=()
for f in "${classified[@]}"; do args+=(--file "$f"); done
bash "$here/prove.sh" --out "$out/classified" --enumerate-only "${args[@]}" >/dev/null
python3 - "$out" "$rc" "${proved[@]:0:5}" -- "${classified[@]}" <<'PY'
import json, sys
out, rc = sys.argv[1], int(sys.argv[2])
cut = sys.argv.index("--")
proved, classified = sys.argv[3:cut], sys.argv[cut + 1:]
run = json.load(open(out + "/proved/why3.json"))
tasks = json.load(open(out + "/classified/why3.json"))
failures = []


def check(ok, what):
    print(("ok: " if ok else "FAIL: ") + what)
    if not ok:
        failures.append(what)


check(rc != 0, f"the gate fails (exit {rc})")
for rel in proved:
    n1 = [g for g in run["goals"] if g["file"] == rel and g["goal"] == "n1"]
    z3 = any(v["prover"] == "Z3" and v["result"] == "valid" for g in n1 for v in g["verdicts"])
    check(bool(n1) and z3 and all(g["fp"] and not g["accepted"] for g in n1),
          f"{rel}: n1 valid by Z3, floating-point ({n1[0]['fp_reasons'][:2] if n1 else None}), "
          "not accepted")
for rel in classified:
    mine = [g for g in tasks["goals"] if g["file"] == rel and g["task"].startswith("n1")]
    check(bool(mine) and all(g["fp"] for g in mine),
          f"{rel}: n1 is floating-point from its printed task "
          f"({mine[0]['fp_reasons'][:2] if mine else 'no task'})")
problems = run["enumeration"]["problems"]
check(any("AXIOM NOT REGISTERED: planted_axiom.Planted.something" in p for p in problems),
      "the planted axiom planted_axiom.Planted.something is reported unregistered")
drop = [g for g in run["goals"] if g["file"].endswith("record_drop.mlw")]
check(sorted(g["goal"] for g in drop) == ["a1", "a2", "b1"] and all(g["accepted"] for g in drop),
      "record_drop.mlw: the goal b1, which the record lacks, is proved with a1 and a2")
check("B" in run["summary"]["theories_proved_from_scratch"].get(
    "proofs/why3/notes/policy/record_drop.mlw", []),
      "record_drop.mlw: theory B proved from scratch")
sys.exit(1 if failures else 0)
PY
