#!/usr/bin/env bash
# On the GPU machine: builds llama.cpp (the speed anchor) from the source tarball carried in
# .device-data/llama.cpp.tar.xz (made from github:unslothai/llama.cpp, llama.cpp upstream of
# 2026-08; its code never enters this repository) into build-llama/ (kept between calls), with
# llama-bench, llama-quantize and llama-perplexity.
#   tools/gpu/llama_cpp.sh build            -> build-llama/bin/{llama-bench,llama-quantize,llama-perplexity}
#   tools/gpu/llama_cpp.sh bench MODEL...   -> one table row per model: tessera vs llama.cpp
#                                              (PP prompt lengths, DEPTHS cache depths: comma lists)
#   tools/gpu/llama_cpp.sh quality TEXT MODEL...
#       -> per model: Tessera's CPU float reference saves a KLD base in both formats, then Tessera
#          CUDA and llama.cpp CUDA are each compared with it (docs/perf.md, "Quality measurement").
#          CTX (512) and CHUNKS (8) size the run; the CPU reference is the slow part.
# EXPERIMENTAL=name (TESSERA_CUDA_EXPERIMENTAL's list; none at present) adds a Tessera row/comparison with
# those unmeasured kernels on, next to the default one, in bench and quality.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
src=/tmp/llama.cpp-src
bld="$root/build-llama"
case "${1:-}" in
build)
  if [ ! -x "$bld/bin/llama-bench" ] || [ ! -x "$bld/bin/llama-quantize" ] || [ ! -x "$bld/bin/llama-perplexity" ]; then
    mkdir -p "$src" && tar -xJf "$root/.device-data/llama.cpp.tar.xz" -C "$src" --strip-components=1
    export PATH="/usr/local/cuda/bin:$PATH"
    cmake -S "$src" -B "$bld" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGGML_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90 \
      -DLLAMA_BUILD_SERVER=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_APP=OFF \
      -DLLAMA_BUILD_UI=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_CURL=OFF >"$bld.configure.log" 2>&1 || { tail -20 "$bld.configure.log"; exit 1; }
    cmake --build "$bld" --target llama-bench llama-quantize llama-perplexity -j"${JOBS:-12}" >"$bld.build.log" 2>&1 || { grep -E "error" "$bld.build.log" | head; exit 1; }
  fi
  ls -la "$bld/bin/llama-bench" "$bld/bin/llama-quantize" "$bld/bin/llama-perplexity"
  ;;
bench)
  shift
  cli="$root/build-gpu/cli/tessera-cli"
  for m in "$@"; do
    echo "## $(basename "$m")"
    timeout 300 "$cli" bench -m "$m" -p "${PP:-512}" -n 128 -d "${DEPTHS:-0}" -r "${REPS:-3}" --backend cuda 2>&1 | grep -E '^\||error'
    if [ -n "${EXPERIMENTAL:-}" ]; then
      echo "(Tessera with TESSERA_CUDA_EXPERIMENTAL=$EXPERIMENTAL)"
      TESSERA_CUDA_EXPERIMENTAL="$EXPERIMENTAL" timeout 300 "$cli" bench -m "$m" -p "${PP:-512}" -n 128 \
        -d "${DEPTHS:-0}" -r "${REPS:-3}" --backend cuda 2>&1 | grep -E '^\||error'
    fi
    timeout 300 "$bld/bin/llama-bench" -m "$m" -p "${PP:-512}" -n 128 -d "${DEPTHS:-0}" -r "${REPS:-3}" -ngl 99 \
      -fa "${LLAMA_FA:-1}" 2>&1 | grep -E '^\||error'
    # llama.cpp users set a larger micro-batch for long prompts: its pp4096 again with -ub/-b 4096.
    if [[ ",${PP:-512}," == *",4096,"* ]]; then
      echo "(llama.cpp with -ub 4096 -b 4096)"
      timeout 300 "$bld/bin/llama-bench" -m "$m" -p 4096 -n 0 -d "${DEPTHS:-0}" -r "${REPS:-3}" -ngl 99 \
        -fa "${LLAMA_FA:-1}" -ub 4096 -b 4096 2>&1 | grep -E '^\||error'
    fi
  done
  ;;
quality)
  shift
  text="$1"
  shift
  cli="$root/build-gpu/cli/tessera-cli"
  q=(-c "${CTX:-512}" --chunks "${CHUNKS:-8}")
  for m in "$@"; do
    base="/tmp/$(basename "$m").ref"
    echo "## $(basename "$m"): reference = Tessera CPU (float)"
    timeout 580 "$cli" perplexity -m "$m" -f "$text" "${q[@]}" --backend cpu \
      --save-kld-base "$base.kld" --save-llama-logits "$base.llama-logits" 2>&1 | grep -E 'Final|saved|error'
    echo "## Tessera CUDA against it"
    timeout 300 "$cli" perplexity -m "$m" --kl-divergence-base "$base.kld" "${q[@]}" --backend cuda 2>&1 |
      grep -E 'Final|Mean|Maximum|99\.9%   KLD|99\.0%   KLD|Median  KLD|Same top|error'
    if [ -n "${EXPERIMENTAL:-}" ]; then
      echo "## Tessera CUDA with TESSERA_CUDA_EXPERIMENTAL=$EXPERIMENTAL against it"
      TESSERA_CUDA_EXPERIMENTAL="$EXPERIMENTAL" timeout 300 "$cli" perplexity -m "$m" --kl-divergence-base "$base.kld" \
        "${q[@]}" --backend cuda 2>&1 | grep -E 'Final|Mean|Maximum|99\.9%   KLD|99\.0%   KLD|Median  KLD|Same top|error'
    fi
    echo "## llama.cpp CUDA against it"
    timeout 300 "$bld/bin/llama-perplexity" -m "$m" --kl-divergence --kl-divergence-base "$base.llama-logits" \
      -c "${CTX:-512}" -ngl 99 2>&1 | grep -E 'Mean|Maximum|99\.9%   KLD|99\.0%   KLD|Median  KLD|Same top|error'
  done
  ;;
*) echo "usage: $0 build | bench MODEL... | quality TEXT MODEL..."; exit 2 ;;
esac
