#!/usr/bin/env bash
# Installs, builds and runs the whole test suite (what CI runs):
#  1. a normal build of everything (GPU tests skip where there is no GPU) and ctest;
#  2. the packages from that build (tools/package-test.sh: cpack DEB and TGZ, control fields,
#     validation, apt-get install, the installed programs, apt-get remove --purge);
#  3. the core, CLI and server suites again under AddressSanitizer + UBSan (the GGUF corruption
#     suite among them; the Node.js client test runs in step 1 only), in build-asan/;
#  4. every libFuzzer target for 60 s (tools/fuzz.sh: clang, build-fuzz/); a crash fails the run
#     and its reproducer is printed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/tools/install-deps.sh"
export TESSERA_BUILD_DIR="${TESSERA_BUILD_DIR:-$root/build}"
"$root/tools/build.sh" -DTESSERA_BUILD_TESTS=ON
export QT_QPA_PLATFORM=offscreen
ctest --test-dir "$TESSERA_BUILD_DIR" --output-on-failure -j"$(nproc)" --timeout 600
"$root/tools/package-test.sh" "$TESSERA_BUILD_DIR"

asan="$root/build-asan"
cmake -S "$root" -B "$asan" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DTESSERA_SANITIZE=ON \
  -DTESSERA_BUILD_GUI=OFF -DTESSERA_BUILD_CUDA=OFF -DTESSERA_BUILD_TESTS=ON
cmake --build "$asan" -j"$(nproc)"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir "$asan" --output-on-failure -j"$(nproc)" -L "core|cli|server" -E server_openai_client --timeout 900

"$root/tools/fuzz.sh" 60
