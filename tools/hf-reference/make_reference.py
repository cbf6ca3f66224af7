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

Architectures (GGUF names): qwen3moe (Qwen3MoeForCausalLM), and the hybrid Gated DeltaNet models
qwen35 (Qwen3_5ForCausalLM, Qwen3.5/3.6 dense), qwen35moe (Qwen3_5MoeForCausalLM) and qwen3next
(Qwen3NextForCausalLM): four layers, every second one full attention, so both layer kinds and the
recurrent state between them are exercised; 4 value heads over 2 key heads (the grouped/tiled
head order matters), a quarter of each 64-wide attention head rotated, as the real models do.

Writes OUT/ARCH-f16.gguf and OUT/ARCH-f16.ref.json (and the HF model under OUT/ARCH-hf/).
"""
import argparse
import json
import os
import runpy
import sys

import numpy as np
import torch


# transformers class names per architecture: (config class, model class, the HF architecture the
# converter registers). Looked up by name, so a transformers without one says which is missing.
CLASSES = {
    "qwen3moe": ("Qwen3MoeConfig", "Qwen3MoeForCausalLM", "Qwen3MoeForCausalLM"),
    "qwen35": ("Qwen3_5TextConfig", "Qwen3_5ForCausalLM", "Qwen3_5ForCausalLM"),
    "qwen35moe": ("Qwen3_5MoeTextConfig", "Qwen3_5MoeForCausalLM", "Qwen3_5MoeForCausalLM"),
    "qwen3next": ("Qwen3NextConfig", "Qwen3NextForCausalLM", "Qwen3NextForCausalLM"),
}

# The hybrid models' full-attention interval: their configs turn it into layer_types and do not
# save it, so it is written into config.json for the converter (see save_hf_model).
HYBRID_INTERVAL = 2


def transformers_class(name):
    import transformers

    cls = getattr(transformers, name, None)
    if cls is None:
        raise SystemExit(f"transformers {transformers.__version__} has no class {name}; "
                         f"a transformers with it is needed for this architecture")
    return cls


def config_for(arch):
    """The transformers config of each architecture this script knows (small, eager attention)."""
    if arch not in CLASSES:
        raise SystemExit(f"unknown arch {arch}; known: {', '.join(sorted(CLASSES))}")
    config_name, model_name, hf_arch = CLASSES[arch]
    config_cls, model_cls = transformers_class(config_name), transformers_class(model_name)

    common = dict(vocab_size=2048, hidden_size=128, num_hidden_layers=3, num_attention_heads=4,
                  num_key_value_heads=2, head_dim=32, max_position_embeddings=1024, rms_norm_eps=1e-6,
                  bos_token_id=1, eos_token_id=2, pad_token_id=0, tie_word_embeddings=False)
    rope = {"rope_type": "default", "rope_theta": 1e6}
    if arch == "qwen3moe":
        cfg = config_cls(intermediate_size=256, moe_intermediate_size=64, num_experts=8, num_experts_per_tok=2,
                         norm_topk_prob=True, decoder_sparse_step=1, mlp_only_layers=[], **common)
    else:
        # Gated DeltaNet hybrids: layers 1 and 3 attend; 64-wide attention heads with 16 dims
        # rotated (partial_rotary_factor 0.25, as the published models), rope base 1e7.
        common.update(num_hidden_layers=4, head_dim=64)
        hybrid = dict(linear_conv_kernel_dim=4, linear_key_head_dim=32, linear_value_head_dim=32,
                      linear_num_key_heads=2, linear_num_value_heads=4,
                      layer_types=["linear_attention" if (i + 1) % HYBRID_INTERVAL else "full_attention"
                                   for i in range(common["num_hidden_layers"])])
        rope = {"rope_type": "default", "rope_theta": 1e7, "partial_rotary_factor": 0.25}
        if arch == "qwen35":
            cfg = config_cls(intermediate_size=256, **hybrid, **common)
        else:
            moe = dict(moe_intermediate_size=64, shared_expert_intermediate_size=96, num_experts=8,
                       num_experts_per_tok=2)
            if arch == "qwen3next":
                moe.update(norm_topk_prob=True, decoder_sparse_step=1, mlp_only_layers=[], intermediate_size=256)
            cfg = config_cls(**moe, **hybrid, **common)
        if arch in ("qwen35", "qwen35moe"):
            # Text positions rotate alike in every multimodal section; sections of the rotated half.
            rope.update(mrope_section=[4, 2, 2], mrope_interleaved=True)
    # transformers 5 keeps the rope base (and the partial rotation) in rope_parameters.
    if hasattr(cfg, "rope_parameters") and cfg.rope_parameters is not None:
        cfg.rope_parameters = rope
    else:
        cfg.rope_theta = rope["rope_theta"]
        if "partial_rotary_factor" in rope:
            cfg.partial_rotary_factor = rope["partial_rotary_factor"]
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


def save_hf_model(model, arch, hf_dir):
    model.save_pretrained(hf_dir)
    if arch in ("qwen35", "qwen35moe", "qwen3next"):
        # llama.cpp's converter reads full_attention_interval (default 4) from config.json.
        path = os.path.join(hf_dir, "config.json")
        with open(path) as f:
            cfg = json.load(f)
        cfg["full_attention_interval"] = HYBRID_INTERVAL
        with open(path, "w") as f:
            json.dump(cfg, f, indent=2)


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
    if getattr(cls, "supports_mtp_export", False):
        sys.argv.append("--no-mtp")  # the tiny model has no multi-token-prediction block
    try:
        runpy.run_path(os.path.join(args.llama_cpp, "convert_hf_to_gguf.py"), run_name="__main__")
    finally:
        sys.argv = argv
    r = gguf.GGUFReader(out_gguf)
    return [t.name for t in r.tensors], r


def check_layer_pattern(reader, arch, cfg):
    """The converted file must say which layers attend as the transformers model has them."""
    types = getattr(cfg, "layer_types", None)
    if arch not in ("qwen35", "qwen35moe", "qwen3next") or not types:
        return
    field = reader.fields.get(f"{arch}.full_attention_interval")
    if field is None:
        raise SystemExit(f"{arch}: the converted file has no {arch}.full_attention_interval")
    interval = int(field.parts[field.data[0]][0])
    want = ["linear_attention" if (i + 1) % interval else "full_attention" for i in range(len(types))]
    if want != list(types):
        raise SystemExit(f"{arch}: the file's full_attention_interval {interval} does not give the model's "
                         f"layer_types {types}")


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
    save_hf_model(model, args.arch, hf_dir)
    out_gguf = os.path.join(args.out, f"{args.arch}-f16.gguf")
    tensors, reader = convert(args, hf_dir, out_gguf, hf_arch)
    check_layer_pattern(reader, args.arch, cfg)

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
