"""SentencePiece-style tokenizer, exactly as llama.cpp runs a "llama" (SPM) vocabulary.

This is the encoder used for the training data and for the reference prompts of
tessera-tiny, so that any C++ tokenizer that follows the same rules (llama.cpp's
llm_tokenizer_spm, which Tessera's tokenizer reproduces) yields the same ids.

The rules, in order:

1. Special-token partition (parse_special=True): the text is split on the literal
   text of every CONTROL and UNKNOWN token ("<s>", "</s>", "<unk>", "<|user|>", ...).
   Tokens are tried longest text first; each one splits every raw-text fragment that
   is still left, at every occurrence, left to right.
2. BOS is emitted first when add_bos is set.
3. Every raw-text fragment that follows BOS, the start, or a special token gets one
   leading space (add_space_prefix; the "dummy prefix"). Fragments that follow raw
   text cannot occur (partitioning only produces alternating runs), so in practice
   every fragment gets the prefix.
4. Spaces (only U+0020) are replaced by U+2581 ("▁").
5. The fragment is split into UTF-8 characters. For every adjacent pair whose
   concatenated text is a token, a candidate merge is queued with that token's
   score. The best candidate is merged repeatedly: highest score first, ties to the
   leftmost pair; stale candidates (a side already changed) are skipped; after a
   merge the new symbol's pairs with its neighbours are queued.
6. Each final symbol becomes its token id; a symbol that is not a token (only single
   characters can be that) becomes one BYTE token "<0xXX>" per UTF-8 byte.

Pure Python, no dependencies.
"""

from __future__ import annotations

import heapq
import json
from typing import Dict, Iterable, List, Sequence, Tuple

SPACE = "\u2581"

# token types, as in GGUF tokenizer.ggml.token_type / sentencepiece
TYPE_NORMAL = 1
TYPE_UNKNOWN = 2
TYPE_CONTROL = 3
TYPE_USER_DEFINED = 4
TYPE_UNUSED = 5
TYPE_BYTE = 6

UNK, BOS, EOS = "<unk>", "<s>", "</s>"
USER, ASSISTANT, SYSTEM, END = "<|user|>", "<|assistant|>", "<|system|>", "<|end|>"
CONTROL_TOKENS = [UNK, BOS, EOS, USER, ASSISTANT, SYSTEM, END]

# The chat template stored in the GGUF; make_corpus.py renders dialogues with
# exactly this layout (render_chat below is its Python twin).
CHAT_TEMPLATE = ("{% for m in messages %}<|{{ m.role }}|>{{ m.content }}<|end|>{% endfor %}"
                 "{% if add_generation_prompt %}<|assistant|>{% endif %}")


def render_chat(messages: Sequence[Tuple[str, str]], add_generation_prompt: bool) -> str:
    """Python twin of CHAT_TEMPLATE. messages: (role, content) with role in system/user/assistant."""
    out = []
    for role, content in messages:
        out.append("<|%s|>%s<|end|>" % (role, content))
    if add_generation_prompt:
        out.append(ASSISTANT)
    return "".join(out)


def byte_piece(b: int) -> str:
    return "<0x%02X>" % b


