#!/usr/bin/env bash
# On the GPU machine (torch + transformers, no network): makes the transformers references that
# ../shared/fixtures/hf lacks (make_reference.py; architectures as arguments, default qwen3moe) with
# llama.cpp's converter from .device-data/llama.cpp-convert.tar.xz (tools/gpu/prepare_device_data.sh
# makes it from a llama.cpp git dir), into OUT_DIR (default $OUT/hf-extra). Point
# TESSERA_HF_EXTRA_DIR at that folder and the conformance suites run them (BackendHfModels.*extra_*).
# ARCH: qwen3moe, qwen35, qwen35moe, qwen3next (make_reference.py's list). An architecture that
# fails (a transformers without its class says which class) does not stop the others; the script
# exits non-zero naming the ones that failed. MAKE_REFERENCE names another make_reference.py (a
# branch's newer one, carried).
#   tools/hf-reference/run_on_gpu.sh [OUT_DIR] [ARCH...]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
data="$root/.device-data"
out="${1:-$OUT/hf-extra}"
shift || true
archs=("$@")
[ ${#archs[@]} -gt 0 ] || archs=(qwen3moe)
src=/tmp/hf-reference-llama.cpp
rm -rf "$src" && mkdir -p "$src"
tar -xJf "$data/llama.cpp-convert.tar.xz" -C "$src"
work=/tmp/hf-reference-work
mkdir -p "$out" "$work"
python3 -c 'import torch, transformers, safetensors, numpy; print("torch", torch.__version__, "transformers", transformers.__version__)'
failed=()
for a in "${archs[@]}"; do
  if python3 "${MAKE_REFERENCE:-$root/tools/hf-reference/make_reference.py}" --arch "$a" --llama-cpp "$src/llama.cpp" \
      --vocab-gguf "$data/fixtures/hf/mixtral-f16.gguf" --prompts-ref "$data/fixtures/hf/mixtral-f16.ref.json" \
      --out "$work/$a"; then
    cp "$work/$a/$a-f16.gguf" "$work/$a/$a-f16.ref.json" "$out/"
  else
    echo "make_reference.py failed for $a" >&2
    failed+=("$a")
  fi
done
ls -la "$out"
if [ ${#failed[@]} -gt 0 ]; then
  echo "failed: ${failed[*]}" >&2
  exit 1
fi
