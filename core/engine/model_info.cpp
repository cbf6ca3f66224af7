#include "engine/model_info.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>

#include "gguf/gguf_file.h"

namespace tessera {

std::string format_bytes(uint64_t bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double v = static_cast<double>(bytes);
  int u = 0;
  while (v >= 1024.0 && u < 4) {
    v /= 1024.0;
    ++u;
  }
  char buf[32];
  if (u == 0)
    std::snprintf(buf, sizeof buf, "%llu B", static_cast<unsigned long long>(bytes));
  else
    std::snprintf(buf, sizeof buf, "%.1f %s", v, units[u]);
  return buf;
}

std::string ModelInfo::tensor_types_summary() const {
  std::string s;
  for (const auto& t : tensor_types) {
    if (!s.empty()) s += ", ";
    s += std::string(type_name(t.type)) + " (" + std::to_string(t.tensors) + " tensors, " + format_bytes(t.bytes) + ")";
  }
  return s;
}

std::string ModelInfo::main_type() const {
  return tensor_types.empty() ? std::string() : std::string(type_name(tensor_types.front().type));
}

ModelInfo describe_model(const gguf::GgufFile& file, const ModelSpec& spec) {
  ModelInfo info;
  info.path = file.path();
  info.name = spec.name.empty() ? std::filesystem::path(file.path()).filename().string() : spec.name;
  info.architecture = spec.architecture;
  info.file_size = file.file_size();
  info.parameter_count = spec.parameter_count();
  info.weight_bytes = spec.weight_bytes();
  info.n_layer = spec.n_layer;
  info.n_embd = spec.n_embd;
  info.n_head = spec.n_head;
  info.n_head_kv = spec.n_head_kv;
  info.n_vocab = spec.n_vocab;
  info.n_ctx_train = spec.n_ctx_train;
  std::map<uint32_t, TensorTypeCount> by_type;
  for (const auto& t : file.tensors()) {
    auto& c = by_type[static_cast<uint32_t>(t.type)];
    c.type = t.type;
    ++c.tensors;
    c.bytes += t.n_bytes;
  }
  for (const auto& [id, c] : by_type) info.tensor_types.push_back(c);
  std::stable_sort(info.tensor_types.begin(), info.tensor_types.end(),
                   [](const TensorTypeCount& a, const TensorTypeCount& b) { return a.bytes > b.bytes; });
  info.has_tokenizer = file.has("tokenizer.ggml.model");
  info.has_chat_template = file.has("tokenizer.chat_template");
  return info;
}

}  // namespace tessera
