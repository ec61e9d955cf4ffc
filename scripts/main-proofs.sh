#!/usr/bin/env bash
# The main job's proofs (scripts/main.sh starts this in the background, beside its other stages:
# the proofs need no build product). The Why3 and Frama-C/WP proofs with the WP smoke tests and the
# driver's binding mutants. (The WP proofs with Frama-C's 32-bit machine model, evidence for the
# 32-bit targets, run in the main job's platform stage.) Writes the stage times to TIMES (JSON, as
# scripts/lib.sh writes them).
# Usage: scripts/main-proofs.sh TIMES
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$root"
times_file="${1:?usage: scripts/main-proofs.sh TIMES}"
start=$SECONDS
# The prove target's script itself (what `cmake --build build --target prove` runs): the job's
# other stages run ninja in build/ meanwhile, and ninja does not support two runs in one tree.
# A failing stage ends this script with its status (set -e), which the main job reports.
stage "proofs (Why3, Frama-C/WP, then WP smoke tests and binding mutants)" env SONNX_WP_SMOKE=1 \
  SONNX_WP_MUTANTS=1 \
  bash proofs/run-prove.sh "$root" "$root/build/evidence"
write_times "$times_file"
summary
