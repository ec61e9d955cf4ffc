#!/usr/bin/env bash
# Seeded faults (issue #8, docs/reliability.md): applies deliberate faults to the kernels and the
# checked library ONE AT A TIME in a scratch copy of the repository, rebuilds, runs the tests and
# reports which tests (and, where possible, which proofs) catch each fault. The real working tree
# is never modified.
#
#   scripts/seeded-faults.sh [--source head|worktree] [--only NAME]... [--keep] [--no-proofs]
#
#   --source head      (default) the committed tree: `git archive HEAD`
#   --source worktree  tracked and untracked, non-ignored files of the working tree as they are
#   --only NAME        run only the named fault(s)
#   --keep             keep the scratch folder (default: removed at the end)
#   --no-proofs        tests only: no proof check (a full WP run per kernel fault takes 3 to 15
#                      minutes, since a broken goal runs every prover to its timeout;
#                      proofs/frama-c/prove.sh --mutants checks kernel faults against WP faster,
#                      one function each)
#
# The scratch build drops -Werror (a fault must be caught by a test or a proof, not by a warning).
# Faults marked "asan" overrun memory without changing any value: they are also run against a
# sanitizer (ASan+UBSan) build of the unit tests and fuzz corpus replays. The proof check runs
# proofs/frama-c/prove.sh when the scratch copy has one; otherwise "proof check not run" is
# recorded. The kill table is printed and written to $SONNX_EVIDENCE_DIR/seeded-faults.json
# (default build/evidence/seeded-faults.json). Exit status 0 only if every fault is killed.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
evidence="${SONNX_EVIDENCE_DIR:-$root/build/evidence}"
jobs="${SONNX_JOBS:-2}"
source_mode=head
keep=0
proofs=1
only=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --source) source_mode="$2"; shift 2 ;;
    --only) only+=("$2"); shift 2 ;;
    --keep) keep=1; shift ;;
    --no-proofs) proofs=0; shift ;;
    -h|--help) sed -n '2,23p' "$0"; exit 0 ;;
    *) echo "seeded-faults.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

scratch="$(mktemp -d /tmp/sonnx-seeded-faults.XXXXXX)"
cleanup() { [[ $keep -eq 1 ]] || rm -rf "$scratch"; }
trap cleanup EXIT
src="$scratch/src"
mkdir -p "$src"
if [[ "$source_mode" == head ]]; then
  git -C "$root" archive HEAD | tar -x -C "$src"
else
  (cd "$root" && git ls-files -z -co --exclude-standard | tar --null -T - -cf -) | tar -x -C "$src"
