// What the GUI and the CLI show about a loaded model.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "backend/model_spec.h"

namespace tessera {

namespace gguf {
class GgufFile;
}

struct TensorTypeCount {
  GgmlType type = GgmlType::F32;
  int32_t tensors = 0;
  uint64_t bytes = 0;
};

// One line of what an architecture does beyond a plain Llama layer, as `inspect` and the model
// panel show it: {"experts", "128, 8 used per token"}, {"sliding window", "1024 positions on 40 of
// 48 layers"}.
struct ModelFact {
  std::string name;
  std::string value;
};

// The hyperparameters and block choices of a spec, in a fixed order: the shape (layers, width,
// heads, feed-forward), then only what applies (experts, RoPE and its scaling, sliding window,
// QK-norm, soft-caps, post-norms, biases, activation, embedding scale, tied output).
std::vector<ModelFact> architecture_facts(const ModelSpec& spec);

struct ModelInfo {
  std::string path;
  std::string name;          // general.name, or the file name
  std::string architecture;  // "llama", ...
  uint64_t file_size = 0;
  uint64_t parameter_count = 0;
  uint64_t weight_bytes = 0;
  int64_t n_layer = 0;
  int64_t n_embd = 0;
  int64_t n_head = 0;
  int64_t n_head_kv = 0;
  int64_t n_vocab = 0;
  int64_t n_ctx_train = 0;
  int32_t n_ctx = 0;  // the loaded context
  std::vector<TensorTypeCount> tensor_types;  // every tensor of the file, by bytes, largest first
  std::string backend;                        // BackendModel::describe()
  MemoryFootprint memory;
  bool has_tokenizer = false;
  bool has_chat_template = false;  // the file carries tokenizer.chat_template
  std::vector<ModelFact> facts;    // architecture_facts(spec)

  // "Q4_K (230 tensors, 3.9 GiB), F32 (65 tensors, 0.5 MiB)" style.
  std::string tensor_types_summary() const;
  // The type holding most bytes ("Q4_K"), "" when there are no tensors.
  std::string main_type() const;
};

// The fields that come from the file and the spec (not backend, memory or n_ctx).
ModelInfo describe_model(const gguf::GgufFile& file, const ModelSpec& spec);

// "1.5 GiB", "12.0 MiB", "512 B".
std::string format_bytes(uint64_t bytes);

}  // namespace tessera
