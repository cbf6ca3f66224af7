// cli/option_parse: the one strict parser of tessera-cli's numbers, tested in-process on the edge
// cases (the CLI suites check that each command uses it).
#include "option_parse.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace tessera::cli {
namespace {

std::string int_error(const std::string& text, IntRange range = {1, 1024}) {
  auto r = parse_integer("-t", text, range);
  return r.ok() ? "ok " + std::to_string(*r) : r.error().message;
}

TEST(OptionParse, IntegersMustBeTheWholeTextInPlainDecimal) {
  EXPECT_EQ(int_error("4"), "ok 4");
  EXPECT_EQ(int_error("1024"), "ok 1024");
  for (const char* bad : {"4x", "", " 4", "4 ", "+4", "0x10", "1e3", "4.0", "four", "--", "-"})
    EXPECT_EQ(int_error(bad), std::string("-t: '") + bad + "' is not an integer (1..1024)") << bad;
}

TEST(OptionParse, IntegersOutsideTheRangeNameTheTextAndTheRange) {
  EXPECT_EQ(int_error("0"), "-t: 0 is out of range (1..1024)");
  EXPECT_EQ(int_error("-4"), "-t: -4 is out of range (1..1024)");
  EXPECT_EQ(int_error("100000"), "-t: 100000 is out of range (1..1024)");
  // Beyond int64: still "out of range", with the text as given (no wrap to a small number).
  EXPECT_EQ(int_error("99999999999999999999"), "-t: 99999999999999999999 is out of range (1..1024)");
  auto ctx = parse_integer("--ctx", "4294967296", {1, 1 << 24});
  ASSERT_FALSE(ctx.ok());
  EXPECT_EQ(ctx.error().message, "--ctx: 4294967296 is out of range (1..16777216)");
  EXPECT_EQ(ctx.error().kind, ErrorKind::InvalidArgument);
}

TEST(OptionParse, UnsignedCoversTheWholeRange) {
  const UintRange all{0, std::numeric_limits<uint64_t>::max()};
  auto max = parse_unsigned("--seed", "18446744073709551615", all);
  ASSERT_TRUE(max.ok());
  EXPECT_EQ(*max, std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(*parse_unsigned("--seed", "0", all), 0u);
  EXPECT_EQ(parse_unsigned("--seed", "18446744073709551616", all).error().message,
            "--seed: 18446744073709551616 is out of range (0..18446744073709551615)");
  EXPECT_EQ(parse_unsigned("--seed", "-1", all).error().message, "--seed: -1 is out of range (0..18446744073709551615)");
  EXPECT_EQ(parse_unsigned("--seed", "-x", all).error().message,
            "--seed: '-x' is not an integer (0..18446744073709551615)");
  EXPECT_EQ(parse_unsigned("--seed", "7s", all).error().message,
            "--seed: '7s' is not an integer (0..18446744073709551615)");
}

TEST(OptionParse, RealsMustBeFiniteAndInRange) {
  const RealRange p{0.0, 1.0};
  EXPECT_DOUBLE_EQ(*parse_real("--top-p", "0.95", p), 0.95);
  EXPECT_DOUBLE_EQ(*parse_real("--top-p", "1", p), 1.0);
  EXPECT_DOUBLE_EQ(*parse_real("--top-p", "0", p), 0.0);
  EXPECT_DOUBLE_EQ(*parse_real("--top-p", "5e-1", p), 0.5);
  EXPECT_EQ(parse_real("--top-p", "2", p).error().message, "--top-p: 2 is out of range (0..1)");
  EXPECT_EQ(parse_real("--top-p", "-1", p).error().message, "--top-p: -1 is out of range (0..1)");
  EXPECT_EQ(parse_real("--top-p", "1.0000001", p).error().message, "--top-p: 1.0000001 is out of range (0..1)");
  EXPECT_EQ(parse_real("--top-p", "inf", p).error().message, "--top-p: inf is out of range (0..1)");
  EXPECT_EQ(parse_real("--top-p", "1e999", p).error().message, "--top-p: 1e999 is out of range (0..1)");
  for (const char* bad : {"nan", "0.5x", "", " 0.5", "+0.5", "0x1p-1", "high"})
    EXPECT_EQ(parse_real("--top-p", bad, p).error().message, std::string("--top-p: '") + bad + "' is not a number (0..1)")
        << bad;
}

TEST(OptionParse, RangesPrintShortestFixedNotation) {
  EXPECT_EQ(range_text(RealRange{0.01, 10.0}), "0.01..10");
  EXPECT_EQ(range_text(RealRange{0.0, 1e6}), "0..1000000");
  EXPECT_EQ(range_text(RealRange{-2.0, 2.0}), "-2..2");
  EXPECT_EQ(range_text(IntRange{-1, 16777216}), "-1..16777216");
}

TEST(OptionParse, ListsNameTheRefusedItem) {
  auto ok = parse_integer_list("-p", "128,512,0", {0, 1 << 24});
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(*ok, (std::vector<int64_t>{128, 512, 0}));
  EXPECT_EQ(parse_integer_list("-p", "-1", {0, 1 << 24}).error().message, "-p: -1 is out of range (0..16777216)");
  EXPECT_EQ(parse_integer_list("-p", "128,x", {0, 1 << 24}).error().message,
            "-p: '128,x' holds 'x', which is not an integer (0..16777216)");
  EXPECT_EQ(parse_integer_list("-p", "128,-1", {0, 1 << 24}).error().message,
            "-p: '128,-1' holds -1, which is out of range (0..16777216)");
  EXPECT_EQ(parse_integer_list("-p", "128,", {0, 1 << 24}).error().message,
            "-p: '128,' holds '', which is not an integer (0..16777216)");
  auto shares = parse_real_list("-ts", "3,1", {0.0, 1e6});
  ASSERT_TRUE(shares.ok());
  EXPECT_EQ(*shares, (std::vector<double>{3.0, 1.0}));
  EXPECT_EQ(parse_real_list("-ts", "3,nan", {0.0, 1e6}).error().message,
            "-ts: '3,nan' holds 'nan', which is not a number (0..1000000)");
}

TEST(OptionParse, ReaderTakesValuesAndKeepsTheFirstError) {
  const std::vector<std::string> args = {"-n", "-1", "--ctx", "4x", "-t", "100000"};
  OptionReader r(args);
  int32_t n = 0, ctx = 0, threads = 0;
  int seen = 0;
  while (r.next()) {
    ++seen;
    if (r.is({"-n", "--n-predict"})) EXPECT_TRUE(r.integer(n, {-1, 100}));  // a value may start with '-'
    else if (r.is({"-c", "--ctx"})) EXPECT_FALSE(r.integer(ctx, {1, 1 << 24}));
    else if (r.is({"-t"})) r.integer(threads, {1, 1024});
  }
  EXPECT_EQ(seen, 2);  // stops at the first refusal
  EXPECT_EQ(n, -1);
  EXPECT_EQ(ctx, 0);
  EXPECT_EQ(r.error(), "--ctx: '4x' is not an integer (1..16777216)");

  const std::vector<std::string> missing = {"--ctx"};
  OptionReader m(missing);
  ASSERT_TRUE(m.next());
  EXPECT_FALSE(m.integer(ctx, {1, 1 << 24}));
  EXPECT_FALSE(m.next());
  EXPECT_EQ(m.error(), "--ctx needs a value (1..16777216)");
}

TEST(OptionParse, ReaderRefusesARangeTheTargetCannotHold) {
  const std::vector<std::string> args = {"-x", "5"};
  OptionReader r(args);
  ASSERT_TRUE(r.next());
  int32_t v = 0;
  EXPECT_FALSE(r.integer(v, {0, int64_t{1} << 40}));
  EXPECT_EQ(r.error(), "-x: range 0..1099511627776 does not fit the option's type");
}

TEST(OptionParse, UsageLinesAlignTheHelp) {
  EXPECT_EQ(usage_line("-c, --ctx N", "context"), "  -c, --ctx N               context\n");
  EXPECT_EQ(usage_line("--a-very-long-option-name X", "h"), "  --a-very-long-option-name X h\n");
}

}  // namespace
}  // namespace tessera::cli
