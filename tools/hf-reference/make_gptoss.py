#!/usr/bin/env python3
"""Makes the gpt-oss Hugging Face fixture: a tiny random GptOssForCausalLM, converted to an f16 GGUF
by llama.cpp's own converter, and its float64 greedy reference (gpt-oss-f16.gguf + .ref.json in the
format of ../shared/fixtures/hf, see its README).

Runs offline on a machine with torch, transformers (with GptOss), tokenizers, numpy and a llama.cpp
checkout:

    python3 tools/hf-reference/make_gptoss.py --llama-cpp /path/to/llama.cpp --out /tmp/gptoss-fixture

What the model exercises (each a block Tessera implements for gpt-oss): attention sinks, q/k/v/o
biases, router bias, per-expert gate/up/down biases, the clamped SwiGLU (expert biases wide enough
that some gate/up values pass +-7), top-k routing with the softmax over the chosen logits,
sliding-window attention (window 8) on even layers, YaRN rope scaling (factor 4 over 64 original
positions, so the ramp covers several pairs).

The tokenizer: gpt-oss's o200k vocabulary is 201088 tokens, far too large for a fixture, so the
script trains a 512-token byte-level BPE with o200k's split regex on a text embedded below. The
converter recognises pre-tokenizers by hashing the tokens of a probe text, which only the real
vocabulary reproduces, so the converter runs with its pre-tokenizer lookup falling back to
"gpt-4o" (the name real gpt-oss files carry). The reference's prompt ids come from this tokenizer;
the backend test feeds them as they are.

YaRN: transformers' gpt-oss config says `truncate: false` (band edges not rounded) while llama.cpp
(and a GGUF file, which cannot say) rounds them; the fixture sets `truncate: true`, so both define
the same rotation. Weights are rounded to values f16 holds exactly, so the f16 GGUF and the float64
model compute with the same numbers.
"""

import argparse
import inspect
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import torch

# o200k's split, as gpt-oss's tokenizer.json writes it (Tessera's "gpt-4o" pre-tokenizer).
O200K_SPLIT = (
    r"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?"
    r"|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?"
    r"|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+"
)

CORPUS = """Once upon a time there was a little robot who lived in a quiet town by the sea.
Every morning the robot walked to the harbour and counted the boats: one, two, three, 1234 boats.
The fishermen said hello, and the robot said hello back. It liked numbers, stories and the sound
of the waves. "What is the meaning of life?" asked a child one day. The robot thought for a long
time and answered: "To learn, to help, and to tell good stories." The child laughed and ran home.
def fibonacci(n):
    if n < 2:
        return n
    return fibonacci(n - 1) + fibonacci(n - 2)
The quick brown fox jumps over the lazy dog. THE QUICK BROWN FOX! I've been told they're here.
Les enfants jouent dans le jardin. Die Katze schläft auf dem Sofa. Привет, как дела?
"""

PROMPTS = [
    "Once upon a time",
    "The meaning of life is",
    "def fibonacci(n):",
    "The quick brown fox jumps over the lazy dog, and then the robot counted the boats",
]

SPECIAL_TOKENS = ["<|startoftext|>", "<|endoftext|>", "<|return|>", "<|start|>", "<|end|>", "<|message|>"]


def make_tokenizer(out_dir: Path, vocab_size: int):
    from tokenizers import Regex, Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.Sequence(
        [
            pre_tokenizers.Split(Regex(O200K_SPLIT), behavior="isolated", invert=False),
            pre_tokenizers.ByteLevel(add_prefix_space=False, trim_offsets=False, use_regex=False),
        ]
    )
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size - len(SPECIAL_TOKENS),
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        special_tokens=[],
        show_progress=False,
    )
    tok.train_from_iterator([CORPUS] * 4, trainer=trainer)
    tok.add_special_tokens(SPECIAL_TOKENS)
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok,
        bos_token="<|startoftext|>",
        eos_token="<|return|>",
        pad_token="<|endoftext|>",
    )
    fast.save_pretrained(out_dir)
    return fast


def make_config(vocab_size: int, tokenizer):
    from transformers import GptOssConfig

    rope = {
        "rope_type": "yarn",
        "factor": 4.0,
        "beta_fast": 32.0,
        "beta_slow": 1.0,
        "original_max_position_embeddings": 64,
        "truncate": True,
    }
    kwargs = dict(
        vocab_size=vocab_size,
        hidden_size=64,
        intermediate_size=64,
        num_hidden_layers=4,  # sliding, full, sliding, full
        num_attention_heads=4,
        num_key_value_heads=2,
        head_dim=16,
        num_local_experts=4,
        num_experts_per_tok=2,
        sliding_window=8,
        max_position_embeddings=1024,
        rms_norm_eps=1e-5,
        attention_bias=True,
        tie_word_embeddings=False,
        layer_types=["sliding_attention" if i % 2 == 0 else "full_attention" for i in range(4)],
        bos_token_id=tokenizer.convert_tokens_to_ids("<|startoftext|>"),
        eos_token_id=tokenizer.convert_tokens_to_ids("<|return|>"),
        pad_token_id=tokenizer.convert_tokens_to_ids("<|endoftext|>"),
    )
    params = inspect.signature(GptOssConfig.__init__).parameters
    if "rope_parameters" in params:  # transformers 5
        kwargs["rope_parameters"] = dict(rope, rope_theta=10000.0)
    else:  # transformers 4
        kwargs["rope_scaling"] = rope
        kwargs["rope_theta"] = 10000.0
    return GptOssConfig(**kwargs)


