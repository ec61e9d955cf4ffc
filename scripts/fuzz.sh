#!/usr/bin/env bash
# Builds the libFuzzer harnesses (clang, ASan + UBSan, in build-fuzz/) and runs each one for a
# bounded time or number of executions, as many at once as SONNX_FUZZ_JOBS (default 2, one per core).
#
#   scripts/fuzz.sh [--seconds N] [--runs N] [--harness NAME]... [--build-only]
#
# Default: --seconds 15 per harness (the test command runs --seconds 5). With --runs alone a
# harness runs until N executions; with both, until whichever limit comes first. The long run of
# docs/reliability.md is `scripts/fuzz.sh --runs 10000000`. Each harness starts from the seed corpus
# fuzz/corpus/<harness>/ (read only) and from the units it found before
# (build-fuzz/corpus/<harness>/). Crash inputs land in build-fuzz/artifacts/. SONNX_FUZZ_BUILD_DIR
# names another build of the harnesses instead of build-fuzz/ (the test command uses its sanitizer
# build, build-asan/, configured by the CMake preset asan). A summary (executions,
# speed, crashes per harness) is printed and written to $SONNX_EVIDENCE_DIR/fuzz.json
# (default build/evidence/fuzz.json). Exit status 0 only if every harness ran without a crash.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${SONNX_FUZZ_BUILD_DIR:-$root/build-fuzz}"
evidence="${SONNX_EVIDENCE_DIR:-$root/build/evidence}"
jobs="${SONNX_FUZZ_JOBS:-2}"
seconds=15
seconds_given=0
runs=""
build_only=0
harnesses=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --seconds) seconds="$2"; seconds_given=1; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --harness) harnesses+=("$2"); shift 2 ;;
    --build-only) build_only=1; shift ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "fuzz.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
if [[ ${#harnesses[@]} -eq 0 ]]; then
  harnesses=(checked_div npy tensor_proto check_model)
fi
command -v clang++ >/dev/null || { echo "fuzz.sh: clang++ not found (apt-get install clang)" >&2; exit 2; }

sanitize="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
if [[ ! -f "$build/CMakeCache.txt" ]]; then
  mkdir -p "$build"
  CC=clang CXX=clang++ cmake -S "$root" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSONNX_BUILD_FUZZERS=ON \
    -DSONNX_BUILD_BENCHMARKS=OFF \
    "-DCMAKE_CXX_FLAGS=$sanitize" \
    "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined" >"$build/configure.log" 2>&1 ||
    { cat "$build/configure.log" >&2; exit 1; }
fi
targets=()
for h in "${harnesses[@]}"; do targets+=("fuzz_$h"); done
cmake --build "$build" -j "$jobs" --target "${targets[@]}"
[[ $build_only -eq 1 ]] && exit 0

mkdir -p "$build/artifacts" "$evidence"
if [[ -n "$runs" && $seconds_given -eq 1 ]]; then
  limit=(-runs="$runs" -max_total_time="$seconds"); mode="runs=$runs,seconds=$seconds"
elif [[ -n "$runs" ]]; then
  limit=(-runs="$runs"); mode="runs=$runs"
else
  limit=(-max_total_time="$seconds"); mode="seconds=$seconds"
fi
# One harness: runs it, prints its line and leaves its JSON object in $build/fuzz-<h>.json.
run_harness() {
  local h="$1" log="$build/fuzz-$1.log" start=$SECONDS rc=0
  mkdir -p "$build/corpus/$h"
  ASAN_OPTIONS="detect_leaks=1:abort_on_error=0" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
    "$build/fuzz/fuzz_$h" "$build/corpus/$h" "$root/fuzz/corpus/$h" \
    "${limit[@]}" -max_len=4096 -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$build/artifacts/$h-" >"$log" 2>&1 || rc=$?
  local elapsed=$((SECONDS - start)) execs speed cov corpus_units crashes=0
  execs="$(grep -E '^stat::number_of_executed_units:' "$log" | tail -n1 | awk '{print $2}')"
  # A run stopped from outside prints no final stats: take the last progress line.
  [[ -n "$execs" ]] || execs="$(grep -oE '^#[0-9]+' "$log" | tail -n1 | tr -d '#')"
  speed="$(grep -E '^stat::average_exec_per_sec:' "$log" | tail -n1 | awk '{print $2}')"
  cov="$(grep -oE 'cov: [0-9]+' "$log" | tail -n1 | awk '{print $2}')"
  corpus_units="$(find "$build/corpus/$h" -type f | wc -l)"
  if [[ $rc -ne 0 ]]; then
    crashes=1
    echo "=== fuzz_$h FAILED (exit $rc); log $log" >&2
    grep -E 'ERROR|property violated|\*\*\*|SUMMARY|Test unit written' "$log" | head -n 20 >&2 || true
  fi
  printf 'fuzz_%-13s %10s executions  %7s exec/s  cov %6s  corpus %5s  %4d s  crashes %d\n' \
    "$h" "${execs:-?}" "${speed:-?}" "${cov:-?}" "$corpus_units" "$elapsed" "$crashes"
  echo "{\"harness\": \"$h\", \"executions\": ${execs:-0}, \"exec_per_sec\": ${speed:-0}, \"coverage_edges\": ${cov:-0}, \"corpus_units\": $corpus_units, \"seconds\": $elapsed, \"crashes\": $crashes, \"exit_code\": $rc}" >"$build/fuzz-$h.json"
  return "$rc"
}

# The harnesses run $jobs at a time (one per core); the status is the worst of them.
status=0
running=0
for h in "${harnesses[@]}"; do
  rm -f "$build/fuzz-$h.json"
  if ((running >= jobs)); then
    wait -n || status=1
    running=$((running - 1))
  fi
  run_harness "$h" &
  running=$((running + 1))
done
while ((running > 0)); do
  wait -n || status=1
  running=$((running - 1))
done
json="{\"mode\": \"$mode\", \"parallel\": $jobs, \"harnesses\": ["
sep=""
for h in "${harnesses[@]}"; do
  json+="$sep$(cat "$build/fuzz-$h.json" 2>/dev/null || echo "{\"harness\": \"$h\", \"crashes\": 1}")"
  sep=", "
done
json+="]}"
echo "$json" >"$evidence/fuzz.json"
echo "fuzz summary written to $evidence/fuzz.json"
exit $status
