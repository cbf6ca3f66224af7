#include "synth/synthetic_model.h"

#include <algorithm>
#include <cstring>
#include <system_error>
#include <thread>
#include <vector>

#include "quant/blocks.h"
#include "quant/fp16.h"
#include "model/hparams_io.h"

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

// IQ1_M keeps its fp16 scale in the top nibbles of its four scale words (blocks.h).
void set_iq1m_scale(BlockIQ1_M& b, uint16_t bits) {
  for (int k = 0; k < 4; ++k) {
    uint8_t& hi = b.scales[2 * k + 1];
    hi = static_cast<uint8_t>((hi & 0x0F) | (((bits >> (4 * k)) & 0x0F) << 4));
  }
}

// Scales below are chosen so that the dequantized weights have a spread of about 0.02 and a mean
// near zero (see the header). They are approximate by design: benchmarks need realistic, finite
// values, not a particular distribution.
void fill_chunk(GgmlType type, ValueKind kind, SplitMix64& rng, uint8_t* dst, uint64_t n_bytes) {
  const float spread = kind == ValueKind::Weight      ? 0.035f
                       : kind == ValueKind::Bias      ? 0.01f
                       : kind == ValueKind::DecayRate ? 0.5f
                                                      : 0.1f;
  const float center = kind == ValueKind::NormGain ? 1.0f : kind == ValueKind::DecayRate ? -1.0f : 0.0f;
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
    // The codebook types: random grid indices, signs and sub-block scales with a super-block
    // scale that gives the same spread (its typical sub-scale times a typical grid value).
    case GgmlType::IQ4_NL:
      for (uint64_t b = 0; b < n_blocks; ++b) blocks_of<BlockIQ4_NL>(dst)[b].d = f16(0.0003f);
      break;
    case GgmlType::IQ4_XS:
      for (uint64_t b = 0; b < n_blocks; ++b) blocks_of<BlockIQ4_XS>(dst)[b].d = f16(0.00002f);
      break;
    case GgmlType::IQ2_XXS:
      for (uint64_t b = 0; b < n_blocks; ++b) blocks_of<BlockIQ2_XXS>(dst)[b].d = f16(0.0004f);
      break;
    case GgmlType::IQ2_XS:
      for (uint64_t b = 0; b < n_blocks; ++b) blocks_of<BlockIQ2_XS>(dst)[b].d = f16(0.0004f);
      break;
    case GgmlType::IQ2_S:
      for (uint64_t b = 0; b < n_blocks; ++b) blocks_of<BlockIQ2_S>(dst)[b].d = f16(0.0004f);
      break;
    case GgmlType::IQ3_XXS:
      for (uint64_t b = 0; b < n_blocks; ++b) blocks_of<BlockIQ3_XXS>(dst)[b].d = f16(0.00017f);
      break;
    case GgmlType::IQ3_S:
      for (uint64_t b = 0; b < n_blocks; ++b) blocks_of<BlockIQ3_S>(dst)[b].d = f16(0.00016f);
      break;
    case GgmlType::IQ1_S:
      for (uint64_t b = 0; b < n_blocks; ++b) blocks_of<BlockIQ1_S>(dst)[b].d = f16(0.0025f);
      break;
    case GgmlType::IQ1_M:
      for (uint64_t b = 0; b < n_blocks; ++b) set_iq1m_scale(blocks_of<BlockIQ1_M>(dst)[b], f16(0.0025f));
      break;
    case GgmlType::TQ1_0:
      for (uint64_t b = 0; b < n_blocks; ++b) blocks_of<BlockTQ1_0>(dst)[b].d = f16(0.025f);
      break;
    case GgmlType::TQ2_0:
      for (uint64_t b = 0; b < n_blocks; ++b) blocks_of<BlockTQ2_0>(dst)[b].d = f16(0.02f);
      break;
    case GgmlType::MXFP4:  // levels up to 12 (doubled e2m1) times 2^(e - 128): e = 120 -> 0.0039
      for (uint64_t b = 0; b < n_blocks; ++b) blocks_of<BlockMXFP4>(dst)[b].e = 120;
      break;
    default:
      break;
  }
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
  // The caller takes share 0; a share whose thread the system refuses to start (a process or
  // memory limit) is the caller's too: slower, never an exception or a hole in the file.
  std::vector<std::thread> pool;
  pool.reserve(threads);
  unsigned started = 1;
  try {
    for (; started < threads; ++started) pool.emplace_back(work, started);
  } catch (const std::system_error&) {
  }
  for (unsigned t = started; t < threads; ++t) work(t);
  work(0);
  for (auto& th : pool) th.join();
  return {};
}

