// Shapes of real model families, for synthetic benchmark models (`tessera-cli synth`, `bench`).
// Only the hyperparameters that determine tensor shapes and the forward pass are recorded.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::synth {

struct ModelShape {
  std::string name;          // "llama3-8b"
  std::string architecture;  // GGUF general.architecture: "llama" or "qwen2"
  int64_t n_embd = 0;
  int64_t n_layer = 0;
  int64_t n_head = 0;
  int64_t n_head_kv = 0;
  int64_t n_ff = 0;
  int64_t n_vocab = 0;
  int64_t n_ctx_train = 0;
  float rope_freq_base = 10000.0f;
  float rms_eps = 1e-5f;
  bool tied_embeddings = false;  // no output.weight; the output layer reuses token_embd
  bool qkv_bias = false;         // qwen2
  std::string description;       // "Llama 3 8B" for tables
};

// Every shape `synth --shape` accepts, in a stable order.
const std::vector<ModelShape>& known_shapes();
// nullptr when unknown.
const ModelShape* find_shape(std::string_view name);
// "llama3-8b, llama3-1b, ..." for usage text and error messages.
std::string shape_names();

}  // namespace tessera::synth
