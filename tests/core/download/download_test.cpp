// The download library against the stand-in hub (support/fake_hub.h) on 127.0.0.1: search and
// listings, downloads through the redirect with the token kept from the CDN, split sets in one job,
// and every way a download goes wrong: a dropped connection (resumed with a Range request), a
// pause and a later resume, a cancel, a damaged byte or a wrong listed checksum (refused, the part
// removed), gated and missing files, 429 and 5xx (retried with the server's or a doubling wait,
// recorded instead of slept), a stall, a server that ignores ranges, a full disk, a part locked by
// another download. The fixture files are served in place.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>

#include "download/download_job.h"
#include "download/gguf_choice.h"
#include "download/hub_client.h"
#include "engine/model_info.h"
#include "gguf/gguf_file.h"
#include "gguf/gguf_split.h"
#include "support/fake_hub.h"
#include "support/test_support.h"

namespace tessera::download {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using test::FakeHub;
using Fault = FakeHub::Fault;

const std::string kRepo = "karpathy/stories-GGUF";
const std::string kFile = "stories260K-f32.gguf";

fs::path stories() { return test::fixture("models/stories260K-f32.gguf"); }

class Download : public ::testing::Test {
 protected:
  void SetUp() override {
    hub.add_file(kRepo, kFile, stories());
    hub.add_file(kRepo, "README.md", test::source_dir() / "LICENSE", /*lfs=*/false);
    hub.set_stats(kRepo, 1234, 56);
    options.retry.first_wait = std::chrono::milliseconds(1000);
    options.wait = [this](std::chrono::milliseconds d) {
      std::lock_guard<std::mutex> lock(waits_mutex);
      waits.push_back(d);
      return true;
    };
  }

  HubSettings settings(const std::string& token = "") const {
    HubSettings s;
    s.endpoint = hub.endpoint();
    s.token = token;
    s.http.stall_timeout = std::chrono::milliseconds(10000);
    return s;
  }
  DownloadRequest request(std::vector<RepoFile> files) const {
    return DownloadRequest{kRepo, "main", std::move(files), (dir.path() / "models").string()};
  }
  RepoFile listed(HubClient& client, const std::string& path) {
    auto files = client.list_files(kRepo);
    EXPECT_TRUE(files.ok()) << (files.ok() ? "" : files.error().message);
    for (const auto& f : *files)
      if (f.path == path) return f;
    ADD_FAILURE() << "no " << path;
    return {};
  }
  Result<std::vector<std::string>> download(HubClient& client, const std::vector<RepoFile>& files,
                                            DownloadControl* control = nullptr) {
    DownloadControl own;
    return run_download(client, request(files), control ? *control : own, options, progress_log());
  }
  ProgressFn progress_log() {
    return [this](const DownloadProgress& p) {
      std::lock_guard<std::mutex> lock(waits_mutex);
      progress.push_back(p);
    };
  }
  std::vector<FakeHub::Request> cdn_requests() const {
    std::vector<FakeHub::Request> out;
    for (const auto& r : hub.requests())
      if (r.server == "cdn") out.push_back(r);
    return out;
  }
  static bool same_bytes(const fs::path& a, const fs::path& b) { return test::read_file_bytes(a) == test::read_file_bytes(b); }

  test::TempDir dir;
  FakeHub hub;
  DownloadOptions options;
  std::mutex waits_mutex;
  std::vector<std::chrono::milliseconds> waits;
  std::vector<DownloadProgress> progress;
};

TEST_F(Download, SearchAndListing) {
  hub.add_file("someone/other-model", "x.gguf", stories());
  HubClient client(settings());
  auto found = client.search("STORIES");
  ASSERT_TRUE(found.ok()) << found.error().message;
  ASSERT_EQ(found->size(), 1u);
  EXPECT_EQ((*found)[0].id, kRepo);
  EXPECT_EQ((*found)[0].downloads, 1234u);
  EXPECT_EQ((*found)[0].likes, 56u);
  const auto reqs = hub.requests();
  EXPECT_THAT(reqs.back().target, HasSubstr("/api/models?search=STORIES&filter=gguf"));

  // Listings in pages of one entry, followed through the Link header.
  hub.set_page_size(1);
  auto files = client.list_files(kRepo);
  ASSERT_TRUE(files.ok()) << files.error().message;
  ASSERT_EQ(files->size(), 2u);
  EXPECT_EQ((*files)[0].path, kFile);
  EXPECT_EQ((*files)[0].size, fs::file_size(stories()));
  EXPECT_EQ((*files)[0].sha256, FakeHub::sha256_hex(test::read_file_bytes(stories())));
  EXPECT_EQ((*files)[1].sha256, "");  // README.md is kept in git: its blob id only
  EXPECT_EQ((*files)[1].git_oid.size(), 40u);

  auto missing = client.list_files("nobody/nothing");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().kind, ErrorKind::InvalidArgument);
  EXPECT_THAT(missing.error().message, HasSubstr("there is no repository nobody/nothing on " + hub.endpoint()));
  EXPECT_THAT(missing.error().message, HasSubstr(hub.endpoint() + "/api/models/nobody/nothing/tree/main answered HTTP 401"));
}

