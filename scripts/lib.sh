# Shared by the main job and the test command: timed stages and a running pass/fail count.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jobs="$(nproc)"
passed=0
failed=0
declare -a stage_times=()
declare -a stage_json=()

stage() {
  local name="$1" t=$SECONDS
  shift
  echo "=== $name"
  "$@"
  stage_times+=("$name: $((SECONDS - t)) s")
  stage_json+=("{\"name\": \"$name\", \"seconds\": $((SECONDS - t))}")
}

# Writes the stage times and the total since $start as JSON (bench/render_performance.py reads the
# test command's).
write_times() {
  local IFS=,
  mkdir -p "$(dirname "$1")"
  printf '{"total_s": %d, "passed": %d, "failed": %d, "stages": [%s]}\n' \
    "$((SECONDS - start))" "$passed" "$failed" "${stage_json[*]}" >"$1"
}

# Runs a CTest preset and adds its counts to the totals; fails when any test fails.
ctest_preset() {
  local log
  log="$(mktemp)"
  local rc=0
  ctest --preset "$1" -j "$jobs" >"$log" 2>&1 || rc=$?
  tail -n 25 "$log"
  local line
  line="$(grep -E 'tests passed, [0-9]+ tests failed out of [0-9]+' "$log" | tail -n 1)"
  if [[ -z "$line" ]]; then
    echo "ctest preset $1 produced no summary" >&2
    return 1
  fi
  local f t
  f="$(sed -E 's/.* ([0-9]+) tests failed out of ([0-9]+).*/\1/' <<<"$line")"
  t="$(sed -E 's/.* ([0-9]+) tests failed out of ([0-9]+).*/\2/' <<<"$line")"
  passed=$((passed + t - f))
  failed=$((failed + f))
  rm -f "$log"
  return "$rc"
}

summary() {
  printf '%s\n' "${stage_times[@]}"
  echo "summary: ${passed} passed, ${failed} failed"
}
