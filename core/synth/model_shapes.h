// Shapes of real model families, for synthetic benchmark models (`tessera-cli synth`, `bench`).
// Only the hyperparameters that determine tensor shapes and the forward pass are recorded; the
// architecture's block choices (norms, activation, soft-cap defaults, ...) come from its row in
// core/model/architectures.h, as they do for a file.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "backend/model_spec.h"
#include "model/rope_scaling.h"

namespace tessera::synth {

struct ModelShape {
  std::string name;          // "llama3-8b"
  std::string architecture;  // GGUF general.architecture
  int64_t n_embd = 0;
  int64_t n_layer = 0;
  int64_t n_head = 0;
  int64_t n_head_kv = 0;
  int64_t n_ff = 0;  // per expert for MoE shapes
  int64_t n_vocab = 0;
  int64_t n_ctx_train = 0;
  float rope_freq_base = 10000.0f;
  float rms_eps = 1e-5f;
  bool tied_embeddings = false;  // no output.weight; the output layer reuses token_embd
  bool qkv_bias = false;         // write attn_q/k/v.bias where the architecture allows them
  std::string description;       // "Llama 3 8B" for tables
  int64_t head_dim = 0;          // 0: n_embd / n_head
  int32_t n_expert = 0;          // mixture of experts: experts per layer (0: dense)
  int32_t n_expert_used = 0;
  int32_t sliding_window = 0;    // sliding-window layers' window (architectures that have them)
  float rope_freq_base_swa = 0;  // 0: rope_freq_base
  float attn_softcap = 0;        // architectures that read soft-caps
  float final_softcap = 0;
  float yarn_factor = 0;              // YaRN rope scaling (0: none)
  int64_t yarn_original_context = 0;  // its original context
  int64_t rope_dims = 0;              // rotated dims per head (0: the whole head)
  int64_t n_ff_shared = 0;            // MoE: the shared expert's width (architectures that have one)
  // Hybrid architectures: every full_attention_interval-th layer attends, the others are Gated
  // DeltaNet layers of these sizes.
  int32_t full_attention_interval = 0;
  int32_t conv_kernel = 0;
  int64_t linear_k_heads = 0, linear_v_heads = 0, linear_head_dim = 0;
  // Gemma 4: the sliding layers' head size (head_dim is the full layers'), the full layers' KV
  // heads (n_head_kv is the sliding layers'), the pairs their proportional RoPE rotates (the rest
  // get 1e30 divisors), K reused as V on the full layers, the dense MLP beside the experts.
  int64_t head_dim_swa = 0;
  int64_t n_head_kv_full = 0;
  int64_t rot_pairs_full = 0;
  bool full_layers_value_from_key = false;
  int64_t n_ff_dense = 0;
  // MoE layouts (GLM-4.x, DeepSeek, Llama 4): the leading dense layers and their width, or experts
  // on every moe_layer_step-th layer; shared experts counted in expert widths; the router.
  int64_t leading_dense = 0;
  int64_t moe_layer_step = 0;
  int64_t n_ff_dense_layers = 0;
  int32_t n_shared_experts = 0;
  RouterParams router;
  // Latent attention (deepseek2): its ranks and per-head sizes (rope_dims is qk_rope); YaRN's
  // rope.scaling.yarn_log_multiplier (0.1 mscale_all_dim).
  MlaParams mla;
  float yarn_log_multiplier = 0;
  // Llama 3.1's RoPE scaling (Llama 4 too), which converters store as rope_freqs.weight.
  std::optional<Llama3RopeScaling> llama3_rope;

  int64_t head_size() const { return head_dim > 0 ? head_dim : n_embd / n_head; }
};

// Every shape `synth --shape` accepts, in a stable order.
const std::vector<ModelShape>& known_shapes();
// nullptr when unknown.
const ModelShape* find_shape(std::string_view name);
// "llama3-8b, llama3-1b, ..." for usage text and error messages.
std::string shape_names();

// The hyperparameters and block choices of a file of this shape, exactly as the loader would read
// them from what `synth` writes (no tensors yet; n_vocab set). Errors: unknown architecture,
// inconsistent head counts.
Result<ModelSpec> shape_hyperparameters(const ModelShape& shape);

}  // namespace tessera::synth
