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
  if ! find /usr/lib /usr/share /usr/local/lib /usr/local/share -maxdepth 4 -name 'GTestConfig.cmake' 2>/dev/null | grep -q . ||
     ! find /usr/lib /usr/share /usr/local/lib /usr/local/share -maxdepth 4 -name 'nlohmann_jsonConfig.cmake' 2>/dev/null | grep -q .; then
    cmake_extra+=(-DCMAKE_PREFIX_PATH=/tmp/deps/usr)
  fi
  if ! pkg-config --exists libpcre2-8 2>/dev/null; then
    export PKG_CONFIG_PATH=/tmp/deps/usr/lib/x86_64-linux-gnu/pkgconfig PKG_CONFIG_SYSROOT_DIR=/tmp/deps
  fi
fi
