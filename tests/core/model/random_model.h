// Small Llama-family models with random weights, written with GgufWriter for the model, backend,
// engine and CLI suites (header-only so every suite can include it as "core/model/random_model.h").
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gguf/gguf_file.h"
#include "gguf/gguf_writer.h"
#include "quant/quantize.h"
#include "support/test_support.h"

namespace tessera::test {

enum class RopeScalingKind { None, Linear, Llama3Metadata, RopeFreqsTensor };

struct RandomModelConfig {
  std::string arch = "llama";
  int64_t n_vocab = 96;
  int64_t n_embd = 64;
  int64_t n_layer = 2;
  int64_t n_head = 4;
  int64_t n_head_kv = 2;
  int64_t n_ff = 96;
  int64_t n_ctx_train = 256;
  int64_t n_rot = 0;  // 0: the whole head
  double rope_base = 10000.0;
  double rms_eps = 1e-5;
  RopeScalingKind scaling = RopeScalingKind::None;
  double scaling_factor = 4.0;
  // llama3 parameters (small original context so the smooth band covers some pairs)
  double low_freq_factor = 1.0, high_freq_factor = 4.0, original_ctx = 64.0;
  bool tied = false;
  bool qkv_bias = false;
  GgmlType matrix_type = GgmlType::F32;  // attention and feed-forward matrices
  GgmlType embd_type = GgmlType::F32;    // token_embd and output
  uint32_t seed = 1;
  bool with_tokenizer = false;  // a tiny SentencePiece-style vocabulary (byte tokens + letters)
  int32_t eos_id = 2;           // tokenizer.ggml.eos_token_id
  std::string chat_template;    // tokenizer.chat_template when not empty
  std::set<std::string> omit;   // tensors to leave out (error tests)
  std::map<std::string, std::vector<int64_t>> reshape;  // tensors written with other dims (error tests)
  std::map<std::string, GgmlType> retype;  // tensors written as this type with zero bytes (error tests)

