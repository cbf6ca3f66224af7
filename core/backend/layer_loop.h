// The forward pass, written once: the layer loop over block-sized operations that each backend
// implements (LayerBlocks), and the eval argument check every backend shares.
//
// The blocks are as large as the equations in model_spec.h allow without fixing how a backend
// computes them, so a GPU backend keeps its fusions (norm + quantized input, Q|K|V in one matrix,
// gate|up + activation, RoPE + KV write), captures a whole decode step in one CUDA graph (the loop
// runs inside the capture), and splits a model across devices inside its blocks (a layer's device
// in layer split, the partial sums of row split). What a block computes is fixed by the spec: its
// tensors (present or absent) and the block choices.
#pragma once

#include <cstdint>
#include <span>

#include "backend/backend.h"
#include "backend/model_spec.h"
#include "common/error.h"

namespace tessera {

// One eval: n_tokens tokens at positions start_pos.. (the token ids are with the backend).
struct StepShape {
  int32_t n_tokens = 0;
  int32_t start_pos = 0;
  LogitsRequest logits = LogitsRequest::Last;
};

// The blocks of model_spec.h's equations. Each reads and updates the backend's residual stream x
// (n_tokens rows of n_embd); attention blocks of layer l see the KV cache holding positions <
// start_pos and write this step's positions of layer l; recurrent blocks of layer l read their
// layer's state (the sequence up to start_pos) and leave it after the step's last token.
class LayerBlocks {
 public:
  virtual ~LayerBlocks() = default;
  // x = embedding_scale * token_embd[token].
  virtual Status embed(const StepShape& step) = 0;
  // Norm, Q/K/V (+ biases), q/k norm, RoPE and the KV-cache write, attention (window, soft-cap,
  // sinks), the output gate, output projection (+ bias), post-norm, residual add.
  virtual Status attention(int32_t layer, const StepShape& step) = 0;
  // Norm, the in-projections (q|k|v, z, beta and decay logits), the causal convolution with its
  // rolling state, L2-normalised q/k, the gated delta-rule update of the per-head state, the gated
  // RMS norm, the out-projection, residual add. A backend without it refuses such models at load;
  // this default says so should one reach it anyway.
  virtual Status gated_delta_net(int32_t layer, const StepShape& step);
  // Norm, gate/up with the activation, down, post-norm, residual add.
  virtual Status dense_ffn(int32_t layer, const StepShape& step) = 0;
  // Norm, router (+ bias), top-k experts with the softmax of their logits as weights, their
  // gate/up (+ biases), activation, down (+ bias), the weighted sum, the shared expert (with its
  // sigmoid gate), post-norm, residual add.
  virtual Status moe_ffn(int32_t layer, const StepShape& step) = 0;
  // Final norm, output matrix, final soft-cap: the rows step.logits asks for (none for None).
  virtual Status output(const StepShape& step) = 0;
};

// The layer loop: embed, then per layer its mixer (attention or a recurrent block) and its FFN
// block, then the output.
Status run_layer_loop(const ModelSpec& spec, LayerBlocks& blocks, const StepShape& step);

// What BackendModel::eval promises to check before it runs anything (backend.h's contract):
// tokens present and at most n_batch, no gap before start_pos (<= n_past; == n_past for a model
// with recurrent state, whose state is that of all n_past positions), positions inside n_ctx, All
// logits only when loaded for them, every id inside the vocabulary.
struct EvalLimits {
  int32_t n_batch = 0;
  int32_t n_ctx = 0;
  int32_t n_past = 0;
  int64_t n_vocab = 0;
  bool all_logits = false;
  bool recurrent = false;
};
Status check_eval_arguments(std::span<const int32_t> tokens, int32_t start_pos, LogitsRequest request,
                            const EvalLimits& limits);

// What BackendModel::kv_remove promises to check: 0 <= begin, 0 <= count, begin + count <= n_past.
Status check_kv_remove_span(int32_t begin, int32_t count, int32_t n_past);

}  // namespace tessera
