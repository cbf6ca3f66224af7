#!/usr/bin/env bash
# Usage: tools/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
# Builds the libFuzzer targets of tests/fuzz with clang, ASan and UBSan in build-fuzz/ (only the core
# libraries they need), writes the seed corpora (tessera_fuzz_seeds: GGUF images from the writer,
# the fixture templates and tokenizer inputs, hand-written cases) and runs each target for
# SECONDS_PER_TARGET (default 60), one process on one core, growing build-fuzz/corpus/<target>/.
# TARGET: gguf, template, tokenizer, schema, http, request, reply (default: every target this checkout
# can build; template and tokenizer need core/template/template_fuzz_entry.h and
# core/tokenizer/tokenizer_fuzz_entry.h; http, request and reply, the server's HTTP front, its
# request bodies and its replies, need the server's build dependencies: Boost, cpp-httplib).
# A crash is saved under build-fuzz/crashes/<target>/; the script prints its path and how to
# reproduce it, and exits 1. Minimise it, add it to tests/fuzz/regressions/<target>/ and fix it.
# Environment: CXX/CC (default clang++/clang), TESSERA_FIXTURES_DIR (default ../shared/fixtures),
# FUZZ_JOBS (parallel build jobs, default nproc).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-60}"
[[ $# -gt 0 ]] && shift
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [[ "$seconds" -eq 0 ]]; then
  echo "fuzz.sh: SECONDS_PER_TARGET must be a positive whole number, got '$seconds'" >&2
  exit 2
fi
build="$root/build-fuzz"
fixtures="${TESSERA_FIXTURES_DIR:-$root/../shared/fixtures}"
cxx="${CXX:-clang++}"
cc="${CC:-clang}"
if ! command -v "$cxx" >/dev/null; then
  echo "fuzz.sh: $cxx not found; libFuzzer needs clang (apt-get install clang)" >&2
  exit 2
fi

launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache); fi
# -O1 with assertions on (Debug adds only -g): fast enough to fuzz, and asserts still fire.
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS=-O1 -DCMAKE_C_FLAGS=-O1 \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_C_COMPILER="$cc" "${launcher[@]}" \
  -DTESSERA_FUZZ=ON -DTESSERA_BUILD_TESTS=OFF -DTESSERA_BUILD_GUI=OFF -DTESSERA_BUILD_CUDA=OFF >/dev/null

available=(gguf)
[[ -f "$root/core/template/template_fuzz_entry.h" ]] && available+=(template)
[[ -f "$root/core/tokenizer/tokenizer_fuzz_entry.h" ]] && available+=(tokenizer)
available+=(schema)
[[ -f "$root/tests/fuzz/http_entry.cpp" ]] && available+=(http request reply)
targets=("$@")
[[ ${#targets[@]} -eq 0 ]] && targets=("${available[@]}")
for t in "${targets[@]}"; do
  if ! [[ " ${available[*]} " == *" $t "* ]]; then
    echo "fuzz.sh: no target '$t' in this checkout (available: ${available[*]})" >&2
    exit 2
  fi
done

cmake --build "$build" -j"${FUZZ_JOBS:-$(nproc)}" --target tessera_fuzz_seeds $(printf '%s_fuzz ' "${targets[@]}")
# Debian's json-schema-test-suite (tools/install-deps.sh installs it) seeds the schema target.
"$build/tests/fuzz/tessera_fuzz_seeds" "$build/seeds" "$fixtures" /usr/share/json-schema-test-suite/tests/draft7

status=0
for t in "${targets[@]}"; do
  corpus="$build/corpus/$t"
  crashes="$build/crashes/$t"
  mkdir -p "$corpus" "$crashes"
  # 64 KiB inputs, so that long chains and deep nesting are reachable: templates at full length
  # from the start (-len_control=0), tokenizer inputs (vocabulary + text) growing fast, GGUF images
  # growing from the seeds' sizes at libFuzzer's pace.
  max_len=65536
  len_control=()
  [[ $t == template ]] && len_control=(-len_control=0)
  [[ $t == tokenizer ]] && len_control=(-len_control=10)
  started="$build/.started-$t"
  touch "$started"
  # Each run starts from the seeds and what earlier runs kept (the corpus is merged into as it grows).
  # -rss_limit_mb: the reader's limits keep memory far below; a blowup is a finding.
  # -timeout=30: a template that spends its whole step budget stops in ~1.5 s in Release and
  # several times that under ASan + UBSan on a loaded 2-core CI machine; a real hang still shows.
  echo "== $t: ${seconds}s"
  set +e
  ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:allocator_may_return_null=1" \
  UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
    "$build/tests/fuzz/${t}_fuzz" "$corpus" "$build/seeds/$t" \
    -max_total_time="$seconds" -max_len="$max_len" "${len_control[@]}" -timeout=30 -rss_limit_mb=2048 \
    -artifact_prefix="$crashes/" -print_final_stats=1 >"$build/$t.log" 2>&1
  rc=$?
  set -e
  grep -E "^#[0-9]+ +(DONE|pulse|NEW)|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb" \
    "$build/$t.log" | tail -n 4
  found=$(find "$crashes" -type f -newer "$started" 2>/dev/null | sort)
  if [[ $rc -ne 0 || -n "$found" ]]; then
    status=1
    echo "!! $t: libFuzzer exited $rc; log: $build/$t.log"
    for f in $found; do
      echo "!! reproducer: $f"
      echo "   rerun: $build/tests/fuzz/${t}_fuzz $f"
    done
    grep -E "ERROR: |SUMMARY: |runtime error|Assertion" "$build/$t.log" | head -n 5 || true
    # The stack of the first finding, past libFuzzer's and the sanitizers' own frames: a CI log
    # then says where it failed without the reproducer at hand.
    grep -E "^ +#[0-9]+ 0x" "$build/$t.log" | grep -v -E "in (__sanitizer|__asan|__ubsan|fuzzer::|__interceptor|__libc_start|_start)" |
      head -n 12 || true
  fi
done
exit $status
