#!/usr/bin/env bash
# Structural coverage of the library (docs/structural-coverage.md): statement, decision and MC/DC
# coverage from the requirement-tagged tests (clang 19, the mcdc preset in build-mcdc/), the
# justification register, coupling, the formal-analysis coverage of the proved C and Frama-C Eva.
# The steps are the modules of sonnx_evidence.coverage; this script only builds and sequences
# them.
#
#   scripts/structural-coverage.sh runs       build the mcdc preset, run every Catch2 test case on
#                                             each CPU (native; x86-64-v4-less, AVX2-less and
#                                             F16C-only CPUs under qemu-x86_64; the kernel-mode
#                                             environments of the CTest entries)
#   scripts/structural-coverage.sh evidence   after `runs` and the proofs (wp-report.json,
#                                             wp-smoke.json, wp-float-to-int.json in the evidence
#                                             dir) and the release build (the archive the
#                                             compile-time rows are checked against): the coverage
#                                             analysis, Eva, formal-analysis coverage, coupling
#   scripts/structural-coverage.sh reduced    the test command's form: the unit tests on this CPU
#                                             only (build and runs, beside the proofs) ...
#   scripts/structural-coverage.sh reduced-check   ... judged on the C-subset files (every version
#                                             but the AVX2 and default clones, which need other
#                                             CPUs) once wp-report.json is there
# Writes to $SONNX_EVIDENCE_DIR (default build/evidence): structural-coverage.json,
# coverage-reach.json, coverage-mcdc/ (the source with counts and MC/DC), eva.json,
# formal-coverage.json, coupling.json; `reduced` writes structural-coverage-reduced.json.
# Exit status 1 when a gap is unresolved, a justification's check fails or any step fails.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/evidence-env.sh"  # root (working folder), evidence, jobs
build="$root/build-mcdc"
runs="$build/mcdc-runs"
mode="${1:?usage: structural-coverage.sh runs|evidence|reduced|reduced-check}"
export PYTHONPATH="$root/evidence${PYTHONPATH:+:$PYTHONPATH}"
# The library's files (the folders of the analysis) and the C-subset files, which CMake lists
# (build-mcdc/mcdc/library-sources.txt, written at configure time).
library_dirs=(core/src/common core/src/div core/include/sonnx)
register=spec/coverage-justifications.json
mkdir -p "$evidence"

configure() {
  cmake --preset mcdc >/dev/null
}
c_subset_files() {
  sed -n "s|^$root/||p" "$build/mcdc/library-sources.txt" | grep '\.c$'
}

analyse() {  # analyse OUT_NAME [extra arguments]
  python3 -m sonnx_evidence.coverage.analyse --runs "$runs/runs.json" --root "$root" \
    --library-dir "${library_dirs[@]}" --register "$register" \
    --wp-report "$evidence/wp-report.json" --archive "$root/build/core/src/libsonnx_div.a" \
    --multiversion core/src/common/kernels/sonnx_multiversion.h \
    --coverage-multiversion cmake/mcdc_multiversion.h --out "$evidence" "$@"
}