def f16_exact_(t: torch.Tensor, std: float, mean: float = 0.0, gen=None):
    with torch.no_grad():
        v = torch.randn(t.shape, generator=gen, dtype=torch.float64) * std + mean
        t.copy_(v.to(torch.float16).to(t.dtype))


def randomise(model, seed: int):
    """Weights of a useful size (the default init is too small to give distinct logits)."""
    gen = torch.Generator().manual_seed(seed)
    for name, p in model.named_parameters():
        if "norm" in name:
            f16_exact_(p, 0.1, 1.0, gen)
        elif "sinks" in name:
            f16_exact_(p, 1.0, 0.0, gen)
        elif "experts" in name and "bias" in name and "down" not in name:
            f16_exact_(p, 4.0, 0.0, gen)  # some gate/up values beyond the clamp at +-7
        elif "bias" in name:
            f16_exact_(p, 0.3, 0.0, gen)
        elif "embed_tokens" in name:
            f16_exact_(p, 1.0, 0.0, gen)
        else:
            # Matrices: 1/sqrt(fan_in); HF expert tensors are [experts, in, out], others [out, in].
            fan_in = p.shape[-2] if "experts" in name else p.shape[-1]
            f16_exact_(p, 1.0 / np.sqrt(fan_in), 0.0, gen)


def convert(llama_cpp: Path, model_dir: Path, gguf_path: Path):
    # The converter, with its pre-tokenizer lookup falling back to "gpt-4o" for this toy vocabulary.
    code = (
        "import sys, runpy\n"
        f"sys.path.insert(0, {str(llama_cpp)!r})\n"
        f"sys.path.insert(1, {str(llama_cpp / 'gguf-py')!r})\n"
        "from conversion.base import TextModel\n"
        "_orig = TextModel.get_vocab_base_pre\n"
        "def _pre(self, tokenizer):\n"
        "    try:\n"
        "        return _orig(self, tokenizer)\n"
        "    except NotImplementedError:\n"
        "        return 'gpt-4o'\n"
        "TextModel.get_vocab_base_pre = _pre\n"
        f"sys.argv = ['convert_hf_to_gguf.py', {str(model_dir)!r}, '--outtype', 'f16', '--outfile', {str(gguf_path)!r}]\n"
        f"runpy.run_path({str(llama_cpp / 'convert_hf_to_gguf.py')!r}, run_name='__main__')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=str(llama_cpp))


def gguf_tensor_names(llama_cpp: Path, gguf_path: Path):
    sys.path.insert(0, str(llama_cpp / "gguf-py"))
    from gguf import GGUFReader

    return [t.name for t in GGUFReader(str(gguf_path)).tensors]


@torch.no_grad()
def greedy(model, ids, n_steps: int):
    out, margins, first = [], [], None
    seq = list(ids)
    for step in range(n_steps):
        logits = model(torch.tensor([seq])).logits[0, -1].to(torch.float64)
        top = torch.topk(logits, 2)
        if step == 0:
            first = logits.tolist()
        margins.append(float(top.values[0] - top.values[1]))
        nxt = int(top.indices[0])
        out.append(nxt)
        seq.append(nxt)
    return out, margins, first


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--llama-cpp", type=Path, required=True, help="llama.cpp checkout (convert_hf_to_gguf.py)")
    ap.add_argument("--out", type=Path, required=True, help="folder for gpt-oss-f16.gguf and gpt-oss-f16.ref.json")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--steps", type=int, default=32)
    args = ap.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

    from transformers import GptOssForCausalLM, __version__ as tf_version

    torch.manual_seed(args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    model_dir = args.out / "gpt-oss-hf"
    model_dir.mkdir(exist_ok=True)

    tokenizer = make_tokenizer(model_dir, 512)
    config = make_config(len(tokenizer), tokenizer)
    # transformers 5 runs experts through grouped_mm by default, which has no float64 kernel.
    config._experts_implementation = "eager"
    model = GptOssForCausalLM._from_config(config, attn_implementation="eager").to(torch.float32)
    model.config._experts_implementation = "eager"
    randomise(model, args.seed)
    model.save_pretrained(model_dir, safe_serialization=True)

    gguf_name = "gpt-oss-f16.gguf"
    convert(args.llama_cpp, model_dir, args.out / gguf_name)

    model = model.to(torch.float64).eval()
    cases = []
    for prompt in PROMPTS:
        ids = tokenizer.encode(prompt, add_special_tokens=False)
        greedy_ids, margins, first = greedy(model, ids, args.steps)
        cases.append(
            {"prompt": prompt, "prompt_ids": ids, "greedy_ids": greedy_ids, "margins": margins, "first_logits": first}
        )
        print(f"{prompt!r}: {len(ids)} prompt ids, smallest margin {min(margins):.4f}", file=sys.stderr)

    cfg = config.to_dict()
    cfg["transformers_version"] = tf_version
    ref = {
        "arch": "gpt-oss",
        "config": cfg,
        "vocab_size": config.vocab_size,
        "add_space_prefix": False,
        "tensors": gguf_tensor_names(args.llama_cpp, args.out / gguf_name),
        "variants": {"f16": {"file": gguf_name, "cases": cases}},
    }
    with open(args.out / "gpt-oss-f16.ref.json", "w") as f:
        json.dump(ref, f)
    print(f"wrote {args.out / gguf_name} and {args.out / 'gpt-oss-f16.ref.json'}", file=sys.stderr)


if __name__ == "__main__":
    main()
