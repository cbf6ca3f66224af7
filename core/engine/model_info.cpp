#include "engine/model_info.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>

#include "backend/layer_state.h"
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

namespace {

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

std::string rope_text(const RopeParams& r) {
  std::string s = std::string(r.mode == RopeMode::NeoX ? "NeoX" : "normal") + " pairs, " + std::to_string(r.n_dims) +
                  " dims, base " + number(r.freq_base);
  if (r.freq_scale != 1.0f) s += ", linear scale 1/" + number(1.0 / r.freq_scale);
  if (!r.freq_factors_long.empty())
    s += ", LongRoPE (long factors above " + std::to_string(r.long_factors_above) + " positions)";
  else if (r.yarn.factor > 0.0f)
    s += ", YaRN x" + number(r.yarn.factor) + " of " + std::to_string(r.yarn.original_context) + " positions (beta " +
         number(r.yarn.beta_fast) + "/" + number(r.yarn.beta_slow) + ")";
  else if (!r.freq_factors.empty())
    s += ", per-pair frequency factors";
  if (r.attn_factor != 1.0f) s += ", attention factor " + number(r.attn_factor);
  return s;
}

bool rope_equal(const RopeParams& a, const RopeParams& b) {
  return a.mode == b.mode && a.n_dims == b.n_dims && a.freq_base == b.freq_base && a.freq_scale == b.freq_scale &&
         a.freq_factors == b.freq_factors && a.freq_factors_long == b.freq_factors_long &&
         a.attn_factor == b.attn_factor;
}

// How many layers hold tensor t.
int64_t layers_with(const ModelSpec& spec, LayerTensor t) {
  return std::count_if(spec.layers.begin(), spec.layers.end(), [t](const LayerSpec& l) { return l.has(t); });
}

// "3, 7, 11, ..., 63 (every 4th)" or the whole list.
std::string layer_list(const std::vector<int64_t>& layers) {
  std::string s;
  const bool periodic = layers.size() >= 4 && [&] {
    const int64_t step = layers[1] - layers[0];
    for (size_t i = 1; i < layers.size(); ++i)
      if (layers[i] - layers[i - 1] != step) return false;
    return layers[0] == step - 1;
  }();
  if (periodic) {
    const int64_t step = layers[1] - layers[0];
    return std::to_string(layers[0]) + ", " + std::to_string(layers[1]) + ", " + std::to_string(layers[2]) + ", ..., " +
           std::to_string(layers.back()) + " (every " + std::to_string(step) + (step == 2 ? "nd" : step == 3 ? "rd" : "th") +
           ")";
  }
  for (int64_t l : layers) s += (s.empty() ? "" : ", ") + std::to_string(l);
  return s;
}

}  // namespace

