// `tessera-cli run` and `tessera-cli chat` as processes: streamed output, timings, exit codes, clear
// errors, and Ctrl-C handling in chat.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_process.h"
#include "core/model/random_model.h"
#include "engine/engine.h"
#include "support/test_support.h"

namespace tessera {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

using test::run_cli;

std::string stories() { return test::fixture("models/stories260K-f32.gguf").string(); }

nlohmann::json stories_case(size_t i) {
  std::ifstream in(test::fixture("models/stories260K.expected.json"));
  return nlohmann::json::parse(in)["cases"][i];
}

TEST(RunCli, GreedyContinuationStreamsTextIdsAndTimings) {
  const auto c = stories_case(0);
  const auto& ref = c["llama_cpp"];
  auto r = run_cli({"run", "-m", stories(), "-p", c["prompt"].get<std::string>(), "-n",
                    std::to_string(c["n_predict"].get<int>()), "--temp", "0", "--ids"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string ids = "ids:";
  for (int id : ref["continuation_token_ids"]) ids += " " + std::to_string(id);
  EXPECT_EQ(r.out, ref["continuation_text"].get<std::string>() + "\n" + ids + "\n");
  EXPECT_THAT(r.err, HasSubstr("prompt:     5 tokens"));
  EXPECT_THAT(r.err, HasSubstr("generation: 196 tokens"));
  EXPECT_THAT(r.err, HasSubstr("tokens/s"));
  EXPECT_THAT(r.err, HasSubstr("stop:       length"));
}

TEST(RunCli, EmptyPromptStartsFromBos) {
  const auto c = stories_case(3);
  auto r = run_cli({"run", "-m", stories(), "-p", "", "-n", "20", "--temp", "0", "--ids"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string ids = "ids:";
  for (size_t i = 0; i < 20; ++i) ids += " " + std::to_string(c["llama_cpp"]["continuation_token_ids"][i].get<int>());
  EXPECT_THAT(r.out, HasSubstr(ids));
  EXPECT_THAT(r.out, StartsWith(" Once upon a time"));
}

TEST(RunCli, SeedReproducesSampledOutput) {
  const std::vector<std::string> args = {"run", "-m", stories(), "-p", "The cat", "-n", "40", "--temp", "1.0",
                                         "--top-k", "0", "--top-p", "1", "--min-p", "0", "--seed", "7"};
  auto a = run_cli(args), b = run_cli(args);
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  auto args2 = args;
  args2.back() = "8";
  EXPECT_NE(run_cli(args2).out, a.out);
}

TEST(RunCli, ContextFullStopsGeneration) {
  auto r = run_cli({"run", "-m", stories(), "-p", "Once upon a time", "-n", "100", "--temp", "0", "-c", "16"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("stop:       context full"));
}

TEST(RunCli, ContextOverflowPolicyLetsGenerationGoOn) {
  for (const char* policy : {"rolling", "truncate-middle"}) {
    auto r = run_cli({"run", "-m", stories(), "-p", "Once upon a time", "-n", "40", "--temp", "0", "-c", "16",
                      "--ignore-eos", "-v", "--context-overflow", policy});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_THAT(r.err, HasSubstr("stop:       length"));
    EXPECT_THAT(r.err, HasSubstr("context shifts, 0 tokens re-evaluated"));
  }
  auto r = run_cli({"run", "-m", stories(), "-p", "x", "--context-overflow", "middle"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("--context-overflow: 'middle' is not a policy (stop, truncate-middle or rolling)"));
}

TEST(RunCli, BadInputsGiveClearErrors) {
  // Prompt longer than the context.
  auto r = run_cli({"run", "-m", stories(), "-p", "Once upon a time, there was a big tree.", "-c", "8"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("prompt of 14 tokens does not fit the context of 8"));
  EXPECT_TRUE(r.out.empty());

  test::TempDir dir;
  r = run_cli({"run", "-m", dir.file("nope.gguf").string(), "-p", "x"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr(dir.file("nope.gguf").string()));

  gguf::GgufWriter w;
  w.set_string("general.architecture", "falcon");
  test::write_file_bytes(dir.file("falcon.gguf"), w.to_bytes().value());
  r = run_cli({"run", "-m", dir.file("falcon.gguf").string(), "-p", "x"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("unsupported architecture 'falcon'"));

  test::RandomModelConfig c;
  c.omit = {"blk.1.attn_v.weight"};
  test::write_file_bytes(dir.file("missing.gguf"), test::random_model_bytes(c));
  r = run_cli({"run", "-m", dir.file("missing.gguf").string(), "-p", "x"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("missing tensor 'blk.1.attn_v.weight'"));

  c = {};
  c.reshape = {{"blk.0.attn_q.weight", {64, 32}}};
  test::write_file_bytes(dir.file("shape.gguf"), test::random_model_bytes(c));
  r = run_cli({"run", "-m", dir.file("shape.gguf").string(), "-p", "x"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("'blk.0.attn_q.weight'"));
  EXPECT_THAT(r.err, HasSubstr("has shape [64, 32], expected [64, 64]"));
}

TEST(RunCli, UsageErrors) {
  auto r = run_cli({"run", "-m", stories()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("missing -p PROMPT"));
  r = run_cli({"run", "-m", stories(), "-p", "x", "--bogus"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("unknown option '--bogus'"));
  r = run_cli({"run", "-m", stories(), "-p", "x", "--temp", "warm"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "tessera-cli run: --temp: 'warm' is not a number (0..10)\n");
  // Refused while parsing (exit 2), not when the sampler is made (once exit 1, "top_p").
  r = run_cli({"run", "-m", stories(), "-p", "x", "--top-p", "-2"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "tessera-cli run: --top-p: -2 is out of range (0..1)\n");
  r = run_cli({"run", "--help"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.out, HasSubstr("--repeat-penalty"));
}

TEST(RunCli, WithoutModelUsesTheDefaultOrSaysSo) {
  auto r = run_cli({"run", "-p", "Once upon a time", "-n", "4", "--temp", "0"});
  if (r.exit_code == 0) {
    EXPECT_THAT(r.err, HasSubstr("generation: 4 tokens"));
  } else {
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_THAT(r.err, HasSubstr("no model given; use -m FILE"));
  }
}

TEST(ChatCli, ConversationWithReset) {
  // The replies the engine gives for the same conversations.
  Engine engine;
  LoadSettings s;
  s.backend = "cpu";
  ASSERT_TRUE(engine.load(stories(), s).ok());
  GenerationRequest req;
  req.n_predict = 10;
  req.sampling.temperature = 0.0f;
  auto first = engine.chat({{"system", "Be kind."}, {"user", "Once upon a time"}}, req);
  ASSERT_TRUE(first.ok());
  auto second = engine.chat({{"system", "Be kind."}, {"user", "Once upon a time"}, {"assistant", first->text},
                             {"user", "Lily wanted"}},
                            req);
  ASSERT_TRUE(second.ok());
  auto after_reset = engine.chat({{"system", "Be kind."}, {"user", "The cat"}}, req);
  ASSERT_TRUE(after_reset.ok());

  auto r = run_cli({"chat", "-m", stories(), "-n", "10", "--temp", "0", "--system", "Be kind."},
                   "Once upon a time\nLily wanted\n/reset\n\nThe cat\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, first->text + "\n" + second->text + "\n" + after_reset->text + "\n");
  EXPECT_THAT(r.err, HasSubstr("(conversation cleared)"));
}

TEST(ChatCli, QuitCommandAndErrors) {
  auto r = run_cli({"chat", "-m", stories(), "-n", "3", "--temp", "0"}, "/quit\nOnce upon a time\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(r.out.empty());
  // A message that does not fit the context is reported and the chat goes on.
  // (ChatML's markers are plain text to this model: "Hi" alone makes a 42-token prompt.)
  r = run_cli({"chat", "-m", stories(), "-n", "3", "--temp", "0", "-c", "64"},
              "Once upon a time there was a little girl named Lily and a dog and a cat and a big tree\nHi\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("does not fit the context of 64"));
  EXPECT_FALSE(r.out.empty());
  EXPECT_THAT(r.err, HasSubstr("--context-overflow truncate-middle or rolling"));
  // The same conversation goes on under a policy that drops what does not fit.
  r = run_cli({"chat", "-m", stories(), "-n", "3", "--temp", "0", "-c", "64", "-v", "--context-overflow", "rolling"},
              "Once upon a time there was a little girl named Lily and a dog and a cat and a big tree\nHi\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.err, Not(HasSubstr("does not fit the context")));
  EXPECT_THAT(r.err, HasSubstr("overflow:   "));
  r = run_cli({"chat", "-m", "/nonexistent/model.gguf"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("/nonexistent/model.gguf"));
}

// A child process with pipes on stdin and stdout, for interactive tests.
class Child {
 public:
  explicit Child(const std::vector<std::string>& args) {
    int in[2], out[2];
    EXPECT_EQ(pipe(in), 0);
    EXPECT_EQ(pipe(out), 0);
    pid_ = fork();
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      const int devnull = open("/dev/null", O_WRONLY);
      dup2(devnull, 2);
      close(in[1]);
      close(out[0]);
      std::vector<char*> argv;
      argv.push_back(const_cast<char*>(TESSERA_CLI_PATH));
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(TESSERA_CLI_PATH, argv.data());
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_child_ = in[1];
    from_child_ = out[0];
  }
  ~Child() {
    if (to_child_ >= 0) close(to_child_);
    close(from_child_);
    if (pid_ > 0 && !reaped_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  void send(const std::string& s) { ASSERT_EQ(write(to_child_, s.data(), s.size()), static_cast<ssize_t>(s.size())); }
  void close_input() {
    close(to_child_);
    to_child_ = -1;
  }
  void interrupt() { kill(pid_, SIGINT); }
  // Reads what arrives within `ms` milliseconds (stops early after `want` bytes).
  std::string read_for(int ms, size_t want = SIZE_MAX) {
    std::string got;
    const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (got.size() < want) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - std::chrono::steady_clock::now());
      if (left.count() <= 0) break;
      pollfd p{from_child_, POLLIN, 0};
      if (poll(&p, 1, static_cast<int>(left.count())) <= 0) break;
      char buf[4096];
      const ssize_t n = read(from_child_, buf, sizeof buf);
      if (n <= 0) break;
      got.append(buf, static_cast<size_t>(n));
    }
    return got;
  }
  // Exit code, or -1 if it has not exited within `ms`.
  int wait_exit(int ms) {
    for (int waited = 0; waited < ms; waited += 10) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        reaped_ = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      usleep(10000);
    }
    return -1;
  }

 private:
  pid_t pid_ = -1;
  int to_child_ = -1, from_child_ = -1;
  bool reaped_ = false;
};

TEST(ChatCli, CtrlCStopsTheReplyAndTheChatGoesOn) {
  // A context of 4096 and no length limit: the reply runs for seconds unless stopped.
  Child child({"chat", "-m", stories(), "-c", "4096", "--temp", "0", "-n", "-1"});
  child.send("Once upon a time\n");
  const std::string start = child.read_for(10000, 20);
  ASSERT_GE(start.size(), 20u) << "no reply streamed";
  child.interrupt();
  child.read_for(500);  // the rest of the stopped reply
  EXPECT_EQ(child.wait_exit(0), -1) << "Ctrl-C during a reply must not end the program";
  child.send("/reset\nThe cat\n");
  const std::string next = child.read_for(3000, 10);
  EXPECT_GE(next.size(), 10u) << "no second reply after Ctrl-C";
  child.interrupt();  // stops the second reply
  child.read_for(500);
  child.close_input();  // EOF at the prompt quits
  EXPECT_EQ(child.wait_exit(10000), 0);
}

TEST(ChatCli, CtrlCAtThePromptQuits) {
  Child child({"chat", "-m", stories(), "-n", "2", "--temp", "0"});
  child.send("Hi\n");
  child.read_for(3000, 1);
  child.read_for(300);
  child.interrupt();
  EXPECT_EQ(child.wait_exit(5000), 0);
}

}  // namespace
}  // namespace tessera
