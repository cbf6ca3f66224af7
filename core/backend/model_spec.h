// ModelSpec: everything a backend needs to run a Llama-family decoder, after validation.
//
// It is the input of Backend::load_model, so it lives next to the Backend interface (core/backend);
// core/model builds it from a GGUF file (architecture registry, metadata keys, tensor names,
// shape checks) and is the only place that knows GGUF naming conventions. A backend never looks
// at metadata keys: it reads hyperparameters and tensor references from here.
//
// Shapes follow GGUF/ggml order: dims[0] is the fastest dimension, i.e. the length of a row.
// A weight matrix W with dims [n_in, n_out] holds n_out rows of n_in values, and the layer
// computes y[r] = dot(W row r, x) for r < n_out.
//
// Per layer (x is the residual stream, width n_embd):
//   h   = rms_norm(x) * attn_norm
//   q   = Wq h (+ bq),  k = Wk h (+ bk),  v = Wv h (+ bv)       q: n_head x head_dim, k/v: n_head_kv x head_dim
//   q,k = rope(q, pos), rope(k, pos)                              (first rope.n_dims dims of each head)
//   a   = softmax(q k^T / sqrt(head_dim), causal over the KV cache) v   (GQA: query head h reads KV head h / (n_head / n_head_kv))
//   x   = x + Wo a (+ bo)
//   h   = rms_norm(x) * ffn_norm
//   x   = x + Wdown (silu(Wgate h) * (Wup h))
// then logits = Woutput (rms_norm(x) * output_norm).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

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
};

struct LayerSpec {
  TensorRef attn_norm;                 // [n_embd]
  TensorRef wq, wk, wv, wo;            // [n_embd, n_head*head_dim], [n_embd, kv_dim] x2, [n_head*head_dim, n_embd]
  TensorRef bq, bk, bv, bo;            // optional biases: [n_head*head_dim], [kv_dim], [kv_dim], [n_embd]
  TensorRef ffn_norm;                  // [n_embd]
  TensorRef ffn_gate, ffn_up;          // [n_embd, n_ff]
  TensorRef ffn_down;                  // [n_ff, n_embd]
  int64_t n_ff = 0;
};

struct ModelSpec {
  std::string architecture;  // "llama", "mistral", "qwen2"
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
  RopeParams rope;

  TensorRef token_embd;   // [n_embd, n_vocab]
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

  int64_t q_dim() const { return n_head * head_dim; }
  int64_t kv_dim() const { return n_head_kv * head_dim; }

  // Every tensor reference, in a stable order (token_embd, layers..., output_norm, output unless tied).
  std::vector<const TensorRef*> all_tensors() const;
  // Sum of elements of all distinct tensors (tied output counted once).
  uint64_t parameter_count() const;
  // Sum of bytes of all distinct tensors.
  uint64_t weight_bytes() const;
};

}  // namespace tessera
