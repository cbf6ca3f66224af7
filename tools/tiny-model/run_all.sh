#!/usr/bin/env bash
# tessera-tiny, the whole pipeline in one command:
#   corpus -> tokenizer (+ self-test) -> training -> GGUF -> float64 reference -> doc assets.
# Run from anywhere:  bash tools/tiny-model/run_all.sh
# Needs Python 3.10+; training, export and reference need PyTorch and numpy (a GPU for the
# documented 2-minute training; CPU works, slowly). The plot needs matplotlib (skipped if absent).
# Environment knobs: PY (python, default python3), WORK (scratch folder, default <repo>/build-tinymodel),
#   SEED (1234), MB (corpus size, 8), VOCAB (1536), TRAIN_ARGS (extra train.py flags),
#   SKIP_DATA=1 (reuse corpus and tokens already in WORK).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
PY="${PY:-python3}"
WORK="${WORK:-$ROOT/build-tinymodel}"
SEED="${SEED:-1234}"
MB="${MB:-8}"
VOCAB="${VOCAB:-1536}"
TRAIN_ARGS="${TRAIN_ARGS:-}"
RESULTS="$HERE/results"
GGUF="$ROOT/resources/models/tessera-tiny.gguf"
mkdir -p "$WORK" "$RESULTS" "$ROOT/docs" "$ROOT/tests/data/tiny-model"
cd "$HERE"

if [ "${SKIP_DATA:-0}" != 1 ]; then
  "$PY" make_corpus.py --out "$WORK/corpus.txt" --mb "$MB" --seed "$SEED"
  "$PY" train_tokenizer.py --corpus "$WORK/corpus.txt" --vocab-size "$VOCAB" --out-dir "$WORK"
fi
"$PY" test_spm.py "$WORK/tokenizer.json"
# shellcheck disable=SC2086  # TRAIN_ARGS is a list of flags on purpose
"$PY" train.py --data-dir "$WORK" --out-dir "$WORK" --seed "$SEED" $TRAIN_ARGS
"$PY" export_gguf.py --work-dir "$WORK" --out "$GGUF"
cp "$WORK/loss.csv" "$ROOT/docs/tiny-model-loss.csv"
cp "$WORK/train_settings.json" "$WORK/tokens_meta.json" "$RESULTS/"
"$PY" make_reference.py --gguf "$GGUF" --out "$ROOT/tests/data/tiny-model/reference.json" \
  --samples "$RESULTS/samples.txt"
if "$PY" -c "import matplotlib" 2>/dev/null; then
  "$PY" plot_loss.py "$WORK/loss.csv" "$ROOT/docs/tiny-model-loss.png" || echo "plot failed (non-fatal)"
else
  echo "matplotlib not found: skipping docs/tiny-model-loss.png"
fi
sha256sum "$GGUF" 2>/dev/null || true
echo "tessera-tiny pipeline done"