TEST_F(Download, AFileThroughTheRedirectWithTheTokenKeptFromTheCdn) {
  HubClient client(settings("hf_secret"));
  const RepoFile f = listed(client, kFile);
  const RepoFile readme = listed(client, "README.md");
  auto paths = download(client, {f, readme});
  ASSERT_TRUE(paths.ok()) << paths.error().message;
  ASSERT_EQ(paths->size(), 2u);
  EXPECT_EQ((*paths)[0], (dir.path() / "models" / kFile).string());
  EXPECT_TRUE(same_bytes((*paths)[0], stories()));
  EXPECT_TRUE(same_bytes((*paths)[1], test::source_dir() / "LICENSE"));  // checked by its git blob id
  EXPECT_FALSE(fs::exists((*paths)[0] + ".part"));
  for (const auto& r : hub.requests()) {
    if (r.server == "hub") {
      EXPECT_EQ(r.authorization, "Bearer hf_secret") << r.target;
    }
    if (r.server == "cdn") {
      EXPECT_EQ(r.authorization, "") << r.target;  // another host:port
    }
  }
  EXPECT_EQ(cdn_requests().size(), 2u);
  ASSERT_FALSE(progress.empty());
  const DownloadProgress& last = progress.back();
  EXPECT_EQ(last.done, last.total);
  EXPECT_EQ(last.total, f.size + readme.size);
  EXPECT_EQ(last.files[0].state, FileState::Done);
  EXPECT_TRUE(waits.empty());

  // In place already: nothing is fetched again.
  paths = download(client, {f});
  ASSERT_TRUE(paths.ok());
  EXPECT_EQ(cdn_requests().size(), 2u);
}

TEST_F(Download, ASplitSetInOneJobOpensAsOneModel) {
  auto whole = gguf::GgufFile::open(stories().string());
  ASSERT_TRUE(whole.ok());
  auto copy = gguf::GgufWriter::copy_of(**whole);
  ASSERT_TRUE(copy.ok());
  auto parts = gguf::write_split_files(*copy, (dir.path() / "stories260K-F32").string(), 20);
  ASSERT_TRUE(parts.ok());
  for (const auto& p : *parts) hub.add_file("o/split-GGUF", "F32/" + fs::path(p).filename().string(), p);
  HubClient client(settings());
  auto files = client.list_files("o/split-GGUF");
  ASSERT_TRUE(files.ok());
  auto choice = choose_gguf(*files, "f32", "o/split-GGUF");
  ASSERT_TRUE(choice.ok()) << choice.error().message;
  ASSERT_EQ(choice->files.size(), 3u);
  hub.add_fault("o/split-GGUF", "F32/stories260K-F32-00002-of-00003.gguf", Fault::DropHalfway);
  DownloadControl control;
  auto got = run_download(client, DownloadRequest{"o/split-GGUF", "main", choice->files, (dir.path() / "m").string()},
                          control, options, {});
  ASSERT_TRUE(got.ok()) << got.error().message;
  ASSERT_EQ(got->size(), 3u);
  auto set = gguf::GgufFile::open((*got)[2]);
  ASSERT_TRUE(set.ok()) << set.error().message;
  EXPECT_EQ(set->get()->parts().size(), 3u);
  EXPECT_EQ(set->get()->tensors().size(), (*whole)->tensors().size());
  for (size_t i = 0; i < 3; ++i) EXPECT_TRUE(same_bytes((*got)[i], (*parts)[i])) << i;
}

