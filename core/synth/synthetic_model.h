// Synthetic GGUF models: real shapes, random weights. For benchmarks (`tessera-cli synth`, `bench`)
// and tests. The weights are random but valid for their type: quantized blocks get random quant
// values and finite, small scales chosen so weights have a standard deviation of roughly 0.02,
// like trained models; F32/F16/BF16 get uniform values of the same spread; norm weights are
// near 1. Generation is deterministic for a seed and multi-threaded, so multi-gigabyte files are
// written at disk speed.
#pragma once

#include <cstdint>
#include <string>

#include "common/error.h"
#include "gguf/gguf_writer.h"
#include "quant/ggml_type.h"
#include "model/architectures.h"
#include "model/model_layout.h"
#include "synth/model_shapes.h"

namespace tessera::synth {

struct SynthOptions {
  GgmlType type = GgmlType::Q4_K;  // type of every 2-D weight matrix
  // Type of output.weight (and of token_embd when the embeddings are tied); F32 means "same as
  // `type`" is NOT implied: by default the output layer uses Q6_K for K-quant types, as the
  // common Q4_K_M recipe does, and `type` otherwise.
  bool output_q6k_for_kquants = true;
  uint64_t seed = 1234;
  int n_threads = 0;  // 0 = hardware concurrency
};

// The type a matrix of row length `n_per_row` gets: `wanted` when the row is a multiple of its
// block size, else Q8_0 (block 32), else F16.
GgmlType fallback_type(GgmlType wanted, int64_t n_per_row);

// Fills `dst` (n_bytes, a whole number of blocks of `type`) with random valid data.
// `kind` scales the values: weights (~0.02 spread) or norm gains (~1).
// DecayRate: negative values around -1 (a recurrent layer's decay rates, so its state decays).
enum class ValueKind { Weight, NormGain, Bias, DecayRate };
Status fill_random(GgmlType type, ValueKind kind, uint64_t seed, uint8_t* dst, uint64_t n_bytes, int n_threads);

// A writer holding the metadata (architecture keys, a synthetic SentencePiece-style vocabulary of
// shape.n_vocab tokens) and generated tensors; write_file() produces the GGUF.
Result<gguf::GgufWriter> make_synthetic_writer(const ModelShape& shape, const SynthOptions& options);

// The type synth gives a tensor of the layout: f32 for vectors and routers, `options.type` for
// matrices (the output layer Q6_K for K-quant types unless told otherwise), with fallback_type
// for rows that are not a whole number of blocks. shape_spec uses it too.
GgmlType synthetic_tensor_type(const FileTensor& tensor, const SynthOptions& options, bool tied_embeddings);
// The optional slots a shape's files carry (Q/K/V biases when the shape says so).
SlotMask optional_slots(const ModelShape& shape);

// Bytes of all tensors for this shape and options (what the file's data section will hold).
uint64_t synthetic_weight_bytes(const ModelShape& shape, const SynthOptions& options);

}  // namespace tessera::synth
