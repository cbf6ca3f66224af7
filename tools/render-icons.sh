#!/usr/bin/env bash
# Renders the app icon (resources/icons/tessera.svg) to the PNG sizes desktops look for, into
# resources/icons/hicolor/NxN/apps/tessera.png. The PNGs are committed, so builds and CI need no
# SVG renderer; run this after changing the SVG. Needs rsvg-convert (Debian: librsvg2-bin).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
svg="$root/resources/icons/tessera.svg"
command -v rsvg-convert >/dev/null || { echo "render-icons: needs rsvg-convert (apt-get install librsvg2-bin)" >&2; exit 1; }
for size in 16 32 48 64 128 256 512; do
  dir="$root/resources/icons/hicolor/${size}x${size}/apps"
  mkdir -p "$dir"
  rsvg-convert --width "$size" --height "$size" --keep-aspect-ratio "$svg" --output "$dir/tessera.png"
  echo "render-icons: $dir/tessera.png"
done
