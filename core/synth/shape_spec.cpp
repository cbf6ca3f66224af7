#include "synth/shape_spec.h"

namespace tessera::synth {

ModelSpec shape_spec(const ModelShape& s, const SynthOptions& o) {
  const bool kquant = type_info(o.type).block_size == 256;
  const GgmlType out_type = (kquant && o.output_q6k_for_kquants) ? GgmlType::Q6_K : o.type;
  auto matrix = [](std::string name, int64_t cols, int64_t rows, GgmlType t) {
    return TensorRef{std::move(name), fallback_type(t, cols), {cols, rows}, {}};
  };
  auto vec = [](std::string name, int64_t n) { return TensorRef{std::move(name), GgmlType::F32, {n}, {}}; };
  ModelSpec m;
  m.architecture = s.architecture;
  m.name = s.name;
  m.n_vocab = s.n_vocab;
  m.n_embd = s.n_embd;
  m.n_layer = s.n_layer;
  m.n_head = s.n_head;
  m.n_head_kv = s.n_head_kv;
  m.head_dim = s.n_embd / s.n_head;
  m.n_ctx_train = s.n_ctx_train;
  m.rms_eps = s.rms_eps;
  m.rope.n_dims = static_cast<int32_t>(m.head_dim);
  m.rope.freq_base = s.rope_freq_base;
  m.rope.mode = s.architecture == "qwen2" ? RopeMode::NeoX : RopeMode::Normal;
  m.token_embd = matrix("token_embd.weight", s.n_embd, s.n_vocab, s.tied_embeddings ? out_type : o.type);
  m.output_norm = vec("output_norm.weight", s.n_embd);
  m.tied_embeddings = s.tied_embeddings;
  m.output = s.tied_embeddings ? m.token_embd : matrix("output.weight", s.n_embd, s.n_vocab, out_type);
  const int64_t kv_dim = m.kv_dim();
  for (int64_t l = 0; l < s.n_layer; ++l) {
    const std::string p = "blk." + std::to_string(l) + ".";
    LayerSpec L;
    L.attn_norm = vec(p + "attn_norm.weight", s.n_embd);
    L.wq = matrix(p + "attn_q.weight", s.n_embd, s.n_embd, o.type);
    L.wk = matrix(p + "attn_k.weight", s.n_embd, kv_dim, o.type);
    L.wv = matrix(p + "attn_v.weight", s.n_embd, kv_dim, o.type);
    if (s.qkv_bias) {
      L.bq = vec(p + "attn_q.bias", s.n_embd);
      L.bk = vec(p + "attn_k.bias", kv_dim);
      L.bv = vec(p + "attn_v.bias", kv_dim);
    }
    L.wo = matrix(p + "attn_output.weight", s.n_embd, s.n_embd, o.type);
    L.ffn_norm = vec(p + "ffn_norm.weight", s.n_embd);
    L.ffn_gate = matrix(p + "ffn_gate.weight", s.n_embd, s.n_ff, o.type);
    L.ffn_up = matrix(p + "ffn_up.weight", s.n_embd, s.n_ff, o.type);
    L.ffn_down = matrix(p + "ffn_down.weight", s.n_ff, s.n_embd, o.type);
    L.n_ff = s.n_ff;
    m.layers.push_back(std::move(L));
  }
  return m;
}

}  // namespace tessera::synth
