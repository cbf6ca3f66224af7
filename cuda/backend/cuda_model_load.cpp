// CudaModel loading: device setup, weight upload (whole tensors, row slices, gathered column
// slices), KV cache and scratch arena per device, exactly as the split plan projected.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <optional>

#include "backend/cuda_model.h"
#include "cuda_check.h"
#include "device_info.h"
#include "kernels/argmax.h"
#include "kernels/attention.h"
#include "kernels/random_fill.h"
#include "quant/dequantize.h"
#include "split/attention_split.h"

namespace tessera::cuda {
namespace {

constexpr size_t kAlign = 256;
size_t align_up(size_t v) {
  return (v + kAlign - 1) / kAlign * kAlign;
}
size_t align16(size_t v) {
  return (v + 15) / 16 * 16;
}

uint64_t row_bytes_of(const TensorRef& t) {
  const TypeInfo& info = type_info(t.type);
  return static_cast<uint64_t>(t.row_length() / info.block_size) * info.type_size;
}

// Sets the calling thread's device; the CUDA calls that follow act on it.
Status use_device(const DeviceState& d) {
  return cuda_status(cudaSetDevice(d.dev.physical), "cudaSetDevice", d.dev.physical);
}

// The weight bytes of one device, laid out before anything is allocated. With a random seed
// (ModelSpec::random_weights_seed) the pieces of data-less tensors are generated on the device.
class WeightLayout {
 public:
  using Fill = std::function<Status(uint8_t* host)>;
  using Bind = std::function<void(const uint8_t*)>;
  explicit WeightLayout(uint64_t random_seed = 0) : random_seed_(random_seed) {}
  bool random() const { return random_seed_ != 0; }
  // A contiguous range of the mapped file.
  void add_span(std::span<const uint8_t> src, Bind bind) {
    pieces_.push_back({take(src.size()), src.size(), src, {}, std::move(bind), {}});
  }
  // Bytes produced on the host at upload time (gathers, f32 conversions).
  void add_made(size_t bytes, Fill fill, Bind bind) {
    pieces_.push_back({take(bytes), bytes, {}, std::move(fill), std::move(bind), {}});
  }
  // Random valid rows of `type` (rows x cols, row_stride bytes apart), or f32 values in
  // [0.5, 1.5) when type is F32 and cols == 0 (norm weights, biases, frequency factors: values
  // near one keep a random model's activations finite).
  // The seed is a function of the tensor and the slice only, so a tensor placed whole gets the
  // same values on any device (layer split equals one device); row slices get values of their own.
  void add_random(const TensorRef& t, int64_t first, GgmlType type, int64_t rows, int64_t cols, size_t row_stride,
                  Bind bind) {
    const size_t bytes = cols == 0 ? static_cast<size_t>(rows) * 4 : static_cast<size_t>(rows) * row_stride;
    uint64_t seed = 1469598103934665603ull ^ random_seed_;  // FNV-1a over the name, then the slice start
    for (char c : t.name) seed = (seed ^ static_cast<uint8_t>(c)) * 1099511628211ull;
    seed = (seed ^ static_cast<uint64_t>(first)) * 1099511628211ull;
    pieces_.push_back({take(bytes), bytes, {}, {}, std::move(bind), RandomPiece{type, rows, cols, row_stride, seed}});
  }
  size_t total() const { return total_; }
  size_t data_bytes() const { return data_bytes_; }

  Status upload(DeviceState& d, const std::function<Status(size_t)>& progress) {
    const uint8_t* base = d.weights.as<uint8_t>();
    std::vector<uint8_t> host;
    for (auto& p : pieces_) {
      p.bind(base + p.offset);
      if (p.bytes == 0) continue;
      uint8_t* dst = d.weights.as<uint8_t>() + p.offset;
      if (p.random) {
        const RandomPiece& r = *p.random;
        if (r.cols == 0) {
          TESSERA_TRY(fill_random_floats(reinterpret_cast<float*>(dst), r.rows, r.seed, 0.5f, 1.5f, d.stream));
        } else {
          TESSERA_TRY(fill_random_weights(r.type, dst, r.rows, r.cols, r.row_stride, r.seed, d.stream));
        }
        TESSERA_TRY(progress(p.bytes));
        continue;
      }
      const void* src = p.src.data();
      if (p.fill) {
        host.resize(p.bytes);
        TESSERA_TRY(p.fill(host.data()));
        src = host.data();
      }
      TESSERA_CUDA_CHECK_DEV(cudaMemcpy(dst, src, p.bytes, cudaMemcpyHostToDevice), d.dev.physical);
      TESSERA_TRY(progress(p.bytes));
    }
    if (random()) TESSERA_CUDA_CHECK_DEV(cudaStreamSynchronize(d.stream), d.dev.physical);
    return {};
  }

