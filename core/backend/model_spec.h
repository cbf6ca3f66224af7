// ModelSpec: everything a backend needs to run a decoder-only transformer, after validation.
//
// It is the input of Backend::load_model, so it lives next to the Backend interface (core/backend);
// core/model builds it from a GGUF file (architecture table, metadata keys, tensor names, shape
// checks) and is the only place that knows GGUF metadata conventions. A backend never looks at
// metadata keys: it reads hyperparameters, block choices and tensor references from here. The
// per-layer tensors are the slots of layer_tensors.h.
//
// Shapes follow GGUF/ggml order: dims[0] is the fastest dimension, i.e. the length of a row.
// A weight matrix W with dims [n_in, n_out] holds n_out rows of n_in values, and the layer
// computes y[r] = dot(W row r, x) for r < n_out.
//
// The forward pass (core/backend/layer_loop.h runs it; backends implement its blocks). x is the
// residual stream, width n_embd; norm(v, g) = v / sqrt(mean(v^2) + rms_eps) * g; a tensor that is
// absent skips its step. Each layer mixes the tokens with attention or with a recurrent block
// (LayerSpec::mixer), then runs its FFN.
//   x   = embedding_scale * token_embd[token]
//   per-layer embeddings (n_embd_per_layer = P > 0, Gemma 4 E2B/E4B), for every layer l:
//     e_l = (norm(per_layer_model_proj x / sqrt(n_embd), per_layer_proj_norm)_l
//            + sqrt(P) per_layer_token_embd[token]_l) / sqrt(2)        (_l: the l-th P values)
//   per layer:
//     h   = norm(x, attn_norm)
//   attention layers (head_dim, n_head_kv, q_dim and kv widths are the layer's: head_dim_of(l), ...):
//     q   = Wq h (+ bq),  k = Wk h (+ bk),  v = Wv h (+ bv)        q: n_head x head_dim, k/v: n_head_kv x head_dim
//           attention_output_gate: Wq's rows hold per head [q (head_dim) | gate (head_dim)]
//           no Wv (Gemma 4's full layers): v = k, as projected (before k's norm and rotation)
//     q,k = norm(q_head, q_norm), norm(k_head, k_norm)              per head (Qwen3, Gemma 3)
//     v   = norm(v_head)                    value_norm: per head, no gain (Gemma 4)
//     q,k = rope(q, pos), rope(k, pos)      first rope.n_dims dims of each head; `rope_swa` on sliding
//           and chunked layers; none on LayerSpec::nope layers (Llama 4's every fourth)
//     q,k = norm(q_head), norm(k_head)      unit_qk_norm, no gain, on rotated layers (Llama 4)
//     q   = q * (ln(floor((pos + 1) / T.floor) + 1) T.scale + 1)   attention_temperature T on nope layers
//     s_j = attention_scale * q . k_j, then attention_softcap * tanh(s_j / attention_softcap) if set,
//           for keys j <= pos (and pos - j < sliding_window on sliding layers; j / attention_chunk
//           == pos / attention_chunk on chunked layers)
//     a   = sum_j p_j v_j,  p_j = exp(s_j) / (sum_i exp(s_i) + exp(sink_h))   GQA: query head h reads
//           KV head h / (n_head / n_head_kv); sink_h = attn_sinks[h] (gpt-oss: a logit with no
//           value that takes probability mass), the term absent without attn_sinks
//     a   = a * sigmoid(gate)               attention_output_gate (Qwen3-Next, Qwen3.5), per element
//     o   = Wo a (+ bo);  x = x + norm(o, attn_post_norm)   (x + o without a post-norm)
//     A layer with kv_source >= 0 (Gemma 4's last layers) computes no k, v: it attends over the keys
//     and values layer kv_source stored (no Wk, Wv, k_norm of its own).
//   latent attention layers (mla.enabled(), deepseek2; N = mla.qk_nope, R = mla.qk_rope = rope.n_dims):
//     q   = AttnQB norm(AttnQA h, AttnQANorm)  (or Wq h)   per head [q_n (N) | q_r (R)]
//     c|k_r = AttnKvA h;  c = norm(c, AttnKvANorm) (Lk wide);  q_r, k_r = rope(q_r, pos), rope(k_r, pos)
//     the cache holds [c | k_r] per position (Lk + R values: the latent, shared by every head)
//     per head h: u_h = AttnKB_h q_n  (Lk; AttnKB_h's Lk rows of N),  s_j = attention_scale (u_h . c_j
//           + q_r . k_r_j),  l_h = sum_j p_j c_j,  a_h = AttnVB_h l_h  (Vh; AttnVB_h's Vh rows of Lk)
//     o   = Wo a;  x = x + o
//   Gated DeltaNet layers (delta_net's sizes: Hk key heads and Hv value heads, dk and dv wide):
//     c   = DeltaQkv h                      C = 2 Hk dk + Hv dv channels: q | k | v
//     z   = DeltaGate h;  b = DeltaBeta h, a = DeltaAlpha h   (or both from DeltaBetaAlpha, below)
//     c   = silu(conv(c)): per channel i, c_t[i] = sum_{j<W} DeltaConv[i][j] u_{t-W+1+j}[i] over the
//           layer's inputs u (the conv state holds the W-1 inputs before this step's first token)
//     q,k = the key heads of c, each divided by sqrt(sum(x^2) + 1e-6) (L2-normalised), q also by sqrt(dk)
//     per value head e, reading key head kh(e) = e % Hk (delta_net.v_heads_tiled, Qwen3.5's files) or
//     e / (Hv / Hk) (Qwen3-Next's), its state S_e (dk x dv, zero at position 0):
//           beta = sigmoid(b_e),  g = DeltaA[e] * softplus(a_e + DeltaDtBias[e])   (g < 0)
//           S_e = exp(g) S_e;  S_e += k (beta (v_e - S_e^T k))^T;  o_e = S_e^T q
//     o_e = norm(o_e, DeltaNorm) * silu(z_e)   per value head (dv wide)
//     x   = x + DeltaOut o
//     DeltaBetaAlpha (Qwen3-Next) holds, for each key head g, the beta logits of its value heads
//     g r .. g r + r - 1 then their decay logits (r = Hv / Hk): row g 2r + j is b_{g r + j}, row
//     g 2r + r + j is a_{g r + j}.
//   every layer:
//     h   = norm(x, ffn_norm)
//     dense:  o = Wdown glu(Wgate h, Wup h)
//     MoE:    the router's input g = h, or norm(x) RouterScale / sqrt(n_embd) where RouterScale is
//             present (Gemma 4); the experts' input he = h, or norm(x, FfnPreNorm2) where present;
//             r = Router g (+ br); p = softmax(r) or sigmoid(r) (router.gating);
//             c = p (+ RouterSelectBias), or r itself (router.select_on_logits, Llama 4);
//             router.n_group > 1: the experts form n_group equal groups, a group's score is the sum
//             of its two largest c, only the router.n_group_used best groups are searched;
//             T = the n_expert_used largest c_e (ties toward the lower e); w_e = p_e for e in T,
//             divided by max(sum_{i in T} p_i, 6.1e-5) when router.normalize, times router.scale;
//             o = sum_{e in T} w_e E_e(he), E_e(y) = (Wdown_e glu(Wgate_e y (+ bgate_e), Wup_e y
//             (+ bup_e)) (+ bdown_e)) ExpertDownScale[e] (gate and up rows from ExpertGateUp where the
//             file fuses them); router.weight_input (Llama 4): o = sum_{e in T} E_e(w_e he) instead;
//             o = norm(o, FfnPostNorm2) where present;
//             a dense branch beside the experts (FfnGate/Up/Down in an MoE layer, Gemma 4):
//             o += norm(Wdown glu(Wgate h, Wup h), FfnPostNorm1);
//             shared expert (SharedGate/Up/Down): o += s Wdown_s glu(Wgate_s h, Wup_s h), with
//             s = sigmoid(SharedGateLogit . h) where that tensor is present, else s = 1
//             (softmax with normalize: p_e = exp(r_e) / sum_{i in T} exp(r_i), the softmax of the
//             chosen logits, as Mixtral, Qwen3-MoE and gpt-oss route)
//     glu(g, u) = act(g) * u, act: silu, or gelu (tanh form) for GeGLU; gpt-oss's clamped SwiGLU:
//             g' = min(g, L), u' = clamp(u, -L, L), glu = g' sigmoid(A g') (u' + 1), A = 1.702, L = 7
//     x   = x + norm(o, ffn_post_norm)      (x + o without a post-norm)
//     per-layer embeddings: x = x + norm(PleProj (gelu(PleGate x) * e_l), PlePostNorm)
//     x   = x * LayerOutScale               where present (Gemma 4)
//   logits = Woutput norm(x, output_norm), then final_softcap * tanh(logits / final_softcap) if set.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "backend/layer_tensors.h"
#include "quant/ggml_type.h"

