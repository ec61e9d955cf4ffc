#!/bin/sh
# A prover's command under WP's step limit, scaled to the prover's own limit (written into the WP
# proof passes' Why3 configuration by sonnx_evidence.wp_config). WP gives every prover of a pass
# the one number -wp-steps; the provers count in units of their own (Z3's rlimit is tens of times
# CVC4's --rlimit for the same work), so each prover's command turns that number into its own
# limit: STEPS * LIMIT / BASE, where LIMIT is the prover's limit of proofs/prover-limits.json and
# BASE the -wp-steps that stands for the whole of it (a stage at a fraction of its limits passes
# that fraction of BASE).
# Usage: scaled_steps.sh STEPS LIMIT BASE PROVER ARG...   (in an ARG, @STEPS@ becomes the limit)
# The prover replaces this shell (exec), so that Why3's own limits and signals reach it.
set -eu
n=$(($1 * $2 / $3))
[ "$n" -ge 1 ] || n=1
shift 3
for a do
  shift
  case "$a" in
    *@STEPS@*) a="${a%%@STEPS@*}$n${a#*@STEPS@}" ;;
  esac
  set -- "$@" "$a"
done
exec "$@"