class Vocab:
    """tokens/scores/types as stored in GGUF, plus lookup tables."""

    def __init__(self, tokens: List[str], scores: List[float], types: List[int]):
        if not (len(tokens) == len(scores) == len(types)):
            raise ValueError("tokens/scores/types lengths differ")
        self.tokens = list(tokens)
        self.scores = [float(s) for s in scores]
        self.types = list(types)
        self.token_to_id: Dict[str, int] = {}
        for i, t in enumerate(self.tokens):
            if t in self.token_to_id:
                raise ValueError("duplicate token text %r (ids %d and %d)" % (t, self.token_to_id[t], i))
            self.token_to_id[t] = i
        self.byte_ids = []
        for b in range(256):
            tid = self.token_to_id.get(byte_piece(b))
            if tid is None or self.types[tid] != TYPE_BYTE:
                raise ValueError("vocabulary lacks byte token %s" % byte_piece(b))
            self.byte_ids.append(tid)
        self.bos_id = self.token_to_id[BOS]
        self.eos_id = self.token_to_id[EOS]
        self.unk_id = self.token_to_id[UNK]
        self.end_id = self.token_to_id.get(END)
        # specials parsed out of text: CONTROL and UNKNOWN (llama.cpp also takes
        # USER_DEFINED; this vocabulary has none). Longest text first, as llama.cpp.
        specials = [i for i, ty in enumerate(self.types)
                    if ty in (TYPE_CONTROL, TYPE_UNKNOWN, TYPE_USER_DEFINED)]
        self.specials = sorted(specials, key=lambda i: -len(self.tokens[i]))
        # Chunking (encode_fast) is exact only if no token holds "▁" after its start.
        self.chunk_safe = all(SPACE not in t[1:] for t in self.tokens)

    def __len__(self) -> int:
        return len(self.tokens)

    # --- file I/O (our own JSON; the GGUF holds the same three arrays) ---
    def save(self, path: str, extra: dict | None = None) -> None:
        obj = {"tokens": self.tokens, "scores": self.scores, "types": self.types}
        if extra:
            obj.update(extra)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(obj, f, ensure_ascii=False, indent=0)

    @staticmethod
    def load(path: str) -> "Vocab":
        with open(path, encoding="utf-8") as f:
            obj = json.load(f)
        return Vocab(obj["tokens"], obj["scores"], obj["types"])

    # --- rule 1: special-token partition ---
    def partition(self, text: str, parse_special: bool = True) -> List[Tuple[bool, object]]:
        """Returns fragments: (True, token_id) for a special token, (False, str) for raw text."""
        frags: List[Tuple[bool, object]] = [(False, text)] if text else []
        if not parse_special:
            return frags
        for sid in self.specials:
            stext = self.tokens[sid]
            out: List[Tuple[bool, object]] = []
            for is_tok, val in frags:
                if is_tok:
                    out.append((is_tok, val))
                    continue
                s = val  # type: ignore[assignment]
                pos = 0
                while True:
                    j = s.find(stext, pos)
                    if j < 0:
                        break
                    if j > pos:
                        out.append((False, s[pos:j]))
                    out.append((True, sid))
                    pos = j + len(stext)
                if pos < len(s):
                    out.append((False, s[pos:]))
            frags = out
        return frags

    # --- rules 5-6: one raw fragment, already escaped ---
    def spm_tokenize(self, text: str) -> List[int]:
        sym = list(text)  # UTF-8 characters
        n = len(sym)
        if n == 0:
            return []
        prev = list(range(-1, n - 1))
        nxt = list(range(1, n + 1))
        nxt[-1] = -1
        heap: List[Tuple[float, int, int, int]] = []
        t2i = self.token_to_id
        scores = self.scores

        def try_add(left: int, right: int) -> None:
            if left == -1 or right == -1:
                return
            s = sym[left] + sym[right]
            tid = t2i.get(s)
            if tid is None:
                return
            # max-heap on score, ties to the smaller left index (llama.cpp comparator)
            heapq.heappush(heap, (-scores[tid], left, right, len(s)))

        for i in range(1, n):
            try_add(i - 1, i)
        while heap:
            _, left, right, size = heapq.heappop(heap)
            ls, rs = sym[left], sym[right]
            if not ls or not rs or len(ls) + len(rs) != size:
                continue  # stale: one side was merged already
            sym[left] = ls + rs
            sym[right] = ""
            nxt[left] = nxt[right]
            if nxt[right] != -1:
                prev[nxt[right]] = left
            try_add(prev[left], left)
            try_add(left, nxt[left])

        out: List[int] = []
        i = 0
        while i != -1:
            s = sym[i]
            tid = t2i.get(s)
            if tid is not None:
                out.append(tid)
            else:
                # Only unmerged single characters can miss (merged symbols are tokens by
                # construction), so llama.cpp's rev_merge recursion never applies here.
                out.extend(self.byte_ids[b] for b in s.encode("utf-8"))
            i = nxt[i]
        return out

    def encode(self, text: str, add_bos: bool = True, parse_special: bool = True,
               add_space_prefix: bool = True) -> List[int]:
        """Full llama.cpp SPM tokenize (add_special=add_bos)."""
        return self._encode(text, add_bos, parse_special, add_space_prefix, self.spm_tokenize)

    def encode_fast(self, text: str, add_bos: bool = True, parse_special: bool = True,
                    cache: Dict[str, List[int]] | None = None) -> List[int]:
        """Same result as encode(), faster for big corpora: every fragment is cut before
        each "▁" and the chunks are tokenized separately (memoized). Exact because no
        token text holds "▁" after its first character (checked: chunk_safe), so no
        merge can cross a chunk border and merges in different chunks never interact."""
        if not self.chunk_safe:
            return self.encode(text, add_bos, parse_special)
        if cache is None:
            cache = {}

        def tok(esc: str) -> List[int]:
            out: List[int] = []
            start = 0
            L = len(esc)
            while start < L:
                j = esc.find(SPACE, start + 1)
                if j < 0:
                    j = L
                chunk = esc[start:j]
                ids = cache.get(chunk)
                if ids is None:
                    ids = self.spm_tokenize(chunk)
                    cache[chunk] = ids
                out.extend(ids)
                start = j
            return out

        return self._encode(text, add_bos, parse_special, True, tok)

    def _encode(self, text, add_bos, parse_special, add_space_prefix, tokfn) -> List[int]:
        out: List[int] = []
        if add_bos:
            out.append(self.bos_id)
        is_prev_special = True
        for is_tok, val in self.partition(text, parse_special):
            if is_tok:
                out.append(val)  # type: ignore[arg-type]
                is_prev_special = True
            else:
                s = (" " if (add_space_prefix and is_prev_special) else "") + val  # type: ignore[operator]
                out.extend(tokfn(s.replace(" ", SPACE)))
                is_prev_special = False
        return out

    def decode(self, ids: Iterable[int], render_special: bool = False) -> str:
        """Readable text: pieces joined, "▁" -> " ", byte tokens as bytes; the single
        leading space that the dummy prefix added is removed."""
        buf = bytearray()
        for i in ids:
            ty = self.types[i]
            if ty == TYPE_BYTE:
                buf.append(int(self.tokens[i][3:5], 16))
            elif ty in (TYPE_CONTROL, TYPE_UNKNOWN):
                if render_special:
                    buf += self.tokens[i].encode("utf-8")
            else:
                buf += self.tokens[i].replace(SPACE, " ").encode("utf-8")
        s = buf.decode("utf-8", errors="replace")
        return s[1:] if s.startswith(" ") else s
