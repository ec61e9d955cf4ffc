#!/usr/bin/env bash
# The main job: set-up, release build, tests, and a per-requirement summary.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
start=$SECONDS
bash scripts/setup.sh
bash scripts/build.sh
ctest --preset release -j "$(nproc)"
bash scripts/requirement-summary.sh build
echo "main job: $((SECONDS - start)) s"
