#!/usr/bin/env bash
# Renders an HTML report in headless Chromium and checks that the screenshot is produced and
# non-trivial (the right size, not blank). Usage: traceability/screenshot-test.sh HTML PNG
# Exit status: 0 pass, 1 fail, 77 skipped (no chromium).
set -uo pipefail
html="${1:?usage: screenshot-test.sh HTML PNG}"
png="${2:?usage: screenshot-test.sh HTML PNG}"
browser="$(command -v chromium || command -v chromium-browser || true)"
if [[ -z "$browser" ]]; then
  echo "screenshot-test: chromium not installed; skipped"
  exit 77
fi
[[ -f "$html" ]] || { echo "screenshot-test: $html not found" >&2; exit 1; }
html="$(cd "$(dirname "$html")" && pwd)/$(basename "$html")"
mkdir -p "$(dirname "$png")"
rm -f "$png"
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$profile" --screenshot="$png" --window-size=1400,2000 "file://$html" \
  >"$profile/log" 2>&1
if [[ ! -s "$png" ]]; then
  echo "screenshot-test: no screenshot produced" >&2
  tail -20 "$profile/log" >&2
  exit 1
fi
# PNG signature, IHDR width/height, and a blank-page check on the decoded pixels.
python3 - "$png" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
if data[:8] != b"\x89PNG\r\n\x1a\n":
    sys.exit("screenshot-test: not a PNG")
w, h, depth, ctype = struct.unpack(">IIBB", data[16:26])
pos, idat = 8, b""
while pos < len(data):
    n, = struct.unpack(">I", data[pos:pos + 4]); kind = data[pos + 4:pos + 8]
    if kind == b"IDAT": idat += data[pos + 8:pos + 8 + n]
    pos += 12 + n
raw = zlib.decompress(idat)
bpp = {2: 3, 6: 4}.get(ctype, 1) * depth // 8
stride = w * bpp + 1
# Undo the PNG filters to count distinct colours on a sample of rows.
prev = bytearray(w * bpp); colours = set(); nonwhite = 0; sampled = 0
# The top 600 rows hold the header, the summary cards and bar and the first requirements.
for y in range(min(h, 600)):
    f = raw[y * stride]; line = bytearray(raw[y * stride + 1:(y + 1) * stride])
    for i in range(len(line)):
        a = line[i - bpp] if i >= bpp else 0; b = prev[i]; c = prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    prev = line
    if y % 10 == 0:
        for x in range(0, w, 2):
            px = bytes(line[x * bpp:x * bpp + 3]); colours.add(px); sampled += 1
            if px != b"\xff\xff\xff" and px != b"\xf6\xf7\xf9": nonwhite += 1
ratio = nonwhite / max(sampled, 1)
print(f"screenshot-test: {sys.argv[1]}: {w}x{h}, {len(colours)} colours sampled, {ratio:.1%} non-background")
if (w, h) != (1400, 2000): sys.exit("screenshot-test: unexpected size")
# The CSS must have been applied: at least one status colour of the summary bar is on screen.
status = {bytes.fromhex(c) for c in ("2e7d32", "e08a00", "7b1fa2", "c62828", "757575")}
if not colours & status: sys.exit("screenshot-test: no status colour rendered (CSS missing?)")
if len(colours) < 16 or ratio < 0.05: sys.exit("screenshot-test: the page looks blank")
PY