namespace tessera {

// A tensor's bytes as they are stored (quantized types stay quantized). `data` points into memory
// kept alive by ModelSpec::weights_owner (the memory-mapped GGUF file).
struct TensorRef {
  std::string name;
  GgmlType type = GgmlType::F32;
  std::vector<int64_t> dims;  // ne[0] fastest
  std::span<const uint8_t> data;

  bool present() const { return !name.empty(); }
  int64_t dim(size_t i) const { return i < dims.size() ? dims[i] : 1; }
  int64_t row_length() const { return dim(0); }
  int64_t n_rows() const {
    int64_t r = 1;
    for (size_t i = 1; i < dims.size(); ++i) r *= dims[i];
    return r;
  }
  int64_t n_elements() const { return row_length() * n_rows(); }
  uint64_t row_bytes() const { return data.size() / static_cast<uint64_t>(n_rows() > 0 ? n_rows() : 1); }
};

// How query/key pairs are rotated.
enum class RopeMode {
  Normal,  // llama.cpp "normal": adjacent pairs (x[2i], x[2i+1]); llama and mistral GGUF files
  NeoX,    // pairs (x[i], x[i + n_dims/2]); qwen2
};

struct RopeParams {
  RopeMode mode = RopeMode::Normal;
  int32_t n_dims = 0;          // rotated dimensions per head (<= head_dim, even)
  float freq_base = 10000.0f;  // theta_i = pos * freq_scale * freq_base^(-2i/n_dims) / freq_factors[i]
  float freq_scale = 1.0f;     // 1 / linear scaling factor
  // Empty, or n_dims/2 divisors of the per-pair frequencies (llama3 scaling: from the file's
  // `rope_freqs.weight`, or computed by core/model from `rope.scaling.*` llama3 parameters).
  std::vector<float> freq_factors;
  // LongRoPE (Phi-3 128k files): divisors for contexts longer than `long_factors_above`, used
  // instead of freq_factors (the short ones) when the loaded context is that long; empty otherwise.
  std::vector<float> freq_factors_long;
  int64_t long_factors_above = 0;
  // Multiplies cos and sin (LongRoPE's attention factor, `rope.scaling.attn_factor`; YaRN's
  // magnitude factor); 1 otherwise.
  float attn_factor = 1.0f;
  // YaRN (core/model/rope_scaling.h): freq_factors and attn_factor already hold its effect, so no
  // backend reads this; it says where they came from (writers write the keys back, `inspect`
  // names it). factor 0: not YaRN.
  struct Yarn {
    float factor = 0.0f;
    int64_t original_context = 0;
    float beta_fast = 32.0f;
    float beta_slow = 1.0f;
    // rope.scaling.yarn_log_multiplier as the file holds it (deepseek2's converter writes 0.1 x
    // mscale_all_dim; its effect is in attention_scale and attn_factor); 0: none.
    float log_multiplier = 0.0f;
  } yarn;
};

// The parameters a model loaded with a context of n_ctx positions rotates with: LongRoPE picks
// its long divisors above the original context, as llama.cpp does. Every backend calls this.
RopeParams rope_for_context(const RopeParams& rope, int64_t n_ctx);

// How a layer mixes the tokens of the sequence (the equations above).
enum class LayerMixer : uint8_t {
  Attention,      // softmax attention over the KV cache (positions grow its cache)
  GatedDeltaNet,  // a recurrent layer: a convolution state and a per-head state matrix of fixed size
};
const char* layer_mixer_name(LayerMixer mixer);  // "attention", "Gated DeltaNet"

struct LayerSpec {
  std::array<TensorRef, kLayerTensorCount> tensors;  // indexed by LayerTensor; absent slots are empty
  int64_t n_ff = 0;      // feed-forward width (per expert in a mixture-of-experts layer)
  int64_t n_ff_shared = 0;  // the shared expert's width (0: none)
  int64_t n_ff_dense = 0;   // MoE layers: the width of a dense FFN beside the experts (Gemma 4; 0: none)
  bool moe = false;         // the layer's FFN is a mixture of experts (its router and experts are loaded)
  bool sliding = false;  // attention sees only the last ModelSpec::sliding_window positions
  bool chunked = false;  // attention sees only its ModelSpec::attention_chunk-position chunk (Llama 4)
  bool nope = false;     // no rotary embedding on this layer (Llama 4's every fourth)
  int64_t head_dim = 0;  // 0: ModelSpec::head_dim (Gemma 4's sliding and full layers differ)
  int64_t n_head_kv = 0;  // 0: ModelSpec::n_head_kv
  // >= 0: the layer attends over the keys and values that layer stored (an earlier attention layer
  // of the same span); it computes and keeps none of its own (Gemma 4's shared-KV layers).
  int32_t kv_source = -1;
  bool value_from_key = false;  // no Wv: v = k as projected (Gemma 4's full layers)
  LayerMixer mixer = LayerMixer::Attention;

