#!/bin/bash
# Interleaved runs for docs/perf.md, "GUI: generation in the app": N times over, each app bench
# binary given (3 rounds each, e.g. a build before and after a change), the engine alone (3 rounds,
# what `tessera-cli run` runs) and `tessera-cli run` itself; one line per round in OUT, then the
# medians (and quartiles) of each figure.
#   bench/gui/app_generation_measure.sh OUT N BUILD_DIR BENCH_BINARY...
set -euo pipefail
out=$1; loops=$2; build=$3; shift 3
here=$(cd "$(dirname "$0")/../.." && pwd)
model=$here/resources/models/tessera-tiny.gguf
prompt="Tell me a long story about a cat, a dog and a bird who live in a big old house."
: > "$out"
for _ in $(seq "$loops"); do
  for bench in "$@"; do
    QT_QPA_PLATFORM=offscreen "$bench" "$model" 200 3 2>/dev/null | grep round | sed "s|^|$(basename "$bench") |" >> "$out"
  done
  QT_QPA_PLATFORM=offscreen "$1" --engine-only "$model" 200 3 2>/dev/null | grep round | sed "s|^|engine |" >> "$out"
  "$build/cli/tessera-cli" run -m "$model" -p "$prompt" -n 162 --ignore-eos --temp 0 2>&1 >/dev/null |
    grep '^generation' | sed 's|^|cli |' >> "$out"
done
python3 - "$out" <<'PY'
import re, statistics as st, sys
rows = {}
for line in open(sys.argv[1]):
    m = re.match(r'(\S+) (app|engine) round \d+: (\d+) tok at ([\d.]+) tok/s', line)
    c = re.match(r'cli generation: \d+ tokens in [\d.]+ ms, ([\d.]+) tokens/s', line)
    if not m and not c: continue
    key = 'cli' if c else (m.group(1) if m.group(2) == 'app' else 'engine')
    r = rows.setdefault(key, {})
    r.setdefault('decode tok/s', []).append(float(c.group(1) if c else m.group(4)))
    for name, pattern in [('Send to end tok/s', r'\(([\d.]+) tok/s from Send'), ('GUI us/tok', r'GUI thread CPU ([\d.]+)'),
                          ('process us/tok', r'process CPU ([\d.]+)')]:
        f = re.search(pattern, line)
        if f: r.setdefault(name, []).append(float(f.group(1)))
for key, r in rows.items():
    parts = []
    for name, v in r.items():
        q = st.quantiles(v, n=4) if len(v) > 3 else [min(v), 0, max(v)]
        parts.append(f'{name} {st.median(v):.1f} ({q[0]:.1f}-{q[2]:.1f})')
    print(f'{key} (n={len(r["decode tok/s"])}): ' + '; '.join(parts))
PY
