// What a loaded CudaModel says about itself: bytes held (per device next to the placement) and a
// one-line description.
#include "backend/cuda_model.h"
#include "backend/kv_cache_type.h"

namespace tessera::cuda {

MemoryFootprint CudaModel::footprint() const {
  MemoryFootprint f;
  for (const auto& d : devs_) {
    f.weight_bytes += d->allocated.weights;
    f.kv_cache_bytes += d->allocated.kv_cache;
    f.scratch_bytes += d->allocated.scratch;
    f.recurrent_state_bytes += d->allocated.recurrent_state;
  }
  f.recurrent_state_bytes += checkpoint_bytes_;  // pinned host memory
  return f;
}

std::vector<CudaDeviceUsage> CudaModel::usage() const {
  std::vector<CudaDeviceUsage> out;
  for (const auto& d : devs_) out.push_back({d->dev.index, d->dev.physical, d->dev.name, d->place->bytes, d->allocated});
  return out;
}

std::string CudaModel::describe() const {
  int active = 0;
  for (const auto& d : devs_) active += d->active ? 1 : 0;
  std::string s = "cuda (" + devs_[static_cast<size_t>(home_)]->dev.name;
  if (devs_.size() > 1) s += ", " + std::to_string(active) + "/" + std::to_string(devs_.size()) + " devices";
  s += std::string(", split ") + split_mode_name(placement_.mode) + ", " +
       std::string(type_name(kv_cache_ggml_type(kv_type_))) + " KV cache, context " + std::to_string(n_ctx_);
  if (recurrent_)
    s += ", recurrent state of " + std::to_string(spec_.recurrent_layer_count()) + " layers (" +
         std::to_string(kStateCheckpoints) + " checkpoints in host memory)";
  s += graphs_enabled_ ? ", CUDA graphs" : ", no CUDA graphs";
  if (!graph_note_.empty()) s += "; " + graph_note_;
  for (const auto& n : notes_) s += "; " + n;
  return s + ")";
}

}  // namespace tessera::cuda
