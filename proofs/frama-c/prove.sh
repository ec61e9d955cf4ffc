#!/usr/bin/env bash
# Frama-C/WP proof check of the Div kernels. See proofs/frama-c/README.md.
#
#   proofs/frama-c/prove.sh [--out DIR] [--fresh] [--smoke] [--mutants] [--record] [--machdep M]
#                                               prove; DIR defaults to build/evidence. Each goal
#                                               recorded in proofs/frama-c/replay.json goes first to
#                                               its recorded prover (wp_replay.py); --record
#                                               updates that record from this run; --machdep
#                                               x86_32 proves with Frama-C's 32-bit model
#   proofs/frama-c/prove.sh --search-scripts    re-prove from scratch, searching the tactic
#                                               scripts anew into proofs/frama-c/scripts/
#   proofs/frama-c/prove.sh --rank              run each pass once per prover of its portfolio
#                                               (no record, 10 s per goal) and record, per goal,
#                                               the fastest prover that proved it (then prove)
#
# Proves the very files the library compiles (the kernels, conversions, validation and domain
# scans of src/**/kernels/, each contract on its function's definition), with Frama-C's x86_64
# machine model, in four passes under the prover policy (floating-point functions without Z3),
# with the driver-binding sanity lemmas and the killers of the fault table's driver faults
# (binding_sanity.c) beside them, then checks that every float-to-integer conversion carries a
# proved range assertion (float_to_int_check.py). Writes DIR/wp-report.json (WP's report of every
# pass plus per-goal verdicts and the policy), wp-properties.csv, wp-log.txt, wp-summary.txt,
# wp-policy.txt, wp-float-to-int.json, wp-binding.json, wp-tool-versions.json, and with --smoke
# wp-smoke.json (WP smoke tests) and wp-smoke-search.json (how they ran, the planted
# inconsistencies found); exits non-zero if any goal is not proved or not accepted, a conversion
# has no proved range assertion, a smoke test finds an unreachable point or the smoke tests miss a
# planted one.
# Needs only the Debian 12 packages frama-c-base, why3, z3, cvc4, cvc5, clang (and python3,
# coreutils): it writes its own Why3 configuration (why3 config detect + a cvc5 entry + the spec
# load path) into a private work directory next to DIR and exports WHY3CONFIG.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
export PYTHONPATH="$ROOT/evidence${PYTHONPATH:+:$PYTHONPATH}"
OUT="$ROOT/build/evidence"
FRESH=0
MACHDEP=
SEARCH=0
SMOKE=0
RECORD=0
RANK=0
MUTANTS=0
while [ $# -gt 0 ]; do
  case "$1" in
    --out) OUT="$2"; shift 2 ;;
    --out=*) OUT="${1#--out=}"; shift ;;
    --fresh) FRESH=1; shift ;;
    --smoke) SMOKE=1; shift ;;
    --mutants) MUTANTS=1; shift ;;
    --record) RECORD=1; shift ;;
    --rank) RANK=1; FRESH=1; shift ;;
    --machdep) MACHDEP="$2"; shift 2 ;;
    --search-scripts) SEARCH=1; FRESH=1; shift ;;
    -h|--help) sed -n '2,28p' "$0"; exit 0 ;;
    *) echo "prove.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