GgmlType synthetic_tensor_type(const FileTensor& t, const SynthOptions& o, bool tied_embeddings) {
  // Vectors are f32; so are routers, as llama-quantize leaves them.
  if (t.kind == TensorKind::Vector) return GgmlType::F32;
  if (t.layer_slots.size() == 1 && t.layer_slots.front() == LayerTensor::Router) return GgmlType::F32;
  const bool kquant = type_info(o.type).block_size == 256;
  const GgmlType out_type = (kquant && o.output_q6k_for_kquants) ? GgmlType::Q6_K : o.type;
  const bool output_layer = t.is_output && (t.name == "output.weight" || tied_embeddings);
  return fallback_type(output_layer ? out_type : o.type, t.dims.front());
}

Result<gguf::GgufWriter> make_synthetic_writer(const ModelShape& s, const SynthOptions& o) {
  if (s.n_vocab < 3 + 256)
    return make_error(ErrorKind::InvalidArgument, "synth: shape '" + s.name + "' needs a vocabulary of at least 259");
  if (!is_supported(o.type)) {
    return make_error(ErrorKind::Unsupported, "synth: type " + std::string(type_name(o.type)) +
                                                  " is not supported; use one of: " + supported_type_names());
  }
  TESSERA_ASSIGN_OR_RETURN(ModelSpec spec, shape_hyperparameters(s));
  TESSERA_ASSIGN_OR_RETURN(std::vector<FileTensor> layout, file_tensor_layout(spec, optional_slots(s)));
  gguf::GgufWriter w;
  TESSERA_TRY(write_hyperparameters(w, spec));
  w.set_string("general.name", "synthetic " + s.name + " " + std::string(type_name(o.type)));
  w.set_string("general.description", "random weights in the shape of " + s.description +
                                          ", made by tessera-cli synth for benchmarks");

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

  uint64_t seed = o.seed;
  const int nt = o.n_threads;
  for (const FileTensor& t : layout) {
    const GgmlType type = synthetic_tensor_type(t, o, spec.tied_embeddings);
    const ValueKind kind = t.role == TensorRole::Bias        ? ValueKind::Bias
                           : t.role == TensorRole::Weight    ? ValueKind::Weight
                           : t.role == TensorRole::DecayRate ? ValueKind::DecayRate
                                                             : ValueKind::NormGain;
    const uint64_t tensor_seed = seed++;
    TESSERA_TRY(w.add_tensor_generated(t.name, type, t.dims, [type, kind, tensor_seed, nt](uint8_t* dst, uint64_t n) {
      return fill_random(type, kind, tensor_seed, dst, n, nt);
    }));
  }
  return w;
}

SlotMask optional_slots(const ModelShape& s) {
  return s.qkv_bias ? slot_mask({LayerTensor::Bq, LayerTensor::Bk, LayerTensor::Bv}) : SlotMask{0};
}

uint64_t synthetic_weight_bytes(const ModelShape& s, const SynthOptions& o) {
  auto spec = shape_hyperparameters(s);
  if (!spec.ok()) return 0;
  auto layout = file_tensor_layout(*spec, optional_slots(s));
  if (!layout.ok()) return 0;
  uint64_t total = 0;
  for (const FileTensor& t : *layout) {
    uint64_t n = 1;
    for (int64_t d : t.dims) n *= static_cast<uint64_t>(d);
    total += tensor_bytes_unchecked(synthetic_tensor_type(t, o, spec->tied_embeddings), n);
  }
  return total;
}

}  // namespace tessera::synth
