// `tessera-cli pull` and `run -m hf:...` as processes against the stand-in hub (support/fake_hub.h)
// on 127.0.0.1, found through HF_ENDPOINT: the models folder from XDG_DATA_HOME, --dir, split sets,
// a dropped connection resumed, a damaged download refused and removed, a gated model explained,
// a full disk (RLIMIT_FSIZE in the child: writes fail with EFBIG) keeping the part for a resume,
// proxies read from the environment, and a model run straight from the hub (and offline from the
// copy pulled before).
#include <filesystem>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli_process.h"
#include "pull_progress.h"
#include "gguf/gguf_file.h"
#include "gguf/gguf_split.h"
#include "support/fake_hub.h"
#include "support/test_support.h"

namespace tessera {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;
using test::FakeHub;
using test::run_cli;

const std::string kRepo = "karpathy/stories260K-GGUF";
const std::string kFile = "stories260K-F32.gguf";

fs::path stories() { return test::fixture("models/stories260K-f32.gguf"); }

class PullCli : public ::testing::Test {
 protected:
  void SetUp() override {
    hub = std::make_unique<FakeHub>();
    hub->add_file(kRepo, kFile, stories());
    hub->add_file(kRepo, "README.md", test::source_dir() / "LICENSE", false);
  }
  // The child's environment: the stand-in hub, a models folder of the test's own, no proxies or
  // token from the machine running the tests.
  std::vector<std::string> env(std::vector<std::string> more = {}) const {
    // env(1) takes the removals first.
    std::vector<std::string> e = {"HF_TOKEN", "http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY",
                                  "no_proxy", "NO_PROXY",
                                  "HF_ENDPOINT=" + hub_endpoint(),
                                  "XDG_DATA_HOME=" + (dir.path() / "data").string(),
                                  "HOME=" + dir.path().string(), "TERM=dumb"};
    e.insert(e.end(), more.begin(), more.end());
    return e;
  }
  std::string hub_endpoint() const { return endpoint_.empty() ? hub->endpoint() : endpoint_; }
  fs::path models() const { return dir.path() / "data" / "tessera" / "models"; }
  std::vector<FakeHub::Request> cdn_requests() const {
    std::vector<FakeHub::Request> out;
    for (const auto& r : hub->requests())
      if (r.server == "cdn") out.push_back(r);
    return out;
  }
  static bool same_bytes(const fs::path& a, const fs::path& b) { return test::read_file_bytes(a) == test::read_file_bytes(b); }

  test::TempDir dir;
  std::unique_ptr<FakeHub> hub;
  std::string endpoint_;  // kept when the hub is gone
};

TEST_F(PullCli, IntoTheModelsFolderWithPlainProgress) {
  const auto r = run_cli({"pull", kRepo}, "", env());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const fs::path path = models() / kRepo / kFile;
  EXPECT_EQ(r.out, path.string() + "\n");
  EXPECT_TRUE(same_bytes(path, stories()));
  EXPECT_THAT(r.err, HasSubstr("tessera-cli pull: " + kRepo + ": F32 " + kFile + ", 1.1 MiB into " +
                               (models() / kRepo).string()));
  EXPECT_THAT(r.err, HasSubstr("pull: " + kFile + ": downloading 1.1 MiB\n"));
  EXPECT_THAT(r.err, HasSubstr("pull: " + kFile + ": 50%\n"));
  EXPECT_THAT(r.err, HasSubstr("pull: " + kFile + ": checking its checksum\n"));
  EXPECT_THAT(r.err, HasSubstr("pull: " + kFile + ": done\n"));
  EXPECT_THAT(r.err, Not(HasSubstr("\r")));  // not a terminal: no redrawn line
  EXPECT_FALSE(fs::exists(models() / kRepo / "README.md"));  // only the model's files

  // Pulled again: in place, nothing fetched.
  const size_t fetched = cdn_requests().size();
  const auto again = run_cli({"pull", kRepo + ":f32", "--quiet"}, "", env());
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.out, path.string() + "\n");
  EXPECT_EQ(again.err, "");
  EXPECT_EQ(cdn_requests().size(), fetched);
}