TEST_F(Download, ADroppedConnectionResumesWithARangeAtOnce) {
  hub.add_fault(kRepo, kFile, Fault::DropHalfway, 2);
  HubClient client(settings());
  const RepoFile f = listed(client, kFile);
  auto paths = download(client, {f});
  ASSERT_TRUE(paths.ok()) << paths.error().message;
  EXPECT_TRUE(same_bytes((*paths)[0], stories()));
  const auto cdn = cdn_requests();
  ASSERT_EQ(cdn.size(), 3u);
  EXPECT_EQ(cdn[0].range, "");
  const uint64_t half = f.size / 2, quarter = (f.size - half) / 2;
  EXPECT_EQ(cdn[1].range, "bytes=" + std::to_string(half) + "-");
  EXPECT_EQ(cdn[2].range, "bytes=" + std::to_string(half + quarter) + "-");
  EXPECT_TRUE(waits.empty());  // bytes came: no wait before the next try
  bool noted = false;
  for (const auto& p : progress) noted |= p.note.find("resuming after") != std::string::npos;
  EXPECT_TRUE(noted);
}

TEST_F(Download, PauseKeepsThePartAndALaterRunResumesFromIt) {
  hub.add_fault(kRepo, kFile, Fault::StallHalfway);
  HubClient client(settings());
  const RepoFile f = listed(client, kFile);
  DownloadControl control;
  Result<std::vector<std::string>> paths = make_error(ErrorKind::Io, "not run");
  std::thread t([&] { paths = download(client, {f}, &control); });
  ASSERT_TRUE(hub.wait_for_stall(std::chrono::seconds(10)));
  control.pause();  // wakes the transfer at once
  t.join();
  hub.release_stalls();
  ASSERT_FALSE(paths.ok());
  EXPECT_EQ(paths.error().kind, ErrorKind::Cancelled);
  EXPECT_THAT(paths.error().message, HasSubstr("was paused"));
  const std::string part = (dir.path() / "models" / (kFile + ".part")).string();
  ASSERT_TRUE(fs::exists(part));
  const uint64_t kept = fs::file_size(part);
  EXPECT_EQ(kept, f.size / 2);

  // Another run (another process would do the same): the part is hashed again and resumed.
  HubClient again(settings());
  paths = download(again, {f});
  ASSERT_TRUE(paths.ok()) << paths.error().message;
  EXPECT_TRUE(same_bytes((*paths)[0], stories()));
  EXPECT_EQ(cdn_requests().back().range, "bytes=" + std::to_string(kept) + "-");
  bool checked = false;
  for (const auto& p : progress) checked |= p.files[0].state == FileState::CheckingPart;
  EXPECT_TRUE(checked);
}

TEST_F(Download, CancelRemovesThePart) {
  hub.add_fault(kRepo, kFile, Fault::StallHalfway);
  HubClient client(settings());
  const RepoFile f = listed(client, kFile);
  DownloadControl control;
  Result<std::vector<std::string>> paths = make_error(ErrorKind::Io, "not run");
  std::thread t([&] { paths = download(client, {f}, &control); });
  ASSERT_TRUE(hub.wait_for_stall(std::chrono::seconds(10)));
  control.cancel();
  t.join();
  hub.release_stalls();
  ASSERT_FALSE(paths.ok());
  EXPECT_THAT(paths.error().message, HasSubstr("was cancelled"));
  EXPECT_FALSE(fs::exists(dir.path() / "models" / (kFile + ".part")));
  EXPECT_FALSE(fs::exists(dir.path() / "models" / kFile));
}

