#!/usr/bin/env bash
# On the GPU machine: Tessera's split models (core/gguf/gguf_split.h) against llama.cpp's own
# llama-gguf-split, built from the carried llama.cpp source (tools/gpu/llama_cpp.sh build).
#   tools/gpu/gguf_split_check.sh          (from the checkout's root; carry .device-data)
#  1. llama-gguf-split --split makes sets of the fixtures: stories260K by 20 tensors, the same with
#     a first part of metadata only (--no-tensor-first-split), qwen2-f16 by 2 MB parts;
#  2. test_core_gguf's LlamaGgufSplit opens every part of every set and compares it with its source
#     tensor by tensor, then writes a set with Tessera's writer;
#  3. llama-gguf-split --merge joins Tessera's set; tessera-cli inspect --json of the merged file
#     and of the source agree on the tensors and parameters;
#  4. tessera-cli run (CPU, and CUDA when there is a GPU) on a part of each stories set and on the
#     merged file prints what it prints for the single file.
# Prints PASS or the first difference; exit status 0 only when everything agreed.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
source "$root/tools/gpu/device_env.sh"
# LLAMA_GGUF_SPLIT (a llama-gguf-split built elsewhere, e.g. CPU-only) and TESSERA_BUILD (a build
# tree with test_core_gguf and tessera-cli) run the check on any machine.
if [ -n "${LLAMA_GGUF_SPLIT:-}" ]; then
  split="$LLAMA_GGUF_SPLIT"
else
  bld="$root/build-llama"
  "$root/tools/gpu/llama_cpp.sh" build >/dev/null || { echo "llama.cpp build failed"; exit 1; }
  if [ ! -x "$bld/bin/llama-gguf-split" ]; then
    cmake --build "$bld" --target llama-gguf-split -j"${JOBS:-12}" >"$bld.split.log" 2>&1 || { grep -E error "$bld.split.log" | head; exit 1; }
  fi
  split="$bld/bin/llama-gguf-split"
fi
out=/tmp/tessera-gguf-split
rm -rf "$out" && mkdir -p "$out"
fx="$TESSERA_FIXTURES_DIR"
make_set() {  # NAME SOURCE OPTIONS...
  local name="$1" src="$2"
  shift 2
  "$split" --split "$@" "$src" "$out/$name" >"$out/$name.log" 2>&1 || { tail -5 "$out/$name.log"; echo "FAIL: llama-gguf-split $name"; exit 1; }
  echo "$src" >"$out/$name.source"
  echo "$name: $(ls "$out/$name"-*.gguf | wc -l) parts"
}
make_set stories-by-tensors "$fx/models/stories260K-f32.gguf" --split-max-tensors 20
make_set stories-empty-first "$fx/models/stories260K-f32.gguf" --split-max-tensors 20 --no-tensor-first-split
make_set qwen2-by-size "$fx/hf/qwen2-f16.gguf" --split-max-size 2M

tb="${TESSERA_BUILD:-$root/build-gpu}"
[ -n "${TESSERA_BUILD:-}" ] || "$root/tools/gpu/build_cuda_tests.sh" test_core_gguf tessera-cli || { echo "FAIL: build"; exit 1; }
TESSERA_LLAMA_SPLIT_DIR="$out" "$tb/tests/test_core_gguf" --gtest_filter='LlamaGgufSplit.*:SplitSet.*' \
  || { echo "FAIL: test_core_gguf"; exit 1; }

cli="$tb/cli/tessera-cli"
"$split" --merge "$out/tessera-written-00001-of-00003.gguf" "$out/merged.gguf" >"$out/merge.log" 2>&1 \
  || { tail -5 "$out/merge.log"; echo "FAIL: llama-gguf-split --merge of Tessera's set"; exit 1; }
"$cli" inspect "$out/merged.gguf" --json >"$out/merged.json" && "$cli" inspect "$fx/models/stories260K-f32.gguf" --json >"$out/source.json" \
  || { echo "FAIL: inspect"; exit 1; }
python3 - "$out/merged.json" "$out/source.json" <<'PY' || { echo "FAIL: the merged file differs from its source"; exit 1; }
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
keep = lambda j: [(t["name"], t["type"], t["shape"], t["bytes"]) for t in j["tensors"]]
assert keep(a) == keep(b), "tensors differ"
assert a["parameters"] == b["parameters"] and a["model"]["facts"] == b["model"]["facts"], "model differs"
print("merged: %d tensors, %d parameters, as the source" % (len(a["tensors"]), a["parameters"]))
PY

backends=(cpu)
nvidia-smi >/dev/null 2>&1 && backends+=(cuda)
status=0
for b in "${backends[@]}"; do
  want=$("$cli" run -m "$fx/models/stories260K-f32.gguf" -p "Once upon a time" -n 48 --temp 0 --backend "$b" 2>/dev/null)
  for m in "$out/stories-by-tensors-00002-of-00003.gguf" "$out/stories-empty-first-00001-of-00004.gguf" "$out/merged.gguf"; do
    got=$("$cli" run -m "$m" -p "Once upon a time" -n 48 --temp 0 --backend "$b" 2>"$out/run.err") || { cat "$out/run.err"; status=1; }
    if [ "$got" = "$want" ]; then echo "run $b $(basename "$m"): same text"; else echo "FAIL: run $b $(basename "$m") differs"; status=1; fi
  done
done
[ $status = 0 ] && echo PASS
exit $status
