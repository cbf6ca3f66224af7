#include "backend/cpu_backend.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <new>
#include <thread>

#include "backend/cpu_kernels.h"
#include "backend/cpu_kv_cache.h"
#include "backend/thread_pool.h"
#include "quant/dequantize.h"
#include "quant/dot.h"

namespace tessera {
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

// Norm weights and biases are tiny: converted to float once at load.
Result<std::vector<float>> to_floats(const TensorRef& t) {
  std::vector<float> out(static_cast<size_t>(t.n_elements()));
  if (out.empty()) return out;
  TESSERA_TRY(require_supported(t.type, t.name));
  TESSERA_TRY(dequantize_row(t.type, t.data.data(), out.data(), t.n_elements()));
  return out;
}

struct CpuLayer {
  std::vector<float> attn_norm, ffn_norm, bq, bk, bv, bo;
};

// Weight rows dequantized together for a prompt batch (see matmul).
constexpr int64_t kRowBlock = 16;

struct ThreadScratch {
  std::vector<float> row;     // kRowBlock dequantized weight rows
  std::vector<float> scores;  // attention scores over the context
};

class CpuModel final : public BackendModel {
 public:
  Status init(const ModelSpec& spec, const BackendModelSettings& settings, const ProgressFn& progress);

  Status eval(std::span<const int32_t> tokens, int32_t start_pos, LogitsRequest request) override;
  Result<std::span<const float>> logits() override;
  Result<int32_t> argmax() override;
  int32_t n_ctx() const override { return n_ctx_; }
  int32_t n_batch() const override { return n_batch_; }
  int64_t n_vocab() const override { return spec_.n_vocab; }
  int32_t n_past() const override { return n_past_; }
  void kv_clear() override {
    n_past_ = 0;
    logits_rows_ = 0;
  }
  Status kv_keep(int32_t n) override;
  MemoryFootprint footprint() const override;
  std::string describe() const override;

 private:
  // y[t * y_stride + r] = dot(W row r, x + t * x_stride) for t < n_tok, r < rows of W.
  void matmul(const TensorRef& w, const float* x, int64_t n_tok, int64_t x_stride, float* y, int64_t y_stride);
  void add_bias(float* y, const std::vector<float>& b, int64_t n_tok, int64_t stride);
  void attention(int64_t layer, int64_t n_tok, int32_t start_pos);

  ModelSpec spec_;
  std::vector<CpuLayer> layers_;
  std::vector<float> output_norm_;
  std::vector<double> rope_freqs_;
  int32_t n_ctx_ = 0;
  int32_t n_batch_ = 0;
  int32_t n_past_ = 0;
  bool all_logits_capacity_ = false;
  KvCacheType kv_type_ = KvCacheType::F16;
  cpu::KvCache kv_;
  std::vector<float> k_wide_, v_wide_;  // one layer's F16 K/V widened for attention
  std::unique_ptr<ThreadPool> pool_;
  std::vector<ThreadScratch> scratch_;

