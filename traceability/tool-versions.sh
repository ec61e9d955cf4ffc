#!/usr/bin/env bash
# Records the versions of the tools the evidence depends on into EVIDENCE_DIR/tool-versions.json.
# Usage: traceability/tool-versions.sh EVIDENCE_DIR [SOURCE_DIR]
# A tool that is not installed is recorded as "not installed" (the report shows it).
set -uo pipefail
evidence="${1:?usage: tool-versions.sh EVIDENCE_DIR [SOURCE_DIR]}"
src="${2:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
mkdir -p "$evidence"

first_line() { "$@" 2>&1 | grep -m1 -v '^\s*$' | tr -d '\r'; }
deb() { dpkg-query -W -f='${Version}' "$1" 2>/dev/null || echo "not installed"; }
tool() {  # tool NAME COMMAND...
  if command -v "$2" >/dev/null 2>&1; then first_line "${@:2}"; else echo "not installed"; fi
}
esc() { sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/\t/ /g'; }

entries=()
add() { entries+=("  \"$1\": \"$(printf '%s' "$2" | esc)\""); }

add "g++" "$(tool g++ g++ --version)"
add "cmake" "$(tool cmake cmake --version)"
add "ninja" "$(tool ninja ninja --version)"
add "catch2" "Debian catch2 $(deb catch2)"
add "why3" "$(tool why3 why3 --version)"
add "z3" "$(tool z3 z3 --version)"
add "cvc4" "$(tool cvc4 cvc4 --version)"
add "cvc5" "$(tool cvc5 cvc5 --version)"
add "gappa" "$(tool gappa gappa --version)"
add "frama-c" "$(tool frama-c frama-c -version)"
add "mpfr" "Debian libmpfr-dev $(deb libmpfr-dev)"
add "gmp" "Debian libgmp-dev $(deb libgmp-dev)"
add "protobuf" "$(tool protoc protoc --version) (Debian libprotobuf-dev $(deb libprotobuf-dev))"
add "onnx" "Debian libonnx-dev $(deb libonnx-dev)"
add "nlohmann-json" "Debian nlohmann-json3-dev $(deb nlohmann-json3-dev)"
add "chromium" "Debian chromium $(deb chromium)"
add "os" "$( (. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME") || uname -s) $(uname -m)"
add "kernel" "$(uname -r)"
commit="$(git -C "$src" rev-parse HEAD 2>/dev/null || echo unknown)"
if [[ -n "$(git -C "$src" status --porcelain --untracked-files=no 2>/dev/null)" ]]; then
  dirty="yes (uncommitted changes to tracked files)"
else
  dirty="no"
fi
add "git_commit" "$commit"
add "git_dirty" "$dirty"
add "recorded_at" "$(date -u +%Y-%m-%dT%H:%M:%SZ)"

{
  echo "{"
  for i in "${!entries[@]}"; do
    if ((i + 1 < ${#entries[@]})); then echo "${entries[$i]},"; else echo "${entries[$i]}"; fi
  done
  echo "}"
} > "$evidence/tool-versions.json.tmp" && mv "$evidence/tool-versions.json.tmp" "$evidence/tool-versions.json"
echo "tool-versions: wrote $evidence/tool-versions.json"