  const TensorRef& operator[](LayerTensor t) const { return tensors[static_cast<size_t>(t)]; }
  TensorRef& operator[](LayerTensor t) { return tensors[static_cast<size_t>(t)]; }
  bool has(LayerTensor t) const { return (*this)[t].present(); }
  bool is_moe() const { return has(LayerTensor::Router); }
  bool is_recurrent() const { return mixer != LayerMixer::Attention; }
};

// The sizes of the Gated DeltaNet layers (GGUF keys {arch}.ssm.*: conv_kernel, state_size = dk,
// group_count = key heads, time_step_rank = value heads, inner_size = value heads x dv).
struct DeltaNetParams {
  int32_t conv_kernel = 0;  // W: the causal convolution's width (its state holds W - 1 inputs)
  int64_t n_k_heads = 0;    // Hk: query/key heads
  int64_t n_v_heads = 0;    // Hv: value heads, a multiple of Hk
  int64_t head_k_dim = 0;   // dk
  int64_t head_v_dim = 0;   // dv
  bool v_heads_tiled = true;  // value head e reads key head e % Hk (else e / (Hv / Hk))

  int64_t key_dim() const { return n_k_heads * head_k_dim; }
  int64_t value_dim() const { return n_v_heads * head_v_dim; }
  int64_t conv_channels() const { return 2 * key_dim() + value_dim(); }
  int64_t key_head_of(int64_t v_head) const {
    return v_heads_tiled ? v_head % n_k_heads : v_head / (n_v_heads / n_k_heads);
  }
};

// Multi-head latent attention (DeepSeek-V2/V3/R1, Kimi K2, Moonlight: deepseek2 files), in the
// absorbed form llama.cpp's converter writes (attn_k_b / attn_v_b): every head's keys and values
// come from one latent c per position, so the cache holds c and the shared rotated key, not per-head
// K and V. GGUF keys {arch}.attention.q_lora_rank, .kv_lora_rank, .key_length_mla (N + R),
// .value_length_mla (Vh), .rope.dimension_count (R).
struct MlaParams {
  int64_t q_lora_rank = 0;   // Ql; 0: the queries come from Wq directly (DeepSeek-V2-Lite)
  int64_t kv_lora_rank = 0;  // Lk; 0: not latent attention
  int64_t qk_nope = 0;       // N: the query/key dims without rotation, per head
  int64_t qk_rope = 0;       // R: the rotated query dims per head, and the width of the shared rotated key
  int64_t v_head = 0;        // Vh: the value (output) dims per head

