// Hyperparameters and block choices <-> GGUF metadata, for every architecture of architectures.h:
// the one place that knows the metadata keys. The loader reads them; `synth` and the tests' model
// writers write them, so a written file reads back as the same ModelSpec.
//
// Keys ({arch} = general.architecture):
//   {arch}.context_length, .embedding_length, .block_count, .feed_forward_length (one value or one per
//   layer), .expert_feed_forward_length (MoE, default feed_forward_length), .expert_count,
//   .expert_used_count, .attention.head_count, .attention.head_count_kv (default head_count),
//   .attention.layer_norm_rms_epsilon (default 1e-5), .attention.key_length / .value_length (default
//   embedding_length / head_count; must be equal), .attention.sliding_window,
//   .attention.sliding_window_pattern (a period, or one bool per layer), .attn_logit_softcapping,
//   .final_logit_softcapping, .rope.dimension_count (default head size), .rope.freq_base (default
//   10000), .rope.freq_base_swa, .rope.scale_linear (old linear scaling), .rope.scaling.type: none |
//   linear (.rope.scaling.factor) | llama3 (.rope.scaling.factor, .low_freq_factor, .high_freq_factor,
//   .original_context_length; used only when the file has no rope_freqs.weight) | longrope (Phi-3:
//   rope_factors_long/short.weight, .rope.scaling.attn_factor, .original_context_length) | yarn
//   (.rope.scaling.factor, .original_context_length (default context_length), .yarn_beta_fast
//   (32), .yarn_beta_slow (1), .attn_factor (1, multiplies YaRN's own); rope_scaling.h turns them
//   into divisors). .vocab_size, when present, must match token_embd.
//   Hybrid architectures (a recurrent mixer in their row): .attention.recurrent_layers (one bool per
//   block) or .full_attention_interval (default the row's: every interval-th layer attends), and for
//   Gated DeltaNet layers .ssm.conv_kernel, .ssm.state_size (key head size), .ssm.group_count (key
//   heads), .ssm.time_step_rank (value heads), .ssm.inner_size (value heads x value head size);
//   .nextn_predict_layers (rows with trailing MTP blocks: block_count counts them, Tessera drops
//   them); .expert_shared_feed_forward_length (the shared expert's width, default
//   feed_forward_length). .rope.dimension_sections (Qwen3.5's multimodal rope) is not read: for text
//   every section rotates with the token's position, which is NeoX rope over rope.dimension_count.
#pragma once

#include "backend/model_spec.h"
#include "common/error.h"
#include "gguf/gguf_file.h"
#include "gguf/gguf_writer.h"
#include "model/architectures.h"

namespace tessera {

// Reads every hyperparameter and block choice of `arch` from `f` into `spec` (everything but the
// tensors; n_vocab comes from token_embd). Errors name the key, its value and the expected range.
Status read_hyperparameters(const gguf::GgufFile& f, const Architecture& arch, ModelSpec& spec);

// Marks the sliding layers of `spec` as a file without a pattern key has them: layer l slides when
// l % period < period - 1 for the architecture's default period (none when spec.sliding_window is 0).
void set_default_sliding_layers(const Architecture& arch, ModelSpec& spec);

// Marks the layers of `spec` as llama.cpp does from {arch}.full_attention_interval: layer l attends
// when (l + 1) % interval == 0, the others use the architecture's recurrent mixer.
void set_full_attention_interval(const Architecture& arch, ModelSpec& spec, int64_t interval);

// Writes the keys read_hyperparameters reads for `spec` (whose architecture must be in the table):
// general.architecture and {arch}.* (not the tokenizer, not general.name). RoPE frequency factors
// are tensors, not keys: write them with the tensors (model_layout.h).
Status write_hyperparameters(gguf::GgufWriter& w, const ModelSpec& spec);

}  // namespace tessera
