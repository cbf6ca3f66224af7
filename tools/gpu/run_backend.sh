#!/usr/bin/env bash
# On the GPU machine: build tessera-cli and test_cuda, run the GPU test suite, then benchmark the
# CUDA backend on synthetic Llama-3-8B models (pp512 / tg128 per type, and per split mode over two
# virtual devices). Logs go to $OUT (or ./out); a summary table is printed last.
#
#   tools/gpu/run_backend.sh [all|test|bench]
#
# Needs the fixtures copied to .device-data/fixtures (models, hf) and, where the machine lacks
# GoogleTest, PCRE2 or nlohmann-json, their Debian packages in .device-data/debs (unpacked under
# /tmp/deps, never into /).
set -uo pipefail
what="${1:-all}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${OUT:-$root/out}"
mkdir -p "$out"
build="$root/build-gpu"
t0=$(date +%s)
stamp() { echo "[run_backend +$(( $(date +%s) - t0 ))s] $*"; }
source "$root/tools/gpu/device_env.sh"
extra=("${cmake_extra[@]}")

if [ ! -x "$build/cli/tessera-cli" ] || [ ! -x "$build/tests/test_cuda" ] || [ "$what" != bench ]; then
  stamp "configure"
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_BUILD_GUI=OFF -DTESSERA_BUILD_CUDA=ON \
    -DCMAKE_CUDA_ARCHITECTURES=90 "${extra[@]}" >"$out/cmake.log" 2>&1 || { tail -30 "$out/cmake.log"; exit 1; }
  stamp "build"
  cmake --build "$build" --target test_cuda tessera-cli -j16 >"$out/build.log" 2>&1 || { grep -E "error|Error" "$out/build.log" | head -40; exit 1; }
fi
nvidia-smi --query-gpu=name,memory.used,memory.total,clocks.sm,clocks.mem --format=csv | tee "$out/gpu.txt"
cli="$build/cli/tessera-cli"

if [ "$what" = all ] || [ "$what" = test ]; then
  stamp "test_cuda (backend suites first)"
  timeout 150 "$build/tests/test_cuda" --gtest_filter='CudaBackend*' 2>&1 | tee "$out/test_backend.log" | grep -vE '^\[ +(RUN|OK) ' | tail -80
  timeout 90 "$build/tests/test_cuda" --gtest_filter="-CudaBackend*" --gtest_brief=1 2>&1 | tee "$out/test_kernels.log" | tail -25
fi

if [ "$what" = all ] || [ "$what" = bench ]; then
  summary="$out/bench.md"
  : >"$summary"
  model=/tmp/llama3-8b.gguf
  for type in Q4_0 Q4_K Q8_0 F16; do
    stamp "synth $type"
    timeout 120 "$cli" synth --shape llama3-8b --type "$type" -o "$model" >/dev/null || { stamp "synth $type failed"; continue; }
    stamp "bench $type"
    timeout 90 "$cli" bench -m "$model" -p 512 -n 128 -r 3 --backend cuda 2>&1 | tee -a "$summary"
    if [ "$type" = Q4_0 ]; then
      for sm in none layer row; do
        stamp "bench $type, 2 virtual devices, split $sm"
        TESSERA_CUDA_VIRTUAL_DEVICES=2 timeout 90 "$cli" bench -m "$model" -p 512 -n 128 -r 2 --backend cuda \
          -sm "$sm" -ts 1,1 2>&1 | grep -E '^\| [a-z]' | tee -a "$summary"
      done
    fi
    rm -f "$model"
  done
  stamp "summary"
  grep -E '^\| [a-z]' "$summary" | grep -v '^| model'
fi
stamp "done"
