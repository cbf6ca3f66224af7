#!/usr/bin/env python3
"""Self-test of spm.py: the heap encoder against a slow, obviously-correct one, the
special-token partition, and round trips. Run: python3 tools/tiny-model/test_spm.py [tokenizer.json]"""

from __future__ import annotations

import random
import sys

import spm
from spm import SPACE, Vocab


def naive(v: Vocab, text: str):
    """Rescan all adjacent pairs each step; merge the best score, leftmost on ties."""
    sym = list(text)
    while True:
        best = None
        for i in range(len(sym) - 1):
            tid = v.token_to_id.get(sym[i] + sym[i + 1])
            if tid is not None and (best is None or v.scores[tid] > best[0]):
                best = (v.scores[tid], i)
        if best is None:
            break
        i = best[1]
        sym[i:i + 2] = [sym[i] + sym[i + 1]]
    out = []
    for s in sym:
        tid = v.token_to_id.get(s)
        out.extend([tid] if tid is not None else [v.byte_ids[b] for b in s.encode()])
    return out


def random_vocab(r: random.Random) -> Vocab:
    tokens = list(spm.CONTROL_TOKENS) + [spm.byte_piece(b) for b in range(256)]
    types = [spm.TYPE_UNKNOWN] + [spm.TYPE_CONTROL] * 6 + [spm.TYPE_BYTE] * 256
    alphabet = "ab" + SPACE + "c"
    pieces = set()
    while len(pieces) < 25:
        pieces.add("".join(r.choice(alphabet) for _ in range(r.randint(2, 4))))
    pieces = sorted(pieces)
    r.shuffle(pieces)
    scores = [0.0] * len(tokens)
    for p in pieces:
        tokens.append(p)
        scores.append(float(r.randint(-5, 0)))  # many ties on purpose
        types.append(spm.TYPE_NORMAL)
    for c in "ab" + SPACE:  # "c" and "é" stay out: byte fallback
        tokens.append(c)
        scores.append(-100.0)
        types.append(spm.TYPE_NORMAL)
    return Vocab(tokens, scores, types)


def main() -> int:
    r = random.Random(7)
    n = 0
    for _ in range(40):
        v = random_vocab(r)
        for _ in range(200):
            text = "".join(r.choice("ab" + SPACE + "cé") for _ in range(r.randint(0, 20)))
            assert v.spm_tokenize(text) == naive(v, text), (v.tokens[263:], text)
            n += 1
    print("heap encoder == naive encoder on %d random strings" % n)

    v = random_vocab(random.Random(1))
    ids = v.encode("ab<|user|>ba<|end|><|assistant|>", add_bos=True)
    assert ids[0] == v.bos_id and v.token_to_id[spm.USER] in ids and ids[-1] == v.token_to_id[spm.ASSISTANT]
    assert v.encode("") == [v.bos_id] and v.encode("", add_bos=False) == []
    frags = v.partition("x<|user|><|end|>y")
    assert frags == [(False, "x"), (True, 3), (True, 6), (False, "y")], frags

    if len(sys.argv) > 1:
        v = Vocab.load(sys.argv[1])
        for s in ["Once upon a time, there was a little cat named Tom.", "Hello  world!\n\tÜber 3+4=7 ☃",
                  "", " leading space", "trailing space "]:
            ids = v.encode(s)
            assert ids == v.encode_fast(s), s
            assert v.decode(ids) == s, (s, v.decode(ids))
        chat = spm.render_chat([("user", "What color is the sky?")], add_generation_prompt=True)
        ids = v.encode(chat)
        print("chat prompt ids:", ids, [v.tokens[i] for i in ids])
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
