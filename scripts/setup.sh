#!/usr/bin/env bash
# Installs the Debian 12 packages listed in scripts/debian-packages.txt (skipped when all are
# present; needs root or sudo; a package NAME:arch of a foreign architecture, the arm64 multiarch
# libraries of the platform campaign, first adds that architecture to dpkg), then the pinned onnxruntime Node.js binding of the conformance
# campaign and onnxruntime-web (conform/onnxruntime, conform/onnxruntime-web: npm ci
# --ignore-scripts from each package-lock.json, skipped when node_modules already matches it).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mapfile -t packages < <(grep -vE '^\s*(#|$)' "$here/debian-packages.txt")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ! command -v npm >/dev/null 2>&1; then missing+=(npm); fi
if ((${#missing[@]} == 0)); then
  echo "setup: all ${#packages[@]} Debian packages present"
else
  sudo_cmd=()
  if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  for arch in $(printf '%s\n' "${missing[@]}" | sed -n 's/^[^:]*:\([a-z0-9]*\)$/\1/p' | sort -u); do
    if ! dpkg --print-foreign-architectures | grep -qx "$arch"; then
      "${sudo_cmd[@]}" dpkg --add-architecture "$arch"
    fi
  done
  "${sudo_cmd[@]}" apt-get update -q
  "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# The pinned onnxruntime packages of the conformance campaign, each from its package-lock.json:
# onnxruntime-node ships its CPU binaries in the package (its install script only fetches optional
# GPU components), onnxruntime-web its WebAssembly builds; hence --ignore-scripts. The stamp records
# the lock file each was installed from.
for dir in onnxruntime onnxruntime-web; do
  ort="$(cd "$here/../conform/$dir" && pwd)"
  package="onnxruntime-node"
  if [[ "$dir" == onnxruntime-web ]]; then package="onnxruntime-web"; fi
  stamp="$ort/node_modules/.sonnx-package-lock.sha256"
  want="$(sha256sum "$ort/package-lock.json" | cut -d' ' -f1)"
  if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" && -d "$ort/node_modules/$package" ]]; then
    echo "setup: $package up to date ($ort/node_modules)"
  else
    echo "setup: npm ci --ignore-scripts in $ort"
    (cd "$ort" && npm ci --ignore-scripts --no-audit --no-fund)
    echo "$want" > "$stamp"
  fi
done
