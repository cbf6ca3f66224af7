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
//   every section rotates with the token's position, which is NeoX rope over rope.dimension_count
//   (written for Architecture::rope_sections_in_files, which llama.cpp requires).
//   Gemma 4 (Architecture::per_layer_attention and the rows after it): .attention.head_count_kv may
//   be one count per layer, .attention.key_length is the full layers' head size and
//   .attention.key_length_swa / .value_length_swa the sliding layers', .rope.dimension_count_swa
//   their rotated dims (rope_freqs.weight is the full layers' alone), .attention.shared_kv_layers,
//   .embedding_length_per_layer_input; feed_forward_length (one or per layer) is the dense MLP's
//   width beside the experts of .expert_feed_forward_length.
//   MoE layouts: .leading_dense_block_count (GLM-4.x, DeepSeek), .interleave_moe_layer_step (Llama 4:
//   experts on layer l when (l + 1) % step == 0, default 1); .expert_shared_count (shared experts
//   of the expert width); .expert_gating_func, .expert_weights_norm, .expert_weights_scale,
//   .expert_group_count, .expert_group_used_count (rows that read router keys).
//   Llama 4 (llama4): .attention.sliding_window is the chunk of the chunked layers (default 8192;
//   0 refused), .attention.sliding_window_pattern their period (default 4: three chunked layers,
//   then a full one); every fourth layer has no RoPE and scales its queries by
//   log(floor((pos + 1) / .attention.temperature_length) + 1) .attention.temperature_scale + 1
//   (defaults 8192 and 0.1). llama.cpp's converter writes none of these keys for Llama 4 and
//   llama.cpp fixes the values at those defaults whatever a file says; Tessera reads them (with
//   llama.cpp's names) so that a written spec reads back the same. .rope.freq_base_swa: the chunked
//   layers' rope base (default rope.freq_base).
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

// Marks the sliding layers of `spec` (the chunked ones for SlidingLayers::Chunked) as a file without
// a pattern key has them: layer l slides when l % period < period - 1 for the architecture's
// default period (none when spec.sliding_window, or spec.attention_chunk, is 0).
void set_default_sliding_layers(const Architecture& arch, ModelSpec& spec);

// Marks the layers of `spec` without RoPE as llama.cpp does (Llama 4): layer l when
// (l + 1) % arch.no_rope_interval == 0; none when the interval is 0.
void set_rope_free_layers(const Architecture& arch, ModelSpec& spec);

// Marks the layers of `spec` as llama.cpp does from {arch}.full_attention_interval: layer l attends
// when (l + 1) % interval == 0, the others use the architecture's recurrent mixer.
void set_full_attention_interval(const Architecture& arch, ModelSpec& spec, int64_t interval);

// Gemma 4: the last `shared` layers of `spec` attend over the cache of the last earlier attention
// layer of the same kind (sliding or full); kv_source stays -1 where there is none.
void set_shared_kv_layers(ModelSpec& spec, int64_t shared);

// Writes the keys read_hyperparameters reads for `spec` (whose architecture must be in the table):
// general.architecture and {arch}.* (not the tokenizer, not general.name). RoPE frequency factors
// are tensors, not keys: write them with the tensors (model_layout.h).
Status write_hyperparameters(gguf::GgufWriter& w, const ModelSpec& spec);

}  // namespace tessera
