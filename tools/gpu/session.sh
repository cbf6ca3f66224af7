#!/usr/bin/env bash
# On the GPU machine, in the background (setsid nohup), everything one session measures:
#   1. builds tessera-cli + test_cuda (build-gpu/) and llama.cpp (build-llama/, tools/gpu/llama_cpp.sh)
#      side by side;
#   2. runs the whole GPU suite (test_cuda);
#   3. quantizes the Hugging Face fixtures with llama-quantize and checks them on the GPU;
#   4. benches synthetic models of $SHAPES ("shape:type ...") with Tessera and llama.cpp, same files;
#   kbench: the kernel micro-benchmarks (test_cuda Bench.*, docs/perf.md's kernel tables);
#   quality: mean KLD of Tessera CUDA and llama.cpp CUDA against the CPU float reference.
#   hfref: transformers references of $HF_ARCHS (tools/hf-reference/run_on_gpu.sh) -> hf-extra.tar.xz;
#   split: multi-part files against llama.cpp's llama-gguf-split (tools/gpu/gguf_split_check.sh).
# EXPERIMENTAL=name (TESSERA_CUDA_EXPERIMENTAL; none at present) adds rows with unmeasured kernels on.
# Logs go to $LOG (default out/session, persistent across calls): copy them into $OUT from a later
# call. PHASES (default "build test quant bench") picks the steps.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
log="${LOG:-$root/out/session}"
mkdir -p "$log"
exec >>"$log/session.log" 2>&1
t0=$(date +%s)
stamp() { echo "[session +$(( $(date +%s) - t0 ))s] $*"; }
source "$root/tools/gpu/device_env.sh"
# New references made by tools/hf-reference/run_on_gpu.sh, carried as .hf-extra, beside tests/data/hf-extra
# (BackendHfModels.*extra_*).
[ -d "$root/.hf-extra" ] && export TESSERA_HF_EXTRA_DIR="$root/.hf-extra"
build="$root/build-gpu"
phases="${PHASES:-build test quant bench}"
has() { [[ " $phases " == *" $1 "* ]]; }

if has hfref; then
  # transformers references of $HF_ARCHS (tools/hf-reference), on the CPU beside the build; packed
  # into one file ($OUT brings back at most 8).
  stamp "hf references of ${HF_ARCHS:-qwen3moe} (background)"
  ( bash "$root/tools/hf-reference/run_on_gpu.sh" /tmp/hf-extra ${HF_ARCHS:-qwen3moe} >"$log/hfref.log" 2>&1
    echo "hfref exit $?" >>"$log/hfref.log"; tar -C /tmp -cJf "$log/hf-extra.tar.xz" hf-extra ) &
fi
if has build; then
  stamp "build llama.cpp (background) and tessera"
  JOBS="${LLAMA_JOBS:-6}" bash "$root/tools/gpu/llama_cpp.sh" build >"$log/llama_build.txt" 2>&1 &
  llama_pid=$!
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_BUILD_GUI=OFF -DTESSERA_BUILD_SERVER=OFF -DTESSERA_BUILD_CUDA=ON \
    -DCMAKE_CUDA_ARCHITECTURES=90 "${cmake_extra[@]}" >"$log/cmake.log" 2>&1 || { tail -30 "$log/cmake.log"; exit 1; }
  # -k 0: a target that fails to link does not keep the other from being built.
  cmake --build "$build" --target test_cuda tessera-cli -j14 -- -k 0 >"$log/build.log" 2>&1 || { grep -E "error" "$log/build.log" | head -40; }
  stamp "tessera built"
fi
if has test; then
  stamp "test_cuda"
  # Four shards side by side on the one GPU: the suite is mostly small launches and host checks, so
  # this takes about a third of one process's time (device time is what a session runs short of).
  for i in 0 1 2 3; do
    GTEST_TOTAL_SHARDS=4 GTEST_SHARD_INDEX=$i timeout "${TEST_TIMEOUT:-600}" "$build/tests/test_cuda" \
      --gtest_filter="${TESTS:-*}" >"$log/test_cuda.$i.log" 2>&1 &
  done
  wait
  cat "$log"/test_cuda.?.log >"$log/test_cuda.log"
  grep -E "^\[  PASSED  \]|^\[  SKIPPED \]|^\[  FAILED  \]" "$log/test_cuda.log" | sort | uniq -c | head -60
  grep -B3 -A15 ": Failure" "$log/test_cuda.log" | head -150
  stamp "test_cuda done"