 private:
  struct RandomPiece {
    GgmlType type;
    int64_t rows, cols;
    size_t row_stride;
    uint64_t seed;
  };
  struct Piece {
    size_t offset, bytes;
    std::span<const uint8_t> src;
    Fill fill;
    Bind bind;
    std::optional<RandomPiece> random;
  };
  size_t take(size_t bytes) {
    const size_t off = total_;
    total_ = align_up(total_ + bytes);
    data_bytes_ += bytes;
    return off;
  }
  uint64_t random_seed_ = 0;
  std::vector<Piece> pieces_;
  size_t total_ = 0;
  size_t data_bytes_ = 0;
};

WeightMatrix matrix_of(const TensorRef& t) {
  WeightMatrix w;
  w.type = t.type;
  w.rows = t.n_rows();
  w.cols = t.row_length();
  w.row_stride = row_bytes_of(t);
  return w;
}

// A tensor of f32 values converted from whatever type it is stored in (norms, biases), elements
// [begin, end).
void add_floats(WeightLayout& lay, const TensorRef& t, int64_t begin, int64_t end, const float** target) {
  if (!t.present() || end <= begin) return;
  auto bind = [target](const uint8_t* p) { *target = reinterpret_cast<const float*>(p); };
  if (lay.random()) return lay.add_random(t, begin, GgmlType::F32, end - begin, 0, 4, bind);
  lay.add_made(
      static_cast<size_t>(end - begin) * 4,
      [&t, begin, end](uint8_t* host) -> Status {
        std::vector<float> all(static_cast<size_t>(t.n_elements()));
        TESSERA_TRY(dequantize_row(t.type, t.data.data(), all.data(), t.n_elements()));
        std::memcpy(host, all.data() + begin, static_cast<size_t>(end - begin) * 4);
        return {};
      },
      [target](const uint8_t* p) { *target = reinterpret_cast<const float*>(p); });
}

// Whole tensor, or rows [r0, r1).
void add_rows(WeightLayout& lay, const TensorRef& t, int64_t r0, int64_t r1, WeightMatrix* target) {
  if (!t.present() || r1 <= r0) return;
  *target = matrix_of(t);
  target->rows = r1 - r0;
  const uint64_t rb = target->row_stride;
  auto bind = [target](const uint8_t* p) { target->data = p; };
  if (lay.random()) return lay.add_random(t, r0, t.type, r1 - r0, target->cols, rb, bind);
  lay.add_span(t.data.subspan(static_cast<size_t>(r0) * rb, static_cast<size_t>(r1 - r0) * rb), bind);
}

// Columns [c0, c1) of every row (c0, c1 whole blocks), gathered into a tight matrix.
void add_columns(WeightLayout& lay, const TensorRef& t, int64_t c0, int64_t c1, WeightMatrix* target) {
  if (!t.present() || c1 <= c0) return;
  const TypeInfo& info = type_info(t.type);
  const uint64_t src_rb = row_bytes_of(t);
  const uint64_t b0 = static_cast<uint64_t>(c0 / info.block_size) * info.type_size;
  const uint64_t nb = static_cast<uint64_t>((c1 - c0 + info.block_size - 1) / info.block_size) * info.type_size;
  *target = matrix_of(t);
  target->cols = c1 - c0;
  target->row_stride = nb;
  const int64_t rows = t.n_rows();
  if (lay.random())
    return lay.add_random(t, c0 + (int64_t{1} << 40), t.type, rows, c1 - c0, nb,
                          [target](const uint8_t* p) { target->data = p; });
  if (c0 == 0 && c1 == t.row_length()) {
    lay.add_span(t.data, [target](const uint8_t* p) { target->data = p; });
    return;
  }
  lay.add_made(
      static_cast<size_t>(nb * static_cast<uint64_t>(rows)),
      [&t, src_rb, b0, nb, rows](uint8_t* host) -> Status {
        for (int64_t r = 0; r < rows; ++r)
          std::memcpy(host + static_cast<uint64_t>(r) * nb, t.data.data() + static_cast<uint64_t>(r) * src_rb + b0, nb);
        return {};
      },
      [target](const uint8_t* p) { target->data = p; });
}

// One matrix of the rows of `parts` when they are back to back in memory with one type and row
// layout (the weight layout puts them in order; 256-byte alignment may leave gaps, then no fusion).
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


}  // namespace

uint16_t* DeviceState::k_cache(int32_t slot, int n_ctx) const {
  return kv.as<uint16_t>() + static_cast<size_t>(slot) * static_cast<size_t>(n_ctx) * static_cast<size_t>(kv_row_words);
}
uint16_t* DeviceState::v_cache(int32_t slot, int n_ctx) const {
  return kv.as<uint16_t>() +
         static_cast<size_t>(n_kv_slots + slot) * static_cast<size_t>(n_ctx) * static_cast<size_t>(kv_row_words);
}

CudaModel::~CudaModel() {
  for (auto& d : devs_) {
    if (d->stream != nullptr) {
      (void)cudaSetDevice(d->dev.physical);
      (void)cudaStreamSynchronize(d->stream);
    }
  }
  for (auto& g : graph_exec_)
    if (g != nullptr) (void)cudaGraphExecDestroy(g);
  if (step_done_ != nullptr && !devs_.empty()) {
    (void)cudaSetDevice(devs_[static_cast<size_t>(home_)]->dev.physical);
    (void)cudaEventDestroy(step_done_);
  }
  if (io_copied_ != nullptr && !devs_.empty()) {
    (void)cudaSetDevice(devs_[static_cast<size_t>(home_)]->dev.physical);
    (void)cudaEventDestroy(io_copied_);
  }
  if (io_host_ != nullptr) (void)cudaFreeHost(io_host_);
  for (auto& st : stages_)
    if (st.host != nullptr) (void)cudaFreeHost(st.host);
  if (argmax_host_ != nullptr) (void)cudaFreeHost(argmax_host_);
  if (moe_host_ != nullptr) (void)cudaFreeHost(moe_host_);
  for (auto& d : devs_) {
    (void)cudaSetDevice(d->dev.physical);
    d->cublas = CublasHandle();
    d->weights.reset();
    d->kv.reset();
    d->scratch_arena.reset();
    if (d->event != nullptr) (void)cudaEventDestroy(d->event);
    if (d->stream != nullptr) (void)cudaStreamDestroy(d->stream);
  }
  (void)cudaGetLastError();
}

Result<std::unique_ptr<CudaModel>> CudaModel::load(const ModelSpec& spec, const BackendModelSettings& settings,
                                                   const SplitPlan& plan, const std::vector<LogicalDevice>& devices,
                                                   const CudaBackendOptions& options, const ProgressFn& progress) {
  std::unique_ptr<CudaModel> m(new CudaModel());
  TESSERA_TRY(m->init(spec, settings, plan, devices, options, progress));
  return m;
}

Status CudaModel::init(const ModelSpec& spec, const BackendModelSettings& settings, const SplitPlan& plan,
                       const std::vector<LogicalDevice>& devices, const CudaBackendOptions& options,
                       const ProgressFn& progress) {
  spec_ = spec;
  plan_ = plan;
  options_ = options;
  n_ctx_ = settings.n_ctx;
  kv_type_ = settings.kv_type;
  n_batch_ = std::min(settings.n_batch, settings.n_ctx);
  all_logits_ = settings.all_logits;
  graphs_enabled_ = options.use_graphs;
  if (!graphs_enabled_) graph_note_ = "CUDA graphs off";
  // A/B switches for measuring each fusion (docs/perf.md): "glu,norm_q8,rope".
  if (!options.unfused.empty()) {
    const std::string list = "," + options.unfused + ",";
    fuse_.glu = list.find(",glu,") == std::string::npos;
    fuse_.norm_q8 = list.find(",norm_q8,") == std::string::npos;
    fuse_.rope_kv = list.find(",rope,") == std::string::npos;
    notes_.push_back("unfused: " + options.unfused);
  }
  // Unmeasured kernels on for A/B runs (cuda_experiments.h).
  if (!options.experimental.empty()) {
    auto experiments = parse_cuda_experiments(options.experimental);
    if (!experiments.ok()) return experiments.error();
    experimental_ = *experiments;
    notes_.push_back("experimental: " + options.experimental);
  }

  const size_t nd = plan.devices.size();
  for (size_t i = 0; i < nd; ++i) {
    auto d = std::make_unique<DeviceState>();
    d->dev = devices[i];
    d->plan = plan.devices[i];
    d->index = static_cast<int>(i);
    d->active = d->plan.bytes.total() > 0;
    devs_.push_back(std::move(d));
  }
  if (plan.mode == SplitMode::Row) {
    home_ = out_dev_ = plan.main_device;
  } else {
    home_ = spec_.n_layer > 0 ? plan.layer_device.front() : plan.main_device;
    out_dev_ = spec_.n_layer > 0 ? plan.layer_device.back() : plan.main_device;
  }

  // The rotary parameters of the loaded context (LongRoPE picks its factors by the context).
  rope_params_[0] = rope_for_context(spec_.rope, n_ctx_);
  rope_params_[1] = rope_for_context(spec_.rope_swa, n_ctx_);
  for (int kind = 0; kind < 2; ++kind) {
    const RopeParams& rp = rope_params_[kind];
    rope_[kind].style = rp.mode == RopeMode::NeoX ? RopeStyle::NeoX : RopeStyle::Normal;
    rope_[kind].n_dims = rp.n_dims;
    rope_[kind].freq_base = rp.freq_base;
    rope_[kind].freq_scale = rp.freq_scale;
    rope_[kind].attn_factor = rp.attn_factor;
  }

  for (auto& d : devs_)
    if (d->active) TESSERA_TRY(setup_device(*d));
  TESSERA_TRY(upload_weights(progress));
  for (auto& d : devs_)
    if (d->active) TESSERA_TRY(setup_scratch(*d));
  TESSERA_TRY(setup_transfers());

  DeviceState& home = *devs_[static_cast<size_t>(home_)];
  TESSERA_TRY(use_device(home));
  TESSERA_CUDA_CHECK_DEV(cudaEventCreateWithFlags(&step_done_, cudaEventDisableTiming), home.dev.physical);
  TESSERA_CUDA_CHECK_DEV(cudaHostAlloc(reinterpret_cast<void**>(&argmax_host_), sizeof(int32_t), cudaHostAllocDefault),
                         home.dev.physical);
  TESSERA_CUDA_CHECK_DEV(
      cudaHostAlloc(reinterpret_cast<void**>(&io_host_), 8 * static_cast<size_t>(n_batch_), cudaHostAllocDefault),
      home.dev.physical);
  TESSERA_CUDA_CHECK_DEV(cudaEventCreateWithFlags(&io_copied_, cudaEventDisableTiming), home.dev.physical);
  if (spec_.has_moe())
    TESSERA_CUDA_CHECK_DEV(cudaHostAlloc(reinterpret_cast<void**>(&moe_host_),
                                         24 * static_cast<size_t>(n_batch_) * static_cast<size_t>(spec_.n_expert_used),
                                         cudaHostAllocPortable),
                           home.dev.physical);
  logits_host_.assign(static_cast<size_t>((all_logits_ ? n_batch_ : 1) * spec_.n_vocab), 0.0f);
  for (auto& d : devs_)
    if (d->active) {
      TESSERA_TRY(use_device(*d));
      TESSERA_CUDA_CHECK_DEV(cudaStreamSynchronize(d->stream), d->dev.physical);
    }
  // The weights now live on the devices; the mapped file may be closed.
  spec_.weights_owner.reset();
  if (progress && !progress(1.0f))
    return make_error(ErrorKind::Cancelled, "loading " + spec_.source_path + " was cancelled");
  return {};
}

Status CudaModel::setup_device(DeviceState& d) {
  TESSERA_TRY(use_device(d));
  TESSERA_CUDA_CHECK_DEV(cudaStreamCreateWithFlags(&d.stream, cudaStreamNonBlocking), d.dev.physical);
  TESSERA_CUDA_CHECK_DEV(cudaEventCreateWithFlags(&d.event, cudaEventDisableTiming), d.dev.physical);
  if (d.dev.quota_bytes > 0 && d.plan.bytes.total() > d.dev.quota_bytes)
    return make_error(ErrorKind::OutOfMemory, "device " + std::to_string(d.dev.index) + " (" + d.dev.name + ") needs " +
                                                  std::to_string(d.plan.bytes.total()) + " bytes but its quota is " +
                                                  std::to_string(d.dev.quota_bytes) + " bytes");
  TESSERA_ASSIGN_OR_RETURN(d.cublas, CublasHandle::create(d.dev.physical));
  d.allocated.scratch += CublasHandle::kWorkspaceBytes;
  return {};
}

Status CudaModel::upload_weights(const ProgressFn& progress) {
  const SplitMode mode = plan_.mode;
  const int64_t n_layer = spec_.n_layer;
  const int64_t hd = spec_.head_dim;
  const int64_t q_per_kv = spec_.n_head_kv > 0 ? spec_.n_head / spec_.n_head_kv : 1;
  std::vector<WeightLayout> layouts(devs_.size(), WeightLayout(spec_.random_weights_seed));

  for (auto& dp : devs_) {
    DeviceState& d = *dp;
    if (!d.active) continue;
    WeightLayout& lay = layouts[static_cast<size_t>(d.index)];
    const bool is_main = d.index == plan_.main_device;
    if (mode == SplitMode::Row) {
      const int64_t h0 = d.plan.kv_heads.begin, h1 = d.plan.kv_heads.end;
      d.n_head_kv = h1 - h0;
      d.n_head = d.n_head_kv * q_per_kv;
      d.q_dim = d.n_head * hd;
      d.kv_dim = d.n_head_kv * hd;
      d.n_ff = d.plan.ffn_rows.size();
      d.n_kv_slots = d.kv_dim > 0 ? static_cast<int32_t>(n_layer) : 0;
      d.layers.resize(static_cast<size_t>(n_layer));
      for (int64_t li = 0; li < n_layer; ++li) {
        const LayerSpec& ls = spec_.layers[static_cast<size_t>(li)];
        DeviceLayer& l = d.layers[static_cast<size_t>(li)];
        l.layer = static_cast<int32_t>(li);
        l.sliding = ls.sliding;
        const int64_t q0 = h0 * q_per_kv * hd, q1 = h1 * q_per_kv * hd, k0 = h0 * hd, k1 = h1 * hd;
        const int64_t f1 = std::min(d.plan.ffn_rows.end, ls.n_ff), f0 = std::min(d.plan.ffn_rows.begin, f1);
        const bool heads = d.kv_dim > 0;
        if (heads) l.kv_slot = static_cast<int32_t>(li);
        l.n_ff = f1 - f0;
        // Every slot by its row-split rule (layer_tensors.h), in table order, so Q|K|V and gate|up
        // slices land back to back for fuse_rows.
        for (const LayerTensorInfo& info : layer_tensor_table()) {
          const TensorRef& t = ls[info.slot];
          if (!t.present()) continue;
          const size_t i = static_cast<size_t>(info.slot);
          const bool vec = info.kind == TensorKind::Vector;
          auto rows = [&](int64_t b, int64_t e) {
            if (e <= b) return;
            if (vec) return add_floats(lay, t, b, e, &l.v[i]);
            add_rows(lay, t, b, e, &l.m[i]);
          };
          switch (info.row_slice) {
            case RowSlice::MainOnly:
              if (is_main) rows(0, vec ? t.n_elements() : t.n_rows());
              break;
            case RowSlice::EveryDevice:
              if (heads) rows(0, vec ? t.n_elements() : t.n_rows());
              break;
            case RowSlice::QueryRows:
              if (heads) rows(q0, q1);
              break;
            case RowSlice::QueryHeads:
              if (heads) rows(h0 * q_per_kv, h1 * q_per_kv);
              break;
            case RowSlice::KvRows:
              if (heads) rows(k0, k1);
              break;
            case RowSlice::QueryColumns:
              if (heads) add_columns(lay, t, q0, q1, &l.m[i]);
              break;
            case RowSlice::FfnRows:
              rows(f0, f1);
              break;
            case RowSlice::FfnColumns:
              if (f1 > f0) add_columns(lay, t, f0, f1, &l.m[i]);
              break;
            case RowSlice::Unsplittable:
              break;  // the planner refuses Row mode for models with experts
          }
        }
      }
    } else {
      d.n_head = spec_.n_head;
      d.n_head_kv = spec_.n_head_kv;
      d.q_dim = spec_.q_dim();
      d.kv_dim = spec_.kv_dim();
      d.layer_index.assign(static_cast<size_t>(n_layer), -1);
      d.layers.resize(d.plan.layers.size());
      d.n_kv_slots = static_cast<int32_t>(d.plan.layers.size());
      for (size_t i = 0; i < d.plan.layers.size(); ++i) {
        const int32_t li = d.plan.layers[i];
        const LayerSpec& ls = spec_.layers[static_cast<size_t>(li)];
        DeviceLayer& l = d.layers[i];
        d.layer_index[static_cast<size_t>(li)] = static_cast<int32_t>(i);
        l.layer = li;
        l.kv_slot = static_cast<int32_t>(i);
        l.sliding = ls.sliding;
        l.n_ff = ls.n_ff;
        d.n_ff = std::max(d.n_ff, ls.n_ff);
        for (const LayerTensorInfo& info : layer_tensor_table()) {
          const TensorRef& t = ls[info.slot];
          if (!t.present()) continue;
          const size_t s = static_cast<size_t>(info.slot);
          if (info.kind == TensorKind::Vector) {
            add_floats(lay, t, 0, t.n_elements(), &l.v[s]);
          } else {
            add_rows(lay, t, 0, t.n_rows(), &l.m[s]);
          }
        }
      }
    }
    // Embeddings, output norm and output matrix (tied: token_embd again on the output device).
    if (d.index == home_) add_rows(lay, spec_.token_embd, 0, spec_.token_embd.n_rows(), &d.embd);
    if (d.index == out_dev_) {
      add_floats(lay, spec_.output_norm, 0, spec_.output_norm.n_elements(), &d.output_norm);
      if (spec_.tied_embeddings && d.index == home_) {
        d.output = d.embd;  // bound after upload, below
      } else {
        add_rows(lay, spec_.output, 0, spec_.output.n_rows(), &d.output);
      }
    }
    // RoPE angles per pair, theta_i in f64 (tiny; every device that rotates), so the kernels do not
    // evaluate pow() per thread and step: one table for full-attention layers, one for sliding ones.
    if (d.kv_dim > 0) {
      for (int kind = 0; kind < 2; ++kind) {
        const RopeParams& rp = kind == 0 ? rope_params_[0] : rope_params_[1];
        if (rp.n_dims <= 0) continue;
        const size_t n = static_cast<size_t>(rp.n_dims / 2);
        lay.add_made(
            n * sizeof(double),
            [&rp, n](uint8_t* host) -> Status {
              const std::vector<double> t = rope_theta_table(rp.n_dims, rp.freq_base, rp.freq_scale, rp.freq_factors);
              std::memcpy(host, t.data(), n * sizeof(double));
              return {};
            },
            [&d, kind](const uint8_t* p) { d.rope_theta[kind] = reinterpret_cast<const double*>(p); });
      }
    }
  }

  // Allocate every device's weights first (so a failure leaves no half-uploaded state), then upload.
  uint64_t total_bytes = 0;
  for (auto& dp : devs_) {
    DeviceState& d = *dp;
    if (!d.active) continue;
    const size_t bytes = layouts[static_cast<size_t>(d.index)].total();
    if (d.dev.quota_bytes > 0 && d.allocated.total() + bytes > d.dev.quota_bytes)
      return make_error(ErrorKind::OutOfMemory, "device " + std::to_string(d.dev.index) + " (" + d.dev.name +
                                                    "): weights of " + std::to_string(bytes) +
                                                    " bytes exceed its quota of " + std::to_string(d.dev.quota_bytes));
    TESSERA_ASSIGN_OR_RETURN(d.weights, DeviceBuffer::allocate(d.dev.physical, bytes, "model weights"));
    d.allocated.weights += bytes;
    total_bytes += layouts[static_cast<size_t>(d.index)].data_bytes();
  }
  uint64_t done = 0;
  auto report = [&](size_t bytes) -> Status {
    done += bytes;
    if (progress &&
        !progress(0.95f * static_cast<float>(done) / static_cast<float>(std::max<uint64_t>(total_bytes, 1))))
      return make_error(ErrorKind::Cancelled, "loading " + spec_.source_path + " was cancelled");
    return {};
  };
  for (auto& dp : devs_) {
    DeviceState& d = *dp;
    if (!d.active) continue;
    TESSERA_TRY(use_device(d));
    TESSERA_TRY(layouts[static_cast<size_t>(d.index)].upload(d, report));
    if (d.index == out_dev_ && spec_.tied_embeddings && d.index == home_) d.output = d.embd;
    for (auto& l : d.layers) {
      fuse_rows({&l[LayerTensor::Wq], &l[LayerTensor::Wk], &l[LayerTensor::Wv]}, &l.wqkv);
      fuse_rows({&l[LayerTensor::FfnGate], &l[LayerTensor::FfnUp]}, &l.gate_up);
    }
  }
  return {};
}

Status CudaModel::setup_scratch(DeviceState& d) {
  TESSERA_TRY(use_device(d));
  const int64_t b = n_batch_;
  const int64_t E = spec_.n_embd;
  const bool row = plan_.mode == SplitMode::Row;
  const bool is_main = d.index == plan_.main_device;
  const bool has_output = d.index == out_dev_;
  const size_t nd = devs_.size();

  // The planner's ScratchNeeds for this device (same inputs as core/split/split_plan.cpp).
  uint64_t largest = 0;
  if (row) {
    for (const auto& l : d.layers) {
      if (l[LayerTensor::Wq].rows > 0) largest = std::max<uint64_t>(largest, static_cast<uint64_t>(d.q_dim * E));
      if (l.n_ff > 0) largest = std::max<uint64_t>(largest, static_cast<uint64_t>(l.n_ff * E));
    }
  } else {
    for (int32_t li : d.plan.layers)
      largest = std::max(largest, ModelSpec::largest_layer_matrix(spec_.layers[static_cast<size_t>(li)], spec_.n_expert));
  }
  if (has_output && spec_.output.present())
    largest = std::max<uint64_t>(largest, static_cast<uint64_t>(spec_.output.n_elements()));
  ScratchNeeds needs{b,      E,        d.q_dim, d.kv_dim,    d.n_ff,      has_output ? spec_.n_vocab : 0,
                     n_ctx_, d.n_head, largest, all_logits_, d.n_head_kv, spec_.head_dim};
  const bool moe = spec_.has_moe() && !row;
  if (moe) {
    needs.n_expert = spec_.n_expert;
    needs.n_expert_used = spec_.n_expert_used;
  }
  uint64_t planned = scratch_bytes(needs);
  if (row && is_main) planned += align_up(4ull * static_cast<uint64_t>(b * E) * (nd - 1));
  if (planned != d.plan.bytes.scratch)
    notes_.push_back("device " + std::to_string(d.index) + ": scratch recomputed as " + std::to_string(planned) +
                     " bytes, the plan says " + std::to_string(d.plan.bytes.scratch));

  // Region sizes: as scratch_bytes() counts them, grown where a kernel needs more.
  size_t act_sum = 0;
  for (int64_t w : {E, E, E, d.q_dim, d.q_dim, d.kv_dim, d.kv_dim, d.n_ff, d.n_ff})
    act_sum += align16(4 * static_cast<size_t>(b * w));
  const size_t act_bytes = align_up(act_sum);
  const int64_t widest = std::max({E, d.q_dim, d.n_ff});
  size_t in_bytes = align_up(2 * static_cast<size_t>(b * widest));
  in_bytes =
      std::max(in_bytes, align_up(q8_activations_bytes((widest + 31) / 32 * 32,
                                                       static_cast<int>(std::min<int64_t>(b, kMaxMatvecVectors)))));
  // The attention kernel's split-K workspace: the planner counts the same function of the same sizes.
  const size_t attn_bytes =
      d.n_head > 0
          ? align_up(attention_workspace_max(static_cast<int>(b), static_cast<int>(d.n_head),
                                             static_cast<int>(d.n_head_kv), static_cast<int>(spec_.head_dim), n_ctx_))
          : 0;
  const size_t logits_bytes =
      has_output ? align_up(4 * static_cast<size_t>(spec_.n_vocab) * static_cast<size_t>(all_logits_ ? b : 1)) : 0;
  size_t wf16_bytes = align_up(2 * static_cast<size_t>(largest));
  const size_t argmax_bytes = has_output ? align_up(argmax_workspace_bytes(spec_.n_vocab)) + kAlign : 0;
  wf16_bytes = std::max(wf16_bytes, argmax_bytes);
  const size_t io_bytes = align_up(8 * static_cast<size_t>(b));
  const size_t recv_bytes = row && is_main ? align_up(4ull * static_cast<size_t>(b * E) * (nd - 1)) : 0;
  // Mixture of experts: the regions scratch_bytes() counts (core/split/split_plan.cpp).
  const size_t moe_rows = moe ? static_cast<size_t>(b) * static_cast<size_t>(spec_.n_expert_used) : 0;
  const size_t k_used = moe ? static_cast<size_t>(spec_.n_expert_used) : 0;
  const size_t moe_logits_bytes = moe ? align_up(4 * static_cast<size_t>(b) * static_cast<size_t>(spec_.n_expert)) : 0;
  const size_t moe_route_bytes = align_up(8 * moe_rows);
  const size_t moe_index_bytes = align_up(8 * moe_rows);
  const size_t moe_tile_ints = moe ? 3 * moe_rows + 4 * static_cast<size_t>(spec_.n_expert) + 16 : 0;
  const size_t moe_tile_bytes = align_up(4 * moe_tile_ints);
  const size_t moe_row_bytes = align_up(4 * moe_rows * static_cast<size_t>(E));
  const size_t moe_ff_bytes = align_up(4 * moe_rows * static_cast<size_t>(d.n_ff));
  const size_t moe_q8_bytes = align_up(2 * k_used * static_cast<size_t>(std::max(E, d.n_ff)));
  const size_t moe_bytes =
      moe ? moe_logits_bytes + moe_route_bytes + moe_index_bytes + moe_tile_bytes + 2 * moe_row_bytes +
                2 * moe_ff_bytes + moe_q8_bytes
          : 0;
  if (moe && q8_activations_bytes((std::max(E, d.n_ff) + 31) / 32 * 32, static_cast<int>(k_used)) > moe_q8_bytes)
    return make_error(ErrorKind::InvalidArgument, "MoE decode: the int8 copies of " + std::to_string(k_used) +
                                                      " vectors do not fit the planned region");
  const size_t arena =
      act_bytes + in_bytes + attn_bytes + logits_bytes + wf16_bytes + io_bytes + recv_bytes + moe_bytes;

  if (d.dev.quota_bytes > 0 && d.allocated.total() + arena + d.plan.bytes.kv_cache > d.dev.quota_bytes)
    return make_error(ErrorKind::OutOfMemory, "device " + std::to_string(d.dev.index) + " (" + d.dev.name +
                                                  "): KV cache and scratch exceed its quota of " +
                                                  std::to_string(d.dev.quota_bytes) + " bytes");
  // KV cache: K for every slot, then V; rows as backend/kv_cache_type.h sizes them (the plan's bytes).
  d.kv_row_words = kv_cache_row_words(kv_type_, d.kv_dim);
  const size_t kv_bytes = kv_cache_bytes(d.n_kv_slots, d.kv_dim, n_ctx_, kv_type_);
  TESSERA_ASSIGN_OR_RETURN(d.kv, DeviceBuffer::allocate(d.dev.physical, kv_bytes, "KV cache"));
  d.allocated.kv_cache += kv_bytes;
  TESSERA_ASSIGN_OR_RETURN(d.scratch_arena, DeviceBuffer::allocate(d.dev.physical, arena, "scratch buffers"));
  d.allocated.scratch += arena;
  if (kv_bytes > 0) TESSERA_CUDA_CHECK_DEV(cudaMemsetAsync(d.kv.data(), 0, kv_bytes, d.stream), d.dev.physical);

  uint8_t* p = d.scratch_arena.as<uint8_t>();
  auto carve_f = [&](int64_t elems) {
    float* r = reinterpret_cast<float*>(p);
    p += align16(4 * static_cast<size_t>(elems));
    return r;
  };
  uint8_t* const base = p;
  Scratch& s = d.s;
  s.x = carve_f(b * E);
  s.xb = carve_f(b * E);
  s.xb2 = carve_f(b * E);
  s.qkv_stride = d.q_dim + 2 * d.kv_dim;
  s.q = carve_f(b * s.qkv_stride);  // fits the q, k, v shares of act_sum (each rounded up alone)
  s.k = s.q + d.q_dim;
  s.v = s.k + d.kv_dim;
  s.att = carve_f(b * d.q_dim);
  s.gate = carve_f(b * d.n_ff);
  s.up = carve_f(b * d.n_ff);
  p = base + act_bytes;
  s.in = p;
  s.in_bytes = in_bytes;
  p += in_bytes;
  s.attn_ws = p;
  s.attn_ws_bytes = attn_bytes;
  p += attn_bytes;
  s.logits = logits_bytes > 0 ? reinterpret_cast<float*>(p) : nullptr;
  p += logits_bytes;
  s.w_f16 = reinterpret_cast<uint16_t*>(p);
  s.w_f16_bytes = wf16_bytes;
  if (has_output) {
    s.argmax_out = reinterpret_cast<int32_t*>(p);
    s.argmax_ws = p + kAlign;
    s.argmax_ws_bytes = wf16_bytes - kAlign;
  }
  p += wf16_bytes;
  s.io = reinterpret_cast<int32_t*>(p);
  p += io_bytes;
  s.recv = recv_bytes > 0 ? reinterpret_cast<float*>(p) : nullptr;
  p += recv_bytes;
  if (moe) {
    s.moe_logits = reinterpret_cast<float*>(p);
    p += moe_logits_bytes;
    s.moe_ids = reinterpret_cast<int32_t*>(p);
    s.moe_weights = reinterpret_cast<float*>(p + 4 * moe_rows);
    p += moe_route_bytes;
    s.moe_gather = reinterpret_cast<int32_t*>(p);
    s.moe_slot_row = s.moe_gather + moe_rows;
    p += moe_index_bytes;
    s.moe_tiles = reinterpret_cast<int32_t*>(p);
    s.moe_tiles_ints = moe_tile_ints;
    p += moe_tile_bytes;
    s.moe_in = reinterpret_cast<float*>(p);
    p += moe_row_bytes;
    s.moe_out = reinterpret_cast<float*>(p);
    p += moe_row_bytes;
    s.moe_gate = reinterpret_cast<float*>(p);
    p += moe_ff_bytes;
    s.moe_up = reinterpret_cast<float*>(p);
    p += moe_ff_bytes;
    s.moe_q8 = p;
    p += moe_q8_bytes;
  }
  // Poison-free start: activations are always written before they are read; zero anyway so a bug
  // shows as wrong numbers rather than NaNs from old allocations.
  TESSERA_CUDA_CHECK_DEV(cudaMemsetAsync(d.scratch_arena.data(), 0, arena, d.stream), d.dev.physical);
  return {};
}

Status CudaModel::setup_transfers() {
  const size_t nd = devs_.size();
  peer_.assign(nd, std::vector<int8_t>(nd, 0));
  // Which pairs exchange data: Layer: consecutive layer devices and home -> every device
  // (positions); Row: main <-> every participant.
  std::vector<std::pair<int, int>> pairs;
  for (size_t i = 0; i < nd; ++i) {
    if (!devs_[i]->active || static_cast<int>(i) == home_) continue;
    pairs.push_back({home_, static_cast<int>(i)});
    pairs.push_back({static_cast<int>(i), home_});
  }
  if (plan_.mode != SplitMode::Row)
    for (size_t l = 1; l < plan_.layer_device.size(); ++l)
      if (plan_.layer_device[l] != plan_.layer_device[l - 1])
        pairs.push_back({plan_.layer_device[l - 1], plan_.layer_device[l]});
  const size_t stage_bytes = 4 * static_cast<size_t>(n_batch_) * static_cast<size_t>(spec_.n_embd);
  for (auto [a, b] : pairs) {
    DeviceState& da = *devs_[static_cast<size_t>(a)];
    DeviceState& db = *devs_[static_cast<size_t>(b)];
    if (da.dev.physical == db.dev.physical) continue;  // same GPU: plain device-to-device copies
    int can = 0;
    TESSERA_CUDA_CHECK_DEV(cudaDeviceCanAccessPeer(&can, db.dev.physical, da.dev.physical), db.dev.physical);
    if (can) {
      TESSERA_TRY(use_device(db));
      const cudaError_t e = cudaDeviceEnablePeerAccess(da.dev.physical, 0);
      if (e != cudaSuccess && e != cudaErrorPeerAccessAlreadyEnabled)
        return cuda_error(e, "cudaDeviceEnablePeerAccess", db.dev.physical);
      (void)cudaGetLastError();
      peer_[static_cast<size_t>(b)][static_cast<size_t>(a)] = 1;
      continue;
    }
    bool have = false;
    for (const auto& st : stages_) have = have || (st.src == a && st.dst == b);
    if (have) continue;
    HostStage st{a, b, nullptr, stage_bytes};
    TESSERA_CUDA_CHECK(cudaHostAlloc(&st.host, stage_bytes, cudaHostAllocPortable));
    stages_.push_back(st);
  }
  return {};
}

}  // namespace tessera::cuda
