// The CPU backend's loaded model (internal to core/backend; the public face is cpu_backend.h).
// It implements the blocks of the layer loop (layer_loop.h) plainly in float32: cpu_backend.cpp
// loads and answers the host-facing calls, cpu_blocks.cpp computes the blocks.
//
// Activations for n_batch tokens are row-major [token][feature]. Quantized weight rows are read in
// place from the mapped file and dequantized on the fly (fused dequantize + dot in decode, blocks
// of kRowBlock rows dequantized once per prompt batch); gains and biases are converted to f32 once.
#pragma once

#include <array>
#include <memory>
#include <span>
#include <vector>

#include "backend/backend.h"
#include "backend/cpu_kv_cache.h"
#include "backend/cpu_recurrent_state.h"
#include "backend/layer_loop.h"
#include "backend/thread_pool.h"

namespace tessera::cpu {

// Weight rows dequantized together for a prompt batch (see CpuModel::matmul).
constexpr int64_t kRowBlock = 16;

struct ThreadScratch {
  std::vector<float> row;     // kRowBlock dequantized weight rows
  std::vector<float> scores;  // attention scores over the context
  std::vector<float> delta;   // a Gated DeltaNet head's chunked delta rule (cpu_delta_net.h)
};

// One layer's vector slots as f32 (gains, biases); empty where the slot is absent.
struct CpuLayer {
  std::array<std::vector<float>, kLayerTensorCount> vec;
  const std::vector<float>& operator[](LayerTensor t) const { return vec[static_cast<size_t>(t)]; }
};

// cos/sin of one rotary parameter set for the positions of the current eval.
struct RopeTable {
  RopeParams params;
  std::vector<double> freqs;
  std::vector<float> cos, sin;  // n_batch x n_dims/2
};

class CpuModel final : public BackendModel, private LayerBlocks {
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
    state_.clear();
  }
  Status kv_keep(int32_t n) override;
  bool has_recurrent_state() const override { return !state_.empty(); }
  Status save_checkpoint() override;
  int32_t restorable_position(int32_t n) const override;
  Status kv_remove(int32_t begin, int32_t count) override;  // cpu_kv_remove.cpp
  bool kv_remove_supported() const override;
  MemoryFootprint footprint() const override;
  std::string describe() const override;

 private:
  // The blocks (cpu_blocks.cpp).
  Status embed(const StepShape& step) override;
  Status attention(int32_t layer, const StepShape& step) override;
  Status gated_delta_net(int32_t layer, const StepShape& step) override;
  Status dense_ffn(int32_t layer, const StepShape& step) override;
  Status moe_ffn(int32_t layer, const StepShape& step) override;
  Status output(const StepShape& step) override;

  // y[t * y_stride + r] = dot(W row r, x + t * x_stride) for t < n_tok, r < rows of W.
  void matmul(const TensorRef& w, const float* x, int64_t n_tok, int64_t x_stride, float* y, int64_t y_stride);
  void add_bias(float* y, const std::vector<float>& b, int64_t n_tok, int64_t stride);
  // y rows = norm(y rows, gain) when the gain is present, then x rows += y rows.
  void post_norm_add(const std::vector<float>& gain, int64_t n_tok);
  void attend(int32_t layer, int64_t n_tok, int32_t start_pos);
  // The shared expert of MoE layer `layer`, added to xb2 (its input in xb).
  void shared_expert(int32_t layer, int64_t n_tok);
  const RopeTable& rope_table(const LayerSpec& l) const;

  ModelSpec spec_;
  std::vector<CpuLayer> layers_;
  std::vector<float> output_norm_;
  RopeTable rope_full_, rope_swa_;
  bool separate_swa_rope_ = false;
  int32_t n_ctx_ = 0;
  int32_t n_batch_ = 0;
  int32_t n_past_ = 0;
  bool all_logits_capacity_ = false;
  KvCacheType kv_type_ = KvCacheType::F16;
  KvCache kv_;
  std::vector<int32_t> kv_slot_;  // per layer: its rows in kv_ (attention layers), -1 for recurrent ones
  RecurrentState state_;          // the recurrent layers' state and checkpoints
  std::vector<float> k_wide_, v_wide_;  // one layer's F16/Q8_0/Q4_0 K/V widened for attention
  std::unique_ptr<ThreadPool> pool_;
  std::vector<ThreadScratch> scratch_;
  std::span<const int32_t> tokens_;  // the current eval's ids

  std::vector<float> x_, xb_, xb2_, q_, k_, v_, att_, gate_, up_;
  std::vector<float> router_, moe_in_, moe_out_;  // MoE: logits [token][expert], gathered rows, outputs
  std::vector<float> q_gate_;  // attention_output_gate: Wq's rows [token][head][q | gate], then the gates
  // Gated DeltaNet: q|k|v [token][C], z and the outputs [token][Vd], beta and decay logs
  // [token][Hv], and Qwen3-Next's grouped beta|decay logits [token][2 Hv].
  std::vector<float> dn_qkv_, dn_z_, dn_out_, dn_beta_, dn_g_, dn_ba_;
  std::vector<float> logits_;
  int64_t logits_rows_ = 0;
  int64_t n_ff_max_ = 0;
};

}  // namespace tessera::cpu
