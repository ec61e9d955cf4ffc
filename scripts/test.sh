#!/usr/bin/env bash
# The test command: set-up, release build and tests, sanitizer build and tests, a short fuzzing
# run, and every Why3 and Frama-C/WP proof re-checked (in the background from the start).
# Exit status 0 only if everything passes.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$root"
start=$SECONDS
stage "set-up" bash scripts/setup.sh
# The proofs need no build product: they run in the background from the start, beside the builds
# and test runs, which leave a core idle much of the time (link steps, the long tail of each CTest
# run). Their log is shown when they are waited for, at the end.
cmake --preset release >/dev/null
# The prove target's script itself (what `cmake --build build --target prove` runs): the builds
# run ninja in build/ meanwhile, and ninja does not support two runs in one tree.
# Every goal re-proved; the WP smoke tests (about 200 CPU-s) and the binding mutation check are
# the main job's (the test command is CPU-bound on this 2-core machine: proofs/frama-c/README.md,
# "Smoke tests").
proofs_start bash proofs/run-prove.sh "$root" "$root/build/evidence"
wait_for_proofs() {
  local rc=0
  proofs_wait || rc=$?
  stage_json+=("{\"name\": \"proofs, from their start in the background\", \"seconds\": $proofs_seconds, \"cpu_seconds\": $proofs_cpu}")
  return "$rc"
}
stage "release build" bash scripts/build.sh
stage "release tests" ctest_preset release
# One clang build serves the sanitizer tests and the fuzzing run: ASan+UBSan everywhere, the
# libFuzzer harnesses included.
stage "sanitizer build (clang, ASan+UBSan, with the fuzzers)" bash -c \
  'cmake --preset asan >/dev/null && cmake --build --preset asan -j '"$jobs"
stage "sanitizer tests" ctest_preset asan
stage "short fuzzing run" env SONNX_FUZZ_BUILD_DIR="$root/build-asan" bash scripts/fuzz.sh --seconds 5
# The reduced structural coverage (docs/structural-coverage.md): the unit tests on this CPU with
# clang's MC/DC, beside the proofs; judged once wp-report.json is there.
stage "structural coverage, reduced: mcdc build and unit tests (clang 19)" \
  bash scripts/structural-coverage.sh reduced
stage "proofs (Why3, Frama-C/WP; wait for the rest)" wait_for_proofs
stage "structural coverage, reduced: the C-subset files against the register" \
  bash scripts/structural-coverage.sh reduced-check
# The test command makes no traceability report (that needs the main job's sweeps), but every
# Why3 and WP goal the requirement catalogue names must be in the proofs it just ran.
stage "named proof goals (the catalogue against this run's proofs)" python3 \
  -m sonnx_evidence.check_named_proofs build/traceability/sonnx-trace "$root" build/evidence \
  --catch-list build/catch-tests.txt
echo "test command: $((SECONDS - start)) s, $(children_cpu) CPU-s"
write_times "$root/build/evidence/test-command-times.json"
summary
