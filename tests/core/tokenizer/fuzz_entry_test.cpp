// The fuzzing entry point (tokenizer_fuzz_entry.h): its input layout builds the vocabulary it
// describes, and arbitrary bytes never make it throw or crash.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>

#include "tokenizer/tokenizer_fuzz_entry.h"

namespace tessera::tokenizer {
namespace {

std::string input(uint8_t mode, std::string vocab, std::string text) {
  return std::string(1, static_cast<char>(mode)) + vocab + std::string(1, '\0') + text;
}

TEST(FuzzEntry, SpmWithByteTokensRoundTripsText) {
  // mode: SPM, space prefix, byte tokens; entries "\x01" = Normal, score 0; "\xE2\x96\x81" = '▁'.
  const auto s = run_untrusted(
      input(0x02 | 0x04, "\x01h\n\x01he\n\x01hel\n\x01llo\n\x01\xE2\x96\x81", "hello w\xC3\xB6rld\xFF"));
  ASSERT_TRUE(s.built) << s.error;
  EXPECT_GT(s.plain_tokens, 0u);
  EXPECT_EQ(s.plain_decoded, "hello w\xC3\xB6rld\xFF");
}

TEST(FuzzEntry, BpeWithByteTokensRoundTripsText) {
  const auto s = run_untrusted(input(0x01 | 0x04, "\x01he\n\x01ll", "hello, world\n"));
  ASSERT_TRUE(s.built) << s.error;
  EXPECT_EQ(s.plain_decoded, "hello, world\n");
}

TEST(FuzzEntry, ControlTokenSplitOnlyWithSpecialParsing) {
  // "\x03" = Control: "<c>" is one token only when special parsing is on.
  const auto s = run_untrusted(input(0x04, "\x03<c>", "a<c>b"));
  ASSERT_TRUE(s.built) << s.error;
  EXPECT_LT(s.special_tokens, s.plain_tokens);
  EXPECT_EQ(s.special_decoded, "a<c>b");
}

TEST(FuzzEntry, ArbitraryBytesNeverThrow) {
  std::mt19937 rng(17);
  for (int round = 0; round < 2000; ++round) {
    std::string bytes(rng() % 200, '\0');
    for (char& c : bytes) c = static_cast<char>(rng() % 8 == 0 ? '\n' : rng() % 256);
    EXPECT_NO_THROW(tokenize_untrusted(bytes)) << "round " << round;
  }
  EXPECT_NO_THROW(tokenize_untrusted(""));
  EXPECT_FALSE(run_untrusted("").built);
}

}  // namespace
}  // namespace tessera::tokenizer
