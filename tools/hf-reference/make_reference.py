#!/usr/bin/env python3
"""Makes a small random Hugging Face transformers model, converts it to GGUF with llama.cpp's own
converter, and writes float64 greedy references in the format of ../shared/fixtures/hf/*.ref.json.

Runs on a machine with torch, transformers, numpy and safetensors (the GPU machine has them); no
network. The vocabulary is the 2048-piece Llama-2 SentencePiece vocabulary of an existing fixture
(`--vocab-gguf`, e.g. fixtures/hf/mixtral-f16.gguf) and the prompts' ids are that fixture's
reference prompts (`--prompts-ref`), so no tokenizer files are needed: the converter's vocabulary
step is replaced by one that copies the fixture's pieces (everything else -- tensor names, expert
stacking, hyperparameter keys -- is llama.cpp's converter as it is).

  make_reference.py --arch qwen3moe --llama-cpp DIR --vocab-gguf F.gguf --prompts-ref F.ref.json --out OUT

Writes OUT/ARCH-f16.gguf and OUT/ARCH-f16.ref.json (and the HF model under OUT/ARCH-hf/).
"""
import argparse
import json
import os
import runpy
import sys

import numpy as np
import torch


def config_for(arch):
    """The transformers config of each architecture this script knows (small, eager attention)."""
    import transformers

    common = dict(vocab_size=2048, hidden_size=128, num_hidden_layers=3, num_attention_heads=4,
                  num_key_value_heads=2, head_dim=32, max_position_embeddings=1024, rms_norm_eps=1e-6,
                  bos_token_id=1, eos_token_id=2, pad_token_id=0, tie_word_embeddings=False)
    if arch == "qwen3moe":
        cfg = transformers.Qwen3MoeConfig(intermediate_size=256, moe_intermediate_size=64, num_experts=8,
                                          num_experts_per_tok=2, norm_topk_prob=True, decoder_sparse_step=1,
                                          mlp_only_layers=[], **common)
        hf_arch = "Qwen3MoeForCausalLM"
        model_cls = transformers.Qwen3MoeForCausalLM
    else:
        raise SystemExit(f"unknown arch {arch}")
    # rope base 1e6 as the Qwen3 family uses; transformers 5 keeps it in rope_parameters.
    if hasattr(cfg, "rope_parameters") and cfg.rope_parameters is not None:
        cfg.rope_parameters = {"rope_type": "default", "rope_theta": 1e6}
    else:
        cfg.rope_theta = 1e6
    cfg.architectures = [hf_arch]
    cfg._attn_implementation = "eager"
    # transformers 5 runs experts through grouped_mm by default, which has no float64 kernel.
    cfg._experts_implementation = "eager"
    return cfg, model_cls, hf_arch


def randomise(model, seed):
    """Weights with margins worth comparing: N(0, 1/sqrt(fan_in)) matrices, norms near 1, all
    exactly representable in F16 (so the F16 GGUF holds the same model as the float64 reference)."""
    g = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for name, p in model.named_parameters():
            if p.dim() == 1:
                v = 1.0 + 0.2 * torch.randn(p.shape, generator=g)
            elif "embed" in name:
                v = torch.randn(p.shape, generator=g)
            else:
                fan_in = p.shape[-1]
                v = torch.randn(p.shape, generator=g) * (1.4 / fan_in ** 0.5)
            p.copy_(v.to(torch.float16).to(p.dtype))


def read_vocab(gguf_mod, path):
    r = gguf_mod.GGUFReader(path)

    def field(name):
        f = r.fields[name]
        if hasattr(f, "contents"):
            return f.contents()
        return [f.parts[i].tolist() for i in f.data]

    return field("tokenizer.ggml.tokens"), field("tokenizer.ggml.scores"), field("tokenizer.ggml.token_type")