  bool enabled() const { return kv_lora_rank > 0; }
  int64_t latent_width() const { return kv_lora_rank + qk_rope; }  // cached values per position and layer
};

// How the router of a mixture-of-experts layer picks and weights its experts (the equations above).
enum class ExpertGating : uint8_t {
  Softmax,  // p = softmax(r) over all experts
  Sigmoid,  // p = sigmoid(r) per expert (DeepSeek-V3, GLM-4.x, Llama 4)
};
struct RouterParams {
  ExpertGating gating = ExpertGating::Softmax;
  bool normalize = true;          // the chosen weights divided by their sum
  float scale = 1.0f;             // the chosen weights times this (DeepSeek/GLM's routed_scaling_factor)
  int32_t n_group = 0;            // > 1: group-limited choice over n_group groups of experts
  int32_t n_group_used = 0;       // the groups searched
  bool select_on_logits = false;  // choose by the raw logits (Llama 4: sigmoid only of the chosen)
  bool weight_input = false;      // the weight scales the expert's input, not its output (Llama 4)
};

// Llama 4's attention temperature tuning on its NoPE layers: q is scaled by
// ln(floor((pos + offset) / floor_scale) + 1) * scale + 1. scale 0: none.
struct AttentionTemperature {
  float scale = 0.0f;
  int64_t floor_scale = 0;
  float offset = 1.0f;
};

// The gated activation of the feed-forward block.
enum class FfnActivation {
  SiLU,       // SwiGLU: silu(a) = a / (1 + exp(-a))
  GeluTanh,   // GeGLU: gelu(a) = 0.5 a (1 + tanh(sqrt(2/pi) (a + 0.044715 a^3)))
  SwiGluOai,  // gpt-oss: the clamped SwiGLU of the equations above (alpha and limit below)
};
// gpt-oss's constants (fixed by the model, not stored in its files; llama.cpp uses the same).
inline constexpr float kSwiGluOaiAlpha = 1.702f;
inline constexpr float kSwiGluOaiLimit = 7.0f;

struct ModelSpec {
  std::string architecture;  // general.architecture: "llama", "qwen3", "gemma2", ...
  std::string name;          // general.name, may be empty
  std::string source_path;   // the file it came from (for messages)

