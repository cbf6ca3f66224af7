#!/usr/bin/env bash
# Configures and builds Tessera into build/ (or $TESSERA_BUILD_DIR). Extra arguments go to cmake.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${TESSERA_BUILD_DIR:-$root/build}"
if [ -x /usr/local/cuda/bin/nvcc ]; then export PATH="/usr/local/cuda/bin:$PATH"; fi
gui=ON
# No Qt (e.g. the GPU machine): build the engine and CLI only.
if ! pkg-config --exists Qt6Widgets 2>/dev/null && [ ! -d /usr/lib/x86_64-linux-gnu/cmake/Qt6Widgets ]; then gui=OFF; fi
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTESSERA_BUILD_GUI=$gui "$@"
cmake --build "$build" -j"$(nproc)"
