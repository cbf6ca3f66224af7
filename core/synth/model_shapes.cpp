#include "synth/model_shapes.h"

namespace tessera::synth {

const std::vector<ModelShape>& known_shapes() {
  // Function-local constant: built once, never modified.
  static const std::vector<ModelShape> shapes = {
      // name, arch, embd, layers, heads, kv heads, ffn, vocab, ctx, rope base, eps, tied, bias, description
      {"llama3-8b", "llama", 4096, 32, 32, 8, 14336, 128256, 8192, 500000.0f, 1e-5f, false, false, "Llama 3 8B"},
      {"llama3-3b", "llama", 3072, 28, 24, 8, 8192, 128256, 8192, 500000.0f, 1e-5f, true, false, "Llama 3.2 3B"},
      {"llama3-1b", "llama", 2048, 16, 32, 8, 8192, 128256, 8192, 500000.0f, 1e-5f, true, false, "Llama 3.2 1B"},
      {"llama2-7b", "llama", 4096, 32, 32, 32, 11008, 32000, 4096, 10000.0f, 1e-5f, false, false, "Llama 2 7B"},
      {"llama2-13b", "llama", 5120, 40, 40, 40, 13824, 32000, 4096, 10000.0f, 1e-5f, false, false, "Llama 2 13B"},
      {"llama2-70b", "llama", 8192, 80, 64, 8, 28672, 32000, 4096, 10000.0f, 1e-5f, false, false, "Llama 2 70B"},
      {"mistral-7b", "llama", 4096, 32, 32, 8, 14336, 32000, 32768, 1000000.0f, 1e-5f, false, false, "Mistral 7B"},
      {"qwen2-7b", "qwen2", 3584, 28, 28, 4, 18944, 152064, 32768, 1000000.0f, 1e-6f, false, true, "Qwen2 7B"},
      {"qwen2-0.5b", "qwen2", 896, 24, 14, 2, 4864, 151936, 32768, 1000000.0f, 1e-6f, true, true, "Qwen2 0.5B"},
      // Small shapes for tests and quick checks (multiples of 256 so every type applies).
      {"tiny", "llama", 256, 2, 4, 2, 512, 1024, 512, 10000.0f, 1e-5f, false, false, "tiny test model"},
      {"small", "llama", 1024, 8, 16, 4, 2816, 8192, 2048, 10000.0f, 1e-5f, false, false, "small test model"},
  };
  return shapes;
}

const ModelShape* find_shape(std::string_view name) {
  for (const auto& s : known_shapes())
    if (s.name == name) return &s;
  return nullptr;
}

std::string shape_names() {
  std::string out;
  for (const auto& s : known_shapes()) {
    if (!out.empty()) out += ", ";
    out += s.name;
  }
  return out;
}

}  // namespace tessera::synth
