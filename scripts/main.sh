#!/usr/bin/env bash
# The main job: set-up, release build, proofs (in the background: scripts/main-proofs.sh), tests,
# the C-compiled kernels, exhaustive float16/bfloat16 sweeps, fast-path equivalence (D9), the
# onnxruntime conformance campaign, structural coverage (statement, decision, MC/DC; Eva, coupling,
# formal-analysis coverage), gcov coverage, benchmarks (alone, once the proofs are done), the
# platform campaign (other processors under QEMU, beside the WP proofs with the 32-bit machine model)
# and the traceability report. Everything lands in build/evidence/.
# Longer campaigns, run on their own: verify/faults/run_faults.py --all (the fault table: every code
# fault rebuilt and tested in a scratch copy; docs/reliability.md section 5) and
# scripts/fuzz.sh --runs 10000000 (long fuzzing).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$root"
start=$SECONDS
evidence="$root/build/evidence"
tool="$root/build/cli/sonnx-div"

stage "set-up" bash scripts/setup.sh
# The proofs need no build product: they run in the background from the start
# (scripts/main-proofs.sh: Why3 and WP with the smoke tests and binding mutants),
# beside the stages below up to the benchmarks, which run alone. Their log and stage times are
# shown where they are waited for.
cmake --preset release >/dev/null
mkdir -p "$evidence"
proofs_times="$root/build/main-proofs-times.json"
rm -f "$proofs_times"
proofs_start bash scripts/main-proofs.sh "$proofs_times"
wait_for_proofs() {
  local rc=0
  proofs_wait || rc=$?
  # Their own stages, marked as run in the background (their time overlaps the stages above).
  if [[ -f "$proofs_times" ]]; then
    local line
    while IFS= read -r line; do
      stage_json+=("$line")
    done < <(python3 -c 'import json, sys
for s in json.load(open(sys.argv[1]))["stages"]:
    s["name"] = "in the background: " + s["name"]
    print(json.dumps(s))' "$proofs_times")
  fi
  return "$rc"
}
stage "release build" bash scripts/build.sh
stage "tool versions" cmake --build build --target tool-versions
stage "tests" ctest_preset release
# The release outputs built again in another folder: the same library archive and the same
# sonnx-div executable, byte for byte; their hashes are the evidence's record of the library.
stage "reproducible build (the library and the tool, built again elsewhere)" python3 \
  tests/reproducible_build.py --source "$root" --build build \
  --target sonnx_div:core/src/libsonnx_div.a --target sonnx-div:cli/sonnx-div \
  --json "$evidence/reproducible-build.json"
stage "test evidence (Catch2 XML)" cmake --build build --target trace-tests
# The C-subset files compiled as C by the C compiler (AS-CC-3): the unit tests against that build,
# and the bits of every 16-bit pair compared with the C++ compilation's.
stage "C-compiled kernels: build" bash -c \
  'cmake --preset c-kernels >/dev/null && cmake --build build-c --target unit_tests -j '"$jobs"
stage "C-compiled kernels: unit tests" ctest --test-dir build-c -R '^unit_tests' -j "$jobs"
stage "C-compiled kernels: every 16-bit pair equal to the C++ compilation" \
  build/core/tests/c_kernels/c_kernels_equal build/core/tests/c_kernels/libsonnx_kernels_c.so --full
stage "exhaustive float16 sweep" "$tool" verify-exhaustive --format f16 --json "$evidence/exhaustive-f16.json"
stage "exhaustive bfloat16 sweep" "$tool" verify-exhaustive --format bf16 --json "$evidence/exhaustive-bf16.json"
# D9: the fast paths against the proved kernels, on every pair of the 16-bit types (2^32 each),
# every pair of the 8-bit types and 10^8 sampled pairs of the 32-bit and 64-bit types (proved
# exact in Why3).
for type in f16 bf16 int16 uint16; do
  stage "fast path equivalence $type (2^32 pairs)" "$tool" verify-exhaustive --fast-paths "$type" \
    --json "$evidence/exhaustive-fastpath-$type.json"
done
for type in int8 uint8 int32 uint32 int64 uint64; do
  stage "fast path equivalence $type" "$tool" verify-exhaustive --fast-paths "$type" \
    --json "$evidence/fastpath-$type.json"
done
# Bind the sweep results to the compiled sources and the oracle they ran, by content (binding
# "sweeps" of spec/evidence-sources.json).
sweep_provenance() {
  local f
  for f in "$evidence"/exhaustive-*.json "$evidence"/fastpath-*.json; do
    if [[ -f "$f" ]]; then python3 -m sonnx_evidence.evidence_provenance "$f" --binding sweeps; fi
  done
}
stage "sweep provenance" sweep_provenance
# The deployed runtimes against the reference (docs/conformance.md): onnxruntime through its
# Node.js binding and onnxruntime-web (its WebAssembly build, in Node.js), the same full campaign
# for each: every float16 and bfloat16 pair, seeded random pairs, edge and domain cases. Exit 1
# means the runtime has findings: they are the runtime's and go to the report as they are; only a
# campaign malfunction (exit >= 2) stops the job.
# The adapter keeps freed memory for the next request, like sonnx-div conform itself
# (docs/conformance.md): glibc would otherwise unmap each request's blocks and fault them in again.
conformance() {
  local rc=0 name="$1" adapter="$2"
  local keep="glibc.malloc.mmap_max=0:glibc.malloc.trim_threshold=2147483647"
  "$tool" conform --report "$evidence/conformance-$name.json" -- \
    env GLIBC_TUNABLES="$keep${GLIBC_TUNABLES:+:$GLIBC_TUNABLES}" node "$root/$adapter" || rc=$?
  if ((rc == 1)); then echo "conformance: $name has findings (see the report)"; fi
  ((rc <= 1)) || return 1
  # The report's provenance: the reference's sources, the campaign's (conform/, process/), and the
  # runtimes' adapters and pinned versions.
  python3 -m sonnx_evidence.evidence_provenance "$evidence/conformance-$name.json" --binding conformance
}
stage "conformance campaign (onnxruntime)" conformance onnxruntime conform/onnxruntime/adapter.js
stage "conformance campaign (onnxruntime-web)" conformance onnxruntime-web \
  conform/onnxruntime-web/adapter.js
# The two runtimes side by side: every case either lists as a finding replayed through both.
compare_runtimes() {
  python3 conform/compare/compare_runtimes.py \
    --report "$evidence/conformance-onnxruntime.json" \
    --adapter "node $root/conform/onnxruntime/adapter.js" \
    --report "$evidence/conformance-onnxruntime-web.json" \
    --adapter "node $root/conform/onnxruntime-web/adapter.js" \
    --json "$evidence/conformance-comparison.json" --markdown "$evidence/conformance-comparison.md"
  python3 -m sonnx_evidence.evidence_provenance "$evidence/conformance-comparison.json" \
    --binding conformance
}
stage "conformance: the two runtimes compared" compare_runtimes
# Structural coverage (docs/structural-coverage.md): the mcdc build and every Catch2 test case on
# each CPU beside the proofs; the analysis against the justification register, Eva, the
# formal-analysis coverage and coupling once the proofs (wp-report.json, wp-smoke.json) are there.
stage "structural coverage: mcdc build and test runs (clang 19; six CPUs and modes)" \
  bash scripts/structural-coverage.sh runs
# gcov lines and branches by every test, tools included: an indication, not the claim.
stage "line and branch coverage (gcovr, indicative)" bash scripts/coverage.sh
stage "proofs (wait for the background proofs)" wait_for_proofs
# The named-proofs check, as in the test command: its verdict (named-proofs.json) is the test of
# its tool requirement in the report's tool-qualification section (evidence/tool-requirements.json).
stage "named proof goals (the catalogue against this run's proofs)" python3 \
  -m sonnx_evidence.check_named_proofs build/traceability/sonnx-trace "$root" "$evidence" \
  --catch-list build/catch-tests.txt
stage "structural coverage: analysis and register, Eva, formal-analysis coverage, coupling" \
  bash scripts/structural-coverage.sh evidence
stage "benchmarks" cmake --build build --target bench
# The evidence for other processors, last of the campaigns: the library cross-built and run under
# QEMU (docs/platforms.md) and, beside it, the WP proofs once more with Frama-C's 32-bit machine
# model, for the 32-bit targets (AS-WP-5), bound to its sources like the x86_64 run's (binding
# "wp"); then the C-function adapter's example kernels on the same targets (conformance campaigns
# under each emulator, docs/conformance.md). Platform exit 1 means some target failed or some
# example did not show what it must; platforms.json and conformance-c-adapter.json say which and
# the report's platform and runtime-conformance sections show it. A campaign malfunction
# (exit >= 2) or an unproved 32-bit goal stops the job.
platforms() {
  local rc=0 prove_rc=0
  # Like the main proofs (scripts/lib.sh): a process group of its own, its log shown when waited for.
  proofs_start bash -c 'proofs/frama-c/prove.sh --machdep x86_32 --out "$1/build/x86_32/evidence" &&
    python3 -m sonnx_evidence.evidence_provenance "$1/build/x86_32/evidence/wp-report.json" --binding wp' \
    _ "$root"
  bash scripts/platforms.sh || rc=$?
  proofs_wait || prove_rc=$?
  if ((rc == 1)); then
    echo "platforms: some target failed (see platforms.json, conformance-c-adapter.json)"
  fi
  ((prove_rc == 0 && rc <= 1))
}
platform_stage="platform campaign (aarch64, armhf, riscv64, s390x, Cortex-M4F under QEMU, with the"
platform_stage+=" C adapter's examples; WP proofs with the x86_32 machine model)"
stage "$platform_stage" platforms
stage "traceability report" cmake --build build --target report
# The catalogue and the trace links the report computed, as ReqIF 1.2 (docs/structural-coverage.md).
stage "ReqIF export" env PYTHONPATH="$root/evidence" python3 -m sonnx_evidence.coverage.reqif \
  --catalogue spec/requirements.json --trace "$evidence/traceability.json" \
  --out "$evidence/requirements.reqif"
echo "main job: $((SECONDS - start)) s, $(children_cpu) CPU-s"
write_times "$evidence/main-job-times.json"
# The performance table gives the main job's time against its target: rendered again with it.
if [[ -f "$evidence/bench.json" ]]; then
  python3 bench/render_performance.py --evidence "$evidence" \
    --table "$evidence/performance-table.md" --plot "$evidence/performance-throughput.svg"
fi
# Last, the bundle's manifest (every file with its SHA-256, and the commit), and the bundle checked
# as a receiver would check it (docs/traceability.md, "Checking a received bundle"): every file
# listed and unaltered, every verdict accepted under the prover policy, the counts consistent,
# each file bound to this checkout's sources.
# (with the list of test cases the report judged the Catch2 results against, which the check needs)
stage "evidence manifest" bash -c 'cp build/catch-tests.txt "$1/catch-tests.txt" &&
  python3 -m sonnx_evidence.manifest write "$1"' _ "$evidence"
stage "evidence bundle check (sonnx-div verify-evidence)" "$tool" verify-evidence "$evidence" \
  --sources "$root"
summary
echo "evidence bundle: $evidence (open traceability.html)"
