#!/usr/bin/env bash
# The platform campaign (docs/platforms.md), run last by the main job: the library and its
# platform test cross-built for aarch64, armhf, riscv64, s390x (qemu-user) and a bare-metal
# Cortex-M4F (qemu-system-arm), run there, the restricted-C++ checks run on each target's objects;
# aarch64 also runs the unit and bad-input tests and all 2^32 float16/bfloat16 pairs against the
# MPFR oracle. Writes build/evidence/platforms.json. Needs the release build (scripts/build.sh).
#   scripts/platforms.sh [run_platforms.py options, e.g. --targets armhf,s390x --sweep sample]
# Exit status: 0 every target passed, 1 some target failed (platforms.json says which), 2 the
# campaign could not run.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec python3 "$root/platforms/run_platforms.py" --host-build "$root/build" \
  --work "$root/build/platforms-work" --evidence "$root/build/evidence" "$@"
