#!/usr/bin/env bash
# The test command: set-up, release build, every test. Exit status 0 only if all pass.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
start=$SECONDS
bash scripts/setup.sh
bash scripts/build.sh
ctest --preset release -j "$(nproc)"
echo "test command: $((SECONDS - start)) s"
