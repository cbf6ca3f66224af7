# Sourced by the tools/gpu scripts on the GPU machine: puts the CUDA toolkit on PATH, points the
# tests at the carried fixtures, and unpacks the carried Debian packages (GoogleTest, PCRE2,
# nlohmann-json, pkg-config) under /tmp/deps, never into /. Sets `cmake_extra` (an array) for the
# configure step.
#   Needs: $root (the checkout). Carry .device-data (fixtures/{models,hf}, debs/*.deb).
export PATH="/usr/local/cuda/bin:$PATH"
export TESSERA_FIXTURES_DIR="$root/.device-data/fixtures"
cmake_extra=()
if ls "$root"/.device-data/debs/*.deb >/dev/null 2>&1; then
  mkdir -p /tmp/deps
  for f in "$root"/.device-data/debs/*.deb; do
    if command -v dpkg >/dev/null; then dpkg -x "$f" /tmp/deps
    else (cd /tmp/deps && ar p "$f" "$(ar t "$f" | grep '^data.tar')" | tar -x -f - 2>/dev/null || ar p "$f" data.tar.xz | tar -xJ -f -); fi
  done
  if ! command -v pkg-config >/dev/null; then
    export PATH="$PATH:/tmp/deps/usr/bin" LD_LIBRARY_PATH="/tmp/deps/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  fi
  # One copy of each header library: PCRE2's -I/tmp/deps/usr/include would otherwise put the carried
  # nlohmann-json (3.11.2) before the machine's own in some targets only, and the two versions'
  # ABI-tagged symbols do not link (tessera-cli failed so on 2026-12-06).
  has_system() { find /usr/lib /usr/share /usr/local/lib /usr/local/share -maxdepth 4 -name "$1" 2>/dev/null | grep -q .; }
  has_system nlohmann_jsonConfig.cmake &&
    rm -rf /tmp/deps/usr/include/nlohmann /tmp/deps/usr/share/cmake/nlohmann_json /tmp/deps/usr/lib/cmake/nlohmann_json
  has_system GTestConfig.cmake && rm -rf /tmp/deps/usr/include/gtest /tmp/deps/usr/include/gmock
  if ! has_system GTestConfig.cmake || ! has_system nlohmann_jsonConfig.cmake; then
    cmake_extra+=(-DCMAKE_PREFIX_PATH=/tmp/deps/usr)
  fi
  if ! pkg-config --exists libpcre2-8 2>/dev/null; then
    export PKG_CONFIG_PATH=/tmp/deps/usr/lib/x86_64-linux-gnu/pkgconfig PKG_CONFIG_SYSROOT_DIR=/tmp/deps
  fi
fi
