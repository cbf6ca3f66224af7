#include "backend/cpu_backend.h"

#include <algorithm>
#include <cstdio>
#include <new>
#include <thread>

#include "backend/cpu_delta_net.h"
#include "backend/cpu_kernels.h"
#include "backend/cpu_model.h"
#include "backend/kv_cache_type.h"
#include "quant/dequantize.h"

namespace tessera {
namespace cpu {
namespace {

// MemAvailable from /proc/meminfo in bytes; 0 when it cannot be read (no check then).
uint64_t host_available_bytes() {
  std::FILE* f = std::fopen("/proc/meminfo", "r");
  if (f == nullptr) return 0;
  char line[256];
  unsigned long long kib = 0;
  while (std::fgets(line, sizeof line, f) != nullptr)
    if (std::sscanf(line, "MemAvailable: %llu kB", &kib) == 1) break;
  std::fclose(f);
  return static_cast<uint64_t>(kib) * 1024ull;
}

// Gains and biases are tiny: converted to float once at load.
Result<std::vector<float>> to_floats(const TensorRef& t) {
  if (!t.present()) return std::vector<float>{};
  std::vector<float> out(static_cast<size_t>(t.n_elements()));
  if (out.empty()) return out;
  TESSERA_TRY(require_supported(t.type, t.name));
  TESSERA_TRY(dequantize_row(t.type, t.data.data(), out.data(), t.n_elements()));
  return out;
}

RopeTable make_rope_table(const RopeParams& params, int64_t n_batch) {
  RopeTable r;
  r.params = params;
  r.freqs = rope_frequencies(params);
  r.cos.assign(static_cast<size_t>(n_batch * params.n_dims / 2), 0.0f);
  r.sin.assign(r.cos.size(), 0.0f);
  return r;
}

}  // namespace

Status CpuModel::init(const ModelSpec& spec, const BackendModelSettings& settings, const ProgressFn& progress) {
  spec_ = spec;
  if (settings.n_ctx <= 0)
    return make_error(ErrorKind::InvalidArgument,
                      "context size must be positive, got " + std::to_string(settings.n_ctx));
  if (settings.n_batch <= 0)
    return make_error(ErrorKind::InvalidArgument,
                      "batch size must be positive, got " + std::to_string(settings.n_batch));
  if (settings.n_threads < 0 || settings.n_threads > kMaxThreads)
    return make_error(ErrorKind::InvalidArgument, "thread count must be in 0.." + std::to_string(kMaxThreads) +
                                                      " (0: all cores), got " + std::to_string(settings.n_threads));
  n_ctx_ = settings.n_ctx;
  n_batch_ = std::min(settings.n_batch, settings.n_ctx);
  kv_type_ = settings.kv_type;
  all_logits_capacity_ = settings.all_logits;

  // Every matrix must be computable: supported type, whole blocks per row.
  for (const TensorRef* t : spec_.all_tensors()) {
    TESSERA_TRY(require_supported(t->type, t->name));
    auto rb = row_size(t->type, t->row_length());
    if (!rb.ok())
      return make_error(ErrorKind::BadFile,
                        "tensor '" + t->name + "' in " + spec_.source_path + ": " + rb.error().message);
    if (rb.value() * static_cast<uint64_t>(t->n_rows()) != t->data.size())
      return make_error(ErrorKind::BadFile, "tensor '" + t->name + "' in " + spec_.source_path + " holds " +
                                                std::to_string(t->data.size()) + " bytes, expected " +
                                                std::to_string(rb.value() * static_cast<uint64_t>(t->n_rows())));
  }
  for (const LayerSpec& l : spec_.layers) {
    if (l.is_recurrent()) continue;
    const RopeParams& r = spec_.rope_of(l);
    const int64_t rotated = spec_.mla.enabled() ? spec_.mla.qk_rope : spec_.head_dim_of(l);
    if (r.n_dims <= 0 || r.n_dims % 2 != 0 || r.n_dims > rotated)
      return make_error(ErrorKind::BadFile, "rope dimension count " + std::to_string(r.n_dims) +
                                                " must be even and at most the head size " + std::to_string(rotated));
  }
  rope_full_ = make_rope_table(rope_for_context(spec_.rope, n_ctx_), n_batch_);
  rope_swa_ = make_rope_table(rope_for_context(spec_.rope_swa, n_ctx_), n_batch_);
  separate_swa_rope_ = rope_swa_.freqs != rope_full_.freqs || rope_swa_.params.attn_factor != rope_full_.params.attn_factor;

  const int64_t n_layer = spec_.n_layer;
  layers_.resize(static_cast<size_t>(n_layer));
  for (int64_t l = 0; l < n_layer; ++l) {
    const LayerSpec& ls = spec_.layers[static_cast<size_t>(l)];
    CpuLayer& cl = layers_[static_cast<size_t>(l)];
    for (const LayerTensorInfo& info : layer_tensor_table()) {
      if (info.kind != TensorKind::Vector || !ls.has(info.slot)) continue;
      TESSERA_ASSIGN_OR_RETURN(cl.vec[static_cast<size_t>(info.slot)], to_floats(ls[info.slot]));
    }
    n_ff_max_ = std::max({n_ff_max_, ls.n_ff, ls.n_ff_shared, ls.n_ff_dense});
    if (progress && !progress(0.9f * static_cast<float>(l + 1) / static_cast<float>(n_layer)))
      return make_error(ErrorKind::Cancelled, "loading " + spec_.source_path + " was cancelled");
  }
  TESSERA_ASSIGN_OR_RETURN(output_norm_, to_floats(spec_.output_norm));
  TESSERA_ASSIGN_OR_RETURN(per_layer_proj_norm_, to_floats(spec_.per_layer_proj_norm));

  int n_threads = settings.n_threads > 0 ? settings.n_threads : static_cast<int>(std::thread::hardware_concurrency());
  n_threads = std::max(1, n_threads);

  const int64_t nb = n_batch_;
  const int64_t E = spec_.n_embd, Q = std::max(spec_.max_q_dim(), spec_.n_head * spec_.mla.v_head),
                K = spec_.max_kv_dim();
  const DeltaNetParams& dn = spec_.delta_net;
  const bool recurrent = spec_.has_recurrent_layers();
  const int64_t C = recurrent ? dn.conv_channels() : 0, Vd = recurrent ? dn.value_dim() : 0;
  const int64_t Hv = recurrent ? dn.n_v_heads : 0;
  // The longest row a prompt batch dequantizes (the matmul's scratch holds kRowBlock of them).
  int64_t max_row = E;
  for (const TensorRef* t : spec_.all_tensors()) max_row = std::max(max_row, t->row_length());
  const bool moe = spec_.has_moe();
  // Gemma 4's expert branch: its own input norm and router input, a dense MLP beside it.
  const bool experts_beside_dense = std::any_of(spec_.layers.begin(), spec_.layers.end(), [](const LayerSpec& l) {
    return l.moe && (l.has(LayerTensor::FfnGate) || l.has(LayerTensor::FfnPreNorm2) || l.has(LayerTensor::RouterScale));
  });
  const int64_t ple_all = spec_.n_embd_per_layer * n_layer;
  // The cache holds the attention layers that keep their own keys and values (a shared-KV layer
  // reads its source's slot), each with its own widths.
  kv_slot_.assign(static_cast<size_t>(n_layer), -1);
  std::vector<KvRowWidths> slots;
  int64_t widest_k = 0, widest_v = 0;
  for (int64_t l = 0; l < n_layer; ++l) {
    const LayerSpec& ls = spec_.layers[static_cast<size_t>(l)];
    if (ls.is_recurrent() || ls.kv_source >= 0) continue;
    kv_slot_[static_cast<size_t>(l)] = static_cast<int32_t>(slots.size());
    slots.push_back({spec_.cache_k_width_of(ls), spec_.cache_v_width_of(ls)});
    widest_k = std::max(widest_k, slots.back().k);
    widest_v = std::max(widest_v, slots.back().v);
  }
  for (int64_t l = 0; l < n_layer; ++l) {
    const LayerSpec& ls = spec_.layers[static_cast<size_t>(l)];
    if (ls.kv_source < 0) continue;
    if (ls.kv_source >= l || kv_slot_[static_cast<size_t>(ls.kv_source)] < 0)
      return make_error(ErrorKind::InvalidArgument, "layer " + std::to_string(l) + " of " + spec_.source_path +
                                                        " reads the cache of layer " + std::to_string(ls.kv_source) +
                                                        ", which keeps none before it");
    kv_slot_[static_cast<size_t>(l)] = kv_slot_[static_cast<size_t>(ls.kv_source)];
  }
  // Fail before allocating when the host cannot hold the KV cache and buffers (an overcommitted
  // allocation would "succeed" and the process be killed later).
  const uint64_t kv_bytes = KvCache::bytes_for(kv_type_, slots, n_ctx_);
  const uint64_t state_bytes = RecurrentState::bytes_for(spec_) * (1 + kStateCheckpoints);
  const int64_t delta_work =
      recurrent ? std::max(delta_rule_chunk_work_floats(kDeltaRuleChunk, dn.head_k_dim, dn.head_v_dim), dn.head_v_dim) : 0;
  // F16 and the quantized types are widened to f32, one slot at a time, for attention.
  const uint64_t widen_bytes = kv_type_ != KvCacheType::F32
                                   ? 4ull * static_cast<uint64_t>(n_ctx_) * static_cast<uint64_t>(widest_k + widest_v)
                                   : 0;
  const uint64_t moe_floats =
      moe ? static_cast<uint64_t>(nb) *
                static_cast<uint64_t>(spec_.n_expert + 2 * E + (experts_beside_dense ? 3 * E : 0))
          : 0;
  const uint64_t act_bytes =
      4ull * static_cast<uint64_t>(nb) *
          static_cast<uint64_t>(3 * E + 2 * Q + 2 * K + 2 * n_ff_max_ + 2 * spec_.rope.n_dims +
                                2 * spec_.rope_swa.n_dims) +
      4ull * moe_floats +
      4ull * static_cast<uint64_t>(all_logits_capacity_ ? nb : 1) * static_cast<uint64_t>(spec_.n_vocab) +
      4ull * static_cast<uint64_t>(n_threads) * static_cast<uint64_t>(kRowBlock * max_row + n_ctx_ + delta_work) +
      4ull * static_cast<uint64_t>(nb) *
          static_cast<uint64_t>((spec_.attention_output_gate ? 2 * Q : 0) + C + 2 * Vd + 4 * Hv + ple_all +
                                spec_.n_embd_per_layer);
  // Latent attention's rows (cpu_model.h: mla_qa_, mla_kv_, mla_q_, mla_lat_).
  const MlaParams& mla = spec_.mla;
  const uint64_t mla_floats =
      mla.enabled() ? static_cast<uint64_t>(nb) *
                          static_cast<uint64_t>(mla.q_lora_rank + mla.latent_width() +
                                                spec_.n_head * (mla.latent_width() + mla.kv_lora_rank))
                    : 0;
  const uint64_t needed = kv_bytes + state_bytes + widen_bytes + act_bytes + 4ull * mla_floats;
  if (const uint64_t available = host_available_bytes(); available != 0 && needed > available)
    return make_error(ErrorKind::OutOfMemory,
                      "host memory: the CPU backend needs " + std::to_string(needed) + " bytes for " +
                          spec_.source_path + " (KV cache " + std::to_string(kv_bytes) + " bytes for a context of " +
                          std::to_string(n_ctx_) + (state_bytes > 0 ? ", recurrent state and its checkpoints " +
                                                                          std::to_string(state_bytes) + " bytes"
                                                                    : std::string()) +
                          "), " + std::to_string(available) + " bytes are available");
  try {
    kv_.allocate(kv_type_, slots, n_ctx_);
    state_.allocate(spec_, kStateCheckpoints);
    if (mla.enabled()) {
      mla_qa_.assign(static_cast<size_t>(nb * mla.q_lora_rank), 0.0f);
      mla_kv_.assign(static_cast<size_t>(nb * mla.latent_width()), 0.0f);
      mla_q_.assign(static_cast<size_t>(nb * spec_.n_head * mla.latent_width()), 0.0f);
      mla_lat_.assign(static_cast<size_t>(nb * spec_.n_head * mla.kv_lora_rank), 0.0f);
    }
    if (spec_.attention_output_gate) q_gate_.assign(static_cast<size_t>(nb * 2 * Q), 0.0f);
    if (recurrent) {
      dn_qkv_.assign(static_cast<size_t>(nb * C), 0.0f);
      dn_z_.assign(static_cast<size_t>(nb * Vd), 0.0f);
      dn_out_.assign(dn_z_.size(), 0.0f);
      dn_beta_.assign(static_cast<size_t>(nb * Hv), 0.0f);
      dn_g_.assign(dn_beta_.size(), 0.0f);
      dn_ba_.assign(2 * dn_beta_.size(), 0.0f);
    }
    if (kv_type_ != KvCacheType::F32) {
      k_wide_.assign(static_cast<size_t>(n_ctx_ * widest_k), 0.0f);
      v_wide_.assign(static_cast<size_t>(n_ctx_ * widest_v), 0.0f);
    }
    if (ple_all > 0) {
      ple_.assign(static_cast<size_t>(nb * ple_all), 0.0f);
      ple_gate_.assign(static_cast<size_t>(nb * spec_.n_embd_per_layer), 0.0f);
    }
    x_.assign(static_cast<size_t>(nb * E), 0.0f);
    xb_.assign(x_.size(), 0.0f);
    xb2_.assign(x_.size(), 0.0f);
    q_.assign(static_cast<size_t>(nb * Q), 0.0f);
    att_.assign(q_.size(), 0.0f);
    k_.assign(static_cast<size_t>(nb * K), 0.0f);
    v_.assign(k_.size(), 0.0f);
    gate_.assign(static_cast<size_t>(nb * n_ff_max_), 0.0f);
    up_.assign(gate_.size(), 0.0f);
    if (moe) {
      router_.assign(static_cast<size_t>(nb * spec_.n_expert), 0.0f);
      moe_in_.assign(x_.size(), 0.0f);
      moe_out_.assign(x_.size(), 0.0f);
      if (experts_beside_dense) {
        moe_x_.assign(x_.size(), 0.0f);
        router_x_.assign(x_.size(), 0.0f);
        dense_out_.assign(x_.size(), 0.0f);
      }
    }
    logits_.assign(static_cast<size_t>((all_logits_capacity_ ? nb : 1) * spec_.n_vocab), 0.0f);
    scratch_.resize(static_cast<size_t>(n_threads));
    for (auto& s : scratch_) {
      s.row.assign(static_cast<size_t>(kRowBlock * max_row), 0.0f);
      s.scores.assign(static_cast<size_t>(n_ctx_), 0.0f);
      s.delta.assign(static_cast<size_t>(delta_work), 0.0f);
    }
  } catch (const std::bad_alloc&) {
    return make_error(ErrorKind::OutOfMemory, "host memory: cannot allocate " + std::to_string(needed) +
                                                  " bytes for the CPU KV cache and buffers of " + spec_.source_path +
                                                  " (context " + std::to_string(n_ctx_) + ")");
  }
  TESSERA_ASSIGN_OR_RETURN(pool_, ThreadPool::create(n_threads));
  if (progress && !progress(1.0f))
    return make_error(ErrorKind::Cancelled, "loading " + spec_.source_path + " was cancelled");
  return {};
}

Status CpuModel::eval(std::span<const int32_t> tokens, int32_t start_pos, LogitsRequest request) {
  TESSERA_TRY(check_eval_arguments(tokens, start_pos, request,
                                   {n_batch_, n_ctx_, n_past_, spec_.n_vocab, all_logits_capacity_, has_recurrent_state()}));
  const int32_t n_tok = static_cast<int32_t>(tokens.size());
  logits_rows_ = 0;
  tokens_ = tokens;
  // Rotation angles of this batch's positions, shared by every layer and head of a rope kind.
  for (RopeTable* r : {&rope_full_, &rope_swa_}) {
    if (r == &rope_swa_ && !separate_swa_rope_) continue;
    const int32_t half = r->params.n_dims / 2;
    for (int32_t t = 0; t < n_tok; ++t) {
      float* c = &r->cos[static_cast<size_t>(t * half)];
      float* s = &r->sin[static_cast<size_t>(t * half)];
      rope_cos_sin(r->freqs.data(), r->params.n_dims, start_pos + t, c, s);
      if (r->params.attn_factor != 1.0f)
        for (int32_t i = 0; i < half; ++i) {
          c[i] *= r->params.attn_factor;
          s[i] *= r->params.attn_factor;
        }
    }
  }
  // Positions from start_pos on are rewritten: the checkpoints past it no longer describe this cache.
  state_.forget_after(start_pos);
  const Status st = run_layer_loop(spec_, *this, {n_tok, start_pos, request});
  tokens_ = {};
  if (!st.ok() && has_recurrent_state()) {
    // Some layers' states took this step, others did not: no position is left that they describe.
    kv_clear();
    return st;
  }
  TESSERA_TRY(st);
  n_past_ = start_pos + n_tok;
  return {};
}

const RopeTable& CpuModel::rope_table(const LayerSpec& l) const {
  return &spec_.rope_of(l) == &spec_.rope_swa && separate_swa_rope_ ? rope_swa_ : rope_full_;
}

Result<std::span<const float>> CpuModel::logits() {
  if (logits_rows_ == 0)
    return make_error(ErrorKind::InvalidArgument, "the last eval produced no logits (LogitsRequest::None or none yet)");
  return std::span<const float>(logits_.data(), static_cast<size_t>(logits_rows_ * spec_.n_vocab));
}

Result<int32_t> CpuModel::argmax() {
  if (logits_rows_ == 0)
    return make_error(ErrorKind::InvalidArgument, "the last eval produced no logits (LogitsRequest::None or none yet)");
  const float* row = logits_.data() + (logits_rows_ - 1) * spec_.n_vocab;
  TESSERA_TRY(check_logits(std::span(row, static_cast<size_t>(spec_.n_vocab))));
  int64_t best = 0;
  for (int64_t i = 1; i < spec_.n_vocab; ++i)
    if (row[i] > row[best]) best = i;
  return static_cast<int32_t>(best);
}

Status CpuModel::kv_keep(int32_t n) {
  if (n < 0 || n > n_past_)
    return make_error(ErrorKind::InvalidArgument,
                      "cannot keep " + std::to_string(n) + " positions: the KV cache holds " + std::to_string(n_past_));
  if (has_recurrent_state() && n != n_past_) {
    if (n == 0) {
      kv_clear();
      return {};
    }
    if (!state_.restore(n))
      return make_error(ErrorKind::Unsupported,
                        "cannot go back to position " + std::to_string(n) + " of " + std::to_string(n_past_) +
                            ": the recurrent layers' state holds only the latest position, and checkpoints are at " +
                            state_.checkpoint_list() + " (restorable_position says where it can return)");
    state_.forget_after(n);
  }
  n_past_ = n;
  logits_rows_ = 0;
  return {};
}

Status CpuModel::save_checkpoint() {
  if (has_recurrent_state()) state_.save(n_past_);
  return {};
}

int32_t CpuModel::restorable_position(int32_t n) const {
  n = std::clamp(n, 0, n_past_);
  if (!has_recurrent_state() || n == n_past_) return n;
  return std::max(0, state_.checkpoint_at_or_before(n));
}

MemoryFootprint CpuModel::footprint() const {
  MemoryFootprint f;
  f.mapped_bytes = spec_.weight_bytes();
  f.kv_cache_bytes = kv_.bytes();
  f.recurrent_state_bytes = state_.bytes();
  uint64_t scratch = 0;
  for (const auto* v : {&x_,
                        &xb_,
                        &xb2_,
                        &q_,
                        &k_,
                        &v_,
                        &att_,
                        &gate_,
                        &up_,
                        &router_,
                        &moe_in_,
                        &moe_out_,
                        &rope_full_.cos,
                        &rope_full_.sin,
                        &rope_swa_.cos,
                        &rope_swa_.sin,
                        &logits_,
                        &q_gate_,
                        &dn_qkv_,
                        &dn_z_,
                        &dn_out_,
                        &dn_beta_,
                        &dn_g_,
                        &dn_ba_,
                        &moe_x_,
                        &router_x_,
                        &dense_out_,
                        &ple_,
                        &ple_gate_,
                        &mla_qa_,
                        &mla_kv_,
                        &mla_q_,
                        &mla_lat_})
    scratch += v->size() * sizeof(float);
  scratch += (k_wide_.size() + v_wide_.size()) * sizeof(float);
  for (const auto& s : scratch_) scratch += (s.row.size() + s.scores.size() + s.delta.size()) * sizeof(float);
  f.scratch_bytes = scratch;
  return f;
}

std::string CpuModel::describe() const {
  std::string state;
  if (has_recurrent_state())
    state = ", recurrent state of " + std::to_string(spec_.recurrent_layer_count()) + " layers";
  return "cpu (" + std::to_string(pool_ ? pool_->size() : 1) + " threads, " +
         std::string(type_name(kv_cache_ggml_type(kv_type_))) + " KV cache, context " + std::to_string(n_ctx_) + state +
         ")";
}

}  // namespace cpu

Result<std::unique_ptr<BackendModel>> CpuBackend::load_model(const ModelSpec& spec,
                                                             const BackendModelSettings& settings,
                                                             const ProgressFn& progress) {
  if (spec.random_weights_seed != 0)
    return make_error(ErrorKind::Unsupported,
                      "the CPU backend runs only weights read from a GGUF file; random "
                      "in-memory weights (bench --synth) need the CUDA backend, or write a "
                      "file with tessera-cli synth");
  auto model = std::make_unique<cpu::CpuModel>();
  TESSERA_TRY(model->init(spec, settings, progress));
  return std::unique_ptr<BackendModel>(std::move(model));
}

BackendFactory cpu_backend_factory() {
  return []() -> Result<std::unique_ptr<Backend>> { return std::unique_ptr<Backend>(std::make_unique<CpuBackend>()); };
}

}  // namespace tessera
