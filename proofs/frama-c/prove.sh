#!/usr/bin/env bash
# Frama-C/WP proof check of the Div kernels. See proofs/frama-c/README.md.
#
#   proofs/frama-c/prove.sh [--out DIR] [--fresh] [--smoke] [--mutants] [--record] [--machdep M]
#                                               prove; DIR defaults to build/evidence. Each goal
#                                               recorded in proofs/frama-c/replay.json goes first to
#                                               its recorded prover (sonnx_evidence.wp_replay);
#                                               --record updates that record from this run;
#                                               --machdep x86_32 proves with Frama-C's 32-bit model
#   proofs/frama-c/prove.sh --search-scripts    re-prove from scratch, searching the tactic
#                                               scripts anew into proofs/frama-c/scripts/
#   proofs/frama-c/prove.sh --rank              run each pass once per prover of its portfolio
#                                               (no record, rank_steps_fraction of each
#                                               prover's resource limit, passes.json) and record,
#                                               per goal, the fastest prover that proved it (then
#                                               prove)
#   --smoke       WP's smoke tests after the proof (wp-smoke.json, wp-smoke-search.json)
#   --mutants     the driver's binding mutation check (wp-binding-mutants.json)
#
# A thin wrapper: the driver is the evidence package's sonnx_evidence.wp_prove, the passes and
# their function lists are data (proofs/frama-c/passes.json). Proves the very files the library
# compiles, with Frama-C's x86_64 machine model, in four passes under the prover policy
# (floating-point functions without Z3), with the driver-binding sanity lemmas and the killers of
# the fault table's driver faults beside them; checks that every function the files define is
# proved or registered (wp-function-coverage.json) and that every float-to-integer conversion
# carries a proved range assertion. Writes DIR/wp-report.json, wp-properties.csv, wp-log.txt,
# wp-summary.txt, wp-policy.txt, wp-float-to-int.json, wp-binding.json, wp-function-coverage.json,
# wp-tool-versions.json; exits non-zero if any check fails, 2 on a usage or tool error.
# Needs only the Debian 12 packages frama-c-base, why3, z3, cvc4, cvc5, clang and python3: it
# writes its own Why3 configuration into a private work directory next to DIR.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
case "${1:-}" in -h|--help) sed -n '2,30p' "$0"; exit 0 ;; esac
export PYTHONPATH="$root/evidence${PYTHONPATH:+:$PYTHONPATH}"
exec python3 -m sonnx_evidence.wp_prove "$@"
