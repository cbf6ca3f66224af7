#!/usr/bin/env bash
# Extracts llama.cpp's tokenizer test vocabularies (models/ggml-vocab-*.gguf with their .inp/.out
# vectors) from a llama.cpp git directory into a git-ignored folder, for the tokenizer suite's
# extra-vocabulary test (tests/core/tokenizer/extra_vocab_vectors_test.cpp):
#
#   tools/tokenizer-check/fetch_vocabs.sh /path/to/llama.cpp/.git [out-dir]
#   TESSERA_TOKENIZER_EXTRA_DIR=$PWD/tools/tokenizer-check/vocabs build/tests/test_core_tokenizer
#
# These files belong to llama.cpp (MIT); they are not part of Tessera and are never committed.
# A bare repository or a checkout's .git both work; the files are read from HEAD (or $REV).
set -euo pipefail
if [[ $# -lt 1 ]]; then
  echo "usage: $0 <llama.cpp git dir> [out-dir (default: $(dirname "$0")/vocabs)]" >&2
  exit 2
fi
git_dir=$1
out=${2:-$(dirname "$0")/vocabs}
rev=${REV:-HEAD}
mkdir -p "$out"
count=0
missing=0
while IFS= read -r path; do
  case $path in
    models/ggml-vocab-*.gguf | models/ggml-vocab-*.gguf.inp | models/ggml-vocab-*.gguf.out) ;;
    *) continue ;;
  esac
  dest=$out/$(basename "$path")
  # A shallow or partial mirror may lack some blobs: say which and go on.
  if git --git-dir="$git_dir" show "$rev:$path" > "$dest.part" 2>/dev/null; then
    mv "$dest.part" "$dest"
    count=$((count + 1))
  else
    rm -f "$dest.part"
    echo "skipped $path (not readable from $git_dir)" >&2
    missing=$((missing + 1))
  fi
done < <(git --git-dir="$git_dir" ls-tree --name-only "$rev" models/)
echo "extracted $count files into $out ($missing not available)"