fi
[[ "$src" == /tmp/* ]] || { echo "refusing: scratch copy not under /tmp" >&2; exit 1; }
sed -i 's/ -Werror / /' "$src/CMakeLists.txt"
echo "scratch copy ($source_mode) in $src"

# ---- the faults: name|file|kind|asan|description, applied by the Python helper below ----
faults_py="$scratch/faults.py"
cat >"$faults_py" <<'PYEOF'
import sys, pathlib
# name: (file, old, new, description, proved kernel?, also under sanitizers?)
FAULTS = {
 "floor_division": ("src/div/kernels/div_kernels.c",
   "#define SONNX_DIV_INTEGER(x, y) ((SONNX_DIV_ELEM)((x) / (y)))",
   "#define SONNX_DIV_INTEGER(x, y) ((SONNX_DIV_ELEM)(((x) / (y)) - ((x) % (y) != 0 && (((x) % (y) > 0) != ((y) > 0)))))",
   "integer quotient floored instead of truncated toward zero (I1)", True, False),
 "wrong_zero_sign": ("src/div/kernels/div_kernels.c",
   "static float sonnx_div_binary32_element(float x, float y) {\n  return x / y;",
   "static float sonnx_div_binary32_element(float x, float y) {\n  return x / y + 0.0f;",
   "float32 zero quotients always +0 (sign XOR lost, D1)", True, False),
 "wrong_nan_0_0": ("src/div/kernels/div_kernels.c",
   "static double sonnx_div_binary64_element(double x, double y) {\n  return x / y;",
   "static double sonnx_div_binary64_element(double x, double y) {\n  return x == 0 && y == 0 ? x * 0 : x / y;",
   "float64 0/0 returns 0 instead of NaN (R5, D2)", True, False),
 "reciprocal_multiply": ("src/div/kernels/div_kernels.c",
   "static float sonnx_div_binary32_element(float x, float y) {\n  return x / y;",
   "static float sonnx_div_binary32_element(float x, float y) {\n  return x * (1.0f / y);",
   "float32 a*(1/b) instead of a/b: two roundings (F1)", True, False),
 "b_divided_by_a": ("src/div/kernels/div_kernel_loop.inc",
   "c[i] = SONNX_DIV_APPLY(a[i], b[i]);",
   "c[i] = SONNX_DIV_APPLY(b[i], a[i]);",
   "operands swapped: B / A", True, False),
 "loop_starts_at_1": ("src/div/kernels/div_kernel_loop.inc",
   "for (size_t i = 0; i < n; ++i) {",
   "for (size_t i = 1; i < n; ++i) {",
   "off-by-one loop start: element 0 never written", True, False),
 "skip_last_element": ("src/div/kernels/div_kernel_loop.inc",
   "for (size_t i = 0; i < n; ++i) {",
   "for (size_t i = 0; i + 1 < n; ++i) {",
   "off-by-one loop end: the last element never written", True, False),
 "loop_overrun": ("src/div/kernels/div_kernel_loop.inc",
   "for (size_t i = 0; i < n; ++i) {",
   "for (size_t i = 0; i <= n; ++i) {",
   "off-by-one loop bound i <= n: reads and writes one element past the end", True, True),
 "f16_truncating_narrowing": ("src/common/kernels/sonnx_float_formats.c",
   "uint32_t rounded = rebased + 0xFFFu + ((rebased >> 13) & 1u);",
   "uint32_t rounded = rebased;",
   "binary32 -> float16 truncates instead of rounding to nearest even (F2)", True, False),
 "bf16_truncating_narrowing": ("src/common/kernels/sonnx_float_formats.c",
   "magnitude += 0x7FFFu + ((magnitude >> 16) & 1u);",
   "magnitude += 0u;",
   "binary32 -> bfloat16 truncates instead of rounding to nearest even (F2)", True, False),
 "f16_flush_subnormals": ("src/common/kernels/sonnx_float_formats.c",
   "if (magnitude <= 0x33000000u) {",
   "if (magnitude < 0x38800000u) {",
   "float16 subnormal results flushed to zero (F2)", True, False),
 "f16_via_bfloat16": ("src/div/kernels/div_kernels.c",
   "return sonnx_binary32_to_binary16(sonnx_binary16_to_binary32(a) / sonnx_binary16_to_binary32(b));",
   "return sonnx_binary32_to_binary16(sonnx_bfloat16_to_binary32(sonnx_binary32_to_bfloat16(sonnx_binary16_to_binary32(a) / sonnx_binary16_to_binary32(b))));",
   "float16 quotient through a lossy bfloat16 intermediate (F2)", True, False),
 "ignore_c3": ("src/div/fast/div_fast_paths.inc",
   "      violated |= static_cast<Lane>(b[i] == 0);",
   "      violated |= Lane{0};",
   "zero-divisor check (C3) skipped: integer x/0 reaches the kernel", False, False),
 "ignore_d3": ("src/div/fast/div_fast_paths.inc",
   "violated |= static_cast<Lane>(static_cast<Lane>(a[i] == std::numeric_limits<T>::min()) &",
   "violated |= static_cast<Lane>(0u & static_cast<Lane>(a[i] == std::numeric_limits<T>::min()) &",
   "MIN / -1 check (D3) skipped: signed overflow reaches the kernel", False, True),
 "fast_f16_truncating": ("src/div/fast/div_fast_avx2.cpp",
   "_mm256_cvtps_ph(quotient, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)",
   "_mm256_cvtps_ph(quotient, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC)",
   "float16 fast path rounds toward zero instead of to nearest even (F2, D9)", False, False),
 "fast_bf16_truncating": ("src/div/fast/div_fast_avx2.cpp",
   "_mm256_add_epi32(_mm256_add_epi32(bits, _mm256_set1_epi32(0x7FFF)), odd), 16);",
   "_mm256_add_epi32(bits, _mm256_setzero_si256()), 16);",
   "bfloat16 fast path truncates instead of rounding to nearest even (F2, D9)", False, False),
 "fast_int32_via_binary32": ("src/div/fast/div_fast_paths.inc",
   "c[i] = static_cast<std::int32_t>(static_cast<double>(a[i]) / static_cast<double>(b[i]));",
   "c[i] = static_cast<std::int32_t>(static_cast<float>(a[i]) / static_cast<float>(b[i]));",
   "int32 fast path through binary32, too narrow for 32-bit operands (I1, D9)", False, False),
 "accept_partial_overlap": ("src/common/validation.cpp",
   "return l < r ? r - l < bytes : l - r < bytes;",
   "return false && (l < r ? r - l < bytes : l - r < bytes);",
   "partial overlap of C with A or B accepted (D6)", False, False),
 "accept_broadcasting": ("src/div/div.cpp",
   "if (!same(a.shape, b.shape)) {",
   "if (!same(a.shape, b.shape) && !detail::broadcastable(a.shape, b.shape)) {",
   "broadcastable shapes accepted instead of rejected (R4)", False, False),
}
cmd = sys.argv[1]
if cmd == "list":
    for name, f in FAULTS.items():
        print(f"{name}|{f[0]}|{f[3]}|{'kernel' if f[4] else 'library'}|{'asan' if f[5] else ''}")
elif cmd in ("apply", "revert"):
    name, tree = sys.argv[2], pathlib.Path(sys.argv[3])
    path, old, new = FAULTS[name][0], FAULTS[name][1], FAULTS[name][2]
    p = tree / path
    text = p.read_text()
    a, b = (old, new) if cmd == "apply" else (new, old)
    if text.count(a) != 1:
        sys.exit(f"fault {name}: expected exactly one occurrence of the {'original' if cmd == 'apply' else 'faulty'} text in {path}")
    p.write_text(text.replace(a, b))
PYEOF

configure() {  # dir, build type, extra flags
  cmake -S "$src" -B "$1" -G Ninja -DCMAKE_BUILD_TYPE="$2" -DSONNX_BUILD_BENCHMARKS=OFF \
    "${@:3}" >"$1.configure.log" 2>&1 || { cat "$1.configure.log" >&2; exit 1; }
}
release="$scratch/build"
asan="$scratch/build-asan"
asan_targets=(unit_tests)
t0=$SECONDS
echo "=== baseline: release build and tests (unmodified scratch copy)"
configure "$release" Release
cmake --build "$release" -j "$jobs" >"$scratch/baseline-build.log" 2>&1 ||
  { tail -n 30 "$scratch/baseline-build.log" >&2; exit 1; }
for t in fuzz_replay_checked_div; do
  [[ -f "$release/tests/fuzz/$t" ]] && asan_targets+=("$t")
done
base_rc=0
(cd "$release" && ctest -j "$jobs" --timeout 300 >"$scratch/baseline-ctest.log" 2>&1) || base_rc=$?
tail -n 3 "$scratch/baseline-ctest.log"
if [[ $base_rc -ne 0 ]]; then
  echo "baseline tests fail: the seeded-fault results would be meaningless" >&2
  grep -E "Failed|\*\*\*" "$scratch/baseline-ctest.log" | head -n 20 >&2
  exit 1
fi
echo "=== baseline: sanitizer build (${asan_targets[*]})"
configure "$asan" Debug "-DCMAKE_CXX_FLAGS=-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
  "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined"
cmake --build "$asan" -j "$jobs" --target "${asan_targets[@]}" >"$scratch/baseline-asan.log" 2>&1 ||
  { tail -n 30 "$scratch/baseline-asan.log" >&2; exit 1; }
echo "baseline ready in $((SECONDS - t0)) s"

# The proof column counts only if the unmodified copy proves: a kill must be a goal the fault
# breaks, not a timeout of a loaded machine. A killed proof names the functions with unproved goals.
prove_cmd=""
proof_note="proofs/frama-c/prove.sh absent from the scratch copy: proof check not run"
[[ $proofs -eq 1 ]] || proof_note="--no-proofs: proof check not run"
if [[ $proofs -eq 1 && -x "$src/proofs/frama-c/prove.sh" ]]; then
  echo "=== baseline: Frama-C/WP proof of the unmodified copy"
  if (cd "$src" && timeout 1800 proofs/frama-c/prove.sh >"$scratch/baseline-prove.log" 2>&1); then
    prove_cmd="$src/proofs/frama-c/prove.sh"
    proof_note="proofs/frama-c/prove.sh run per kernel fault (baseline: $(grep -E '^TOTAL' "$scratch/baseline-prove.log" | awk '{print $2}') proved)"
  else
    proof_note="baseline proof of the unmodified copy failed: proof column not run"
    tail -n 5 "$scratch/baseline-prove.log" >&2
  fi
fi

mkdir -p "$evidence"
json="{\"source\": \"$source_mode\", \"commit\": \"$(git -C "$root" rev-parse HEAD)\", \"faults\": ["
sep=""
killed_all=1
printf '\n%-26s %-8s %-7s %-7s %-34s %s\n' fault where tests asan proofs "caught by (first failing tests)"
table=""
while IFS='|' read -r name file description where sanitizer; do
  if [[ ${#only[@]} -gt 0 && ! " ${only[*]} " =~ " $name " ]]; then continue; fi
  python3 "$faults_py" apply "$name" "$src"
  start=$SECONDS
  test_result="survived"
  failing=""
  if ! cmake --build "$release" -j "$jobs" >"$scratch/$name-build.log" 2>&1; then
    test_result="build-failed"
  else
    rc=0
    (cd "$release" && ctest -j "$jobs" --timeout 300 >"$scratch/$name-ctest.log" 2>&1) || rc=$?
    if [[ $rc -ne 0 ]]; then
      test_result="killed"
      failing="$(grep -E '^\s*[0-9]+ - ' "$scratch/$name-ctest.log" | sed -E 's/^\s*[0-9]+ - //; s/ \(.*//' | head -n 3 | paste -sd ';' -)"
      nfail="$(grep -cE '^\s*[0-9]+ - ' "$scratch/$name-ctest.log" || true)"
      failing="$nfail failing: $failing"
    fi
  fi
  asan_result="-"
  if [[ -n "$sanitizer" ]]; then
    asan_result="survived"
    if cmake --build "$asan" -j "$jobs" --target "${asan_targets[@]}" >"$scratch/$name-asan-build.log" 2>&1; then
      log="$scratch/$name-asan.log"
      : >"$log"
      for t in "${asan_targets[@]}"; do
        exe="$(find "$asan" -name "$t" -type f | head -n1)"
        args=()
        [[ "$t" == fuzz_replay_* ]] && args=("$src/tests/fuzz/corpus/${t#fuzz_replay_}")
        ASAN_OPTIONS=detect_leaks=0 "$exe" "${args[@]}" >>"$log" 2>&1 || true
      done
      if grep -qE 'ERROR: AddressSanitizer|runtime error:' "$log"; then
        asan_result="killed"
        what="$(grep -oE 'AddressSanitizer: [a-z-]+|runtime error: .{0,70}' "$log" | head -n1)"
        failing="${failing:+$failing; }sanitizer: $what"
      fi
    else
      asan_result="build-failed"
    fi
  fi
  proof_result="not run"
  if [[ "$where" == kernel && -n "$prove_cmd" ]]; then
    if (cd "$src" && timeout 1800 "$prove_cmd" >"$scratch/$name-prove.log" 2>&1); then
      proof_result="survived"
    else
      proof_result="killed"
      unproved="$(grep -E 'NOT PROVED' "$scratch/$name-prove.log" | awk '{print $1 " " $2}' | head -n 4 | paste -sd ',' -)"
      failing="${failing:+$failing; }WP: ${unproved:-$(tail -n 1 "$scratch/$name-prove.log")}"
    fi
  elif [[ "$where" != kernel ]]; then
    proof_result="n/a"
  fi
  python3 "$faults_py" revert "$name" "$src"
  killed=0
  [[ "$test_result" == killed || "$asan_result" == killed || "$proof_result" == killed ]] && killed=1
  [[ $killed -eq 1 ]] || killed_all=0
  printf '%-26s %-8s %-7s %-7s %-34s %s\n' "$name" "$where" "$test_result" "$asan_result" \
    "$proof_result" "$failing"
  json+="$sep{\"fault\": \"$name\", \"file\": \"$file\", \"description\": \"$description\", \"in\": \"$where\", \"tests\": \"$test_result\", \"sanitizers\": \"$asan_result\", \"proofs\": \"$proof_result\", \"killed\": $([[ $killed -eq 1 ]] && echo true || echo false), \"caught_by\": \"${failing//\"/\'}\", \"seconds\": $((SECONDS - start))}"
  sep=", "
done < <(python3 "$faults_py" list)
json+="], \"proof_check\": \"$proof_note\", \"all_killed\": $([[ $killed_all -eq 1 ]] && echo true || echo false), \"seconds\": $((SECONDS - t0))}"
echo "$json" >"$evidence/seeded-faults.json"
echo
echo "$proof_note"
echo "kill table written to $evidence/seeded-faults.json ($((SECONDS - t0)) s)"
[[ $killed_all -eq 1 ]]
