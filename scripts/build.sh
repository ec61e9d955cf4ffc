#!/usr/bin/env bash
# Configures and builds the release build in build/ (the CMake preset "release").
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)"
