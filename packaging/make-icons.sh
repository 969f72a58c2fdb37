#!/usr/bin/env bash
# Regenerates the application icons in assets/icons/ from assets/icons/vram-advisor.svg:
# PNGs at 16-1024 px (Linux, window icons), vram-advisor.ico (Windows) and vram-advisor.icns (macOS).
# Needs ImageMagick (convert) and python3. The generated files are committed; run this only after editing the SVG.
set -euo pipefail
cd "$(dirname "$0")/../assets/icons"

for size in 16 32 48 64 128 256 512 1024; do
    density=$(( size * 72 / 512 ))
    (( density < 72 )) && density=72
    convert -background none -density "$density" vram-advisor.svg -resize "${size}x${size}" -depth 8 \
        "vram-advisor-$size.png"
done

convert vram-advisor-16.png vram-advisor-32.png vram-advisor-48.png vram-advisor-64.png vram-advisor-128.png \
    vram-advisor-256.png vram-advisor.ico

# ICNS: the "icns" magic and total length, then one (type, length, PNG data) entry per size
# (Apple's icon types: icp4 16, icp5 32, icp6 64, ic07 128, ic08 256, ic09 512, ic10 1024 px; all PNG-encoded).
python3 - <<'PY'
import struct
entries = [(b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
           (b"ic10", 1024)]
body = b""
for kind, size in entries:
    data = open(f"vram-advisor-{size}.png", "rb").read()
    body += kind + struct.pack(">I", len(data) + 8) + data
with open("vram-advisor.icns", "wb") as f:
    f.write(b"icns" + struct.pack(">I", len(body) + 8) + body)
PY
echo "icons written to $(pwd)"