case "$OUT" in /*) ;; *) OUT="$PWD/$OUT" ;; esac
mkdir -p "$OUT"
WORK="$(dirname "$OUT")/wp-work"       # private Why3 config, drivers, WP session/cache
mkdir -p "$WORK"

# ---- pinned tools, provers, timeouts (seconds) -------------------------------------------------
# Provers at once per pass. WP waits on each prover process between goals (it polls them), so a
# pass with two at once left the cores idle about half the time: the domain-scan functions alone
# took 48 s wall for 24 CPU-s at 2, 27 s at 6 (the same goals, the same verdicts). The provers'
# time limits are their own timers, on the wall clock: with more provers at once than cores a
# goal takes longer towards its limit, which stays far above any goal's time alone. The
# smoke tests, whose resource limit is their whole search, and the --rank timings keep two at once.
PAR=6
SMOKE_PAR=2
# Z3 and CVC4 for integer and memory goals, CVC5 (--fp-exp, or on Why3's axiomatisation of floats)
# for the IEEE element goals, CVC5 with the opaque-spec driver for the float loops (AS-WP-3).
# CVC4 has no FP support: it fails at once on float goals, which then go to the others. "script"
# first: the committed tactic scripts of proofs/frama-c/scripts/ (WP proof scripts: each applies
# one WP tactic, whose subgoals are proved again on every run; nothing is taken as proved without
# a check). "tip" instead searches them anew.
SCRIPTS="$HERE/scripts"
# "taskprint" is no prover: the pseudo-prover TaskPrint (below) makes WP print each goal's task, the
# goal with its whole logical context, into the -wp-out folder of its pass, where wp_evidence.py
# classifies it and scans its axioms (evidence/sonnx_evidence/why3_tasks.py); it has no valid answer.
PROVERS=taskprint,script,z3,cvc4,cvc5-opaque,cvc5
[ "$SEARCH" = 1 ] && PROVERS=taskprint,tip,z3,cvc4,cvc5-opaque,cvc5
TIMEOUT=60
for tool in frama-c why3 z3 cvc4 cvc5 python3 clang; do
  command -v "$tool" >/dev/null || { echo "prove.sh: missing tool: $tool" >&2; exit 2; }
done

# ---- Why3 configuration (private file, selected by WHY3CONFIG) ---------------------------------
export WHY3CONFIG="$WORK/why3.conf"
WHY3_DATADIR="$(why3 --print-datadir)"
rm -f "$WHY3CONFIG"
why3 config detect >/dev/null 2>&1
python3 - "$WHY3CONFIG" "$ROOT/spec/why3" <<'EOF'
import sys
path, loadpath = sys.argv[1], sys.argv[2]
s = open(path).read()
# the spec's folder on the load path (the bridge file lives elsewhere: proofs/frama-c)
s = s.replace("[main]\n", '[main]\nloadpath = "%s"\n' % loadpath, 1)
open(path, "w").write(s)
EOF
sed "s|@WHY3_DATADIR@|$WHY3_DATADIR|" "$HERE/drivers/cvc5_opaque_spec.drv.in" > "$WORK/cvc5_opaque_spec.drv"
# CVC5 on Why3's axiomatisation of ieee_float (the Why3 gate's CVC5-noFP, same driver): for the
# route goals, which only carry a float term from a hypothesis to the goal; with native floating
# point CVC5 bit-blasts the binary64 division in them and times out.
sed "s|^import \"\(.*\)\"|import \"$WHY3_DATADIR/drivers/\1\"|" "$ROOT/proofs/why3/cvc5_axiomatic.drv" \
  > "$WORK/cvc5_axiomatic.drv"
CVC5="$(command -v cvc5)"
python3 -c 'import sys; from sonnx_evidence import why3_tasks
why3_tasks.write_driver(sys.argv[1])' "$WORK"
cat >> "$WHY3CONFIG" <<EOF

[prover]
command = "echo unknown %f"
driver = "$WORK/task_print.drv"
editor = ""
in_place = false
interactive = false
name = "TaskPrint"
shortcut = "taskprint"
version = "1"

[prover]
command = "$CVC5 --tlimit=%t000 --lang=smt2 --fp-exp %f"
driver = "cvc4_16"
editor = ""
in_place = false
interactive = false
name = "CVC5"
shortcut = "cvc5"
version = "$(cvc5 --version | sed -n 's/^This is cvc5 version \([^ ]*\).*/\1/p')"

[prover]
alternative = "opaque-spec"
command = "$CVC5 --tlimit=%t000 --lang=smt2 --fp-exp %f"
driver = "$WORK/cvc5_opaque_spec.drv"
editor = ""
in_place = false
interactive = false
name = "CVC5"
shortcut = "cvc5-opaque"
version = "$(cvc5 --version | sed -n 's/^This is cvc5 version \([^ ]*\).*/\1/p')"

[prover]
alternative = "noFP"
command = "$CVC5 --tlimit=%t000 --lang=smt2 %f"
command_steps = "$CVC5 --rlimit=%S --lang=smt2 %f"
driver = "$WORK/cvc5_axiomatic.drv"
editor = ""
in_place = false
interactive = false
name = "CVC5"
shortcut = "cvc5-nofp"
version = "$(cvc5 --version | sed -n 's/^This is cvc5 version \([^ ]*\).*/\1/p')"
EOF

# ---- tool versions ------------------------------------------------------------------------------
FRAMAC_V="$(frama-c -version | head -1)"
WHY3_V="$(why3 --version | head -1)"
Z3_V="$(z3 --version | head -1)"
CVC4_V="$(cvc4 --version | head -1)"
CVC5_V="$(cvc5 --version | head -1)"
python3 - "$OUT/wp-tool-versions.json" "$FRAMAC_V" "$WHY3_V" "$Z3_V" "$CVC4_V" "$CVC5_V" <<'EOF'
import json, sys
keys = ["frama-c", "why3", "z3", "cvc4", "cvc5"]
json.dump(dict(zip(keys, sys.argv[2:])), open(sys.argv[1], "w"), indent=2)
EOF

KERNEL_C="$ROOT/src/div/kernels/div_kernels.c"
# The integer route kernels (D9): integer division through binary32 / binary64, and the blocked
# 64-bit kernels.
ROUTE_C="$ROOT/src/div/kernels/div_route_kernels.c"
BLOCKED_C="$ROOT/src/div/kernels/div_blocked_kernels.c"
FORMATS_C="$ROOT/src/common/kernels/sonnx_float_formats.c"
# The validation decisions (type, shape and buffer checks, the integer domain scans and checks).
VALIDATION_C="$ROOT/src/common/kernels/sonnx_validation.c"
DOMAIN_C="$ROOT/src/div/kernels/div_domain.c"
DOMAIN_CHECKS_C="$ROOT/src/div/kernels/div_domain_checks.c"
# The decision procedures of the checked API (the checks in order, then the kernel).
CHECKED_C=("$ROOT/src/div/kernels/div_checked_signed.c"
           "$ROOT/src/div/kernels/div_checked_unsigned.c"
           "$ROOT/src/div/kernels/div_checked_float.c")
