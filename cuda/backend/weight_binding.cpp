#include "backend/weight_binding.h"

#include <initializer_list>

namespace tessera::cuda {
namespace {

// One matrix of the rows of `parts` when they are back to back in memory with one type and row
// layout (the placement puts them in order; 256-byte alignment may leave gaps, then no fusion).
void fuse_rows(std::initializer_list<const WeightMatrix*> parts, WeightMatrix* fused) {
  *fused = WeightMatrix{};
  const WeightMatrix& first = **parts.begin();
  if (first.rows == 0 || first.data == nullptr) return;
  const uint8_t* next = static_cast<const uint8_t*>(first.data);
  int64_t rows = 0;
  for (const WeightMatrix* m : parts) {
    if (m->rows == 0 || m->type != first.type || m->cols != first.cols || m->row_stride != first.row_stride ||
        m->data != next)
      return;
    next += static_cast<size_t>(m->rows) * m->row_stride;
    rows += m->rows;
  }
  *fused = first;
  fused->rows = rows;
}

WeightMatrix matrix_of(const WeightPiece& p, const uint8_t* data) {
  WeightMatrix w;
  w.type = p.placed_type;
  w.data = data;
  w.rows = p.rows;
  w.cols = p.cols;
  w.row_stride = p.row_bytes;
  return w;
}

}  // namespace

void bind_weights(const ModelSpec& spec, DeviceState& d) {
  const DevicePlacement& place = *d.place;
  const uint8_t* base = d.weights.as<uint8_t>();
  const PlacedCacheState* keys = place.cache.find(CacheState::Keys);
  const PlacedCacheState* conv = place.cache.find(CacheState::ConvState);
  const PlacedCacheState* delta = place.cache.find(CacheState::RecurrentState);
  uint8_t* const cache = d.kv.as<uint8_t>();
  d.layer_index.assign(static_cast<size_t>(spec.n_layer), -1);
  d.layers.assign(place.layers.size(), DeviceLayer{});
  for (size_t i = 0; i < place.layers.size(); ++i) {
    const int32_t li = place.layers[i];
    DeviceLayer& l = d.layers[i];
    d.layer_index[static_cast<size_t>(li)] = static_cast<int32_t>(i);
    l.layer = li;
    const LayerSpec& ls = spec.layers[static_cast<size_t>(li)];
    l.shared_kv = ls.kv_source >= 0;
    // A shared-KV layer reads its source's slot (the placement keeps both on one device).
    l.kv_slot = keys != nullptr ? keys->slot_of(l.shared_kv ? ls.kv_source : li) : -1;
    l.sliding = ls.sliding;
    l.n_ff = place.layer_ffn_rows[i];
    if (conv != nullptr && delta != nullptr && conv->slot_of(li) >= 0) {
      l.conv_state = reinterpret_cast<float*>(cache + conv->slot_offset(conv->slot_of(li)));
      l.delta_state = reinterpret_cast<float*>(cache + delta->slot_offset(delta->slot_of(li)));
    }
  }
  for (const WeightPiece& p : place.weights) {
    const uint8_t* data = base + p.offset;
    if (p.source.layer >= 0) {
      DeviceLayer& l = d.layers[static_cast<size_t>(d.layer_index[static_cast<size_t>(p.source.layer)])];
      const size_t s = static_cast<size_t>(p.source.slot);
      if (p.vector) {
        l.v[s] = reinterpret_cast<const float*>(data);
      } else {
        l.m[s] = matrix_of(p, data);
      }
      continue;
    }
    switch (p.source.model) {
      case ModelTensor::TokenEmbd:
        d.embd = matrix_of(p, data);
        break;
      case ModelTensor::OutputNorm:
        d.output_norm = reinterpret_cast<const float*>(data);
        break;
      case ModelTensor::Output:
        d.output = matrix_of(p, data);
        break;
      case ModelTensor::PerLayerTokenEmbd:
        d.ple_token_embd = matrix_of(p, data);
        break;
      case ModelTensor::PerLayerModelProj:
        d.ple_model_proj = matrix_of(p, data);
        break;
      case ModelTensor::PerLayerProjNorm:
        d.ple_proj_norm = reinterpret_cast<const float*>(data);
        break;
      case ModelTensor::None:
        break;
    }
  }
  if (place.output_reads_embeddings) d.output = d.embd;
  for (const RotaryTable& r : place.rotary)
    d.rope_theta[r.kind == RotaryKind::Full ? 0 : 1] = reinterpret_cast<const double*>(base + r.offset);
  for (auto& l : d.layers) {
    fuse_rows({&l[LayerTensor::Wq], &l[LayerTensor::Wk], &l[LayerTensor::Wv]}, &l.wqkv);
    fuse_rows({&l[LayerTensor::FfnGate], &l[LayerTensor::FfnUp]}, &l.gate_up);
  }
}

}  // namespace tessera::cuda
