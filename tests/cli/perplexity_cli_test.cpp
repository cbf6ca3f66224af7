// `tessera-cli perplexity` as a process on the CPU with the stories260K fixture and a paragraph of
// our own (tests/data/quality/lighthouse.txt): repeatable finite PPL, a KL divergence of 0 against
// its own base, and clear refusals of bases that do not match.
#include <cmath>
#include <filesystem>
#include <regex>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_process.h"
#include "support/test_support.h"

namespace tessera {
namespace {

using ::testing::HasSubstr;
using test::CliResult;
using test::number_after;
using test::run_cli;

std::string stories() { return test::fixture("models/stories260K-f32.gguf").string(); }
std::string text_file() { return (test::source_dir() / "tests/data/quality/lighthouse.txt").string(); }

std::vector<std::string> base_args(const std::vector<std::string>& extra) {
  std::vector<std::string> a = {"perplexity", "-m", stories(), "--backend", "cpu", "-c", "64"};
  a.insert(a.end(), extra.begin(), extra.end());
  return a;
}

TEST(PerplexityCli, FiniteAndRepeatable) {
  const CliResult a = run_cli(base_args({"-f", text_file()}));
  ASSERT_EQ(a.exit_code, 0) << a.err;
  const double ppl = number_after(a.out, "Final estimate: PPL = ");
  EXPECT_TRUE(std::isfinite(ppl)) << a.out;
  EXPECT_GT(ppl, 1.0);
  EXPECT_LT(ppl, 512.0);  // better than uniform over the 512-token vocabulary
  const double err = number_after(a.out, "+/- ");
  EXPECT_GT(err, 0.0);
  EXPECT_LT(err, ppl);
  // The running PPL per chunk, llama-perplexity's "[1]x,[2]y," line; the last equals the final.
  EXPECT_THAT(a.out, HasSubstr("[1]"));
  EXPECT_THAT(a.err, HasSubstr("chunks of 64, scoring the last 31 tokens of each"));
  const CliResult b = run_cli(base_args({"-f", text_file()}));
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(a.out, b.out);
}

// --json: the same figures as the text output, as one object (cli/perplexity_json.h).
TEST(PerplexityCli, JsonCarriesTheTextOutputsFigures) {
  test::TempDir dir;
  const std::string base = dir.file("ref.kld").string();
  const CliResult text = run_cli(base_args({"-f", text_file(), "--chunks", "3", "--save-kld-base", base}));
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const CliResult plain = run_cli(base_args({"-f", text_file(), "--chunks", "3", "--json"}));
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  const auto j = nlohmann::json::parse(plain.out);
  EXPECT_EQ(j["n_chunks"], 3);
  EXPECT_EQ(j["n_ctx"], 64);
  EXPECT_EQ(j["scored_per_chunk"], 31);
  EXPECT_GT(j["n_tokens"].get<int64_t>(), 3 * 64);
  EXPECT_EQ(j["model"]["architecture"], "llama");
  EXPECT_FALSE(j.contains("kld"));
  const double ppl = j["ppl"]["value"].get<double>();
  EXPECT_NEAR(ppl, number_after(text.out, "Final estimate: PPL = "), 1e-4 * ppl);  // the text rounds to 4 digits
  EXPECT_GT(j["ppl"]["error"].get<double>(), 0.0);
  ASSERT_EQ(j["chunk_ppl"].size(), 3u);
  EXPECT_DOUBLE_EQ(j["chunk_ppl"][2].get<double>(), ppl);  // the running PPL after the last chunk
  EXPECT_GT(j["seconds"].get<double>(), 0.0);

  const CliResult cmp = run_cli(base_args({"-f", text_file(), "--chunks", "3", "--kl-divergence-base", base, "--json"}));
  ASSERT_EQ(cmp.exit_code, 0) << cmp.err;
  const auto k = nlohmann::json::parse(cmp.out)["kld"];
  EXPECT_EQ(k["count"], 3 * 31);
  EXPECT_LT(k["kld"]["value"].get<double>(), 1e-6);
  EXPECT_DOUBLE_EQ(k["same_top"]["value"].get<double>(), 1.0);  // a fraction, not percent
  EXPECT_LT(k["kld_quantiles"]["max"].get<double>(), 1e-5);
  EXPECT_NEAR(k["ppl_ratio"]["value"].get<double>(), 1.0, 1e-5);
}

TEST(PerplexityCli, BatchSizeDoesNotChangeTheResult) {
  const CliResult whole = run_cli(base_args({"-f", text_file(), "--chunks", "3"}));
  const CliResult steps = run_cli(base_args({"-f", text_file(), "--chunks", "3", "-b", "20"}));
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  ASSERT_EQ(steps.exit_code, 0) << steps.err;
  const double a = number_after(whole.out, "PPL = "), b = number_after(steps.out, "PPL = ");
  EXPECT_NEAR(a, b, 1e-3 * a);
}

TEST(PerplexityCli, KlDivergenceAgainstItsOwnBaseIsZero) {
  test::TempDir dir;
  const std::string base = dir.file("ref.kld").string();
  const CliResult saved = run_cli(base_args({"-f", text_file(), "--save-kld-base", base}));
  ASSERT_EQ(saved.exit_code, 0) << saved.err;
  ASSERT_TRUE(std::filesystem::exists(base));
  EXPECT_THAT(saved.err, HasSubstr("saved the KLD base"));

  const CliResult same = run_cli(base_args({"-f", text_file(), "--kl-divergence-base", base}));
  ASSERT_EQ(same.exit_code, 0) << same.err;
  const double kld = number_after(same.out, "Mean    KLD:");
  EXPECT_GE(kld, 0.0) << same.out;
  EXPECT_LT(kld, 1e-6) << same.out;
  EXPECT_LT(number_after(same.out, "Maximum KLD:"), 1e-5) << same.out;
  EXPECT_NEAR(number_after(same.out, "Same top p:"), 100.0, 1e-9) << same.out;
  EXPECT_NEAR(number_after(same.out, "Mean PPL(Q)/PPL(base)         :"), 1.0, 1e-5) << same.out;
  EXPECT_EQ(number_after(same.out, "Final estimate: PPL = "), number_after(saved.out, "Final estimate: PPL = "));

  // Without -f the base's own tokens are evaluated: the same figures.
  const CliResult no_text = run_cli(base_args({"--kl-divergence-base", base}));
  ASSERT_EQ(no_text.exit_code, 0) << no_text.err;
  EXPECT_EQ(number_after(no_text.out, "Mean    KLD:"), kld);
}

TEST(PerplexityCli, AnotherKvCacheTypeDivergesLittle) {
  test::TempDir dir;
  const std::string base = dir.file("f32.kld").string();
  const CliResult saved = run_cli(base_args({"-f", text_file(), "--chunks", "4", "--kv-type", "f32", "--save-kld-base", base}));
  ASSERT_EQ(saved.exit_code, 0) << saved.err;
  const CliResult f16 = run_cli(base_args({"-f", text_file(), "--kv-type", "f16", "--kl-divergence-base", base}));
  ASSERT_EQ(f16.exit_code, 0) << f16.err;
  EXPECT_THAT(f16.err, HasSubstr("4 chunks of 64"));  // as many as the base holds
  const double kld = number_after(f16.out, "Mean    KLD:");
  EXPECT_GE(kld, 0.0) << f16.out;
  EXPECT_LT(kld, 1e-2) << f16.out;
  EXPECT_GT(number_after(f16.out, "Same top p:"), 90.0) << f16.out;
}

TEST(PerplexityCli, MismatchedBasesAreRefusedByName) {
  test::TempDir dir;
  const std::string base = dir.file("ref.kld").string();
  ASSERT_EQ(run_cli(base_args({"-f", text_file(), "--chunks", "2", "--save-kld-base", base})).exit_code, 0);

  const CliResult ctx = run_cli({"perplexity", "-m", stories(), "--backend", "cpu", "-c", "32", "-f", text_file(),
                                 "--kl-divergence-base", base});
  EXPECT_EQ(ctx.exit_code, 1);
  EXPECT_THAT(ctx.err, HasSubstr("context mismatch"));
  EXPECT_THAT(ctx.err, HasSubstr("-c 64"));

  // The same without -f: the base's tokens, still another context.
  const CliResult ctx_no_text = run_cli({"perplexity", "-m", stories(), "--backend", "cpu", "-c", "32",
                                         "--kl-divergence-base", base});
  EXPECT_EQ(ctx_no_text.exit_code, 1);
  EXPECT_THAT(ctx_no_text.err, HasSubstr("context mismatch"));

  const std::string other = dir.file("other.txt").string();
  std::string words;
  for (int i = 0; i < 100; ++i) words += "The dog ran to the sea and back again. ";
  test::write_file_bytes(other, std::vector<uint8_t>(words.begin(), words.end()));
  const CliResult text = run_cli(base_args({"-f", other, "--kl-divergence-base", base}));
  EXPECT_EQ(text.exit_code, 1);
  EXPECT_THAT(text.err, HasSubstr("text mismatch: token"));

  const CliResult vocab = run_cli({"perplexity", "-m", test::fixture("hf/llama2-f16.gguf").string(), "--backend",
                                   "cpu", "-c", "64", "-f", text_file(), "--kl-divergence-base", base});
  EXPECT_EQ(vocab.exit_code, 1);
  EXPECT_THAT(vocab.err, HasSubstr("mismatch"));

  const std::string cut = dir.file("cut.kld").string();
  std::filesystem::copy_file(base, cut);
  std::filesystem::resize_file(cut, std::filesystem::file_size(base) - 100);
  const CliResult truncated = run_cli(base_args({"-f", text_file(), "--kl-divergence-base", cut}));
  EXPECT_EQ(truncated.exit_code, 1);
  EXPECT_THAT(truncated.err, HasSubstr("truncated"));
  EXPECT_THAT(truncated.err, HasSubstr(cut));
}

TEST(PerplexityCli, UsageErrors) {
  const CliResult help = run_cli({"perplexity", "--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_THAT(help.out, HasSubstr("--kl-divergence-base"));

  EXPECT_EQ(run_cli({"perplexity", "-m", stories()}).exit_code, 2);  // no text
  const CliResult both = run_cli(base_args({"-f", text_file(), "--save-kld-base", "a", "--kl-divergence-base", "b"}));
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_THAT(both.err, HasSubstr("not both"));

  const CliResult short_text = run_cli({"perplexity", "-m", stories(), "--backend", "cpu", "-c", "4096", "-f", text_file()});
  EXPECT_EQ(short_text.exit_code, 1);
  EXPECT_THAT(short_text.err, HasSubstr("needs at least 8192"));

  const CliResult missing = run_cli(base_args({"-f", "/nonexistent/text.txt"}));
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_THAT(missing.err, HasSubstr("/nonexistent/text.txt"));
}

}  // namespace
}  // namespace tessera
