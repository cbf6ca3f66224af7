#!/usr/bin/env bash
# On the GPU machine (or any machine with llama.cpp built): quantizes the Hugging Face fixtures
# (.device-data/fixtures/hf/*-f16.gguf, tests/data/hf-extra/ and .hf-extra/ from tools/hf-reference) with llama.cpp's own llama-quantize into real-world types,
# for CudaBackendModel.LlamaQuantizeFilesMatchCpu (TESSERA_QUANTIZED_DIR).
#   tools/gpu/quantize_fixtures.sh LLAMA_QUANTIZE OUT_DIR [TYPES (default "Q4_K_M Q8_0")]
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
quantize="$1"
out="$2"
types="${3:-Q4_K_M Q8_0}"
mkdir -p "$out"
for f in "$root"/.device-data/fixtures/hf/*-f16.gguf "$root"/tests/data/hf-extra/*-f16.gguf "$root"/.hf-extra/*-f16.gguf; do
  [ -f "$f" ] || continue
  base="$(basename "$f" -f16.gguf)"
  for t in $types; do
    # --allow-requantize is not needed (F16 source); small tensors llama-quantize cannot block
    # (rows not a multiple of 256) fall back to its own choices, as in real files.
    "$quantize" "$f" "$out/$base-$t.gguf" "$t" >"$out/$base-$t.log" 2>&1 && echo "quantized $base $t" ||
      { echo "llama-quantize failed for $base $t:"; tail -3 "$out/$base-$t.log"; }
  done
done
