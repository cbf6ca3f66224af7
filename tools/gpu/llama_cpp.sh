#!/usr/bin/env bash
# On the GPU machine: builds llama.cpp (the speed anchor) from the source tarball carried in
# .device-data/llama.cpp.tar.xz (made from github:unslothai/llama.cpp, llama.cpp upstream of
# 2026-08; its code never enters this repository) into build-llama/ (kept between calls), with
# llama-bench and llama-quantize.
#   tools/gpu/llama_cpp.sh build            -> build-llama/bin/{llama-bench,llama-quantize}
#   tools/gpu/llama_cpp.sh bench MODEL...   -> one table row per model: tessera vs llama.cpp
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
src=/tmp/llama.cpp-src
bld="$root/build-llama"
case "${1:-}" in
build)
  if [ ! -x "$bld/bin/llama-bench" ] || [ ! -x "$bld/bin/llama-quantize" ]; then
    mkdir -p "$src" && tar -xJf "$root/.device-data/llama.cpp.tar.xz" -C "$src" --strip-components=1
    export PATH="/usr/local/cuda/bin:$PATH"
    cmake -S "$src" -B "$bld" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGGML_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90 \
      -DLLAMA_BUILD_SERVER=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_APP=OFF \
      -DLLAMA_BUILD_UI=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_CURL=OFF >"$bld.configure.log" 2>&1 || { tail -20 "$bld.configure.log"; exit 1; }
    cmake --build "$bld" --target llama-bench llama-quantize -j"${JOBS:-12}" >"$bld.build.log" 2>&1 || { grep -E "error" "$bld.build.log" | head; exit 1; }
  fi
  ls -la "$bld/bin/llama-bench" "$bld/bin/llama-quantize"
  ;;
bench)
  shift
  cli="$root/build-gpu/cli/tessera-cli"
  for m in "$@"; do
    echo "## $(basename "$m")"
    timeout 300 "$cli" bench -m "$m" -p 512 -n 128 -r "${REPS:-3}" --backend cuda 2>&1 | grep -E '^\|'
    timeout 300 "$bld/bin/llama-bench" -m "$m" -p 512 -n 128 -r "${REPS:-3}" -ngl 99 -fa "${LLAMA_FA:-1}" 2>&1 | grep -E '^\|'
  done
  ;;
*) echo "usage: $0 build | bench MODEL..."; exit 2 ;;
esac
