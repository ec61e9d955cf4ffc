# Shared by the main job and the test command: timed stages and a running pass/fail count.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The evidence tools are one Python package (evidence/sonnx_evidence): python3 -m sonnx_evidence.X
export PYTHONPATH="$root/evidence${PYTHONPATH:+:$PYTHONPATH}"
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

# Runs one stage and records its wall time and the CPU seconds of the processes it ran. The
# background command of proofs_start is not one of them: bash adds its CPU time to this shell's
# when it reaps it, which may happen in whatever stage is running when it ends, so the stage in
# which it is reaped leaves it out (its time is recorded where it is waited for, and the job's
# total counts it once).
stage() {
  local name="$1" t=$SECONDS before after pending cpu
  shift
  cpu_now
  before=$cpu_now_value
  pending="${proofs_pid:-}"            # a background command started before the stage, not reaped
  [[ "$proofs_reaped" == 1 ]] && pending=""
  echo "=== $name"
  "$@"
  cpu_now
  after=$cpu_now_value
  if [[ -n "$pending" && "$pending" == "${proofs_pid:-}" && "$proofs_reaped" == 1 ]]; then
    after="$(awk -v a="$after" -v b="$(cat "$proofs_cpu_file" 2>/dev/null || echo 0)" \
      'BEGIN { printf "%.1f", a - b }')"
  fi
  cpu="$(awk -v a="$before" -v b="$after" 'BEGIN { printf "%.1f", b - a }')"
  stage_times+=("$name: $((SECONDS - t)) s, $cpu CPU-s")
  stage_json+=("{\"name\": \"$name\", \"seconds\": $((SECONDS - t)), \"cpu_seconds\": $cpu}")
}

# cpu_now: sets cpu_now_value to children_cpu, and proofs_reaped to 1 once the background command
# has been reaped (kill -0 fails; a finished but unreaped one still answers). Both describe the
# same moment: bash reaps asynchronously, so it reads again until children_cpu did not change
# around the check.
proofs_reaped=1
cpu_now() {
  local again
  while true; do
    cpu_now_value="$(children_cpu)"
    if [[ "$proofs_reaped" == 0 ]] && ! kill -0 "$proofs_pid" 2>/dev/null; then
      proofs_reaped=1
    fi
    again="$(children_cpu)"
    [[ "$again" == "$cpu_now_value" ]] && return 0
  done
}

# The proofs, in the background from the start (they need no build product): COMMAND... runs in a
# process group of its own, which a failing stage (the end of the script) ends too; its output is
# held until proofs_wait shows it, and the CPU seconds of everything it ran are written to
# proofs_cpu_file when it ends. proofs_wait returns the command's status and sets proofs_seconds
# to its wall time and proofs_cpu to its CPU seconds.
proofs_start() {
  proofs_log="$(mktemp)"
  proofs_cpu_file="$(mktemp)"
  proofs_begin=$SECONDS
  setsid bash -c 'source "$1"; out="$2"; shift 2; rc=0; "$@" || rc=$?; children_cpu >"$out"
    exit "$rc"' _ "$root/scripts/lib.sh" "$proofs_cpu_file" "$@" >"$proofs_log" 2>&1 &
  proofs_pid=$!
  proofs_reaped=0
  trap 'kill -- -"$proofs_pid" 2>/dev/null || true' EXIT
}
proofs_wait() {
  local rc=0
  wait "$proofs_pid" || rc=$?
  trap - EXIT
  cat "$proofs_log"
  proofs_seconds=$((SECONDS - proofs_begin))
  proofs_cpu="$(cat "$proofs_cpu_file" 2>/dev/null || echo 0)"
  proofs_cpu="${proofs_cpu:-0}"   # an empty file: the command was killed before it wrote
  rm -f "$proofs_log"
  echo "proofs: $proofs_seconds s and $proofs_cpu CPU-s from their start (beside the stages above)"
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
  # The JUnit record of the run: the tool-qualification section of the report reads each test's
  # verdict from it (evidence/tool-requirements.json).
  mkdir -p "$root/build/evidence"
  ctest --preset "$1" -j "$jobs" --output-junit "$root/build/evidence/ctest-$1.xml" >"$log" 2>&1 \
    || rc=$?
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
