#!/usr/bin/env python3
"""Reference outputs of tessera-tiny for Tessera's engine tests, computed in float64 from
the exported GGUF itself (own reader, own tokenizer built from the file's vocabulary), so
the reference checks the file, not the training checkpoint.

Writes tests/data/tiny-model/reference.json (format: docs/tiny-model.md) and, with
--samples, a text file of sampled continuations for the documentation.

  python3 make_reference.py --gguf resources/models/tessera-tiny.gguf \
      --out tests/data/tiny-model/reference.json --samples work/samples.txt
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys

import numpy as np
import torch

import gguf_io as G
import spm
from model import Config, TinyLlama

N_GEN = 48
N_LOGIT_STEPS = 3

PROMPTS = [
    {"name": "story_cat", "text": "Once upon a time, there was a little cat named"},
    {"name": "story_park", "text": "One day, Lily went to the park. She saw"},
    {"name": "story_ball", "text": "Tom had a red ball. He loved it very much. One day,"},
    {"name": "facts_cow", "text": "Cows live on a farm. A cow says"},
    {"name": "chat_sky", "chat": [["user", "What color is the sky?"]]},
    {"name": "chat_sum", "chat": [["system", "You are a helpful assistant."], ["user", "What is 3 plus 4?"]]},
]

# Tokenizer cases for the C++ SPM tokenizer: (text, add_bos, parse_special)
TOKENIZER_CASES = [
    ("Hello world", True, False),
    ("Once upon a time, there was a little cat named Tom.", True, False),
    (" leading and  double  spaces ", True, False),
    ("3+4=7, 12 - 5 = 7!", True, False),
    ("Über café ☃ 日本", True, False),
    ("tab\tand\nnewline", True, False),
    ("", True, False),
    ("<|user|>Hi!<|end|><|assistant|>", True, True),
    ("<|user|>Hi!<|end|><|assistant|>", True, False),
    ("<s>text</s> more", False, True),
    ("unbelievably, zebras quizzically jumped", False, False),
]


def load(path: str):
    meta, tensors, _ = G.read_gguf(path)
    a = "llama."
    cfg = Config(vocab_size=len(meta["tokenizer.ggml.tokens"]), dim=meta[a + "embedding_length"],
                 n_layers=meta[a + "block_count"], n_heads=meta[a + "attention.head_count"],
                 n_kv_heads=meta[a + "attention.head_count_kv"], ffn_dim=meta[a + "feed_forward_length"],
                 context=meta[a + "context_length"], norm_eps=meta[a + "attention.layer_norm_rms_epsilon"],
                 rope_base=meta[a + "rope.freq_base"])
    assert meta[a + "rope.dimension_count"] == cfg.head_dim
    model = TinyLlama(cfg).double()
    model.load_gguf_tensors({k: torch.from_numpy(v.astype(np.float64)) for k, v in tensors.items()})
    model.eval()
    vocab = spm.Vocab(meta["tokenizer.ggml.tokens"], meta["tokenizer.ggml.scores"], meta["tokenizer.ggml.token_type"])
    return meta, model, vocab


@torch.no_grad()
def last_logits(model: TinyLlama, ids) -> torch.Tensor:
    x = torch.tensor([ids], dtype=torch.long, device=model.tok_emb.weight.device)
    return model(x, use_sdpa=False)[0, -1].cpu()


@torch.no_grad()
def greedy(model, ids, n):
    ids = list(ids)
    gen, margins, logits = [], [], []
    for i in range(n):
        lg = last_logits(model, ids)
        top = torch.topk(lg, 2)
        t = int(top.indices[0])
        gen.append(t)
        margins.append(float(top.values[0] - top.values[1]))
        if i < N_LOGIT_STEPS:
            logits.append(lg.tolist())
        ids.append(t)
    return gen, margins, logits


@torch.no_grad()
def sample(model, vocab, ids, n, temp, top_k, gen: torch.Generator, stop):
    ids = list(ids)
    out = []
    for _ in range(n):
        lg = last_logits(model, ids[-model.cfg.context:]) / temp
        v, ix = torch.topk(lg, top_k)
        p = torch.softmax(v, -1).cpu()
        t = int(ix[torch.multinomial(p, 1, generator=gen)])
        if t in stop:
            break
        out.append(t)
        ids.append(t)
    return out


def r7(x: float) -> float:
    return float("%.7g" % x)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gguf", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--samples", default="")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--sample-tokens", type=int, default=200)
    ap.add_argument("--device", default="auto", help="float64 either way; cuda is only faster")
    args = ap.parse_args()
    torch.set_num_threads(min(8, os.cpu_count() or 1))

    meta, model, vocab = load(args.gguf)
    dev = "cuda" if args.device == "auto" and torch.cuda.is_available() else \
        ("cpu" if args.device == "auto" else args.device)
    if dev.startswith("cuda"):
        torch.backends.cuda.matmul.allow_tf32 = False  # keep float64 paths exact
    model.to(dev)
    eog = {vocab.eos_id, vocab.token_to_id[spm.END]}
    with open(args.gguf, "rb") as f:
        sha = hashlib.sha256(f.read()).hexdigest()

    cases = []
    for p in PROMPTS:
        if "chat" in p:
            text = spm.render_chat([tuple(m) for m in p["chat"]], add_generation_prompt=True)
        else:
            text = p["text"]
        ids = vocab.encode(text, add_bos=True, parse_special=True)
        gen, margins, logits = greedy(model, ids, N_GEN)
        stop = next((i for i, t in enumerate(gen) if t in eog), None)
        case = {"name": p["name"], "text": text, "prompt_ids": ids, "generated_ids": gen,
                "generated_text": vocab.decode(gen[:stop] if stop is not None else gen),
                "stop_index": stop, "margins": [r7(m) for m in margins],
                "logits": [[r7(x) for x in row] for row in logits]}
        if "chat" in p:
            case["messages"] = p["chat"]
        cases.append(case)
        print("[%s] %s|%s" % (p["name"], text, case["generated_text"]))
        print("    min margin before stop: %.4f" % min(margins[:stop] if stop else margins))

    tok_cases = [{"text": t, "add_bos": b, "parse_special": s, "ids": vocab.encode(t, add_bos=b, parse_special=s)}
                 for t, b, s in TOKENIZER_CASES]

    ref = {
        "format": "tessera-tiny-reference",
        "version": 1,
        "model": os.path.basename(args.gguf),
        "model_sha256": sha,
        "computed_with": "PyTorch %s on %s, float64, weights read from the GGUF (F16 values widened exactly)"
                         % (torch.__version__, dev),
        "n_generated": N_GEN,
        "logit_steps": N_LOGIT_STEPS,
        "vocab_size": len(vocab),
        "eog_ids": sorted(eog),
        "prompts": cases,
        "tokenizer_cases": tok_cases,
    }
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(ref, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")
    print("wrote %s (%d bytes)" % (args.out, os.path.getsize(args.out)))

    if args.samples:
        g = torch.Generator().manual_seed(args.seed)
        lines = []
        starts = [("story", "Once upon a time,"), ("story", "One day, Ben and his dog"),
                  ("story", "Mia was sad because"), ("story", "Once upon a time, there was a brave little bird named"),
                  ("chat", [("user", "Hello!")]), ("chat", [("user", "Tell me a story about a frog.")]),
                  ("chat", [("user", "What does a cow eat?")]), ("chat", [("user", "What is 5 plus 2?")]),
                  ("chat", [("user", "Who are you?")])]
        for kind, s in starts:
            text = spm.render_chat(s, True) if kind == "chat" else s
            ids = vocab.encode(text)
            out = sample(model, vocab, ids, args.sample_tokens, 0.8, 40, g, eog)
            if kind == "chat":
                shown = "User: %s\nAssistant: %s" % (s[-1][1], vocab.decode(out))
            else:
                shown = "%s%s" % (s, vocab.decode(ids[1:] + out)[len(s):])
            lines.append(shown)
            print("--- sample (T=0.8, top-k 40)\n" + shown)
        with open(args.samples, "w", encoding="utf-8") as f:
            f.write("\n\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
