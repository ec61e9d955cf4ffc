#!/usr/bin/env bash
# The main job's proofs (scripts/main.sh starts this in the background, beside its other stages:
# the proofs need no build product). The Why3 and Frama-C/WP proofs with the WP smoke tests and the
# driver's binding mutants, then the WP proofs once more with Frama-C's 32-bit machine model, for the
# 32-bit targets (AS-WP-5), whose evidence is bound to its sources like the x86_64 run's (binding
# "wp"). Writes the stage times to TIMES (JSON, as scripts/lib.sh writes them).
# Usage: scripts/main-proofs.sh TIMES
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$root"
times_file="${1:?usage: scripts/main-proofs.sh TIMES}"
start=$SECONDS
prove_x86_32() {
  proofs/frama-c/prove.sh --machdep x86_32 --out "$root/build/x86_32/evidence" &&
    python3 scripts/evidence_provenance.py "$root/build/x86_32/evidence/wp-report.json" --binding wp
}
# The prove target's script itself (what `cmake --build build --target prove` runs): the job's
# other stages run ninja in build/ meanwhile, and ninja does not support two runs in one tree.
# A failing stage ends this script with its status (set -e), which the main job reports.
stage "proofs (Why3, Frama-C/WP, then WP smoke tests)" env SONNX_WP_SMOKE=1 \
  bash traceability/run-prove.sh "$root" "$root/build/evidence"
stage "proofs (Frama-C/WP, x86_32 machine model)" prove_x86_32
write_times "$times_file"
summary