  int64_t n_vocab = 0;
  int64_t n_embd = 0;
  int64_t n_layer = 0;
  int64_t n_head = 0;
  int64_t n_head_kv = 0;
  int64_t head_dim = 0;
  int64_t n_ctx_train = 0;
  float rms_eps = 1e-5f;
  RopeParams rope;      // full-attention layers
  RopeParams rope_swa;  // sliding-window and chunked layers (the same as `rope` unless the file says otherwise)

  // Block choices (see the equations above).
  FfnActivation activation = FfnActivation::SiLU;
  float embedding_scale = 1.0f;
  float attention_scale = 0.0f;    // multiplies q . k; the loader sets it (1 / sqrt(head_dim) by default)
  float attention_softcap = 0.0f;  // 0: none
  float final_softcap = 0.0f;      // 0: none
  int32_t sliding_window = 0;      // positions a sliding layer attends to, its own included; 0: none
  int32_t n_expert = 0;            // mixture of experts: experts per MoE layer, 0 for dense models
  int32_t n_expert_used = 0;       // experts each token runs
  bool attention_output_gate = false;  // Wq carries a per-head sigmoid gate of the attention output
  DeltaNetParams delta_net;        // the recurrent layers' sizes (models with GatedDeltaNet layers)
  bool value_norm = false;         // v normed per head without a gain (Gemma 4)
  bool unit_qk_norm = false;       // q and k normed per head without a gain on rotated layers (Llama 4)
  int32_t attention_chunk = 0;     // chunked layers' chunk of positions (Llama 4: 8192)
  AttentionTemperature attention_temperature;  // on nope layers (Llama 4)
  MlaParams mla;                               // latent attention's sizes (deepseek2); every attention layer is latent
  RouterParams router;                         // MoE layers' routing
  int64_t n_embd_per_layer = 0;                // P: per-layer embedding width (Gemma 4 E2B/E4B; 0: none)

  TensorRef token_embd;   // [n_embd, n_vocab]
  // Per-layer embeddings (n_embd_per_layer > 0): per_layer_token_embd.weight [P n_layer, n_vocab],
  // per_layer_model_proj.weight [n_embd, P n_layer], per_layer_proj_norm.weight [P].
  TensorRef per_layer_token_embd, per_layer_model_proj, per_layer_proj_norm;
  TensorRef output_norm;  // [n_embd]
  TensorRef output;       // [n_embd, n_vocab]; the same bytes as token_embd when the model ties them
  bool tied_embeddings = false;
  std::vector<LayerSpec> layers;

  // Owns the memory TensorRef::data points into (the mapped GGUF). A backend that reads weights
  // in place (CPU) keeps a copy of this pointer; one that uploads them (CUDA) may drop it.
  std::shared_ptr<const void> weights_owner;
  // Nonzero: the tensors have no data (a shape-only spec, synth/shape_spec.h) and the backend fills
  // them with random valid values from this seed (benchmarks of shapes too large to write to disk).
  // Only the CUDA backend supports it; others refuse such a spec.
  uint64_t random_weights_seed = 0;