  int64_t head_dim() const { return n_embd / n_head; }
  int64_t rot() const { return n_rot > 0 ? n_rot : head_dim(); }
};

// Quantizes `values` (rows of dims[0]) to `type`.
inline std::vector<uint8_t> encode_tensor(GgmlType type, const std::vector<int64_t>& dims, const std::vector<float>& values) {
  const int64_t row = dims[0];
  const int64_t rows = static_cast<int64_t>(values.size()) / row;
  const uint64_t rb = row_size(type, row).value();
  std::vector<uint8_t> out(rb * static_cast<uint64_t>(rows));
  for (int64_t r = 0; r < rows; ++r) {
    auto st = quantize_row(type, values.data() + r * row, out.data() + static_cast<uint64_t>(r) * rb, row);
    EXPECT_TRUE(st.ok()) << st.error().describe();
  }
  return out;
}

inline void add_tokenizer_metadata(gguf::GgufWriter& w, int64_t n_vocab, int32_t eos_id) {
  // <unk>, <s>, </s>, 256 byte tokens would exceed small vocabularies: use the byte tokens that
  // fit, then nothing else. Models with a tokenizer need n_vocab >= 3 + 256.
  std::vector<std::string> tokens = {"<unk>", "<s>", "</s>"};
  std::vector<float> scores = {0, 0, 0};
  std::vector<int32_t> types = {2, 3, 3};
  char buf[16];
  for (int b = 0; b < 256 && static_cast<int64_t>(tokens.size()) < n_vocab; ++b) {
    std::snprintf(buf, sizeof buf, "<0x%02X>", b);
    tokens.emplace_back(buf);
    scores.push_back(0);
    types.push_back(6);
  }
  const char* pieces[] = {"\xe2\x96\x81", "a", "b", "c", "d", "e", "\xe2\x96\x81" "a", "ab"};
  int k = 0;
  while (static_cast<int64_t>(tokens.size()) < n_vocab) {
    std::string p = k < 8 ? pieces[k] : "x" + std::to_string(k);
    tokens.push_back(p);
    scores.push_back(-static_cast<float>(k));
    types.push_back(1);
    ++k;
  }
  w.set_string("tokenizer.ggml.model", "llama");
  w.set("tokenizer.ggml.tokens", gguf::Value::string_array(tokens));
  w.set("tokenizer.ggml.scores", gguf::Value::f32_array(scores));
  w.set("tokenizer.ggml.token_type", gguf::Value::i32_array(types));
  w.set_u32("tokenizer.ggml.bos_token_id", 1);
  w.set_u32("tokenizer.ggml.eos_token_id", static_cast<uint32_t>(eos_id));
  w.set_u32("tokenizer.ggml.unknown_token_id", 0);
  w.set_bool("tokenizer.ggml.add_bos_token", true);
  w.set_bool("tokenizer.ggml.add_eos_token", false);
}

// The GGUF image of a random model described by `c`.
inline std::vector<uint8_t> random_model_bytes(const RandomModelConfig& c) {
  gguf::GgufWriter w;
  const std::string a = c.arch;
  w.set_string("general.architecture", a);
  w.set_string("general.name", "random-" + a);
  w.set_u32(a + ".context_length", static_cast<uint32_t>(c.n_ctx_train));
  w.set_u32(a + ".embedding_length", static_cast<uint32_t>(c.n_embd));
  w.set_u32(a + ".block_count", static_cast<uint32_t>(c.n_layer));
  w.set_u32(a + ".feed_forward_length", static_cast<uint32_t>(c.n_ff));
  w.set_u32(a + ".attention.head_count", static_cast<uint32_t>(c.n_head));
  w.set_u32(a + ".attention.head_count_kv", static_cast<uint32_t>(c.n_head_kv));
  w.set_f32(a + ".attention.layer_norm_rms_epsilon", static_cast<float>(c.rms_eps));
  w.set_u32(a + ".rope.dimension_count", static_cast<uint32_t>(c.rot()));
  w.set_f32(a + ".rope.freq_base", static_cast<float>(c.rope_base));
  if (c.scaling == RopeScalingKind::Linear) {
    w.set_string(a + ".rope.scaling.type", "linear");
    w.set_f32(a + ".rope.scaling.factor", static_cast<float>(c.scaling_factor));
  } else if (c.scaling == RopeScalingKind::Llama3Metadata) {
    w.set_string(a + ".rope.scaling.type", "llama3");
    w.set_f32(a + ".rope.scaling.factor", static_cast<float>(c.scaling_factor));
    w.set_f32(a + ".rope.scaling.low_freq_factor", static_cast<float>(c.low_freq_factor));
    w.set_f32(a + ".rope.scaling.high_freq_factor", static_cast<float>(c.high_freq_factor));
    w.set_u32(a + ".rope.scaling.original_context_length", static_cast<uint32_t>(c.original_ctx));
  }
  if (c.with_tokenizer) add_tokenizer_metadata(w, c.n_vocab, c.eos_id);
  if (!c.chat_template.empty()) w.set_string("tokenizer.chat_template", c.chat_template);

  uint32_t seed = c.seed * 1000u;
  const int64_t d = c.n_embd, hd = c.head_dim(), qd = c.n_head * hd, kvd = c.n_head_kv * hd;
  auto add = [&](const std::string& name, GgmlType type, std::vector<int64_t> dims, float stddev, float mean = 0.0f) {
    if (c.omit.count(name)) return;
    if (auto it = c.reshape.find(name); it != c.reshape.end()) dims = it->second;
    int64_t n = 1;
    for (int64_t x : dims) n *= x;
    if (auto it = c.retype.find(name); it != c.retype.end()) {
      std::vector<uint8_t> zeros(tensor_bytes_unchecked(it->second, static_cast<uint64_t>(n)));
      auto st = w.add_tensor(name, it->second, dims, std::move(zeros));
      EXPECT_TRUE(st.ok()) << st.error().describe();
      return;
    }
    std::vector<float> v = random_floats(static_cast<size_t>(n), ++seed, stddev);
    for (float& x : v) x += mean;
    auto st = w.add_tensor(name, type, dims, encode_tensor(type, dims, v));
    EXPECT_TRUE(st.ok()) << st.error().describe();
  };
  const float ws = 1.0f / std::sqrt(static_cast<float>(d));
  add("token_embd.weight", c.embd_type, {d, c.n_vocab}, 1.0f);
  for (int64_t l = 0; l < c.n_layer; ++l) {
    const std::string p = "blk." + std::to_string(l) + ".";
    add(p + "attn_norm.weight", GgmlType::F32, {d}, 0.1f, 1.0f);
    add(p + "attn_q.weight", c.matrix_type, {d, qd}, 2.0f * ws);
    add(p + "attn_k.weight", c.matrix_type, {d, kvd}, 2.0f * ws);
    add(p + "attn_v.weight", c.matrix_type, {d, kvd}, ws);
    if (c.qkv_bias) {
      add(p + "attn_q.bias", GgmlType::F32, {qd}, 0.5f);
      add(p + "attn_k.bias", GgmlType::F32, {kvd}, 0.5f);
      add(p + "attn_v.bias", GgmlType::F32, {kvd}, 0.5f);
    }
    add(p + "attn_output.weight", c.matrix_type, {qd, d}, ws);
    add(p + "ffn_norm.weight", GgmlType::F32, {d}, 0.1f, 1.0f);
    add(p + "ffn_gate.weight", c.matrix_type, {d, c.n_ff}, ws);
    add(p + "ffn_up.weight", c.matrix_type, {d, c.n_ff}, ws);
    add(p + "ffn_down.weight", c.matrix_type, {c.n_ff, d}, 1.0f / std::sqrt(static_cast<float>(c.n_ff)));
  }
  add("output_norm.weight", GgmlType::F32, {d}, 0.1f, 1.0f);
  if (!c.tied) add("output.weight", c.embd_type, {d, c.n_vocab}, ws);
  if (c.scaling == RopeScalingKind::RopeFreqsTensor) {
    // Divisors from 1 to scaling_factor, as Llama 3.1's file carries them.
    const int64_t half = c.rot() / 2;
    std::vector<float> f(static_cast<size_t>(half));
    for (int64_t i = 0; i < half; ++i)
      f[static_cast<size_t>(i)] = 1.0f + static_cast<float>(c.scaling_factor - 1.0) * static_cast<float>(i) /
                                             static_cast<float>(std::max<int64_t>(1, half - 1));
    if (!c.omit.count("rope_freqs.weight")) {
      auto st = w.add_tensor_f32("rope_freqs.weight", {half}, f);
      EXPECT_TRUE(st.ok()) << st.error().describe();
    }
  }
  auto bytes = w.to_bytes();
  EXPECT_TRUE(bytes.ok()) << bytes.error().describe();
  return bytes.ok() ? std::move(bytes).value() : std::vector<uint8_t>{};
}

inline std::shared_ptr<const gguf::GgufFile> random_model_file(const RandomModelConfig& c,
                                                               const std::string& name = "random.gguf") {
  auto f = gguf::GgufFile::from_bytes(random_model_bytes(c), name);
  EXPECT_TRUE(f.ok()) << f.error().describe();
  if (!f.ok()) return nullptr;
  return std::shared_ptr<const gguf::GgufFile>(std::move(f).value());
}

}  // namespace tessera::test