TEST_F(Download, ADamagedByteOrAWrongListedChecksumIsRefusedAndThePartRemoved) {
  HubClient client(settings());
  const RepoFile f = listed(client, kFile);
  hub.add_fault(kRepo, kFile, Fault::CorruptByte);
  auto paths = download(client, {f});
  ASSERT_FALSE(paths.ok());
  EXPECT_EQ(paths.error().kind, ErrorKind::BadFile);
  EXPECT_THAT(paths.error().message, HasSubstr("the SHA-256 of " + kFile + " from " + hub.endpoint() + "/" + kRepo +
                                               "/resolve/main/" + kFile));
  EXPECT_THAT(paths.error().message, HasSubstr("but the hub lists " + f.sha256));
  EXPECT_THAT(paths.error().message, HasSubstr("they were removed"));
  EXPECT_FALSE(fs::exists(dir.path() / "models" / (kFile + ".part")));
  EXPECT_FALSE(fs::exists(dir.path() / "models" / kFile));

  hub.set_listed_sha256(kRepo, kFile, std::string(64, '0'));
  const RepoFile wrong = listed(client, kFile);
  paths = download(client, {wrong});
  ASSERT_FALSE(paths.ok());
  EXPECT_THAT(paths.error().message, HasSubstr("but the hub lists " + std::string(64, '0')));
  EXPECT_FALSE(fs::exists(dir.path() / "models" / kFile));
}

TEST_F(Download, GatedRepositoriesSayWhatToDo) {
  hub.set_gated(kRepo, "hf_good");
  HubClient none(settings());
  auto r = none.list_files(kRepo);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::InvalidArgument);
  EXPECT_THAT(r.error().message, HasSubstr("this model is gated: accept its licence on the website (" + hub.endpoint() +
                                           "/" + kRepo + ") and give a token"));
  EXPECT_THAT(r.error().message, HasSubstr("answered HTTP 401"));

  HubClient wrong(settings("hf_bad"));
  r = wrong.list_files(kRepo);
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.error().message, HasSubstr("the token given has no access to it"));
  EXPECT_THAT(r.error().message, HasSubstr("answered HTTP 403"));

  // A download of a gated file (the listing was had earlier) stops at once: no retries.
  HubClient good(settings("hf_good"));
  const RepoFile f = listed(good, kFile);
  auto paths = download(none, {f});
  ASSERT_FALSE(paths.ok());
  EXPECT_THAT(paths.error().message, HasSubstr("this model is gated"));
  EXPECT_THAT(paths.error().message, HasSubstr("/resolve/main/" + kFile));
  EXPECT_TRUE(waits.empty());
  paths = download(good, {f});
  EXPECT_TRUE(paths.ok()) << paths.error().message;
}

TEST_F(Download, MissingFilesAndCdnRefusalsAreNotRetried) {
  HubClient client(settings());
  RepoFile f = listed(client, kFile);
  RepoFile ghost = f;
  ghost.path = "gone.gguf";
  auto paths = download(client, {ghost});
  ASSERT_FALSE(paths.ok());
  EXPECT_THAT(paths.error().message, HasSubstr(kRepo + " has no file gone.gguf"));
  EXPECT_THAT(paths.error().message, HasSubstr("answered HTTP 404 (gone.gguf does not exist"));
  hub.add_fault(kRepo, kFile, Fault::Status403);
  paths = download(client, {f});
  ASSERT_FALSE(paths.ok());
  EXPECT_THAT(paths.error().message, HasSubstr("/resolve/main/" + kFile + " (redirected to " + hub.cdn() + "/cdn/" + kRepo + "/" +
                                               kFile + ") answered HTTP 403"));
  EXPECT_TRUE(waits.empty());
}

TEST_F(Download, BusyOrFailingServersAreRetriedWithWaits) {
  HubClient client(settings());
  const RepoFile f = listed(client, kFile);
  hub.add_fault(kRepo, kFile, Fault::Status429, 2);
  hub.add_fault(kRepo, kFile, Fault::Status503);
  auto paths = download(client, {f});
  ASSERT_TRUE(paths.ok()) << paths.error().message;
  EXPECT_TRUE(same_bytes((*paths)[0], stories()));
  using std::chrono::milliseconds;
  // Retry-After: 7 twice, then the third failure in a row waits 4x the first wait.
  EXPECT_EQ(waits, (std::vector<milliseconds>{milliseconds(7000), milliseconds(7000), milliseconds(4000)}));

  fs::remove(paths->front());
  waits.clear();
  options.retry.max_retries = 2;
  hub.add_fault(kRepo, kFile, Fault::Status500, 3);
  paths = download(client, {f});
  ASSERT_FALSE(paths.ok());
  EXPECT_EQ(paths.error().kind, ErrorKind::Io);
  EXPECT_THAT(paths.error().message, HasSubstr("giving up on " + kFile + " after 3 attempts: the hub failed to answer"));
  EXPECT_THAT(paths.error().message, HasSubstr("answered HTTP 500"));
  EXPECT_EQ(waits, (std::vector<milliseconds>{milliseconds(1000), milliseconds(2000)}));
}

