#!/usr/bin/env bash
# The platform campaign (docs/platforms.md), run last by the main job: the library and its
# platform test cross-built for aarch64, armhf, riscv64, s390x (qemu-user) and a bare-metal
# Cortex-M4F (qemu-system-arm), run there, the restricted-C++ checks run on each target's objects;
# aarch64 also runs the unit and bad-input tests and all 2^32 float16/bfloat16 pairs against the
# MPFR oracle. Writes build/evidence/platforms.json. Then, on the same targets, the C-function
# adapter's example kernels (docs/conformance.md, "Your C Div on your target"): each built with the
# target's compiler, its conformance campaign run under the target's emulator and judged against
# conform/c_adapter/examples/examples.json; writes build/evidence/conformance-c-adapter.json.
# Needs the release build (scripts/build.sh).
#   scripts/platforms.sh [run_platforms.py options, e.g. --targets armhf,s390x --sweep sample]
# Exit status: 0 every target passed, 1 some target failed or some example did not show what it
# must (platforms.json and conformance-c-adapter.json say which), 2 a campaign could not run.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# run_examples.py imports the evidence package (evidence/sonnx_evidence).
export PYTHONPATH="$root/evidence${PYTHONPATH:+:$PYTHONPATH}"
targets=x86-64,aarch64,armhf,riscv64,s390x,cortex-m4f
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  case "${args[i]}" in
    --targets) targets="${args[i + 1]:-}" ;;
    --targets=*) targets="${args[i]#--targets=}" ;;
  esac
done
rc=0
python3 "$root/platforms/run_platforms.py" --host-build "$root/build" \
  --work "$root/build/platforms-work" --evidence "$root/build/evidence" "$@" || rc=$?
c_rc=0
python3 "$root/conform/c_adapter/run_examples.py" --targets "$targets" \
  --tool "$root/build/cli/sonnx-div" --work "$root/build/platforms-work/c-adapter" \
  --evidence "$root/build/evidence" || c_rc=$?
exit $((rc > c_rc ? rc : c_rc))
