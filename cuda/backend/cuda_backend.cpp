#include "backend/cuda_backend.h"

#include <algorithm>

#include "backend/backend_kernels.h"
#include "backend/cuda_model.h"
#include "kernels/moe_router.h"
#include "kernels/attention.h"

namespace tessera::cuda {

Status check_cuda_model(const ModelSpec& spec, const BackendModelSettings& settings) {
  if (settings.n_ctx <= 0 || settings.n_batch <= 0)
    return make_error(ErrorKind::InvalidArgument, "context (" + std::to_string(settings.n_ctx) + ") and batch (" +
                                                      std::to_string(settings.n_batch) + ") sizes must be positive");
  // Qwen3.5/3.6 and Qwen3-Next: the recurrent layers' kernels' limits, and the gated attention's.
  TESSERA_TRY(check_delta_net_layers(spec));
  TESSERA_TRY(check_latent_attention(spec));
  if (spec.attention_output_gate && spec.q_dim() > kMaxGatedQueryWidth)
    return make_error(ErrorKind::Unsupported, "the CUDA backend gates attention outputs of up to " +
                                                  std::to_string(kMaxGatedQueryWidth) + " query values; " +
                                                  spec.source_path + " has " + std::to_string(spec.q_dim()));
  TESSERA_TRY(check_cuda_features(spec));
  // The router choices' kernel keeps a token's experts in registers (moe_router.h).
  if ((model_features(spec) >> static_cast<unsigned>(ModelFeature::RouterChoices)) & 1u) {
    if (spec.n_expert > kMaxChoiceExperts || spec.n_expert_used > kMaxChoiceExpertsUsed ||
        spec.router.n_group > kMaxRouterGroups)
      return make_error(ErrorKind::Unsupported,
                        "the CUDA router chooses among at most " + std::to_string(kMaxChoiceExperts) + " experts, " +
                            std::to_string(kMaxChoiceExpertsUsed) + " per token, in at most " +
                            std::to_string(kMaxRouterGroups) + " groups; " + spec.source_path + " has " +
                            std::to_string(spec.n_expert) + " experts, " + std::to_string(spec.n_expert_used) +
                            " per token and " + std::to_string(spec.router.n_group) + " groups");
  }
  if (settings.kv_type == KvCacheType::F32)
    return make_error(
        ErrorKind::Unsupported,
        "the CUDA backend keeps an F16, Q8_0 or Q4_0 KV cache; the KV cache type setting asks for F32 (choose f16, "
        "q8_0 or q4_0)");
  // Every attention layer's heads (Gemma 4's layers have their own head size and KV heads) and the
  // rotation of its kind (the sliding layers' may differ).
  for (const LayerSpec& l : spec.layers) {
    if (l.mixer != LayerMixer::Attention) continue;
    const int64_t hd = spec.head_dim_of(l), n_kv = spec.n_head_kv_of(l);
    if (spec.n_head <= 0 || n_kv <= 0 || spec.n_head % n_kv != 0)
      return make_error(ErrorKind::Unsupported, std::to_string(spec.n_head) +
                                                    " query heads do not group evenly over " + std::to_string(n_kv) +
                                                    " KV heads");
    if (!spec.mla.enabled() && (hd <= 0 || hd % 8 != 0 || hd > kMaxAttentionHeadDim || (hd > 256 && hd % 16 != 0)))
      return make_error(ErrorKind::Unsupported,
                        "the CUDA attention kernel needs a head size that is a multiple of 8 (of 16 above 256) "
                        "and at most " +
                            std::to_string(kMaxAttentionHeadDim) + "; " + spec.source_path + " has " +
                            std::to_string(hd));
    const RopeParams& rope = spec.rope_of(l);
    if (rope.n_dims <= 0 || rope.n_dims % 2 != 0 || rope.n_dims > hd)
      return make_error(ErrorKind::BadFile, "rope dimension count " + std::to_string(rope.n_dims) +
                                                " must be even and at most the head size " + std::to_string(hd));
    if (!rope.freq_factors.empty() && static_cast<int32_t>(rope.freq_factors.size()) != rope.n_dims / 2)
      return make_error(ErrorKind::BadFile, "rope frequency factors: " + std::to_string(rope.freq_factors.size()) +
                                                " values, expected " + std::to_string(rope.n_dims / 2));
    if (l.kv_source >= 0) {
      const LayerSpec& src = spec.layers[static_cast<size_t>(l.kv_source)];
      if (spec.head_dim_of(src) != hd || spec.n_head_kv_of(src) != n_kv || src.kv_source >= 0)
        return make_error(ErrorKind::Unsupported, "a layer of " + spec.source_path + " reads the cache of layer " +
                                                      std::to_string(l.kv_source) +
                                                      ", whose heads differ from its own (or which reads another's)");
    }
  }
  for (const TensorRef* t : spec.all_tensors()) {
    if (!t->present()) continue;
    TESSERA_TRY(require_supported(t->type, t->name));
    auto rb = row_size(t->type, t->row_length());
    if (!rb.ok())
      return make_error(ErrorKind::BadFile,
                        "tensor '" + t->name + "' in " + spec.source_path + ": " + rb.error().message);
    const uint64_t want = rb.value() * static_cast<uint64_t>(t->n_rows());
    if (spec.random_weights_seed != 0) {
      if (!t->data.empty())
        return make_error(ErrorKind::InvalidArgument,
                          "tensor '" + t->name + "' has data but the spec asks for random weights");
      continue;
    }
    if (t->data.size() != want)
      return make_error(ErrorKind::BadFile, "tensor '" + t->name + "' in " + spec.source_path + " holds " +
                                                std::to_string(t->data.size()) + " bytes, expected " +
                                                std::to_string(want) + " (a shape-only spec cannot be loaded)");
  }
  return {};
}

// The block choices beyond a plain decoder (model_spec.h's ModelFeature) without CUDA kernels yet
// (issue 36's families). The CPU backend runs them. A feature the kernels learn joins kCudaFeatures.
Status check_cuda_features(const ModelSpec& spec) {
  if (const uint32_t missing = model_features(spec) & ~kCudaFeatures; missing != 0)
    return make_error(ErrorKind::Unsupported, "the CUDA backend cannot run " + spec.architecture + " models yet (" +
                                                  spec.source_path + " uses " + model_feature_list(missing) +
                                                  "); run it on the CPU backend (--backend cpu)");
  return {};
}

Result<std::unique_ptr<CudaBackend>> CudaBackend::create(const CudaBackendOptions& options) {
  std::unique_ptr<CudaBackend> b(new CudaBackend());
  b->options_ = options;
  TESSERA_ASSIGN_OR_RETURN(b->devices_, make_logical_devices(options.device_ids, options.virtual_devices));
  return b;
}

Result<std::vector<DeviceDescription>> CudaBackend::describe_devices() const {
  std::vector<DeviceDescription> out;
  for (const auto& d : devices_) {
    TESSERA_ASSIGN_OR_RETURN(LogicalMemory m, logical_memory(d));
    DeviceDescription dd;
    dd.id = d.index;
    dd.name = d.name;
    dd.uuid = d.uuid;
    dd.free_bytes = m.free_bytes;
    dd.total_bytes = m.total_bytes;
    out.push_back(dd);
  }
  return out;
}

Result<Placement> CudaBackend::plan(const ModelSpec& spec, const BackendModelSettings& settings) const {
  TESSERA_ASSIGN_OR_RETURN(auto devices, describe_devices());
  SplitSettings s = options_.split;
  s.n_ctx = settings.n_ctx;
  s.n_batch = settings.n_batch;
  s.kv_type = settings.kv_type;
  s.all_logits = settings.all_logits;
  if (s.main_device < 0 || s.main_device >= static_cast<int32_t>(devices.size()))
    return make_error(ErrorKind::InvalidArgument, "main GPU " + std::to_string(s.main_device) + " is not one of the " +
                                                      std::to_string(devices.size()) + " CUDA devices");
  return plan_for_load(spec, devices, s);
}

Result<std::unique_ptr<BackendModel>> CudaBackend::load_model(const ModelSpec& spec,
                                                              const BackendModelSettings& settings,
                                                              const ProgressFn& progress) {
  TESSERA_TRY(check_cuda_model(spec, settings));
  TESSERA_ASSIGN_OR_RETURN(Placement p, plan(spec, settings));
  TESSERA_TRY(check_placement_fits(p));  // before anything is allocated
  if (progress && !progress(0.0f))
    return make_error(ErrorKind::Cancelled, "loading " + spec.source_path + " was cancelled");
  TESSERA_ASSIGN_OR_RETURN(auto model, CudaModel::load(spec, p, devices_, options_, progress));
  return std::unique_ptr<BackendModel>(std::move(model));
}

BackendFactory cuda_backend_factory(CudaBackendOptions options) {
  return [options]() -> Result<std::unique_ptr<Backend>> {
    TESSERA_ASSIGN_OR_RETURN(auto b, CudaBackend::create(options));
    return std::unique_ptr<Backend>(std::move(b));
  };
}

Result<std::vector<CudaDeviceUsage>> cuda_device_usage(const BackendModel& model) {
  const auto* m = dynamic_cast<const CudaModel*>(&model);
  if (m == nullptr) return make_error(ErrorKind::InvalidArgument, "not a model loaded by the CUDA backend");
  return m->usage();
}

}  // namespace tessera::cuda
