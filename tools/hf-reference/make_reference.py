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

Architectures (the name of the files; the GGUF architecture in brackets where it differs):
qwen3moe (Qwen3MoeForCausalLM), and the hybrid Gated DeltaNet models qwen35 (Qwen3_5ForCausalLM,
Qwen3.5/3.6 dense), qwen35moe (Qwen3_5MoeForCausalLM) and qwen3next (Qwen3NextForCausalLM): four
layers, every second one full attention, so both layer kinds and the recurrent state between them
are exercised; 4 value heads over 2 key heads (the grouped/tiled head order matters), a quarter of
each 64-wide attention head rotated, as the real models do.
The 2026 families (issue 36), each small enough to commit (64-wide, 3-6 layers, ~1 MB in F16):
  gemma4 (Gemma4ForCausalLM): the E2B/E4B and 31B features in one model -- sliding layers with
    32-wide heads and full layers with 64-wide heads (proportional RoPE over a quarter of the head,
    K reused as V, their own KV head count), a sliding window of 8, per-layer embeddings, the last
    two layers sharing the KV of earlier ones with double-wide MLPs, layer scalars, a final logit
    soft-cap, tied embeddings;
  gemma4moe [gemma4]: the 26B-A4B form -- a 8-expert top-2 branch beside every layer's dense MLP;
  glm4moe (Glm4MoeForCausalLM): half of each head rotated, QKV biases, QK-norm, a dense first
    layer, a sigmoid router with a selection bias, one shared expert, routed scaling 2.5;
  deepseek2 (DeepseekV3ForCausalLM): multi-head latent attention (q_lora_rank 48, kv_lora_rank 32,
    16 rotated + 32 plain dims per query/key head, 32-wide values), YaRN (factor 4 over 256
    positions, mscale_all_dim 1, so the attention scale carries it), a dense first layer, 8 experts
    in 4 groups of which 2 are searched, top-2, one shared expert, routed scaling 2.5;
  llama4 (Llama4ForCausalLM): rotary layers with weightless QK-norm and NoPE every fourth layer,
    llama3 rope scaling, MoE every second layer (top-1 sigmoid router scaling the expert's input,
    a shared expert). Its 8192-token chunks and attention temperature start past the prompts
    here (llama.cpp fixes both at 8192): the engine's own tests cover them.

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
    "gemma4": ("Gemma4TextConfig", "Gemma4ForCausalLM", "Gemma4ForCausalLM"),
    "gemma4moe": ("Gemma4TextConfig", "Gemma4ForCausalLM", "Gemma4ForCausalLM"),
    "glm4moe": ("Glm4MoeConfig", "Glm4MoeForCausalLM", "Glm4MoeForCausalLM"),
    "deepseek2": ("DeepseekV3Config", "DeepseekV3ForCausalLM", "DeepseekV3ForCausalLM"),
    "llama4": ("Llama4TextConfig", "Llama4ForCausalLM", "Llama4ForCausalLM"),
}

# The GGUF architecture of each (the file name's arch where absent).
GGUF_ARCH = {"gemma4moe": "gemma4"}

# Keys the converter reads from config.json that some transformers versions keep out of it (Gemma
# 4's per-layer overrides), written back by save_hf_model. Filled by config_for.
EXTRA_CONFIG_KEYS = {}

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
    if arch in NEW_FAMILIES:
        cfg = NEW_FAMILIES[arch](config_cls)
        cfg.architectures = [hf_arch]
        cfg._attn_implementation = "eager"
        cfg._experts_implementation = "eager"
        return cfg, model_cls, hf_arch
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


# Shared by the 2026 families: 64 wide, the fixture vocabulary, eager attention.
SMALL = dict(vocab_size=2048, hidden_size=64, max_position_embeddings=1024, rms_norm_eps=1e-6, bos_token_id=1,
             eos_token_id=2, pad_token_id=0)


