// The KL-divergence base file (format, round trip, refusals) and the statistics computed against
// it: identical runs give 0, known distributions give the hand-computed divergence.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <random>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "eval/kld_base_file.h"
#include "eval/kld_stats.h"
#include "eval/log_probs.h"
#include "support/test_support.h"

namespace tessera::eval {
namespace {

using ::testing::HasSubstr;

std::vector<float> logits_of(const std::vector<double>& p) {
  std::vector<float> l;
  for (double v : p) l.push_back(static_cast<float>(std::log(v) - 1.5));
  return l;
}

// Random logits with a realistic spread (a few nats, some tokens far below the top).
std::vector<float> random_logits(size_t n, uint32_t seed) { return test::random_floats(n, seed, 3.0f); }

KldBaseHeader small_header(uint32_t n_vocab, int32_t n_ctx, int32_t n_chunks, int32_t bos = 1) {
  KldBaseHeader h;
  h.n_vocab = n_vocab;
  h.plan.n_ctx = n_ctx;
  h.plan.n_chunks = n_chunks;
  h.plan.first_scored = n_ctx / 2;
  h.bos = bos;
  return h;
}

std::vector<int32_t> some_tokens(size_t n, uint32_t n_vocab) {
  std::vector<int32_t> t(n);
  for (size_t i = 0; i < n; ++i) t[i] = static_cast<int32_t>((i * 7 + 3) % n_vocab);
  return t;
}

TEST(KldRow, EncodeDecodeKeepsLogProbsWithinHalfAStep) {
  const std::vector<float> l = random_logits(1000, 11);
  const KldRow row = encode_kld_row(l, 17);
  EXPECT_EQ(row.top, argmax(l));
  EXPECT_FLOAT_EQ(row.target_lp, static_cast<float>(token_log_prob(l, 17)));
  EXPECT_GT(row.step, 0.0f);
  EXPECT_LE(row.step, kKldWindowNats / 65534.0 * 1.0001);
  std::vector<double> decoded;
  decode_kld_row(row, decoded);
  ASSERT_EQ(decoded.size(), l.size());
  const double top_lp = token_log_prob(l, row.top);
  double mass = 0.0;
  for (size_t i = 0; i < l.size(); ++i) {
    const double exact = token_log_prob(l, static_cast<int32_t>(i));
    if (exact < top_lp - kKldWindowNats - row.step) {
      EXPECT_TRUE(std::isinf(decoded[i])) << i;  // below the window: probability 0
      continue;
    }
    if (std::isinf(decoded[i])) continue;  // at the window's edge
    mass += std::exp(decoded[i]);
    // Within half a step, plus the renormalization's shift log Z, a p-weighted mean of the
    // rounding errors and so itself within half a step.
    EXPECT_NEAR(decoded[i], exact, row.step + 1e-6) << i;
  }
  EXPECT_NEAR(mass, 1.0, 1e-9);
}

TEST(KldRow, FlatRowAndNarrowRow) {
  const KldRow flat = encode_kld_row(std::vector<float>(8, 2.0f), 3);
  EXPECT_EQ(flat.step, 0.0f);
  std::vector<double> d;
  decode_kld_row(flat, d);
  for (double v : d) EXPECT_NEAR(v, -std::log(8.0), 1e-12);
  // A spread below the 16-nat window: the window shrinks to the spread, every token stays in it.
  const KldRow narrow = encode_kld_row(std::vector<float>{0.0f, 1.0f, 2.0f}, 0);
  EXPECT_NEAR(narrow.step, 2.0 / 65534.0, 1e-9);
  EXPECT_EQ(narrow.codes[0], 1);
  EXPECT_EQ(narrow.codes[2], 65535);
}

TEST(KldStats, IdenticalRunsHaveZeroDivergenceAndFullAgreement) {
  KldAccumulator acc;
  for (uint32_t s = 0; s < 40; ++s) {
    const std::vector<float> l = random_logits(500, 100 + s);
    const int32_t target = static_cast<int32_t>((s * 37) % 500);
    acc.add(encode_kld_row(l, target), l, target);
  }
  const KldSummary k = acc.summary(true);
  EXPECT_EQ(k.count, 40);
  EXPECT_GE(k.kld.value, 0.0);
  // Second order in the quantization step (~1e-8), plus the mass left out below the window (~1e-9).
  EXPECT_LT(k.kld.value, 1e-7);
  EXPECT_LT(k.kld_quantiles.max, 1e-6);
  EXPECT_DOUBLE_EQ(k.same_top.value, 1.0);
  EXPECT_NEAR(k.ppl.value, k.ppl_base.value, 1e-4 * k.ppl.value);
  EXPECT_NEAR(k.log_ppl_ratio.value, 0.0, 1e-6);
  EXPECT_NEAR(k.ppl_ratio.value, 1.0, 1e-6);
  EXPECT_NEAR(k.p_diff_rms.value, 0.0, 1e-6);
  EXPECT_NEAR(k.log_ppl_correlation, 1.0, 1e-3);
}

TEST(KldStats, KnownDistributionsMatchAHandComputation) {
  // base p = (0.7, 0.2, 0.1), run q = (0.1, 0.2, 0.7):
  // KL(p||q) = 0.7 ln 7 + 0.2 ln 1 + 0.1 ln(1/7) = 0.6 ln 7.
  const std::vector<float> base = logits_of({0.7, 0.2, 0.1});
  const std::vector<float> run = logits_of({0.1, 0.2, 0.7});
  KldAccumulator acc;
  acc.add(encode_kld_row(base, 2), run, 2);
  const KldSummary k = acc.summary(true);
  EXPECT_NEAR(k.kld.value, 0.6 * std::log(7.0), 1e-4);
  EXPECT_EQ(k.same_top.value, 0.0);                   // argmax 0 against 2
  EXPECT_NEAR(k.p_diff.value, 0.7 - 0.1, 1e-5);        // p_run(target) - p_base(target)
  EXPECT_NEAR(k.ppl.value, 1.0 / 0.7, 1e-5);
  EXPECT_NEAR(k.ppl_base.value, 1.0 / 0.1, 1e-4);

  // Two positions: the mean of their divergences, the second identical (0).
  acc.add(encode_kld_row(run, 0), run, 0);
  EXPECT_NEAR(acc.summary(false).kld.value, 0.3 * std::log(7.0), 1e-4);
  EXPECT_NEAR(acc.summary(false).same_top.value, 0.5, 1e-12);
}

TEST(KldStats, QuantilesInterpolateLikeLlamaPerplexity) {
  const Quantiles q = quantiles_of({4.0f, 1.0f, 3.0f, 2.0f, 5.0f});
  EXPECT_EQ(q.min, 1.0);
  EXPECT_EQ(q.max, 5.0);
  EXPECT_EQ(q.median, 3.0);
  EXPECT_NEAR(q.p90, 4.6, 1e-6);  // 0.9 x 4 = 3.6: between 4 and 5
  EXPECT_NEAR(q.p10, 1.4, 1e-6);
}

TEST(KldBaseFile, RoundTrip) {
  test::TempDir dir;
  const auto path = dir.file("base.kld").string();
  const uint32_t n_vocab = 300;
  const KldBaseHeader h = small_header(n_vocab, 8, 2);
  const std::vector<int32_t> tokens = some_tokens(16, n_vocab);
  std::vector<std::vector<float>> rows;
  {
    auto w = KldBaseWriter::create(path, h, tokens);
    ASSERT_TRUE(w.ok()) << w.error().message;
    for (int i = 0; i < h.plan.n_chunks * h.plan.scored_per_chunk(); ++i) {
      rows.push_back(random_logits(n_vocab, 500 + static_cast<uint32_t>(i)));
      ASSERT_TRUE(w->append(rows.back(), i + 5).ok());
    }
    ASSERT_TRUE(w->finish().ok());
  }
  EXPECT_EQ(std::filesystem::file_size(path), kld_file_bytes(h));
  EXPECT_EQ(kld_file_bytes(h), 32u + 16 * 4 + 2 * 3 * (16 + 2 * n_vocab));

  auto r = KldBaseReader::open(path);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->header().n_vocab, n_vocab);
  EXPECT_EQ(r->header().plan.n_ctx, 8);
  EXPECT_EQ(r->header().plan.n_chunks, 2);
  EXPECT_EQ(r->header().bos, 1);
  EXPECT_EQ(r->tokens(), tokens);
  std::vector<KldRow> chunk;
  size_t i = 0;
  for (int c = 0; c < 2; ++c) {
    ASSERT_TRUE(r->read_chunk(chunk).ok());
    ASSERT_EQ(chunk.size(), 3u);
    for (const KldRow& got : chunk) {
      const KldRow want = encode_kld_row(rows[i], static_cast<int32_t>(i + 5));
      EXPECT_EQ(got.top, want.top);
      EXPECT_EQ(got.target_lp, want.target_lp);
      EXPECT_EQ(got.step, want.step);
      EXPECT_EQ(got.codes, want.codes);
      ++i;
    }
  }
  EXPECT_FALSE(r->read_chunk(chunk).ok());  // only two chunks
}

class KldBaseFileRefusals : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = dir_.file("base.kld").string();
    auto w = KldBaseWriter::create(path_, header_, tokens_);
    ASSERT_TRUE(w.ok());
    for (int i = 0; i < header_.plan.scored_per_chunk() * header_.plan.n_chunks; ++i)
      ASSERT_TRUE(w->append(random_logits(header_.n_vocab, static_cast<uint32_t>(i)), 0).ok());
    ASSERT_TRUE(w->finish().ok());
  }
  std::string open_error() {
    auto r = KldBaseReader::open(path_);
    return r.ok() ? std::string("(opened)") : r.error().message;
  }

  test::TempDir dir_;
  std::string path_;
  KldBaseHeader header_ = small_header(64, 8, 2, 1);
  std::vector<int32_t> tokens_ = some_tokens(16, 64);
};

