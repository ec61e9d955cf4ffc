#!/usr/bin/env bash
# SONNX Div -- Why3 proof gate.
#
# Usage: proofs/why3/prove.sh [--out DIR] [--limit-scale F] [--prover-limit P=N]... [-j N]
#                             [--file F]... [--fresh] [--record] [--replay RECORD]
#                             [--enumerate-only]
#   --out DIR    evidence directory (default build/evidence); writes DIR/why3.json
#   --limit-scale F  every prover call runs under the prover's resource limit of
#                proofs/prover-limits.json (a goal's first attempt from scratch under a fraction of
#                it), never a time limit: the same verdict on any machine and under any load; F
#                multiplies every limit (default 1; a test whose goals only have to fail uses less)
#   --prover-limit P=N  prover P (Z3, CVC5, ...) at N units instead (a test's prover that must
#                prove its goal while the others only have to fail)
#   --fresh      ignore proofs/why3/replay.json: every file from scratch through the portfolio
#   --record     rewrite proofs/why3/replay.json from this run (if every goal is accepted); by
#                default each recorded goal goes first to the provers recorded for it, and a goal
#                the record lacks is proved from scratch (why3_gate.py)
#   --replay RECORD  order the provers by RECORD instead (also for files given with --file)
#   --file F     prove F (relative to the repository root) instead of the specification, under the
#                same prover policy (repeatable; F's folder is on the load path): the policy
#                regression test runs the gate on the false lemmas of proofs/why3/notes/ and
#                expects it to fail for the policy's reason
#   --enumerate-only  print, classify and scan every task, prove nothing
#
# The gate prints every task of every file (why3_gate.py, sonnx_evidence.why3_tasks), classifies each
# from its printed task, scans every axiom of its logical context against spec/assumptions.json,
# proves, and fails unless every printed task has a verdict accepted under the prover policy
# (proofs/prover-policy.json, register row AS-TOOL-1) and every axiom is registered.
#
# Works on a clean Debian 12 machine with why3, z3, cvc4, cvc5, gappa and python3
# installed: it never reads ~/.why3.conf. It writes its own configuration under DIR/why3-config/
# (sonnx_evidence.why3_config): `why3 config detect` into a private file, hand-written [prover]
# entries for CVC5 (not detected by Why3 1.5.1; --fp-exp for binary16/bfloat16) and for Z3 "noBV"
# (to report its resource use), each prover with a resource-limited command, and an extra config
# whose [prover_modifiers] add the driver proofs/why3/sonnx_floats.drv (SMT-LIB sorts of the
# custom formats) to Z3 and CVC5.
#
# Exit status: 0 iff every goal is accepted under the prover policy.  Specification faults and
# satisfiability witnesses: verify/faults/run_faults.py --why3 (docs/reliability.md).
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="build/evidence"
mode="prove"
limit_scale=1
prover_limits=()
jobs=2
files=()
replay=("--replay" "$here/replay.json")
replay_given=0
record=()
enumerate_only=()
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --out=*) out="${1#--out=}"; shift ;;
    --limit-scale) limit_scale="$2"; shift 2 ;;
    --prover-limit) prover_limits+=("--prover-limit" "$2"); shift 2 ;;
    -j) jobs="$2"; shift 2 ;;
    --file) files+=("$2"); shift 2 ;;
    --fresh) replay=(); shift ;;
    --record) record=("--record" "$here/replay.json"); shift ;;
    --replay) replay=("--replay" "$2"); replay_given=1; shift 2 ;;
    --enumerate-only) enumerate_only=("--enumerate-only"); shift ;;
    -h|--help) sed -n '2,36p' "$0"; exit 0 ;;
    *) echo "prove.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
case "$out" in /*) ;; *) out="$root/$out" ;; esac
for tool in why3 z3 python3; do
  command -v "$tool" >/dev/null 2>&1 || { echo "prove.sh: $tool not found" >&2; exit 2; }
done
export PYTHONPATH="$root/evidence${PYTHONPATH:+:$PYTHONPATH}"
# Private configuration (sonnx_evidence.why3_config): detection, CVC5 by hand, every prover with
# its resource-limited command; never the user's file.
config="$(python3 -m sonnx_evidence.why3_config "$out/why3-config")" || exit 2
cfg="$(sed -n 1p <<<"$config")"
extra="$(sed -n 2p <<<"$config")"
# the specification is replayed from its record; files given with --file are proved from scratch
# unless a record is given with --replay
if [ ${#files[@]} -gt 0 ]; then
  selection=(--files "${files[@]}")
  [ "$replay_given" = 1 ] && selection+=("${replay[@]}")
else
  selection=("${replay[@]}")
fi
exec python3 -m sonnx_evidence.why3_gate --root "$root" --out "$out" --config "$cfg" \
  --extra-config "$extra" --limit-scale "$limit_scale" "${prover_limits[@]}" --jobs "$jobs" \
  --mode "$mode" "${record[@]}" "${enumerate_only[@]}" "${selection[@]}"
