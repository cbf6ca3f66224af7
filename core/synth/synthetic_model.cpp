#include "synth/synthetic_model.h"

#include <algorithm>
#include <cstring>
#include <thread>
#include <vector>

#include "quant/blocks.h"
#include "quant/fp16.h"

namespace tessera::synth {
namespace {

// splitmix64: a tiny, fast, well-mixed generator; one per chunk, seeded from (seed, chunk).
struct SplitMix64 {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [-1, 1).
  float uniform() { return static_cast<float>(static_cast<int64_t>(next() >> 40) - (1 << 23)) * 0x1p-23f; }
};

void fill_bytes(SplitMix64& rng, uint8_t* dst, uint64_t n) {
  uint64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t v = rng.next();
    std::memcpy(dst + i, &v, 8);
  }
  if (i < n) {
    uint64_t v = rng.next();
    std::memcpy(dst + i, &v, n - i);
  }
}

template <typename Block>
Block* blocks_of(uint8_t* p) {
  return reinterpret_cast<Block*>(p);
}

// Scales below are chosen so that the dequantized weights have a spread of about 0.02 and a mean
// near zero (see the header). They are approximate by design: benchmarks need realistic, finite
// values, not a particular distribution.
void fill_chunk(GgmlType type, ValueKind kind, SplitMix64& rng, uint8_t* dst, uint64_t n_bytes) {
  const float spread = kind == ValueKind::Weight ? 0.035f : (kind == ValueKind::Bias ? 0.01f : 0.1f);
  const float center = kind == ValueKind::NormGain ? 1.0f : 0.0f;
  switch (type) {
    case GgmlType::F32: {
      for (uint64_t i = 0; i < n_bytes / 4; ++i) {
        float v = center + spread * rng.uniform();
        std::memcpy(dst + 4 * i, &v, 4);
      }
      return;
    }
    case GgmlType::F16:
    case GgmlType::BF16: {
      for (uint64_t i = 0; i < n_bytes / 2; ++i) {
        float v = center + spread * rng.uniform();
        uint16_t b = type == GgmlType::F16 ? fp32_to_fp16(v) : fp32_to_bf16(v);
        std::memcpy(dst + 2 * i, &b, 2);
      }
      return;
    }
    default:
      break;
  }
  fill_bytes(rng, dst, n_bytes);
  const uint64_t n_blocks = n_bytes / type_info(type).type_size;
  auto f16 = [](float v) { return fp32_to_fp16(v); };
  switch (type) {
    case GgmlType::Q4_0:
      for (uint64_t b = 0; b < n_blocks; ++b) blocks_of<BlockQ4_0>(dst)[b].d = f16(0.0045f);
      break;
    case GgmlType::Q4_1:
      for (uint64_t b = 0; b < n_blocks; ++b) {
        blocks_of<BlockQ4_1>(dst)[b].d = f16(0.0045f);
        blocks_of<BlockQ4_1>(dst)[b].m = f16(-0.034f);
      }
      break;
    case GgmlType::Q5_0:
      for (uint64_t b = 0; b < n_blocks; ++b) blocks_of<BlockQ5_0>(dst)[b].d = f16(0.0022f);
      break;
    case GgmlType::Q5_1:
      for (uint64_t b = 0; b < n_blocks; ++b) {
        blocks_of<BlockQ5_1>(dst)[b].d = f16(0.0022f);
        blocks_of<BlockQ5_1>(dst)[b].m = f16(-0.034f);
      }
      break;
    case GgmlType::Q8_0:
      for (uint64_t b = 0; b < n_blocks; ++b) blocks_of<BlockQ8_0>(dst)[b].d = f16(0.00027f);
      break;
    case GgmlType::Q2_K:
      for (uint64_t b = 0; b < n_blocks; ++b) {
        blocks_of<BlockQ2_K>(dst)[b].d = f16(0.0024f);
        blocks_of<BlockQ2_K>(dst)[b].dmin = f16(0.0036f);
      }
      break;
    case GgmlType::Q3_K:
      for (uint64_t b = 0; b < n_blocks; ++b) blocks_of<BlockQ3_K>(dst)[b].d = f16(0.0005f);
      break;
    case GgmlType::Q4_K:
      for (uint64_t b = 0; b < n_blocks; ++b) {
        blocks_of<BlockQ4_K>(dst)[b].d = f16(0.00012f);
        blocks_of<BlockQ4_K>(dst)[b].dmin = f16(0.0009f);
      }
      break;
    case GgmlType::Q5_K:
      for (uint64_t b = 0; b < n_blocks; ++b) {
        blocks_of<BlockQ5_K>(dst)[b].d = f16(0.00006f);
        blocks_of<BlockQ5_K>(dst)[b].dmin = f16(0.0009f);
      }
      break;
    case GgmlType::Q6_K:
      for (uint64_t b = 0; b < n_blocks; ++b) blocks_of<BlockQ6_K>(dst)[b].d = f16(0.000015f);
      break;
    default:
      break;
  }
}

void add_tensor_checked(Status& status, gguf::GgufWriter& w, std::string name, GgmlType type,
                        std::vector<int64_t> dims, ValueKind kind, uint64_t seed, int n_threads) {
  if (!status.ok()) return;
  status = w.add_tensor_generated(std::move(name), type, std::move(dims),
                                  [type, kind, seed, n_threads](uint8_t* dst, uint64_t n) {
                                    return fill_random(type, kind, seed, dst, n, n_threads);
                                  });
}

}  // namespace

