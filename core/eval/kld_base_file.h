// The KL-divergence base file: a reference run's log-probabilities over the scored positions of a
// perplexity run (perplexity.h), so another run (another backend, another quantization) can be
// compared with it token by token: `perplexity --save-kld-base BASE.kld` writes it,
// `perplexity --kl-divergence-base BASE.kld` reads it.
//
// Layout, version 1 (little-endian, no padding; offsets in bytes):
//     0  char[8]   magic "TSKLD\0\0\0" (Tessera, not llama.cpp's "_logits_" files)
//     8  uint32    version = 1
//    12  uint32    n_vocab      logits per position
//    16  uint32    n_ctx        tokens per chunk
//    20  uint32    n_chunks
//    24  uint32    first_scored = n_ctx / 2 (stored to catch a reader with another rule)
//    28  int32     bos          token put in each chunk's first position; -1: none
//    32  int32     tokens[n_chunks * n_ctx]   the text's tokens as chunked (before the BOS swap)
//   then n_chunks x (n_ctx - 1 - first_scored) rows, chunk by chunk, position by position:
//          int32   top           the most likely token (argmax of the logits, ties to the lower id)
//          float   target_lp     log p of the token that follows (exact, so the base PPL is exact)
//          float   top_lp        log p of `top`
//          float   step          nats per code
//          uint16  codes[n_vocab]
// A code c >= 1 means log p = top_lp - (65535 - c) x step; c = 0 means "more than the window below
// top_lp" (p < e^-32 p_top, about 1e-14 of the top token): such tokens count as probability 0.
// The window is min(32, top_lp - lowest log p) nats over 65534 steps, so the error of a stored log
// p is at most step/2 <= 2.5e-4 nats. 16 + 2 x n_vocab bytes a row: 256 KiB for a 128k vocabulary,
// half of a float row (llama.cpp stores uint16 codes the same way).
// Why 32 nats, not llama.cpp's 16: the tokens below the window are left out of the base's
// distribution, and with 16 nats their mass (up to 1e-7 a token) biased the KL divergence of two
// identical runs to ~1e-6 on a 512-token vocabulary, as large as the divergences of two float
// backends; with 32 it is below 1e-9. The coarser step costs nothing measurable: decoding
// renormalizes, so rounding enters the divergence only squared (~1e-8).
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

inline constexpr char kKldMagic[8] = {'T', 'S', 'K', 'L', 'D', '\0', '\0', '\0'};
inline constexpr uint32_t kKldVersion = 1;
inline constexpr double kKldWindowNats = 32.0;
inline constexpr uint32_t kKldHeaderBytes = 32;
inline constexpr uint32_t kKldRowHeaderBytes = 16;

struct KldBaseHeader {
  uint32_t n_vocab = 0;
  ChunkPlan plan;     // n_ctx, n_chunks, first_scored
  int32_t bos = -1;   // -1: none
};

// One scored position, quantized.
struct KldRow {
  int32_t top = 0;
  float target_lp = 0.0f;
  float top_lp = 0.0f;
  float step = 0.0f;
  std::vector<uint16_t> codes;  // n_vocab
};

// The row for one position's logits (n_vocab values) and the token that follows.
KldRow encode_kld_row(std::span<const float> logits, int32_t target);
// Log-probabilities of a row, renormalized over the tokens inside the window (code 0: -infinity),
// so they form a proper distribution and quantization error enters a KL divergence only at second
// order (a first-order error of +-1e-4 nats per token would swamp the 1e-5-size divergences of two
// float backends). `out` gets codes.size() values.
void decode_kld_row(const KldRow& row, std::vector<double>& out);

// Total file size for a header: the reader's check against truncation.
uint64_t kld_file_bytes(const KldBaseHeader& header);

class KldBaseWriter {
 public:
  // Creates (truncates) `path` and writes the header and the tokens (n_chunks x n_ctx of them).
  static Result<KldBaseWriter> create(const std::string& path, const KldBaseHeader& header,
                                      std::span<const int32_t> tokens);
  KldBaseWriter(KldBaseWriter&&) noexcept = default;
  KldBaseWriter& operator=(KldBaseWriter&&) noexcept = default;
  ~KldBaseWriter() = default;

  // Appends the next scored position's row.
  Status append(std::span<const float> logits, int32_t target);
  // Closes the file and checks that every row was written (a file with rows missing is shorter
  // than its header says, and readers refuse it).
  Status finish();

 private:
  struct Closer {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  KldBaseWriter() = default;
  Status write(const void* data, size_t bytes);
  std::unique_ptr<std::FILE, Closer> file_;
  std::string path_;
  KldBaseHeader header_;
  int64_t rows_written_ = 0;
};

class KldBaseReader {
 public:
  // Opens `path`, checks the magic, version, fields and that the file's size is exactly what the
  // header implies (a truncated or padded file is refused, naming both sizes), and reads the tokens.
  static Result<KldBaseReader> open(const std::string& path);
  KldBaseReader(KldBaseReader&&) noexcept = default;
  KldBaseReader& operator=(KldBaseReader&&) noexcept = default;
  ~KldBaseReader() = default;

  const KldBaseHeader& header() const { return header_; }
  const std::vector<int32_t>& tokens() const { return tokens_; }
  const std::string& path() const { return path_; }

  // The next chunk's rows (scored_per_chunk of them), in file order.
  Status read_chunk(std::vector<KldRow>& rows);

 private:
  struct Closer {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  KldBaseReader() = default;
  std::unique_ptr<std::FILE, Closer> file_;
  std::string path_;
  KldBaseHeader header_;
  std::vector<int32_t> tokens_;
  int32_t chunks_read_ = 0;
};

// Whether a run of `model_vocab` logits per position over `tokens` (already chunked as `plan`,
// with `bos`) can be compared with `base`: the same vocabulary size, context, BOS and tokens. The
// error names the first mismatch and both values (InvalidArgument). The run may cover fewer chunks
// than the base, never more.
Status check_kld_base_matches(const KldBaseReader& base, int64_t model_vocab, const ChunkPlan& plan, int32_t bos,
                              std::span<const int32_t> tokens);

}  // namespace tessera::eval
