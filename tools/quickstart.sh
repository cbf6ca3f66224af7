#!/usr/bin/env bash
# Quick start: install what is needed, build, and start Tessera on the embedded default model:
# the desktop app where there is a display, the interactive CLI chat otherwise.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/tools/install-deps.sh"
"$root/tools/build.sh"
build="${TESSERA_BUILD_DIR:-$root/build}"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -x "$build/gui/tessera" ]; then
  exec "$build/gui/tessera" "$@"
fi
exec "$build/cli/tessera-cli" chat "$@"