def gemma4_config(config_cls, moe=False):
    # Sliding layers: 32-wide heads, 2 KV heads, full rotation (base 1e4), window 8. Full layers:
    # 64-wide heads, 1 KV head whose K is also V, proportional RoPE over a quarter (base 1e6).
    kw = dict(SMALL, intermediate_size=128, num_attention_heads=4, num_key_value_heads=2, head_dim=32,
              sliding_window=8, final_logit_softcapping=30.0, tie_word_embeddings=True, attention_k_eq_v=True,
              hidden_activation="gelu_pytorch_tanh",
              rope_parameters={"sliding_attention": {"rope_type": "default", "rope_theta": 10000.0},
                               "full_attention": {"rope_type": "proportional", "partial_rotary_factor": 0.25,
                                                  "rope_theta": 1e6}})
    # Passed as keyword arguments: some transformers versions keep them out of the config's fields
    # (per-layer overrides), so save_hf_model writes them into config.json for the converter too.
    extra = dict(global_head_dim=64, num_global_key_value_heads=1)
    if moe:
        # 26B-A4B: every layer's dense MLP plus an 8-expert top-2 branch; no PLE, no shared KV.
        layer_types = ["sliding_attention", "sliding_attention", "full_attention", "sliding_attention",
                       "full_attention"]
        kw.update(num_hidden_layers=len(layer_types), layer_types=layer_types, enable_moe_block=True, num_experts=8,
                  top_k_experts=2, moe_intermediate_size=32, hidden_size_per_layer_input=0, num_kv_shared_layers=0)
    else:
        # E2B/E4B: per-layer embeddings (8 per layer), the last two layers reuse the KV of layers 2
        # (sliding) and 3 (full) and have double-wide MLPs. The last two layers before the shared
        # ones are sliding then full, as in the published models: llama.cpp takes the source
        # layers from that order (kv_from_start - 2 and - 1), transformers by layer type.
        layer_types = ["sliding_attention", "sliding_attention", "sliding_attention", "full_attention",
                       "sliding_attention", "full_attention"]
        kw.update(num_hidden_layers=len(layer_types), layer_types=layer_types, hidden_size_per_layer_input=8,
                  vocab_size_per_layer_input=2048, num_kv_shared_layers=2, use_double_wide_mlp=True)
    EXTRA_CONFIG_KEYS.update(extra, layer_types=layer_types, num_kv_shared_layers=kw["num_kv_shared_layers"],
                             hidden_size_per_layer_input=kw["hidden_size_per_layer_input"])
    return config_cls(**kw, **extra)


def glm4moe_config(config_cls):
    # GLM-4.5-Air's layout in small: partial rotary 0.5, QKV biases (QK-norm on, as GLM-4.5 may
    # have), first layer dense, sigmoid router with e_score_correction_bias, 1 shared expert.
    return config_cls(**SMALL, num_hidden_layers=3, num_attention_heads=4, num_key_value_heads=2, head_dim=32,
                      intermediate_size=128, moe_intermediate_size=32, n_routed_experts=8, num_experts_per_tok=2,
                      n_shared_experts=1, n_group=1, topk_group=1, first_k_dense_replace=1, norm_topk_prob=True,
                      routed_scaling_factor=2.5, attention_bias=True, use_qk_norm=True, tie_word_embeddings=False,
                      rope_parameters={"rope_type": "default", "rope_theta": 1e6, "partial_rotary_factor": 0.5})


def deepseek2_config(config_cls):
    # DeepSeek-V3 in small. num_key_value_heads = num_attention_heads as in the published configs
    # (the converter splits kv_b_proj per head with it). max_position_embeddings = factor x the
    # original context, which transformers' YaRN takes as its factor. The published config.json's
    # scoring_func tells the converter the router is a sigmoid (expert_gating_func); without it
    # llama.cpp takes deepseek2 files for softmax routers (DeepSeek-V2).
    EXTRA_CONFIG_KEYS.update(scoring_func="sigmoid", topk_method="noaux_tc")
    return config_cls(**dict(SMALL, max_position_embeddings=1024), num_hidden_layers=3, num_attention_heads=4,
                      num_key_value_heads=4, q_lora_rank=48, kv_lora_rank=32, qk_rope_head_dim=16, qk_nope_head_dim=32,
                      v_head_dim=32, intermediate_size=128, moe_intermediate_size=32, n_routed_experts=8,
                      num_experts_per_tok=2, n_shared_experts=1, n_group=4, topk_group=2, first_k_dense_replace=1,
                      norm_topk_prob=True, routed_scaling_factor=2.5, tie_word_embeddings=False, rope_interleave=True,
                      rope_parameters={"rope_type": "yarn", "rope_theta": 10000.0, "factor": 4.0,
                                       "original_max_position_embeddings": 256, "beta_fast": 32.0, "beta_slow": 1.0,
                                       "mscale": 1.0, "mscale_all_dim": 1.0})


