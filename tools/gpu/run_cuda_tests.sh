#!/usr/bin/env bash
# Build, test and benchmark the CUDA layer on the GPU machine, in one go (device time is scarce).
#   tools/gpu/run_cuda_tests.sh     (from the repository root; logs under $OUT, default ./gpu-out)
# 1. The kernel layer on its own (tools/gpu/standalone: core/common, core/quant, cuda/*.cpp,
#    cuda/kernels, tests/cuda without the backend suites; GoogleTest from .device-data/googletest
#    when the machine has none: carry that folder): build, run every test, run the benchmarks.
# 2. The project's own configure (Release, GUI off, CUDA on, sm_90) building only test_cuda and
#    tessera-cli, then `tessera-cli devices`. A failure here is reported, not fatal, so a
#    half-finished area elsewhere in the tree cannot hide the kernel results.
# Env: JOBS (16), SKIP_PROJECT=1 skips step 2, TEST_FILTER (gtest filter for step 1's tests),
# SANITIZE=1 adds a compute-sanitizer memcheck pass over SANITIZE_FILTER (a subset: it is slow).
set -u -o pipefail
OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
exec > >(tee -a "$OUT/log") 2>&1
JOBS=${JOBS:-16}
step() { echo; echo "=== $* ($(date +%T))"; }

step machine
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm,clocks.mem --format=csv || true
nvcc --version | tail -1; cmake --version | head -1; echo "ninja $(ninja --version)"; g++ --version | head -1
for dep in /usr/include/gtest /usr/include/nlohmann /usr/include/pcre2.h; do [ -e "$dep" ] && echo "have $dep" || echo "missing $dep"; done
command -v pkg-config >/dev/null && echo "have pkg-config" || echo "missing pkg-config"

step kernels: configure + build
KB=build-gpu-kernels
cmake -S tools/gpu/standalone -B $KB -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
  -DTESSERA_GTEST_SOURCE="$PWD/.device-data/googletest" > "$OUT/configure_kernels.txt" 2>&1 \
  || { tail -20 "$OUT/configure_kernels.txt"; exit 1; }
timeout 300 cmake --build $KB --target test_cuda_kernels -j"$JOBS" > "$OUT/build_kernels.txt" 2>&1
echo "build exit $?"; grep -E "error|FAILED" "$OUT/build_kernels.txt" | head -30
T=$KB/test_cuda_kernels
[ -x $T ] || { echo "test_cuda_kernels was not built"; exit 1; }

step kernels: tests
timeout 240 $T --gtest_filter="${TEST_FILTER:--Bench.*}" --gtest_output=xml:"$OUT/test_kernels.xml" > "$OUT/test_kernels.txt" 2>&1
echo "tests exit $?"
grep -E "^\[==========\]|^\[  PASSED  \]" "$OUT/test_kernels.txt"
grep -E "^\[  FAILED  \]" "$OUT/test_kernels.txt" | sort -u | head -40
grep -A8 -E ": Failure$" "$OUT/test_kernels.txt" | cut -c1-300 | head -150

step kernels: benchmarks
TESSERA_CUDA_BENCH=1 TESSERA_CUDA_BENCH_OUT="$OUT/bench.txt" timeout 150 $T --gtest_filter='Bench.*' > "$OUT/bench_gtest.txt" 2>&1
echo "bench exit $?"
grep -A6 -E ": Failure$" "$OUT/bench_gtest.txt" | head -20

if [ "${SANITIZE:-0}" = 1 ]; then
  step kernels: compute-sanitizer memcheck on a subset
  CS=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
  timeout 150 "$CS" --tool memcheck --print-limit 20 $T \
    --gtest_filter="${SANITIZE_FILTER:-Attention.*:Ops.*:AllTypes/DequantTypes.*/Q6_K:AllTypes/MatvecTypes.Mat*/Q4_0:AllTypes/MatvecTypes.Mat*/Q3_K:Gemm.*}" \
    > "$OUT/memcheck.txt" 2>&1
  echo "memcheck exit $?"; grep -E "ERROR SUMMARY|Invalid|PASSED|FAILED" "$OUT/memcheck.txt" | sort | uniq -c | head -20
fi

if [ "${SKIP_PROJECT:-0}" != 1 ]; then
  step project: configure + build test_cuda, tessera-cli
  PB=build-gpu
  if timeout 60 cmake -S . -B $PB -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_BUILD_GUI=OFF -DTESSERA_BUILD_CUDA=ON \
       -DCMAKE_CUDA_ARCHITECTURES=90 > "$OUT/configure_project.txt" 2>&1; then
    timeout 150 cmake --build $PB --target tessera-cli test_cuda -j"$JOBS" -- -k 0 > "$OUT/build_project.txt" 2>&1
    echo "project build exit $?"; grep -E "error:|FAILED" "$OUT/build_project.txt" | head -10
    if [ -x $PB/cli/tessera-cli ]; then
      $PB/cli/tessera-cli devices; echo "exit $?"
      $PB/cli/tessera-cli devices --json; echo "exit $?"
    fi
  else
    echo "project configure failed:"; grep -E "Error|Could NOT|not found" "$OUT/configure_project.txt" | head -10
  fi
fi

step bench table
cat "$OUT/bench.txt" 2>/dev/null
step done
