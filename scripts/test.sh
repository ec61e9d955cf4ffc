#!/usr/bin/env bash
# The test command: set-up, release build and tests, sanitizer build and tests, every Why3 and
# Frama-C/WP proof re-checked, and a short fuzzing run. Exit status 0 only if everything passes.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$root"
start=$SECONDS
stage "set-up" bash scripts/setup.sh
stage "release build" bash scripts/build.sh
stage "release tests" ctest_preset release
stage "sanitizer build (ASan+UBSan)" bash -c 'cmake --preset asan >/dev/null && cmake --build --preset asan -j '"$jobs"
stage "sanitizer tests" ctest_preset asan
stage "proofs (Why3, Frama-C/WP)" cmake --build build --target prove
stage "short fuzzing run" bash scripts/fuzz.sh --seconds 10
echo "test command: $((SECONDS - start)) s"
write_times "$root/build/evidence/test-command-times.json"
summary