def llama4_config(config_cls):
    # Llama 4 text in small: RoPE layers 0-2 (chunked, weightless QK-norm), layer 3 NoPE (full, the
    # temperature tuning); MoE on layers 1 and 3 (interleave step 2, as Maverick), top-1 of 4. The
    # experts (intermediate_size, written as expert_feed_forward_length) are 32 wide, unlike the
    # 64-wide residual and the 128-wide dense MLPs (feed_forward_length), so a gate_up_proj layout
    # the converter misreads gives tensors of the wrong shape rather than wrong square ones.
    return config_cls(**SMALL, num_hidden_layers=4, num_attention_heads=4, num_key_value_heads=2, head_dim=32,
                      intermediate_size=32, intermediate_size_mlp=128, num_local_experts=4, num_experts_per_tok=1,
                      interleave_moe_layer_step=2, use_qk_norm=True, no_rope_layer_interval=4,
                      attention_chunk_size=8192, attn_temperature_tuning=True, floor_scale=8192, attn_scale=0.1,
                      tie_word_embeddings=False,
                      rope_parameters={"rope_type": "llama3", "rope_theta": 500000.0, "factor": 8.0,
                                       "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                                       "original_max_position_embeddings": 64})


NEW_FAMILIES = {
    "gemma4": gemma4_config,
    "gemma4moe": lambda c: gemma4_config(c, moe=True),
    "glm4moe": glm4moe_config,
    "deepseek2": deepseek2_config,
    "llama4": llama4_config,
}


def randomise(model, seed):
    """Weights with margins worth comparing: N(0, 1/sqrt(fan_in)) matrices, norms near 1, all
    exactly representable in F16 (so the F16 GGUF holds the same model as the float64 reference)."""
    g = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for name, p in model.named_parameters():
            if p.dim() == 1 and name.endswith("bias"):
                v = 0.2 * torch.randn(p.shape, generator=g)  # QKV biases (GLM-4.x)
            elif p.dim() == 1:
                v = 1.0 + 0.2 * torch.randn(p.shape, generator=g)
            elif "embed" in name:
                v = torch.randn(p.shape, generator=g)
            else:
                fan_in = p.shape[-1]
                v = torch.randn(p.shape, generator=g) * (1.4 / fan_in ** 0.5)
            p.copy_(v.to(torch.float16).to(p.dtype))
        # Buffers the file carries: the router's selection bias (DeepSeek-V3, GLM-4.x; enough to
        # move choices between sigmoid scores, small enough that no score of a searched group goes
        # below 0, where transformers' group mask (0.0) and llama.cpp's / DeepSeek's (-inf) differ)
        # and Gemma 4's per-layer output scale.
        for name, b in model.named_buffers():
            if name.endswith("e_score_correction_bias"):
                v = 0.1 * torch.randn(b.shape, generator=g)
            elif name.endswith("layer_scalar"):
                v = 0.6 + 0.8 * torch.rand(b.shape, generator=g)
            else:
                continue
            b.copy_(v.to(torch.float16).to(b.dtype))


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
    if EXTRA_CONFIG_KEYS:
        path = os.path.join(hf_dir, "config.json")
        with open(path) as f:
            cfg = json.load(f)
        for k, v in EXTRA_CONFIG_KEYS.items():
            cfg.setdefault(k, v)
        with open(path, "w") as f:
            json.dump(cfg, f, indent=2)
    if arch.startswith("gemma"):
        # The Gemma converters cut token_embd to the tokenizer's size, read from tokenizer.json
        # when there is no tokenizer.model: one with the fixture's 2048 entries keeps it whole.
        with open(os.path.join(hf_dir, "tokenizer.json"), "w") as f:
            json.dump({"model": {"vocab": {f"<piece{i}>": i for i in range(model.config.vocab_size)}},
                       "added_tokens": []}, f)
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
    if EXTRA_CONFIG_KEYS:
        # The converter reads the config through AutoConfig(...).to_dict(), which kept no
        # global_head_dim for the Gemma 4 text config on the GPU machine (KeyError in the converter,
        # 2026-12-06) although config.json has it: put the keys save_hf_model wrote back in.
        from conversion.base import ModelBase
        load_hparams = ModelBase.load_hparams

        def load_hparams_with_extras(dir_model, is_mistral_format):
            hparams = load_hparams(dir_model, is_mistral_format)
            for k, v in EXTRA_CONFIG_KEYS.items():
                hparams.setdefault(k, v)
            return hparams

        ModelBase.load_hparams = staticmethod(load_hparams_with_extras)
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


def check_expert_width(model, arch, cfg):
    """The routed experts must be as wide as moe_intermediate_size (Llama 4: intermediate_size; the
    converter writes it as expert_feed_forward_length): a transformers that builds them otherwise says so."""
    width = getattr(cfg, "intermediate_size" if arch == "llama4" else "moe_intermediate_size", None)
    if arch not in ("glm4moe", "deepseek2", "gemma4moe", "llama4") or width is None:
        return
    for name, p in model.named_parameters():
        if name.endswith("experts.down_proj") or name.endswith("experts.0.down_proj.weight"):
            if width not in (p.shape[-1], p.shape[-2]):
                raise SystemExit(f"{arch}: the experts' down_proj {name} has shape {tuple(p.shape)}, not "
                                 f"moe_intermediate_size {width} wide")
            return


def check_layer_pattern(reader, arch, cfg):
    """The converted file must say which layers attend as the transformers model has them."""
    if arch == "llama4":
        # The file says nothing of it: llama.cpp (and Tessera, reading no such key) fixes chunks of
        # 8192 on all but every 4th layer, no RoPE there, temperature floor 8192 and scale 0.1, and
        # experts on layers (l + 1) % interleave_moe_layer_step == 0. The config must agree.
        n = cfg.num_hidden_layers
        step = cfg.interleave_moe_layer_step
        want = dict(no_rope_layers=[int((i + 1) % 4 != 0) for i in range(n)],
                    moe_layers=[i for i in range(n) if (i + 1) % step == 0],
                    attention_chunk_size=8192, floor_scale=8192, attn_scale=0.1)
        for key, value in want.items():
            got = getattr(cfg, key, None)
            if isinstance(value, list) and got is not None:
                got = list(got)
            if got != value:
                raise SystemExit(f"llama4: config {key} is {got}, llama.cpp's reading of the file gives {value}")
        types = getattr(cfg, "layer_types", None)
        if types and [t == "chunked_attention" for t in types] != [bool(r) for r in want["no_rope_layers"]]:
            raise SystemExit(f"llama4: layer_types {types} are not chunked exactly on the rotary layers")
        if "llama4.attention.sliding_window" in reader.fields:
            raise SystemExit("llama4: the converter wrote attention.sliding_window (every layer full?)")
        return
    if arch.startswith("gemma4"):
        field = reader.fields.get("gemma4.attention.sliding_window_pattern")
        if field is None:
            raise SystemExit(f"{arch}: the converted file has no gemma4.attention.sliding_window_pattern")
        got = [bool(field.parts[i][0]) for i in field.data]
        want = [t == "sliding_attention" for t in cfg.layer_types]
        if got != want:
            raise SystemExit(f"{arch}: the file's sliding_window_pattern {got} is not the model's {cfg.layer_types}")
        return
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
    check_expert_width(model, args.arch, cfg)
    out_gguf = os.path.join(args.out, f"{args.arch}-f16.gguf")
    tensors, reader = convert(args, hf_dir, out_gguf, hf_arch)
    arch_field = reader.fields["general.architecture"]
    gguf_arch = bytes(arch_field.parts[arch_field.data[0]]).decode()
    if gguf_arch != GGUF_ARCH.get(args.arch, args.arch):
        raise SystemExit(f"{args.arch}: the converter wrote architecture {gguf_arch!r}, expected "
                         f"{GGUF_ARCH.get(args.arch, args.arch)!r}")
    check_layer_pattern(reader, args.arch, cfg)

    with open(args.prompts_ref) as f:
        src = json.load(f)
    prompts = [(c["prompt"], c["prompt_ids"]) for c in src["variants"]["f16"]["cases"]]
    import transformers

    ref = {
        "arch": GGUF_ARCH.get(args.arch, args.arch),
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