std::vector<ModelFact> architecture_facts(const ModelSpec& spec) {
  std::vector<ModelFact> f;
  const int64_t n_layer = static_cast<int64_t>(spec.layers.size());
  const std::string of_layers = " of " + std::to_string(n_layer) + " layers";
  f.push_back({"layers", std::to_string(n_layer) + ", width " + std::to_string(spec.n_embd)});
  if (spec.has_recurrent_layers()) {
    // Which layers attend and which carry a recurrent state, and how large that state is.
    std::vector<int64_t> attending;
    for (int64_t l = 0; l < n_layer; ++l)
      if (!spec.layers[static_cast<size_t>(l)].is_recurrent()) attending.push_back(l);
    const int64_t recurrent = spec.recurrent_layer_count();
    std::string v = std::to_string(recurrent) + " " + layer_mixer_name(LayerMixer::GatedDeltaNet) +
                    " (recurrent) and " + std::to_string(attending.size()) + " attention layer" +
                    (attending.size() == 1 ? "" : "s");
    if (!attending.empty()) v += "; attention on layer" + std::string(attending.size() == 1 ? " " : "s ") + layer_list(attending);
    f.push_back({"layer pattern", v});
    const DeltaNetParams& dn = spec.delta_net;
    f.push_back({"Gated DeltaNet", std::to_string(dn.n_k_heads) + " key heads, " + std::to_string(dn.n_v_heads) +
                                       " value heads (" + std::to_string(dn.head_k_dim) + " x " +
                                       std::to_string(dn.head_v_dim) + " state each), convolution width " +
                                       std::to_string(dn.conv_kernel)});
    const LayerStateBytes st = model_state_bytes(spec, 1, KvCacheType::F16);
    f.push_back({"recurrent state", format_bytes(st.conv_state + st.recurrent_state) + " per sequence (convolution " +
                                        format_bytes(st.conv_state) + ", delta-rule state " +
                                        format_bytes(st.recurrent_state) +
                                        "), fixed: it does not grow with the context"});
  }
  // Heads: one geometry, or the sliding and full layers' own (Gemma 4).
  auto heads_of = [&](const LayerSpec& l) {
    return std::to_string(spec.n_head) + " query, " + std::to_string(spec.n_head_kv_of(l)) + " key/value, " +
           std::to_string(spec.head_dim_of(l)) + " dims each";
  };
  const auto first_sliding =
      std::find_if(spec.layers.begin(), spec.layers.end(), [](const LayerSpec& l) { return l.sliding; });
  const auto first_full = std::find_if(spec.layers.begin(), spec.layers.end(),
                                       [](const LayerSpec& l) { return !l.sliding && !l.is_recurrent(); });
  if (spec.mla.enabled()) {
    // Latent attention: what the heads compute and the one row per position the cache keeps.
    const MlaParams& m = spec.mla;
    f.push_back({"attention heads", std::to_string(spec.n_head) + " query (" + std::to_string(m.qk_nope) + " + " +
                                        std::to_string(m.qk_rope) + " rotated dims each), values of " +
                                        std::to_string(m.v_head) + " dims each, all from one latent"});
    f.push_back({"latent attention",
                 "the cache keeps a latent of " + std::to_string(m.kv_lora_rank) + " + a shared rotated key of " +
                     std::to_string(m.qk_rope) + " per position and layer; queries " +
                     (m.q_lora_rank > 0 ? "low-rank (rank " + std::to_string(m.q_lora_rank) + ")"
                                        : std::string("from one projection")) +
                     "; key and value up-projections absorbed into the queries and outputs"});
  } else if (spec.has_per_layer_geometry() && first_sliding != spec.layers.end() && first_full != spec.layers.end()) {
    f.push_back({"attention heads", "sliding layers " + heads_of(*first_sliding) + " (" +
                                        std::to_string(spec.rope_swa.n_dims) + " rotated); full layers " +
                                        heads_of(*first_full) + " (" + std::to_string(spec.rope.n_dims) + " rotated)"});
  } else {
    f.push_back({"attention heads", std::to_string(spec.n_head) + " query, " + std::to_string(spec.n_head_kv) +
                                        " key/value, " + std::to_string(spec.head_dim) + " dims each"});
  }
  {
    // Llama 4's interleaved layers: chunked attention with RoPE, and full attention without it.
    const int64_t chunked =
        std::count_if(spec.layers.begin(), spec.layers.end(), [](const LayerSpec& l) { return l.chunked; });
    std::vector<int64_t> rope_free;
    for (int64_t l = 0; l < n_layer; ++l)
      if (spec.layers[static_cast<size_t>(l)].nope) rope_free.push_back(l);
    if (chunked > 0 || !rope_free.empty()) {
      std::string v;
      if (chunked > 0)
        v = std::to_string(chunked) + " chunked (attention within chunks of " + std::to_string(spec.attention_chunk) +
            " positions)";
      if (!rope_free.empty())
        v += (v.empty() ? "" : " and ") + std::to_string(rope_free.size()) + " full attention layer" +
             (rope_free.size() == 1 ? "" : "s") + " without RoPE, on layer" + (rope_free.size() == 1 ? " " : "s ") +
             layer_list(rope_free);
      f.push_back({"layer pattern", v});
    }
    const AttentionTemperature& t = spec.attention_temperature;
    if (!rope_free.empty() && t.scale != 0.0f)
      f.push_back({"attention temperature", "queries of the layers without RoPE times 1 + " + number(t.scale) +
                                                " ln(floor((position + " + number(t.offset) + ") / " +
                                                std::to_string(t.floor_scale) + ") + 1)"});
  }
  const int64_t v_from_k = std::count_if(spec.layers.begin(), spec.layers.end(),
                                         [](const LayerSpec& l) { return l.value_from_key && l.kv_source < 0; });
  if (v_from_k > 0)
    f.push_back(
        {"keys as values", "no value projection on " + std::to_string(v_from_k) + of_layers + ": V is K as projected"});
  if (spec.value_norm) f.push_back({"value norm", "per-head RMSNorm of v without a gain"});
  std::vector<int64_t> sharing, sources;
  for (int64_t l = 0; l < n_layer; ++l)
    if (spec.layers[static_cast<size_t>(l)].kv_source >= 0) {
      sharing.push_back(l);
      sources.push_back(spec.layers[static_cast<size_t>(l)].kv_source);
    }
  if (!sharing.empty())
    f.push_back({"shared KV", "layer" + std::string(sharing.size() == 1 ? " " : "s ") + layer_list(sharing) +
                                  " attend over the cache of layer" + (sources.size() == 1 ? " " : "s ") +
                                  layer_list(sources) + " and keep none of their own"});
  if (spec.n_embd_per_layer > 0)
    f.push_back({"per-layer embeddings",
                 std::to_string(spec.n_embd_per_layer) + " per layer, gated into every layer's output"});
  if (layers_with(spec, LayerTensor::LayerOutScale) > 0)
    f.push_back(
        {"layer output scale", "on " + std::to_string(layers_with(spec, LayerTensor::LayerOutScale)) + of_layers});
  {
    // What one more position of context costs (keys and values, or the latent), from the same
    // function the planner and the backends allocate with.
    const LayerStateBytes per_token = model_state_bytes(spec, 1, KvCacheType::F16);
    if (per_token.context_cache() > 0)
      f.push_back({"KV cache per token",
                   format_bytes(per_token.context_cache()) + " in F16 (" +
                       std::string(per_token.latent_cache > 0 ? "the latent of" : "keys and values of") + " " +
                       std::to_string(std::count_if(spec.layers.begin(), spec.layers.end(),
                                                    [&](const LayerSpec& l) { return spec.cache_k_width_of(l) > 0; })) +
                       " layer" + (n_layer == 1 ? "" : "s") + ")"});
  }
  if (spec.attention_output_gate)
    f.push_back({"output gate", "sigmoid gate on the attention output, per head from the query projection"});
  const int64_t n_ff = spec.layers.empty() ? 0 : spec.layers.front().n_ff;
  if (spec.has_moe()) {
    const int64_t moe_layers =
        std::count_if(spec.layers.begin(), spec.layers.end(), [](const LayerSpec& l) { return l.is_moe(); });
    const auto first_moe =
        std::find_if(spec.layers.begin(), spec.layers.end(), [](const LayerSpec& l) { return l.is_moe(); });
    const int64_t expert_ff = first_moe != spec.layers.end() ? first_moe->n_ff : n_ff;
    std::string v = std::to_string(spec.n_expert) + ", " + std::to_string(spec.n_expert_used) +
                    " used per token, feed-forward " + std::to_string(expert_ff) + " each, on " +
                    std::to_string(moe_layers) + of_layers;
    if (const auto dense =
            std::find_if(spec.layers.begin(), spec.layers.end(), [](const LayerSpec& l) { return !l.is_moe(); });
        dense != spec.layers.end())
      v += " (the others dense, feed-forward " + std::to_string(dense->n_ff) + ")";
    if (layers_with(spec, LayerTensor::SharedGate) > 0)
      v += "; plus a shared expert (feed-forward " +
           std::to_string(first_moe != spec.layers.end() ? first_moe->n_ff_shared : 0) +
           (layers_with(spec, LayerTensor::SharedGateLogit) > 0 ? ", sigmoid-gated)" : ")");
    const auto beside = std::find_if(spec.layers.begin(), spec.layers.end(),
                                     [](const LayerSpec& l) { return l.moe && l.has(LayerTensor::FfnGate); });
    if (beside != spec.layers.end())
      v += "; beside a dense MLP (feed-forward " + std::to_string(beside->n_ff_dense) +
           ") with its own norms, the router reading the scaled residual";
    f.push_back({"experts", v});
    // How the router picks and weights them, where it is not a plain softmax over the top k.
    const RouterParams& rp = spec.router;
    const RouterParams plain;
    const bool bias = layers_with(spec, LayerTensor::RouterSelectBias) > 0;
    if (rp.gating != plain.gating || rp.normalize != plain.normalize || rp.scale != plain.scale || rp.n_group > 1 ||
        rp.select_on_logits || rp.weight_input || bias) {
      std::string r = rp.select_on_logits
                          ? "top " + std::to_string(spec.n_expert_used) + " of the logits, weighted by their sigmoid"
                          : std::string(rp.gating == ExpertGating::Sigmoid ? "sigmoid" : "softmax") + " scores";
      if (bias) r += ", a per-expert selection bias";
      if (rp.n_group > 1)
        r +=
            ", " + std::to_string(rp.n_group) + " groups of which " + std::to_string(rp.n_group_used) + " are searched";
      if (!rp.select_on_logits) r += rp.normalize ? ", weights normalised" : ", weights not normalised";
      if (rp.scale != 1.0f) r += ", times " + number(rp.scale);
      if (rp.weight_input) r += "; the weight scales the expert's input";
      f.push_back({"router", r});
    }
  } else {
    f.push_back({"feed-forward", std::to_string(n_ff)});
  }
  const char* activation = spec.activation == FfnActivation::GeluTanh    ? "GeGLU (gelu-tanh)"
                           : spec.activation == FfnActivation::SwiGluOai ? "clamped SwiGLU (gpt-oss: alpha 1.702, limit 7)"
                                                                         : "SwiGLU";
  f.push_back({"activation", activation});
  f.push_back({"rope", rope_text(spec.rope)});
  const int64_t sliding =
      std::count_if(spec.layers.begin(), spec.layers.end(), [](const LayerSpec& l) { return l.sliding; });
  if (spec.sliding_window > 0 && sliding > 0) {
    std::string v = std::to_string(spec.sliding_window) + " positions on " + std::to_string(sliding) + of_layers;
    if (!rope_equal(spec.rope, spec.rope_swa)) v += "; their rope: " + rope_text(spec.rope_swa);
    f.push_back({"sliding window", v});
  }
  if (layers_with(spec, LayerTensor::QNorm) > 0) f.push_back({"QK-norm", "per-head RMSNorm of q and k before RoPE"});
  if (spec.unit_qk_norm)
    f.push_back({"QK-norm", "per-head RMSNorm of q and k without a gain, after RoPE, on the layers with RoPE"});
  if (spec.head_dim > 0 && std::abs(spec.attention_scale * std::sqrt(static_cast<double>(spec.head_dim)) - 1.0) > 1e-6)
    f.push_back({"attention scale", number(spec.attention_scale)});
  if (spec.attention_softcap > 0) f.push_back({"attention soft-cap", number(spec.attention_softcap)});
  if (spec.final_softcap > 0) f.push_back({"output soft-cap", number(spec.final_softcap)});
  const int64_t post = layers_with(spec, LayerTensor::AttnPostNorm) + layers_with(spec, LayerTensor::FfnPostNorm);
  if (post > 0) f.push_back({"post-norms", "after attention and feed-forward"});
  std::string biases;
  auto bias = [&](LayerTensor t, const char* what) {
    if (layers_with(spec, t) > 0) biases += std::string(biases.empty() ? "on " : ", ") + what;
  };
  bias(LayerTensor::Bq, "q, k, v");
  bias(LayerTensor::Bo, "attention output");
  bias(LayerTensor::RouterBias, "router");
  bias(LayerTensor::ExpertGateBias, "expert gate/up/down");
  if (!biases.empty()) f.push_back({"biases", biases});
  if (layers_with(spec, LayerTensor::AttnSinks) > 0)
    f.push_back({"attention sinks", "one learned logit per head in the softmax"});
  if (spec.embedding_scale != 1.0f) f.push_back({"embedding scale", number(spec.embedding_scale)});
  f.push_back({"output", spec.tied_embeddings ? "tied to the token embedding" : "own matrix"});
  f.push_back({"trained context", std::to_string(spec.n_ctx_train)});
  return f;
}

ModelInfo describe_model(const gguf::GgufFile& file, const ModelSpec& spec) {
  ModelInfo info;
  info.facts = architecture_facts(spec);
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