TEST_F(KldBaseFileRefusals, TruncatedFileNamesBothSizes) {
  const uint64_t full = std::filesystem::file_size(path_);
  std::filesystem::resize_file(path_, full - 10);
  const std::string e = open_error();
  EXPECT_THAT(e, HasSubstr("truncated"));
  EXPECT_THAT(e, HasSubstr(std::to_string(full - 10) + " bytes"));
  EXPECT_THAT(e, HasSubstr(std::to_string(full)));
  std::filesystem::resize_file(path_, 20);
  EXPECT_THAT(open_error(), HasSubstr("header"));
}

TEST_F(KldBaseFileRefusals, WrongMagicAndVersion) {
  auto bytes = test::read_file_bytes(path_);
  auto bad_magic = bytes;
  std::copy_n("_logits_", 8, bad_magic.begin());
  test::write_file_bytes(path_, bad_magic);
  EXPECT_THAT(open_error(), HasSubstr("not a Tessera KLD base"));
  auto bad_version = bytes;
  bad_version[8] = 9;
  test::write_file_bytes(path_, bad_version);
  EXPECT_THAT(open_error(), HasSubstr("version 9"));
}

TEST_F(KldBaseFileRefusals, MismatchesAreNamed) {
  auto r = KldBaseReader::open(path_);
  ASSERT_TRUE(r.ok()) << r.error().message;
  const ChunkPlan plan = header_.plan;
  EXPECT_TRUE(check_kld_base_matches(*r, 64, plan, 1, tokens_).ok());

  auto vocab = check_kld_base_matches(*r, 32000, plan, 1, tokens_);
  ASSERT_FALSE(vocab.ok());
  EXPECT_THAT(vocab.error().message, HasSubstr("vocabulary mismatch"));
  EXPECT_THAT(vocab.error().message, HasSubstr("32000"));

  ChunkPlan other_ctx = plan;
  other_ctx.n_ctx = 16;
  other_ctx.first_scored = 8;
  auto ctx = check_kld_base_matches(*r, 64, other_ctx, 1, some_tokens(32, 64));
  ASSERT_FALSE(ctx.ok());
  EXPECT_THAT(ctx.error().message, HasSubstr("context mismatch"));
  EXPECT_THAT(ctx.error().message, HasSubstr("-c 8"));

  auto bos = check_kld_base_matches(*r, 64, plan, -1, tokens_);
  ASSERT_FALSE(bos.ok());
  EXPECT_THAT(bos.error().message, HasSubstr("BOS mismatch"));

  std::vector<int32_t> other_text = tokens_;
  other_text[11] = (other_text[11] + 1) % 64;
  auto text = check_kld_base_matches(*r, 64, plan, 1, other_text);
  ASSERT_FALSE(text.ok());
  EXPECT_THAT(text.error().message, HasSubstr("text mismatch: token 11"));

  ChunkPlan more = plan;
  more.n_chunks = 3;
  auto chunks = check_kld_base_matches(*r, 64, more, 1, some_tokens(24, 64));
  ASSERT_FALSE(chunks.ok());
  EXPECT_THAT(chunks.error().message, HasSubstr("holds 2 chunks"));
}

TEST(KldBaseWriter, RefusesMissingRowsWrongWidthAndWrongTokenCount) {
  test::TempDir dir;
  const auto path = dir.file("b.kld").string();
  const KldBaseHeader h = small_header(10, 4, 2);  // 1 scored position per chunk: 2 rows
  EXPECT_FALSE(KldBaseWriter::create(path, h, some_tokens(7, 10)).ok());
  auto w = KldBaseWriter::create(path, h, some_tokens(8, 10));
  ASSERT_TRUE(w.ok());
  EXPECT_FALSE(w->append(random_logits(11, 1), 0).ok());
  ASSERT_TRUE(w->append(random_logits(10, 1), 0).ok());
  auto unfinished = w->finish();
  ASSERT_FALSE(unfinished.ok());
  EXPECT_THAT(unfinished.error().message, HasSubstr("1 rows written of the 2"));
  EXPECT_THAT(KldBaseReader::open(path).error().message, HasSubstr("truncated"));
}

}  // namespace
}  // namespace tessera::eval
