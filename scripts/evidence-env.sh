# Sourced by the scripts that build, run and measure into the evidence folder (scripts/coverage.sh,
# scripts/structural-coverage.sh): the repository root, which is also the working folder, the
# evidence folder ($SONNX_EVIDENCE_DIR, default build/evidence) and the parallel jobs of the builds
# and runs ($SONNX_JOBS, default 2).
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
evidence="${SONNX_EVIDENCE_DIR:-$root/build/evidence}"
jobs="${SONNX_JOBS:-2}"