case "$mode" in
  runs)
    configure
    cmake --build "$build" -j "$jobs"
    rm -rf "$runs"
    # The CPUs: this one (x86-64-v4 here), Haswell (AVX2, no AVX-512: the AVX2 clones), Nehalem
    # (no AVX: the default clones and the baseline table), Ivy Bridge (F16C without AVX2: the
    # other side of the table choice), each under qemu-x86_64 (evidence about the compiled code,
    # not the silicon); the kernel modes of the CTest entries unit_tests_proved_kernels and
    # unit_tests_kernels_fastest_by_name. QEMU 7.2's AVX2 gives other results than this CPU for
    # the two equivalence tests named below on the same object code (they pass natively): their
    # runs under Haswell are recorded, not counted.
    baseline="env 'SONNX_EXPECT_INSTRUCTION_SET=x86-64 baseline' qemu-x86_64"
    python3 -m sonnx_evidence.coverage.run --build "$build" --catalogue spec/requirements.json \
      --out "$runs" -j "$jobs" \
      --executor "haswell=qemu-x86_64 -cpu Haswell" \
      --executor "nehalem=$baseline -cpu Nehalem" \
      --executor "ivybridge=$baseline -cpu IvyBridge" \
      --executor-tests "ivybridge=the fast paths are those of the CPU the tests expect" \
      --executor "proved=env SONNX_DIV_KERNELS=proved" \
      --executor "fastest-by-name=env SONNX_DIV_KERNELS=fastest" \
      --executor-tests "fastest-by-name=SONNX_DIV_KERNELS selects the kernels*" \
      --emulator-disagrees "haswell=8-bit sampled, 16-bit exhaustive prefix: both modes of *" \
      --emulator-disagrees "haswell=16-bit and 32-bit fast paths equal the proved kernels on *"
    ;;
  evidence)
    rc=0
    analyse --object "$build/cli/sonnx-div" --html || rc=1
    mapfile -t c_files < <(c_subset_files)
    includes=()
    for d in $(printf '%s\n' "${c_files[@]}" | xargs -n1 dirname | sort -u); do
      includes+=(--include "$d")
    done
    python3 -m sonnx_evidence.coverage.eva --root "$root" --harness proofs/eva/harness.c \
      "${includes[@]}" \
      --register spec/eva-alarms.json --wp-report "$evidence/wp-report.json" \
      --wp-properties "$evidence/wp-properties.csv" \
      --wp-float-to-int "$evidence/wp-float-to-int.json" --out "$evidence" \
      --work "$build/eva-work" -j "$jobs" "${c_files[@]}" || rc=1
    python3 -m sonnx_evidence.coverage.formal --evidence "$evidence" --out "$evidence" \
      "${c_files[@]}" || rc=1
    python3 -m sonnx_evidence.coverage.coupling --root "$root" --evidence "$evidence" \
      --headers core/include/sonnx/div.hpp core/include/sonnx/tensor.hpp \
      --facade core/src/div/div.cpp --cpp core/src/common/validation.cpp \
      --view-header core/src/common/kernels/sonnx_validation.h \
      --checks "${c_files[@]}" --out "$evidence" || rc=1
    exit "$rc"
    ;;
  reduced)
    configure
    cmake --build "$build" --target unit_tests -j "$jobs"
    rm -rf "$runs"
    python3 -m sonnx_evidence.coverage.run --build "$build" --catalogue spec/requirements.json \
      --out "$runs" -j "$jobs" --programs unit_tests
    ;;
  reduced-check)
    scope=()
    for f in $(c_subset_files); do scope+=(--scope "$f"); done
    reduced=(--skip-variant "avx2 clone" --skip-variant "default clone" "${scope[@]}")
    analyse --name structural-coverage-reduced.json "${reduced[@]}"
    # The reduced form must fail on a gap without a justification: planted by analysing the
    # clones this run skips too (a CPU runs one of the AVX2 and default clones at most, so the
    # other's code is a gap) with the register emptied (the reduced form itself may have no gap).
    planted="$build/planted-register.json"
    python3 -c 'import json, sys
reg = json.load(open(sys.argv[1])); reg["rows"] = []
json.dump(reg, open(sys.argv[2], "w"))' "$register" "$planted"
    log="$build/planted-register.log"
    if register="$planted" analyse --name structural-coverage-planted.json "${scope[@]}" \
        >"$log" 2>&1; then
      echo "structural-coverage.sh: the reduced form passed with an empty register" >&2
      exit 1
    fi
    grep -q "UNRESOLVED" "$log" || { cat "$log" >&2; exit 1; }
    echo "planted: with an empty register the reduced form fails on" \
      "$(grep -c UNRESOLVED "$log") gaps"
    rm -f "$evidence/structural-coverage-planted.json"
    ;;
  *) echo "structural-coverage.sh: unknown mode $mode" >&2; exit 2 ;;
esac