GgmlType fallback_type(GgmlType wanted, int64_t n_per_row) {
  if (n_per_row % type_info(wanted).block_size == 0) return wanted;
  if (n_per_row % 32 == 0) return GgmlType::Q8_0;
  return GgmlType::F16;
}

Status fill_random(GgmlType type, ValueKind kind, uint64_t seed, uint8_t* dst, uint64_t n_bytes, int n_threads) {
  if (!is_supported(type)) return make_error(ErrorKind::Unsupported, "synth: cannot generate type " +
                                                                         std::string(type_name(type)));
  const uint64_t block = type_info(type).type_size;
  if (n_bytes % block != 0) {
    return make_error(ErrorKind::InvalidArgument, "synth: " + std::to_string(n_bytes) +
                                                      " bytes is not a whole number of " +
                                                      std::string(type_name(type)) + " blocks");
  }
  // Chunks of a fixed number of blocks, each with its own generator: the output depends only on the
  // seed, not on the thread count.
  const uint64_t chunk_blocks = std::max<uint64_t>(1, (1u << 20) / block);
  const uint64_t chunk_bytes = chunk_blocks * block;
  const uint64_t n_chunks = (n_bytes + chunk_bytes - 1) / chunk_bytes;
  unsigned threads = n_threads > 0 ? static_cast<unsigned>(n_threads) : std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<uint64_t>(threads, n_chunks));
  auto work = [&](unsigned t) {
    for (uint64_t c = t; c < n_chunks; c += threads) {
      SplitMix64 rng{seed * 0x100000001B3ull + c * 0x9E3779B97F4A7C15ull + 1};
      const uint64_t off = c * chunk_bytes;
      fill_chunk(type, kind, rng, dst + off, std::min(chunk_bytes, n_bytes - off));
    }
  };
  if (threads <= 1) {
    work(0);
  } else {
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work, t);
    for (auto& th : pool) th.join();
  }
  return {};
}