  // Activations for n_batch tokens, row-major [token][feature].
  std::vector<float> x_, xb_, xb2_, q_, k_, v_, att_, gate_, up_, rope_cos_, rope_sin_;
  std::vector<float> logits_;
  int64_t logits_rows_ = 0;
  int64_t n_ff_max_ = 0;
};

Status CpuModel::init(const ModelSpec& spec, const BackendModelSettings& settings, const ProgressFn& progress) {
  spec_ = spec;
  if (settings.n_ctx <= 0)
    return make_error(ErrorKind::InvalidArgument,
                      "context size must be positive, got " + std::to_string(settings.n_ctx));
  if (settings.n_batch <= 0)
    return make_error(ErrorKind::InvalidArgument,
                      "batch size must be positive, got " + std::to_string(settings.n_batch));
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
  if (spec_.rope.n_dims <= 0 || spec_.rope.n_dims % 2 != 0 || spec_.rope.n_dims > spec_.head_dim)
    return make_error(ErrorKind::BadFile, "rope dimension count " + std::to_string(spec_.rope.n_dims) +
                                              " must be even and at most the head size " +
                                              std::to_string(spec_.head_dim));
  rope_freqs_ = cpu::rope_frequencies(spec_.rope);

  const int64_t n_layer = spec_.n_layer;
  layers_.resize(static_cast<size_t>(n_layer));
  for (int64_t l = 0; l < n_layer; ++l) {
    const LayerSpec& ls = spec_.layers[static_cast<size_t>(l)];
    CpuLayer& cl = layers_[static_cast<size_t>(l)];
    TESSERA_ASSIGN_OR_RETURN(cl.attn_norm, to_floats(ls.attn_norm));
    TESSERA_ASSIGN_OR_RETURN(cl.ffn_norm, to_floats(ls.ffn_norm));
    if (ls.bq.present()) {
      TESSERA_ASSIGN_OR_RETURN(cl.bq, to_floats(ls.bq));
    }
    if (ls.bk.present()) {
      TESSERA_ASSIGN_OR_RETURN(cl.bk, to_floats(ls.bk));
    }
    if (ls.bv.present()) {
      TESSERA_ASSIGN_OR_RETURN(cl.bv, to_floats(ls.bv));
    }
    if (ls.bo.present()) {
      TESSERA_ASSIGN_OR_RETURN(cl.bo, to_floats(ls.bo));
    }
    n_ff_max_ = std::max(n_ff_max_, ls.n_ff);
    if (progress && !progress(0.9f * static_cast<float>(l + 1) / static_cast<float>(n_layer)))
      return make_error(ErrorKind::Cancelled, "loading " + spec_.source_path + " was cancelled");
  }
  TESSERA_ASSIGN_OR_RETURN(output_norm_, to_floats(spec_.output_norm));

  int n_threads = settings.n_threads > 0 ? settings.n_threads : static_cast<int>(std::thread::hardware_concurrency());
  n_threads = std::max(1, n_threads);

  const int64_t nb = n_batch_;
  const int64_t max_row = std::max({spec_.n_embd, spec_.q_dim(), n_ff_max_});
  // Fail before allocating when the host cannot hold the KV cache and buffers (an overcommitted
  // allocation would "succeed" and the process be killed later).
  const uint64_t kv_bytes = cpu::KvCache::bytes_for(kv_type_, n_layer, n_ctx_, spec_.kv_dim());
  const uint64_t widen_bytes = kv_type_ == KvCacheType::F16 ? kv_bytes * 2 / n_layer : 0;
  const uint64_t act_bytes =
      4ull * static_cast<uint64_t>(nb) *
          static_cast<uint64_t>(3 * spec_.n_embd + 2 * spec_.q_dim() + 2 * spec_.kv_dim() + 2 * n_ff_max_ +
                                spec_.rope.n_dims) +
      4ull * static_cast<uint64_t>(all_logits_capacity_ ? nb : 1) * static_cast<uint64_t>(spec_.n_vocab) +
      4ull * static_cast<uint64_t>(n_threads) * static_cast<uint64_t>(kRowBlock * max_row + n_ctx_);
  const uint64_t needed = kv_bytes + widen_bytes + act_bytes;
  if (const uint64_t available = host_available_bytes(); available != 0 && needed > available)
    return make_error(ErrorKind::OutOfMemory,
                      "host memory: the CPU backend needs " + std::to_string(needed) + " bytes for " +
                          spec_.source_path + " (KV cache " + std::to_string(kv_bytes) + " bytes for a context of " +
                          std::to_string(n_ctx_) + "), " + std::to_string(available) + " bytes are available");
  try {
    kv_.allocate(kv_type_, n_layer, n_ctx_, spec_.kv_dim());
    if (kv_type_ == KvCacheType::F16) {
      k_wide_.assign(static_cast<size_t>(n_ctx_ * spec_.kv_dim()), 0.0f);
      v_wide_.assign(k_wide_.size(), 0.0f);
    }
    x_.assign(static_cast<size_t>(nb * spec_.n_embd), 0.0f);
    xb_.assign(x_.size(), 0.0f);
    xb2_.assign(x_.size(), 0.0f);
    q_.assign(static_cast<size_t>(nb * spec_.q_dim()), 0.0f);
    att_.assign(q_.size(), 0.0f);
    k_.assign(static_cast<size_t>(nb * spec_.kv_dim()), 0.0f);
    v_.assign(k_.size(), 0.0f);
    gate_.assign(static_cast<size_t>(nb * n_ff_max_), 0.0f);
    up_.assign(gate_.size(), 0.0f);
    rope_cos_.assign(static_cast<size_t>(nb * spec_.rope.n_dims / 2), 0.0f);
    rope_sin_.assign(rope_cos_.size(), 0.0f);
    logits_.assign(static_cast<size_t>((all_logits_capacity_ ? nb : 1) * spec_.n_vocab), 0.0f);
    scratch_.resize(static_cast<size_t>(n_threads));
    for (auto& s : scratch_) {
      s.row.assign(static_cast<size_t>(kRowBlock * max_row), 0.0f);
      s.scores.assign(static_cast<size_t>(n_ctx_), 0.0f);
    }
  } catch (const std::bad_alloc&) {
    return make_error(ErrorKind::OutOfMemory, "host memory: cannot allocate " + std::to_string(needed) +
                                                  " bytes for the CPU KV cache and buffers of " + spec_.source_path +
                                                  " (context " + std::to_string(n_ctx_) + ")");
  }
  pool_ = std::make_unique<ThreadPool>(n_threads);
  if (progress && !progress(1.0f))
    return make_error(ErrorKind::Cancelled, "loading " + spec_.source_path + " was cancelled");
  return {};
}

void CpuModel::matmul(const TensorRef& w, const float* x, int64_t n_tok, int64_t x_stride, float* y, int64_t y_stride) {
  const int64_t n_in = w.row_length();
  const int64_t n_out = w.n_rows();
  const uint8_t* base = w.data.data();
  const uint64_t rb = w.row_bytes();
  const GgmlType type = w.type;
  if (n_tok == 1) {
    // Decode: one pass over the weights, fused dequantize + dot per row.
    const int64_t grain = std::max<int64_t>(1, 32768 / std::max<int64_t>(1, n_in));
    pool_->parallel_for(n_out, grain, [&](int64_t begin, int64_t end, int) {
      for (int64_t r = begin; r < end; ++r) {
        const uint8_t* row = base + static_cast<uint64_t>(r) * rb;
        y[r] = type == GgmlType::F32 ? cpu::dot_f32(reinterpret_cast<const float*>(row), x, n_in)
                                     : dot_row(type, row, x, n_in);
      }
    });
    return;
  }
  // Prompt batches: blocks of kRowBlock rows are dequantized once into the thread's scratch (small
  // enough to stay in cache) and multiplied with every token's input, so the activations stream
  // through once per block rather than once per row.
  const int64_t n_blocks = (n_out + kRowBlock - 1) / kRowBlock;
  pool_->parallel_for(n_blocks, 1, [&](int64_t begin, int64_t end, int th) {
    float* deq = scratch_[static_cast<size_t>(th)].row.data();
    const float* rows[kRowBlock];
    for (int64_t blk = begin; blk < end; ++blk) {
      const int64_t r0 = blk * kRowBlock;
      const int64_t nr = std::min(kRowBlock, n_out - r0);
      for (int64_t j = 0; j < nr; ++j) {
        const uint8_t* row = base + static_cast<uint64_t>(r0 + j) * rb;
        if (type == GgmlType::F32) {
          rows[j] = reinterpret_cast<const float*>(row);
        } else {
          // Types and row sizes were checked at load, so this cannot fail.
          (void)dequantize_row(type, row, deq + j * n_in, n_in);
          rows[j] = deq + j * n_in;
        }
      }
      for (int64_t t = 0; t < n_tok; ++t) {
        const float* xt = x + t * x_stride;
        float* yt = y + t * y_stride + r0;
        for (int64_t j = 0; j < nr; ++j) yt[j] = cpu::dot_f32(rows[j], xt, n_in);
      }
    }
  });
}

void CpuModel::add_bias(float* y, const std::vector<float>& b, int64_t n_tok, int64_t stride) {
  if (b.empty()) return;
  for (int64_t t = 0; t < n_tok; ++t) cpu::add_inplace(y + t * stride, b.data(), static_cast<int64_t>(b.size()));
}

void CpuModel::attention(int64_t layer, int64_t n_tok, int32_t start_pos) {
  const int64_t n_head = spec_.n_head;
  const int64_t hd = spec_.head_dim;
  const int64_t group = spec_.n_head / spec_.n_head_kv;
  const int64_t q_dim = spec_.q_dim();
  const int64_t kv_dim = spec_.kv_dim();
  const float scale = 1.0f / std::sqrt(static_cast<float>(hd));
  const float* keys = nullptr;
  const float* values = nullptr;
  kv_.read(layer, start_pos + n_tok, k_wide_.data(), v_wide_.data(), *pool_, &keys, &values);
  // Hand out (token, head) pairs in chunks worth ~16k multiply-adds, so small models stay on one
  // thread instead of paying the hand-out for a few hundred operations.
  const int64_t grain = std::max<int64_t>(1, 16384 / std::max<int64_t>(1, 2 * hd * (start_pos + n_tok)));
  pool_->parallel_for(n_tok * n_head, grain, [&](int64_t begin, int64_t end, int th) {
    float* scores = scratch_[static_cast<size_t>(th)].scores.data();
    for (int64_t idx = begin; idx < end; ++idx) {
      const int64_t t = idx / n_head;
      const int64_t h = idx % n_head;
      const int64_t kv_col = (h / group) * hd;
      const int64_t n_keys = start_pos + t + 1;  // causal: positions 0..pos
      const float* q = &q_[static_cast<size_t>(t * q_dim + h * hd)];
      for (int64_t j = 0; j < n_keys; ++j) scores[j] = cpu::dot_f32(q, keys + j * kv_dim + kv_col, hd) * scale;
      cpu::softmax(scores, n_keys);
      float* out = &att_[static_cast<size_t>(t * q_dim + h * hd)];
      std::fill(out, out + hd, 0.0f);
      for (int64_t j = 0; j < n_keys; ++j) {
        const float* v = values + j * kv_dim + kv_col;
        const float w = scores[j];
        for (int64_t i = 0; i < hd; ++i) out[i] += w * v[i];
      }
    }
  });
}

Status CpuModel::eval(std::span<const int32_t> tokens, int32_t start_pos, LogitsRequest request) {
  const int64_t n_tok = static_cast<int64_t>(tokens.size());
  if (n_tok == 0) return make_error(ErrorKind::InvalidArgument, "eval called with no tokens");
  if (n_tok > n_batch_)
    return make_error(ErrorKind::InvalidArgument, "eval of " + std::to_string(n_tok) +
                                                      " tokens exceeds the batch size " + std::to_string(n_batch_));
  if (start_pos < 0 || start_pos > n_past_)
    return make_error(ErrorKind::InvalidArgument, "eval at position " + std::to_string(start_pos) +
                                                      " leaves a gap: the KV cache holds " + std::to_string(n_past_) +
                                                      " positions");
  if (start_pos + n_tok > n_ctx_)
    return make_error(ErrorKind::InvalidArgument, "positions " + std::to_string(start_pos) + ".." +
                                                      std::to_string(start_pos + n_tok - 1) +
                                                      " do not fit the context of " + std::to_string(n_ctx_));
  if (request == LogitsRequest::All && !all_logits_capacity_)
    return make_error(ErrorKind::InvalidArgument,
                      "logits for every token were requested but the model was loaded without all_logits");
  for (int32_t id : tokens)
    if (id < 0 || id >= spec_.n_vocab)
      return make_error(
          ErrorKind::InvalidArgument,
          "token id " + std::to_string(id) + " is outside the vocabulary of " + std::to_string(spec_.n_vocab));

  const int64_t d = spec_.n_embd;
  const int64_t q_dim = spec_.q_dim();
  const int64_t kv_dim = spec_.kv_dim();
  const int64_t hd = spec_.head_dim;
  const int32_t n_rot = spec_.rope.n_dims;
  logits_rows_ = 0;

  // Embeddings.
  const TensorRef& emb = spec_.token_embd;
  for (int64_t t = 0; t < n_tok; ++t) {
    const uint8_t* row = emb.data.data() + static_cast<uint64_t>(tokens[static_cast<size_t>(t)]) * emb.row_bytes();
    TESSERA_TRY(dequantize_row(emb.type, row, &x_[static_cast<size_t>(t * d)], d));
  }
  // Rotation angles of this batch's positions, shared by every layer and head.
  for (int64_t t = 0; t < n_tok; ++t)
    cpu::rope_cos_sin(rope_freqs_.data(), n_rot, start_pos + static_cast<int32_t>(t),
                      &rope_cos_[static_cast<size_t>(t * n_rot / 2)], &rope_sin_[static_cast<size_t>(t * n_rot / 2)]);

  for (int64_t l = 0; l < spec_.n_layer; ++l) {
    const LayerSpec& ls = spec_.layers[static_cast<size_t>(l)];
    const CpuLayer& cl = layers_[static_cast<size_t>(l)];
    for (int64_t t = 0; t < n_tok; ++t)
      cpu::rms_norm(&x_[static_cast<size_t>(t * d)], cl.attn_norm.data(), &xb_[static_cast<size_t>(t * d)], d,
                    spec_.rms_eps);
    matmul(ls.wq, xb_.data(), n_tok, d, q_.data(), q_dim);
    matmul(ls.wk, xb_.data(), n_tok, d, k_.data(), kv_dim);
    matmul(ls.wv, xb_.data(), n_tok, d, v_.data(), kv_dim);
    add_bias(q_.data(), cl.bq, n_tok, q_dim);
    add_bias(k_.data(), cl.bk, n_tok, kv_dim);
    add_bias(v_.data(), cl.bv, n_tok, kv_dim);
    for (int64_t t = 0; t < n_tok; ++t) {
      const float* c = &rope_cos_[static_cast<size_t>(t * n_rot / 2)];
      const float* s = &rope_sin_[static_cast<size_t>(t * n_rot / 2)];
      for (int64_t h = 0; h < spec_.n_head; ++h)
        cpu::rope_head(&q_[static_cast<size_t>(t * q_dim + h * hd)], spec_.rope.mode, n_rot, c, s);
      for (int64_t h = 0; h < spec_.n_head_kv; ++h)
        cpu::rope_head(&k_[static_cast<size_t>(t * kv_dim + h * hd)], spec_.rope.mode, n_rot, c, s);
      kv_.store(l, start_pos + t, &k_[static_cast<size_t>(t * kv_dim)], &v_[static_cast<size_t>(t * kv_dim)]);
    }
    attention(l, n_tok, start_pos);
    matmul(ls.wo, att_.data(), n_tok, q_dim, xb2_.data(), d);
    add_bias(xb2_.data(), cl.bo, n_tok, d);
    for (int64_t t = 0; t < n_tok; ++t) {
      float* x = &x_[static_cast<size_t>(t * d)];
      cpu::add_inplace(x, &xb2_[static_cast<size_t>(t * d)], d);
      cpu::rms_norm(x, cl.ffn_norm.data(), &xb_[static_cast<size_t>(t * d)], d, spec_.rms_eps);
    }
    const int64_t n_ff = ls.n_ff;
    matmul(ls.ffn_gate, xb_.data(), n_tok, d, gate_.data(), n_ff);
    matmul(ls.ffn_up, xb_.data(), n_tok, d, up_.data(), n_ff);
    for (int64_t t = 0; t < n_tok; ++t)
      cpu::swiglu(&gate_[static_cast<size_t>(t * n_ff)], &up_[static_cast<size_t>(t * n_ff)], n_ff);
    matmul(ls.ffn_down, gate_.data(), n_tok, n_ff, xb2_.data(), d);
    for (int64_t t = 0; t < n_tok; ++t)
      cpu::add_inplace(&x_[static_cast<size_t>(t * d)], &xb2_[static_cast<size_t>(t * d)], d);
  }
  n_past_ = start_pos + static_cast<int32_t>(n_tok);

  if (request == LogitsRequest::None) return {};
  const int64_t first = request == LogitsRequest::Last ? n_tok - 1 : 0;
  const int64_t rows = n_tok - first;
  for (int64_t t = 0; t < rows; ++t)
    cpu::rms_norm(&x_[static_cast<size_t>((first + t) * d)], output_norm_.data(), &xb_[static_cast<size_t>(t * d)], d,
                  spec_.rms_eps);
  matmul(spec_.output, xb_.data(), rows, d, logits_.data(), spec_.n_vocab);
  logits_rows_ = rows;
  return {};
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
  int64_t best = 0;
  for (int64_t i = 1; i < spec_.n_vocab; ++i)
    if (row[i] > row[best]) best = i;
  return static_cast<int32_t>(best);
}

Status CpuModel::kv_keep(int32_t n) {
  if (n < 0 || n > n_past_)
    return make_error(ErrorKind::InvalidArgument,
                      "cannot keep " + std::to_string(n) + " positions: the KV cache holds " + std::to_string(n_past_));
  n_past_ = n;
  logits_rows_ = 0;
  return {};
}

MemoryFootprint CpuModel::footprint() const {
  MemoryFootprint f;
  f.mapped_bytes = spec_.weight_bytes();
  f.kv_cache_bytes = kv_.bytes();
  uint64_t scratch = 0;
  for (const auto* v : {&x_, &xb_, &xb2_, &q_, &k_, &v_, &att_, &gate_, &up_, &rope_cos_, &rope_sin_, &logits_})
    scratch += v->size() * sizeof(float);
  scratch += (k_wide_.size() + v_wide_.size()) * sizeof(float);
  for (const auto& s : scratch_) scratch += (s.row.size() + s.scores.size()) * sizeof(float);
  f.scratch_bytes = scratch;
  return f;
}

std::string CpuModel::describe() const {
  return "cpu (" + std::to_string(pool_ ? pool_->size() : 1) + " threads, " +
         (kv_type_ == KvCacheType::F16 ? "F16" : "F32") + " KV cache, context " + std::to_string(n_ctx_) + ")";
}

}  // namespace

Result<std::unique_ptr<BackendModel>> CpuBackend::load_model(const ModelSpec& spec,
                                                             const BackendModelSettings& settings,
                                                             const ProgressFn& progress) {
  if (spec.random_weights_seed != 0)
    return make_error(ErrorKind::Unsupported,
                      "the CPU backend runs only weights read from a GGUF file; random "
                      "in-memory weights (bench --synth) need the CUDA backend, or write a "
                      "file with tessera-cli synth");
  auto model = std::make_unique<CpuModel>();
  TESSERA_TRY(model->init(spec, settings, progress));
  return std::unique_ptr<BackendModel>(std::move(model));
}

BackendFactory cpu_backend_factory() {
  return []() -> Result<std::unique_ptr<Backend>> { return std::unique_ptr<Backend>(std::make_unique<CpuBackend>()); };
}

}  // namespace tessera