TEST_F(PullCli, ASplitSetIntoAFolderThenInspected) {
  auto whole = gguf::GgufFile::open(stories().string());
  ASSERT_TRUE(whole.ok());
  auto copy = gguf::GgufWriter::copy_of(**whole);
  ASSERT_TRUE(copy.ok());
  fs::create_directories(dir.path() / "src");
  auto parts = gguf::write_split_files(*copy, (dir.path() / "src" / "stories-Q8_0").string(), 20);
  ASSERT_TRUE(parts.ok());
  for (const auto& p : *parts) hub->add_file(kRepo, "Q8_0/" + fs::path(p).filename().string(), p);
  hub->add_fault(kRepo, "Q8_0/stories-Q8_0-00002-of-00003.gguf", FakeHub::Fault::DropHalfway);
  const fs::path target = dir.path() / "mine";
  const auto r = run_cli({"pull", kRepo + ":Q8_0", "--dir", target.string()}, "", env());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, (target / "stories-Q8_0-00001-of-00003.gguf").string() + "\n");
  EXPECT_THAT(r.err, HasSubstr("in 3 parts into " + target.string()));
  EXPECT_THAT(r.err, HasSubstr("pull: stories-Q8_0-00002-of-00003.gguf: resuming after"));
  for (const auto& p : *parts) EXPECT_TRUE(same_bytes(target / fs::path(p).filename(), p)) << p;
  const auto inspect = run_cli({"inspect", (target / "stories-Q8_0-00003-of-00003.gguf").string()});
  EXPECT_EQ(inspect.exit_code, 0) << inspect.err;
  EXPECT_THAT(inspect.out, HasSubstr("in 3 parts"));
}

TEST_F(PullCli, ADamagedDownloadIsRefusedAndRemoved) {
  hub->add_fault(kRepo, kFile, FakeHub::Fault::CorruptByte);
  const auto r = run_cli({"pull", kRepo}, "", env());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("tessera-cli pull: the SHA-256 of " + kFile + " from " + hub->endpoint() + "/" + kRepo +
                               "/resolve/main/" + kFile + " is "));
  EXPECT_THAT(r.err, HasSubstr("the bytes were damaged on the way, so they were removed"));
  EXPECT_FALSE(fs::exists(models() / kRepo / kFile));
  EXPECT_FALSE(fs::exists(models() / kRepo / (kFile + ".part")));
}

TEST_F(PullCli, GatedMissingAndFailingModelsSayWhy) {
  hub->set_gated(kRepo, "hf_right");
  auto r = run_cli({"pull", kRepo}, "", env());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("this model is gated: accept its licence on the website (" + hub->endpoint() + "/" +
                               kRepo + ") and give a token (HF_TOKEN)"));
  r = run_cli({"pull", kRepo}, "", env({"HF_TOKEN=hf_right"}));
  EXPECT_EQ(r.exit_code, 0) << r.err;

  r = run_cli({"pull", "nobody/nothing"}, "", env());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("there is no repository nobody/nothing on " + hub->endpoint()));
  r = run_cli({"pull", kRepo + ":IQ1_S"}, "", env({"HF_TOKEN=hf_right"}));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr(kRepo + " has no IQ1_S model; it has: F32"));

  fs::remove(models() / kRepo / kFile);
  hub->add_fault(kRepo, kFile, FakeHub::Fault::Status500);
  r = run_cli({"pull", kRepo, "--retries", "0"}, "", env({"HF_TOKEN=hf_right"}));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("giving up on " + kFile + " after 1 attempt: the hub failed to answer"));
  EXPECT_THAT(r.err, HasSubstr("answered HTTP 500"));

  for (const auto& bad : std::vector<std::vector<std::string>>{{"pull"}, {"pull", "a/b", "c/d"}, {"pull", "model.gguf"},
                                                               {"pull", "a/b", "--retries", "x"}, {"pull", "a/b", "--nope"}}) {
    EXPECT_EQ(run_cli(bad, "", env()).exit_code, 2) << bad.back();
  }
  r = run_cli({"pull", kRepo}, "", env({"HF_ENDPOINT=ftp://mirror"}));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("HF_ENDPOINT is 'ftp://mirror', not an http:// or https:// address"));
}

