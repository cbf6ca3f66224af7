#include "eval/kld_base_file.h"

#include <bit>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>

#include "common/input_file.h"
#include "eval/log_probs.h"

namespace tessera::eval {
namespace {

// The format is little-endian; every host Tessera builds for is.
static_assert(std::endian::native == std::endian::little, "the KLD base file format is little-endian");
static_assert(sizeof(float) == 4);

constexpr uint32_t kTopCode = 65535;
constexpr double kSteps = 65534.0;  // codes 1..65535 cover the window

std::string errno_text() { return std::strerror(errno); }

template <typename T>
void put(std::vector<uint8_t>& out, T v) {
  uint8_t b[sizeof(T)];
  std::memcpy(b, &v, sizeof(T));
  out.insert(out.end(), b, b + sizeof(T));
}

template <typename T>
T get(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

uint64_t row_bytes(uint32_t n_vocab) { return kKldRowHeaderBytes + 2ull * n_vocab; }

}  // namespace

KldRow encode_kld_row(std::span<const float> logits, int32_t target) {
  KldRow row;
  const double lse = log_sum_exp(logits);
  row.top = argmax(logits);
  const float max_logit = logits[static_cast<size_t>(row.top)];
  float min_logit = max_logit;
  for (float v : logits) min_logit = std::min(min_logit, v);
  row.top_lp = static_cast<float>(max_logit - lse);
  row.target_lp = static_cast<float>(logits[static_cast<size_t>(target)] - lse);
  const double window = std::min(kKldWindowNats, static_cast<double>(max_logit) - min_logit);
  row.step = static_cast<float>(window / kSteps);
  row.codes.resize(logits.size());
  for (size_t i = 0; i < logits.size(); ++i) {
    if (row.step == 0.0f) {
      row.codes[i] = kTopCode;  // every logit is the maximum
      continue;
    }
    const double below = (static_cast<double>(max_logit) - logits[i]) / row.step;
    row.codes[i] = below > kSteps + 0.5 ? 0 : static_cast<uint16_t>(kTopCode - static_cast<uint32_t>(std::lround(below)));
  }
  return row;
}

void decode_kld_row(const KldRow& row, std::vector<double>& out) {
  out.resize(row.codes.size());
  double z = 0.0;
  for (size_t i = 0; i < row.codes.size(); ++i) {
    const uint16_t c = row.codes[i];
    if (c == 0) {
      out[i] = -std::numeric_limits<double>::infinity();
      continue;
    }
    out[i] = static_cast<double>(row.top_lp) - static_cast<double>(kTopCode - c) * row.step;
    z += std::exp(out[i]);
  }
  const double log_z = std::log(z);  // z >= exp(top_lp) > 0: the top token is always in the window
  for (double& v : out) v -= log_z;
}

uint64_t kld_file_bytes(const KldBaseHeader& h) {
  const uint64_t chunks = h.plan.n_chunks, ctx = h.plan.n_ctx;
  return kKldHeaderBytes + 4ull * chunks * ctx + chunks * static_cast<uint64_t>(h.plan.scored_per_chunk()) * row_bytes(h.n_vocab);
}

Result<KldBaseWriter> KldBaseWriter::create(const std::string& path, const KldBaseHeader& header,
                                            std::span<const int32_t> tokens) {
  const size_t expected = static_cast<size_t>(header.plan.n_chunks) * static_cast<size_t>(header.plan.n_ctx);
  if (tokens.size() != expected)
    return make_error(ErrorKind::InvalidArgument, "KLD base " + path + ": " + std::to_string(tokens.size()) +
                                                      " tokens given for " + std::to_string(header.plan.n_chunks) +
                                                      " chunks of " + std::to_string(header.plan.n_ctx));
  KldBaseWriter w;
  w.path_ = path;
  w.header_ = header;
  w.file_.reset(std::fopen(path.c_str(), "wb"));
  if (!w.file_) return make_error(ErrorKind::Io, "cannot create the KLD base " + path + ": " + errno_text());
  std::vector<uint8_t> head(kKldMagic, kKldMagic + sizeof kKldMagic);
  put<uint32_t>(head, kKldVersion);
  put<uint32_t>(head, header.n_vocab);
  put<uint32_t>(head, static_cast<uint32_t>(header.plan.n_ctx));
  put<uint32_t>(head, static_cast<uint32_t>(header.plan.n_chunks));
  put<uint32_t>(head, static_cast<uint32_t>(header.plan.first_scored));
  put<int32_t>(head, header.bos);
  TESSERA_TRY(w.write(head.data(), head.size()));
  TESSERA_TRY(w.write(tokens.data(), tokens.size_bytes()));
  return w;
}

Status KldBaseWriter::write(const void* data, size_t bytes) {
  if (bytes != 0 && std::fwrite(data, 1, bytes, file_.get()) != bytes)
    return make_error(ErrorKind::Io, "cannot write the KLD base " + path_ + ": " + errno_text());
  return {};
}

Status KldBaseWriter::append(std::span<const float> logits, int32_t target) {
  if (!file_) return make_error(ErrorKind::InvalidArgument, "KLD base " + path_ + " is already finished");
  if (logits.size() != header_.n_vocab)
    return make_error(ErrorKind::InvalidArgument, "KLD base " + path_ + ": a row of " + std::to_string(logits.size()) +
                                                      " logits for a vocabulary of " + std::to_string(header_.n_vocab));
  if (rows_written_ >= header_.plan.scored_tokens())
    return make_error(ErrorKind::InvalidArgument,
                      "KLD base " + path_ + ": more rows than the " + std::to_string(header_.plan.scored_tokens()) +
                          " its header announces");
  const KldRow row = encode_kld_row(logits, target);
  std::vector<uint8_t> head;
  put<int32_t>(head, row.top);
  put<float>(head, row.target_lp);
  put<float>(head, row.top_lp);
  put<float>(head, row.step);
  TESSERA_TRY(write(head.data(), head.size()));
  TESSERA_TRY(write(row.codes.data(), row.codes.size() * sizeof(uint16_t)));
  ++rows_written_;
  return {};
}

Status KldBaseWriter::finish() {
  if (!file_) return {};
  std::FILE* f = file_.release();
  if (std::fclose(f) != 0) return make_error(ErrorKind::Io, "cannot write the KLD base " + path_ + ": " + errno_text());
  if (rows_written_ != header_.plan.scored_tokens())
    return make_error(ErrorKind::InvalidArgument, "KLD base " + path_ + ": " + std::to_string(rows_written_) +
                                                      " rows written of the " +
                                                      std::to_string(header_.plan.scored_tokens()) +
                                                      " it announces (readers will refuse it as truncated)");
  return {};
}

Result<KldBaseReader> KldBaseReader::open(const std::string& path) {
  KldBaseReader r;
  r.path_ = path;
  // A regular file only: a FIFO would block here for ever (common/input_file.h).
  TESSERA_ASSIGN_OR_RETURN(InputFile input, open_regular_file(path, "the KLD base"));
  r.file_.reset(::fdopen(input.fd(), "rb"));
  if (!r.file_) return make_error(ErrorKind::Io, "cannot open the KLD base " + path + ": " + errno_text());
  input.release();  // the FILE closes it now
  const auto bad = [&](const std::string& what) {
    return make_error(ErrorKind::BadFile, "KLD base " + path + ": " + what);
  };
  uint8_t head[kKldHeaderBytes];
  if (std::fread(head, 1, sizeof head, r.file_.get()) != sizeof head)
    return bad("shorter than its " + std::to_string(kKldHeaderBytes) + "-byte header");
  if (std::memcmp(head, kKldMagic, sizeof kKldMagic) != 0)
    return bad("not a Tessera KLD base file (no TSKLD magic; llama.cpp's _logits_ files are not read)");
  const auto version = get<uint32_t>(head + 8);
  if (version != kKldVersion)
    return bad("format version " + std::to_string(version) + ", this build reads version " + std::to_string(kKldVersion));
  KldBaseHeader& h = r.header_;
  h.n_vocab = get<uint32_t>(head + 12);
  const auto n_ctx = get<uint32_t>(head + 16), n_chunks = get<uint32_t>(head + 20), first = get<uint32_t>(head + 24);
  h.bos = get<int32_t>(head + 28);
  if (h.n_vocab == 0 || h.n_vocab > static_cast<uint32_t>(std::numeric_limits<int32_t>::max()))
    return bad("n_vocab is " + std::to_string(h.n_vocab));
  if (n_ctx < static_cast<uint32_t>(kMinChunkContext) || n_ctx > static_cast<uint32_t>(std::numeric_limits<int32_t>::max()))
    return bad("n_ctx is " + std::to_string(n_ctx));
  if (n_chunks == 0 || n_chunks > static_cast<uint32_t>(std::numeric_limits<int32_t>::max()))
    return bad("n_chunks is " + std::to_string(n_chunks));
  if (first != n_ctx / 2) return bad("first_scored is " + std::to_string(first) + ", expected n_ctx/2 = " + std::to_string(n_ctx / 2));
  if (h.bos < -1 || (h.bos >= 0 && static_cast<uint32_t>(h.bos) >= h.n_vocab))
    return bad("bos is " + std::to_string(h.bos) + ", outside the vocabulary of " + std::to_string(h.n_vocab));
  h.plan.n_ctx = static_cast<int32_t>(n_ctx);
  h.plan.n_chunks = static_cast<int32_t>(n_chunks);
  h.plan.first_scored = static_cast<int32_t>(first);
  std::error_code ec;
  const uint64_t size = std::filesystem::file_size(path, ec);
  if (ec) return make_error(ErrorKind::Io, "cannot read the size of the KLD base " + path + ": " + ec.message());
  const uint64_t expected = kld_file_bytes(h);
  if (size != expected)
    return bad(std::string(size < expected ? "truncated" : "longer than its header says") + ": " +
               std::to_string(size) + " bytes, but " + std::to_string(n_chunks) + " chunks of " +
               std::to_string(n_ctx) + " tokens over a vocabulary of " + std::to_string(h.n_vocab) + " take " +
               std::to_string(expected));
  r.tokens_.resize(static_cast<size_t>(n_chunks) * n_ctx);
  if (std::fread(r.tokens_.data(), sizeof(int32_t), r.tokens_.size(), r.file_.get()) != r.tokens_.size())
    return bad("cannot read its tokens: " + errno_text());
  for (size_t i = 0; i < r.tokens_.size(); ++i)
    if (r.tokens_[i] < 0 || static_cast<uint32_t>(r.tokens_[i]) >= h.n_vocab)
      return bad("token " + std::to_string(i) + " is " + std::to_string(r.tokens_[i]) + ", outside the vocabulary of " +
                 std::to_string(h.n_vocab));
  return r;
}

Status KldBaseReader::read_chunk(std::vector<KldRow>& rows) {
  if (chunks_read_ >= header_.plan.n_chunks)
    return make_error(ErrorKind::InvalidArgument, "KLD base " + path_ + " holds only " +
                                                      std::to_string(header_.plan.n_chunks) + " chunks");
  rows.resize(static_cast<size_t>(header_.plan.scored_per_chunk()));
  for (KldRow& row : rows) {
    uint8_t head[kKldRowHeaderBytes];
    row.codes.resize(header_.n_vocab);
    if (std::fread(head, 1, sizeof head, file_.get()) != sizeof head ||
        std::fread(row.codes.data(), sizeof(uint16_t), row.codes.size(), file_.get()) != row.codes.size())
      return make_error(ErrorKind::BadFile, "KLD base " + path_ + ": cannot read chunk " +
                                                std::to_string(chunks_read_ + 1) + " (the file changed while open?)");
    row.top = get<int32_t>(head);
    row.target_lp = get<float>(head + 4);
    row.top_lp = get<float>(head + 8);
    row.step = get<float>(head + 12);
    if (row.top < 0 || static_cast<uint32_t>(row.top) >= header_.n_vocab || !std::isfinite(row.top_lp) ||
        !std::isfinite(row.target_lp) || !(row.step >= 0.0f) || !std::isfinite(row.step))
      return make_error(ErrorKind::BadFile, "KLD base " + path_ + ": chunk " + std::to_string(chunks_read_ + 1) +
                                                " holds a row with a bad header (top " + std::to_string(row.top) +
                                                ", step " + std::to_string(row.step) + ")");
  }
  ++chunks_read_;
  return {};
}

Status check_kld_base_matches(const KldBaseReader& base, int64_t model_vocab, const ChunkPlan& plan, int32_t bos,
                              std::span<const int32_t> tokens) {
  const KldBaseHeader& h = base.header();
  const std::string& path = base.path();
  const auto refuse = [](std::string m) { return make_error(ErrorKind::InvalidArgument, std::move(m)); };
  if (static_cast<int64_t>(h.n_vocab) != model_vocab)
    return refuse("vocabulary mismatch: " + path + " was saved with a vocabulary of " + std::to_string(h.n_vocab) +
                  " tokens, this model has " + std::to_string(model_vocab));
  if (plan.n_ctx != h.plan.n_ctx)
    return refuse("context mismatch: " + path + " was saved with chunks of " + std::to_string(h.plan.n_ctx) +
                  " tokens (-c " + std::to_string(h.plan.n_ctx) + "), this run uses " + std::to_string(plan.n_ctx));
  if (plan.n_chunks > h.plan.n_chunks)
    return refuse("text mismatch: " + path + " holds " + std::to_string(h.plan.n_chunks) + " chunks, this run asks for " +
                  std::to_string(plan.n_chunks) + " (use --chunks " + std::to_string(h.plan.n_chunks) + ")");
  if (bos != h.bos)
    return refuse("BOS mismatch: " + path + " was saved with " +
                  (h.bos < 0 ? std::string("no BOS") : "BOS token " + std::to_string(h.bos)) + " in front of each chunk, this model uses " +
                  (bos < 0 ? std::string("none") : "token " + std::to_string(bos)));
  const size_t n = std::min(tokens.size(), static_cast<size_t>(plan.n_chunks) * static_cast<size_t>(plan.n_ctx));
  if (n < static_cast<size_t>(plan.n_chunks) * static_cast<size_t>(plan.n_ctx))
    return refuse("text mismatch: the text has " + std::to_string(tokens.size()) + " tokens, fewer than the " +
                  std::to_string(plan.n_chunks) + " chunks of " + std::to_string(plan.n_ctx) + " to compare");
  for (size_t i = 0; i < n; ++i)
    if (tokens[i] != base.tokens()[i])
      return refuse("text mismatch: token " + std::to_string(i) + " of the text is " + std::to_string(tokens[i]) +
                    ", in " + path + " it is " + std::to_string(base.tokens()[i]) +
                    " (another text, or another tokenizer)");
  return {};
}

}  // namespace tessera::eval