# Every C-subset file, in one Frama-C run per pass: the contracts are on the definitions, and a
# call into another file uses the callee's contract.
C_FILES=("$FORMATS_C" "$KERNEL_C" "$ROUTE_C" "$BLOCKED_C" "$VALIDATION_C" "$DOMAIN_C"
         "$DOMAIN_CHECKS_C" "${CHECKED_C[@]}")
# The headers of the C-subset files; sonnx_logic.h holds all the ACSL logic.
C_HEADERS=("$ROOT"/src/div/kernels/*.h "$ROOT"/src/common/kernels/*.h)
CPP_INCLUDES="-I$ROOT/src/div/kernels -I$ROOT/src/common/kernels"
# Frama-C's machine model, pinned (x86_64 unless --machdep names another): its default, or the
# FRAMAC_MACHDEP environment variable, would otherwise decide the sizes and signedness of the C
# types. The facts of the model the proofs rely on are registered as AS-WP-5.
MACHDEP="${MACHDEP:-x86_64}"
DRIVER="$HERE/div_element.driver"
INT_FCTS=sonnx_div_i8,sonnx_div_i16,sonnx_div_i32,sonnx_div_i64,sonnx_div_u8,sonnx_div_u16,sonnx_div_u32,sonnx_div_u64
# The blocked 64-bit kernels and their block scans: integer goals only (the route element is a call).
INT_FCTS=$INT_FCTS,sonnx_div_i64_blocked,sonnx_div_u64_blocked,sonnx_div_i64_block_below_2p53,sonnx_div_u64_block_below_2p53
INT_FCTS=$INT_FCTS,sonnx_div_i64_block_below_2p31,sonnx_div_u64_block_below_2p31,sonnx_div_block_end
INT_FCTS=$INT_FCTS,sonnx_div_int64_via_block_route,sonnx_div_uint64_via_block_route
FLOAT_ELEM_FCTS=sonnx_div_binary32_element,sonnx_div_binary64_element
FLOAT_LOOP_FCTS=sonnx_div_f32,sonnx_div_f64
ROUTE_FCTS=$(for r in int8:i8:32 int16:i16:32 int32:i32:64 uint8:u8:32 uint16:u16:32 uint32:u32:64; do
  IFS=: read -r t k w <<< "$r"; printf 'sonnx_div_%s_via_binary%s,sonnx_div_%s_via_binary%s,' "$t" "$w" "$k" "$w"; done)
ROUTE_FCTS="${ROUTE_FCTS}sonnx_div_uint32_quotient_via_int32,sonnx_div_int64_via_int32,sonnx_div_uint64_via_int32,sonnx_div_int64_via_binary64,sonnx_div_uint64_via_binary64"
HALF_FCTS=sonnx_div_f16,sonnx_div_bf16,sonnx_div_binary16_element,sonnx_div_bfloat16_element
# The element functions' bit-pattern ensures are backed by the exhaustive sweep, not by WP
# (docs/assumptions.md AS-WP-2): they are excluded from the WP goals.
HALF_EXCLUDED=-F2_binary16_rne_quotient_bits,-F2_bfloat16_rne_quotient_bits
# The float16/bfloat16 conversions of sonnx_float_formats.c and their rounding helper. Their
# bit-mask and shift goals need WP's own tactics (Range/Bit-Range/Bit-Shift/Split; the SMT provers
# know little of land/lor/lsr): the committed scripts apply them; a goal that no script proves
# (the code changed) falls back to the -wp-auto search after a short prover attempt, in a last WP
# stage of its own. Not proved, not selected: the two memcpy bit casts binary32_bits /
# binary32_from_bits, whose `assigns \nothing` the callers use (docs/assumptions.md AS-WP-4).
VALID_FCTS=sonnx_element_bytes,first_set,sonnx_check_types,sonnx_check_shape,sonnx_same_shape,sonnx_shapes_broadcastable,sonnx_check_shapes,sonnx_check_buffers,same_or_disjoint
# The checks in their order, and the decision procedures of the integer types (integer goals: the
# kernels they call are contracts); those of the floating-point types are in the fp pass.
VALID_FCTS=$VALID_FCTS,sonnx_div_validate
CHECKED_INT_FCTS=$(for t in i8 i16 i32 i64 u8 u16 u32 u64; do
  printf 'sonnx_div_checked_%s,' "$t"; done)
CHECKED_INT_FCTS=${CHECKED_INT_FCTS%,}
CHECKED_FP_FCTS=sonnx_div_checked_f16,sonnx_div_checked_bf16
CHECKED_FP_FCTS=$CHECKED_FP_FCTS,sonnx_div_checked_f32,sonnx_div_checked_f64
DOMAIN_FCTS=$(for t in i8 i16 i32 i64 u8 u16 u32 u64; do printf 'sonnx_div_domain_scan_%s,sonnx_div_domain_%s,' "$t" "$t"; done)
DOMAIN_FCTS="${DOMAIN_FCTS}sonnx_domain_block_end"
CONV_FCTS=sonnx_binary16_to_binary32,sonnx_binary32_to_binary16,sonnx_bfloat16_to_binary32,sonnx_binary32_to_bfloat16,shift_right_rne
CONV_TIMEOUT=5
CONV_AUTO=wp:range,wp:bitrange,wp:bitshift,wp:split

FP_FCTS="$FLOAT_ELEM_FCTS,$FLOAT_LOOP_FCTS,$HALF_FCTS,$ROUTE_FCTS,$CHECKED_FP_FCTS"
# The functions of each pass (main, checks, checked, fp), for the passes and for wp_evidence.py.
MAIN_FCTS="$INT_FCTS,$CONV_FCTS"
CHECKS_FCTS="$VALID_FCTS,$DOMAIN_FCTS"
CHECKED_FCTS="$CHECKED_INT_FCTS"
# Prover policy (docs/assumptions.md AS-TOOL-1): Z3 4.8.12 proves a false floating-point lemma, so
# the functions on floating-point values are proved in a pass of their own whose portfolio has no
# Z3 (CVC5, with and without the opaque-spec driver, and on Why3's axiomatisation of floats); the other functions (integers, memory,
# bit manipulation) may use Z3. wp_evidence.py joins the passes and checks the policy per goal.
FP_PROVERS=taskprint,script,cvc5-opaque,cvc5,cvc5-nofp
[ "$SEARCH" = 1 ] && FP_PROVERS=taskprint,tip,cvc5-opaque,cvc5,cvc5-nofp
# Smoke tests (--smoke, run by the main job): WP's search for points that no execution reaches (an
# inconsistent precondition, loop invariant or call, a dead branch), each of which would make
# goals vacuous. A smoke goal asks a prover to derive False where the point is; it is expected to
# fail, so its cost is the limit of the prover that tries it. They run after the proof, in
# processes of their own, with one prover per pass and a resource limit (SMOKE_STEPS, the
# provers' --rlimit through -wp-steps): the same search on any machine and under any load, where a
# time limit searches less on a loaded machine. CVC4 for the integer passes (on a goal without a
# contradiction it gives up soonest of the three), CVC5 on Why3's axiomatisation of floats for the
# floating-point pass (CVC4 has no floating point). SMOKE_TIMEOUT only stops a prover that would
# not stop by itself. They deselect every property category but assigns (SMOKE_ONLY): WP generates
# a function's smoke goals only when one of its properties is selected, and every function of the C
# subset has an assigns clause. For a function with a precondition (PRE_FCTS, from the proof
# passes' property reports), WP 25 generates them with assigns deselected too (SMOKE_ONLY_PRE),
# which spares most assigns goals; each such function must then show its precondition's smoke
# goal (wp_smoke.py generated). Both provers, with the same limit and selections, must first flag
# the planted inconsistencies of smoke_planted.c, and with SMOKE_STEPS_LOW units miss the one that
# needs their search (wp_smoke.py planted; the figures: proofs/frama-c/README.md, "Smoke tests").
SMOKE_STEPS=50000
SMOKE_STEPS_LOW=10000
SMOKE_TIMEOUT=10
SMOKE_INT_PROVER=cvc4
SMOKE_FP_PROVER=cvc5-nofp
SMOKE_ONLY=-@lemma,-@requires,-@ensures,-@exits,-@assert,-@invariant,-@variant,-@breaks
SMOKE_ONLY=$SMOKE_ONLY,-@continues,-@returns,-@complete_behaviors,-@disjoint_behaviors
SMOKE_ONLY=$SMOKE_ONLY,-@terminates,-@decreases,-@check
SMOKE_ONLY_PRE=$SMOKE_ONLY,-@assigns
SMOKE_ARGS=(-wp-smoke-tests -wp-smoke-timeout "$SMOKE_TIMEOUT" -wp-steps "$SMOKE_STEPS")

# wp_pass NAME PROVERS_AT_ONCE -- STAGES... : one Frama-C process over every C-subset file, with
# its own WP session and cache, report, log and property CSV; a pass named smoke-* runs the smoke
# tests only.
wp_pass() {
  local name="$1" par="$2"; shift 3
  local session="$WORK/session-$name" cache=update smoke=()
  mkdir -p "$session/script"
  if [ "$SEARCH" != 1 ]; then
    cp "$SCRIPTS"/*.json "$session/script/"
    case "$name" in
      rank-*) cache=none ;;   # the provers' own times, with the tactic scripts but no record
      smoke-*) cache=none; smoke=("${SMOKE_ARGS[@]}") ;;
      *) python3 -m sonnx_evidence.wp_replay scripts "$HERE/replay.json" "$session/script" ;;
    esac
  fi
  rm -rf "$WORK/tasks-$name"
  frama-c -machdep "$MACHDEP" -pp-annot -cpp-extra-args="$CPP_INCLUDES" \
    "${C_FILES[@]}" -wp-driver "$DRIVER" -wp-par "$par" \
    -wp-session "$session" -wp-cache "$cache" "${smoke[@]}" -wp-out "$WORK/tasks-$name" \
    -cg-no-services -cg "$WORK/callgraph-$name.dot" \
    -wp-report-json "$WORK/wp-report-$name.json" "$@" \
    -then -report -report-untried -report-csv "$WORK/wp-properties-$name.csv" \
    >"$WORK/wp-log-$name.txt" 2>&1
}

# RTE annotations are generated per function group with the warning options that fit it (the
# -warn-* options are kernel options read by the RTE plug-in). Within one process WP keeps the
# first portfolio (a -wp-prover given again after -then is ignored): hence one process per policy.
# With SELECT=smoke a stage selects the smoke goals only (WP reads -wp-prop per stage: it does not
# carry over -then; wp_fcts) and searches no tactic for them (they are expected to fail).
# wp_fcts LIST: the functions of a WP stage; with SELECT=smoke their smoke goals only, those of the
# functions with a precondition (PRE_FCTS) in a stage of their own that deselects assigns.
wp_fcts() {
  if [ "${SELECT:-}" != smoke ]; then echo "-wp-fct $1"; return; fi
  local f fcts pre=() other=()
  IFS=, read -r -a fcts <<< "$1"
  for f in "${fcts[@]}"; do
    case ",$PRE_FCTS," in *",$f,"*) pre+=("$f") ;; *) other+=("$f") ;; esac
  done
  local IFS=,
  if [ ${#pre[@]} -gt 0 ]; then
    echo "-wp-fct ${pre[*]} -wp-prop=$SMOKE_ONLY_PRE"
    [ ${#other[@]} -gt 0 ] && echo "-then"
  fi
  [ ${#other[@]} -gt 0 ] && echo "-wp-fct ${other[*]} -wp-prop=$SMOKE_ONLY"
  return 0
}
main_stages() {
  local auto=(-wp-auto "$CONV_AUTO")
  [ "${SELECT:-}" = smoke ] && auto=()
  echo -rte -rte-select "$INT_FCTS" \
    -warn-signed-downcast -warn-unsigned-overflow -warn-unsigned-downcast \
    -then -rte -rte-select "$CONV_FCTS" \
    -warn-signed-downcast -warn-unsigned-overflow -warn-unsigned-downcast -warn-special-float none \
    -then -wp -wp-prover "$PROVERS" -wp-timeout "$TIMEOUT" $(wp_fcts "$INT_FCTS") \
    -then -wp-timeout "$CONV_TIMEOUT" "${auto[@]}" $(wp_fcts "$CONV_FCTS")
}
# The validation and domain-scan functions (checks), the decision procedures of the integer types
# (checked): the main pass's policy, each in a process of its own.
checks_stages() {
  local fcts="${1:-$CHECKS_FCTS}"
  echo -rte -rte-select "$fcts" \
    -warn-signed-downcast -warn-unsigned-overflow -warn-unsigned-downcast \
    -then -wp -wp-prover "$PROVERS" -wp-timeout "$TIMEOUT" $(wp_fcts "$fcts")
}
fp_stages() {
  local select="-wp-prop=$HALF_EXCLUDED"
  [ "${SELECT:-}" = smoke ] && select=""
  echo -rte -rte-select "$FP_FCTS" \
    -warn-signed-downcast -warn-unsigned-overflow -warn-unsigned-downcast -warn-special-float none \
    -then -wp -wp-prover "$FP_PROVERS" -wp-timeout "$TIMEOUT" $(wp_fcts "$FP_FCTS") "$select"
}

# ---- WP session/cache: replay verdicts only when nothing that a proof depends on changed -------
STAMP="$( (cat "${C_FILES[@]}" "${C_HEADERS[@]}" "$ROOT/spec/why3/div_fastpath.mlw" \
               "$ROOT/proofs/why3/cvc5_axiomatic.drv" \
               "$ROOT/spec/why3/div_element.mlw" "$ROOT/spec/why3/formats.mlw" "$DRIVER" \
               "$HERE/div_element_bridge.mlw" \
               "$HERE/drivers/cvc5_opaque_spec.drv.in" "$0" "$SCRIPTS"/*.json "$HERE/replay.json";
           echo "$FRAMAC_V $WHY3_V $Z3_V $CVC4_V $CVC5_V smoke=$SMOKE machdep=$MACHDEP") \
         | sha256sum | cut -d' ' -f1)"
if [ "$FRESH" = 1 ] || [ ! -f "$WORK/inputs.sha256" ] || [ "$(cat "$WORK/inputs.sha256")" != "$STAMP" ]; then
  rm -rf "$WORK"/session-*
  echo "prove.sh: inputs changed or no session: proving from scratch"
else
  echo "prove.sh: inputs unchanged: replaying cached verdicts (use --fresh to re-prove)"
fi
rm -f "$WORK/inputs.sha256"   # never replay a failed run as a success
if [ "$RANK" = 1 ]; then
  # One run per prover, then the record names each goal's fastest; the proof below uses it.
  (
    TIMEOUT=10
    for PROVERS in z3 cvc4 cvc5-opaque cvc5; do
      PROVERS=script,$PROVERS
      # shellcheck disable=SC2046
      wp_pass "rank-main-${PROVERS#script,}" "$SMOKE_PAR" -- $(main_stages) || true
      # shellcheck disable=SC2046
      wp_pass "rank-checks-${PROVERS#script,}" "$SMOKE_PAR" -- $(checks_stages) || true
      # shellcheck disable=SC2046
      wp_pass "rank-checked-${PROVERS#script,}" "$SMOKE_PAR" -- \
        $(checks_stages "$CHECKED_FCTS") || true
    done
    for FP_PROVERS in cvc5-opaque cvc5 cvc5-nofp; do
      FP_PROVERS=script,$FP_PROVERS
      # shellcheck disable=SC2046
      wp_pass "rank-fp-${FP_PROVERS#script,}" "$SMOKE_PAR" -- $(fp_stages) || true
    done
  )
  python3 -m sonnx_evidence.wp_replay fastest "$HERE/replay.json" "$WORK"/wp-log-rank-*.txt
  rm -rf "$WORK/session-rank-"* "$WORK"/*-rank-*
fi
# ---- driver-binding sanity goals and the driver faults of the fault table ------------------------
# The sanity lemmas of binding_sanity.c must be proved with the real driver, and every binding must
# have one that holds and one that is refuted (binding_mutants.py --cases). Each fault of
# verify/faults/faults.json with "wp" killers is applied to a scratch copy of the driver and bridge,
# and its killers (negations of holding cases) must be proved there: killed by proof. They need
# none of the proof passes' results and run beside them, in the background.
binding_pass() {  # binding_pass NAME DRIVER [CPP DEFINES]
  frama-c -machdep "$MACHDEP" -pp-annot -cpp-extra-args="$CPP_INCLUDES ${3:-}" \
    "$HERE/binding_sanity.c" \
    -wp -wp-driver "$2" -wp-prover cvc5-nofp,cvc5 -wp-timeout "$TIMEOUT" \
    >"$WORK/wp-binding-$1.txt" 2>&1 || true
}
binding_runs() {
  rm -f "$WORK"/wp-binding-*   # no result of an earlier run (or of a fault since removed) is read
  binding_pass sanity "$DRIVER"
  local DRIVER_FAULTS
  DRIVER_FAULTS="$(python3 - "$ROOT" "$WORK/driver-faults" <<'PY'
import os, shutil, sys
root, work = sys.argv[1:3]
sys.path.insert(0, os.path.join(root, "verify", "faults"))
from run_faults import apply_fault, load_table
shutil.rmtree(work, ignore_errors=True)
for fault in load_table():
    if "wp" not in fault["killers"]:
        continue
    tree = os.path.join(work, fault["name"])
    for name in ("div_element.driver", "div_element_bridge.mlw"):
        os.makedirs(os.path.join(tree, "proofs", "frama-c"), exist_ok=True)
        shutil.copy(os.path.join(root, "proofs", "frama-c", name), os.path.join(tree, "proofs", "frama-c"))
    apply_fault(fault, tree)
    print(fault["name"], ",".join(fault["killers"]["wp"]))
PY
  )"
  while read -r fault killers; do
    [ -n "$fault" ] || continue
    binding_pass "fault-$fault" "$WORK/driver-faults/$fault/proofs/frama-c/div_element.driver" \
      -DSONNX_BINDING_MUTANT_KILLERS
    echo "$killers" > "$WORK/wp-binding-fault-$fault.killers"
  done <<< "$DRIVER_FAULTS"
}
start=$(date +%s)
set +e
binding_runs &
binding_pid=$!
# An early exit (set -e) leaves no binding run behind, writing into the work folder.
trap 'wait "$binding_pid" 2>/dev/null || true' EXIT
# The four passes run side by side (WP's own work, VC generation and Qed, is sequential within
# a process), each with up to PAR provers at once.
# shellcheck disable=SC2046
wp_pass main "$PAR" -- $(main_stages) &
main_pid=$!
# shellcheck disable=SC2046
wp_pass checks "$PAR" -- $(checks_stages) &
checks_pid=$!
# shellcheck disable=SC2046
wp_pass checked "$PAR" -- $(checks_stages "$CHECKED_FCTS") &
checked_pid=$!
# shellcheck disable=SC2046
wp_pass fp "$PAR" -- $(fp_stages)
rc=$?
for pid in "$main_pid" "$checks_pid" "$checked_pid"; do
  wait "$pid" || rc=$?
done
set -e
end=$(date +%s)
smoke_passes=()
planted=0
rm -f "$OUT/wp-smoke-search.json"
if [ "$SMOKE" = 1 ]; then
  # The planted inconsistencies, with each smoke prover, then the smoke passes side by side like
  # the proof passes.
  # With the selections the kernels' functions get (wp_fcts): assigns deselected for those with a
  # precondition, kept for the one without.
  PLANTED_PRE=smoke_planted_dead_requires,smoke_planted_quantified,smoke_planted_dead_branch
  PLANTED_PRE=$PLANTED_PRE,smoke_planted_dead_loop
  PLANTED_FCTS=$PLANTED_PRE,smoke_planted_noreq_branch
  for prover in "$SMOKE_INT_PROVER" "$SMOKE_FP_PROVER"; do
    for run in "$SMOKE_STEPS:" "$SMOKE_STEPS_LOW:-low"; do
      frama-c -machdep "$MACHDEP" -pp-annot "$HERE/smoke_planted.c" -rte -warn-unsigned-overflow \
        -then -wp -wp-prover "$prover" -wp-par "$SMOKE_PAR" -wp-cache none "${SMOKE_ARGS[@]}" \
        -wp-steps "${run%%:*}" $(PRE_FCTS=$PLANTED_PRE SELECT=smoke wp_fcts "$PLANTED_FCTS") \
        >"$WORK/wp-log-smoke-planted-$prover${run#*:}.txt" 2>&1 || true
    done
  done
  # The functions with a precondition, from the proof passes' property reports (wp_fcts).
  PRE_FCTS="$(python3 -m sonnx_evidence.wp_smoke preconditions "$WORK")"
  set +e
  # shellcheck disable=SC2046
  (PROVERS=$SMOKE_INT_PROVER SELECT=smoke; wp_pass smoke-main "$SMOKE_PAR" -- $(main_stages)) &
  main_pid=$!
  # shellcheck disable=SC2046
  (PROVERS=$SMOKE_INT_PROVER SELECT=smoke; wp_pass smoke-checks "$SMOKE_PAR" -- $(checks_stages)) &
  checks_pid=$!
  # shellcheck disable=SC2046
  (PROVERS=$SMOKE_INT_PROVER SELECT=smoke
   wp_pass smoke-checked "$SMOKE_PAR" -- $(checks_stages "$CHECKED_FCTS")) &
  checked_pid=$!
  # shellcheck disable=SC2046
  (FP_PROVERS=$SMOKE_FP_PROVER SELECT=smoke; wp_pass smoke-fp "$SMOKE_PAR" -- $(fp_stages))
  for pid in "$main_pid" "$checks_pid" "$checked_pid"; do
    wait "$pid" || true
  done
  set -e
  # Each function selected without its assigns goals must have had its smoke goals generated: its
  # precondition's smoke goal at least (WP generates none for a function it deems unselected).
  python3 -m sonnx_evidence.wp_smoke generated "$WORK" "$PRE_FCTS" \
    "$MAIN_FCTS,$CHECKS_FCTS,$CHECKED_FCTS,$FP_FCTS" || planted=1
  # How the search ran, and whether it found each planted inconsistency (a smoke test "Failed"
  # when its point was proved unreachable: each planted point must be).
  python3 -m sonnx_evidence.wp_smoke planted "$WORK" "$OUT/wp-smoke-search.json" "$SMOKE_STEPS" \
    "$SMOKE_TIMEOUT" "$(($(date +%s) - end))" "$SMOKE_INT_PROVER" "$CVC4_V" "$SMOKE_FP_PROVER" \
    "$CVC5_V" "$SMOKE_STEPS_LOW" || planted=1
  # The smoke passes' evidence is their smoke goals only: their report and log without the assigns
  # goals, and no property rows (an empty CSV) for wp-properties.csv.
  for name in main checks checked fp; do
    python3 -m sonnx_evidence.wp_smoke only "$WORK/wp-report-smoke-$name.json" \
      "$WORK/wp-log-smoke-$name.txt"
    : >"$WORK/wp-properties-smoke-$name-only.csv"
    case "$name" in
      main) fcts=$MAIN_FCTS prover=$SMOKE_INT_PROVER ;;
      checks) fcts=$CHECKS_FCTS prover=$SMOKE_INT_PROVER ;;
      checked) fcts=$CHECKED_FCTS prover=$SMOKE_INT_PROVER ;;
      fp) fcts=$FP_FCTS prover=$SMOKE_FP_PROVER ;;
    esac
    smoke_passes+=("smoke-$name-only:$WORK:$fcts:$prover")
  done
fi
# Each pass: its name, its evidence files (report, log, property CSV, printed tasks, call graph),
# the functions it proves and its provers.
python3 -m sonnx_evidence.wp_evidence "$OUT" \
  "main:$WORK:$MAIN_FCTS:$PROVERS" \
  "checks:$WORK:$CHECKS_FCTS:$PROVERS" \
  "checked:$WORK:$CHECKED_FCTS:$PROVERS" \
  "fp:$WORK:$FP_FCTS:$FP_PROVERS" "${smoke_passes[@]}" \
  | tee "$OUT/wp-policy.txt"
policy=${PIPESTATUS[0]}
[ "$planted" = 0 ] || policy=1
SONNX_WP_PAR=$PAR python3 -m sonnx_evidence.wp_summary "$OUT/wp-log.txt" "$OUT/wp-report.json" "$((end - start))" "$rc" \
  "$FRAMAC_V | $WHY3_V | $Z3_V | $CVC4_V | $CVC5_V" | tee "$OUT/wp-summary.txt"
status=${PIPESTATUS[0]}

# ---- every float-to-integer conversion carries a WP-proved range assertion ----------------------
# The RTE plug-in emits no float_to_int goal for a typedef'd target type (AS-TOOL-4): the check
# enumerates the conversions from clang's AST and finds each one's proved assertion in the report.
python3 -m sonnx_evidence.float_to_int_check --properties "$OUT/wp-properties.csv" \
  --json "$OUT/wp-float-to-int.json" -I "$ROOT/src/div/kernels" -I "$ROOT/src/common/kernels" \
  "${C_FILES[@]}" | tee -a "$OUT/wp-summary.txt"
conversions=${PIPESTATUS[0]}

# ---- driver-binding sanity goals and the driver faults of the fault table: their verdicts ------
# (the runs themselves started beside the proof passes, binding_runs above)
wait "$binding_pid" || true
python3 - "$WORK" "$OUT/wp-binding.json" "$HERE" <<'PY' | tee -a "$OUT/wp-summary.txt"
import glob, json, os, re, sys
work, out, here = sys.argv[1:4]
from sonnx_evidence.binding_mutants import bindings, cases
def goals_of(name):
    log = open("%s/wp-binding-%s.txt" % (work, name), errors="replace").read()
    return {m.group(1): m.group(2) == "Valid"
            for m in re.finditer(r"Goal typed_div_element_lemma_(\w+) : (\w+)", log)}
result = {"prover": "CVC5 1.0.3, on Why3's axiomatisation of floats then native (no Z3: the "
                     "binary32 and binary64 cases are floating-point)"}
sanity = goals_of("sanity")
ok = bool(sanity) and all(sanity.values())
result["sanity"] = {"what": "the real driver: each tested binding's holding and refuted cases",
                    "goals": sanity, "proved": sum(sanity.values()), "total": len(sanity)}
print("binding sanity: %d/%d lemmas proved" % (sum(sanity.values()), len(sanity)))
missing = cases(os.path.join(here, "binding_sanity.c"))
result["cases"] = {"what": "each binding has a holding and a refuted case",
                   "bindings": len(bindings()), "missing": missing}
ok = ok and not missing
for line in missing:
    print(line)
result["faults"] = []
for path in sorted(glob.glob(work + "/wp-binding-fault-*.killers")):
    fault = os.path.basename(path)[len("wp-binding-fault-"):-len(".killers")]
    killers = open(path).read().split()[0].split(",")
    proved = goals_of("fault-" + fault)
    killed = all(proved.get(k, False) for k in killers)
    ok = ok and killed
    result["faults"].append({"fault": fault, "killers": {k: proved.get(k, False) for k in killers},
                             "killed": killed})
    print("driver fault %s: %s" % (fault, "KILLED (killers proved)" if killed else "SURVIVED"))
ok = ok and bool(result["faults"])
result["ok"] = ok
json.dump(result, open(out, "w"), indent=1)
sys.exit(0 if ok else 1)
PY
binding=${PIPESTATUS[0]}
# --mutants (the main job): each bound symbol rebound to every other symbol of its signature in its
# Why3 theory must be killed by a proof, and a planted fault must be caught (binding_mutants.py;
# about 40 + 20 CPU-s, hence not in the test command).
if [ "$MUTANTS" = 1 ]; then
  if ! python3 -m sonnx_evidence.binding_mutants "$WORK/binding-mutants" "$OUT/wp-binding-mutants.json" \
      | tee -a "$OUT/wp-summary.txt"; then
    binding=1
  fi
fi

if [ "$status" != 0 ] || [ "$policy" != 0 ] || [ "$binding" != 0 ] || [ "$conversions" != 0 ]; then
  echo "prove.sh: FAILED (logs: $OUT/wp-log.txt, $WORK/wp-binding-*.txt)" >&2
  exit 1
fi
echo "$STAMP" > "$WORK/inputs.sha256"
if [ "$RECORD" = 1 ]; then
  python3 -m sonnx_evidence.wp_replay record "$HERE/replay.json" "$WORK"/wp-log-{main,checks,checked,fp}.txt
fi
if [ "$SEARCH" = 1 ]; then   # keep the tactic scripts; plain prover verdicts need none
  rm -f "$SCRIPTS"/*.json
  grep -l '"tactic"' "$WORK"/session-*/script/*.json | xargs -I{} cp {} "$SCRIPTS/"
  echo "prove.sh: $(ls "$SCRIPTS" | wc -l) tactic scripts written to $SCRIPTS"
fi
echo "prove.sh: all WP goals proved and accepted; evidence in $OUT"
