// `tessera-cli run --json` as a process on the stories260K fixture: one JSON object whose ids are
// the prompt's tokenization and llama.cpp's greedy continuation, whose pieces make up the text, and
// whose log-probabilities describe the model's distribution.
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_process.h"
#include "support/test_support.h"

namespace tessera {
namespace {

using test::CliResult;
using test::run_cli;

std::string stories() { return test::fixture("models/stories260K-f32.gguf").string(); }

nlohmann::json stories_case(size_t i) {
  std::ifstream in(test::fixture("models/stories260K.expected.json"));
  return nlohmann::json::parse(in)["cases"][i];
}

nlohmann::json parse_one_object(const CliResult& r) {
  EXPECT_EQ(r.out.back(), '\n');
  EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << "one line";
  return nlohmann::json::parse(r.out, nullptr, /*allow_exceptions=*/false);
}

std::vector<int> tokenize_ids(const std::string& text) {
  const CliResult t = run_cli({"tokenize", "-m", stories(), "--ids", text});
  EXPECT_EQ(t.exit_code, 0) << t.err;
  std::istringstream in(t.out);
  std::vector<int> ids;
  for (int id; in >> id;) ids.push_back(id);
  return ids;
}

TEST(RunJsonCli, IdsTextAndTimingsOfAGreedyRun) {
  const auto c = stories_case(0);
  const std::string prompt = c["prompt"].get<std::string>();
  const int n = c["n_predict"].get<int>();
  const CliResult r = run_cli({"run", "-m", stories(), "--backend", "cpu", "-p", prompt, "-n", std::to_string(n),
                               "--temp", "0", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json j = parse_one_object(r);
  ASSERT_FALSE(j.is_discarded()) << r.out.substr(0, 300);

  // The prompt ids are the prompt's tokenization (BOS included) ...
  EXPECT_EQ(j.at("prompt").get<std::string>(), prompt);
  EXPECT_EQ(j.at("prompt_ids").get<std::vector<int>>(), tokenize_ids(prompt));
  EXPECT_EQ(j.at("prompt_ids").get<std::vector<int>>(), c["prompt_token_ids"].get<std::vector<int>>());
  // ... the generated ids are llama.cpp's greedy continuation, and their pieces make up the text.
  const auto& ref = c["llama_cpp"];
  EXPECT_EQ(j.at("generated_ids").get<std::vector<int>>(), ref["continuation_token_ids"].get<std::vector<int>>());
  EXPECT_EQ(j.at("text").get<std::string>(), ref["continuation_text"].get<std::string>());
  std::string pieces;
  std::vector<int> token_ids;
  for (const auto& t : j.at("tokens")) {
    pieces += t.at("text").get<std::string>();
    token_ids.push_back(t.at("id").get<int>());
    EXPECT_FALSE(t.contains("logprob"));  // only with --top-logprobs
  }
  EXPECT_EQ(pieces, j.at("text").get<std::string>());
  EXPECT_EQ(token_ids, j.at("generated_ids").get<std::vector<int>>());
  // The text re-tokenizes to the prompt and generated ids (a greedy run of this model is canonical).
  std::vector<int> all = j.at("prompt_ids").get<std::vector<int>>();
  for (int id : token_ids) all.push_back(id);
  EXPECT_EQ(tokenize_ids(prompt + j.at("text").get<std::string>()), all);

  EXPECT_EQ(j.at("stop_reason").get<std::string>(), "length");
  const auto& t = j.at("timings");
  EXPECT_EQ(t.at("prompt_tokens").get<int>(), static_cast<int>(c["prompt_token_ids"].size()));
  EXPECT_EQ(t.at("generated_tokens").get<int>(), n);
  EXPECT_GT(t.at("prompt_tokens_per_s").get<double>(), 0.0);
  EXPECT_GT(t.at("generation_tokens_per_s").get<double>(), 0.0);
  EXPECT_GT(t.at("time_to_first_token_ms").get<double>(), 0.0);
  EXPECT_EQ(j.at("model").at("path").get<std::string>(), stories());
  EXPECT_THAT(j.at("model").at("backend").get<std::string>(), ::testing::StartsWith("cpu"));
  EXPECT_EQ(j.at("settings").at("n_predict").get<int>(), n);
  EXPECT_EQ(j.at("settings").at("temperature").get<double>(), 0.0);
}

TEST(RunJsonCli, TopLogprobsDescribeTheModelsDistribution) {
  const CliResult r = run_cli({"run", "-m", stories(), "--backend", "cpu", "-p", "The little dog", "-n", "12",
                               "--temp", "0", "--json", "--top-logprobs", "3"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json j = parse_one_object(r);
  ASSERT_FALSE(j.is_discarded());
  EXPECT_EQ(j.at("settings").at("top_logprobs").get<int>(), 3);
  ASSERT_EQ(j.at("tokens").size(), 12u);
  for (const auto& t : j.at("tokens")) {
    const auto& top = t.at("top_logprobs");
    ASSERT_EQ(top.size(), 3u);
    // Greedy: the chosen token is the most likely one, with its log-probability.
    EXPECT_EQ(top[0].at("id").get<int>(), t.at("id").get<int>());
    EXPECT_DOUBLE_EQ(top[0].at("logprob").get<double>(), t.at("logprob").get<double>());
    double mass = 0.0;
    for (size_t k = 0; k < top.size(); ++k) {
      const double lp = top[k].at("logprob").get<double>();
      EXPECT_LE(lp, 0.0);
      if (k > 0) {
        EXPECT_LE(lp, top[k - 1].at("logprob").get<double>());
      }
      EXPECT_TRUE(top[k].at("text").is_string());
      mass += std::exp(lp);
    }
    EXPECT_LE(mass, 1.0 + 1e-9);
  }
}

TEST(RunJsonCli, TopLogprobsNeedJsonAndARange) {
  EXPECT_EQ(run_cli({"run", "-m", stories(), "-p", "x", "--top-logprobs", "2"}).exit_code, 2);
  const CliResult r = run_cli({"run", "-m", stories(), "-p", "x", "--json", "--top-logprobs", "101"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, ::testing::HasSubstr("--top-logprobs: 101 is out of range (0..100)"));
}

}  // namespace
}  // namespace tessera
