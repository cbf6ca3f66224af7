// GGUF file -> a validated ModelSpec, for every architecture of architectures.h:
//   llama     Llama 2, Llama 3/3.1/3.2 (llama3 rope scaling via `rope_freqs.weight`), TinyLlama, ...;
//             Mixtral (llama with {arch}.expert_count: router + expert tensors); optional biases.
//   mistral   as llama.
//   qwen2     Q/K/V biases (required), NeoX rope, usually tied embeddings.
//   qwen3     q/k norms; qwen3moe: the same with 128 experts per layer.
//   gemma2    embedding scale, post-norms, GeGLU, soft-caps, sliding window on alternating layers.
//   gemma3    (text) q/k norms, post-norms, GeGLU, 5:1 sliding/full layers, its own rope base for
//             sliding layers, optional final soft-cap.
//   phi3      Phi-3 / Phi-4: fused Q|K|V and gate|up tensors, LongRoPE factors.
//   gpt-oss   every FFN MoE with router and expert biases and the clamped SwiGLU, attention sinks,
//             output bias (q/k/v biases optional), sliding window on even layers, YaRN; its FFN
//             norm is stored as post_attention_norm.weight.
//   llama4    Llama 4 Scout / Maverick: chunked attention with weightless QK-norm on three of four
//             layers, the fourth without RoPE (attention temperature), experts every
//             interleave_moe_layer_step-th layer (dense ones between), the top-k router's sigmoid
//             weight on the expert's input, an expert-wide shared expert (ffn_*_shexp).
// Hyperparameters and block choices: hparams_io.h. Tensors: the architecture's slots of
// layer_tensors.h, named blk.N.<slot name>, with the table's shapes. Tied embeddings: a file
// without `output.weight` uses `token_embd.weight` as the output layer.
//
// Errors: unknown architecture -> Unsupported naming it and the supported ones; missing tensor ->
// BadFile naming it; misshaped tensor -> BadFile naming it with the expected and found shapes;
// a tensor type Tessera cannot compute with -> require_supported's Unsupported error.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "backend/model_spec.h"
#include "common/error.h"
#include "gguf/gguf_file.h"

namespace tessera {

// The architecture names build_model_spec accepts.
const std::vector<std::string>& supported_architectures();
bool is_supported_architecture(std::string_view name);

// Validates `file` and describes it. The spec's tensor references point into `file`'s mapping, and
// spec.weights_owner keeps `file` alive.
Result<ModelSpec> build_model_spec(std::shared_ptr<const gguf::GgufFile> file);

}  // namespace tessera
