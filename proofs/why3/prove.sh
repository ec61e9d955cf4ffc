#!/usr/bin/env bash
# SONNX Div -- Why3 proof gate.
#
# Usage: proofs/why3/prove.sh [--out DIR] [--timeout SEC] [--replay-timeout SEC]
#                             [--retry-timeout SEC] [-j N] [--file F]... [--fresh] [--record]
#                             [--replay RECORD] [--enumerate-only]
#   --out DIR    evidence directory (default build/evidence); writes DIR/why3.json
#   --timeout SEC, --replay-timeout SEC, --retry-timeout SEC
#                per-goal limit of the first attempt (3 s; 10 s for a goal's recorded prover, which
#                proved it before: several goals need 1-4 s beside WP) and of the one
#                retry of a failed prover (60 s, as WP's limit: the slowest goal takes about 2 s
#                alone, and the test command runs the proofs beside two compilers, which slows the
#                gate about 8x)
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
# installed: it never reads ~/.why3.conf.  It writes its own configuration under
# DIR/why3-config/: `why3 config detect` into a private file, a hand-written
# [prover] entry for cvc5 (not detected by Why3 1.5.1; needs --fp-exp for
# binary16/bfloat16), and an extra config whose [prover_modifiers] add the
# driver proofs/why3/sonnx_floats.drv (SMT-LIB sorts of the custom formats) to
# Z3 and CVC5 (modifiers do not apply to provers defined in the same file,
# hence two files; options go after the sub-command).
#
# Exit status: 0 iff every goal is accepted under the prover policy.  Specification faults and
# satisfiability witnesses: verify/faults/run_faults.py --why3 (docs/reliability.md).
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="build/evidence"
mode="prove"
timeout=3
replay_timeout=10
retry_timeout=60
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
    --timeout) timeout="$2"; shift 2 ;;
    --replay-timeout) replay_timeout="$2"; shift 2 ;;
    --retry-timeout) retry_timeout="$2"; shift 2 ;;
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
mkdir -p "$out/why3-config"
cfg="$out/why3-config/why3.conf"
extra="$out/why3-config/extra.conf"
rm -f "$cfg" "$extra"
# Private configuration: detection only, never the user's file.
WHY3CONFIG="$cfg" why3 -C "$cfg" config detect >"$out/why3-config/detect.log" 2>&1 || {
  echo "prove.sh: why3 config detect failed (see $out/why3-config/detect.log)" >&2; exit 2; }
# each why3 process runs one prover at a time; the gate runs $jobs processes
sed -i 's/^running_provers_max = .*/running_provers_max = 1/' "$cfg"
if command -v cvc5 >/dev/null 2>&1; then
  cvc5_version="$(cvc5 --version 2>/dev/null | sed -n 's/.*cvc5 version \([0-9.]*\).*/\1/p' | head -1)"
  cat >>"$cfg" <<EOF

[prover]
name = "CVC5"
version = "${cvc5_version:-unknown}"
shortcut = "cvc5"
command = "$(command -v cvc5) --tlimit-per=%t000 --lang=smt2 --fp-exp %f"
driver = "cvc4_16"
in_place = false
interactive = false
editor = ""
EOF
  # The same CVC5 on Why3's axiomatisation of ieee_float (no SMT-LIB floating point): a non-Z3
  # opinion on goals that need the axioms of of_int/to_int/round (proofs/why3/cvc5_axiomatic.drv;
  # its imports name Why3's own drivers, resolved here against Why3's data directory).
  datadir="$(why3 --print-datadir)"
  sed "s|^import \"\(.*\)\"|import \"$datadir/drivers/\1\"|" "$here/cvc5_axiomatic.drv" \
    >"$out/why3-config/cvc5_axiomatic.drv"
  cat >>"$cfg" <<EOF

[prover]
name = "CVC5noFP"
version = "${cvc5_version:-unknown}"
shortcut = "cvc5-nofp"
command = "$(command -v cvc5) --tlimit-per=%t000 --lang=smt2 %f"
driver = "$out/why3-config/cvc5_axiomatic.drv"
in_place = false
interactive = false
editor = ""
EOF
fi
cat >"$extra" <<EOF
[prover_modifiers]
name = "Z3"
driver = "$here/sonnx_floats.drv"

[prover_modifiers]
name = "CVC5"
driver = "$here/sonnx_floats.drv"
EOF
# the specification is replayed from its record; files given with --file are proved from scratch
# unless a record is given with --replay
if [ ${#files[@]} -gt 0 ]; then
  selection=(--files "${files[@]}")
  [ "$replay_given" = 1 ] && selection+=("${replay[@]}")
else
  selection=("${replay[@]}")
fi
export PYTHONPATH="$root/evidence${PYTHONPATH:+:$PYTHONPATH}"
exec python3 -m sonnx_evidence.why3_gate --root "$root" --out "$out" --config "$cfg" \
  --extra-config "$extra" --timeout "$timeout" \
  --replay-timeout "$replay_timeout" --retry-timeout "$retry_timeout" --jobs "$jobs" \
  --mode "$mode" "${record[@]}" "${enumerate_only[@]}" "${selection[@]}"