Result<gguf::GgufWriter> make_synthetic_writer(const ModelShape& s, const SynthOptions& o) {
  if (s.n_head <= 0 || s.n_embd % s.n_head != 0 || s.n_head_kv <= 0 || s.n_head % s.n_head_kv != 0) {
    return make_error(ErrorKind::InvalidArgument, "synth: shape '" + s.name + "' has inconsistent head counts");
  }
  if (!is_supported(o.type)) {
    return make_error(ErrorKind::Unsupported, "synth: type " + std::string(type_name(o.type)) +
                                                  " is not supported; use F32, F16, BF16, Q4_0, Q4_1, Q5_0, "
                                                  "Q5_1, Q8_0, Q2_K, Q3_K, Q4_K, Q5_K or Q6_K");
  }
  const std::string& a = s.architecture;
  const int64_t head_dim = s.n_embd / s.n_head;
  gguf::GgufWriter w;
  w.set_string("general.architecture", a);
  w.set_string("general.name", "synthetic " + s.name + " " + std::string(type_name(o.type)));
  w.set_string("general.description", "random weights in the shape of " + s.description +
                                          ", made by tessera-cli synth for benchmarks");
  w.set_u32(a + ".context_length", static_cast<uint32_t>(s.n_ctx_train));
  w.set_u32(a + ".embedding_length", static_cast<uint32_t>(s.n_embd));
  w.set_u32(a + ".block_count", static_cast<uint32_t>(s.n_layer));
  w.set_u32(a + ".feed_forward_length", static_cast<uint32_t>(s.n_ff));
  w.set_u32(a + ".attention.head_count", static_cast<uint32_t>(s.n_head));
  w.set_u32(a + ".attention.head_count_kv", static_cast<uint32_t>(s.n_head_kv));
  w.set_u32(a + ".rope.dimension_count", static_cast<uint32_t>(head_dim));
  w.set_f32(a + ".rope.freq_base", s.rope_freq_base);
  w.set_f32(a + ".attention.layer_norm_rms_epsilon", s.rms_eps);
  w.set_u32(a + ".vocab_size", static_cast<uint32_t>(s.n_vocab));

  // A SentencePiece-style vocabulary: <unk> <s> </s>, 256 byte tokens, then "▁t<i>" pieces.
  std::vector<std::string> tokens;
  std::vector<float> scores;
  std::vector<int32_t> types;
  tokens.reserve(s.n_vocab);
  tokens = {"<unk>", "<s>", "</s>"};
  types = {2, 3, 3};
  scores = {0.0f, 0.0f, 0.0f};
  static const char* hex = "0123456789ABCDEF";
  for (int b = 0; b < 256 && static_cast<int64_t>(tokens.size()) < s.n_vocab; ++b) {
    tokens.push_back(std::string("<0x") + hex[b >> 4] + hex[b & 15] + ">");
    types.push_back(6);
    scores.push_back(0.0f);
  }
  for (int64_t i = static_cast<int64_t>(tokens.size()); i < s.n_vocab; ++i) {
    tokens.push_back("\xE2\x96\x81t" + std::to_string(i));
    types.push_back(1);
    scores.push_back(-static_cast<float>(i));
  }
  w.set_string("tokenizer.ggml.model", "llama");
  w.set("tokenizer.ggml.tokens", gguf::Value::string_array(tokens));
  w.set("tokenizer.ggml.scores", gguf::Value::f32_array(scores));
  w.set("tokenizer.ggml.token_type", gguf::Value::i32_array(types));
  w.set_u32("tokenizer.ggml.unknown_token_id", 0);
  w.set_u32("tokenizer.ggml.bos_token_id", 1);
  w.set_u32("tokenizer.ggml.eos_token_id", 2);
  w.set_bool("tokenizer.ggml.add_bos_token", true);
  w.set_bool("tokenizer.ggml.add_eos_token", false);

  const bool kquant = type_info(o.type).block_size == 256;
  const GgmlType out_type = (kquant && o.output_q6k_for_kquants) ? GgmlType::Q6_K : o.type;
  const int nt = o.n_threads;
  uint64_t seed = o.seed;
  Status st;
  auto matrix = [&](const std::string& name, int64_t cols, int64_t rows, GgmlType t) {
    add_tensor_checked(st, w, name, fallback_type(t, cols), {cols, rows}, ValueKind::Weight, seed++, nt);
  };
  auto vec = [&](const std::string& name, int64_t n, ValueKind kind) {
    add_tensor_checked(st, w, name, GgmlType::F32, {n}, kind, seed++, nt);
  };
  const int64_t kv_dim = head_dim * s.n_head_kv;
  matrix("token_embd.weight", s.n_embd, s.n_vocab, s.tied_embeddings ? out_type : o.type);
  for (int64_t l = 0; l < s.n_layer; ++l) {
    const std::string p = "blk." + std::to_string(l) + ".";
    vec(p + "attn_norm.weight", s.n_embd, ValueKind::NormGain);
    matrix(p + "attn_q.weight", s.n_embd, s.n_embd, o.type);
    matrix(p + "attn_k.weight", s.n_embd, kv_dim, o.type);
    matrix(p + "attn_v.weight", s.n_embd, kv_dim, o.type);
    if (s.qkv_bias) {
      vec(p + "attn_q.bias", s.n_embd, ValueKind::Bias);
      vec(p + "attn_k.bias", kv_dim, ValueKind::Bias);
      vec(p + "attn_v.bias", kv_dim, ValueKind::Bias);
    }
    matrix(p + "attn_output.weight", s.n_embd, s.n_embd, o.type);
    vec(p + "ffn_norm.weight", s.n_embd, ValueKind::NormGain);
    matrix(p + "ffn_gate.weight", s.n_embd, s.n_ff, o.type);
    matrix(p + "ffn_up.weight", s.n_embd, s.n_ff, o.type);
    matrix(p + "ffn_down.weight", s.n_ff, s.n_embd, o.type);
  }
  vec("output_norm.weight", s.n_embd, ValueKind::NormGain);
  if (!s.tied_embeddings) matrix("output.weight", s.n_embd, s.n_vocab, out_type);
  if (!st.ok()) return st.take_error();
  return w;
}

uint64_t synthetic_weight_bytes(const ModelShape& s, const SynthOptions& o) {
  const bool kquant = type_info(o.type).block_size == 256;
  const GgmlType out_type = (kquant && o.output_q6k_for_kquants) ? GgmlType::Q6_K : o.type;
  auto mat = [&](int64_t cols, int64_t rows, GgmlType t) {
    return tensor_bytes_unchecked(fallback_type(t, cols), static_cast<uint64_t>(cols * rows));
  };
  const int64_t head_dim = s.n_embd / s.n_head;
  const int64_t kv_dim = head_dim * s.n_head_kv;
  uint64_t total = mat(s.n_embd, s.n_vocab, s.tied_embeddings ? out_type : o.type);
  uint64_t layer = mat(s.n_embd, s.n_embd, o.type) * 2 + mat(s.n_embd, kv_dim, o.type) * 2 +
                   mat(s.n_embd, s.n_ff, o.type) * 2 + mat(s.n_ff, s.n_embd, o.type) + 8 * s.n_embd;
  if (s.qkv_bias) layer += 4 * (s.n_embd + 2 * kv_dim);
  total += layer * s.n_layer + 4 * s.n_embd;
  if (!s.tied_embeddings) total += mat(s.n_embd, s.n_vocab, out_type);
  return total;
}

}  // namespace tessera::synth
