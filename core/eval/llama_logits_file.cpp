#include "eval/llama_logits_file.h"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cmath>
#include <cstring>

namespace tessera::eval {
namespace {

static_assert(std::endian::native == std::endian::little, "llama-perplexity's files are little-endian");

constexpr double kWindowNats = 16.0;  // llama-perplexity's window below the top logit

size_t row_values(uint32_t n_vocab) { return 2 * ((static_cast<size_t>(n_vocab) + 1) / 2) + 4; }

}  // namespace

std::vector<uint16_t> encode_llama_logits_row(std::span<const float> logits) {
  std::vector<uint16_t> row(row_values(static_cast<uint32_t>(logits.size())), 0);
  const float max_logit = *std::max_element(logits.begin(), logits.end());
  const float lowest = *std::min_element(logits.begin(), logits.end());
  const float low = std::max(lowest, static_cast<float>(max_logit - kWindowNats));
  double sum = 0.0;
  for (float v : logits) sum += std::exp(static_cast<double>(v) - max_logit);
  const auto log_sum = static_cast<float>(std::log(sum));
  const float min_log_prob = low - max_logit - log_sum;
  const float scale = (max_logit - low) / 65535.0f;
  std::memcpy(row.data(), &scale, sizeof(float));
  std::memcpy(row.data() + 2, &min_log_prob, sizeof(float));
  if (scale > 0.0f) {
    const float inv = 1.0f / scale;
    for (size_t i = 0; i < logits.size(); ++i)
      if (logits[i] > low)
        row[4 + i] = static_cast<uint16_t>(std::min(65535L, std::lround(inv * (logits[i] - low))));
  }
  return row;
}

uint64_t llama_logits_file_bytes(uint32_t n_vocab, const ChunkPlan& plan) {
  return 8 + 4 * 3 + 4ull * static_cast<uint64_t>(plan.n_chunks) * static_cast<uint64_t>(plan.n_ctx) +
         static_cast<uint64_t>(plan.scored_tokens()) * row_values(n_vocab) * 2;
}

Result<LlamaLogitsWriter> LlamaLogitsWriter::create(const std::string& path, uint32_t n_vocab, const ChunkPlan& plan,
                                                    std::span<const int32_t> tokens) {
  if (tokens.size() != static_cast<size_t>(plan.n_chunks) * static_cast<size_t>(plan.n_ctx))
    return make_error(ErrorKind::InvalidArgument, "llama.cpp logits file " + path + ": " + std::to_string(tokens.size()) +
                                                      " tokens given for " + std::to_string(plan.n_chunks) +
                                                      " chunks of " + std::to_string(plan.n_ctx));
  LlamaLogitsWriter w;
  w.path_ = path;
  w.n_vocab_ = n_vocab;
  w.rows_expected_ = plan.scored_tokens();
  w.file_.reset(std::fopen(path.c_str(), "wb"));
  if (!w.file_) return make_error(ErrorKind::Io, "cannot create " + path + ": " + std::strerror(errno));
  const uint32_t n_ctx = static_cast<uint32_t>(plan.n_ctx);
  const int32_t vocab = static_cast<int32_t>(n_vocab), chunks = plan.n_chunks;
  const bool ok = std::fwrite("_logits_", 1, 8, w.file_.get()) == 8 &&
                  std::fwrite(&n_ctx, 4, 1, w.file_.get()) == 1 && std::fwrite(&vocab, 4, 1, w.file_.get()) == 1 &&
                  std::fwrite(&chunks, 4, 1, w.file_.get()) == 1 &&
                  std::fwrite(tokens.data(), 4, tokens.size(), w.file_.get()) == tokens.size();
  if (!ok) return make_error(ErrorKind::Io, "cannot write " + path + ": " + std::strerror(errno));
  return w;
}

Status LlamaLogitsWriter::append(std::span<const float> logits) {
  if (!file_ || logits.size() != n_vocab_ || rows_written_ >= rows_expected_)
    return make_error(ErrorKind::InvalidArgument, "llama.cpp logits file " + path_ + ": unexpected row " +
                                                      std::to_string(rows_written_ + 1) + " of " +
                                                      std::to_string(logits.size()) + " logits");
  const std::vector<uint16_t> row = encode_llama_logits_row(logits);
  if (std::fwrite(row.data(), sizeof(uint16_t), row.size(), file_.get()) != row.size())
    return make_error(ErrorKind::Io, "cannot write " + path_ + ": " + std::strerror(errno));
  ++rows_written_;
  return {};
}

Status LlamaLogitsWriter::finish() {
  if (!file_) return {};
  std::FILE* f = file_.release();
  if (std::fclose(f) != 0) return make_error(ErrorKind::Io, "cannot write " + path_ + ": " + std::strerror(errno));
  if (rows_written_ != rows_expected_)
    return make_error(ErrorKind::InvalidArgument, "llama.cpp logits file " + path_ + ": " +
                                                      std::to_string(rows_written_) + " rows written of " +
                                                      std::to_string(rows_expected_));
  return {};
}

}  // namespace tessera::eval
