"""The tessera-tiny network (PyTorch): the llama architecture exactly as llama.cpp runs a
GGUF with general.architecture = "llama".

  x = token_embd[ids]
  per layer:  h = x + attn_output( attention( rope(attn_q(n)), rope(attn_k(n)), attn_v(n) ) ),  n = rms(x) * attn_norm
              x = h + ffn_down( silu(ffn_gate(m)) * ffn_up(m) ),                                m = rms(h) * ffn_norm
  logits = output( rms(x) * output_norm )

* RMSNorm: x / sqrt(mean(x^2) + eps) * w, eps = 1e-5.
* RoPE, llama.cpp "normal" mode: within each head, the adjacent pairs (x[2i], x[2i+1]) are
  rotated by angle pos * base^(-2i/head_dim), base 10000. The network is trained in this
  layout, so the Q/K weight rows go into the GGUF unchanged (no permutation at export).
* Grouped-query attention: query head h reads key/value head h // (n_head / n_head_kv).
  Causal, scale 1/sqrt(head_dim).
* Untied output matrix.
Linear weights have PyTorch's shape [out, in]; the GGUF stores them with ne = [in, out].
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class Config:
    vocab_size: int = 1536
    dim: int = 256
    n_layers: int = 5
    n_heads: int = 8
    n_kv_heads: int = 4
    ffn_dim: int = 512
    context: int = 256
    norm_eps: float = 1e-5
    rope_base: float = 10000.0

    @property
    def head_dim(self) -> int:
        return self.dim // self.n_heads

    def to_dict(self) -> dict:
        return asdict(self)


class RMSNorm(nn.Module):
    def __init__(self, dim: int, eps: float):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        xf = x.float() if x.dtype in (torch.float16, torch.bfloat16) else x
        y = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + self.eps)
        return (y * self.weight.to(y.dtype)).to(x.dtype)


def rope_tables(cfg: Config, n_pos: int, device, dtype):
    """cos/sin of shape [n_pos, head_dim/2] (computed in float64, then cast)."""
    hd = cfg.head_dim
    inv = cfg.rope_base ** (-torch.arange(0, hd, 2, dtype=torch.float64, device=device) / hd)
    ang = torch.arange(n_pos, dtype=torch.float64, device=device)[:, None] * inv[None, :]
    return ang.cos().to(dtype), ang.sin().to(dtype)


def apply_rope(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    """x: [B, H, T, hd]; rotates adjacent pairs (interleaved layout)."""
    B, H, T, hd = x.shape
    wt = torch.float64 if x.dtype == torch.float64 else torch.float32  # bf16 under autocast: rotate in f32
    xp = x.to(wt).reshape(B, H, T, hd // 2, 2)
    x0, x1 = xp[..., 0], xp[..., 1]
    c, s = cos[:T].to(wt), sin[:T].to(wt)
    y0 = x0 * c - x1 * s
    y1 = x0 * s + x1 * c
    return torch.stack((y0, y1), dim=-1).reshape(B, H, T, hd).to(x.dtype)


class Attention(nn.Module):
    def __init__(self, cfg: Config):
        super().__init__()
        self.cfg = cfg
        hd = cfg.head_dim
        self.wq = nn.Linear(cfg.dim, cfg.n_heads * hd, bias=False)
        self.wk = nn.Linear(cfg.dim, cfg.n_kv_heads * hd, bias=False)
        self.wv = nn.Linear(cfg.dim, cfg.n_kv_heads * hd, bias=False)
        self.wo = nn.Linear(cfg.n_heads * hd, cfg.dim, bias=False)

    def forward(self, x, cos, sin, use_sdpa: bool):
        cfg = self.cfg
        B, T, _ = x.shape
        hd = cfg.head_dim
        q = self.wq(x).view(B, T, cfg.n_heads, hd).transpose(1, 2)
        k = self.wk(x).view(B, T, cfg.n_kv_heads, hd).transpose(1, 2)
        v = self.wv(x).view(B, T, cfg.n_kv_heads, hd).transpose(1, 2)
        q, k = apply_rope(q, cos, sin), apply_rope(k, cos, sin)
        g = cfg.n_heads // cfg.n_kv_heads
        if g > 1:  # head h uses kv head h // g
            k = k.repeat_interleave(g, dim=1)
            v = v.repeat_interleave(g, dim=1)
        if use_sdpa and hasattr(F, "scaled_dot_product_attention"):
            o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        else:
            att = (q @ k.transpose(-2, -1)) / math.sqrt(hd)
            mask = torch.ones(T, T, dtype=torch.bool, device=x.device).triu(1)
            att = att.masked_fill(mask, float("-inf")).softmax(-1)
            o = att @ v
        return self.wo(o.transpose(1, 2).reshape(B, T, cfg.n_heads * hd))


class Block(nn.Module):
    def __init__(self, cfg: Config):
        super().__init__()
        self.attn_norm = RMSNorm(cfg.dim, cfg.norm_eps)
        self.attn = Attention(cfg)
        self.ffn_norm = RMSNorm(cfg.dim, cfg.norm_eps)
        self.w_gate = nn.Linear(cfg.dim, cfg.ffn_dim, bias=False)
        self.w_up = nn.Linear(cfg.dim, cfg.ffn_dim, bias=False)
        self.w_down = nn.Linear(cfg.ffn_dim, cfg.dim, bias=False)

    def forward(self, x, cos, sin, use_sdpa):
        h = x + self.attn(self.attn_norm(x), cos, sin, use_sdpa)
        m = self.ffn_norm(h)
        return h + self.w_down(F.silu(self.w_gate(m)) * self.w_up(m))


class TinyLlama(nn.Module):
    def __init__(self, cfg: Config):
        super().__init__()
        self.cfg = cfg
        self.tok_emb = nn.Embedding(cfg.vocab_size, cfg.dim)
        self.blocks = nn.ModuleList([Block(cfg) for _ in range(cfg.n_layers)])
        self.norm = RMSNorm(cfg.dim, cfg.norm_eps)
        self.out = nn.Linear(cfg.dim, cfg.vocab_size, bias=False)
        self._rope = None

    def init_weights(self, gen: torch.Generator | None = None) -> None:
        std = 0.02
        for name, p in self.named_parameters():
            if p.dim() == 1:
                nn.init.ones_(p)
            else:
                s = std / math.sqrt(2 * self.cfg.n_layers) if name.endswith(("wo.weight", "w_down.weight")) else std
                with torch.no_grad():
                    p.normal_(0.0, s, generator=gen)

    def forward(self, ids: torch.Tensor, use_sdpa: bool = True) -> torch.Tensor:
        T = ids.shape[1]
        if self._rope is None or self._rope[0].shape[0] < T or self._rope[0].device != ids.device:
            self._rope = rope_tables(self.cfg, max(T, self.cfg.context), ids.device, torch.float64)
        cos, sin = self._rope
        x = self.tok_emb(ids)
        for b in self.blocks:
            x = b(x, cos, sin, use_sdpa)
        return self.out(self.norm(x))

    def gguf_tensors(self) -> dict:
        """llama.cpp tensor names -> tensors (PyTorch shapes)."""
        t = {"token_embd.weight": self.tok_emb.weight, "output_norm.weight": self.norm.weight,
             "output.weight": self.out.weight}
        for i, b in enumerate(self.blocks):
            p = "blk.%d." % i
            t[p + "attn_norm.weight"] = b.attn_norm.weight
            t[p + "attn_q.weight"] = b.attn.wq.weight
            t[p + "attn_k.weight"] = b.attn.wk.weight
            t[p + "attn_v.weight"] = b.attn.wv.weight
            t[p + "attn_output.weight"] = b.attn.wo.weight
            t[p + "ffn_norm.weight"] = b.ffn_norm.weight
            t[p + "ffn_gate.weight"] = b.w_gate.weight
            t[p + "ffn_up.weight"] = b.w_up.weight
            t[p + "ffn_down.weight"] = b.w_down.weight
        return t

    def load_gguf_tensors(self, tensors: dict) -> None:
        own = self.gguf_tensors()
        missing = set(own) - set(tensors)
        extra = set(tensors) - set(own)
        if missing or extra:
            raise ValueError("tensor names differ: missing %s, unexpected %s" % (sorted(missing), sorted(extra)))
        with torch.no_grad():
            for k, p in own.items():
                src = tensors[k]
                if tuple(src.shape) != tuple(p.shape):
                    raise ValueError("%s: shape %s, expected %s" % (k, tuple(src.shape), tuple(p.shape)))
                p.copy_(src.to(p.dtype))

    def n_params(self) -> int:
        return sum(p.numel() for p in self.parameters())
