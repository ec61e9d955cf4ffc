# Shared by the main job and the test command: timed stages and a running pass/fail count.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jobs="$(nproc)"
passed=0
failed=0
declare -a stage_times=()
declare -a stage_json=()

# CPU seconds (user + system) of the finished and waited-for child processes of this shell so far:
# cutime and cstime of /proc/PID/stat (fields 16 and 17, clock ticks), read for the shell itself
# ($$ also inside a command substitution). 0 where /proc is missing.
children_cpu() {
  awk -v hz="$(getconf CLK_TCK)" '{ sub(/^.*\) /, ""); printf "%.1f", ($14 + $15) / hz }' \
    "/proc/$$/stat" 2>/dev/null || echo 0
}

# Runs one stage and records its wall time and the CPU seconds of the processes it ran (a
# background process started earlier, the test command's proofs, is counted where it is waited for).
stage() {
  local name="$1" t=$SECONDS cpu
  cpu="$(children_cpu)"
  shift
  echo "=== $name"
  "$@"
  cpu="$(awk -v a="$cpu" -v b="$(children_cpu)" 'BEGIN { printf "%.1f", b - a }')"
  stage_times+=("$name: $((SECONDS - t)) s, $cpu CPU-s")
  stage_json+=("{\"name\": \"$name\", \"seconds\": $((SECONDS - t)), \"cpu_seconds\": $cpu}")
}

# The proofs, in the background from the start (they need no build product): COMMAND... runs in a
# process group of its own, which a failing stage (the end of the script) ends too; its output is
# held until proofs_wait shows it. proofs_wait returns the command's status and sets
# proofs_seconds to its wall time.
proofs_start() {
  proofs_log="$(mktemp)"
  proofs_begin=$SECONDS
  setsid "$@" >"$proofs_log" 2>&1 &
  proofs_pid=$!
  trap 'kill -- -"$proofs_pid" 2>/dev/null || true' EXIT
}
proofs_wait() {
  local rc=0
  wait "$proofs_pid" || rc=$?
  trap - EXIT
  cat "$proofs_log"
  rm -f "$proofs_log"
  proofs_seconds=$((SECONDS - proofs_begin))
  echo "proofs: $proofs_seconds s from their start (beside the stages above)"
  return "$rc"
}

# Writes the stage times, the total since $start and the CPU seconds of all child processes as
# JSON, with the machine's cores and its load when the job ended (bench/render_performance.py reads them).
write_times() {
  local IFS=,
  mkdir -p "$(dirname "$1")"
  printf '{"total_s": %d, "cpu_seconds": %s, "cores": %d, "load_average": "%s", "passed": %d, "failed": %d, %s}\n' \
    "$((SECONDS - start))" "$(children_cpu)" "$jobs" "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)" \
    "$passed" "$failed" "\"stages\": [${stage_json[*]}]" >"$1"
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