TEST_F(Download, AStallIsCutAndTheTransferResumed) {
  HubSettings s = settings();
  s.http.stall_timeout = std::chrono::milliseconds(300);
  HubClient client(s);
  const RepoFile f = listed(client, kFile);
  hub.add_fault(kRepo, kFile, Fault::StallHalfway);
  auto paths = download(client, {f});
  hub.release_stalls();
  ASSERT_TRUE(paths.ok()) << paths.error().message;
  EXPECT_TRUE(same_bytes((*paths)[0], stories()));
  bool noted = false;
  for (const auto& p : progress) noted |= p.note.find("no data for 0.3 s") != std::string::npos;
  EXPECT_TRUE(noted);
  EXPECT_TRUE(waits.empty());  // the half that came was progress: resumed at once
}

TEST_F(Download, AServerThatIgnoresRangesSendsTheFileAgainFromItsStart) {
  HubClient client(settings());
  const RepoFile f = listed(client, kFile);
  fs::create_directories(dir.path() / "models");
  const auto bytes = test::read_file_bytes(stories());
  test::write_file_bytes(dir.path() / "models" / (kFile + ".part"),
                         std::vector<uint8_t>(bytes.begin(), bytes.begin() + 1000));
  hub.add_fault(kRepo, kFile, Fault::IgnoreRange);
  auto paths = download(client, {f});
  ASSERT_TRUE(paths.ok()) << paths.error().message;
  EXPECT_TRUE(same_bytes((*paths)[0], stories()));
  EXPECT_EQ(cdn_requests().back().range, "bytes=1000-");

  // A part longer than the file is not this file: started over.
  fs::remove(paths->front());
  test::write_file_bytes(dir.path() / "models" / (kFile + ".part"), std::vector<uint8_t>(f.size + 10, 1));
  paths = download(client, {f});
  ASSERT_TRUE(paths.ok()) << paths.error().message;
  EXPECT_TRUE(same_bytes((*paths)[0], stories()));
}

TEST_F(Download, NotEnoughSpaceIsSaidBeforeTheFirstByte) {
  HubClient client(settings());
  const RepoFile f = listed(client, kFile);
  fs::create_directories(dir.path() / "models");
  test::write_file_bytes(dir.path() / "models" / (kFile + ".part"), std::vector<uint8_t>(1000, 0));
  options.free_space = [](const std::string&) -> Result<uint64_t> { return uint64_t{4096}; };
  auto paths = download(client, {f});
  ASSERT_FALSE(paths.ok());
  EXPECT_EQ(paths.error().kind, ErrorKind::Io);
  EXPECT_THAT(paths.error().message, HasSubstr("not enough free space in " + (dir.path() / "models").string() + " for " + kRepo));
  EXPECT_THAT(paths.error().message, HasSubstr(format_bytes(f.size - 1000) + " still to download"));
  EXPECT_THAT(paths.error().message, HasSubstr("1000 B are there already"));
  EXPECT_THAT(paths.error().message, HasSubstr("4.0 KiB free"));
  EXPECT_TRUE(cdn_requests().empty());
}

TEST_F(Download, APartLockedByAnotherDownloadIsLeftAlone) {
  HubClient client(settings());
  const RepoFile f = listed(client, kFile);
  fs::create_directories(dir.path() / "models");
  const std::string part = (dir.path() / "models" / (kFile + ".part")).string();
  const int fd = ::open(part.c_str(), O_RDWR | O_CREAT, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::flock(fd, LOCK_EX), 0);
  auto paths = download(client, {f});
  ::close(fd);
  ASSERT_FALSE(paths.ok());
  EXPECT_THAT(paths.error().message, HasSubstr("another download is writing " + part));
}

}  // namespace
}  // namespace tessera::download
