// `tessera-cli serve` as a person starts it: the exposure rule and option refusals (the server
// itself is tested in-process in server_http_test.cpp, and end to end with the official OpenAI
// client in openai-client/).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli_process.h"
#include "support/test_support.h"

namespace tessera {
namespace {

using ::testing::HasSubstr;

std::string tiny() { return (test::source_dir() / "resources/models/tessera-tiny.gguf").string(); }

TEST(ServeCli, RefusesANonLoopbackHostWithoutAKey) {
  const test::CliResult r = test::run_cli({"serve", "-m", tiny(), "--host", "0.0.0.0", "--port", "0"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("--host 0.0.0.0 lets other machines connect; give --api-key KEY"));
  EXPECT_THAT(r.err, HasSubstr("--insecure"));
}

TEST(ServeCli, RefusesABadPort) {
  const test::CliResult r = test::run_cli({"serve", "-m", tiny(), "--port", "70000"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "tessera-cli serve: --port: 70000 is out of range (0..65535)\n");
}

TEST(ServeCli, RefusesAnAllowedOriginThatIsNotOne) {
  const test::CliResult r = test::run_cli({"serve", "-m", tiny(), "--port", "0", "--allowed-origins",
                                           "http://localhost:3000, localhost:8000"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("--allowed-origins: 'localhost:8000' is not an origin"));
}

TEST(ServeCli, AMissingModelFailsAfterBinding) {
  const test::CliResult r = test::run_cli({"serve", "-m", "/nonexistent/model.gguf", "--port", "0"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("listening on http://127.0.0.1:"));
  EXPECT_THAT(r.err, HasSubstr("/nonexistent/model.gguf"));
}

TEST(ServeCli, HelpListsTheSecurityOptions) {
  const test::CliResult r = test::run_cli({"serve", "--help"});
  EXPECT_EQ(r.exit_code, 0);
  for (const char* option : {"--host", "--port", "--api-key", "--insecure", "--allowed-origins", "--ctx", "--backend"})
    EXPECT_THAT(r.out, HasSubstr(option));
}

}  // namespace
}  // namespace tessera
