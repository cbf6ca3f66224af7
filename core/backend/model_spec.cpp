#include "backend/model_spec.h"

#include <algorithm>
#include <bit>

namespace tessera {

const char* layer_mixer_name(LayerMixer mixer) {
  switch (mixer) {
    case LayerMixer::Attention: return "attention";
    case LayerMixer::GatedDeltaNet: return "Gated DeltaNet";
  }
  return "?";
}

int64_t ModelSpec::cache_k_width_of(const LayerSpec& l) const {
  if (l.mixer != LayerMixer::Attention || l.kv_source >= 0) return 0;
  return mla.enabled() ? mla.latent_width() : n_head_kv_of(l) * head_dim_of(l);
}

int64_t ModelSpec::cache_v_width_of(const LayerSpec& l) const {
  if (l.mixer != LayerMixer::Attention || l.kv_source >= 0 || mla.enabled()) return 0;
  return n_head_kv_of(l) * head_dim_of(l);
}

int64_t ModelSpec::max_head_dim() const {
  int64_t m = head_dim;
  for (const LayerSpec& l : layers) m = std::max(m, head_dim_of(l));
  return m;
}

int64_t ModelSpec::max_q_dim() const {
  return n_head * max_head_dim();
}

int64_t ModelSpec::max_kv_dim() const {
  int64_t m = kv_dim();
  for (const LayerSpec& l : layers) m = std::max(m, n_head_kv_of(l) * head_dim_of(l));
  return m;
}

bool ModelSpec::has_per_layer_geometry() const {
  return std::any_of(layers.begin(), layers.end(), [this](const LayerSpec& l) {
    return head_dim_of(l) != head_dim || n_head_kv_of(l) != n_head_kv || rope_of(l).n_dims != rope.n_dims ||
           rope_of(l).freq_factors != rope.freq_factors;
  });
}

int64_t ModelSpec::recurrent_layer_count() const {
  return std::count_if(layers.begin(), layers.end(), [](const LayerSpec& l) { return l.is_recurrent(); });
}

RopeParams rope_for_context(const RopeParams& rope, int64_t n_ctx) {
  RopeParams r = rope;
  if (!r.freq_factors_long.empty() && n_ctx > r.long_factors_above) r.freq_factors = r.freq_factors_long;
  r.freq_factors_long.clear();
  return r;
}

std::vector<const TensorRef*> ModelSpec::all_tensors() const {
  std::vector<const TensorRef*> out;
  auto add = [&out](const TensorRef& t) {
    if (t.present()) out.push_back(&t);
  };
  add(token_embd);
  add(per_layer_token_embd);
  add(per_layer_model_proj);
  add(per_layer_proj_norm);
  for (const LayerSpec& l : layers)
    for (const TensorRef& t : l.tensors) add(t);
  add(output_norm);
  if (!tied_embeddings) add(output);
  return out;
}

uint64_t ModelSpec::parameter_count() const {
  uint64_t n = 0;
  for (const TensorRef* t : all_tensors()) n += static_cast<uint64_t>(t->n_elements());
  return n;
}

uint64_t ModelSpec::weight_bytes() const {
  uint64_t n = 0;
  // From type and shape, so a shape-only spec (no data) counts the bytes its file would hold.
  for (const TensorRef* t : all_tensors()) n += tensor_bytes_unchecked(t->type, static_cast<uint64_t>(t->n_elements()));
  return n;
}

uint64_t ModelSpec::largest_layer_matrix(const LayerSpec& l, int32_t n_expert) {
  uint64_t m = 0;
  for (const LayerTensorInfo& info : layer_tensor_table()) {
    const TensorRef& t = l[info.slot];
    if (info.kind != TensorKind::Matrix || !t.present()) continue;
    uint64_t n = static_cast<uint64_t>(t.n_elements());
    // An expert tensor is multiplied one expert at a time; the shared expert and the recurrent
    // layers' matrices (also Unsplittable) whole.
    if (is_expert_slot(info.slot) && n_expert > 0) n /= static_cast<uint64_t>(n_expert);
    m = std::max(m, n);
  }
  return m;
}

const char* model_feature_name(ModelFeature f) {
  switch (f) {
    case ModelFeature::RecurrentLayers:
      return "recurrent (Gated DeltaNet) layers";
    case ModelFeature::AttentionOutputGate:
      return "gated attention output";
    case ModelFeature::SharedExpert:
      return "shared expert";
    case ModelFeature::PerLayerAttention:
      return "per-layer head sizes";
    case ModelFeature::ValueFromKey:
      return "keys reused as values";
    case ModelFeature::ValueNorm:
      return "value norm";
    case ModelFeature::SharedKvLayers:
      return "layers sharing an earlier layer's KV cache";
    case ModelFeature::PerLayerEmbeddings:
      return "per-layer embeddings";
    case ModelFeature::LayerOutputScale:
      return "layer output scale";
    case ModelFeature::ExpertsBesideDense:
      return "experts beside a dense MLP";
    case ModelFeature::FusedExpertGateUp:
      return "fused expert gate|up";
    case ModelFeature::ExpertOutputScale:
      return "per-expert output scale";
    case ModelFeature::RouterChoices:
      return "sigmoid/grouped/biased/scaled router";
    case ModelFeature::LeadingDenseLayers:
      return "dense layers among expert layers";
    case ModelFeature::LatentAttention:
      return "multi-head latent attention";
    case ModelFeature::ChunkedAttention:
      return "chunked attention";
    case ModelFeature::NoRopeLayers:
      return "layers without RoPE (attention temperature)";
    case ModelFeature::UnitQkNorm:
      return "QK-norm without gains";
    case ModelFeature::Count:
      break;
  }
  return "?";
}

uint32_t model_features(const ModelSpec& s) {
  static_assert(static_cast<size_t>(ModelFeature::Count) <= 32, "one bit per feature");
  uint32_t f = 0;
  auto set = [&f](ModelFeature x) { f |= 1u << static_cast<unsigned>(x); };
  auto any = [&s](auto pred) { return std::any_of(s.layers.begin(), s.layers.end(), pred); };
  if (s.has_recurrent_layers()) set(ModelFeature::RecurrentLayers);
  if (s.attention_output_gate) set(ModelFeature::AttentionOutputGate);
  if (any([](const LayerSpec& l) { return l.has(LayerTensor::SharedGate); })) set(ModelFeature::SharedExpert);
  if (s.has_per_layer_geometry()) set(ModelFeature::PerLayerAttention);
  if (any([](const LayerSpec& l) { return l.value_from_key && l.kv_source < 0; })) set(ModelFeature::ValueFromKey);
  if (s.value_norm) set(ModelFeature::ValueNorm);
  if (any([](const LayerSpec& l) { return l.kv_source >= 0; })) set(ModelFeature::SharedKvLayers);
  if (s.n_embd_per_layer > 0) set(ModelFeature::PerLayerEmbeddings);
  if (any([](const LayerSpec& l) { return l.has(LayerTensor::LayerOutScale); })) set(ModelFeature::LayerOutputScale);
  if (any([](const LayerSpec& l) { return l.moe && l.has(LayerTensor::FfnGate); }))
    set(ModelFeature::ExpertsBesideDense);
  if (any([](const LayerSpec& l) { return l.has(LayerTensor::ExpertGateUp); })) set(ModelFeature::FusedExpertGateUp);
  if (any([](const LayerSpec& l) { return l.has(LayerTensor::ExpertDownScale); })) set(ModelFeature::ExpertOutputScale);
  const RouterParams plain;
  if (s.has_moe() &&
      (s.router.gating != plain.gating || s.router.normalize != plain.normalize || s.router.scale != plain.scale ||
       s.router.n_group > 1 || s.router.select_on_logits || s.router.weight_input ||
       any([](const LayerSpec& l) { return l.has(LayerTensor::RouterSelectBias); })))
    set(ModelFeature::RouterChoices);
  if (s.has_moe() && any([](const LayerSpec& l) { return !l.moe; })) set(ModelFeature::LeadingDenseLayers);
  if (s.mla.enabled()) set(ModelFeature::LatentAttention);
  if (any([](const LayerSpec& l) { return l.chunked; })) set(ModelFeature::ChunkedAttention);
  if (any([](const LayerSpec& l) { return l.nope; })) set(ModelFeature::NoRopeLayers);
  if (s.unit_qk_norm) set(ModelFeature::UnitQkNorm);
  return f;
}

std::string model_feature_list(uint32_t features) {
  std::string out;
  for (unsigned i = 0; i < static_cast<unsigned>(ModelFeature::Count); ++i)
    if ((features >> i) & 1u)
      out += (out.empty() ? "" : ", ") + std::string(model_feature_name(static_cast<ModelFeature>(i)));
  return out;
}

}  // namespace tessera
