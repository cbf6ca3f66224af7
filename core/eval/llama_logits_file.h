// llama-perplexity's own KL-divergence base format (the "_logits_" files it writes with
// --kl-divergence-base FILE and reads back with --kl-divergence), written so that llama.cpp's tool
// measures llama.cpp against the same reference run as Tessera's `--kl-divergence-base`: one CPU
// reference run saves both files, then
//   tessera-cli perplexity ... --backend cuda --kl-divergence-base ref.kld
//   llama-perplexity ... --kl-divergence --kl-divergence-base ref.llama-logits
// compare each CUDA backend with that one reference.
//
// Layout (little-endian, as llama-perplexity reads it):
//   char[8] "_logits_"; uint32 n_ctx; int32 n_vocab; int32 n_chunks; int32 tokens[n_chunks * n_ctx]
//   then n_chunks x (n_ctx - 1 - n_ctx/2) rows of nv = 2 * ((n_vocab + 1) / 2) + 4 uint16 values:
//   float scale, float min_log_prob (4 uint16s), n_vocab codes, padding to nv.
//   Per row: window = [max(min logit, max logit - 16), max logit]; scale = window / 65535;
//   code = round((logit - window low) / scale) for logits above the window's low end, else 0;
//   log p = scale x code + min_log_prob. (llama-perplexity replaces each chunk's first token by BOS
//   itself, as Tessera does, so the stored tokens are the text's.)
// llama-perplexity of 2026-08 reads these files as they are: tests/cli/llama_perplexity_interop_test.cpp
// runs it on one (docs/perf.md, "Quality measurement", has the figures).
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/error.h"
#include "eval/perplexity.h"

namespace tessera::eval {

// The uint16 values of one row: [scale, min_log_prob as two floats] + codes + padding.
std::vector<uint16_t> encode_llama_logits_row(std::span<const float> logits);
uint64_t llama_logits_file_bytes(uint32_t n_vocab, const ChunkPlan& plan);

class LlamaLogitsWriter {
 public:
  static Result<LlamaLogitsWriter> create(const std::string& path, uint32_t n_vocab, const ChunkPlan& plan,
                                          std::span<const int32_t> tokens);
  LlamaLogitsWriter(LlamaLogitsWriter&&) noexcept = default;
  LlamaLogitsWriter& operator=(LlamaLogitsWriter&&) noexcept = default;
  ~LlamaLogitsWriter() = default;

  Status append(std::span<const float> logits);
  // Closes the file; an error when rows are missing.
  Status finish();

 private:
  struct Closer {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  LlamaLogitsWriter() = default;
  std::unique_ptr<std::FILE, Closer> file_;
  std::string path_;
  uint32_t n_vocab_ = 0;
  int64_t rows_expected_ = 0, rows_written_ = 0;
};

}  // namespace tessera::eval