def convert(args, hf_dir, out_gguf, hf_arch):
    sys.path.insert(0, os.path.join(args.llama_cpp, "gguf-py"))
    sys.path.insert(0, args.llama_cpp)
    import gguf  # llama.cpp's gguf-py
    import conversion

    tokens, scores, types = read_vocab(gguf, args.vocab_gguf)

    def set_vocab(self):
        w = self.gguf_writer
        w.add_tokenizer_model("llama")
        w.add_tokenizer_pre("default")
        w.add_token_list(tokens)
        w.add_token_scores(scores)
        w.add_token_types(types)
        w.add_bos_token_id(1)
        w.add_eos_token_id(2)
        w.add_unk_token_id(0)
        w.add_add_bos_token(True)
        w.add_add_eos_token(False)
        w.add_add_space_prefix(True)

    cls = conversion.get_model_class(hf_arch)
    cls.set_vocab = set_vocab
    argv = sys.argv
    sys.argv = ["convert_hf_to_gguf.py", hf_dir, "--outtype", "f16", "--outfile", out_gguf]
    try:
        runpy.run_path(os.path.join(args.llama_cpp, "convert_hf_to_gguf.py"), run_name="__main__")
    finally:
        sys.argv = argv
    r = gguf.GGUFReader(out_gguf)
    return [t.name for t in r.tensors]


def reference(model, prompts, n_steps):
    model = model.to(torch.float64).eval()
    cases = []
    with torch.no_grad():
        for i, (text, ids) in enumerate(prompts):
            seq = list(ids)
            greedy, margins, first = [], [], None
            for step in range(n_steps):
                logits = model(torch.tensor([seq])).logits[0, -1]
                top = torch.topk(logits, 2)
                if step == 0 and i == 0:
                    first = logits.tolist()
                nxt = int(top.indices[0])
                greedy.append(nxt)
                margins.append(float(top.values[0] - top.values[1]))
                seq.append(nxt)
            case = {"prompt": text, "prompt_ids": list(ids), "greedy_ids": greedy, "margins": margins}
            if first is not None:
                case["first_logits"] = first
            cases.append(case)
    return cases


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arch", required=True)
    ap.add_argument("--llama-cpp", required=True, help="llama.cpp source dir with convert_hf_to_gguf.py")
    ap.add_argument("--vocab-gguf", required=True)
    ap.add_argument("--prompts-ref", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=1234)
    ap.add_argument("--steps", type=int, default=32)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)

    cfg, model_cls, hf_arch = config_for(args.arch)
    torch.manual_seed(args.seed)
    model = model_cls(cfg).to(torch.float32)
    randomise(model, args.seed)
    hf_dir = os.path.join(args.out, f"{args.arch}-hf")  # the transformers model (not copied back)
    model.save_pretrained(hf_dir)
    out_gguf = os.path.join(args.out, f"{args.arch}-f16.gguf")
    tensors = convert(args, hf_dir, out_gguf, hf_arch)

    with open(args.prompts_ref) as f:
        src = json.load(f)
    prompts = [(c["prompt"], c["prompt_ids"]) for c in src["variants"]["f16"]["cases"]]
    import transformers

    ref = {
        "arch": args.arch,
        "config": json.loads(cfg.to_json_string()),
        "vocab_size": cfg.vocab_size,
        "add_space_prefix": True,
        "tensors": tensors,
        "generator": {"script": "tools/hf-reference/make_reference.py", "seed": args.seed,
                      "transformers": transformers.__version__, "torch": torch.__version__},
        "variants": {"f16": {"file": os.path.basename(out_gguf), "cases": reference(model, prompts, args.steps)}},
    }
    with open(os.path.join(args.out, f"{args.arch}-f16.ref.json"), "w") as f:
        json.dump(ref, f)
    m = [min(c["margins"]) for c in ref["variants"]["f16"]["cases"]]
    print(f"wrote {out_gguf}: {len(tensors)} tensors; smallest margin per prompt {np.round(m, 4).tolist()}")


if __name__ == "__main__":
    main()
