#!/usr/bin/env bash
# Builds llama.cpp's llama-quantize and llama-imatrix on the CPU (no CUDA), for making test files
# of the IQ/TQ/MXFP4 types. Usage: build-llama.sh [LLAMA_SRC] [BUILD_DIR]
# Defaults: /work/ext/llama.cpp and build-llama/ in the repository root (git-ignored: /build*/).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
src="${1:-${LLAMA_CPP_SRC:-/work/ext/llama.cpp}}"
bdir="${2:-$root/build-llama}"
jobs="${QUANT_CHECK_JOBS:-2}"
if [ -x "$bdir/bin/llama-quantize" ] && [ -x "$bdir/bin/llama-imatrix" ]; then
  echo "llama-quantize and llama-imatrix already built in $bdir/bin"; exit 0
fi
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S "$src" -B "$bdir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DGGML_CUDA=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_SERVER=OFF \
  -DLLAMA_CURL=OFF -DLLAMA_OPENSSL=OFF "${launcher[@]}"
cmake --build "$bdir" -j"$jobs" --target llama-quantize llama-imatrix
ls -l "$bdir/bin/llama-quantize" "$bdir/bin/llama-imatrix"