  // The model's attention geometry (every layer's, unless a layer says otherwise: the *_of forms).
  int64_t q_dim() const { return n_head * head_dim; }
  int64_t kv_dim() const { return n_head_kv * head_dim; }
  int64_t head_dim_of(const LayerSpec& l) const { return l.head_dim > 0 ? l.head_dim : head_dim; }
  int64_t n_head_kv_of(const LayerSpec& l) const { return l.n_head_kv > 0 ? l.n_head_kv : n_head_kv; }
  int64_t q_dim_of(const LayerSpec& l) const { return n_head * head_dim_of(l); }
  // The attention output's width (Wo's input): q_dim_of, or n_head value heads of latent attention.
  int64_t attn_out_dim_of(const LayerSpec& l) const { return mla.enabled() ? n_head * mla.v_head : q_dim_of(l); }
  // Values one position of layer l keeps in the cache for keys, and for values (0: none: the
  // latent of latent attention is one row). A layer that keeps none (recurrent, kv_source) has 0.
  int64_t cache_k_width_of(const LayerSpec& l) const;
  int64_t cache_v_width_of(const LayerSpec& l) const;
  // The widest of every layer (buffer sizes).
  int64_t max_head_dim() const;
  int64_t max_q_dim() const;
  int64_t max_kv_dim() const;  // the widest per-layer K (or V) projection
  bool has_moe() const { return n_expert > 0; }
  bool has_per_layer_geometry() const;  // some layer's head size or KV head count differs
  // Layers that mix with a recurrent block (their state does not grow with the context).
  int64_t recurrent_layer_count() const;
  bool has_recurrent_layers() const { return recurrent_layer_count() > 0; }
  const RopeParams& rope_of(const LayerSpec& l) const { return l.sliding || l.chunked ? rope_swa : rope; }

  // Every tensor reference, in a stable order (token_embd, layers..., output_norm, output unless tied).
  // Tensors viewed inside one fused file tensor (Phi-3's attn_qkv) are listed as their parts.
  std::vector<const TensorRef*> all_tensors() const;
  // Sum of elements of all distinct tensors (tied output counted once).
  uint64_t parameter_count() const;
  // Sum of bytes of all distinct tensors.
  uint64_t weight_bytes() const;
  // The largest matrix one layer multiplies with: a whole matrix, or one expert's slice of an
  // expert tensor (elements). The prefill path dequantizes one such matrix at a time.
  static uint64_t largest_layer_matrix(const LayerSpec& l, int32_t n_expert);
};

// The block choices of a spec beyond those of a plain decoder (Llama 2: attention with RoPE, RMS
// norms, a gated FFN, optionally experts with a softmax router), one bit each, so a backend
// refuses by what it does not compute rather than by architecture name, and says which.
enum class ModelFeature : uint8_t {
  RecurrentLayers,      // Gated DeltaNet layers (Qwen3.5/3.6, Qwen3-Next)
  AttentionOutputGate,  // Qwen3.5/3.6, Qwen3-Next
  SharedExpert,         // Qwen3.5-MoE, Qwen3-Next, DeepSeek, GLM-4.x, Llama 4
  PerLayerAttention,    // head size / KV heads / rope dims differing by layer (Gemma 4)
  ValueFromKey,         // layers without Wv reuse K as V (Gemma 4)
  ValueNorm,            // Gemma 4
  SharedKvLayers,       // layers attending over an earlier layer's cache (Gemma 4)
  PerLayerEmbeddings,   // Gemma 4 E2B/E4B
  LayerOutputScale,     // Gemma 4
  ExpertsBesideDense,   // an expert branch beside a dense MLP, its own norms and router input (Gemma 4)
  FusedExpertGateUp,    // ffn_gate_up_exps (Gemma 4)
  ExpertOutputScale,    // ffn_down_exps.scale (Gemma 4)
  RouterChoices,        // sigmoid gating, selection bias, groups, scaling, unnormalised weights,
                        // choice on logits, weighted input (DeepSeek-V3, GLM-4.x, Llama 4)
  LeadingDenseLayers,   // MoE models whose some layers are dense (DeepSeek, GLM-4.x, Llama 4)
  LatentAttention,      // multi-head latent attention (deepseek2)
  ChunkedAttention,     // Llama 4
  NoRopeLayers,         // Llama 4 (with its attention temperature)
  UnitQkNorm,           // Llama 4
  Count
};
const char* model_feature_name(ModelFeature f);
// The features `spec` uses, as a bit set (bit i: ModelFeature i).
uint32_t model_features(const ModelSpec& spec);
// "latent attention, shared expert": the names of the bits in `features`.
std::string model_feature_list(uint32_t features);

}  // namespace tessera
