// Llama-family architectures: GGUF metadata + tensor names -> a validated ModelSpec.
//
// Supported architectures (general.architecture):
//   llama    Llama 2, Llama 3/3.1/3.2 (llama3 rope scaling via `rope_freqs.weight`), TinyLlama, ...;
//            rope mode Normal (GGUF converters permute HF Q/K rows for it); optional Q/K/V/O biases.
//   mistral  same graph as llama.
//   qwen2    Q/K/V biases (required), NeoX rope mode, usually tied embeddings.
// Tied embeddings: a file without `output.weight` uses `token_embd.weight` as the output layer.
//
// Metadata read ({arch} = the architecture name):
//   {arch}.context_length, .embedding_length, .block_count, .feed_forward_length (scalar or one per
//   layer), .attention.head_count, .attention.head_count_kv (default head_count),
//   .attention.layer_norm_rms_epsilon (default 1e-5), .attention.key_length / .value_length
//   (default embedding_length / head_count; must be equal), .rope.dimension_count (default head
//   size), .rope.freq_base (default 10000), .rope.scale_linear (old linear scaling),
//   .rope.scaling.type: none | linear (.rope.scaling.factor) | llama3 (.rope.scaling.factor,
//   .rope.scaling.low_freq_factor, .rope.scaling.high_freq_factor,
//   .rope.scaling.original_context_length; used only when the file has no rope_freqs.weight);
//   yarn and longrope are reported as unsupported. .vocab_size, when present, must match
//   token_embd.
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
