#!/usr/bin/env python3
"""Trains the tessera-tiny vocabulary (BPE, SentencePiece layout, byte fallback) and
tokenizes the corpus with the llama.cpp SPM encoder of spm.py.

Vocabulary layout (ids):
  0 <unk> (UNKNOWN=2), 1 <s>, 2 </s>, 3 <|user|>, 4 <|assistant|>, 5 <|system|>, 6 <|end|> (CONTROL=3),
  7..262 <0x00>..<0xFF> (BYTE=6),
  then merged pieces in merge order, score = -rank (0, -1, -2, ...; NORMAL=1),
  then the single characters (NORMAL=1), score below every merge.
With these scores llama.cpp's "merge the best-scoring adjacent pair" loop applies the
merges in training order. Pieces never span a space: training counts "words" (an
optional "▁" and a run of letters, or one digit, or one other character), so no
piece holds "▁" after its first character.

Outputs (in --out-dir): tokenizer.json (tokens/scores/types), tokens.bin (uint16
little-endian ids of the whole corpus, each document as <s> ... </s>), tokens_meta.json.

  python3 train_tokenizer.py --corpus corpus.txt --vocab-size 1536 --out-dir work/
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import json
import os
import re
import sys
import time
from array import array
from typing import Dict, List, Set, Tuple

import spm
from spm import SPACE, Vocab

# Pre-tokenization for counting only (the encoder itself is spm.py, unchanged).
UNIT = re.compile("%s?[A-Za-z]+|%s?[0-9]|%s?[^A-Za-z0-9%s\\s]|%s|\\s" % ((SPACE,) * 5))


def fragments(vocab_specials: List[str], line: str) -> List[str]:
    """Raw-text fragments of one document, escaped exactly as the encoder sees them
    (dummy prefix after the start and after each special token)."""
    parts = [line]
    for s in sorted(vocab_specials, key=len, reverse=True):
        nxt = []
        for p in parts:
            nxt.extend(x for x in p.split(s) if x)
        parts = nxt
    return [(" " + p).replace(" ", SPACE) for p in parts]


def train_bpe(unit_counts: Dict[str, int], n_merges: int, log_every: int = 200) -> List[str]:
    """Classic BPE over the unit counts. Returns merged piece strings in merge order
    (strings that a merge re-creates are not added twice)."""
    words: List[List[str]] = []
    freqs: List[int] = []
    for u, c in sorted(unit_counts.items()):
        words.append(list(u))
        freqs.append(c)
    pair_count: Dict[Tuple[str, str], int] = collections.defaultdict(int)
    where: Dict[Tuple[str, str], Set[int]] = collections.defaultdict(set)
    for wi, w in enumerate(words):
        for a, b in zip(w, w[1:]):
            pair_count[(a, b)] += freqs[wi]
            where[(a, b)].add(wi)
    pieces: List[str] = []
    seen: Set[str] = set()
    t0 = time.time()
    while len(pieces) < n_merges and pair_count:
        # best pair: highest count; ties broken by the pair's text (deterministic)
        (a, b), cnt = max(pair_count.items(), key=lambda kv: (kv[1], kv[0]))
        if cnt < 2:
            break
        new = a + b
        if new not in seen:
            seen.add(new)
            pieces.append(new)
        for wi in sorted(where.pop((a, b), ())):
            w = words[wi]
            f = freqs[wi]
            for p in zip(w, w[1:]):
                pair_count[p] -= f
                if pair_count[p] <= 0:
                    del pair_count[p]
                s = where.get(p)
                if s is not None:
                    s.discard(wi)
            out: List[str] = []
            i = 0
            while i < len(w):
                if i + 1 < len(w) and w[i] == a and w[i + 1] == b:
                    out.append(new)
                    i += 2
                else:
                    out.append(w[i])
                    i += 1
            words[wi] = out
            for p in zip(out, out[1:]):
                pair_count[p] += f
                where[p].add(wi)
        pair_count.pop((a, b), None)
        if log_every and len(pieces) % log_every == 0:
            print("  merges %d (%.1fs) last=%r count=%d" % (len(pieces), time.time() - t0, new, cnt), flush=True)
    return pieces


def build_vocab(corpus_lines: List[str], vocab_size: int) -> Tuple[Vocab, dict]:
    specials = spm.CONTROL_TOKENS
    units: Dict[str, int] = collections.Counter()
    chars: Set[str] = set()
    for line in corpus_lines:
        for frag in fragments(specials, line):
            chars.update(frag)
            units.update(UNIT.findall(frag))
    # every printable ASCII character is a piece, so user text rarely needs byte fallback
    chars.update(chr(c) for c in range(0x21, 0x7F))
    chars.add(SPACE)
    chars.discard(" ")
    chars.discard("\n")
    char_list = sorted(chars)
    n_fixed = len(specials) + 256
    n_merges = vocab_size - n_fixed - len(char_list)
    if n_merges <= 0:
        raise SystemExit("vocab size %d too small for %d fixed tokens and %d characters"
                         % (vocab_size, n_fixed, len(char_list)))
    print("units: %d distinct, chars: %d, merges wanted: %d" % (len(units), len(char_list), n_merges))
    merges = train_bpe(units, n_merges)
    if len(merges) < n_merges:
        print("note: only %d merges possible; vocabulary is smaller" % len(merges))
    tokens = list(specials) + [spm.byte_piece(b) for b in range(256)]
    types = [spm.TYPE_UNKNOWN] + [spm.TYPE_CONTROL] * (len(specials) - 1) + [spm.TYPE_BYTE] * 256
    scores = [0.0] * len(tokens)
    for rank, p in enumerate(merges):
        tokens.append(p)
        scores.append(-float(rank))
        types.append(spm.TYPE_NORMAL)
    for i, c in enumerate(char_list):
        tokens.append(c)
        scores.append(-float(len(merges) + i))
        types.append(spm.TYPE_NORMAL)
    v = Vocab(tokens, scores, types)
    assert v.chunk_safe, "a piece holds U+2581 after its first character"
    info = {"n_merges": len(merges), "n_chars": len(char_list), "vocab_size": len(tokens)}
    return v, info


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--vocab-size", type=int, default=1536)
    ap.add_argument("--out-dir", required=True)
    ap.add_argument("--check-docs", type=int, default=300,
                    help="documents re-encoded with the plain (uncached) encoder to prove encode_fast exact")
    args = ap.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    with open(args.corpus, encoding="utf-8") as f:
        lines = [ln.rstrip("\n") for ln in f if ln.strip()]
    t0 = time.time()
    vocab, info = build_vocab(lines, args.vocab_size)
    print("vocabulary: %d tokens (%.1fs)" % (len(vocab), time.time() - t0))
    vocab.save(os.path.join(args.out_dir, "tokenizer.json"), extra={"info": info})

    t0 = time.time()
    ids = array("H")
    cache: Dict[str, List[int]] = {}
    n_byte = 0
    for i, line in enumerate(lines):
        doc = vocab.encode_fast(line, add_bos=True, cache=cache)
        doc.append(vocab.eos_id)
        if i < args.check_docs:
            assert doc[:-1] == vocab.encode(line, add_bos=True), "encode_fast differs from encode on doc %d" % i
            if line.startswith("<|"):  # chat: each fragment after a special token has a dummy space
                back = vocab.decode(doc, render_special=True).replace("|> ", "|>")
                assert back == "<s>" + line + "</s>", "round trip failed on doc %d" % i
            else:
                assert vocab.decode(doc) == line, "round trip failed on doc %d" % i
        n_byte += sum(1 for t in doc if vocab.types[t] == spm.TYPE_BYTE)
        ids.extend(doc)
    if sys.byteorder != "little":
        ids.byteswap()
    path = os.path.join(args.out_dir, "tokens.bin")
    with open(path, "wb") as f:
        ids.tofile(f)
    n_chars = sum(len(x) for x in lines)
    meta = {"n_tokens": len(ids), "n_docs": len(lines), "chars_per_token": n_chars / len(ids),
            "byte_fallback_tokens": n_byte, "vocab_size": len(vocab),
            "tokens_sha256": hashlib.sha256(open(path, "rb").read()).hexdigest(), **info}
    with open(os.path.join(args.out_dir, "tokens_meta.json"), "w") as f:
        json.dump(meta, f, indent=1)
    print("tokenized %d docs -> %d tokens, %.2f chars/token, %d byte-fallback tokens (%.1fs)"
          % (len(lines), len(ids), meta["chars_per_token"], n_byte, time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
