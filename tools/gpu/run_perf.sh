#!/usr/bin/env bash
# On the GPU machine: build tessera-cli (and test_cuda when TESTS is set), run GPU tests, bench
# synthetic models, and optionally break one decode step down per kernel with Nsight Compute.
# One call does it all because device time is scarce: benches first, then tests, then profiles. Logs and tables go to $OUT (or ./out).
#   Env: TYPES    model types to bench (default "F16 Q4_K"), SHAPE (llama3-8b)
#        TESTS    gtest filter for test_cuda (empty: no tests)
#        VARIANTS ';'-separated environment assignments to bench each model under, e.g.
#                 "TESSERA_CUDA_GRAPHS=0;TESSERA_CUDA_GRAPHS=1" (default: one plain run)
#        PROFILE  types to profile one decode token of with ncu (default none)
#        SPLITS   split modes to bench the first type under on VDEVS (2) virtual devices, ratio 1:1,
#                 e.g. "none layer row" (default none)
#        REPS     bench repetitions (3)
#        SYNTH    "SHAPE:TYPE ..." benched with `bench --synth` (random weights made on the GPU, no file)
#   Carry .device-data (fixtures, debs); see tools/gpu/device_env.sh.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${OUT:-$root/out}"
mkdir -p "$out"
build="$root/build-gpu"
t0=$(date +%s)
stamp() { echo "[run_perf +$(( $(date +%s) - t0 ))s] $*"; }
source "$root/tools/gpu/device_env.sh"

stamp "configure"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_BUILD_GUI=OFF -DTESSERA_BUILD_CUDA=ON \
  -DCMAKE_CUDA_ARCHITECTURES=90 "${cmake_extra[@]}" >"$out/cmake.log" 2>&1 || { tail -30 "$out/cmake.log"; exit 1; }
targets=(tessera-cli)
[ -n "${TESTS:-}" ] && targets+=(test_cuda)
stamp "build ${targets[*]}"
cmake --build "$build" --target "${targets[@]}" -j16 >"$out/build.log" 2>&1 || { grep -E "error|Error" "$out/build.log" | head -40; exit 1; }
nvidia-smi --query-gpu=name,driver_version,memory.used,memory.total,clocks.sm,clocks.max.sm,clocks.mem --format=csv | tee "$out/gpu.txt"
cli="$build/cli/tessera-cli"

summary="$out/bench.md"
: >"$summary"
IFS=';' read -r -a variants <<<"${VARIANTS:-}"
[ ${#variants[@]} -eq 0 ] && variants=("")
model=/tmp/bench-model.gguf
for type in ${TYPES-F16 Q4_K}; do
  stamp "synth ${SHAPE:-llama3-8b} $type"
  timeout 180 "$cli" synth --shape "${SHAPE:-llama3-8b}" --type "$type" -o "$model" >/dev/null || { stamp "synth $type failed"; continue; }
  for v in "${variants[@]}"; do
    stamp "bench $type ${v:-(default)}"
    echo "<!-- $type ${v:-default} -->" >>"$summary"
    env $v timeout 150 "$cli" bench -m "$model" -p 512 -n 128 -r "${REPS:-3}" --backend cuda 2>&1 | sed "s/^| llama/| ${v:-default} | llama/" | tee -a "$summary"
  done
  if [ -n "${SPLITS:-}" ] && [ "$type" = "$(echo ${TYPES-F16 Q4_K} | cut -d' ' -f1)" ]; then
    for sm in $SPLITS; do
      stamp "bench $type, ${VDEVS:-2} virtual devices, split $sm"
      echo "<!-- $type split $sm -->" >>"$summary"
      TESSERA_CUDA_VIRTUAL_DEVICES=${VDEVS:-2} timeout 150 "$cli" bench -m "$model" -p 512 -n 128 -r "${REPS:-3}" \
        --backend cuda -sm "$sm" -ts 1,1 2>&1 | sed "s/^| llama/| split $sm x${VDEVS:-2} | llama/" | tee -a "$summary"
    done
  fi
  if [[ " ${PROFILE:-} " == *" $type "* ]]; then mv "$model" "/tmp/profile-$type.gguf"; else rm -f "$model"; fi
done
for st in ${SYNTH:-}; do
  stamp "bench --synth ${st%%:*} --type ${st##*:}"
  echo "<!-- synth $st -->" >>"$summary"
  timeout 240 "$cli" bench --synth "${st%%:*}" --type "${st##*:}" -p 512 -n 128 -r "${REPS:-3}" --backend cuda 2>&1 |
    sed "s/^| llama/| synth-in-memory | llama/" | tee -a "$summary"
done
if [ -n "${TESTS:-}" ]; then
  stamp "test_cuda --gtest_filter=$TESTS"
  timeout 300 "$build/tests/test_cuda" --gtest_filter="$TESTS" >"$out/tests.log" 2>&1
  echo "test_cuda exit $?"
  grep -E "^\[==========\]|^\[  PASSED  \]|^\[  SKIPPED \]|^\[  FAILED  \]" "$out/tests.log" | sort -u | head -40
  grep -B2 -A10 -E ": Failure$" "$out/tests.log" | cut -c1-300 | head -80
  grep -E "max relative|relative logit" "$out/tests.log" | head -60 >"$out/test_errors.txt"
fi

for type in ${PROFILE:-}; do
  model="/tmp/profile-$type.gguf"
  [ -f "$model" ] || continue
  stamp "ncu: one decode token of $type"
  NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
  timeout 150 "$NCU" --clock-control none --cache-control none --metrics gpu__time_duration.sum --csv --page raw \
    --launch-count 700 "$cli" bench -m "$model" -p 0 -n 2 -r 1 --backend cuda >"$out/ncu_$type.csv" 2>"$out/ncu_$type.err"
  echo "ncu exit $?"; tail -3 "$out/ncu_$type.err"
  python3 "$root/tools/gpu/ncu_breakdown.py" "$out/ncu_$type.csv" | tee "$out/breakdown_$type.txt"
  rm -f "$model"
done
stamp "summary"
grep -E '^\| ' "$summary" | grep -v '^| model' | grep -v -- '-----'
stamp "done"
