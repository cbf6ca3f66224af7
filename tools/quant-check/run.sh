#!/usr/bin/env bash
# Independent check of Tessera's IQ/TQ/MXFP4 decoders against files made by llama.cpp.
#
#  1. builds llama-quantize and llama-imatrix on the CPU (build-llama.sh, into build-llama/);
#  2. quantizes every small random model ../shared/fixtures/hf/*-f16.gguf into every new type
#     with llama-quantize --pure (an importance matrix from llama-imatrix on the repository's
#     own docs for the IQ types; IQ2_XXS, IQ2_XS and IQ1_S require one), into build-quant-data/;
#  3. compare.py: every tensor of a new type decoded by gguf-py (llama.cpp's independent numpy
#     decoders) and by `tessera-cli inspect --dequant`, plus grid-coverage files; max abs diff per
#     type, which must be exactly 0. It also writes the references the GoogleTest reads:
#       TESSERA_QUANT_CHECK_DIR=build-quant-data build/tests/test_core_quant --gtest_filter='QuantFiles*'
#
# Environment: LLAMA_CPP_SRC (/work/ext/llama.cpp), TESSERA_CLI (build/cli/tessera-cli),
# QUANT_CHECK_DATA (build-quant-data), QUANT_CHECK_MODELS (glob of f16 models), QUANT_CHECK_JOBS (2).
# Every output folder is git-ignored (/build*/). Re-running reuses the built tools and files.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
src="${LLAMA_CPP_SRC:-/work/ext/llama.cpp}"
llama="$root/build-llama"
cli="${TESSERA_CLI:-$root/build/cli/tessera-cli}"
data="${QUANT_CHECK_DATA:-$root/build-quant-data}"
fixtures="${TESSERA_FIXTURES_DIR:-$root/../shared/fixtures}"
[ -d "$fixtures/hf" ] || fixtures=/work/shared/fixtures
models_glob="${QUANT_CHECK_MODELS:-$fixtures/hf/*-f16.gguf}"
jobs="${QUANT_CHECK_JOBS:-2}"
types="IQ4_NL IQ4_XS IQ3_XXS IQ3_S IQ2_XXS IQ2_XS IQ2_S IQ1_S IQ1_M TQ1_0 TQ2_0 MXFP4"

if [ ! -x "$cli" ]; then
  echo "quant-check: $cli not found; build it first: cmake --build build --target tessera-cli" >&2
  exit 2
fi
LLAMA_CPP_SRC="$src" QUANT_CHECK_JOBS="$jobs" bash "$here/build-llama.sh" "$src" "$llama"

mkdir -p "$data/models" "$data/imatrix" "$data/logs"
# Calibration text for the importance matrices: the project's own documentation.
cat "$root/README.md" "$root"/docs/*.md > "$data/imatrix.txt"

for model in $models_glob; do
  base="$(basename "$model" -f16.gguf)"
  imatrix="$data/imatrix/$base.gguf"
  if [ ! -s "$imatrix" ] || [ "$imatrix" -ot "$model" ]; then
    echo "quant-check: importance matrix for $base"
    if ! "$llama/bin/llama-imatrix" -m "$model" -f "$data/imatrix.txt" -o "$imatrix" -c 128 --chunks 16 \
      -t "$jobs" > "$data/logs/imatrix-$base.log" 2>&1; then
      # (phi3's fixture: this llama.cpp cannot load its vocabulary, so it cannot run it.)
      echo "quant-check: llama-imatrix cannot run $base (see $data/logs/imatrix-$base.log): IQ types skipped" >&2
      rm -f "$imatrix"
    fi
  fi
  for type in $types; do
    case "$type" in IQ*) [ -s "$imatrix" ] || continue ;; esac
    out="$data/models/$base-$type.gguf"
    [ -s "$out" ] && [ "$out" -nt "$model" ] && continue
    args=(--pure)
    case "$type" in
      IQ*) args+=(--imatrix "$imatrix") ;;
    esac
    case "$type" in
      # No importance data exists for the embedding (a lookup) or, in these files, the output:
      # these types cannot be made without it (or fall back to one that cannot), so those two
      # tensors get Q8_0.
      IQ2_XXS | IQ2_XS | IQ2_S | IQ1_S | IQ1_M) args+=(--token-embedding-type q8_0 --output-tensor-type q8_0) ;;
    esac
    # llama-quantize's recipe names: with --pure every matrix gets the recipe's base type, which is
    # IQ2_XS for "IQ2_S" and IQ2_S for "IQ2_M"; MXFP4_MOE's is MXFP4.
    ftype="$type"
    [ "$type" = IQ2_S ] && ftype=IQ2_M
    [ "$type" = MXFP4 ] && ftype=MXFP4_MOE
    echo "quant-check: $base -> $type"
    if ! "$llama/bin/llama-quantize" "${args[@]}" "$model" "$out" "$ftype" "$jobs" \
      > "$data/logs/quantize-$base-$type.log" 2>&1; then
      # Not fatal: compare.py fails a type that ends up with no tensors at all.
      echo "quant-check: llama-quantize failed for $base $type (see $data/logs/quantize-$base-$type.log)" >&2
      rm -f "$out"
    fi
  done
done

PYTHONPATH="$src/gguf-py" /usr/bin/python3 "$here/compare.py" --cli "$cli" --data "$data" --gguf-py "$src/gguf-py"
