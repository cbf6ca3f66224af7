#!/usr/bin/env bash
# On the GPU machine, in the background (setsid nohup): where the time of a prompt eval or a
# decode step goes, per kernel (Nsight Compute), before an optimisation is written.
#   1. builds tessera-cli + test_cuda (build-gpu/, Release, sm_90) unless NOBUILD is set;
#   2. runs test_cuda with $TESTS (a gtest filter; empty: no tests) in $SHARDS parallel shards;
#   3. for each item of $PROFILES ("shape:type:pp512" or "shape:type:tg"), `bench --synth` under
#      ncu (kernel durations only), summed per kernel by ncu_breakdown.py (per prompt eval or per
#      decode token); EXPERIMENTAL (TESSERA_CUDA_EXPERIMENTAL's list) applies to every item;
#   4. for each regex of $DETAIL, ncu's speed-of-light, memory, warp-state and occupancy sections
#      of 2 launches of the matching kernel in the first pp item.
# Logs go to $LOG (default out/profile, kept across calls): copy them into $OUT from a later call.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
log="${LOG:-$root/out/profile}"
mkdir -p "$log"
exec >>"$log/profile.log" 2>&1
t0=$(date +%s)
stamp() { echo "[profile +$(( $(date +%s) - t0 ))s] $*"; }
source "$root/tools/gpu/device_env.sh"
build="$root/build-gpu"
cli="$build/cli/tessera-cli"
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)

if [ -z "${NOBUILD:-}" ]; then
  stamp "build"
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_BUILD_GUI=OFF -DTESSERA_BUILD_SERVER=OFF \
    -DTESSERA_BUILD_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90 "${cmake_extra[@]}" >"$log/cmake.log" 2>&1 ||
    { tail -30 "$log/cmake.log"; exit 1; }
  cmake --build "$build" --target test_cuda tessera-cli -j16 >"$log/build.log" 2>&1 ||
    { grep -E "error" "$log/build.log" | head -40; stamp "build failed"; exit 1; }
  stamp "built"
fi
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader

if [ -n "${TESTS:-}" ]; then
  n="${SHARDS:-4}"
  stamp "test_cuda --gtest_filter=$TESTS ($n shards)"
  for i in $(seq 0 $((n - 1))); do
    GTEST_TOTAL_SHARDS=$n GTEST_SHARD_INDEX=$i timeout 600 "$build/tests/test_cuda" --gtest_filter="$TESTS" \
      >"$log/tests.$i.log" 2>&1 &
  done
  wait
  cat "$log"/tests.*.log >"$log/tests.log"
  grep -hE "^\[  PASSED  \]|^\[  SKIPPED \]|^\[  FAILED  \]" "$log/tests.log" | sort | uniq -c | head -60
  grep -B2 -A12 -E ": Failure$" "$log/tests.log" | cut -c1-300 | head -80
fi

first_pp=""
for item in ${PROFILES:-}; do
  IFS=: read -r shape type test <<<"$item"
  name="${shape}_${type}_${test}"
  if [ "$test" = tg ]; then args=(-p 0 -n 4); evals=(); else args=(-p "${test#pp}" -n 0); evals=(--evals 2); [ -z "$first_pp" ] && first_pp="$shape:$type:${test#pp}"; fi
  stamp "ncu $name"
  TESSERA_CUDA_EXPERIMENTAL="${EXPERIMENTAL:-}" timeout 300 "$NCU" --clock-control none --cache-control none \
    --metrics gpu__time_duration.sum --csv --page raw --launch-count "${LAUNCHES:-40000}" \
    "$cli" bench --synth "$shape" --type "$type" "${args[@]}" -r 1 --backend cuda >"$log/ncu_$name.csv" 2>"$log/ncu_$name.err"
  echo "ncu exit $?"; grep -E "^\||error" "$log/ncu_$name.err" "$log/ncu_$name.csv" | head -5
  python3 "$root/tools/gpu/ncu_breakdown.py" "$log/ncu_$name.csv" "${evals[@]}" --skip 'random_fill|fill_random' |
    head -40 | tee "$log/breakdown_$name.txt"
done

if [ -n "${DETAIL:-}" ] && [ -n "$first_pp" ]; then
  IFS=: read -r shape type pp <<<"$first_pp"
  for re in $DETAIL; do
    stamp "ncu detail $re ($shape $type pp$pp)"
    TESSERA_CUDA_EXPERIMENTAL="${EXPERIMENTAL:-}" timeout 240 "$NCU" --clock-control none --kernel-name "regex:$re" \
      --launch-skip 4 --launch-count 2 --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy \
      --section WarpStateStats --section LaunchStats --section ComputeWorkloadAnalysis \
      "$cli" bench --synth "$shape" --type "$type" -p "$pp" -n 0 -r 1 --backend cuda >"$log/detail_${re//[^A-Za-z0-9_]/_}.txt" 2>&1
    echo "ncu exit $?"
  done
fi
stamp "done"