fi
if has kbench; then
  stamp "kernel micro-benchmarks"
  TESSERA_CUDA_BENCH=1 TESSERA_CUDA_BENCH_OUT="$log/kernel_bench.txt" timeout 300 "$build/tests/test_cuda" \
    --gtest_filter='Bench.*' >"$log/kernel_bench_gtest.log" 2>&1
  echo "kernel bench exit $?"
  cat "$log/kernel_bench.txt"
fi
if has build; then wait "$llama_pid"; stamp "llama.cpp build: $(tail -2 "$log/llama_build.txt" | tr '\n' ' ')"; fi
if has split; then
  stamp "multi-part files against llama-gguf-split"
  bash "$root/tools/gpu/gguf_split_check.sh" >"$log/gguf_split.txt" 2>&1
  echo "gguf split check exit $?"; tail -5 "$log/gguf_split.txt"
fi
if has quant; then
  stamp "llama-quantize the hf fixtures"
  bash "$root/tools/gpu/quantize_fixtures.sh" "$root/build-llama/bin/llama-quantize" /tmp/quantized "${QTYPES:-Q4_K_M Q8_0}" >"$log/quantize.txt" 2>&1
  tail -20 "$log/quantize.txt"
  TESSERA_QUANTIZED_DIR=/tmp/quantized timeout 120 "$build/tests/test_cuda" --gtest_filter='CudaBackendModel.LlamaQuantizeFilesMatchCpu' >"$log/test_quantized.log" 2>&1
  echo "quantized files test exit $?"
fi
if has bench; then
  for st in ${SHAPES:-qwen3-30b-a3b:Q4_K llama3-8b:Q4_K llama3-8b:IQ4_XS qwen3-8b:Q4_K}; do
    m="/tmp/bench-${st%%:*}-${st##*:}.gguf"
    stamp "synth $st"
    [ -f "$m" ] || timeout 300 "$build/cli/tessera-cli" synth --shape "${st%%:*}" --type "${st##*:}" -o "$m" --threads 16 >/dev/null ||
      { stamp "synth $st failed"; continue; }
    stamp "bench $st"
    bash "$root/tools/gpu/llama_cpp.sh" bench "$m" >>"$log/bench.md" 2>&1
    [ -n "${KEEP_MODELS:-}" ] || rm -f "$m"
  done
  cat "$log/bench.md"
fi
if has quality; then
  # Mean KLD of CUDA against the CPU float reference, Tessera and llama.cpp side by side, on the
  # embedded model (real weights) quantized by llama-quantize, over the project's own text.
  stamp "quality"
  q=/tmp/quality; mkdir -p "$q"
  for t in ${QUALITY_TYPES:-Q8_0 Q4_K_M IQ4_XS}; do
    "$root/build-llama/bin/llama-quantize" "$root/resources/models/tessera-tiny.gguf" "$q/tessera-tiny-$t.gguf" "$t" \
      >"$log/quantize-tiny-$t.txt" 2>&1 || stamp "quantize $t failed"
  done
  # MXFP4 exists for experts only (llama-quantize's MXFP4_MOE): the mixture-of-experts fixture
  # (random weights), so the grouped MoE prefill and the MXFP4 decoders are measured too.
  moe_fixture="$root/.device-data/fixtures/hf/mixtral-f16.gguf"
  if [ -f "$moe_fixture" ]; then
    "$root/build-llama/bin/llama-quantize" "$moe_fixture" "$q/mixtral-random-MXFP4_MOE.gguf" MXFP4_MOE \
      >"$log/quantize-moe.txt" 2>&1 || stamp "quantize MXFP4_MOE failed"
  fi
  CTX="${QUALITY_CTX:-128}" CHUNKS="${QUALITY_CHUNKS:-3}" bash "$root/tools/gpu/llama_cpp.sh" quality \
    "$root/tests/data/quality/lighthouse.txt" "$q"/*.gguf >"$log/quality.md" 2>&1
  cat "$log/quality.md"
fi
stamp "done"
