#!/usr/bin/env bash
# The `prove` target: runs proofs/why3/prove.sh and proofs/frama-c/prove.sh (concurrently) with --out EVIDENCE_DIR,
# each only if it exists (a missing one is reported, and the traceability report shows the gap).
# Usage: proofs/run-prove.sh SOURCE_DIR EVIDENCE_DIR
# Then binds each result file to the sources it covers (sonnx_evidence.evidence_provenance).
# Exit status: 1 if a script that exists fails, 0 otherwise.
set -uo pipefail
src="${1:?usage: run-prove.sh SOURCE_DIR EVIDENCE_DIR}"
evidence="${2:?usage: run-prove.sh SOURCE_DIR EVIDENCE_DIR}"
mkdir -p "$evidence"
status=0
start=$SECONDS
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"   # children_cpu
export PYTHONPATH="$src/evidence${PYTHONPATH:+:$PYTHONPATH}"
run() {  # run NAME SCRIPT EXTRA_ARGS EVIDENCE_FILES...
  local name="$1" script="$2" extra="$3"
  shift 3
  if [[ ! -f "$script" ]]; then
    echo "prove: MISSING $script: no $name evidence in this build (the report shows it as a gap)"
    return
  fi
  # Evidence from an earlier run must not survive a failed one.
  for f in "$@"; do rm -f "$evidence/$f"; done
  local start=$SECONDS
  echo "prove: running $script --out $evidence"
  # shellcheck disable=SC2086
  if bash "$script" --out "$evidence" $extra; then
    echo "prove: $name done in $((SECONDS - start)) s"
  else
    echo "prove: $name FAILED (exit $?) after $((SECONDS - start)) s" >&2
    status=1
  fi
  for f in "$@"; do
    [[ -f "$evidence/$f" ]] || echo "prove: $name did not write $evidence/$f" >&2
  done
}
# Why3 and WP run side by side: neither keeps both cores busy alone (WP's own VC generation is
# sequential), and each writes its own evidence files and private Why3 configuration. Why3's
# output is shown once it is done, so that the two logs do not interleave.
why3_log="$(mktemp)"
( status=0; run Why3 "$src/proofs/why3/prove.sh" "" why3.json; exit $status ) >"$why3_log" 2>&1 &
why3_pid=$!
# SONNX_WP_SMOKE=1 (the main job) adds the WP smoke tests (wp-smoke.json,
# wp-smoke-search.json), with the main job's resource limits; SONNX_WP_MUTANTS=1 (the main job)
# the driver's binding mutation check (wp-binding-mutants.json). `cmake --build build --target
# prove` runs neither unless they are set in its environment.
wp_extra=""
[[ "${SONNX_WP_SMOKE:-0}" == 1 ]] && wp_extra="--smoke"
[[ "${SONNX_WP_MUTANTS:-0}" == 1 ]] && wp_extra="$wp_extra --mutants"
run Frama-C/WP "$src/proofs/frama-c/prove.sh" "$wp_extra" wp-report.json wp-properties.csv wp-binding.json \
  wp-float-to-int.json wp-function-coverage.json
wait "$why3_pid" || status=1
cat "$why3_log"
rm -f "$why3_log"
# Bind each result to the sources it proved, by content (the report recomputes the hashes); the
# globs of each binding are those of spec/evidence-sources.json.
bind() {  # bind FILE BINDING
  local file="$evidence/$1"
  [[ -f "$file" ]] && { python3 -m sonnx_evidence.evidence_provenance "$file" --root "$src" --binding "$2" || status=1; }
}
bind why3.json why3
for f in wp-report.json wp-smoke.json wp-binding.json wp-binding-mutants.json wp-float-to-int.json \
    wp-smoke-search.json wp-function-coverage.json; do
  bind "$f" wp
done
# The catalogue's WP families expanded into the exact names of this run's goals (decided-by.json,
# which the report reads); a family that matches no goal fails the target.
rm -f "$evidence/decided-by.json"
if [[ -f "$evidence/wp-report.json" ]]; then
  PYTHONPATH="$src/evidence" python3 -m sonnx_evidence.decided_by expand \
    --catalogue "$src/spec/requirements.json" \
    --listing "$evidence/wp-report.json" --out "$evidence/decided-by.json" --root "$src" || status=1
  bind decided-by.json catalogue
fi
# The target's own time: wall seconds, the CPU seconds of everything it ran, the machine's cores
# (bench/render_performance.py holds them against the proof-replay target).
smoke=false
[[ "${SONNX_WP_SMOKE:-0}" == 1 ]] && smoke=true
printf '{"what": "the prove target", "smoke_tests": %s, "wall_s": %d, "cpu_seconds": %s, "cores": %d, "load_average": "%s"}\n' \
  "$smoke" "$((SECONDS - start))" "$(children_cpu)" "$(nproc)" \
  "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)" >"$evidence/prove-times.json"
exit $status
