#!/usr/bin/env bash
# Installs every Debian package Tessera needs to build, test and package (Debian 12); clang and
# its libFuzzer runtime build the fuzz targets (tools/fuzz.sh); json-schema-test-suite is the
# reference the structured-output grammar is checked against (tests/core/grammar).
# The CUDA toolkit is not a Debian package here: it is expected at /usr/local/cuda (optional;
# without it the CUDA backend is not built and the engine runs on the CPU).
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
packages=(
  build-essential cmake ninja-build pkg-config git
  libgtest-dev libgmock-dev
  libpcre2-dev nlohmann-json3-dev libcpp-httplib-dev libboost-dev
  libcurl4-openssl-dev libssl-dev
  qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libgl-dev
  libqcustomplot-dev libqcustomplot2.1-qt6
  xvfb xauth appstream file dpkg-dev
  desktop-file-utils libqt6svg6
  qt6-translations-l10n
  clang libclang-rt-14-dev
  json-schema-test-suite
)
# The OpenAI client test (tests/server/openai-client) needs Node.js 18+ and npm (Debian 12 has 18);
# a node already on the PATH (e.g. NodeSource's) is used as it is.
if ! command -v node >/dev/null 2>&1; then packages+=(nodejs npm); fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "install-deps: all packages present"
fi