// A disk that fills up mid-download: the child may write 1000 blocks of 512 bytes per file
// (ulimit -f; SIGXFSZ ignored, so writes fail with EFBIG as on a full disk). The part stays, and a
// pull with room resumes from it.
TEST_F(PullCli, AFullDiskKeepsThePartForTheNextPull) {
  std::vector<std::string> args = {"-c", "ulimit -f 1000; trap '' XFSZ; exec \"$0\" \"$@\"", TESSERA_CLI_PATH, "pull", kRepo};
  const auto full = test::run_program("/bin/sh", args, "", env());
  EXPECT_EQ(full.exit_code, 1) << full.err;
  const fs::path part = models() / kRepo / (kFile + ".part");
  EXPECT_THAT(full.err, HasSubstr("cannot write " + part.string() + " after "));
  EXPECT_THAT(full.err, HasSubstr("File too large (the part is kept: make room and run the download again to resume)"));
  ASSERT_TRUE(fs::exists(part));
  const uint64_t kept = fs::file_size(part);
  EXPECT_EQ(kept, 1000u * 512u);

  const auto r = run_cli({"pull", kRepo}, "", env());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("checking the 500.0 KiB downloaded before"));
  EXPECT_THAT(r.err, HasSubstr("downloading 1.1 MiB from 500.0 KiB"));
  EXPECT_EQ(cdn_requests().back().range, "bytes=" + std::to_string(kept) + "-");
  EXPECT_TRUE(same_bytes(models() / kRepo / kFile, stories()));
}

TEST_F(PullCli, ProxiesComeFromTheEnvironment) {
  // A proxy that refuses connections: the pull goes through it and fails...
  const std::string dead = "http://127.0.0.1:9";
  auto r = run_cli({"pull", kRepo, "--retries", "0"}, "", env({"http_proxy=" + dead}));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr(hub->endpoint() + "/api/models/" + kRepo + "/tree/main"));
  EXPECT_TRUE(hub->requests().empty());
  // ...unless no_proxy names the hub's host.
  r = run_cli({"pull", kRepo}, "", env({"http_proxy=" + dead, "no_proxy=127.0.0.1"}));
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST_F(PullCli, RunStraightFromTheHubAndOfflineFromThePulledCopy) {
  const std::vector<std::string> run = {"run", "-m", "hf:" + kRepo, "-p", "Once upon a time", "-n", "12", "--temp", "0"};
  const auto local = run_cli({"run", "-m", stories().string(), "-p", "Once upon a time", "-n", "12", "--temp", "0"});
  ASSERT_EQ(local.exit_code, 0) << local.err;
  auto r = run_cli(run, "", env());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, local.out);
  EXPECT_THAT(r.err, HasSubstr("tessera-cli run: " + kRepo + ": F32 " + kFile));
  EXPECT_TRUE(fs::exists(models() / kRepo / kFile));

  // The hub gone: the copy pulled before, with a note.
  endpoint_ = hub->endpoint();
  hub.reset();
  r = run_cli(run, "", env());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, local.out);
  EXPECT_THAT(r.err, HasSubstr("note: the hub cannot be reached ("));
  EXPECT_THAT(r.err, HasSubstr("using the copy pulled before: " + (models() / kRepo / kFile).string()));
  // Without a copy there is nothing to run.
  r = run_cli({"run", "-m", "hf:other/model", "-p", "x"}, "", env());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr(endpoint_ + "/api/models/other/model/tree/main"));
}

// The terminal form (a redrawn line), in-process: a bar, bytes, speed and time left; notes on lines
// of their own above it; the line ended at the finish.
TEST(PullProgressOnATerminal, RedrawsOneLine) {
  test::TempDir dir;
  FILE* out = std::fopen(dir.file("err").c_str(), "w+");
  ASSERT_NE(out, nullptr);
  cli::PullProgress progress(out, /*terminal=*/true);
  download::DownloadProgress p;
  p.files = {{"model-00001-of-00002.gguf", 512 << 10, 1 << 20, download::FileState::Downloading},
             {"model-00002-of-00002.gguf", 0, 1 << 20, download::FileState::Waiting}};
  p.done = 512 << 10;
  p.total = 2 << 20;
  p.bytes_per_second = 2 << 20;
  p.eta_seconds = 0.75;
  progress(p);
  p.note = "retrying in 1 s: HTTP 503";
  progress(p);
  progress.finish();
  std::fclose(out);
  const std::string text = test::read_all(dir.file("err"));
  EXPECT_EQ(text.substr(0, 4), "\r\x1b[K");
  EXPECT_THAT(text, HasSubstr("model-00001-of-00002.gguf (1/2)  25% [======>                 ] 512.0 KiB / 2.0 MiB  "
                              "2.0 MiB/s  ETA 1 s"));
  EXPECT_THAT(text, HasSubstr("\r\x1b[Kmodel-00001-of-00002.gguf: retrying in 1 s: HTTP 503\n"));
  EXPECT_EQ(text.back(), '\n');
}

}  // namespace
}  // namespace tessera
