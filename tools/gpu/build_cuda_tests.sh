#!/usr/bin/env bash
# On the GPU machine: configure and build test_cuda in build-gpu/ (GUI off, sm_90).
# Prints the first errors and fails when the build fails. Run from the checkout's root.
set -uo pipefail
root="$PWD"
source "$root/tools/gpu/device_env.sh" >/dev/null 2>&1
# Configured every time (a few seconds): options added since the last call reach the cache.
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_BUILD_GUI=OFF -DTESSERA_BUILD_SERVER=OFF \
  -DTESSERA_BUILD_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90 "${cmake_extra[@]}" > cfg.log 2>&1 || { tail -20 cfg.log; exit 1; }
cmake --build build-gpu --target "${@:-test_cuda}" -j"$(nproc)" > build.log 2>&1 || { grep -m10 -A3 error build.log; exit 1; }
