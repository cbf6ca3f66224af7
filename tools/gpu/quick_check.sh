#!/usr/bin/env bash
# On the GPU machine, in the foreground (~80 s on an H100): build tessera-cli + test_cuda, run the
# tests of $TESTS (a gtest filter; default: the MoE, fused, attention, KV-quant and conformance
# suites) in 4 shards, then a few `bench --synth` rows. For checking a change between full sessions
# (tools/gpu/session.sh) when device time is short. Logs of the shards go to $OUT.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
source tools/gpu/device_env.sh
b=build-gpu
out="${OUT:-$root/out/quick}"
mkdir -p "$out"
t0=$(date +%s)
cmake -S . -B $b -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_BUILD_GUI=OFF -DTESSERA_BUILD_SERVER=OFF \
  -DTESSERA_BUILD_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90 "${cmake_extra[@]}" >/tmp/cmake.log 2>&1 || tail -20 /tmp/cmake.log
cmake --build $b --target test_cuda tessera-cli -j16 >/tmp/build.log 2>&1 || { grep -E "error" /tmp/build.log | head -30; exit 1; }
echo "built in $(( $(date +%s) - t0 ))s"
F="${TESTS:-*Moe*:FusedOps.*:Cuda/BackendLogits.*:Cuda/BackendHfModels.*:Cuda/BackendContract.*:CudaBackendModel.*:Attention.*:KvQuant*:CudaQuantizedKv*}"
for i in 0 1 2 3; do
  GTEST_TOTAL_SHARDS=4 GTEST_SHARD_INDEX=$i timeout 300 $b/tests/test_cuda --gtest_filter="$F" >"$out/t$i.log" 2>&1 &
done
wait
cat "$out"/t?.log | grep -E "^\[  (PASSED|FAILED|SKIPPED) " | sort | uniq -c
cat "$out"/t?.log | grep -B3 -A15 ": Failure" | head -120
echo "tests done at $(( $(date +%s) - t0 ))s"
for st in ${SYNTH:-qwen3-30b-a3b:Q4_K gpt-oss-20b:MXFP4}; do
  timeout 90 $b/cli/tessera-cli bench --synth "${st%%:*}" --type "${st##*:}" -p 512,4096 -n 64 -r 1 --backend cuda 2>&1 |
    grep -E "^\| [a-z]|error"
done
echo "all done at $(( $(date +%s) - t0 ))s"
