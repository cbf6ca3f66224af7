#include "backend/layer_loop.h"

#include <string>

namespace tessera {

Status LayerBlocks::gated_delta_net(int32_t layer, const StepShape&) {
  return make_error(ErrorKind::Unsupported, "layer " + std::to_string(layer) +
                                                " is a Gated DeltaNet layer, which this backend does not compute");
}

Status run_layer_loop(const ModelSpec& spec, LayerBlocks& blocks, const StepShape& step) {
  TESSERA_TRY(blocks.embed(step));
  for (int32_t l = 0; l < static_cast<int32_t>(spec.layers.size()); ++l) {
    const LayerSpec& layer = spec.layers[static_cast<size_t>(l)];
    switch (layer.mixer) {
      case LayerMixer::Attention:
        TESSERA_TRY(blocks.attention(l, step));
        break;
      case LayerMixer::GatedDeltaNet:
        TESSERA_TRY(blocks.gated_delta_net(l, step));
        break;
    }
    if (layer.is_moe()) {
      TESSERA_TRY(blocks.moe_ffn(l, step));
    } else {
      TESSERA_TRY(blocks.dense_ffn(l, step));
    }
  }
  return blocks.output(step);
}

Status check_eval_arguments(std::span<const int32_t> tokens, int32_t start_pos, LogitsRequest request,
                            const EvalLimits& k) {
  const int64_t n_tok = static_cast<int64_t>(tokens.size());
  if (n_tok == 0) return make_error(ErrorKind::InvalidArgument, "eval called with no tokens");
  if (n_tok > k.n_batch)
    return make_error(ErrorKind::InvalidArgument, "eval of " + std::to_string(n_tok) +
                                                      " tokens exceeds the batch size " + std::to_string(k.n_batch));
  if (start_pos < 0 || start_pos > k.n_past)
    return make_error(ErrorKind::InvalidArgument, "eval at position " + std::to_string(start_pos) +
                                                      " leaves a gap: the KV cache holds " + std::to_string(k.n_past) +
                                                      " positions");
  if (k.recurrent && start_pos != k.n_past)
    return make_error(ErrorKind::InvalidArgument,
                      "eval at position " + std::to_string(start_pos) + " of a model with recurrent state, which holds " +
                          std::to_string(k.n_past) + " positions: it continues only at its end (kv_keep first)");
  if (start_pos + n_tok > k.n_ctx)
    return make_error(ErrorKind::InvalidArgument, "positions " + std::to_string(start_pos) + ".." +
                                                      std::to_string(start_pos + n_tok - 1) +
                                                      " do not fit the context of " + std::to_string(k.n_ctx));
  if (request == LogitsRequest::All && !k.all_logits)
    return make_error(ErrorKind::InvalidArgument,
                      "logits for every token were requested but the model was loaded without all_logits");
  for (int32_t id : tokens)
    if (id < 0 || id >= k.n_vocab)
      return make_error(ErrorKind::InvalidArgument, "token id " + std::to_string(id) +
                                                        " is outside the vocabulary of " + std::to_string(k.n_vocab));
  return {};
}

Status check_kv_remove_span(int32_t begin, int32_t count, int32_t n_past) {
  if (begin < 0 || count < 0 || static_cast<int64_t>(begin) + count > n_past)
    return make_error(ErrorKind::InvalidArgument, "cannot remove " + std::to_string(count) + " positions from " +
                                                      std::to_string(begin) + ": the KV cache holds " +
                                                      std::to_string(n_past));
  return {};
}

}  // namespace tessera
