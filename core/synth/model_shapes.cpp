#include "synth/model_shapes.h"

#include <algorithm>

#include "gguf/gguf_file.h"
#include "gguf/gguf_writer.h"
#include "model/architectures.h"
#include "model/hparams_io.h"

namespace tessera::synth {
namespace {

ModelShape dense(std::string name, std::string arch, int64_t embd, int64_t layers, int64_t heads, int64_t kv,
                 int64_t ff, int64_t vocab, int64_t ctx, float base, float eps, bool tied, bool bias,
                 std::string description) {
  ModelShape s;
  s.name = std::move(name);
  s.architecture = std::move(arch);
  s.n_embd = embd;
  s.n_layer = layers;
  s.n_head = heads;
  s.n_head_kv = kv;
  s.n_ff = ff;
  s.n_vocab = vocab;
  s.n_ctx_train = ctx;
  s.rope_freq_base = base;
  s.rms_eps = eps;
  s.tied_embeddings = tied;
  s.qkv_bias = bias;
  s.description = std::move(description);
  return s;
}

std::vector<ModelShape> make_shapes() {
  std::vector<ModelShape> v = {
      // name, arch, embd, layers, heads, kv heads, ffn, vocab, ctx, rope base, eps, tied, bias, description
      dense("llama3-8b", "llama", 4096, 32, 32, 8, 14336, 128256, 8192, 500000.0f, 1e-5f, false, false, "Llama 3 8B"),
      dense("llama3-3b", "llama", 3072, 28, 24, 8, 8192, 128256, 8192, 500000.0f, 1e-5f, true, false, "Llama 3.2 3B"),
      dense("llama3-1b", "llama", 2048, 16, 32, 8, 8192, 128256, 8192, 500000.0f, 1e-5f, true, false, "Llama 3.2 1B"),
      dense("llama2-7b", "llama", 4096, 32, 32, 32, 11008, 32000, 4096, 10000.0f, 1e-5f, false, false, "Llama 2 7B"),
      dense("llama2-13b", "llama", 5120, 40, 40, 40, 13824, 32000, 4096, 10000.0f, 1e-5f, false, false, "Llama 2 13B"),
      dense("llama2-70b", "llama", 8192, 80, 64, 8, 28672, 32000, 4096, 10000.0f, 1e-5f, false, false, "Llama 2 70B"),
      dense("mistral-7b", "llama", 4096, 32, 32, 8, 14336, 32000, 32768, 1000000.0f, 1e-5f, false, false, "Mistral 7B"),
      dense("qwen2-7b", "qwen2", 3584, 28, 28, 4, 18944, 152064, 32768, 1000000.0f, 1e-6f, false, true, "Qwen2 7B"),
      dense("qwen2-0.5b", "qwen2", 896, 24, 14, 2, 4864, 151936, 32768, 1000000.0f, 1e-6f, true, true, "Qwen2 0.5B"),
      // Issue 19's small-model decode target (launch overhead dominates: ~1 GB of weights at Q4_K_M).
      dense("qwen2.5-1.5b", "qwen2", 1536, 28, 12, 2, 8960, 151936, 32768, 1000000.0f, 1e-6f, true, true,
            "Qwen2.5 1.5B"),
  };
  // Shapes with hyperparameters beyond the common ones.
  auto with = [&v](ModelShape s, auto&& set) {
    set(s);
    v.push_back(std::move(s));
  };
  with(dense("qwen3-8b", "qwen3", 4096, 36, 32, 8, 12288, 151936, 40960, 1000000.0f, 1e-6f, false, false, "Qwen3 8B"),
       [](ModelShape& s) { s.head_dim = 128; });
  with(dense("qwen3-0.6b", "qwen3", 1024, 28, 16, 8, 3072, 151936, 40960, 1000000.0f, 1e-6f, true, false, "Qwen3 0.6B"),
       [](ModelShape& s) { s.head_dim = 128; });
  with(dense("gemma2-9b", "gemma2", 3584, 42, 16, 8, 14336, 256000, 8192, 10000.0f, 1e-6f, true, false, "Gemma 2 9B"),
       [](ModelShape& s) {
         s.head_dim = 256;
         s.sliding_window = 4096;
         s.attn_softcap = 50.0f;
         s.final_softcap = 30.0f;
       });
  with(dense("gemma3-12b", "gemma3", 3840, 48, 16, 8, 15360, 262208, 131072, 1000000.0f, 1e-6f, true, false,
             "Gemma 3 12B"),
       [](ModelShape& s) {
         s.head_dim = 256;
         s.sliding_window = 1024;
         s.rope_freq_base_swa = 10000.0f;
       });
  with(dense("phi3-mini", "phi3", 3072, 32, 32, 32, 8192, 32064, 4096, 10000.0f, 1e-5f, false, false, "Phi-3 mini"),
       [](ModelShape&) {});
  with(dense("mixtral-8x7b", "llama", 4096, 32, 32, 8, 14336, 32000, 32768, 1000000.0f, 1e-5f, false, false,
             "Mixtral 8x7B"),
       [](ModelShape& s) {
         s.n_expert = 8;
         s.n_expert_used = 2;
       });
  with(dense("qwen3-30b-a3b", "qwen3moe", 2048, 48, 32, 4, 768, 151936, 40960, 1000000.0f, 1e-6f, false, false,
             "Qwen3 30B-A3B"),
       [](ModelShape& s) {
         s.head_dim = 128;
         s.n_expert = 128;
         s.n_expert_used = 8;
       });
  // gpt-oss: 64-wide heads, biases on q/k/v, 128-position windows on even layers, YaRN x32 of 4096.
  auto gpt_oss = [](int32_t experts) {
    return [experts](ModelShape& s) {
      s.head_dim = 64;
      s.n_expert = experts;
      s.n_expert_used = 4;
      s.sliding_window = 128;
      s.yarn_factor = 32.0f;
      s.yarn_original_context = 4096;
    };
  };
  with(dense("gpt-oss-20b", "gpt-oss", 2880, 24, 64, 8, 2880, 201088, 131072, 150000.0f, 1e-5f, false, true,
             "gpt-oss 20B"),
       gpt_oss(32));
  with(dense("gpt-oss-120b", "gpt-oss", 2880, 36, 64, 8, 2880, 201088, 131072, 150000.0f, 1e-5f, false, true,
             "gpt-oss 120B"),
       gpt_oss(128));
  // Qwen3.6 (qwen35 / qwen35moe files), from the published config.json / model cards: three Gated
  // DeltaNet layers to one gated-attention layer, 64 of 256 head dims rotated, rope base 1e7.
  auto qwen36 = [](int64_t k_heads, int64_t v_heads) {
    return [k_heads, v_heads](ModelShape& s) {
      s.head_dim = 256;
      s.rope_dims = 64;
      s.full_attention_interval = 4;
      s.conv_kernel = 4;
      s.linear_k_heads = k_heads;
      s.linear_v_heads = v_heads;
      s.linear_head_dim = 128;
    };
  };
  with(dense("qwen3.6-27b", "qwen35", 5120, 64, 24, 4, 17408, 248320, 262144, 10000000.0f, 1e-6f, false, false,
             "Qwen3.6 27B"),
       qwen36(16, 48));
  with(dense("qwen3.6-35b-a3b", "qwen35moe", 2048, 40, 16, 2, 512, 248320, 262144, 10000000.0f, 1e-6f, false, false,
             "Qwen3.6 35B-A3B"),
       [&](ModelShape& s) {
         qwen36(16, 32)(s);
         s.n_expert = 256;
         s.n_expert_used = 8;
         s.n_ff_shared = 512;
       });
  // Gemma 4 (config.json of google/gemma-4-31B-it and -26B-A4B-it): five sliding layers (256-wide
  // heads, window 1024, base 1e4) to one full layer (512-wide heads, fewer KV heads whose K is also
  // V, proportional RoPE over a quarter of the head, base 1e6), the final soft-cap 30, tied
  // embeddings of 262144 pieces.
  auto gemma4 = [](int64_t kv_full) {
    return [kv_full](ModelShape& s) {
      s.head_dim = 512;
      s.head_dim_swa = 256;
      s.n_head_kv_full = kv_full;
      s.rot_pairs_full = 64;
      s.full_layers_value_from_key = true;
      s.sliding_window = 1024;
      s.rope_freq_base_swa = 10000.0f;
      s.final_softcap = 30.0f;
    };
  };
  with(dense("gemma4-31b", "gemma4", 5376, 60, 32, 16, 21504, 262144, 262144, 1000000.0f, 1e-6f, true, false,
             "Gemma 4 31B"),
       gemma4(4));
  // 26B-A4B: 128 experts (704 wide, top 8) beside every layer's 2112-wide MLP.
  with(dense("gemma4-26b-a4b", "gemma4", 2816, 30, 16, 8, 704, 262144, 262144, 1000000.0f, 1e-6f, true, false,
             "Gemma 4 26B-A4B"),
       [&](ModelShape& s) {
         gemma4(2)(s);
         s.n_expert = 128;
         s.n_expert_used = 8;
         s.n_ff_dense = 2112;
       });
  // GLM-4.5-Air (config.json of zai-org/GLM-4.5-Air): 96 query heads of 128 over 8 KV heads, half of
  // each head rotated, Q/K/V biases, the first layer dense (10944 wide), then 128 experts of 1408
  // (top 8, sigmoid router with a selection bias, weights normalised) and one shared expert; the
  // MTP block is left out.
  with(dense("glm4.5-air", "glm4moe", 4096, 46, 96, 8, 1408, 151552, 131072, 1000000.0f, 1e-5f, false, true,
             "GLM-4.5-Air"),
       [](ModelShape& s) {
         s.head_dim = 128;
         s.rope_dims = 64;
         s.n_expert = 128;
         s.n_expert_used = 8;
         s.leading_dense = 1;
         s.n_ff_dense_layers = 10944;
         s.n_shared_experts = 1;
         s.router.gating = ExpertGating::Sigmoid;
         s.router.normalize = true;
       });
  // DeepSeek-V2-Lite (config.json of deepseek-ai/DeepSeek-V2-Lite): the DeepSeek-V3 family's layer
  // at a size one GPU holds. 16 heads of 128 + 64 rotated query dims over a 512-wide latent (576
  // cached per position and layer), queries from one projection (no q_lora_rank), the first layer
  // dense (10944), then 64 experts of 1408 (top 6, softmax, not normalised) and 2 shared ones; YaRN
  // x40 over 4096 with mscale_all_dim 0.707.
  with(dense("deepseek-v2-lite", "deepseek2", 2048, 27, 16, 16, 1408, 102400, 163840, 10000.0f, 1e-6f, false, false,
             "DeepSeek-V2-Lite"),
       [](ModelShape& s) {
         s.mla = {0, 512, 128, 64, 128};
         s.rope_dims = 64;
         s.yarn_factor = 40.0f;
         s.yarn_original_context = 4096;
         s.yarn_log_multiplier = 0.0707f;
         s.n_expert = 64;
         s.n_expert_used = 6;
         s.leading_dense = 1;
         s.n_ff_dense_layers = 10944;
         s.n_shared_experts = 2;
         s.router.normalize = false;
       });
  // Llama 4 Scout (the text model of meta-llama/Llama-4-Scout-17B-16E's config.json): 40 heads of
  // 128 over 8 KV heads, 16 experts of 8192 (top 1) and an 8192-wide shared expert on every layer
  // (interleave step 1, so intermediate_size_mlp's 16384-wide dense MLP, the file's
  // feed_forward_length, has no layer), chunks of 8192 on three of four layers, the fourth without
  // RoPE, llama3 RoPE scaling x8 of 8192 (low 1, high 4), base 5e5, 202048 pieces.
  with(dense("llama4-scout", "llama4", 5120, 48, 40, 8, 8192, 202048, 262144, 500000.0f, 1e-5f, false, false,
             "Llama 4 Scout 17B-16E"),
       [](ModelShape& s) {
         s.head_dim = 128;
         s.n_expert = 16;
         s.n_expert_used = 1;
         s.moe_layer_step = 1;
         s.n_ff_dense_layers = 16384;
         s.llama3_rope = Llama3RopeScaling{8.0, 1.0, 4.0, 8192.0};
       });
  // Small shapes for tests and quick checks (multiples of 256 so every type applies).
  v.push_back(dense("tiny", "llama", 256, 2, 4, 2, 512, 1024, 512, 10000.0f, 1e-5f, false, false, "tiny test model"));
  v.push_back(
      dense("small", "llama", 1024, 8, 16, 4, 2816, 8192, 2048, 10000.0f, 1e-5f, false, false, "small test model"));
  with(dense("tiny-moe", "qwen3moe", 256, 2, 4, 2, 256, 1024, 512, 1000000.0f, 1e-6f, false, false,
             "tiny mixture-of-experts test model"),
       [](ModelShape& s) {
         s.head_dim = 64;
         s.n_expert = 8;
         s.n_expert_used = 2;
       });
  with(dense("tiny-qwen35", "qwen35", 256, 4, 4, 2, 512, 1024, 512, 10000000.0f, 1e-6f, false, false,
             "tiny hybrid (Gated DeltaNet) test model"),
       [](ModelShape& s) {
         s.head_dim = 64;
         s.rope_dims = 16;
         s.full_attention_interval = 4;
         s.conv_kernel = 4;
         s.linear_k_heads = 2;
         s.linear_v_heads = 4;
         s.linear_head_dim = 32;
       });
  return v;
}

}  // namespace

const std::vector<ModelShape>& known_shapes() {
  static const std::vector<ModelShape> shapes = make_shapes();  // built once, never modified
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

Result<ModelSpec> shape_hyperparameters(const ModelShape& s) {
  const Architecture* arch = find_architecture(s.architecture);
  if (arch == nullptr)
    return make_error(ErrorKind::InvalidArgument, "synth: shape '" + s.name + "' has the unknown architecture '" +
                                                      s.architecture + "'");
  if (s.n_head <= 0 || s.n_head_kv <= 0 || s.n_head % s.n_head_kv != 0 || s.head_size() <= 0)
    return make_error(ErrorKind::InvalidArgument, "synth: shape '" + s.name + "' has inconsistent head counts");
  // The raw values a file of this shape carries, written as metadata and read back: the loader's
  // reading decides the block choices, so a synthetic spec and the file agree by construction.
  ModelSpec raw;
  raw.architecture = s.architecture;
  raw.n_vocab = s.n_vocab;
  raw.n_embd = s.n_embd;
  raw.n_layer = s.n_layer;
  raw.n_head = s.n_head;
  raw.n_head_kv = s.n_head_kv;
  raw.head_dim = s.head_size();
  raw.n_ctx_train = s.n_ctx_train;
  raw.rms_eps = s.rms_eps;
  raw.rope.n_dims = static_cast<int32_t>(s.rope_dims > 0 ? s.rope_dims : s.head_size());
  raw.rope.freq_base = s.rope_freq_base;
  if (s.yarn_factor > 0) {
    raw.rope.yarn.factor = s.yarn_factor;
    raw.rope.yarn.original_context = s.yarn_original_context;
  }
  raw.rope_swa = raw.rope;
  if (s.rope_freq_base_swa > 0) raw.rope_swa.freq_base = s.rope_freq_base_swa;
  raw.sliding_window = s.sliding_window;
  raw.attention_softcap = s.attn_softcap;
  raw.final_softcap = s.final_softcap;
  raw.n_expert = s.n_expert;
  raw.n_expert_used = s.n_expert_used;
  raw.layers.assign(static_cast<size_t>(s.n_layer), LayerSpec{});
  for (size_t i = 0; i < raw.layers.size(); ++i) {
    LayerSpec& l = raw.layers[i];
    l.moe = s.n_expert > 0 && static_cast<int64_t>(i) >= s.leading_dense &&
            (s.moe_layer_step <= 0 || (static_cast<int64_t>(i) + 1) % s.moe_layer_step == 0);
    l.n_ff = l.moe || s.n_ff_dense_layers == 0 ? s.n_ff : s.n_ff_dense_layers;
    l.n_ff_shared = l.moe ? s.n_ff_shared : 0;
    if (l.moe && arch->shared_expert_width == SharedExpertWidth::CountTimesExpert)
      l.n_ff_shared = s.n_shared_experts * s.n_ff;
    if (l.moe && arch->shared_expert_width == SharedExpertWidth::ExpertWidth) l.n_ff_shared = s.n_ff;
    l.n_ff_dense = l.moe ? s.n_ff_dense : 0;
  }
  raw.router = s.router;
  raw.rope.yarn.log_multiplier = s.yarn_log_multiplier;
  if (s.mla.enabled()) {
    raw.mla = s.mla;
    raw.head_dim = s.mla.qk_nope + s.mla.qk_rope;
    raw.n_head_kv = 1;
  }
  set_default_sliding_layers(*arch, raw);
  if (arch->per_layer_attention) {
    for (auto& l : raw.layers) {
      if (l.sliding && s.head_dim_swa > 0) l.head_dim = s.head_dim_swa;
      if (!l.sliding && s.n_head_kv_full > 0) l.n_head_kv = s.n_head_kv_full;
      l.value_from_key = s.full_layers_value_from_key && !l.sliding;
    }
    raw.rope_swa.n_dims = static_cast<int32_t>(s.head_dim_swa > 0 ? s.head_dim_swa : s.head_size());
    if (s.rot_pairs_full > 0) raw.rope.freq_factors.assign(static_cast<size_t>(raw.rope.n_dims / 2), 1.0f);
  }
  if (arch->recurrent_mixer != LayerMixer::Attention) {
    set_full_attention_interval(*arch, raw, s.full_attention_interval);
    raw.delta_net.conv_kernel = s.conv_kernel;
    raw.delta_net.n_k_heads = s.linear_k_heads;
    raw.delta_net.n_v_heads = s.linear_v_heads;
    raw.delta_net.head_k_dim = s.linear_head_dim;
    raw.delta_net.head_v_dim = s.linear_head_dim;
  }
  gguf::GgufWriter w;
  TESSERA_TRY(write_hyperparameters(w, raw));
  TESSERA_ASSIGN_OR_RETURN(std::vector<uint8_t> bytes, w.to_bytes());
  TESSERA_ASSIGN_OR_RETURN(auto file, gguf::GgufFile::from_bytes(std::move(bytes), "synthetic " + s.name));
  ModelSpec spec;
  TESSERA_TRY(read_hyperparameters(*file, *arch, spec));
  // What a file says by its tensors rather than its keys: layers without attn_v, the RoPE divisors
  // of rope_freqs.weight (the proportional rotation's: 1 for the rotated pairs, 1e30 for the rest).
  for (size_t l = 0; l < spec.layers.size(); ++l) spec.layers[l].value_from_key = raw.layers[l].value_from_key;
  if (s.rot_pairs_full > 0) {
    spec.rope.freq_factors.assign(static_cast<size_t>(spec.rope.n_dims / 2), 1e30f);
    std::fill_n(spec.rope.freq_factors.begin(), std::min<size_t>(spec.rope.freq_factors.size(), s.rot_pairs_full),
                1.0f);
  }
  if (s.llama3_rope) {
    // Every layer's (the loader gives a file's rope_freqs.weight to both kinds of layers).
    spec.rope.freq_factors = llama3_rope_freq_factors(*s.llama3_rope, spec.rope.n_dims, spec.rope.freq_base);
    spec.rope_swa.freq_factors = spec.rope.freq_factors;
  }
  spec.n_vocab = s.n_vocab;
  spec.name = s.name;
  spec.tied_embeddings = s.tied_embeddings;
  return spec;
}

}  // namespace tessera::synth
